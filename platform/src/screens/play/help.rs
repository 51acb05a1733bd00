//! The in-game help panel (F1 or H), two pages: the controls, naming the
//! keys bound now (the rows say which actions they show, and the player's
//! keymap names their keys; `docs/PLAYING.md`, "Controls", has the same
//! rows with the default keys, and `rappel --controls` prints them with the
//! player's: [`markdown`]; tests keep the manual in step, and every key and
//! gamepad input the game reacts to in a row) and the rules of play in a
//! newcomer's words (`docs/RULES.md` and `docs/PLAYING.md`'s choices where
//! it is silent). Left/Right or Tab turn the page.
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle, WHITE};

use crate::screens::input::keymap::{sets_name, MOVES, PANS};
use crate::screens::input::{Key, Keymap};
use crate::screens::menu;
use crate::screens::theme::{DISABLED_TEXT, GOLD, SUB_TEXT};

/// What names some of a row's keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    /// Every key of an action: "Z, Ctrl+Z".
    Of(Key),
    /// The keys of several actions side by side, first keys first: "↑ ↓
    /// ← → / W S A D".
    Sets(&'static [Key]),
    /// Not a key: "Mouse", "wheel".
    Word(&'static str),
}

/// One row of the controls page: its keys (" / " between the parts), and
/// what they do, where `{undo}` and the like name the keys bound now
/// ([`Keymap::fill`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub keys: &'static [Keys],
    pub what: &'static str,
}

const fn row(keys: &'static [Keys], what: &'static str) -> Row {
    Row { keys, what }
}

use Keys::{Of, Sets, Word};

/// The heroes a row of the help shows the keys of (the levels have up to
/// three; the Controls screen lists the rest).
const HEROES_SHOWN: [Key; 3] = [Key::Hero(0), Key::Hero(1), Key::Hero(2)];

/// Keys (keyboard; gamepad) and what they do on the play screen.
pub const CONTROLS: &[Row] = &[
    row(
        &[Word("Mouse")],
        "hover a cell to preview the move, click to do it (a remembered cell: walk there); hover a watcher: its route",
    ),
    row(
        &[Sets(&MOVES)],
        "step left or right; {up} climbs, or steps up the way you face; {down} climbs down",
    ),
    row(
        &[Of(Key::Target)],
        "target cursor: {moves} pick any cell in sight, {enter} goes there, {escape} cancels",
    ),
    row(
        &[Of(Key::NextHero), Of(Key::PrevHero), Sets(&HEROES_SHOWN)],
        "select a hero: the next, the one before, or by number",
    ),
    row(
        &[Of(Key::Context), Of(Key::Space)],
        "actions here: pick up, drop, rope, leave, everyone here leaves… ({enter} or {space} chooses, {context} closes)",
    ),
    row(&[Of(Key::Enter), Of(Key::EndTurn)], "end the turn"),
    row(&[Of(Key::Undo)], "undo"),
    row(&[Of(Key::Redo)], "redo"),
    row(&[Of(Key::Restart)], "restart the level ({undo} undoes it)"),
    row(
        &[Of(Key::ZoomIn), Of(Key::ZoomOut), Word("wheel")],
        "zoom in, out",
    ),
    row(
        &[Sets(&PANS), Of(Key::Recentre)],
        "look around (pan); {recentre}: back on the hero",
    ),
    row(
        &[Of(Key::Overview)],
        "overview: the whole map seen so far ({overview} again: back)",
    ),
    row(
        &[Of(Key::Hint)],
        "hint: who acts next and where ({hint} again: the action in words); never plays it",
    ),
    row(
        &[Of(Key::Escape)],
        "pause menu: resume, restart level, level notes, level select, options (sound, display, reduce motion, keys…), quit to title, quit game",
    ),
    row(
        &[Of(Key::Mute)],
        "sound off and on (on every screen but the editor)",
    ),
    row(&[Of(Key::Help)], "this help"),
    row(&[Of(Key::Fullscreen)], "fullscreen"),
    row(
        &[Of(Key::Screenshot)],
        "screenshot (PNG in the current folder)",
    ),
    row(
        &[Word("Gamepad")],
        "d-pad/stick move, A actions, B/Start pause, X undo, Y redo, LB/RB hero, Back end turn, triggers zoom, right stick pan, left/right-stick press overview/help, Share/touchpad target",
    ),
];

