//! Saving and loading a game in progress. Results and the
//! command go in BENCHMARKS.md ("Saved games: encode, write, load").
//!
//! The game: 1,000 accepted steps of seeded random play on heavy haul
//! (`game::random_play`, the same play as the save tests' size check:
//! seed 77, the first of eight candidates the session accepts, one undo
//! whenever the level is won or lost), so its undo log holds up to 1,000
//! steps. Timed separately:
//! - encode: `Session::save_bytes` (the used slots, the turn and every
//!   undo step through bincode, sealed in the envelope with its CRC);
//! - write: `io::file::write_atomic` of those bytes (temporary file, fsync,
//!   rename, fsync of the folder) into cargo's scratch folder for benches;
//!   for reference, the same bytes by a plain `std::fs::write` (no fsync,
//!   not atomic) in the same run, as a peer;
//! - load: `Session::load_bytes` (envelope, decode, and the walk through
//!   every reachable state validating the store at each).
#![forbid(unsafe_code)]

use std::path::Path;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use game::io::file::write_atomic;
use game::level::{load_file, Level};
use game::random_play::random_actions;
use game::rng::SplitMix64;
use game::session::Session;
use game::stage::Outcome;

/// Accepted steps of play in the saved game.
const STEPS: usize = 1000;

fn heavy_haul() -> Level {
    load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/heavy_haul.txt"))
        .expect("shipped level")
}

/// `STEPS` accepted steps of seeded random play.
fn played(level: &Level) -> Session {
    let mut s = Session::new(level).expect("stage");
    let mut rng = SplitMix64::new(77);
    let mut steps = 0;
    while steps < STEPS {
        for a in random_actions(&mut s, &mut rng).into_iter().take(8) {
            if s.perform(&a).is_ok() {
                steps += 1;
                break;
            }
        }
        if s.stage().outcome() != Outcome::Playing {
            s.undo();
        }
    }
    s
}

fn save(c: &mut Criterion) {
    let level = heavy_haul();
    let s = played(&level);
    let bytes = s.save_bytes(&level).expect("saves");
    let loaded = Session::load_bytes(&level, &bytes).expect("loads");
    assert_eq!(loaded.state_hash(), s.state_hash());
    println!(
        "save bench: {STEPS} steps of heavy haul: {} bytes, {} undo steps, {} redo steps, \
         {} live Things",
        bytes.len(),
        s.undo_log().undoable(),
        s.undo_log().redoable(),
        s.stage().store().len()
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("save-bench");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let path = dir.join("heavy_haul.sav");

    let mut group = c.benchmark_group("save");
    group.bench_function("encode (save_bytes), 1000 steps", |b| {
        b.iter(|| black_box(s.save_bytes(&level).expect("saves")))
    });
    group.bench_function("write (write_atomic, fsync), 1000 steps", |b| {
        b.iter(|| write_atomic(&path, black_box(&bytes)).expect("writes"))
    });
    let plain = dir.join("plain.sav");
    group.bench_function("peer: std::fs::write (no fsync), 1000 steps", |b| {
        b.iter(|| std::fs::write(&plain, black_box(&bytes)).expect("writes"))
    });
    group.bench_function(
        "load (load_bytes, every state validated), 1000 steps",
        |b| b.iter(|| black_box(Session::load_bytes(&level, &bytes).expect("loads"))),
    );
    group.finish();
    assert_eq!(std::fs::read(&path).expect("read back"), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, save);
criterion_main!(benches);
