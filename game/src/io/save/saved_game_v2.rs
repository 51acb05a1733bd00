//! Saves of format 1 and 2: the same fields as now, the Things in their
//! older layout ([`ThingV2`]: three ring link pairs), converted on
//! decoding. The envelope is the same for every format; only the payload's
//! layout differs.

use super::SavedGame;
use crate::things::thing_v2::ThingV2;
use crate::undo::{UndoEntry, UndoKind};
use serde::Deserialize;

/// A [`SavedGame`] as formats 1 and 2 kept it.
#[derive(Clone, Debug, Deserialize)]
pub(super) struct SavedGameV2 {
    pub(super) origin: String,
    pub(super) level: u64,
    pub(super) things: Vec<ThingV2>,
    pub(super) turn: u32,
    pub(super) steps: Vec<StepV2>,
    pub(super) done: u32,
}

/// An [`UndoEntry`] as formats 1 and 2 kept it.
#[derive(Clone, Debug, Deserialize)]
pub(super) struct StepV2 {
    kind: UndoKind,
    pub(super) things: Box<[ThingV2]>,
    turn: u32,
}

impl SavedGameV2 {
    /// The save as kept now, its Things (the state's and every undo
    /// step's) converted from format `version`.
    pub(super) fn upgrade(self, version: u16) -> SavedGame {
        let things =
            |old: &[ThingV2]| -> Vec<_> { old.iter().map(|t| t.upgrade(version)).collect() };
        SavedGame {
            origin: self.origin,
            level: self.level,
            things: things(&self.things),
            turn: self.turn,
            steps: self
                .steps
                .iter()
                .map(|s| UndoEntry::from_saved(s.kind, things(&s.things).into(), s.turn))
                .collect(),
            done: self.done,
        }
    }
}
