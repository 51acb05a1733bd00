//! Convex polygons: the one collision shape of the physics module.
//!
//! A [`Polygon`] holds 3..=[`MAX_VERTICES`] vertices in a fixed-capacity
//! array (no heap, `Copy`), in counter-clockwise order, strictly convex (no
//! three collinear vertices, no zero-length edge), in its body's local
//! frame. `normals[i]` is the outward unit normal of edge `i`, from vertex
//! `i` to vertex `i + 1` (mod count): for a CCW polygon that is the edge
//! direction turned a quarter turn clockwise.
//!
//! Mass properties from a density ρ (kg/m²), derived by splitting the
//! polygon into the triangles `(o, vᵢ, vᵢ₊₁)` fanned from a reference point
//! `o` (the vertex average, to keep the numbers small). With `p = vᵢ − o`,
//! `q = vᵢ₊₁ − o`:
//!
//! - area `Aᵢ = ½ (p × q)` (positive for CCW);
//! - centroid of the triangle `o + (p + q)/3`;
//! - polar second moment about `o`: writing points as `s·p + t·q` with
//!   `s, t ≥ 0, s + t ≤ 1` and `dA = 2Aᵢ ds dt`,
//!   `∫|x|² dA = 2Aᵢ (|p|²∫s² + 2p·q∫st + |q|²∫t²)` and over that simplex
//!   `∫s² = ∫t² = 1/12`, `∫st = 1/24`, so `Jᵢ = Aᵢ (|p|² + p·q + |q|²) / 6`.
//!
//! Summing: `m = ρ ΣAᵢ`, centroid `c = o + Σ Aᵢ (p + q)/3 / ΣAᵢ`, and by the
//! parallel-axis theorem the inertia about the centroid is
//! `I = ρ ΣJᵢ − m |c − o|²`. For a `w × h` box this gives the textbook
//! `I = m (w² + h²) / 12` (tested below).
use super::math::Vec2;

/// Most vertices a polygon can have.
pub const MAX_VERTICES: usize = 8;

/// Why a list of points is not a valid polygon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolygonError {
    /// Fewer than 3 points (the count given).
    TooFewVertices(usize),
    /// More than [`MAX_VERTICES`] points (the count given).
    TooManyVertices(usize),
    /// The edge starting at this vertex has (near) zero length.
    DegenerateEdge(usize),
    /// The corner at this vertex turns clockwise or not at all: the points
    /// are not a strictly convex counter-clockwise loop.
    NotConvexCcw(usize),
}

impl std::fmt::Display for PolygonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PolygonError::TooFewVertices(n) => write!(f, "a polygon needs 3 vertices, got {n}"),
            PolygonError::TooManyVertices(n) => {
                write!(f, "a polygon has at most {MAX_VERTICES} vertices, got {n}")
            }
            PolygonError::DegenerateEdge(i) => write!(f, "edge {i} has zero length"),
            PolygonError::NotConvexCcw(i) => {
                write!(
                    f,
                    "vertex {i} is not a strictly convex counter-clockwise corner"
                )
            }
        }
    }
}

impl std::error::Error for PolygonError {}

/// Mass, centroid and rotational inertia of a polygon of uniform density.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MassProperties {
    /// Area in m².
    pub area: f32,
    /// Mass in kg (`density × area`).
    pub mass: f32,
    /// Centre of mass in the polygon's frame.
    pub centroid: Vec2,
    /// Moment of inertia about the centroid, kg·m².
    pub inertia: f32,
}

/// A convex polygon in its body's local frame (see the module doc for the
/// invariants).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Polygon {
    count: u8,
    vertices: [Vec2; MAX_VERTICES],
    normals: [Vec2; MAX_VERTICES],
}

