//! Golden scripts: each shipped level's solution in `levels/solutions/` plays
//! to a win with every command accepted, and ends in a pinned state hash (a
//! change to the rules or the level that alters the outcome shows up here).
//! Also the `sim` binary's command line: `--strict`, bad lines, bad files.
use std::process::Command;

use game::level::load_file;
use game::session::Session;
use game::stage::Outcome;
use tools::sim::{LineResult, Sim};

use crate::common::{as_played, root};

/// Plays a solution script; every line must be accepted.
fn play(level: &str) -> Sim {
    play_script(
        level,
        &root().join("levels/solutions").join(format!("{level}.sim")),
    )
}

/// Plays `level` from the script at `script_path`; every line must be
/// accepted.
fn play_script(level: &str, script_path: &std::path::Path) -> Sim {
    let level_path = root().join("levels").join(format!("{level}.txt"));
    let level = as_played(&level_path);
    let mut sim = Sim::new(Session::new(&level).expect("level sets up"));
    let script = std::fs::read_to_string(script_path).expect("script reads");
    for (n, line) in script.lines().enumerate() {
        match sim.run_line(line) {
            LineResult::Skip | LineResult::Done(_) => {}
            other => panic!("{}:{}: `{line}`: {other:?}", script_path.display(), n + 1),
        }
    }
    sim
}

fn assert_solved(level: &str, hash: u64) {
    let sim = play(level);
    let stage = sim.session.stage();
    assert_eq!(stage.outcome(), Outcome::Cleared, "{level}: {}", sim.show());
    let file = load_file(&root().join("levels").join(format!("{level}.txt"))).expect("level");
    assert_eq!(
        file.par,
        Some(stage.turn()),
        "{level}: the level's par is the turns of its shipped solution"
    );
    assert_eq!(
        stage.relics_recovered(),
        stage.relics_total(),
        "{level}: every relic out"
    );
    assert_eq!(
        sim.session.state_hash(),
        hash,
        "{level}: pinned final state\n{}",
        sim.show()
    );
    stage.store().validate().expect("store valid at the end");
}

#[test]
fn loop_back_solution_wins() {
    assert_solved("loop_back", 0xe202_69d6_6d8a_b91d);
}

#[test]
fn rope_descent_solution_wins() {
    assert_solved("rope_descent", 0x69d7_de40_fb5e_8623);
}

#[test]
fn heavy_haul_solution_wins() {
    assert_solved("heavy_haul", 0xea57_45ca_1702_3f05);
}

#[test]
fn watcher_hall_solution_wins() {
    assert_solved("watcher_hall", 0xc443_1073_f5eb_66b9);
}

#[test]
fn across_the_gap_solution_wins() {
    assert_solved("across_the_gap", 0x9a69_3e62_8990_d984);
}

#[test]
fn mirror_door_solution_wins() {
    assert_solved("mirror_door", 0xfbe4_814b_707d_2bfb);
}

#[test]
fn turnstile_solution_wins() {
    assert_solved("turnstile", 0xb07f_93ff_e683_5c2c);
}

#[test]
fn through_the_wall_solution_wins() {
    assert_solved("through_the_wall", 0xed95_65ac_a8ea_e802);
}

#[test]
fn the_scouts_drop_solution_wins() {
    assert_solved("the_scouts_drop", 0x1a8f_8221_fa6e_e120);
}

#[test]
fn the_well_solution_wins() {
    assert_solved("the_well", 0x6a42_0165_133c_60d0);
}

#[test]
fn sentry_solution_wins() {
    assert_solved("sentry", 0x599d_aa27_4f4b_5f2a);
}

#[test]
fn the_gap_solution_wins() {
    assert_solved("the_gap", 0x7d6f_1ef7_9552_9418);
}

#[test]
fn sunken_shrine_solution_wins() {
    assert_solved("sunken_shrine", 0x2d6b_086a_0298_639c);
}

#[test]
fn the_vault_solution_wins() {
    assert_solved("the_vault", 0x8453_2c6a_be3f_584f);
}

#[test]
fn peephole_solution_wins() {
    assert_solved("peephole", 0x7b5a_2f04_995f_24ff);
}

#[test]
fn night_haul_solution_wins() {
    assert_solved("night_haul", 0x6592_c3b9_6421_218e);
}

#[test]
fn the_keep_solution_wins() {
    assert_solved("the_keep", 0xb5c7_a5c7_228f_46f7);
}

/// The naive line in the watcher hall: the scout heads straight for the
/// relic and ends the first turn in the hall, where the guard (stepping
/// down to 4,0) sees her. The level is lost; the next action is refused
/// until undo or restart.
#[test]
fn watcher_hall_naive_dash_gets_the_party_caught() {
    let level = load_file(&root().join("levels/watcher_hall.txt")).expect("level loads");
    let mut sim = Sim::new(Session::new(&level).expect("level sets up"));
    for line in ["select scout", "move 3 1", "move 6 0", "end-turn"] {
        match sim.run_line(line) {
            LineResult::Done(_) => {}
            other => panic!("`{line}`: {other:?}"),
        }
    }
    assert_eq!(
        sim.session.stage().outcome(),
        Outcome::Lost,
        "{}",
        sim.show()
    );
    match sim.run_line("move 5 0") {
        LineResult::Refused(why) => {
            assert_eq!(why, "a hero was caught: undo or restart to go on")
        }
        other => panic!("play goes on after a catch: {other:?}"),
    }
    // Undo takes the end of the turn back: playing again.
    assert!(matches!(sim.run_line("undo"), LineResult::Done(_)));
    assert_eq!(sim.session.stage().outcome(), Outcome::Playing);
}

#[test]
fn every_shipped_level_has_a_solution() {
    let campaign = std::fs::read_to_string(root().join("levels/campaign.txt")).unwrap();
    for line in campaign
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
    {
        let stem = line.trim_end_matches(".txt");
        assert!(
            root()
                .join("levels/solutions")
                .join(format!("{stem}.sim"))
                .exists(),
            "{stem} has a solution"
        );
    }
}

fn sim(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sim"))
        .args(args)
        .current_dir(root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run sim");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn refusals_print_their_reason_and_strict_makes_them_fatal() {
    let script = "move 4 0\nhash\n";
    let out = sim(&["levels/rope_descent.txt"], script);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("refused: "), "{text}");
    assert!(
        text.contains("> hash"),
        "play goes on after a refusal: {text}"
    );
    let out = sim(&["levels/rope_descent.txt", "--strict"], script);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("stdin:1: refused"));
}

#[test]
fn bad_lines_and_files_are_errors_with_positions() {
    let out = sim(&["levels/loop_back.txt"], "show\nfly 3 4\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("stdin:2: unknown command `fly`"));
    let out = sim(&["levels/loop_back.txt"], "move three 4\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("X must be a whole number"));
    let out = sim(&["levels/loop_back.txt"], "select nobody\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no hero `nobody`"));
    let out = sim(&["levels/no_such_level.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no_such_level.txt"));
}

#[test]
fn view_query_prints_the_heros_view_with_portal_copies() {
    let out = sim(&["levels/loop_back.txt"], "view scout\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("view from cell (0, 0)"), "{text}");
    assert!(
        text.contains("shows cell (1, 0) through region"),
        "the relic's cell behind the wall, seen through the portal: {text}"
    );
}
