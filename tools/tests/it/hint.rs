//! Hints (`game::solve::hint`) on the shipped campaign: from every
//! position along each level's shipped solution and from twenty positions
//! per level reached by random legal actions (a fixed seed), the hint
//! answers within a budget of positions with an action the rules accept,
//! or says the position cannot be won; and following the hints from the
//! start of a small level clears it in its par.
//!
//! The budget is in positions, not time (play's is a second): a search
//! stops at the same point on any machine, however loaded, and on any
//! number of threads, so every verdict here, the counts of positions
//! without an answer included, is the same on every run. The shipped
//! solution is the line the hint knows, the fewest (as in play): along it
//! the hint is its next action, proven the fewest; positions off it are
//! searched. What each level took is printed (`--nocapture`).
use std::time::{Duration, Instant};

use game::action::Action;
use game::level::{load_file, Level};
use game::random_play::random_actions;
use game::rng::SplitMix64;
use game::script::script_actions;
use game::session::Session;
use game::solve::hint::{hint, hint_with, Hint, HintLimits, Known};
use game::solve::Budget;
use game::stage::Outcome;

use crate::common::{as_played, campaign, root};

/// What the hint is given: 300,000 positions, less than what play's second
/// searches on the two-core development machine in a release build at the
/// solver's rate on most levels (0.35–1.25 M positions a second on one
/// core, `BENCHMARKS.md`, "Solver"; the keep and the sunken shrine are
/// slower). Positions, not time: the same answers on a loaded machine.
const BUDGET: Budget = Budget::Positions(300_000);

/// How much of it a hint here spends looking for a shorter line once it
/// has one (in play: the rest of the budget). This test asserts that an
/// answer comes within the budget and is legal, not that it is proven the
/// fewest (the positions along the solution and `following_the_hints_…`
/// pin that); finding the first line takes the whole budget as in play, so
/// what is cut is only the proof, which off the line rarely finishes
/// within the budget anyway and was most of the test's time.
const IMPROVE: Budget = Budget::Positions(50_000);

/// Random positions per level.
const RANDOM: usize = 20;

/// Levels where some random positions get no answer within the budget
/// (neither a line nor a proof that none exists; the hint then only says
/// how far back the shipped line was), and how many of the twenty do; every
/// other level answers all twenty. The positions are seeded by the level's
/// file name and the budget is in positions, so the counts are the same on
/// every run, however loaded the machine (these were measured with the
/// budget above); a count that grows is a hint that needs more
/// positions than it did (the keep, redesigned for issue 36, answers all
/// twenty; the old keep left 10). The unanswered are positions where a
/// hero is stranded or a relic is out of
/// reach in a way the search only proves by searching every position the
/// party can reach. Every level answers from every position along its
/// solution.
const MAY_NOT_ANSWER: &[(&str, usize)] = &[
    ("Heavy haul", 6),
    ("The well", 9),
    ("The sunken shrine", 7),
    ("The vault", 7),
];

fn solution_of(level: &Level, file: &std::path::Path) -> Vec<Action> {
    let stem = file.file_stem().and_then(|s| s.to_str()).expect("stem");
    let path = root().join("levels/solutions").join(format!("{stem}.sim"));
    let script = std::fs::read_to_string(&path).expect("the solution reads");
    script_actions(level, &script).expect("the solution plays")
}

/// A line of up to 40 random legal actions from the start of `level`
/// that leaves it still in play or lost (never cleared, never retreated).
fn random_line(level: &Level, rng: &mut SplitMix64) -> Vec<Action> {
    let mut s = Session::new(level).expect("sets up");
    s.set_self_checks(false);
    let mut line = Vec::new();
    let length = 1 + rng.below(40);
    while line.len() < length && s.stage().outcome() == Outcome::Playing {
        let Some(done) = random_actions(&mut s, rng)
            .into_iter()
            .filter(|a| *a != Action::EndTurn || rng.chance(30))
            .find(|a| {
                if s.perform(a).is_err() {
                    return false;
                }
                if matches!(s.stage().outcome(), Outcome::Cleared | Outcome::Retreated) {
                    s.undo();
                    return false;
                }
                true
            })
        else {
            continue;
        };
        line.push(done);
    }
    line
}

