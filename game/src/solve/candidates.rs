//! The actions the solver tries in a position: what a player could choose,
//! found the way the play screen finds it, not cell by cell.
//!
//! For every hero still in the level: a move to each cell of its GridView
//! that [`reachable`] finds within its action points (one `Move` per
//! destination cell; the rules pick the cheapest path there), the hand and
//! rope actions its cell could allow (as the play screen's context menu
//! lists them), levitation for the sorceress (each loose item she sees, to
//! each cell of her view at most three cells from where she sees it) and
//! leaving at the entrance. End turn is the search's own business.
//!
//! The list is a superset: cheap tests skip what the rules would surely
//! refuse (no rope in hand, no anchor here), and the rules themselves, in
//! `Session::perform`, have the last word on the rest.

use crate::action::abilities::{LEVITATE_AP, LEVITATE_CELLS};
use crate::action::movement::reachable;
use crate::action::{Action, DeployDir, Target};
use crate::grid::{CellPos, Dir};
use crate::stage::{Stage, SIGHT_RADIUS};
use crate::things::{Capabilities, HeroKind, ThingFlags, ThingId, ThingKind};
use crate::view::{GridView, ViewPos};

/// Scratch space for listing candidates (reused: listing allocates only
/// while the lists grow).
#[derive(Default)]
pub struct Candidates {
    view: GridView,
    /// The destinations of the last [`Candidates::moves`], cheapest first.
    cells: Vec<(CellPos, u8)>,
    /// The destinations and costs of every move the last
    /// [`Candidates::list`] listed, by hero.
    listed: Vec<(ThingId, CellPos, u8)>,
    items: Vec<(ThingId, ViewPos)>,
    targets: Vec<CellPos>,
}

/// Whether `id` is an item lying loose: a root, not a deployed rope.
fn loose_item(stage: &Stage, id: ThingId) -> bool {
    stage
        .thing(id)
        .is_some_and(|t| t.kind() == ThingKind::Interactable && t.parent().is_none())
        && !stage.has_flag(id, ThingFlags::DEPLOYED)
}

impl Candidates {
    /// Fresh scratch space.
    pub fn new() -> Candidates {
        Candidates::default()
    }

    /// Appends to `out` every action worth trying for every hero still in
    /// the level, hero by hero in level order.
    pub fn list(&mut self, stage: &Stage, out: &mut Vec<Action>) {
        self.listed.clear();
        for hero in stage.active_heroes() {
            self.list_hero(stage, hero, out);
        }
    }

    /// What the move of `hero` to `to` listed by the last
    /// [`Candidates::list`] costs.
    pub fn listed_cost(&self, hero: ThingId, to: CellPos) -> Option<u8> {
        self.listed
            .iter()
            .find(|&&(h, c, _)| h == hero && c == to)
            .map(|&(_, _, cost)| cost)
    }

    /// Every cell `hero` (standing in `stage`) can move to with `ap`
    /// action points, once each with its cheapest cost, cheapest first
    /// (its own cell left out). Builds the hero's view.
    pub fn moves(&mut self, stage: &Stage, hero: ThingId, ap: u8) -> &[(CellPos, u8)] {
        self.cells.clear();
        let Some(cell) = stage.cell_of(hero) else {
            return &self.cells;
        };
        self.view.build(stage.grid(), cell, SIGHT_RADIUS);
        for (_, to, cost) in reachable(stage, &self.view, hero, ap) {
            if to != cell {
                self.cells.push((to, cost));
            }
        }
        self.cells
            .sort_unstable_by_key(|&(c, cost)| (cost, c.y, c.x));
        // Keep the cheapest of each cell (the first, after the sort).
        let mut kept = 0;
        for i in 0..self.cells.len() {
            let (c, _) = self.cells[i];
            if !self.cells[..kept].iter().any(|&(k, _)| k == c) {
                self.cells[kept] = self.cells[i];
                kept += 1;
            }
        }
        self.cells.truncate(kept);
        &self.cells
    }

