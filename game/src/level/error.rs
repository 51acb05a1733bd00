//! The one error type of level files: [`LevelError`] says which file, where
//! in it, and what was found versus what was expected.
//!
//! Positions: text files report `line:column` (both from 1, columns counted
//! in characters); binary files, which have no lines, report the byte offset
//! of the bad field; problems of a whole decoded level (a duplicate id, say)
//! name the file only. Display:
//! `levels/loop.txt:3:7: unknown character 'Q' in a cell (expected …)`,
//! `save.rlv: byte 4: made by a newer Rappel: format version 9 (this build reads up to 1)`.
//!
//! Text that came from a file or a user (a file name, a token, a campaign
//! entry) is shown through [`Escaped`]: its control characters are written
//! as escapes (`\r`, `\u{1b}`), so a carriage return cannot hide the
//! `file:line:col` prefix and an escape sequence cannot reach the terminal.

use crate::grid::{CellPos, GridProblem, PortalKind, MAX_PORTALS, MAX_SIZE};
use std::fmt::{self, Write as _};

/// Text shown with its control characters escaped: C0 and C1 controls and
/// DEL as Rust writes them in a string (`\r`, `\n`, `\t`, `\0`,
/// `\u{1b}`), and the line separators and bidirectional overrides that
/// would move or reorder the rest of a message as `\u{…}`. Everything else
/// (quotes, backslashes, any other Unicode) is shown as it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Escaped<'a>(pub &'a str);

/// `text` with its control characters escaped when displayed (see [`Escaped`]).
pub fn escaped(text: &str) -> Escaped<'_> {
    Escaped(text)
}

/// A path as messages show it: its display form with its control
/// characters escaped (see [`Escaped`]).
pub fn escaped_path(path: &std::path::Path) -> String {
    escaped(&path.display().to_string()).to_string()
}

/// Whether `c` is shown escaped (see [`Escaped`]).
fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
}

fn write_escaped(f: &mut fmt::Formatter<'_>, c: char) -> fmt::Result {
    if !needs_escape(c) {
        f.write_char(c)
    } else if c.is_control() {
        write!(f, "{}", c.escape_debug())
    } else {
        write!(f, "{}", c.escape_unicode())
    }
}

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.chars().try_for_each(|c| write_escaped(f, c))
    }
}

/// One character shown like [`Escaped`] text.
struct EscapedChar(char);

impl fmt::Display for EscapedChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_escaped(f, self.0)
    }
}

/// Where in a file an error is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Pos {
    /// Line and column of a text file, both from 1.
    Text {
        /// Line, from 1.
        line: u32,
        /// Column in characters, from 1.
        col: u32,
    },
    /// Byte offset in a binary file, from 0.
    Byte(u64),
    /// The file as a whole.
    File,
}

impl Pos {
    /// Line `line`, column `col`.
    pub const fn at(line: u32, col: u32) -> Pos {
        Pos::Text { line, col }
    }
}

/// Which position of the grid art a character was in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ArtPlace {
    /// A cell (odd row, odd column).
    Cell,
    /// A horizontal edge (even row, odd column).
    HorizontalEdge,
    /// A vertical edge (odd row, even column).
    VerticalEdge,
    /// A corner (even row, even column).
    Corner,
}

impl ArtPlace {
    fn describe(self) -> (&'static str, &'static str) {
        match self {
            ArtPlace::Cell => ("in a cell", "'.' air, '@' the entrance or '#' rock"),
            ArtPlace::HorizontalEdge => (
                "on a horizontal edge",
                "'#' wall, '-' platform, '.' open or a portal label",
            ),
            ArtPlace::VerticalEdge => (
                "on a vertical edge",
                "'#' wall, '.' open or a portal label; platforms are horizontal",
            ),
            ArtPlace::Corner => ("at a corner", "'#', '-', '.' or '+'"),
        }
    }
}

