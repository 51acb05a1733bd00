//! The title screen: the game's name over a rope shaft, and a menu — Play,
//! Editor, Options, Quit — chosen with Up/Down (or W/S, as bound) and
//! Enter, or by hovering and clicking with the mouse. Play opens the Play screen (the campaign and
//! the level packs, `play_list.rs`); Editor opens the
//! level editor's list of levels; Options the player's settings
//! (`options.rs`); Quit ends the game. With a game in
//! progress, Continue comes first and has the focus: when the title shows
//! (the screens make it afresh whenever it comes back on top), and after
//! Escape, which goes back towards the game left; with none, Escape goes
//! to Quit.
//!
//! Logic ([`TitleScreen::handle`]) and drawing ([`TitleScreen::draw`]) share
//! one pure [`layout`] of the drawable, so what the mouse hits is exactly
//! what is drawn, at any window size or pixel density.
use glam::Vec2;
use render::{Align, DrawList, Font, PanelStyle, Rect, Rgba, SpriteAtlas, TextStyle, WHITE};

use crate::screens::input::keymap::sets_name;
use crate::screens::input::{Input, Key, Keymap};
use crate::screens::theme::{
    DIM_TEXT, GOLD, ITEM_STYLE, ITEM_TEXT, NOTICE_TEXT, SELECTED_STYLE, SUB_TEXT,
};

/// The menu's entries, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    /// Resume the game left in progress (shown when there is one).
    Continue,
    Play,
    Editor,
    Options,
    Quit,
}

/// Entries in menu order.
pub const MENU: [MenuItem; 4] = [
    MenuItem::Play,
    MenuItem::Editor,
    MenuItem::Options,
    MenuItem::Quit,
];

/// Entries with a game in progress: Continue first.
pub const MENU_WITH_CONTINUE: [MenuItem; 5] = [
    MenuItem::Continue,
    MenuItem::Play,
    MenuItem::Editor,
    MenuItem::Options,
    MenuItem::Quit,
];

impl MenuItem {
    /// The label drawn on the button.
    pub fn label(self) -> &'static str {
        match self {
            MenuItem::Continue => "Continue",
            MenuItem::Play => "Play",
            MenuItem::Editor => "Editor",
            MenuItem::Options => "Options",
            MenuItem::Quit => "Quit",
        }
    }
}

/// What the title screen asks of the screens above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TitleAction {
    /// Resume the game in progress.
    Continue,
    /// Open the level select.
    Play,
    /// Open the level editor's list.
    Editor,
    /// Open the Options screen.
    Options,
    /// End the game.
    Quit,
}

const TITLE_SHADOW: Rgba = [0.02, 0.02, 0.04, 0.85];
const ROPE_TINT: Rgba = WHITE;

/// Where everything goes on a drawable of a given size (pixels, top-left origin).
#[derive(Clone, Debug, PartialEq)]
pub struct TitleLayout {
    /// Scale relative to the 1280×720 design.
    pub scale: f32,
    pub size: Vec2,
    /// Top centre of the title text and its size.
    pub title_at: Vec2,
    pub title_px: f32,
    pub subtitle_at: Vec2,
    pub subtitle_px: f32,
    /// Menu buttons, top to bottom.
    pub items: Vec<Rect>,
    pub item_text_px: f32,
    pub notice_at: Vec2,
    pub notice_px: f32,
    pub hint_at: Vec2,
    pub hint_px: f32,
    /// Side of one wall tile / character sprite on screen.
    pub tile_px: f32,
}

/// The layout for a `width`×`height` drawable, with the entries of
/// [`MENU`].
pub fn layout(width_px: u32, height_px: u32) -> TitleLayout {
    layout_for(width_px, height_px, MENU.len())
}

