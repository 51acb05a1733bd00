//! The in-game help panel (F1 or H), two pages: the controls (the same
//! table is in `README.md`, "Controls"; a test keeps the two in step) and
//! the rules of play in a newcomer's words (`GAME.md` and the README's
//! choices where it is silent). Left/Right or Tab turn the page.
use glam::Vec2;
use render::{hex, Align, DrawList, Font, Rect, TextStyle, WHITE};

use crate::screens::menu;

/// Keys (keyboard; gamepad) and what they do on the play screen.
pub const CONTROLS: &[(&str, &str)] = &[
    (
        "Mouse",
        "hover a cell to preview the move, click to do it; hover a watcher: its route",
    ),
    (
        "Arrows / WASD",
        "step left or right; Up climbs, or steps up the way you face; Down climbs down",
    ),
    (
        "T",
        "target cursor: arrows pick any cell in sight, Enter goes there, Esc cancels",
    ),
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
        "d-pad/stick move, A actions, B/Start pause, X undo, Y redo, LB/RB hero, Back end turn, triggers zoom, right stick pan, left-stick press overview, Share/touchpad target cursor",
    ),
];

/// The rules, a line of the page each: what, and how it works.
pub const RULES: &[(&str, &str)] = &[
    (
        "The goal",
        "Bring the level's relics out through the entrance, where the party starts. The level ends when every hero has left; with too few relics it is a retreat and nothing unlocks.",
    ),
    (
        "Turns",
        "Each hero has action points (AP) a round: 1 AP a cell walked or climbed, 1 AP a hand or rope action, leaving is free. Enter ends the turn: watchers move, AP refill. Z undoes anything, any number of times.",
    ),
    (
        "Knight · 4 AP",
        "Carries heavy things while walking. Starts with the rope; hoists two cells per AP.",
    ),
    (
        "Scout · 6 AP",
        "Falls up to 4 cells safely (the others 2) and steps up two cells.",
    ),
    (
        "Sorceress · 4 AP",
        "Levitates a loose item she can see up to 3 cells, through portals too (2 AP).",
    ),
    (
        "Hands",
        "A hero holds one item. Pick up and set down in your own cell; put things in a bucket and take them out.",
    ),
    (
        "Ropes",
        "Let a rope down where you stand or into a drop beside you; climb it with the arrows; at its top, hoist or lower it; take it back when nothing hangs on it.",
    ),
    (
        "Heavy things",
        "Only the knight carries them, never up a rope: put them in a bucket, tie it to the rope's end, hoist from the top.",
    ),
    (
        "Watchers",
        "A watcher sees as a hero does, through portals too. A hero in its sight at the end of a round is caught: undo or restart. Red cells are what it will see.",
    ),
    (
        "Portals",
        "Cyan edges are portals: walk, fall, look and hoist through them. What you see through one wears a cyan veil; your real party stands in gold corners.",
    ),
];

/// The help panel's pages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    #[default]
    Controls,
    Rules,
}

impl Page {
    /// The other page.
    pub fn turned(self) -> Page {
        match self {
            Page::Controls => Page::Rules,
            Page::Rules => Page::Controls,
        }
    }

    fn rows(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Page::Controls => CONTROLS,
            Page::Rules => RULES,
        }
    }
}

/// The panel's width on a drawable of `size`.
fn panel_width(size: Vec2, scale: f32) -> f32 {
    (880.0 * scale).min(size.x - 20.0)
}

/// The panel's rectangle on a drawable of `size`, for rows `rows_h`
/// pixels high in all.
pub fn panel_rect(size: Vec2, scale: f32, rows_h: f32) -> Rect {
    let w = panel_width(size, scale);
    let h = (rows_h + 110.0 * scale).min(size.y - 20.0);
    Rect::new(
        ((size.x - w) / 2.0).round(),
        ((size.y - h) / 2.0).round(),
        w.round(),
        h.round(),
    )
}

/// Draws the help panel at `page` (UI pass).
pub fn draw(list: &mut DrawList, font: &mut Font, size: Vec2, scale: f32, page: Page) {
    let title_px = (24.0 * scale).round().max(6.0);
    let text_px = (16.0 * scale).round().max(6.0);
    let pad = 20.0 * scale;
    let keys_w = 170.0 * scale;
    let line = 28.0 * scale;
    let style =
        TextStyle::new(text_px, WHITE).wrapped(panel_width(size, scale) - keys_w - 2.0 * pad);
    let heights: Vec<f32> = page
        .rows()
        .iter()
        .map(|(_, what)| line.max(render::text::measure(font, what, &style).y + 6.0 * scale))
        .collect();
    let r = panel_rect(size, scale, heights.iter().sum());
    menu::overlay_panel(list, r, scale);
    // The two page titles, the one shown in gold.
    let y0 = r.y + pad * 0.6;
    for (p, label, dx) in [
        (Page::Controls, "Controls", -90.0),
        (Page::Rules, "Rules", 90.0),
    ] {
        let colour = if p == page {
            hex(0xf5c542)
        } else {
            hex(0x6c7591)
        };
        list.text(
            font,
            Vec2::new((r.centre().x + dx * scale).round(), y0.round()),
            label,
            &TextStyle::new(title_px, colour).aligned(Align::Centre),
        );
    }
    list.text(
        font,
        Vec2::new(r.centre().x.round(), (r.y + r.h - pad * 1.5).round()),
        "Left/Right or Tab: the other page · Esc closes",
        &TextStyle::new(text_px, hex(0x9aa6c8)).aligned(Align::Centre),
    );
    let mut y = y0 + line * 1.5;
    for ((keys, what), h) in page.rows().iter().zip(heights) {
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
            &style,
        );
        y += h;
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
