//! Edges: the one-byte records between cells, and their positions.
//!
//! Byte layout of an [`Edge`]: the low 2 bits are the [`EdgeType`], the high
//! 6 bits the portal index (0..=63). Only PORTAL edges use the index; the
//! other types keep it 0, so every edge has exactly one byte value and
//! all-zero memory is a grid of OPEN edges.
//!
//! Positions: a horizontal edge `(x, y)` is the floor of cell `(x, y)` and the
//! ceiling of cell `(x, y - 1)`, for `0 <= x < W`, `0 <= y <= H`; a vertical
//! edge `(x, y)` is the left wall of cell `(x, y)` and the right wall of cell
//! `(x - 1, y)`, for `0 <= x <= W`, `0 <= y < H`. The outer boundary of the
//! grid is therefore made of real edges (y = 0 or H, x = 0 or W) that can be
//! walls or portals.

use super::{CellPos, Dir, Orientation};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most portals a grid can have: the 6 index bits of an edge.
pub const MAX_PORTALS: usize = 64;

/// What an edge does, stored in the low 2 bits of an [`Edge`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EdgeType {
    /// Nothing there: movement, sight and falling pass.
    Open = 0,
    /// A wall: blocks movement, sight, falling and ropes.
    Solid = 1,
    /// A thin floor: can be stood on; does not block sight, ropes, or
    /// climbing up through it. Only horizontal edges may be platforms.
    Platform = 2,
    /// One end of a portal: crossing it continues at the other end.
    Portal = 3,
}

/// One edge as stored in the grid's edge arrays: type plus portal index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Edge(u8);

impl Edge {
    /// An open edge (the all-zero byte).
    pub const OPEN: Edge = Edge(EdgeType::Open as u8);
    /// A wall.
    pub const SOLID: Edge = Edge(EdgeType::Solid as u8);
    /// A platform (horizontal edges only).
    pub const PLATFORM: Edge = Edge(EdgeType::Platform as u8);

    /// A portal edge belonging to portal `index`, or `None` when `index` does
    /// not fit in 6 bits.
    pub const fn portal(index: usize) -> Option<Edge> {
        if index < MAX_PORTALS {
            Some(Edge(((index as u8) << 2) | EdgeType::Portal as u8))
        } else {
            None
        }
    }

    /// The edge stored as `byte`. Every byte decodes; bytes whose index bits
    /// are set on a non-portal type are not canonical and
    /// [`Edge::is_canonical`] says so.
    pub const fn from_byte(byte: u8) -> Edge {
        Edge(byte)
    }

    /// The stored byte.
    pub const fn byte(self) -> u8 {
        self.0
    }

    /// The type in the low two bits.
    pub const fn edge_type(self) -> EdgeType {
        match self.0 & 0b11 {
            0 => EdgeType::Open,
            1 => EdgeType::Solid,
            2 => EdgeType::Platform,
            _ => EdgeType::Portal,
        }
    }

    /// The portal index, for PORTAL edges only.
    pub const fn portal_index(self) -> Option<usize> {
        match self.edge_type() {
            EdgeType::Portal => Some((self.0 >> 2) as usize),
            _ => None,
        }
    }

    /// Whether the index bits are zero on a non-portal edge.
    pub const fn is_canonical(self) -> bool {
        matches!(self.edge_type(), EdgeType::Portal) || self.0 >> 2 == 0
    }

    /// Whether the edge is a wall.
    pub const fn is_solid(self) -> bool {
        matches!(self.edge_type(), EdgeType::Solid)
    }
}

impl fmt::Debug for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.portal_index() {
            Some(i) => write!(f, "Portal({i})"),
            None => write!(f, "{:?}", self.edge_type()),
        }
    }
}

/// Where an edge is: its orientation and its `(x, y)` in that orientation's
/// array (see the module docs for the ranges).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct EdgePos {
    /// Horizontal (floor/ceiling) or vertical (wall).
    pub orientation: Orientation,
    /// Column of the edge.
    pub x: i32,
    /// Row of the edge.
    pub y: i32,
}

impl EdgePos {
    /// The horizontal edge `(x, y)`: the floor of cell `(x, y)`.
    pub const fn horizontal(x: i32, y: i32) -> Self {
        Self {
            orientation: Orientation::Horizontal,
            x,
            y,
        }
    }

    /// The vertical edge `(x, y)`: the left wall of cell `(x, y)`.
    pub const fn vertical(x: i32, y: i32) -> Self {
        Self {
            orientation: Orientation::Vertical,
            x,
            y,
        }
    }

    /// The edge on side `dir` of `cell`.
    pub const fn of(cell: CellPos, dir: Dir) -> Self {
        match dir {
            Dir::Down => Self::horizontal(cell.x, cell.y),
            Dir::Up => Self::horizontal(cell.x, cell.y + 1),
            Dir::Left => Self::vertical(cell.x, cell.y),
            Dir::Right => Self::vertical(cell.x + 1, cell.y),
        }
    }

    /// The two cells the edge separates, as `(below, above)` for a horizontal
    /// edge and `(left, right)` for a vertical one. Either may lie outside
    /// the grid.
    pub const fn sides(self) -> (CellPos, CellPos) {
        match self.orientation {
            Orientation::Horizontal => (
                CellPos::new(self.x, self.y - 1),
                CellPos::new(self.x, self.y),
            ),
            Orientation::Vertical => (
                CellPos::new(self.x - 1, self.y),
                CellPos::new(self.x, self.y),
            ),
        }
    }
}

impl fmt::Display for EdgePos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} edge {},{}", self.orientation, self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_byte_packs_type_low_and_index_high() {
        assert_eq!(Edge::OPEN.byte(), 0);
        assert_eq!(Edge::SOLID.edge_type(), EdgeType::Solid);
        assert_eq!(Edge::PLATFORM.edge_type(), EdgeType::Platform);
        let p = Edge::portal(37).expect("37 fits in 6 bits");
        assert_eq!(p.byte(), (37 << 2) | 3);
        assert_eq!(p.edge_type(), EdgeType::Portal);
        assert_eq!(p.portal_index(), Some(37));
        assert_eq!(Edge::portal(63).and_then(Edge::portal_index), Some(63));
        assert_eq!(Edge::portal(64), None);
        assert_eq!(Edge::SOLID.portal_index(), None);
    }

    #[test]
    fn index_bits_on_non_portal_edges_are_not_canonical() {
        assert!(Edge::SOLID.is_canonical());
        assert!(!Edge::from_byte(0b0100_0001).is_canonical());
        assert!(Edge::from_byte(0b0100_0011).is_canonical());
    }

    #[test]
    fn edge_of_a_cell_side_and_back() {
        let c = CellPos::new(2, 3);
        for dir in Dir::ALL {
            let e = EdgePos::of(c, dir);
            assert_eq!(e.orientation, dir.crossed_orientation());
            let (a, b) = e.sides();
            // The edge separates the cell from its Euclidean neighbour.
            let n = c.step(dir);
            assert!((a, b) == (c, n) || (a, b) == (n, c), "{dir:?}: {a:?} {b:?}");
            // The neighbour sees the same edge from the other side.
            assert_eq!(EdgePos::of(n, dir.opposite()), e);
        }
        assert_eq!(EdgePos::of(c, Dir::Down), EdgePos::horizontal(2, 3));
        assert_eq!(EdgePos::of(c, Dir::Right), EdgePos::vertical(3, 3));
    }
}
