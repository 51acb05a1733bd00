//! The editor's autosave (`.rle`): the level being edited with its whole
//! undo history, so a kill loses at most the last few seconds of work and
//! none of the steps (as a saved game keeps its undo log,
//! `crate::io::save`). Sealed in the one binary envelope
//! (`crate::io::envelope`, magic `RAPE`).
//!
//! The payload is a [`Draft`] encoded by bincode 2 (serde, standard
//! config): `origin`, the editor's words for the document it belongs to
//! (the game does not read it), then the [`History`]. Decoding checks the
//! envelope, then that the payload decodes whole, then that the history
//! holds together ([`History::check`]); the levels in it may have
//! problems (a draft is unfinished work) and are loaded as they are.
//!
//! A history too big for the file's limit keeps its newest steps
//! ([`History::keep_newest`]): the level shown is never dropped.

use super::History;
use crate::io::envelope::{Envelope, FileKind, HEADER_LEN};
use crate::level::{ErrorKind, Level, Pos};
use serde::{Deserialize, Serialize};

/// The first four bytes of every editor autosave.
pub const DRAFT_MAGIC: [u8; 4] = *b"RAPE";
/// The format this build writes and the newest it reads.
pub const DRAFT_VERSION: u16 = 1;
/// The largest payload written or read (64 MiB: a thousand steps of the
/// largest level, 128×128, fit).
pub const MAX_DRAFT_PAYLOAD: usize = 64 << 20;

const DRAFT_ENVELOPE: Envelope = Envelope {
    kind: FileKind::Draft,
    magic: DRAFT_MAGIC,
    version: DRAFT_VERSION,
    max_payload: MAX_DRAFT_PAYLOAD,
};

/// What an autosave holds (see the module docs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Draft {
    /// Which document it belongs to, in the editor's words.
    pub origin: String,
    /// The undo log; its current state is the level as it was shown.
    pub history: History,
}

fn config() -> bincode::config::Configuration {
    bincode::config::standard()
}

impl Draft {
    /// The level as it was shown when the draft was written.
    pub fn level(&self) -> &Level {
        self.history.current()
    }

    /// The bytes of the autosave file. A history over the limit keeps its
    /// newest steps.
    pub fn encode(&self) -> Result<Vec<u8>, ErrorKind> {
        let mut payload = bincode::serde::encode_to_vec(self, config())
            .map_err(|e| ErrorKind::Encode(e.to_string()))?;
        let mut trimmed = None::<Draft>;
        while payload.len() > MAX_DRAFT_PAYLOAD {
            let d = trimmed.get_or_insert_with(|| self.clone());
            let before = d.history.len();
            // Keep the newest part, in proportion to what fits.
            let keep = (before * MAX_DRAFT_PAYLOAD / payload.len()).min(before - 1);
            d.history.keep_newest(keep);
            if d.history.len() == before {
                break;
            }
            payload = bincode::serde::encode_to_vec(&*d, config())
                .map_err(|e| ErrorKind::Encode(e.to_string()))?;
        }
        DRAFT_ENVELOPE.seal(&payload)
    }

    /// The draft in `bytes`, or the first thing wrong with them and where.
    pub fn decode(bytes: &[u8]) -> Result<Draft, (Pos, ErrorKind)> {
        let (_version, payload) = DRAFT_ENVELOPE.open(bytes)?;
        let (draft, used): (Draft, usize) = bincode::serde::decode_from_slice(payload, config())
            .map_err(|e| {
                (
                    Pos::Byte(HEADER_LEN as u64),
                    ErrorKind::Damaged(format!("the autosave does not decode ({e})")),
                )
            })?;
        if used != payload.len() {
            return Err((
                Pos::Byte((HEADER_LEN + used) as u64),
                ErrorKind::TrailingBytes {
                    file: FileKind::Draft,
                    count: (payload.len() - used) as u64,
                },
            ));
        }
        draft
            .history
            .check()
            .map_err(|why| (Pos::Byte(HEADER_LEN as u64), ErrorKind::Damaged(why)))?;
        Ok(draft)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::{op, Editor};
    use crate::grid::CellPos;
    use crate::level::fixtures::{self, LOOP_BACK};

    fn edited() -> Editor {
        let mut e = Editor::new(fixtures::level(LOOP_BACK));
        e.edit("rename", "", |l| op::set_name(l, "Renamed"))
            .expect("ok");
        e.edit("par", "", |l| op::set_par(l, Some(4))).expect("ok");
        e.undo();
        e
    }

    #[test]
    fn a_draft_comes_back_with_its_whole_history_and_where_it_was_in_it() {
        let e = edited();
        let draft = Draft {
            origin: "file /tmp/x.txt".into(),
            history: e.history().clone(),
        };
        let bytes = draft.encode().expect("encodes");
        assert_eq!(&bytes[..4], b"RAPE");
        let back = Draft::decode(&bytes).expect("decodes");
        assert_eq!(back, draft);
        assert_eq!(back.level().name, "Renamed");
        let mut resumed = Editor::resume(back.history);
        assert_eq!(resumed.redo().as_deref(), Some("par"));
        assert_eq!(resumed.level().par, Some(4));
        resumed.undo();
        resumed.undo();
        assert_eq!(resumed.level(), &fixtures::level(LOOP_BACK));
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused_saying_where() {
        let bytes = Draft {
            origin: String::new(),
            history: edited().history().clone(),
        }
        .encode()
        .expect("encodes");
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0x40;
        assert!(Draft::decode(&flipped).is_err());
        let level = crate::level::binary::to_binary(&fixtures::level(LOOP_BACK)).expect("rlv");
        let (pos, kind) = Draft::decode(&level).expect_err("a level is no draft");
        assert_eq!(pos, Pos::Byte(0));
        assert!(kind.to_string().contains("editor autosave"), "{kind}");
    }

    #[test]
    fn a_history_too_big_keeps_its_newest_steps_and_the_level_shown() {
        let mut h = History::new(&fixtures::level(LOOP_BACK));
        let mut l = fixtures::level(LOOP_BACK);
        for i in 0..10 {
            l.entrance = CellPos::new(i % 2, 0);
            l.name = format!("step {i}");
            h.push(&l, format!("step {i}"));
        }
        h.undo();
        h.keep_newest(4);
        assert_eq!(h.len(), 4);
        assert_eq!(h.current().name, "step 8");
        assert_eq!(h.redoable(), 1);
        assert_eq!(h.undoable(), 2);
        assert!(h.check().is_ok());
    }
}
