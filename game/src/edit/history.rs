//! Editor undo and redo: whole-level snapshots, one per finished stroke.
//!
//! The log holds the level as it was after each step, with the step's name
//! ("paint walls (12 edges)"); the cursor is the state shown. Undo moves
//! the cursor back and hands out that snapshot, redo forward; a new step
//! after undo drops the redo branch. Unlimited.
//!
//! Why snapshots and not inverse operations: a snapshot is exact by
//! construction (undo-all gives the first level back byte for byte, which
//! the property test checks), whatever an operation touched — a room, a
//! paste or a resize rewrites cells, edges, portals and things at once, and
//! an inverse for each would be a second copy of every operation's logic.
//! The cost, measured in `BENCHMARKS.md` ("Editor"): a `Level` clone is
//! one `memcpy`-like copy of its arrays — about 50 KB and a few
//! microseconds for 128×128, a few hundred bytes for a 16×10 level.
//!
//! Each state is shared (`Arc`), so a copy of the whole log — what the
//! autosave hands its writing thread every few seconds — costs a count
//! per step, not a copy of every level.

use std::sync::Arc;

use crate::level::Level;
use serde::{Deserialize, Serialize};

/// One state of the log: the level after a step, and the step's name (the
/// first state, the level as opened, has none).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct State {
    level: Level,
    name: String,
}

/// The undo log (see the module docs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct History {
    /// Every state, the opened level first. Never empty.
    states: Vec<Arc<State>>,
    /// Index of the state shown.
    at: usize,
}

impl History {
    /// A log starting at `level`.
    pub fn new(level: &Level) -> History {
        History {
            states: vec![Arc::new(State {
                level: level.clone(),
                name: String::new(),
            })],
            at: 0,
        }
    }

    /// Records `level` as the state after a step named `name`; drops the
    /// redo branch.
    pub fn push(&mut self, level: &Level, name: String) {
        self.states.truncate(self.at + 1);
        self.states.push(Arc::new(State {
            level: level.clone(),
            name,
        }));
        self.at += 1;
    }

    /// The state shown (the level the last step left).
    pub fn current(&self) -> &Level {
        &self.states[self.at].level
    }

    /// Steps back: the level before the last step and that step's name.
    pub fn undo(&mut self) -> Option<(&Level, &str)> {
        if self.at == 0 {
            return None;
        }
        self.at -= 1;
        let name = self.states[self.at + 1].name.as_str();
        Some((&self.states[self.at].level, name))
    }

    /// Steps forward: the level after the next step and its name.
    pub fn redo(&mut self) -> Option<(&Level, &str)> {
        if self.at + 1 >= self.states.len() {
            return None;
        }
        self.at += 1;
        let state = &self.states[self.at];
        Some((&state.level, state.name.as_str()))
    }

    /// Steps that can be undone.
    pub fn undoable(&self) -> usize {
        self.at
    }

    /// Steps that can be redone.
    pub fn redoable(&self) -> usize {
        self.states.len() - 1 - self.at
    }

    /// The name of the step undo would take back.
    pub fn undo_name(&self) -> Option<&str> {
        (self.at > 0).then(|| self.states[self.at].name.as_str())
    }

    /// Whether the log holds together (a decoded autosave's may not):
    /// at least one state, the cursor on one of them; else why not.
    pub fn check(&self) -> Result<(), String> {
        if self.states.is_empty() {
            return Err("the undo history holds no level".into());
        }
        if self.at >= self.states.len() {
            return Err(format!(
                "the undo history shows step {} of {}",
                self.at,
                self.states.len() - 1
            ));
        }
        Ok(())
    }

    /// Drops the oldest states until at most `keep` remain (the one shown
    /// always stays): an autosave too big for its file keeps the newest
    /// steps.
    pub fn keep_newest(&mut self, keep: usize) {
        let drop = self.states.len().saturating_sub(keep.max(1)).min(self.at);
        if drop > 0 {
            self.states.drain(..drop);
            self.at -= drop;
            // The first state is "the level as opened": it has no name.
            Arc::make_mut(&mut self.states[0]).name.clear();
        }
    }

    /// States in the log (the opened level and one per step).
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether the log holds only the opened level (never: `new` puts one
    /// state in; here for the convention).
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// Bytes the snapshots hold (arrays, things, strings), roughly.
    pub fn bytes(&self) -> usize {
        self.states
            .iter()
            .map(|s| {
                let g = &s.level.grid;
                g.cells().len()
                    + g.h_edges().len()
                    + g.v_edges().len()
                    + std::mem::size_of_val(g.portals())
                    + s.level.things.len() * 96
                    + s.name.len()
            })
            .sum()
    }
}
