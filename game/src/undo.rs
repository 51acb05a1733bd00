//! The undo log (`DESIGN.md`, "Actions, events, undo"): snapshots of whole
//! Things, not per-field deltas.
//!
//! Each step keeps, for every Thing slot the step changed, one whole-Thing
//! snapshot, plus the turn counter: the value *not* currently in the stage.
//! Undo swaps the snapshots with the stage's Things (the befores go in, the
//! afters come out into the log), redo swaps them back; then the rings are
//! rebuilt. So a step stores each changed Thing once — a Thing knows its own
//! slot — and its memory is `changed × size_of::<Thing>()` plus a small
//! header. Unlimited undo and redo; committing after an undo drops the redo
//! branch. What changed is found by comparing the stage with a shadow copy
//! of the last committed state, kept up to date slot by slot.
//!
//! The stage is canonical after every change (rings rebuilt), so equal
//! contents mean equal bytes and undoing everything gives back the first
//! state byte for byte.

use crate::stage::Stage;
use crate::things::Thing;

/// What kind of step it was (for the screen: "undo: end of turn 3").
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum StepKind {
    Action,
    EndTurn,
    Restart,
}

/// One undoable step.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Step {
    pub kind: StepKind,
    /// The other value of each changed slot (befores while the step is done,
    /// afters while it is undone). Never empty for a recorded step.
    things: Box<[Thing]>,
    /// The other value of the turn counter.
    turn: u32,
}

impl Step {
    /// Bytes this step keeps: its snapshots and its header.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Step>() + std::mem::size_of_val(&*self.things)
    }

    /// How many Things it changed.
    pub fn changed(&self) -> usize {
        self.things.len()
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
    steps: Vec<Step>,
    /// Steps `..done` are done; `done..` are undone (the redo branch).
    done: usize,
    /// The committed state's Things, to find what a step changed.
    shadow: Box<[Thing]>,
    shadow_turn: u32,
}

impl UndoLog {
    /// A log with nothing to undo, starting from `stage`'s state.
    pub fn new(stage: &Stage) -> UndoLog {
        UndoLog {
            steps: Vec::new(),
            done: 0,
            shadow: stage.store.things().to_vec().into_boxed_slice(),
            shadow_turn: stage.turn,
        }
    }

    /// Records what changed in `stage` since the last commit as one step;
    /// drops the redo branch. Returns false (and records nothing) if nothing
    /// changed.
    /// A log of `steps`, `done` of them done, over `stage` as the state
    /// they lead to (a loaded save); `None` when `done` is past the end.
    pub fn from_steps(steps: Vec<Step>, done: usize, stage: &Stage) -> Option<UndoLog> {
        (done <= steps.len()).then(|| UndoLog {
            steps,
            done,
            shadow: stage.store.things().to_vec().into_boxed_slice(),
            shadow_turn: stage.turn,
        })
    }

    /// The last committed state: every slot and the turn.
    pub fn committed(&self) -> (&[Thing], u32) {
        (&self.shadow, self.shadow_turn)
    }

    pub fn commit(&mut self, stage: &Stage, kind: StepKind) -> bool {
        let now = stage.store.things();
        let mut befores = Vec::new();
        for (i, (now, shadow)) in now.iter().zip(self.shadow.iter_mut()).enumerate().skip(1) {
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
        if befores.is_empty() && stage.turn == self.shadow_turn {
            return false;
        }
        self.steps.truncate(self.done);
        self.steps.push(Step {
            kind,
            things: befores.into_boxed_slice(),
            turn: self.shadow_turn,
        });
        self.shadow_turn = stage.turn;
        self.done += 1;
        true
    }

    /// Swaps step `index`'s snapshots with the stage's Things.
    fn swap(&mut self, stage: &mut Stage, index: usize) {
        let Some(step) = self.steps.get_mut(index) else {
            return;
        };
        for snapshot in step.things.iter_mut() {
            let i = snapshot.index() as usize;
            let current = stage.store.things()[i];
            let written = stage.store.write_thing(i, *snapshot);
            debug_assert!(written.is_ok(), "snapshots name real slots");
            *snapshot = if current.index() as usize == i {
                current
            } else {
                Thing::vacant(i as u16)
            };
        }
        std::mem::swap(&mut stage.turn, &mut step.turn);
        stage.store.rebuild_links();
        for snapshot in step.things.iter() {
            let i = snapshot.index() as usize;
            self.shadow[i] = stage.store.things()[i];
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
    pub fn last_done(&self) -> Option<&Step> {
        self.done.checked_sub(1).and_then(|i| self.steps.get(i))
    }

    /// Every step, done and undone.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }
}
