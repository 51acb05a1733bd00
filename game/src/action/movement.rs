//! Moving a hero by destination: a breadth-first search over what the hero
//! sees (`docs/RULES.md`, "Space, gravity and movement").
//!
//! The search runs over the hero's [`GridView`], so paths go through portals
//! exactly as sight does, and every cell of a path is a cell the player can
//! see (and the screen can draw the preview on). A search state is a view
//! cell and a region (stencil id): one slice of one grid cell. Each move
//! costs one action point:
//! - walk one cell left or right (in the grid: left and right as gravity
//!   sees them, whatever the view's turn through portals) from a supported
//!   cell, then fall if the new cell does not hold the hero up;
//! - step up: from a supported cell, up one cell (two for the scout) and
//!   across, onto a supported cell;
//! - climb one cell up or down where rope segments hang in both cells
//!   (not with a heavy item in hand, or a bucket with one in it: a hero
//!   carrying something heavy does not hold on to a rope at all).
//!
//! Falls are free but a fall longer than the hero's safe height is never
//! part of a path; if it is the only way to a destination, the refusal says
//! how far the fall would be.
//!
//! One search answers every destination: [`Moves`] is a hero's search,
//! planning any move ([`Moves::plan`], what [`plan_move`] does) and listing
//! what is reachable ([`Moves::reachable`]); [`MoveInputs`] is everything
//! of the stage it reads, so a search can be kept and used again wherever
//! those are the same (the session does).

use super::abilities::{safe_fall_cells, step_up_cells, Ability, Without, MOVE_AP_PER_STEP};
use super::event::{MoveKind, PathStep};
use super::refusal::Refusal;
use crate::grid::{CellPos, Dir, EdgeType};
use crate::rng::{FastMap, FastSet};
use crate::stage::support::{Fall, Faller};
use crate::stage::Stage;
use crate::things::{CellIndex, ThingId, ThingKind};
use crate::view::{GridView, ViewPos};

/// A slice of the view: a view cell and the stencil id of its region.
type Key = (ViewPos, u8);

/// Where a move should end.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Target {
    /// A grid cell, wherever it is seen.
    Cell(CellPos),
    /// A view cell of the hero's view (what the player points at).
    View(ViewPos),
}

/// A move worked out in full.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MovePlan {
    /// The cells passed, in order, the last being where the hero stops.
    pub path: Vec<PathStep>,
    /// Action points it costs.
    pub cost: u8,
}

