//! What a [`GridView`](super::GridView) is made of: view positions, the
//! nodes (slices of grid cells seen in view cells), the view transforms of
//! regions seen through portals, the shadow segments where sight stopped,
//! and the overflow report. Plain data; the cast in [`super::cast`] fills
//! it, the queries in [`super::query`] read it.

use serde::{Deserialize, Serialize};

use super::sector::{Ray, Sector};
use crate::grid::{CellPos, CellTransform, Dir, EdgePos};

/// A view cell, as an offset from the actor's view cell (`(0, 0)`).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct ViewPos {
    /// View cells to the right of the actor's (negative: left).
    pub x: i32,
    /// View cells above the actor's (negative: below).
    pub y: i32,
}

impl ViewPos {
    /// The view cell `x` right of and `y` above the actor's.
    pub const fn new(x: i32, y: i32) -> ViewPos {
        ViewPos { x, y }
    }

    /// The neighbouring view cell in `dir` (view space has no portals).
    pub const fn step(self, dir: Dir) -> ViewPos {
        let (dx, dy) = dir.delta();
        ViewPos::new(self.x + dx, self.y + dy)
    }

    /// The centre of this view cell in doubled view coordinates.
    pub const fn centre_ray(self) -> Ray {
        Ray::new(2 * self.x, 2 * self.y)
    }
}

/// Where the grid must be drawn for a region seen through portals: maps a
/// view cell (as a [`CellPos`]) to the grid cell it shows. The actor's own
/// region has the translation by the actor's cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ViewTransform {
    /// Maps a view cell, read as a [`CellPos`], to the grid cell it shows.
    pub view_to_grid: CellTransform,
}

impl ViewTransform {
    /// The grid cell shown at view cell `v`.
    pub fn grid_cell(&self, v: ViewPos) -> CellPos {
        self.view_to_grid.apply_cell(CellPos::new(v.x, v.y))
    }
}

/// One slice of one grid cell seen in one view cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ViewNode {
    /// The grid cell seen.
    pub cell: CellPos,
    /// Where it is seen.
    pub view: ViewPos,
    /// The directions (from the eye, in view space) through which it is seen.
    pub sector: Sector,
    /// The stencil id of its region: its transform's index + 1 (1..=255).
    pub stencil_id: u8,
    /// Continuity the cast established: bit `1 << dir as u8` set when the
    /// cast's rays crossed the edge in `dir` between this node's grid cell
    /// and the neighbouring view cell's, without a portal. Only part of the
    /// node's continuity (and void when nodes overflowed):
    /// [`GridView::connected`](super::GridView::connected) decides the rest
    /// when asked.
    pub(super) connections: u8,
    /// The next node in the same view cell; 0 = none.
    pub(super) next: u16,
}

pub(super) fn dir_bit(dir: Dir) -> u8 {
    1 << (dir as u8)
}

/// A SOLID edge (or the grid's outside) where sight stopped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ShadowSegment {
    /// One end point of the edge, in doubled view coordinates.
    pub a: Ray,
    /// The other end point, in doubled view coordinates.
    pub b: Ray,
    /// The directions that reached this edge.
    pub sector: Sector,
    /// The stencil id of the region it was seen in.
    pub stencil_id: u8,
    /// The grid edge.
    pub edge: EdgePos,
    /// The grid cell the edge was seen from.
    pub cell: CellPos,
}

/// What did not fit in the last build (all zero normally). A non-zero count
/// means part of the view was dropped: not seen, never out of bounds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Overflow {
    /// Nodes that did not fit in the node capacity.
    pub nodes: u32,
    /// Shadow segments that did not fit.
    pub shadows: u32,
    /// Regions seen through portals that got no transform (and stencil id).
    pub transforms: u32,
    /// Pieces of the cast's spans that did not fit.
    pub pieces: u32,
}

impl Overflow {
    /// Whether anything at all was dropped.
    pub fn any(&self) -> bool {
        *self != Overflow::default()
    }
}
