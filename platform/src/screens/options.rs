//! The Options screen, from the title and the pause menu: the player's
//! settings, grouped — Display (fullscreen, the window's size, the size of
//! text and panels), Sound (volume, on/off), Accessibility (the colours
//! of danger and falls, reduced motion, asking before ending a turn) —
//! then Controls (the keys) and Back.
//!
//! Every change takes effect at once and is kept in `settings.txt`
//! (`crate::settings`) when the game quits. The screen keeps no copy of a
//! setting: it shows the [`Shown`] values the screens hand it each time,
//! and asks for a change with an [`OptionsAction::Change`].
//!
//! Keys: Up/Down choose a row, Left/Right step its value down and up,
//! Enter, Space or a click step it up (wrapping round), a right-click steps
//! it down; Esc goes back. The row chosen is described under the list.
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle};

use crate::audio::Volume;
use crate::screens::input::{Input, Key, Keymap};
use crate::screens::menu::{self, Menu, MenuEvent};
use crate::screens::theme::{self, GOLD, SUB_TEXT};
use crate::screens::world::Palette;
use crate::settings::{on_off_text as on_off, UI_SCALES};

/// The window sizes offered (window units); the window's own size, if
/// another, is shown as it is and steps to the nearest of these.
pub const WINDOW_SIZES: [(u32, u32); 5] = [
    (960, 540),
    (1280, 720),
    (1600, 900),
    (1920, 1080),
    (2560, 1440),
];

/// The settings as they are, for the screen to show.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub fullscreen: bool,
    /// The window's size when not fullscreen.
    pub window_px: (u32, u32),
    /// Text and panels, in percent (one of [`UI_SCALES`]).
    pub ui_scale: u32,
    pub volume: Volume,
    /// The colours danger, falls and glares are drawn in.
    pub palette: Palette,
    pub reduce_motion: bool,
    pub confirm_end_turn: bool,
    /// The name of the key that switches the sound (M unless rebound).
    pub mute_key: String,
}

/// One change the player asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Change {
    Fullscreen(bool),
    /// The window's size when not fullscreen.
    Window((u32, u32)),
    /// Text and panels, in percent.
    UiScale(u32),
    Sound(Volume),
    Palette(Palette),
    ReduceMotion(bool),
    ConfirmEndTurn(bool),
}

/// What the Options screen asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OptionsAction {
    /// Apply this at once.
    Change(Change),
    /// Open the Controls screen.
    Controls,
    /// Back to the screen it was opened from.
    Back,
}

/// A row of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Fullscreen,
    Window,
    UiScale,
    Volume,
    Sound,
    Colours,
    ReduceMotion,
    ConfirmEndTurn,
    Controls,
    Back,
}

/// The groups, top to bottom: a heading (none for the last) and its rows.
pub const GROUPS: [(&str, &[Row]); 4] = [
    ("Display", &[Row::Fullscreen, Row::Window, Row::UiScale]),
    ("Sound", &[Row::Volume, Row::Sound]),
    (
        "Accessibility",
        &[Row::Colours, Row::ReduceMotion, Row::ConfirmEndTurn],
    ),
    ("", &[Row::Controls, Row::Back]),
];

/// Every row, in the order drawn.
pub fn rows() -> impl Iterator<Item = Row> {
    GROUPS.iter().flat_map(|(_, rows)| rows.iter().copied())
}

impl Row {
    /// The text of the row, with the value `shown`.
    pub fn label(self, shown: &Shown) -> String {
        match self {
            Row::Fullscreen => format!("Fullscreen: {}", on_off(shown.fullscreen)),
            Row::Window => {
                let (w, h) = shown.window_px;
                let when = if shown.fullscreen {
                    " (when windowed)"
                } else {
                    ""
                };
                format!("Window: {w} × {h}{when}")
            }
            Row::UiScale => format!("Text and panels: {} %", shown.ui_scale),
            Row::Volume => format!("Volume: {} %", shown.volume.percent()),
            Row::Sound => format!(
                "Sound: {} ({})",
                on_off(!shown.volume.muted),
                shown.mute_key
            ),
            Row::Colours => format!("Colours: {}", shown.palette.name()),
            Row::ReduceMotion => format!("Reduce motion: {}", on_off(shown.reduce_motion)),
            Row::ConfirmEndTurn => {
                format!("Ask to end a turn: {}", on_off(shown.confirm_end_turn))
            }
            Row::Controls => "Controls…".to_string(),
            Row::Back => "Back".to_string(),
        }
    }

