//! Saves: round trips of random play (state, undo and redo counts, every
//! later undo and redo), damage of every kind, size and speed. Every format
//! version's bytes and their damage are in `tests/format.rs`.

mod format;

use super::*;
use crate::action::Action;
use crate::level::load_file;
use crate::random_play::random_actions;
use crate::rng::SplitMix64;
use crate::things::{Ring, RingLinks};

fn shipped(name: &str) -> Level {
    load_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../levels")
            .join(name),
    )
    .expect("shipped level")
}

/// `steps` random steps: actions (the first one accepted of a few
/// candidates), undo, redo and restart.
fn random_session(level: &Level, seed: u64, steps: usize) -> Session {
    let mut rng = SplitMix64::new(seed);
    let mut s = Session::new(level).expect("stage");
    random_steps(&mut s, &mut rng, steps);
    s
}

/// `steps` random steps on `s`, as [`random_session`] plays them.
pub(super) fn random_steps(s: &mut Session, rng: &mut SplitMix64, steps: usize) {
    for _ in 0..steps {
        match rng.below(10) {
            0 | 1 => {
                s.undo();
            }
            2 => {
                s.redo();
            }
            3 if rng.chance(20) => {
                s.restart();
            }
            _ => {
                for a in random_actions(s, rng).into_iter().take(6) {
                    if s.perform(&a).is_ok() {
                        break;
                    }
                }
            }
        }
    }
}

fn same(a: &Session, b: &Session, what: &str) {
    assert_eq!(a.state_hash(), b.state_hash(), "{what}: state");
    assert_eq!(
        a.undo_log().undoable(),
        b.undo_log().undoable(),
        "{what}: undo count"
    );
    assert_eq!(
        a.undo_log().redoable(),
        b.undo_log().redoable(),
        "{what}: redo count"
    );
}

#[test]
fn a_saved_game_resumes_exactly_with_its_whole_history() {
    for (name, seed) in [
        ("loop_back.txt", 1),
        ("rope_descent.txt", 2),
        ("heavy_haul.txt", 3),
        ("watcher_hall.txt", 4),
    ] {
        let level = shipped(name);
        let mut a = random_session(&level, seed, 150);
        // Leave a redo branch behind, too.
        a.undo();
        a.undo();
        let bytes = a.save_bytes(&level).expect("saves");
        let mut b = Session::load_bytes(&level, &bytes).expect("loads");
        same(&a, &b, name);
        // Every undo and redo after the load does what it did before.
        let mut rng = SplitMix64::new(seed + 100);
        for i in 0..60 {
            if rng.chance(60) {
                assert_eq!(a.undo(), b.undo());
            } else {
                assert_eq!(a.redo(), b.redo());
            }
            same(&a, &b, &format!("{name} after {i} more"));
        }
        // And the same bytes come out again.
        while b.redo() {}
        while a.redo() {}
        assert_eq!(a.save_bytes(&level), b.save_bytes(&level));
    }
}

