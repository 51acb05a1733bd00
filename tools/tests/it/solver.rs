//! The solver (`game::solve`) on the shipped campaign, and `sim solve` end
//! to end.
//!
//! Every level of `levels/campaign.txt` has a par that is proven the
//! fewest turns: its shipped solution clears in par turns, and the solver
//! searches every line of fewer turns and finds none (a few hundred
//! positions on the small levels, six to eight million on the longest; the
//! game crate is optimised in test builds, and the solver skips the
//! per-step self-checks there). The solver's bound is checked against the
//! shipped lines, and `sim solve` end to end on the small levels.
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use game::level::Level;
use game::solve::{solve, Limits};
use game::stage::Outcome;
use tools::sim::{solution_script, LineResult, Sim};

use crate::common::{as_played, campaign, every_core, root};

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

/// The positions the proof of one level may take: the longest (Heavy
/// haul, the vault) take 6 to 8 million, some 10 to 20 s in a
/// test build.
const BUDGET: u64 = 15_000_000;

/// Proves `path`'s par the fewest turns: its shipped solution clears in
/// par turns, and the solver, searching every line of fewer turns, finds
/// none. The line of what was proven.
fn prove_par(path: &Path) -> String {
    let level = as_played(path);
    let par = level.par.expect("every campaign level states its par");
    let stem = path
        .file_stem()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    let script = std::fs::read_to_string(root().join(format!("levels/solutions/{stem}.sim")))
        .expect("every campaign level has a solution");
    let sim = replay(&level, &script);
    assert_eq!(
        sim.session.stage().outcome(),
        Outcome::Cleared,
        "{}",
        level.name
    );
    assert_eq!(
        sim.session.stage().turn(),
        par,
        "{}: the solution takes its par",
        level.name
    );
    if par == 1 {
        return format!("{}: par 1 (nothing fewer)", level.name);
    }
    let limits = Limits {
        max_turns: par - 1,
        max_states: BUDGET,
        max_time: None,
        max_memory: None,
        first: false,
        // One each: the levels are proven two at a time.
        threads: 1,
    };
    let report = solve(&level, limits, None).expect("sets up");
    if let Some(shorter) = report.solution.as_ref() {
        let script = solution_script(&level, &report).expect("the solution writes as a script");
        let sim = replay(&level, &script);
        assert_eq!(
            sim.session.stage().outcome(),
            Outcome::Cleared,
            "{}",
            level.name
        );
        panic!(
            "{}: cleared in {} turns, under its par of {par}:\n{script}",
            level.name, shorter.turns
        );
    }
    assert!(
        report.complete && report.none_within == par - 1,
        "{}: fewer than {par} turns not ruled out: {}",
        level.name,
        report.summary()
    );
    format!(
        "{}: par {par} proven ({} states)",
        level.name, report.states
    )
}

/// Every level's par is the fewest turns it can be cleared in: a level
/// that can be cleared in fewer fails here, with the line that does it.
#[test]
fn every_campaign_par_is_the_proven_fewest_turns() {
    let _cores = every_core();
    let levels = campaign();
    assert!(levels.len() >= 4, "the campaign lists its levels");
    // Two threads take the next level as they get free (the levels are
    // independent, and four of them take most of the time).
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
                        done.push((i, prove_par(path)));
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

/// With no options `sim solve` searches within the one budget of a proof
/// (`Limits::PROOF`: 1 GiB of positions, no position or time limit) and
/// proves the fewest turns; `--max-memory` lowers it and the verdict says
/// so. (The vault, which the old five-million-position default left at "6
/// turns, shorter not ruled out", is proven 5 by default too, in 13.2 M
/// positions: too long for a test build; `BENCHMARKS.md`.)
#[test]
fn sim_solve_proves_the_fewest_turns_by_default() {
    let (code, _, err) = sim(&["solve", "levels/rope_descent.txt"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("Rope descent: solved: 4 turns, 13 actions, the fewest"),
        "{err}"
    );
    let (_, _, err) = sim(&["solve", "levels/heavy_haul.txt", "--max-memory", "1"]);
    assert!(err.contains("memory budget exhausted after"), "{err}");
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
        (
            &["solve", "levels/loop_back.txt", "--max-states", "x"],
            "--max-states takes a whole number, got `x`",
        ),
        (
            &["solve", "levels/loop_back.txt", "--max-memory", "0"],
            "--max-memory must be at least 1 (MB)",
        ),
    ] {
        let (code, _, err) = sim(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// The solver's bound (`game::solve::bound`) only drops positions that
/// cannot clear in time: along every shipped solution, and the longer
/// lines kept in `tests/scripts`, no position is said to clear later than the line does.
/// A bound that promised too much would hide real lines from the search.
#[test]
fn the_bound_never_says_a_shipped_line_clears_later_than_it_does() {
    let mut lines: Vec<(std::path::PathBuf, std::path::PathBuf)> = campaign()
        .into_iter()
        .map(|level| {
            let stem = level.file_stem().expect("name").to_owned();
            let script = root()
                .join("levels/solutions")
                .join(stem)
                .with_extension("sim");
            (level, script)
        })
        .collect();
    for (level, script) in [
        ("the_vault", "the_vault_six_turns"),
        ("the_well", "the_well_five_turns"),
    ] {
        lines.push((
            root().join(format!("levels/{level}.txt")),
            root().join(format!("tests/scripts/{script}.sim")),
        ));
    }
    for (level_path, script_path) in lines {
        let level = as_played(&level_path);
        let script = std::fs::read_to_string(&script_path).expect("solution");
        // First the turn the line clears in, then every position on it.
        let end = replay(&level, &script).session.stage().turn();
        let mut sim = Sim::new(game::session::Session::new(&level).expect("sets up"));
        let bound = game::solve::bound::Bound::new(sim.session.stage());
        for line in script.lines() {
            let stage = sim.session.stage();
            if stage.outcome() == Outcome::Playing {
                let earliest = bound.earliest_clear(stage);
                assert!(
                    earliest.is_some_and(|t| t <= end),
                    "{}: at `{line}` the bound says {earliest:?}, the line clears in turn {end}",
                    level.name
                );
            }
            sim.run_line(line);
        }
        assert_eq!(
            sim.session.stage().outcome(),
            Outcome::Cleared,
            "{}",
            level.name
        );
    }
}
