//! A shipped level saved as a copy, and the par: Save as of a campaign
//! level first asks the copy's display name (prefilled "NAME (copy)", a
//! name already in the editor's list refused), clears the par, which
//! the copy has not proven, and drops the notes' `Solution:` paragraphs
//! (`Level::notes_without_solutions`), saying so on the message line; "Set par from solution" (F8, or the par button
//! in the top bar) writes the fewest turns of the last proven solve into
//! the level, refused with the reason when that solve proved no fewest
//! turns or the level changed since.
use game::edit::op;
use game::equipment::{equip, Loadout};
use game::level::Level;
use render::Rect;

use super::dialog::{Dialog, Purpose};
use super::list::EditorList;
use super::solving::Solving;
use super::tools::Layout;
use super::EditorScreen;

impl EditorScreen {
    /// Asks the name of a shipped level's copy, `typed` filled in.
    pub(super) fn ask_copy_name(&mut self, typed: &str) {
        self.dialog = Some(Dialog::prompt(
            "Save a copy",
            "The copy's name (the shipped level keeps its own; the copy has no par and no Solution: notes)",
            typed,
            Purpose::CopyName,
        ));
    }

    /// The names of the levels in the editor's list (the user's and the
    /// shipped ones), lower-cased.
    fn names_in_list(&self) -> Vec<String> {
        let shipped_dir = self
            .file
            .path
            .as_ref()
            .filter(|_| self.file.shipped)
            .and_then(|p| p.parent())
            .map(std::path::Path::to_path_buf)
            .unwrap_or_default();
        EditorList::new(&shipped_dir)
            .entries
            .iter()
            .filter_map(|e| e.level.as_ref().ok())
            .map(|l| l.name.to_lowercase())
            .collect()
    }

    /// Names the copy `name`, clears its par and drops its `Solution:`
    /// paragraphs (one undo step); `false`, asking again with the reason,
    /// when the name is taken or invalid.
    pub(super) fn name_the_copy(&mut self, name: &str) -> bool {
        if self.names_in_list().contains(&name.to_lowercase()) {
            self.ask_copy_name(name);
            self.refuse(format!(
                "Save a copy: a level named \"{name}\" is already in the list — choose another name"
            ));
            return false;
        }
        let notes = self.editor.level().notes_without_solutions();
        let dropped = notes != self.editor.level().notes;
        let named = self.step("name the copy", "", |l| {
            op::set_name(l, name)?;
            op::set_par(l, None)?;
            op::set_notes(l, &notes)
        });
        if named.is_none() {
            self.ask_copy_name(name);
            return false;
        }
        if dropped {
            self.info(
                "The copy's notes leave out the shipped level's Solution: paragraphs \
                 (Ctrl+Z brings them back)",
            );
        }
        true
    }

    /// F8 or the par button: the proven fewest turns of the last solve
    /// become the level's par.
    pub(super) fn set_par_from_solution(&mut self) {
        let turns = match self.proven_par() {
            Ok(t) => t,
            Err(why) => {
                self.refuse(format!("Can't set par: {why}"));
                return;
            }
        };
        if self.editor.level().par == Some(turns) {
            self.info(format!("Par is already {turns}, as proven"));
            return;
        }
        if self
            .step(&format!("set par to {turns}"), "", |l| {
                game::edit::op::set_par(l, Some(turns))
            })
            .is_some()
        {
            self.info(format!("Par set to {turns} turns, the fewest proven"));
        }
    }

    /// The fewest turns the last solve proved for the level as it stands,
    /// or why there are none.
    pub(super) fn proven_par(&self) -> Result<u32, String> {
        let (report, solved) = match &self.solving {
            Solving::Done { report, level, .. } | Solving::Playing { report, level, .. } => {
                (report, level)
            }
            Solving::Running { .. } => return Err("the solver is still searching".into()),
            Solving::Idle => return Err("solve the level first (F6)".into()),
        };
        let Some(solution) = report.solution.as_ref().filter(|_| report.fewest_turns()) else {
            return Err("the last solve did not prove the fewest turns".into());
        };
        // The solver saw the level equipped as test play starts it; the
        // par itself is no part of what it solved.
        let plain = self.editor.level();
        let mut now = equip(plain, &Loadout::required(plain)).unwrap_or_else(|_| plain.clone());
        now.par = None;
        let mut then: Level = (**solved).clone();
        then.par = None;
        if now != then {
            return Err("the level changed since it was solved (F6 solves it again)".into());
        }
        Ok(solution.turns)
    }

    /// The par button at the top bar's right end, shown while a proven
    /// par differs from the level's.
    pub(super) fn par_button(&self, l: &Layout) -> Option<Rect> {
        let turns = self.proven_par().ok()?;
        if self.editor.level().par == Some(turns) {
            return None;
        }
        let s = l.scale;
        let w = 120.0 * s;
        Some(Rect::new(
            l.top.x + l.top.w - 10.0 * s - w,
            l.top.y + 3.0 * s,
            w,
            (l.top.h - 7.0 * s).max(10.0),
        ))
    }
}
