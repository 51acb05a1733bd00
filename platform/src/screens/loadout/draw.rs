//! Drawing the loadout screen: the title and the level's thumbnail with
//! its goal, a head per hero (sprite, name, rope), one row per piece of
//! equipment with a cell per hero (or, for a piece that goes to no hero,
//! one saying where it lies), the Start and Back buttons, the notice and
//! the key hints (for the selected row).
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, Rgba, SpriteAtlas, TextStyle, WHITE};

use game::equipment::{check_give, Equipment};

use super::{layout, sentence, HeroColumn, LoadoutScreen, Offer};
use crate::screens::input::{Key, Keymap};
use crate::screens::menu;
use crate::screens::theme::{
    DISABLED_TEXT, GOLD, ITEM_STYLE, ITEM_TEXT, NOTICE_TEXT, SUB_TEXT, THUMB_BACKGROUND,
};

impl LoadoutScreen {
    /// Draws the screen (it fills the drawable), its hints naming the keys
    /// of `keys`.
    pub fn draw(
        &self,
        list: &mut DrawList,
        font: &mut Font,
        sprites: &SpriteAtlas,
        size: Vec2,
        keys: &Keymap,
    ) {
        let l = layout(size, self.heroes.len());
        let s = l.scale;
        menu::backdrop(list, size);
        let centre = |px: f32, colour: Rgba| TextStyle::new(px, colour).aligned(Align::Centre);
        list.text(
            font,
            l.title_at,
            &format!("Equipment for “{}”", self.level.name),
            &centre(l.title_px, GOLD),
        );
        list.text(
            font,
            l.sub_at,
            &format!(
                "{} relic{} recovered · bring each piece, or leave it",
                self.relics,
                if self.relics == 1 { "" } else { "s" }
            ),
            &centre(l.small_px, SUB_TEXT),
        );
        // The level about to be played: its map, small, and its goal.
        list.quad(l.thumb, THUMB_BACKGROUND);
        crate::screens::thumbnail::draw(list, &self.level, l.thumb);
        // The goal a part a line ("Bring out 1 relic", "par 2 turns").
        let goal = sentence(&crate::screens::level_select::goal(&self.level));
        let mut at = l.goal_at;
        for part in goal.split(" · ") {
            let style = TextStyle::new(l.small_px, SUB_TEXT).wrapped(l.goal_w);
            list.text(font, at, part, &style);
            at.y += render::text::measure(font, part, &style).y;
        }
        // The heroes: a column each, then Nobody.
        let small_h = font.line_metrics(l.small_px).line_height_px;
        for (i, head) in l.heads.iter().enumerate() {
            list.panel(*head, &menu::scaled(ITEM_STYLE, s));
            let (name, rope) = match self.heroes.get(i) {
                Some(h) => (
                    sentence(h.kind.name()),
                    self.starting_rope(h)
                        .map_or("no rope".to_string(), |n| format!("rope {n}")),
                ),
                None => ("Nobody".to_string(), "leave it".to_string()),
            };
            if let Some(sprite) = self
                .heroes
                .get(i)
                .and_then(|h| sprites.sprite(h.kind.name()))
            {
                let px = l.sprite_px;
                let at = Rect::new(
                    (head.centre().x - px / 2.0).round(),
                    (head.y + 6.0 * s).round(),
                    px,
                    px,
                );
                list.sprite(sprite, at, WHITE);
            }
            let text_top = head.y + head.h - 2.0 * small_h - 6.0 * s;
            list.text(
                font,
                Vec2::new(head.centre().x, text_top.round()),
                &name,
                &centre(l.small_px, WHITE),
            );
            list.text(
                font,
                Vec2::new(head.centre().x, (text_top + small_h).round()),
                &rope,
                &centre(l.small_px, SUB_TEXT),
            );
        }
        // The rows.
        for (r, ((item, offer), rects)) in self.offers.iter().zip(&l.rows).enumerate() {
            let selected = self.menu.selected == r;
            let usable = matches!(offer, Offer::Open | Offer::Required);
            menu::draw_item(list, font, rects.label, "", selected, usable, l.text_px, s);
            let line_h = font.line_metrics(l.text_px).line_height_px;
            let top = (rects.label.centre().y - (line_h + small_h) / 2.0).round();
            let title_colour = match (usable, selected) {
                (false, _) => DISABLED_TEXT,
                (true, true) => WHITE,
                (true, false) => ITEM_TEXT,
            };
            list.text(
                font,
                Vec2::new(rects.label.centre().x, top),
                item.title(),
                &centre(l.text_px, title_colour),
            );
            let (what, colour) = match offer {
                Offer::Open => (item.effect().to_string(), SUB_TEXT),
                Offer::Required => (format!("required here · {}", item.effect()), GOLD),
                Offer::Forbidden => ("not allowed in this level".to_string(), DISABLED_TEXT),
                Offer::Locked { relics } => (
                    format!("unlocks at {relics} relics recovered"),
                    DISABLED_TEXT,
                ),
            };
            list.text(
                font,
                Vec2::new(rects.label.centre().x, top + line_h),
                &what,
                &centre(l.small_px, colour),
            );
            let chosen = self.chosen_cell(*item);
            for (c, cell) in rects.cells.iter().enumerate() {
                let holds = c == chosen;
                let hero = self.cell_holder(*item, c).flatten();
                let fits = usable
                    && hero
                        .as_deref()
                        .is_none_or(|h| check_give(&self.level, *item, h).is_ok());
                let label = match usable {
                    true => self.cell_label(*item, c),
                    false => String::new(),
                };
                menu::draw_item(
                    list,
                    font,
                    *cell,
                    &label,
                    holds && usable,
                    fits,
                    l.small_px,
                    s,
                );
                if !fits {
                    // Greyed: a dark veil over the cell.
                    list.quad(*cell, [0.02, 0.02, 0.05, 0.45]);
                }
            }
        }
        for (i, (label, rect)) in ["Start", "Back"].iter().zip(&l.buttons).enumerate() {
            menu::draw_item(
                list,
                font,
                *rect,
                label,
                self.menu.selected == self.offers.len() + i,
                true,
                l.text_px,
                s,
            );
        }
        if let Some(n) = &self.notice {
            list.text(
                font,
                l.notice_at,
                n,
                &centre(l.small_px, NOTICE_TEXT).wrapped(size.x * 0.9),
            );
        }
        list.text(
            font,
            l.hint_at,
            &self.hint(keys),
            &centre(l.small_px, SUB_TEXT),
        );
    }
}

