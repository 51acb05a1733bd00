//! Narrow phase: the separating-axis test between two convex polygons, with
//! signed separation, reference/incident edges and clipping to a manifold of
//! one or two contact points.
//!
//! Separation on the axis of face `i` of polygon P against polygon Q is
//! `sᵢ = min_j nᵢ·(qⱼ − pᵢ)`: how far Q's deepest vertex lies outside P's
//! face `i` (negative = inside). It is *signed*: the sign says which side,
//! and the axis keeps P's outward direction, so the normal never loses its
//! sign (the reference text's sample takes `|overlap|` and loses it). The
//! polygons are disjoint iff some face of either has `sᵢ > 0` (the only
//! early return: the reference sample returns on the first *overlapping*
//! axis, the inverted logic). When no face separates, the penetration depth
//! is `−max(max_i sᵢ(A), max_j sⱼ(B))`: the Minkowski difference `B − A` is
//! bounded by lines whose outward normals are B's face normals and A's
//! negated ones, and the support distance of that body along those normals
//! is exactly `−sᵢ`, so the nearest boundary (the minimum translation) is
//! the largest separation.
//!
//! The face that attains it is the *reference face* and its polygon the
//! *reference*; the other polygon is the *incident* one, and its *incident
//! edge* is the edge whose normal is most anti-parallel to the reference
//! normal (it holds the incident polygon's deepest vertex). The incident edge
//! is clipped to the slab between the reference face's two side planes, and
//! the clipped points that lie on or below the reference face are the
//! manifold (1 or 2 points). Each point is reported midway between the two
//! surfaces.
//!
//! Order independence: `collide(A, B)` and `collide(B, A)` choose the same
//! reference polygon and so give the same depth, the same points and
//! opposite normals, bit for bit. When the two best separations are within
//! [`REFERENCE_TOLERANCE`] of each other (two resting faces), the choice is
//! made on the candidates' own normals (the one pointing most upward, then
//! most to the right), which depends on the pair and not on its order and
//! keeps the reference stable from step to step (a box resting on a box
//! always references the lower box's top face), so contact ids, and the
//! warm-started impulses they carry, persist.
use super::math::{Rot, Transform, Vec2};
use super::polygon::{Polygon, MAX_VERTICES};

/// Most points in a manifold.
pub const MAX_MANIFOLD_POINTS: usize = 2;

/// Two faces whose separations differ by less than this (metres) are a tie
/// for the reference, broken by their normals (see the module doc). The
/// reported depth may then be this much larger than the minimum.
pub const REFERENCE_TOLERANCE: f32 = 0.0005;

/// Which polygon holds the reference face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// The reference face is on polygon A; B's points are the incident ones.
    A,
    /// The reference face is on polygon B; A's points are the incident ones.
    B,
}

/// One contact point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ManifoldPoint {
    /// World point midway between the two surfaces.
    pub point: Vec2,
    /// Signed distance of the incident point from the reference face along
    /// the reference normal; negative when penetrating.
    pub separation: f32,
    /// The incident point in the incident body's local frame, so the
    /// separation can be re-measured as the bodies move.
    pub local_incident: Vec2,
    /// Feature id: stable while the same features touch (reference side,
    /// reference edge, incident edge, and which end or clip plane).
    pub id: u32,
}

/// The contact between two overlapping polygons.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manifold {
    /// Unit normal, world space, pointing from A to B (B moves along it to
    /// separate).
    pub normal: Vec2,
    /// The separation on the reference axis (≤ 0): minus the penetration
    /// depth.
    pub separation: f32,
    /// Valid points: `points[..count]`, 1 or 2.
    pub count: usize,
    /// The contact points, `points[..count]` valid.
    pub points: [ManifoldPoint; MAX_MANIFOLD_POINTS],
    /// Which polygon the reference face belongs to.
    pub reference: Reference,
    /// Reference face outward normal, in the reference body's frame.
    pub local_normal: Vec2,
    /// First vertex of the reference face, in the reference body's frame.
    pub local_face_point: Vec2,
}

impl Manifold {
    /// The valid points.
    pub fn points(&self) -> &[ManifoldPoint] {
        &self.points[..self.count]
    }

