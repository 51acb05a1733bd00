//! The checks across sections of a level text, once each section is read
//! ([`super::read`]): the level's own problems (`level::validate`: the
//! grid's, the things' against the grid, the equipment against the
//! heroes), each reported where the text wrote what it is about.
//!
//! [`Spans`] places a problem's [`Subject`] in the text: a thing at its
//! line, a portal at its edge in the art, a note at its comment. A problem
//! that only repeats what a section's own error said is left out: no hero,
//! or a required piece that fits no hero, when a line of `[things]` did
//! not parse (it may have been the hero).

use super::art::Art;
use super::keyed::ThingLine;
use super::read::ThingsRead;
use super::{Errors, START};
use crate::equipment::EquipmentSet;
use crate::grid::{Grid, GridProblem};
use crate::level::validate::{equipment_problems, grid_problems, thing_problems, Problem, Subject};
use crate::level::{ErrorKind, Pos, ThingSpec};

/// Where each part of the level was written, to place semantic problems.
pub(super) struct Spans<'a> {
    /// Each note's comment.
    pub notes: Vec<Pos>,
    /// The name's value (the start of the file when there is none).
    pub name: Pos,
    /// The `[things]` header (the start of the file when it is missing).
    pub things_header: Pos,
    /// The lines of `[things]` that parsed, in the order written.
    pub things: &'a [ThingLine],
    /// `None`: the art did not read.
    pub art: Option<&'a Art>,
    /// `None`: the grid could not be built.
    pub grid: Option<&'a Grid>,
}

impl Spans<'_> {
    /// Where the text wrote `subject` (the start of the file when it
    /// cannot say).
    fn pos(&self, subject: Subject) -> Pos {
        let thing = |i: usize| self.things.get(i);
        match subject {
            Subject::Level | Subject::Labels => START,
            Subject::Name => self.name,
            Subject::Note(i) => self.notes.get(i).copied().unwrap_or(START),
            Subject::Entrance => self.art.map_or(START, |a| a.cell_pos(a.entrance)),
            Subject::Edge(e) => self.art.map_or(START, |a| a.edge_pos(e)),
            Subject::Portal(portal) | Subject::PortalEnd { portal, .. } => {
                let end = match subject {
                    Subject::PortalEnd { end, .. } => end,
                    _ => 0,
                };
                let edge = self
                    .grid
                    .and_then(|g| g.portal(portal))
                    .and_then(|p| p.ends.get(end))
                    .map(|e| e.edge());
                match (self.art, edge) {
                    (Some(a), Some(e)) => a.edge_pos(e),
                    _ => START,
                }
            }
            Subject::Things => self.things_header,
            Subject::Thing(i) => thing(i).map_or(START, |t| t.id_pos),
            Subject::ThingCell(i) => thing(i).map_or(START, |t| t.cell_pos),
            Subject::ThingData(i) => thing(i).map_or(START, |t| t.data_pos),
            Subject::RoutePoint { thing: i, point } => thing(i)
                .and_then(|t| t.route_pos.get(point))
                .copied()
                .unwrap_or(START),
        }
    }
}

/// The text's problem kind for a grid problem (text words, not byte words).
fn text_kind(p: &Problem) -> ErrorKind {
    match p.kind {
        ErrorKind::Grid(GridProblem::OpenBoundary(_)) => ErrorKind::OpenBoundary,
        ErrorKind::Grid(GridProblem::OpenBesideRock(_)) => ErrorKind::OpenBesideRock,
        ref k => k.clone(),
    }
}

/// Reports the problems of `[level]`'s `requires` and `forbids` (each with
/// the position of its value) against `specs`, the things of `things`: a
/// piece both required and forbidden on the forbids line, any other on the
/// requires line.
pub(super) fn push_equipment_problems(
    (requires, requires_pos): (EquipmentSet, Pos),
    (forbids, forbids_pos): (EquipmentSet, Pos),
    specs: &[ThingSpec],
    things: &ThingsRead,
    errors: &mut Errors,
) {
    for p in equipment_problems(requires, forbids, specs) {
        let pos = match p.kind {
            ErrorKind::RequiredAndForbidden(_) => forbids_pos,
            _ => requires_pos,
        };
        // A required piece "fits no hero" says nothing new when a line of
        // [things] did not parse (it may have been the hero).
        if matches!(p.kind, ErrorKind::RequiredUnfit(_)) && things.bad_lines > 0 {
            continue;
        }
        errors.push(pos, p.kind);
    }
}

/// Reports the problems of the grid (if it was built) and of `specs`, the
/// things of `things`, in it, each where `spans` places it.
pub(super) fn push_level_problems(
    spans: &Spans,
    specs: &[ThingSpec],
    things: &ThingsRead,
    errors: &mut Errors,
) {
    let mut problems = Vec::new();
    if let Some(g) = spans.grid {
        problems.extend(grid_problems(g));
    }
    problems.extend(thing_problems(specs, spans.grid));
    for p in &problems {
        // "No hero" says nothing new when [things] is missing or a line of
        // it did not parse (it may have been the hero).
        if p.kind == ErrorKind::NoHero && things.incomplete() {
            continue;
        }
        errors.push(spans.pos(p.subject), text_kind(p));
    }
}
