//! The solver (`game::solve`) on the shipped campaign, and `sim solve` end
//! to end.
//!
//! Every level of `levels/campaign.txt` must be solved within its par
//! (the turns of its shipped solution), by the game's own rules: the line
//! found is written as a `sim` script and replayed with `--strict` rules.
//! The solver is asked for any line within par (`Limits::first`), which
//! finds one in a few thousand positions on the small levels and in up to
//! a million and a half on the longest (the game crate is optimised in
//! test builds, and the solver skips the per-step self-checks there); a line shorter than par is reported on standard
//! error for the designers. `sim solve` (the fewest turns) is checked on
//! the small levels.
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use game::level::{load_file, Level};
use game::solve::{solve, Limits};
use game::stage::Outcome;
use tools::sim::{solution_script, LineResult, Sim};

use crate::common::{campaign, root};

/// Plays `script` on `level` as `sim --strict` would: every line accepted.
fn replay(level: &Level, script: &str) -> Sim {
    let mut sim = Sim::new(game::session::Session::new(level).expect("sets up"));
    for (n, line) in script.lines().enumerate() {
        match sim.run_line(line) {
            LineResult::Skip | LineResult::Done(_) => {}
            other => panic!("{}: line {}: `{line}`: {other:?}", level.name, n + 1),
        }
    }
    sim
}

/// The positions each level may take: the longest lines (heavy haul in 5
/// turns, the vault in 6) take 1 to 1.5 million in this search, some 20 s
/// in a test build.
const BUDGET: u64 = 3_000_000;

/// Solves one level within its par; the line of what was found.
fn solve_within_par(path: &Path) -> String {
    let level = load_file(path).expect("level loads");
    let par = level.par.expect("every campaign level states its par");
    let limits = Limits {
        max_turns: par,
        max_states: BUDGET,
        max_time: None,
        first: true,
    };
    let report = solve(&level, limits, None).expect("sets up");
    let Some(solution) = report.solution.as_ref() else {
        panic!(
            "{}: no solution within par {par}: {}",
            level.name,
            report.summary()
        );
    };
    assert!(solution.turns <= par, "{}", level.name);
    let script = solution_script(&level, &report).expect("the solution writes as a script");
    let sim = replay(&level, &script);
    let stage = sim.session.stage();
    assert_eq!(stage.outcome(), Outcome::Cleared, "{}", level.name);
    assert_eq!(stage.turn(), solution.turns, "{}", level.name);
    let shorter = if solution.turns < par {
        format!(" — shorter than par {par}!")
    } else {
        String::new()
    };
    format!(
        "{}: {} turns, {} actions, par {par}{shorter} ({} states)",
        level.name,
        solution.turns,
        solution.action_count(),
        report.states
    )
}

#[test]
fn every_campaign_level_is_solved_within_its_par() {
    let levels = campaign();
    assert!(levels.len() >= 4, "the campaign lists its levels");
    // Two threads take the next level as they get free (the levels are
    // independent, and two of them take most of the time).
    let next = AtomicUsize::new(0);
    let mut lines: Vec<(usize, String)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(path) = levels.get(i) else {
                            return done;
                        };
                        done.push((i, solve_within_par(path)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a level failed (see above)"))
            .collect()
    });
    lines.sort();
    assert_eq!(lines.len(), levels.len());
    for (_, line) in lines {
        eprintln!("solver: {line}");
    }
}

/// Runs `sim` with `args`; its exit code, standard output and error.
fn sim(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sim"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run sim");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn sim_solve_prints_the_fewest_turns_as_a_script_that_replays_strictly() {
    let (code, script, err) = sim(&["solve", "levels/loop_back.txt"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        script.starts_with(
            "# Loop-back room, solved by `sim solve`: 1 turn, 5 actions (the fewest turns, then actions).\n# Turn 1\nselect "
        ),
        "{script}"
    );
    assert!(
        err.contains("solved: 1 turn, 5 actions, the fewest"),
        "{err}"
    );
    assert!(err.contains("states/s"), "{err}");
    let dir = std::env::temp_dir().join(format!("rappel-solver-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("loop_back.sim");
    std::fs::write(&path, &script).expect("write the script");
    let (code, out, err) = sim(&[
        "levels/loop_back.txt",
        path.to_str().expect("utf-8"),
        "--strict",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("· won ·"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sim_solve_says_when_there_is_no_solution_within_the_limits() {
    let (code, out, err) = sim(&["solve", "levels/rope_descent.txt", "--max-turns", "1"]);
    assert_eq!(code, 1);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("Rope descent: no solution within 1 turn"),
        "{err}"
    );
    let (code, _, err) = sim(&["solve", "levels/heavy_haul.txt", "--max-states", "100"]);
    assert_eq!(code, 1);
    assert!(err.contains("budget exhausted after"), "{err}");
}

#[test]
fn sim_solve_solves_the_level_equipped_and_says_how_to_replay_it() {
    let (code, script, err) = sim(&[
        "solve",
        "levels/loop_back.txt",
        "--loadout",
        "knight:long_rope",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        script.starts_with("# Equipped: replay with --loadout \"knight:long_rope\"\n"),
        "{script}"
    );
    // A loadout the level does not take: said, status 1.
    let (code, _, err) = sim(&[
        "solve",
        "levels/loop_back.txt",
        "--loadout",
        "scout:long_rope",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("loadout scout:long_rope"), "{err}");
}

#[test]
fn sim_solve_refuses_bad_arguments() {
    for (args, says) in [
        (&["solve"][..], "no LEVEL to solve"),
        (
            &["solve", "levels/loop_back.txt", "--max-turns", "0"],
            "--max-turns must be at least 1",
        ),
        (
            &["solve", "levels/loop_back.txt", "--max-turns", "x"],
            "--max-turns takes a whole number, got `x`",
        ),
        (
            &["solve", "levels/loop_back.txt", "--budget-s", "-1"],
            "--budget-s takes a positive number of seconds",
        ),
        (
            &["solve", "levels/loop_back.txt", "extra"],
            "too many arguments",
        ),
        (
            &["solve", "levels/loop_back.txt", "--strict"],
            "unknown option `--strict`",
        ),
    ] {
        let (code, _, err) = sim(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
