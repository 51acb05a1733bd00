//! The play screen's heads-up display (UI pass, over the world): a top bar
//! with the level's name, the turn counter and the relics out, a band of
//! short hints under it (on its own backing, never over the map), one
//! portrait per hero along the bottom (sprite,
//! number key, action points as pips, the item in hand, "left" or "caught"),
//! and above the portraits the last message — why an action was refused,
//! or what undo did.
//!
//! [`layout`] is pure, so the screen's clicks on portraits hit exactly what
//! is drawn; [`bands`] says how much of the drawable's top and bottom the
//! HUD covers, which the camera keeps the hero and its reach out of.
use game::stage::Stage;
use game::things::ThingId;
use glam::Vec2;
use render::colour::with_alpha;
use render::{hex, Align, DrawList, Font, PanelStyle, Rect, Rgba, TextStyle, WHITE};

use crate::screens::input::Keymap;
use crate::screens::menu::scaled;
use crate::screens::theme::{GOLD, ITEM_STYLE, NOTICE_TEXT, SELECTED_STYLE};
use crate::screens::world::{Colours, WorldSprites};

pub const BAR: Rgba = [0.05, 0.06, 0.1, 0.82];
pub const BAR_TEXT: Rgba = hex(0xe8ebf5);
pub const HINT_TEXT: Rgba = hex(0x8f9abb);
/// The hint band's backing: a little lighter than the bar, so the two read
/// as one header of two rows.
pub const HINT_BAND: Rgba = [0.07, 0.08, 0.13, 0.9];
pub const AP_EMPTY: Rgba = hex(0x3a4160);
pub const INFO_TEXT: Rgba = hex(0xd8def0);

/// A message line, and how it reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// Why the rules refused an action.
    Refused(String),
    /// What happened (undo, redo, a saved screenshot…).
    Info(String),
    /// A question before something the player may regret (a hero the
    /// watchers will catch): drawn in the refusal's colour, as a question.
    Warning(String),
}

/// Where the HUD's parts go on a drawable of `size` with `heroes` heroes.
#[derive(Clone, Debug, PartialEq)]
pub struct HudLayout {
    pub scale: f32,
    pub size: Vec2,
    pub bar: Rect,
    /// The hint line's band, under the bar (its text at `hint_at`).
    pub hint_band: Rect,
    pub hint_at: Vec2,
    pub portraits: Vec<Rect>,
    pub message_at: Vec2,
    pub text_px: f32,
    pub small_px: f32,
}

/// The height of the top bar and of the hint band under it, at `scale`.
fn top_heights(scale: f32) -> (f32, f32) {
    ((40.0 * scale).round(), (24.0 * scale).round())
}

/// How far down from the top (the bar and the hint band) and up from the
/// bottom (the portraits and their margin, and the message line over
/// them) the HUD covers the world on a drawable of `size` at `scale`, in
/// pixels: the camera keeps the selected hero and its reach between.
pub fn bands(size: Vec2, scale: f32) -> (f32, f32) {
    let (bar, hint) = top_heights(scale);
    let top = (size.y - (66.0 * scale).round() - 12.0 * scale).round();
    let message = (top - 34.0 * scale - 4.0 * scale).round();
    (bar + hint, size.y - message)
}

/// The layout (see [`HudLayout`]).
pub fn layout(size: Vec2, heroes: usize, scale: f32) -> HudLayout {
    let s = scale;
    let (bar_h, hint_h) = top_heights(s);
    let bar = Rect::new(0.0, 0.0, size.x, bar_h);
    let hint_band = Rect::new(0.0, bar_h, size.x, hint_h);
    let pw = (236.0 * s)
        .round()
        .min(((size.x - 24.0 * s) / heroes.max(1) as f32).floor() - 8.0 * s);
    let ph = (66.0 * s).round();
    let gap = (10.0 * s).round();
    let top = (size.y - ph - 12.0 * s).round();
    let portraits = (0..heroes)
        .map(|i| {
            Rect::new(
                (12.0 * s + i as f32 * (pw + gap)).round(),
                top,
                pw.max(40.0),
                ph,
            )
        })
        .collect();
    HudLayout {
        scale: s,
        size,
        bar,
        hint_band,
        hint_at: Vec2::new((12.0 * s).round(), (bar.h + 4.0 * s).round()),
        portraits,
        message_at: Vec2::new((12.0 * s).round(), (top - 34.0 * s).round()),
        text_px: (18.0 * s).round().max(6.0),
        small_px: (14.0 * s).round().max(6.0),
    }
}

