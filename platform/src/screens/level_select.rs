//! The level select: the campaign's levels in order, each with its best
//! result; a level is open once the one before it is won (the first always
//! is). Up/Down and Enter, or the mouse, choose; Escape goes back to the
//! title. A locked level says on its button what unlocks it (winning the
//! level before it), and choosing it says so again. In a level pack —
//! whose order is its designer's suggestion, and which unlocks no
//! equipment — choosing a locked level a second time plays it out of
//! order (a win counts as any other, and opens the level after it), so a
//! pack's designer can test-play any of its levels. A level with a game
//! in progress says so, and choosing it asks: Resume (exactly where it was
//! left) or Restart (the same game restarted, an undoable step, so nothing
//! is lost).
//!
//! Once any equipment is unlocked (or the level requires some), choosing
//! a level without a game in progress opens the loadout screen
//! (`loadout/`) in its place: Start there plays the level equipped,
//! Back returns to the list. Under the title a line says how many relics
//! the campaign has recovered, what they unlocked and what comes next.
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, SpriteAtlas, TextStyle};

use game::equipment::{next_unlock, Equipment, Loadout};

use crate::levels::Campaign;
use crate::progress::{LevelResult, Progress};
use crate::screens::input::{Input, Keymap};
use crate::screens::loadout::{self, LoadoutAction, LoadoutScreen};
use crate::screens::menu::{self, Menu, MenuEvent};
use crate::screens::theme::{DISABLED_TEXT, GOLD, ITEM_TEXT, NOTICE_TEXT, SUB_TEXT};

/// What the level select asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelSelectAction {
    /// Play campaign level `n` from its start, without equipment.
    Play(usize),
    /// Play campaign level `index` from its start, equipped with
    /// `loadout` (the loadout screen's Start).
    Start {
        index: usize,
        loadout: Loadout,
    },
    /// Resume level `n`'s game in progress; `restart`: then restart it.
    Resume {
        index: usize,
        restart: bool,
    },
    Back,
}

/// The choice offered for a level with a game in progress.
pub const RESUME_CHOICES: [&str; 2] = ["Resume", "Restart"];

/// The screen's state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelSelectScreen {
    pub menu: Menu,
    /// A one-line notice (a locked level chosen); `None` shows nothing.
    pub notice: Option<String>,
    /// Per campaign level: whether it has a game in progress.
    pub in_progress: Vec<bool>,
    /// The Resume/Restart question for level `.0`; `None`: not asked.
    pub asking: Option<(usize, Menu)>,
    /// The loadout screen, shown instead of the list while open; `None`:
    /// the list.
    pub loadout: Option<Box<LoadoutScreen>>,
    /// A pack's locked level chosen once: choosing it again (while it
    /// stays selected) plays it out of order.
    pub out_of_order: Option<usize>,
}

/// Where things go on a drawable of `size` with `count` levels.
pub struct LevelSelectLayout {
    pub scale: f32,
    pub title_at: Vec2,
    pub title_px: f32,
    pub items: Vec<Rect>,
    pub text_px: f32,
    pub small_px: f32,
    /// A level button's name and status line.
    pub label_px: f32,
    pub status_px: f32,
    pub notice_at: Vec2,
    pub hint_at: Vec2,
    /// The line about relics and equipment, under the title.
    pub relics_at: Vec2,
}

/// The relics recovered over the campaign, the equipment they unlocked
/// and what unlocks next, in a line.
pub fn relics_line(progress: &Progress) -> String {
    let relics = progress.relics_recovered_total();
    let unlocked = progress.unlocked_equipment();
    let mut line = format!(
        "{relics} relic{} recovered",
        if relics == 1 { "" } else { "s" }
    );
    if !unlocked.is_empty() {
        let names: Vec<String> = unlocked.iter().map(|e| e.title().to_lowercase()).collect();
        line.push_str(&format!(" · equipment: {}", names.join(", ")));
    }
    match next_unlock(relics) {
        Some((next, needs)) => line.push_str(&format!(
            " · {} at {needs}",
            Equipment::title(next).to_lowercase()
        )),
        None => line.push_str(" · all equipment unlocked"),
    }
    line
}

