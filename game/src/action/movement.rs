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

use std::collections::{HashMap, HashSet, VecDeque};

use super::abilities::{safe_fall_cells, step_up_cells, Ability, Without, MOVE_AP_PER_STEP};
use super::event::{MoveKind, PathStep};
use super::refusal::Refusal;
use crate::grid::{CellPos, Dir};
use crate::stage::support::{Fall, Faller};
use crate::stage::Stage;
use crate::things::ThingId;
use crate::view::{GridView, ViewPos};

/// A slice of the view: a view cell and the stencil id of its region.
type Key = (ViewPos, u8);

/// Where a move should end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
    /// The steps from the parent state to this one.
    steps: Vec<PathStep>,
}

/// One move out of a search state.
struct Move {
    steps: Vec<PathStep>,
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
/// `key` as far as the view follows them; the slice where it ends, if seen.
fn fall_steps(
    stage: &Stage,
    view: &GridView,
    key: Key,
    cells: &[CellPos],
) -> (Vec<PathStep>, Option<Key>) {
    let mut at = Some(key);
    let steps = cells
        .iter()
        .map(|&c| {
            at = at
                .and_then(|k| step_view(stage, view, k, Dir::Down))
                .filter(|&(_, seen)| seen == c)
                .map(|(k, _)| k);
            PathStep {
                cell: c,
                kind: MoveKind::Fall,
                view: at.map(|k| k.0),
            }
        })
        .collect();
    (steps, at)
}

/// Outcome of a fall from a cell just walked into.
enum ViewFall {
    /// Lands in `cell` after these steps (maybe none); seen there if `Some`.
    Lands(Vec<PathStep>, Option<Key>, CellPos),
    /// Lands, but further than `safe` allows.
    TooFar { cells: u16, landing: CellPos },
    /// Falls for ever (a portal loop).
    Forever,
}

/// The fall from `cell` (seen at `key`): worked out in the grid, so a fall
/// into a drop the hero cannot see down is still known and previewed as far
/// as it is seen.
fn fall_in_view(
    stage: &Stage,
    view: &GridView,
    key: Key,
    cell: CellPos,
    safe: u16,
    faller: Faller,
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
            let (steps, seen) = fall_steps(stage, view, key, &cells);
            ViewFall::Lands(steps, seen, landing)
        }
    }
}

