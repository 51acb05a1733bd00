//! The binary level form (`.rlv`, `level convert`): compact; the level's
//! bincode payload in the game's one envelope (`crate::io::envelope`).
//!
//! Layout (all integers little-endian):
//!
//! | bytes  | field                                              |
//! |--------|----------------------------------------------------|
//! | 0..4   | magic `RAPL`                                       |
//! | 4..6   | format version (u16), currently [`FORMAT_VERSION`] |
//! | 6..10  | payload length in bytes (u32), at most 4 MiB       |
//! | 10..14 | CRC-32 (IEEE) of the payload (u32)                 |
//! | 14..   | payload: the [`Level`] encoded by bincode 2 (serde, standard config) |
//!
//! Decoding checks, in order: magic, version (a newer one is refused naming
//! both versions, before anything else is read, so later formats may change
//! everything after the version), length (truncated or trailing bytes),
//! checksum, bincode (with a 4 MiB allocation limit), and finally the same
//! semantic checks as text ([`Level::problems`]). Errors name the byte offset
//! of the field at fault; semantic problems name the file. bincode's errors
//! carry no offset, so the payload is decoded through a reader that counts
//! the bytes it hands out: a payload that does not decode is reported at the
//! start of the value that failed, in words ([`describe_decode_error`]).

use super::text::first;
use super::{ErrorKind, Level, LevelError, Pos};
use crate::equipment::EquipmentSet;
use crate::io::envelope::{Envelope, FileKind};

/// The first four bytes of every binary level.
pub const MAGIC: [u8; 4] = *b"RAPL";
/// The format version this build writes and the newest it reads. Version
/// 2 added `required_relics` and `par`, version 3 `requires` and
/// `forbids` (one byte each, a set of equipment); version 1 and 2 files
/// still load (as [`LevelV1`] and [`LevelV2`], without them).
pub const FORMAT_VERSION: u16 = 3;
/// Header bytes before the payload.
pub const HEADER_LEN: usize = crate::io::envelope::HEADER_LEN;

/// The envelope every binary level is sealed in.
const LEVEL_ENVELOPE: Envelope = Envelope {
    kind: FileKind::Level,
    magic: MAGIC,
    version: FORMAT_VERSION,
    max_payload: MAX_PAYLOAD,
};
/// The largest payload accepted, in bytes.
pub const MAX_PAYLOAD: usize = 4 << 20;

fn config() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Varint,
    bincode::config::Limit<MAX_PAYLOAD>,
> {
    bincode::config::standard().with_limit::<MAX_PAYLOAD>()
}

pub use crate::io::envelope::crc32;

/// A level as version 1 of the binary form held it (before the goal keys).
#[derive(serde::Deserialize)]
pub struct LevelV1 {
    name: String,
    notes: Vec<String>,
    grid: crate::grid::Grid,
    entrance: crate::grid::CellPos,
    things: Vec<super::ThingSpec>,
    portal_labels: Vec<char>,
}

impl From<LevelV1> for Level {
    fn from(v1: LevelV1) -> Level {
        Level {
            name: v1.name,
            notes: v1.notes,
            grid: v1.grid,
            entrance: v1.entrance,
            things: v1.things,
            portal_labels: v1.portal_labels,
            required_relics: None,
            par: None,
            requires: EquipmentSet::EMPTY,
            forbids: EquipmentSet::EMPTY,
        }
    }
}

/// A level as version 2 of the binary form held it (before equipment).
#[derive(serde::Deserialize)]
pub struct LevelV2 {
    name: String,
    notes: Vec<String>,
    grid: crate::grid::Grid,
    entrance: crate::grid::CellPos,
    things: Vec<super::ThingSpec>,
    portal_labels: Vec<char>,
    required_relics: Option<u16>,
    par: Option<u32>,
}

