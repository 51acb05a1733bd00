//! Hints: from the position a player stands in, the next action of a
//! shortest line that clears the level, or word that no line does and how
//! many undos back one does.
//!
//! The position is given the way the play screen reached it: the level and
//! the actions played since its start, replayed on a fresh
//! [`Session`]. [`hint`] answers within a time budget:
//!
//! 1. **Over already.** A hero caught ([`Outcome::Lost`]), the party gone
//!    without the relics ([`Outcome::Retreated`]), or a hero who can never
//!    get back to the entrance ([`Bound::earliest_clear`]): no line clears
//!    the level from here, proven at once.
//! 2. **On a known line.** With a line known to clear the level (the
//!    shipped solution), a position the line passes through (the same
//!    [`key::position`](super::key::position), action points included)
//!    takes the rest of that line at once; it is the shortest from here
//!    when the whole line is the shortest (what is left of a shortest line
//!    is a shortest line from where it stands).
//! 3. **A search.** Any line first, closest-to-cleared positions first
//!    (the whole party's search raced against groups where heroes at the
//!    entrance leave at once), then the groups turn by turn for a line in
//!    fewer turns, then (in what is left of the budget) turn by turn for a line that beats
//!    it: finished, the line is proven the fewest turns (then actions);
//!    stopped by the budget, the line found is given as it is, "shorter not
//!    ruled out". A search that expands every position the stage can reach
//!    without a line proves the position cannot be won.
//!
//! When the position cannot be won, the positions going back through the
//! played line (one undo, two, …) are asked the same, cheapest first, for
//! the nearest one that can.

use std::time::{Duration, Instant};

use super::bound::Bound;
use super::key::{position, Position};
use super::search::{Found, Goal, Meter, Search, StepOutcome, Stop};
use super::{Limits, Progress};
use crate::action::Action;
use crate::level::Level;
use crate::session::Session;
use crate::stage::Outcome;

/// Turns past the current one a hint's search looks, at most.
pub const MORE_TURNS: u32 = 30;

/// A line known to clear the level from its start (a shipped solution).
#[derive(Clone, Copy, Debug)]
pub struct Known<'a> {
    /// Every action from the start, `EndTurn`s included.
    pub actions: &'a [Action],
    /// Whether the line is proven to take the fewest turns, then actions.
    pub fewest: bool,
}

/// What a hint says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The next action of a line that clears the level from here.
    Next {
        action: Action,
        /// Turns the line takes from here, this one included (1: it clears
        /// before the turn ends).
        turns: u32,
        /// The turn it clears the level in.
        clears_in: u32,
        /// Actions of the line from here, ends of turn not counted.
        actions: u32,
        /// Whether the line is proven the fewest turns (then actions) from
        /// here.
        fewest: bool,
    },
    /// No line clears the level from here: proven.
    Unwinnable {
        /// Undos of the played line back to the nearest position that can
        /// still be won; `None`: none found within the budget.
        undos: Option<usize>,
    },
    /// The level is cleared already.
    Cleared,
    /// No answer within the budget (or the hint was cancelled).
    NoAnswer,
}

/// Why a hint could not be asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintError {
    /// The level cannot be set up for play.
    Setup(String),
    /// Played action `index` (from 0) is refused on replay.
    Refused { index: usize, why: String },
}

impl std::fmt::Display for HintError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HintError::Setup(why) => write!(f, "{why}"),
            HintError::Refused { index, why } => {
                write!(f, "played action {} is refused on replay: {why}", index + 1)
            }
        }
    }
}

/// The session standing where `played` leads from the start of `level`.
fn replay(level: &Level, played: &[Action]) -> Result<Session, HintError> {
    let mut session = Session::new(level).map_err(|e| HintError::Setup(e.to_string()))?;
    session.set_self_checks(false);
    for (index, action) in played.iter().enumerate() {
        session.perform(action).map_err(|r| HintError::Refused {
            index,
            why: r.to_string(),
        })?;
    }
    Ok(session)
}

