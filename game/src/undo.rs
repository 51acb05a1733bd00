//! The undo log (`docs/DATA-STRUCTURES.md`, "Undo"): snapshots of whole
//! Things, not per-field deltas.
//!
//! Each step keeps, for every Thing slot the step changed, one whole-Thing
//! snapshot, plus the turn counter: the value *not* currently in the stage.
//! Undo swaps the snapshots with the stage's Things (the befores go in, the
//! afters come out into the log), redo swaps them back
//! ([`Store::exchange`](crate::things::Store::exchange)). So a step stores
//! each changed Thing once — a Thing knows its own slot — and its memory is
//! `changed × size_of::<Thing>()` plus a small header. Unlimited undo and
//! redo; committing after an undo drops the redo branch.
//!
//! What changed: the store lists every slot its calls wrote since the last
//! commit (its change log); commit compares just those with a shadow copy
//! of the last committed state, and keeps the whole before value of each
//! one that differs, in slot order. When the list is not known (after a
//! whole-state restore) it compares every slot. Both are O(slots looked
//! at); a move on a stage of 10,000 Things looks at a handful.
//!
//! The stage is canonical after every change (the free list, like the kind
//! sets and cell lists, in slot order: [`crate::things::canonical`]), and a
//! step holds every slot by which two canonical states differ, ring links
//! included. So writing a step's snapshots back gives the other state's
//! Things byte for byte, with no ring to rebuild (the store puts each
//! written slot in its kind set and cell list): undo and redo cost
//! O(changed), equal contents mean equal bytes, and undoing everything
//! gives back the first state exactly.

use crate::stage::Stage;
use crate::things::{Thing, ThingIndex, THING_CAPACITY};

/// What kind of step it was (for the screen: "undo: end of turn 3").
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum UndoKind {
    /// An action the player took (or several taken as one step).
    Action,
    /// The end of a round.
    EndTurn,
    /// The level put back as it started.
    Restart,
}

/// One undoable step.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct UndoEntry {
    /// What the step was.
    pub kind: UndoKind,
    /// The other value of each changed slot (befores while the step is done,
    /// afters while it is undone). Never empty for a recorded step.
    things: Box<[Thing]>,
    /// The other value of the turn counter.
    turn: u32,
}

impl UndoEntry {
    /// Bytes this step keeps: its snapshots and its header.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<UndoEntry>() + std::mem::size_of_val(&*self.things)
    }

    /// How many Things it changed.
    pub fn changed(&self) -> usize {
        self.things.len()
    }

    /// A step from its parts as a save keeps them (loading an older save
    /// converts its Things first).
    pub(crate) fn from_saved(kind: UndoKind, things: Box<[Thing]>, turn: u32) -> UndoEntry {
        UndoEntry { kind, things, turn }
    }

    /// Replaces snapshot `i` (tests of what loaders catch).
    #[cfg(test)]
    pub(crate) fn replace_snapshot_for_tests(&mut self, i: usize, thing: Thing) {
        self.things[i] = thing;
    }

    /// The whole-Thing snapshots the step holds (each names its slot).
    pub fn snapshots(&self) -> &[Thing] {
        &self.things
    }
}

/// Unlimited undo and redo over one stage.
#[derive(Clone)]
pub struct UndoLog {
    steps: Vec<UndoEntry>,
    /// Steps `..done` are done; `done..` are undone (the redo branch).
    done: usize,
    /// The committed state's Things, to find what a step changed.
    shadow: Box<[Thing]>,
    shadow_turn: u32,
    /// Scratch: the slots a commit looks at, in slot order.
    slots: Vec<ThingIndex>,
    /// Whether a commit cross-checks the store's change log against a
    /// comparison of every slot (O(capacity); debug builds only, see
    /// [`UndoLog::set_self_checks`]).
    cross_check: bool,
}

impl UndoLog {
    /// A log with nothing to undo, starting from `stage`'s state.
    pub fn new(stage: &Stage) -> UndoLog {
        UndoLog {
            steps: Vec::new(),
            done: 0,
            shadow: stage.store.things().to_vec().into_boxed_slice(),
            shadow_turn: stage.turn,
            slots: Vec::new(),
            cross_check: cfg!(debug_assertions),
        }
    }

    /// Turns the debug builds' per-commit cross-check (every slot compared,
    /// O(capacity)) on or off; release builds never run it.
    pub fn set_self_checks(&mut self, on: bool) {
        self.cross_check = on && cfg!(debug_assertions);
    }

