//! Hints: from the position a player stands in, the next action of a
//! shortest line that clears the level, or word that no line does and how
//! many undos back one does.
//!
//! The position is given the way the play screen reached it: the level and
//! the actions played since its start, replayed on a fresh
//! [`Session`]. [`hint`] answers within a [`Budget`]: time in play (a
//! second), positions in tests (the same answer on any machine, however
//! loaded, and on any number of threads):
//!
//! 1. **Over already.** A hero caught ([`Outcome::Lost`]), the party gone
//!    without the relics ([`Outcome::Retreated`]), or a hero who can never
//!    get back to the entrance, or a relic no hero able to carry it can
//!    ever get into his hands ([`Bound::dead_end`]): no line clears the
//!    level from here, proven at once, and the hint says which ([`Why`]).
//! 2. **On a known line.** With a line known to clear the level (the
//!    shipped solution), a position the line passes through (the same
//!    [`key::position`](super::key::position), action points included)
//!    takes the rest of that line at once; it is the shortest from here
//!    when the whole line is the shortest (what is left of a shortest line
//!    is a shortest line from where it stands).
//! 3. **The solver** ([`solve_from`]) from the played line, looking at most
//!    [`MORE_TURNS`] turns ahead, on every core, within what is left of the
//!    budget; any line may take all of it
//!    ([`Start::any_line_takes_all`]). A solve that finishes proves its
//!    line the fewest turns (then actions); one the budget stops gives the
//!    line it found, "shorter not ruled out"; one that searched every
//!    position the stage can reach without a line proves the position
//!    cannot be won. [`hint_with`] can give it fewer threads, and less of
//!    the budget for a shorter line once it has one ([`HintLimits`]).
//!
//! The hint is the line's first action, except that a spare hero leaving
//! is passed over for the turn's first other action when the line, so
//! reordered, still clears as soon (`first_step`).
//!
//! When the position cannot be won, the positions going back through the
//! played line (one undo, two, …) are asked the same, any line being
//! enough, for the nearest one that can. When the budget ends with no
//! answer and a line is known, the hint says how many undos back the
//! played line last stood on it ([`Hint::Rejoin`]).

use std::cell::Cell;
use std::time::{Duration, Instant};

use super::bound::{Bound, DeadEnd};
use super::key::{position, Position};
use super::solver::{solve_from, Start};
use super::{Budget, Limits, Progress, Report};
use crate::action::Action;
use crate::level::Level;
use crate::session::Session;
use crate::stage::Outcome;
use crate::things::ThingId;

pub use super::solver::StartError as HintError;

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
        /// The action to take now.
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
        /// Why, at the position the player stands in.
        why: Why,
    },
    /// The level is cleared already.
    Cleared,
    /// The played line was on the known line (a shipped solution) this
    /// many undos back, and from here the budget found no line, or only
    /// one that clears later than going back and following it.
    Rejoin {
        /// Undos back to the latest position of the played line that the
        /// known line passes through.
        undos: usize,
        /// Whether that position is the level's start (all the played line
        /// undone: a restart does the same).
        from_start: bool,
        /// Turns the known line takes from there, that turn included.
        turns: u32,
        /// Whether the known line is the fewest turns.
        fewest: bool,
        /// The turn the known line, taken up there, clears the level in.
        clears_in: u32,
        /// The turn the line found from here clears in, when one was found
        /// (not proven the fewest, and later than `clears_in`).
        from_here: Option<u32>,
    },
    /// No answer within the budget (or the hint was cancelled).
    NoAnswer,
}

/// Why a position cannot be won, in what the player can see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// A watcher caught a hero.
    Caught,
    /// Every hero has left, without the relics the level requires.
    Retreated,
    /// This hero has no way back to the entrance
    /// ([`DeadEnd::Stranded`]).
    Stranded(ThingId),
    /// This relic can never come into the hands of a hero able to carry it
    /// out ([`DeadEnd::OutOfReach`]).
    OutOfReach(ThingId),
    /// Nothing so plain: every line of play from here was searched.
    Searched,
}

