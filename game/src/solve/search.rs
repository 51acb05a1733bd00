//! One search: from the position its session stands in, the line of play
//! that clears the level in the fewest turns, then the fewest actions —
//! or, asked for any line ([`Goal::any`]), the first one found — moving
//! between positions with the session's own `perform` and `undo`. It runs
//! a step at a time ([`Search::step`]: a turn, or a stretch of positions),
//! so the solver can take several searches forward side by side.
//!
//! **Order.** Turn by turn: every position of turn `t` is expanded before
//! any of turn `t + 1`, and within a turn in order of the actions taken to
//! reach it (a bucket per action count; an action costs one, ending the
//! turn costs nothing and opens the next turn's buckets). So the first
//! clearing found is in the fewest turns, and among those the fewest
//! actions: every position with fewer actions in that turn was expanded
//! before it. Asked for any line, one queue holds every turn, bucketed by
//! how far each position is from cleared ([`Bound::distance_left`]: heroes
//! to the relics they can carry, relics and heroes to the entrance), so the
//! search heads for the relics and then the way out first.
//!
//! **Pruning.** A table keyed by [`key::position`](super::key::position)
//! (the stage without its turn and without the heroes' action points)
//! keeps, per key, the positions kept so far with their action points,
//! turn and actions. A new position is dropped when one kept with the same
//! key has at least the action points of every hero and was reached in an
//! earlier turn, or in the same turn with no more actions: whatever the
//! new one can do, that one could do as soon. A new position that beats
//! kept ones that way retires them (they are skipped if not yet expanded).
//! Positions where a hero is caught, or the party left without the relics,
//! are dead ends; so are positions that [`Bound`] says cannot be cleared
//! within the turns searched, and, once a solution is known (the
//! incumbent), every line that could not beat it.
//!
//! Two more cuts skip actions before they are played, each because what
//! it would reach is reached as cheaply another way ([`super::cuts`]): of
//! two actions in a row that commute, only one order is played, and a
//! hero's second move in a row is not played to a cell its first move
//! could have gone to for no more action points.
//!
//! **Moving around.** Kept positions form a tree (each remembers its parent
//! and the action from it). To expand one the session walks the tree from
//! where it stands: undo up to the common ancestor, then perform the
//! actions down to the position (the rules are deterministic, so the
//! position comes back bit for bit). Positions of a bucket are expanded in
//! the order they were found, so siblings follow each other and most walks
//! are one undo and one perform.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::time::Instant;

use log::debug;

use super::bound::Bound;
use super::candidates::Candidates;
use super::cuts::{skip, MoveAgain};
use super::key::{position, ApVector, KeyHasher, Position};
use super::{Limits, Progress};
use crate::action::Action;
use crate::session::Session;
use crate::stage::Outcome;

/// Positions between two looks at the clock, the cancel flag and the
/// progress counters.
const CHECK_EVERY: u64 = 256;

/// A kept position: where it sits in the tree, what reaching it cost, and
/// its place on its key's list (see the module docs).
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The action from the parent (`EndTurn` for the root; never used).
    action: Action,
    /// The node it was reached from (the root is its own parent).
    parent: u32,
    /// Actions from the root (its place on the walk), and [`RETIRED`].
    depth: u32,
    /// The next node kept with the same key; [`NONE`] ends the list.
    next: u32,
    /// Its heroes' action points.
    ap: ApVector,
    turn: u16,
    /// Actions taken to reach it, ends of turn not counted.
    actions: u16,
}

/// The bit of `Node::depth` saying a better position with its key was kept
/// since: skip it.
const RETIRED: u32 = 1 << 31;

impl Node {
    fn depth(&self) -> u32 {
        self.depth & !RETIRED
    }

    fn retired(&self) -> bool {
        self.depth & RETIRED != 0
    }

