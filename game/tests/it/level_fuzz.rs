//! Property tests: the loaders never panic, whatever the bytes. Inputs are
//! the shipped levels and the fixtures, mutated (byte flips, truncation,
//! line shuffles, line drops and repeats), plus random bytes, random
//! grid-like text, and binary files with valid headers around random or
//! corrupted payloads. Whatever does load must be a valid level that
//! survives its own text and binary round trips unchanged.

use game::level::{binary, fixtures, text, to_text, Level};
use proptest::prelude::*;
use std::fs;
use std::path::Path;

/// The valid level texts mutations start from.
fn sources() -> Vec<String> {
    let mut out: Vec<String> = fixtures::ALL.iter().map(|(_, t)| t.to_string()).collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    if let Ok(entries) = fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "txt")
                && p.file_name().is_some_and(|n| n != "campaign.txt")
            {
                if let Ok(t) = fs::read_to_string(&p) {
                    out.push(t);
                }
            }
        }
    }
    out
}

/// What loaded must be whole: valid, canonical on a second pass, and equal
/// through the binary form.
fn check_loaded(level: &Level) -> Result<(), TestCaseError> {
    prop_assert!(level.is_valid(), "{:?}", level.problems());
    let canonical = to_text(level);
    let again = text::load_text("again.txt", &canonical);
    prop_assert_eq!(
        again.as_ref(),
        Ok(level),
        "canonical text reloads:\n{}",
        canonical
    );
    let bytes = binary::to_binary(level).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let decoded = binary::from_binary("again.rlv", &bytes);
    prop_assert_eq!(decoded.as_ref(), Ok(level));
    Ok(())
}

fn load_text_bytes(bytes: &[u8]) -> Result<(), TestCaseError> {
    match text::check_text_bytes("fuzz.txt", bytes) {
        Ok(level) => check_loaded(&level),
        Err(errors) => {
            prop_assert!(!errors.is_empty());
            for e in &errors {
                prop_assert!(e.to_string().starts_with("fuzz.txt:"));
            }
            Ok(())
        }
    }
}

fn load_binary(bytes: &[u8]) -> Result<(), TestCaseError> {
    match binary::check_binary("fuzz.rlv", bytes) {
        Ok(level) => check_loaded(&level),
        Err(errors) => {
            prop_assert!(!errors.is_empty());
            Ok(())
        }
    }
}

/// Wraps `payload` in a valid header (magic, version, length, checksum).
fn with_header(payload: &[u8]) -> Vec<u8> {
    let mut out = b"RAPL".to_vec();
    out.extend_from_slice(&binary::FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(&binary::crc32(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

fn source_index() -> impl Strategy<Value = usize> {
    0..sources().len()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn byte_flips_never_panic(src in source_index(), flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
        let mut bytes = sources()[src].clone().into_bytes();
        for (at, value) in flips {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        load_text_bytes(&bytes)?;
    }

    #[test]
    fn grid_character_swaps_never_panic(src in source_index(), swaps in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(vec![b'#', b'.', b'-', b'@', b'a', b'b', b'+', b' ', b'\n'])), 1..6)) {
        // Swaps among meaningful characters reach deeper than random bytes.
        let mut bytes = sources()[src].clone().into_bytes();
        for (at, value) in swaps {
            let i = at.index(bytes.len());
            bytes[i] = value;
        }
        load_text_bytes(&bytes)?;
    }

    #[test]
    fn truncation_never_panics(src in source_index(), at in any::<prop::sample::Index>()) {
        let bytes = sources()[src].clone().into_bytes();
        let cut = at.index(bytes.len() + 1);
        load_text_bytes(&bytes[..cut])?;
    }

    #[test]
    fn line_shuffles_drops_and_repeats_never_panic(src in source_index(), seed in any::<u64>(), mode in 0..3u8) {
        let text = sources()[src].clone();
        let mut lines: Vec<&str> = text.split('\n').collect();
        let n = lines.len();
        let mut state = seed | 1;
        let mut next = |m: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % m.max(1) as u64) as usize
        };
        match mode {
            0 => {
                for _ in 0..3 {
                    let (a, b) = (next(n), next(n));
                    lines.swap(a, b);
                }
            }
            1 => {
                let i = next(n);
                lines.remove(i);
            }
            _ => {
                let i = next(n);
                let line = lines[i];
                lines.insert(next(n), line);
            }
        }
        load_text_bytes(lines.join("\n").as_bytes())?;
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        load_text_bytes(&bytes)?;
        load_binary(&bytes)?;
    }

    #[test]
    fn binary_flips_and_truncation_never_panic(src in source_index(), at in any::<prop::sample::Index>(), value in any::<u8>(), cut in any::<prop::sample::Index>(), fix_checksum in any::<bool>()) {
        let level = text::load_text("src.txt", &sources()[src]).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let bytes = binary::to_binary(&level).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut payload = bytes[binary::HEADER_LEN..].to_vec();
        let i = at.index(payload.len());
        payload[i] = value;
        let mut damaged = if fix_checksum { with_header(&payload) } else {
            let mut b = bytes.clone();
            b[binary::HEADER_LEN..].copy_from_slice(&payload);
            b
        };
        load_binary(&damaged)?;
        let keep = cut.index(damaged.len() + 1);
        damaged.truncate(keep);
        load_binary(&damaged)?;
    }

    #[test]
    fn random_payloads_behind_a_valid_header_never_panic(payload in prop::collection::vec(any::<u8>(), 0..400)) {
        load_binary(&with_header(&payload))?;
    }
}
