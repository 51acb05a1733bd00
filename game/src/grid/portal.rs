//! Portals: two edges glued together.
//!
//! A [`Portal`] has two [`PortalEnd`]s. An end names an edge by the cell on
//! one side of it (its *face cell*) and the side of that cell the edge is on:
//! `PortalEnd { cell, side }` is the edge `EdgePos::of(cell, side)`.
//!
//! Crossing rules (the gluing). Leaving end A's face cell through A (moving
//! `A.side`) arrives in end B's face cell, moving away from B
//! (`B.side.opposite()`), and symmetrically from B to A. The portal is
//! two-sided: leaving A's *back cell* (the cell on the other side of A)
//! through A arrives in B's back cell, moving `B.side`. A back cell outside
//! the grid or in rock makes that crossing a wall.
//!
//! The gluing is one rigid map of the lattice, [`Portal::transform`], taking
//! the cell just beyond A (A's back cell, as seen from the face) onto B's face
//! cell and the crossing direction `A.side` onto `B.side.opposite()`. Which
//! map it is depends on the two sides, and is named by [`PortalKind`] (from
//! end 0 to end 1):
//! - [`PortalKind::Straight`]: same orientation, you keep moving the same way
//!   (a translation; e.g. a room's left and right walls joined: walk out on
//!   the right, come in on the left still walking right);
//! - [`PortalKind::Flip`]: same orientation, you come back out the other way
//!   (a mirror in the edge line, so up stays up through a wall portal and
//!   left stays left through a floor portal: fall into one floor, rise out of
//!   the other);
//! - [`PortalKind::Cw`] / [`PortalKind::Ccw`]: a horizontal and a vertical
//!   edge, the crossing direction turned a quarter clockwise /
//!   counter-clockwise (a rotation).
//!
//! Swapping both sides (`A.side`, `B.side` → their opposites, with the face
//! cells moved across) describes the very same gluing; only the kind is
//! observable.

use super::{CellPos, CellTransform, Dir, EdgePos};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One end of a portal: the edge on side `side` of cell `cell`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct PortalEnd {
    /// The face cell: leaving it through the edge goes through the portal's
    /// face. Must be an air cell of the grid.
    pub cell: CellPos,
    /// Which side of `cell` the edge is on; also the direction of a move
    /// that leaves `cell` through this end.
    pub side: Dir,
}

impl PortalEnd {
    /// The end on side `side` of `cell`.
    pub const fn new(cell: CellPos, side: Dir) -> Self {
        Self { cell, side }
    }

    /// The edge this end is.
    pub const fn edge(&self) -> EdgePos {
        EdgePos::of(self.cell, self.side)
    }

    /// The cell on the other side of the edge (may be outside the grid).
    pub const fn back_cell(&self) -> CellPos {
        self.cell.step(self.side)
    }

    /// The same edge described from the other side.
    pub const fn flipped(&self) -> Self {
        Self {
            cell: self.back_cell(),
            side: self.side.opposite(),
        }
    }
}

/// How a portal turns whoever crosses it (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PortalKind {
    /// Same orientation; the crossing direction is kept.
    Straight,
    /// Same orientation; the crossing direction is reversed (a mirror).
    Flip,
    /// Different orientations; the direction turns a quarter clockwise.
    Cw,
    /// Different orientations; the direction turns a quarter counter-clockwise.
    Ccw,
}

impl PortalKind {
    /// All kinds, in the order the level text lists them.
    pub const ALL: [PortalKind; 4] = [
        PortalKind::Straight,
        PortalKind::Flip,
        PortalKind::Cw,
        PortalKind::Ccw,
    ];

    /// The kind seen when crossing the other way.
    pub const fn inverse(self) -> PortalKind {
        match self {
            PortalKind::Cw => PortalKind::Ccw,
            PortalKind::Ccw => PortalKind::Cw,
            k => k,
        }
    }

    /// What crossing in direction `d` comes out as.
    pub const fn turn(self, d: Dir) -> Dir {
        match self {
            PortalKind::Straight => d,
            PortalKind::Flip => d.opposite(),
            PortalKind::Cw => d.rotate_cw(),
            PortalKind::Ccw => d.rotate_ccw(),
        }
    }

