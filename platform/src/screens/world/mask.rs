//! The stencil masks of a view: the part of its view cell each node of a
//! GridView shows — its sector clipped to the cell's square — as a convex
//! polygon in view space (cells), computed in doubled view coordinates so
//! sector bounds stay exact until the last halving.
use game::view::{Ray, ViewNode};
use glam::Vec2;

/// A convex polygon of at most 8 points.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Polygon {
    pub points: [Vec2; 8],
    pub len: usize,
}

impl Polygon {
    pub fn as_slice(&self) -> &[Vec2] {
        &self.points[..self.len]
    }

    fn push(&mut self, p: Vec2) {
        let repeats = |q: Vec2| (q - p).length_squared() < 1e-12;
        if self.len > 0 && (repeats(self.points[self.len - 1]) || repeats(self.points[0])) {
            return;
        }
        if self.len < self.points.len() {
            self.points[self.len] = p;
            self.len += 1;
        }
    }

    /// Twice the signed area (counter-clockwise positive).
    pub fn area2(&self) -> f32 {
        let p = self.as_slice();
        (0..p.len())
            .map(|i| p[i].perp_dot(p[(i + 1) % p.len()]))
            .sum()
    }
}

/// Keeps the part of `poly` where `side(p) >= 0` (`side` is linear).
fn clip(poly: &Polygon, side: impl Fn(glam::DVec2) -> f64) -> Polygon {
    let mut out = Polygon::default();
    let pts = poly.as_slice();
    for i in 0..pts.len() {
        let (a, b) = (pts[i].as_dvec2(), pts[(i + 1) % pts.len()].as_dvec2());
        let (sa, sb) = (side(a), side(b));
        if sa >= 0.0 {
            out.push(a.as_vec2());
        }
        if (sa >= 0.0) != (sb >= 0.0) {
            let t = sa / (sa - sb);
            out.push((a + (b - a) * t).as_vec2());
        }
    }
    out
}

/// A ray reduced to lowest terms (so equal directions give equal floats).
fn reduced(r: Ray) -> glam::DVec2 {
    fn gcd(a: i32, b: i32) -> i32 {
        if b == 0 {
            a.abs().max(1)
        } else {
            gcd(b, a % b)
        }
    }
    let g = gcd(r.x, r.y);
    glam::DVec2::new(f64::from(r.x / g), f64::from(r.y / g))
}

/// The part of its view cell a node shows, in view space (cells): the
/// cell's square `[2vx-1, 2vx+1] × [2vy-1, 2vy+1]` in doubled coordinates,
/// clipped to the half-planes counter-clockwise of the sector's `lo` and
/// clockwise of its `hi` (a sector is under a half turn, so the two
/// half-planes make exactly its cone), then halved.
pub fn node_polygon(node: &ViewNode) -> Polygon {
    let (x, y) = (2 * node.view.x, 2 * node.view.y);
    let mut square = Polygon::default();
    for (dx, dy) in [(-1, -1), (1, -1), (1, 1), (-1, 1)] {
        square.push(Vec2::new((x + dx) as f32, (y + dy) as f32));
    }
    let (lo, hi) = (reduced(node.sector.lo), reduced(node.sector.hi));
    let inside_lo = clip(&square, |p| lo.perp_dot(p));
    let mut poly = clip(&inside_lo, |p| p.perp_dot(hi));
    for p in &mut poly.points[..poly.len] {
        *p *= 0.5;
    }
    poly
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::view::{Sector, ViewPos};

    fn node(view: (i32, i32), lo: (i32, i32), hi: (i32, i32)) -> ViewNode {
        let mut n = ViewNode::default();
        n.view = ViewPos::new(view.0, view.1);
        n.sector = Sector::new(Ray::new(lo.0, lo.1), Ray::new(hi.0, hi.1));
        n.stencil_id = 1;
        n
    }

    #[test]
    fn the_origin_quadrants_tile_the_hero_cell() {
        let quadrants = [
            ((1, 0), (0, 1)),
            ((0, 1), (-1, 0)),
            ((-1, 0), (0, -1)),
            ((0, -1), (1, 0)),
        ];
        let mut total = 0.0;
        for (lo, hi) in quadrants {
            let p = node_polygon(&node((0, 0), lo, hi));
            assert_eq!(p.len, 4, "{lo:?}: a quarter square");
            assert!((p.area2() / 2.0 - 0.25).abs() < 1e-6);
            total += p.area2() / 2.0;
        }
        assert!((total - 1.0).abs() < 1e-6, "together the whole cell");
    }

    #[test]
    fn a_narrow_sector_keeps_only_its_wedge_of_the_cell() {
        // Cell (2, 0) is [1.5, 2.5] x [-0.5, 0.5]; the sector between the
        // directions (5, -1) and (5, 1) is the cone |y| <= x / 5, which cuts
        // off the cell's near corners: 0.8 of the cell is left.
        let p = node_polygon(&node((2, 0), (5, -1), (5, 1)));
        assert_eq!(p.len, 4);
        for q in p.as_slice() {
            assert!(q.x >= 1.5 - 1e-6 && q.x <= 2.5 + 1e-6);
            assert!(q.y.abs() <= q.x / 5.0 + 1e-5, "{q}: inside the cone");
        }
        let area = p.area2() / 2.0;
        assert!((area - 0.8).abs() < 1e-5, "{area}");
        // A wider cone keeps the whole cell.
        let whole = node_polygon(&node((2, 0), (3, -1), (3, 1)));
        assert!((whole.area2() / 2.0 - 1.0).abs() < 1e-5);
        // An empty sector clips to nothing.
        let none = node_polygon(&node((2, 0), (3, 5), (3, 7)));
        assert!(none.len < 3 || none.area2().abs() < 1e-6);
    }

    #[test]
    fn scaled_rays_clip_identically() {
        let a = node_polygon(&node((3, 1), (5, 1), (1, 1)));
        let b = node_polygon(&node((3, 1), (15, 3), (4, 4)));
        assert_eq!(a, b);
    }
}
