//! The Controls screen (`Screens::open_controls`): every rebindable action
//! ([`ACTIONS`]) under its group's heading, with its keyboard keys and, to
//! read only, what gives it on a gamepad; then "Reset to defaults".
//!
//! Up and Down (whatever keys they are bound to) move, skipping the
//! headings; Enter (or Space, or a click) on an action waits for the next
//! key pressed ("Press a key for Undo · Esc cancels") and adds it to the
//! action's keys — unless it already does an action, which is refused with
//! the reason on screen ("Z is already Undo") and changes nothing, the
//! screen still waiting for another key. Esc (the key itself, whatever it
//! is bound to, or a gamepad's B), a click or a gamepad button stop
//! waiting; Shift alone is waited past, to be held with a key. Delete or
//! Backspace (the keys themselves) takes away the action's last key,
//! refused with the reason when it is the last key of an action the menus
//! need. "Reset to defaults" puts every key back. Each change is the
//! player's keymap at once ([`ControlsAction::Changed`]). Esc goes back.
//!
//! The list scrolls to keep the selection in view (the mouse wheel
//! scrolls it too); it is laid out, like the other menus, on the 1280×720
//! design scaled to the drawable, so 640×360 shows the same rows.
//! Logic and drawing share one pure [`layout`].
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle, WHITE};

use super::input::keymap::{Group, ACTIONS};
use super::input::{pad_names, Code, Input, Key, Keymap, RawInput};
use super::level_select::fit_px;
use super::menu;
use super::theme::{
    DIM_TEXT, DISABLED_TEXT, GOLD, ITEM_STYLE, ITEM_TEXT, SELECTED_STYLE, SUB_TEXT,
};

/// One row of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// A group's heading (not selectable).
    Heading(Group),
    /// Action `n` of [`ACTIONS`].
    Action(usize),
    /// "Reset to defaults".
    Reset,
}

/// The rows, top to bottom: each group's heading before its actions, then
/// Reset.
pub fn rows() -> Vec<Row> {
    let mut out = Vec::new();
    for (i, a) in ACTIONS.iter().enumerate() {
        if i == 0 || ACTIONS[i - 1].group != a.group {
            out.push(Row::Heading(a.group));
        }
        out.push(Row::Action(i));
    }
    out.push(Row::Reset);
    out
}

/// What the screen asks of the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlsAction {
    /// The keymap changed: it is the player's from now on.
    Changed,
    Back,
}

/// The line under the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// What changed.
    Done(String),
    /// Why nothing did.
    Refused(String),
}

/// The screen's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ControlsScreen {
    /// The selected row (an action or Reset, never a heading).
    pub selected: usize,
    /// The first row shown.
    pub top: usize,
    /// Waiting for a key for the selected action.
    waiting: bool,
    pub said: Option<Said>,
}

impl Default for ControlsScreen {
    fn default() -> ControlsScreen {
        ControlsScreen::new()
    }
}

/// Where things go on a drawable of `size`.
#[derive(Clone, Debug, PartialEq)]
pub struct ControlsLayout {
    pub scale: f32,
    pub title_at: Vec2,
    pub title_px: f32,
    /// The table: the columns' left edges (action, keys, gamepad) and its
    /// width.
    pub table: Rect,
    pub keys_x: f32,
    pub pad_x: f32,
    pub heads_y: f32,
    /// The rows shown, from the first shown: their rectangles.
    pub rows: Vec<Rect>,
    pub row_px: f32,
    pub small_px: f32,
    pub notice_at: Vec2,
    pub hint_at: Vec2,
}