    /// The kind whose turn takes `d` to `arrive`.
    pub fn between(d: Dir, arrive: Dir) -> PortalKind {
        Self::ALL
            .into_iter()
            .find(|k| k.turn(d) == arrive)
            .unwrap_or_else(|| unreachable!("the four kinds cover the four directions"))
    }

    /// Whether the kind joins edges of the same orientation.
    pub const fn same_orientation(self) -> bool {
        matches!(self, PortalKind::Straight | PortalKind::Flip)
    }

    /// Lower-case name, as the level text writes it.
    pub const fn name(self) -> &'static str {
        match self {
            PortalKind::Straight => "straight",
            PortalKind::Flip => "flip",
            PortalKind::Cw => "cw",
            PortalKind::Ccw => "ccw",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<PortalKind> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl fmt::Display for PortalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Two edges glued together (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Portal {
    /// The two ends; crossing one arrives at the other.
    pub ends: [PortalEnd; 2],
}

impl Portal {
    /// The portal joining `a` and `b`.
    pub const fn new(a: PortalEnd, b: PortalEnd) -> Self {
        Self { ends: [a, b] }
    }

    /// The portal of kind `kind` (crossing from `a` to `b`) joining end `a`
    /// to edge `b`, with `b`'s face cell chosen to make that kind; `None`
    /// when the kind does not fit the two orientations.
    pub fn with_kind(a: PortalEnd, b: EdgePos, kind: PortalKind) -> Option<Self> {
        let arrive = kind.turn(a.side);
        // Arriving moves away from B's edge into its face cell.
        let b_side = arrive.opposite();
        if b_side.crossed_orientation() != b.orientation {
            return None;
        }
        let (first, second) = b.sides();
        // The face cell is on the side the arrival direction points into.
        let face = if second == first.step(arrive) {
            second
        } else {
            first
        };
        Some(Self::new(a, PortalEnd::new(face, b_side)))
    }

    /// The kind, crossing from end `from` (0 or 1; other values read as 1) to
    /// the other end.
    pub fn kind_from(&self, from: usize) -> PortalKind {
        let (a, b) = self.pair(from);
        PortalKind::between(a.side, b.side.opposite())
    }

    /// The kind from end 0 to end 1.
    pub fn kind(&self) -> PortalKind {
        self.kind_from(0)
    }

    /// `(ends[from], the other end)`; `from` other than 0 reads as 1.
    pub fn pair(&self, from: usize) -> (PortalEnd, PortalEnd) {
        if from == 0 {
            (self.ends[0], self.ends[1])
        } else {
            (self.ends[1], self.ends[0])
        }
    }

    /// Which end is edge `edge`, if either (end 0 first).
    pub fn end_at(&self, edge: EdgePos) -> Option<usize> {
        self.ends.iter().position(|e| e.edge() == edge)
    }

    /// The rigid map of the lattice that the portal glues with, seen from end
    /// `from`: it takes the cell beyond end `from` (its back cell) onto the
    /// other end's face cell, the crossing direction `ends[from].side` onto
    /// the arrival direction, and (being the same map) the face cell of end
    /// `from` onto the other end's back cell. Rotations for
    /// [`PortalKind::Cw`]/[`PortalKind::Ccw`], a mirror for
    /// [`PortalKind::Flip`], a translation for [`PortalKind::Straight`].
    pub fn transform(&self, from: usize) -> CellTransform {
        let (a, b) = self.pair(from);
        let arrive = b.side.opposite();
        let kind = PortalKind::between(a.side, arrive);
        let linear = CellTransform::linear(a.side, arrive, kind == PortalKind::Flip);
        let moved = linear.apply_cell(a.back_cell());
        linear.with_offset((b.cell.x - moved.x, b.cell.y - moved.y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Orientation;

    fn end(x: i32, y: i32, side: Dir) -> PortalEnd {
        PortalEnd::new(CellPos::new(x, y), side)
    }

    #[test]
    fn kinds_follow_the_sides() {
        // Left wall of (0,0) and right wall of (1,0): the loop-back room.
        let p = Portal::new(end(0, 0, Dir::Left), end(1, 0, Dir::Right));
        assert_eq!(p.kind(), PortalKind::Straight);
        // Two floors, both entered from above: fall in, rise out.
        let p = Portal::new(end(0, 1, Dir::Down), end(5, 1, Dir::Down));
        assert_eq!(p.kind(), PortalKind::Flip);
        // A floor entered from above into a right wall entered from its left:
        // falling (down) comes out moving left, a clockwise quarter turn.
        let p = Portal::new(end(0, 1, Dir::Down), end(5, 1, Dir::Right));
        assert_eq!(p.kind(), PortalKind::Cw);
        assert_eq!(p.kind_from(1), PortalKind::Ccw);
    }

    #[test]
    fn both_descriptions_of_a_gluing_have_one_kind_and_transform() {
        let p = Portal::new(end(0, 1, Dir::Down), end(5, 1, Dir::Right));
        let q = Portal::new(p.ends[0].flipped(), p.ends[1].flipped());
        assert_eq!(p.kind(), q.kind());
        assert_eq!(p.transform(0), q.transform(0));
        assert_eq!(p.transform(1), q.transform(1));
    }

    #[test]
    fn with_kind_builds_each_kind_on_the_right_orientations() {
        let a = end(2, 2, Dir::Down);
        let floor = EdgePos::horizontal(7, 4);
        let wall = EdgePos::vertical(7, 4);
        for kind in PortalKind::ALL {
            let target = if kind.same_orientation() { floor } else { wall };
            let wrong = if kind.same_orientation() { wall } else { floor };
            let p = Portal::with_kind(a, target, kind).expect("kind fits");
            assert_eq!(p.kind(), kind);
            assert_eq!(p.ends[1].edge(), target);
            assert!(Portal::with_kind(a, wrong, kind).is_none());
        }
        assert_eq!(floor.orientation, Orientation::Horizontal);
    }

    #[test]
    fn transform_maps_back_cell_to_face_cell_and_is_inverted_by_the_other_end() {
        let cases = [
            Portal::new(end(0, 0, Dir::Left), end(1, 0, Dir::Right)),
            Portal::new(end(0, 1, Dir::Down), end(5, 1, Dir::Down)),
            Portal::new(end(0, 1, Dir::Down), end(5, 1, Dir::Right)),
            Portal::new(end(3, 3, Dir::Up), end(1, 6, Dir::Left)),
            Portal::new(end(3, 3, Dir::Right), end(1, 6, Dir::Right)),
        ];
        for p in cases {
            for from in 0..2 {
                let (a, b) = p.pair(from);
                let t = p.transform(from);
                assert_eq!(t.apply_cell(a.back_cell()), b.cell, "{p:?} from {from}");
                assert_eq!(t.apply_cell(a.cell), b.back_cell(), "{p:?} from {from}");
                assert_eq!(t.apply_dir(a.side), b.side.opposite());
                assert_eq!(t.is_mirror(), p.kind() == PortalKind::Flip);
                // The edge's two end points land on the other edge's end points.
                let ends_of = |e: EdgePos| -> Vec<(i32, i32)> {
                    match e.orientation {
                        Orientation::Horizontal => vec![(e.x, e.y), (e.x + 1, e.y)],
                        Orientation::Vertical => vec![(e.x, e.y), (e.x, e.y + 1)],
                    }
                };
                let mut got: Vec<_> = ends_of(a.edge())
                    .into_iter()
                    .map(|q| t.apply_corner(q))
                    .collect();
                got.sort();
                assert_eq!(got, ends_of(b.edge()));
                assert_eq!(p.transform(1 - from), t.inverse());
            }
        }
    }

    #[test]
    fn straight_is_a_translation_and_flip_keeps_up_up_through_walls() {
        let p = Portal::new(end(0, 0, Dir::Left), end(1, 0, Dir::Right));
        assert_eq!(p.transform(0).matrix(), [[1, 0], [0, 1]]);
        let wall_flip = Portal::new(end(0, 0, Dir::Right), end(4, 2, Dir::Right));
        assert_eq!(wall_flip.transform(0).apply_dir(Dir::Up), Dir::Up);
        assert_eq!(wall_flip.transform(0).apply_dir(Dir::Right), Dir::Left);
    }
}
