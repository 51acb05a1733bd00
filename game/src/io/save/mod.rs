//! A game in progress, saved and resumed with its whole undo history
//! (`docs/ARCHITECTURE.md`, "Files on disk").
//!
//! A save is the game's binary envelope (`crate::io::envelope`, magic `RSAV`)
//! around a bincode [`SavedGame`]: where the level came from (words the
//! game that saved it chose, e.g. `campaign loop_back.txt`, so it can find
//! the level again), a fingerprint of the level it belongs to, the stage's Thing slots (the used prefix: slots never used are left
//! out and come back empty), the turn, and every undo step — done and
//! undone — as the log holds them (whole Things), with how many are done.
//!
//! Loading never trusts the file: the level's fingerprint must match, the
//! envelope must be whole, and every state undo or redo can reach is
//! visited and its store validated before the session is handed out; the
//! walk ends where it started, so the loaded session is exactly the saved
//! one: same state, same undo and redo counts, same result for every undo
//! and redo after.

use crate::io::envelope::{Envelope, FileKind};
use crate::io::hash::Fnv1a;
use crate::level::{to_text, ErrorKind, Level, Pos};
use crate::session::Session;
use crate::things::Thing;
use crate::undo::{UndoEntry, UndoLog};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The first four bytes of every save.
pub const SAVE_MAGIC: [u8; 4] = *b"RSAV";
/// The save format this build writes and the newest it reads. 2: live
/// Things carry no kind-ring links (the store keeps its kinds as sets
/// outside the Things). 3: Things carry no cell-ring link pair (the store keeps each cell's Things as a list
/// outside the Things), so a Thing is 4 bytes shorter. Saves of format 1
/// and 2 are converted on loading (see the `saved_game_v2` module).
pub const SAVE_VERSION: u16 = 3;
/// The largest save payload accepted.
pub const MAX_SAVE_PAYLOAD: usize = 64 << 20;

const SAVE_ENVELOPE: Envelope = Envelope {
    kind: FileKind::Save,
    magic: SAVE_MAGIC,
    version: SAVE_VERSION,
    max_payload: MAX_SAVE_PAYLOAD,
};

/// What a save holds (see the module docs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Where the level came from, in the saving program's words (the game
    /// does not read it); may be empty.
    pub origin: String,
    /// [`level_fingerprint`] of the level played.
    pub level: u64,
    /// Slots `0..things.len()` of the store (the rest were never used).
    pub things: Vec<Thing>,
    /// The stage's turn counter when saved.
    pub turn: u32,
    /// Every undo step, done first, then the undone ones (the redo branch).
    pub steps: Vec<UndoEntry>,
    /// How many of `steps` are done.
    pub done: u32,
}

/// Why a save was not loaded. The session is untouched.
#[derive(Clone, Debug, PartialEq)]
pub enum SaveError {
    /// The envelope or its payload is damaged, or from a newer build.
    File(Pos, ErrorKind),
    /// The save belongs to another level (or another version of it).
    OtherLevel,
    /// The save decodes but its states are not a game of this level.
    Inconsistent(String),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::File(Pos::Byte(b), k) => write!(f, "byte {b}: {k}"),
            SaveError::File(_, k) => write!(f, "{k}"),
            SaveError::OtherLevel => {
                write!(f, "the save is of another level, or the level changed")
            }
            SaveError::Inconsistent(why) => write!(f, "the save does not hold together: {why}"),
        }
    }
}

impl std::error::Error for SaveError {}

fn config() -> bincode::config::Configuration {
    bincode::config::standard()
}

impl SavedGame {
    /// The bytes of a save file: the payload sealed in the envelope.
    pub fn encode(&self) -> Result<Vec<u8>, ErrorKind> {
        let payload = bincode::serde::encode_to_vec(self, config())
            .map_err(|e| ErrorKind::Encode(e.to_string()))?;
        SAVE_ENVELOPE.seal(&payload)
    }

    /// The save in `bytes`, its envelope checked (not yet its states: that
    /// is [`Session::from_saved`]'s work, which needs the level).
    pub fn decode(bytes: &[u8]) -> Result<SavedGame, SaveError> {
        let (version, payload) = SAVE_ENVELOPE
            .open(bytes)
            .map_err(|(pos, kind)| SaveError::File(pos, kind))?;
        if version < 3 {
            let old: saved_game_v2::SavedGameV2 = decode_payload(payload)?;
            return Ok(old.upgrade(version));
        }
        decode_payload(payload)
    }
}

/// The whole `payload` as a `T` (a save's payload, in the layout of its
/// format).
fn decode_payload<T: serde::de::DeserializeOwned>(payload: &[u8]) -> Result<T, SaveError> {
    let (saved, used): (T, usize) =
        bincode::serde::decode_from_slice(payload, config()).map_err(|e| {
            SaveError::File(
                Pos::Byte(crate::io::envelope::HEADER_LEN as u64),
                ErrorKind::Damaged(format!("the saved game does not decode ({e})")),
            )
        })?;
    if used != payload.len() {
        return Err(SaveError::File(
            Pos::Byte((crate::io::envelope::HEADER_LEN + used) as u64),
            ErrorKind::TrailingBytes {
                file: FileKind::Save,
                count: (payload.len() - used) as u64,
            },
        ));
    }
    Ok(saved)
}