/// The session standing where `played` leads from the start of `level`.
fn replay(level: &Level, played: &[Action]) -> Result<Session, HintError> {
    super::solver::replay(
        level,
        &Start {
            played,
            ..Start::default()
        },
    )
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

/// Where the played line last stood on the known line, going back one
/// undo at a time: the hint when the budget found nothing from here.
fn rejoin(level: &Level, played: &[Action], line: &KnownLine<'_>) -> Option<Hint> {
    (1..=played.len()).find_map(|undos| {
        let session = replay(level, &played[..played.len() - undos]).ok()?;
        let i = line.index_of(&session)?;
        match line.hint_at(i, &session) {
            Hint::Next {
                turns,
                fewest,
                clears_in,
                ..
            } => Some(Hint::Rejoin {
                undos,
                from_start: undos == played.len(),
                turns,
                fewest,
                clears_in,
                from_here: None,
            }),
            _ => None,
        }
    })
}

/// `hint`, or going back to the known line when that clears sooner: a line
/// from here not proven the fewest that clears later than the known
/// (fewest) line taken up again a few undos back.
fn better_back(
    level: &Level,
    played: &[Action],
    known: Option<&KnownLine<'_>>,
    hint: Hint,
) -> Hint {
    let Hint::Next {
        fewest: false,
        clears_in: found,
        ..
    } = hint
    else {
        return hint;
    };
    let Some(line) = known.filter(|line| line.known.fewest) else {
        return hint;
    };
    match rejoin(level, played, line) {
        Some(Hint::Rejoin {
            undos,
            from_start,
            turns,
            fewest,
            clears_in,
            ..
        }) if clears_in < found => Hint::Rejoin {
            undos,
            from_start,
            turns,
            fewest,
            clears_in,
            from_here: Some(found),
        },
        _ => hint,
    }
}

/// What one position is, as far as the budget tells.
enum Verdict {
    Winnable(Hint),
    Unwinnable(Why),
    Unknown,
}

/// The action to hint first of `rest`, the line that clears `level` after
/// `played` in turn `clears_in`. Lines often open with a spare hero
/// leaving (the solver's groups send away who is not needed), which tells
/// a stuck player nothing: the first action of the turn that is not a
/// leave goes first instead when the rules agree — the line with it moved
/// to the front, replayed, still clears in the same turn.
fn first_step(level: &Level, played: &[Action], rest: &[Action], clears_in: u32) -> Action {
    let leaves = |a: &Action| matches!(a, Action::Exit { .. });
    if !rest.first().is_some_and(leaves) {
        return rest[0];
    }
    let Some(k) = rest
        .iter()
        .take_while(|a| **a != Action::EndTurn)
        .position(|a| !leaves(a))
    else {
        return rest[0];
    };
    let mut line = played.to_vec();
    line.push(rest[k]);
    line.extend(
        rest.iter()
            .enumerate()
            .filter(|&(i, _)| i != k)
            .map(|(_, a)| *a),
    );
    match replay(level, &line) {
        Ok(s) if s.stage().outcome() == Outcome::Cleared && s.stage().turn() == clears_in => {
            rest[k]
        }
        _ => rest[0],
    }
}

/// The hint of the solver's `report` from `session`'s position, `played`
/// before it.
fn verdict_of(level: &Level, report: &Report, played: &[Action], session: &Session) -> Verdict {
    let Some(solution) = &report.solution else {
        return if report.unsolvable {
            Verdict::Unwinnable(Why::Searched)
        } else {
            Verdict::Unknown
        };
    };
    let now = session.stage().turn();
    let rest = &solution.actions[played.len()..];
    Verdict::Winnable(Hint::Next {
        action: first_step(level, played, rest, solution.turns),
        turns: solution.turns - now + 1,
        clears_in: solution.turns,
        actions: rest.iter().filter(|a| **a != Action::EndTurn).count() as u32,
        fewest: report.complete,
    })
}

/// What is left of a hint's budget as its searches spend it.
struct Purse {
    budget: Budget,
    started: Instant,
    /// Positions the searches so far reached.
    spent: Cell<u64>,
}

impl Purse {
    fn new(budget: Budget) -> Purse {
        Purse {
            budget,
            started: Instant::now(),
            spent: Cell::new(0),
        }
    }

    /// The positions and the time the next search may take.
    fn left(&self) -> (u64, Option<Duration>) {
        match self.budget {
            Budget::Time(d) => (u64::MAX, Some(d.saturating_sub(self.started.elapsed()))),
            Budget::Positions(n) => (n.saturating_sub(self.spent.get()), None),
        }
    }

    fn spend(&self, states: u64) {
        self.spent.set(self.spent.get().saturating_add(states));
    }

    fn is_empty(&self) -> bool {
        match self.left() {
            (0, _) => true,
            (_, Some(time)) => time.is_zero(),
            (_, None) => false,
        }
    }
}

/// Asks about the position `played` leads to: cheap checks, the known
/// line, then the solver within what is left in `purse` (with `first`, for
/// any line only).
fn verdict(
    level: &Level,
    played: &[Action],
    known: Option<&KnownLine<'_>>,
    purse: &Purse,
    first: bool,
    spend: &HintLimits,
    progress: Option<&Progress>,
) -> Result<Verdict, HintError> {
    let session = replay(level, played)?;
    let stage = session.stage();
    match stage.outcome() {
        Outcome::Cleared => return Ok(Verdict::Winnable(Hint::Cleared)),
        Outcome::Lost => return Ok(Verdict::Unwinnable(Why::Caught)),
        Outcome::Retreated => return Ok(Verdict::Unwinnable(Why::Retreated)),
        Outcome::Playing => {}
    }
    match Bound::new(stage).dead_end(stage) {
        Some(DeadEnd::Stranded(hero)) => return Ok(Verdict::Unwinnable(Why::Stranded(hero))),
        Some(DeadEnd::OutOfReach(relic)) => return Ok(Verdict::Unwinnable(Why::OutOfReach(relic))),
        None => {}
    }
    if let Some(line) = known {
        if let Some(i) = line.index_of(&session) {
            return Ok(Verdict::Winnable(line.hint_at(i, &session)));
        }
    }
    let (max_states, max_time) = purse.left();
    let limits = Limits {
        max_turns: stage.turn() + MORE_TURNS,
        max_states,
        max_time,
        max_memory: None,
        first,
        threads: spend.threads,
    };
    let start = Start {
        played,
        any_line_takes_all: true,
        improve_for: spend.improve_for,
        ..Start::default()
    };
    let report = solve_from(level, start, limits, progress)?;
    purse.spend(report.states);
    Ok(verdict_of(level, &report, played, &session))
}

/// What a hint may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintLimits {
    /// The whole budget: the answer comes within it (the time), or its
    /// searches reach at most so many positions in all.
    pub budget: Budget,
    /// Once a line is found, the search for a shorter one (and the proof
    /// that there is none) takes at most this much of what is left of the
    /// budget; `None`: all of it. The answer comes as soon; it is proven
    /// the fewest less often.
    pub improve_for: Option<Budget>,
    /// Threads the search may use; 0: one per core. With a budget in
    /// positions the answer is the same with any number.
    pub threads: usize,
}