/// The known line's positions: after each of its prefixes, the position
/// and its turn; and the turn the line clears in.
struct KnownLine<'a> {
    known: Known<'a>,
    positions: Vec<(Position, u32)>,
    clears_in: u32,
}

impl<'a> KnownLine<'a> {
    /// `None` when the line does not clear the level.
    fn new(level: &Level, known: Known<'a>) -> Option<KnownLine<'a>> {
        let mut session = replay(level, &[]).ok()?;
        let mut positions = vec![(position(session.stage()), session.stage().turn())];
        for action in known.actions {
            session.perform(action).ok()?;
            positions.push((position(session.stage()), session.stage().turn()));
        }
        (session.stage().outcome() == Outcome::Cleared).then(|| KnownLine {
            known,
            clears_in: session.stage().turn(),
            positions,
        })
    }

    /// Where the line passes through the position of `session`, if it does
    /// (before its end).
    fn index_of(&self, session: &Session) -> Option<usize> {
        let here = position(session.stage());
        self.positions[..self.positions.len() - 1]
            .iter()
            .rposition(|(p, _)| *p == here)
    }

    /// The hint the line gives from its position `i`, in `session`'s turn.
    fn hint_at(&self, i: usize, session: &Session) -> Hint {
        let turns = self.clears_in - self.positions[i].1 + 1;
        let actions = self.known.actions[i..]
            .iter()
            .filter(|a| **a != Action::EndTurn)
            .count() as u32;
        Hint::Next {
            action: self.known.actions[i],
            turns,
            clears_in: session.stage().turn() + turns - 1,
            actions,
            fewest: self.known.fewest,
        }
    }
}

/// What one position is, as far as the budget tells.
enum Verdict {
    Winnable(Hint),
    Unwinnable,
    Unknown,
}

/// Runs `search` step by step until it ends.
fn run(search: &mut Search, bound: &Bound, goal: &Goal, meter: &mut Meter<'_>) -> StepOutcome {
    loop {
        match search.step(bound, goal, meter) {
            StepOutcome::Going => {}
            ended => return ended,
        }
    }
}

fn meter<'a>(deadline: Instant, progress: Option<&'a Progress>) -> Meter<'a> {
    Meter {
        limits: Limits {
            max_turns: u32::MAX,
            max_states: u64::MAX,
            max_time: None,
            max_memory: None,
            first: false,
            threads: 1,
        },
        progress,
        states: 0,
        stop_at: u64::MAX,
        deadline: Some(deadline),
        kept: 0,
        replays: 0,
        turns_done: 0,
        memory: 0,
        peak_memory: 0,
    }
}

/// Parties of at most this many heroes race groups (see [`race`]).
const MAX_PARTY_FOR_GROUPS: usize = 4;

/// The heroes standing at the entrance, who could leave at once.
fn at_the_entrance(session: &Session) -> Vec<crate::things::ThingId> {
    let stage = session.stage();
    stage
        .active_heroes()
        .into_iter()
        .filter(|&h| stage.cell_of(h) == Some(stage.entrance()))
        .collect()
}

/// The searches a hint races, the one that has reached the fewest
/// positions going next: the whole party's (first, with `party`) and, as
/// the solver's first phases do, one for each group of heroes left when
/// some of `leavers` leave at once — a line where a hero who never lends a
/// hand leaves first is found in a fraction of the whole party's
/// positions.
fn racers(
    level: &Level,
    played: &[Action],
    heroes: usize,
    leavers: &[crate::things::ThingId],
    party: bool,
) -> Result<Vec<(Search, u64)>, HintError> {
    let mut out = Vec::new();
    if party {
        out.push((Search::new(replay(level, played)?, played.to_vec()), 0u64));
    }
    if heroes <= MAX_PARTY_FOR_GROUPS && leavers.len() < 16 {
        for mask in 1u32..(1 << leavers.len()) {
            if mask.count_ones() as usize >= heroes {
                continue;
            }
            let mut group = replay(level, played)?;
            let mut prefix = played.to_vec();
            for (i, &hero) in leavers.iter().enumerate() {
                let exit = Action::Exit { hero };
                if mask & (1 << i) != 0 && group.perform(&exit).is_ok() {
                    prefix.push(exit);
                }
            }
            if group.stage().outcome() == Outcome::Playing {
                out.push((Search::new(group, prefix), 0));
            }
        }
    }
    Ok(out)
}