/// The layout for a `width`×`height` drawable with `n` menu entries.
pub fn layout_for(width_px: u32, height_px: u32, n: usize) -> TitleLayout {
    let (w, h) = (width_px.max(1) as f32, height_px.max(1) as f32);
    let s = (h / 720.0).min(w / 1280.0).max(0.2);
    // Small text grows with the player's size of text and panels.
    let small = s * crate::screens::theme::ui_scale();
    let cx = (w / 2.0).round();
    // The menu starts under the subtitle and ends above the notice and
    // the keys' line; more entries sit closer.
    let below_subtitle = (h * 0.12 + 200.0 * s).round();
    let above_footer = h - (56.0 * s + 56.0 * small).round();
    let step = (80.0 * s)
        .min((above_footer - below_subtitle) / n.max(1) as f32)
        .round();
    let item_size = Vec2::new((340.0 * s).round(), (62.0 * s).min(step - 8.0 * s).round());
    // Extra entries start higher, so the menu stays on screen.
    let first_top = ((h * 0.44).round() - (n.saturating_sub(3) as f32 * step * 0.5).round())
        .max(below_subtitle);
    let items: Vec<Rect> = (0..n)
        .map(|i| {
            Rect::new(
                cx - (item_size.x / 2.0).round(),
                first_top + i as f32 * step,
                item_size.x,
                item_size.y,
            )
        })
        .collect();
    let last = items[n.max(1) - 1];
    TitleLayout {
        scale: s,
        size: Vec2::new(w, h),
        title_at: Vec2::new(cx, (h * 0.12).round()),
        title_px: (128.0 * s).round().max(8.0),
        subtitle_at: Vec2::new(cx, (h * 0.12 + 160.0 * s).round()),
        subtitle_px: (22.0 * s).round().max(6.0),
        items,
        item_text_px: (30.0 * s).round().max(6.0),
        notice_at: Vec2::new(cx, last.y + last.h + (28.0 * s).round()),
        notice_px: (20.0 * small).round().max(6.0),
        hint_at: Vec2::new(cx, h - (28.0 * s + 16.0 * small).round()),
        hint_px: (16.0 * small).round().max(6.0),
        tile_px: (48.0 * s).round().max(4.0),
    }
}

impl TitleLayout {
    /// The menu entry under `p`, if any.
    pub fn item_at(&self, p: Vec2) -> Option<usize> {
        self.items.iter().position(|r| r.contains(p))
    }
}

/// The title screen's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TitleScreen {
    /// The entries shown ([`MENU`], or [`MENU_WITH_CONTINUE`]).
    pub menu: Vec<MenuItem>,
    /// Index into `menu`; always valid.
    pub selected: usize,
    /// The one-line notice under the menu; `None` shows nothing.
    pub notice: Option<String>,
}

impl Default for TitleScreen {
    fn default() -> TitleScreen {
        TitleScreen::new()
    }
}

impl TitleScreen {
    /// Play selected, no notice.
    pub fn new() -> TitleScreen {
        TitleScreen {
            menu: MENU.to_vec(),
            selected: 0,
            notice: None,
        }
    }

    /// With a game in progress: Continue first, and selected.
    pub fn with_continue() -> TitleScreen {
        TitleScreen {
            menu: MENU_WITH_CONTINUE.to_vec(),
            ..TitleScreen::new()
        }
    }

    fn layout(&self, size_px: (u32, u32)) -> TitleLayout {
        layout_for(size_px.0, size_px.1, self.menu.len())
    }

    fn activate(&mut self, index: usize) -> Option<TitleAction> {
        self.selected = index;
        match self.menu[index] {
            MenuItem::Continue => Some(TitleAction::Continue),
            MenuItem::Play => Some(TitleAction::Play),
            MenuItem::Editor => Some(TitleAction::Editor),
            MenuItem::Options => Some(TitleAction::Options),
            MenuItem::Quit => Some(TitleAction::Quit),
        }
    }

    /// Applies one input on a drawable of `size_px`; returns what the main
    /// loop must do, if anything.
    pub fn handle(&mut self, input: Input, size_px: (u32, u32)) -> Option<TitleAction> {
        let n = self.menu.len();
        match input {
            Input::Key(Key::Up) => self.selected = (self.selected + n - 1) % n,
            Input::Key(Key::Down) => self.selected = (self.selected + 1) % n,
            Input::Key(Key::Escape) => {
                self.selected = self
                    .menu
                    .iter()
                    .position(|&m| m == MenuItem::Continue)
                    .unwrap_or(n - 1)
            }
            Input::Key(Key::Enter | Key::Space) => return self.activate(self.selected),
            Input::MouseMove(p) => {
                if let Some(i) = self.layout(size_px).item_at(p) {
                    self.selected = i;
                }
            }
            Input::Click(p) => {
                if let Some(i) = self.layout(size_px).item_at(p) {
                    return self.activate(i);
                }
            }
            _ => {}
        }
        None
    }