impl Row {
    /// Its keys as bound in `keys`: the parts that name any, " / "
    /// between them; "(no key)" when none does.
    pub fn keys_in(&self, keys: &Keymap) -> String {
        let parts: Vec<String> = self
            .keys
            .iter()
            .map(|part| match *part {
                Of(action) => keys.names(action),
                Sets(actions) => sets_name(keys, actions),
                Word(word) => word.to_string(),
            })
            .filter(|p| !p.is_empty())
            .collect();
        if parts.is_empty() {
            return "(no key)".to_string();
        }
        parts.join(" / ")
    }

    /// The actions it shows the keys of.
    pub fn actions(&self) -> Vec<Key> {
        self.keys
            .iter()
            .flat_map(|part| match *part {
                Of(action) => vec![action],
                Sets(actions) => actions.to_vec(),
                Word(_) => Vec::new(),
            })
            .collect()
    }
}

/// The controls page with the keys of `keys`: each row's keys and what
/// they do.
pub fn controls(keys: &Keymap) -> Vec<(String, String)> {
    CONTROLS
        .iter()
        .map(|r| (r.keys_in(keys), keys.fill(r.what)))
        .collect()
}

/// The controls page as a Markdown table (`rappel --controls`; the
/// manual's table with the default keys).
pub fn markdown(keys: &Keymap) -> String {
    let mut out = String::from("| keys | what they do |\n|---|---|\n");
    for (k, what) in controls(keys) {
        out.push_str(&format!("| {k} | {what} |\n"));
    }
    out
}

/// The rules, a line of the page each: what, and how it works (`{undo}`
/// and the like: the keys bound now, as in [`CONTROLS`]).
pub const RULES: &[(&str, &str)] = &[
    (
        "The goal",
        "Bring the level's relics out through the entrance, where the party starts. The level ends when every hero has left; with too few relics it is a retreat and nothing unlocks.",
    ),
    (
        "Turns",
        "Each hero has action points (AP) a round: 1 AP a cell walked or climbed, 1 AP a step up (one cell up, the scout's two, then across), 1 AP a hand or rope action; falling and leaving are free, so a walk off a ledge into a 3-cell drop, through a portal or not, is 1 AP. The preview counts each stretch: 'walk 1 (1 AP) · fall 3 (free) = 1 AP'. {enter} ends the turn: watchers move, AP refill. {undo} undoes anything, any number of times.",
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
        "Let a rope down where you stand or into a drop beside you; climb it with {up} and {down}; at its top, hoist or lower it; take it back when nothing hangs on it. A hanging rope holds up a hero in its cells: nobody falls past it.",
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

    /// Its rows, naming the keys of `keys`.
    pub fn rows(self, keys: &Keymap) -> Vec<(String, String)> {
        match self {
            Page::Controls => controls(keys),
            Page::Rules => RULES
                .iter()
                .map(|(what, how)| (what.to_string(), keys.fill(how)))
                .collect(),
        }
    }
}

/// The panel's width on a drawable of `size`.
fn panel_width(size: Vec2, scale: f32) -> f32 {
    (1040.0 * scale).min(size.x - 20.0)
}

/// The panel's rectangle on a drawable of `size`, `w` wide, for rows
/// `rows_h` pixels high in all.
pub fn panel_rect(size: Vec2, w: f32, scale: f32, rows_h: f32) -> Rect {
    let h = (rows_h + 110.0 * scale).min(size.y - 20.0);
    Rect::new(
        ((size.x - w) / 2.0).round(),
        ((size.y - h) / 2.0).round(),
        w.round(),
        h.round(),
    )
}

/// `keys` in lines no wider than `style` wraps at, broken where a part
/// ends (" / ") rather than inside one.
fn at_slashes(font: &mut Font, keys: &str, style: &TextStyle) -> String {
    let width = style.max_width_px.unwrap_or(f32::INFINITY);
    let one_line = TextStyle {
        max_width_px: None,
        ..*style
    };
    let mut lines: Vec<String> = Vec::new();
    for part in keys.split(" / ") {
        match lines.last_mut() {
            Some(line)
                if render::text::measure(font, &format!("{line} / {part} /"), &one_line).x
                    <= width =>
            {
                line.push_str(" / ");
                line.push_str(part);
            }
            _ => lines.push(part.to_string()),
        }
    }
    lines.join(" /\n")
}

/// The line under the panel's rows.
pub fn footer(keys: &Keymap) -> String {
    keys.fill("{left}/{right} or {next-hero}: the other page · {escape} closes")
}

/// Draws the help panel at `page`, naming the keys of `keys` (UI pass).
pub fn draw(
    list: &mut DrawList,
    font: &mut Font,
    size: Vec2,
    scale: f32,
    page: Page,
    keys: &Keymap,
) {
    let f = fit(font, size, scale, page, keys);
    let scale = f.scale;
    let title_px = (24.0 * scale).round().max(6.0);
    let pad = 20.0 * scale;
    let keys_w = 270.0 * scale;
    let line = 26.0 * scale;
    let r = panel_rect(size, f.width, scale, f.heights.iter().sum());
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
        &footer(keys),
        &TextStyle::new(f.text_px, SUB_TEXT).aligned(Align::Centre),
    );
    let mut y = y0 + line * 1.5;
    for ((k, what), h) in f.rows.iter().zip(&f.heights) {
        list.text(
            font,
            Vec2::new((r.x + pad).round(), y.round()),
            k,
            &f.key_style,
        );
        list.text(
            font,
            Vec2::new((r.x + pad + keys_w).round(), y.round()),
            what,
            &f.style,
        );
        y += h;
    }
}