    /// Penetration depth (≥ 0).
    pub fn depth(&self) -> f32 {
        -self.separation
    }
}

/// A polygon moved to world space.
struct WorldPoly {
    count: usize,
    vertices: [Vec2; MAX_VERTICES],
    normals: [Vec2; MAX_VERTICES],
}

impl WorldPoly {
    #[inline]
    fn new(poly: &Polygon, xf: Transform) -> WorldPoly {
        let mut out = WorldPoly {
            count: poly.count(),
            vertices: [Vec2::ZERO; MAX_VERTICES],
            normals: [Vec2::ZERO; MAX_VERTICES],
        };
        for i in 0..out.count {
            out.vertices[i] = xf.apply(poly.vertices()[i]);
            out.normals[i] = xf.q.rotate(poly.normals()[i]);
        }
        out
    }
}

/// The face of `p` with the largest signed separation against `q`, and that
/// separation. Stops early at a separating face (then the polygons are
/// disjoint and only the sign matters).
#[inline]
fn max_separation(p: &WorldPoly, q: &WorldPoly) -> (f32, usize) {
    let mut best = f32::NEG_INFINITY;
    let mut best_edge = 0;
    for i in 0..p.count {
        let n = p.normals[i];
        let v = p.vertices[i];
        let mut s = f32::INFINITY;
        for &w in &q.vertices[..q.count] {
            s = s.min(n.dot(w - v));
        }
        if s > best {
            best = s;
            best_edge = i;
            if s > 0.0 {
                break;
            }
        }
    }
    (best, best_edge)
}

/// Signed separation of the polygons on the separating-axis test: positive
/// when disjoint (a lower bound on their gap), minus the penetration depth
/// when they overlap.
pub fn separation(poly_a: &Polygon, xf_a: Transform, poly_b: &Polygon, xf_b: Transform) -> f32 {
    let a = WorldPoly::new(poly_a, xf_a);
    let b = WorldPoly::new(poly_b, xf_b);
    let (sa, _) = max_separation(&a, &b);
    if sa > 0.0 {
        return sa;
    }
    max_separation(&b, &a).0.max(sa)
}

/// A point of the incident edge being clipped, with its id tag.
#[derive(Clone, Copy)]
struct ClipVertex {
    p: Vec2,
    tag: u32,
}

/// Keeps the part of the segment (or point) `input` on the side
/// `n·x ≤ offset`; a crossing gets the tag `plane_tag`.
#[inline]
fn clip(input: &[ClipVertex], n: Vec2, offset: f32, plane_tag: u32) -> ([ClipVertex; 2], usize) {
    let mut out = [ClipVertex {
        p: Vec2::ZERO,
        tag: 0,
    }; 2];
    let mut count = 0;
    let dist: [f32; 2] = [
        n.dot(input[0].p) - offset,
        if input.len() > 1 {
            n.dot(input[1].p) - offset
        } else {
            0.0
        },
    ];
    for (i, v) in input.iter().enumerate() {
        if dist[i] <= 0.0 {
            out[count] = *v;
            count += 1;
        }
    }
    if input.len() == 2 && dist[0] * dist[1] < 0.0 {
        let t = dist[0] / (dist[0] - dist[1]);
        out[count] = ClipVertex {
            p: input[0].p + (input[1].p - input[0].p) * t,
            tag: plane_tag,
        };
        count += 1;
    }
    (out, count)
}

/// Chooses the reference: `true` for B (see the module doc for the rule).
#[inline]
fn reference_is_b(sep_a: f32, normal_a: Vec2, sep_b: f32, normal_b: Vec2) -> bool {
    if sep_b > sep_a + REFERENCE_TOLERANCE {
        return true;
    }
    if sep_a > sep_b + REFERENCE_TOLERANCE {
        return false;
    }
    let (ka, kb) = ((normal_a.y, normal_a.x), (normal_b.y, normal_b.x));
    if kb != ka {
        return kb > ka;
    }
    sep_b > sep_a
}