/// The layout of the rows from `top` on, as many as fit.
pub fn layout(size: Vec2, top: usize) -> ControlsLayout {
    let s = (size.y / 720.0).min(size.x / 1280.0).max(0.2);
    let width = (1120.0 * s).min(size.x - 40.0 * s).round();
    let x = ((size.x - width) / 2.0).round();
    let first_y = (112.0 * s).round();
    let bottom = size.y - 120.0 * s;
    let step = 30.0 * s;
    let fit = (((bottom - first_y) / step).floor() as usize).max(1);
    let shown = fit.min(rows().len().saturating_sub(top));
    let list_h = step * fit as f32;
    ControlsLayout {
        scale: s,
        title_at: Vec2::new((size.x / 2.0).round(), (20.0 * s).round()),
        title_px: (40.0 * s).round().max(8.0),
        table: Rect::new(x, first_y, width, list_h.round()),
        keys_x: (x + 0.34 * width).round(),
        pad_x: (x + 0.68 * width).round(),
        heads_y: (80.0 * s).round(),
        rows: (0..shown)
            .map(|i| {
                Rect::new(
                    x,
                    (first_y + i as f32 * step).round(),
                    width,
                    (step - 4.0 * s).round(),
                )
            })
            .collect(),
        row_px: (18.0 * s).round().max(6.0),
        small_px: (16.0 * s).round().max(6.0),
        notice_at: Vec2::new((size.x / 2.0).round(), (size.y - 100.0 * s).round()),
        hint_at: Vec2::new((size.x / 2.0).round(), (size.y - 44.0 * s).round()),
    }
}

/// How many rows fit on a drawable of `size`.
fn rows_shown(size: Vec2) -> usize {
    layout(size, 0).rows.len()
}

impl ControlsScreen {
    /// The first action selected, nothing said.
    pub fn new() -> ControlsScreen {
        ControlsScreen {
            selected: 1,
            top: 0,
            waiting: false,
            said: None,
        }
    }

    /// Whether it waits for a key (then every key pressed is its: see
    /// [`ControlsScreen::takes`]).
    pub fn waiting(&self) -> bool {
        self.waiting
    }

    /// The action of the selected row, if it is one.
    fn action(&self) -> Option<usize> {
        match rows().get(self.selected) {
            Some(Row::Action(i)) => Some(*i),
            _ => None,
        }
    }

    /// Whether it reads `raw` as typed, before anything else does (F11,
    /// M, the keymap): every input while it waits for a key, and Delete
    /// or Backspace.
    pub fn takes(&self, raw: &RawInput) -> bool {
        self.waiting
            || matches!(raw, RawInput::Chord(c) if matches!(c.code, Code::Delete | Code::Backspace))
    }

    /// Applies an input [`ControlsScreen::takes`]: a key for the action
    /// waited on, or the removal of the selected action's last key.
    pub fn handle_raw(&mut self, raw: RawInput, keys: &mut Keymap) -> Option<ControlsAction> {
        if !self.waiting {
            return match raw {
                RawInput::Chord(_) => self.remove_last(keys),
                _ => None,
            };
        }
        let action = ACTIONS[self.action()?].key;
        match raw {
            RawInput::Chord(c) if c.code == Code::Escape => self.stop_waiting(),
            // Shift is held with the key to come.
            RawInput::Chord(c) if matches!(c.code, Code::LShift | Code::RShift) => {}
            RawInput::Chord(c) => match keys.bind(action, c) {
                Ok(()) => {
                    self.waiting = false;
                    self.said = Some(Said::Done(format!(
                        "{}: {}",
                        ACTIONS[self.action()?].name,
                        keys.names(action)
                    )));
                    return Some(ControlsAction::Changed);
                }
                Err(why) => {
                    self.said = Some(Said::Refused(format!(
                        "{why}: nothing changed · press another key, or Esc"
                    )));
                }
            },
            RawInput::Input(Input::Key(_) | Input::Click(_) | Input::RightClick(_))
            | RawInput::Press(..) => self.stop_waiting(),
            _ => {}
        }
        None
    }

    fn stop_waiting(&mut self) {
        self.waiting = false;
        self.said = None;
    }

    /// Delete or Backspace: the selected action's last key taken away.
    fn remove_last(&mut self, keys: &mut Keymap) -> Option<ControlsAction> {
        let a = &ACTIONS[self.action()?];
        let Some(&last) = keys.bindings(a.key).last() else {
            self.said = Some(Said::Refused(format!("{} has no key to take away", a.name)));
            return None;
        };
        match keys.unbind(a.key, last) {
            Ok(()) => {
                self.said = Some(Said::Done(format!("{} no longer does {}", last, a.name)));
                Some(ControlsAction::Changed)
            }
            Err(why) => {
                self.said = Some(Said::Refused(why.to_string()));
                None
            }
        }
    }