#[test]
fn a_damaged_or_foreign_save_is_refused_with_a_reason_and_never_panics() {
    let level = shipped("rope_descent.txt");
    let s = random_session(&level, 9, 40);
    let bytes = s.save_bytes(&level).expect("saves");
    // Truncated, bit-flipped, wrong magic, empty: a file error, named.
    for (what, damaged) in [
        ("truncated", bytes[..bytes.len() / 2].to_vec()),
        ("empty", Vec::new()),
        ("magic", {
            let mut b = bytes.clone();
            b[0] = b'X';
            b
        }),
        ("flipped", {
            let mut b = bytes.clone();
            let last = b.len() - 1;
            b[last] ^= 0x40;
            b
        }),
    ] {
        let e = Session::load_bytes(&level, &damaged)
            .err()
            .unwrap_or_else(|| panic!("{what}"));
        assert!(matches!(e, SaveError::File(..)), "{what}: {e}");
        assert!(!e.to_string().is_empty());
    }
    // A save with another magic is named a save, not a level.
    let mut foreign = bytes.clone();
    foreign[..4].copy_from_slice(b"RAPL");
    let e = Session::load_bytes(&level, &foreign).err().expect("magic");
    assert_eq!(
        e.to_string(),
        "byte 0: not a Rappel save (expected the magic bytes \"RSAV\")"
    );
    // Bytes after the payload are after the saved game, not a level.
    let mut longer = bytes.clone();
    longer.push(0);
    let e = Session::load_bytes(&level, &longer).err().expect("longer");
    assert!(e.to_string().contains("after the saved game"), "{e}");
    // From a newer build: refused, saying so.
    let mut newer = bytes.clone();
    newer[4..6].copy_from_slice(&(SAVE_VERSION + 1).to_le_bytes());
    let e = Session::load_bytes(&level, &newer).err().expect("newer");
    assert!(e.to_string().contains("newer"), "{e}");
    // Another level's save.
    let other = shipped("heavy_haul.txt");
    assert_eq!(
        Session::load_bytes(&other, &bytes).err(),
        Some(SaveError::OtherLevel)
    );
    // Whole and well-sealed, but not a game: a snapshot breaking the tree
    // is found by the walk over every reachable state.
    let mut saved = s.to_saved(&level);
    if let Some(step) = saved
        .steps
        .iter_mut()
        .find(|step| !step.snapshots().is_empty())
    {
        let mut t = step.snapshots()[0];
        t.tamper_parent_for_tests(t.index());
        step.replace_snapshot_for_tests(0, t);
    }
    let payload = bincode::serde::encode_to_vec(&saved, config()).expect("encodes");
    let sealed = SAVE_ENVELOPE.seal(&payload).expect("seals");
    let e = Session::load_bytes(&level, &sealed)
        .err()
        .expect("inconsistent");
    assert!(matches!(e, SaveError::Inconsistent(_)), "{e}");
}

#[test]
fn a_thousand_steps_of_heavy_haul_save_small_and_fast() {
    let level = shipped("heavy_haul.txt");
    let mut s = Session::new(&level).expect("stage");
    let mut rng = SplitMix64::new(77);
    let mut steps = 0;
    while steps < 1000 {
        for a in random_actions(&mut s, &mut rng).into_iter().take(8) {
            if s.perform(&a).is_ok() {
                steps += 1;
                break;
            }
        }
        if s.stage().outcome() != crate::stage::Outcome::Playing {
            s.undo();
        }
    }
    let t = std::time::Instant::now();
    let bytes = s.save_bytes(&level).expect("saves");
    let took = t.elapsed();
    eprintln!(
        "1000-step heavy haul save: {} bytes, {} undo steps, encoded in {:?}",
        bytes.len(),
        s.undo_log().undoable(),
        took
    );
    assert!(bytes.len() < 100 * 1024, "{} bytes", bytes.len());
    let _ = Action::EndTurn;
}

/// Saves written by each released save version, with the level each was
/// made in: every one must keep loading (a newer build reads older saves).
/// `RAPPEL_BLESS_SAVES=1` writes the current version's fixture afresh —
/// only when the format version is new, never over a released one.
#[test]
fn a_save_from_each_released_version_still_loads() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/io/save/fixtures");
    let level = load_file(&dir.join("v1_level.txt")).expect("fixture level");
    let path = dir.join(format!("v{SAVE_VERSION}.sav"));
    if std::env::var_os("RAPPEL_BLESS_SAVES").is_some() && !path.exists() {
        let mut s = random_session(&level, 5, 60);
        s.undo();
        let mut saved = s.to_saved(&level);
        saved.origin = "campaign rope_descent.txt".into();
        std::fs::write(&path, saved.encode().expect("encodes")).expect("bless");
    }
    // (version, state hash, undoable, redoable) as saved.
    // Versions 2 and 3 were blessed from the
    // same seed and level as version 1: the same game, its live Things
    // without kind-ring links, then without the cell-ring pair.
    let released: [(u16, u64, usize, usize); 3] = [
        (1, V1_HASH, V1_UNDOABLE, V1_REDOABLE),
        (2, V1_HASH, V1_UNDOABLE, V1_REDOABLE),
        (3, V1_HASH, V1_UNDOABLE, V1_REDOABLE),
    ];
    for (version, hash, undoable, redoable) in released {
        let bytes = std::fs::read(dir.join(format!("v{version}.sav"))).expect("fixture save");
        assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), version);
        let saved = SavedGame::decode(&bytes).expect("decodes");
        assert_eq!(saved.origin, "campaign rope_descent.txt");
        let mut s = Session::from_saved(&level, saved).expect("loads");
        assert_eq!(s.state_hash(), hash, "v{version}: state");
        assert_eq!(s.undo_log().undoable(), undoable, "v{version}: undo");
        assert_eq!(s.undo_log().redoable(), redoable, "v{version}: redo");
        while s.undo() {}
        assert_eq!(
            s.state_hash(),
            Session::new(&level).expect("stage").state_hash(),
            "v{version}: undoing everything gives the level's start"
        );
    }
}

