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
/// its name (`bucket`); with a twin, where it lies — `bucket here`,
/// `bucket at the entrance`, `bucket 2 cells left`, `bucket 1 left, 3
/// down` (grid cells from the hero) — and, should two still read alike,
/// a number by slot (`bucket (2)`).
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
    let mine = place(item);
    let alike: Vec<ThingId> = twins
        .iter()
        .copied()
        .filter(|&id| place(id) == mine)
        .collect();
    match alike.iter().position(|&id| id == item) {
        Some(i) if alike.len() > 1 => format!("{name}{mine} ({})", i + 1),
        _ => format!("{name}{mine}"),
    }
}

/// The label of `offer` for `hero`: what it does and what it acts on,
/// named from the events it would have where it is allowed.
pub(super) fn label(stage: &Stage, hero: ThingId, offer: &Offer) -> String {
    let name = |id: ThingId| thing_name(stage, id);
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
mod tests {
    use super::*;
    use game::grid::CellPos;
    use game::stage::SIGHT_RADIUS;
    use std::path::Path;

    fn session(name: &str) -> Session {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../levels")
            .join(name);
        Session::new(&game::level::load_file(&path).unwrap()).unwrap()
    }

    /// `name` with its knight walked to `x,y` (none if `None`), and the
    /// knight's menu there.
    fn knights_menu(name: &str, to: Option<(i32, i32)>) -> (Session, ContextMenu) {
        let mut s = session(name);
        let knight = s.stage().heroes()[0];
        if let Some((x, y)) = to {
            s.perform(&Action::Move {
                hero: knight,
                to: game::action::Target::Cell(game::grid::CellPos::new(x, y)),
            })
            .unwrap();
        }
        let mut view = GridView::new();
        view.build(
            s.stage().grid(),
            s.stage().cell_of(knight).unwrap(),
            SIGHT_RADIUS,
        );
        let m = ContextMenu::build(&mut s, &view, knight);
        (s, m)
    }

    fn labels(m: &ContextMenu) -> Vec<&str> {
        m.entries.iter().map(|e| e.label.as_str()).collect()
    }

    #[test]
    fn the_knight_at_the_rope_descent_entrance_can_set_down_or_leave_but_not_first() {
        let (_, m) = knights_menu("rope_descent.txt", None);
        assert_eq!(
            labels(&m),
            ["Set down rope", "End turn", "Leave the level with rope"],
            "no drop beside the entrance: no deploy entries; leaving never first"
        );
    }

    #[test]
    fn every_entry_is_what_the_rules_say_of_it() {
        let (mut s, m) = knights_menu("rope_descent.txt", Some((1, 6)));
        assert!(
            labels(&m).contains(&"Let the rope down right"),
            "{:?}",
            labels(&m)
        );
        assert!(!labels(&m).contains(&"Hoist the rope"));
        for e in &m.entries {
            if let ContextAction::Do(a) = e.action {
                let verdict = s.preview(&a).map(|_| ()).map_err(|why| why.to_string());
                assert_eq!(
                    verdict,
                    e.refused.clone().map_or(Ok(()), Err),
                    "{}",
                    e.label
                );
            }
        }
    }

    #[test]
    fn a_relic_that_cannot_be_picked_up_is_listed_after_what_works_saying_why() {
        // The loop-back room: the knight holds his rope and walks onto the
        // relic.
        let (_, m) = knights_menu("loop_back.txt", Some((1, 0)));
        let texts: Vec<String> = m.entries.iter().map(Entry::text).collect();
        let refused = m.entries.iter().position(|e| e.refused.is_some());
        assert_eq!(
            refused.map(|i| texts[i].as_str()),
            Some("Pick up relic (hands are full)"),
            "{texts:?}"
        );
        let end_turn = texts.iter().position(|t| t == "End turn");
        assert!(end_turn < refused, "what works, then End turn: {texts:?}");
        assert!(
            texts[0].starts_with("Set down rope"),
            "what works comes first: {texts:?}"
        );
    }

    #[test]
    fn setting_down_on_a_rope_says_how_far_it_falls() {
        // The well: the knight lets his rope down the well from the
        // platform; the scout climbs onto it with the bucket. Set down
        // there, the bucket drops down the well.
        let mut s = session("the_well.txt");
        let stage = s.stage();
        let (knight, scout) = (stage.heroes()[0], stage.heroes()[1]);
        let bucket = stage.find("bucket").unwrap();
        let go = |s: &mut Session, hero, x, y| {
            s.perform(&Action::Move {
                hero,
                to: game::action::Target::Cell(CellPos::new(x, y)),
            })
            .unwrap();
        };
        go(&mut s, knight, 13, 9);
        s.perform(&Action::DeployRope {
            hero: knight,
            dir: DeployDir::Down,
        })
        .unwrap();
        go(&mut s, scout, 3, 11);
        s.perform(&Action::PickUp {
            hero: scout,
            item: Some(bucket),
        })
        .unwrap();
        go(&mut s, scout, 13, 8);
        s.perform(&Action::EndTurn).unwrap();
        let mut view = GridView::new();
        view.build(s.stage().grid(), CellPos::new(13, 8), SIGHT_RADIUS);
        let m = ContextMenu::build(&mut s, &view, scout);
        let texts: Vec<String> = m.entries.iter().map(Entry::text).collect();
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Set down bucket (it falls 3 cells)")),
            "{texts:?}"
        );
    }

    #[test]
    fn at_the_well_s_hall_end_hoisting_is_shown_greyed_saying_where_to_stand() {
        // The knight lets his rope down left from the hall's end: it hangs
        // through the portal into the well, its top cell across the portal.
        let (mut s, _) = knights_menu("the_well.txt", Some((1, 11)));
        let knight = s.stage().heroes()[0];
        s.perform(&Action::DeployRope {
            hero: knight,
            dir: DeployDir::Left,
        })
        .unwrap();
        let mut view = GridView::new();
        view.build(s.stage().grid(), CellPos::new(1, 11), SIGHT_RADIUS);
        let m = ContextMenu::build(&mut s, &view, knight);
        let texts: Vec<String> = m.entries.iter().map(Entry::text).collect();
        assert!(
            texts.contains(&"Hoist the rope (stand in the rope's top cell)".to_string()),
            "{texts:?}"
        );
        assert!(
            texts.contains(&"Take the rope back · 1 AP".to_string()),
            "{texts:?}"
        );
    }

    /// The well's first two turns of the shipped line, but the scout
    /// keeps the bucket: the knight, at the rope's foot, picks up the
    /// statue the sorceress floated to him.
    fn the_well_with_the_statue_at_the_ropes_foot() -> Session {
        let mut s = session("the_well.txt");
        let stage = s.stage();
        let (knight, scout, sorceress) = (stage.heroes()[0], stage.heroes()[1], stage.heroes()[2]);
        let (bucket, statue) = (stage.find("bucket").unwrap(), stage.find("statue").unwrap());
        let go = |s: &mut Session, hero, x, y| {
            s.perform(&Action::Move {
                hero,
                to: game::action::Target::Cell(CellPos::new(x, y)),
            })
            .unwrap();
        };
        go(&mut s, knight, 1, 11);
        s.perform(&Action::DeployRope {
            hero: knight,
            dir: DeployDir::Left,
        })
        .unwrap();
        go(&mut s, knight, 13, 8);
        go(&mut s, scout, 3, 11);
        s.perform(&Action::PickUp {
            hero: scout,
            item: Some(bucket),
        })
        .unwrap();
        go(&mut s, scout, 13, 8);
        go(&mut s, sorceress, 13, 7);
        s.perform(&Action::EndTurn).unwrap();
        go(&mut s, knight, 13, 5);
        go(&mut s, sorceress, 13, 5);
        s.perform(&Action::Levitate {
            hero: sorceress,
            item: statue,
            to: CellPos::new(13, 5),
        })
        .unwrap();
        s.perform(&Action::PickUp {
            hero: knight,
            item: Some(statue),
        })
        .unwrap();
        s
    }

    #[test]
    fn holding_the_statue_at_the_ropes_foot_the_menu_says_it_cannot_be_tied() {
        let mut s = the_well_with_the_statue_at_the_ropes_foot();
        let knight = s.stage().heroes()[0];
        let mut view = GridView::new();
        view.build(s.stage().grid(), CellPos::new(13, 5), SIGHT_RADIUS);
        let m = ContextMenu::build(&mut s, &view, knight);
        let texts: Vec<String> = m.entries.iter().map(Entry::text).collect();
        assert!(
            texts.contains(&"Tie the statue to the rope (it cannot hang from a rope)".to_string()),
            "{texts:?}"
        );
    }

    #[test]
    fn a_coil_in_hand_at_a_ropes_end_is_named_apart_from_the_hanging_rope() {
        let level = game::level::load_text(
            "coil.txt",
            "[level]\nname = \"Coil\"\n\n[grid]\n#######\n#@....#\n###.###\n###.###\n###.###\n###.###\n#######\n\n\
             [things]\nknight = hero knight at 0,2 rope 4\nscout = hero scout at 1,0\n\
             coil = rope at 1,0 len 5\n",
        )
        .unwrap();
        let mut s = Session::new(&level).unwrap();
        let (knight, scout) = (s.stage().heroes()[0], s.stage().heroes()[1]);
        s.perform(&Action::DeployRope {
            hero: knight,
            dir: DeployDir::Right,
        })
        .unwrap();
        let coil = s.stage().find("coil").unwrap();
        s.perform(&Action::PickUp {
            hero: scout,
            item: Some(coil),
        })
        .unwrap();
        let mut view = GridView::new();
        view.build(s.stage().grid(), CellPos::new(1, 0), SIGHT_RADIUS);
        let m = ContextMenu::build(&mut s, &view, scout);
        let texts: Vec<String> = m.entries.iter().map(Entry::text).collect();
        assert!(
            texts.contains(
                &"Tie the rope in hand to the end of the hanging rope (it cannot hang from a rope)"
                    .to_string()
            ),
            "{texts:?}"
        );
        assert!(
            !texts.iter().any(|t| t.contains("the rope to the rope")),
            "{texts:?}"
        );
    }

    /// A small level: the entrance row y = 2 and a shaft at x = 1 below
    /// it, with `things`.
    fn inline(things: &str) -> Session {
        let text = format!(
            "[level]\nname = \"Inline\"\n\n[grid]\n#######\n#@....#\n###.###\n###.###\n\
             ###.###\n###.###\n#######\n\n[things]\n{things}\n"
        );
        Session::new(&game::level::load_text("inline.txt", &text).unwrap()).unwrap()
    }

    fn menu_texts(s: &mut Session, hero: ThingId) -> Vec<String> {
        let mut view = GridView::new();
        view.build(
            s.stage().grid(),
            s.stage().cell_of(hero).unwrap(),
            SIGHT_RADIUS,
        );
        let m = ContextMenu::build(s, &view, hero);
        m.entries.iter().map(Entry::text).collect()
    }

    #[test]
    fn in_the_vault_with_the_spare_bucket_each_levitation_says_which_bucket() {
        use game::equipment::{equip, Equipment, Loadout};
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/the_vault.txt");
        let mut loadout = Loadout::new();
        loadout.give(Equipment::SpareBucket, "sorceress");
        let level = equip(&game::level::load_file(&path).unwrap(), &loadout).unwrap();
        let mut s = Session::new(&level).unwrap();
        let sorceress = s.stage().heroes()[2];
        s.perform(&Action::Move {
            hero: sorceress,
            to: game::action::Target::Cell(CellPos::new(5, 11)),
        })
        .unwrap();
        s.perform(&Action::EndTurn).unwrap();
        let texts = menu_texts(&mut s, sorceress);
        let levitations: Vec<&String> =
            texts.iter().filter(|t| t.starts_with("Levitate")).collect();
        assert_eq!(
            levitations,
            [
                "Levitate bucket 2 cells left… · 2 AP",
                "Levitate bucket at the entrance… · 2 AP"
            ],
            "{texts:?}"
        );
    }

    #[test]
    fn a_load_too_heavy_to_take_out_says_what_of_what_and_for_whom() {
        let mut s = inline(
            "knight = hero knight at 2,2\nscout = hero scout at 2,2\n\
             statue = item statue at 2,2 flags ACQUIRE|PLACE|HEAVY|RELIC\n\
             bucket = item bucket at 2,2 flags ACQUIRE|PLACE|CONTAIN|HANG",
        );
        let (knight, scout) = (s.stage().heroes()[0], s.stage().heroes()[1]);
        let statue = s.stage().find("statue").unwrap();
        s.perform(&Action::PickUp {
            hero: knight,
            item: Some(statue),
        })
        .unwrap();
        s.perform(&Action::PutIn { hero: knight }).unwrap();
        let texts = menu_texts(&mut s, scout);
        assert!(
            texts.contains(&"Take statue out of the bucket (too heavy for the scout)".to_string()),
            "{texts:?}"
        );
        assert!(
            texts.contains(&"Pick up bucket (too heavy for the scout)".to_string()),
            "{texts:?}"
        );
    }

    #[test]
    fn the_menu_stays_on_screen_beside_the_heros_cell() {
        let m = ContextMenu {
            entries: vec![
                Entry {
                    label: "a".into(),
                    action: ContextAction::Do(Action::EndTurn),
                    cost: 0,
                    refused: None,
                };
                6
            ],
            menu: Menu::default(),
        };
        // The menu's frame as drawn (10 px at scale 1 around the entries).
        let frame = |rects: &[Rect], scale: f32| {
            let (a, b) = (rects[0], rects[rects.len() - 1]);
            let pad = 10.0 * scale;
            Rect::new(
                a.x - pad,
                a.y - pad,
                a.w + 2.0 * pad,
                b.y + b.h - a.y + 2.0 * pad,
            )
        };
        let overlaps = |a: Rect, b: Rect| {
            a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
        };
        let square = |c: Vec2, half: f32| Rect::new(c.x - half, c.y - half, 2.0 * half, 2.0 * half);
        for (size, scale, cell) in [
            (Vec2::new(640.0, 360.0), 0.5, 40.0),
            (Vec2::new(1280.0, 720.0), 1.0, 80.0),
            (Vec2::new(1280.0, 720.0), 1.0, 30.0),
            (Vec2::new(400.0, 720.0), 0.5, 40.0),
        ] {
            let centre = size / 2.0;
            for anchor in [
                Vec2::ZERO,
                size,
                Vec2::new(size.x - 30.0, 10.0),
                centre,
                Vec2::new(60.0, size.y / 2.0),
                Vec2::new(size.x - 60.0, size.y / 2.0),
            ] {
                let rects = m.layout(anchor, cell, size, scale);
                for r in &rects {
                    assert!(r.x >= 0.0 && r.x + r.w <= size.x, "{anchor}: {r:?}");
                    assert!(r.y >= 0.0 && r.y + r.h <= size.y, "{anchor}: {r:?}");
                }
                // Never over the hero's own cell, when the cell is on screen.
                let on_screen = anchor.cmpgt(Vec2::splat(cell)).all()
                    && anchor.cmplt(size - Vec2::splat(cell)).all();
                if on_screen {
                    let f = frame(&rects, scale);
                    assert!(
                        !overlaps(f, square(anchor, cell / 2.0)),
                        "{size} {anchor}: {f:?} over the hero's cell"
                    );
                }
            }
            // With room beside it, clear of the cells around the hero too.
            if size.x >= 1280.0 {
                let f = frame(&m.layout(centre, cell, size, scale), scale);
                assert!(!overlaps(f, square(centre, 1.5 * cell)), "{size}: {f:?}");
            }
        }
    }
}