    /// The next selectable row from `from`, `step` (±1) at a time, round.
    fn next(from: usize, step: isize) -> usize {
        let rows = rows();
        let n = rows.len() as isize;
        let mut at = from as isize;
        loop {
            at = (at + step).rem_euclid(n);
            if !matches!(rows[at as usize], Row::Heading(_)) {
                return at as usize;
            }
        }
    }

    /// Scrolls so the selected row, and its heading when it is the
    /// group's first, are shown.
    fn keep_in_view(&mut self, size: Vec2) {
        let shown = rows_shown(size);
        let want_top = match rows().get(self.selected.wrapping_sub(1)) {
            Some(Row::Heading(_)) => self.selected - 1,
            _ => self.selected,
        };
        if want_top < self.top {
            self.top = want_top;
        } else if self.selected >= self.top + shown {
            self.top = self.selected + 1 - shown;
        }
    }

    /// Scrolls by `rows` (the mouse wheel), within the list.
    fn scroll(&mut self, rows: isize, size: Vec2) {
        let last_top = self::rows().len().saturating_sub(rows_shown(size));
        self.top = (self.top as isize + rows).clamp(0, last_top as isize) as usize;
    }

    /// The row under `p`, if a selectable one is there.
    fn row_at(&self, p: Vec2, size: Vec2) -> Option<usize> {
        let l = layout(size, self.top);
        let i = self.top + l.rows.iter().position(|r| r.contains(p))?;
        (!matches!(rows()[i], Row::Heading(_))).then_some(i)
    }

    /// Applies one input on a drawable of `size` (its keys read through
    /// `keys`, which a change goes into).
    pub fn handle(
        &mut self,
        input: Input,
        size: Vec2,
        keys: &mut Keymap,
    ) -> Option<ControlsAction> {
        if self.waiting {
            return self.handle_raw(RawInput::Input(input), keys);
        }
        match input {
            Input::Key(Key::Up) => self.selected = Self::next(self.selected, -1),
            Input::Key(Key::Down) => self.selected = Self::next(self.selected, 1),
            Input::Key(Key::Enter | Key::Space) => return self.choose(keys),
            Input::Key(Key::Escape) => return Some(ControlsAction::Back),
            Input::Key(Key::ZoomIn | Key::ZoomOut) => {
                let rows = if input == Input::Key(Key::ZoomIn) {
                    -3
                } else {
                    3
                };
                self.scroll(rows, size);
                return None;
            }
            Input::MouseMove(p) => {
                if let Some(i) = self.row_at(p, size) {
                    self.selected = i;
                }
                return None;
            }
            Input::Click(p) => {
                let i = self.row_at(p, size)?;
                self.selected = i;
                return self.choose(keys);
            }
            _ => return None,
        }
        self.keep_in_view(size);
        None
    }

    /// Enter on the selected row: wait for a key, or reset.
    fn choose(&mut self, keys: &mut Keymap) -> Option<ControlsAction> {
        match rows().get(self.selected)? {
            Row::Action(_) => {
                self.waiting = true;
                self.said = None;
                None
            }
            Row::Reset => {
                keys.reset();
                self.said = Some(Said::Done("Every key is back to its default".into()));
                Some(ControlsAction::Changed)
            }
            Row::Heading(_) => None,
        }
    }

    /// The line under the list: what waiting asks, or what was said.
    pub fn notice(&self) -> Option<String> {
        match (&self.said, self.waiting) {
            (Some(Said::Refused(why)), _) => Some(why.clone()),
            (_, true) => self
                .action()
                .map(|i| format!("Press a key for {} · Esc cancels", ACTIONS[i].name)),
            (Some(Said::Done(what)), false) => Some(what.clone()),
            (None, false) => None,
        }
    }

