//! The semantic checks every level passes, however it was made: from text,
//! from a binary file, or in code (the editor). Each problem names a
//! [`Subject`], the part of the level at fault, so the text loader can point
//! at the line and column that wrote it while the binary loader names the
//! file.

use super::thing_spec::{is_identifier, route_leg, MAX_ROPE_LEN, MAX_ROUTE_POINTS, MAX_THINGS};
use super::{label_index, ErrorKind, Level, ThingSpec, ThingSpecKind};
use crate::equipment::{Equipment, EquipmentSet};
use crate::grid::{CellKind, CellPos, Dir, EdgePos, EdgeType, Grid, GridProblem};
use std::collections::HashSet;

/// The longest level name, in characters.
pub const MAX_NAME_LEN: usize = 64;
/// The longest note line, in characters.
pub const MAX_NOTE_LEN: usize = 200;

/// The part of a level a problem is about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Subject {
    /// The level as a whole.
    Level,
    /// The name.
    Name,
    /// Note line `i`.
    Note(usize),
    /// The entrance cell.
    Entrance,
    /// The portal labels.
    Labels,
    /// An edge of the grid.
    Edge(crate::grid::EdgePos),
    /// Portal `i`.
    Portal(usize),
    /// End `end` of portal `portal`.
    PortalEnd {
        /// Portal index.
        portal: usize,
        /// 0 or 1.
        end: usize,
    },
    /// The list of things.
    Things,
    /// Thing `i` (its id).
    Thing(usize),
    /// Thing `i`'s cell.
    ThingCell(usize),
    /// Route point `point` of thing `thing`.
    RoutePoint {
        /// Thing index.
        thing: usize,
        /// Point index.
        point: usize,
    },
    /// Thing `i`'s kind-specific data (a length, a name, flags).
    ThingData(usize),
}

/// One semantic problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    /// What is wrong.
    pub kind: ErrorKind,
    /// Where.
    pub subject: Subject,
}

impl Problem {
    fn new(kind: ErrorKind, subject: Subject) -> Self {
        Self { kind, subject }
    }
}

/// The largest `par` a level may state.
pub const MAX_PAR: u64 = 9999;

/// Whether `name` is a valid level name.
pub fn name_ok(name: &str) -> bool {
    let n = name.chars().count();
    (1..=MAX_NAME_LEN).contains(&n) && !name.chars().any(|c| c == '"' || c.is_control())
}

/// Whether `note` is a valid note line: what a `//` line can carry, so it
/// reads back the same (no control characters, no trailing whitespace, which
/// the text form trims).
pub fn note_ok(note: &str) -> bool {
    note.chars().count() <= MAX_NOTE_LEN
        && !note.chars().any(char::is_control)
        && note.trim_end() == note
}

/// The grid's problems, with subjects.
pub fn grid_problems(grid: &Grid) -> Vec<Problem> {
    grid.problems()
        .into_iter()
        .map(|p| {
            let subject = match p {
                GridProblem::NonCanonicalEdge(e)
                | GridProblem::VerticalPlatform(e)
                | GridProblem::OpenBoundary(e)
                | GridProblem::OpenBesideRock(e)
                | GridProblem::UnknownPortal { edge: e, .. }
                | GridProblem::StrayPortalEdge { edge: e, .. } => Subject::Edge(e),
                GridProblem::EndNotPortal { portal, end }
                | GridProblem::EndOutside { portal, end }
                | GridProblem::FaceInRock { portal, end } => Subject::PortalEnd { portal, end },
                GridProblem::SameEdge { portal } => Subject::Portal(portal),
                GridProblem::BadSize { .. }
                | GridProblem::BadLength { .. }
                | GridProblem::TooManyPortals(_) => Subject::Level,
            };
            Problem::new(ErrorKind::Grid(p), subject)
        })
        .collect()
}

fn cell_problem(grid: &Grid, cell: CellPos, what: impl FnOnce() -> String) -> Option<ErrorKind> {
    match grid.cell(cell) {
        None => Some(ErrorKind::ThingOutside {
            what: what(),
            cell,
            width: grid.width(),
            height: grid.height(),
        }),
        Some(CellKind::Rock) => Some(ErrorKind::ThingInRock { what: what(), cell }),
        Some(CellKind::Air) => None,
    }
}

