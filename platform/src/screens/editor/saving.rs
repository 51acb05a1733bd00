//! Leaving, saving and the autosave, with their questions (leave a
//! session whose undo history or solve would be lost, overwrite a file
//! changed on disk or an existing one, save as, the name of a shipped
//! level's copy, recover an autosave): the dialogs' answers are handled
//! here, each one a transition of the document model (`document.rs`),
//! which decides what is written where. A cancelled question changes
//! nothing.
use game::level::{escaped_path, Level};

use super::dialog::{After, Choice, Dialog, DialogOutcome, Purpose};
use super::document::{self, Document, Opening, Places, Recovery, SaveError};
use super::files;
use super::solving::Solving;
use super::{EditorAction, EditorScreen, AUTOSAVE_S};
use crate::screens::input::RawInput;

impl EditorScreen {
    /// The editor on `level`, come in as `opening`, its files in `places`:
    /// a file's or shipped level's autosave is offered back; an untitled
    /// one's goes on with its undo history.
    pub fn open(level: Level, opening: Opening, places: Places) -> Result<EditorScreen, String> {
        let mut screen = match opening {
            Opening::New => EditorScreen::new(level, Document::untitled_in(places)),
            Opening::Pasted => {
                let mut s = EditorScreen::new(level, Document::untitled_in(places));
                s.doc.never_saved();
                s
            }
            Opening::File(path) => EditorScreen::new(level, Document::at_in(&path, false, places)),
            Opening::Shipped(path) => {
                EditorScreen::new(level, Document::at_in(&path, true, places))
            }
            Opening::Unsaved(path) => {
                let (doc, history) = document::open_unsaved(&path, places)?;
                return Ok(EditorScreen::resume(history, doc));
            }
        };
        screen.offer_recovery();
        Ok(screen)
    }

    /// Offers this document's autosave back (work never saved), if its
    /// slot holds one that differs from the level opened.
    pub fn offer_recovery(&mut self) {
        match self.doc.recovery() {
            Recovery::Nothing => {}
            Recovery::Offer(draft) => {
                let steps = draft.history.undoable() + draft.history.redoable();
                let s = if steps == 1 { "" } else { "s" };
                self.dialog = Some(Dialog::choice(
                    "Recover unsaved work?",
                    &format!(
                        "An autosave of \"{}\" holds changes that were never saved \
                         (with its undo history, {steps} step{s}).",
                        draft.level().name
                    ),
                    &[Choice::Recover, Choice::Discard],
                    Purpose::Recover(draft),
                ));
            }
            // Never deleted: moved aside, and the editor goes on.
            Recovery::Damaged(why) => self.refuse(why),
        }
    }

    /// Records the level shown as what its file holds (tests).
    #[cfg(test)]
    pub(super) fn mark_saved(&mut self) {
        let level = self.editor.level().clone();
        self.doc.loaded(&level);
    }

    /// Whether the level shown differs from what its file holds (or it
    /// has none).
    pub fn is_dirty(&self) -> bool {
        self.doc.is_dirty(self.editor.level())
    }

    /// Leaving (`then`: Leave or Quit): asks first when there are unsaved
    /// changes (autosaved meanwhile, so a kill during the question loses
    /// nothing).
    pub fn leave(&mut self, then: EditorAction) -> Option<EditorAction> {
        self.end_drag();
        if !self.is_dirty() {
            // Back where the file is: an autosave left on disk would only
            // ask again next time.
            self.doc.drop_autosave();
            return Some(then);
        }
        self.autosave();
        self.dialog = Some(Dialog::choice(
            "Unsaved changes",
            &format!("Save \"{}\" before leaving?", self.editor.level().name),
            &[Choice::Save, Choice::Discard, Choice::Cancel],
            Purpose::Leave(Box::new(then)),
        ));
        None
    }