/// The search: every slice reachable from the hero's cell, by cost.
struct Search {
    states: Vec<State>,
    /// Shortest unsafe fall landing in each cell (for the refusal).
    unsafe_falls: HashMap<CellPos, u16>,
    /// Cells only reached by falling for ever (for the refusal).
    forever_falls: HashSet<CellPos>,
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
    let kind = stage.hero_kind(hero).unwrap_or_default();
    let safe = safe_fall_cells(kind, without);
    let faller = if heavy { Faller::Item } else { Faller::Hero };
    let mut states: Vec<State> = Vec::new();
    let mut seen: HashMap<Key, usize> = HashMap::new();
    let mut unsafe_falls: HashMap<CellPos, u16> = HashMap::new();
    let mut forever_falls: HashSet<CellPos> = HashSet::new();
    let mut unseen_landings: HashSet<CellPos> = HashSet::new();
    let Some(start_cell) = stage.cell_of(hero) else {
        return Search {
            states,
            unsafe_falls,
            forever_falls,
        };
    };
    let start: Key = (ViewPos::default(), 1);
    states.push(State {
        key: Some(start),
        cell: start_cell,
        entered: None,
        cost: 0,
        parent: 0,
        steps: Vec::new(),
    });
    seen.insert(start, 0);
    let mut queue = VecDeque::from([0usize]);
    while let Some(i) = queue.pop_front() {
        let (cell, cost) = (states[i].cell, states[i].cost);
        // A fall that ended out of sight is a destination, not a start.
        let Some(key) = states[i].key else { continue };
        if cost >= max_cost {
            continue;
        }
        let mut moves: Vec<Move> = Vec::new();
        // Climbs first: among equally cheap paths, the plainest wins.
        if !heavy && stage.segment_in(cell).is_some() {
            for dir in [Dir::Up, Dir::Down] {
                if let Some((k, c)) = step_view(stage, view, key, dir) {
                    if stage.segment_in(c).is_some() {
                        let climb = PathStep {
                            cell: c,
                            kind: MoveKind::Climb,
                            view: Some(k.0),
                        };
                        moves.push(Move {
                            steps: vec![climb],
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
                    let walk = PathStep {
                        cell: c,
                        kind: MoveKind::Walk,
                        view: Some(k.0),
                    };
                    match fall_in_view(stage, view, k, c, safe, faller) {
                        ViewFall::Lands(fall, k2, c2) => {
                            let entered = (!fall.is_empty()).then_some((k.0, c));
                            let mut steps = vec![walk];
                            steps.extend(fall);
                            moves.push(Move {
                                steps,
                                key: k2,
                                cell: c2,
                                entered,
                            });
                        }
                        ViewFall::TooFar { cells, landing } => {
                            for at in [landing, c] {
                                let best = unsafe_falls.entry(at).or_insert(cells);
                                *best = (*best).min(cells);
                            }
                        }
                        ViewFall::Forever => {
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
                let mut climbed = Vec::new();
                for _ in 0..step_up_cells(kind, without) {
                    let Some((k, c)) = step_view(stage, view, up.0, Dir::Up) else {
                        break;
                    };
                    up = (k, c);
                    climbed.push(PathStep {
                        cell: c,
                        kind: MoveKind::StepUp,
                        view: Some(k.0),
                    });
                    if let Some((k2, c2)) = step_view(stage, view, up.0, side) {
                        if stage.is_supported(c2, faller) {
                            let mut steps = climbed.clone();
                            steps.push(PathStep {
                                cell: c2,
                                kind: MoveKind::StepUp,
                                view: Some(k2.0),
                            });
                            moves.push(Move {
                                steps,
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
            steps,
            key: k,
            cell: c,
            entered,
        } in moves
        {
            match k {
                Some(k) if seen.contains_key(&k) => continue,
                Some(k) => {
                    seen.insert(k, states.len());
                }
                None if !unseen_landings.insert(c) => continue,
                None => {}
            }
            queue.push_back(states.len());
            states.push(State {
                key: k,
                cell: c,
                entered,
                cost: cost + MOVE_AP_PER_STEP,
                parent: i,
                steps,
            });
        }
    }
    Search {
        states,
        unsafe_falls,
        forever_falls,
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
    // Search beyond the AP left, to tell "too far" from "no way".
    let heavy = carries_heavy_load(stage, hero);
    let without = stage.without();
    let found = search(stage, view, hero, u8::MAX, heavy, without);
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
                // Nothing seen there: name the cell it would be, unturned.
                None => {
                    let origin = stage.cell_of(hero).unwrap_or_default();
                    let cell = CellPos::new(origin.x + v.x, origin.y + v.y);
                    return Err(Refusal::NotVisible(cell));
                }
            },
        };
        if found.states.first().is_some_and(|s| s.cell == cell) {
            return Err(Refusal::AlreadyThere);
        }
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
        return Err(if view.is_visible(stage.grid(), cell) {
            Refusal::Unreachable(cell)
        } else {
            Refusal::NotVisible(cell)
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
        .flat_map(|&i| found.states[i].steps.iter().copied())
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
    let heavy = carries_heavy_load(stage, hero);
    search(stage, view, hero, ap, heavy, stage.without())
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
    let mut queue: VecDeque<(Key, CellPos, Vec<PathStep>)> = VecDeque::new();
    let mut seen: HashMap<Key, ()> = HashMap::new();
    for n in view.nodes().iter().filter(|n| n.cell == from) {
        let key = (n.view, n.stencil_id);
        if seen.insert(key, ()).is_none() {
            queue.push_back((key, from, Vec::new()));
        }
    }
    if queue.is_empty() {
        return Err(Refusal::ItemNotVisible);
    }
    let mut shortest_beyond: Option<u16> = None;
    while let Some((key, cell, path)) = queue.pop_front() {
        if cell == to && !path.is_empty() {
            if path.len() as u16 > most {
                shortest_beyond =
                    Some(shortest_beyond.map_or(path.len() as u16, |b| b.min(path.len() as u16)));
                continue;
            }
            let mut path = path;
            let landing = stage.fall_from(to, Faller::Item);
            let Some(_) = landing.landing(to) else {
                return Err(Refusal::FallsForever);
            };
            if let Fall::Lands(cells) = landing {
                path.extend(fall_steps(stage, view, key, &cells).0);
            }
            return Ok(path);
        }
        if path.len() as u16 > most + 8 {
            continue;
        }
        for dir in Dir::ALL {
            if let Some((k, c)) = step_view(stage, view, key, dir) {
                if seen.insert(k, ()).is_none() {
                    let mut next = path.clone();
                    next.push(PathStep {
                        cell: c,
                        kind: MoveKind::Float,
                        view: Some(k.0),
                    });
                    queue.push_back((k, c, next));
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
