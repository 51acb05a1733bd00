//! The in-game help panel (F1 or H), two pages: the controls (the same
//! table is in `docs/PLAYING.md`, "Controls"; a test keeps the two in step, and
//! another keeps the table in step with the key mapping of
//! `screens/input.rs`: every key and gamepad input the game reacts to has
//! its row, and every row's keys do something) and
//! the rules of play in a newcomer's words (`docs/RULES.md` and `docs/PLAYING.md`'s
//! choices where it is silent). Left/Right or Tab turn the page.
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle, WHITE};

use crate::screens::menu;
use crate::screens::theme::{DISABLED_TEXT, GOLD, SUB_TEXT};

/// Keys (keyboard; gamepad) and what they do on the play screen.
pub const CONTROLS: &[(&str, &str)] = &[
    (
        "Mouse",
        "hover a cell to preview the move, click to do it (a remembered cell: walk there); hover a watcher: its route",
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
    (
        "E / Space",
        "actions here: pick up, drop, rope, leave, everyone here leaves… (Enter or Space chooses, E closes)",
    ),
    ("Enter", "end the turn"),
    ("Z, Ctrl+Z", "undo"),
    ("Y, Ctrl+Shift+Z", "redo"),
    ("R", "restart the level (Z undoes it)"),
    ("+ / - / wheel", "zoom"),
    ("Shift+arrows", "look around (pan); C: back on the hero"),
    ("O", "overview: the whole map seen so far (O again: back)"),
    (
        "I",
        "hint: who acts next and where (I again: the action in words); never plays it",
    ),
    (
        "Esc",
        "pause menu: resume, restart level, level notes, level select, quit to title, volume (Left/Right), sound on/off, ask to end a turn, quit game",
    ),
    ("M", "sound off and on (on every screen but the editor)"),
    ("F1 / H", "this help"),
    ("F11", "fullscreen"),
    ("F12", "screenshot (PNG in the current folder)"),
    (
        "Gamepad",
        "d-pad/stick move, A actions, B/Start pause, X undo, Y redo, LB/RB hero, Back end turn, triggers zoom, right stick pan, left-stick press overview, right-stick press help, Share/touchpad target cursor",
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
        "Each hero has action points (AP) a round: 1 AP a cell walked or climbed, 1 AP a step up (one cell up, the scout's two, then across), 1 AP a hand or rope action; falling and leaving are free, so a walk off a ledge into a 3-cell drop, through a portal or not, is 1 AP. The preview counts each stretch: 'walk 1 (1 AP) · fall 3 (free) = 1 AP'. Enter ends the turn: watchers move, AP refill. Z undoes anything, any number of times.",
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
        "Levitates a loose item she can see, heavy ones too, up to 3 cells, through portals too (2 AP).",
    ),
    (
        "Hands",
        "A hero holds one item. Pick up and set down in your own cell; put things in a bucket and take them out.",
    ),
    (
        "Ropes",
        "Let a rope down where you stand or into a drop beside you; climb it with the arrows; at its top, hoist or lower it; take it back when nothing hangs on it. A hanging rope holds up a hero in its cells: nobody falls past it.",
    ),
    (
        "Floors",
        "Grey edges are walls. Orange floors (shelves, hatches) hold heroes and loose things up, yet sight and ropes pass through them, and a hero on a rope climbs up through one.",
    ),
    (
        "Heavy things",
        "Only the knight carries them, never up a rope: put them in a bucket, tie it to the rope's end, hoist from the top. The sorceress floats them like anything else.",
    ),
    (
        "Watchers",
        "A watcher sees as a hero does, through portals too. A hero in its sight at the end of a round is caught: undo or restart. Hatched cells, with an eye, are what it will see.",
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
        let colour = if p == page { GOLD } else { DISABLED_TEXT };
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
        &TextStyle::new(text_px, SUB_TEXT).aligned(Align::Centre),
    );
    let mut y = y0 + line * 1.5;
    for ((keys, what), h) in page.rows().iter().zip(heights) {
        list.text(
            font,
            Vec2::new((r.x + pad).round(), y.round()),
            keys,
            &TextStyle::new(text_px, GOLD),
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
    use crate::screens::input::{button, Chord, InputMapper, Key};
    use crate::screens::pause;
    use sdl2::controller::{Axis, Button as PadButton};

    /// What an input means to the game: a screen key (every `Hero(n)` as
    /// `Hero(0)`: one row says "1-3"), or M's sound switch.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Means {
        Key(Key),
        Mute,
    }
    use Means::Mute;

    const fn k(key: Key) -> Means {
        Means::Key(key)
    }

    fn class(key: Key) -> Means {
        match key {
            Key::Hero(_) => k(Key::Hero(0)),
            key => k(key),
        }
    }

    /// What each row of [`CONTROLS`] stands for, row by row. A key added to
    /// `input::key` or `input::button` fails the tests below until a row
    /// says what it does and is listed here.
    const ROWS: &[(&str, &[Means])] = &[
        ("Mouse", &[]),
        (
            "Arrows / WASD",
            &[k(Key::Up), k(Key::Down), k(Key::Left), k(Key::Right)],
        ),
        ("T", &[k(Key::Target)]),
        (
            "Tab, 1-3",
            &[k(Key::NextHero), k(Key::PrevHero), k(Key::Hero(0))],
        ),
        ("E / Space", &[k(Key::Context), k(Key::Space)]),
        ("Enter", &[k(Key::Enter)]),
        ("Z, Ctrl+Z", &[k(Key::Undo)]),
        ("Y, Ctrl+Shift+Z", &[k(Key::Redo)]),
        ("R", &[k(Key::Restart)]),
        ("+ / - / wheel", &[k(Key::ZoomIn), k(Key::ZoomOut)]),
        (
            "Shift+arrows",
            &[
                k(Key::PanLeft),
                k(Key::PanRight),
                k(Key::PanUp),
                k(Key::PanDown),
                k(Key::Recentre),
            ],
        ),
        ("O", &[k(Key::Overview)]),
        ("I", &[k(Key::Hint)]),
        ("Esc", &[k(Key::Escape)]),
        ("M", &[Mute]),
        ("F1 / H", &[k(Key::Help)]),
        ("F11", &[k(Key::Fullscreen)]),
        ("F12", &[k(Key::Screenshot)]),
        (
            "Gamepad",
            &[
                k(Key::Up),
                k(Key::Down),
                k(Key::Left),
                k(Key::Right),
                k(Key::Space),
                k(Key::Escape),
                k(Key::Undo),
                k(Key::Redo),
                k(Key::PrevHero),
                k(Key::NextHero),
                k(Key::EndTurn),
                k(Key::ZoomIn),
                k(Key::ZoomOut),
                k(Key::PanLeft),
                k(Key::PanRight),
                k(Key::PanUp),
                k(Key::PanDown),
                k(Key::Overview),
                k(Key::Help),
                k(Key::Target),
            ],
        ),
    ];

    /// What every key on the keyboard means, with every modifier mix: each
    /// SDL keycode (the ASCII ones and the scancode-based ones) the screens
    /// know, through the mute test and `input::key`, as
    /// `Screens::handle_raw` reads them.
    fn keyboard() -> Vec<(Chord, Means)> {
        let codes = (1..0x80).chain((0..0x120).map(|sc| sc | 0x4000_0000));
        let mut out = Vec::new();
        let known = codes
            .filter_map(sdl2::keyboard::Keycode::from_i32)
            .filter_map(crate::screens::input::code_of);
        for code in known {
            for (ctrl, shift) in [(false, false), (false, true), (true, false), (true, true)] {
                let chord = Chord {
                    code,
                    ctrl,
                    shift,
                    alt: false,
                };
                let means = if chord.is_mute() {
                    Some(Mute)
                } else {
                    chord.key().map(class)
                };
                out.extend(means.map(|m| (chord, m)));
            }
        }
        out
    }

    /// What every gamepad button and stick or trigger push means.
    fn gamepad() -> Vec<Means> {
        use PadButton::*;
        let buttons = [
            A,
            B,
            X,
            Y,
            Back,
            Guide,
            Start,
            LeftStick,
            RightStick,
            LeftShoulder,
            RightShoulder,
            DPadUp,
            DPadDown,
            DPadLeft,
            DPadRight,
            Misc1,
            Paddle1,
            Paddle2,
            Paddle3,
            Paddle4,
            Touchpad,
        ];
        let mut out: Vec<Means> = buttons.into_iter().filter_map(button).map(class).collect();
        for axis in [
            Axis::LeftX,
            Axis::LeftY,
            Axis::RightX,
            Axis::RightY,
            Axis::TriggerLeft,
            Axis::TriggerRight,
        ] {
            for value in [-32_000, 32_000] {
                out.extend(InputMapper::new().axis(axis, value).map(class));
            }
        }
        out
    }

    #[test]
    fn the_rows_are_the_ones_listed_here() {
        let labels: Vec<&str> = CONTROLS.iter().map(|(keys, _)| *keys).collect();
        let listed: Vec<&str> = ROWS.iter().map(|(keys, _)| *keys).collect();
        assert_eq!(labels, listed, "a row added to CONTROLS is listed in ROWS");
    }

    #[test]
    fn every_key_the_game_reacts_to_has_its_row_in_the_help() {
        let keyboard_rows = || ROWS.iter().filter(|(keys, _)| *keys != "Gamepad");
        for (chord, means) in keyboard() {
            assert!(
                keyboard_rows().any(|(_, m)| m.contains(&means)),
                "{chord:?} means {means:?}: no row of the help says what it does"
            );
        }
        let pad = ROWS
            .iter()
            .find(|(keys, _)| *keys == "Gamepad")
            .map_or(&[][..], |(_, m)| *m);
        for means in gamepad() {
            assert!(
                pad.contains(&means),
                "a gamepad input means {means:?}: the Gamepad row does not say so"
            );
        }
        // The two the issue found missing.
        assert!(CONTROLS.iter().any(|(keys, _)| *keys == "M"));
        assert!(CONTROLS
            .iter()
            .any(|(keys, what)| *keys == "Esc" && what.contains("volume (Left/Right")));
    }

    #[test]
    fn every_row_of_the_help_is_a_key_the_game_reacts_to() {
        let typed: Vec<Means> = keyboard().into_iter().map(|(_, m)| m).collect();
        let pad = gamepad();
        for (keys, means) in ROWS {
            let from = if *keys == "Gamepad" { &pad } else { &typed };
            for m in *means {
                assert!(
                    from.contains(m),
                    "`{keys}` claims {m:?}, which no input gives"
                );
            }
            assert!(
                *keys == "Mouse" || !means.is_empty(),
                "`{keys}` is a row of no key"
            );
        }
    }

    #[test]
    fn the_esc_row_names_every_entry_of_the_pause_menu() {
        let esc = CONTROLS
            .iter()
            .find(|(keys, _)| *keys == "Esc")
            .map(|(_, what)| what.to_lowercase())
            .expect("an Esc row");
        for entry in pause::ENTRIES {
            let label = entry.label(crate::audio::Volume::new(0.5, false), true);
            let name = label.split(':').next().unwrap_or("").to_lowercase();
            assert!(esc.contains(&name), "the Esc row names `{name}`: {esc}");
        }
    }

    #[test]
    fn the_players_manual_lists_every_control() {
        let manual = include_str!("../../../../docs/PLAYING.md");
        let section = manual
            .split("\n## Controls\n")
            .nth(1)
            .and_then(|s| s.split("\n## ").next())
            .expect("docs/PLAYING.md has a Controls section");
        for (keys, _) in CONTROLS {
            assert!(
                section.contains(keys),
                "docs/PLAYING.md, Controls, lists `{keys}`"
            );
        }
    }

    /// A room with the sorceress and a statue three cells from her.
    const STATUE: &str = "[level]\nname = \"Statue\"\n\n[grid]\n#########\n#@......#\n#########\n\n[things]\nsorceress = hero sorceress at 0,0\nstatue = item statue at 3,0 flags ACQUIRE|PLACE|HEAVY|RELIC\n";

    #[test]
    fn the_help_says_the_sorceress_floats_heavy_things_as_the_rules_let_her() {
        use game::action::{available, Offered};
        let level = game::level::load_text("statue.txt", STATUE).expect("loads");
        let session = game::session::Session::new(&level).expect("sets up");
        let stage = session.stage();
        let hero = stage.find("sorceress").expect("hero");
        let mut view = game::view::GridView::new();
        let cell = stage.cell_of(hero).expect("placed");
        view.build(stage.grid(), cell, game::stage::SIGHT_RADIUS);
        let offered = available(stage, &view, hero)
            .into_iter()
            .any(|o| matches!(o.what, Offered::Levitate(_)));
        assert!(offered, "the rules let her levitate the heavy statue");
        let row = |name: &str| {
            RULES
                .iter()
                .find(|(what, _)| what.starts_with(name))
                .map(|(_, how)| *how)
                .expect("a row")
        };
        assert!(
            row("Sorceress").contains("heavy ones too"),
            "{}",
            row("Sorceress")
        );
        assert!(
            row("Heavy things").contains("The sorceress floats them"),
            "{}",
            row("Heavy things")
        );
    }
}