impl From<LevelV2> for Level {
    fn from(v2: LevelV2) -> Level {
        Level {
            name: v2.name,
            notes: v2.notes,
            grid: v2.grid,
            entrance: v2.entrance,
            things: v2.things,
            portal_labels: v2.portal_labels,
            required_relics: v2.required_relics,
            par: v2.par,
            requires: EquipmentSet::EMPTY,
            forbids: EquipmentSet::EMPTY,
        }
    }
}

/// A bincode reader over a payload that knows how far it has read: where
/// the value read last started, and where the reading stopped.
struct CountingReader<'a> {
    bytes: &'a [u8],
    /// Bytes handed out so far (the next read starts here).
    used: usize,
    /// Where the value read last started (0 before any read). A varint
    /// wider than one byte is read as its marker byte (251 to 254) and
    /// then its 2, 4, 8 or 16 bytes: the value starts at the marker.
    last_start: usize,
    /// The single byte read last and where it was; `None` after a longer read.
    last_byte: Option<(u8, usize)>,
}

impl bincode::de::read::Reader for CountingReader<'_> {
    fn read(&mut self, out: &mut [u8]) -> Result<(), bincode::error::DecodeError> {
        let end = self.used + out.len();
        let Some(src) = self.bytes.get(self.used..end) else {
            return Err(bincode::error::DecodeError::UnexpectedEnd {
                additional: end - self.bytes.len(),
            });
        };
        out.copy_from_slice(src);
        self.last_start = match self.last_byte {
            Some((251..=254, at)) if matches!(out.len(), 2 | 4 | 8 | 16) => at,
            _ => self.used,
        };
        self.last_byte = match out {
            [b] => Some((*b, self.used)),
            _ => None,
        };
        self.used = end;
        Ok(())
    }
}

/// What a bincode decoding error means for a level file, in words, and
/// whether it is about the value just read (`true`) or about where the
/// reading stopped (`false`: the data ran out there).
pub fn describe_decode_error(e: &bincode::error::DecodeError) -> (String, bool) {
    use bincode::error::DecodeError as D;
    let text = match e {
        D::UnexpectedEnd { additional } => {
            return (
                format!("the level's data ends early ({additional} more bytes needed)"),
                false,
            )
        }
        D::LimitExceeded => format!("a length that is over the {MAX_PAYLOAD}-byte limit"),
        D::InvalidIntegerType { .. } => "a number written with the wrong size".to_string(),
        D::NonZeroTypeIsZero { .. } => "a zero where a number must not be zero".to_string(),
        D::UnexpectedVariant { found, .. } => format!("an unknown kind number {found}"),
        D::Utf8 { .. } => "a name or note that is not UTF-8 text".to_string(),
        D::InvalidCharEncoding(_) => "a character that is not a Unicode character".to_string(),
        D::InvalidBooleanValue(v) => format!("a yes/no value of {v} (expected 0 or 1)"),
        D::ArrayLengthMismatch { required, found } => {
            format!("a list of {found} values (expected {required})")
        }
        D::OutsideUsizeRange(n) => format!("a length of {n}, too large for this machine"),
        D::EmptyEnum { .. } => "a value of a type that has none".to_string(),
        D::Other(text) => (*text).to_string(),
        // serde's own messages, e.g. "invalid value: integer `7`,
        // expected variant index 0 <= i < 4".
        D::OtherString(text) => text.clone(),
        _ => "a value that does not decode".to_string(),
    };
    (text, true)
}

/// Decodes a level payload; on failure, the byte offset in the payload
/// where decoding failed and what is wrong there.
fn decode_payload<T: serde::de::DeserializeOwned>(
    payload: &[u8],
) -> Result<(T, usize), (usize, String)> {
    let mut reader = CountingReader {
        bytes: payload,
        used: 0,
        last_start: 0,
        last_byte: None,
    };
    match bincode::serde::decode_from_reader(&mut reader, config()) {
        Ok(level) => Ok((level, reader.used)),
        Err(e) => {
            let (what, at_value) = describe_decode_error(&e);
            let at = if at_value {
                reader.last_start
            } else {
                reader.used
            };
            Err((at, what))
        }
    }
}