struct State {
    /// Where it is seen; `None` when a fall ended out of sight (a valid
    /// destination, not searched on from).
    key: Option<Key>,
    cell: CellPos,
    /// For a walk that ended in a fall: the view cell and cell walked into.
    entered: Option<(ViewPos, CellPos)>,
    cost: u8,
    parent: usize,
    /// The steps from the parent state to this one: a range of
    /// [`Search::steps`].
    steps: (u32, u32),
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
fn step_view(stage: &Stage, view: &GridView, key: Key, grid_dir: Dir) -> Option<(Key, CellPos)> {
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
fn fall_steps(
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
fn crossed(from: Option<Key>, to: Option<Key>) -> bool {
    matches!((from, to), (Some(a), Some(b)) if a.1 != b.1)
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
struct Search {
    states: Vec<State>,
    /// Every state's steps from its parent, one after the other.
    steps: Vec<PathStep>,
    /// Shortest unsafe fall landing in each cell (for the refusal).
    unsafe_falls: FastMap<CellPos, u16>,
    /// Cells only reached by falling for ever (for the refusal).
    forever_falls: FastSet<CellPos>,
    /// Scratch space of the search, kept to be reused: the state of each
    /// slice found, the landings out of sight, the moves out of one
    /// state, a step up's climb.
    seen: FastMap<Key, usize>,
    unseen_landings: FastSet<CellPos>,
    moves: Vec<Move>,
    climbed: Vec<PathStep>,
}

/// Whether `hero` carries something heavy (in hand, or in what is in hand).
fn carries_heavy_load(stage: &Stage, hero: ThingId) -> bool {
    stage.held(hero).is_some_and(|h| stage.is_heavy_load(h))
}

/// The search for `hero`; `heavy`: the hero carries something heavy, so
/// cannot climb or hold on to a rope; `without`: the abilities switched off
/// (the stage's, but for telling why a cell is out of reach).
fn search(
    stage: &Stage,
    view: &GridView,
    hero: ThingId,
    max_cost: u8,
    heavy: bool,
    without: Without,
) -> Search {
    let mut found = Search::default();
    search_into(
        &mut found, stage, view, hero, None, max_cost, heavy, without,
    );
    found
}

/// [`search`] into `found`, whose space is reused; from the hero's cell,
/// or from `from` when given (a walk planned ahead, [`one_ap_moves_from`]).
#[allow(clippy::too_many_arguments)]
fn search_into(
    found: &mut Search,
    stage: &Stage,
    view: &GridView,
    hero: ThingId,
    from: Option<CellPos>,
    max_cost: u8,
    heavy: bool,
    without: Without,
) {
    let kind = stage.hero_kind(hero).unwrap_or_default();
    let safe = safe_fall_cells(kind, without);
    let faller = if heavy { Faller::Item } else { Faller::Hero };
    let Search {
        states,
        steps,
        unsafe_falls,
        forever_falls,
        seen,
        unseen_landings,
        moves,
        climbed,
    } = found;
    states.clear();
    steps.clear();
    unsafe_falls.clear();
    forever_falls.clear();
    seen.clear();
    unseen_landings.clear();
    let Some(start_cell) = from.or_else(|| stage.cell_of(hero)) else {
        return;
    };
    let start: Key = (ViewPos::default(), 1);
    states.push(State {
        key: Some(start),
        cell: start_cell,
        entered: None,
        cost: 0,
        parent: 0,
        steps: (0, 0),
    });
    seen.insert(start, 0);
    // Every state found is searched on from in the order found
    // (breadth-first: by cost).
    for i in 0.. {
        let Some(state) = states.get(i) else { break };
        let (cell, cost) = (state.cell, state.cost);
        // A fall that ended out of sight is a destination, not a start.
        let Some(key) = state.key else { continue };
        if cost >= max_cost {
            continue;
        }
        moves.clear();
        // Climbs first: among equally cheap paths, the plainest wins.
        if !heavy && stage.segment_in(cell).is_some() {
            for dir in [Dir::Up, Dir::Down] {
                if let Some((k, c)) = step_view(stage, view, key, dir) {
                    if stage.segment_in(c).is_some() {
                        let first = steps.len() as u32;
                        steps.push(PathStep {
                            cell: c,
                            kind: MoveKind::Climb,
                            view: Some(k.0),
                            ap: 0,
                            portal: crossed(Some(key), Some(k)),
                        });
                        moves.push(Move {
                            steps: (first, first + 1),
                            key: Some(k),
                            cell: c,
                            entered: None,
                        });
                    }
                }
            }
        }
        let supported = stage.is_supported(cell, faller);
        if supported {
            for side in [Dir::Left, Dir::Right] {
                // Walk, then fall if nothing holds the hero up.
                if let Some((k, c)) = step_view(stage, view, key, side) {
                    let first = steps.len();
                    steps.push(PathStep {
                        cell: c,
                        kind: MoveKind::Walk,
                        view: Some(k.0),
                        ap: 0,
                        portal: crossed(Some(key), Some(k)),
                    });
                    match fall_in_view(stage, view, k, c, safe, faller, steps) {
                        ViewFall::Lands(fell, k2, c2) => {
                            let entered = (fell > 0).then_some((k.0, c));
                            moves.push(Move {
                                steps: (first as u32, steps.len() as u32),
                                key: k2,
                                cell: c2,
                                entered,
                            });
                        }
                        ViewFall::TooFar { cells, landing } => {
                            steps.truncate(first);
                            for at in [landing, c] {
                                let best = unsafe_falls.entry(at).or_insert(cells);
                                *best = (*best).min(cells);
                            }
                        }
                        ViewFall::Forever => {
                            steps.truncate(first);
                            // Every cell the endless fall passes names it.
                            let mut at = Some(c);
                            while let Some(cell) = at.filter(|&cell| forever_falls.insert(cell)) {
                                at = stage.step(cell, Dir::Down);
                            }
                        }
                    }
                }
                // Step up one (or two) cells, then across onto a supported cell.
                let mut up = (key, cell);
                climbed.clear();
                for _ in 0..step_up_cells(kind, without) {
                    let Some((k, c)) = step_view(stage, view, up.0, Dir::Up) else {
                        break;
                    };
                    climbed.push(PathStep {
                        cell: c,
                        kind: MoveKind::StepUp,
                        view: Some(k.0),
                        ap: 0,
                        portal: crossed(Some(up.0), Some(k)),
                    });
                    up = (k, c);
                    if let Some((k2, c2)) = step_view(stage, view, up.0, side) {
                        if stage.is_supported(c2, faller) {
                            let first = steps.len() as u32;
                            steps.extend_from_slice(climbed);
                            steps.push(PathStep {
                                cell: c2,
                                kind: MoveKind::StepUp,
                                view: Some(k2.0),
                                ap: 0,
                                portal: crossed(Some(up.0), Some(k2)),
                            });
                            moves.push(Move {
                                steps: (first, steps.len() as u32),
                                key: Some(k2),
                                cell: c2,
                                entered: None,
                            });
                        }
                    }
                }
            }
        }
        for Move {
            steps: range,
            key: k,
            cell: c,
            entered,
        } in moves.drain(..)
        {
            match k {
                Some(k) if seen.contains_key(&k) => continue,
                Some(k) => {
                    seen.insert(k, states.len());
                }
                None if !unseen_landings.insert(c) => continue,
                None => {}
            }
            // The move's cost is its first step's.
            if let Some(first) = steps.get_mut(range.0 as usize) {
                first.ap = MOVE_AP_PER_STEP;
            }
            states.push(State {
                key: k,
                cell: c,
                entered,
                cost: cost + MOVE_AP_PER_STEP,
                parent: i,
                steps: range,
            });
        }
    }
}

/// Works out the cheapest move of `hero` to `target` within `ap` action
/// points, in `view` (the hero's view, built from the hero's cell).
pub fn plan_move(
    stage: &Stage,
    view: &GridView,
    hero: ThingId,
    target: Target,
    ap: u8,
) -> Result<MovePlan, Refusal> {
    Moves::search(stage, view, hero).plan(stage, view, hero, target, ap)
}

/// Everything a move search ([`Moves::search`], [`Moves::plan`]) reads of
/// the stage besides the grid, which a stage never changes: the hero (and
/// so its kind), its cell (where its view is built from), whether it
/// carries something heavy, and the cells rope segments hang in (what
/// holds a hero up and what it climbs). Heroes, loose items and
/// everything else are read by no move: heroes never block one another
/// and loose items hold up no hero. So in one stage's life two positions
/// with equal inputs give equal searches, and a session keeps its
/// searches by their inputs.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct MoveInputs {
    hero: Option<ThingId>,
    cell: CellPos,
    heavy: bool,
    /// The abilities the stage switched off.
    without: Without,
    /// The cell of every rope segment, in the store's order.
    segments: Vec<CellIndex>,
}

impl MoveInputs {
    /// Reads the inputs of `hero`'s move search in `stage` (reusing this
    /// one's space); false for a hero not on the grid.
    pub fn read(&mut self, stage: &Stage, hero: ThingId) -> bool {
        let Some(cell) = stage.cell_of(hero) else {
            return false;
        };
        self.hero = Some(hero);
        self.cell = cell;
        self.heavy = carries_heavy_load(stage, hero);
        self.without = stage.without();
        self.segments.clear();
        self.segments.extend(
            stage
                .store()
                .iter_kind(ThingKind::RopeSegment)
                .map(|(_, t)| t.cell()),
        );
        true
    }

    /// The hero's cell: where its view is built from.
    pub fn cell(&self) -> CellPos {
        self.cell
    }
}

/// Every move of one hero in one position, searched once: the cheapest
/// path to every slice of its view, however many action points it takes.
/// [`Moves::plan`] is [`plan_move`] and [`Moves::reachable`] is
/// [`reachable`] without searching again, for as long as its
/// [`MoveInputs`] stay the same (a session keeps searches by them, see
/// [`Session::moves_of`](crate::session::Session::moves_of)).
pub struct Moves {
    found: Search,
    heavy: bool,
}

impl Moves {
    /// Searches every move of `hero` in `view` (its view, built from its
    /// cell).
    pub fn search(stage: &Stage, view: &GridView, hero: ThingId) -> Moves {
        // Search beyond the AP left, to tell "too far" from "no way".
        let heavy = carries_heavy_load(stage, hero);
        Moves {
            found: search(stage, view, hero, u8::MAX, heavy, stage.without()),
            heavy,
        }
    }

    /// [`Moves::search`] again, in this one's space (what a cache of
    /// searches does, allocating only while its lists grow).
    pub fn search_again(&mut self, stage: &Stage, view: &GridView, hero: ThingId) {
        self.heavy = carries_heavy_load(stage, hero);
        search_into(
            &mut self.found,
            stage,
            view,
            hero,
            None,
            u8::MAX,
            self.heavy,
            stage.without(),
        );
    }

    /// What [`reachable`] answers for `ap` action points, from this search:
    /// the search is breadth-first by cost, so the slices within `ap` are
    /// found in the same order however far it went on.
    pub fn reachable(&self, ap: u8) -> impl Iterator<Item = (ViewPos, CellPos, u8)> + '_ {
        self.found
            .states
            .iter()
            .skip(1)
            .take_while(move |s| s.cost <= ap)
            .flat_map(|s| {
                let seen = s.key.map(|k| (k.0, s.cell, s.cost));
                let walked_into = s.entered.map(|(v, _)| (v, s.cell, s.cost));
                seen.into_iter().chain(walked_into)
            })
    }

    /// What [`plan_move`] answers, from this search (`stage`, `view` and
    /// `hero` those it was made with).
    pub fn plan(
        &self,
        stage: &Stage,
        view: &GridView,
        hero: ThingId,
        target: Target,
        ap: u8,
    ) -> Result<MovePlan, Refusal> {
        plan_in(&self.found, self.heavy, stage, view, hero, target, ap)
    }
}

/// The one-action-point moves `hero` would have if it stood in `from`,
/// seen in `view` (built from `from`): the move search of the rules, run
/// from there. Everything a move reads besides the hero's cell is the
/// stage's as it stands ([`MoveInputs`]: heroes never block one another,
/// loose items hold up no hero), so these are the moves the rules will
/// plan once the hero stands in `from`. Each is the cell it ends in and
/// every cell it passes (the end last), in search order; `out` is
/// cleared first.
pub fn one_ap_moves_from(
    stage: &Stage,
    view: &GridView,
    hero: ThingId,
    from: CellPos,
    out: &mut Vec<(CellPos, Vec<CellPos>)>,
) {
    out.clear();
    let heavy = carries_heavy_load(stage, hero);
    let mut found = Search::default();
    search_into(
        &mut found,
        stage,
        view,
        hero,
        Some(from),
        MOVE_AP_PER_STEP,
        heavy,
        stage.without(),
    );
    for state in found.states.iter().skip(1) {
        let (a, b) = state.steps;
        let cells = found.steps[a as usize..b as usize]
            .iter()
            .map(|step| step.cell)
            .collect();
        out.push((state.cell, cells));
    }
}

/// [`Refusal::Blocked`] when `cell` is the next cell from `from` one way
/// and a wall, floor or ceiling (or the level's edge) stands between.
fn blocked(stage: &Stage, from: CellPos, cell: CellPos) -> Option<Refusal> {
    let dir = Dir::from_delta(cell.x - from.x, cell.y - from.y)?;
    match stage.grid().edge_between(from, dir) {
        Some(edge) if !edge.is_solid() => None,
        _ => Some(Refusal::Blocked(dir)),
    }
}

/// The cheapest move of `hero` to `target` within `ap` action points, in
/// `found`, its search in `view` (`heavy`: it carries something heavy).
fn plan_in(
    found: &Search,
    heavy: bool,
    stage: &Stage,
    view: &GridView,
    hero: ThingId,
    target: Target,
    ap: u8,
) -> Result<MovePlan, Refusal> {
    let matches = |s: &State| match target {
        // A grid cell names where the hero stops; pointing at a view cell
        // over a drop means walking off there (the fall is previewed).
        Target::Cell(c) => s.cell == c,
        Target::View(v) => s.key.is_some_and(|k| k.0 == v) || s.entered.is_some_and(|e| e.0 == v),
    };
    let best = found
        .states
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, s)| matches(s));
    let Some((mut i, state)) = best else {
        let cell = match target {
            Target::Cell(c) => c,
            Target::View(v) => match view.nodes_at(v).next() {
                Some(n) => n.cell,
                // Nothing seen there: the wall beside the hero, if that is
                // what hides it; else name the cell it would be, unturned.
                None => {
                    let origin = stage.cell_of(hero).unwrap_or_default();
                    let cell = CellPos::new(origin.x + v.x, origin.y + v.y);
                    return Err(blocked(stage, origin, cell).unwrap_or(Refusal::NotVisible(cell)));
                }
            },
        };
        if found.states.first().is_some_and(|s| s.cell == cell) {
            return Err(Refusal::AlreadyThere);
        }
        let without = stage.without();
        // Reachable, but only by climbing with the heavy load?
        if heavy
            && search(stage, view, hero, u8::MAX, false, without)
                .states
                .iter()
                .skip(1)
                .any(matches)
        {
            return Err(Refusal::HeavyWhileClimbing);
        }
        // Reachable, but only with an ability of the hero's that the stage
        // switched off?
        let kind = stage.hero_kind(hero).unwrap_or_default();
        for ability in [Ability::LongDrop, Ability::StepUp] {
            if ability.hero() == kind
                && without.has(ability)
                && search(stage, view, hero, u8::MAX, heavy, without.but(ability))
                    .states
                    .iter()
                    .skip(1)
                    .any(matches)
            {
                return Err(Refusal::SwitchedOff(ability));
            }
        }
        if let Some(&cells) = found.unsafe_falls.get(&cell) {
            return Err(Refusal::TooFarToFall {
                cells,
                safe: safe_fall_cells(kind, without),
            });
        }
        if found.forever_falls.contains(&cell) {
            return Err(Refusal::FallsForever);
        }
        let origin = found.states.first().map_or(cell, |s| s.cell);
        return Err(if view.is_visible(stage.grid(), cell) {
            // Open air the hero passes through on the way somewhere, or
            // could drop into from here: nobody stops there; say where a
            // hero there lands. Under a floor it stands on (a platform
            // below, a hatch), the floor is in the way.
            let dir = Dir::from_delta(cell.x - origin.x, cell.y - origin.y);
            let edge = dir.and_then(|d| stage.grid().edge_between(origin, d));
            let under_floor =
                dir == Some(Dir::Down) && edge.is_some_and(|e| e.edge_type() == EdgeType::Platform);
            let passes = found.steps.iter().any(|s| s.cell == cell);
            match stage.fall_from(cell, Faller::Hero) {
                _ if under_floor && !passes => Refusal::Blocked(Dir::Down),
                Fall::Lands(path) if !path.is_empty() => Refusal::MidAir {
                    lands: *path.last().unwrap_or(&cell),
                    cells: path.len() as u16,
                },
                _ => Refusal::Unreachable(cell),
            }
        } else {
            blocked(stage, origin, cell).unwrap_or(Refusal::NotVisible(cell))
        });
    };
    if state.cost > ap {
        return Err(Refusal::NotEnoughAp {
            needs: state.cost,
            has: ap,
        });
    }
    let cost = state.cost;
    let mut chain = Vec::new();
    while i != 0 {
        chain.push(i);
        i = found.states[i].parent;
    }
    let path = chain
        .iter()
        .rev()
        .flat_map(|&i| {
            let (from, to) = found.states[i].steps;
            found.steps[from as usize..to as usize].iter().copied()
        })
        .collect();
    Ok(MovePlan { path, cost })
}

