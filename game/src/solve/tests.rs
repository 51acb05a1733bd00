//! The solver on small levels whose answers are known: worked out by hand,
//! or by a brute-force search over every action the rules could take (no
//! table, no cuts, no bound, no groups) that the solver must agree with.

use std::collections::HashSet;

use super::{solve, Budget, Limits, Progress, Report, Stop};
use crate::action::offer::hand_actions;
use crate::action::{Action, Target};
use crate::grid::CellPos;
use crate::level::fixtures::{level, LOOP_BACK};
use crate::level::{load_text, Level};
use crate::session::Session;
use crate::stage::Outcome;
use crate::things::ThingKind;

/// A ledge over a two-cell drop to the relic. The scout falls in safely
/// and steps up two cells out again; the knight would need his rope.
pub(super) const LEDGE: &str = "[level]
name = \"Ledge\"

[grid]
#######
#@....#
#####.#
#####.#
#####.#
#####.#
#######

[things]
knight = hero knight at 0,2 rope 3
scout = hero scout at 0,2
relic = item relic at 2,0 flags ACQUIRE|PLACE|RELIC
";

/// The ledge with the knight alone: down his rope and back up it.
const KNIGHTS_LEDGE: &str = "[level]
name = \"Knight's ledge\"

[grid]
#######
#@....#
#####.#
#####.#
#####.#
#####.#
#######

[things]
knight = hero knight at 0,2 rope 3
relic = item relic at 2,0 flags ACQUIRE|PLACE|RELIC
";

/// A corridor of eight cells: the scout walks to the relic at the far end
/// and back, sixteen steps with six action points a turn.
pub(super) const CORRIDOR: &str = "[level]
name = \"Corridor\"

[grid]
#################
#@..............#
#################

[things]
scout = hero scout at 0,0
relic = item relic at 7,0 flags ACQUIRE|PLACE|RELIC
";

/// The corridor with a knight beside the scout, and the relic further on:
/// thousands of positions for a search to be held in the middle of.
const CORRIDOR_PAIR: &str = "[level]
name = \"Corridor pair\"

[grid]
#########################
#@......................#
#########################

[things]
scout = hero scout at 0,0
knight = hero knight at 0,0
relic = item relic at 11,0 flags ACQUIRE|PLACE|RELIC
";

/// The relic is walled off: no line of play clears the level.
const SEALED: &str = "[level]
name = \"Sealed\"

[grid]
#######
#@..#.#
#######

[things]
scout = hero scout at 0,0
relic = item relic at 2,0 flags ACQUIRE|PLACE|RELIC
";

fn load(text: &str) -> Level {
    load_text("test.txt", text).expect("the test level loads")
}

fn limits(max_turns: u32) -> Limits {
    Limits {
        max_turns,
        ..Limits::default()
    }
}

/// Plays `report`'s solution on a fresh session of `level`: every action
/// accepted, the level cleared in the solution's turn.
fn replay(level: &Level, report: &Report) -> Session {
    let solution = report.solution.as_ref().expect("a solution");
    let mut s = Session::new(level).expect("sets up");
    for (i, action) in solution.actions.iter().enumerate() {
        if let Err(why) = s.perform(action) {
            panic!("action {i} {action:?} refused: {why}");
        }
    }
    assert_eq!(s.stage().outcome(), Outcome::Cleared);
    assert_eq!(s.stage().turn(), solution.turns);
    s
}

/// Every action the rules could be asked for in `s`: every hero still in
/// the level moving to every air cell, every hand and rope action, every
/// levitation of every item to every air cell, and the end of the turn —
/// whatever [`available`](crate::action::available) would offer.
fn every_action(s: &Session) -> Vec<Action> {
    let stage = s.stage();
    let grid = stage.grid();
    let cells: Vec<CellPos> = (0..grid.cell_count())
        .filter_map(|i| grid.cell_pos(i))
        .filter(|&c| grid.is_air(c))
        .collect();
    let items = stage.of_kind(ThingKind::Interactable);
    let mut out = vec![Action::EndTurn];
    for hero in stage.active_heroes() {
        for &c in &cells {
            out.push(Action::Move {
                hero,
                to: Target::Cell(c),
            });
            for &item in &items {
                out.push(Action::Levitate { hero, item, to: c });
            }
        }
        out.push(Action::PickUp { hero, item: None });
        for &item in &items {
            out.push(Action::PickUp {
                hero,
                item: Some(item),
            });
        }
        // Every hand, rope and exit action the rules know (with a pick up
        // of each item lying here among them; those of every item, here or
        // not, are above).
        out.extend(hand_actions(stage, hero));
    }
    out
}

