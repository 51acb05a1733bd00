//! The context actions of the selected hero's cell (E, Space, gamepad A,
//! a click on the hero or a right click): every hand and rope action the
//! rules would allow here — pick up, set down, put in, take out, deploy the
//! rope down or beside, hoist, lower, take the rope back, tie, leave —
//! plus levitation for the sorceress and ending the turn. Only actions the
//! session's preview accepts are listed, so every entry works; when none
//! does, the screen says so instead of opening an empty menu.
use game::action::{Action, DeployDir};
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
            });
        }
    }
    out
}

impl ContextMenu {
    /// The actions `hero` can do here now (checked by preview), then End
    /// turn. `view` is the hero's view (for levitation targets).
    pub fn build(session: &mut Session, view: &GridView, hero: ThingId) -> ContextMenu {
        let ap = session
            .stage()
            .thing(hero)
            .map_or(0, |t| t.data.action_points);
        let mut entries: Vec<Entry> = candidates(session.stage(), view, hero)
            .into_iter()
            .filter(|e| match e.action {
                ContextAction::Do(a) => session.preview(&a).is_ok(),
                ContextAction::Levitate(_) => ap >= game::action::abilities::LEVITATE_AP,
            })
            .collect();
        if !entries.is_empty() {
            entries.push(Entry {
                label: "End turn".into(),
                action: ContextAction::Do(Action::EndTurn),
            });
        }
        ContextMenu {
            entries,
            menu: Menu::default(),
        }
    }

    /// The entry rectangles when the menu opens beside `anchor` (the hero
    /// on screen) on a drawable of `size`, kept inside it.
    pub fn layout(&self, anchor: Vec2, size: Vec2, scale: f32) -> Vec<Rect> {
        let item = Vec2::new((300.0 * scale).round(), (34.0 * scale).round());
        let step = (40.0 * scale).round();
        let n = self.entries.len();
        let height = step * n as f32;
        let margin = 8.0 * scale;
        let left = (anchor.x + 48.0 * scale)
            .min(size.x - item.x - margin)
            .max(margin);
        let top = (anchor.y - height / 2.0)
            .min(size.y - height - 120.0 * scale)
            .max(64.0 * scale);
        menu::column(left + item.x / 2.0, top, n, item, step)
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
                &entry.label,
                i == self.menu.selected,
                true,
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

    fn labels(m: &ContextMenu) -> Vec<&str> {
        m.entries.iter().map(|e| e.label.as_str()).collect()
    }

    #[test]
    fn the_knight_at_the_rope_descent_entrance_can_set_down_or_leave() {
        let mut s = session("rope_descent.txt");
        let knight = s.stage().heroes()[0];
        let mut view = GridView::new();
        view.build(
            s.stage().grid(),
            s.stage().cell_of(knight).unwrap(),
            SIGHT_RADIUS,
        );
        let m = ContextMenu::build(&mut s, &view, knight);
        assert_eq!(
            labels(&m),
            ["Set down rope", "Leave the level with rope", "End turn"],
            "no drop beside the entrance: no deploy entries"
        );
    }

    #[test]
    fn entries_are_only_what_the_rules_allow_and_each_one_works() {
        let mut s = session("rope_descent.txt");
        let knight = s.stage().heroes()[0];
        s.perform(&Action::Move {
            hero: knight,
            to: game::action::Target::Cell(game::grid::CellPos::new(1, 6)),
        })
        .unwrap();
        let mut view = GridView::new();
        view.build(
            s.stage().grid(),
            s.stage().cell_of(knight).unwrap(),
            SIGHT_RADIUS,
        );
        let m = ContextMenu::build(&mut s, &view, knight);
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
    fn the_menu_stays_on_screen() {
        let m = ContextMenu {
            entries: vec![
                Entry {
                    label: "a".into(),
                    action: ContextAction::Do(Action::EndTurn)
                };
                6
            ],
            menu: Menu::default(),
        };
        let size = Vec2::new(640.0, 360.0);
        for anchor in [Vec2::ZERO, size, Vec2::new(600.0, 10.0)] {
            for r in m.layout(anchor, size, 0.5) {
                assert!(r.x >= 0.0 && r.x + r.w <= size.x, "{anchor}: {r:?}");
                assert!(r.y >= 0.0 && r.y + r.h <= size.y, "{anchor}: {r:?}");
            }
        }
    }
}
