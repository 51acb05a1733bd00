//! How far a running solve has got, readable from another thread, and a
//! way to stop it: the editor runs the solver on a worker thread and draws
//! these numbers every frame. Plain atomics with relaxed ordering: each is
//! a number read for display, never a hand-off of data.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

/// Shared between the solver and whoever watches it.
#[derive(Debug, Default)]
pub struct Progress {
    /// Positions reached so far.
    states: AtomicU64,
    /// The turn being searched now (from 1); 0 before the search starts.
    turn: AtomicU32,
    /// Turns of the best solution found so far; 0 = none yet.
    best_turns: AtomicU32,
    /// Whether the search now is the whole party's (not a few heroes
    /// alone, with the others gone).
    whole_party: AtomicBool,
    /// Set to stop the search at its next check.
    cancel: AtomicBool,
}

impl Progress {
    /// Nothing searched yet.
    pub fn new() -> Progress {
        Progress::default()
    }

    /// Positions reached so far.
    pub fn states(&self) -> u64 {
        self.states.load(Ordering::Relaxed)
    }

    /// The turn being searched now (0 before the search starts).
    pub fn turn(&self) -> u32 {
        self.turn.load(Ordering::Relaxed)
    }

    /// Turns of the best solution found so far, if any.
    pub fn best_turns(&self) -> Option<u32> {
        match self.best_turns.load(Ordering::Relaxed) {
            0 => None,
            t => Some(t),
        }
    }

    /// Whether the search now is the whole party's (see [`super::solve`]).
    pub fn whole_party(&self) -> bool {
        self.whole_party.load(Ordering::Relaxed)
    }

    /// Asks the search to stop (it reports what it found so far).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether [`Progress::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    pub(super) fn set_states(&self, states: u64) {
        self.states.store(states, Ordering::Relaxed);
    }

    pub(super) fn set_turn(&self, turn: u32) {
        self.turn.store(turn, Ordering::Relaxed);
    }

    pub(super) fn set_best_turns(&self, turns: u32) {
        self.best_turns.store(turns, Ordering::Relaxed);
    }

    pub(super) fn set_whole_party(&self, whole: bool) {
        self.whole_party.store(whole, Ordering::Relaxed);
    }
}