    /// Esc with nothing left to cancel: leaves, but first asks when
    /// leaving loses what no file keeps — the undo history, the solver's
    /// search or solution (unsaved work asks as [`Self::leave`] does).
    pub(super) fn leave_by_escape(&mut self) -> Option<EditorAction> {
        let lost = self.lost_on_leaving();
        if self.is_dirty() || lost.is_empty() {
            return self.leave(EditorAction::Leave);
        }
        self.end_drag();
        self.dialog = Some(Dialog::choice(
            "Leave the editor?",
            &format!(
                "Its {} would be lost. Enter leaves, Esc stays.",
                lost.join(" and ")
            ),
            &[Choice::Leave, Choice::Cancel],
            Purpose::LeaveSession,
        ));
        None
    }

    /// What leaving loses that no file keeps, as named to the designer.
    fn lost_on_leaving(&self) -> Vec<String> {
        let h = self.editor.history();
        let steps = h.undoable() + h.redoable();
        let mut lost = Vec::new();
        if steps > 0 {
            let s = if steps == 1 { "" } else { "s" };
            lost.push(format!("undo history ({steps} step{s})"));
        }
        match &self.solving {
            Solving::Running { .. } => lost.push("running solve".into()),
            Solving::Done { report, .. } | Solving::Playing { report, .. }
                if report.solution.is_some() =>
            {
                lost.push("solver's solution".into());
            }
            _ => {}
        }
        lost
    }

    /// Ctrl+S: saves to the level's file; one without a file of its own
    /// (untitled, shipped) asks for one first.
    pub(super) fn save(&mut self) {
        self.save_then(None);
    }

    /// Saves, then `then` (leaving, quitting) once the level is in its
    /// file: `Some` when it is done now, `None` while a question is open
    /// or the save was refused.
    fn save_then(&mut self, then: After) -> Option<EditorAction> {
        self.end_drag();
        let level = self.editor.level().clone();
        let result = self.doc.save(&level, false);
        self.after_save(result, then)
    }

    /// What a save's answer leads to: the status line, a question, or
    /// `then`.
    fn after_save(
        &mut self,
        result: Result<std::path::PathBuf, SaveError>,
        then: After,
    ) -> Option<EditorAction> {
        match result {
            Ok(path) => {
                self.saved_to(&path);
                then.map(|t| *t)
            }
            Err(SaveError::NeedsName) => {
                self.save_as_then(then);
                None
            }
            Err(SaveError::ChangedOnDisk(_)) => {
                self.dialog = Some(Dialog::choice(
                    "The file changed on disk",
                    "Someone else changed the file since it was opened. Overwrite it?",
                    &[Choice::Overwrite, Choice::Cancel],
                    Purpose::OverwriteChanged { then },
                ));
                None
            }
            Err(SaveError::Exists(path)) => {
                self.dialog = Some(Dialog::choice(
                    "The file exists",
                    &format!("{} exists. Overwrite it?", escaped_path(&path)),
                    &[Choice::Overwrite, Choice::Cancel],
                    Purpose::OverwriteExisting { path, then },
                ));
                None
            }
            // The level stays in the editor, unsaved; the old file is whole.
            Err(e @ (SaveError::NoFolder(_) | SaveError::NotText)) => {
                self.refuse(format!("Save as: {e}"));
                self.ask_path(then);
                None
            }
            Err(SaveError::Failed(e)) => {
                self.refuse(format!("Not saved: {e}"));
                None
            }
        }
    }

    /// The status line after a save to `path`.
    fn saved_to(&mut self, path: &std::path::Path) {
        self.changed();
        self.autosaved_revision = self.editor.revision();
        self.unsaved_s = None;
        let problems = self.editor.problems().len();
        if problems > 0 {
            self.refuse(format!(
                "Saved {} with {problems} problem(s): it cannot be played until they are fixed",
                escaped_path(path)
            ));
        } else {
            self.info(format!("Saved {}", escaped_path(path)));
        }
    }

    /// Save as: a shipped level is named as a copy first
    /// (`copy_name`), then the file is asked for.
    pub(super) fn save_as(&mut self) {
        self.save_as_then(None);
    }

    fn save_as_then(&mut self, then: After) {
        self.end_drag();
        if self.doc.is_shipped() {
            self.ask_copy_name(&format!("{} (copy)", self.editor.level().name), then);
            return;
        }
        self.ask_path(then);
    }

