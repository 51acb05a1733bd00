//! The level text format: parsing with every problem located, and the
//! canonical writer. `levels/README.md` documents the format for level
//! authors; this module's files each take one part:
//! - [`art`]: the `[grid]` ASCII art, read and drawn;
//! - [`keyed`]: the `key = value` lines of `[level]`, `[things]`, `[portals]`;
//! - [`join`]: joining labelled edges into portals;
//! - [`write`](mod@write): the canonical writer.
//!
//! A file is a sequence of lines (`\n` or `\r\n`). Blank lines are ignored;
//! lines whose first non-blank characters are `//` are comments, and the
//! comments before the first section are kept as the level's notes. Section
//! headers `[level]`, `[grid]`, `[things]`, `[portals]` each appear at most
//! once, in any order; `[portals]` is optional.
//!
//! Loading never panics: numbers are range-checked before use, every index
//! is bounds-checked, and all problems found are returned (at most 100),
//! sorted by position.

pub mod art;
pub mod join;
pub mod keyed;
pub mod write;

pub use write::to_text;

use super::validate::{
    equipment_problems, grid_problems, note_ok, thing_problems, Problem, Subject,
};
use super::{ErrorKind, Level, LevelError, Pos};
use crate::equipment::EquipmentSet;
use crate::grid::GridProblem;
use art::{Art, ArtRow};
use keyed::{LevelLine, PortalLine, ThingLine};

/// At most this many errors are reported for one file.
const MAX_ERRORS: usize = 100;

/// Collects the errors of one file.
pub(crate) struct Errors<'f> {
    file: &'f str,
    list: Vec<LevelError>,
    /// Errors pushed, including those past the cap.
    count: usize,
}

impl<'f> Errors<'f> {
    fn new(file: &'f str) -> Self {
        Self {
            file,
            list: Vec::new(),
            count: 0,
        }
    }

    /// Records an error at `pos`.
    pub(crate) fn push(&mut self, pos: Pos, kind: ErrorKind) {
        self.count += 1;
        if self.list.len() < MAX_ERRORS {
            self.list.push(LevelError::new(self.file, pos, kind));
        }
    }

    /// How many errors were pushed so far (past the cap included).
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    fn into_sorted(mut self) -> Vec<LevelError> {
        self.list.sort_by_key(|e| e.pos);
        self.list.dedup();
        self.list
    }
}