/// A page laid out: its scale, width, rows and each row's height.
struct Fitted {
    scale: f32,
    text_px: f32,
    width: f32,
    key_style: TextStyle,
    style: TextStyle,
    rows: Vec<(String, String)>,
    heights: Vec<f32>,
}

/// `page` laid out on a drawable of `size` at `scale` (the player's size
/// of text and panels), the panel as wide as the design or, when the rows
/// need the room, the drawable; and when even that does not hold every
/// row, at a smaller scale, step by step (to four fifths of the
/// drawable's own at most): a page never loses its last rows to a larger
/// text or a small window.
fn fit(font: &mut Font, size: Vec2, scale: f32, page: Page, keys: &Keymap) -> Fitted {
    // Below the drawable's own scale only as far as a small window needs.
    let own = super::camera::cell_scale((size.x as u32, size.y as u32)).min(scale) * 0.8;
    let mut scale = scale;
    loop {
        let text_px = (16.0 * scale).round().max(6.0);
        let pad = 20.0 * scale;
        let keys_w = 270.0 * scale;
        let line = 26.0 * scale;
        let key_style = TextStyle::new(text_px, GOLD).wrapped(keys_w - pad * 0.5);
        let rows: Vec<(String, String)> = page
            .rows(keys)
            .into_iter()
            .map(|(k, what)| (at_slashes(font, &k, &key_style), what))
            .collect();
        // Each row's height with the panel `width` wide.
        let mut measure = |width: f32| {
            let style = TextStyle::new(text_px, WHITE).wrapped(width - keys_w - 2.0 * pad);
            let heights: Vec<f32> = rows
                .iter()
                .map(|(k, what)| {
                    let tall = render::text::measure(font, what, &style)
                        .y
                        .max(render::text::measure(font, k, &key_style).y);
                    line.max(tall + 6.0 * scale)
                })
                .collect();
            (width, style, heights)
        };
        let fits = |heights: &[f32]| heights.iter().sum::<f32>() + 110.0 * scale <= size.y - 20.0;
        let (mut width, mut style, mut heights) = measure(panel_width(size, scale));
        if !fits(&heights) {
            (width, style, heights) = measure(size.x - 20.0);
        }
        if fits(&heights) || scale <= own {
            return Fitted {
                scale,
                text_px,
                width,
                key_style,
                style,
                rows,
                heights,
            };
        }
        scale = (scale * 0.92).max(own);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::input::keymap::ACTIONS;
    use crate::screens::input::{button, Chord, InputMapper, PAD_BUTTONS, PAD_PUSHES};
    use crate::screens::pause;

    #[test]
    fn every_row_of_both_pages_shows_at_every_size_of_text() {
        let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
        let mut font = Font::load(&assets.join("fonts/DejaVuSans.ttf")).expect("font");
        let keys = Keymap::default();
        for percent in crate::settings::UI_SCALES {
            crate::screens::theme::set_ui_scale(percent as f32 / 100.0);
            for (w, h) in [(1280, 720), (640, 360), (1600, 1000), (1920, 1080)] {
                let size = Vec2::new(w as f32, h as f32);
                let scale = super::super::camera::ui_scale((w, h));
                for page in [Page::Controls, Page::Rules] {
                    let f = fit(&mut font, size, scale, page, &keys);
                    let rows_h: f32 = f.heights.iter().sum();
                    assert!(
                        rows_h + 110.0 * f.scale <= h as f32 - 20.0,
                        "{page:?} at {percent} % on {w}x{h}: {rows_h} at {}",
                        f.scale
                    );
                    let own = super::super::camera::cell_scale((w, h));
                    assert!(f.scale >= own.min(scale) * 0.8, "{percent} % on {w}x{h}");
                }
            }
        }
        crate::screens::theme::set_ui_scale(1.0);
    }

    /// A screen key as the help counts it: every `Hero(n)` as the row of
    /// the heroes' numbers.
    fn class(key: Key) -> Key {
        match key {
            Key::Hero(_) => Key::Hero(0),
            key => key,
        }
    }

    /// What the Gamepad row says the gamepad gives.
    const GAMEPAD: &[Key] = &[
        Key::Up,
        Key::Down,
        Key::Left,
        Key::Right,
        Key::Space,
        Key::Escape,
        Key::Undo,
        Key::Redo,
        Key::PrevHero,
        Key::NextHero,
        Key::EndTurn,
        Key::ZoomIn,
        Key::ZoomOut,
        Key::PanLeft,
        Key::PanRight,
        Key::PanUp,
        Key::PanDown,
        Key::Overview,
        Key::Help,
        Key::Target,
    ];

    /// What every key on the keyboard means with the default keys, with
    /// every modifier mix: each SDL keycode (the ASCII ones and the
    /// scancode-based ones) the screens know, as `Screens::handle_raw`
    /// reads them.
    fn keyboard() -> Vec<(Chord, Key)> {
        let keys = Keymap::default();
        let codes = (1..0x80).chain((0..0x120).map(|sc| sc | 0x4000_0000));
        let known = codes
            .filter_map(sdl2::keyboard::Keycode::from_i32)
            .filter_map(crate::screens::input::code_of);
        let mut out = Vec::new();
        for code in known {
            for m in 0..8 {
                let chord = Chord {
                    code,
                    ctrl: m & 1 != 0,
                    shift: m & 2 != 0,
                    alt: m & 4 != 0,
                };
                out.extend(keys.key(chord).map(|k| (chord, class(k))));
            }
        }
        out
    }

    /// What every gamepad button and stick or trigger push means.
    fn gamepad() -> Vec<Key> {
        let buttons = PAD_BUTTONS.iter().filter_map(|(b, _)| button(*b));
        let pushes = PAD_PUSHES
            .iter()
            .filter_map(|(axis, way, _)| InputMapper::new().axis(*axis, way * 32_000));
        buttons.chain(pushes).map(class).collect()
    }

    fn shown() -> Vec<Key> {
        CONTROLS
            .iter()
            .filter(|r| r.keys != [Word("Gamepad")])
            .flat_map(|r| r.actions())
            .map(class)
            .collect()
    }

    #[test]
    fn every_key_the_game_reacts_to_has_its_row_in_the_help() {
        let shown = shown();
        for (chord, means) in keyboard() {
            assert!(
                shown.contains(&means),
                "{chord:?} means {means:?}: no row of the help shows its keys"
            );
        }
        for a in &ACTIONS {
            assert!(shown.contains(&class(a.key)), "{} has no row", a.name);
        }
        for means in gamepad() {
            assert!(
                GAMEPAD.contains(&means),
                "a gamepad input means {means:?}: the Gamepad row does not say so"
            );
        }
        let pad = gamepad();
        for claimed in GAMEPAD {
            assert!(pad.contains(claimed), "the Gamepad row claims {claimed:?}");
        }
        // Every row that names no action is a word: the mouse, the gamepad.
        for r in CONTROLS {
            assert!(
                !r.actions().is_empty() || matches!(r.keys, [Word(_)]),
                "{r:?}"
            );
        }
        // The two the issue found missing.
        let rows = controls(&Keymap::default());
        assert!(rows.iter().any(|(k, _)| k == "M"));
        assert!(rows
            .iter()
            .any(|(k, what)| k == "Esc" && what.contains("options (sound")));
    }

    #[test]
    fn the_esc_row_names_every_entry_of_the_pause_menu() {
        let esc = controls(&Keymap::default())
            .into_iter()
            .find(|(k, _)| k == "Esc")
            .map(|(_, what)| what.to_lowercase())
            .expect("an Esc row");
        for entry in pause::ENTRIES {
            let name = entry.label().to_lowercase();
            assert!(esc.contains(&name), "the Esc row names `{name}`: {esc}");
        }
    }

    #[test]
    fn the_players_manual_lists_every_control_with_its_default_keys() {
        let manual = include_str!("../../../../docs/PLAYING.md");
        let section = manual
            .split("\n## Controls\n")
            .nth(1)
            .and_then(|s| s.split("\n## ").next())
            .expect("docs/PLAYING.md has a Controls section");
        let rows: Vec<&str> = section
            .lines()
            .filter_map(|l| l.strip_prefix("| "))
            .filter_map(|l| l.split(" | ").next())
            .skip(1)
            .collect();
        let keys: Vec<String> = controls(&Keymap::default())
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(rows, keys, "docs/PLAYING.md, Controls: the rows' keys");
    }

    #[test]
    fn the_help_names_the_keys_bound_now() {
        let mut keys = Keymap::default();
        keys.rebind(Key::Undo, Chord::parse("u").unwrap())
            .expect("U is free");
        let rows = controls(&keys);
        let row = |what: &str| {
            rows.iter()
                .find(|(_, w)| w.starts_with(what))
                .map(|(k, w)| (k.as_str(), w.as_str()))
                .expect(what)
        };
        assert_eq!(row("undo"), ("U", "undo"));
        keys.unbind(Key::Hint, keys.bindings(Key::Hint)[0])
            .expect("not the menus'");
        assert_eq!(row("hint").0, "I");
        let rows = controls(&keys);
        assert!(rows
            .iter()
            .any(|(k, what)| k == "(no key)" && what.starts_with("hint")));
        assert_eq!(row("restart"), ("R", "restart the level (U undoes it)"));
        let rules = Page::Rules.rows(&keys);
        assert!(rules
            .iter()
            .any(|(_, how)| how.contains("U undoes anything")));
        assert!(!rules.iter().any(|(_, how)| how.contains("Z undoes")));
        let table = markdown(&keys);
        assert!(table.contains("| U | undo |"), "{table}");
        assert!(table.starts_with("| keys | what they do |\n|---|---|\n| Mouse |"));
        // Every key named, none left as a template.
        for page in [Page::Controls, Page::Rules] {
            for (k, what) in page.rows(&Keymap::default()) {
                assert!(!what.contains('{') && !k.is_empty(), "{k}: {what}");
            }
        }
        assert_eq!(
            footer(&Keymap::default()),
            "←/→ or Tab: the other page · Esc closes"
        );
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
