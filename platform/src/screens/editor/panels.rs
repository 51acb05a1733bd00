//! The editor's panels around the canvas: the palette of tools and the
//! Solve button on the left, the top bar, the side panel (the inspector
//! over the problem list, or over the Needs panel once a proven solve has
//! asked what the level needs) and the status line, drawn in that order;
//! and where their rows are, for the pointer.
use game::edit::Placed;
use glam::Vec2;
use render::{hex, Align, DrawList, Font, Rect, Rgba, TextStyle, WHITE};

use super::draw::{outline, BAD, TEXT};
use super::tools::{Layout, Tool, TOOLS};
use super::{inspector, outliner, EditorScreen, Selection, Status};
use crate::screens::theme::{DIM_TEXT, FIELD, GOLD, ITEM_STYLE, NOTICE_TEXT, SELECTED_STYLE};

const PANEL: Rgba = hex(0x151a28);
pub(super) const PANEL_EDGE: Rgba = hex(0x2c3450);

/// Rows of the inspector: first row's top and row height, in pixels.
fn inspector_rows(l: &Layout) -> (f32, f32) {
    (l.inspector.y + 40.0 * l.scale, 25.0 * l.scale)
}

/// Rows of the problem list (under the tabs and the heading).
fn problem_rows(l: &Layout) -> (f32, f32) {
    (l.problems.y + 58.0 * l.scale, 22.0 * l.scale)
}

/// The lower box's heading line, under the tabs.
fn heading_y(l: &Layout) -> f32 {
    l.problems.y + 34.0 * l.scale
}

/// The inspector row under `p`, of `n`.
pub fn field_at(l: &Layout, n: usize, p: Vec2) -> Option<usize> {
    let (top, h) = inspector_rows(l);
    let i = ((p.y - top) / h).floor();
    (p.y >= top && l.inspector.contains(p) && (i as usize) < n).then_some(i as usize)
}

/// A problem's line height, in pixels.
fn problem_line_h(l: &Layout) -> f32 {
    15.0 * l.scale
}

/// Characters a problem's line holds: the box's width over a wide
/// character of its 12 px text, so a line fits whatever its letters.
fn problem_line_chars(l: &Layout) -> usize {
    ((l.problems.w - 24.0 * l.scale) / (7.0 * l.scale))
        .floor()
        .max(8.0) as usize
}

