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
//! are dead ends, and so are positions that [`Bound`] says can never be
//! cleared (a relic nobody able can reach); positions it says cannot be
//! cleared within the turns searched are dropped for the goal, and, once a solution is known (the
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
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use log::debug;

use super::bound::Bound;
use super::key::{position, ApVector, KeyHasher};
use super::worker::{Child, Expansion, Worker};
use super::{Limits, Progress};
use crate::action::Action;
use crate::rng::FastMap;
use crate::session::Session;

/// A kept position: where it sits in the tree, what reaching it cost, and
/// its place on its key's list (see the module docs). 28 bytes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// The node it was reached from (the root is its own parent).
    pub parent: u32,
    /// The next node kept with the same key; [`NONE`] ends the list.
    next: u32,
    /// The action from the parent, by its index in the search's
    /// [`Actions`] (`EndTurn` for the root; never used).
    pub action: u32,
    /// Its heroes' action points: an [`ApVector`] in two halves (so the
    /// node needs no eight-byte alignment).
    ap: [u32; 2],
    /// Actions from the root (its place on the walk), and [`RETIRED`].
    depth: u16,
    pub turn: u16,
    /// Actions taken to reach it, ends of turn not counted.
    pub actions: u16,
}

/// The bit of `Node::depth` saying a better position with its key was kept
/// since: skip it.
const RETIRED: u16 = 1 << 15;

fn halves(ap: ApVector) -> [u32; 2] {
    [ap.0 as u32, (ap.0 >> 32) as u32]
}

impl Node {
    pub fn depth(&self) -> u32 {
        u32::from(self.depth & !RETIRED)
    }

    fn retired(&self) -> bool {
        self.depth & RETIRED != 0
    }

    fn ap(&self) -> ApVector {
        ApVector(u64::from(self.ap[0]) | (u64::from(self.ap[1]) << 32))
    }

    /// Whether this position is at least as good as one with action points
    /// `ap` reached in `turn` after `actions` actions.
    fn covers(&self, ap: ApVector, turn: u16, actions: u16) -> bool {
        self.ap().covers(ap) && (self.turn < turn || (self.turn == turn && self.actions <= actions))
    }
}

/// The distinct actions of a search, each kept once: nodes name theirs by
/// index (a search plays a few thousand distinct actions between millions
/// of positions).
#[derive(Default)]
pub(super) struct Actions {
    list: Vec<Action>,
    index: FastMap<Action, u32>,
}

impl Actions {
    /// The index of `action`, kept now if it is new.
    fn id(&mut self, action: Action) -> u32 {
        *self.index.entry(action).or_insert_with(|| {
            self.list.push(action);
            (self.list.len() - 1) as u32
        })
    }

    /// The action of index `id`.
    pub fn get(&self, id: u32) -> Action {
        self.list[id as usize]
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

    /// The memory its buckets hold, in bytes.
    fn memory(&self) -> u64 {
        let slots: usize = self.by_actions.iter().map(Vec::capacity).sum();
        (slots * std::mem::size_of::<u32>()) as u64
    }
}

/// Why a search stopped before it was done.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stop {
    /// The positions or the time ran out.
    Budget,
    /// [`Progress::cancel`].
    Cancelled,
    /// The positions kept outgrew [`Limits::max_memory`].
    Memory,
}

/// What is spent across the searches of one solve: positions reached and
/// time, against the limits.
pub struct Meter<'a> {
    /// The solve's budgets.
    pub limits: Limits,
    /// Where progress is reported and a cancel or pause is read; `None`: nobody
    /// watches.
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
    /// Memory the positions kept by the searches alive take now, in bytes
    /// (each search accounts for its own), and the most so far.
    pub memory: u64,
    /// The most `memory` has been, in bytes.
    pub peak_memory: u64,
}

