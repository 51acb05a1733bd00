//! The move search: every slice of a hero's view it can move to, found
//! breadth-first by cost, with the path to each (`docs/RULES.md`, "Space,
//! gravity and movement"; [`super::movement`] says what each move is and
//! plans, refuses and lists moves from a search).
//!
//! A search state is a slice (a view cell and the stencil id of its
//! region) or a landing out of sight; each remembers the state it was
//! reached from and its steps from there, so a path is the chain of steps
//! back to the start. Out of one state come, in the order preferred among
//! equally cheap paths: the climbs, then to each side the walk (and its
//! fall) and the step-ups. Falls too long or endless are no move; they are
//! noted, cell by cell, for the refusal. The search is the solver's and
//! the play preview's hot path: a [`Search`] keeps its space to be run
//! again, and nothing is allocated per state once it has grown.

use super::abilities::{safe_fall_cells, step_up_cells, Without, MOVE_AP_PER_STEP};
use super::event::{MoveKind, PathStep};
use crate::grid::{CellPos, Dir};
use crate::rng::{FastMap, FastSet};
use crate::stage::support::{Fall, Faller};
use crate::stage::Stage;
use crate::things::ThingId;
use crate::view::{GridView, ViewPos};

/// A slice of the view: a view cell and the stencil id of its region.
pub(super) type Key = (ViewPos, u8);

/// One slice found, with how it was reached.
pub(super) struct State {
    /// Where it is seen; `None` when a fall ended out of sight (a valid
    /// destination, not searched on from).
    pub(super) key: Option<Key>,
    /// The grid cell it is a slice of.
    pub(super) cell: CellPos,
    /// For a walk that ended in a fall: the view cell and cell walked into.
    pub(super) entered: Option<(ViewPos, CellPos)>,
    /// Action points it takes to get here.
    pub(super) cost: u8,
    /// The state it was reached from (the start: itself, 0).
    pub(super) parent: usize,
    /// The steps from the parent state to this one: a range of
    /// [`Search::steps`].
    pub(super) steps: (u32, u32),
}

/// One move out of a search state.
struct Move {
    /// A range of [`Search::steps`].
    steps: (u32, u32),
    /// Where it ends in the view (`None`: a fall ended out of sight).
    key: Option<Key>,
    /// The cell it ends in.
    cell: CellPos,
    /// For a walk that ended in a fall: the view cell and cell walked into.
    entered: Option<(ViewPos, CellPos)>,
}

/// Moves from one view slice along grid direction `grid_dir`, if the view
/// shows that step as continuous.
pub(super) fn step_view(
    stage: &Stage,
    view: &GridView,
    key: Key,
    grid_dir: Dir,
) -> Option<(Key, CellPos)> {
    let transform = view.transform_of(key.1)?;
    let view_dir = transform.view_to_grid.inverse().apply_dir(grid_dir);
    view.node_indices_at(key.0).find_map(|n| {
        let node = view.node(n)?;
        if node.stencil_id != key.1 {
            return None;
        }
        let m = view.node(view.neighbour(stage.grid(), n, view_dir)?)?;
        Some(((m.view, m.stencil_id), m.cell))
    })
}

/// The steps of a fall through `cells` (worked out in the grid), seen from
/// `key` as far as the view follows them, appended to `out`; the slice
/// where it ends, if seen.
pub(super) fn fall_steps(
    stage: &Stage,
    view: &GridView,
    key: Key,
    cells: &[CellPos],
    out: &mut Vec<PathStep>,
) -> Option<Key> {
    let mut at = Some(key);
    out.extend(cells.iter().map(|&c| {
        let before = at;
        at = at
            .and_then(|k| step_view(stage, view, k, Dir::Down))
            .filter(|&(_, seen)| seen == c)
            .map(|(k, _)| k);
        PathStep {
            cell: c,
            kind: MoveKind::Fall,
            view: at.map(|k| k.0),
            ap: 0,
            portal: crossed(before, at),
        }
    }));
    at
}

