//! Making a level pack from the editor's list: P puts the selected level
//! in the pack (or takes it out), `[` and `]` move it earlier or later in
//! the pack's order, Ctrl+E asks the pack's name and copies the pack's
//! text (`game::campaign::pack_text`) to the clipboard, to paste on the
//! Play screen (Ctrl+V) or send to a player. The text is checked by the
//! same checks as an imported pack before it is copied, so a pack that
//! would be refused (two levels of one name, a level with problems) is
//! refused here, with the reason, and nothing is copied. Levels go in as
//! saved: notes with `Solution:` paragraphs travel too (players are not
//! shown them, but can read the text), and the list says how many do.
//!
//! The choice is kept in `<data>/editor_pack.txt` (the levels' file paths
//! in the pack's order, written atomically on every change), so it
//! outlives leaving the list and quitting the game. A chosen level whose
//! file has gone is left out when the list opens, and the list says so.
use std::path::PathBuf;

use game::campaign::{check_pack_text, pack_text::list_text, write_pack_text, ListHeader};
use game::level::{to_text, Level};

use super::list::EditorList;

/// The file in the data folder that keeps the pack being made.
pub const PACK_FILE: &str = "editor_pack.txt";

const PACK_FILE_HEAD: &str =
    "# The levels chosen on the editor's list for a pack, in order: one file a line.";

impl EditorList {
    /// Reads the pack being made from [`Self::pack_file`]: each path that
    /// is one of the list's entries, in order; the rest are counted and
    /// said on the message line.
    pub(super) fn load_pack(&mut self) {
        let Some(path) = &self.pack_file else {
            return;
        };
        let text = match game::io::file::read_capped(path, 1 << 20) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
            Err(e) => {
                self.message = Some(format!("The pack being made could not be read: {e}"));
                return;
            }
        };
        let mut gone = 0;
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let chosen = PathBuf::from(line);
            match self.entries.iter().position(|e| e.path == chosen) {
                Some(i) if !self.pack.contains(&i) => self.pack.push(i),
                Some(_) => {}
                None => gone += 1,
            }
        }
        if gone > 0 {
            self.message = Some(format!(
                "{gone} level{} of the pack being made {} no longer in the list",
                if gone == 1 { "" } else { "s" },
                if gone == 1 { "is" } else { "are" },
            ));
        }
    }

    /// Writes the pack being made to [`Self::pack_file`]; a failure is
    /// said on the message line (the choice stays for this session).
    fn keep_pack(&mut self) {
        let Some(path) = &self.pack_file else {
            return;
        };
        let mut text = format!("{PACK_FILE_HEAD}\n");
        for e in self.pack.iter().filter_map(|&i| self.entries.get(i)) {
            text.push_str(&e.path.to_string_lossy());
            text.push('\n');
        }
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| game::io::file::write_atomic(path, text.as_bytes()));
        if let Err(e) = written {
            self.message = Some(format!(
                "The pack being made is kept only until the game quits: {e}"
            ));
        }
    }

    /// P: the selected level into the pack, or out of it.
    pub(super) fn toggle_in_pack(&mut self) {
        let Some(i) = self.selected.checked_sub(1) else {
            self.message = Some("Choose a level for the pack (New level is not one)".into());
            return;
        };
        if let Some(at) = self.pack.iter().position(|&p| p == i) {
            self.pack.remove(at);
            self.message = Some(format!("Out of the pack ({} left)", self.pack.len()));
            self.keep_pack();
            return;
        }
        match self.entries.get(i).map(|e| (&e.level, e.unsaved)) {
            Some((_, true)) => {
                self.message =
                    Some("Unsaved work cannot go in a pack: open it and save it first".into());
            }
            Some((Ok(_), false)) => {
                self.pack.push(i);
                self.message = Some(format!(
                    "In the pack as level {} · [ ] reorder · Ctrl+E copies the pack",
                    self.pack.len()
                ));
                self.keep_pack();
            }
            Some((Err(e), false)) => {
                self.message = Some(format!("This level cannot go in a pack: {e}"))
            }
            None => {}
        }
    }

    /// `[` (`later` false) or `]`: the selected level one place earlier
    /// or later in the pack.
    pub(super) fn move_in_pack(&mut self, later: bool) {
        let Some(i) = self.selected.checked_sub(1) else {
            return;
        };
        let Some(at) = self.pack.iter().position(|&p| p == i) else {
            self.message = Some("This level is not in the pack (P puts it in)".into());
            return;
        };
        let to = if later { at + 1 } else { at.wrapping_sub(1) };
        if to < self.pack.len() {
            self.pack.swap(at, to);
            self.message = Some(format!("Level {} of the pack", to + 1));
            self.keep_pack();
        }
    }

    /// After "Copied the pack": how many of its levels keep `Solution:`
    /// paragraphs in their notes, or nothing when none do.
    pub(super) fn pack_solutions_note(&self) -> String {
        let n = self
            .pack
            .iter()
            .filter_map(|&i| self.entries.get(i)?.level.as_ref().ok())
            .filter(|l| l.notes_without_solutions() != l.notes)
            .count();
        match n {
            0 => String::new(),
            1 => " · 1 level keeps Solution: notes (not shown to players, but in its text)".into(),
            n => format!(
                " · {n} levels keep Solution: notes (not shown to players, but in their text)"
            ),
        }
    }

    /// The pack's place of entry `i` (from 1), if it is in the pack.
    pub fn pack_place(&self, i: usize) -> Option<usize> {
        self.pack.iter().position(|&p| p == i).map(|at| at + 1)
    }

    /// The pack's text under `name`, checked; why not, said as a sentence.
    pub(super) fn pack_text(&self, name: &str) -> Result<String, String> {
        let mut levels: Vec<(String, String)> = Vec::new();
        for &i in &self.pack {
            let Some(e) = self.entries.get(i) else {
                continue;
            };
            let Ok(level) = &e.level else { continue };
            let file = file_name(&e.path, level);
            levels.push((file, to_text(level)));
        }
        if levels.is_empty() {
            return Err("The pack is empty: P puts the selected level in it".into());
        }
        let header = ListHeader {
            name: name.trim().to_string(),
            ..ListHeader::default()
        };
        let text = write_pack_text(&list_text(&header, &levels), &levels)
            .map_err(|e| format!("The pack was not copied: {e}"))?;
        match check_pack_text(&text, "pack") {
            Ok(_) => Ok(text),
            Err(problems) => Err(format!(
                "The pack was not copied: {}",
                problems
                    .first()
                    .map(ToString::to_string)
                    .unwrap_or_default()
            )),
        }
    }
}