/// The sections of a file, split into their lines.
#[derive(Default)]
struct Sections<'a> {
    notes: Vec<(String, Pos)>,
    level: Option<(Pos, Vec<(u32, &'a str)>)>,
    grid: Option<(Pos, Vec<(u32, &'a str)>)>,
    things: Option<(Pos, Vec<(u32, &'a str)>)>,
    portals: Option<(Pos, Vec<(u32, &'a str)>)>,
}

#[derive(Clone, Copy, PartialEq)]
enum Current {
    None,
    Skip,
    Level,
    Grid,
    Things,
    Portals,
}

fn split_sections<'a>(text: &'a str, errors: &mut Errors) -> Sections<'a> {
    let mut s = Sections::default();
    let mut current = Current::None;
    let mut complained = false;
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        let indent = line.chars().take_while(|c| c.is_whitespace()).count() as u32;
        let at = Pos::at(line_no, indent + 1);
        if let Some(comment) = trimmed.strip_prefix("//") {
            if current == Current::None {
                let note = comment.strip_prefix(' ').unwrap_or(comment).trim_end();
                s.notes.push((note.to_string(), at));
            }
            continue;
        }
        if trimmed.starts_with('[') {
            let Some(name) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
                errors.push(
                    at,
                    ErrorKind::Syntax {
                        expected: "a section header such as [grid]".into(),
                        found: trimmed.chars().take(40).collect(),
                    },
                );
                current = Current::Skip;
                continue;
            };
            let (slot, next) = match name {
                "level" => (&mut s.level, Current::Level),
                "grid" => (&mut s.grid, Current::Grid),
                "things" => (&mut s.things, Current::Things),
                "portals" => (&mut s.portals, Current::Portals),
                _ => {
                    errors.push(
                        at,
                        ErrorKind::UnknownSection(name.chars().take(40).collect()),
                    );
                    current = Current::Skip;
                    continue;
                }
            };
            if slot.is_some() {
                errors.push(at, ErrorKind::DuplicateSection(name.to_string()));
                current = Current::Skip;
            } else {
                *slot = Some((at, Vec::new()));
                current = next;
            }
            continue;
        }
        let slot = match current {
            Current::None => {
                if !complained {
                    errors.push(
                        at,
                        ErrorKind::ExpectedSection(trimmed.chars().take(40).collect()),
                    );
                    complained = true;
                }
                continue;
            }
            Current::Skip => continue,
            Current::Level => &mut s.level,
            Current::Grid => &mut s.grid,
            Current::Things => &mut s.things,
            Current::Portals => &mut s.portals,
        };
        if let Some((_, lines)) = slot {
            lines.push((
                line_no,
                if current == Current::Grid {
                    line.trim_end()
                } else {
                    line
                },
            ));
        }
    }
    s
}

/// Where each part of the level was written, to place semantic problems.
struct Spans<'a> {
    notes: Vec<Pos>,
    name: Pos,
    things_header: Pos,
    things: &'a [ThingLine],
    art: Option<&'a Art>,
    grid: Option<&'a crate::grid::Grid>,
}

impl Spans<'_> {
    fn pos(&self, subject: Subject) -> Pos {
        let start = Pos::at(1, 1);
        let thing = |i: usize| self.things.get(i);
        match subject {
            Subject::Level | Subject::Labels => start,
            Subject::Name => self.name,
            Subject::Note(i) => self.notes.get(i).copied().unwrap_or(start),
            Subject::Entrance => self.art.map_or(start, |a| a.cell_pos(a.entrance)),
            Subject::Edge(e) => self.art.map_or(start, |a| a.edge_pos(e)),
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
                    _ => start,
                }
            }
            Subject::Things => self.things_header,
            Subject::Thing(i) => thing(i).map_or(start, |t| t.id_pos),
            Subject::ThingCell(i) => thing(i).map_or(start, |t| t.cell_pos),
            Subject::ThingData(i) => thing(i).map_or(start, |t| t.data_pos),
            Subject::RoutePoint { thing: i, point } => thing(i)
                .and_then(|t| t.route_pos.get(point))
                .copied()
                .unwrap_or(start),
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

/// Loads a level from text; on failure, the first problem (by position).
pub fn load_text(file: &str, text: &str) -> Result<Level, LevelError> {
    check_text(file, text).map_err(|errors| first(file, errors))
}

/// The first of `errors`, or a generic one if (impossibly) there are none.
pub(crate) fn first(file: &str, errors: Vec<LevelError>) -> LevelError {
    errors.into_iter().next().unwrap_or_else(|| {
        LevelError::new(
            file,
            Pos::File,
            ErrorKind::Damaged("unknown problem".into()),
        )
    })
}

/// Loads a level from bytes that should be UTF-8 text; on failure, every
/// problem found, sorted by position (never empty).
pub fn check_text_bytes(file: &str, bytes: &[u8]) -> Result<Level, Vec<LevelError>> {
    match std::str::from_utf8(bytes) {
        Ok(text) => check_text(file, text),
        Err(e) => {
            let good = bytes.get(..e.valid_up_to()).unwrap_or_default();
            // The valid prefix is UTF-8, so this cannot fail; fall back to 1:1.
            let prefix = std::str::from_utf8(good).unwrap_or_default();
            let line = prefix.matches('\n').count() + 1;
            let col = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            let pos = Pos::at(
                u32::try_from(line).unwrap_or(u32::MAX),
                u32::try_from(col).unwrap_or(u32::MAX),
            );
            Err(vec![LevelError::new(file, pos, ErrorKind::NotUtf8)])
        }
    }
}

/// Loads a level from text; on failure, every problem found (at most 100),
/// sorted by position (never empty). `file` names the file in messages.
pub fn check_text(file: &str, text: &str) -> Result<Level, Vec<LevelError>> {
    match check_text_draft(file, text) {
        Ok((level, problems)) if problems.is_empty() => Ok(level),
        Ok((_, problems)) => Err(problems),
        Err(errors) => Err(errors),
    }
}

/// Loads a level that may still have *semantic* problems (a thing in rock,
/// no hero, a route through a wall, a bad id: what the editor lets a
/// designer stop half-way with). `Ok` with the level and those problems,
/// positioned and sorted, when the text parses into a complete level; `Err`
/// with every error when it does not (a syntax error, a missing section, a
/// portal that cannot be joined). The entrance is always air here: the art
/// writes `@` on an air cell.
pub fn check_text_draft(
    file: &str,
    text: &str,
) -> Result<(Level, Vec<LevelError>), Vec<LevelError>> {
    let mut errors = Errors::new(file);
    let sections = split_sections(text, &mut errors);
    let start = Pos::at(1, 1);

    for (note, pos) in &sections.notes {
        if !note_ok(note) {
            errors.push(*pos, ErrorKind::BadNote);
        }
    }

    // [level]
    let mut name: Option<(String, Pos)> = None;
    let mut required_relics: Option<u16> = None;
    let mut par: Option<u32> = None;
    // Each with the position of its value, for the problems about it.
    let mut requires: Option<(EquipmentSet, Pos)> = None;
    let mut forbids: Option<(EquipmentSet, Pos)> = None;
    match &sections.level {
        None => errors.push(start, ErrorKind::MissingSection("level")),
        Some((header, lines)) => {
            for &(line_no, line) in lines {
                match keyed::parse_level_line(line, line_no) {
                    Ok(LevelLine::Name(n, pos)) => {
                        if name.is_some() {
                            errors.push(pos, ErrorKind::DuplicateKey("name".into()));
                        } else {
                            name = Some((n, pos));
                        }
                    }
                    Ok(LevelLine::RequiredRelics(n, pos)) => {
                        if required_relics.replace(n).is_some() {
                            errors.push(pos, ErrorKind::DuplicateKey("required_relics".into()));
                        }
                    }
                    Ok(LevelLine::Par(n, pos)) => {
                        if par.replace(n).is_some() {
                            errors.push(pos, ErrorKind::DuplicateKey("par".into()));
                        }
                    }
                    Ok(LevelLine::Requires(set, pos)) => {
                        if requires.replace((set, pos)).is_some() {
                            errors.push(pos, ErrorKind::DuplicateKey("requires".into()));
                        }
                    }
                    Ok(LevelLine::Forbids(set, pos)) => {
                        if forbids.replace((set, pos)).is_some() {
                            errors.push(pos, ErrorKind::DuplicateKey("forbids".into()));
                        }
                    }
                    Err((pos, kind)) => errors.push(pos, kind),
                }
            }
            if name.is_none()
                && !lines
                    .iter()
                    .any(|(_, l)| l.trim_start().starts_with("name"))
            {
                errors.push(
                    *header,
                    ErrorKind::MissingKey {
                        section: "level",
                        key: "name",
                    },
                );
            }
        }
    }

    // [portals]
    let mut options: Vec<PortalLine> = Vec::new();
    if let Some((_, lines)) = &sections.portals {
        for &(line_no, line) in lines {
            match keyed::parse_portal_line(line, line_no) {
                Ok(p) => {
                    if options.iter().any(|o| o.label == p.label) {
                        errors.push(p.label_pos, ErrorKind::DuplicatePortalLine(p.label));
                    } else {
                        options.push(p);
                    }
                }
                Err((pos, kind)) => errors.push(pos, kind),
            }
        }
    }

    // [things]
    let mut things: Vec<ThingLine> = Vec::new();
    let mut bad_thing_lines = 0;
    let things_header = match &sections.things {
        None => {
            errors.push(start, ErrorKind::MissingSection("things"));
            start
        }
        Some((header, lines)) => {
            for &(line_no, line) in lines {
                match keyed::parse_thing_line(line, line_no) {
                    Ok(t) => things.push(t),
                    Err((pos, kind)) => {
                        bad_thing_lines += 1;
                        errors.push(pos, kind);
                    }
                }
            }
            *header
        }
    };

    // [grid]
    let art = match &sections.grid {
        None => {
            errors.push(start, ErrorKind::MissingSection("grid"));
            None
        }
        Some((header, lines)) => {
            let rows: Vec<ArtRow> = lines
                .iter()
                .map(|&(line, text)| ArtRow { line, text })
                .collect();
            art::read_art(&rows, *header, &mut errors)
        }
    };
    let built = art
        .as_ref()
        .and_then(|a| join::build_grid(a, &options, &mut errors));
    let (grid, labels) = match built {
        Some((g, l)) => (Some(g), l),
        None => (None, Vec::new()),
    };

    let specs: Vec<_> = things.iter().map(|t| t.spec.clone()).collect();
    let spans = Spans {
        notes: sections.notes.iter().map(|(_, p)| *p).collect(),
        name: name.as_ref().map_or(start, |(_, p)| *p),
        things_header,
        things: &things,
        art: art.as_ref(),
        grid: grid.as_ref(),
    };
    // Everything so far is structural: the text does not make a level.
    let structural = errors.count();
    let mut problems = Vec::new();
    if let Some(g) = &grid {
        problems.extend(grid_problems(g));
    }
    problems.extend(thing_problems(&specs, grid.as_ref()));
    let (requires, requires_pos) = requires.unwrap_or((EquipmentSet::EMPTY, start));
    let (forbids, forbids_pos) = forbids.unwrap_or((EquipmentSet::EMPTY, start));
    for p in equipment_problems(requires, forbids, &specs) {
        // A piece both required and forbidden is written on the forbids
        // line; one that fits no hero on the requires line.
        let pos = match p.kind {
            ErrorKind::RequiredAndForbidden(_) => forbids_pos,
            _ => requires_pos,
        };
        // A required piece "fits no hero" says nothing new when a line of
        // [things] did not parse (it may have been the hero).
        if matches!(p.kind, ErrorKind::RequiredUnfit(_)) && bad_thing_lines > 0 {
            continue;
        }
        errors.push(pos, p.kind);
    }
    for p in &problems {
        // "No hero" says nothing new when [things] is missing or a line of
        // it did not parse (it may have been the hero).
        if p.kind == ErrorKind::NoHero && (sections.things.is_none() || bad_thing_lines > 0) {
            continue;
        }
        errors.push(spans.pos(p.subject), text_kind(p));
    }

    let (Some(grid), Some(art), Some((name, _))) = (grid, art, name) else {
        if errors.count() == 0 {
            errors.push(start, ErrorKind::Damaged("incomplete level".into()));
        }
        return Err(errors.into_sorted());
    };
    if structural > 0 {
        return Err(errors.into_sorted());
    }
    let level = Level {
        name,
        notes: sections.notes.into_iter().map(|(n, _)| n).collect(),
        grid,
        entrance: art.entrance,
        things: specs,
        portal_labels: labels,
        required_relics,
        par,
        requires,
        forbids,
    };
    if errors.count() > 0 {
        return Ok((level, errors.into_sorted()));
    }
    // Everything was checked above; this is the safety net that keeps the
    // text loader and the binary loader agreeing on what is valid.
    let problems = level.problems();
    if !problems.is_empty() {
        let mut errors = Errors::new(file);
        for p in &problems {
            errors.push(Pos::File, p.kind.clone());
        }
        return Ok((level, errors.into_sorted()));
    }
    log::info!(
        "loaded level '{}' from {file}: {}x{}, {} things, {} portals",
        level.name,
        level.grid.width(),
        level.grid.height(),
        level.things.len(),
        level.grid.portals().len()
    );
    Ok((level, Vec::new()))
}
