//! The solve, in three phases that share one budget.
//!
//! **1. Any line, fast.** Searches for any line of play within the turn
//! limit, closest-to-cleared positions first ([`Goal::any`]): one for each
//! small group of heroes — each hero alone and (for four heroes or fewer)
//! each pair, each three, …, the heroes left out leaving at once — and one
//! for the whole party. They run side by side, the one that has reached
//! the fewest positions going next, so whichever finds its way cheaply
//! gets there first. With [`Limits::first`] the solve ends here.
//!
//! **2. Groups, turn by turn.** The groups again, each searched turn by
//! turn so that what it finds is its fewest turns, then its fewest
//! actions (side by side as before), each looking only for lines that beat
//! the best so far.
//!
//! **3. Everyone.** The whole party's search, turn by turn: first for a
//! line in fewer turns than the best (if it finishes without one, the best
//! has the fewest turns), then for one as short with fewer actions. If it
//! finishes, the answer is the fewest turns, then the fewest actions; if a
//! budget stops it first, the report says how many turns it ruled out.
//!
//! Why groups at all: heroes who never lend a hand (they only walk and
//! leave) are common, and in the whole party's search every place they
//! might wander to multiplies the positions. A group's search finds the
//! lines where the others leave at once in a fraction of that, and each
//! line found lets every later search drop what could not beat it. Phase 1
//! takes at most a quarter of the budget (all of it with [`Limits::first`]
//! or [`Start::any_line_takes_all`]), phases 1 and 2 together half.
//!
//! [`solve_from`] does the same from where a played line leads (a hint
//! from the player's position): every search replays it first, and the
//! groups are of the heroes still in play.

use std::time::Instant;

use log::info;

use super::bound::Bound;
use super::search::{Found, Goal, Meter, Search, StepOutcome, Stop};
use super::{Budget, Limits, Progress, Report, Solution};
use crate::action::abilities::Without;
use crate::action::Action;
use crate::level::Level;
use crate::session::Session;
use crate::stage::StageError;

/// Groups are tried for parties of at most this many heroes (for larger
/// ones, each hero alone only).
const MAX_PARTY_FOR_GROUPS: usize = 4;

/// The groups to try, smallest first: bitmasks over `heroes` heroes, each
/// leaving out only heroes who can leave at once (those in `can_leave`).
fn groups(heroes: usize, can_leave: u32) -> Vec<u32> {
    if !(2..=16).contains(&heroes) {
        return Vec::new();
    }
    let all = (1u32 << heroes) - 1;
    let largest = if heroes <= MAX_PARTY_FOR_GROUPS {
        heroes - 1
    } else {
        1
    };
    let mut out: Vec<u32> = (1..all)
        .filter(|&g| g.count_ones() as usize <= largest && (all & !g) & !can_leave == 0)
        .collect();
    out.sort_by_key(|&g| (g.count_ones(), g));
    out
}

/// Where a solve starts and what it may use (see [`solve_from`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Start<'a> {
    /// Actions played from the start of the level (`EndTurn`s included),
    /// replayed before the search: the solve looks for the rest of a line
    /// from where they lead.
    pub played: &'a [Action],
    /// The heroes' abilities switched off.
    pub without: Without,
    /// Phase 1 (any line) may take the whole budget rather than a quarter:
    /// for an answer at all, proven the fewest or not (a hint).
    pub any_line_takes_all: bool,
    /// After phase 1, phases 2 and 3 (a shorter line, the proof) take at
    /// most this long, or reach at most this many more positions (within
    /// the limits still); `None`: the rest of the limits.
    pub improve_for: Option<Budget>,
}

/// Why a solve could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The level cannot be set up for play.
    Setup(StageError),
    /// Played action `index` (from 0) is refused on replay.
    Refused {
        /// The action's place in the played line, from 0.
        index: usize,
        /// The refusal, as a sentence.
        why: String,
    },
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Setup(e) => write!(f, "{e}"),
            StartError::Refused { index, why } => {
                write!(f, "played action {} is refused on replay: {why}", index + 1)
            }
        }
    }
}

