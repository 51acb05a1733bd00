//! Saves survive a crash at any moment (`docs/ARCHITECTURE.md`, "Files on disk":
//! "a crash mid-save never loses the previous save").
//!
//! The test re-runs its own binary as a child (this test alone, `--exact`,
//! told by [`CHILD_ENV`] to be the child). The child plays heavy haul at
//! random (seeded), saves the game at three points of the play — saves of
//! three sizes, so a torn one would show — and writes the three over one
//! save file in turn, forever, with `io::file::write_atomic`. The parent
//! kills it with SIGKILL (`Child::kill`) at a random moment, a few hundred
//! times, and after each kill checks the folder: the save file is exactly
//! one of the saves the child could have written (the parent makes the same
//! ones), its envelope's CRC holds, and it loads into the state it was made
//! from; nothing but the save and at most the temporary file of the write
//! in flight is there, and that temporary file holds the start of a save.
//! When the write in flight had all its bytes in the temporary file, the
//! save file is exactly the save written before it: the old one, not the
//! new one half-renamed. A temporary file left behind is the child's own
//! (`.game.sav.PID-N.tmp`); the next save leaves it while it could be a
//! writer's in flight, and removes it once it is stale (its time set back
//! an hour).

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use game::io::envelope::HEADER_LEN;
use game::io::file::write_atomic;
use game::level::{load_file, Level};
use game::random_play::random_actions;
use game::rng::SplitMix64 as Rng;
use game::session::Session;

/// Set (to the save file's path) in the child's environment.
const CHILD_ENV: &str = "RAPPEL_CRASH_SAFETY_CHILD";
/// This test's name in the test binary (module path included): the child
/// runs it alone.
const TEST_NAME: &str =
    "crash_safety::a_save_killed_at_random_moments_is_the_old_one_or_the_new_one";
/// What the child prints once its first save is written.
const READY: &str = "crash-safety child: saving";
/// How many times the child is killed.
const KILLS: usize = 300;
/// After how many steps of random play the child's saves are made.
const SAVE_AFTER_STEPS: [usize; 3] = [2, 10, 24];
/// A child left running by a parent that died stops after this long.
const CHILD_LIFETIME: Duration = Duration::from_secs(60);
/// The longest wait, in microseconds, between the child's first save and
/// its kill.
const MAX_DELAY_US: usize = 12_000;

fn heavy_haul() -> Level {
    load_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/heavy_haul.txt"))
        .expect("shipped level")
}

/// One save the child writes, and what its session was.
struct Save {
    bytes: Vec<u8>,
    state_hash: u64,
    undoable: usize,
}

/// The saves the child writes: seeded random play of heavy haul (mostly
/// actions, some undo and redo), saved after each of [`SAVE_AFTER_STEPS`].
fn saves(level: &Level) -> Vec<Save> {
    let mut rng = Rng::new(1000);
    let mut s = Session::new(level).expect("stage");
    let mut out = Vec::new();
    for step in 1..=SAVE_AFTER_STEPS[SAVE_AFTER_STEPS.len() - 1] {
        match rng.below(8) {
            0 => {
                s.undo();
            }
            1 => {
                s.redo();
            }
            _ => {
                for a in random_actions(&mut s, &mut rng).into_iter().take(6) {
                    if s.perform(&a).is_ok() {
                        break;
                    }
                }
            }
        }
        if SAVE_AFTER_STEPS.contains(&step) {
            out.push(Save {
                bytes: s.save_bytes(level).expect("saves"),
                state_hash: s.state_hash(),
                undoable: s.undo_log().undoable(),
            });
        }
    }
    out
}

/// The child: writes the saves over `path` in turn until killed.
fn child(path: &Path) {
    let level = heavy_haul();
    let saves = saves(&level);
    let started = Instant::now();
    for (i, save) in saves.iter().cycle().enumerate() {
        write_atomic(path, &save.bytes).expect("the child saves");
        if i == 0 {
            println!("{READY}");
        }
        if started.elapsed() > CHILD_LIFETIME {
            return;
        }
    }
}

/// CRC-32 (IEEE), computed here bit by bit: a check of the envelope's that
/// does not use its code.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// The names in `dir`, sorted.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("list the folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Checks the save file after a kill; which save it is.
fn check_save(level: &Level, saves: &[Save], path: &Path, kill: usize) -> usize {
    let bytes = fs::read(path).expect("the save file is there");
    let Some(which) = saves.iter().position(|s| s.bytes == bytes) else {
        panic!(
            "kill {kill}: the save file ({} bytes) is none of the saves written",
            bytes.len()
        );
    };
    // The envelope's CRC holds (bytes 10..14: the payload's CRC-32).
    let stored = u32::from_le_bytes(bytes[10..14].try_into().expect("a header"));
    assert_eq!(crc32(&bytes[HEADER_LEN..]), stored, "kill {kill}: CRC");
    let loaded = Session::load_bytes(level, &bytes)
        .unwrap_or_else(|e| panic!("kill {kill}: the save does not load: {e}"));
    let made = &saves[which];
    assert_eq!(loaded.state_hash(), made.state_hash, "kill {kill}: state");
    assert_eq!(
        loaded.undo_log().undoable(),
        made.undoable,
        "kill {kill}: undo count"
    );
    which
}