/// A fingerprint of `level`: its canonical text, hashed. A save only loads
/// into the level it was made in.
pub fn level_fingerprint(level: &Level) -> u64 {
    let mut h = Fnv1a::new();
    h.write(to_text(level).as_bytes());
    h.finish()
}

/// A fingerprint of what `level`'s rules play: [`level_fingerprint`] with
/// the name, the notes and the par left out, which no rule reads. A
/// verdict of the solver (and a par it proved) holds while this is the
/// same: renaming a level or rewriting its notes keeps them.
pub fn rules_fingerprint(level: &Level) -> u64 {
    let mut rules = level.clone();
    rules.name.clear();
    rules.notes.clear();
    rules.par = None;
    level_fingerprint(&rules)
}

impl Session {
    /// The session as a save (see the module docs).
    pub fn to_saved(&self, level: &Level) -> SavedGame {
        let things = self.stage().store().things();
        let used = things
            .iter()
            .rposition(|t| !t.never_used())
            .map_or(1, |i| i + 1);
        let log = self.undo_log();
        let (steps, done) = (log.steps(), log.undoable());
        SavedGame {
            origin: String::new(),
            level: level_fingerprint(level),
            things: things[..used].to_vec(),
            turn: self.stage().turn(),
            steps: steps.to_vec(),
            done: done as u32,
        }
    }

    /// The session as the bytes of a save file (no origin).
    pub fn save_bytes(&self, level: &Level) -> Result<Vec<u8>, ErrorKind> {
        self.to_saved(level).encode()
    }

    /// A session of `level` resumed from the bytes of a save.
    pub fn load_bytes(level: &Level, bytes: &[u8]) -> Result<Session, SaveError> {
        Session::from_saved(level, SavedGame::decode(bytes)?)
    }

    /// A session of `level` resumed from `saved`, every reachable state
    /// checked first.
    pub fn from_saved(level: &Level, saved: SavedGame) -> Result<Session, SaveError> {
        if saved.level != level_fingerprint(level) {
            return Err(SaveError::OtherLevel);
        }
        let bad = |why: String| SaveError::Inconsistent(why);
        let mut session =
            Session::new(level).map_err(|e| bad(format!("the level does not start: {e}")))?;
        let fresh = session.stage().store().things().to_vec();
        if saved.things.len() > fresh.len() {
            return Err(bad(format!(
                "{} slots, the store has {}",
                saved.things.len(),
                fresh.len()
            )));
        }
        // The saved prefix, then the slots never used.
        let mut things = saved.things.clone();
        for t in &fresh[saved.things.len()..] {
            if !t.never_used() {
                return Err(bad("a used slot is missing".into()));
            }
            things.push(*t);
        }
        for step in &saved.steps {
            if step
                .snapshots()
                .iter()
                .any(|t| t.index() as usize >= fresh.len() || t.index() == 0)
            {
                return Err(bad("an undo step names a slot outside the store".into()));
            }
        }
        session.resume(&things, saved.turn, saved.steps, saved.done as usize)?;
        Ok(session)
    }

    /// Puts `things`/`turn` and the undo log in place, then walks every
    /// reachable state (undo to the start, redo to the end, back to `done`)
    /// validating the store at each.
    fn resume(
        &mut self,
        things: &[Thing],
        turn: u32,
        steps: Vec<UndoEntry>,
        done: usize,
    ) -> Result<(), SaveError> {
        let bad = |why: String| SaveError::Inconsistent(why);
        self.restore_state(things, turn);
        self.check_store(|| "the saved state".into())?;
        let log = UndoLog::from_steps(steps, done, self.stage())
            .ok_or_else(|| bad("more steps done than saved".into()))?;
        self.replace_log(log);
        let total = self.undo_log().steps().len();
        let here = self.state_hash();
        for n in (0..done).rev() {
            if !self.undo_unchecked() {
                return Err(bad(format!("step {} cannot be undone", n + 1)));
            }
            self.check_store(|| format!("the state before step {}", n + 1))?;
        }
        for n in 0..total {
            if !self.redo_unchecked() {
                return Err(bad(format!("step {} cannot be redone", n + 1)));
            }
            self.check_store(|| format!("the state after step {}", n + 1))?;
        }
        for _ in done..total {
            self.undo_unchecked();
        }
        if self.state_hash() != here {
            return Err(bad(
                "the undo history does not lead back to the saved state".into(),
            ));
        }
        Ok(())
    }

    /// Validates the store; `what` names the state, only when it is broken.
    fn check_store(&self, what: impl FnOnce() -> String) -> Result<(), SaveError> {
        self.stage()
            .store()
            .validate()
            .map_err(|e| SaveError::Inconsistent(format!("{} is broken: {e}", what())))
    }
}

mod saved_game_v2;
#[cfg(test)]
mod tests;
