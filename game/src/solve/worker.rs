//! A worker of a search: a session of its own that walks the search's tree
//! of kept positions and expands them — every action from a position
//! played, the positions reached measured (key, action points, bound) and
//! handed back as [`Child`]ren for the search to keep or drop.
//!
//! A search has one worker per thread it may use. Expanding reads the tree
//! and writes nothing shared, so the workers of a search expand the
//! positions of one bucket side by side; the search then keeps their
//! children in the bucket's order, exactly as one worker would have
//! ([`super::search`]).

use super::bound::Bound;
use super::candidates::Candidates;
use super::cuts::{skip, MoveAgain};
use super::key::{position, Position};
use super::search::{Actions, Found, Goal, Node};
use crate::action::Action;
use crate::session::Session;
use crate::stage::Outcome;

/// A position reached from a kept one, not yet kept.
#[derive(Clone, Copy, Debug)]
pub(super) struct Child {
    /// The kept node it was reached from, and how.
    pub parent: u32,
    pub action: Action,
    pub at: Position,
    pub turn: u16,
    /// Actions taken to reach it, ends of turn not counted.
    pub actions: u16,
    /// Its place in the queue (see [`Search`](super::search::Search)).
    pub order: u16,
    /// Reached by ending the turn: it opens the next turn's buckets.
    pub next_turn: bool,
}

/// What expanding some positions found.
#[derive(Default, Debug)]
pub(super) struct Expansion {
    pub children: Vec<Child>,
    /// A clearing line that beats the goal (the expansion stopped there).
    pub found: Option<Found>,
    /// Positions reached (every action the rules accepted).
    pub states: u64,
    /// Actions performed again to walk to the positions expanded.
    pub replays: u64,
    /// A position was dropped for the goal (the bound, or the last turn).
    pub pruned: bool,
}

/// The tree a worker walks: the kept nodes, the actions they name, and
/// the actions that led to the root.
pub(super) type Tree<'a> = (&'a [Node], &'a Actions, &'a [Action]);

/// One worker (see the module docs).
pub(super) struct Worker {
    pub session: Session,
    /// The nodes from the root to where the session stands.
    pub path: Vec<u32>,
    candidates: Candidates,
    scratch: Vec<Action>,
    /// Its own copy of the solve's bound (the bound caches what it
    /// measures), made when it first works beside others.
    pub bound: Option<Bound>,
}

impl Worker {
    /// A worker whose session stands at the root of the tree.
    pub fn new(session: Session) -> Worker {
        Worker {
            session,
            path: vec![0],
            candidates: Candidates::new(),
            scratch: Vec::new(),
            bound: None,
        }
    }

    /// Walks the session to `node`'s position in `tree`: undo up
    /// to the common ancestor, then perform down to it. Returns the
    /// actions performed.
    fn go_to(&mut self, (nodes, acts, _): Tree<'_>, node: u32) -> u64 {
        let mut down = Vec::new();
        let mut at = node;
        loop {
            let n = &nodes[at as usize];
            if self.path.get(n.depth() as usize) == Some(&at) {
                break;
            }
            down.push(at);
            at = n.parent;
        }
        let common = nodes[at as usize].depth() as usize;
        while self.path.len() > common + 1 {
            let undone = self.session.undo();
            debug_assert!(undone, "the walk undoes only what it did");
            self.path.pop();
        }
        for &n in down.iter().rev() {
            let action = acts.get(nodes[n as usize].action);
            let done = self.session.perform(&action);
            debug_assert!(done.is_ok(), "replaying {action:?}: {done:?}");
            self.path.push(n);
        }
        down.len() as u64
    }

    /// Walks the session back to the root.
    pub fn go_home(&mut self) {
        while self.path.len() > 1 {
            self.session.undo();
            self.path.pop();
        }
    }

    /// The measures of the position the session stands in, reached by
    /// `action` from `parent`, unless the bound drops it: `Err(true)` when
    /// it cannot clear within the goal, `Err(false)` when it never can.
    fn measure(
        &self,
        bound: &Bound,
        goal: &Goal,
        parent: u32,
        action: Action,
        (turn, actions): (u16, u16),
        next_turn: bool,
    ) -> Result<Child, bool> {
        let stage = self.session.stage();
        match bound.earliest_clear(stage) {
            None => return Err(false),
            Some(t) if t > goal.last_turn() => return Err(true),
            Some(_) => {}
        }
        let order = if goal.any {
            bound.distance_left(stage)
        } else {
            actions
        };
        Ok(Child {
            parent,
            action,
            at: position(stage),
            turn,
            actions,
            order,
            next_turn,
        })
    }

    /// Expands `node` of `tree` into `out`: every action from its position, and the end of
    /// the turn. A clearing action that beats the goal ends the expansion
    /// with its line in `out.found`.
    pub fn expand(
        &mut self,
        tree: Tree<'_>,
        node: u32,
        bound: &Bound,
        goal: &Goal,
        out: &mut Expansion,
    ) {
        out.replays += self.go_to(tree, node);
        let Node {
            turn,
            actions: n,
            action: last,
            ..
        } = tree.0[node as usize];
        let last = (node != 0).then_some(tree.1.get(last));
        let again = MoveAgain::after(&mut self.session, &mut self.candidates, last);
        let mut actions = std::mem::take(&mut self.scratch);
        actions.clear();
        self.candidates.list(&mut self.session, &mut actions);
        for &action in &actions {
            if skip(last, again.as_ref(), &self.candidates, &action) {
                continue;
            }
            if self.session.perform(&action).is_err() {
                continue;
            }
            out.states += 1;
            match self.session.stage().outcome() {
                Outcome::Cleared if goal.beats(u32::from(turn), u32::from(n) + 1) => {
                    out.found = Some(Found {
                        actions: line_to(tree, node, action),
                        turns: u32::from(turn),
                        action_count: u32::from(n) + 1,
                    });
                }
                Outcome::Playing => {
                    match self.measure(bound, goal, node, action, (turn, n + 1), false) {
                        Ok(child) => out.children.push(child),
                        Err(pruned) => out.pruned |= pruned,
                    }
                }
                Outcome::Cleared | Outcome::Lost | Outcome::Retreated => {}
            }
            self.session.undo();
            if out.found.is_some() {
                break;
            }
        }
        self.scratch = actions;
        if out.found.is_some() {
            return;
        }
        if u32::from(turn) >= goal.last_turn() {
            // Lines go on past the limit: not every line was searched.
            out.pruned = true;
        } else if self.session.perform(&Action::EndTurn).is_ok() {
            out.states += 1;
            if self.session.stage().outcome() == Outcome::Playing {
                match self.measure(bound, goal, node, Action::EndTurn, (turn + 1, n), true) {
                    Ok(child) => out.children.push(child),
                    Err(pruned) => out.pruned |= pruned,
                }
            }
            self.session.undo();
        }
    }
}

/// The actions from the start of the level to `node` of `tree`, then
/// `last`.
pub(super) fn line_to((nodes, acts, prefix): Tree<'_>, node: u32, last: Action) -> Vec<Action> {
    let mut actions = vec![last];
    let mut at = node;
    while at != 0 {
        actions.push(acts.get(nodes[at as usize].action));
        at = nodes[at as usize].parent;
    }
    actions.extend(prefix.iter().rev());
    actions.reverse();
    actions
}