/// Whether a step from slice `from` to slice `to` crossed a portal: both
/// seen, in different regions of the view.
pub(super) fn crossed(from: Option<Key>, to: Option<Key>) -> bool {
    matches!((from, to), (Some(a), Some(b)) if a.1 != b.1)
}

/// A step of `kind` from slice `from` into slice `to`, a slice of `cell`:
/// both seen. Its action points are charged when its move is recorded.
#[inline]
fn seen_step(kind: MoveKind, from: Key, to: Key, cell: CellPos) -> PathStep {
    PathStep {
        cell,
        kind,
        view: Some(to.0),
        ap: 0,
        portal: crossed(Some(from), Some(to)),
    }
}

/// Outcome of a fall from a cell just walked into.
enum ViewFall {
    /// Lands in `cell` after these many steps (maybe none, appended to the
    /// steps given); seen there if `Some`.
    Lands(usize, Option<Key>, CellPos),
    /// Lands, but further than `safe` allows.
    TooFar { cells: u16, landing: CellPos },
    /// Falls for ever (a portal loop).
    Forever,
}

/// The fall from `cell` (seen at `key`): worked out in the grid, so a fall
/// into a drop the hero cannot see down is still known and previewed as far
/// as it is seen (its steps appended to `out`).
fn fall_in_view(
    stage: &Stage,
    view: &GridView,
    key: Key,
    cell: CellPos,
    safe: u16,
    faller: Faller,
    out: &mut Vec<PathStep>,
) -> ViewFall {
    match stage.fall_from(cell, faller) {
        Fall::Forever => ViewFall::Forever,
        Fall::Lands(cells) => {
            let landing = cells.last().copied().unwrap_or(cell);
            if cells.len() as u16 > safe {
                return ViewFall::TooFar {
                    cells: cells.len() as u16,
                    landing,
                };
            }
            let seen = fall_steps(stage, view, key, &cells, out);
            ViewFall::Lands(cells.len(), seen, landing)
        }
    }
}

/// The search: every slice reachable from the hero's cell, by cost.
#[derive(Default)]
pub(super) struct Search {
    /// Every state found, in the order found (so by cost); the first is
    /// the start. Empty: the hero is not on the grid.
    pub(super) states: Vec<State>,
    /// Every state's steps from its parent, one after the other.
    pub(super) steps: Vec<PathStep>,
    /// Shortest unsafe fall landing in each cell (for the refusal).
    pub(super) unsafe_falls: FastMap<CellPos, u16>,
    /// Cells only reached by falling for ever (for the refusal).
    pub(super) forever_falls: FastSet<CellPos>,
    /// Scratch space of the search, kept to be reused: the state of each
    /// slice found, the landings out of sight, the moves out of one
    /// state, a step up's climb.
    seen: FastMap<Key, usize>,
    unseen_landings: FastSet<CellPos>,
    moves: Vec<Move>,
    climbed: Vec<PathStep>,
}

/// Whether `hero` carries something heavy (in hand, or in what is in hand).
pub(super) fn carries_heavy_load(stage: &Stage, hero: ThingId) -> bool {
    stage.held(hero).is_some_and(|h| stage.is_heavy_load(h))
}

/// The hero a search moves, with everything about it the search reads,
/// fixed for the whole search.
pub(super) struct Mover<'a> {
    stage: &'a Stage,
    /// The view the search runs over (built from the hero's cell).
    view: &'a GridView,
    hero: ThingId,
    /// The hero carries something heavy, so cannot climb or hold on to a
    /// rope, and falls as an item does.
    heavy: bool,
    faller: Faller,
    /// The longest fall a path may take, in cells.
    safe_fall_cells: u16,
    /// How many cells up a step-up may climb.
    step_up_cells: u16,
}

