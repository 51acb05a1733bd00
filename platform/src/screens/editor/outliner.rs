//! The outliner, the second tab of the side panel's lower box (the first
//! is the problem list): every thing, portal pair and watcher route of the
//! level, grouped by cell ([`game::edit::outline`]). Clicking a row
//! selects what it stands for (a route selects its watcher and picks the
//! Route tool) and brings its cell into view; the inspector above edits
//! it. O (or a click on the tab) switches tabs; the wheel over the list
//! scrolls it.
use game::edit::outline::{self, Entry, Row};
use game::grid::CellPos;
use glam::Vec2;
use render::{hex, DrawList, Font, Rect, TextStyle};

use super::draw::TEXT;
use super::panels::{fit_text, PANEL_EDGE};
use super::tools::{Layout, Tool};
use super::{EditorScreen, Selection};
use crate::screens::theme::{DIM_TEXT, GOLD};

/// The tabs on top of the lower box: Problems (or Needs), Outliner.
pub fn tabs(l: &Layout) -> [Rect; 2] {
    let s = l.scale;
    let b = l.problems;
    let w = (b.w - 18.0 * s) / 2.0;
    let (y, h) = (b.y + 6.0 * s, 22.0 * s);
    [
        Rect::new(b.x + 6.0 * s, y, w, h),
        Rect::new(b.x + 12.0 * s + w, y, w, h),
    ]
}

/// The outliner's rows: first row's top and row height, in pixels.
fn rows_at(l: &Layout) -> (f32, f32) {
    (l.problems.y + 34.0 * l.scale, 20.0 * l.scale)
}

/// How many rows fit in the box.
fn visible_rows(l: &Layout) -> usize {
    let (top, h) = rows_at(l);
    ((l.problems.y + l.problems.h - top) / h).floor().max(0.0) as usize
}

impl EditorScreen {
    /// The outliner's rows for the level as it is.
    pub fn outline_rows(&self) -> Vec<Row> {
        outline::rows(self.editor.level())
    }

    /// Whether `row` stands for what is selected.
    fn row_selected(&self, row: &Row) -> bool {
        match (row.entry, self.selection) {
            (Entry::Thing(i), Selection::Thing(j)) => i == j && self.tool != Tool::Route,
            (Entry::Route(i), Selection::Thing(j)) => i == j && self.tool == Tool::Route,
            (Entry::Portal(i), Selection::Portal(j)) => i == j,
            _ => false,
        }
    }

    /// Shows the outliner (`true`) or the problem list.
    pub fn show_outliner(&mut self, open: bool) {
        self.outliner_open = open;
        if open {
            self.info("Outliner: click a row to select it; O shows the problems");
        }
    }

    /// Selects what `entry` stands for and brings `cell` into view.
    pub fn select_entry(&mut self, entry: Entry, cell: CellPos) {
        match entry {
            Entry::Thing(i) => {
                if self.tool == Tool::Route {
                    self.tool = Tool::Select;
                }
                self.selection = Selection::Thing(i);
                let stacked = self.things_at(cell).len();
                self.info(self.thing_hint(i, stacked));
            }
            Entry::Route(i) => {
                self.selection = Selection::Thing(i);
                self.tool = Tool::Route;
                self.info(format!("Route: {}", Tool::Route.help()));
            }
            Entry::Portal(i) => {
                self.selection = Selection::Portal(i);
                let label = self.editor.level().portal_label(i);
                self.info(format!(
                    "Portal '{label}': K changes its kind, Delete removes the pair"
                ));
            }
        }
        self.show_cell(cell);
    }

    /// Brings `cell` into view if it is not on the canvas (as much of the
    /// level kept in view as fits).
    pub(super) fn show_cell(&mut self, cell: CellPos) {
        let l = self.layout();
        let at = self.camera.pixel_of(cell, l.canvas, self.size_px);
        let margin = 12.0 * l.scale;
        let inner = Rect::new(
            l.canvas.x + margin,
            l.canvas.y + margin,
            l.canvas.w - 2.0 * margin,
            l.canvas.h - 2.0 * margin,
        );
        if !inner.contains(at) {
            let g = &self.editor.level().grid;
            let size = (g.width(), g.height());
            self.camera.show(cell, size, l.canvas, self.size_px);
        }
    }

    /// A click at `p` in the lower box with the outliner shown.
    pub(super) fn outliner_click(&mut self, p: Vec2) {
        let l = self.layout();
        let (top, h) = rows_at(&l);
        if p.y < top {
            return;
        }
        let i = ((p.y - top) / h).floor() as usize + self.outline_scroll;
        if let Some(row) = self.outline_rows().get(i).cloned() {
            self.select_entry(row.entry, row.cell);
        }
    }

    /// Scrolls the outliner by `by` rows (kept within the list).
    pub(super) fn scroll_outliner(&mut self, by: i32) {
        let n = self.outline_rows().len();
        let most = n.saturating_sub(visible_rows(&self.layout()));
        self.outline_scroll = (self.outline_scroll as i32 + by).clamp(0, most as i32) as usize;
    }