/// The file name a level has in a pack: its own file's, else one made of
/// its name.
fn file_name(path: &std::path::Path, level: &Level) -> String {
    match path.file_name().map(|n| n.to_string_lossy().into_owned()) {
        Some(n) if n.ends_with(".txt") => n,
        _ => format!(
            "{}.txt",
            game::campaign::pack_text::folder_name(&level.name)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::dialog::Dialog;
    use super::super::list::{Entry, ListAction};
    use super::*;
    use crate::screens::input::{Chord, RawInput};
    use sdl2::keyboard::Keycode;
    use std::path::{Path, PathBuf};

    const SIZE: (u32, u32) = (1280, 720);

    fn shipped(file: &str) -> Entry {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../levels")
            .join(file);
        Entry {
            level: game::level::load_file(&path).map_err(|e| e.to_string()),
            path,
            shipped: true,
            unsaved: false,
        }
    }

    fn list(entries: Vec<Entry>) -> EditorList {
        EditorList {
            entries,
            selected: 0,
            dialog: None::<Dialog>,
            message: None,
            pack: Vec::new(),
            pack_file: None,
        }
    }

    fn chord(l: &mut EditorList, name: &str) -> Option<ListAction> {
        l.handle(RawInput::Chord(Chord::parse(name).expect(name)), SIZE)
    }

    fn type_text(l: &mut EditorList, text: &str) -> Option<ListAction> {
        for c in text.chars() {
            l.handle(RawInput::Text(c), SIZE);
        }
        l.handle(RawInput::Chord(Chord::plain(Keycode::Return)), SIZE)
    }

    #[test]
    fn chosen_levels_reordered_are_copied_as_a_packs_text() {
        let mut l = list(vec![
            shipped("loop_back.txt"),
            shipped("rope_descent.txt"),
            shipped("the_well.txt"),
        ]);
        // Choose the well, then the loop-back room; move the room first.
        l.selected = 3;
        chord(&mut l, "p");
        l.selected = 1;
        chord(&mut l, "p");
        assert_eq!(l.pack_place(0), Some(2));
        chord(&mut l, "[");
        chord(&mut l, "]");
        chord(&mut l, "[");
        assert_eq!((l.pack_place(0), l.pack_place(2)), (Some(1), Some(2)));
        assert_eq!(l.pack_place(1), None, "not chosen");
        // Ctrl+E asks the name, then copies the text.
        assert_eq!(chord(&mut l, "ctrl+e"), None);
        assert!(l.dialog.is_some(), "the name is asked");
        let name_field = l.dialog.as_ref().map(|d| d.title.clone());
        assert_eq!(name_field.as_deref(), Some("Copy the pack"));
        // The prompt starts with a name to replace: clear it first.
        for _ in 0..40 {
            l.handle(RawInput::Chord(Chord::plain(Keycode::Backspace)), SIZE);
        }
        let Some(ListAction::CopyText(text)) = type_text(&mut l, "Deep ends") else {
            panic!("copied: {:?}", l.message);
        };
        let (_, (header, levels)) = check_pack_text(&text, "x").expect("a good pack");
        assert_eq!(header.name, "Deep ends");
        let files: Vec<&str> = levels.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(files, ["loop_back.txt", "the_well.txt"]);
        assert!(l
            .message
            .as_deref()
            .unwrap_or_default()
            .contains("Copied the pack 'Deep ends'"));
    }

    #[test]
    fn a_pack_with_two_levels_of_one_name_is_not_copied_and_says_why() {
        // A shipped level and the user's copy of it under the same name.
        let mut copy = shipped("loop_back.txt");
        copy.path = PathBuf::from("/somewhere/my_loop.txt");
        copy.shipped = false;
        let mut l = list(vec![shipped("loop_back.txt"), copy]);
        l.selected = 1;
        chord(&mut l, "p");
        l.selected = 2;
        chord(&mut l, "p");
        chord(&mut l, "ctrl+e");
        assert_eq!(type_text(&mut l, "x"), None, "nothing copied");
        let said = l.message.clone().unwrap_or_default();
        assert!(
            said.starts_with("The pack was not copied: pack text: pack.txt:3:1: 'my_loop.txt' is called 'Loop-back room' like 'loop_back.txt'"),
            "{said}"
        );
        // An empty pack says how to fill it.
        let mut empty = list(vec![shipped("loop_back.txt")]);
        chord(&mut empty, "ctrl+e");
        assert!(empty.dialog.is_none());
        assert!(empty
            .message
            .as_deref()
            .unwrap_or_default()
            .contains("P puts"));
    }

    #[test]
    fn the_pack_being_made_is_kept_for_the_next_list_and_a_gone_level_is_said() {
        let dir = std::env::temp_dir().join(format!("rappel-pack-maker-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let kept = dir.join("data").join(PACK_FILE);
        let entries = || {
            vec![
                shipped("loop_back.txt"),
                shipped("rope_descent.txt"),
                shipped("the_well.txt"),
            ]
        };
        let mut l = list(entries());
        l.pack_file = Some(kept.clone());
        l.selected = 3;
        chord(&mut l, "p");
        l.selected = 1;
        chord(&mut l, "p");
        chord(&mut l, "[");
        assert_eq!((l.pack_place(0), l.pack_place(2)), (Some(1), Some(2)));
        assert!(kept.is_file(), "written to the data folder");
        // The next list (after an edit, or the next run) has it back.
        let mut again = list(entries());
        again.pack_file = Some(kept.clone());
        again.load_pack();
        assert_eq!(again.pack, l.pack);
        assert_eq!(again.message, None);
        // A chosen level gone from the list: the rest kept, and it is said.
        let mut fewer = list(vec![shipped("loop_back.txt"), shipped("rope_descent.txt")]);
        fewer.pack_file = Some(kept.clone());
        fewer.load_pack();
        assert_eq!(fewer.pack, vec![0]);
        let said = fewer.message.clone().unwrap_or_default();
        assert!(
            said.contains("1 level of the pack being made is no longer in the list"),
            "{said}"
        );
        // Taken out: kept out.
        l.selected = 1;
        chord(&mut l, "p");
        let mut after = list(entries());
        after.pack_file = Some(kept);
        after.load_pack();
        assert_eq!(after.pack, vec![2]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_pack_keeps_its_levels_solution_notes_and_says_so_when_copied() {
        // Heavy haul's notes hold a Solution: paragraph; the loop-back
        // room's are made not to.
        let mut l = list(vec![shipped("loop_back.txt"), shipped("heavy_haul.txt")]);
        if let Ok(level) = &mut l.entries[0].level {
            level.notes = level.notes_without_solutions();
        }
        let with = |l: &EditorList, i: usize| {
            let level = l.entries[i].level.as_ref().expect("loads");
            level.notes_without_solutions() != level.notes
        };
        assert!(!with(&l, 0) && with(&l, 1));
        for i in [1, 2] {
            l.selected = i;
            chord(&mut l, "p");
        }
        chord(&mut l, "ctrl+e");
        let Some(ListAction::CopyText(text)) = type_text(&mut l, "") else {
            panic!("copied: {:?}", l.message);
        };
        assert!(text.contains("Solution:"), "the notes travel as saved");
        let said = l.message.clone().unwrap_or_default();
        assert!(
            said.ends_with("1 level keeps Solution: notes (not shown to players, but in its text)"),
            "{said}"
        );
    }
}