    /// The keys' hint line, with the keys bound now.
    pub fn hint(keys: &Keymap) -> String {
        keys.fill(
            "{up} {down} choose · {enter} adds a key · Delete takes the last away · {escape} back",
        )
    }

    /// Draws the screen with the keys of `keys`.
    pub fn draw(&self, list: &mut DrawList, font: &mut Font, size: Vec2, keys: &Keymap) {
        let l = layout(size, self.top);
        let s = l.scale;
        list.set_pass(render::Pass::Ui);
        menu::backdrop(list, size);
        list.text(
            font,
            l.title_at,
            "Controls",
            &TextStyle::new(l.title_px, GOLD).aligned(Align::Centre),
        );
        let pad = 14.0 * s;
        let head = TextStyle::new(l.small_px, SUB_TEXT);
        for (x, label) in [
            (l.table.x, "Action"),
            (l.keys_x, "Keys"),
            (l.pad_x, "Gamepad"),
        ] {
            list.text(font, Vec2::new(x + pad, l.heads_y), label, &head);
        }
        let line_h = font.line_metrics(l.row_px).line_height_px;
        let all = rows();
        for (rect, (i, row)) in l.rows.iter().zip(all.iter().enumerate().skip(self.top)) {
            let selected = i == self.selected;
            let text_y = (rect.centre().y - line_h / 2.0).round();
            match *row {
                Row::Heading(g) => {
                    list.text(
                        font,
                        Vec2::new(rect.x + pad * 0.5, text_y),
                        g.name(),
                        &TextStyle::new(l.row_px, GOLD),
                    );
                }
                Row::Reset => {
                    let w = (320.0 * s).round();
                    let r = Rect::new((rect.centre().x - w / 2.0).round(), rect.y, w, rect.h);
                    menu::draw_item(
                        list,
                        font,
                        r,
                        "Reset to defaults",
                        selected,
                        true,
                        l.row_px,
                        s,
                    );
                }
                Row::Action(a) => {
                    let action = &ACTIONS[a];
                    if selected {
                        list.panel(*rect, &menu::scaled(SELECTED_STYLE, s));
                    } else {
                        list.panel(*rect, &menu::scaled(ITEM_STYLE, s));
                    }
                    let name_colour = if selected { WHITE } else { ITEM_TEXT };
                    let names = keys.names(action.key);
                    let (keys_text, keys_colour) =
                        match (selected && self.waiting, names.is_empty()) {
                            (true, _) => ("Press a key…".to_string(), GOLD),
                            (false, true) => ("no key".to_string(), DISABLED_TEXT),
                            (false, false) => (names, name_colour),
                        };
                    let pad_text = pad_names(action.key);
                    let (pad_text, pad_colour) = match pad_text.is_empty() {
                        true => ("—".to_string(), DISABLED_TEXT),
                        false => (pad_text, DIM_TEXT),
                    };
                    let cells = [
                        (l.table.x, l.keys_x, action.name.to_string(), name_colour),
                        (l.keys_x, l.pad_x, keys_text, keys_colour),
                        (l.pad_x, l.table.x + l.table.w, pad_text, pad_colour),
                    ];
                    for (x0, x1, text, colour) in cells {
                        let px = fit_px(font, &text, l.row_px, x1 - x0 - 2.0 * pad);
                        let y =
                            (rect.centre().y - font.line_metrics(px).line_height_px / 2.0).round();
                        list.text(
                            font,
                            Vec2::new(x0 + pad, y),
                            &text,
                            &TextStyle::new(px, colour),
                        );
                    }
                }
            }
        }
        self.draw_scrollbar(list, &l, all.len());
        menu::footer(
            list,
            font,
            size,
            l.small_px,
            (self.notice().as_deref(), l.notice_at),
            (&Self::hint(keys), l.hint_at),
        );
    }

