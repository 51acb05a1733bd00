//! Gravity: what holds a hero or an item up, and where an unsupported one
//! falls to (`docs/RULES.md`, "Space, gravity and movement").
//!
//! A hero is supported in a cell whose floor (the edge below) is SOLID or a
//! PLATFORM, or where a rope segment hangs (the hero holds on to it). An
//! item lying loose is supported by a SOLID or PLATFORM floor only; an item
//! that is held, contained or tied goes where its holder goes. Anything
//! unsupported falls straight down, one grid step at a time, through portals
//! in floors too; a fall that would never end (a floor glued to a ceiling
//! above it) is reported as such instead of looping.

use super::Stage;
use crate::grid::{CellPos, Dir, EdgeType};

/// Who is falling: heroes hold on to ropes, loose items do not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Faller {
    /// A hero: a rope segment holds them up, as a floor does.
    Hero,
    /// A loose item: only a floor stops it.
    Item,
}

/// Where a fall ends.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Fall {
    /// Lands after passing through these cells (the last is where it lands;
    /// empty when already supported).
    Lands(Vec<CellPos>),
    /// Falls for ever (through a portal loop).
    Forever,
}

impl Fall {
    /// Cells fallen; `u16::MAX` for ever.
    pub fn cells(&self) -> u16 {
        match self {
            Fall::Lands(path) => path.len() as u16,
            Fall::Forever => u16::MAX,
        }
    }

    /// Where it comes to rest, if it does.
    pub fn landing(&self, from: CellPos) -> Option<CellPos> {
        match self {
            Fall::Lands(path) => Some(path.last().copied().unwrap_or(from)),
            Fall::Forever => None,
        }
    }
}

impl Stage {
    /// Whether the floor of `cell` holds things up (SOLID or PLATFORM).
    pub fn has_floor(&self, cell: CellPos) -> bool {
        match self.grid().edge_between(cell, Dir::Down) {
            Some(e) => matches!(e.edge_type(), EdgeType::Solid | EdgeType::Platform),
            None => true,
        }
    }

    /// Whether `who` stays put in `cell`.
    pub fn is_supported(&self, cell: CellPos, who: Faller) -> bool {
        self.has_floor(cell) || (who == Faller::Hero && self.segment_in(cell).is_some())
    }

    /// Where `who` falls to from `cell` (see the module docs).
    pub fn fall_from(&self, cell: CellPos, who: Faller) -> Fall {
        let mut path = Vec::new();
        let mut at = cell;
        // Every cell can be passed at most once on a finite fall.
        let limit = self.grid().cell_count() + 1;
        while !self.is_supported(at, who) {
            match self.step(at, Dir::Down) {
                Some(next) => at = next,
                // Unsupported but cannot move down: a portal into rock.
                None => break,
            }
            path.push(at);
            if path.len() > limit {
                return Fall::Forever;
            }
        }
        Fall::Lands(path)
    }
}