/// Races `racers` (see [`racers`]) for any line: ends with the first line
/// found, or with the whole party's search (racer 0, whose end alone
/// proves anything).
fn race(
    racers: &mut [(Search, u64)],
    bound: &Bound,
    goal: &Goal,
    m: &mut Meter<'_>,
) -> StepOutcome {
    loop {
        let Some(i) = (0..racers.len())
            .filter(|&i| !racers[i].0.is_done())
            .min_by_key(|&i| racers[i].1)
        else {
            return StepOutcome::Done { everything: false };
        };
        let before = m.states;
        let step = racers[i].0.step(bound, goal, m);
        racers[i].1 += m.states - before;
        match step {
            StepOutcome::Going => {}
            StepOutcome::Done { .. } if i > 0 => {}
            ended => return ended,
        }
    }
}

/// The groups' searches turn by turn, side by side, each for a line that
/// beats the best so far (kept in `best`), until they are done or the
/// meter stops them: a line in a group's fewest turns is found long
/// before the whole party's search could.
fn groups_turn_by_turn(
    racers: &mut [(Search, u64)],
    bound: &Bound,
    best: &mut Found,
    m: &mut Meter<'_>,
) {
    loop {
        let Some(i) = (0..racers.len())
            .filter(|&i| !racers[i].0.is_done())
            .min_by_key(|&i| racers[i].1)
        else {
            return;
        };
        let goal = Goal {
            max_turns: best.turns,
            incumbent: Some((best.turns, best.action_count)),
            any: false,
        };
        let before = m.states;
        let step = racers[i].0.step(bound, &goal, m);
        racers[i].1 += m.states - before;
        match step {
            StepOutcome::Found(found) => *best = found,
            StepOutcome::Going | StepOutcome::Done { .. } => {}
            StepOutcome::Stopped(_) => return,
        }
    }
}

/// The hint of a line `found` from `session`'s position, `played` before it.
fn next_of(found: &Found, played: &[Action], session: &Session, fewest: bool) -> Hint {
    let now = session.stage().turn();
    let rest = &found.actions[played.len()..];
    Hint::Next {
        action: rest[0],
        turns: found.turns - now + 1,
        clears_in: found.turns,
        actions: rest.iter().filter(|a| **a != Action::EndTurn).count() as u32,
        fewest,
    }
}