    /// A thin bar beside the table: where the rows shown are in the list.
    fn draw_scrollbar(&self, list: &mut DrawList, l: &ControlsLayout, total: usize) {
        if l.rows.len() >= total {
            return;
        }
        let s = l.scale;
        let track = Rect::new(
            l.table.x + l.table.w + 8.0 * s,
            l.table.y,
            (4.0 * s).max(2.0).round(),
            l.table.h,
        );
        list.quad(track, render::colour::with_alpha(SUB_TEXT, 0.25));
        let h = track.h * l.rows.len() as f32 / total as f32;
        let y = track.y + track.h * self.top as f32 / total as f32;
        list.quad(Rect::new(track.x, y.round(), track.w, h.round()), SUB_TEXT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::input::Chord;

    const SIZE: Vec2 = Vec2::new(1280.0, 720.0);

    fn key(c: &mut ControlsScreen, keys: &mut Keymap, k: Key) -> Option<ControlsAction> {
        c.handle(Input::Key(k), SIZE, keys)
    }

    fn press(c: &mut ControlsScreen, keys: &mut Keymap, text: &str) -> Option<ControlsAction> {
        let raw = RawInput::Chord(Chord::parse(text).expect(text));
        assert!(c.takes(&raw), "{text}");
        c.handle_raw(raw, keys)
    }

    /// Selects the row of `action` with Down.
    fn select(c: &mut ControlsScreen, keys: &mut Keymap, action: Key) {
        let want = rows()
            .iter()
            .position(|r| matches!(r, Row::Action(i) if ACTIONS[*i].key == action))
            .expect("a row");
        while c.selected != want {
            key(c, keys, Key::Down);
        }
    }

    #[test]
    fn every_action_has_a_row_under_its_groups_heading_and_reset_comes_last() {
        let rows = rows();
        let actions = rows.iter().filter(|r| matches!(r, Row::Action(_))).count();
        assert_eq!(actions, ACTIONS.len());
        let headings: Vec<Group> = rows
            .iter()
            .filter_map(|r| match r {
                Row::Heading(g) => Some(*g),
                _ => None,
            })
            .collect();
        assert_eq!(
            headings,
            [
                Group::Moving,
                Group::Heroes,
                Group::Actions,
                Group::Camera,
                Group::Menus,
                Group::Other
            ]
        );
        assert_eq!(rows.last(), Some(&Row::Reset));
        // Up and Down skip the headings, round the list.
        let mut keys = Keymap::default();
        let mut c = ControlsScreen::new();
        assert_eq!(rows[c.selected], Row::Action(0));
        key(&mut c, &mut keys, Key::Up);
        assert_eq!(rows[c.selected], Row::Reset, "round to the bottom");
        key(&mut c, &mut keys, Key::Down);
        assert_eq!(rows[c.selected], Row::Action(0));
        for _ in 0..rows.len() {
            key(&mut c, &mut keys, Key::Down);
            assert!(!matches!(rows[c.selected], Row::Heading(_)));
        }
    }

    #[test]
    fn rebinding_undo_to_u_and_a_key_in_use_refused_with_the_reason() {
        let mut keys = Keymap::default();
        let mut c = ControlsScreen::new();
        select(&mut c, &mut keys, Key::Undo);
        // Z and Ctrl+Z taken away.
        assert_eq!(
            press(&mut c, &mut keys, "delete"),
            Some(ControlsAction::Changed)
        );
        assert_eq!(c.notice().as_deref(), Some("Ctrl+Z no longer does Undo"));
        assert_eq!(
            press(&mut c, &mut keys, "backspace"),
            Some(ControlsAction::Changed)
        );
        assert_eq!(press(&mut c, &mut keys, "delete"), None);
        assert_eq!(c.notice().as_deref(), Some("Undo has no key to take away"));
        // Enter waits; Y is Redo's: refused, nothing changes, still waiting.
        assert_eq!(key(&mut c, &mut keys, Key::Enter), None);
        assert!(c.waiting());
        assert_eq!(
            c.notice().as_deref(),
            Some("Press a key for Undo · Esc cancels")
        );
        let before = keys.clone();
        assert_eq!(press(&mut c, &mut keys, "y"), None);
        assert_eq!(keys, before);
        assert_eq!(
            c.notice().as_deref(),
            Some("Y is already Redo: nothing changed · press another key, or Esc")
        );
        assert!(c.waiting());
        // Shift alone is held for the key to come; F11 and M are keys too.
        assert_eq!(press(&mut c, &mut keys, "shift"), None);
        assert!(c.waiting());
        assert_eq!(press(&mut c, &mut keys, "u"), Some(ControlsAction::Changed));
        assert!(!c.waiting());
        assert_eq!(c.notice().as_deref(), Some("Undo: U"));
        assert_eq!(keys.key(Chord::parse("u").unwrap()), Some(Key::Undo));
        assert_eq!(keys.key(Chord::parse("z").unwrap()), None);
        // Esc stops waiting, and changes nothing.
        key(&mut c, &mut keys, Key::Enter);
        assert_eq!(press(&mut c, &mut keys, "escape"), None);
        assert!(!c.waiting());
        assert_eq!(keys.names(Key::Undo), "U");
        // Reset to defaults, the last row.
        key(&mut c, &mut keys, Key::Up);
        let reset = rows().len() - 1;
        while c.selected != reset {
            key(&mut c, &mut keys, Key::Down);
        }
        assert_eq!(
            key(&mut c, &mut keys, Key::Enter),
            Some(ControlsAction::Changed)
        );
        assert_eq!(keys, Keymap::default());
        assert_eq!(
            key(&mut c, &mut keys, Key::Escape),
            Some(ControlsAction::Back)
        );
    }

    #[test]
    fn the_menus_last_key_stays_and_says_why() {
        let mut keys = Keymap::default();
        let mut c = ControlsScreen::new();
        select(&mut c, &mut keys, Key::Escape);
        assert_eq!(press(&mut c, &mut keys, "delete"), None);
        assert_eq!(
            c.notice().as_deref(),
            Some("Back, pause keeps its last key: the menus need one (add another first)")
        );
        assert_eq!(keys, Keymap::default());
    }

    #[test]
    fn the_list_scrolls_with_the_selection_and_the_mouse_picks_what_is_drawn() {
        for size in [SIZE, Vec2::new(640.0, 360.0)] {
            let mut keys = Keymap::default();
            let mut c = ControlsScreen::new();
            let shown = rows_shown(size);
            assert!(
                shown >= 12 && shown < rows().len(),
                "{shown} rows at {size}"
            );
            let l = layout(size, 0);
            let last = l.rows.last().expect("rows");
            assert!(
                last.y + last.h < l.notice_at.y,
                "{size}: the list above the footer"
            );
            for _ in 0..rows().len() {
                c.handle(Input::Key(Key::Down), size, &mut keys);
                assert!(
                    (c.top..c.top + shown).contains(&c.selected),
                    "{size}: {} in view from {}",
                    c.selected,
                    c.top
                );
            }
            // The mouse: hover, then a click waits for a key.
            c.top = 0;
            let l = layout(size, c.top);
            c.handle(Input::MouseMove(l.rows[3].centre()), size, &mut keys);
            assert_eq!(c.selected, 3);
            c.handle(Input::MouseMove(l.rows[0].centre()), size, &mut keys);
            assert_eq!(c.selected, 3, "a heading is not selected");
            c.handle(Input::Click(l.rows[2].centre()), size, &mut keys);
            assert!(c.waiting() && c.selected == 2);
            c.handle(Input::Click(l.rows[2].centre()), size, &mut keys);
            assert!(!c.waiting(), "a click stops waiting");
            // The wheel scrolls, within the list.
            c.handle(Input::Key(Key::ZoomOut), size, &mut keys);
            assert_eq!(c.top, 3);
            for _ in 0..40 {
                c.handle(Input::Key(Key::ZoomOut), size, &mut keys);
            }
            assert_eq!(c.top, rows().len() - shown);
        }
    }

    #[test]
    fn the_hint_names_the_keys_bound_now() {
        let mut keys = Keymap::default();
        assert_eq!(
            ControlsScreen::hint(&keys),
            "↑ ↓ choose · Enter adds a key · Delete takes the last away · Esc back"
        );
        keys.rebind(Key::Escape, Chord::parse("q").unwrap())
            .unwrap();
        assert!(ControlsScreen::hint(&keys).ends_with("· Q back"));
    }
}