impl<'a> Mover<'a> {
    /// `hero` in `stage`, seen in `view`; `heavy`: it carries something
    /// heavy; `without`: the abilities switched off (the stage's, but for
    /// telling why a cell is out of reach).
    pub(super) fn new(
        stage: &'a Stage,
        view: &'a GridView,
        hero: ThingId,
        heavy: bool,
        without: Without,
    ) -> Mover<'a> {
        let kind = stage.hero_kind(hero).unwrap_or_default();
        Mover {
            stage,
            view,
            hero,
            heavy,
            faller: if heavy { Faller::Item } else { Faller::Hero },
            safe_fall_cells: safe_fall_cells(kind, without),
            step_up_cells: step_up_cells(kind, without),
        }
    }

    /// A step from slice `key` along grid direction `grid_dir` in the view
    /// ([`step_view`]).
    #[inline]
    fn step(&self, key: Key, grid_dir: Dir) -> Option<(Key, CellPos)> {
        step_view(self.stage, self.view, key, grid_dir)
    }
}

/// The search for `hero` (see [`Mover::new`] for `heavy` and `without`),
/// within `max_cost` action points.
pub(super) fn search(
    stage: &Stage,
    view: &GridView,
    hero: ThingId,
    max_cost: u8,
    heavy: bool,
    without: Without,
) -> Search {
    let mut found = Search::default();
    let mover = Mover::new(stage, view, hero, heavy, without);
    found.run(&mover, None, max_cost);
    found
}

impl Search {
    /// [`search`] into this one, whose space is reused: every slice
    /// `mover` reaches within `max_cost` action points, from the hero's
    /// cell, or from `from` when given (a walk planned ahead,
    /// [`one_ap_moves_from`]). Breadth-first: every state found is
    /// searched on from in the order found, so by cost.
    pub(super) fn run(&mut self, mover: &Mover, from: Option<CellPos>, max_cost: u8) {
        self.clear();
        let Some(start_cell) = from.or_else(|| mover.stage.cell_of(mover.hero)) else {
            return;
        };
        let start: Key = (ViewPos::default(), 1);
        self.states.push(State {
            key: Some(start),
            cell: start_cell,
            entered: None,
            cost: 0,
            parent: 0,
            steps: (0, 0),
        });
        self.seen.insert(start, 0);
        for i in 0.. {
            let Some(state) = self.states.get(i) else {
                break;
            };
            let (cell, cost) = (state.cell, state.cost);
            // A fall that ended out of sight is a destination, not a start.
            let Some(key) = state.key else { continue };
            if cost >= max_cost {
                continue;
            }
            self.find_moves(mover, key, cell);
            self.record_moves(i, cost);
        }
    }

    /// Empties the search, keeping its space.
    fn clear(&mut self) {
        self.states.clear();
        self.steps.clear();
        self.unsafe_falls.clear();
        self.forever_falls.clear();
        self.seen.clear();
        self.unseen_landings.clear();
    }

    /// Every move out of slice `key` (of `cell`), into `moves`, their steps
    /// appended to `steps`, in the order they are preferred: climbs first
    /// (among equally cheap paths, the plainest wins), then to each side
    /// the walk and the step-ups, from a cell that holds the hero up.
    #[inline]
    fn find_moves(&mut self, mover: &Mover, key: Key, cell: CellPos) {
        self.moves.clear();
        if !mover.heavy && mover.stage.segment_in(cell).is_some() {
            for dir in [Dir::Up, Dir::Down] {
                self.climb(mover, key, dir);
            }
        }
        if mover.stage.is_supported(cell, mover.faller) {
            for side in [Dir::Left, Dir::Right] {
                self.walk(mover, key, side);
                self.step_up(mover, key, cell, side);
            }
        }
    }

