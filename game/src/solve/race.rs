//! Searches run side by side, and one search run to its end: how the
//! phases of a solve ([`super::solver`]) spend their share of the budget.
//!
//! A race steps the search that has reached the fewest positions next, so
//! whichever finds its way cheaply gets there first; every line found
//! becomes the best so far, which each later step must beat ([`goal`]).
//! The meter counts every search's positions and memory; a search ended is
//! released, its memory given back.

use log::info;

use super::bound::Bound;
use super::search::{Found, Goal, Meter, Search, StepOutcome, Stop};
use super::Limits;

/// The goal of a search under `limits`, given the best line so far.
fn goal(limits: &Limits, best: &Option<Found>, any: bool) -> Goal {
    Goal {
        max_turns: limits.max_turns,
        incumbent: best.as_ref().map(|f| (f.turns, f.action_count)),
        any,
    }
}

/// What runs side by side.
pub(super) struct Racer {
    /// The heroes searched (`None`: the whole party).
    pub group: Option<u32>,
    /// Its search.
    pub search: Search,
    /// Positions it has reached so far.
    pub spent: u64,
}

/// How a race ended.
pub(super) enum Race {
    /// Every search is done (or, with `first_wins`, one found a line).
    Over,
    /// The whole party's search is done: no line within the goal.
    PartyDone {
        everything: bool,
    },
    /// The budget of the phase ran out.
    Budget,
    Cancelled,
    /// The positions kept outgrew the memory allowed: the solve stops.
    Memory,
}

/// Runs `racers` side by side, the one that has spent the least going
/// next, keeping the best line found in `best`. With `first_wins` the
/// race ends at the first line found.
pub(super) fn race(
    racers: &mut [Racer],
    bound: &Bound,
    limits: &Limits,
    any: bool,
    first_wins: bool,
    best: &mut Option<Found>,
    meter: &mut Meter<'_>,
) -> Race {
    while let Some(racer) = racers
        .iter_mut()
        .filter(|r| !r.search.is_done())
        .min_by_key(|r| r.spent)
    {
        if let Some(p) = meter.progress {
            p.set_whole_party(racer.group.is_none());
        }
        let before = meter.states;
        let step = racer.search.step(bound, &goal(limits, best, any), meter);
        racer.spent += meter.states - before;
        match step {
            StepOutcome::Found(found) => {
                info!(
                    "solver: {}: {} turns, {} actions",
                    racer
                        .group
                        .map_or("the whole party".to_string(), |g| format!("group {g:#b}")),
                    found.turns,
                    found.action_count
                );
                if let Some(p) = meter.progress {
                    p.set_best_turns(found.turns);
                }
                *best = Some(found);
                if first_wins {
                    return Race::Over;
                }
            }
            StepOutcome::Going => {}
            StepOutcome::Done { everything } if racer.group.is_none() => {
                return Race::PartyDone { everything };
            }
            StepOutcome::Done { .. } => {}
            StepOutcome::Stopped(Stop::Cancelled) => return Race::Cancelled,
            StepOutcome::Stopped(Stop::Memory) => return Race::Memory,
            StepOutcome::Stopped(Stop::Budget) => return Race::Budget,
        }
    }
    Race::Over
}

/// Runs `search` step after step until it is done; keeps the turns it
/// searched in full in `meter.turns_done`. Without a best line to beat,
/// each turn searched in full is ruled out, and the progress says so.
pub(super) fn run(
    mut search: Search,
    bound: &Bound,
    limits: &Limits,
    best: &Option<Found>,
    meter: &mut Meter<'_>,
) -> StepOutcome {
    meter.turns_done = search.turn() - 1;
    loop {
        match search.step(bound, &goal(limits, best, false), meter) {
            StepOutcome::Going => {
                meter.turns_done = search.turn() - 1;
                if let Some(p) = meter.progress.filter(|_| best.is_none()) {
                    p.rule_out(meter.turns_done);
                }
            }
            ended => {
                search.release(meter);
                return ended;
            }
        }
    }
}

/// Ends the searches of `racers`, their memory given back to the meter.
pub(super) fn release(racers: Vec<Racer>, meter: &mut Meter<'_>) {
    for r in racers {
        r.search.release(meter);
    }
}