/// A child process, killed if the parent panics before killing it.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        // Already killed and reaped in a passing run: both calls then fail
        // harmlessly.
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_save_killed_at_random_moments_is_the_old_one_or_the_new_one() {
    if let Some(path) = std::env::var_os(CHILD_ENV) {
        child(Path::new(&path));
        return;
    }
    let started = Instant::now();
    let level = heavy_haul();
    let saves = saves(&level);
    let sizes: Vec<usize> = saves.iter().map(|s| s.bytes.len()).collect();
    assert!(
        sizes.windows(2).all(|w| w[0] != w[1]),
        "the saves differ in size, so a torn one would show: {sizes:?}"
    );
    let dir: PathBuf =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("crash-safety-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch folder");
    let path = dir.join("game.sav");
    // The child's temporary file: `.game.sav.PID-N.tmp`.
    let is_childs_tmp = |name: &str, pid: u32| {
        name.strip_prefix(&format!(".game.sav.{pid}-"))
            .and_then(|n| n.strip_suffix(".tmp"))
            .is_some_and(|n| n.parse::<u32>().is_ok())
    };
    write_atomic(&path, &saves[0].bytes).expect("the first save");

    let exe = std::env::current_exe().expect("the test binary");
    let mut rng = Rng::new(0x5AFE);
    let mut seen = vec![0usize; saves.len()];
    let mut torn = 0;
    let mut whole_in_flight = 0;
    for kill in 0..KILLS {
        let mut child = Running(
            Command::new(&exe)
                .args([TEST_NAME, "--exact", "--nocapture", "--test-threads=1"])
                .env(CHILD_ENV, &path)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .spawn()
                .expect("the child starts"),
        );
        let child = &mut child.0;
        let child_pid = child.id();
        // Wait for its first whole save, so every kill lands in the loop.
        let out = child.stdout.take().expect("the child's stdout");
        let ready = BufReader::new(out)
            .lines()
            .map_while(Result::ok)
            // (The harness may print the test's name on the same line.)
            .any(|l| l.ends_with(READY));
        assert!(ready, "kill {kill}: the child died before saving");
        std::thread::sleep(Duration::from_micros(rng.below(MAX_DELAY_US) as u64));
        assert!(
            child.try_wait().expect("child status").is_none(),
            "kill {kill}: the child stopped by itself"
        );
        child.kill().expect("SIGKILL");
        child.wait().expect("the child is reaped");

        let which = check_save(&level, &saves, &path, kill);
        seen[which] += 1;
        let names = names_in(&dir);
        match names.as_slice() {
            [only] if only == "game.sav" => {}
            [tmp, save] if is_childs_tmp(tmp, child_pid) && save == "game.sav" => {
                // Killed mid-write: the temporary file holds the start of
                // a save, never anything else.
                torn += 1;
                let tmp = dir.join(tmp);
                let partial = fs::read(&tmp).expect("read the temporary file");
                assert!(
                    saves.iter().any(|s| s.bytes.starts_with(&partial)),
                    "kill {kill}: the temporary file ({} bytes) is no save's start",
                    partial.len()
                );
                // All of the new save was written, not yet renamed: the
                // file is still the save the child wrote before it.
                if let Some(new) = saves.iter().position(|s| s.bytes == partial) {
                    assert_eq!(
                        which,
                        (new + saves.len() - 1) % saves.len(),
                        "kill {kill}: the old save"
                    );
                    whole_in_flight += 1;
                }
                // The next save leaves it while it could be a writer's in
                // flight; once stale, the next save removes it.
                let next = &saves[kill % saves.len()].bytes;
                write_atomic(&path, next).expect("the save after a crash");
                assert_eq!(&fs::read(&path).expect("read"), next, "kill {kill}");
                assert_eq!(names_in(&dir).len(), 2, "kill {kill}: a fresh one is kept");
                let hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
                fs::File::options()
                    .write(true)
                    .open(&tmp)
                    .and_then(|f| f.set_modified(hour_ago))
                    .expect("set back its time");
                write_atomic(&path, next).expect("the save after that");
                assert_eq!(names_in(&dir), ["game.sav"], "kill {kill}");
            }
            other => panic!("kill {kill}: the folder holds {other:?}"),
        }
    }
    // The last save, whatever the last kill left, works and leaves nothing
    // but itself.
    write_atomic(&path, &saves[1].bytes).expect("the last save");
    assert_eq!(fs::read(&path).expect("read"), saves[1].bytes);
    assert_eq!(names_in(&dir), ["game.sav"]);
    eprintln!(
        "{KILLS} kills in {:.1} s: the save file was each save {seen:?} times \
         (sizes {sizes:?} bytes); {torn} kills left a temporary file, \
         {whole_in_flight} of them holding a whole save",
        started.elapsed().as_secs_f64()
    );
    // The kills landed at different moments of the loop: the file was found
    // as more than one save, and some kills came mid-write.
    assert!(seen.iter().filter(|&&n| n > 0).count() > 1, "seen {seen:?}");
    assert!(torn > 0, "no kill came mid-write");
    let _ = fs::remove_dir_all(&dir);
}
