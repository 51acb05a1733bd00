//! How far a running solve has got, readable from another thread, and
//! ways to stop it or hold it: the editor runs the solver on a worker
//! thread and draws these numbers every frame. The numbers are plain
//! atomics with relaxed ordering: each is read for display, never a
//! hand-off of data. [`Progress::pause`] holds the search where it is (the
//! solver's thread waits at its next look at the flags, every few hundred
//! positions, with everything it has searched kept) until
//! [`Progress::resume`] or [`Progress::cancel`].

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};

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
    /// No line of play clears the level within this many turns: proven
    /// (the whole party's search has searched them in full).
    ruled_out: AtomicU32,
    /// Set to hold the search at its next check (guarded for `wake`).
    paused: Mutex<bool>,
    /// Wakes a held search on resume or cancel.
    wake: Condvar,
    /// Whether the search is holding now.
    holding: AtomicBool,
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

    /// How many turns are ruled out: no line of play clears the level
    /// within them (proven; 0: nothing yet).
    pub fn ruled_out(&self) -> u32 {
        self.ruled_out.load(Ordering::Relaxed)
    }

    /// Asks the search to stop (it reports what it found so far); a held
    /// search wakes to stop.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
        let _guard = self.paused.lock().unwrap_or_else(PoisonError::into_inner);
        self.wake.notify_all();
    }

    /// Asks the search to hold where it is, all it has searched kept, until
    /// [`Progress::resume`] (or [`Progress::cancel`]).
    pub fn pause(&self) {
        *self.paused.lock().unwrap_or_else(PoisonError::into_inner) = true;
    }

    /// Lets a held search go on from where it was.
    pub fn resume(&self) {
        *self.paused.lock().unwrap_or_else(PoisonError::into_inner) = false;
        self.wake.notify_all();
    }

    /// Whether [`Progress::pause`] was called (and not yet resumed).
    pub fn is_paused(&self) -> bool {
        *self.paused.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the search is holding now (it has seen the pause and waits).
    pub fn is_holding(&self) -> bool {
        self.holding.load(Ordering::Relaxed)
    }

    /// Called by the search at each check: waits while paused, until
    /// resumed or cancelled.
    pub(super) fn hold_while_paused(&self) {
        let mut paused = self.paused.lock().unwrap_or_else(PoisonError::into_inner);
        while *paused && !self.is_cancelled() {
            self.holding.store(true, Ordering::Relaxed);
            paused = self
                .wake
                .wait(paused)
                .unwrap_or_else(PoisonError::into_inner);
        }
        self.holding.store(false, Ordering::Relaxed);
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

    /// Raises the turns ruled out (never lowers them).
    pub(super) fn rule_out(&self, turns: u32) {
        self.ruled_out.fetch_max(turns, Ordering::Relaxed);
    }

    pub(super) fn set_whole_party(&self, whole: bool) {
        self.whole_party.store(whole, Ordering::Relaxed);
    }
}
