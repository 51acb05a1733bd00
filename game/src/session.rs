//! A session: one level being played, with its undo log. This is what the
//! play screen and the `sim` tool drive: [`Session::preview`] an action
//! (its events, nothing changed), [`Session::perform`] it (check → execute →
//! apply → one undo step), [`Session::undo`], [`Session::redo`],
//! [`Session::restart`] (itself an undoable step). Everything is
//! deterministic: the same level and the same calls give bit-identical
//! states and the same [`Session::state_hash`].

use log::debug;

use crate::action::{self, Action, Event, Refusal};
use crate::level::Level;
use crate::stage::{Stage, StageError};
use crate::things::{Thing, THING_CAPACITY};
use crate::undo::{StepKind, UndoLog};
use crate::view::GridView;

/// One level in play with unlimited undo.
pub struct Session {
    stage: Stage,
    undo: UndoLog,
    /// The stage as the level set it up, for restart.
    initial: Box<[Thing]>,
    initial_turn: u32,
    /// Scratch space for sight (reused by every action that needs it).
    view: GridView,
}

impl Session {
    /// Starts `level`.
    pub fn new(level: &Level) -> Result<Session, StageError> {
        let stage = Stage::from_level(level)?;
        let undo = UndoLog::new(&stage);
        let initial = stage.store().things().to_vec().into_boxed_slice();
        let initial_turn = stage.turn();
        Ok(Session {
            stage,
            undo,
            initial,
            initial_turn,
            view: GridView::new(),
        })
    }

    /// The stage as it stands.
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The undo log.
    pub fn undo_log(&self) -> &UndoLog {
        &self.undo
    }

    /// What `action` would do, or why it cannot be done; nothing changes.
    pub fn preview(&mut self, action: &Action) -> Result<Vec<Event>, Refusal> {
        action::execute(&self.stage, &mut self.view, action)
    }

    /// Does `action`: its events are applied and recorded as one undo step.
    pub fn perform(&mut self, action: &Action) -> Result<Vec<Event>, Refusal> {
        let events = action::execute(&self.stage, &mut self.view, action)?;
        if let Err(e) = action::apply(&mut self.stage, &events) {
            // The schedule did not fit the stage: a bug. Put the last
            // committed state back rather than keep a half-applied one.
            debug_assert!(false, "events of {action:?} failed to apply: {e}");
            self.restore_committed();
            return Err(Refusal::Internal);
        }
        let kind = if matches!(action, Action::EndTurn) {
            StepKind::EndTurn
        } else {
            StepKind::Action
        };
        self.undo.commit(&self.stage, kind);
        debug!(
            "performed {action:?}: {} events, turn {}",
            events.len(),
            self.stage.turn()
        );
        Ok(events)
    }

    fn restore_committed(&mut self) {
        // Undo then redo the last step: both rewrite committed snapshots.
        if self.undo.undo(&mut self.stage) {
            self.undo.redo(&mut self.stage);
        }
    }

    /// Takes back the last step; false if there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let done = self.undo.undo(&mut self.stage);
        debug!("undo: {done}, turn {}", self.stage.turn());
        done
    }

    /// Does the last undone step again; false if there is nothing to redo.
    pub fn redo(&mut self) -> bool {
        let done = self.undo.redo(&mut self.stage);
        debug!("redo: {done}, turn {}", self.stage.turn());
        done
    }

    /// Puts the level back as it started, as one undoable step. False if it
    /// already is.
    pub fn restart(&mut self) -> bool {
        for i in 1..THING_CAPACITY {
            if self.stage.store.things()[i] != self.initial[i] {
                let written = self.stage.store.write_thing(i, self.initial[i]);
                debug_assert!(written.is_ok());
            }
        }
        self.stage.turn = self.initial_turn;
        self.stage.store.rebuild_links();
        self.undo.commit(&self.stage, StepKind::Restart)
    }

    /// A stable hash of the whole state.
    pub fn state_hash(&self) -> u64 {
        self.stage.state_hash()
    }

    /// A GridView of `hero`'s sight (for the screen and the tools).
    pub fn view_of(&mut self, hero: crate::things::ThingId) -> &GridView {
        if let Some(cell) = self.stage.cell_of(hero) {
            self.view
                .build(self.stage.grid(), cell, crate::stage::SIGHT_RADIUS);
        }
        &self.view
    }
}
