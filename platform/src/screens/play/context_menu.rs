//! The context actions of the selected hero's cell (E, Space, gamepad A,
//! a click on the hero or a right click): what the rules offer the hero
//! here ([`game::action::available`]) — pick up, set down, put in, take
//! out, the rope let down, hoist, lower, take the rope back, tie,
//! levitate, leave — each with its AP cost, then End turn. What the rules
//! refuse here is listed too, dimmed, after the rest, with the rules'
//! reason ("Hoist the rope (stand in the rope's top cell)"), so a player
//! who cannot do something sees why. The menu decides no rule: entries,
//! costs and reasons are the offers'; it only names and orders them.
//!
//! The order is stable, so E then Enter does what a player expects: first
//! whatever advances the level's goal here (hoisting a tied load; tying,
//! putting in, taking out or picking up a relic — in that order,
//! [`goal_order`]), then the other actions in one fixed order of kinds
//! ([`kind_order`]). Leaving is never the first entry: it comes after
//! every other allowed action and End turn, so a hero leaves the level
//! only by choosing it. Each entry names what it acts on ("Tie the bucket
//! to the rope").
use game::action::{available, Action, DeployDir, Event, Offer};
use game::session::Session;
use game::stage::Stage;
use game::things::{Capabilities, ThingId};
use game::view::GridView;
use glam::Vec2;
use render::{DrawList, Font, Rect};

use crate::screens::input::Input;
use crate::screens::menu::{self, Menu, MenuEvent};

/// What an entry does: an offer of the rules (an action, or a levitation
/// whose destination is chosen next).
pub use game::action::Offered as ContextAction;

/// What an input to the open menu did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuOutcome {
    /// An entry was chosen.
    Chosen(ContextAction),
    /// Escape: the menu closes.
    Close,
}

/// One entry of the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub label: String,
    pub action: ContextAction,
    /// Action points it costs (0: free, shown without a cost).
    pub cost: u8,
    /// Why the rules refuse it now (shown dimmed, so a newcomer sees why
    /// the relic at their feet cannot be picked up); `None`: it works.
    pub refused: Option<String>,
}

impl Entry {
    /// The text drawn: the label and its cost, or why not.
    pub fn text(&self) -> String {
        match (&self.refused, self.cost) {
            (Some(why), _) => {
                let short = why.split(':').next().unwrap_or(why);
                format!("{} ({short})", self.label)
            }
            (None, 0) => self.label.clone(),
            (None, c) => format!("{} · {c} AP", self.label),
        }
    }
}

/// The open menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContextMenu {
    pub entries: Vec<Entry>,
    pub menu: Menu,
}

/// What a thing is called on screen (`relic`, `bucket`, `rope`…).
pub fn thing_name(stage: &Stage, id: ThingId) -> String {
    stage.item_name(id).to_string()
}

/// What `item` is called on screen for `hero`, told apart from another
/// item of the same name (the level's bucket and the spare one): alone,
/// its name (`bucket`); with a twin, where it is — `bucket in hand`,
/// `bucket the scout holds`, `bucket on the rope`, `bucket in the
/// bucket`, or where it lies: `bucket here`, `bucket at the entrance`,
/// `bucket 2 cells left`, `bucket 1 left, 3 down` (grid cells from the
/// hero) — then, should two still read alike and that tells them apart,
/// what it holds (`bucket here with the statue`, `bucket here, empty`),
/// and last a number by slot (`bucket here (2)`). Every menu entry that names an item names it
/// so.
pub fn item_words(stage: &Stage, hero: ThingId, item: ThingId) -> String {
    let name = thing_name(stage, item);
    let twins: Vec<ThingId> = stage
        .store()
        .iter_kind(game::things::ThingKind::Interactable)
        .map(|(id, _)| id)
        .filter(|&id| thing_name(stage, id) == name)
        .collect();
    if twins.len() < 2 {
        return name;
    }
    let place = |id: ThingId| -> String {
        if let Some(parent) = stage.store().parent(id) {
            return if parent == hero {
                " in hand".into()
            } else if let Some(kind) = stage.hero_kind(parent) {
                format!(" the {} holds", kind.name())
            } else if stage
                .thing(parent)
                .is_some_and(|t| t.kind() == game::things::ThingKind::RopeSegment)
            {
                " on the rope".into()
            } else {
                format!(" in the {}", thing_name(stage, parent))
            };
        }
        let (Some(at), Some(from)) = (stage.cell_of(id), stage.cell_of(hero)) else {
            return String::new();
        };
        if at == from {
            return " here".into();
        }
        if at == stage.entrance() {
            return " at the entrance".into();
        }
        let way = |n: i32, more: &'static str, less: &'static str| match n.signum() {
            0 => None,
            1 => Some((n, more)),
            _ => Some((-n, less)),
        };
        match (
            way(at.x - from.x, "right", "left"),
            way(at.y - from.y, "up", "down"),
        ) {
            (Some((1, dir)), None) | (None, Some((1, dir))) => format!(" 1 cell {dir}"),
            (Some((n, dir)), None) | (None, Some((n, dir))) => format!(" {n} cells {dir}"),
            (Some((nx, x)), Some((ny, y))) => format!(" {nx} {x}, {ny} {y}"),
            (None, None) => String::new(),
        }
    };
    // Where it is, and what it holds where that is not enough.
    let alike_in = |words: &dyn Fn(ThingId) -> String| -> (String, Vec<ThingId>) {
        let mine = words(item);
        let alike = twins
            .iter()
            .copied()
            .filter(|&id| words(id) == mine)
            .collect();
        (mine, alike)
    };
    let (mut mine, mut alike) = alike_in(&place);
    if alike.len() > 1 {
        let held = |id: ThingId| -> String {
            let inside: Vec<String> = stage
                .children(id)
                .into_iter()
                .map(|c| format!("the {}", thing_name(stage, c)))
                .collect();
            match (inside.is_empty(), stage.item_can(id, Capabilities::CONTAIN)) {
                (false, _) => format!("{} with {}", place(id), inside.join(" and ")),
                (true, true) => format!("{}, empty", place(id)),
                (true, false) => place(id),
            }
        };
        let (words, fewer) = alike_in(&held);
        if fewer.len() < alike.len() {
            (mine, alike) = (words, fewer);
        }
    }
    match alike.iter().position(|&id| id == item) {
        Some(i) if alike.len() > 1 => format!("{name}{mine} ({})", i + 1),
        _ => format!("{name}{mine}"),
    }
}