/// The level in binary form.
pub fn to_binary(level: &Level) -> Result<Vec<u8>, ErrorKind> {
    let payload = bincode::serde::encode_to_vec(level, config())
        .map_err(|e| ErrorKind::Encode(e.to_string()))?;
    LEVEL_ENVELOPE.seal(&payload)
}

/// Loads a binary level; on failure, the first problem.
pub fn from_binary(file: &str, bytes: &[u8]) -> Result<Level, LevelError> {
    check_binary(file, bytes).map_err(|e| first(file, e))
}

/// Loads a binary level; on failure, every problem found (never empty): one
/// for a damaged file, possibly several for a level that decodes but breaks
/// the rules of a level.
pub fn check_binary(file: &str, bytes: &[u8]) -> Result<Level, Vec<LevelError>> {
    match check_binary_draft(file, bytes) {
        Ok((level, problems)) if problems.is_empty() => Ok(level),
        Ok((_, problems)) => Err(problems),
        Err(errors) => Err(errors),
    }
}

/// Loads a binary level that may have semantic problems (an editor
/// autosave of a level not finished): `Ok` with the level and its problems
/// when the header, checksum and encoding are whole; `Err` for a damaged
/// or newer file.
pub fn check_binary_draft(
    file: &str,
    bytes: &[u8],
) -> Result<(Level, Vec<LevelError>), Vec<LevelError>> {
    let fail = |pos: Pos, kind: ErrorKind| Err(vec![LevelError::new(file, pos, kind)]);
    let (version, payload) = match LEVEL_ENVELOPE.open(bytes) {
        Ok(opened) => opened,
        Err((pos, kind)) => return fail(pos, kind),
    };
    let decoded = match version {
        1 => decode_payload::<LevelV1>(payload).map(|(l, used)| (Level::from(l), used)),
        2 => decode_payload::<LevelV2>(payload).map(|(l, used)| (Level::from(l), used)),
        _ => decode_payload::<Level>(payload),
    };
    let (level, used) = match decoded {
        Ok(decoded) => decoded,
        Err((at, what)) => {
            return fail(
                Pos::Byte((HEADER_LEN + at) as u64),
                ErrorKind::Damaged(what),
            )
        }
    };
    if used != payload.len() {
        let kind = ErrorKind::Damaged(format!(
            "{} bytes left over after the level",
            payload.len() - used
        ));
        return fail(Pos::Byte((HEADER_LEN + used) as u64), kind);
    }
    let problems: Vec<LevelError> = level
        .problems()
        .into_iter()
        .map(|p| LevelError::new(file, Pos::File, p.kind))
        .collect();
    log::info!(
        "loaded level '{}' from {file} (binary v{version})",
        level.name
    );
    Ok((level, problems))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::fixtures;

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn binary_round_trips_and_starts_with_magic_and_version() {
        let level = fixtures::level(fixtures::LOOP_BACK);
        let bytes = to_binary(&level).expect("encodes");
        assert_eq!(&bytes[..4], b"RAPL");
        assert_eq!(&bytes[4..6], &FORMAT_VERSION.to_le_bytes());
        assert_eq!(from_binary("t.rlv", &bytes), Ok(level));
    }

    #[test]
    fn each_header_problem_names_its_byte() {
        let level = fixtures::level(fixtures::LOOP_BACK);
        let bytes = to_binary(&level).expect("encodes");
        let err = |b: &[u8]| from_binary("t.rlv", b).err().map(|e| e.to_string());
        assert_eq!(
            err(b"PNG\x89"),
            Some(
                "t.rlv: byte 0: not a Rappel binary level (expected the magic bytes \"RAPL\")"
                    .into()
            )
        );
        assert_eq!(
            err(b"RAP"),
            Some("t.rlv: byte 3: file is truncated: it has 3 bytes (expected at least 6)".into())
        );
        let mut zero = bytes.clone();
        zero[4..6].copy_from_slice(&0u16.to_le_bytes());
        assert_eq!(
            err(&zero),
            Some("t.rlv: byte 4: unknown format version 0 (expected 1 or later)".into())
        );
        let mut long = bytes.clone();
        long.push(0);
        assert_eq!(
            err(&long),
            Some(format!(
                "t.rlv: byte {}: file is damaged: 1 bytes after the level (expected none)",
                bytes.len()
            ))
        );
        let mut huge = bytes.clone();
        huge[6..10].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(err(&huge)
            .is_some_and(|e| e.starts_with("t.rlv: byte 6: file is damaged: payload length")));
    }

    #[test]
    fn a_payload_with_a_fixed_checksum_is_still_checked() {
        // Corrupt the payload and recompute the checksum: bincode or the
        // level checks must still refuse it, without panicking.
        let level = fixtures::level(fixtures::LOOP_BACK);
        let bytes = to_binary(&level).expect("encodes");
        let mut refused = 0;
        for i in HEADER_LEN..bytes.len() {
            for flip in [0x01u8, 0x80, 0xFF] {
                let mut b = bytes.clone();
                b[i] ^= flip;
                let crc = crc32(&b[HEADER_LEN..]);
                b[10..14].copy_from_slice(&crc.to_le_bytes());
                match from_binary("t.rlv", &b) {
                    Ok(l) => assert!(l.is_valid()),
                    Err(_) => refused += 1,
                }
            }
        }
        assert!(refused > 0);
    }

    /// `payload` sealed as a level with a matching checksum.
    fn sealed(payload: &[u8]) -> Vec<u8> {
        LEVEL_ENVELOPE.seal(payload).expect("fits")
    }

    #[test]
    fn a_payload_that_does_not_decode_names_the_byte_and_the_problem_in_words() {
        let level = fixtures::level(fixtures::LOOP_BACK);
        let payload = to_binary(&level).expect("encodes")[HEADER_LEN..].to_vec();
        // The payload starts with the name: its length, then its bytes.
        assert_eq!(usize::from(payload[0]), level.name.len());
        let mut bad_name = payload.clone();
        bad_name[1] = 0xFF;
        let err = |b: &[u8]| from_binary("t.rlv", b).expect_err("refused").to_string();
        assert_eq!(
            err(&sealed(&bad_name)),
            "t.rlv: byte 15: file is damaged: a name or note that is not UTF-8 text"
        );
        // The name ends where the notes' count is: cut the payload there and
        // the data runs out at that byte.
        let name_end = 1 + level.name.len();
        assert_eq!(
            err(&sealed(&payload[..name_end])),
            format!(
                "t.rlv: byte {}: file is damaged: the level's data ends early (1 more bytes needed)",
                HEADER_LEN + name_end
            )
        );
        // A name length over the allocation limit is named at the length.
        let mut huge = payload.clone();
        huge.splice(0..1, [0xFC, 0xFF, 0xFF, 0xFF, 0x7F]);
        assert_eq!(
            err(&sealed(&huge)),
            format!("t.rlv: byte 14: file is damaged: a length that is over the {MAX_PAYLOAD}-byte limit")
        );
        // Never bincode's Debug text, whatever the damage.
        for i in 0..payload.len() {
            let mut b = payload.clone();
            b[i] ^= 0xFF;
            if let Err(e) = from_binary("t.rlv", &sealed(&b)) {
                let shown = e.to_string();
                assert!(!shown.contains(" { ") && !shown.contains("::"), "{shown}");
                if let Pos::Byte(at) = e.pos {
                    assert!((HEADER_LEN as u64..=bytes_len(&b)).contains(&at), "{shown}");
                }
            }
        }
    }

    fn bytes_len(payload: &[u8]) -> u64 {
        (HEADER_LEN + payload.len()) as u64
    }
}
