//! The context actions of the selected hero's cell (E, Space, gamepad A,
//! a click on the hero or a right click): every hand and rope action the
//! rules would allow here — pick up, set down, put in, take out, deploy the
//! rope down or beside, hoist, lower, take the rope back, tie, leave —
//! plus levitation for the sorceress and ending the turn. Only actions the
//! session's preview accepts are listed, so every entry works; when none
//! does, the screen says so instead of opening an empty menu.
//!
//! The order is stable, so E then Enter does what a player expects: first
//! whatever advances the level's goal here (leaving with a relic, or when
//! none is left inside; hoisting a tied load; tying, putting in, taking
//! out or picking up a relic — in that order, [`goal_order`]), then the
//! other actions in one fixed order of kinds ([`kind_order`]), End turn
//! last. Each entry shows its AP cost
//! and names what it acts on ("Tie the bucket to the rope").
use game::action::{Action, DeployDir, Event};
use game::session::Session;
use game::stage::Stage;
use game::things::{Capabilities, ThingFlags, ThingId, ThingKind};
use game::view::GridView;
use glam::Vec2;
use render::{DrawList, Font, Rect};

use crate::screens::input::Input;
use crate::screens::menu::{self, Menu, MenuEvent};

/// What an entry does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContextAction {
    /// Perform this action.
    Do(Action),
    /// Pick where the sorceress levitates this item to.
    Levitate(ThingId),
}

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

/// What a thing is called on screen (`idol`, `bucket`, `rope`…).
pub fn thing_name(stage: &Stage, id: ThingId) -> String {
    stage.item_name(id).to_string()
}

/// Every action worth offering in `hero`'s cell, before checking.
fn candidates(stage: &Stage, view: &GridView, hero: ThingId) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut add = |label: String, action: Action| {
        out.push(Entry {
            label,
            action: ContextAction::Do(action),
            cost: 0,
            refused: None,
        })
    };
    let Some(cell) = stage.cell_of(hero) else {
        return Vec::new();
    };
    let here = stage.things_in(cell);
    let held = stage.held(hero);
    let container = here
        .iter()
        .copied()
        .find(|&t| t != hero && stage.item_can(t, Capabilities::CONTAIN) && Some(t) != held);
    for &item in &here {
        let loose = stage
            .thing(item)
            .is_some_and(|t| t.kind() == ThingKind::Interactable && t.parent().is_none())
            && !stage.has_flag(item, ThingFlags::DEPLOYED);
        if loose && stage.item_can(item, Capabilities::ACQUIRE) {
            add(
                format!("Pick up {}", thing_name(stage, item)),
                Action::PickUp {
                    hero,
                    item: Some(item),
                },
            );
        }
    }
    if let Some(h) = held {
        let name = thing_name(stage, h);
        if let Some(c) = container {
            add(
                format!("Put {name} in the {}", thing_name(stage, c)),
                Action::PutIn { hero },
            );
        }
        if stage.is_rope(h) {
            add(
                "Let the rope down here".into(),
                Action::DeployRope {
                    hero,
                    dir: DeployDir::Down,
                },
            );
            add(
                "Let the rope down left".into(),
                Action::DeployRope {
                    hero,
                    dir: DeployDir::Left,
                },
            );
            add(
                "Let the rope down right".into(),
                Action::DeployRope {
                    hero,
                    dir: DeployDir::Right,
                },
            );
        }
        add(format!("Set down {name}"), Action::SetDown { hero });
    }
    if let Some(c) = container {
        if let Some(inside) = stage.children(c).first() {
            add(
                format!(
                    "Take {} out of the {}",
                    thing_name(stage, *inside),
                    thing_name(stage, c)
                ),
                Action::TakeOut { hero },
            );
        }
    }
    // Named from what the rules would tie (see `name_from_events`).
    add("Tie it to the rope".into(), Action::Tie { hero });
    add("Hoist the rope".into(), Action::Hoist { hero });
    add("Lower the rope".into(), Action::Lower { hero });
    add("Take the rope back".into(), Action::TakeRope { hero });
    let leave = match held {
        Some(h) => format!("Leave the level with {}", thing_name(stage, h)),
        None => "Leave the level".to_string(),
    };
    add(leave, Action::Exit { hero });
    if stage.hero_kind(hero) == Some(game::things::HeroKind::Sorceress) {
        let mut seen: Vec<ThingId> = Vec::new();
        for node in view.nodes() {
            for item in stage.things_in(node.cell) {
                let loose = stage
                    .thing(item)
                    .is_some_and(|t| t.kind() == ThingKind::Interactable && t.parent().is_none())
                    && !stage.has_flag(item, ThingFlags::DEPLOYED);
                if loose && !seen.contains(&item) {
                    seen.push(item);
                }
            }
        }
        seen.sort_by_key(|id| id.index());
        for item in seen {
            out.push(Entry {
                label: format!("Levitate {}…", thing_name(stage, item)),
                action: ContextAction::Levitate(item),
                cost: game::action::abilities::LEVITATE_AP,
                refused: None,
            });
        }
    }
    out
}

/// Whether `thing` is a relic or holds one (a bucket with the idol in it).
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
            Action::Exit { .. } => 12,
            Action::Move { .. } | Action::Levitate { .. } => 13,
            Action::EndTurn => 14,
        },
        ContextAction::Levitate(_) => 8,
    }
}