/// The fewest turns, then actions, that clear `level` within `max_turns`,
/// by brute force: lines in order of (turn, actions), every action tried
/// in every state, a state expanded the first time it comes out of the
/// queue (which is at its cheapest).
fn brute_force(level: &Level, max_turns: u32) -> Option<(u32, usize)> {
    let mut s = Session::new(level).expect("sets up");
    let mut expanded: HashSet<u64> = HashSet::new();
    // Per turn, lines by action count.
    let mut turns: Vec<Vec<Vec<Vec<Action>>>> = vec![vec![vec![Vec::new()]]];
    let mut turn = 0;
    while turn < turns.len() && turn < max_turns as usize {
        let mut count = 0;
        while count < turns[turn].len() {
            let lines = std::mem::take(&mut turns[turn][count]);
            for line in lines {
                while s.undo() {}
                for a in &line {
                    s.perform(a).expect("a line replays");
                }
                if !expanded.insert(s.state_hash()) {
                    continue;
                }
                for action in every_action(&s) {
                    if s.perform(&action).is_err() {
                        continue;
                    }
                    let outcome = s.stage().outcome();
                    s.undo();
                    let end = action == Action::EndTurn;
                    match outcome {
                        Outcome::Cleared => return Some((turn as u32 + 1, count + 1)),
                        Outcome::Playing => {
                            let (t, n) = if end {
                                (turn + 1, count)
                            } else {
                                (turn, count + 1)
                            };
                            if t >= max_turns as usize {
                                continue;
                            }
                            if turns.len() <= t {
                                turns.resize_with(t + 1, Vec::new);
                            }
                            if turns[t].len() <= n {
                                turns[t].resize_with(n + 1, Vec::new);
                            }
                            let mut next = line.clone();
                            next.push(action);
                            turns[t][n].push(next);
                        }
                        Outcome::Lost | Outcome::Retreated => {}
                    }
                }
            }
            count += 1;
        }
        turn += 1;
    }
    None
}

#[test]
fn the_loop_back_room_is_cleared_in_one_turn_of_five_actions() {
    let level = level(LOOP_BACK);
    let report = solve(&level, Limits::default(), None).expect("sets up");
    let solution = report.solution.as_ref().expect("solved");
    // The knight's hands hold his rope: set it down, walk to the relic,
    // pick it up, walk back, leave.
    assert_eq!((solution.turns, solution.action_count()), (1, 5));
    assert!(report.complete && report.fewest_turns());
    assert_eq!(report.none_within, 0);
    assert!(
        report
            .summary()
            .starts_with("solved: 1 turn, 5 actions, the fewest"),
        "{}",
        report.summary()
    );
    replay(&level, &report);
    assert_eq!(brute_force(&level, 1), Some((1, 5)));
}

#[test]
fn the_solver_agrees_with_brute_force_on_small_levels() {
    for (text, max_turns) in [(LEDGE, 1), (KNIGHTS_LEDGE, 3)] {
        let level = load(text);
        let report = solve(&level, limits(max_turns), None).expect("sets up");
        let solution = report.solution.as_ref().expect("solved");
        let found = (solution.turns, solution.action_count());
        assert_eq!(
            Some(found),
            brute_force(&level, max_turns),
            "{}",
            level.name
        );
        assert!(report.complete, "{}: {}", level.name, report.summary());
        replay(&level, &report);
    }
}

#[test]
fn a_long_walk_takes_the_turns_it_takes_and_fewer_are_ruled_out() {
    let level = load(CORRIDOR);
    let report = solve(&level, Limits::default(), None).expect("sets up");
    let solution = report.solution.as_ref().expect("solved");
    // Seven cells there and seven back at six a turn, the pick-up and the
    // exit: 15 action points, three turns.
    assert_eq!(solution.turns, 3);
    assert_eq!(report.none_within, 2);
    assert!(report.complete);
    replay(&level, &report);
    // Allowed two turns only: none, and it says so.
    let short = solve(&level, limits(2), None).expect("sets up");
    assert!(short.solution.is_none() && short.complete && !short.unsolvable);
    assert_eq!(short.none_within, 2);
    assert!(
        short.summary().starts_with("no solution within 2 turns"),
        "{}",
        short.summary()
    );
}