impl Meter<'_> {
    /// Whether the budgets are spent, at `states` positions (for workers
    /// on other threads, which cannot hold the meter).
    fn spent(&self, states: u64) -> bool {
        states >= self.stop_at.min(self.limits.max_states)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.progress.is_some_and(Progress::is_cancelled)
    }

    /// Looks at the cancel flag and the budgets.
    pub fn check(&self) -> Result<(), Stop> {
        if let Some(p) = self.progress {
            p.set_states(self.states);
            p.hold_while_paused(self.states);
            if p.is_cancelled() {
                return Err(Stop::Cancelled);
            }
        }
        let late = self.deadline.is_some_and(|d| Instant::now() >= d);
        if self.states >= self.stop_at.min(self.limits.max_states) || late {
            return Err(Stop::Budget);
        }
        if self.limits.max_memory.is_some_and(|m| self.memory > m) {
            return Err(Stop::Memory);
        }
        Ok(())
    }
}

/// A line of play found: every action from the start of the level, the
/// turn it clears in, its actions (ends of turn not counted).
#[derive(Clone, Debug)]
pub struct Found {
    /// Every action from the level's start, ends of turn included.
    pub actions: Vec<Action>,
    /// The turn it clears the level in.
    pub turns: u32,
    /// Its actions, ends of turn not counted.
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
    pub(super) fn beats(&self, turns: u32, actions: u32) -> bool {
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
    Done {
        /// Whether every position the root reaches was expanded (see above).
        everything: bool,
    },
    /// Stopped in the middle of the turn (the search is done).
    Stopped(Stop),
}

/// Positions a worker takes at a time, and expands before it looks at the
/// clock, the budgets, the cancel and hold flags (in the game's own tests
/// a few, so their small levels are expanded side by side too).
const CHUNK: usize = if cfg!(test) { 4 } else { 64 };

/// Positions expanded between two looks at what they reached, turn by
/// turn (so the children held at once stay few).
const SLICE: usize = 64 * CHUNK;

/// Positions expanded between two looks at the clock, for any line
/// ([`STRETCH`] is checked between them).
const ANY_SLICE: usize = 2 * CHUNK;

/// The search from one root (see the module docs).
pub struct Search {
    /// One per thread the search may use; the first is on the caller's.
    workers: Vec<Worker>,
    /// The actions that led to the root (heroes who left at once).
    prefix: Vec<Action>,
    nodes: Vec<Node>,
    acts: Actions,
    table: KeyMap,
    /// This turn's buckets and the next turn's.
    this: Buckets,
    next: Buckets,
    /// The turn [`Search::step`] searches next (turn by turn).
    turn: u32,
    /// A position was dropped for the goal (so an empty frontier proves
    /// nothing about longer lines).
    pruned: bool,
    done: bool,
    /// The memory it last accounted for in the meter.
    accounted: u64,
}

impl Search {
    /// A search from where `session` stands, reached from the start of the
    /// level by `prefix`, on the caller's thread alone.
    pub fn new(session: Session, prefix: Vec<Action>) -> Search {
        let root = position(session.stage());
        let turn = session.stage().turn();
        let root_actions = prefix.iter().filter(|a| **a != Action::EndTurn).count() as u16;
        let mut table = KeyMap::default();
        table.insert(root.key, 0);
        let mut this = Buckets::default();
        this.push(root_actions, 0);
        let mut acts = Actions::default();
        Search {
            workers: vec![Worker::new(session)],
            prefix,
            nodes: vec![Node {
                action: acts.id(Action::EndTurn),
                parent: 0,
                depth: 0,
                next: NONE,
                ap: halves(root.ap),
                turn: turn as u16,
                actions: root_actions,
            }],
            acts,
            table,
            this,
            next: Buckets::default(),
            turn,
            pruned: false,
            done: false,
            accounted: 0,
        }
    }

    /// The memory its kept positions take, in bytes: the nodes, the table
    /// (a hash table's slot of key and node, its control byte, at the
    /// table's least load after growing), the distinct actions, the queues.
    fn memory(&self) -> u64 {
        let node = std::mem::size_of::<Node>() as u64;
        let slot = (std::mem::size_of::<(u64, u32)>() + 1) as u64;
        let table = (self.table.capacity() as u64 * 8 / 7).next_power_of_two() * slot;
        let acts =
            self.acts.list.capacity() as u64 * (2 * std::mem::size_of::<Action>() as u64 + 8);
        self.nodes.capacity() as u64 * node + table + acts + self.this.memory() + self.next.memory()
    }