impl Polygon {
    /// Builds a polygon from counter-clockwise points, checking that they
    /// form a strictly convex loop.
    pub fn new(points: &[Vec2]) -> Result<Polygon, PolygonError> {
        let n = points.len();
        if n < 3 {
            return Err(PolygonError::TooFewVertices(n));
        }
        if n > MAX_VERTICES {
            return Err(PolygonError::TooManyVertices(n));
        }
        let mut poly = Polygon {
            count: n as u8,
            vertices: [Vec2::ZERO; MAX_VERTICES],
            normals: [Vec2::ZERO; MAX_VERTICES],
        };
        poly.vertices[..n].copy_from_slice(points);
        // Scale for the tolerances: the largest coordinate extent.
        let (lo, hi) = points.iter().fold((points[0], points[0]), |(lo, hi), &p| {
            (lo.min(p), hi.max(p))
        });
        let extent = (hi - lo).x.max((hi - lo).y).max(f32::MIN_POSITIVE);
        let edge_eps = 1e-5 * extent;
        for i in 0..n {
            let edge = points[(i + 1) % n] - points[i];
            let len = edge.length();
            if len <= edge_eps {
                return Err(PolygonError::DegenerateEdge(i));
            }
            // Outward normal of a CCW edge: the edge turned clockwise.
            poly.normals[i] = Vec2::new(edge.y, -edge.x) * (1.0 / len);
        }
        for i in 0..n {
            let e0 = points[i] - points[(i + n - 1) % n];
            let e1 = points[(i + 1) % n] - points[i];
            // Strict left turn, relative to the edge lengths.
            if e0.cross(e1) <= 1e-6 * e0.length() * e1.length() {
                return Err(PolygonError::NotConvexCcw(i));
            }
        }
        Ok(poly)
    }

    /// An axis-aligned `2·half_w × 2·half_h` box centred on the origin.
    pub fn rect(half_w: f32, half_h: f32) -> Polygon {
        debug_assert!(half_w > 0.0 && half_h > 0.0, "a box needs a positive size");
        Polygon::new(&[
            Vec2::new(-half_w, -half_h),
            Vec2::new(half_w, -half_h),
            Vec2::new(half_w, half_h),
            Vec2::new(-half_w, half_h),
        ])
        .unwrap_or_else(|e| unreachable!("a positive box is convex: {e}"))
    }

    /// The number of vertices (3..=`MAX_VERTICES`).
    #[inline]
    pub fn count(&self) -> usize {
        self.count as usize
    }

    /// The vertices, counter-clockwise.
    #[inline]
    pub fn vertices(&self) -> &[Vec2] {
        &self.vertices[..self.count as usize]
    }

    /// The outward unit normals; `normals()[i]` belongs to the edge from
    /// vertex `i` to vertex `i + 1`.
    #[inline]
    pub fn normals(&self) -> &[Vec2] {
        &self.normals[..self.count as usize]
    }

    /// The same polygon moved by `offset` (normals unchanged).
    pub fn translated(&self, offset: Vec2) -> Polygon {
        let mut out = *self;
        for v in &mut out.vertices[..self.count as usize] {
            *v += offset;
        }
        out
    }