/// What went wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    /// Reading or writing the file failed.
    Io(String),
    /// The file name's extension names no level format.
    UnknownExtension(String),
    /// The bytes are not UTF-8 text.
    NotUtf8,
    /// Content before the first section header.
    ExpectedSection(String),
    /// A `[name]` header naming no known section.
    UnknownSection(String),
    /// A section appears twice.
    DuplicateSection(String),
    /// A required section is absent.
    MissingSection(&'static str),
    /// A character that has no meaning where it is in the grid art.
    UnknownChar {
        /// The character.
        ch: char,
        /// Where in the art it is.
        place: ArtPlace,
    },
    /// A grid row of a different width than the first.
    RaggedRow {
        /// This row's width in characters.
        width: usize,
        /// The first row's width.
        expected: usize,
    },
    /// The art does not have an odd number (at least 3) of rows or columns.
    GridShape {
        /// `"rows"` or `"columns"`.
        what: &'static str,
        /// How many there are.
        count: usize,
    },
    /// More than 128 cells along an axis.
    GridTooLarge {
        /// `"wide"` or `"tall"`.
        what: &'static str,
        /// Cells along that axis.
        cells: usize,
    },
    /// No `@` cell.
    NoEntrance,
    /// A second `@` cell.
    SecondEntrance,
    /// A portal label on only one edge.
    PortalLabelOnce(char),
    /// A portal label on a third edge.
    PortalLabelThrice(char),
    /// More than 64 portals.
    TooManyPortals {
        /// How many portals the file has.
        count: usize,
        /// The label of the 65th.
        label: char,
    },
    /// A portal edge with air on neither side.
    PortalNoOpenSide(char),
    /// The portal's kind in `[portals]` is impossible for its edges.
    PortalKindImpossible {
        /// Its label.
        label: char,
        /// The kind asked for.
        kind: PortalKind,
        /// The kinds its edges allow.
        possible: Vec<PortalKind>,
    },
    /// A portal joining a horizontal and a vertical edge whose turn is not
    /// fixed by walls and not given in `[portals]`.
    PortalAmbiguous(char),
    /// A `[portals]` line for a label not in the grid.
    UnknownPortalLabel(char),
    /// A `[portals]` line for a label already given.
    DuplicatePortalLine(char),
    /// An OPEN or PLATFORM edge on the outer boundary.
    OpenBoundary,
    /// An OPEN or PLATFORM edge beside rock.
    OpenBesideRock,
    /// The line or token is not what the grammar expects here.
    Syntax {
        /// What was expected.
        expected: String,
        /// What was found (empty: the end of the line).
        found: String,
    },
    /// A key that the section does not have.
    UnknownKey {
        /// The section.
        section: &'static str,
        /// The key found.
        key: String,
    },
    /// A key given twice.
    DuplicateKey(String),
    /// A required key is absent.
    MissingKey {
        /// The section.
        section: &'static str,
        /// The key.
        key: &'static str,
    },
    /// A number outside its range.
    OutOfRange {
        /// What the number is.
        what: &'static str,
        /// The value (saturated at `u64::MAX` for huge numbers).
        value: u64,
        /// Smallest allowed.
        min: u64,
        /// Largest allowed.
        max: u64,
    },
    /// The level name is empty, too long, or has quotes or control characters.
    BadName,
    /// A note line with control characters or over 200 characters.
    BadNote,
    /// An id or item name that is not a lower-case identifier.
    BadIdentifier(String),
    /// Item flags outside the defined set.
    BadFlags(u16),
    /// No hero among the things.
    NoHero,
    /// `requires` or `forbids` holds bits that name no equipment (a
    /// damaged binary file).
    BadEquipment(u8),
    /// A piece of equipment both required and forbidden.
    RequiredAndForbidden(crate::equipment::Equipment),
    /// A required piece that no hero of the level can take (a long rope
    /// where no hero carries a rope, a second rope where every hero does).
    RequiredUnfit(crate::equipment::Equipment),
    /// An id used twice.
    DuplicateId(String),
    /// More things than a level may hold.
    TooManyThings(usize),
    /// A thing (or a route point) outside the grid.
    ThingOutside {
        /// `"thing 'relic'"` or `"route point 2 of 'guard'"`.
        what: String,
        /// The cell.
        cell: CellPos,
        /// Grid width.
        width: usize,
        /// Grid height.
        height: usize,
    },
    /// A thing (or a route point) in rock.
    ThingInRock {
        /// As for [`ErrorKind::ThingOutside`].
        what: String,
        /// The cell.
        cell: CellPos,
    },
    /// A watcher with a route does not stand on its first waypoint.
    RouteStart {
        /// The watcher's id.
        id: String,
        /// Where it stands.
        cell: CellPos,
        /// Its first waypoint.
        first: CellPos,
    },
    /// A watcher's walk between two waypoints steps across a wall or a
    /// portal edge (watchers walk from cell to cell, through open edges and
    /// platforms only).
    RouteThroughWall {
        /// The walk, e.g. "the walk of 'sentry' from route point 1 to 2".
        what: String,
        /// The cell it steps from.
        from: CellPos,
        /// The cell beyond the edge.
        to: CellPos,
    },
    /// The entrance is outside the grid or in rock.
    BadEntrance(CellPos),
    /// The portal labels do not match the portal table.
    BadLabels,
    /// A broken grid invariant (binary files and levels built in code).
    Grid(GridProblem),
    /// The binary file ends early.
    Truncated {
        /// Bytes the file has.
        len: u64,
        /// Bytes needed to read on.
        needed: u64,
    },
    /// The binary file does not start with the magic number of its kind.
    BadMagic {
        /// The kind of file expected.
        file: crate::io::envelope::FileKind,
        /// Its magic bytes.
        magic: [u8; 4],
    },
    /// The binary file was written by a newer format version.
    NewerVersion {
        /// The file's version.
        found: u16,
        /// The newest this build reads.
        supported: u16,
    },
    /// The binary file names a format version this build never wrote (0).
    UnknownVersion(u16),
    /// The payload does not match its checksum.
    ChecksumMismatch,
    /// Bytes after the end of the file's contents.
    TrailingBytes {
        /// The kind of file.
        file: crate::io::envelope::FileKind,
        /// How many bytes are left over.
        count: u64,
    },
    /// The payload does not decode.
    Damaged(String),
    /// A level that cannot be encoded.
    Encode(String),
    /// A bad line in a campaign file.
    Campaign(String),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = |ch: char| EscapedChar(ch);
        match self {
            ErrorKind::Io(e) => write!(f, "{}", Escaped(e)),
            ErrorKind::UnknownExtension(ext) => write!(
                f,
                "unknown level file extension '{}' (expected .txt for text or .rlv for binary)",
                Escaped(ext)
            ),
            ErrorKind::NotUtf8 => write!(f, "bytes that are not UTF-8 (expected UTF-8 text)"),
            ErrorKind::ExpectedSection(found) => write!(
                f,
                "'{}' before any section (expected a header such as [level], or a // comment)",
                Escaped(found)
            ),
            ErrorKind::UnknownSection(name) => write!(
                f,
                "unknown section [{}] (expected [level], [grid], [things] or [portals])",
                Escaped(name)
            ),
            ErrorKind::DuplicateSection(name) => write!(
                f,
                "a second [{}] section (expected each section once)",
                Escaped(name)
            ),
            ErrorKind::MissingSection(name) => write!(f, "no [{name}] section (expected one)"),
            ErrorKind::UnknownChar { ch, place } => {
                let (where_, expected) = place.describe();
                write!(
                    f,
                    "unknown character '{}' {where_} (expected {expected})",
                    EscapedChar(*ch)
                )
            }
            ErrorKind::RaggedRow { width, expected } => write!(
                f,
                "grid row is {width} characters wide (expected {expected}, like the first row)"
            ),
            ErrorKind::GridShape { what, count } => write!(
                f,
                "grid art has {count} {what} (expected an odd number, at least 3: edges and cells alternate, edges first and last)"
            ),
            ErrorKind::GridTooLarge { what, cells } => write!(
                f,
                "grid is {cells} cells {what} (expected at most {MAX_SIZE})"
            ),
            ErrorKind::NoEntrance => write!(f, "no entrance (expected one '@' cell in the grid)"),
            ErrorKind::SecondEntrance => {
                write!(f, "a second entrance '@' (expected exactly one)")
            }
            ErrorKind::PortalLabelOnce(l) => write!(
                f,
                "portal label '{}' marks only this edge (expected it on exactly two edges)",
                c(*l)
            ),
            ErrorKind::PortalLabelThrice(l) => write!(
                f,
                "portal label '{}' marks a third edge (expected it on exactly two edges)",
                c(*l)
            ),
            ErrorKind::TooManyPortals { count, label } => write!(
                f,
                "{count} portals; '{}' is portal {} (expected at most {MAX_PORTALS})",
                c(*label),
                MAX_PORTALS + 1
            ),
            ErrorKind::PortalNoOpenSide(l) => write!(
                f,
                "portal '{}' cannot be joined: this edge has air on neither side (expected an air cell beside it)",
                c(*l)
            ),
            ErrorKind::PortalKindImpossible { label, kind, possible } => {
                write!(
                    f,
                    "portal '{}' cannot be joined as {kind} (expected ",
                    c(*label)
                )?;
                for (i, k) in possible.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" or ")?;
                    }
                    write!(f, "{k}")?;
                }
                if possible.is_empty() {
                    f.write_str("nothing: no air beside its edges")?;
                }
                f.write_str(")")
            }
            ErrorKind::PortalAmbiguous(l) => {
                let l = c(*l);
                write!(
                    f,
                    "portal '{l}' could turn either way (expected a line `{l} = cw` or `{l} = ccw` in [portals])"
                )
            }
            ErrorKind::UnknownPortalLabel(l) => write!(
                f,
                "portal '{}' is not in the grid (expected a label used in [grid])",
                c(*l)
            ),
            ErrorKind::DuplicatePortalLine(l) => write!(
                f,
                "portal '{}' is given twice (expected one line per portal)",
                c(*l)
            ),
            ErrorKind::OpenBoundary => write!(
                f,
                "open edge on the outer boundary (expected '#' or a portal label)"
            ),
            ErrorKind::OpenBesideRock => {
                write!(f, "open edge beside rock (expected '#' or a portal label)")
            }
            ErrorKind::Syntax { expected, found } => {
                let expected = Escaped(expected);
                if found.is_empty() {
                    write!(f, "expected {expected}, found the end of the line")
                } else {
                    write!(f, "expected {expected}, found '{}'", Escaped(found))
                }
            }
            ErrorKind::UnknownKey { section, key } => write!(
                f,
                "unknown key '{}' in [{section}] (expected name, required_relics, par, requires or forbids)",
                Escaped(key)
            ),
            ErrorKind::DuplicateKey(key) => {
                write!(f, "'{}' is given twice (expected once)", Escaped(key))
            }
            ErrorKind::MissingKey { section, key } => {
                write!(f, "[{section}] has no {key} (expected `{key} = \"...\"`)")
            }
            ErrorKind::OutOfRange { what, value, min, max } => {
                write!(f, "{what} {value} (expected {min} to {max})")
            }
            ErrorKind::BadName => write!(
                f,
                "bad level name (expected 1 to 64 characters in double quotes, without quotes or control characters inside)"
            ),
            ErrorKind::BadNote => write!(
                f,
                "bad note line (expected at most 200 characters, no control characters, no trailing spaces)"
            ),
            ErrorKind::BadIdentifier(s) => write!(
                f,
                "'{}' is not an identifier (expected lower-case letters, digits and _, starting with a letter, at most 32)",
                Escaped(s)
            ),
            ErrorKind::BadFlags(bits) => {
                write!(f, "item flags {bits:#010b} (expected only the six defined flags)")
            }
            ErrorKind::NoHero => write!(f, "no hero (expected at least one `hero` in [things])"),
            ErrorKind::BadEquipment(bits) => write!(
                f,
                "equipment bits {bits:#04x} name no equipment (expected long_rope, second_rope, spare_bucket)"
            ),
            ErrorKind::RequiredAndForbidden(e) => write!(
                f,
                "{e} is both required and forbidden (expected one or the other)"
            ),
            ErrorKind::RequiredUnfit(e) => match e {
                crate::equipment::Equipment::LongRope => write!(
                    f,
                    "{e} is required, but no hero carries a rope to lengthen (expected a hero with `rope N`)"
                ),
                crate::equipment::Equipment::SecondRope => write!(
                    f,
                    "{e} is required, but every hero carries a rope (expected a hero without one)"
                ),
                crate::equipment::Equipment::SpareBucket => {
                    write!(f, "{e} is required, but the level has no hero (expected one)")
                }
            },
            ErrorKind::DuplicateId(id) => {
                write!(f, "duplicate id '{}' (expected each id once)", Escaped(id))
            }
            ErrorKind::TooManyThings(n) => write!(
                f,
                "{n} things (expected at most {})",
                super::thing_spec::MAX_THINGS
            ),
            ErrorKind::ThingOutside { what, cell, width, height } => write!(
                f,
                "{} at {cell} is outside the {width}x{height} grid (expected 0 <= x < {width}, 0 <= y < {height})",
                Escaped(what)
            ),
            ErrorKind::ThingInRock { what, cell } => write!(
                f,
                "{} at {cell} is in rock (expected an air cell)",
                Escaped(what)
            ),
            ErrorKind::RouteStart { id, cell, first } => write!(
                f,
                "watcher '{}' stands at {cell} but its route starts at {first} (expected it to start where the watcher stands)",
                Escaped(id)
            ),
            ErrorKind::RouteThroughWall { what, from, to } => write!(
                f,
                "{what} steps from {from} to {to} through a wall (expected an open edge or a platform between them)"
            ),
            ErrorKind::BadEntrance(c) => {
                write!(f, "entrance {c} is not an air cell of the grid")
            }
            ErrorKind::BadLabels => write!(
                f,
                "portal labels do not match the portals (expected one distinct label per portal)"
            ),
            ErrorKind::Grid(p) => write!(f, "{p}"),
            ErrorKind::Truncated { len, needed } => write!(
                f,
                "file is truncated: it has {len} bytes (expected at least {needed})"
            ),
            ErrorKind::BadMagic { file, magic } => write!(
                f,
                "not a {file} (expected the magic bytes \"{}\")",
                String::from_utf8_lossy(magic)
            ),
            ErrorKind::NewerVersion { found, supported } => write!(
                f,
                "made by a newer Rappel: format version {found} (this build reads up to {supported})"
            ),
            ErrorKind::UnknownVersion(v) => {
                write!(f, "unknown format version {v} (expected 1 or later)")
            }
            ErrorKind::ChecksumMismatch => write!(
                f,
                "file is damaged: the checksum does not match (expected the bytes as written)"
            ),
            ErrorKind::TrailingBytes { file, count } => write!(
                f,
                "file is damaged: {count} bytes after the {} (expected none)",
                file.noun()
            ),
            ErrorKind::Damaged(detail) => write!(f, "file is damaged: {}", Escaped(detail)),
            ErrorKind::Encode(detail) => {
                write!(f, "cannot encode the level: {}", Escaped(detail))
            }
            ErrorKind::Campaign(detail) => write!(f, "{}", Escaped(detail)),
        }
    }
}

