//! `sim --loadout`: a script plays the level equipped (`game::equipment`),
//! as a solution that states its loadout does; a loadout the level does not
//! take, or that does not read, is refused saying why.
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