/// The label of `offer` for `hero`: what it does and what it acts on,
/// named from the events it would have where it is allowed, each item
/// told apart from a twin ([`item_words`]).
pub(super) fn label(stage: &Stage, hero: ThingId, offer: &Offer) -> String {
    let name = |id: ThingId| item_words(stage, hero, id);
    let held = stage.held(hero);
    let events: &[Event] = offer.verdict.as_deref().unwrap_or(&[]);
    let attached = events.iter().find_map(|e| match e {
        Event::Attach { child, parent } => Some((*child, *parent)),
        _ => None,
    });
    let action = match offer.what {
        ContextAction::Levitate(item) => {
            return format!("Levitate {}…", item_words(stage, hero, item))
        }
        ContextAction::Do(action) => action,
    };
    match action {
        Action::PickUp { item, .. } => match item {
            Some(i) => format!("Pick up {}", name(i)),
            None => "Pick up".into(),
        },
        Action::SetDown { .. } => {
            // Where it will land, if not here: set down on a rope, it falls.
            let fallen = events
                .iter()
                .find_map(|e| match e {
                    Event::Move { thing, path, .. } if Some(*thing) == held => Some(path.len()),
                    _ => None,
                })
                .unwrap_or(0);
            match (held, fallen) {
                (Some(h), 0) => format!("Set down {}", name(h)),
                (Some(h), 1) => format!("Set down {} (it falls 1 cell)", name(h)),
                (Some(h), n) => format!("Set down {} (it falls {n} cells)", name(h)),
                (None, _) => "Set down".into(),
            }
        }
        Action::PutIn { .. } => {
            let container = attached.map(|(_, c)| c).or_else(|| {
                let cell = stage.cell_of(hero)?;
                game::action::items::container_in(stage, cell, held)
            });
            match (held, container) {
                (Some(h), Some(c)) => format!("Put {} in the {}", name(h), name(c)),
                (Some(h), None) => format!("Put {} in", name(h)),
                _ => "Put in".into(),
            }
        }
        // Refused too, it names what and of what ("too heavy" for whom
        // is the reason's).
        Action::TakeOut { .. } => match game::action::items::take_out_of(stage, hero) {
            Ok((item, container)) => format!("Take {} out of the {}", name(item), name(container)),
            Err(_) => "Take it out".into(),
        },
        Action::DeployRope { dir, .. } => match dir {
            DeployDir::Down => "Let the rope down here".into(),
            DeployDir::Left => "Let the rope down left".into(),
            DeployDir::Right => "Let the rope down right".into(),
        },
        Action::Hoist { .. } => "Hoist the rope".into(),
        Action::Lower { .. } => "Lower the rope".into(),
        Action::TakeRope { .. } => "Take the rope back".into(),
        // A coil of rope in hand at a rope's end: "the rope" twice would
        // not say which is which.
        Action::Tie { .. } => match attached.map(|(child, _)| child).or(held) {
            Some(item) if stage.is_rope(item) => {
                "Tie the rope in hand to the end of the hanging rope".into()
            }
            Some(item) => format!("Tie the {} to the rope", name(item)),
            None => "Tie something to the rope".into(),
        },
        Action::Exit { .. } => match held {
            Some(h) => format!("Leave the level with {}", name(h)),
            None => "Leave the level".into(),
        },
        Action::Move { .. } | Action::Levitate { .. } => "Move".into(),
        Action::EndTurn => "End turn".into(),
    }
}

