//! Test play from the editor: the level is checked (no problems, it
//! builds a stage) and handed to the screens to play; when play ends the
//! editor comes back as it was. A win is a result card: the relics and
//! turns, against the par (or that there is none yet), with "Back to
//! editing" and "Test again".
use game::stage::Stage;
use log::info;

use super::dialog::{Choice, Dialog, Purpose};
use super::{Drag, EditorAction, EditorScreen};

/// How a test play ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TestEnd {
    /// Esc: back to editing.
    Back,
    /// Cleared: relics out of how many, in turns.
    Won { relics: u32, total: u32, turns: u32 },
    /// The party left with too few relics.
    Retreated { relics: u32, total: u32, turns: u32 },
}

/// "1 turn" or "3 turns".
fn turns_words(n: u32) -> String {
    if n == 1 {
        "1 turn".into()
    } else {
        format!("{n} turns")
    }
}

impl EditorScreen {
    pub(super) fn test_play(&mut self) -> Option<EditorAction> {
        self.end_drag();
        let level = self.editor.level();
        if let Some(p) = self.editor.problems().first() {
            self.refuse(format!(
                "Can't test-play: {} problem(s) — {}",
                self.editor.problems().len(),
                p.message
            ));
            return None;
        }
        if let Err(e) = Stage::from_level(level) {
            self.refuse(format!("Can't test-play: {e}"));
            return None;
        }
        info!("test-playing {}", level.name);
        Some(EditorAction::TestPlay(Box::new(level.clone())))
    }

    /// Called when test play ends: the editor is shown again, as it was;
    /// a win says how it went against the par, on a card.
    pub fn back_from_test(&mut self, end: &TestEnd) {
        self.drag = Drag::None;
        self.space_held = false;
        self.sight = None;
        match *end {
            TestEnd::Back => self.info("Back from test play"),
            TestEnd::Retreated {
                relics,
                total,
                turns,
            } => self.info(format!(
                "Test play: a retreat, {relics} of {total} relics out in {} (too few to clear)",
                turns_words(turns)
            )),
            TestEnd::Won {
                relics,
                total,
                turns,
            } => {
                let played = turns_words(turns);
                let against = match self.editor.level().par {
                    Some(par) if turns == par => format!("At par ({}).", turns_words(par)),
                    Some(par) if turns < par => format!(
                        "Under par ({}): the par may be too high — F6 proves the fewest, F8 sets it.",
                        turns_words(par)
                    ),
                    Some(par) => format!(
                        "Over par ({}) by {}.",
                        turns_words(par),
                        turns_words(turns - par)
                    ),
                    None => "The level has no par yet: F6 proves the fewest turns, F8 sets it."
                        .to_string(),
                };
                self.info(format!("Test play cleared in {played}"));
                self.dialog = Some(Dialog::choice(
                    "Test play: cleared!",
                    &format!("{relics} of {total} relics out in {played}. {against}"),
                    &[Choice::BackToEditing, Choice::TestAgain],
                    Purpose::TestResult,
                ));
            }
        }
    }
}