    /// Whether this position is at least as good as one with action points
    /// `ap` reached in `turn` after `actions` actions.
    fn covers(&self, ap: ApVector, turn: u16, actions: u16) -> bool {
        self.ap.covers(ap) && (self.turn < turn || (self.turn == turn && self.actions <= actions))
    }
}

/// "No node".
const NONE: u32 = u32::MAX;

/// Key → the last node kept with it (the head of its list).
type KeyMap = HashMap<u64, u32, BuildHasherDefault<KeyHasher>>;

/// Buckets of node indices by action count, emptied in order.
#[derive(Default)]
struct Buckets {
    by_actions: Vec<Vec<u32>>,
    /// Buckets below this are empty.
    cursor: usize,
}

impl Buckets {
    fn push(&mut self, actions: u16, node: u32) {
        let i = usize::from(actions);
        if self.by_actions.len() <= i {
            self.by_actions.resize_with(i + 1, Vec::new);
        }
        self.by_actions[i].push(node);
        self.cursor = self.cursor.min(i);
    }

    /// The next bucket that holds anything, with its action count, taken
    /// out whole.
    fn pop_bucket(&mut self) -> Option<(u16, Vec<u32>)> {
        while self.cursor < self.by_actions.len() {
            let bucket = std::mem::take(&mut self.by_actions[self.cursor]);
            if !bucket.is_empty() {
                return Some((self.cursor as u16, bucket));
            }
            self.cursor += 1;
        }
        None
    }

    fn is_empty(&self) -> bool {
        self.by_actions.iter().all(Vec::is_empty)
    }
}

/// Why a search stopped before it was done.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stop {
    /// The positions or the time ran out.
    Budget,
    /// [`Progress::cancel`].
    Cancelled,
}

/// What is spent across the searches of one solve: positions reached and
/// time, against the limits.
pub struct Meter<'a> {
    pub limits: Limits,
    pub progress: Option<&'a Progress>,
    /// Positions reached in all.
    pub states: u64,
    /// The most positions the current phase may reach in all (at most the
    /// solve's own budget).
    pub stop_at: u64,
    /// When the current phase gives up (at the latest the solve's own
    /// deadline); `None`: no limit.
    pub deadline: Option<Instant>,
    /// Distinct positions kept, in all.
    pub kept: u64,
    /// Actions performed again to walk back to a kept position, in all.
    pub replays: u64,
    /// Turns the last search run to its end searched in full.
    pub turns_done: u32,
}

impl Meter<'_> {
    /// Counts a position reached; looks at the budgets now and then.
    pub(super) fn count(&mut self) -> Result<(), Stop> {
        self.states += 1;
        if self.states.is_multiple_of(CHECK_EVERY) {
            self.check()?;
        }
        Ok(())
    }

    /// Looks at the cancel flag and the budgets.
    pub fn check(&self) -> Result<(), Stop> {
        if let Some(p) = self.progress {
            p.set_states(self.states);
            p.hold_while_paused();
            if p.is_cancelled() {
                return Err(Stop::Cancelled);
            }
        }
        let late = self.deadline.is_some_and(|d| Instant::now() >= d);
        if self.states >= self.stop_at.min(self.limits.max_states) || late {
            return Err(Stop::Budget);
        }
        Ok(())
    }
}

/// A line of play found: every action from the start of the level, the
/// turn it clears in, its actions (ends of turn not counted).
#[derive(Clone, Debug)]
pub struct Found {
    pub actions: Vec<Action>,
    pub turns: u32,
    pub action_count: u32,
}

/// What a search looks for.
#[derive(Clone, Copy, Debug)]
pub struct Goal {
    /// The most turns a line may take.
    pub max_turns: u32,
    /// The best line known (turns, actions): only better ones count.
    pub incumbent: Option<(u32, u32)>,
    /// Any line will do: positions go closest-to-cleared first
    /// ([`Bound::distance_left`]) over every turn at once, and
    /// [`Search::step`] comes back every [`STRETCH`] positions.
    pub any: bool,
}