/// The layout (see [`LevelSelectLayout`]). The list fills the height
/// between the relics line and the hint (keeping a line for a notice);
/// its two lines of text are sized to the buttons, so each button holds
/// its name and its status line inside its border ([`item_text_tops`]).
pub fn layout(size: Vec2, count: usize) -> LevelSelectLayout {
    let s = (size.y / 720.0).min(size.x / 1280.0).max(0.2);
    // Up to six levels in one column; more in two (first column first), so
    // each keeps room for its name and its line of status.
    let columns = if count > 6 { 2 } else { 1 };
    let rows = count.div_ceil(columns).max(1);
    let small_px = (16.0 * s).round().max(6.0);
    let relics_at = Vec2::new((size.x / 2.0).round(), (size.y * 0.06 + 60.0 * s).round());
    let hint_at = Vec2::new((size.x / 2.0).round(), (size.y - 40.0 * s).round());
    let top = (relics_at.y + small_px + 14.0 * s).round();
    let bottom = hint_at.y - 28.0 * s - small_px;
    let step = (84.0 * s).min((bottom - top) / rows as f32);
    let gap = 16.0 * s;
    let width = match columns {
        1 => (620.0 * s).min(size.x - 40.0 * s),
        _ => (560.0 * s).min((size.x - 40.0 * s - gap) / 2.0),
    };
    let item = Vec2::new(width, step - 8.0 * s);
    let items: Vec<Rect> = (0..columns)
        .flat_map(|c| {
            let centre_x = match columns {
                1 => size.x / 2.0,
                _ => size.x / 2.0 + (c as f32 - 0.5) * (width + gap),
            };
            let n = rows.min(count.saturating_sub(c * rows));
            menu::column(centre_x, top, n, item, step)
        })
        .collect();
    let below = items.iter().map(|r| r.y + r.h).fold(size.y * 0.3, f32::max);
    LevelSelectLayout {
        scale: s,
        title_at: Vec2::new((size.x / 2.0).round(), (size.y * 0.06).round()),
        title_px: (54.0 * s).round().max(8.0),
        items,
        text_px: (24.0 * s).round().max(6.0),
        small_px,
        // A line of text is about 1.17 em high: the name and the status
        // take about 0.85 of the button, the rest is its border and air.
        label_px: (24.0 * s).min(item.y * 0.42).round().max(6.0),
        status_px: (16.0 * s).min(item.y * 0.29).round().max(6.0),
        notice_at: Vec2::new((size.x / 2.0).round(), (below + 12.0 * s).round()),
        hint_at,
        relics_at,
    }
}

/// Where a button's two lines start (the name's top, the status line's
/// top): the pair centred in `rect`, given their line heights.
pub fn item_text_tops(rect: Rect, line_h: f32, small_h: f32) -> (f32, f32) {
    let top = (rect.centre().y - (line_h + small_h) / 2.0).round();
    (top, top + line_h)
}

/// `px`, or smaller where `text` at `px` is wider than `width` (a long
/// status line in a narrow button), never under 6 px.
pub fn fit_px(font: &mut Font, text: &str, px: f32, width: f32) -> f32 {
    let wide = render::text::measure(font, text, &TextStyle::new(px, render::WHITE)).x;
    if wide <= width || wide <= 0.0 {
        px
    } else {
        (px * width / wide).floor().max(6.0)
    }
}

/// The relics a level asks for, in a few words ("bring out 1 relic").
fn relics_goal(level: &game::level::Level) -> String {
    match level.relics_to_clear() {
        0 => "just get out".to_string(),
        1 => "bring out 1 relic".to_string(),
        n => format!("bring out {n} relics"),
    }
}

/// A level's goal in a few words: the relics to bring out, and its par.
pub fn goal(level: &game::level::Level) -> String {
    let relics = relics_goal(level);
    match level.par {
        Some(par) => format!(
            "{relics} · par {par} turn{}",
            if par == 1 { "" } else { "s" }
        ),
        None => relics,
    }
}