impl HudLayout {
    /// The part of the drawable no HUD covers: below the top bar and its
    /// hint line, above the message line over the portraits. What the
    /// player must see (the target cursor) is kept in here.
    pub fn play_area(&self) -> Rect {
        let top = self.hint_at.y + self.small_px * 1.5;
        let bottom = self.message_at.y - 6.0 * self.scale;
        Rect::new(0.0, top, self.size.x, (bottom - top).max(0.0))
    }

    /// The portrait under `p`, if any.
    pub fn portrait_at(&self, p: Vec2) -> Option<usize> {
        self.portraits.iter().position(|r| r.contains(p))
    }
}

/// What the HUD shows.
pub struct Hud<'a> {
    pub stage: &'a Stage,
    pub level_name: &'a str,
    pub heroes: &'a [ThingId],
    pub selected: usize,
    pub message: Option<&'a Message>,
    pub hint: &'a str,
    pub sprites: &'a WorldSprites,
    /// When the level is lost: who caught whom (watcher, hero; see
    /// [`super::danger::Danger::glares`]).
    pub lost: Option<&'a [(ThingId, ThingId)]>,
    /// The palette's colours (a lost level's message, "caught").
    pub colours: &'a Colours,
    /// The keys the lost line names.
    pub keys: &'a Keymap,
}

/// Draws the HUD (UI pass).
pub fn draw(list: &mut DrawList, font: &mut Font, l: &HudLayout, hud: &Hud) {
    let s = l.scale;
    let stage = hud.stage;
    list.quad(l.bar, BAR);
    let line_h = font.line_metrics(l.text_px).line_height_px;
    let text_y = ((l.bar.h - line_h) / 2.0).round();
    list.text(
        font,
        Vec2::new((12.0 * s).round(), text_y),
        hud.level_name,
        &TextStyle::new(l.text_px, BAR_TEXT),
    );
    list.text(
        font,
        Vec2::new((l.size.x / 2.0).round(), text_y),
        &format!("Turn {}", stage.turn()),
        &TextStyle::new(l.text_px, GOLD).aligned(Align::Centre),
    );
    list.text(
        font,
        Vec2::new((l.size.x - 12.0 * s).round(), text_y),
        &format!(
            "Relics out {} of {}",
            stage.relics_recovered(),
            stage.relics_total()
        ),
        &TextStyle::new(l.text_px, BAR_TEXT).aligned(Align::Right),
    );
    list.quad(l.hint_band, HINT_BAND);
    list.text(
        font,
        l.hint_at,
        hud.hint,
        &TextStyle::new(l.small_px, HINT_TEXT),
    );

    for (i, (&hero, &rect)) in hud.heroes.iter().zip(&l.portraits).enumerate() {
        draw_portrait(list, font, l, hud, i, hero, rect);
    }

    if let Some((text, colour)) = message_line(stage, hud.message, hud.lost, hud.keys, hud.colours)
    {
        let style = TextStyle::new(l.text_px, colour);
        let size = render::text::measure(font, &text, &style);
        let pad = Vec2::new(10.0 * s, 4.0 * s);
        list.quad(
            Rect::new(
                l.message_at.x - pad.x,
                l.message_at.y - pad.y,
                size.x + 2.0 * pad.x,
                size.y + 2.0 * pad.y,
            ),
            BAR,
        );
        list.text(font, l.message_at, &text, &style);
    }
}

