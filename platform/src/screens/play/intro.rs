//! The level's intro card: its name, what its notes tell a player (the
//! designer's `Solution:` paragraphs left out, see `Level::intro`), and its
//! goal and par. Shown when a level not yet cleared starts, and again from
//! the pause menu's "Level notes" (then its last line says Enter goes back
//! to the game, not that it starts: [`Shown`]). Enter, Space, E, Escape or
//! a click close it and do nothing else; any other key closes it and acts,
//! so nobody has to dismiss it to start moving.
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle, WHITE};

use crate::screens::input::{Input, Key, Keymap};
use crate::screens::menu;
use crate::screens::theme::{GOLD, SUB_TEXT};

/// What the card says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Intro {
    /// The level's name.
    pub title: String,
    /// The notes for players, a paragraph each; may be empty.
    pub paragraphs: Vec<String>,
    /// The goal and par ("bring out 1 relic · par 4 turns").
    pub goal: String,
}

impl Intro {
    /// The card of `level`.
    pub fn of(level: &game::level::Level) -> Intro {
        let mut paragraphs = level.intro();
        // Notes often open with the level's name; the card's title says it.
        if let Some(first) = paragraphs.first_mut() {
            if let Some(rest) = first.strip_prefix(&format!("{}. ", level.name)) {
                *first = rest.to_string();
            }
        }
        Intro {
            title: level.name.clone(),
            paragraphs,
            goal: crate::screens::level_select::goal(level),
        }
    }
}

/// Why the card is shown, which its last line tells the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The level is starting: closing the card starts it.
    AtStart,
    /// Reopened from the pause menu: closing it goes back to the game.
    Reopened,
}

impl Shown {
    /// The card's last line: how to close it, and what that does, with
    /// the keys of `keys`.
    pub fn footer(self, keys: &Keymap) -> String {
        keys.fill(match self {
            Shown::AtStart => "{enter} or click to start · {help} help and rules",
            Shown::Reopened => "{enter} or click to go back to the game · {help} help and rules",
        })
    }
}

/// Whether `input` only closes the card (true) or also acts (false).
pub fn only_closes(input: &Input) -> bool {
    matches!(
        input,
        Input::Key(Key::Enter | Key::Space | Key::Context | Key::Escape)
            | Input::Click(_)
            | Input::RightClick(_)
    )
}

/// The card's rectangle on a drawable of `size` at `scale`, for
/// paragraphs `text_h` pixels high in all.
pub fn panel_rect(size: Vec2, scale: f32, text_h: f32) -> Rect {
    let w = (720.0 * scale).min(size.x - 20.0);
    let h = (text_h + 190.0 * scale).min(size.y - 20.0);
    Rect::new(
        ((size.x - w) / 2.0).round(),
        ((size.y - h) / 2.0).round(),
        w.round(),
        h.round(),
    )
}

/// Draws the card over the level, its last line naming the keys of
/// `keys` (UI pass).
pub fn draw(
    list: &mut DrawList,
    font: &mut Font,
    intro: &Intro,
    shown: Shown,
    size: Vec2,
    scale: f32,
    keys: &Keymap,
) {
    let s = scale;
    let text_px = (19.0 * s).round().max(6.0);
    let width = (720.0 * s).min(size.x - 20.0) - 2.0 * (28.0 * s).round();
    let style = TextStyle::new(text_px, WHITE).wrapped(width);
    let gap = (10.0 * s).round();
    let heights: Vec<f32> = intro
        .paragraphs
        .iter()
        .map(|p| render::text::measure(font, p, &style).y)
        .collect();
    let text_h: f32 = heights.iter().map(|h| h + gap).sum();
    list.set_pass(render::Pass::Ui);
    menu::veil(list, size);
    let r = panel_rect(size, s, text_h);
    menu::overlay_panel(list, r, s);
    let centre_x = (r.x + r.w / 2.0).round();
    let pad = (28.0 * s).round();
    let mut y = r.y + (22.0 * s).round();
    let title_px = (34.0 * s).round().max(8.0);
    list.text(
        font,
        Vec2::new(centre_x, y),
        &intro.title,
        &TextStyle::new(title_px, GOLD).aligned(Align::Centre),
    );
    y += (56.0 * s).round();
    for (p, h) in intro.paragraphs.iter().zip(&heights) {
        list.text(font, Vec2::new(r.x + pad, y), p, &style);
        y += h + gap;
    }
    let small_px = (17.0 * s).round().max(6.0);
    list.text(
        font,
        Vec2::new(centre_x, r.y + r.h - (70.0 * s).round()),
        &format!("Goal: {}", intro.goal),
        &TextStyle::new(small_px, GOLD).aligned(Align::Centre),
    );
    list.text(
        font,
        Vec2::new(centre_x, r.y + r.h - (38.0 * s).round()),
        &shown.footer(keys),
        &TextStyle::new(small_px, SUB_TEXT).aligned(Align::Centre),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn the_shipped_levels_tell_players_what_to_do_and_never_the_solution() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
        for name in ["loop_back", "rope_descent", "heavy_haul", "watcher_hall"] {
            let level = game::level::load_file(&dir.join(format!("{name}.txt"))).expect("level");
            let intro = Intro::of(&level);
            assert!(!intro.paragraphs.is_empty(), "{name}: notes for players");
            let text = intro.paragraphs.join(" ");
            assert!(!text.contains("Solution"), "{name}: {text}");
            assert!(!text.starts_with(&level.name), "{name}: the title says it");
            assert!(intro.goal.contains("par"), "{name}: {}", intro.goal);
        }
    }

    #[test]
    fn closing_keys_do_nothing_else_and_other_keys_act() {
        assert!(only_closes(&Input::Key(Key::Enter)));
        assert!(only_closes(&Input::Click(Vec2::ZERO)));
        assert!(!only_closes(&Input::Key(Key::Right)));
        assert!(!only_closes(&Input::Key(Key::Undo)));
        assert!(!only_closes(&Input::MouseMove(Vec2::ZERO)));
    }
}
