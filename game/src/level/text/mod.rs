//! The level text format: parsing with every problem located, and the
//! canonical writer. `levels/README.md` documents the format for level
//! authors; this module's files each take one part:
//! - `sections`: splitting the text into its sections (headers, notes);
//! - `read`: reading each section for what it says;
//! - [`art`]: the `[grid]` ASCII art, read and drawn;
//! - [`keyed`]: the `key = value` lines of `[level]`, `[things]`, `[portals]`;
//! - [`join`]: joining labelled edges into portals;
//! - `problems`: the checks across sections, each problem placed in the
//!   text;
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
mod problems;
mod read;
mod sections;
pub mod write;

pub use write::to_text;

use super::validate::note_ok;
use super::{ErrorKind, Level, LevelError, Pos};
use crate::equipment::EquipmentSet;
use problems::Spans;
use read::{LevelValues, ThingsRead};
use sections::split_sections;

/// Where a problem with no better place is reported (a missing section,
/// the level as a whole): the start of the file.
const START: Pos = Pos::at(1, 1);

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
    for (note, pos) in &sections.notes {
        if !note_ok(note) {
            errors.push(*pos, ErrorKind::BadNote);
        }
    }
    let values = LevelValues::read(sections.level.as_ref(), &mut errors);
    let options = read::read_portals(sections.portals.as_ref(), &mut errors);
    let things = ThingsRead::read(sections.things.as_ref(), &mut errors);
    let art = read::read_grid(sections.grid.as_ref(), &mut errors);
    let built = art
        .as_ref()
        .and_then(|a| join::build_grid(a, &options, &mut errors));
    let (grid, labels) = match built {
        Some((g, l)) => (Some(g), l),
        None => (None, Vec::new()),
    };
    // Everything so far is structural: the text does not make a level.
    let structural = errors.count();

    let specs: Vec<_> = things.lines.iter().map(|t| t.spec.clone()).collect();
    let requires = values.requires.unwrap_or((EquipmentSet::EMPTY, START));
    let forbids = values.forbids.unwrap_or((EquipmentSet::EMPTY, START));
    problems::push_equipment_problems(requires, forbids, &specs, &things, &mut errors);
    let spans = Spans {
        notes: sections.notes.iter().map(|(_, p)| *p).collect(),
        name: values.name.as_ref().map_or(START, |(_, p)| *p),
        things_header: things.header,
        things: &things.lines,
        art: art.as_ref(),
        grid: grid.as_ref(),
    };
    problems::push_level_problems(&spans, &specs, &things, &mut errors);

    let (Some(grid), Some(art), Some((name, _))) = (grid, art, values.name) else {
        if errors.count() == 0 {
            errors.push(START, ErrorKind::Damaged("incomplete level".into()));
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
        required_relics: values.required_relics,
        par: values.par,
        requires: requires.0,
        forbids: forbids.0,
    };
    Ok(checked(file, level, errors))
}

/// The level a text made with the problems `errors` holds, sorted; when
/// there are none, those of the safety net that keeps the text loader and
/// the binary loader agreeing on what is valid ([`Level::problems`],
/// placed at the file), and when there are none of those either, the
/// level logged as loaded.
fn checked(file: &str, level: Level, errors: Errors) -> (Level, Vec<LevelError>) {
    if errors.count() > 0 {
        return (level, errors.into_sorted());
    }
    let problems = level.problems();
    if !problems.is_empty() {
        let mut errors = Errors::new(file);
        for p in &problems {
            errors.push(Pos::File, p.kind.clone());
        }
        return (level, errors.into_sorted());
    }
    log::info!(
        "loaded level '{}' from {file}: {}x{}, {} things, {} portals",
        level.name,
        level.grid.width(),
        level.grid.height(),
        level.things.len(),
        level.grid.portals().len()
    );
    (level, Vec::new())
}
