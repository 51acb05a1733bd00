//! How far a running solve has got, readable from another thread, and
//! ways to stop it or hold it: the editor runs the solver on a worker
//! thread and draws these numbers every frame. The numbers are plain
//! atomics with relaxed ordering: each is read for display, never a
//! hand-off of data. [`Progress::pause`] holds the search where it is (the
//! solver's thread waits at its next look at the flags, every few hundred
//! positions, with everything it has searched kept) until
//! [`Progress::resume`] or [`Progress::cancel`]. [`Progress::pause_at`]
//! holds it at a point fixed in advance instead: its first look once it has
//! reached so many positions, the same point on any machine, however
//! loaded, and on any number of threads (the search looks at the flags
//! between the slices of a bucket, at the same counts whatever the
//! threads).

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};

/// Shared between the solver and whoever watches it.
#[derive(Debug)]
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
    /// Holds begun so far.
    holds: AtomicU64,
    /// Hold at the first look at or past this many positions; `u64::MAX`:
    /// none asked.
    pause_at: AtomicU64,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress {
            states: AtomicU64::new(0),
            turn: AtomicU32::new(0),
            best_turns: AtomicU32::new(0),
            whole_party: AtomicBool::new(false),
            cancel: AtomicBool::new(false),
            ruled_out: AtomicU32::new(0),
            paused: Mutex::new(false),
            wake: Condvar::new(),
            holding: AtomicBool::new(false),
            holds: AtomicU64::new(0),
            pause_at: AtomicU64::new(u64::MAX),
        }
    }
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

    /// Asks the search to hold, as [`Progress::pause`] does, at its first
    /// look at the flags once it has reached `states` positions: a point of
    /// the search fixed in advance, not a moment. It holds there once (until
    /// [`Progress::resume`]); a later call sets the next point.
    pub fn pause_at(&self, states: u64) {
        self.pause_at.store(states, Ordering::Relaxed);
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

    /// How many times the search has begun to hold (each pause it saw,
    /// each [`Progress::pause_at`] point it reached).
    pub fn holds(&self) -> u64 {
        self.holds.load(Ordering::Acquire)
    }

    /// Called by the search at each check, at `states` positions: waits
    /// while paused (or from a [`Progress::pause_at`] point reached), until
    /// resumed or cancelled.
    pub(super) fn hold_while_paused(&self, states: u64) {
        let mut paused = self.paused.lock().unwrap_or_else(PoisonError::into_inner);
        if states >= self.pause_at.load(Ordering::Relaxed) {
            self.pause_at.store(u64::MAX, Ordering::Relaxed);
            *paused = true;
        }
        if *paused && !self.is_cancelled() {
            self.holding.store(true, Ordering::Relaxed);
            self.holds.fetch_add(1, Ordering::Release);
        }
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