impl Goal {
    /// The last turn worth searching.
    pub fn last_turn(&self) -> u32 {
        match self.incumbent {
            Some((turns, _)) => turns.min(self.max_turns),
            None => self.max_turns,
        }
    }

    /// Whether a line with `turns` turns and `actions` actions would beat
    /// the incumbent.
    fn beats(&self, turns: u32, actions: u32) -> bool {
        turns <= self.max_turns
            && self
                .incumbent
                .is_none_or(|(t, a)| turns < t || (turns == t && actions < a))
    }
}

/// Positions a search looking for any line reaches before
/// [`Search::step`] comes back.
pub const STRETCH: u64 = 2_000;

/// How one step of a search ended.
#[derive(Clone, Debug)]
pub enum StepOutcome {
    /// A line that beats the goal's incumbent: the best this search can
    /// find (it is done).
    Found(Found),
    /// A turn is searched (or, for any line, a stretch); more may follow.
    Going,
    /// Nothing more to search within the goal (the search is done).
    /// `everything`: every position the root can reach was expanded and
    /// none was dropped for the goal, so no line of any length clears the
    /// level from the root.
    Done { everything: bool },
    /// Stopped in the middle of the turn (the search is done).
    Stopped(Stop),
}

/// The search from one root (see the module docs).
pub struct Search {
    session: Session,
    /// The actions that led to the root (heroes who left at once).
    prefix: Vec<Action>,
    nodes: Vec<Node>,
    table: KeyMap,
    /// The nodes from the root to where the session stands.
    path: Vec<u32>,
    candidates: Candidates,
    scratch: Vec<Action>,
    /// This turn's buckets and the next turn's.
    this: Buckets,
    next: Buckets,
    /// The turn [`Search::step`] searches next (turn by turn).
    turn: u32,
    /// A position was dropped for the goal (so an empty frontier proves
    /// nothing about longer lines).
    pruned: bool,
    done: bool,
}

impl Search {
    /// A search from where `session` stands, reached from the start of the
    /// level by `prefix`.
    pub fn new(session: Session, prefix: Vec<Action>) -> Search {
        let root = position(session.stage());
        let turn = session.stage().turn();
        let root_actions = prefix.iter().filter(|a| **a != Action::EndTurn).count() as u16;
        let mut table = KeyMap::default();
        table.insert(root.key, 0);
        let mut this = Buckets::default();
        this.push(root_actions, 0);
        Search {
            session,
            prefix,
            nodes: vec![Node {
                action: Action::EndTurn,
                parent: 0,
                depth: 0,
                next: NONE,
                ap: root.ap,
                turn: turn as u16,
                actions: root_actions,
            }],
            table,
            path: vec![0],
            candidates: Candidates::new(),
            scratch: Vec::new(),
            this,
            next: Buckets::default(),
            turn,
            pruned: false,
            done: false,
        }
    }

    /// The turn [`Search::step`] searches next (turn by turn).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Whether the search has nothing more to do.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Reached `at` (turn, actions) from `parent` by `action`: keeps it
    /// (and returns its node) unless it cannot finish in time or a kept
    /// position is as good.
    #[allow(clippy::too_many_arguments)]
    fn keep(
        &mut self,
        bound: &Bound,
        goal: &Goal,
        meter: &mut Meter<'_>,
        at: Position,
        turn: u16,
        actions: u16,
        parent: u32,
        action: Action,
    ) -> Option<u32> {
        let in_time = bound
            .earliest_clear(self.session.stage())
            .is_some_and(|t| t <= goal.last_turn());
        if !in_time {
            self.pruned = true;
            return None;
        }
        // One look-up in the table: its entry is written at the end.
        let entry = self.table.entry(at.key);
        let head = match &entry {
            Entry::Occupied(e) => *e.get(),
            Entry::Vacant(_) => NONE,
        };
        let mut i = head;
        while i != NONE {
            let kept = &self.nodes[i as usize];
            if kept.covers(at.ap, turn, actions) {
                return None;
            }
            i = kept.next;
        }
        // Retire the kept positions this one beats; the rest stay listed.
        let depth = self.nodes[parent as usize].depth() + 1;
        let new = Node {
            action,
            parent,
            depth,
            next: NONE,
            ap: at.ap,
            turn,
            actions,
        };
        let mut rest = NONE;
        let mut i = head;
        while i != NONE {
            let kept = self.nodes[i as usize];
            if new.covers(kept.ap, kept.turn, kept.actions) {
                self.nodes[i as usize].depth |= RETIRED;
            } else {
                self.nodes[i as usize].next = rest;
                rest = i;
            }
            i = kept.next;
        }
        let node = self.nodes.len() as u32;
        self.nodes.push(Node { next: rest, ..new });
        match entry {
            Entry::Occupied(mut e) => *e.get_mut() = node,
            Entry::Vacant(e) => {
                e.insert(node);
            }
        }
        meter.kept += 1;
        Some(node)
    }

