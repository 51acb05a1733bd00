//! A shipped level saved as a copy, and the par: Save as of a campaign
//! level first asks the copy's display name (prefilled "NAME (copy)", a
//! name already in the editor's list refused, selected so typing replaces
//! it) and drops the notes' `Solution:` paragraphs
//! (`Level::notes_without_solutions`), saying so on the message line. The
//! copy keeps its par only while it holds: the shipped level's, when the
//! rules content (`game::io::save::rules_fingerprint`: all but the name,
//! notes and par) is still the shipped level's; or one set from a proven
//! solve of the level as it stands. Any other par is cleared, and the
//! message line says so. "Set par from solution" (F8, or the par button
//! in the top bar) writes the fewest turns of the last proven solve into
//! the level, refused with the reason when that solve proved no fewest
//! turns or the level's rules changed since.
use game::edit::op;
use game::equipment::{equip, Loadout};
use game::io::save::rules_fingerprint;
use render::Rect;

use super::dialog::{After, Dialog, Purpose};
use super::list::EditorList;
use super::solving::Solving;
use super::tools::Layout;
use super::EditorScreen;

impl EditorScreen {
    /// Asks the name of a shipped level's copy, `typed` filled in.
    pub(super) fn ask_copy_name(&mut self, typed: &str, then: After) {
        self.dialog = Some(Dialog::prompt_selected(
            "Save a copy",
            "The copy's name (the shipped level keeps its own). The copy keeps no \
             Solution: notes, and its par only if it holds for the copy as it stands.",
            typed,
            Purpose::CopyName { then },
        ));
    }

    /// The names of the levels in the editor's list (the user's and the
    /// shipped ones), lower-cased.
    fn names_in_list(&self) -> Vec<String> {
        let shipped_dir = self
            .doc
            .path()
            .filter(|_| self.doc.is_shipped())
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

    /// Names the copy `name`, drops its `Solution:` paragraphs and clears
    /// a par that does not hold for it (one undo step); `false`, asking
    /// again with the reason, when the name is taken or invalid.
    pub(super) fn name_the_copy(&mut self, name: &str, then: After) -> bool {
        if self.names_in_list().contains(&name.to_lowercase()) {
            self.ask_copy_name(name, then);
            self.refuse(format!(
                "Save a copy: a level named \"{name}\" is already in the list — choose another name"
            ));
            return false;
        }
        let notes = self.editor.level().notes_without_solutions();
        let dropped = notes != self.editor.level().notes;
        let par = self.editor.level().par;
        let keep_par = par.is_none() || self.par_holds();
        let named = self.step("name the copy", "", |l| {
            op::set_name(l, name)?;
            if !keep_par {
                op::set_par(l, None)?;
            }
            op::set_notes(l, &notes)
        });
        if named.is_none() {
            self.ask_copy_name(name, then);
            return false;
        }
        let mut said = Vec::new();
        if dropped {
            said.push("its notes leave out the shipped level's Solution: paragraphs".to_string());
        }
        match (par, keep_par) {
            (Some(p), false) => said.push(format!(
                "par {p} cleared: it was the shipped level's, and the copy's rules differ \
                 (F6 solves it, F8 sets the par)"
            )),
            (Some(p), true) => said.push(format!("it keeps par {p}, proven for it")),
            _ => {}
        }
        if !said.is_empty() {
            self.info(format!("The copy: {} (Ctrl+Z undoes it)", said.join("; ")));
        }
        true
    }

    /// Whether the level's par holds for it as it stands: the shipped
    /// level's par on the shipped level's rules, or the fewest turns the
    /// last solve proved for these rules.
    fn par_holds(&self) -> bool {
        let level = self.editor.level();
        let shipped = self.doc.saved().is_some_and(|s| {
            s.par == level.par && rules_fingerprint(s) == rules_fingerprint(level)
        });
        shipped || self.proven_par().ok() == level.par
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
        // The solver saw the level equipped as test play starts it; its
        // name, notes and par are no part of what it solved.
        let plain = self.editor.level();
        let now = equip(plain, &Loadout::required(plain)).unwrap_or_else(|_| plain.clone());
        if rules_fingerprint(&now) != rules_fingerprint(solved) {
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
