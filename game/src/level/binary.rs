//! The binary level form: compact, for saves and editor autosaves.
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

/// The first four bytes of every binary level.
pub const MAGIC: [u8; 4] = *b"RAPL";
/// The format version this build writes and the newest it reads.
pub const FORMAT_VERSION: u16 = 1;
/// Header bytes before the payload.
pub const HEADER_LEN: usize = 14;
/// The largest payload accepted, in bytes.
pub const MAX_PAYLOAD: usize = 4 << 20;

fn config() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Varint,
    bincode::config::Limit<MAX_PAYLOAD>,
> {
    bincode::config::standard().with_limit::<MAX_PAYLOAD>()
}

/// CRC-32 (IEEE 802.3, as in zlib and PNG).
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

/// The level in binary form.
pub fn to_binary(level: &Level) -> Result<Vec<u8>, ErrorKind> {
    let payload = bincode::serde::encode_to_vec(level, config())
        .map_err(|e| ErrorKind::Encode(e.to_string()))?;
    let len = u32::try_from(payload.len())
        .ok()
        .filter(|&n| n as usize <= MAX_PAYLOAD)
        .ok_or_else(|| {
            ErrorKind::Encode(format!(
                "{} bytes is over the {MAX_PAYLOAD}-byte limit",
                payload.len()
            ))
        })?;
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&crc32(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
    Ok(out)
}

fn read_u16(bytes: &[u8], at: usize) -> Option<u16> {
    bytes
        .get(at..at + 2)
        .and_then(|b| b.try_into().ok())
        .map(u16::from_le_bytes)
}

fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    bytes
        .get(at..at + 4)
        .and_then(|b| b.try_into().ok())
        .map(u32::from_le_bytes)
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
    let len = bytes.len() as u64;
    let truncated = |needed: usize| ErrorKind::Truncated {
        len,
        needed: needed as u64,
    };
    let head = bytes.get(..MAGIC.len()).unwrap_or(bytes);
    if head != &MAGIC[..head.len()] {
        return fail(Pos::Byte(0), ErrorKind::BadMagic);
    }
    let Some(version) = read_u16(bytes, 4) else {
        return fail(Pos::Byte(len), truncated(6));
    };
    if version == 0 {
        return fail(Pos::Byte(4), ErrorKind::UnknownVersion(version));
    }
    if version > FORMAT_VERSION {
        return fail(
            Pos::Byte(4),
            ErrorKind::NewerVersion {
                found: version,
                supported: FORMAT_VERSION,
            },
        );
    }
    let (Some(payload_len), Some(checksum)) = (read_u32(bytes, 6), read_u32(bytes, 10)) else {
        return fail(Pos::Byte(len), truncated(HEADER_LEN));
    };
    let payload_len = payload_len as usize;
    if payload_len > MAX_PAYLOAD {
        let kind = ErrorKind::Damaged(format!(
            "payload length {payload_len} is over the {MAX_PAYLOAD}-byte limit"
        ));
        return fail(Pos::Byte(6), kind);
    }
    let end = HEADER_LEN + payload_len;
    let Some(payload) = bytes.get(HEADER_LEN..end) else {
        return fail(Pos::Byte(len), truncated(end));
    };
    if bytes.len() > end {
        return fail(
            Pos::Byte(end as u64),
            ErrorKind::TrailingBytes((bytes.len() - end) as u64),
        );
    }
    if crc32(payload) != checksum {
        return fail(Pos::Byte(10), ErrorKind::ChecksumMismatch);
    }
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
