//! The solve, in three phases that share one budget.
//!
//! **1. Any line, fast.** Searches for any line of play within the turn
//! limit, closest-to-cleared positions first ([`Goal::any`](super::search::Goal::any)): one for each
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
use super::race::{race, release, run, Race, Racer};
use super::search::{Found, Meter, Search, StepOutcome, Stop};
use super::{Budget, Limits, Progress, Report, Solution};
use crate::action::abilities::Without;
use crate::action::Action;
use crate::level::Level;
use crate::session::Session;
use crate::stage::{Stage, StageError};

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
    let mut solve = Solve::new(level, start, limits, progress, started)?;
    solve.any_line(whole)?;
    if solve.goes_on() {
        let improving = Improving {
            since: Instant::now(),
            states: solve.meter.states,
            improve_for: start.improve_for,
        };
        solve.groups_turn_by_turn(&improving)?;
        if solve.ended.stopped.is_none() {
            solve.everyone(&improving)?;
        }
    }
    Ok(solve.report())
}

/// The groups to try from `stage` ([`groups`]): the heroes still in play,
/// those standing at the entrance able to leave at once.
fn groups_in(stage: &Stage) -> Vec<u32> {
    let heroes = stage.active_heroes();
    let entrance = stage.entrance();
    let mut can_leave = 0u32;
    for (i, &h) in heroes.iter().enumerate().take(16) {
        if stage.cell_of(h) == Some(entrance) {
            can_leave |= 1 << i;
        }
    }
    groups(heroes.len(), can_leave)
}

/// A solve under way, phase after phase (see the module docs): where its
/// searches start, the budget's meter, the best line so far and how the
/// solve ended.
struct Solve<'a> {
    level: &'a Level,
    start: Start<'a>,
    limits: Limits,
    /// When the solve began: the limits' time counts from here.
    started: Instant,
    /// The bound of every search, read where `start` leads.
    bound: Bound,
    /// The groups raced ([`groups_in`]); empty: none.
    groups: Vec<u32>,
    meter: Meter<'a>,
    /// The best line found so far; `None`: none yet.
    best: Option<Found>,
    ended: Ended,
}

