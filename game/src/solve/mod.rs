//! The solver: the fewest turns (then the fewest actions) that clear a
//! level, found by playing it — every position is reached through
//! [`Session::perform`](crate::session::Session::perform) and left through
//! [`Session::undo`](crate::session::Session::undo), so the solver knows
//! exactly the rules the play screen knows and no others.
//!
//! [`solve`] takes a level and [`Limits`] (turns, positions, seconds,
//! memory, threads; [`Limits::PROOF`] the one default, in memory alone) and
//! answers a [`Report`]: the best [`Solution`] found, whether it is proven
//! the best, how many turns were ruled out, and what the search cost. A
//! [`Progress`] lets another thread watch and stop it. Files: [`solver`]
//! (the phases of a solve), `race` (searches run side by side, or one to
//! its end), [`search`] (one search), `worker` (a
//! search's hands, one per thread), [`key`] (what counts
//! as the same position), [`candidates`] (the actions tried in a
//! position), [`cuts`] (actions skipped as reaching nothing new),
//! [`bound`] (the earliest turn a position could clear in, and how far it
//! is from cleared), [`progress`]; [`hint`] answers a player's "what next?"
//! from where they stand.
//!
//! What it costs: about a million positions a second on one core in a
//! release build (`BENCHMARKS.md`, "Solver"): the session keeps each
//! hero's view and move search, so the moves of one position are searched
//! once; `worker` spreads a search over every core, and [`bound`] drops
//! what cannot clear in time. Every campaign level is proven in seconds; a
//! level with three heroes who all could lend a hand over many turns can
//! still outgrow a budget, and then the report says which turns were ruled
//! out.
//!
//! Used by the `sim solve` command, the editor's Solve button and hints;
//! the shipped levels' test (`tools/tests/it/solver.rs`) proves every
//! level's par the fewest turns.

pub mod bound;
pub mod candidates;
pub mod cuts;
pub mod hint;
pub mod key;
pub mod progress;
mod race;
pub mod recover;
pub mod search;
pub mod solver;
pub(crate) mod worker;

#[cfg(test)]
mod tests;

use std::time::Duration;

pub use progress::Progress;
pub use search::Stop;
pub use solver::{solve, solve_without};

use crate::action::Action;

/// What a hint's search, or a share of a solve, may spend: time, or
/// positions reached. Play gives a hint time (a second: it feels the same
/// on any machine); tests give it positions, a budget that ends at the same
/// point of the search on any machine, however loaded, and on any number
/// of threads, so its answer is always the same.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Budget {
    /// Wall-clock time.
    Time(Duration),
    /// Positions reached (the count [`Report::states`] gives).
    Positions(u64),
}

/// How far the search may go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// The most turns a solution may take (a level cleared in its first
    /// turn takes 1).
    pub max_turns: u32,
    /// The most positions reached before giving up: a budget that stops
    /// the search at the same point on any machine and any number of
    /// threads (what the positions of one bucket reach is taken in in
    /// their order up to the position that spends it).
    pub max_states: u64,
    /// The most time spent before giving up; `None`: no limit.
    pub max_time: Option<Duration>,
    /// The most memory the positions kept may take, in bytes (their nodes,
    /// table and queues; not the sessions' fixed few megabytes); `None`:
    /// no limit.
    pub max_memory: Option<u64>,
    /// Stop at the first solution found (within `max_turns`), without
    /// looking for a shorter one: "can this level be done in N turns?".
    pub first: bool,
    /// Threads the search may use; 0: one per core. The answer is the same
    /// with any number: the positions of one bucket are expanded side by
    /// side and kept in their order.
    pub threads: usize,
}

/// The memory [`Limits::PROOF`] lets the kept positions take: 1 GiB, some
/// 25 million positions.
pub const PROOF_MEMORY: u64 = 1 << 30;

impl Limits {
    /// The one default budget of a proof, for the editor's Solve, `sim
    /// solve` and `level check`'s pars: the fewest turns within 30, on
    /// every core, with no time and no position limit; the one limit is
    /// [`PROOF_MEMORY`] for the positions kept. A budget in memory, not in
    /// time, gives the same verdict on a busy machine, only later. Every
    /// shipped level is solved and its par proven within it
    /// (`BENCHMARKS.md`, "Solver").
    pub const PROOF: Limits = Limits {
        max_turns: 30,
        max_states: u64::MAX,
        max_time: None,
        max_memory: Some(PROOF_MEMORY),
        first: false,
        threads: 0,
    };