/// Asks the hint at `played` and checks what it says; returns the time it
/// took (printed, never asserted on).
fn check(level: &Level, played: &[Action], known: Known<'_>, tally: &mut [usize; 4]) -> Duration {
    let started = Instant::now();
    let limits = HintLimits {
        budget: BUDGET,
        improve_for: Some(IMPROVE),
        threads: 1,
    };
    let answer = hint_with(level, played, limits, Some(known), None).expect("the line replays");
    let took = started.elapsed();
    let mut s = Session::new(level).expect("sets up");
    for a in played {
        s.perform(a).expect("replays");
    }
    match answer {
        Hint::Next { action, fewest, .. } => {
            s.perform(&action)
                .unwrap_or_else(|r| panic!("{}: the hint {action:?} is refused: {r}", level.name));
            tally[usize::from(!fewest)] += 1;
        }
        Hint::Unwinnable { undos, .. } => {
            assert!(undos.is_none_or(|n| n >= 1 && n <= played.len()));
            tally[2] += 1;
        }
        // Going back to the known line clears sooner than the line found
        // from here: an answer, not proven from here.
        Hint::Rejoin {
            undos,
            from_here: Some(_),
            ..
        } => {
            assert!(undos >= 1 && undos <= played.len());
            tally[1] += 1;
        }
        // No line from here: the hint only says how far back the known
        // line was (the level's start at least), which the allowance counts
        // as no answer.
        Hint::Rejoin { undos, .. } => {
            assert!(undos >= 1 && undos <= played.len());
            eprintln!("{}: no line within {BUDGET:?} after {played:?}", level.name);
            tally[3] += 1;
        }
        Hint::NoAnswer => {
            eprintln!("{}: no hint within {BUDGET:?} after {played:?}", level.name);
            tally[3] += 1;
        }
        Hint::Cleared => panic!("{}: cleared after {played:?}", level.name),
    }
    took
}

/// One level: every position along its solution, then [`RANDOM`] random
/// ones (from `seed`); returns what it found, in words.
fn check_level(file: &std::path::Path, seed: u64) -> String {
    let started = Instant::now();
    let mut rng = SplitMix64::new(seed);
    let level = as_played(file);
    let solution = solution_of(&level, file);
    // As in play: the shipped solution, proven the fewest.
    let known = Known {
        actions: &solution,
        fewest: true,
    };
    // Fewest proven, not proven, cannot be won.
    let mut tally = [0usize; 4];
    let mut slowest = Duration::ZERO;
    for i in 0..solution.len() {
        slowest = slowest.max(check(&level, &solution[..i], known, &mut tally));
    }
    let along = slowest;
    assert_eq!(
        (tally[1], tally[3]),
        (0, 0),
        "{}: every position along the solution answers, the fewest",
        level.name
    );
    slowest = Duration::ZERO;
    for _ in 0..RANDOM {
        let line = random_line(&level, &mut rng);
        slowest = slowest.max(check(&level, &line, known, &mut tally));
    }
    let allowed = MAY_NOT_ANSWER
        .iter()
        .find(|(name, _)| *name == level.name)
        .map_or(0, |&(_, n)| n);
    assert!(
        tally[3] <= allowed,
        "{}: {} of {RANDOM} random positions got no answer (at most {allowed})",
        level.name,
        tally[3]
    );
    format!(
        "{}: slowest along the solution {along:.2?}, off it {slowest:.2?}; \
         {} proven fewest, {} not proven, {} cannot be won, {} no answer; {:.1?} in all",
        level.name,
        tally[0],
        tally[1],
        tally[2],
        tally[3],
        started.elapsed()
    )
}

/// A level's random positions' seed: FNV-1a 64 of its file name, so
/// moving a level in the campaign keeps its positions.
fn seed_of(file: &std::path::Path) -> u64 {
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
    name.unwrap_or_default()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// The levels run on two threads, each hint's search on one (in play: on
/// every core; with a budget in positions the answers are the same); the
/// campaign's last levels, the slowest here, go first so that the threads
/// end together.
#[test]
fn the_hint_answers_within_its_budget_along_each_solution_and_off_it() {
    let _cores = crate::common::every_core();
    let files = campaign();
    let left = std::sync::Mutex::new((0..files.len()).collect::<Vec<_>>());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                // The lock is let go before the level is checked.
                let take = || left.lock().ok()?.pop();
                while let Some(i) = take() {
                    eprintln!("{}", check_level(&files[i], seed_of(&files[i])));
                }
            });
        }
    });
}

#[test]
fn following_the_hints_clears_loop_back_in_its_par() {
    let level = load_file(&root().join("levels/loop_back.txt")).expect("loads");
    let mut played = Vec::new();
    let mut s = Session::new(&level).expect("sets up");
    while s.stage().outcome() == Outcome::Playing && played.len() < 50 {
        match hint(&level, &played, BUDGET, None, None).expect("replays") {
            Hint::Next { action, fewest, .. } => {
                assert!(fewest, "proven from every position of the first level");
                s.perform(&action).expect("the hinted action is legal");
                played.push(action);
            }
            other => panic!("after {played:?}: {other:?}"),
        }
    }
    assert_eq!(s.stage().outcome(), Outcome::Cleared);
    assert_eq!(Some(s.stage().turn()), level.par);
}
