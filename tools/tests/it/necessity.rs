//! Every campaign level needs what it teaches: for each (level, mechanic)
//! pair listed in `levels/README.md` ("The campaign", the "needs" column)
//! the level as play starts it (equipped with the pieces it requires)
//! with that mechanic taken away (`game::edit::without`, as `sim solve
//! --without` takes it) is searched to the end for a few turns more than
//! its par, and no line clears it. A watcher is the other way round: it
//! makes a level harder, so the lesson holds when the level without it
//! (`watcher:ID`) is cleared in fewer turns than its par, the fewest
//! proven. A lesson a longer line can do without (Sentry's long drop:
//! the knight's rope lets every hero down, in more turns) is needed for
//! the par: without it, no line of par turns, proven.
//!
//! A level changed so that a player can get round what it teaches (a
//! relic a hero can simply walk to, a drop a rope makes safe for all)
//! fails here with the line that does it.
use game::edit::without::{take_away, Missing, TakenAway};
use game::level::Level;
use game::solve::{solve_without, Limits, Report};
use tools::sim::solution_script_without;

use crate::common::{as_played, campaign, every_core, root};

/// Turns searched past each level's par.
const PAST_PAR: u32 = 3;

/// The positions one search may take: the largest (the well without its
/// bucket for one turn past par, Heavy haul and the vault without their
/// bucket) take 2 to 4.2 million.
const BUDGET: u64 = 5_000_000;

/// Pairs searched fewer turns past par than [`PAST_PAR`], and how many:
/// the well without its bucket is searched to 5 turns (4.2 million
/// positions; to 7 turns it takes 14.9 million, too long for the test).
const SHALLOW: &[(&str, &str, u32)] = &[("the_well.txt", "item:bucket", 1)];

/// (level file, what it needs), as `sim solve --without` names them. Only
/// pairs that hold are listed; `levels/README.md` says which do not hold
/// yet. Watchers are in [`EASIER`].
const NEEDS: &[(&str, &[&str])] = &[
    ("loop_back.txt", &["portal:a"]),
    ("rope_descent.txt", &["rope:knight"]),
    ("the_scouts_drop.txt", &["long-drop", "step-up"]),
    ("across_the_gap.txt", &["levitate"]),
    ("mirror_door.txt", &["portal:a"]),
    (
        "heavy_haul.txt",
        &["portal:a", "item:bucket", "heavy-carry"],
    ),
    ("turnstile.txt", &["portal:a", "heavy-carry"]),
    ("through_the_wall.txt", &["levitate", "portal:a"]),
    ("peephole.txt", &["levitate", "portal:a", "heavy-carry"]),
    ("the_well.txt", &["portal:a", "heavy-carry", "item:bucket"]),
    ("sentry.txt", &["portal:a"]),
    ("the_gap.txt", &["levitate", "portal:a", "heavy-carry"]),
    ("night_haul.txt", &["heavy-carry", "item:bucket"]),
    ("sunken_shrine.txt", &["rope:knight", "rope:scout"]),
    (
        "the_keep.txt",
        &["step-up", "item:rope", "portal:w", "heavy-carry"],
    ),
    ("the_vault.txt", &["portal:a", "item:bucket", "heavy-carry"]),
];

/// (level file, what it needs to be cleared in par, the fewest turns
/// without it when known): without it the level may still be cleared, but
/// in more turns than par, so no line of par turns or fewer exists (proven
/// here; the fewest without it, proven by `sim solve --without`, is for the
/// reader, and `None` where that search is too long to finish).
const FOR_PAR: &[(&str, &str, Option<u32>)] = &[
    ("sentry.txt", "long-drop", Some(5)),
    ("sunken_shrine.txt", "long-drop", Some(7)),
    ("sunken_shrine.txt", "step-up", None),
];

/// (level file, the watcher it teaches, the fewest turns without it), each
/// fewer than the level's par.
const EASIER: &[(&str, &str, u32)] = &[
    ("watcher_hall.txt", "watcher:guard", 3),
    ("peephole.txt", "watcher:guard", 2),
    ("night_haul.txt", "watcher:guard", 6),
    ("the_keep.txt", "watcher:guard", 4),
];