    /// Where the position the session stands in, reached after `actions`
    /// actions, goes in the queue: by its actions, or for any line by how
    /// far it is from cleared.
    fn order(&self, bound: &Bound, goal: &Goal, actions: u16) -> u16 {
        if goal.any {
            bound.distance_left(self.session.stage())
        } else {
            actions
        }
    }

    /// Walks the session to `node`'s position.
    fn go_to(&mut self, node: u32, meter: &mut Meter<'_>) {
        let mut down = Vec::new();
        let mut at = node;
        loop {
            let n = &self.nodes[at as usize];
            if self.path.get(n.depth() as usize) == Some(&at) {
                break;
            }
            down.push(at);
            at = n.parent;
        }
        let common = self.nodes[at as usize].depth() as usize;
        while self.path.len() > common + 1 {
            let undone = self.session.undo();
            debug_assert!(undone, "the walk undoes only what it did");
            self.path.pop();
        }
        for &n in down.iter().rev() {
            let action = self.nodes[n as usize].action;
            let done = self.session.perform(&action);
            debug_assert!(done.is_ok(), "replaying {action:?}: {done:?}");
            meter.replays += 1;
            self.path.push(n);
        }
    }

    /// The actions from the start of the level to `node`, then `last`.
    fn line_to(&self, node: u32, last: Action) -> Vec<Action> {
        let mut actions = vec![last];
        let mut at = node;
        while at != 0 {
            actions.push(self.nodes[at as usize].action);
            at = self.nodes[at as usize].parent;
        }
        actions.extend(self.prefix.iter().rev());
        actions.reverse();
        actions
    }