/// Every view slice `hero` can move to within `ap` action points, with its
/// cost: what the screen highlights.
pub fn reachable(
    stage: &Stage,
    view: &GridView,
    hero: ThingId,
    ap: u8,
) -> Vec<(ViewPos, CellPos, u8)> {
    search(
        stage,
        view,
        hero,
        ap,
        carries_heavy_load(stage, hero),
        stage.without(),
    )
    .states
    .iter()
    .skip(1)
    .flat_map(|s| {
        let seen = s.key.map(|k| (k.0, s.cell, s.cost));
        let walked_into = s.entered.map(|(v, _)| (v, s.cell, s.cost));
        seen.into_iter().chain(walked_into)
    })
    .collect()
}

/// The path of an item carried by levitation from `from` to `to` through
/// at most `most` cells of `view`, any direction, then its fall.
pub fn levitation_path(
    stage: &Stage,
    view: &GridView,
    from: CellPos,
    to: CellPos,
    most: u16,
) -> Result<Vec<PathStep>, Refusal> {
    // Breadth-first: every slice found is searched on from in the order
    // found; each remembers the one it was reached from and how far.
    let mut found: Vec<(Key, CellPos, u32, u16)> = Vec::new();
    let mut seen: FastSet<Key> = FastSet::default();
    for n in view.nodes().iter().filter(|n| n.cell == from) {
        let key = (n.view, n.stencil_id);
        if seen.insert(key) {
            found.push((key, from, 0, 0));
        }
    }
    if found.is_empty() {
        return Err(Refusal::ItemNotVisible);
    }
    let mut shortest_beyond: Option<u16> = None;
    for i in 0.. {
        let Some(&(key, cell, _, len)) = found.get(i) else {
            break;
        };
        if cell == to && len > 0 {
            if len > most {
                shortest_beyond = Some(shortest_beyond.map_or(len, |b| b.min(len)));
                continue;
            }
            let mut path = Vec::with_capacity(usize::from(len));
            let mut at = i;
            while found[at].3 > 0 {
                let (k, c, parent, _) = found[at];
                path.push(PathStep {
                    cell: c,
                    kind: MoveKind::Float,
                    view: Some(k.0),
                    ap: 0,
                    portal: crossed(Some(found[parent as usize].0), Some(k)),
                });
                at = parent as usize;
            }
            path.reverse();
            let landing = stage.fall_from(to, Faller::Item);
            let Some(_) = landing.landing(to) else {
                return Err(Refusal::FallsForever);
            };
            if let Fall::Lands(cells) = landing {
                fall_steps(stage, view, key, &cells, &mut path);
            }
            return Ok(path);
        }
        if len > most + 8 {
            continue;
        }
        for dir in Dir::ALL {
            if let Some((k, c)) = step_view(stage, view, key, dir) {
                if seen.insert(k) {
                    found.push((k, c, i as u32, len + 1));
                }
            }
        }
    }
    match shortest_beyond {
        Some(cells) => Err(Refusal::LevitateTooFar { cells, most }),
        None if view.is_visible(stage.grid(), to) => Err(Refusal::Unreachable(to)),
        None => Err(Refusal::NotVisible(to)),
    }
}