impl HintLimits {
    /// As in play: `budget`, all of it for improving, every core.
    pub fn within(budget: Budget) -> HintLimits {
        HintLimits {
            budget,
            improve_for: None,
            threads: 0,
        }
    }
}

/// The hint from where `played` leads from the start of `level`, within
/// `budget` (see the module docs). `known`: a line known to clear the
/// level, for positions along it. `progress` can cancel it (the answer is
/// then [`Hint::NoAnswer`]).
pub fn hint(
    level: &Level,
    played: &[Action],
    budget: Budget,
    known: Option<Known<'_>>,
    progress: Option<&Progress>,
) -> Result<Hint, HintError> {
    hint_with(level, played, HintLimits::within(budget), known, progress)
}

/// [`hint`] within `limits`.
pub fn hint_with(
    level: &Level,
    played: &[Action],
    limits: HintLimits,
    known: Option<Known<'_>>,
    progress: Option<&Progress>,
) -> Result<Hint, HintError> {
    let purse = Purse::new(limits.budget);
    let known = known.and_then(|k| KnownLine::new(level, k));
    let ask = |back: &[Action], first: bool| {
        verdict(
            level,
            back,
            known.as_ref(),
            &purse,
            first,
            &limits,
            progress,
        )
    };
    match ask(played, false)? {
        Verdict::Winnable(hint) => Ok(better_back(level, played, known.as_ref(), hint)),
        Verdict::Unknown => Ok(known
            .as_ref()
            .and_then(|line| rejoin(level, played, line))
            .unwrap_or(Hint::NoAnswer)),
        Verdict::Unwinnable(why) => {
            for undos in 1..=played.len() {
                if purse.is_empty() {
                    break;
                }
                match ask(&played[..played.len() - undos], true)? {
                    Verdict::Winnable(_) => {
                        return Ok(Hint::Unwinnable {
                            undos: Some(undos),
                            why,
                        })
                    }
                    Verdict::Unwinnable(_) => {}
                    Verdict::Unknown => break,
                }
            }
            Ok(Hint::Unwinnable { undos: None, why })
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

    // A corridor: the scout walks to the relic at the far end and back
    // over three turns (the solver's own test level).
    use crate::solve::tests::CORRIDOR;

    fn load(text: &str) -> Level {
        load_text("test.txt", text).expect("the test level loads")
    }

    /// The hints' budget here: positions, so the answer is the same on a
    /// loaded machine; far more than these small levels' whole searches
    /// (a few thousand positions), so every answer is proven.
    const BUDGET: Budget = Budget::Positions(200_000);

    /// No search at all: only what needs none can answer.
    const NONE: Budget = Budget::Positions(0);

    /// A spare hero leaving first tells a player nothing: the hint is the
    /// first thing to do instead, and the line still clears as soon.
    #[test]
    fn a_hint_does_not_open_with_a_spare_hero_leaving() {
        let text = CORRIDOR.replace(
            "scout = hero scout at 0,0\n",
            "scout = hero scout at 0,0\nknight = hero knight at 0,0\n",
        );
        let level = load(&text);
        let line = solve(&level, crate::solve::Limits::default(), None)
            .expect("sets up")
            .solution
            .expect("solved");
        assert!(
            matches!(line.actions[0], Action::Exit { .. }),
            "the solver's own line sends the knight home first: {:?}",
            line.actions
        );
        let Hint::Next { action, turns, .. } =
            hint(&level, &[], BUDGET, None, None).expect("replays")
        else {
            panic!("a hint from the start");
        };
        assert!(!matches!(action, Action::Exit { .. }), "{action:?}");
        assert_eq!(turns, line.turns);
        // Played, the rest still clears as soon.
        let after = [action];
        match hint(&level, &after, BUDGET, None, None).expect("replays") {
            Hint::Next { clears_in, .. } => assert_eq!(clears_in, line.turns),
            other => panic!("{other:?}"),
        }
    }

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
        let answer = hint(&level, &played, BUDGET, None, None).expect("replays");
        assert_eq!(
            answer,
            Hint::Unwinnable {
                undos: Some(1),
                why: Why::Searched
            }
        );
        // From the start the hint leads to the relic, not into the pit.
        match hint(&level, &[], BUDGET, None, None).expect("replays") {
            Hint::Next { action, fewest, .. } => {
                assert!(fewest);
                assert_ne!(action, jump);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_statue_left_without_the_knight_cannot_leave_and_the_hint_names_it() {
        let level = load(
            "[level]\nname = \"Hall\"\n\n[grid]\n#########\n#@......#\n#########\n\n[things]\n\
             knight = hero knight at 0,0\nscout = hero scout at 0,0\n\
             statue = item statue at 3,0 flags ACQUIRE|PLACE|HEAVY|RELIC\n",
        );
        let s = Session::new(&level).expect("sets up");
        let knight = s.stage().find("knight").expect("knight");
        let statue = s.stage().find("statue").expect("statue");
        let played = [Action::Exit { hero: knight }];
        assert_eq!(
            hint(&level, &played, BUDGET, None, None).expect("replays"),
            Hint::Unwinnable {
                undos: Some(1),
                why: Why::OutOfReach(statue)
            }
        );
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
            } = hint(&level, &played, BUDGET, None, None).expect("replays")
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
            // No search at all: only the known line can answer.
            let answer =
                hint(&level, &best.actions[..i], NONE, Some(known), None).expect("replays");
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
        // Off the line and without a search, no answer from here, but one undo
        // back stands on the known line; without a known line, no answer,
        // said so.
        let scout = level_hero(&level);
        let off = [Action::Move {
            hero: scout,
            to: Target::Cell(CellPos::new(1, 0)),
        }];
        assert_eq!(
            hint(&level, &off, NONE, Some(known), None),
            Ok(Hint::Rejoin {
                undos: 1,
                from_start: true,
                turns: best.turns,
                fewest: false,
                clears_in: best.turns,
                from_here: None,
            })
        );
        assert_eq!(hint(&level, &off, NONE, None, None), Ok(Hint::NoAnswer));
    }

    #[test]
    fn a_line_from_here_clearing_later_than_the_known_line_taken_up_again_gives_way_to_it() {
        let level = load(CORRIDOR);
        let best = solve(&level, Limits::default(), None)
            .expect("sets up")
            .solution
            .expect("solved");
        let line = KnownLine::new(
            &level,
            Known {
                actions: &best.actions,
                fewest: true,
            },
        )
        .expect("the line clears");
        let scout = level_hero(&level);
        let off = [Action::Move {
            hero: scout,
            to: Target::Cell(CellPos::new(1, 0)),
        }];
        let found = |clears_in| Hint::Next {
            action: Action::EndTurn,
            turns: clears_in,
            clears_in,
            actions: 1,
            fewest: false,
        };
        // Found from here: clears later than one undo and the known line.
        assert_eq!(
            better_back(&level, &off, Some(&line), found(best.turns + 2)),
            Hint::Rejoin {
                undos: 1,
                from_start: true,
                turns: best.turns,
                fewest: true,
                clears_in: best.turns,
                from_here: Some(best.turns + 2),
            }
        );
        // As soon, or proven: the line from here stands.
        assert_eq!(
            better_back(&level, &off, Some(&line), found(best.turns)),
            found(best.turns)
        );
        let proven = Hint::Next {
            action: Action::EndTurn,
            turns: best.turns + 2,
            clears_in: best.turns + 2,
            actions: 1,
            fewest: true,
        };
        assert_eq!(
            better_back(&level, &off, Some(&line), proven.clone()),
            proven
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
            hint(&level, &bad, BUDGET, None, None),
            Err(HintError::Refused { index: 0, .. })
        ));
    }
}