    /// The threads the search uses ([`Limits::threads`], 0 resolved to
    /// every core of this machine, one if it cannot tell).
    pub fn threads(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
            n => n,
        }
    }
}

impl Default for Limits {
    /// [`Limits::PROOF`].
    fn default() -> Limits {
        Limits::PROOF
    }
}

/// A line of play that clears the level.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// Every action in order, `EndTurn`s included.
    pub actions: Vec<Action>,
    /// The turn it clears the level in (1: without ending a turn).
    pub turns: u32,
}

impl Solution {
    /// Actions other than ending the turn.
    pub fn action_count(&self) -> usize {
        self.actions
            .iter()
            .filter(|a| !matches!(a, Action::EndTurn))
            .count()
    }

    /// "1 turn, 3 actions": its length in words.
    pub fn length_words(&self) -> String {
        let (turns, actions) = (self.turns as usize, self.action_count());
        format!(
            "{turns} turn{}, {actions} action{}",
            plural(turns),
            plural(actions)
        )
    }
}

/// What the solve found and what it cost.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Report {
    /// The best line of play found, if any.
    pub solution: Option<Solution>,
    /// No line of play clears the level in this many turns or fewer.
    pub none_within: u32,
    /// The search finished: the solution is the fewest turns, then the
    /// fewest actions (or, without one, none exists within `max_turns`).
    pub complete: bool,
    /// The search finished with every position the level can reach
    /// searched: no line of play clears it, however long.
    pub unsolvable: bool,
    /// Why the search stopped early, if it did.
    pub stopped: Option<Stop>,
    /// The turn limit it searched under.
    pub max_turns: u32,
    /// Positions reached: every action and end of turn the rules accepted
    /// while searching (walks back to a known position not counted).
    pub states: u64,
    /// Distinct positions kept (neither seen before nor beaten by one).
    pub kept: u64,
    /// Actions performed again to walk back to a kept position.
    pub replays: u64,
    /// The most memory the positions kept took at once, in bytes (see
    /// [`Limits::max_memory`]).
    pub memory: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

impl Report {
    /// Positions reached per second.
    pub fn states_per_s(&self) -> f64 {
        self.states as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Whether the solution (if any) is known to take the fewest turns.
    pub fn fewest_turns(&self) -> bool {
        self.solution
            .as_ref()
            .is_some_and(|s| s.turns == self.none_within + 1)
    }

    /// One line for a status bar or a terminal: what was found, how sure
    /// it is, and why the search stopped.
    pub fn summary(&self) -> String {
        let stop = match self.stopped {
            Some(Stop::Budget) => format!("budget exhausted after {} states", self.states),
            Some(Stop::Cancelled) => format!("cancelled after {} states", self.states),
            Some(Stop::Memory) => format!(
                "memory budget exhausted after {} states ({} MB of positions)",
                self.states,
                self.memory.div_ceil(1_000_000)
            ),
            None => format!("{} states", self.states),
        };
        let ruled_out = match self.none_within {
            0 => "nothing ruled out".to_string(),
            1 => "no solution in 1 turn".to_string(),
            n => format!("no solution within {n} turns"),
        };
        match &self.solution {
            Some(s) => {
                let found = format!(
                    "{} turn{}, {} action{}",
                    s.turns,
                    plural(s.turns as usize),
                    s.action_count(),
                    plural(s.action_count())
                );
                if self.complete {
                    format!("solved: {found}, the fewest ({stop})")
                } else if self.fewest_turns() {
                    format!(
                        "solved: {found}; the fewest turns, fewer actions not ruled out ({stop})"
                    )
                } else {
                    format!("solved: {found}; shorter not ruled out: {ruled_out} ({stop})")
                }
            }
            None if self.unsolvable => {
                format!("no solution: every reachable position searched ({stop})")
            }
            None if self.complete => format!(
                "no solution within {} turn{} ({stop})",
                self.max_turns,
                plural(self.max_turns as usize)
            ),
            None => format!("{stop}: {ruled_out}"),
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
