//! A vertical menu of buttons, shared by the level select, the pause menu,
//! the results screen and the play screen's context actions: Up/Down (the
//! keys bound to them, the d-pad) move the selection with wrap-around,
//! Enter/Space choose, the mouse
//! hovers and clicks, Escape backs out. Rectangles come from the screen's
//! own pure layout, so what the mouse hits is exactly what is drawn.
use glam::Vec2;
use render::{Align, DrawList, Font, PanelStyle, Rect, TextStyle, WHITE};

use crate::screens::input::{Input, Key};
use crate::screens::theme::{
    DISABLED_TEXT, ITEM_STYLE, ITEM_TEXT, NOTICE_TEXT, OVERLAY_STYLE, SELECTED_STYLE, SUB_TEXT,
    VEIL,
};

/// What a menu input did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuEvent {
    /// Entry `n` was chosen.
    Chosen(usize),
    /// Escape: close or go back.
    Back,
}

/// A menu's selection; always within the entries while any exist.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Menu {
    pub selected: usize,
}

impl Menu {
    /// Applies one input to a menu whose entries are drawn at `rects`.
    /// Keys the menu does not use, and mouse input outside every entry,
    /// return `None` and change nothing.
    pub fn handle(&mut self, input: Input, rects: &[Rect]) -> Option<MenuEvent> {
        let n = rects.len();
        if n == 0 {
            return matches!(input, Input::Key(Key::Escape)).then_some(MenuEvent::Back);
        }
        self.selected = self.selected.min(n - 1);
        let at = |p: Vec2| rects.iter().position(|r| r.contains(p));
        match input {
            Input::Key(Key::Up) => self.selected = (self.selected + n - 1) % n,
            Input::Key(Key::Down) => self.selected = (self.selected + 1) % n,
            Input::Key(Key::Enter | Key::Space) => return Some(MenuEvent::Chosen(self.selected)),
            Input::Key(Key::Escape) => return Some(MenuEvent::Back),
            Input::MouseMove(p) => {
                if let Some(i) = at(p) {
                    self.selected = i;
                }
            }
            Input::Click(p) => {
                if let Some(i) = at(p) {
                    self.selected = i;
                    return Some(MenuEvent::Chosen(i));
                }
            }
            _ => {}
        }
        None
    }
}

/// `count` buttons of `size` in a column centred on `centre_x`, the first
/// with its top at `top`, `step` apart (top to top). Whole pixels.
pub fn column(centre_x: f32, top: f32, count: usize, size: Vec2, step: f32) -> Vec<Rect> {
    (0..count)
        .map(|i| {
            Rect::new(
                (centre_x - size.x / 2.0).round(),
                (top + i as f32 * step).round(),
                size.x.round(),
                size.y.round(),
            )
        })
        .collect()
}

/// A panel style with its border and bevel scaled.
pub fn scaled(style: PanelStyle, scale: f32) -> PanelStyle {
    PanelStyle {
        border_px: (style.border_px * scale).round().max(1.0),
        bevel_px: (style.bevel_px * scale).round(),
        ..style
    }
}

/// One button: its panel and its label centred (or left-aligned with
/// `align`), highlighted when `selected`, dimmed when not `enabled`.
#[allow(clippy::too_many_arguments)]
pub fn draw_item(
    list: &mut DrawList,
    font: &mut Font,
    rect: Rect,
    label: &str,
    selected: bool,
    enabled: bool,
    text_px: f32,
    scale: f32,
) {
    let style = if selected { SELECTED_STYLE } else { ITEM_STYLE };
    list.panel(rect, &scaled(style, scale));
    let colour = match (enabled, selected) {
        (false, _) => DISABLED_TEXT,
        (true, true) => WHITE,
        (true, false) => ITEM_TEXT,
    };
    let line_h = font.line_metrics(text_px).line_height_px;
    let style = TextStyle::new(text_px, colour).aligned(Align::Centre);
    let at = Vec2::new(rect.centre().x, (rect.centre().y - line_h / 2.0).round());
    list.text(font, at, label, &style);
}

/// The menus' backdrop: the title's dark gradient over the whole drawable.
/// A list screen's footer (the level select's, the Play list's): its
/// notice, if any, centred on `notice_at` and wrapped to nine tenths of
/// the width, and the keys' hint line centred on `hint_at`, both in
/// `small_px` text.
pub fn footer(
    list: &mut DrawList,
    font: &mut Font,
    size: Vec2,
    small_px: f32,
    (notice, notice_at): (Option<&str>, Vec2),
    (hint, hint_at): (&str, Vec2),
) {
    if let Some(n) = notice {
        list.text(
            font,
            notice_at,
            n,
            &TextStyle::new(small_px, NOTICE_TEXT)
                .aligned(Align::Centre)
                .wrapped(size.x * 0.9),
        );
    }
    list.text(
        font,
        hint_at,
        hint,
        &TextStyle::new(small_px, SUB_TEXT).aligned(Align::Centre),
    );
}

pub fn backdrop(list: &mut DrawList, size: Vec2) {
    use crate::screens::theme::{BACKGROUND_BOTTOM, BACKGROUND_TOP};
    list.panel(
        Rect::new(0.0, 0.0, size.x, size.y),
        &PanelStyle {
            fill_top: BACKGROUND_TOP,
            fill_bottom: BACKGROUND_BOTTOM,
            border: BACKGROUND_TOP,
            border_px: 0.0,
            bevel_px: 0.0,
        },
    );
}

/// Darkens the whole drawable (UI pass) beneath an overlay.
pub fn veil(list: &mut DrawList, size: Vec2) {
    list.quad(Rect::new(0.0, 0.0, size.x, size.y), VEIL);
}

/// The frame of an overlay: a bevelled panel in the game's colours.
pub fn overlay_panel(list: &mut DrawList, rect: Rect, scale: f32) {
    list.panel(rect, &scaled(OVERLAY_STYLE, scale));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rects() -> Vec<Rect> {
        column(100.0, 10.0, 3, Vec2::new(80.0, 20.0), 30.0)
    }

    #[test]
    fn keys_wrap_and_choose() {
        let r = rects();
        let mut m = Menu::default();
        assert_eq!(m.handle(Input::Key(Key::Up), &r), None);
        assert_eq!(m.selected, 2, "wraps past the top");
        m.handle(Input::Key(Key::Down), &r);
        assert_eq!(m.selected, 0, "wraps past the bottom");
        assert_eq!(
            m.handle(Input::Key(Key::Space), &r),
            Some(MenuEvent::Chosen(0))
        );
        assert_eq!(m.handle(Input::Key(Key::Escape), &r), Some(MenuEvent::Back));
        assert_eq!(m.handle(Input::Key(Key::Undo), &r), None);
    }

    #[test]
    fn the_mouse_hovers_and_clicks_what_is_drawn() {
        let r = rects();
        assert_eq!(r[1], Rect::new(60.0, 40.0, 80.0, 20.0));
        let mut m = Menu::default();
        m.handle(Input::MouseMove(r[2].centre()), &r);
        assert_eq!(m.selected, 2);
        m.handle(Input::MouseMove(Vec2::new(0.0, 0.0)), &r);
        assert_eq!(m.selected, 2, "off the menu keeps the selection");
        assert_eq!(m.handle(Input::Click(Vec2::ZERO), &r), None);
        assert_eq!(
            m.handle(Input::Click(r[1].centre()), &r),
            Some(MenuEvent::Chosen(1))
        );
        assert_eq!(m.selected, 1);
    }
}
