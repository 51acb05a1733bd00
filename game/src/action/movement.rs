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
//! those are the same (the session does). The search itself is
//! `move_search`.

use super::abilities::{safe_fall_cells, Ability, Without, MOVE_AP_PER_STEP};
use super::event::{MoveKind, PathStep};
use super::move_search::{
    carries_heavy_load, crossed, fall_steps, search, step_view, Key, Mover, Search, State,
};
use super::refusal::Refusal;
use crate::grid::{CellPos, Dir, EdgeType};
use crate::rng::FastSet;
use crate::stage::support::{Fall, Faller};
use crate::stage::Stage;
use crate::things::{CellIndex, ThingId, ThingKind};
use crate::view::{GridView, ViewPos};

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
        let mover = Mover::new(stage, view, hero, self.heavy, stage.without());
        self.found.run(&mover, None, u8::MAX);
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
    let mover = Mover::new(stage, view, hero, heavy, stage.without());
    found.run(&mover, Some(from), MOVE_AP_PER_STEP);
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