/// The order among the entries that advance the goal: out first, then
/// what the rope does, then packing, then picking up (a load that can go
/// up the rope is better tied than carried).
pub fn goal_order(action: &ContextAction) -> u8 {
    match action {
        ContextAction::Do(Action::Exit { .. }) => 0,
        ContextAction::Do(Action::Hoist { .. }) => 1,
        ContextAction::Do(Action::Tie { .. }) => 2,
        ContextAction::Do(Action::PutIn { .. }) => 3,
        ContextAction::Do(Action::TakeOut { .. }) => 4,
        ContextAction::Do(Action::PickUp { .. }) => 5,
        other => 6 + kind_order(other),
    }
}

/// Whether `action` (with the `events` it would have) advances the goal:
/// relics towards the entrance, or the party out once no relic is inside.
fn advances_goal(stage: &Stage, hero: ThingId, action: &Action, events: &[Event]) -> bool {
    let held_relic = stage.held(hero).is_some_and(|h| carries_relic(stage, h));
    match action {
        Action::Exit { .. } => {
            held_relic || stage.relics_recovered() + relics_held_out(stage) >= stage.relics_total()
        }
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

/// Relics held by heroes still in the level, all of whom can carry them
/// out: with those, nothing is left to fetch.
fn relics_held_out(stage: &Stage) -> usize {
    stage
        .active_heroes()
        .into_iter()
        .filter_map(|h| stage.held(h))
        .filter(|&t| carries_relic(stage, t))
        .count()
}

/// A clearer label from what the action would do: what "it" is.
fn name_from_events(stage: &Stage, action: &Action, events: &[Event]) -> Option<String> {
    match action {
        Action::Tie { .. } => events.iter().find_map(|e| match e {
            Event::Attach { child, .. } => {
                Some(format!("Tie the {} to the rope", thing_name(stage, *child)))
            }
            _ => None,
        }),
        _ => None,
    }
}

/// Action points `hero` spends in `events`.
fn spent(events: &[Event], hero: ThingId) -> u8 {
    events
        .iter()
        .map(|e| match e {
            Event::Spend { hero: h, cost, .. } if *h == hero => *cost,
            _ => 0,
        })
        .sum()
}

impl ContextMenu {
    /// The actions `hero` can do here now (checked by preview) in the
    /// menu's order (see the module docs), then End turn. `view` is the
    /// hero's view (for levitation targets).
    pub fn build(session: &mut Session, view: &GridView, hero: ThingId) -> ContextMenu {
        let ap = session
            .stage()
            .thing(hero)
            .map_or(0, |t| t.data.action_points);
        let mut ranked: Vec<((bool, u8), Entry)> = Vec::new();
        for mut e in candidates(session.stage(), view, hero) {
            let goal = match e.action {
                ContextAction::Do(a) => {
                    let events = match session.preview(&a) {
                        Ok(events) => events,
                        // Something lies here that cannot be picked up
                        // now: listed last, dimmed, saying why.
                        Err(why) if matches!(a, Action::PickUp { .. }) => {
                            e.refused = Some(why.to_string());
                            ranked.push(((true, u8::MAX), e));
                            continue;
                        }
                        Err(_) => continue,
                    };
                    let stage = session.stage();
                    e.cost = spent(&events, hero);
                    if let Some(label) = name_from_events(stage, &a, &events) {
                        e.label = label;
                    }
                    advances_goal(stage, hero, &a, &events)
                }
                ContextAction::Levitate(_) => {
                    if ap < game::action::abilities::LEVITATE_AP {
                        continue;
                    }
                    false
                }
            };
            let order = if goal {
                goal_order(&e.action)
            } else {
                kind_order(&e.action)
            };
            ranked.push(((!goal, order), e));
        }
        ranked.sort_by_key(|(rank, _)| *rank);
        let mut entries: Vec<Entry> = ranked.into_iter().map(|(_, e)| e).collect();
        if entries.iter().any(|e| e.refused.is_none()) {
            entries.push(Entry {
                label: "End turn".into(),
                action: ContextAction::Do(Action::EndTurn),
                cost: 0,
                refused: None,
            });
        } else {
            // Nothing works here: the screen says so instead of a menu.
            entries.clear();
        }
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
        let item = Vec2::new((300.0 * scale).round(), (34.0 * scale).round());
        let step = (40.0 * scale).round();
        let n = self.entries.len();
        let height = step * n as f32;
        let margin = 8.0 * scale;
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
    fn the_knight_at_the_rope_descent_entrance_can_set_down_or_leave() {
        let (_, m) = knights_menu("rope_descent.txt", None);
        assert_eq!(
            labels(&m),
            ["Set down rope", "Leave the level with rope", "End turn"],
            "no drop beside the entrance: no deploy entries"
        );
    }

    #[test]
    fn entries_are_only_what_the_rules_allow_and_each_one_works() {
        let (mut s, m) = knights_menu("rope_descent.txt", Some((1, 6)));
        assert!(
            labels(&m).contains(&"Let the rope down right"),
            "{:?}",
            labels(&m)
        );
        assert!(!labels(&m).contains(&"Hoist the rope"));
        for e in &m.entries {
            if let ContextAction::Do(a) = e.action {
                assert!(s.preview(&a).is_ok(), "{}", e.label);
            }
        }
    }

    #[test]
    fn a_relic_that_cannot_be_picked_up_is_listed_last_saying_why() {
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
        assert_eq!(texts.last().map(String::as_str), Some("End turn"));
        assert!(
            texts[0].starts_with("Set down rope"),
            "what works comes first: {texts:?}"
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
