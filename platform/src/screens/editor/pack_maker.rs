//! Making a level pack from the editor's list: P puts the selected level
//! in the pack (or takes it out), `[` and `]` move it earlier or later in
//! the pack's order, Ctrl+E asks the pack's name and copies the pack's
//! text (`game::campaign::pack_text`) to the clipboard, to paste on the
//! Play screen (Ctrl+V) or send to a player. The text is checked by the
//! same checks as an imported pack before it is copied, so a pack that
//! would be refused (two levels of one name, a level with problems) is
//! refused here, with the reason, and nothing is copied.
use game::campaign::{check_pack_text, pack_text::list_text, write_pack_text, ListHeader};
use game::level::{to_text, Level};

use super::list::EditorList;

impl EditorList {
    /// P: the selected level into the pack, or out of it.
    pub(super) fn toggle_in_pack(&mut self) {
        let Some(i) = self.selected.checked_sub(1) else {
            self.message = Some("Choose a level for the pack (New level is not one)".into());
            return;
        };
        if let Some(at) = self.pack.iter().position(|&p| p == i) {
            self.pack.remove(at);
            self.message = Some(format!("Out of the pack ({} left)", self.pack.len()));
            return;
        }
        match self.entries.get(i).map(|e| &e.level) {
            Some(Ok(_)) => {
                self.pack.push(i);
                self.message = Some(format!(
                    "In the pack as level {} · [ ] reorder · Ctrl+E copies the pack",
                    self.pack.len()
                ));
            }
            Some(Err(e)) => self.message = Some(format!("This level cannot go in a pack: {e}")),
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
        }
    }

    fn list(entries: Vec<Entry>) -> EditorList {
        EditorList {
            entries,
            selected: 0,
            dialog: None::<Dialog>,
            message: None,
            pack: Vec::new(),
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
}
