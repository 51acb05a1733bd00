//! The one binary envelope of the game's files: binary levels (`.rlv`),
//! saved games and the editor's autosaves (`crate::edit::draft`: a level
//! with its undo history) each put their bincode payload in it.
//!
//! Layout (all integers little-endian):
//!
//! | bytes  | field                                     |
//! |--------|-------------------------------------------|
//! | 0..4   | magic, naming the kind of file            |
//! | 4..6   | format version (u16, from 1)              |
//! | 6..10  | payload length in bytes (u32)             |
//! | 10..14 | CRC-32 (IEEE) of the payload (u32)        |
//! | 14..   | payload                                   |
//!
//! Opening checks, in order: magic, version (a newer one is refused naming
//! both versions, before anything else is read, so a later format may
//! change everything after the version), length (over the limit, truncated
//! or trailing bytes) and checksum. Every failure names the byte offset of
//! the field at fault, in the level files' error vocabulary, and the kind of
//! file that was expected ([`FileKind`]), so a damaged save is not called a
//! level.
use crate::level::{ErrorKind, Pos};
use std::fmt;

/// The kinds of file sealed in the envelope, as errors name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A binary level (`.rlv`; an editor autosave before they kept the
    /// undo history).
    Level,
    /// A saved game in progress.
    Save,
    /// The level editor's autosave: a level's undo history
    /// (`crate::edit::draft`).
    Draft,
}

impl FileKind {
    /// What is in the file, in a few words: "level", "saved game".
    pub fn noun(self) -> &'static str {
        match self {
            FileKind::Level => "level",
            FileKind::Save => "saved game",
            FileKind::Draft => "editor autosave",
        }
    }
}

impl fmt::Display for FileKind {
    /// The file's kind as an error names it: "Rappel binary level".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileKind::Level => write!(f, "Rappel binary level"),
            FileKind::Save => write!(f, "Rappel save"),
            FileKind::Draft => write!(f, "Rappel editor autosave"),
        }
    }
}

/// Header bytes before the payload.
pub const HEADER_LEN: usize = 14;

/// One kind of file's envelope: which kind it is, its magic, the newest
/// version this build writes and reads, and the largest payload it accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Envelope {
    /// Which kind of file (named in errors).
    pub kind: FileKind,
    /// The four bytes a file of this kind starts with.
    pub magic: [u8; 4],
    /// The newest format version this build writes and reads.
    pub version: u16,
    /// The largest payload accepted, in bytes.
    pub max_payload: usize,
}

/// CRC-32 (IEEE 802.3, as in zlib and PNG), computed by `crc32fast`.
pub fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
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

impl Envelope {
    /// `payload` sealed in the envelope, at this build's version.
    pub fn seal(&self, payload: &[u8]) -> Result<Vec<u8>, ErrorKind> {
        let len = u32::try_from(payload.len())
            .ok()
            .filter(|&n| n as usize <= self.max_payload)
            .ok_or_else(|| {
                ErrorKind::Encode(format!(
                    "{} bytes is over the {}-byte limit",
                    payload.len(),
                    self.max_payload
                ))
            })?;
        let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
        out.extend_from_slice(&self.magic);
        out.extend_from_slice(&self.version.to_le_bytes());
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&crc32(payload).to_le_bytes());
        out.extend_from_slice(payload);
        Ok(out)
    }

    /// The version and the payload of `bytes`, or the first thing wrong
    /// with them and where (see the module docs).
    pub fn open<'a>(&self, bytes: &'a [u8]) -> Result<(u16, &'a [u8]), (Pos, ErrorKind)> {
        let len = bytes.len() as u64;
        let truncated = |needed: usize| ErrorKind::Truncated {
            len,
            needed: needed as u64,
        };
        let head = bytes.get(..self.magic.len()).unwrap_or(bytes);
        if head != &self.magic[..head.len()] {
            let kind = ErrorKind::BadMagic {
                file: self.kind,
                magic: self.magic,
            };
            return Err((Pos::Byte(0), kind));
        }
        let Some(version) = read_u16(bytes, 4) else {
            return Err((Pos::Byte(len), truncated(6)));
        };
        if version == 0 {
            return Err((Pos::Byte(4), ErrorKind::UnknownVersion(version)));
        }
        if version > self.version {
            return Err((
                Pos::Byte(4),
                ErrorKind::NewerVersion {
                    found: version,
                    supported: self.version,
                },
            ));
        }
        let (Some(payload_len), Some(checksum)) = (read_u32(bytes, 6), read_u32(bytes, 10)) else {
            return Err((Pos::Byte(len), truncated(HEADER_LEN)));
        };
        let payload_len = payload_len as usize;
        if payload_len > self.max_payload {
            let kind = ErrorKind::Damaged(format!(
                "payload length {payload_len} is over the {}-byte limit",
                self.max_payload
            ));
            return Err((Pos::Byte(6), kind));
        }
        let end = HEADER_LEN + payload_len;
        let Some(payload) = bytes.get(HEADER_LEN..end) else {
            return Err((Pos::Byte(len), truncated(end)));
        };
        if bytes.len() > end {
            return Err((
                Pos::Byte(end as u64),
                ErrorKind::TrailingBytes {
                    file: self.kind,
                    count: (bytes.len() - end) as u64,
                },
            ));
        }
        if crc32(payload) != checksum {
            return Err((Pos::Byte(10), ErrorKind::ChecksumMismatch));
        }
        Ok((version, payload))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: Envelope = Envelope {
        kind: FileKind::Save,
        magic: *b"TEST",
        version: 2,
        max_payload: 64,
    };

    #[test]
    fn a_sealed_payload_opens_and_each_damage_is_named_where_it_is() {
        let sealed = TEST.seal(b"hello").expect("fits");
        assert_eq!(TEST.open(&sealed), Ok((2, &b"hello"[..])));
        let older = Envelope { version: 1, ..TEST }.seal(b"old").expect("fits");
        assert_eq!(
            TEST.open(&older),
            Ok((1, &b"old"[..])),
            "older versions open"
        );
        let newer = Envelope { version: 3, ..TEST }.seal(b"new").expect("fits");
        assert!(matches!(
            TEST.open(&newer),
            Err((Pos::Byte(4), ErrorKind::NewerVersion { .. }))
        ));
        let mut flipped = sealed.clone();
        flipped[HEADER_LEN] ^= 1;
        assert_eq!(
            TEST.open(&flipped),
            Err((Pos::Byte(10), ErrorKind::ChecksumMismatch))
        );
        assert!(matches!(
            TEST.open(&sealed[..10]),
            Err((_, ErrorKind::Truncated { .. }))
        ));
        let (at, kind) = TEST.open(b"NOPE").expect_err("another magic");
        assert_eq!(at, Pos::Byte(0));
        assert_eq!(
            kind.to_string(),
            "not a Rappel save (expected the magic bytes \"TEST\")",
            "the error names the kind of file"
        );
        assert!(TEST.open(&[]).is_err());
        assert!(TEST.seal(&[0; 65]).is_err(), "over the limit");
    }

    #[test]
    fn crc32_is_the_ieee_checksum() {
        // The standard check value of CRC-32/ISO-HDLC, and the PNG IEND
        // chunk's CRC (over "IEND"), as every PNG file carries it.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
        assert_eq!(crc32(b""), 0);
        // The envelope stores it little-endian at bytes 10..14.
        let sealed = TEST.seal(b"123456789").expect("fits");
        assert_eq!(sealed[10..14], 0xCBF4_3926u32.to_le_bytes());
    }
}
