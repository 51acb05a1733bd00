//! Leaving, saving and the autosave, with their questions (leave a
//! session whose undo history or solve would be lost, overwrite,
//! save as, the name of a shipped level's copy, recover an autosave,
//! remove what a crop cuts): the dialogs' answers are handled here. A damaged autosave is moved aside
//! (`game::io::file::move_aside`), never deleted.
use game::io::file::move_aside;
use game::level::escaped_path;
use log::{info, warn};

use super::dialog::{Choice, Dialog, DialogOutcome, Purpose};
use super::files::{self, LevelFile};
use super::solving::Solving;
use super::{EditorAction, EditorScreen};
use crate::screens::input::RawInput;

impl EditorScreen {
    /// Offers the autosave at `path` (work never saved) back, if there is
    /// one that differs from the level opened.
    pub fn offer_recovery(&mut self) {
        let Some(path) = self.file.autosave_path().filter(|p| p.is_file()) else {
            return;
        };
        match files::read_autosave(&path) {
            Ok(level) if &level != self.editor.level() => {
                self.dialog = Some(Dialog::choice(
                    "Recover unsaved work?",
                    &format!(
                        "An autosave of \"{}\" holds changes that were never saved.",
                        level.name
                    ),
                    &[Choice::Recover, Choice::Discard],
                    Purpose::Recover(Box::new(level)),
                ));
            }
            Ok(_) => {
                let _ = std::fs::remove_file(&path);
            }
            Err(e) => {
                // Never deleted: moved aside, and the editor goes on.
                match move_aside(&path, "damaged") {
                    Ok(aside) => {
                        self.refuse(format!("{e} (moved aside to {})", escaped_path(&aside)))
                    }
                    Err(io) => self.refuse(format!("{e} (left in place: {io})")),
                }
            }
        }
    }

    /// Leaving (`then`: Leave or Quit): asks first when there are unsaved
    /// changes.
    pub fn leave(&mut self, then: EditorAction) -> Option<EditorAction> {
        self.end_drag();
        if !self.editor.is_dirty() {
            // Back where the file is (recovered work undone, say): an
            // autosave left on disk would only ask again next time. (An
            // untitled level's autosave may hold other untitled work.)
            if self.file.path.is_some() {
                self.drop_autosave();
            }
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
        if self.editor.is_dirty() || lost.is_empty() {
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

    pub(super) fn save(&mut self) {
        if self.file.path.is_none() || self.file.shipped {
            self.save_as();
            return;
        }
        if self.file.changed_on_disk() {
            self.dialog = Some(Dialog::choice(
                "The file changed on disk",
                "Someone else changed the file since it was opened. Overwrite it?",
                &[Choice::Overwrite, Choice::Cancel],
                Purpose::Overwrite,
            ));
            return;
        }
        self.write_file();
    }

    pub(super) fn write_file(&mut self) {
        self.end_drag();
        let problems = self.editor.problems().len();
        match self.file.save(self.editor.level()) {
            Ok(path) => {
                self.editor.mark_saved();
                self.changed();
                self.autosaved_revision = self.editor.revision();
                if problems > 0 {
                    self.refuse(format!(
                        "Saved {} with {problems} problem(s): it cannot be played until they are fixed",
                        escaped_path(&path)
                    ));
                } else {
                    self.info(format!("Saved {}", escaped_path(&path)));
                }
            }
            // The level stays in the editor, unsaved; the old file is whole.
            Err(e) => self.refuse(format!("Not saved: {e}")),
        }
    }

    /// Save as: a shipped level is named as a copy first
    /// (`copy_name`), then the file is asked for.
    pub(super) fn save_as(&mut self) {
        if self.file.shipped {
            self.ask_copy_name(&format!("{} (copy)", self.editor.level().name));
            return;
        }
        self.ask_path();
    }

    fn ask_path(&mut self) {
        let suggested = files::suggest_path(&self.editor.level().name)
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| files::file_name_for(&self.editor.level().name));
        self.dialog = Some(Dialog::prompt(
            "Save as",
            "File (a .txt path; your levels folder is suggested)",
            &suggested,
            Purpose::SaveAs,
        ));
    }

    pub(super) fn handle_dialog(&mut self, input: RawInput) -> Option<EditorAction> {
        let dialog = self.dialog.as_mut()?;
        let outcome = dialog.handle(input, self.size_px)?;
        let dialog = self.dialog.take()?;
        match (dialog.purpose, outcome) {
            (_, DialogOutcome::Cancelled) | (_, DialogOutcome::Chose(Choice::Cancel)) => None,
            (Purpose::Leave(then), DialogOutcome::Chose(Choice::Save)) => {
                self.save();
                if self.editor.is_dirty() {
                    // Not saved (refused, or Save as asked first): stay.
                    None
                } else {
                    Some(*then)
                }
            }
            (Purpose::Leave(then), DialogOutcome::Chose(Choice::Discard)) => {
                self.drop_autosave();
                Some(*then)
            }
            (Purpose::LeaveSession, DialogOutcome::Chose(Choice::Leave)) => {
                self.leave(EditorAction::Leave)
            }
            (Purpose::Overwrite, DialogOutcome::Chose(Choice::Overwrite)) => {
                self.write_file();
                None
            }
            (Purpose::Recover(level), DialogOutcome::Chose(Choice::Recover)) => {
                let level = *level;
                self.step("recover the autosave", "", |l| {
                    *l = level;
                    Ok(())
                });
                self.info("Recovered the autosave (Ctrl+Z undoes it)");
                None
            }
            (Purpose::Recover(_), DialogOutcome::Chose(Choice::Discard)) => {
                self.drop_autosave();
                None
            }
            (Purpose::CopyName, DialogOutcome::Text(text)) => {
                if self.name_the_copy(text.trim()) {
                    self.ask_path();
                }
                None
            }
            (Purpose::SaveAs, DialogOutcome::Text(text)) => {
                let path = std::path::PathBuf::from(text.trim());
                if game::level::Format::of(&path) != Some(game::level::Format::Text) {
                    self.refuse("Save as: the name must end in .txt");
                    return None;
                }
                self.file = LevelFile::at(&path, false);
                if path.exists() {
                    self.dialog = Some(Dialog::choice(
                        "The file exists",
                        &format!("{} exists. Overwrite it?", escaped_path(&path)),
                        &[Choice::Overwrite, Choice::Cancel],
                        Purpose::Overwrite,
                    ));
                    return None;
                }
                self.write_file();
                None
            }
            (Purpose::Resize { code, shrink }, DialogOutcome::Chose(Choice::Remove)) => {
                self.apply_resize(code, shrink, true);
                None
            }
            _ => None,
        }
    }

    /// Removes this level's autosave: its work was discarded, or the level
    /// is back to what its file holds.
    fn drop_autosave(&mut self) {
        if let Some(p) = self.file.autosave_path().filter(|p| p.is_file()) {
            if let Err(e) = std::fs::remove_file(&p) {
                warn!("cannot remove the autosave {}: {e}", p.display());
            }
        }
    }

    /// Writes the autosave now (if there are unsaved changes).
    pub fn autosave(&mut self) {
        if !self.editor.is_dirty() {
            return;
        }
        self.unsaved_s = Some(0.0);
        self.autosaved_revision = self.editor.revision();
        let Some(path) = self.file.autosave_path() else {
            return;
        };
        match files::write_autosave(&path, self.editor.level()) {
            Ok(()) => info!("autosaved to {}", path.display()),
            Err(e) => {
                warn!("autosave failed: {e}");
                self.refuse(format!("Autosave failed: {e}"));
            }
        }
    }
}