/// (level file, what it does not need): with it taken away the level is
/// still cleared in its par. Mirror door teaches the flip, not the
/// levitation of the level before it: the relic lies out of the closet's
/// sight, so floating it out from there (Across the gap's lesson) is no
/// line, and walking through the door and back clears it in par.
const NOT_NEEDED: &[(&str, &str)] = &[("mirror_door.txt", "levitate")];

/// `file` of the campaign as play starts it, and its par.
fn campaign_level(file: &str) -> (Level, u32) {
    let level = as_played(&root().join("levels").join(file));
    let par = level.par.expect("every campaign level states its par");
    (level, par)
}

/// `level` with `need` taken away, searched for lines of at most
/// `max_turns` within [`BUDGET`].
fn search_without(level: &Level, need: &str, max_turns: u32) -> (TakenAway, Report) {
    let missing = Missing::parse(need).expect("a known name");
    let taken = take_away(level, &[missing]).expect("the level has it");
    let limits = Limits {
        max_turns,
        max_states: BUDGET,
        max_time: None,
        max_memory: None,
        first: false,
        threads: 0,
    };
    let report = solve_without(&taken.level, taken.without, limits, None).expect("sets up");
    (taken, report)
}

/// What is wrong, if anything, with a search that should have found no
/// line: the line it found (as a script), or that it stopped short.
fn a_line_or_a_short_search(taken: &TakenAway, report: &Report) -> Option<String> {
    if let Some(solution) = &report.solution {
        let script = solution_script_without(&taken.level, taken.without, report)
            .unwrap_or_else(|e| e.to_string());
        Some(format!("cleared in {} turns:\n{script}", solution.turns))
    } else if !report.complete {
        Some(format!(
            "not searched to the end ({} states, {:?})",
            report.states, report.stopped
        ))
    } else {
        None
    }
}

#[test]
fn every_campaign_watcher_taken_away_leaves_a_level_cleared_in_fewer_turns_than_par() {
    let _cores = every_core();
    let mut failures = Vec::new();
    for (file, watcher, fewest) in EASIER {
        let (level, par) = campaign_level(file);
        assert!(*fewest < par, "{file}: {fewest} is fewer than par {par}");
        let (_, report) = search_without(&level, watcher, par);
        let turns = report.solution.as_ref().map(|s| s.turns);
        if turns != Some(*fewest) {
            failures.push(format!(
                "{file} without {watcher}: expected the fewest {fewest} turns (par {par}), got {turns:?}: {}",
                report.summary()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_campaign_level_needs_for_its_par_what_a_longer_line_does_without() {
    let _cores = every_core();
    let mut failures = Vec::new();
    for (file, need, fewest) in FOR_PAR {
        let (level, par) = campaign_level(file);
        if let Some(fewest) = fewest {
            assert!(*fewest > par, "{file}: {fewest} is more than par {par}");
        }
        let (taken, report) = search_without(&level, need, par);
        if let Some(wrong) = a_line_or_a_short_search(&taken, &report) {
            failures.push(format!("{file} without {need} (par {par}): {wrong}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_campaign_level_cannot_be_cleared_without_what_it_teaches() {
    let _cores = every_core();
    let files: Vec<String> = campaign()
        .iter()
        .map(|p| p.file_name().expect("name").to_string_lossy().into_owned())
        .collect();
    let mut failures = Vec::new();
    for (file, needs) in NEEDS {
        assert!(files.iter().any(|f| f == file), "{file} is in the campaign");
        let (level, par) = campaign_level(file);
        for need in *needs {
            let past = SHALLOW
                .iter()
                .find(|(f, n, _)| f == file && n == need)
                .map_or(PAST_PAR, |&(_, _, past)| past);
            let (taken, report) = search_without(&level, need, par + past);
            assert!(
                taken.unwinnable.is_none(),
                "{file}: {need}: a lesson, not a relic"
            );
            if let Some(wrong) = a_line_or_a_short_search(&taken, &report) {
                failures.push(format!("{file} without {need}: {wrong}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_campaign_level_that_teaches_something_else_is_cleared_in_par_without_it() {
    let _cores = every_core();
    let mut failures = Vec::new();
    for (file, need) in NOT_NEEDED {
        let (level, par) = campaign_level(file);
        let (_, report) = search_without(&level, need, par);
        let turns = report.solution.as_ref().map(|s| s.turns);
        if turns != Some(par) {
            failures.push(format!(
                "{file} without {need}: expected par {par}, got {turns:?}: {}",
                report.summary()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
