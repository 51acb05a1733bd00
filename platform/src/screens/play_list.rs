//! The Play screen: the campaign first, then every level pack found
//! (`crate::packs`), each a button with its author and description (or
//! why it cannot be played) on a second line. Choosing one opens its own
//! level select; Escape goes back to the title. Ctrl+V asks the main loop
//! for the clipboard, to import a pack's text (`Screens::paste_text`).
//!
//! Logic ([`PlayListScreen::handle`]) and drawing share one pure
//! [`layout`], so what the mouse hits is what is drawn.
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle};

use super::input::{Input, Keymap};
use super::menu::{self, Menu, MenuEvent};
use super::theme::{DISABLED_TEXT, GOLD, ITEM_TEXT, SUB_TEXT};
use crate::packs::PackListing;

/// What the Play screen asks of the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayListAction {
    /// The campaign's level select.
    Campaign,
    /// Pack `n` of the list's level select.
    Pack(usize),
    Back,
}

/// The Play screen's state: the packs listed and the selection (0: the
/// campaign, `n`: pack `n - 1`).
#[derive(Clone, Debug, Default)]
pub struct PlayListScreen {
    pub packs: Vec<PackListing>,
    pub menu: Menu,
    /// One line under the list (an import's outcome); `None`: nothing.
    pub notice: Option<String>,
}

/// Where things go on a drawable of `size` with `count` entries.
pub struct PlayListLayout {
    pub scale: f32,
    pub title_at: Vec2,
    pub title_px: f32,
    pub items: Vec<Rect>,
    pub text_px: f32,
    pub small_px: f32,
    pub notice_at: Vec2,
    pub hint_at: Vec2,
}

/// The layout (see [`PlayListLayout`]).
pub fn layout(size: Vec2, count: usize) -> PlayListLayout {
    let s = (size.y / 720.0).min(size.x / 1280.0).max(0.2);
    let rows = count.max(1);
    let step = (84.0 * s).min((size.y * 0.6) / rows as f32);
    let width = (720.0 * s).min(size.x - 40.0 * s);
    let top = (size.y * 0.2).round();
    let items = menu::column(
        size.x / 2.0,
        top,
        count,
        Vec2::new(width, step - 12.0 * s),
        step,
    );
    let below = items.iter().map(|r| r.y + r.h).fold(size.y * 0.3, f32::max);
    PlayListLayout {
        scale: s,
        title_at: Vec2::new((size.x / 2.0).round(), (size.y * 0.06).round()),
        title_px: (54.0 * s).round().max(8.0),
        items,
        text_px: (24.0 * s).round().max(6.0),
        small_px: (16.0 * s).round().max(6.0),
        notice_at: Vec2::new((size.x / 2.0).round(), (below + 18.0 * s).round()),
        hint_at: Vec2::new((size.x / 2.0).round(), (size.y - 40.0 * s).round()),
    }
}

/// The hint line at the bottom, with the keys of `keys`.
pub fn hint(keys: &Keymap) -> String {
    keys.fill("{enter}: play · {escape}: back · Ctrl+V: import a pack's text")
}

impl PlayListScreen {
    pub fn new(packs: Vec<PackListing>) -> PlayListScreen {
        PlayListScreen {
            packs,
            ..PlayListScreen::default()
        }
    }

    /// Applies one input (Ctrl+V is the stack's: `Screens::handle_raw`).
    pub fn handle(&mut self, input: Input, size: Vec2) -> Option<PlayListAction> {
        let l = layout(size, self.packs.len() + 1);
        match self.menu.handle(input, &l.items)? {
            MenuEvent::Back => Some(PlayListAction::Back),
            MenuEvent::Chosen(0) => Some(PlayListAction::Campaign),
            MenuEvent::Chosen(i) => match &self.packs.get(i - 1)?.pack {
                Ok(_) => Some(PlayListAction::Pack(i - 1)),
                Err(e) => {
                    self.notice = Some(format!("This pack cannot be played: {e}"));
                    None
                }
            },
        }
    }

    /// The second line under entry `i`.
    fn detail(&self, i: usize) -> String {
        if i == 0 {
            return "the levels that come with the game".to_string();
        }
        match self.packs.get(i - 1).map(|p| &p.pack) {
            Some(Ok(c)) => {
                let info = c.pack.as_ref();
                let author = info.map_or("", |p| p.author.as_str());
                let description = info.map_or("", |p| p.description.as_str());
                let levels = format!(
                    "{} level{}",
                    c.levels.len(),
                    if c.levels.len() == 1 { "" } else { "s" }
                );
                [levels, author_words(author), description.to_string()]
                    .into_iter()
                    .filter(|w| !w.is_empty())
                    .collect::<Vec<_>>()
                    .join(" · ")
            }
            Some(Err(e)) => format!("cannot be played: {e}"),
            None => String::new(),
        }
    }

    pub fn draw(&self, list: &mut DrawList, font: &mut Font, size: Vec2, keys: &Keymap) {
        let count = self.packs.len() + 1;
        let l = layout(size, count);
        let s = l.scale;
        menu::backdrop(list, size);
        list.text(
            font,
            l.title_at,
            "Play",
            &TextStyle::new(l.title_px, GOLD).aligned(Align::Centre),
        );
        let line_h = font.line_metrics(l.text_px).line_height_px;
        let small_h = font.line_metrics(l.small_px).line_height_px;
        for (i, rect) in l.items.iter().enumerate() {
            let playable = i == 0 || self.packs.get(i - 1).is_some_and(|p| p.pack.is_ok());
            let selected = i == self.menu.selected;
            menu::draw_item(list, font, *rect, "", selected, playable, l.text_px, s);
            let label = match i {
                0 => "The campaign",
                _ => self.packs[i - 1].label.as_str(),
            };
            let top = (rect.centre().y - (line_h + small_h) / 2.0).round();
            let colour = match (playable, selected) {
                (false, _) => DISABLED_TEXT,
                (true, true) => render::WHITE,
                (true, false) => ITEM_TEXT,
            };
            list.text(
                font,
                Vec2::new(rect.centre().x, top),
                label,
                &TextStyle::new(l.text_px, colour).aligned(Align::Centre),
            );
            let detail = clipped(&self.detail(i), 80);
            list.text(
                font,
                Vec2::new(rect.centre().x, top + line_h),
                &detail,
                &TextStyle::new(l.small_px, SUB_TEXT).aligned(Align::Centre),
            );
        }
        menu::footer(
            list,
            font,
            size,
            l.small_px,
            (self.notice.as_deref(), l.notice_at),
            (&hint(keys), l.hint_at),
        );
    }
}

fn author_words(author: &str) -> String {
    if author.is_empty() {
        String::new()
    } else {
        format!("by {author}")
    }
}

/// `text` cut to `max` characters, with an ellipsis when cut.
fn clipped(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}