#[test]
fn a_level_that_cannot_be_cleared_is_said_to_be_unsolvable() {
    let report = solve(&load(SEALED), Limits::default(), None).expect("sets up");
    assert!(report.solution.is_none());
    assert!(report.unsolvable && report.complete, "{}", report.summary());
    assert!(report
        .summary()
        .starts_with("no solution: every reachable position searched"));
}

/// The one default budget of a proof (the editor, `sim solve`, `level
/// check`): memory, not positions or time, so a busy machine gives the
/// same verdict.
#[test]
fn the_default_budget_is_the_proofs_in_memory_alone() {
    let proof = Limits::PROOF;
    assert_eq!(Limits::default(), proof);
    assert_eq!(proof.max_states, u64::MAX);
    assert_eq!(proof.max_time, None);
    assert_eq!(proof.max_memory, Some(super::PROOF_MEMORY));
    assert_eq!(super::PROOF_MEMORY, 1 << 30);
    assert_eq!(
        (proof.max_turns, proof.first, proof.threads),
        (30, false, 0)
    );
}

#[test]
fn a_spent_budget_is_reported_with_what_was_ruled_out() {
    let level = load(CORRIDOR);
    let report = solve(
        &level,
        Limits {
            max_states: 10,
            ..Limits::default()
        },
        None,
    )
    .expect("sets up");
    assert_eq!(report.stopped, Some(Stop::Budget));
    assert!(!report.complete);
    assert!(report.states <= 10 + 2 * super::search::STRETCH);
    assert!(
        report.summary().contains("budget exhausted after"),
        "{}",
        report.summary()
    );
}

/// The memory the kept positions take is counted, and a limit on it stops
/// the search honestly: the report says memory ran out, and how much.
#[test]
fn a_memory_limit_stops_the_search_and_says_so() {
    let level = load(CORRIDOR_PAIR);
    let free = solve(&level, Limits::default(), None).expect("sets up");
    assert!(free.complete, "{}", free.summary());
    // Some tens of bytes a kept position, never more than a hundred.
    assert!(
        free.memory > 0 && free.memory < 100 * free.kept.max(1000),
        "{free:?}"
    );
    let limit = free.memory / 4;
    let report = solve(
        &level,
        Limits {
            max_memory: Some(limit),
            ..Limits::default()
        },
        None,
    )
    .expect("sets up");
    assert_eq!(report.stopped, Some(Stop::Memory), "{}", report.summary());
    assert!(!report.complete);
    assert!(report.memory > limit && report.memory < free.memory);
    assert!(
        report.summary().contains("memory budget exhausted after"),
        "{}",
        report.summary()
    );
}

#[test]
fn cancelling_stops_the_search_and_progress_counts_what_it_did() {
    let progress = Progress::new();
    progress.cancel();
    let report = solve(&load(CORRIDOR), Limits::default(), Some(&progress)).expect("sets up");
    assert_eq!(report.stopped, Some(Stop::Cancelled));
    assert!(report.solution.is_none());
    assert!(report.summary().starts_with("cancelled after"));
    // Left to run, the progress ends with the states and the best turns.
    let progress = Progress::new();
    let report = solve(&load(CORRIDOR), Limits::default(), Some(&progress)).expect("sets up");
    assert_eq!(progress.states(), report.states);
    assert_eq!(progress.best_turns(), Some(3));
    assert!(progress.whole_party());
}

#[test]
fn the_first_solution_is_within_the_limit_but_not_claimed_the_fewest() {
    let level = load(LEDGE);
    let report = solve(
        &level,
        Limits {
            max_turns: 3,
            first: true,
            ..Limits::default()
        },
        None,
    )
    .expect("sets up");
    let solution = report.solution.as_ref().expect("solved");
    assert!(solution.turns <= 3);
    assert!(!report.complete);
    replay(&level, &report);
}

/// A report with its wall time and its replays left out (the walks
/// between positions vary with how the threads share the work): what the
/// search found and did.
fn without_time(report: Report) -> Report {
    Report {
        elapsed: std::time::Duration::ZERO,
        replays: 0,
        ..report
    }
}