fn draw_portrait(
    list: &mut DrawList,
    font: &mut Font,
    l: &HudLayout,
    hud: &Hud,
    i: usize,
    hero: ThingId,
    rect: Rect,
) {
    let s = l.scale;
    let stage = hud.stage;
    let selected = i == hud.selected;
    let left = stage.has_left(hero);
    let caught = stage.is_caught(hero);
    let style: PanelStyle = if selected { SELECTED_STYLE } else { ITEM_STYLE };
    list.panel(
        rect,
        &scaled(
            PanelStyle {
                bevel_px: 8.0,
                ..style
            },
            s,
        ),
    );
    let kind = stage.hero_kind(hero).unwrap_or_default();
    let fade = if left { 0.35 } else { 1.0 };
    let icon = (rect.h - 12.0 * s).round();
    if let Some(sprite) = hud.sprites.hero(kind) {
        list.sprite(
            sprite,
            Rect::new(rect.x + 6.0 * s, rect.y + 6.0 * s, icon, icon),
            with_alpha(WHITE, fade),
        );
    }
    let x = (rect.x + icon + 14.0 * s).round();
    let name = format!("{} {}", i + 1, capitalised(kind.name()));
    list.text(
        font,
        Vec2::new(x, (rect.y + 6.0 * s).round()),
        &name,
        &TextStyle::new(
            l.small_px,
            with_alpha(if selected { WHITE } else { BAR_TEXT }, fade),
        ),
    );
    let pip_y = (rect.y + rect.h - 22.0 * s).round();
    if left || caught {
        let (text, colour) = if caught {
            ("caught", hud.colours.lost_text)
        } else {
            ("left the level", HINT_TEXT)
        };
        list.text(
            font,
            Vec2::new(x, pip_y - 3.0 * s),
            text,
            &TextStyle::new(l.small_px, colour),
        );
    } else {
        let data = stage.thing(hero).map(|t| t.data).unwrap_or_default();
        let max = kind.action_points_per_round();
        let pip = (10.0 * s).round().max(3.0);
        for p in 0..max {
            let colour = if p < data.action_points {
                GOLD
            } else {
                AP_EMPTY
            };
            list.quad(
                Rect::new(x + p as f32 * (pip + 4.0 * s), pip_y, pip, pip),
                colour,
            );
        }
    }
    if let Some(item) = stage.held(hero) {
        let side = (30.0 * s).round();
        // The same sprite as in the world (a statue for a heavy relic).
        if let Some(sp) = hud.sprites.item(stage, item) {
            list.sprite(
                sp,
                Rect::new(
                    rect.x + rect.w - side - 8.0 * s,
                    rect.y + rect.h - side - 8.0 * s,
                    side,
                    side,
                ),
                with_alpha(WHITE, fade),
            );
        }
    }
}

/// The message line's text and colour: the screen's message, or, when
/// the level is lost and nothing was said since (a hint's answer, a
/// refusal), who was caught ([`caught_message`], naming the keys of
/// `keys`, in `colours.lost_text`).
pub fn message_line(
    stage: &Stage,
    message: Option<&Message>,
    lost: Option<&[(ThingId, ThingId)]>,
    keys: &Keymap,
    colours: &Colours,
) -> Option<(String, Rgba)> {
    match (message, lost) {
        (Some(Message::Refused(t)), _) => Some((format!("Can't: {t}"), NOTICE_TEXT)),
        (Some(Message::Info(t)), _) => Some((t.clone(), INFO_TEXT)),
        (Some(Message::Warning(t)), _) => Some((t.clone(), NOTICE_TEXT)),
        (None, Some(glares)) => Some((caught_message(stage, glares, keys), colours.lost_text)),
        (None, None) => None,
    }
}

/// The message of a lost level: who was caught by whom, and how to go on
/// (with the keys of `keys`). `glares`: each watcher with a hero it
/// caught ([`super::danger::Danger::glares`]).
pub fn caught_message(stage: &Stage, glares: &[(ThingId, ThingId)], keys: &Keymap) -> String {
    let go_on = keys.fill("{undo} undoes, {restart} restarts");
    match caught_words(stage, glares) {
        Some(who) => format!("Caught! {}. {go_on}", capitalised(&who)),
        None => format!("Caught! {go_on}"),
    }
}