    /// Ends the search, its memory given back to the meter.
    pub fn release(self, meter: &mut Meter<'_>) {
        meter.memory = meter.memory.saturating_sub(self.accounted);
    }

    /// Tells the meter what its kept positions take now.
    fn account(&mut self, meter: &mut Meter<'_>) {
        let now = self.memory();
        meter.memory = (meter.memory + now).saturating_sub(self.accounted);
        meter.peak_memory = meter.peak_memory.max(meter.memory);
        self.accounted = now;
    }

    /// One more thread for the search: `session` must stand where the
    /// first one stood when the search began (the same level, rules and
    /// prefix). The answer is the same with any number of threads.
    pub fn add_worker(&mut self, session: Session) {
        debug_assert_eq!(
            position(session.stage()),
            position(self.workers[0].session.stage()),
            "a worker starts at the root"
        );
        self.workers.push(Worker::new(session));
    }

    /// The turn [`Search::step`] searches next (turn by turn).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Whether the search has nothing more to do.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Keeps `child` (and returns its node) unless a kept position is as
    /// good; retires the kept positions it beats.
    fn keep(&mut self, child: &Child, meter: &mut Meter<'_>) -> Option<u32> {
        let Child {
            parent,
            action,
            at,
            turn,
            actions,
            ..
        } = *child;
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
        let Some(depth) = u16::try_from(self.nodes[parent as usize].depth() + 1)
            .ok()
            .filter(|d| d & RETIRED == 0)
        else {
            // A line of more than 32,767 actions: not searched on (and so
            // nothing is proven about what lies past it).
            self.pruned = true;
            return None;
        };
        let new = Node {
            action: self.acts.id(action),
            parent,
            depth,
            next: NONE,
            ap: halves(at.ap),
            turn,
            actions,
        };
        let mut rest = NONE;
        let mut i = head;
        while i != NONE {
            let kept = self.nodes[i as usize];
            if new.covers(kept.ap(), kept.turn, kept.actions) {
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

    /// Takes in what expanding some positions found: counts it, keeps its
    /// children into the queue, and hands back a line found.
    fn take_in(
        &mut self,
        exp: &mut Expansion,
        goal: &Goal,
        meter: &mut Meter<'_>,
    ) -> Option<super::search::Found> {
        meter.replays += exp.replays;
        self.pruned |= exp.pruned;
        if let Some(found) = exp.found.take() {
            return Some(found);
        }
        for child in std::mem::take(&mut exp.children) {
            if let Some(node) = self.keep(&child, meter) {
                // Any line: one queue over every turn.
                if child.next_turn && !goal.any {
                    self.next.push(child.order, node);
                } else {
                    self.this.push(child.order, node);
                }
            }
        }
        None
    }

    /// Expands `list` (positions of one bucket, in its order) and keeps
    /// what they reach, in that order whatever the number of workers.
    fn expand_all(
        &mut self,
        list: &[u32],
        bound: &Bound,
        goal: &Goal,
        meter: &mut Meter<'_>,
    ) -> Result<Option<Found>, Stop> {
        let mut list = list;
        while !list.is_empty() {
            let (found, done) = self.expand_side_by_side(list, bound, goal, meter);
            if found.is_some() {
                return Ok(found);
            }
            // Held or out of budget: the meter holds here (every worker
            // idle) or says which budget ran out.
            meter.check()?;
            list = &list[done..];
        }
        Ok(None)
    }

    /// Expands `list` with every worker side by side until done, a line is
    /// found, the budget runs out or the search is held; keeps what the
    /// positions expanded reach, in their order. The line found, and how
    /// many positions of `list` were expanded and kept from.
    fn expand_side_by_side(
        &mut self,
        list: &[u32],
        bound: &Bound,
        goal: &Goal,
        meter: &mut Meter<'_>,
    ) -> (Option<Found>, usize) {
        let chunks = list.len().div_ceil(CHUNK);
        let next = AtomicUsize::new(0);
        let found_at = AtomicUsize::new(usize::MAX);
        let stop = AtomicBool::new(false);
        let states = AtomicU64::new(meter.states);
        let tree = (&self.nodes[..], &self.acts, &self.prefix[..]);
        let watch = &*meter;
        // Every chunk taken is finished, so those done are the first ones
        // (but past a line found, which ends the search).
        let work = |w: &mut Worker, bound: &Bound| {
            let mut done: Vec<(usize, Expansion)> = Vec::new();
            while !stop.load(Ordering::Relaxed) && !watch.progress.is_some_and(Progress::is_paused)
            {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= chunks || i > found_at.load(Ordering::Relaxed) {
                    break;
                }
                let mut exp = Expansion::default();
                for &node in &list[i * CHUNK..((i + 1) * CHUNK).min(list.len())] {
                    w.expand(tree, node, bound, goal, &mut exp);
                    if exp.found.is_some() {
                        found_at.fetch_min(i, Ordering::Relaxed);
                        break;
                    }
                }
                let total = states.fetch_add(exp.states, Ordering::Relaxed) + exp.states;
                done.push((i, exp));
                if let Some(p) = watch.progress {
                    p.set_states(total);
                }
                if watch.spent(total) {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            done
        };
        let work = &work;
        // One chunk or less: the first worker alone (no threads to start).
        let helpers = if chunks > 1 {
            self.workers.len() - 1
        } else {
            0
        };
        let (first, rest) = self.workers[..=helpers]
            .split_first_mut()
            .expect("a worker");
        for w in rest.iter_mut() {
            if w.bound.is_none() {
                w.bound = Some(bound.clone());
            }
        }
        let mut done: Vec<(usize, Expansion)> = std::thread::scope(|s| {
            let others: Vec<_> = rest
                .iter_mut()
                .map(|w| {
                    s.spawn(move || {
                        let own = w.bound.take().expect("a bound of its own");
                        let done = work(w, &own);
                        w.bound = Some(own);
                        done
                    })
                })
                .collect();
            let mut done = work(first, bound);
            for other in others {
                done.extend(other.join().expect("a solver worker failed"));
            }
            done
        });
        done.sort_by_key(|(i, _)| *i);
        // The position budget ends at a point of the list's order, the
        // same on any number of threads: chunks past the one that spent it
        // (expanded by other workers meanwhile) are not taken in, as one
        // thread would not have expanded them.
        let budget = meter.stop_at.min(meter.limits.max_states);
        let mut expanded = 0;
        for (expected, (i, exp)) in done.iter_mut().enumerate() {
            if *i != expected || meter.states >= budget {
                break;
            }
            meter.states += exp.states;
            if let Some(found) = self.take_in(exp, goal, meter) {
                return (Some(found), expanded);
            }
            expanded = (expected + 1) * CHUNK;
        }
        (None, expanded.min(list.len()))
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
            for w in &mut self.workers {
                w.go_home();
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
        let slice = if goal.any { ANY_SLICE } else { SLICE };
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
            let mut at = 0;
            while at < bucket.len() {
                if goal.any && meter.states >= stretch_end {
                    // Come back; the rest of the bucket waits its turn.
                    for &rest in &bucket[at..] {
                        self.this.push(n, rest);
                    }
                    return StepOutcome::Going;
                }
                let end = (at + slice).min(bucket.len());
                // Positions retired since they were queued are skipped.
                let list: Vec<u32> = bucket[at..end]
                    .iter()
                    .copied()
                    .filter(|&node| !self.nodes[node as usize].retired())
                    .collect();
                at = end;
                if let (Some(p), Some(&first)) = (meter.progress.filter(|_| goal.any), list.first())
                {
                    p.set_turn(u32::from(self.nodes[first as usize].turn));
                }
                let expanded = self.expand_all(&list, bound, goal, meter);
                self.account(meter);
                match expanded {
                    Ok(Some(found)) => return StepOutcome::Found(found),
                    Ok(None) => {
                        if let Err(stop) = meter.check() {
                            return StepOutcome::Stopped(stop);
                        }
                    }
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