/// Waits until `progress`'s search has begun its `n`th hold or `thread`
/// has ended; true if it holds. No time limit: the holds are points of the
/// search fixed in advance, so either it reaches them or the test is wrong,
/// whatever the machine's load.
fn holds(progress: &Progress, n: u64, thread: &std::thread::JoinHandle<Report>) -> bool {
    while progress.holds() < n && !thread.is_finished() {
        std::thread::yield_now();
    }
    progress.holds() == n && progress.is_holding()
}

/// Held at its start and at points fixed in positions (never at a moment,
/// so a loaded machine holds it at the same points), the search resumes
/// each time where it was and ends with the answer it gives alone.
#[test]
fn a_paused_search_holds_and_resumes_where_it_was_to_the_same_answer() {
    let level = load(CORRIDOR_PAIR);
    let alone = solve(&level, Limits::default(), None).expect("sets up");
    // It searches thousands of positions: room for holds on the way.
    assert!(alone.states > 2_000, "{}", alone.states);
    let progress = std::sync::Arc::new(Progress::new());
    // Paused before it starts: it holds at its first look.
    progress.pause();
    let shared = std::sync::Arc::clone(&progress);
    let job = level.clone();
    let thread =
        std::thread::spawn(move || solve(&job, Limits::default(), Some(&shared)).expect("sets up"));
    assert!(holds(&progress, 1, &thread), "held at the start");
    assert_eq!(progress.states(), 0, "held before searching anything");
    // Held, it searches nothing and does not end, however long it is left.
    for _ in 0..1_000 {
        std::thread::yield_now();
        assert!(progress.is_holding() && !thread.is_finished());
        assert_eq!(progress.states(), 0);
    }
    // Then held at a quarter, half and three quarters of its positions:
    // each at its first look past the point.
    let mut held = vec![0];
    for (n, quarter) in (2..).zip(1..=3) {
        let point = alone.states * quarter / 4;
        progress.pause_at(point);
        progress.resume();
        assert!(holds(&progress, n, &thread), "held past {point}");
        let at = progress.states();
        assert!(at >= point && at <= alone.states, "{at} for {point}");
        for _ in 0..100 {
            std::thread::yield_now();
            assert_eq!(progress.states(), at, "a held search searches nothing");
        }
        held.push(at);
    }
    progress.resume();
    let report = thread.join().expect("no panic");
    assert_eq!(progress.holds(), 4, "held where asked and nowhere else");
    assert_eq!(without_time(report.clone()), without_time(alone.clone()));
    assert_eq!(progress.states(), alone.states);
    assert_eq!(progress.ruled_out(), alone.none_within);
    // The points are the search's own: a second run on one thread holds at
    // the same counts.
    let again = std::sync::Arc::new(Progress::new());
    again.pause_at(alone.states / 4);
    let shared = std::sync::Arc::clone(&again);
    let job = level.clone();
    let thread = std::thread::spawn(move || {
        let one = Limits {
            threads: 1,
            ..Limits::default()
        };
        solve(&job, one, Some(&shared)).expect("sets up")
    });
    assert!(holds(&again, 1, &thread));
    assert_eq!(again.states(), held[1]);
    again.resume();
    thread.join().expect("no panic");
}

#[test]
fn a_held_search_that_is_cancelled_ends() {
    let progress = std::sync::Arc::new(Progress::new());
    progress.pause();
    let shared = std::sync::Arc::clone(&progress);
    let thread = std::thread::spawn(move || {
        solve(&load(CORRIDOR), Limits::default(), Some(&shared)).expect("sets up")
    });
    assert!(holds(&progress, 1, &thread));
    progress.cancel();
    let report = thread.join().expect("no panic");
    assert_eq!(report.stopped, Some(Stop::Cancelled));
}

#[test]
fn the_progress_says_which_turns_are_ruled_out() {
    // The corridor takes three turns: one and two are proven to hold no line.
    let progress = Progress::new();
    let report = solve(&load(CORRIDOR), Limits::default(), Some(&progress)).expect("sets up");
    assert!(report.complete);
    assert_eq!(progress.ruled_out(), 2);
}

/// The positions of one bucket are expanded on several threads and kept
/// in their order, so the answer — the line, what is proven, even the
/// positions counted — is the one a single thread gives.
#[test]
fn the_answer_is_the_same_on_one_thread_and_on_several() {
    for (text, max_turns) in [(CORRIDOR_PAIR, 30), (LEDGE, 30), (CORRIDOR_PAIR, 2)] {
        let level = load(text);
        let on = |threads: usize| {
            let limits = Limits {
                max_turns,
                threads,
                ..Limits::default()
            };
            without_time(solve(&level, limits, None).expect("sets up"))
        };
        let one = on(1);
        assert!(one.complete, "{}", one.summary());
        for threads in [2, 3] {
            assert_eq!(on(threads), one, "{} on {threads} threads", level.name);
        }
    }
}