/// Whether `thing` is a relic or holds one (a bucket with the relic in it).
fn carries_relic(stage: &Stage, thing: ThingId) -> bool {
    stage.item_can(thing, Capabilities::RELIC)
        || stage
            .children(thing)
            .into_iter()
            .any(|c| carries_relic(stage, c))
}

/// The place of an action's kind in the menu's fixed order.
pub fn kind_order(action: &ContextAction) -> u8 {
    match action {
        ContextAction::Do(a) => match a {
            // Offered only at a rope's end, with something that hangs:
            // tying it is what a player came down for (an empty bucket
            // tied before the load goes in), picking it up a press below.
            Action::Tie { .. } => 0,
            Action::PickUp { .. } => 1,
            Action::PutIn { .. } => 2,
            Action::TakeOut { .. } => 3,
            Action::Hoist { .. } => 4,
            Action::DeployRope { dir, .. } => match dir {
                DeployDir::Down => 5,
                DeployDir::Left => 6,
                DeployDir::Right => 7,
            },
            Action::SetDown { .. } => 9,
            Action::Lower { .. } => 10,
            Action::TakeRope { .. } => 11,
            Action::Move { .. } | Action::Levitate { .. } => 13,
            Action::EndTurn => 14,
            // Never first: after End turn (see the module docs).
            Action::Exit { .. } => 15,
        },
        ContextAction::Levitate(_) => 8,
    }
}

/// The order among the entries that advance the goal: what the rope
/// does, then packing, then picking up (a load that can go up the rope is
/// better tied than carried).
pub fn goal_order(action: &ContextAction) -> u8 {
    match action {
        ContextAction::Do(Action::Hoist { .. }) => 1,
        ContextAction::Do(Action::Tie { .. }) => 2,
        ContextAction::Do(Action::PutIn { .. }) => 3,
        ContextAction::Do(Action::TakeOut { .. }) => 4,
        ContextAction::Do(Action::PickUp { .. }) => 5,
        other => 6 + kind_order(other),
    }
}

/// Whether `action` (with the `events` it would have) advances the goal:
/// a relic packed, tied or taken up, or a tied load hoisted.
fn advances_goal(stage: &Stage, hero: ThingId, action: &Action, events: &[Event]) -> bool {
    let held_relic = stage.held(hero).is_some_and(|h| carries_relic(stage, h));
    match action {
        Action::PutIn { .. } => held_relic,
        Action::PickUp { .. } | Action::TakeOut { .. } | Action::Tie { .. } => {
            events.iter().any(|e| match e {
                Event::Attach { child, .. } => carries_relic(stage, *child),
                _ => false,
            })
        }
        Action::Hoist { .. } => events.iter().any(|e| match e {
            // Something tied climbs with the rope's end.
            Event::Hoist { rope, .. } => stage
                .rope_segments(*rope)
                .last()
                .is_some_and(|end| !stage.children(*end).is_empty()),
            _ => false,
        }),
        _ => false,
    }
}

impl ContextMenu {
    /// What the rules offer `hero` here, in the menu's order (see the
    /// module docs): allowed actions, End turn, leaving, then what is
    /// refused, dimmed, with why. `view` is the hero's view (what the
    /// sorceress sees to levitate). Empty once the level is over.
    pub fn build(session: &mut Session, view: &GridView, hero: ThingId) -> ContextMenu {
        let stage = session.stage();
        let mut allowed: Vec<((bool, u8), Entry)> = Vec::new();
        let mut refused: Vec<(u8, Entry)> = Vec::new();
        for offer in available(stage, view, hero) {
            let entry = Entry {
                label: label(stage, hero, &offer),
                action: offer.what,
                cost: offer.cost,
                refused: offer.refusal().map(|why| why.to_string()),
            };
            match (&offer.verdict, offer.what) {
                (Ok(events), ContextAction::Do(action)) => {
                    let goal = advances_goal(stage, hero, &action, events);
                    let order = if goal {
                        goal_order(&entry.action)
                    } else {
                        kind_order(&entry.action)
                    };
                    allowed.push(((!goal, order), entry));
                }
                (Ok(_), ContextAction::Levitate(_)) => {
                    allowed.push(((true, kind_order(&entry.action)), entry))
                }
                (Err(_), _) => refused.push((kind_order(&entry.action), entry)),
            }
        }
        // While the level is played there is always End turn; once it is
        // over, nothing (the screen says why).
        if stage.outcome() != game::stage::Outcome::Playing {
            return ContextMenu {
                entries: Vec::new(),
                menu: Menu::default(),
            };
        }
        allowed.push((
            (true, kind_order(&ContextAction::Do(Action::EndTurn))),
            Entry {
                label: "End turn".into(),
                action: ContextAction::Do(Action::EndTurn),
                cost: 0,
                refused: None,
            },
        ));
        allowed.sort_by_key(|(rank, _)| *rank);
        refused.sort_by_key(|(rank, _)| *rank);
        let entries = allowed
            .into_iter()
            .map(|(_, e)| e)
            .chain(refused.into_iter().map(|(_, e)| e))
            .collect();
        ContextMenu {
            entries,
            menu: Menu::default(),
        }
    }