    /// Expands `node`: every action from its position, kept into this
    /// turn's buckets, and the end of the turn into the next's. A clearing
    /// action that beats the incumbent ends the search with its line.
    fn expand(
        &mut self,
        node: u32,
        bound: &Bound,
        goal: &Goal,
        meter: &mut Meter<'_>,
    ) -> Result<Option<Found>, Stop> {
        self.go_to(node, meter);
        let Node {
            turn,
            actions: n,
            action: last,
            ..
        } = self.nodes[node as usize];
        let last = (node != 0).then_some(last);
        let again = MoveAgain::after(&mut self.session, &mut self.candidates, last);
        let mut actions = std::mem::take(&mut self.scratch);
        actions.clear();
        self.candidates.list(&mut self.session, &mut actions);
        let mut result = Ok(None);
        for &action in &actions {
            if skip(last, again.as_ref(), &self.candidates, &action) {
                continue;
            }
            if self.session.perform(&action).is_err() {
                continue;
            }
            let counted = meter.count();
            match self.session.stage().outcome() {
                Outcome::Cleared if goal.beats(u32::from(turn), u32::from(n) + 1) => {
                    result = Ok(Some(Found {
                        actions: self.line_to(node, action),
                        turns: u32::from(turn),
                        action_count: u32::from(n) + 1,
                    }));
                }
                Outcome::Playing => {
                    let at = position(self.session.stage());
                    if let Some(child) =
                        self.keep(bound, goal, meter, at, turn, n + 1, node, action)
                    {
                        let order = self.order(bound, goal, n + 1);
                        self.this.push(order, child);
                    }
                }
                Outcome::Cleared | Outcome::Lost | Outcome::Retreated => {}
            }
            self.session.undo();
            if let Err(stop) = counted {
                result = Err(stop);
            }
            if !matches!(result, Ok(None)) {
                break;
            }
        }
        self.scratch = actions;
        if !matches!(result, Ok(None)) {
            return result;
        }
        if u32::from(turn) >= goal.last_turn() {
            // Lines go on past the limit: not every line was searched.
            self.pruned = true;
        } else if self.session.perform(&Action::EndTurn).is_ok() {
            let counted = meter.count();
            if self.session.stage().outcome() == Outcome::Playing {
                let at = position(self.session.stage());
                if let Some(child) =
                    self.keep(bound, goal, meter, at, turn + 1, n, node, Action::EndTurn)
                {
                    // Any line: one queue over every turn.
                    let order = self.order(bound, goal, n);
                    if goal.any {
                        self.this.push(order, child);
                    } else {
                        self.next.push(order, child);
                    }
                }
            }
            self.session.undo();
            counted?;
        }
        Ok(None)
    }

    /// Searches the next turn, or for any line the next stretch (see
    /// [`StepOutcome`]). The session is left at the root when the search is done.
    pub fn step(&mut self, bound: &Bound, goal: &Goal, meter: &mut Meter<'_>) -> StepOutcome {
        if self.done {
            return StepOutcome::Done { everything: false };
        }
        let step = match meter.check() {
            Ok(()) => self.search_turn(bound, goal, meter),
            Err(stop) => StepOutcome::Stopped(stop),
        };
        if !matches!(step, StepOutcome::Going) {
            self.done = true;
            while self.path.len() > 1 {
                self.session.undo();
                self.path.pop();
            }
        }
        step
    }

    fn search_turn(&mut self, bound: &Bound, goal: &Goal, meter: &mut Meter<'_>) -> StepOutcome {
        let turn = self.turn;
        if turn > goal.last_turn() && !goal.any {
            return StepOutcome::Done { everything: false };
        }
        if let Some(p) = meter.progress {
            p.set_turn(turn);
        }
        let stretch_end = meter.states + STRETCH;
        while let Some((n, bucket)) = self.this.pop_bucket() {
            // In the incumbent's turn only fewer actions can beat it.
            if !goal.any
                && goal
                    .incumbent
                    .is_some_and(|(t, a)| t == turn && u32::from(n) + 1 >= a)
            {
                self.pruned = true;
                break;
            }
            for (i, &node) in bucket.iter().enumerate() {
                if goal.any && meter.states >= stretch_end {
                    // Come back; the rest of the bucket waits its turn.
                    for &rest in &bucket[i..] {
                        self.this.push(n, rest);
                    }
                    return StepOutcome::Going;
                }
                let reached = self.nodes[node as usize].turn;
                if let Some(p) = meter.progress.filter(|_| goal.any) {
                    p.set_turn(u32::from(reached));
                }
                if self.nodes[node as usize].retired() {
                    continue;
                }
                match self.expand(node, bound, goal, meter) {
                    Ok(Some(found)) => return StepOutcome::Found(found),
                    Ok(None) => {}
                    Err(stop) => return StepOutcome::Stopped(stop),
                }
            }
        }
        debug!(
            "solver: turn {turn} searched: {} states, {} kept here",
            meter.states,
            self.nodes.len()
        );
        if self.next.is_empty() {
            return StepOutcome::Done {
                everything: !self.pruned && (goal.any || turn < goal.last_turn()),
            };
        }
        self.this = std::mem::take(&mut self.next);
        self.turn += 1;
        StepOutcome::Going
    }
}
