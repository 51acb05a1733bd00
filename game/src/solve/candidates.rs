//! The actions the solver tries in a position: what a player could choose,
//! asked of the rules the way the play screen asks them.
//!
//! For every hero still in the level: what [`available`] allows here (the
//! hand, rope and exit actions the context menu lists as allowed), a move
//! to each cell of its GridView that its move search finds within its
//! action points ([`Moves::reachable`], what `movement::reachable`
//! answers; one `Move` per destination cell, the rules pick the cheapest
//! path there), and each levitation `available` allows to each cell
//! [`levitation_targets`] says it might reach. End turn is the search's
//! own business. Moves and levitation targets are a superset; the rules,
//! in `Session::perform`, have the last word on them. The view and the
//! move search are the session's kept ones ([`Session::moves_of`]), which
//! `perform` plans the moves with.

#[cfg(doc)]
use crate::action::movement::Moves;
use crate::action::offer::{available, levitation_targets, Offered};
use crate::action::{Action, Target};
use crate::grid::CellPos;
use crate::session::Session;
use crate::things::ThingId;

/// Scratch space for listing candidates (reused: listing allocates only
/// while the lists grow).
#[derive(Default)]
pub struct Candidates {
    /// The destinations of the last [`Candidates::moves`], cheapest first.
    cells: Vec<(CellPos, u8)>,
    /// The destinations and costs of every move the last
    /// [`Candidates::list`] listed, by hero.
    listed: Vec<(ThingId, CellPos, u8)>,
    targets: Vec<CellPos>,
    levitate: Vec<ThingId>,
}

impl Candidates {
    /// Fresh scratch space.
    pub fn new() -> Candidates {
        Candidates::default()
    }

    /// Appends to `out` every action worth trying for every hero still in
    /// the level in the position `session` stands in, hero by hero in
    /// level order.
    pub fn list(&mut self, session: &mut Session, out: &mut Vec<Action>) {
        self.listed.clear();
        for hero in session.stage().active_heroes() {
            self.list_hero(session, hero, out);
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

    /// Every cell `hero` can move to with `ap` action points in the
    /// position `session` stands in, once each with its cheapest cost,
    /// cheapest first (its own cell left out).
    pub fn moves(&mut self, session: &mut Session, hero: ThingId, ap: u8) -> &[(CellPos, u8)] {
        self.cells.clear();
        let Some((stage, _, moves)) = session.moves_of(hero) else {
            return &self.cells;
        };
        let Some(cell) = stage.cell_of(hero) else {
            return &self.cells;
        };
        for (_, to, cost) in moves.reachable(ap) {
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

    /// Appends the actions worth trying for `hero`: what
    /// [`available`] allows, each move by destination, and each
    /// levitation to each cell it might reach.
    pub fn list_hero(&mut self, session: &mut Session, hero: ThingId, out: &mut Vec<Action>) {
        let Some((stage, view, moves)) = session.moves_of(hero) else {
            return;
        };
        let Some(cell) = stage.cell_of(hero) else {
            return;
        };
        let ap = stage.thing(hero).map_or(0, |t| t.data.action_points);
        self.levitate.clear();
        for offer in available(stage, view, hero) {
            match (offer.what, offer.is_allowed()) {
                (Offered::Do(action), true) => out.push(action),
                (Offered::Levitate(item), true) => self.levitate.push(item),
                (_, false) => {}
            }
        }
        if ap == 0 {
            return;
        }
        // One move per destination cell, however many places it is seen at.
        self.cells.clear();
        for (_, to, cost) in moves.reachable(ap) {
            if to != cell {
                self.cells.push((to, cost));
            }
        }
        self.cells
            .sort_unstable_by_key(|&(c, cost)| (cost, c.y, c.x));
        let first = out.len();
        for &(to, cost) in &self.cells {
            let listed = out[first..]
                .iter()
                .any(|a| matches!(*a, Action::Move { to: Target::Cell(c), .. } if c == to));
            if !listed {
                out.push(Action::Move {
                    hero,
                    to: Target::Cell(to),
                });
                self.listed.push((hero, to, cost));
            }
        }
        for &item in &self.levitate {
            let Some(from) = stage.cell_of(item) else {
                continue;
            };
            levitation_targets(view, from, &mut self.targets);
            for &to in &self.targets {
                out.push(Action::Levitate { hero, item, to });
            }
        }
    }
}
