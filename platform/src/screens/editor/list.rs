//! The title's Editor entry: "New level", unsaved work of untitled levels
//! (their autosaves, `document::unsaved_work`: a crash or a kill before
//! the first save), the user's own levels (`<data>/levels/`) and the
//! shipped ones, each with a thumbnail of its grid
//! (`screens/thumbnail.rs`). Up/Down and Enter (or a click) open one;
//! Esc goes back; pasting a level's text (Ctrl+V) opens it as a new level
//! — sharing a level is sending its text. P, `[`, `]` and Ctrl+E make a
//! level pack of chosen levels and copy its text (`pack_maker.rs`).
use std::path::{Path, PathBuf};

use crate::screens::input::Code;
use game::campaign::ListHeader;
use game::grid::Grid;
use game::level::Level;
use glam::Vec2;
use render::{DrawList, Font, Rect, TextStyle, WHITE};

use super::dialog::{Dialog, DialogOutcome, Purpose};
use super::document::{unsaved_work, Opening};
use super::files;
use crate::screens::input::{Button, Input, Key, Keymap, RawInput};
use crate::screens::play::camera::ui_scale;
use crate::screens::theme::{
    GOLD, ITEM_STYLE, NOTICE_TEXT, SELECTED_STYLE, SUB_TEXT, THUMB_BACKGROUND,
};

/// One level that can be opened.
#[derive(Clone, Debug)]
pub struct Entry {
    pub path: PathBuf,
    /// From the shipped levels (saved as a copy).
    pub shipped: bool,
    /// An untitled level's autosave (`path`): work never saved.
    pub unsaved: bool,
    /// The level, or why it cannot be opened.
    pub level: Result<Level, String>,
}

/// What the list asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum ListAction {
    /// Edit this level, opened as this.
    Open(Box<Level>, Opening),
    /// Read the system clipboard and give it to [`EditorList::paste_text`].
    ReadClipboard,
    /// Put this text (a pack's) on the system clipboard.
    CopyText(String),
    Back,
}

/// The list (see the module docs).
pub struct EditorList {
    pub entries: Vec<Entry>,
    /// 0 is "New level", then the entries.
    pub selected: usize,
    pub dialog: Option<Dialog>,
    pub message: Option<String>,
    /// The levels chosen for a pack, as indices into `entries`, in the
    /// pack's order; empty: none.
    pub pack: Vec<usize>,
    /// Where the choice is kept between sessions (`pack_maker.rs`);
    /// `None`: not kept.
    pub pack_file: Option<PathBuf>,
    /// The pack's name, author and description the last copy used (kept
    /// with the choice), offered by the next Ctrl+E.
    pub pack_header: ListHeader,
}

fn level_files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    p.extension().is_some_and(|e| e == "txt")
                        && p.file_name()
                            .is_some_and(|n| n != "campaign.txt" && n != "README.md")
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

impl EditorList {
    /// The user's levels, then those of `shipped_dir`.
    pub fn new(shipped_dir: &Path) -> EditorList {
        let mut entries = Vec::new();
        if let Some(dir) = files::autosave_dir() {
            for (path, level) in unsaved_work(&dir) {
                entries.push(Entry {
                    path,
                    shipped: false,
                    unsaved: true,
                    level,
                });
            }
        }
        let user = files::user_levels_dir();
        for (dir, shipped) in [(user, false), (Some(shipped_dir.to_path_buf()), true)] {
            let Some(dir) = dir else { continue };
            for path in level_files(&dir) {
                let level = files::open(&path)
                    .map(|(l, _)| l)
                    .map_err(|e| e.to_string());
                entries.push(Entry {
                    path,
                    shipped,
                    unsaved: false,
                    level,
                });
            }
        }
        let mut list = EditorList::of(entries);
        list.pack_file = crate::progress::data_dir().map(|d| d.join(super::pack_maker::PACK_FILE));
        list.load_pack();
        list
    }

    /// A list of these entries, "New level" selected, no pack chosen and
    /// none kept.
    pub fn of(entries: Vec<Entry>) -> EditorList {
        EditorList {
            entries,
            selected: 0,
            dialog: None,
            message: None,
            pack: Vec::new(),
            pack_file: None,
            pack_header: ListHeader::default(),
        }
    }