/// `text` in lines of at most `max` characters, broken between words; a
/// word longer than a line is cut into pieces.
pub fn wrap_words(text: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > max {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            lines.push(word.drain(..max).collect());
        }
        let word: String = word.into_iter().collect();
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > max {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Rows of text in the lower box, each wrapped whole to its width: each
/// row's lines and its first line's top, for the rows that fit.
pub fn wrapped_rows<'a>(
    l: &Layout,
    texts: impl IntoIterator<Item = &'a str>,
) -> Vec<(f32, Vec<String>)> {
    let (mut y, _) = problem_rows(l);
    let (lh, gap) = (problem_line_h(l), 6.0 * l.scale);
    // Room kept at the bottom for "and N more".
    let bottom = l.problems.y + l.problems.h - 18.0 * l.scale;
    let mut rows = Vec::new();
    for text in texts {
        let lines = wrap_words(text, problem_line_chars(l));
        let h = lines.len() as f32 * lh;
        if y + h > bottom {
            break;
        }
        rows.push((y, lines));
        y += h + gap;
    }
    rows
}

/// The row of `rows` ([`wrapped_rows`]) under `p`.
pub fn wrapped_row_at(l: &Layout, rows: &[(f32, Vec<String>)], p: Vec2) -> Option<usize> {
    if !l.problems.contains(p) {
        return None;
    }
    let lh = problem_line_h(l);
    rows.iter()
        .position(|(y, lines)| p.y >= *y - 2.0 && p.y < *y + lines.len() as f32 * lh + 2.0)
}

/// Each problem's lines, `"x,y: "` first, and its first line's top, for
/// those that fit in the box.
pub fn problem_layout(l: &Layout, problems: &[Placed]) -> Vec<(f32, Vec<String>)> {
    let texts: Vec<String> = problems
        .iter()
        .map(|p| {
            let at = p.place.cell().map_or(String::new(), |c| format!("{c}: "));
            format!("{at}{}", p.message)
        })
        .collect();
    wrapped_rows(l, texts.iter().map(String::as_str))
}

/// The problem under `p`, of `problems`.
pub fn problem_at(l: &Layout, problems: &[Placed], p: Vec2) -> Option<usize> {
    wrapped_row_at(l, &problem_layout(l, problems), p)
}

/// The Needs row under `p`: `rows` shown from `scroll` on.
pub fn needs_row_at(l: &Layout, rows: &[String], scroll: usize, p: Vec2) -> Option<usize> {
    let shown = wrapped_rows(l, rows.iter().skip(scroll).map(String::as_str));
    wrapped_row_at(l, &shown, p).map(|i| i + scroll)
}

impl EditorScreen {
    /// The palette, the top bar, the inspector, the problem list and the
    /// status line, over the canvas.
    pub(super) fn draw_panels(
        &self,
        list: &mut DrawList,
        font: &mut Font,
        l: &Layout,
        size_px: (u32, u32),
    ) {
        self.draw_palette(list, font, l);
        self.draw_top_bar(list, font, l, size_px);
        self.draw_inspector(list, font, l);
        let needs = self.needs_rows();
        list.quad(
            Rect::new(l.problems.x, l.problems.y, l.problems.w, 1.0),
            PANEL_EDGE,
        );
        self.draw_tabs(list, font, l, !needs.is_empty());
        if self.outliner_open {
            self.draw_outliner(list, font, l);
        } else if needs.is_empty() {
            self.draw_problem_list(list, font, l);
        } else {
            self.draw_needs(list, font, l, &needs);
        }
        self.draw_status_line(list, font, l, size_px);
    }

    /// The tools, one button each, and the Solve button (lit while the
    /// solver runs).
    fn draw_palette(&self, list: &mut DrawList, font: &mut Font, l: &Layout) {
        let s = l.scale;
        list.quad(Rect::new(0.0, l.top.h, l.canvas.x, l.canvas.h), PANEL);
        for (r, t) in l.tools.iter().zip(TOOLS) {
            let style = if t == self.tool {
                &SELECTED_STYLE
            } else {
                &ITEM_STYLE
            };
            list.panel(*r, style);
            let icon = TextStyle::new(20.0 * s, if t == self.tool { GOLD } else { TEXT })
                .aligned(Align::Centre);
            list.text(
                font,
                Vec2::new(r.centre().x, r.y + 4.0 * s),
                tool_icon(t),
                &icon,
            );
            let key = TextStyle::new(11.0 * s, DIM_TEXT).aligned(Align::Centre);
            list.text(
                font,
                Vec2::new(r.centre().x, r.y + r.h - 15.0 * s),
                &t.hotkey().to_uppercase().to_string(),
                &key,
            );
        }
        // The Solve button: lit while the solver or a Needs check runs or
        // holds.
        let solving = self.is_solving() || self.is_checking_needs();
        let stopped = self.is_solver_stopped() || self.is_needs_stopped();
        let label = match (solving, stopped) {
            (true, true) => "Go on",
            (true, false) => "Stop",
            _ => "Solve",
        };
        let style = if solving {
            &SELECTED_STYLE
        } else {
            &ITEM_STYLE
        };
        list.panel(l.solve, style);
        list.text(
            font,
            Vec2::new(l.solve.centre().x, l.solve.y + 9.0 * s),
            label,
            &TextStyle::new(12.0 * s, if solving { GOLD } else { TEXT }).aligned(Align::Centre),
        );
        list.text(
            font,
            Vec2::new(l.solve.centre().x, l.solve.y + l.solve.h - 15.0 * s),
            "F6",
            &TextStyle::new(11.0 * s, DIM_TEXT).aligned(Align::Centre),
        );
    }

    /// The level's name, size and file, and the solver's last answer
    /// (`top_bar`: laid out so they never overlap).
    fn draw_top_bar(&self, list: &mut DrawList, font: &mut Font, l: &Layout, size_px: (u32, u32)) {
        let w = size_px.0 as f32;
        list.quad(l.top, PANEL);
        list.quad(Rect::new(0.0, l.top.h - 1.0, w, 1.0), PANEL_EDGE);
        self.draw_top_bar_parts(list, font, l);
    }

    /// The side panel's top: what is selected and its fields, the one
    /// being typed in outlined.
    fn draw_inspector(&self, list: &mut DrawList, font: &mut Font, l: &Layout) {
        let s = l.scale;
        let level = self.editor.level();
        list.quad(l.side, PANEL);
        list.quad(Rect::new(l.side.x, l.side.y, 1.0, l.side.h), PANEL_EDGE);
        let heading = TextStyle::new(16.0 * s, GOLD);
        let what = match self.selection {
            Selection::Thing(i) => format!(
                "Thing '{}'",
                level.things.get(i).map_or("", |t| t.id.as_str())
            ),
            Selection::Portal(i) => format!("Portal '{}'", level.portal_label(i)),
            Selection::Area(a) => format!("Area {}x{} (Ctrl+C, Delete, M)", a.width(), a.height()),
            Selection::None => "Level".to_string(),
        };
        list.text(
            font,
            Vec2::new(l.side.x + 12.0 * s, l.inspector.y + 10.0 * s),
            &what,
            &heading,
        );
        let (top, rh) = inspector_rows(l);
        let label_style = TextStyle::new(13.0 * s, DIM_TEXT);
        let fields = inspector::fields(self);
        // The values' column: past the longest label, and at least 74 px in.
        let labels_w = fields
            .iter()
            .map(|f| render::text::measure(font, &inspector::row(self, f).0, &label_style).x)
            .fold(58.0 * s, f32::max);
        for (i, f) in fields.iter().enumerate() {
            let y = top + i as f32 * rh;
            if y + rh > l.inspector.y + l.inspector.h {
                break;
            }
            let (label, value) = inspector::row(self, f);
            let typing = self.typing.as_ref().filter(|t| &t.field == f);
            let row = Rect::new(l.side.x + 6.0 * s, y, l.side.w - 12.0 * s, rh - 2.0);
            if typing.is_some() {
                list.quad(row, FIELD);
                outline(list, row, 1.5, GOLD);
            } else if self.mouse_px().is_some_and(|p| row.contains(p)) {
                list.quad(row, hex(0x222a40));
            }
            list.text(
                font,
                Vec2::new(row.x + 6.0 * s, y + 5.0 * s),
                &label,
                &label_style,
            );
            let vx = row.x + 6.0 * s + labels_w + 10.0 * s;
            let room = row.x + row.w - 6.0 * s - vx;
            let vstyle = TextStyle::new(14.0 * s, if f.is_text() { WHITE } else { TEXT });
            let shown = match typing {
                Some(t) => clip_text(&format!("{}|", t.text), 26),
                None => fit_with(font, &value, &vstyle, room, clip_words),
            };
            list.text(font, Vec2::new(vx, y + 4.0 * s), &shown, &vstyle);
        }
    }

    /// The lower box's tabs: the problems (or the Needs panel) and the
    /// outliner, the shown one lit.
    fn draw_tabs(&self, list: &mut DrawList, font: &mut Font, l: &Layout, needs: bool) {
        let s = l.scale;
        let n = self.editor.problems().len();
        let first = match (needs, n) {
            (true, _) => "Needs".to_string(),
            (false, 0) => "Problems".to_string(),
            (false, n) => format!("Problems ({n})"),
        };
        let labels = [first, format!("Outliner ({})", self.outline_rows().len())];
        for (i, (r, label)) in outliner::tabs(l).iter().zip(labels).enumerate() {
            let shown = (i == 1) == self.outliner_open;
            let style = if shown { &SELECTED_STYLE } else { &ITEM_STYLE };
            list.panel(*r, style);
            let colour = match (i, n, needs) {
                (0, 1.., false) => BAD,
                _ if shown => GOLD,
                _ => TEXT,
            };
            list.text(
                font,
                Vec2::new(r.centre().x, r.y + 4.0 * s),
                &label,
                &TextStyle::new(12.0 * s, colour).aligned(Align::Centre),
            );
        }
    }

    /// The level's problems, or that it has none.
    fn draw_problem_list(&self, list: &mut DrawList, font: &mut Font, l: &Layout) {
        let s = l.scale;
        let problems = self.editor.problems();
        let head = if problems.is_empty() {
            "No problems · F5 test-plays".to_string()
        } else {
            "Tab: the next one · not playable yet".to_string()
        };
        let colour = if problems.is_empty() {
            hex(0x9ccc65)
        } else {
            BAD
        };
        list.text(
            font,
            Vec2::new(l.problems.x + 12.0 * s, heading_y(l)),
            &head,
            &TextStyle::new(14.0 * s, colour),
        );
        let style = TextStyle::new(12.0 * s, TEXT);
        let room = l.problems.w - 18.0 * s;
        let lh = problem_line_h(l);
        let layout = problem_layout(l, problems);
        for (y, lines) in &layout {
            let r = Rect::new(
                l.problems.x + 6.0 * s,
                y - 2.0 * s,
                l.problems.w - 12.0 * s,
                lines.len() as f32 * lh + 4.0 * s,
            );
            if self.mouse_px().is_some_and(|p| r.contains(p)) {
                list.quad(r, hex(0x222a40));
            }
            for (k, line) in lines.iter().enumerate() {
                let shown = fit_text(font, line, &style, room);
                list.text(
                    font,
                    Vec2::new(l.problems.x + 12.0 * s, y + k as f32 * lh),
                    &shown,
                    &style,
                );
            }
        }
        if layout.len() < problems.len() {
            let more = format!("and {} more (Tab)", problems.len() - layout.len());
            list.text(
                font,
                Vec2::new(
                    l.problems.x + 12.0 * s,
                    l.problems.y + l.problems.h - 16.0 * s,
                ),
                &more,
                &TextStyle::new(11.0 * s, DIM_TEXT),
            );
        }
    }

    /// The Needs panel, where the problem list is (a level solved has no
    /// problems): a row for each thing taken away, wrapped whole; the
    /// selected row (F7 plays its line) boxed in gold; the wheel scrolls.
    fn draw_needs(&self, list: &mut DrawList, font: &mut Font, l: &Layout, rows: &[String]) {
        let s = l.scale;
        let b = l.problems;
        let head = if self.is_checking_needs() {
            "Needs: solving without each (F6 stops)"
        } else {
            "Needs (click a row: F7 plays it)"
        };
        let head_style = TextStyle::new(14.0 * s, GOLD);
        let room = b.w - 24.0 * s;
        let head = fit_text(font, head, &head_style, room);
        list.text(
            font,
            Vec2::new(b.x + 12.0 * s, heading_y(l)),
            &head,
            &head_style,
        );
        let (selected, scroll) = self.needs_view();
        let style = TextStyle::new(12.0 * s, TEXT);
        let lh = problem_line_h(l);
        let shown = wrapped_rows(l, rows.iter().skip(scroll).map(String::as_str));
        for (k, (y, lines)) in shown.iter().enumerate() {
            let r = Rect::new(
                b.x + 6.0 * s,
                y - 2.0 * s,
                b.w - 12.0 * s,
                lines.len() as f32 * lh + 4.0 * s,
            );
            if selected == Some(scroll + k) {
                outline(list, r, 1.5 * s, GOLD);
            } else if self.mouse_px().is_some_and(|p| r.contains(p)) {
                list.quad(r, hex(0x222a40));
            }
            for (n, line) in lines.iter().enumerate() {
                let line = fit_text(font, line, &style, room);
                list.text(
                    font,
                    Vec2::new(b.x + 12.0 * s, y + n as f32 * lh),
                    &line,
                    &style,
                );
            }
        }
        let below = rows.len().saturating_sub(scroll + shown.len());
        if scroll > 0 || below > 0 {
            let more = match (scroll, below) {
                (0, n) => format!("and {n} more below (the wheel scrolls)"),
                (n, 0) => format!("{n} more above (the wheel scrolls)"),
                (a, n) => format!("{a} more above, {n} below (the wheel scrolls)"),
            };
            list.text(
                font,
                Vec2::new(b.x + 12.0 * s, b.y + b.h - 16.0 * s),
                &more,
                &TextStyle::new(11.0 * s, DIM_TEXT),
            );
        }
    }

    /// What the hovered button does, the solver's progress or the last
    /// message; the undo step on the right.
    fn draw_status_line(
        &self,
        list: &mut DrawList,
        font: &mut Font,
        l: &Layout,
        size_px: (u32, u32),
    ) {
        let s = l.scale;
        let w = size_px.0 as f32;
        let solving = self.is_solving();
        let hovered = self.mouse_px().and_then(|p| l.tool_at(p));
        list.quad(l.status, PANEL);
        let on_solve = self.mouse_px().is_some_and(|p| l.solve.contains(p));
        let (text, colour) = match (&self.status, hovered) {
            (_, Some(t)) => (
                format!("{} ({}): {}", t.name(), t.hotkey().to_uppercase(), t.help()),
                TEXT,
            ),
            (_, None) if on_solve => (
                "Solve (F6): the fewest turns, proven, no time limit, then what the level needs; F6 stops or goes on; F7 plays it"
                    .to_string(),
                TEXT,
            ),
            // While the solver runs, the status line is its progress.
            (_, None) if solving => (self.solver_line().unwrap_or_default(), GOLD),
            (Some(Status::Info(t)), None) => (t.clone(), TEXT),
            (Some(Status::Refused(t)), None) => (t.clone(), NOTICE_TEXT),
            (None, None) => (
                format!("{}: {} · F1 help", self.tool.name(), self.tool.help()),
                DIM_TEXT,
            ),
        };
        let undo = match self.editor.history().undo_name() {
            Some(n) => format!("Ctrl+Z: {n}"),
            None => "nothing to undo".to_string(),
        };
        let undo = clip_text(&undo, 50);
        let undo_style = TextStyle::new(13.0 * s, DIM_TEXT).aligned(Align::Right);
        let room = w - 40.0 * s - render::text::measure(font, &undo, &undo_style).x;
        let style = TextStyle::new(14.0 * s, colour);
        let text = fit_text(font, &text, &style, room);
        list.text(
            font,
            Vec2::new(10.0 * s, l.status.y + 6.0 * s),
            &text,
            &style,
        );
        list.text(
            font,
            Vec2::new(w - 10.0 * s, l.status.y + 6.0 * s),
            &undo,
            &undo_style,
        );
    }
}

/// A short glyph for each tool's button.
fn tool_icon(t: Tool) -> &'static str {
    match t {
        Tool::Select => "[ ]",
        Tool::Cells => "##",
        Tool::Room => "[#]",
        Tool::Wall => "|",
        Tool::Platform => "_",
        Tool::Portal => "()",
        Tool::Entrance => "@",
        Tool::Hero => "H",
        Tool::Item => "$",
        Tool::Rope => "&",
        Tool::Watcher => "W",
        Tool::Route => "->",
    }
}