/// Collides two polygons posed by `xf_a` and `xf_b`; `None` when they do
/// not overlap.
pub fn collide(
    poly_a: &Polygon,
    xf_a: Transform,
    poly_b: &Polygon,
    xf_b: Transform,
) -> Option<Manifold> {
    let a = WorldPoly::new(poly_a, xf_a);
    let b = WorldPoly::new(poly_b, xf_b);
    let (sep_a, edge_a) = max_separation(&a, &b);
    if sep_a > 0.0 {
        return None;
    }
    let (sep_b, edge_b) = max_separation(&b, &a);
    if sep_b > 0.0 {
        return None;
    }

    let flip = reference_is_b(sep_a, a.normals[edge_a], sep_b, b.normals[edge_b]);
    let (rp, ip, r_poly, ref_edge, inc_xf, separation) = if flip {
        (&b, &a, poly_b, edge_b, xf_a, sep_b)
    } else {
        (&a, &b, poly_a, edge_a, xf_b, sep_a)
    };

    let n = rp.normals[ref_edge];
    // Incident edge: the one most anti-parallel to the reference normal.
    let mut inc_edge = 0;
    let mut min_dot = f32::INFINITY;
    for i in 0..ip.count {
        let d = n.dot(ip.normals[i]);
        if d < min_dot {
            min_dot = d;
            inc_edge = i;
        }
    }
    let inc = [
        ClipVertex {
            p: ip.vertices[inc_edge],
            tag: 0,
        },
        ClipVertex {
            p: ip.vertices[(inc_edge + 1) % ip.count],
            tag: 1,
        },
    ];

    // Side planes of the reference face v1 → v2 (CCW, so the tangent runs
    // from v1 to v2): keep t·x ≥ t·v1 and t·x ≤ t·v2.
    let v1 = rp.vertices[ref_edge];
    let v2 = rp.vertices[(ref_edge + 1) % rp.count];
    let t = (v2 - v1).normalize_or_zero();
    let (c1, n1) = clip(&inc, -t, -t.dot(v1), 2);
    if n1 == 0 {
        return None;
    }
    let (c2, n2) = clip(&c1[..n1], t, t.dot(v2), 3);

    let id_base = (u32::from(flip) << 24) | ((ref_edge as u32) << 16) | ((inc_edge as u32) << 8);
    let face_offset = n.dot(v1);
    let mut manifold = Manifold {
        normal: if flip { -n } else { n },
        separation,
        count: 0,
        points: [ManifoldPoint {
            point: Vec2::ZERO,
            separation: 0.0,
            local_incident: Vec2::ZERO,
            id: 0,
        }; MAX_MANIFOLD_POINTS],
        reference: if flip { Reference::B } else { Reference::A },
        local_normal: r_poly.normals()[ref_edge],
        local_face_point: r_poly.vertices()[ref_edge],
    };
    for cv in &c2[..n2] {
        let s = n.dot(cv.p) - face_offset;
        if s <= 0.0 {
            manifold.points[manifold.count] = ManifoldPoint {
                point: cv.p - n * (0.5 * s),
                separation: s,
                local_incident: inc_xf.apply_inv(cv.p),
                id: id_base | cv.tag,
            };
            manifold.count += 1;
        }
    }
    if manifold.count == 0 {
        return None;
    }
    Some(manifold)
}

/// Re-measures one manifold point at the bodies' current poses, for
/// positional correction: returns (normal from A to B, world point midway
/// between the surfaces, separation).
#[inline]
pub fn remeasure(
    manifold_reference: Reference,
    local_normal: Vec2,
    local_face_point: Vec2,
    local_incident: Vec2,
    xf_a: Transform,
    xf_b: Transform,
) -> (Vec2, Vec2, f32) {
    let (ref_xf, inc_xf, sign) = match manifold_reference {
        Reference::A => (xf_a, xf_b, 1.0),
        Reference::B => (xf_b, xf_a, -1.0),
    };
    let n: Vec2 = ref_xf.q.rotate(local_normal);
    let plane = ref_xf.apply(local_face_point);
    let p = inc_xf.apply(local_incident);
    let s = n.dot(p - plane);
    (n * sign, p - n * (0.5 * s), s)
}

