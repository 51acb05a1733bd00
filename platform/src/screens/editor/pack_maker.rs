//! Making a level pack from the editor's list: P puts the selected level
//! in the pack (or takes it out), `[` and `]` move it earlier or later in
//! the pack's order — the panel beside the list shows the pack in its
//! order, the moved level marked, and the message line says its new place
//! and its neighbours. Ctrl+E asks the pack's name, then its author, then
//! its description (one prompt after another, each prefilled with what the
//! last copy used; Esc at any of them copies nothing), and copies the
//! pack's text (`game::campaign::pack_text`) to the clipboard, to paste on
//! the Play screen (Ctrl+V) or send to a player. The text is checked by the
//! same checks as an imported pack before it is copied, so a pack that
//! would be refused (two levels of one name, a level with problems) is
//! refused here, with the reason, and nothing is copied. Levels go in as
//! saved: notes with `Solution:` paragraphs travel too (players are not
//! shown them, but can read the text), and the list says how many do. A
//! level whose notes tell players nothing (`Level::intro` is empty: its
//! intro card would show only its goal) is named in the prompts and on the
//! message line after the copy; the pack is still copied.
//!
//! The choice is kept in `<data>/editor_pack.txt` (the name, author and
//! description last copied as `pack.txt`'s header lines, then the levels'
//! file paths in the pack's order; written atomically on every change), so
//! it outlives leaving the list and quitting the game. A chosen level whose
//! file has gone is left out when the list opens, and the list says so.
use std::path::PathBuf;

use game::campaign::order::HEADER_VALUE_MAX;
use game::campaign::{check_pack_text, pack_text::list_text, write_pack_text, ListHeader};
use game::level::{to_text, Level};
use glam::Vec2;
use render::{DrawList, Font, Rect, TextStyle, WHITE};

use super::dialog::{Dialog, DialogOutcome, Purpose};
use super::list::{EditorList, ListAction};
use super::panels::fit_text;
use crate::screens::play::camera::ui_scale;
use crate::screens::theme::{GOLD, ITEM_STYLE, SUB_TEXT, TEXT_SELECTION};

/// The file in the data folder that keeps the pack being made.
pub const PACK_FILE: &str = "editor_pack.txt";

const PACK_FILE_HEAD: &str = "# The pack being made on the editor's list: the name, author and \
     description last copied, then its levels in order, one file a line.";

/// The name a pack is first offered.
const FIRST_NAME: &str = "My levels";

/// A field of the pack's header, asked by Ctrl+E in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackField {
    Name,
    Author,
    Description,
}

impl PackField {
    const ALL: [PackField; 3] = [PackField::Name, PackField::Author, PackField::Description];