/// A budget in positions stops the search at a point of its own order,
/// not of the threads' race: on one thread or several, stopped half way
/// and at a tenth, the same report (what it found, what it ruled out, the
/// positions counted).
#[test]
fn a_budget_in_positions_stops_at_the_same_point_on_any_number_of_threads() {
    let level = load(CORRIDOR_PAIR);
    let whole = solve(&level, Limits::default(), None).expect("sets up");
    for part in [2, 10] {
        let on = |threads: usize| {
            let limits = Limits {
                max_states: whole.states / part,
                threads,
                ..Limits::default()
            };
            without_time(solve(&level, limits, None).expect("sets up"))
        };
        let one = on(1);
        assert_eq!(one.stopped, Some(Stop::Budget), "{}", one.summary());
        for threads in [2, 3] {
            assert_eq!(on(threads), one, "1/{part} of it on {threads} threads");
        }
    }
}

/// What a kept position costs: its node packs into 28 bytes (the table's
/// entry and the queue's index come on top).
#[test]
fn a_kept_position_s_node_is_28_bytes() {
    assert_eq!(std::mem::size_of::<super::search::Node>(), 28);
}

#[test]
fn a_solve_from_a_played_line_finds_the_rest_from_where_it_leads() {
    use super::solver::{solve_from, Start, StartError};
    let level = load(CORRIDOR);
    let best = solve(&level, limits(10), None).expect("sets up");
    let line = best.solution.clone().expect("solved").actions;
    // Part way along the best line: the rest of a line as short.
    for k in [1, line.len() / 2, line.len() - 1] {
        let start = Start {
            played: &line[..k],
            ..Start::default()
        };
        let report = solve_from(&level, start, limits(10), None).expect("replays");
        let from = report.solution.as_ref().expect("solved from there");
        assert_eq!(&from.actions[..k], &line[..k], "it begins with the played");
        assert_eq!(from.turns, best.solution.as_ref().unwrap().turns);
        assert!(report.complete, "proven the fewest from there");
        replay(&level, &report);
    }
    // A turn thrown away: one turn more, proven.
    let start = Start {
        played: &[Action::EndTurn],
        ..Start::default()
    };
    let report = solve_from(&level, start, limits(10), None).expect("replays");
    assert_eq!(
        report.solution.as_ref().map(|s| s.turns),
        best.solution.as_ref().map(|s| s.turns + 1)
    );
    assert!(report.complete);
    replay(&level, &report);
    // The knight gone home: the scout alone clears the ledge (groups of
    // the heroes still in play).
    let level = load(LEDGE);
    let knight = Session::new(&level)
        .unwrap()
        .stage()
        .find("knight")
        .unwrap();
    let gone = [Action::Exit { hero: knight }];
    let start = Start {
        played: &gone,
        ..Start::default()
    };
    let report = solve_from(&level, start, limits(10), None).expect("replays");
    assert_eq!(report.solution.as_ref().unwrap().actions[0], gone[0]);
    replay(&level, &report);
    // A played action the rules refuse is named.
    let scout = Session::new(&level).unwrap().stage().find("scout").unwrap();
    let start = Start {
        played: &[Action::SetDown { hero: scout }],
        ..Start::default()
    };
    assert!(matches!(
        solve_from(&level, start, limits(10), None),
        Err(StartError::Refused { index: 0, .. })
    ));
}

#[test]
fn improving_may_be_capped_apart_from_finding_a_line() {
    use super::solver::{solve_from, Start};
    let level = load(CORRIDOR_PAIR);
    let start = |improve_for| Start {
        any_line_takes_all: true,
        improve_for,
        ..Start::default()
    };
    let capped =
        solve_from(&level, start(Some(Budget::Positions(0))), limits(10), None).expect("sets up");
    assert!(capped.solution.is_some(), "a line all the same");
    assert!(!capped.complete, "not proven without positions to improve");
    assert_eq!(capped.stopped, Some(Stop::Budget));
    let full = solve_from(&level, start(None), limits(10), None).expect("sets up");
    assert!(full.complete, "proven with time to improve");
    replay(&level, &capped);
}