    /// Mass properties at `density` kg/m² (derivation in the module doc).
    pub fn mass_properties(&self, density: f32) -> MassProperties {
        let verts = self.vertices();
        let origin = verts.iter().fold(Vec2::ZERO, |s, &v| s + v) * (1.0 / verts.len() as f32);
        let mut area = 0.0f32;
        let mut first_moment = Vec2::ZERO;
        let mut polar = 0.0f32;
        for i in 0..verts.len() {
            let p = verts[i] - origin;
            let q = verts[(i + 1) % verts.len()] - origin;
            let tri_area = 0.5 * p.cross(q);
            area += tri_area;
            first_moment += (p + q) * (tri_area / 3.0);
            polar += tri_area * (p.dot(p) + p.dot(q) + q.dot(q)) / 6.0;
        }
        let offset = first_moment * (1.0 / area);
        let mass = density * area;
        MassProperties {
            area,
            mass,
            centroid: origin + offset,
            inertia: density * polar - mass * offset.dot(offset),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_mass_properties_match_the_textbook() {
        // 2 × 1 box, density 3: m = 3·2 = 6, I = m(w² + h²)/12 = 6·5/12 = 2.5.
        let props = Polygon::rect(1.0, 0.5).mass_properties(3.0);
        assert!((props.area - 2.0).abs() < 1e-6);
        assert!((props.mass - 6.0).abs() < 1e-5);
        assert!(props.centroid.length() < 1e-6);
        assert!((props.inertia - 2.5).abs() < 1e-5, "{}", props.inertia);
    }

    #[test]
    fn offset_triangle_mass_properties() {
        // Right triangle (0,0), (3,0), (0,3) moved by (10, 20):
        // A = 4.5, centroid = (1, 1) + offset,
        // I about the centroid of a right triangle with legs a = b = 3:
        // m(a² + b²)/18 = 4.5·18/18 = 4.5 at density 1.
        let tri = Polygon::new(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(3.0, 0.0),
            Vec2::new(0.0, 3.0),
        ])
        .unwrap()
        .translated(Vec2::new(10.0, 20.0));
        let props = tri.mass_properties(1.0);
        assert!((props.area - 4.5).abs() < 1e-5);
        assert!((props.centroid - Vec2::new(11.0, 21.0)).length() < 1e-4);
        assert!((props.inertia - 4.5).abs() < 1e-3, "{}", props.inertia);
    }

    #[test]
    fn regular_hexagon_inertia() {
        // Regular hexagon of circumradius R: A = 3√3/2 R². Its area moments
        // about the centroidal axes are I_x = I_y = (5√3/16) R⁴, so the polar
        // moment (rotation in the plane) is I = I_x + I_y = (5√3/8) ρ R⁴.
        let r = 2.0f32;
        let pts: Vec<Vec2> = (0..6)
            .map(|i| {
                let a = i as f32 * std::f32::consts::PI / 3.0;
                Vec2::new(r * a.cos(), r * a.sin())
            })
            .collect();
        let props = Polygon::new(&pts).unwrap().mass_properties(1.0);
        let expect_area = 1.5 * 3f32.sqrt() * r * r;
        let expect_inertia = 5.0 * 3f32.sqrt() / 8.0 * r.powi(4);
        assert!((props.area - expect_area).abs() < 1e-4);
        assert!((props.inertia - expect_inertia).abs() < 1e-3);
    }

    #[test]
    fn normals_are_outward_and_unit() {
        let p = Polygon::rect(1.0, 2.0);
        assert_eq!(
            p.normals()[0],
            Vec2::new(0.0, -1.0),
            "bottom edge faces down"
        );
        assert_eq!(p.normals()[1], Vec2::new(1.0, 0.0));
        assert_eq!(p.normals()[2], Vec2::new(0.0, 1.0));
        assert_eq!(p.normals()[3], Vec2::new(-1.0, 0.0));
    }

    #[test]
    fn invalid_point_lists_are_refused() {
        let a = Vec2::new(0.0, 0.0);
        let b = Vec2::new(1.0, 0.0);
        let c = Vec2::new(0.0, 1.0);
        assert_eq!(Polygon::new(&[a, b]), Err(PolygonError::TooFewVertices(2)));
        assert_eq!(Polygon::new(&[a; 9]), Err(PolygonError::TooManyVertices(9)));
        assert_eq!(
            Polygon::new(&[a, c, b]),
            Err(PolygonError::NotConvexCcw(0)),
            "clockwise"
        );
        assert_eq!(
            Polygon::new(&[a, a, b, c]),
            Err(PolygonError::DegenerateEdge(0))
        );
        // Collinear middle point.
        let mid = Vec2::new(0.5, 0.0);
        assert_eq!(
            Polygon::new(&[a, mid, b, c]),
            Err(PolygonError::NotConvexCcw(1))
        );
        // A reflex (concave) corner.
        let dent = Vec2::new(0.3, 0.3);
        let d = Vec2::new(1.0, 1.0);
        assert!(Polygon::new(&[a, b, d, dent, c]).is_err());
    }
}
