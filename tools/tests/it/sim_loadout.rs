//! `sim --loadout`: a script plays the level equipped (`game::equipment`),
//! as a solution that states its loadout does; a loadout the level does not
//! take, or that does not read, is refused saying why. Without `--loadout`
//! a level plays with the pieces it requires, as play starts it.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn level(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../levels")
        .join(name)
}

/// Runs `sim` on `args` with `script` as a file.
fn sim(args: &[&str], script: &str) -> Output {
    let dir = std::env::temp_dir().join(format!("rappel-sim-loadout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = dir.join(format!("{n}.sim"));
    std::fs::write(&file, script).expect("script");
    let out = Command::new(env!("CARGO_BIN_EXE_sim"))
        .args(args)
        .arg(&file)
        .output()
        .expect("run sim");
    let _ = std::fs::remove_file(&file);
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_loadout_equips_the_level_before_the_script_plays() {
    let descent = level("rope_descent.txt");
    let descent = descent.to_str().expect("a UTF-8 path");
    let plain = sim(&[descent], "show\n");
    assert!(plain.status.success(), "{}", text(&plain.stderr));
    assert!(
        text(&plain.stdout).contains("held by knight rope 8 cells"),
        "{}",
        text(&plain.stdout)
    );
    let out = sim(
        &[
            descent,
            "--loadout",
            "knight:long_rope scout:second_rope sorceress:spare_bucket",
            "--strict",
        ],
        "show\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("held by knight rope 12 cells"), "{shown}");
    assert!(shown.contains("held by scout rope 6 cells"), "{shown}");
    assert!(shown.contains("item spare_bucket at 0,6"), "{shown}");
}

#[test]
fn a_loadout_that_does_not_fit_or_read_is_refused() {
    let descent = level("rope_descent.txt");
    let descent = descent.to_str().expect("a UTF-8 path");
    let out = sim(&[descent, "--loadout", "scout:long_rope"], "show\n");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "loadout scout:long_rope: the long rope lengthens a rope, and 'scout' carries none"
        ),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "nothing played");
    let out = sim(&[descent, "--loadout", "knight:grapple"], "show\n");
    assert_eq!(out.status.code(), Some(2), "a bad argument");
    assert!(
        text(&out.stderr).contains("--loadout: unknown equipment 'grapple'"),
        "{}",
        text(&out.stderr)
    );
}

/// Rope descent, saying it requires the long rope: a valid level
/// (`level check` accepts it) that no empty loadout plays.
fn requiring_descent() -> PathBuf {
    let text = std::fs::read_to_string(level("rope_descent.txt")).expect("rope descent");
    let text = text.replacen("[level]\n", "[level]\nrequires = long_rope\n", 1);
    assert!(text.contains("requires = long_rope"), "the key is in");
    let dir = std::env::temp_dir().join(format!("rappel-sim-requires-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("descent_requires.txt");
    std::fs::write(&file, text).expect("level");
    file
}

#[test]
fn a_level_that_requires_a_piece_plays_equipped_with_it_as_play_starts_it() {
    let file = requiring_descent();
    let path = file.to_str().expect("a UTF-8 path");
    let check = std::process::Command::new(env!("CARGO_BIN_EXE_level"))
        .args(["check", path])
        .output()
        .expect("run level");
    assert!(check.status.success(), "{}", text(&check.stderr));
    // Without --loadout: handed the long rope, as `rappel --level` and
    // `sim solve` hand it.
    let out = sim(&[path, "--strict"], "show\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("held by knight rope 12 cells"), "{shown}");
    // The same from standard input (no SCRIPT).
    let piped = std::process::Command::new(env!("CARGO_BIN_EXE_sim"))
        .arg(path)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write as _;
            child.stdin.take().expect("stdin").write_all(b"show\n")?;
            child.wait_with_output()
        })
        .expect("run sim");
    assert!(piped.status.success(), "{}", text(&piped.stderr));
    assert_eq!(text(&piped.stdout), shown, "the same game");
    // A loadout given that leaves the piece out is refused, saying why.
    let out = sim(&[path, "--loadout", "scout:second_rope"], "show\n");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("requires the long rope"), "{err}");
    assert!(out.stdout.is_empty(), "nothing played");
    let _ = std::fs::remove_file(&file);
}