/// The line under a level's name, for a level that loads: its goal, then
/// `status` ("not won yet", "a game in progress"), or, won, its best
/// result ("… won · best: 1 of 1 relics in 5 turns"). A best under par
/// says so with its turns, the par beside them rather than in the goal:
/// "bring out 1 relic · won · best: 1 of 1 relics, 3 turns — under par
/// (4)!". A best won on an earlier version of the level (a shipped level
/// redesigned since: `LevelResult::on_another_version`) is not held
/// against the par: "bring out 1 relic · par 7 turns · won · best: 1 of 1
/// relics, 6 turns (earlier version)". A best won with equipment
/// the player chose names it after the turns, as the results did: "…
/// best: 1 of 1 relics, 3 turns with the second rope — under par (5)!".
pub fn level_line(level: &game::level::Level, best: Option<&LevelResult>, status: &str) -> String {
    let Some(b) = best else {
        return format!("{} · {status}", goal(level));
    };
    let turns = b.turns;
    let relics = format!("{} of {} relics", b.relics, b.relics_total);
    let plural = if turns == 1 { "" } else { "s" };
    // Only a best that carries a fingerprint can be told apart.
    if b.level.is_some() && b.on_another_version(game::io::save::level_fingerprint(level)) {
        return format!(
            "{} · won · best: {relics}, {turns} turn{plural} (earlier version)",
            goal(level)
        );
    }
    let with = with_words(b.equipment);
    match level
        .par
        .and_then(|par| crate::screens::results::under_par(turns, par))
    {
        Some(mark) => format!(
            "{} · won · best: {relics}, {turns} turns{with} — {mark}",
            relics_goal(level)
        ),
        None => format!(
            "{} · won · best: {relics} in {turns} turn{plural}{with}",
            goal(level)
        ),
    }
}

/// The equipment of a best, after its turns: " with the second rope", "
/// with the long rope and the spare bucket"; nothing for none.
fn with_words(equipment: game::equipment::EquipmentSet) -> String {
    let pieces: Vec<&str> = equipment.iter().map(|e| e.the()).collect();
    match pieces.as_slice() {
        [] => String::new(),
        [one] => format!(" with {one}"),
        [rest @ .., last] => format!(" with {} and {last}", rest.join(", ")),
    }
}

/// The hint line at the bottom of the level select (a pack's, `pack`,
/// says a locked level plays out of order), with the keys of `keys`.
pub fn hint(keys: &Keymap, pack: bool) -> String {
    keys.fill(if pack {
        "{up}/{down} choose · {enter} or click to play (twice for a locked level: out of order) · {escape} back"
    } else {
        "{up}/{down} choose · {enter} or click to play · {escape} back"
    })
}

/// The status line of locked level `i` (never the first): what opens it,
/// and in a pack how to play it now.
pub fn locked_line(campaign: &Campaign, i: usize) -> String {
    let first = i
        .checked_sub(1)
        .and_then(|b| campaign.levels.get(b))
        .map_or("", |e| e.name());
    match campaign.pack {
        None => format!("locked: win “{first}” first"),
        Some(_) => format!("locked: win “{first}” first, or choose it twice to play it now"),
    }
}

fn files(campaign: &Campaign) -> Vec<&str> {
    campaign.levels.iter().map(|e| e.key.as_str()).collect()
}

impl LevelSelectScreen {
    /// The first level not yet won (where the player left off).
    pub fn new(campaign: &Campaign, progress: &Progress) -> LevelSelectScreen {
        let files = files(campaign);
        let first_open = (0..files.len())
            .find(|&i| progress.unlocked(&files, i) && !progress.won(files[i]))
            .unwrap_or(0);
        LevelSelectScreen {
            menu: Menu {
                selected: first_open,
            },
            notice: None,
            in_progress: Vec::new(),
            asking: None,
            loadout: None,
            out_of_order: None,
        }
    }

    /// Opens the loadout screen for campaign level `index` (`level`), with
    /// `progress`'s relics; the list's selection moves to it.
    pub fn open_loadout(&mut self, index: usize, level: &game::level::Level, progress: &Progress) {
        self.menu.selected = index;
        self.notice = None;
        self.loadout = Some(Box::new(LoadoutScreen::new(
            index,
            level,
            progress.relics_recovered_total(),
        )));
    }

    /// Marks the levels with a game in progress (`in_progress[i]` for
    /// campaign level `i`); the selection moves to the one of them played
    /// last, `latest`, if given.
    pub fn with_games_in_progress(
        mut self,
        in_progress: Vec<bool>,
        latest: Option<usize>,
    ) -> LevelSelectScreen {
        self.in_progress = in_progress;
        if let Some(i) = latest {
            self.menu.selected = i;
        }
        self
    }

    fn has_game(&self, i: usize) -> bool {
        self.in_progress.get(i).copied().unwrap_or(false)
    }