pub(super) const V1_HASH: u64 = 12_743_038_409_992_597_632;
const V1_UNDOABLE: usize = 11;
const V1_REDOABLE: usize = 2;

/// The fixture level, the bytes of the version-`version` save and its
/// payload decoded in the layout of formats 1 and 2 (no conversion).
fn old_fixture(version: u16) -> (Level, Vec<u8>, saved_game_v2::SavedGameV2) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/io/save/fixtures");
    let level = load_file(&dir.join("v1_level.txt")).expect("fixture level");
    let bytes = std::fs::read(dir.join(format!("v{version}.sav"))).expect("fixture save");
    let (saved_as, payload) = SAVE_ENVELOPE.open(&bytes).expect("envelope");
    assert_eq!(saved_as, version);
    let raw: saved_game_v2::SavedGameV2 = decode_payload(payload).expect("payload");
    (level, bytes, raw)
}

/// `saved`, converted from an older format, loads; saved again it is
/// the current version and loads back the same game.
fn resaves_the_same(level: &Level, saved: &SavedGame) -> Session {
    let s = Session::from_saved(level, saved.clone()).expect("loads");
    let bytes = saved.encode().expect("encodes");
    assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), SAVE_VERSION);
    let again = SavedGame::decode(&bytes).expect("decodes");
    assert_eq!(
        &again, saved,
        "the current version keeps the converted Things"
    );
    same(
        &s,
        &Session::from_saved(level, again).expect("loads"),
        "re-saved",
    );
    s
}

/// A version-1 save (live Things kept their kind-ring links then) is
/// converted on decoding: no live Thing, in the state or any undo step,
/// keeps a link on the free list's pair, and the converted game saves as
/// the current version and loads back the same.
#[test]
fn a_version_1_save_is_converted_to_the_current_things() {
    let (level, bytes, raw) = old_fixture(1);
    // The fixture really holds kind-ring links on live Things.
    assert!(
        raw.things
            .iter()
            .any(|t| t.is_live() && t.links()[0] != RingLinks::NONE),
        "the version 1 fixture carries kind-ring links"
    );
    let linked = |t: &Thing| t.is_live() && t.ring_links(Ring::Free) != RingLinks::NONE;
    let saved = SavedGame::decode(&bytes).expect("decodes");
    assert!(!saved.things.iter().any(linked));
    assert!(!saved.steps.iter().any(|s| s.snapshots().iter().any(linked)));
    resaves_the_same(&level, &saved);
}

/// A version-2 save (Things kept a cell-ring link pair then) is converted
/// on decoding: every Thing, in the state and every undo step, keeps all
/// but that pair; the converted game is the saved one and saves as the
/// current version, smaller.
#[test]
fn a_version_2_save_is_converted_to_the_current_things() {
    let (level, bytes, raw) = old_fixture(2);
    assert!(
        raw.things
            .iter()
            .any(|t| t.is_live() && t.links()[1] != RingLinks::NONE),
        "the fixture's Things carry cell-ring links"
    );
    let saved = SavedGame::decode(&bytes).expect("decodes");
    assert_eq!(saved.things.len(), raw.things.len());
    assert_eq!(saved.steps.len(), raw.steps.len());
    let kept = |old: &crate::things::thing_v2::ThingV2, new: &Thing| {
        let [free, _, sibling] = old.links();
        assert_eq!(new.ring_links(Ring::Free), free);
        assert_eq!(new.ring_links(Ring::Sibling), sibling);
        assert_eq!(*new, old.upgrade(2));
    };
    for (old, new) in raw.things.iter().zip(&saved.things) {
        kept(old, new);
    }
    for (old, new) in raw.steps.iter().zip(&saved.steps) {
        assert_eq!(old.things.len(), new.snapshots().len());
        for (o, n) in old.things.iter().zip(new.snapshots()) {
            kept(o, n);
        }
    }
    let s = resaves_the_same(&level, &saved);
    assert_eq!(s.state_hash(), V1_HASH);
    let smaller = saved.encode().expect("encodes");
    assert!(smaller.len() < bytes.len(), "no cell-ring pairs");
}
