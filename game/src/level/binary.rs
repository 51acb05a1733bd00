//! The binary level form: compact, for editor autosaves; the level's
//! bincode payload in the game's one envelope (`crate::envelope`).
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
//! of the field at fault; semantic problems name the file.

use super::text::first;
use super::{ErrorKind, Level, LevelError, Pos};
use crate::envelope::Envelope;

/// The first four bytes of every binary level.
pub const MAGIC: [u8; 4] = *b"RAPL";
/// The format version this build writes and the newest it reads.
pub const FORMAT_VERSION: u16 = 1;
/// Header bytes before the payload.
pub const HEADER_LEN: usize = crate::envelope::HEADER_LEN;

/// The envelope every binary level is sealed in.
const LEVEL_ENVELOPE: Envelope = Envelope {
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

pub use crate::envelope::crc32;

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
    let (level, used): (Level, usize) = match bincode::serde::decode_from_slice(payload, config()) {
        Ok(decoded) => decoded,
        Err(e) => {
            return fail(
                Pos::Byte(HEADER_LEN as u64),
                ErrorKind::Damaged(e.to_string()),
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
}