    /// Appends the actions worth trying for `hero`.
    pub fn list_hero(&mut self, stage: &Stage, hero: ThingId, out: &mut Vec<Action>) {
        let Some(cell) = stage.cell_of(hero) else {
            return;
        };
        let ap = stage.thing(hero).map_or(0, |t| t.data.action_points);
        if cell == stage.entrance() {
            out.push(Action::Exit { hero });
        }
        if ap == 0 {
            return;
        }
        self.hand_actions(stage, hero, cell, out);
        self.view.build(stage.grid(), cell, SIGHT_RADIUS);
        // One move per destination cell, however many places it is seen at.
        self.cells.clear();
        for (_, to, cost) in reachable(stage, &self.view, hero, ap) {
            if to != cell {
                self.cells.push((to, cost));
            }
        }
        self.cells
            .sort_unstable_by_key(|&(c, cost)| (cost, c.y, c.x));
        let mut seen: Vec<CellPos> = Vec::with_capacity(self.cells.len());
        for &(to, _) in &self.cells {
            if !seen.contains(&to) {
                seen.push(to);
                out.push(Action::Move {
                    hero,
                    to: Target::Cell(to),
                });
            }
        }
        if stage.hero_kind(hero) == Some(HeroKind::Sorceress) && ap >= LEVITATE_AP {
            self.levitations(stage, hero, out);
        }
    }

    /// Hand and rope actions in `cell` (the context menu's list).
    fn hand_actions(&self, stage: &Stage, hero: ThingId, cell: CellPos, out: &mut Vec<Action>) {
        let here = stage.things_in(cell);
        let held = stage.held(hero);
        let container = here.iter().copied().find(|&t| {
            Some(t) != held && stage.item_can(t, Capabilities::CONTAIN) && !stage.is_rope(t)
        });
        match held {
            None => {
                for &item in &here {
                    if loose_item(stage, item) && stage.item_can(item, Capabilities::ACQUIRE) {
                        out.push(Action::PickUp {
                            hero,
                            item: Some(item),
                        });
                    }
                }
                if container.is_some_and(|c| !stage.children(c).is_empty()) {
                    out.push(Action::TakeOut { hero });
                }
                let anchor_near = [
                    Some(cell),
                    stage.step(cell, Dir::Left),
                    stage.step(cell, Dir::Right),
                ]
                .into_iter()
                .flatten()
                .any(|c| stage.rope_anchored_in(c).is_some());
                if anchor_near {
                    out.push(Action::TakeRope { hero });
                }
            }
            Some(item) => {
                if stage.is_rope(item) {
                    for dir in [DeployDir::Down, DeployDir::Left, DeployDir::Right] {
                        out.push(Action::DeployRope { hero, dir });
                    }
                }
                if container.is_some() {
                    out.push(Action::PutIn { hero });
                }
                out.push(Action::SetDown { hero });
            }
        }
        if stage.rope_anchored_in(cell).is_some() {
            out.push(Action::Hoist { hero });
            out.push(Action::Lower { hero });
        }
        if stage.segment_in(cell).is_some() {
            out.push(Action::Tie { hero });
        }
    }

    /// The sorceress' levitations: every loose item she sees, to every
    /// cell of her view within [`LEVITATE_CELLS`] view steps of a place
    /// she sees it at (a path of that many steps cannot leave that square,
    /// so nothing the rules allow is missed).
    fn levitations(&mut self, stage: &Stage, hero: ThingId, out: &mut Vec<Action>) {
        self.items.clear();
        for node in self.view.nodes() {
            for item in stage.things_in(node.cell) {
                if loose_item(stage, item)
                    && !self.items.iter().any(|&(i, v)| i == item && v == node.view)
                {
                    self.items.push((item, node.view));
                }
            }
        }
        self.items.sort_unstable_by_key(|&(i, v)| (i.index(), v));
        let reach = i32::from(LEVITATE_CELLS as u8);
        let mut i = 0;
        while i < self.items.len() {
            let item = self.items[i].0;
            self.targets.clear();
            while i < self.items.len() && self.items[i].0 == item {
                let from = self.items[i].1;
                for node in self.view.nodes() {
                    let d = (node.view.x - from.x).abs() + (node.view.y - from.y).abs();
                    if d >= 1 && d <= reach && !self.targets.contains(&node.cell) {
                        self.targets.push(node.cell);
                    }
                }
                i += 1;
            }
            for &to in &self.targets {
                out.push(Action::Levitate { hero, item, to });
            }
        }
    }
}