    /// Applies one input.
    pub fn handle(
        &mut self,
        input: Input,
        size: Vec2,
        campaign: &Campaign,
        progress: &Progress,
    ) -> Option<LevelSelectAction> {
        if let Some(screen) = &mut self.loadout {
            return match screen.handle(input, size)? {
                LoadoutAction::Start(loadout) => {
                    let index = screen.index;
                    self.loadout = None;
                    Some(LevelSelectAction::Start { index, loadout })
                }
                LoadoutAction::Back => {
                    self.loadout = None;
                    None
                }
            };
        }
        let l = layout(size, campaign.levels.len());
        if let Some((index, menu)) = &mut self.asking {
            let index = *index;
            let rects = choice_layout(size, l.scale);
            return match menu.handle(input, &rects.items) {
                Some(MenuEvent::Chosen(c)) => {
                    self.asking = None;
                    Some(LevelSelectAction::Resume {
                        index,
                        restart: c == 1,
                    })
                }
                Some(MenuEvent::Back) => {
                    self.asking = None;
                    None
                }
                None => None,
            };
        }
        // Two columns: Left and Right move across them.
        let count = campaign.levels.len();
        if count > 6 {
            let rows = count.div_ceil(2);
            match input {
                Input::Key(crate::screens::input::Key::Right) => {
                    self.menu.selected = (self.menu.selected + rows).min(count - 1);
                    return None;
                }
                Input::Key(crate::screens::input::Key::Left) => {
                    self.menu.selected = self.menu.selected.saturating_sub(rows);
                    return None;
                }
                _ => {}
            }
        }
        let before = self.menu.selected;
        let event = self.menu.handle(input, &l.items);
        if self.menu.selected != before {
            self.out_of_order = None;
        }
        match event? {
            MenuEvent::Back => Some(LevelSelectAction::Back),
            MenuEvent::Chosen(i) => {
                let files = files(campaign);
                let entry = campaign.levels.get(i)?;
                if let Err(e) = &entry.level {
                    self.notice = Some(format!("{} does not load: {e}", entry.file));
                    return None;
                }
                // A pack's locked level chosen the second time plays.
                let out_of_order = self.out_of_order.take() == Some(i) && campaign.pack.is_some();
                if !(progress.unlocked(&files, i) || out_of_order) {
                    let first = campaign.levels[i - 1].name();
                    self.notice = Some(match &campaign.pack {
                        None => format!("Locked: win “{first}” first"),
                        Some(_) => {
                            self.out_of_order = Some(i);
                            format!(
                                "“{}” is locked until you win “{first}”. Choose it again (or click it) to play it now, out of order; a win counts as usual.",
                                entry.name()
                            )
                        }
                    });
                    return None;
                }
                self.notice = None;
                if self.has_game(i) {
                    self.asking = Some((i, Menu::default()));
                    return None;
                }
                if let Ok(level) = &entry.level {
                    if loadout::wanted(level, &progress.unlocked_equipment()) {
                        self.open_loadout(i, level, progress);
                        return None;
                    }
                }
                Some(LevelSelectAction::Play(i))
            }
        }
    }