    fn rows(&self, size_px: (u32, u32)) -> Vec<Rect> {
        let s = ui_scale(size_px);
        let (w, h) = (size_px.0 as f32, size_px.1 as f32);
        let rh = 64.0 * s;
        let top = 90.0 * s;
        let per_page = ((h - top - 40.0 * s) / rh).floor().max(1.0) as usize;
        let first = self.selected.saturating_sub(per_page - 1);
        (0..=self.entries.len())
            .map(|i| {
                let row = i as f32 - first as f32;
                Rect::new(w * 0.2, top + row * rh, w * 0.6, rh - 6.0 * s)
            })
            .collect()
    }

    /// Gives the clipboard's text: a level's text opens as a new level.
    pub fn paste_text(&mut self, text: &str) -> Option<ListAction> {
        match game::level::check_text_draft("clipboard", text) {
            Ok((level, _)) => Some(ListAction::Open(Box::new(level), Opening::Pasted)),
            Err(e) => {
                self.message = Some(format!(
                    "The clipboard holds no level: {}",
                    e.first().map(ToString::to_string).unwrap_or_default()
                ));
                None
            }
        }
    }

    fn open(&mut self, i: usize) -> Option<ListAction> {
        if i == 0 {
            self.dialog = Some(Dialog::prompt(
                "New level",
                "Name and size (width x height, 1 to 128)",
                "New level 16x10",
                Purpose::NewLevel,
            ));
            return None;
        }
        let e = self.entries.get(i - 1)?;
        match &e.level {
            Ok(level) => {
                // A shipped level keeps its file (never written: Ctrl+S
                // saves a copy), so the copy's name is checked against the
                // shipped names, the top bar names it and its autosave is
                // its own.
                let opening = match (e.unsaved, e.shipped) {
                    (true, _) => Opening::Unsaved(e.path.clone()),
                    (false, true) => Opening::Shipped(e.path.clone()),
                    (false, false) => Opening::File(e.path.clone()),
                };
                Some(ListAction::Open(Box::new(level.clone()), opening))
            }
            Err(err) => {
                self.message = Some(err.clone());
                None
            }
        }
    }

    /// Applies one input, its keys read through `keys` (the menus' keys as
    /// the player bound them; the list's own letters as typed).
    pub fn handle(
        &mut self,
        input: RawInput,
        size_px: (u32, u32),
        keys: &Keymap,
    ) -> Option<ListAction> {
        if let Some(d) = &mut self.dialog {
            let outcome = d.handle(input, size_px)?;
            let purpose = self.dialog.take().map(|d| d.purpose);
            if let Some(Purpose::PackHeader { header, asking }) = purpose {
                return self.pack_field_given(header, asking, outcome);
            }
            if let DialogOutcome::Text(t) = outcome {
                return match new_level(&t) {
                    Ok(level) => Some(ListAction::Open(Box::new(level), Opening::New)),
                    Err(e) => {
                        self.message = Some(e);
                        None
                    }
                };
            }
            return None;
        }
        let n = self.entries.len() + 1;
        match input {
            RawInput::Chord(c) if c.ctrl && c.code == Code::V => {
                return Some(ListAction::ReadClipboard)
            }
            RawInput::Chord(c) if !c.ctrl && !c.alt && c.code == Code::P => self.toggle_in_pack(),
            RawInput::Chord(c) if !c.ctrl && !c.alt && c.code == Code::LeftBracket => {
                self.move_in_pack(false)
            }
            RawInput::Chord(c) if !c.ctrl && !c.alt && c.code == Code::RightBracket => {
                self.move_in_pack(true)
            }
            RawInput::Chord(c) if c.ctrl && c.code == Code::E => self.ask_pack_header(),
            RawInput::Chord(c) => {
                return keys
                    .key(c)
                    .and_then(|k| self.handle(RawInput::Input(Input::Key(k)), size_px, keys))
            }
            RawInput::Input(Input::Key(Key::Up)) => self.selected = (self.selected + n - 1) % n,
            RawInput::Input(Input::Key(Key::Down)) => self.selected = (self.selected + 1) % n,
            RawInput::Input(Input::Key(Key::Enter | Key::Space)) => {
                return self.open(self.selected)
            }
            RawInput::Input(Input::Key(Key::Escape)) => return Some(ListAction::Back),
            RawInput::Input(Input::MouseMove(p)) => {
                if let Some(i) = self.rows(size_px).iter().position(|r| r.contains(p)) {
                    self.selected = i;
                }
            }
            RawInput::Press(Button::Left, p) | RawInput::Input(Input::Click(p)) => {
                if let Some(i) = self.rows(size_px).iter().position(|r| r.contains(p)) {
                    self.selected = i;
                    return self.open(i);
                }
            }
            _ => {}
        }
        None
    }