    /// The climb from slice `key` one cell `dir` (up or down), where rope
    /// segments hang in both cells.
    #[inline]
    fn climb(&mut self, mover: &Mover, key: Key, dir: Dir) {
        let Some((k, c)) = mover.step(key, dir) else {
            return;
        };
        if mover.stage.segment_in(c).is_none() {
            return;
        }
        let first = self.steps.len() as u32;
        self.steps.push(seen_step(MoveKind::Climb, key, k, c));
        self.moves.push(Move {
            steps: (first, first + 1),
            key: Some(k),
            cell: c,
            entered: None,
        });
    }

    /// The walk from slice `key` one cell to `side`, then the fall if
    /// nothing holds the hero up there. A fall too long, or for ever, is
    /// no move: it is noted for the refusal instead.
    #[inline]
    fn walk(&mut self, mover: &Mover, key: Key, side: Dir) {
        let Some((k, c)) = mover.step(key, side) else {
            return;
        };
        let first = self.steps.len();
        self.steps.push(seen_step(MoveKind::Walk, key, k, c));
        let (stage, view) = (mover.stage, mover.view);
        match fall_in_view(
            stage,
            view,
            k,
            c,
            mover.safe_fall_cells,
            mover.faller,
            &mut self.steps,
        ) {
            ViewFall::Lands(fell, k2, c2) => {
                let entered = (fell > 0).then_some((k.0, c));
                self.moves.push(Move {
                    steps: (first as u32, self.steps.len() as u32),
                    key: k2,
                    cell: c2,
                    entered,
                });
            }
            ViewFall::TooFar { cells, landing } => {
                self.steps.truncate(first);
                for at in [landing, c] {
                    let best = self.unsafe_falls.entry(at).or_insert(cells);
                    *best = (*best).min(cells);
                }
            }
            ViewFall::Forever => {
                self.steps.truncate(first);
                // Every cell the endless fall passes names it.
                let mut at = Some(c);
                while let Some(cell) = at.filter(|&cell| self.forever_falls.insert(cell)) {
                    at = stage.step(cell, Dir::Down);
                }
            }
        }
    }

    /// The step-ups from slice `key` (of `cell`) to `side`: up one cell
    /// (two for the scout), then across onto a cell that holds the hero
    /// up; one move for each height that lands.
    #[inline]
    fn step_up(&mut self, mover: &Mover, key: Key, cell: CellPos, side: Dir) {
        let mut up = (key, cell);
        self.climbed.clear();
        for _ in 0..mover.step_up_cells {
            let Some((k, c)) = mover.step(up.0, Dir::Up) else {
                break;
            };
            self.climbed.push(seen_step(MoveKind::StepUp, up.0, k, c));
            up = (k, c);
            let Some((k2, c2)) = mover.step(up.0, side) else {
                continue;
            };
            if !mover.stage.is_supported(c2, mover.faller) {
                continue;
            }
            let first = self.steps.len() as u32;
            self.steps.extend_from_slice(&self.climbed);
            self.steps.push(seen_step(MoveKind::StepUp, up.0, k2, c2));
            self.moves.push(Move {
                steps: (first, self.steps.len() as u32),
                key: Some(k2),
                cell: c2,
                entered: None,
            });
        }
    }

    /// Records the moves found out of state `parent` (which cost `cost`)
    /// as new states, in order, each but to a slice (or a landing out of
    /// sight) found before; a move's cost is charged on its first step.
    #[inline]
    fn record_moves(&mut self, parent: usize, cost: u8) {
        for Move {
            steps: range,
            key: k,
            cell: c,
            entered,
        } in self.moves.drain(..)
        {
            match k {
                Some(k) if self.seen.contains_key(&k) => continue,
                Some(k) => {
                    self.seen.insert(k, self.states.len());
                }
                None if !self.unseen_landings.insert(c) => continue,
                None => {}
            }
            if let Some(first) = self.steps.get_mut(range.0 as usize) {
                first.ap = MOVE_AP_PER_STEP;
            }
            self.states.push(State {
                key: k,
                cell: c,
                entered,
                cost: cost + MOVE_AP_PER_STEP,
                parent,
                steps: range,
            });
        }
    }
}