/// The walk between waypoints (and back to the first) crosses only air
/// and steps through no wall or portal edge (open edges and platforms
/// only), and the watcher starts on the first waypoint.
fn route_problems(grid: &Grid, t: &ThingSpec, i: usize, route: &[CellPos], out: &mut Vec<Problem>) {
    if route.first().is_some_and(|&first| first != t.cell) {
        out.push(Problem::new(
            ErrorKind::RouteStart {
                id: t.id.clone(),
                cell: t.cell,
                first: route[0],
            },
            Subject::RoutePoint { thing: i, point: 0 },
        ));
    }
    for point in 0..route.len() {
        let next = (point + 1) % route.len();
        let (from_point, to_point) = (point + 1, next + 1);
        let mut from = route[point];
        for cell in route_leg(route[point], route[next]) {
            let what = || {
                format!(
                    "the walk of '{}' from route point {from_point} to {to_point}",
                    t.id
                )
            };
            if let Some(kind) = cell_problem(grid, cell, what) {
                out.push(Problem::new(kind, Subject::RoutePoint { thing: i, point }));
                return;
            }
            if !route_step_open(grid, from, cell) {
                let kind = ErrorKind::RouteThroughWall {
                    what: what(),
                    from,
                    to: cell,
                };
                out.push(Problem::new(kind, Subject::RoutePoint { thing: i, point }));
                return;
            }
            from = cell;
        }
    }
}

/// Whether a watcher steps from `from` to the next cell `to` (a grid
/// neighbour): the edge between them is open or a platform, not a wall or
/// a portal.
pub fn route_step_open(grid: &Grid, from: CellPos, to: CellPos) -> bool {
    Dir::ALL
        .into_iter()
        .find(|&d| from.step(d) == to)
        .and_then(|d| grid.edge(EdgePos::of(from, d)))
        .is_some_and(|e| matches!(e.edge_type(), EdgeType::Open | EdgeType::Platform))
}

fn check_len(what: &'static str, len: u16) -> Option<ErrorKind> {
    (!(1..=MAX_ROPE_LEN).contains(&len)).then_some(ErrorKind::OutOfRange {
        what,
        value: len.into(),
        min: 1,
        max: MAX_ROPE_LEN.into(),
    })
}

/// The things' problems. Without a grid (the text had none), cells are not
/// checked.
pub fn thing_problems(things: &[ThingSpec], grid: Option<&Grid>) -> Vec<Problem> {
    let mut out = Vec::new();
    if things.len() > MAX_THINGS {
        out.push(Problem::new(
            ErrorKind::TooManyThings(things.len()),
            Subject::Things,
        ));
        return out;
    }
    let mut seen = HashSet::new();
    for (i, t) in things.iter().enumerate() {
        if !is_identifier(&t.id) {
            out.push(Problem::new(
                ErrorKind::BadIdentifier(t.id.clone()),
                Subject::Thing(i),
            ));
        } else if !seen.insert(t.id.as_str()) {
            out.push(Problem::new(
                ErrorKind::DuplicateId(t.id.clone()),
                Subject::Thing(i),
            ));
        }
        if let Some(grid) = grid {
            if let Some(kind) = cell_problem(grid, t.cell, || format!("thing '{}'", t.id)) {
                out.push(Problem::new(kind, Subject::ThingCell(i)));
            }
        }
        match &t.kind {
            ThingSpecKind::Hero { rope_len_cells, .. } => {
                if let Some(kind) = rope_len_cells.and_then(|n| check_len("rope length", n)) {
                    out.push(Problem::new(kind, Subject::ThingData(i)));
                }
            }
            ThingSpecKind::Item { name, flags } => {
                if !is_identifier(name) {
                    out.push(Problem::new(
                        ErrorKind::BadIdentifier(name.clone()),
                        Subject::ThingData(i),
                    ));
                }
                if !super::ItemFlags::ALL.contains(*flags) {
                    out.push(Problem::new(
                        ErrorKind::BadFlags(flags.bits()),
                        Subject::ThingData(i),
                    ));
                }
            }
            ThingSpecKind::RopeCoil { len_cells } => {
                if let Some(kind) = check_len("rope length", *len_cells) {
                    out.push(Problem::new(kind, Subject::ThingData(i)));
                }
            }
            ThingSpecKind::Watcher { route } => {
                if route.len() > MAX_ROUTE_POINTS {
                    out.push(Problem::new(
                        ErrorKind::OutOfRange {
                            what: "route points",
                            value: route.len() as u64,
                            min: 0,
                            max: MAX_ROUTE_POINTS as u64,
                        },
                        Subject::ThingData(i),
                    ));
                } else if let Some(grid) = grid {
                    let before = out.len();
                    for (point, &cell) in route.iter().enumerate() {
                        let what = || format!("route point {} of '{}'", point + 1, t.id);
                        if let Some(kind) = cell_problem(grid, cell, what) {
                            out.push(Problem::new(kind, Subject::RoutePoint { thing: i, point }));
                        }
                    }
                    if out.len() == before {
                        route_problems(grid, t, i, route, &mut out);
                    }
                }
            }
        }
    }
    if !things.iter().any(ThingSpec::is_hero) {
        out.push(Problem::new(ErrorKind::NoHero, Subject::Things));
    }
    out
}