    /// Draws the screen for a drawable of `size_px` into `list`, its hint
    /// naming the keys of `keys` (UI pass).
    pub fn draw(
        &self,
        list: &mut DrawList,
        font: &mut Font,
        sprites: &SpriteAtlas,
        size_px: (u32, u32),
        keys: &Keymap,
    ) {
        let l = self.layout(size_px);
        let (w, h) = (l.size.x, l.size.y);
        // The shaft: a dark gradient between two stone walls.
        crate::screens::menu::backdrop(list, l.size);
        let t = l.tile_px;
        if let Some(wall) = sprites.sprite("wall") {
            let rows = (h / t).ceil() as i32;
            for row in 0..rows {
                let y = row as f32 * t;
                list.sprite(wall, Rect::new(0.0, y, t, t), WHITE);
                list.sprite(wall, Rect::new(w - t, y, t, t), WHITE);
            }
        }
        // Two heroes on ropes, and the haul waiting on a ledge.
        let ropes = [
            (t * 2.0, h * 0.62, "knight"),
            (w - t * 3.0, h * 0.38, "sorceress"),
        ];
        for (x, bottom, hero) in ropes {
            if let Some(rope) = sprites.sprite("rope") {
                let mut y = 0.0;
                while y < bottom - t * 0.5 {
                    list.sprite(rope, Rect::new(x, y, t, t), ROPE_TINT);
                    y += t;
                }
            }
            if let Some(sprite) = sprites.sprite(hero) {
                list.sprite(sprite, Rect::new(x, bottom - t * 0.5, t, t), WHITE);
            }
        }
        let ledge_y = h - t * 1.6;
        if let Some(platform) = sprites.sprite("platform") {
            for i in 0..3 {
                list.sprite(
                    platform,
                    Rect::new(w - t * (4.0 - i as f32), ledge_y + t, t, t),
                    WHITE,
                );
            }
        }
        for (i, name) in ["relic", "bucket"].iter().enumerate() {
            if let Some(s) = sprites.sprite(name) {
                list.sprite(
                    s,
                    Rect::new(w - t * (3.6 - i as f32 * 1.2), ledge_y, t, t),
                    WHITE,
                );
            }
        }

        // The name, with a drop shadow.
        let title = TextStyle::new(l.title_px, TITLE_SHADOW).aligned(Align::Centre);
        let shadow = (4.0 * l.scale).round().max(1.0);
        list.text(font, l.title_at + Vec2::splat(shadow), "Rappel", &title);
        list.text(
            font,
            l.title_at,
            "Rappel",
            &TextStyle {
                colour: GOLD,
                ..title
            },
        );
        let subtitle = TextStyle::new(l.subtitle_px, SUB_TEXT).aligned(Align::Centre);
        list.text(font, l.subtitle_at, "ropes · relics · portals", &subtitle);

        // The menu.
        let scale_style = |s: PanelStyle| PanelStyle {
            border_px: (s.border_px * l.scale).round().max(1.0),
            bevel_px: (s.bevel_px * l.scale).round(),
            ..s
        };
        let line_h = font.line_metrics(l.item_text_px).line_height_px;
        for (i, (item, rect)) in self.menu.iter().zip(l.items.iter().copied()).enumerate() {
            let selected = i == self.selected;
            let style = if selected { SELECTED_STYLE } else { ITEM_STYLE };
            list.panel(rect, &scale_style(style));
            let colour = if selected { WHITE } else { ITEM_TEXT };
            let text = TextStyle::new(l.item_text_px, colour).aligned(Align::Centre);
            let at = Vec2::new(rect.centre().x, (rect.centre().y - line_h / 2.0).round());
            list.text(font, at, item.label(), &text);
            if selected {
                if let Some(relic) = sprites.sprite("relic") {
                    let side = (rect.h * 0.6).round();
                    let y = (rect.centre().y - side / 2.0).round();
                    list.sprite(
                        relic,
                        Rect::new(rect.x - side - (10.0 * l.scale).round(), y, side, side),
                        WHITE,
                    );
                }
            }
        }
        if let Some(notice) = &self.notice {
            let style = TextStyle::new(l.notice_px, NOTICE_TEXT)
                .aligned(Align::Centre)
                .wrapped(w * 0.9);
            list.text(font, l.notice_at, notice, &style);
        }
        let hint = TextStyle::new(l.hint_px, DIM_TEXT).aligned(Align::Centre);
        list.text(font, l.hint_at, &hint_line(keys), &hint);
    }
}