impl std::error::Error for StartError {}

impl From<StageError> for StartError {
    fn from(e: StageError) -> Self {
        StartError::Setup(e)
    }
}

/// A session of `level` standing where `start.played` leads, with the
/// abilities of `start.without` switched off; a played action the rules
/// refuse is named.
pub(super) fn replay(level: &Level, start: &Start<'_>) -> Result<Session, StartError> {
    let mut session = Session::new(level)?;
    session.set_without(start.without);
    // The per-step self-checks of debug builds (O(capacity) each) would
    // make the search some thirty times slower; the game's own tests keep
    // them on for the solver too.
    session.set_self_checks(cfg!(test));
    for (index, action) in start.played.iter().enumerate() {
        session.perform(action).map_err(|r| StartError::Refused {
            index,
            why: r.to_string(),
        })?;
    }
    Ok(session)
}

/// A session of `level` for the solver, with the abilities of `start`
/// switched off and its actions played, where then every hero but those
/// of `group` (a bitmask over the heroes still in play, in level order;
/// `None`: all) has left at once; and the actions that led there.
fn session_of(
    level: &Level,
    start: &Start<'_>,
    group: Option<u32>,
) -> Result<(Session, Vec<Action>), StartError> {
    let mut session = replay(level, start)?;
    let mut prefix = start.played.to_vec();
    if let Some(group) = group {
        for (i, hero) in session.stage().active_heroes().into_iter().enumerate() {
            if group & (1 << i) == 0 {
                let exit = Action::Exit { hero };
                if session.perform(&exit).is_ok() {
                    prefix.push(exit);
                }
            }
        }
    }
    Ok((session, prefix))
}

/// A search of `level` from [`session_of`]'s position, on `threads`
/// threads.
fn search_of(
    level: &Level,
    start: &Start<'_>,
    group: Option<u32>,
    threads: usize,
) -> Result<Search, StartError> {
    let (session, prefix) = session_of(level, start, group)?;
    let mut search = Search::new(session, prefix);
    for _ in 1..threads {
        search.add_worker(session_of(level, start, group)?.0);
    }
    Ok(search)
}

/// The goal of a search under `limits`, given the best line so far.
fn goal(limits: &Limits, best: &Option<Found>, any: bool) -> Goal {
    Goal {
        max_turns: limits.max_turns,
        incumbent: best.as_ref().map(|f| (f.turns, f.action_count)),
        any,
    }
}

/// What runs side by side.
struct Racer {
    /// The heroes searched (`None`: the whole party).
    group: Option<u32>,
    search: Search,
    /// Positions it has reached so far.
    spent: u64,
}