/// Builds a transform from a position and an angle (scene and test helper).
pub fn transform(p: Vec2, angle: f32) -> Transform {
    Transform {
        p,
        q: Rot::from_angle(angle),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_box() -> Polygon {
        Polygon::rect(0.5, 0.5)
    }

    #[test]
    fn disjoint_boxes_do_not_collide() {
        let b = unit_box();
        assert!(collide(
            &b,
            transform(Vec2::ZERO, 0.0),
            &b,
            transform(Vec2::new(1.1, 0.0), 0.0)
        )
        .is_none());
        // Separation along x is the gap, 0.1.
        let s = separation(
            &b,
            transform(Vec2::ZERO, 0.0),
            &b,
            transform(Vec2::new(1.1, 0.0), 0.0),
        );
        assert!((s - 0.1).abs() < 1e-6);
    }

    #[test]
    fn box_resting_on_box_gives_two_points_and_an_upward_normal() {
        // Lower box at the origin, upper box 0.98 above: 0.02 overlap.
        let b = unit_box();
        let m = collide(
            &b,
            transform(Vec2::ZERO, 0.0),
            &b,
            transform(Vec2::new(0.25, 0.98), 0.0),
        )
        .unwrap();
        assert_eq!(m.normal, Vec2::new(0.0, 1.0));
        assert!((m.depth() - 0.02).abs() < 1e-6);
        assert_eq!(m.count, 2);
        assert_eq!(m.reference, Reference::A, "the lower box's top face");
        // Overlap in x is [−0.25, 0.5]; points at the mid-surface y = 0.49.
        let mut xs: Vec<f32> = m.points().iter().map(|p| p.point.x).collect();
        xs.sort_by(f32::total_cmp);
        assert!(
            (xs[0] + 0.25).abs() < 1e-6 && (xs[1] - 0.5).abs() < 1e-6,
            "{xs:?}"
        );
        for p in m.points() {
            assert!((p.point.y - 0.49).abs() < 1e-6);
            assert!((p.separation + 0.02).abs() < 1e-6);
        }
        // Swapping the pair keeps the lower box as reference and negates the normal.
        let s = collide(
            &b,
            transform(Vec2::new(0.25, 0.98), 0.0),
            &b,
            transform(Vec2::ZERO, 0.0),
        )
        .unwrap();
        assert_eq!(s.normal, Vec2::new(0.0, -1.0));
        assert_eq!(s.reference, Reference::B);
        for (ps, pm) in s.points().iter().zip(m.points()) {
            assert_eq!((ps.point, ps.separation), (pm.point, pm.separation));
        }
    }

    #[test]
    fn corner_into_face_gives_one_point_at_the_corner_depth() {
        // A box turned 45° whose lowest corner dips 0.05 into the top face of
        // a wide box: depth 0.05, one point, normal +y (from A, below, to B).
        let ground = Polygon::rect(5.0, 0.5);
        let b = unit_box();
        let half_diag = 0.5 * 2f32.sqrt();
        let m = collide(
            &ground,
            transform(Vec2::ZERO, 0.0),
            &b,
            transform(
                Vec2::new(0.0, 0.5 + half_diag - 0.05),
                std::f32::consts::FRAC_PI_4,
            ),
        )
        .unwrap();
        assert!((m.normal - Vec2::Y).length() < 1e-6);
        assert!((m.depth() - 0.05).abs() < 1e-5, "{}", m.depth());
        assert_eq!(m.count, 1);
        assert!((m.points[0].point - Vec2::new(0.0, 0.475)).length() < 1e-5);
    }

    #[test]
    fn remeasure_agrees_with_collide() {
        let b = unit_box();
        let xa = transform(Vec2::new(0.1, -0.2), 0.3);
        let xb = transform(Vec2::new(0.6, 0.5), -0.4);
        let m = collide(&b, xa, &b, xb).unwrap();
        for p in m.points() {
            let (n, point, s) = remeasure(
                m.reference,
                m.local_normal,
                m.local_face_point,
                p.local_incident,
                xa,
                xb,
            );
            assert!((n - m.normal).length() < 1e-5);
            assert!((point - p.point).length() < 1e-5);
            assert!((s - p.separation).abs() < 1e-5);
        }
    }
}