/// The problems of a level's `requires` and `forbids` (all about the
/// level as a whole): bits that name no equipment, a piece both required
/// and forbidden, a required piece no hero in `things` can take.
pub fn equipment_problems(
    requires: EquipmentSet,
    forbids: EquipmentSet,
    things: &[ThingSpec],
) -> Vec<Problem> {
    let mut out = Vec::new();
    for set in [requires, forbids] {
        if set.unknown_bits() != 0 {
            out.push(Problem::new(
                ErrorKind::BadEquipment(set.bits()),
                Subject::Level,
            ));
        }
    }
    for e in requires.intersection(forbids).iter() {
        out.push(Problem::new(
            ErrorKind::RequiredAndForbidden(e),
            Subject::Level,
        ));
    }
    let ropes = || {
        things.iter().filter_map(|t| match t.kind {
            ThingSpecKind::Hero { rope_len_cells, .. } => Some(rope_len_cells.is_some()),
            _ => None,
        })
    };
    for e in requires.iter() {
        let fits = match e {
            Equipment::LongRope => ropes().any(|rope| rope),
            Equipment::SecondRope => ropes().any(|rope| !rope),
            Equipment::SpareBucket => ropes().next().is_some(),
        };
        if !fits {
            out.push(Problem::new(ErrorKind::RequiredUnfit(e), Subject::Level));
        }
    }
    out
}

impl Level {
    /// Every problem of the level, empty for a valid one. Never panics.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        if !name_ok(&self.name) {
            out.push(Problem::new(ErrorKind::BadName, Subject::Name));
        }
        for (i, note) in self.notes.iter().enumerate() {
            if !note_ok(note) {
                out.push(Problem::new(ErrorKind::BadNote, Subject::Note(i)));
            }
        }
        if let Some(n) = self.required_relics {
            let relics = self.relic_count();
            if usize::from(n) > relics {
                let kind = ErrorKind::OutOfRange {
                    what: "required relics",
                    value: u64::from(n),
                    min: 0,
                    max: relics as u64,
                };
                out.push(Problem::new(kind, Subject::Level));
            }
        }
        if let Some(n) = self.par {
            if !(1..=MAX_PAR).contains(&u64::from(n)) {
                let kind = ErrorKind::OutOfRange {
                    what: "par",
                    value: u64::from(n),
                    min: 1,
                    max: MAX_PAR,
                };
                out.push(Problem::new(kind, Subject::Level));
            }
        }
        out.extend(equipment_problems(
            self.requires,
            self.forbids,
            &self.things,
        ));
        let grid_problems = grid_problems(&self.grid);
        let grid_ok = grid_problems.is_empty();
        out.extend(grid_problems);
        let labels_ok = self.portal_labels.len() == self.grid.portals().len()
            && self.portal_labels.iter().all(|&c| label_index(c).is_some())
            && self.portal_labels.iter().collect::<HashSet<_>>().len() == self.portal_labels.len();
        if !labels_ok {
            out.push(Problem::new(ErrorKind::BadLabels, Subject::Labels));
        }
        if !grid_ok {
            // Cells cannot be trusted on a broken grid; check the rest only.
            out.extend(thing_problems(&self.things, None));
            return out;
        }
        if !self.grid.is_air(self.entrance) {
            out.push(Problem::new(
                ErrorKind::BadEntrance(self.entrance),
                Subject::Entrance,
            ));
        }
        out.extend(thing_problems(&self.things, Some(&self.grid)));
        out
    }
}