impl LoadoutScreen {
    /// What cell `cell` of `item`'s row says: the chosen hero's what the
    /// hero then starts with, Nobody's "nobody" when chosen, others
    /// nothing; for a piece that goes to no hero, where it lies (brought
    /// or not: the cell says what choosing it does) and "left behind".
    pub fn cell_label(&self, item: Equipment, cell: usize) -> String {
        let chosen = self.chosen_cell(item) == cell;
        match (item.lies(), cell, chosen) {
            (Some(at), 0, true) => format!("brought · it lies {at}"),
            (Some(at), 0, false) => format!("bring it · it lies {at}"),
            (Some(_), _, true) => "left behind".to_string(),
            (None, c, true) => match self.heroes.get(c) {
                Some(h) => taken_label(item, h),
                None => "nobody".to_string(),
            },
            (_, _, false) => String::new(),
        }
    }

    /// The key hints for the selected row, with the keys of `keys`.
    pub fn hint(&self, keys: &Keymap) -> String {
        let row = self.offers.get(self.menu.selected).map(|(e, _)| *e);
        let choose = match row {
            Some(item) if !item.goes_to_a_hero() => {
                "{left}/{right} bring it or leave it".to_string()
            }
            _ => format!(
                "{{left}}/{{right}} or {} hand it over",
                keys.set_name(&[Key::Hero(0), Key::Hero(1), Key::Hero(2)])
            ),
        };
        keys.fill(&format!(
            "{{up}}/{{down}} choose · {choose} · {{enter}} on Start plays · {{escape}} back"
        ))
    }
}

/// What a hero's cell says when the hero takes `item` (a piece that goes
/// to a hero): the rope it then starts with.
pub fn taken_label(item: Equipment, hero: &HeroColumn) -> String {
    match game::equipment::rope_after(hero.rope_len_cells, item) {
        Some(n) => format!("rope {n}"),
        None => "takes it".to_string(),
    }
}
