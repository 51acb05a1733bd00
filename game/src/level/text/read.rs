//! Reading each section of a level text for what it says, once the text is
//! split ([`super::sections`]): `[level]`'s values, `[portals]`' kinds,
//! `[things]`' lines and `[grid]`'s art. Each line is parsed by
//! [`super::keyed`] or [`super::art`]; what a section adds is what only
//! the section as a whole shows — a missing section, a key or a portal
//! given twice, a missing `name`. Every problem goes to the file's
//! [`Errors`]; the cross-section checks come after, in
//! [`super::problems`].

use super::art::{self, Art, ArtRow};
use super::keyed::{self, LevelLine, PortalLine, ThingLine};
use super::sections::Section;
use super::{Errors, START};
use crate::equipment::EquipmentSet;
use crate::level::{ErrorKind, Pos};

/// What `[level]` says, each value with the position of its value (for the
/// problems about it); `None`: not given (or the section is missing).
#[derive(Default)]
pub(super) struct LevelValues {
    pub name: Option<(String, Pos)>,
    pub required_relics: Option<u16>,
    pub par: Option<u32>,
    pub requires: Option<(EquipmentSet, Pos)>,
    pub forbids: Option<(EquipmentSet, Pos)>,
}

impl LevelValues {
    /// Reads the `[level]` section (`None`: missing).
    pub(super) fn read(section: Option<&Section>, errors: &mut Errors) -> LevelValues {
        let mut values = LevelValues::default();
        let Some((header, lines)) = section else {
            errors.push(START, ErrorKind::MissingSection("level"));
            return values;
        };
        for &(line_no, line) in lines {
            match keyed::parse_level_line(line, line_no) {
                Ok(line) => values.take(line, errors),
                Err((pos, kind)) => errors.push(pos, kind),
            }
        }
        // A `name` line that did not parse was reported already.
        if values.name.is_none()
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
        values
    }

    /// Takes the value of one parsed line; a key given before is reported
    /// (a repeated `name` keeps the first, any other key the last).
    fn take(&mut self, line: LevelLine, errors: &mut Errors) {
        let (given_before, key, pos) = match line {
            LevelLine::Name(n, pos) => {
                let given_before = self.name.is_some();
                if !given_before {
                    self.name = Some((n, pos));
                }
                (given_before, "name", pos)
            }
            LevelLine::RequiredRelics(n, pos) => (
                self.required_relics.replace(n).is_some(),
                "required_relics",
                pos,
            ),
            LevelLine::Par(n, pos) => (self.par.replace(n).is_some(), "par", pos),
            LevelLine::Requires(set, pos) => {
                (self.requires.replace((set, pos)).is_some(), "requires", pos)
            }
            LevelLine::Forbids(set, pos) => {
                (self.forbids.replace((set, pos)).is_some(), "forbids", pos)
            }
        };
        if given_before {
            errors.push(pos, ErrorKind::DuplicateKey(key.into()));
        }
    }
}

/// Reads the `[portals]` section (`None`: none, which is allowed): the
/// kind asked for each label, in the order written; a label given twice is
/// reported and its second line dropped.
pub(super) fn read_portals(section: Option<&Section>, errors: &mut Errors) -> Vec<PortalLine> {
    let mut options: Vec<PortalLine> = Vec::new();
    let Some((_, lines)) = section else {
        return options;
    };
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
    options
}

/// What `[things]` says.
pub(super) struct ThingsRead {
    /// The lines that parsed, in the order written; empty: none.
    pub lines: Vec<ThingLine>,
    /// Lines that did not parse (each reported); 0: none.
    pub bad_lines: usize,
    /// The section's header (the start of the file when it is missing).
    pub header: Pos,
    /// The section is missing (reported).
    pub missing: bool,
}

impl ThingsRead {
    /// Reads the `[things]` section (`None`: missing).
    pub(super) fn read(section: Option<&Section>, errors: &mut Errors) -> ThingsRead {
        let mut read = ThingsRead {
            lines: Vec::new(),
            bad_lines: 0,
            header: START,
            missing: section.is_none(),
        };
        let Some((header, lines)) = section else {
            errors.push(START, ErrorKind::MissingSection("things"));
            return read;
        };
        for &(line_no, line) in lines {
            match keyed::parse_thing_line(line, line_no) {
                Ok(t) => read.lines.push(t),
                Err((pos, kind)) => {
                    read.bad_lines += 1;
                    errors.push(pos, kind);
                }
            }
        }
        read.header = *header;
        read
    }

    /// Whether things may be missing from what was read: the section is
    /// missing, or a line of it did not parse (it may have been a hero).
    pub(super) fn incomplete(&self) -> bool {
        self.missing || self.bad_lines > 0
    }
}

/// Reads the `[grid]` section's art (`None` for the section: missing);
/// `None` when it is missing or has any problem (each reported).
pub(super) fn read_grid(section: Option<&Section>, errors: &mut Errors) -> Option<Art> {
    let Some((header, lines)) = section else {
        errors.push(START, ErrorKind::MissingSection("grid"));
        return None;
    };
    let rows: Vec<ArtRow> = lines
        .iter()
        .map(|&(line, text)| ArtRow { line, text })
        .collect();
    art::read_art(&rows, *header, errors)
}