    /// What the row does, in a line (`{id}`: a key, for `Keymap::fill`).
    pub fn help(self) -> &'static str {
        match self {
            Row::Fullscreen => "The game fills the screen ({fullscreen} also switches).",
            Row::Window => "The window's size when it is not fullscreen.",
            Row::UiScale => "Larger text and panels, as far as the window holds them.",
            Row::Volume => "How loud the game's sounds are.",
            Row::Sound => "All sound on or off ({mute} switches it anywhere but the editor).",
            Row::Colours => {
                "Colour-blind: danger vermillion, falls sky blue. Hatching and dotted rings tell them apart in both."
            }
            Row::ReduceMotion => "Moves, falls, ropes and the camera change at once, not animated.",
            Row::ConfirmEndTurn => {
                "Enter asks first when heroes still have action points, or when a watcher would catch one."
            }
            Row::Controls => "See and change the keys.",
            Row::Back => "Back (Esc).",
        }
    }

    /// The change a step `up` (or down) asks for, if any.
    fn step(self, shown: &Shown, up: bool, wrap: bool) -> Option<OptionsAction> {
        let change = match self {
            Row::Fullscreen => Change::Fullscreen(!shown.fullscreen),
            Row::Window => Change::Window(step_window(shown.window_px, up, wrap)?),
            Row::UiScale => Change::UiScale(step_in(&UI_SCALES, shown.ui_scale, up, wrap)?),
            Row::Volume => {
                let v = shown.volume;
                let next = match (up, v.percent()) {
                    (true, 100) if wrap => Volume::new(0.0, v.muted),
                    (true, _) => v.louder(),
                    (false, _) => v.quieter(),
                };
                (next != v).then_some(Change::Sound(next))?
            }
            Row::Sound => Change::Sound(shown.volume.toggled()),
            Row::Colours => Change::Palette(step_palette(shown.palette, up)),
            Row::ReduceMotion => Change::ReduceMotion(!shown.reduce_motion),
            Row::ConfirmEndTurn => Change::ConfirmEndTurn(!shown.confirm_end_turn),
            Row::Controls | Row::Back => return None,
        };
        Some(OptionsAction::Change(change))
    }
}

/// The next value of `values` (ascending) after `now` going `up` (or
/// down): from a value not listed, the nearest listed one that way;
/// `wrap`ping round at the ends, or `None` there.
fn step_in(values: &[u32], now: u32, up: bool, wrap: bool) -> Option<u32> {
    let next = if up {
        values.iter().copied().find(|&v| v > now)
    } else {
        values.iter().rev().copied().find(|&v| v < now)
    };
    match next {
        Some(v) => Some(v),
        None if wrap => if up { values.first() } else { values.last() }.copied(),
        None => None,
    }
}

/// The next palette of [`Palette::ALL`] after `now` going `up` (or down),
/// round and round.
fn step_palette(now: Palette, up: bool) -> Palette {
    let all = Palette::ALL;
    let at = all.iter().position(|&p| p == now).unwrap_or(0);
    let n = all.len();
    all[if up { (at + 1) % n } else { (at + n - 1) % n }]
}

/// The next window size of [`WINDOW_SIZES`] after `now` (see [`step_in`];
/// sizes are ordered by width).
fn step_window(now: (u32, u32), up: bool, wrap: bool) -> Option<(u32, u32)> {
    let widths = WINDOW_SIZES.map(|(w, _)| w);
    let width = step_in(&widths, now.0, up, wrap)?;
    WINDOW_SIZES.iter().copied().find(|&(w, _)| w == width)
}

/// Where everything goes on a drawable of `size`.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub scale: f32,
    pub frame: Rect,
    pub title_at: Vec2,
    /// Each group's heading: its text and top-left.
    pub headings: Vec<(&'static str, Vec2)>,
    /// Each row's button, in [`rows`] order.
    pub rows: Vec<Rect>,
    /// The selected row's description, centred on this point.
    pub help_at: Vec2,
}