impl<'a> Solve<'a> {
    /// A solve of `level` from `start` under `limits`, begun at `started`,
    /// its meter set to phase 1's share: a quarter of the positions and
    /// the time, or all of them when phase 1 is all it may take
    /// ([`Limits::first`], [`Start::any_line_takes_all`]).
    fn new(
        level: &'a Level,
        start: Start<'a>,
        limits: Limits,
        progress: Option<&'a Progress>,
        started: Instant,
    ) -> Result<Solve<'a>, StartError> {
        let (party, _) = session_of(level, &start, None)?;
        let quarters = if limits.first || start.any_line_takes_all {
            4
        } else {
            1
        };
        Ok(Solve {
            level,
            start,
            limits,
            started,
            bound: Bound::new(party.stage()),
            groups: groups_in(party.stage()),
            meter: Meter {
                limits,
                progress,
                states: 0,
                stop_at: limits.max_states / 4 * u64::from(quarters),
                deadline: limits.max_time.map(|t| started + t / 4 * quarters),
                kept: 0,
                replays: 0,
                turns_done: 0,
                memory: 0,
                peak_memory: 0,
            },
            best: None,
            ended: Ended::default(),
        })
    }

    /// A search from where the solve starts, of the heroes of `group`
    /// ([`session_of`]; `None`: the whole party).
    fn search(&self, group: Option<u32>) -> Result<Search, StartError> {
        search_of(self.level, &self.start, group, self.limits.threads())
    }

    /// Runs a racer for each group and, when given, `whole` (the whole
    /// party's search) last, side by side ([`race`]), and releases them.
    fn run_race(
        &mut self,
        whole: Option<Search>,
        any: bool,
        first_wins: bool,
    ) -> Result<Race, StartError> {
        let mut racers: Vec<Racer> = Vec::new();
        for &g in &self.groups {
            racers.push(Racer {
                group: Some(g),
                search: self.search(Some(g))?,
                spent: 0,
            });
        }
        if let Some(search) = whole {
            racers.push(Racer {
                group: None,
                search,
                spent: 0,
            });
        }
        let ended = race(
            &mut racers,
            &self.bound,
            &self.limits,
            any,
            first_wins,
            &mut self.best,
            &mut self.meter,
        );
        release(racers, &mut self.meter);
        Ok(ended)
    }

    /// Phase 1, any line, fast: the groups and the whole party (`whole`)
    /// side by side until one finds a line.
    fn any_line(&mut self, whole: Search) -> Result<(), StartError> {
        match self.run_race(Some(whole), true, true)? {
            Race::Cancelled => self.ended.stopped = Some(Stop::Cancelled),
            Race::Memory => self.ended.stopped = Some(Stop::Memory),
            Race::Budget if self.limits.first || self.start.any_line_takes_all => {
                self.ended.stopped = Some(Stop::Budget)
            }
            Race::PartyDone { everything } => {
                // No line at all within the limit: nothing more to look for.
                self.ended.complete = true;
                self.ended.none_within = self.limits.max_turns;
                self.ended.unsolvable = everything;
            }
            Race::Over | Race::Budget => {}
        }
        Ok(())
    }

    /// Whether phases 2 and 3 follow phase 1: it was not stopped, did not
    /// settle the answer, and the limits ask for more than the first line.
    fn goes_on(&self) -> bool {
        self.ended.stopped.is_none() && !self.ended.complete && !self.limits.first
    }

    /// Phase 2, groups, turn by turn: side by side, each looking only for
    /// lines that beat the best so far, within half the limits (and half
    /// of what `improving` allows).
    fn groups_turn_by_turn(&mut self, improving: &Improving) -> Result<(), StartError> {
        if self.groups.is_empty() {
            return Ok(());
        }
        let limits = &self.limits;
        self.meter.stop_at = improving.stop_at(1, limits.max_states / 2);
        self.meter.deadline = improving.deadline(1, limits.max_time.map(|t| self.started + t / 2));
        match self.run_race(None, false, false)? {
            Race::Cancelled => self.ended.stopped = Some(Stop::Cancelled),
            Race::Memory => self.ended.stopped = Some(Stop::Memory),
            Race::Over | Race::PartyDone { .. } | Race::Budget => {}
        }
        Ok(())
    }

    /// Phase 3, everyone: the whole party's search, first for no shorter
    /// line ([`Solve::fewer_turns`]), then for no line as short with fewer
    /// actions ([`Solve::fewer_actions`]), within the rest of the limits
    /// (and of what `improving` allows).
    fn everyone(&mut self, improving: &Improving) -> Result<(), StartError> {
        let limits = &self.limits;
        self.meter.stop_at = improving.stop_at(2, limits.max_states);
        self.meter.deadline = improving.deadline(2, limits.max_time.map(|t| self.started + t));
        if let Some(p) = self.meter.progress {
            p.set_whole_party(true);
        }
        let turns_proven = self.fewer_turns()?;
        if turns_proven && !self.ended.complete {
            self.fewer_actions()?;
        }
        Ok(())
    }

    /// The whole party's search for a line in fewer turns than the best
    /// (within the limits when there is none yet); whether the best's turns
    /// are then proven the fewest.
    fn fewer_turns(&mut self) -> Result<bool, StartError> {
        let shorter = match &self.best {
            Some(f) if f.turns > 1 => Some(Limits {
                max_turns: f.turns - 1,
                ..self.limits
            }),
            Some(_) => None,
            None => Some(self.limits),
        };
        let mut turns_proven = self.best.as_ref().is_some_and(|f| f.turns == 1);
        let Some(limit) = shorter else {
            return Ok(turns_proven);
        };
        match run(
            self.search(None)?,
            &self.bound,
            &limit,
            &None,
            &mut self.meter,
        ) {
            StepOutcome::Found(found) => {
                self.ended.none_within = found.turns - 1;
                self.ended.complete = true;
                self.best = Some(found);
            }
            StepOutcome::Done { everything } => {
                self.ended.none_within = limit.max_turns;
                self.ended.complete = self.best.is_none();
                self.ended.unsolvable = everything && self.best.is_none();
                turns_proven = true;
            }
            StepOutcome::Stopped(stop) => {
                self.ended.stopped = Some(stop);
                self.ended.none_within = self.meter.turns_done;
            }
            StepOutcome::Going => unreachable!("run goes on until the search is done"),
        }
        Ok(turns_proven)
    }

    /// The whole party's search for a line as short as the best with fewer
    /// actions, once no line is shorter; the solve is complete if it ends.
    fn fewer_actions(&mut self) -> Result<(), StartError> {
        let search = self.search(None)?;
        match run(
            search,
            &self.bound,
            &self.limits,
            &self.best,
            &mut self.meter,
        ) {
            StepOutcome::Found(found) => self.best = Some(found),
            StepOutcome::Done { .. } => {}
            StepOutcome::Stopped(stop) => self.ended.stopped = Some(stop),
            StepOutcome::Going => unreachable!("run goes on until the search is done"),
        }
        self.ended.complete = self.ended.stopped.is_none();
        self.ended.none_within = self.best.as_ref().map_or(0, |f| f.turns - 1);
        Ok(())
    }

    /// The report of the solve ([`report`]).
    fn report(self) -> Report {
        report(
            self.level,
            &self.limits,
            &self.meter,
            self.started,
            self.best,
            self.ended,
        )
    }
}

/// What phases 2 and 3 may take at most besides their share of the limits
/// ([`Start::improve_for`]), counted from the end of phase 1: phase 2 half
/// of it, phases 2 and 3 together all of it.
struct Improving {
    /// When phase 1 ended.
    since: Instant,
    /// Positions reached when phase 1 ended.
    states: u64,
    /// `None`: no more than the limits.
    improve_for: Option<Budget>,
}

impl Improving {
    /// A phase's deadline: `whole` (its share of the limits; `None`: no
    /// limit), capped at `halves` halves of the time improving may take.
    fn deadline(&self, halves: u32, whole: Option<Instant>) -> Option<Instant> {
        let cap = match self.improve_for {
            Some(Budget::Time(d)) => Some(self.since + d / 2 * halves),
            _ => None,
        };
        match (whole, cap) {
            (Some(w), Some(c)) => Some(w.min(c)),
            (w, c) => w.or(c),
        }
    }

    /// A phase's most positions in all: `most` (its share of the limits),
    /// capped at `halves` halves of the positions improving may reach.
    fn stop_at(&self, halves: u32, most: u64) -> u64 {
        match self.improve_for {
            Some(Budget::Positions(n)) => {
                most.min(self.states.saturating_add(n / 2 * u64::from(halves)))
            }
            _ => most,
        }
    }
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