    /// Scrolls the outliner so the selection's row shows (after the
    /// selection changed on the canvas).
    pub(super) fn scroll_outliner_to_selection(&mut self) {
        let Some(i) = self
            .outline_rows()
            .iter()
            .position(|r| self.row_selected(r))
        else {
            return;
        };
        let shown = visible_rows(&self.layout()).max(1);
        if i < self.outline_scroll {
            self.outline_scroll = i;
        } else if i >= self.outline_scroll + shown {
            self.outline_scroll = i + 1 - shown;
        }
    }

    /// The outliner's rows from the scroll position, the selected one lit,
    /// a cell's heading over its first row.
    pub(super) fn draw_outliner(&self, list: &mut DrawList, font: &mut Font, l: &Layout) {
        let s = l.scale;
        let b = l.problems;
        let rows = self.outline_rows();
        let (top, h) = rows_at(l);
        let room = b.w - 24.0 * s;
        let text = TextStyle::new(12.0 * s, TEXT);
        let lit = TextStyle::new(12.0 * s, GOLD);
        let dim = TextStyle::new(11.0 * s, DIM_TEXT);
        if rows.is_empty() {
            list.text(
                font,
                Vec2::new(b.x + 12.0 * s, top),
                "Nothing placed yet",
                &dim,
            );
        }
        let mut last_cell = None;
        if let Some(first) = self.outline_scroll.checked_sub(1) {
            last_cell = rows.get(first).map(|r| r.cell);
        }
        for (k, row) in rows
            .iter()
            .skip(self.outline_scroll)
            .take(visible_rows(l))
            .enumerate()
        {
            let y = top + k as f32 * h;
            let r = Rect::new(b.x + 6.0 * s, y - 2.0 * s, b.w - 12.0 * s, h - 1.0);
            let selected = self.row_selected(row);
            if selected {
                list.quad(r, hex(0x2a3350));
            } else if self.mouse_px().is_some_and(|p| r.contains(p)) {
                list.quad(r, hex(0x222a40));
            }
            let cell = if last_cell == Some(row.cell) {
                String::new()
            } else {
                format!("{}", row.cell)
            };
            last_cell = Some(row.cell);
            list.text(font, Vec2::new(b.x + 12.0 * s, y + 1.0 * s), &cell, &dim);
            let shown = fit_text(font, &row.text, &text, room - 50.0 * s);
            let style = if selected { &lit } else { &text };
            list.text(font, Vec2::new(b.x + 62.0 * s, y), &shown, style);
        }
        if rows.len() > self.outline_scroll + visible_rows(l) {
            list.quad(Rect::new(b.x, b.y + b.h - 1.0, b.w, 1.0), PANEL_EDGE);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::editor::document::Document;
    use crate::screens::editor::inspector::{self, Field};
    use crate::screens::editor::list;
    use crate::screens::input::{Button, Chord, Input, RawInput};
    use game::edit::op;
    use game::grid::{Dir, PortalEnd};

    const SIZE: (u32, u32) = (1280, 720);

    fn screen() -> EditorScreen {
        let level = list::new_level("Test 8x6").expect("level");
        let mut s = EditorScreen::new(level, Document::default());
        s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
        s
    }

    fn key(s: &mut EditorScreen, text: &str) {
        s.handle(RawInput::Chord(Chord::parse(text).expect("chord")), SIZE);
    }

    fn click(s: &mut EditorScreen, p: Vec2) {
        s.handle(RawInput::Input(Input::MouseMove(p)), SIZE);
        s.handle(RawInput::Press(Button::Left, p), SIZE);
        s.handle(RawInput::Release(Button::Left, p), SIZE);
    }

    fn click_cell(s: &mut EditorScreen, x: i32, y: i32) {
        let p = s.screen_pos_of_cell(CellPos::new(x, y));
        click(s, p);
    }

    /// The knight (made with the level) with a scout and a sorceress placed
    /// on it: three heroes on the entrance.
    fn three_on_the_entrance() -> EditorScreen {
        let mut s = screen();
        key(&mut s, "h");
        key(&mut s, "2");
        click_cell(&mut s, 0, 0);
        key(&mut s, "3");
        click_cell(&mut s, 0, 0);
        assert_eq!(s.things_at(CellPos::new(0, 0)), vec![2, 1, 0]);
        key(&mut s, "q");
        key(&mut s, "escape");
        assert_eq!(s.selection, Selection::None);
        s
    }

    fn selected_id(s: &EditorScreen) -> String {
        match s.selection {
            Selection::Thing(i) => s.editor.level().things[i].id.clone(),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn clicking_a_stacked_cell_again_selects_the_next_thing_there() {
        let mut s = three_on_the_entrance();
        let mut seen = Vec::new();
        for _ in 0..4 {
            click_cell(&mut s, 0, 0);
            seen.push(selected_id(&s));
        }
        assert_eq!(seen, ["sorceress", "scout", "knight", "sorceress"]);
        // Cycled to the knight, a drag takes the knight away, the others
        // stay; each click was no undo step.
        click_cell(&mut s, 0, 0);
        click_cell(&mut s, 0, 0);
        assert_eq!(selected_id(&s), "knight");
        assert_eq!(s.editor.history().undoable(), 2, "the two placements");
        let (a, b) = (
            s.screen_pos_of_cell(CellPos::new(0, 0)),
            s.screen_pos_of_cell(CellPos::new(3, 0)),
        );
        s.handle(RawInput::Input(Input::MouseMove(a)), SIZE);
        s.handle(RawInput::Press(Button::Left, a), SIZE);
        s.handle(RawInput::Input(Input::MouseMove(b)), SIZE);
        s.handle(RawInput::Release(Button::Left, b), SIZE);
        let things = &s.editor.level().things;
        assert_eq!(things[0].cell, CellPos::new(3, 0), "the knight moved");
        assert_eq!(things[1].cell, CellPos::new(0, 0));
        assert_eq!(things[2].cell, CellPos::new(0, 0));
        assert_eq!(selected_id(&s), "knight", "a drag does not cycle");
    }

    /// The pixel in the middle of the outliner row for `entry`.
    fn row_px(s: &EditorScreen, entry: Entry) -> Vec2 {
        let l = s.layout();
        let (top, h) = rows_at(&l);
        let k = s
            .outline_rows()
            .iter()
            .position(|r| r.entry == entry)
            .expect("listed")
            - s.outline_scroll;
        Vec2::new(l.problems.x + 100.0, top + (k as f32 + 0.5) * h)
    }

    fn click_row(s: &mut EditorScreen, entry: Entry) {
        let p = row_px(s, entry);
        click(s, p);
    }

    #[test]
    fn a_thing_selected_on_the_canvas_scrolls_its_row_into_the_outliner() {
        let mut s = screen();
        key(&mut s, "c");
        for x in 0..8 {
            for y in 1..4 {
                click_cell(&mut s, x, y);
            }
        }
        key(&mut s, "q");
        key(&mut s, "o");
        key(&mut s, "escape");
        let n = s.outline_rows().len();
        assert!(n > visible_rows(&s.layout()), "{n} rows: more than fit");
        // The knight's row (the bottom row of the grid) is listed last.
        click_cell(&mut s, 0, 0);
        assert_eq!(selected_id(&s), "knight");
        let k = s
            .outline_rows()
            .iter()
            .position(|r| r.entry == Entry::Thing(0))
            .expect("listed");
        assert!(k >= s.outline_scroll && k < s.outline_scroll + visible_rows(&s.layout()));
        // A click on its row keeps it selected.
        click_row(&mut s, Entry::Thing(0));
        assert_eq!(selected_id(&s), "knight");
    }

    #[test]
    fn an_outliner_row_selects_its_thing_portal_or_route_and_shows_it() {
        let mut s = three_on_the_entrance();
        s.step("portal", "", |l| {
            op::link_portal(
                l,
                PortalEnd::new(CellPos::new(7, 5), Dir::Right),
                PortalEnd::new(CellPos::new(7, 0), Dir::Right),
            )
        });
        key(&mut s, "g");
        click_cell(&mut s, 6, 5);
        key(&mut s, "t");
        click_cell(&mut s, 4, 5);
        key(&mut s, "q");
        key(&mut s, "escape");
        assert_eq!(s.selection, Selection::None);
        // O shows the outliner; its tab is lit.
        key(&mut s, "o");
        assert!(s.outliner_open);
        let entries: Vec<_> = s.outline_rows().iter().map(|r| r.entry).collect();
        assert_eq!(
            entries,
            [
                Entry::Thing(3),
                Entry::Route(3),
                Entry::Portal(0),
                Entry::Thing(0),
                Entry::Thing(1),
                Entry::Thing(2),
            ]
        );
        // The scout, under the sorceress: one click, and the inspector edits
        // it.
        click_row(&mut s, Entry::Thing(1));
        assert_eq!(selected_id(&s), "scout");
        assert_eq!(inspector::fields(&s)[0], Field::ThingId(1));
        // The portal pair.
        click_row(&mut s, Entry::Portal(0));
        assert_eq!(s.selection, Selection::Portal(0));
        // The watcher's route: the watcher, with the Route tool.
        click_row(&mut s, Entry::Route(3));
        assert_eq!(selected_id(&s), "guard");
        assert_eq!(s.tool, Tool::Route);
        // Zoomed in on the entrance, the watcher is off the canvas; its row
        // brings it into view.
        for _ in 0..6 {
            key(&mut s, "plus");
        }
        s.camera.centre = Vec2::ZERO;
        let l = s.layout();
        let watcher = CellPos::new(6, 5);
        assert!(!l.canvas.contains(s.screen_pos_of_cell(watcher)));
        click_row(&mut s, Entry::Thing(3));
        assert_eq!(s.tool, Tool::Select);
        assert!(l.canvas.contains(s.screen_pos_of_cell(watcher)));
        // The first tab shows the problems again.
        click(&mut s, tabs(&l)[0].centre());
        assert!(!s.outliner_open);
    }
}
