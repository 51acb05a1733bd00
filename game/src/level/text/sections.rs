//! Splitting a level text into its sections: the first step of parsing,
//! before any line is read for what it says.
//!
//! A line is blank (skipped), a comment (`//`; those before the first
//! section are the level's notes), a section header (`[level]`, `[grid]`,
//! `[things]`, `[portals]`) or a line of the section above it. A header
//! that is malformed, unknown or repeated is reported and the lines under
//! it skipped; lines before any header are reported once. [`Sections`]
//! holds each section's header position and its lines, numbered from 1, for
//! the section readers of [`super`].

use super::Errors;
use crate::level::{ErrorKind, Pos};

/// One section: where its header is, and its lines with their numbers
/// (from 1).
pub(super) type Section<'a> = (Pos, Vec<(u32, &'a str)>);

/// The sections of a file, split into their lines.
#[derive(Default)]
pub(super) struct Sections<'a> {
    /// The comments before the first section (the level's notes), each
    /// with its `//`'s position; empty: none.
    pub notes: Vec<(String, Pos)>,
    /// `None`: the section is missing.
    pub level: Option<Section<'a>>,
    /// `None`: the section is missing. Its lines are trimmed at the end.
    pub grid: Option<Section<'a>>,
    /// `None`: the section is missing.
    pub things: Option<Section<'a>>,
    /// `None`: the section is missing (it is optional).
    pub portals: Option<Section<'a>>,
}

/// The section the lines being read belong to.
#[derive(Clone, Copy, PartialEq)]
enum Current {
    /// Before the first header.
    None,
    /// Under a header that was reported: its lines are skipped.
    Skip,
    Level,
    Grid,
    Things,
    Portals,
}

/// The split as it goes, line by line.
struct Splitter<'a> {
    sections: Sections<'a>,
    current: Current,
    /// A line before any header has been reported (only the first is).
    complained: bool,
}

/// Splits `text` into its sections, reporting misplaced lines and bad
/// headers to `errors`.
pub(super) fn split_sections<'a>(text: &'a str, errors: &mut Errors) -> Sections<'a> {
    let mut split = Splitter {
        sections: Sections::default(),
        current: Current::None,
        complained: false,
    };
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
            split.comment(comment, at);
        } else if trimmed.starts_with('[') {
            split.header(trimmed, at, errors);
        } else {
            split.line(line_no, line, trimmed, at, errors);
        }
    }
    split.sections
}

impl<'a> Splitter<'a> {
    /// A comment (what follows its `//`) at `at`: a note before the first
    /// section, else nothing.
    fn comment(&mut self, comment: &str, at: Pos) {
        if self.current == Current::None {
            let note = comment.strip_prefix(' ').unwrap_or(comment).trim_end();
            self.sections.notes.push((note.to_string(), at));
        }
    }

    /// A line starting with `[` (`trimmed`, at `at`): the header of the
    /// section the next lines belong to, or a reported problem after which
    /// they are skipped.
    fn header(&mut self, trimmed: &str, at: Pos, errors: &mut Errors) {
        let Some(name) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
            errors.push(
                at,
                ErrorKind::Syntax {
                    expected: "a section header such as [grid]".into(),
                    found: trimmed.chars().take(40).collect(),
                },
            );
            self.current = Current::Skip;
            return;
        };
        let s = &mut self.sections;
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
                self.current = Current::Skip;
                return;
            }
        };
        if slot.is_some() {
            errors.push(at, ErrorKind::DuplicateSection(name.to_string()));
            self.current = Current::Skip;
        } else {
            *slot = Some((at, Vec::new()));
            self.current = next;
        }
    }

    /// Line `line_no` (`line`, `trimmed` without its surrounding blanks,
    /// starting at `at`), neither blank, comment nor header: a line of the
    /// current section.
    fn line(&mut self, line_no: u32, line: &'a str, trimmed: &str, at: Pos, errors: &mut Errors) {
        let s = &mut self.sections;
        let slot = match self.current {
            Current::None => {
                if !self.complained {
                    errors.push(
                        at,
                        ErrorKind::ExpectedSection(trimmed.chars().take(40).collect()),
                    );
                    self.complained = true;
                }
                return;
            }
            Current::Skip => return,
            Current::Level => &mut s.level,
            Current::Grid => &mut s.grid,
            Current::Things => &mut s.things,
            Current::Portals => &mut s.portals,
        };
        if let Some((_, lines)) = slot {
            lines.push((
                line_no,
                if self.current == Current::Grid {
                    line.trim_end()
                } else {
                    line
                },
            ));
        }
    }
}