/// The design's measures (at scale 1).
const FRAME_W: f32 = 600.0;
const TITLE_H: f32 = 70.0;
const HEADING_H: f32 = 30.0;
const ROW_H: f32 = 38.0;
const ROW_STEP: f32 = 43.0;
const GAP: f32 = 14.0;
/// Room for the description (up to two lines) and the keys' line.
const HELP_H: f32 = 80.0;

/// The layout's height at scale 1.
fn design_height() -> f32 {
    let headings = GROUPS.iter().filter(|(h, _)| !h.is_empty()).count() as f32;
    let gaps = GROUPS.iter().filter(|(h, _)| h.is_empty()).count() as f32;
    TITLE_H + headings * HEADING_H + gaps * GAP + rows().count() as f32 * ROW_STEP + HELP_H
}

/// The layout for a drawable of `size` (see [`theme::scale`]).
pub fn layout(size: Vec2) -> Layout {
    let height = design_height();
    let s = theme::scale(size, Vec2::new(FRAME_W + 40.0, height + 20.0));
    let frame = Rect::centred(size / 2.0, Vec2::new(FRAME_W * s, height * s));
    let frame = Rect::new(
        frame.x.round(),
        frame.y.round(),
        frame.w.round(),
        frame.h.round(),
    );
    let title_at = Vec2::new((size.x / 2.0).round(), (frame.y + 18.0 * s).round());
    let mut y = frame.y + TITLE_H * s;
    let mut headings = Vec::new();
    let mut rects = Vec::new();
    let row_w = (FRAME_W - 60.0) * s;
    for (heading, rows) in GROUPS {
        if heading.is_empty() {
            y += GAP * s;
        } else {
            headings.push((heading, Vec2::new((frame.x + 30.0 * s).round(), y.round())));
            y += HEADING_H * s;
        }
        for _ in rows {
            rects.push(Rect::new(
                (size.x / 2.0 - row_w / 2.0).round(),
                y.round(),
                row_w.round(),
                (ROW_H * s).round(),
            ));
            y += ROW_STEP * s;
        }
    }
    Layout {
        scale: s,
        frame,
        title_at,
        headings,
        rows: rects,
        help_at: Vec2::new((size.x / 2.0).round(), (y + 12.0 * s).round()),
    }
}

/// The screen's state: which row is chosen, and whether it is drawn over
/// the dimmed play screen (opened from the pause menu).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptionsScreen {
    pub menu: Menu,
    /// Opened over a level in play: drawn over it, not on the backdrop.
    pub over_play: bool,
}

impl OptionsScreen {
    /// The first row chosen.
    pub fn new(over_play: bool) -> OptionsScreen {
        OptionsScreen {
            menu: Menu::default(),
            over_play,
        }
    }

    /// The row chosen.
    pub fn selected(&self) -> Row {
        rows().nth(self.menu.selected).unwrap_or(Row::Back)
    }

    /// Applies one input, the settings being `shown`.
    pub fn handle(&mut self, input: Input, size: Vec2, shown: &Shown) -> Option<OptionsAction> {
        let l = layout(size);
        let row_at = |p: Vec2| l.rows.iter().position(|r| r.contains(p));
        match input {
            Input::Key(Key::Right) => self.selected().step(shown, true, false),
            Input::Key(Key::Left) => self.selected().step(shown, false, false),
            Input::RightClick(p) => {
                let i = row_at(p)?;
                self.menu.selected = i;
                self.selected().step(shown, false, true)
            }
            _ => match self.menu.handle(input, &l.rows)? {
                MenuEvent::Back => Some(OptionsAction::Back),
                MenuEvent::Chosen(_) => match self.selected() {
                    Row::Controls => Some(OptionsAction::Controls),
                    Row::Back => Some(OptionsAction::Back),
                    row => row.step(shown, true, true),
                },
            },
        }
    }