/// Asks about the position `played` leads to: cheap checks, the known
/// line, then a search for any line until `any_until` and (with
/// `improve`) for a shorter one until `deadline`.
fn verdict(
    level: &Level,
    played: &[Action],
    known: Option<&KnownLine<'_>>,
    any_until: Instant,
    deadline: Option<Instant>,
    progress: Option<&Progress>,
) -> Result<Verdict, HintError> {
    let session = replay(level, played)?;
    let stage = session.stage();
    match stage.outcome() {
        Outcome::Cleared => return Ok(Verdict::Winnable(Hint::Cleared)),
        Outcome::Lost | Outcome::Retreated => return Ok(Verdict::Unwinnable),
        Outcome::Playing => {}
    }
    let bound = Bound::new(stage);
    if bound.earliest_clear(stage).is_none() {
        return Ok(Verdict::Unwinnable);
    }
    if let Some(line) = known {
        if let Some(i) = line.index_of(&session) {
            return Ok(Verdict::Winnable(line.hint_at(i, &session)));
        }
    }
    let now = stage.turn();
    let any = Goal {
        max_turns: now + MORE_TURNS,
        incumbent: None,
        any: true,
    };
    let leavers = at_the_entrance(&session);
    let heroes = stage.active_heroes().len();
    let mut m = meter(any_until, progress);
    let mut all = racers(level, played, heroes, &leavers, true)?;
    let found = match race(&mut all, &bound, &any, &mut m) {
        StepOutcome::Found(found) => found,
        StepOutcome::Done { everything: true } => return Ok(Verdict::Unwinnable),
        StepOutcome::Done { everything: false } | StepOutcome::Stopped(_) => {
            return Ok(Verdict::Unknown)
        }
        StepOutcome::Going => unreachable!("the race goes on until a search ends"),
    };
    drop(all);
    let session = replay(level, played)?;
    let Some(deadline) = deadline else {
        return Ok(Verdict::Winnable(next_of(&found, played, &session, false)));
    };
    // The groups turn by turn (half of what is left), then the whole
    // party's search for a line that beats the best.
    let mut found = found;
    let now = Instant::now();
    if now < deadline {
        let mut groups = racers(level, played, heroes, &leavers, false)?;
        let mut m = meter(now + (deadline - now) / 2, progress);
        groups_turn_by_turn(&mut groups, &bound, &mut found, &mut m);
    }
    let better = Goal {
        max_turns: found.turns,
        incumbent: Some((found.turns, found.action_count)),
        any: false,
    };
    let mut search = Search::new(replay(level, played)?, played.to_vec());
    let mut m = meter(deadline, progress);
    Ok(Verdict::Winnable(
        match run(&mut search, &bound, &better, &mut m) {
            StepOutcome::Found(shorter) => next_of(&shorter, played, &session, true),
            StepOutcome::Done { .. } => next_of(&found, played, &session, true),
            StepOutcome::Stopped(Stop::Budget | Stop::Cancelled | Stop::Memory) => {
                next_of(&found, played, &session, false)
            }
            StepOutcome::Going => unreachable!("run goes on until the search ends"),
        },
    ))
}