    /// Its key in `pack.txt`.
    fn key(self) -> &'static str {
        match self {
            PackField::Name => "name",
            PackField::Author => "author",
            PackField::Description => "description",
        }
    }

    /// The line above the prompt's field.
    fn label(self) -> &'static str {
        match self {
            PackField::Name => "The pack's name, shown on the Play screen",
            PackField::Author => "Its author, shown after \"by\" (may be left empty)",
            PackField::Description => "One line about it, shown under its name (may be left empty)",
        }
    }

    fn slot(self, header: &mut ListHeader) -> &mut String {
        match self {
            PackField::Name => &mut header.name,
            PackField::Author => &mut header.author,
            PackField::Description => &mut header.description,
        }
    }

    fn next(self) -> Option<PackField> {
        let at = PackField::ALL.iter().position(|&f| f == self)?;
        PackField::ALL.get(at + 1).copied()
    }

    /// Why `value` (trimmed) cannot be this field, as a sentence.
    fn problem(self, value: &str) -> Option<String> {
        let n = value.chars().count();
        if self == PackField::Name && n == 0 {
            Some("A pack needs a name: type one, or Esc to copy nothing".into())
        } else if n > HEADER_VALUE_MAX {
            Some(format!(
                "At most {HEADER_VALUE_MAX} characters: this is {n}"
            ))
        } else if value.chars().any(char::is_control) {
            Some("Only printable characters, please".into())
        } else {
            None
        }
    }
}

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
        'lines: for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            for field in PackField::ALL {
                if let Some(value) = line.strip_prefix(&format!("{} = ", field.key())) {
                    *field.slot(&mut self.pack_header) = value.to_string();
                    continue 'lines;
                }
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
        // The header as `pack.txt` writes it (what the last copy used).
        text.push_str(&list_text(&self.pack_header, &[]));
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
    /// or later in the pack; the message line says its new place between
    /// which levels, or that it is already first (last).
    pub(super) fn move_in_pack(&mut self, later: bool) {
        let Some(i) = self.selected.checked_sub(1) else {
            return;
        };
        let Some(at) = self.pack.iter().position(|&p| p == i) else {
            self.message = Some("This level is not in the pack (P puts it in)".into());
            return;
        };
        let n = self.pack.len();
        let name = self.pack_name(at);
        let to = if later { at + 1 } else { at.wrapping_sub(1) };
        if to >= n {
            self.message = Some(match (n, later) {
                (1, _) => format!("'{name}' is the pack's only level: P puts more in"),
                (_, false) => format!(
                    "'{name}' is already level 1 of {n}, the pack's first (] moves it later)"
                ),
                (_, true) => format!(
                    "'{name}' is already level {n} of {n}, the pack's last ([ moves it earlier)"
                ),
            });
            return;
        }
        self.pack.swap(at, to);
        let neighbours = match (to.checked_sub(1), to + 1 < n) {
            (None, _) => format!("before '{}'", self.pack_name(to + 1)),
            (Some(b), false) => format!("after '{}'", self.pack_name(b)),
            (Some(b), true) => format!(
                "between '{}' and '{}'",
                self.pack_name(b),
                self.pack_name(to + 1)
            ),
        };
        self.message = Some(format!(
            "'{name}' moved {}: now level {} of {n} in the pack, {neighbours}",
            if later { "later" } else { "earlier" },
            to + 1
        ));
        self.keep_pack();
    }

    /// The name of the pack's level at place `at` (from 0), as the list
    /// shows it.
    fn pack_name(&self, at: usize) -> String {
        self.pack
            .get(at)
            .and_then(|&i| self.entries.get(i))
            .map(|e| match &e.level {
                Ok(l) => l.name.clone(),
                Err(_) => e.path.to_string_lossy().into_owned(),
            })
            .unwrap_or_default()
    }

    /// The pack in its order, as the panel beside the list shows it: each
    /// level's name, and whether it is the selected one.
    pub fn pack_rows(&self) -> Vec<(String, bool)> {
        (0..self.pack.len())
            .map(|at| (self.pack_name(at), self.selected == self.pack[at] + 1))
            .collect()
    }

    /// Ctrl+E: asks the pack's fields one after another (the module docs),
    /// starting with its name; an empty pack says how to fill it.
    pub(super) fn ask_pack_header(&mut self) {
        if self.pack.is_empty() {
            self.message = Some("The pack is empty: P puts the selected level in it".into());
            return;
        }
        let mut header = self.pack_header.clone();
        if header.name.is_empty() {
            header.name = FIRST_NAME.into();
        }
        self.ask_pack_field(header, PackField::Name, None);
    }

    /// The prompt for `asking`, holding its value in `header` (selected:
    /// typing replaces it), or, with `why` it was refused, that value to
    /// edit and why on its message line.
    fn ask_pack_field(&mut self, mut header: ListHeader, asking: PackField, why: Option<String>) {
        let step = PackField::ALL
            .iter()
            .position(|&f| f == asking)
            .unwrap_or(0)
            + 1;
        let title = format!("Copy the pack · {step} of {}", PackField::ALL.len());
        let typed = asking.slot(&mut header).clone();
        let purpose = Purpose::PackHeader { header, asking };
        let mut d = match why {
            Some(_) => Dialog::prompt(&title, asking.label(), &typed, purpose),
            None => Dialog::prompt_selected(&title, asking.label(), &typed, purpose),
        };
        d.message = why.unwrap_or_else(|| {
            let missing = self.levels_without_notes();
            match missing.is_empty() {
                true => String::new(),
                false => format!(
                    "{} · Esc, open it and fill the inspector's Notes; or go on to copy it so",
                    no_notes_words(&missing)
                ),
            }
        });
        self.dialog = Some(d);
    }

    /// One of Ctrl+E's prompts answered: the next one asked, or the pack
    /// copied after the last; Esc copies nothing.
    pub(super) fn pack_field_given(
        &mut self,
        mut header: ListHeader,
        asking: PackField,
        outcome: DialogOutcome,
    ) -> Option<ListAction> {
        let DialogOutcome::Text(typed) = outcome else {
            self.message = Some("Nothing copied (Esc): Ctrl+E starts again".into());
            return None;
        };
        *asking.slot(&mut header) = typed.trim().to_string();
        if let Some(why) = asking.problem(asking.slot(&mut header)) {
            self.ask_pack_field(header, asking, Some(why));
            return None;
        }
        if let Some(next) = asking.next() {
            self.ask_pack_field(header, next, None);
            return None;
        }
        let text = match self.pack_text(&header) {
            Ok(text) => text,
            Err(why) => {
                self.message = Some(why);
                return None;
            }
        };
        let n = self.pack.len();
        let missing = self.levels_without_notes();
        self.message = Some(format!(
            "Copied the pack '{}' ({n} level{}): Ctrl+V on the Play screen imports it{}{}",
            header.name,
            if n == 1 { "" } else { "s" },
            self.pack_solutions_note(),
            match missing.is_empty() {
                true => String::new(),
                false => format!(" · {}", no_notes_words(&missing)),
            }
        ));
        // The next copy offers what this one used.
        self.pack_header = header;
        self.keep_pack();
        Some(ListAction::CopyText(text))
    }

    /// The names of the pack's levels whose notes tell players nothing,
    /// in the pack's order.
    fn levels_without_notes(&self) -> Vec<String> {
        self.pack
            .iter()
            .filter_map(|&i| self.entries.get(i)?.level.as_ref().ok())
            .filter(|l| l.intro().is_empty())
            .map(|l| l.name.clone())
            .collect()
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

    /// The pack's text under `header`, checked; why not, said as a sentence.
    pub(super) fn pack_text(&self, header: &ListHeader) -> Result<String, String> {
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
        let text = write_pack_text(&list_text(header, &levels), &levels)
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

/// "2 levels have no notes, so their intro card is empty: 'A', 'B'".
fn no_notes_words(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match names.len() {
        1 => format!(
            "1 level has no notes, so its intro card is empty: {}",
            quoted.join(", ")
        ),
        n => format!(
            "{n} levels have no notes, so their intro card is empty: {}",
            quoted.join(", ")
        ),
    }
}

/// Draws the pack being made beside the list's rows (`rows_right`: their
/// right edge): its levels in its order, the selected one marked, and the
/// keys that change it. Nothing while the pack is empty.
pub(super) fn draw_pack_panel(
    l: &EditorList,
    list: &mut DrawList,
    font: &mut Font,
    size_px: (u32, u32),
    rows_right: f32,
) {
    let rows = l.pack_rows();
    if rows.is_empty() {
        return;
    }
    let s = ui_scale(size_px);
    let x = rows_right + 14.0 * s;
    let w = size_px.0 as f32 - x - 10.0 * s;
    let line = 22.0 * s;
    let top = 90.0 * s;
    // As many rows as fit above the message line, the selected level's
    // among them; the rest counted.
    let room = ((size_px.1 as f32 - top - 110.0 * s) / line)
        .floor()
        .max(1.0) as usize;
    let shown = rows.len().min(room);
    let first = rows
        .iter()
        .position(|(_, selected)| *selected)
        .map_or(0, |at| (at + 1).saturating_sub(shown));
    let h = 34.0 * s + shown as f32 * line + 44.0 * s;
    list.panel(Rect::new(x, top, w, h), &ITEM_STYLE);
    let inner = w - 20.0 * s;
    let head = TextStyle::new(15.0 * s, GOLD);
    let title = format!(
        "The pack · {} level{}",
        rows.len(),
        if rows.len() == 1 { "" } else { "s" }
    );
    let title = fit_text(font, &title, &head, inner);
    list.text(font, Vec2::new(x + 10.0 * s, top + 8.0 * s), &title, &head);
    for (row, (name, selected)) in rows.iter().skip(first).take(shown).enumerate() {
        let at = first + row;
        let y = top + 34.0 * s + row as f32 * line;
        let style = if *selected {
            list.quad(
                Rect::new(x + 4.0 * s, y - 1.0 * s, w - 8.0 * s, line - 2.0 * s),
                TEXT_SELECTION,
            );
            TextStyle::new(14.0 * s, WHITE)
        } else {
            TextStyle::new(14.0 * s, SUB_TEXT)
        };
        let text = fit_text(font, &format!("{}. {name}", at + 1), &style, inner);
        list.text(font, Vec2::new(x + 10.0 * s, y + 2.0 * s), &text, &style);
    }
    let foot = TextStyle::new(12.0 * s, SUB_TEXT);
    let more = match rows.len() - shown {
        0 => "[ ] move the selected level".to_string(),
        n => format!("and {n} more · [ ] move"),
    };
    let more = fit_text(font, &more, &foot, inner);
    let below = top + 34.0 * s + shown as f32 * line + 12.0 * s;
    list.text(font, Vec2::new(x + 10.0 * s, below), &more, &foot);
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