    /// Draws the screen (the loadout screen while it is open).
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &self,
        list: &mut DrawList,
        font: &mut Font,
        sprites: &SpriteAtlas,
        size: Vec2,
        campaign: &Campaign,
        progress: &Progress,
        keys: &Keymap,
    ) {
        if let Some(screen) = &self.loadout {
            screen.draw(list, font, sprites, size, keys);
            return;
        }
        let l = layout(size, campaign.levels.len());
        let s = l.scale;
        menu::backdrop(list, size);
        // A pack's level select is titled by the pack, its author and
        // description under it (a pack unlocks no equipment).
        let (title, under) = match &campaign.pack {
            Some(p) => (
                p.name.clone(),
                [format!("by {}", p.author), p.description.clone()]
                    .into_iter()
                    .filter(|w| !w.is_empty() && w != "by ")
                    .collect::<Vec<_>>()
                    .join(" · "),
            ),
            None => ("Choose a level".to_string(), relics_line(progress)),
        };
        list.text(
            font,
            l.title_at,
            &title,
            &TextStyle::new(l.title_px, GOLD).aligned(Align::Centre),
        );
        list.text(
            font,
            l.relics_at,
            &under,
            &TextStyle::new(l.small_px, SUB_TEXT).aligned(Align::Centre),
        );
        if let Some(e) = &campaign.error {
            list.text(
                font,
                Vec2::new(size.x / 2.0, size.y * 0.3),
                &format!("No levels: {e}"),
                &TextStyle::new(l.small_px, NOTICE_TEXT)
                    .aligned(Align::Centre)
                    .wrapped(size.x * 0.8),
            );
        }
        let files = files(campaign);
        for (i, (entry, rect)) in campaign.levels.iter().zip(&l.items).enumerate() {
            let open = progress.unlocked(&files, i) && entry.level.is_ok();
            let selected = i == self.menu.selected;
            let label = format!("{}. {}", i + 1, entry.name());
            let line_h = font.line_metrics(l.label_px).line_height_px;
            let small_h = font.line_metrics(l.status_px).line_height_px;
            menu::draw_item(list, font, *rect, "", selected, open, l.label_px, s);
            let (top, status_top) = item_text_tops(*rect, line_h, small_h);
            let colour = match (open, selected) {
                (false, _) => DISABLED_TEXT,
                (true, true) => render::WHITE,
                (true, false) => ITEM_TEXT,
            };
            let inside = rect.w - 2.0 * (3.0 * s).round();
            let label_px = fit_px(font, &label, l.label_px, inside);
            list.text(
                font,
                Vec2::new(rect.centre().x, top),
                &label,
                &TextStyle::new(label_px, colour).aligned(Align::Centre),
            );
            let best = progress.best(&entry.key);
            let in_progress = match (self.has_game(i), best.is_some()) {
                (true, true) => Some("won · a game in progress"),
                (true, false) => Some("a game in progress"),
                (false, _) => None,
            };
            let status = match (&entry.level, open, in_progress) {
                (Err(_), _, _) => "does not load".to_string(),
                (Ok(level), true, Some(game)) => level_line(level, None, game),
                (Ok(level), true, None) => level_line(level, best.as_ref(), "not won yet"),
                (Ok(_), false, Some(game)) => game.to_string(),
                (Ok(_), false, None) => locked_line(campaign, i),
            };
            let status_px = fit_px(font, &status, l.status_px, inside);
            list.text(
                font,
                Vec2::new(rect.centre().x, status_top),
                &status,
                &TextStyle::new(status_px, SUB_TEXT).aligned(Align::Centre),
            );
        }
        menu::footer(
            list,
            font,
            size,
            l.small_px,
            (self.notice.as_deref(), l.notice_at),
            (&hint(keys, campaign.pack.is_some()), l.hint_at),
        );
        if let Some((index, menu)) = &self.asking {
            let c = choice_layout(size, s);
            menu::veil(list, size);
            menu::overlay_panel(list, c.panel, s);
            let name = campaign.levels.get(*index).map_or("", |e| e.name());
            list.text(
                font,
                c.title_at,
                &format!("“{name}”: a game in progress"),
                &TextStyle::new(l.text_px, GOLD).aligned(Align::Centre),
            );
            for (i, (label, rect)) in RESUME_CHOICES.iter().zip(&c.items).enumerate() {
                menu::draw_item(
                    list,
                    font,
                    *rect,
                    label,
                    i == menu.selected,
                    true,
                    l.text_px,
                    s,
                );
            }
            list.text(
                font,
                c.hint_at,
                &keys.fill("Restart keeps the game's history: {undo} undoes back into it"),
                &TextStyle::new(l.small_px, SUB_TEXT).aligned(Align::Centre),
            );
        }
    }
}

/// Where the Resume/Restart question goes.
pub struct ChoiceLayout {
    pub panel: Rect,
    pub title_at: Vec2,
    pub items: Vec<Rect>,
    pub hint_at: Vec2,
}

/// The Resume/Restart question's layout on a drawable of `size` at `scale`.
pub fn choice_layout(size: Vec2, scale: f32) -> ChoiceLayout {
    let s = scale;
    let w = (560.0 * s).min(size.x - 20.0 * s);
    let h = 300.0 * s;
    let panel = Rect::new(
        ((size.x - w) / 2.0).round(),
        ((size.y - h) / 2.0).round(),
        w.round(),
        h.round(),
    );
    let item = Vec2::new((320.0 * s).round(), (56.0 * s).round());
    let step = (72.0 * s).round();
    let items = menu::column(size.x / 2.0, panel.y + (84.0 * s).round(), 2, item, step);
    ChoiceLayout {
        panel,
        title_at: Vec2::new((size.x / 2.0).round(), panel.y + (24.0 * s).round()),
        items,
        hint_at: Vec2::new(
            (size.x / 2.0).round(),
            panel.y + panel.h - (40.0 * s).round(),
        ),
    }
}

#[cfg(test)]
mod tests;