/// `text`, clipped (with an ellipsis) to fit `room` pixels; empty if not
/// even its first character does.
pub(super) fn fit_text(font: &mut Font, text: &str, style: &TextStyle, room: f32) -> String {
    fit_with(font, text, style, room, clip_text)
}

/// [`fit_text`] with the clipping `clip` (the text and the most
/// characters to keep).
fn fit_with(
    font: &mut Font,
    text: &str,
    style: &TextStyle,
    room: f32,
    clip: fn(&str, usize) -> String,
) -> String {
    let fits =
        |font: &mut Font, n: usize| render::text::measure(font, &clip(text, n), style).x <= room;
    // The most characters that fit (a binary search).
    let (mut lo, mut hi) = (1, text.chars().count());
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if fits(font, mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    if fits(font, lo) {
        clip(text, lo)
    } else {
        String::new()
    }
}

/// `text` in at most `max` characters: whole, or cut after its last
/// whole word that fits (mid-word only when that word is most of what
/// fits), with an ellipsis.
fn clip_words(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let keep: Vec<char> = text.chars().take(max.saturating_sub(1)).collect();
    let next = text.chars().nth(keep.len());
    let cut = if next == Some(' ') {
        keep.len()
    } else {
        keep.iter()
            .rposition(|&c| c == ' ')
            .filter(|&at| at * 2 >= keep.len())
            .unwrap_or(keep.len())
    };
    let mut s: String = keep[..cut]
        .iter()
        .collect::<String>()
        .trim_end()
        .to_string();
    s.push('…');
    s
}

fn clip_text(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::clip_words;

    #[test]
    fn inspector_values_are_cut_after_a_whole_word() {
        let notes = "Bring the heavy statue up from the bottom";
        assert_eq!(clip_words(notes, 100), notes, "fits whole");
        assert_eq!(clip_words(notes, 24), "Bring the heavy statue…");
        assert_eq!(clip_words(notes, 22), "Bring the heavy…");
        // The word after the cut starts right at it: the words before stay.
        assert_eq!(clip_words("7x8 (Ctrl+arrows grow)", 6), "7x8…");
        // One long word: cut in it rather than show nothing.
        assert_eq!(clip_words("Supercalifragilistic", 8), "Superca…");
    }
}