    /// Draws the screen, the settings being `shown` and the keys `keys`
    /// (UI pass).
    pub fn draw(
        &self,
        list: &mut DrawList,
        font: &mut Font,
        size: Vec2,
        shown: &Shown,
        keys: &Keymap,
    ) {
        let l = layout(size);
        let s = l.scale;
        list.set_pass(render::Pass::Ui);
        if self.over_play {
            menu::veil(list, size);
        } else {
            menu::backdrop(list, size);
        }
        menu::overlay_panel(list, l.frame, s);
        list.text(
            font,
            l.title_at,
            "Options",
            &TextStyle::new((36.0 * s).round().max(8.0), GOLD).aligned(Align::Centre),
        );
        let heading = TextStyle::new((18.0 * s).round().max(6.0), GOLD);
        for (text, at) in &l.headings {
            list.text(font, *at, text, &heading);
        }
        for (i, (row, rect)) in rows().zip(l.rows.iter().copied()).enumerate() {
            menu::draw_item(
                list,
                font,
                rect,
                &row.label(shown),
                i == self.menu.selected,
                true,
                (20.0 * s).round().max(6.0),
                s,
            );
        }
        let help = TextStyle::new((16.0 * s).round().max(6.0), SUB_TEXT)
            .aligned(Align::Centre)
            .wrapped(l.frame.w - 40.0 * s);
        let text = keys.fill(&format!(
            "{}\n{{up}} {{down}} choose · {{left}} {{right}} change · {{enter}} or click changes · {{escape}} back",
            self.selected().help()
        ));
        list.text(font, l.help_at, &text, &help);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: Vec2 = Vec2::new(1280.0, 720.0);

    fn shown() -> Shown {
        Shown {
            fullscreen: false,
            window_px: (1280, 720),
            ui_scale: 100,
            volume: Volume::new(0.8, false),
            palette: Palette::Standard,
            reduce_motion: false,
            confirm_end_turn: true,
            mute_key: "M".to_string(),
        }
    }

    fn at(row: Row) -> usize {
        rows().position(|r| r == row).expect("a row")
    }

    fn on(row: Row) -> OptionsScreen {
        let mut o = OptionsScreen::new(false);
        o.menu.selected = at(row);
        o
    }

    fn change(o: &mut OptionsScreen, input: Input, shown: &Shown) -> Option<Change> {
        match o.handle(input, SIZE, shown) {
            Some(OptionsAction::Change(c)) => Some(c),
            None => None,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn each_row_steps_its_setting_both_ways() {
        let s = shown();
        let right = Input::Key(Key::Right);
        let left = Input::Key(Key::Left);
        let enter = Input::Key(Key::Enter);
        let mut o = on(Row::Fullscreen);
        assert_eq!(change(&mut o, enter, &s), Some(Change::Fullscreen(true)));
        let mut o = on(Row::Window);
        assert_eq!(change(&mut o, right, &s), Some(Change::Window((1600, 900))));
        assert_eq!(change(&mut o, left, &s), Some(Change::Window((960, 540))));
        let odd = Shown {
            window_px: (1366, 768),
            ..s.clone()
        };
        assert_eq!(
            change(&mut o, left, &odd),
            Some(Change::Window((1280, 720))),
            "a size not offered steps to the nearest one"
        );
        let biggest = Shown {
            window_px: (2560, 1440),
            ..s.clone()
        };
        assert_eq!(change(&mut o, right, &biggest), None, "no wrap on Right");
        assert_eq!(
            change(&mut o, enter, &biggest),
            Some(Change::Window((960, 540))),
            "Enter wraps round"
        );
        let mut o = on(Row::UiScale);
        assert_eq!(change(&mut o, right, &s), Some(Change::UiScale(125)));
        assert_eq!(change(&mut o, left, &s), None, "100 % is the least");
        assert_eq!(
            change(
                &mut o,
                Input::RightClick(layout(SIZE).rows[at(Row::UiScale)].centre()),
                &s
            ),
            Some(Change::UiScale(200)),
            "a right-click steps down, wrapping"
        );
        let mut o = on(Row::Volume);
        assert_eq!(
            change(&mut o, right, &s),
            Some(Change::Sound(Volume::new(0.9, false)))
        );
        let full = Shown {
            volume: Volume::new(1.0, false),
            ..s.clone()
        };
        assert_eq!(change(&mut o, right, &full), None);
        assert_eq!(
            change(&mut o, enter, &full),
            Some(Change::Sound(Volume::new(0.0, false)))
        );
        let mut o = on(Row::Sound);
        assert_eq!(
            change(&mut o, left, &s),
            Some(Change::Sound(Volume::new(0.8, true)))
        );
        let mut o = on(Row::Colours);
        assert_eq!(
            change(&mut o, right, &s),
            Some(Change::Palette(Palette::ColourBlind))
        );
        assert_eq!(
            change(&mut o, left, &s),
            Some(Change::Palette(Palette::ColourBlind)),
            "two palettes: either way is the other"
        );
        let mut o = on(Row::ReduceMotion);
        assert_eq!(change(&mut o, right, &s), Some(Change::ReduceMotion(true)));
        let mut o = on(Row::ConfirmEndTurn);
        assert_eq!(
            change(&mut o, enter, &s),
            Some(Change::ConfirmEndTurn(false))
        );
    }

    #[test]
    fn controls_back_and_escape() {
        let s = shown();
        let mut o = on(Row::Controls);
        assert_eq!(
            o.handle(Input::Key(Key::Enter), SIZE, &s),
            Some(OptionsAction::Controls)
        );
        assert_eq!(o.handle(Input::Key(Key::Right), SIZE, &s), None);
        let back = layout(SIZE).rows[at(Row::Back)].centre();
        assert_eq!(
            o.handle(Input::Click(back), SIZE, &s),
            Some(OptionsAction::Back)
        );
        assert_eq!(
            o.handle(Input::Key(Key::Escape), SIZE, &s),
            Some(OptionsAction::Back)
        );
        // Down from the first row reaches every row, in order.
        let mut o = OptionsScreen::new(false);
        let seen: Vec<Row> = rows()
            .map(|_| {
                let r = o.selected();
                o.handle(Input::Key(Key::Down), SIZE, &s);
                r
            })
            .collect();
        assert_eq!(seen, rows().collect::<Vec<_>>());
    }

    #[test]
    fn labels_say_the_value() {
        let s = shown();
        let labels: Vec<String> = rows().map(|r| r.label(&s)).collect();
        assert_eq!(
            labels,
            [
                "Fullscreen: off",
                "Window: 1280 × 720",
                "Text and panels: 100 %",
                "Volume: 80 %",
                "Sound: on (M)",
                "Colours: standard",
                "Reduce motion: off",
                "Ask to end a turn: on",
                "Controls…",
                "Back"
            ]
        );
        let full = Shown {
            fullscreen: true,
            ..s.clone()
        };
        assert_eq!(
            Row::Window.label(&full),
            "Window: 1280 × 720 (when windowed)"
        );
    }

    #[test]
    fn the_list_fits_every_window_at_every_size_of_text() {
        for percent in UI_SCALES {
            theme::set_ui_scale(percent as f32 / 100.0);
            for size in [
                SIZE,
                Vec2::new(640.0, 360.0),
                Vec2::new(800.0, 600.0),
                Vec2::new(2560.0, 1440.0),
            ] {
                let l = layout(size);
                let last = l.rows.last().expect("rows");
                assert!(
                    l.frame.y >= 0.0 && l.frame.y + l.frame.h <= size.y,
                    "{percent} % on {size}: {:?}",
                    l.frame
                );
                // Three lines of 16-pixel text (line height 1.25) below.
                let help_bottom = l.help_at.y + 3.0 * 16.0 * 1.25 * l.scale;
                assert!(
                    last.y + last.h < l.help_at.y && help_bottom <= l.frame.y + l.frame.h,
                    "{percent} % on {size}"
                );
                assert!(l.frame.x >= 0.0 && l.frame.x + l.frame.w <= size.x);
            }
        }
        // Larger where the window has room, never smaller than at 100 %.
        theme::set_ui_scale(2.0);
        let big = layout(Vec2::new(2560.0, 1440.0)).scale;
        theme::set_ui_scale(1.0);
        assert!(big > 2.0, "{big}");
        assert_eq!(layout(Vec2::new(2560.0, 1440.0)).scale, 2.0);
    }
}