    /// Asks the file to save to: the levels folder's free name for the
    /// level, selected, so typing replaces it.
    pub(super) fn ask_path(&mut self, then: After) {
        let name = &self.editor.level().name;
        let suggested = match self.doc.identity() {
            super::document::Identity::File(p) => Some(p.clone()),
            _ => files::suggest_path(name),
        }
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| files::file_name_for(name));
        self.dialog = Some(Dialog::prompt_selected(
            "Save as",
            "File: a .txt name (in your levels folder) or a full path",
            &suggested,
            Purpose::SaveAs { then },
        ));
    }

    pub(super) fn handle_dialog(&mut self, input: RawInput) -> Option<EditorAction> {
        let dialog = self.dialog.as_mut()?;
        let outcome = dialog.handle(input, self.size_px)?;
        let dialog = self.dialog.take()?;
        match (dialog.purpose, outcome) {
            (_, DialogOutcome::Cancelled) | (_, DialogOutcome::Chose(Choice::Cancel)) => None,
            (Purpose::Leave(then), DialogOutcome::Chose(Choice::Save)) => {
                self.save_then(Some(then))
            }
            (Purpose::Leave(then), DialogOutcome::Chose(Choice::Discard)) => {
                self.doc.drop_autosave();
                Some(*then)
            }
            (Purpose::LeaveSession, DialogOutcome::Chose(Choice::Leave)) => {
                self.leave(EditorAction::Leave)
            }
            (Purpose::OverwriteChanged { then }, DialogOutcome::Chose(Choice::Overwrite)) => {
                let level = self.editor.level().clone();
                let result = self.doc.save(&level, true);
                self.after_save(result, then)
            }
            (
                Purpose::OverwriteExisting { path, then },
                DialogOutcome::Chose(Choice::Overwrite),
            ) => {
                let level = self.editor.level().clone();
                let result = self.doc.save_as(&level, &path, true);
                self.after_save(result, then)
            }
            (Purpose::Recover(draft), DialogOutcome::Chose(Choice::Recover)) => {
                self.resume_history(draft.history);
                self.info("Recovered the autosave with its undo history (Ctrl+Z steps back)");
                None
            }
            (Purpose::Recover(_), DialogOutcome::Chose(Choice::Discard)) => {
                self.doc.drop_autosave();
                None
            }
            (Purpose::CopyName { then }, DialogOutcome::Text(text)) => {
                if self.name_the_copy(text.trim(), then.clone()) {
                    self.ask_path(then);
                }
                None
            }
            (Purpose::SaveAs { then }, DialogOutcome::Text(text)) => {
                if text.trim().is_empty() {
                    self.refuse("Save as: type a file name");
                    self.ask_path(then);
                    return None;
                }
                let path = self.doc.resolve(&text);
                let level = self.editor.level().clone();
                let result = self.doc.save_as(&level, &path, false);
                self.after_save(result, then)
            }
            (Purpose::TestResult, DialogOutcome::Chose(Choice::TestAgain)) => self.test_play(),
            (Purpose::Resize { code, shrink }, DialogOutcome::Chose(Choice::Remove)) => {
                self.apply_resize(code, shrink, true);
                None
            }
            _ => None,
        }
    }

    /// Advances the autosave clock by `dt_s`: the work is autosaved (with
    /// its undo history) at most [`AUTOSAVE_S`] after it changed.
    pub(super) fn update_autosave(&mut self, dt_s: f32) {
        for failure in self.doc.failures() {
            self.refuse(failure);
        }
        if self.editor.revision() == self.autosaved_revision {
            self.unsaved_s = None;
            return;
        }
        let t = self.unsaved_s.get_or_insert(0.0);
        *t += dt_s;
        if *t >= AUTOSAVE_S {
            self.autosave();
        }
    }

    /// Autosaves now: the work shown with its undo history, or — back to
    /// what the file holds — no autosave at all.
    pub fn autosave(&mut self) {
        self.unsaved_s = None;
        self.autosaved_revision = self.editor.revision();
        self.doc.autosave(self.editor.history());
        if let Some(slot) = self.doc.slot() {
            log::debug!(
                "autosave of {} at {}",
                self.editor.level().name,
                slot.display()
            );
        }
    }
}
