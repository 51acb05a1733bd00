//! The controls, as the in-game help panel (F1 or H) shows them. The same
//! table is in `README.md` ("Controls"); a test keeps the two in step.
use glam::Vec2;
use render::{hex, Align, DrawList, Font, Rect, TextStyle, WHITE};

use crate::screens::menu;

/// Keys (keyboard; gamepad) and what they do on the play screen.
pub const CONTROLS: &[(&str, &str)] = &[
    (
        "Mouse",
        "hover a cell to preview the move, click to do it; hover a watcher: its route",
    ),
    ("Arrows / WASD", "step left or right, climb up or down"),
    ("Tab, 1-3", "select a hero (Shift+Tab: back)"),
    ("E / Space", "actions here: pick up, drop, rope, leave…"),
    ("Enter", "end the turn"),
    ("Z, Ctrl+Z", "undo"),
    ("Y, Ctrl+Shift+Z", "redo"),
    ("R", "restart the level (undoable)"),
    ("+ / - / wheel", "zoom"),
    ("Shift+arrows", "look around (pan); C: back on the hero"),
    ("O", "overview: the whole map seen so far (O again: back)"),
    ("Esc", "pause menu"),
    ("F1 / H", "this help"),
    ("F11", "fullscreen"),
    ("F12", "screenshot (PNG in the current folder)"),
    (
        "Gamepad",
        "d-pad/stick move, A actions, B/Start pause, X undo, Y redo, LB/RB hero, Back end turn, triggers zoom, right stick pan, left-stick press overview",
    ),
];

/// The panel's rectangle on a drawable of `size`.
pub fn panel_rect(size: Vec2, scale: f32) -> Rect {
    let w = (760.0 * scale).min(size.x - 20.0);
    let h = (30.0 * scale * (CONTROLS.len() as f32 + 2.5)).min(size.y - 20.0);
    Rect::new(
        ((size.x - w) / 2.0).round(),
        ((size.y - h) / 2.0).round(),
        w.round(),
        h.round(),
    )
}

/// Draws the help panel (UI pass).
pub fn draw(list: &mut DrawList, font: &mut Font, size: Vec2, scale: f32) {
    let r = panel_rect(size, scale);
    menu::overlay_panel(list, r, scale);
    let title_px = (24.0 * scale).round().max(6.0);
    let text_px = (16.0 * scale).round().max(6.0);
    let pad = 20.0 * scale;
    list.text(
        font,
        Vec2::new(r.centre().x, r.y + pad * 0.6),
        "Controls",
        &TextStyle::new(title_px, hex(0xf5c542)).aligned(Align::Centre),
    );
    let keys_w = 190.0 * scale;
    let line = 30.0 * scale;
    let mut y = r.y + pad * 0.6 + line * 1.4;
    for (keys, what) in CONTROLS {
        list.text(
            font,
            Vec2::new((r.x + pad).round(), y.round()),
            keys,
            &TextStyle::new(text_px, hex(0xf5c542)),
        );
        list.text(
            font,
            Vec2::new((r.x + pad + keys_w).round(), y.round()),
            what,
            &TextStyle::new(text_px, WHITE).wrapped(r.w - keys_w - 2.0 * pad),
        );
        y += line;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_lists_every_control() {
        let readme = include_str!("../../../../README.md");
        let section = readme
            .split("## Controls")
            .nth(1)
            .and_then(|s| s.split("\n## ").next())
            .expect("README has a Controls section");
        for (keys, _) in CONTROLS {
            assert!(section.contains(keys), "README Controls lists `{keys}`");
        }
    }
}
