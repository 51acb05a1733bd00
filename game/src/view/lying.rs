//! What lies in a cell, seen or not: sight of a cell is not sight of the
//! things in it. A cell seen through a portal at a steep angle may show
//! only a sliver of itself, a corner far from its floor; an item lying
//! there is neither drawn on screen (the play screen draws it in its
//! cell's lower middle, masked to what is seen) nor seen by the rules.
//!
//! [`GridView::sees_lying_in`] asks whether any node of the cell shows
//! enough of the box where a thing lies: the lower half of the cell's
//! middle, half a cell wide ([`LYING_HALF_WIDTH`]), where a lone item is
//! drawn, turned as the cell is turned in the node's region. The node
//! shows the part of its view cell inside its sector (a cone from the eye,
//! under a half turn); the box, clipped to the cone's two half-planes,
//! must keep a tenth of its area ([`MIN_FRACTION`]). The actor's own
//! cell is always seen whole.

use super::cast::GridView;
use super::node::{ViewNode, ViewPos};
use crate::grid::{CellPos, Dir, Grid};

/// Half the width of the box where things lie, in cells: an item lying
/// alone in a cell is drawn half a cell wide, on the floor, in the middle.
pub const LYING_HALF_WIDTH: f64 = 0.25;
/// The least part of the lying box a node must show for what lies there
/// to be seen: a tenth. Less is a sliver where nothing of a drawn item
/// shows (Turnstile's statue, two cells up the corridor, shows 4 % of its
/// box through the turning portal and no pixel of it).
const MIN_FRACTION: f64 = 0.1;

/// A point in view space (cells, from the eye's cell centre).
type P = (f64, f64);

/// `a × b`.
fn cross(a: P, b: P) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

/// The part of convex `poly` where `side(p) >= 0` (one half-plane through
/// the origin).
fn clip(poly: &[P], side: impl Fn(P) -> f64) -> Vec<P> {
    let mut out = Vec::with_capacity(poly.len() + 1);
    for (i, &a) in poly.iter().enumerate() {
        let b = poly[(i + 1) % poly.len()];
        let (sa, sb) = (side(a), side(b));
        if sa >= 0.0 {
            out.push(a);
        }
        if (sa >= 0.0) != (sb >= 0.0) {
            let t = sa / (sa - sb);
            out.push((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)));
        }
    }
    out
}

/// The area of `poly`.
fn area(poly: &[P]) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| cross(poly[i], poly[(i + 1) % n]))
        .sum::<f64>()
        .abs()
        / 2.0
}

impl GridView {
    /// Whether the view sees what lies in grid cell `cell` (see the module
    /// docs).
    pub fn sees_lying_in(&self, grid: &Grid, cell: CellPos) -> bool {
        if !self.is_visible(grid, cell) {
            return false;
        }
        self.nodes()
            .iter()
            .filter(|n| n.cell == cell)
            .any(|n| self.node_shows_lying(n))
    }

    /// Whether node `n` shows enough of its cell's lying box.
    fn node_shows_lying(&self, n: &ViewNode) -> bool {
        let whole = 2.0 * LYING_HALF_WIDTH * 0.5;
        self.shown_lying_area(n) >= MIN_FRACTION * whole
    }

    /// The area (cells²) of its cell's lying box node `n` shows.
    fn shown_lying_area(&self, n: &ViewNode) -> f64 {
        if n.view == ViewPos::default() {
            return 1.0;
        }
        let Some(t) = self.transform_of(n.stencil_id) else {
            return 0.0;
        };
        let to_view = t.view_to_grid.inverse();
        let unit = |d: Dir| {
            let (x, y) = to_view.apply_dir(d).delta();
            (f64::from(x), f64::from(y))
        };
        let (right, up) = (unit(Dir::Right), unit(Dir::Up));
        let centre = (f64::from(n.view.x), f64::from(n.view.y));
        let at = |x: f64, y: f64| {
            (
                centre.0 + x * right.0 + y * up.0,
                centre.1 + x * right.1 + y * up.1,
            )
        };
        let w = LYING_HALF_WIDTH;
        let mut poly = vec![at(-w, -0.5), at(w, -0.5), at(w, 0.0), at(-w, 0.0)];
        let lo = (f64::from(n.sector.lo.x), f64::from(n.sector.lo.y));
        let hi = (f64::from(n.sector.hi.x), f64::from(n.sector.hi.y));
        poly = clip(&poly, |p| cross(lo, p));
        if poly.len() < 3 {
            return 0.0;
        }
        poly = clip(&poly, |p| cross(p, hi));
        if poly.len() < 3 {
            return 0.0;
        }
        area(&poly)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{Ray, Sector};

    fn node(view: (i32, i32), lo: (i32, i32), hi: (i32, i32)) -> ViewNode {
        ViewNode {
            view: ViewPos::new(view.0, view.1),
            sector: Sector::new(Ray::new(lo.0, lo.1), Ray::new(hi.0, hi.1)),
            stencil_id: 1,
            ..ViewNode::default()
        }
    }

    fn shows(n: &ViewNode) -> bool {
        let mut view = GridView::new();
        let grid = crate::grid::Grid::new(3, 3).expect("a grid");
        view.build(&grid, CellPos::new(0, 0), 2);
        view.node_shows_lying(n)
    }

    #[test]
    fn a_cell_seen_whole_shows_what_lies_in_it_and_a_high_sliver_does_not() {
        // Cell (2, 0) seen through the cone |y| <= x / 3: all of it.
        assert!(shows(&node((2, 0), (3, -1), (3, 1))));
        // Only its top corner, above the lying box (y > 0 in the cell):
        // the cone between directions (5, 1) and (1, 1) from the eye.
        assert!(!shows(&node((2, 0), (9, 1), (1, 1))));
        // A thin cone through the box's middle: seen.
        assert!(shows(&node((2, 0), (20, -3), (20, -1))));
    }
}
