//! Editing operations: each one checked, reversible change of a [`Level`]
//! (the loader's own types), as the editor's tools ask for them.
//!
//! Every operation either changes the level and says how many things it
//! changed (cells, edges, …; 0 when there was nothing to do), or refuses
//! with an [`super::EditError`] and leaves the level exactly as it was. They keep
//! the level *structurally* whole — what the text format can write and read
//! back: the boundary and the edges beside rock stay walls, platforms stay
//! horizontal, portal ends keep an air face, the entrance stays air, and the
//! portal table stays canonical ([`super::portal_table`]). *Semantic* problems (no
//! hero yet, a thing left in rock, a route through a wall) are allowed: the
//! designer may stop half-way, and [`super::problems`] lists them.
//!
//! Reversal is the editor's undo ([`super::history`]): operations need no
//! inverse of their own.
//!
//! Rules a designer sees:
//! - painting rock walls the cell in (its edges become walls); painting a
//!   rock cell air digs it out: it opens onto the air cells around it;
//! - an edge on the outer boundary or beside rock can only be a wall (or a
//!   portal); platforms are floors, so horizontal only;
//! - a portal edge is changed by deleting its portal first; deleting one end
//!   deletes the pair; a new pair takes the first free label;
//! - the entrance is one air cell; rock cannot be painted over it.
//!
//! One family of operations per file: the terrain (`terrain`), portals
//! (`portals`), things (`things`) and the level as a whole (`level`).

mod level;
mod portals;
mod terrain;
mod things;

pub use level::{resize, resize_casualties, set_entrance, set_name, set_notes, set_par};
pub use portals::{delete_portal, link_portal, portal_at, possible_kinds, set_portal_kind};
pub use terrain::{
    paint_cell, paint_edge, paint_rect, paint_rect_noting, rect_cells, room, EdgeKind,
};
pub use things::{add_thing, delete_thing, fresh_id, move_thing, set_thing};

use super::EditError;
use crate::grid::{CellKind, CellPos};
use crate::level::Level;

/// The result of an operation: how many cells, edges, things… it changed.
pub type Changed = Result<usize, EditError>;

/// What an operation that adds one portal or thing returns: the new
/// portal's or thing's index (it counts as one change).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Added(pub usize);

impl crate::edit::Counted for Added {
    fn count(&self) -> usize {
        1
    }
}

fn check_cell(level: &Level, cell: CellPos) -> Result<CellKind, EditError> {
    level.grid.cell(cell).ok_or(EditError::CellOutside(cell))
}

#[cfg(test)]
pub(crate) mod tests;