    /// A log of `steps`, `done` of them done, over `stage` as the state
    /// they lead to (a loaded save); `None` when `done` is past the end.
    pub fn from_steps(steps: Vec<UndoEntry>, done: usize, stage: &Stage) -> Option<UndoLog> {
        (done <= steps.len()).then(|| UndoLog {
            steps,
            done,
            shadow: stage.store.things().to_vec().into_boxed_slice(),
            shadow_turn: stage.turn,
            slots: Vec::new(),
            cross_check: cfg!(debug_assertions),
        })
    }

    /// The last committed state: every slot and the turn.
    pub fn committed(&self) -> (&[Thing], u32) {
        (&self.shadow, self.shadow_turn)
    }

    /// Records what changed in `stage` since the last commit as one step;
    /// drops the redo branch. Returns false (and records nothing) if nothing
    /// changed. Looks only at the slots the store's change log lists (all
    /// of them when it does not know), then clears the log.
    pub fn commit(&mut self, stage: &mut Stage, kind: UndoKind) -> bool {
        self.slots.clear();
        match stage.store.changed_slots() {
            Some(written) => {
                self.slots.extend_from_slice(written);
                self.slots.sort_unstable();
            }
            None => self.slots.extend(1..THING_CAPACITY as ThingIndex),
        }
        let now = stage.store.things();
        #[cfg(debug_assertions)]
        let differ: Option<Vec<usize>> = self.cross_check.then(|| {
            (1..THING_CAPACITY)
                .filter(|&i| now[i] != self.shadow[i])
                .collect()
        });
        // Counted first, so the step's slice is allocated once, to size.
        let changed = self
            .slots
            .iter()
            .filter(|&&i| now[usize::from(i)] != self.shadow[usize::from(i)])
            .count();
        let mut befores = Vec::with_capacity(changed);
        for &i in &self.slots {
            let i = usize::from(i);
            let (now, shadow) = (&now[i], &mut self.shadow[i]);
            if now != shadow {
                // A never-used slot's snapshot must still name its slot.
                befores.push(if shadow.index() as usize == i {
                    *shadow
                } else {
                    Thing::vacant(i as u16)
                });
                *shadow = *now;
            }
        }
        #[cfg(debug_assertions)]
        debug_assert!(
            differ.is_none_or(|d| befores.iter().map(|t| usize::from(t.index())).eq(d)),
            "the change log missed a slot that changed"
        );
        stage.store.forget_changes();
        if befores.is_empty() && stage.turn == self.shadow_turn {
            return false;
        }
        self.steps.truncate(self.done);
        self.steps.push(UndoEntry {
            kind,
            things: befores.into_boxed_slice(),
            turn: self.shadow_turn,
        });
        self.shadow_turn = stage.turn;
        self.done += 1;
        true
    }

    /// Swaps step `index`'s snapshots with the stage's Things and turn, and
    /// brings the shadow up to date on those slots. O(changed).
    fn swap(&mut self, stage: &mut Stage, index: usize) {
        let Some(step) = self.steps.get_mut(index) else {
            return;
        };
        stage.store.exchange(&mut step.things);
        std::mem::swap(&mut stage.turn, &mut step.turn);
        let now = stage.store.things();
        for snapshot in step.things.iter() {
            let i = usize::from(snapshot.index());
            if let (Some(shadow), Some(now)) = (self.shadow.get_mut(i), now.get(i)) {
                *shadow = *now;
            }
        }
        self.shadow_turn = stage.turn;
    }

    /// Takes back the last done step; false if there is none.
    pub fn undo(&mut self, stage: &mut Stage) -> bool {
        if self.done == 0 {
            return false;
        }
        self.done -= 1;
        self.swap(stage, self.done);
        true
    }

    /// Does the next undone step again; false if there is none.
    pub fn redo(&mut self, stage: &mut Stage) -> bool {
        if self.done == self.steps.len() {
            return false;
        }
        self.swap(stage, self.done);
        self.done += 1;
        true
    }

    /// Steps that can be undone.
    pub fn undoable(&self) -> usize {
        self.done
    }

    /// Steps that can be redone.
    pub fn redoable(&self) -> usize {
        self.steps.len() - self.done
    }

    /// The step that undo would take back.
    pub fn last_done(&self) -> Option<&UndoEntry> {
        self.done.checked_sub(1).and_then(|i| self.steps.get(i))
    }

    /// Every step, done and undone.
    pub fn steps(&self) -> &[UndoEntry] {
        &self.steps
    }
}