    /// The entry rectangles when the menu opens beside the hero's cell
    /// (centred on `anchor`, `cell_px` wide on screen) on a drawable of
    /// `size`, kept inside it and clear of the HUD's bars. The menu's frame
    /// never covers the hero's cell: it goes right of the cell and its
    /// neighbours (the cells the hero's actions act on) if it fits there,
    /// else left of them, else right or left of the cell alone, else below
    /// or above it.
    pub fn layout(&self, anchor: Vec2, cell_px: f32, size: Vec2, scale: f32) -> Vec<Rect> {
        let margin = 8.0 * scale;
        let item = Vec2::new(
            self.item_width(scale).min(size.x - 2.0 * margin).round(),
            (34.0 * scale).round(),
        );
        let step = (40.0 * scale).round();
        let n = self.entries.len();
        let height = step * n as f32;
        // The frame drawn around the entries (`draw`), and a gap.
        let pad = 10.0 * scale + 4.0 * scale;
        let (bar_top, bar_bottom) = (64.0 * scale, 120.0 * scale);
        let top = (anchor.y - height / 2.0)
            .min(size.y - height - bar_bottom)
            .max(bar_top);
        let column = |left: f32, top: f32| menu::column(left + item.x / 2.0, top, n, item, step);
        // Beside: the column's left edge right of, or right edge left of,
        // `reach` cells' half-widths from the hero's centre.
        for reach in [1.5, 0.5] {
            let right = anchor.x + reach * cell_px + pad;
            if right + item.x + margin <= size.x {
                return column(right, top);
            }
            let left = anchor.x - reach * cell_px - pad - item.x;
            if left >= margin {
                return column(left, top);
            }
        }
        // Too narrow: under the cell, or over it.
        let left = (anchor.x - item.x / 2.0)
            .min(size.x - item.x - margin)
            .max(margin);
        let below = anchor.y + 0.5 * cell_px + pad;
        if below + height <= size.y - margin {
            return column(left, below);
        }
        let above = anchor.y - 0.5 * cell_px - pad - height;
        column(left, above.max(margin))
    }

    /// How wide the entries are: 300 px at scale 1, or wider to hold the
    /// longest entry's text (a refused entry with its reason), at about
    /// 0.56 em a character of the 18 px menu text, with room either side.
    fn item_width(&self, scale: f32) -> f32 {
        let longest = self
            .entries
            .iter()
            .map(|e| e.text().chars().count())
            .max()
            .unwrap_or(0);
        (300.0 * scale).max((longest as f32 * 0.56 * 18.0 + 28.0) * scale)
    }

    /// Applies one input: what it asks for, if anything.
    pub fn handle(&mut self, input: Input, rects: &[Rect]) -> Option<MenuOutcome> {
        match self.menu.handle(input, rects)? {
            MenuEvent::Chosen(i) => self.entries.get(i).map(|e| MenuOutcome::Chosen(e.action)),
            MenuEvent::Back => Some(MenuOutcome::Close),
        }
    }

    /// Draws the menu (UI pass).
    pub fn draw(&self, list: &mut DrawList, font: &mut Font, rects: &[Rect], scale: f32) {
        if let (Some(first), Some(last)) = (rects.first(), rects.last()) {
            let pad = 10.0 * scale;
            let frame = Rect::new(
                first.x - pad,
                first.y - pad,
                first.w + 2.0 * pad,
                last.y + last.h - first.y + 2.0 * pad,
            );
            menu::overlay_panel(list, frame, scale);
        }
        let text_px = (18.0 * scale).round().max(6.0);
        for (i, (entry, rect)) in self.entries.iter().zip(rects).enumerate() {
            menu::draw_item(
                list,
                font,
                *rect,
                &entry.text(),
                i == self.menu.selected,
                entry.refused.is_none(),
                text_px,
                scale,
            );
        }
    }
}

#[cfg(test)]
mod tests;
