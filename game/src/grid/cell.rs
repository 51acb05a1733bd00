//! Cell coordinates and what a cell is made of.
//!
//! A [`CellPos`] is signed so that positions just outside the grid, and the
//! "virtual" positions a transform produces on the far side of a portal, are
//! representable; [`Grid::contains`](super::Grid::contains) says whether a
//! position is a real cell. Cells themselves carry almost nothing: solidity
//! lives on edges. A cell is either open air or [`CellKind::Rock`], the
//! filler between rooms, which nothing may enter and whose edges towards air
//! are walls.

use super::Dir;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A cell position: `x` to the right, `y` up, `(0, 0)` the bottom-left cell.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub struct CellPos {
    /// Column, counted from the left edge of the grid.
    pub x: i32,
    /// Row, counted from the bottom of the grid.
    pub y: i32,
}

impl CellPos {
    /// The position `(x, y)`.
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// The Euclidean neighbour one step in `dir` (no portals: see
    /// [`Grid::neighbor`](super::Grid::neighbor) for the real one).
    pub const fn step(self, dir: Dir) -> Self {
        let (dx, dy) = dir.delta();
        Self::new(self.x + dx, self.y + dy)
    }
}

impl fmt::Display for CellPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// What fills a cell. Stored as one byte per cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[repr(u8)]
pub enum CellKind {
    /// Open air: heroes, items and enemies may be here.
    #[default]
    Air = 0,
    /// Solid rock: part of no room. Nothing may be in it, and every edge
    /// between rock and air is SOLID (or a portal, entered from the air side).
    Rock = 1,
}

impl CellKind {
    /// The kind stored as `byte`, if the byte is a valid kind.
    pub const fn from_byte(byte: u8) -> Option<CellKind> {
        match byte {
            0 => Some(CellKind::Air),
            1 => Some(CellKind::Rock),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_moves_one_cell_with_y_up() {
        let c = CellPos::new(3, 5);
        assert_eq!(c.step(Dir::Up), CellPos::new(3, 6));
        assert_eq!(c.step(Dir::Down), CellPos::new(3, 4));
        assert_eq!(c.step(Dir::Left), CellPos::new(2, 5));
        assert_eq!(c.step(Dir::Right), CellPos::new(4, 5));
        assert_eq!(c.to_string(), "3,5");
    }

    #[test]
    fn cell_kind_bytes_round_trip_and_reject_others() {
        assert_eq!(
            CellKind::from_byte(CellKind::Rock as u8),
            Some(CellKind::Rock)
        );
        assert_eq!(CellKind::from_byte(0), Some(CellKind::Air));
        assert_eq!(CellKind::from_byte(2), None);
    }
}