/// How a race ended.
enum Race {
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
fn race(
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
fn run(
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
fn release(racers: Vec<Racer>, meter: &mut Meter<'_>) {
    for r in racers {
        r.search.release(meter);
    }
}

/// How a solve ended, besides its solution (see [`Report`]).
#[derive(Default)]
struct Ended {
    none_within: u32,
    complete: bool,
    unsolvable: bool,
    stopped: Option<Stop>,
}

/// Searches `level` for the line of play that clears it in the fewest
/// turns, then the fewest actions, within `limits` (see the module docs).
/// `progress`, if given, is kept up to date and can cancel the search.
/// Fails only if the level cannot be set up for play.
pub fn solve(
    level: &Level,
    limits: Limits,
    progress: Option<&Progress>,
) -> Result<Report, StageError> {
    solve_without(level, Without::NONE, limits, progress)
}

/// [`solve`] with the heroes' abilities in `without` switched off
/// ([`Stage::set_without`](crate::stage::Stage::set_without)): can the level
/// be cleared without them, and in how many turns?
pub fn solve_without(
    level: &Level,
    without: Without,
    limits: Limits,
    progress: Option<&Progress>,
) -> Result<Report, StageError> {
    let start = Start {
        without,
        ..Start::default()
    };
    solve_from(level, start, limits, progress).map_err(|e| match e {
        StartError::Setup(e) => e,
        StartError::Refused { .. } => unreachable!("nothing is played before the search"),
    })
}

/// [`solve`] from where `start`'s actions lead (with its abilities switched
/// off): the fewest turns, then actions, of the rest of a line. The
/// solution's actions begin with the played ones; its turns and
/// `max_turns` count from the start of the level. Fails if the level
/// cannot be set up or a played action is refused.
pub fn solve_from(
    level: &Level,
    start: Start<'_>,
    limits: Limits,
    progress: Option<&Progress>,
) -> Result<Report, StartError> {
    let started = Instant::now();
    let whole = search_of(level, &start, None, limits.threads())?;
    let (party, _) = session_of(level, &start, None)?;
    let bound = Bound::new(party.stage());
    let heroes = party.stage().active_heroes();
    let entrance = party.stage().entrance();
    let mut can_leave = 0u32;
    for (i, &h) in heroes.iter().enumerate().take(16) {
        if party.stage().cell_of(h) == Some(entrance) {
            can_leave |= 1 << i;
        }
    }
    let groups = groups(heroes.len(), can_leave);
    let share = |parts: u32| Meter {
        limits,
        progress,
        states: 0,
        stop_at: limits.max_states / 4 * u64::from(parts),
        deadline: limits.max_time.map(|t| started + t / 4 * parts),
        kept: 0,
        replays: 0,
        turns_done: 0,
        memory: 0,
        peak_memory: 0,
    };
    let mut meter = if limits.first || start.any_line_takes_all {
        share(4)
    } else {
        share(1)
    };
    let mut best: Option<Found> = None;
    let mut ended = Ended::default();

    // 1. Any line, fast.
    let mut racers: Vec<Racer> = Vec::new();
    for &g in &groups {
        racers.push(Racer {
            group: Some(g),
            search: search_of(level, &start, Some(g), limits.threads())?,
            spent: 0,
        });
    }
    racers.push(Racer {
        group: None,
        search: whole,
        spent: 0,
    });
    let first = race(
        &mut racers,
        &bound,
        &limits,
        true,
        true,
        &mut best,
        &mut meter,
    );
    release(racers, &mut meter);
    match first {
        Race::Cancelled => ended.stopped = Some(Stop::Cancelled),
        Race::Memory => ended.stopped = Some(Stop::Memory),
        Race::Budget if limits.first || start.any_line_takes_all => {
            ended.stopped = Some(Stop::Budget)
        }
        Race::PartyDone { everything } => {
            // No line at all within the limit: nothing more to look for.
            ended.complete = true;
            ended.none_within = limits.max_turns;
            ended.unsolvable = everything;
        }
        Race::Over | Race::Budget => {}
    }
    let go_on = ended.stopped.is_none() && !ended.complete && !limits.first;
    // A phase's deadline `whole` and its positions `most`, capped at
    // `halves` halves of what improving may take ([`Start::improve_for`]).
    let improving = (Instant::now(), meter.states);
    let until = |halves: u32, whole: Option<Instant>| {
        let cap = match start.improve_for {
            Some(Budget::Time(d)) => Some(improving.0 + d / 2 * halves),
            _ => None,
        };
        match (whole, cap) {
            (Some(w), Some(c)) => Some(w.min(c)),
            (w, c) => w.or(c),
        }
    };
    let stop_at = |halves: u32, most: u64| match start.improve_for {
        Some(Budget::Positions(n)) => {
            most.min(improving.1.saturating_add(n / 2 * u64::from(halves)))
        }
        _ => most,
    };

    // 2. Groups, turn by turn.
    if go_on && !groups.is_empty() {
        meter.stop_at = stop_at(1, limits.max_states / 2);
        meter.deadline = until(1, limits.max_time.map(|t| started + t / 2));
        let mut racers: Vec<Racer> = Vec::new();
        for &g in &groups {
            racers.push(Racer {
                group: Some(g),
                search: search_of(level, &start, Some(g), limits.threads())?,
                spent: 0,
            });
        }
        match race(
            &mut racers,
            &bound,
            &limits,
            false,
            false,
            &mut best,
            &mut meter,
        ) {
            Race::Cancelled => ended.stopped = Some(Stop::Cancelled),
            Race::Memory => ended.stopped = Some(Stop::Memory),
            Race::Over | Race::PartyDone { .. } | Race::Budget => {}
        }
        release(racers, &mut meter);
    }

    // 3. Everyone: first no shorter line, then no line as short with
    // fewer actions.
    if go_on && ended.stopped.is_none() {
        meter.stop_at = stop_at(2, limits.max_states);
        meter.deadline = until(2, limits.max_time.map(|t| started + t));
        if let Some(p) = progress {
            p.set_whole_party(true);
        }
        let shorter = match &best {
            Some(f) if f.turns > 1 => Some(Limits {
                max_turns: f.turns - 1,
                ..limits
            }),
            Some(_) => None,
            None => Some(limits),
        };
        let mut turns_proven = best.as_ref().is_some_and(|f| f.turns == 1);
        if let Some(limit) = shorter {
            match run(
                search_of(level, &start, None, limits.threads())?,
                &bound,
                &limit,
                &None,
                &mut meter,
            ) {
                StepOutcome::Found(found) => {
                    ended.none_within = found.turns - 1;
                    ended.complete = true;
                    best = Some(found);
                }
                StepOutcome::Done { everything } => {
                    ended.none_within = limit.max_turns;
                    ended.complete = best.is_none();
                    ended.unsolvable = everything && best.is_none();
                    turns_proven = true;
                }
                StepOutcome::Stopped(stop) => {
                    ended.stopped = Some(stop);
                    ended.none_within = meter.turns_done;
                }
                StepOutcome::Going => unreachable!("run goes on until the search is done"),
            }
        }
        if turns_proven && !ended.complete {
            match run(
                search_of(level, &start, None, limits.threads())?,
                &bound,
                &limits,
                &best,
                &mut meter,
            ) {
                StepOutcome::Found(found) => best = Some(found),
                StepOutcome::Done { .. } => {}
                StepOutcome::Stopped(stop) => ended.stopped = Some(stop),
                StepOutcome::Going => unreachable!("run goes on until the search is done"),
            }
            ended.complete = ended.stopped.is_none();
            ended.none_within = best.as_ref().map_or(0, |f| f.turns - 1);
        }
    }
    Ok(report(level, &limits, &meter, started, best, ended))
}

/// The report of a solve, also told to the progress and the log.
fn report(
    level: &Level,
    limits: &Limits,
    meter: &Meter<'_>,
    started: Instant,
    best: Option<Found>,
    ended: Ended,
) -> Report {
    if let Some(p) = meter.progress {
        p.set_states(meter.states);
        p.rule_out(ended.none_within);
        if let Some(f) = &best {
            p.set_best_turns(f.turns);
        }
    }
    let report = Report {
        solution: best.map(|f| Solution {
            actions: f.actions,
            turns: f.turns,
        }),
        none_within: ended.none_within,
        complete: ended.complete,
        unsolvable: ended.unsolvable,
        stopped: ended.stopped,
        max_turns: limits.max_turns,
        states: meter.states,
        kept: meter.kept,
        replays: meter.replays,
        memory: meter.peak_memory,
        elapsed: started.elapsed(),
    };
    info!("solver: {}: {}", level.name, report.summary());
    report
}

#[cfg(test)]
mod tests {
    use super::groups;

    #[test]
    fn groups_come_smallest_first_and_leave_out_only_heroes_who_can_leave() {
        assert!(groups(1, 1).is_empty());
        assert_eq!(
            groups(3, 0b111),
            vec![0b001, 0b010, 0b100, 0b011, 0b101, 0b110]
        );
        // The second hero is not at the entrance: every group holds it.
        assert_eq!(groups(3, 0b101), vec![0b010, 0b011, 0b110]);
        // Five heroes: each alone only.
        assert_eq!(groups(5, 0b11111), vec![1, 2, 4, 8, 16]);
    }
}