/// The hint from where `played` leads from the start of `level`, within
/// `budget` (see the module docs). `known`: a line known to clear the
/// level, for positions along it. `progress` can cancel it (the answer is
/// then [`Hint::NoAnswer`]).
pub fn hint(
    level: &Level,
    played: &[Action],
    budget: Duration,
    known: Option<Known<'_>>,
    progress: Option<&Progress>,
) -> Result<Hint, HintError> {
    let started = Instant::now();
    let deadline = started + budget;
    let known = known.and_then(|k| KnownLine::new(level, k));
    match verdict(
        level,
        played,
        known.as_ref(),
        deadline,
        Some(deadline),
        progress,
    )? {
        Verdict::Winnable(hint) => Ok(hint),
        Verdict::Unknown => Ok(Hint::NoAnswer),
        Verdict::Unwinnable => {
            for undos in 1..=played.len() {
                let back = &played[..played.len() - undos];
                match verdict(level, back, known.as_ref(), deadline, None, progress)? {
                    Verdict::Winnable(_) => return Ok(Hint::Unwinnable { undos: Some(undos) }),
                    Verdict::Unwinnable => {}
                    Verdict::Unknown => break,
                }
                if Instant::now() >= deadline {
                    break;
                }
            }
            Ok(Hint::Unwinnable { undos: None })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Target;
    use crate::grid::CellPos;
    use crate::level::load_text;
    use crate::solve::solve;

    /// A ledge over a pit three cells deep: the scout falls in safely (four
    /// cells would do) but steps up only two, so down there she is stuck
    /// for good; the relic lies on the ledge.
    const PIT: &str = "[level]
name = \"Pit\"

[grid]
#######
#@....#
#####.#
#####.#
#####.#
#####.#
#####.#
#####.#
#######

[things]
scout = hero scout at 0,3
relic = item relic at 1,3 flags ACQUIRE|PLACE|RELIC
";

    /// A corridor: the scout walks to the relic at the far end and back
    /// over three turns.
    const CORRIDOR: &str = "[level]
name = \"Corridor\"

[grid]
#################
#@..............#
#################

[things]
scout = hero scout at 0,0
relic = item relic at 7,0 flags ACQUIRE|PLACE|RELIC
";

    fn load(text: &str) -> Level {
        load_text("test.txt", text).expect("the test level loads")
    }

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn a_hero_stuck_in_a_pit_cannot_win_and_one_undo_can() {
        let level = load(PIT);
        let s = Session::new(&level).expect("sets up");
        let scout = s.stage().find("scout").expect("scout");
        let jump = Action::Move {
            hero: scout,
            to: Target::Cell(CellPos::new(2, 0)),
        };
        let played = [jump];
        let mut check = replay(&level, &played).expect("the scout drops in");
        assert_eq!(check.stage().cell_of(scout), Some(CellPos::new(2, 0)));
        assert!(check.undo());
        let answer = hint(&level, &played, SECOND, None, None).expect("replays");
        assert_eq!(answer, Hint::Unwinnable { undos: Some(1) });
        // From the start the hint leads to the relic, not into the pit.
        match hint(&level, &[], SECOND, None, None).expect("replays") {
            Hint::Next { action, fewest, .. } => {
                assert!(fewest);
                assert_ne!(action, jump);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn following_the_hints_clears_the_level_in_its_fewest_turns() {
        let level = load(CORRIDOR);
        let best = solve(&level, Limits::default(), None)
            .expect("sets up")
            .solution
            .expect("solved");
        let mut played = Vec::new();
        let mut session = replay(&level, &[]).expect("sets up");
        while session.stage().outcome() == Outcome::Playing {
            let Hint::Next {
                action,
                clears_in,
                fewest,
                ..
            } = hint(&level, &played, SECOND, None, None).expect("replays")
            else {
                panic!("no hint after {played:?}");
            };
            assert!(fewest, "proven from every position of so small a level");
            assert_eq!(clears_in, best.turns, "still on a shortest line");
            session
                .perform(&action)
                .expect("the hinted action is legal");
            played.push(action);
            assert!(played.len() <= best.actions.len() + 1, "{played:?}");
        }
        assert_eq!(session.stage().outcome(), Outcome::Cleared);
        assert_eq!(session.stage().turn(), best.turns);
    }

    #[test]
    fn on_a_known_line_the_hint_is_its_next_action_at_once() {
        let level = load(CORRIDOR);
        let best = solve(&level, Limits::default(), None)
            .expect("sets up")
            .solution
            .expect("solved");
        let known = Known {
            actions: &best.actions,
            fewest: false,
        };
        for i in 0..best.actions.len() {
            // No time at all to search: only the known line can answer.
            let answer = hint(
                &level,
                &best.actions[..i],
                Duration::ZERO,
                Some(known),
                None,
            )
            .expect("replays");
            let Hint::Next {
                action,
                clears_in,
                fewest,
                ..
            } = answer
            else {
                panic!("step {i}: {answer:?}");
            };
            assert_eq!(action, best.actions[i]);
            assert_eq!(clears_in, best.turns);
            assert!(!fewest, "the known line was not said to be the fewest");
        }
        // Off the line and without time, no answer, said so.
        let scout = level_hero(&level);
        let off = [Action::Move {
            hero: scout,
            to: Target::Cell(CellPos::new(1, 0)),
        }];
        assert_eq!(
            hint(&level, &off, Duration::ZERO, Some(known), None),
            Ok(Hint::NoAnswer)
        );
    }

    fn level_hero(level: &Level) -> crate::things::ThingId {
        Session::new(level)
            .expect("sets up")
            .stage()
            .find("scout")
            .expect("scout")
    }

    #[test]
    fn a_played_line_the_rules_refuse_is_an_error_naming_it() {
        let level = load(CORRIDOR);
        let scout = level_hero(&level);
        let bad = [Action::SetDown { hero: scout }];
        assert!(matches!(
            hint(&level, &bad, SECOND, None, None),
            Err(HintError::Refused { index: 0, .. })
        ));
    }
}