/// Who caught whom, each watcher named as its level names it
/// ([`Stage::item_name`]): "the guard saw the scout", "the guard saw the
/// knight and the scout; the sentry saw the sorceress". Each caught hero is
/// named once, with the first watcher in `glares` (level order: the one
/// the rules' catch names); one no glare names "was caught". `None` when
/// nobody was caught.
pub fn caught_words(stage: &Stage, glares: &[(ThingId, ThingId)]) -> Option<String> {
    let mut by: Vec<(Option<ThingId>, Vec<&str>)> = Vec::new();
    for hero in stage.heroes() {
        if !stage.is_caught(hero) {
            continue;
        }
        let watcher = glares.iter().find(|&&(_, h)| h == hero).map(|&(w, _)| w);
        let name = stage.item_name(hero);
        match by.iter_mut().find(|(w, _)| *w == watcher) {
            Some((_, heroes)) => heroes.push(name),
            None => by.push((watcher, vec![name])),
        }
    }
    let said: Vec<String> = by
        .iter()
        .map(|(w, heroes)| match w {
            Some(w) => format!("the {} saw {}", stage.item_name(*w), listed(heroes)),
            None if heroes.len() == 1 => format!("{} was caught", listed(heroes)),
            None => format!("{} were caught", listed(heroes)),
        })
        .collect();
    (!said.is_empty()).then(|| said.join("; "))
}

/// `names` as a list of things: "the knight", "the knight and the scout",
/// "the knight, the scout and the sorceress".
pub fn listed(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => format!("the {one}"),
        [init @ .., last] => format!("the {} and the {last}", init.join(", the ")),
    }
}

/// `name` with its first letter upper case.
pub(super) fn capitalised(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portraits_sit_in_a_row_on_screen_and_are_hit_where_drawn() {
        for (w, h) in [(1280.0, 720.0), (640.0, 360.0), (3840.0, 2160.0)] {
            let size = Vec2::new(w, h);
            let l = layout(
                size,
                3,
                crate::screens::play::camera::ui_scale((w as u32, h as u32)),
            );
            for pair in l.portraits.windows(2) {
                assert!(pair[0].x + pair[0].w < pair[1].x, "{w}x{h}");
            }
            for r in &l.portraits {
                assert!(
                    r.x >= 0.0 && r.x + r.w <= w && r.y + r.h <= h,
                    "{w}x{h}: {r:?}"
                );
                assert!(r.y > l.bar.h);
            }
            // The hint band is under the bar, and both lie inside the top
            // band the camera keeps clear; the portraits (and the message
            // line over them) inside the bottom band.
            let (top, bottom) = bands(size, l.scale);
            assert_eq!(l.hint_band.y, l.bar.h);
            assert!(l.hint_band.y + l.hint_band.h <= top);
            assert!(l.hint_at.y > l.hint_band.y && l.hint_at.y < top);
            for r in &l.portraits {
                assert!(r.y >= h - bottom, "{w}x{h}");
            }
            assert!(l.message_at.y - 4.0 * l.scale >= h - bottom, "{w}x{h}");
            assert_eq!(l.portrait_at(l.portraits[2].centre()), Some(2));
            assert_eq!(l.portrait_at(Vec2::new(w / 2.0, h / 2.0)), None);
        }
        assert_eq!(capitalised("knight"), "Knight");
    }

    #[test]
    fn a_catch_names_each_watcher_as_its_level_does_with_whom_it_saw() {
        // Two floors joined at the left: the guard and the scout below,
        // the night watch, the knight and the sorceress above. Ending the
        // turn, each watcher catches who shares its floor.
        let text = "[level]\nname = \"Two floors\"\n\n[grid]\n###########\n#.........#\n#.#########\n#@........#\n###########\n\n[things]\nscout = hero scout at 2,0\nknight = hero knight at 2,1\nsorceress = hero sorceress at 3,1\nguard = watcher at 4,0\nnight_watch = watcher at 4,1\n";
        let level = game::level::load_text("floors.txt", text).expect("loads");
        let mut session = game::session::Session::new(&level).expect("sets up");
        session
            .perform(&game::action::Action::EndTurn)
            .expect("ends");
        let stage = session.stage();
        let id = |name: &str| stage.find(name).expect(name);
        let (scout, knight, sorceress) = (id("scout"), id("knight"), id("sorceress"));
        let (guard, watch) = (id("guard"), id("night_watch"));
        let glares = [
            (guard, scout),
            (watch, knight),
            (watch, sorceress),
            (watch, scout),
        ];
        assert_eq!(
            caught_message(stage, &glares, &Keymap::default()),
            "Caught! The guard saw the scout; the night watch saw the knight and the sorceress. Z undoes, R restarts"
        );
        // A caught hero no glare names is still named.
        assert_eq!(
            caught_words(stage, &glares[..2]).as_deref(),
            Some(
                "the guard saw the scout; the night watch saw the knight; the sorceress was caught"
            )
        );
    }
}