    /// Draws the list, its hint naming the menus' keys of `keys`.
    pub fn draw(&self, list: &mut DrawList, font: &mut Font, size_px: (u32, u32), keys: &Keymap) {
        let s = ui_scale(size_px);
        let w = size_px.0 as f32;
        list.set_pass(render::Pass::Ui);
        let title = TextStyle::new(34.0 * s, GOLD).aligned(render::Align::Centre);
        list.text(font, Vec2::new(w / 2.0, 24.0 * s), "Level editor", &title);
        let hint = TextStyle::new(14.0 * s, SUB_TEXT).aligned(render::Align::Centre);
        list.text(
            font,
            Vec2::new(w / 2.0, 66.0 * s),
            &keys.fill("{enter} opens · Ctrl+V opens a level's text from the clipboard · P puts a level in a pack, [ ] reorder, Ctrl+E copies the pack · {escape} back"),
            &hint,
        );
        for (i, r) in self.rows(size_px).iter().enumerate() {
            if r.y < 80.0 * s || r.y + r.h > size_px.1 as f32 {
                continue;
            }
            let style = if i == self.selected {
                &SELECTED_STYLE
            } else {
                &ITEM_STYLE
            };
            list.panel(*r, style);
            let (name, detail, level) = if i == 0 {
                (
                    "New level".to_string(),
                    "an empty room to build in".to_string(),
                    None,
                )
            } else {
                let e = &self.entries[i - 1];
                let file = e
                    .path
                    .file_name()
                    .map(|n| game::level::escaped(&n.to_string_lossy()).to_string())
                    .unwrap_or_default();
                let origin = if e.unsaved {
                    "unsaved work, autosaved: open it to save or discard it"
                } else if e.shipped {
                    "shipped (saved as a copy)"
                } else {
                    "yours"
                };
                let in_pack = self
                    .pack_place(i - 1)
                    .map_or(String::new(), |n| format!(" · level {n} of the pack"));
                match &e.level {
                    Ok(l) => (
                        l.name.clone(),
                        format!(
                            "{file} · {}x{} · {origin}{in_pack}",
                            l.grid.width(),
                            l.grid.height()
                        ),
                        Some(l),
                    ),
                    Err(err) => (file, err.clone(), None),
                }
            };
            let thumb = Rect::new(r.x + 8.0 * s, r.y + 6.0 * s, 90.0 * s, r.h - 12.0 * s);
            list.quad(thumb, THUMB_BACKGROUND);
            match level {
                Some(l) => crate::screens::thumbnail::draw(list, l, thumb),
                None if i == 0 => {
                    let plus = TextStyle::new(30.0 * s, SUB_TEXT).aligned(render::Align::Centre);
                    list.text(
                        font,
                        Vec2::new(thumb.centre().x, thumb.y + 4.0 * s),
                        "+",
                        &plus,
                    );
                }
                None => {}
            }
            list.text(
                font,
                Vec2::new(thumb.x + thumb.w + 12.0 * s, r.y + 8.0 * s),
                &name,
                &TextStyle::new(18.0 * s, WHITE),
            );
            // A long detail (a damaged file's error) is cut to the row;
            // Enter on it shows it whole below the list.
            let detail_style = TextStyle::new(12.0 * s, SUB_TEXT);
            let room = r.x + r.w - (thumb.x + thumb.w + 12.0 * s) - 8.0 * s;
            let detail = super::panels::fit_text(font, &detail, &detail_style, room);
            list.text(
                font,
                Vec2::new(thumb.x + thumb.w + 12.0 * s, r.y + 32.0 * s),
                &detail,
                &detail_style,
            );
            // A level in the pack: its place, big, at the row's right end.
            if let Some(n) = i.checked_sub(1).and_then(|e| self.pack_place(e)) {
                list.text(
                    font,
                    Vec2::new(r.x + r.w - 18.0 * s, r.y + 8.0 * s),
                    &format!("pack #{n}"),
                    &TextStyle::new(20.0 * s, GOLD).aligned(render::Align::Right),
                );
            }
        }
        let rows_right = self.rows(size_px).first().map_or(w * 0.8, |r| r.x + r.w);
        super::pack_maker::draw_pack_panel(self, list, font, size_px, rows_right);
        if let Some(m) = &self.message {
            // Wrapped, its last line at the bottom, over a band that keeps
            // it readable where it reaches the rows.
            let st = TextStyle::new(14.0 * s, NOTICE_TEXT)
                .aligned(render::Align::Centre)
                .wrapped(w * 0.9);
            let h = render::text::measure(font, m, &st).y;
            let top = size_px.1 as f32 - 14.0 * s - h;
            list.quad(
                Rect::new(0.0, top - 6.0 * s, w, h + 20.0 * s),
                [0.02, 0.02, 0.05, 0.85],
            );
            list.text(font, Vec2::new(w / 2.0, top), m, &st);
        }
        if let Some(d) = &self.dialog {
            d.draw(list, font, size_px);
        }
    }
}