/// An error in a level file: the file, where in it, and what went wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LevelError {
    /// The file name as the caller gave it (a path, or a name for messages).
    pub file: String,
    /// Where in the file.
    pub pos: Pos,
    /// What went wrong and what was expected.
    pub kind: ErrorKind,
}

impl LevelError {
    /// An error in `file` at `pos`.
    pub fn new(file: &str, pos: Pos, kind: ErrorKind) -> Self {
        Self {
            file: file.to_string(),
            pos,
            kind,
        }
    }
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = Escaped(&self.file);
        match self.pos {
            Pos::Text { line, col } => write!(f, "{file}:{line}:{col}: {}", self.kind),
            Pos::Byte(offset) => write!(f, "{file}: byte {offset}: {}", self.kind),
            Pos::File => write!(f, "{file}: {}", self.kind),
        }
    }
}

impl std::error::Error for LevelError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_file_position_and_expectation() {
        let e = LevelError::new(
            "levels/loop.txt",
            Pos::at(3, 7),
            ErrorKind::UnknownChar {
                ch: 'Q',
                place: ArtPlace::Cell,
            },
        );
        assert_eq!(
            e.to_string(),
            "levels/loop.txt:3:7: unknown character 'Q' in a cell (expected '.' air, '@' the entrance or '#' rock)"
        );
        let e = LevelError::new(
            "save.rlv",
            Pos::Byte(4),
            ErrorKind::NewerVersion {
                found: 9,
                supported: 1,
            },
        );
        assert_eq!(
            e.to_string(),
            "save.rlv: byte 4: made by a newer Rappel: format version 9 (this build reads up to 1)"
        );
        let e = LevelError::new("x.rlv", Pos::File, ErrorKind::NoHero);
        assert_eq!(
            e.to_string(),
            "x.rlv: no hero (expected at least one `hero` in [things])"
        );
    }

    #[test]
    fn control_characters_from_a_file_are_escaped_in_messages() {
        // A carriage return would move the cursor back over the
        // `file:line:col` prefix; an escape sequence would recolour the
        // terminal. Both come out as visible escapes.
        let e = LevelError::new(
            "lev\rel.txt",
            Pos::at(2, 1),
            ErrorKind::UnknownSection("\u{1b}[31mred\r\u{202E}".into()),
        );
        let shown = e.to_string();
        assert_eq!(
            shown,
            "lev\\rel.txt:2:1: unknown section [\\u{1b}[31mred\\r\\u{202e}] (expected [level], [grid], [things] or [portals])"
        );
        assert!(!shown.chars().any(char::is_control), "{shown:?}");
        // Ordinary text, quotes and non-ASCII letters are left alone.
        assert_eq!(
            escaped("Höhle 'a' \\ \"b\"").to_string(),
            "Höhle 'a' \\ \"b\""
        );
        // From real parsing: a token holding a carriage return and an
        // escape sequence, in every message that quotes the file.
        let text = "[level]\nname = \"x\"\n[gri\u{1b}[2Jd]\n[w\rat]\n";
        let errors = crate::level::check_text("t.txt", text).expect_err("bad sections");
        assert!(errors.len() >= 2, "{errors:?}");
        for e in &errors {
            let shown = e.to_string();
            assert!(shown.starts_with("t.txt:"), "{shown:?}");
            assert!(!shown.chars().any(char::is_control), "{shown:?}");
        }
        let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(
            all.iter().any(|m| m.contains("[gri\\u{1b}[2Jd]")),
            "{all:?}"
        );
        assert!(all.iter().any(|m| m.contains("[w\\rat]")), "{all:?}");
        // A control character in a grid cell is quoted escaped too.
        let e = LevelError::new(
            "t.txt",
            Pos::at(6, 4),
            ErrorKind::UnknownChar {
                ch: '\u{7}',
                place: ArtPlace::Cell,
            },
        );
        assert!(
            e.to_string()
                .starts_with("t.txt:6:4: unknown character '\\u{7}' in a cell"),
            "{e}"
        );
    }
}