/// The hint line under the menu, with the keys of `keys`: "↑ ↓ / W S to
/// choose · Enter or click to select".
pub fn hint_line(keys: &Keymap) -> String {
    format!(
        "{} to choose · {} or click to select",
        sets_name(keys, &[Key::Up, Key::Down]),
        keys.name(Key::Enter)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hint_names_the_keys_bound_now() {
        let mut keys = Keymap::default();
        assert_eq!(
            hint_line(&keys),
            "↑ ↓ / W S to choose · Enter or click to select"
        );
        let g = crate::screens::input::Chord::parse("g").unwrap();
        keys.rebind(Key::Enter, g).unwrap();
        assert_eq!(
            hint_line(&keys),
            "↑ ↓ / W S to choose · G or click to select"
        );
    }

    const SIZE: (u32, u32) = (1280, 720);

    #[test]
    fn keys_move_the_selection_with_wrap_around() {
        let mut t = TitleScreen::new();
        assert_eq!(t.handle(Input::Key(Key::Down), SIZE), None);
        assert_eq!(t.selected, 1);
        t.handle(Input::Key(Key::Down), SIZE);
        t.handle(Input::Key(Key::Down), SIZE);
        t.handle(Input::Key(Key::Down), SIZE);
        assert_eq!(t.selected, 0, "wraps past the bottom");
        t.handle(Input::Key(Key::Up), SIZE);
        assert_eq!(MENU[t.selected], MenuItem::Quit, "wraps past the top");
        t.handle(Input::Key(Key::Up), SIZE);
        assert_eq!(MENU[t.selected], MenuItem::Options);
        assert_eq!(
            t.handle(Input::Key(Key::Enter), SIZE),
            Some(TitleAction::Options)
        );
    }

    #[test]
    fn play_opens_the_level_select_editor_opens_the_editor_and_quit_quits() {
        let mut t = TitleScreen::new();
        assert_eq!(
            t.handle(Input::Key(Key::Enter), SIZE),
            Some(TitleAction::Play)
        );
        assert_eq!(t.notice, None);
        t.handle(Input::Key(Key::Down), SIZE);
        assert_eq!(
            t.handle(Input::Key(Key::Enter), SIZE),
            Some(TitleAction::Editor)
        );
        t.handle(Input::Key(Key::Escape), SIZE);
        assert_eq!(MENU[t.selected], MenuItem::Quit, "Escape goes to Quit");
        assert_eq!(
            t.handle(Input::Key(Key::Enter), SIZE),
            Some(TitleAction::Quit)
        );
    }

    #[test]
    fn with_a_game_in_progress_continue_has_the_focus_and_escape_goes_back_to_it() {
        let mut t = TitleScreen::with_continue();
        assert_eq!(t.menu[t.selected], MenuItem::Continue);
        t.handle(Input::Key(Key::Down), SIZE);
        t.handle(Input::Key(Key::Escape), SIZE);
        assert_eq!(t.menu[t.selected], MenuItem::Continue);
        t.handle(Input::Key(Key::Escape), SIZE);
        assert_eq!(
            t.handle(Input::Key(Key::Enter), SIZE),
            Some(TitleAction::Continue)
        );
    }

    #[test]
    fn hovering_selects_and_clicking_activates_what_is_drawn_there() {
        for size in [SIZE, (800, 600), (2560, 1440), (640, 1000)] {
            let l = layout(size.0, size.1);
            let mut t = TitleScreen::new();
            t.handle(Input::MouseMove(l.items[3].centre()), size);
            assert_eq!(t.selected, 3, "hover over Quit at {size:?}");
            // Moving off the menu keeps the selection.
            t.handle(Input::MouseMove(Vec2::new(1.0, 1.0)), size);
            assert_eq!(t.selected, 3);
            // A click outside any button does nothing.
            assert_eq!(t.handle(Input::Click(Vec2::new(1.0, 1.0)), size), None);
            assert_eq!(t.notice, None);
            assert_eq!(
                t.handle(Input::Click(l.items[1].centre()), size),
                Some(TitleAction::Editor)
            );
            assert_eq!(t.selected, 1);
            assert_eq!(
                t.handle(Input::Click(l.items[3].min()), size),
                Some(TitleAction::Quit)
            );
        }
    }

    #[test]
    fn layout_keeps_the_menu_on_screen_in_order_without_overlap() {
        for (w, h, n, percent) in [(1280, 720), (320, 200), (3840, 2160), (600, 1200)]
            .into_iter()
            .flat_map(|(w, h)| [(w, h, 4, 100), (w, h, 5, 100), (w, h, 5, 200)])
        {
            crate::screens::theme::set_ui_scale(percent as f32 / 100.0);
            let l = layout_for(w, h, n);
            let (w, h) = (w as f32, h as f32);
            for pair in l.items.windows(2) {
                assert!(
                    pair[0].y + pair[0].h < pair[1].y,
                    "{w}x{h}, {n} at {percent} %: buttons overlap"
                );
            }
            for r in &l.items {
                assert!(
                    r.x >= 0.0 && r.x + r.w <= w && r.y + r.h <= h,
                    "{w}x{h}, {n} at {percent} %: {r:?}"
                );
            }
            assert!(
                l.subtitle_at.y + l.subtitle_px * 1.3 < l.items[0].y,
                "{w}x{h}, {n} at {percent} %: title above the menu"
            );
            assert!(
                l.notice_at.y + l.notice_px * 1.3 < l.hint_at.y,
                "{w}x{h}, {n} at {percent} %: notice above the hint"
            );
            assert!(
                l.hint_at.y + l.hint_px * 1.3 <= h,
                "{w}x{h}: the hint on screen"
            );
        }
        crate::screens::theme::set_ui_scale(1.0);
    }
}
