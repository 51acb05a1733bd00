//! Live validation: the same checks the loaders run ([`Level::problems`],
//! which is what `level check` reports), each placed where the designer
//! sees it on the canvas — a cell, an edge or a thing — with the loader's
//! own message.

use crate::grid::{CellPos, EdgePos};
use crate::level::{Level, Subject};

/// Where on the canvas a problem is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    /// The level as a whole (its name, notes, labels, the list of things).
    Level,
    /// A cell.
    Cell(CellPos),
    /// An edge.
    Edge(EdgePos),
    /// Thing `i` (index into `Level::things`), standing in its cell.
    Thing(usize, CellPos),
    /// A waypoint of watcher `i`'s route, in this cell.
    Route(usize, CellPos),
}

impl Place {
    /// The cell to look at: the problem's cell, a side of its edge, or
    /// `None` for the level as a whole.
    pub fn cell(&self) -> Option<CellPos> {
        match *self {
            Place::Level => None,
            Place::Cell(c) | Place::Thing(_, c) | Place::Route(_, c) => Some(c),
            Place::Edge(e) => Some(e.sides().1),
        }
    }
}

/// One problem, placed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Placed {
    /// Where.
    pub place: Place,
    /// What is wrong, as `level check` words it.
    pub message: String,
}

/// Every problem of `level`, placed (empty for a valid level).
pub fn placed_problems(level: &Level) -> Vec<Placed> {
    level
        .problems()
        .into_iter()
        .map(|p| {
            let thing_at = |i: usize| {
                level
                    .things
                    .get(i)
                    .map_or(Place::Level, |t| Place::Thing(i, t.cell))
            };
            let place = match p.subject {
                Subject::Level
                | Subject::Name
                | Subject::Note(_)
                | Subject::Labels
                | Subject::Things => Place::Level,
                Subject::Entrance => Place::Cell(level.entrance),
                Subject::Edge(e) => Place::Edge(e),
                Subject::Portal(portal) | Subject::PortalEnd { portal, .. } => {
                    let end = match p.subject {
                        Subject::PortalEnd { end, .. } => end,
                        _ => 0,
                    };
                    level
                        .grid
                        .portal(portal)
                        .and_then(|q| q.ends.get(end))
                        .map_or(Place::Level, |e| Place::Edge(e.edge()))
                }
                Subject::Thing(i) | Subject::ThingCell(i) | Subject::ThingData(i) => thing_at(i),
                Subject::RoutePoint { thing, point } => level
                    .things
                    .get(thing)
                    .and_then(|t| match &t.kind {
                        crate::level::ThingSpecKind::Watcher { route } => route.get(point),
                        _ => None,
                    })
                    .map_or_else(|| thing_at(thing), |&c| Place::Route(thing, c)),
            };
            Placed {
                place,
                message: p.kind.to_string(),
            }
        })
        .collect()
}
