//! Saves of every released format, damaged or mislabelled: each is refused
//! with a reason and never panics or loads a state that is not the saved
//! game; a converted save plays on and undoes exactly like the same game
//! saved in the current format.
use super::{random_steps, V1_HASH};
use crate::io::save::*;
use crate::level::ErrorKind;
use crate::rng::SplitMix64;

/// The fixture of `version`: its level and its bytes.
fn fixture(version: u16) -> (Level, Vec<u8>) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/io/save/fixtures");
    let level = crate::level::load_file(&dir.join("v1_level.txt")).expect("fixture level");
    let bytes = std::fs::read(dir.join(format!("v{version}.sav"))).expect("fixture save");
    (level, bytes)
}

/// `payload` sealed as format `version`.
fn sealed_as(version: u16, payload: &[u8]) -> Vec<u8> {
    Envelope {
        version,
        ..SAVE_ENVELOPE
    }
    .seal(payload)
    .expect("seals")
}

/// The payload of a save file.
fn payload(bytes: &[u8]) -> &[u8] {
    &bytes[crate::io::envelope::HEADER_LEN..]
}

/// The fixture's game as the current build resumes it.
fn fixture_game() -> (Level, Session) {
    let (level, bytes) = fixture(SAVE_VERSION);
    let s = Session::load_bytes(&level, &bytes).expect("loads");
    (level, s)
}

#[test]
fn every_cut_and_every_flipped_byte_of_each_format_is_a_file_error() {
    for version in 1..=SAVE_VERSION {
        let (level, bytes) = fixture(version);
        for cut in 0..bytes.len() {
            match Session::load_bytes(&level, &bytes[..cut]) {
                Err(SaveError::File(..)) => {}
                other => panic!("v{version} cut at {cut}: {:?}", other.map(|_| ())),
            }
        }
        for at in 0..bytes.len() {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            // The version's low byte turned 0x13 or 0x12: a newer build's
            // save; otherwise a damaged one. Both are file errors.
            match Session::load_bytes(&level, &damaged) {
                Err(e @ SaveError::File(..)) => assert!(!e.to_string().is_empty()),
                other => panic!("v{version} byte {at} flipped: {:?}", other.map(|_| ())),
            }
        }
    }
}

#[test]
fn a_payload_under_another_formats_number_is_refused() {
    let (level, v1) = fixture(1);
    let (_, v2) = fixture(2);
    let (_, v3) = fixture(3);
    let (_, saved) = fixture_game();
    // Things of two sizes: the current layout read as the old one and the
    // old as the current never decode to a game.
    for (what, bytes) in [
        ("v3 payload as v2", sealed_as(2, payload(&v3))),
        ("v3 payload as v1", sealed_as(1, payload(&v3))),
        ("v2 payload as v3", sealed_as(3, payload(&v2))),
        ("v1 payload as v3", sealed_as(3, payload(&v1))),
    ] {
        match Session::load_bytes(&level, &bytes) {
            Err(e @ (SaveError::File(..) | SaveError::Inconsistent(_))) => {
                assert!(!e.to_string().is_empty(), "{what}");
            }
            other => panic!("{what}: {:?}", other.map(|s| s.state_hash())),
        }
    }
    // Format 1's live Things kept kind-ring links on the pair that is now
    // the free list's: read as format 2 they would sit on it. Refused.
    match Session::load_bytes(&level, &sealed_as(2, payload(&v1))) {
        Err(SaveError::Inconsistent(why)) => assert!(why.contains("broken"), "{why}"),
        other => panic!("v1 payload as v2: {:?}", other.map(|s| s.state_hash())),
    }
    // Format 2's payload as format 1 converts alike (no live Thing holds
    // that pair in format 2): the same game, not a wrong one.
    let s = Session::load_bytes(&level, &sealed_as(1, payload(&v2))).expect("loads");
    assert_eq!(s.state_hash(), saved.state_hash());
    // No format 0; a newer one is named as such.
    let e = Session::load_bytes(&level, &sealed_as(0, payload(&v3)))
        .err()
        .expect("format 0");
    assert_eq!(
        e,
        SaveError::File(Pos::Byte(4), ErrorKind::UnknownVersion(0))
    );
    let e = Session::load_bytes(&level, &sealed_as(SAVE_VERSION + 1, payload(&v3)))
        .err()
        .expect("newer");
    assert!(e.to_string().contains("newer"), "{e}");
}

#[test]
fn damage_behind_a_good_checksum_never_panics_nor_breaks_a_rule() {
    // What a checksum cannot catch (a bad writer): each payload byte of
    // the v2 and v3 fixtures changed, sealed again. Refused, or a game
    // every state of which the store validates (loading walks them all).
    for version in [2, SAVE_VERSION] {
        let (level, bytes) = fixture(version);
        let clean = payload(&bytes);
        let (mut refused, mut loaded) = (0, 0);
        for at in 0..clean.len() {
            let mut damaged = clean.to_vec();
            damaged[at] ^= if at % 2 == 0 { 0x01 } else { 0x80 };
            match Session::load_bytes(&level, &sealed_as(version, &damaged)) {
                Ok(s) => {
                    loaded += 1;
                    assert_eq!(s.stage().store().validate(), Ok(()), "v{version} {at}");
                }
                Err(e) => {
                    refused += 1;
                    assert!(!e.to_string().is_empty());
                }
            }
        }
        // Most bytes are a Thing's fields or the origin's letters, which
        // may hold any value; the rest are refused.
        assert!(refused > 0 && loaded > 0, "v{version}: {refused}/{loaded}");
    }
}

/// Plays `steps` random steps of undo, redo and actions on `s`, returning
/// the state hash after each.
fn play_on(s: &mut Session, seed: u64, steps: usize) -> Vec<u64> {
    let mut rng = SplitMix64::new(seed);
    (0..steps)
        .map(|_| {
            random_steps(s, &mut rng, 1);
            s.state_hash()
        })
        .collect()
}

#[test]
fn a_converted_save_plays_on_and_undoes_like_the_current_one() {
    for version in 1..SAVE_VERSION {
        let (level, mut now) = fixture_game();
        let (_, bytes) = fixture(version);
        let mut old = Session::load_bytes(&level, &bytes).expect("loads");
        assert_eq!(old.state_hash(), V1_HASH, "v{version}");
        assert_eq!(
            old.stage().store().things()[..],
            now.stage().store().things()[..],
            "v{version}: the same Things as the current format's save"
        );
        // The same play gives the same states, step by step.
        assert_eq!(
            play_on(&mut old, 31, 80),
            play_on(&mut now, 31, 80),
            "v{version}"
        );
        // All the way back: through the new steps and the loaded ones.
        while old.undo() {}
        while now.undo() {}
        assert_eq!(
            old.state_hash(),
            Session::new(&level).expect("stage").state_hash(),
            "v{version}: back at the start"
        );
        assert_eq!(old.state_hash(), now.state_hash());
        // Saved again, it is the current format and the same game.
        let bytes = old.save_bytes(&level).expect("saves");
        let again = Session::load_bytes(&level, &bytes).expect("loads");
        assert_eq!(again.state_hash(), old.state_hash());
        assert_eq!(again.undo_log().redoable(), old.undo_log().redoable());
        let store = again.stage().store();
        let mut rebuilt = store.clone();
        rebuilt.rebuild_links();
        assert!(rebuilt == *store, "v{version}: canonical after loading");
    }
}