/// A new level from "Name WxH": an empty walled room of that size with the
/// entrance bottom-left and a knight there (so it is playable at once).
pub fn new_level(text: &str) -> Result<Level, String> {
    let text = text.trim();
    let (name, size) = match text.rsplit_once(' ') {
        Some((n, s)) if s.contains('x') => (n.trim(), s),
        _ => (text, "16x10"),
    };
    let (w, h) = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?)))
        .ok_or_else(|| format!("'{size}' is not a size such as 16x10"))?;
    let grid = Grid::new(w, h).map_err(|e| e.to_string())?;
    if !game::level::validate::name_ok(name) {
        return Err("a name is 1 to 64 characters, without \"".into());
    }
    Ok(Level {
        name: name.to_string(),
        notes: Vec::new(),
        grid,
        entrance: game::grid::CellPos::new(0, 0),
        things: vec![game::level::ThingSpec {
            id: "knight".into(),
            cell: game::grid::CellPos::new(0, 0),
            kind: game::level::ThingSpecKind::Hero {
                hero: game::level::HeroKind::Knight,
                rope_len_cells: None,
            },
        }],
        portal_labels: Vec::new(),
        required_relics: None,
        par: None,
        requires: game::equipment::EquipmentSet::EMPTY,
        forbids: game::equipment::EquipmentSet::EMPTY,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_level_takes_its_name_and_size() {
        let l = new_level("Deep well 12x20").expect("fine");
        assert_eq!(l.name, "Deep well");
        assert_eq!((l.grid.width(), l.grid.height()), (12, 20));
        assert!(l.is_valid(), "{:?}", l.problems());
        assert_eq!(new_level("Plain").expect("default size").grid.width(), 16);
        assert!(new_level("Huge 200x5").is_err());
        assert!(new_level("Bad 3xq").is_err());
    }

    #[test]
    fn pasted_level_text_opens_as_a_new_level() {
        let mut list = EditorList::of(Vec::new());
        let text = game::level::to_text(&new_level("Shared 4x3").expect("fine"));
        match list.paste_text(&text) {
            Some(ListAction::Open(l, opening)) => {
                assert_eq!(l.name, "Shared");
                assert_eq!(
                    opening,
                    Opening::Pasted,
                    "never saved: saving asks for a name"
                );
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(list.paste_text("hello"), None);
        assert!(list.message.is_some());
    }
}
