//! A lower bound on the turn a position can be cleared in, so the search
//! can drop positions that cannot finish within the turns it is looking at.
//!
//! Every hero still in the level must walk to the entrance and leave. How
//! far each cell is from the entrance is measured once per hero kind on a
//! relaxed map where every move costs no more than the real one: one
//! action point for a step left or right, one for a cell up (as if a rope
//! hung everywhere), one for a step up (one cell up and across, two up for
//! the scout), nothing for a cell down (as if every fall were safe and
//! every drop had a rope). All of them go through walls only where the grid
//! lets a step through, portals included. A real path is a relaxed path of
//! no greater cost, so a hero `d` points away with `ap` points left this
//! turn and `full` points a turn cannot leave before
//! `ceil((d − ap) / full)` more turns have ended. The bound is the latest
//! of those over the heroes; a hero with no relaxed way home at all means
//! no clearing ever.
//!
//! Relics tighten it. A relic lying loose (or in a loose container) leaves
//! only in a hero's hands, so some hero able to take it must first stand
//! where it lies — or where it can come to rest before that: a loose item
//! moves on its own only by falling, and otherwise only when the sorceress
//! levitates it (two points a lift, at most three cells, then it falls). So
//! by the end of turn `T` the sorceresses' points allow `k` lifts, the
//! relic can rest only in cells `k` relaxed lifts away (lifts through any
//! edge a step passes, sight ignored), and some able hero must walk to one
//! of them and then home within his points until `T`. The bound is the
//! first `T` where that fits, for every relic; a relic no able hero can
//! ever reach means no clearing ever.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::action::abilities::{carries_heavy, levitates, LEVITATE_AP, LEVITATE_CELLS};
use crate::action::items::is_loose_item;
use crate::grid::{CellPos, Dir, Grid};
use crate::rng::FastMap;
use crate::stage::support::Faller;
use crate::stage::Stage;
use crate::things::{Capabilities, HeroKind, ThingFlags, ThingId, ThingKind};

/// Distance (action points) meaning "no way".
const FAR: u16 = u16::MAX;

/// Why a position can never be cleared, as the bound sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadEnd {
    /// This hero, still in the level, has no way back to the entrance.
    Stranded(ThingId),
    /// This relic can never come into the hands of a hero able to carry
    /// it out (none can reach where it lies or can be brought to rest).
    OutOfReach(ThingId),
}

/// Relaxed distances to the entrance, per hero kind, and (for the order
/// of a search for any line) to the cells relics lie in.
#[derive(Clone)]
pub struct Bound {
    width: usize,
    /// Per hero kind (knight, scout, sorceress), per cell index.
    home: [Vec<u16>; 3],
    /// Per hero kind, per cell index: the relaxed moves into that cell
    /// (from which cell, at what cost), to measure distances to any cell.
    into: [Vec<Vec<(u32, u16)>>; 3],
    /// Relaxed distances to a cell, per hero kind and target cell index,
    /// measured when first asked for (relics lie in few cells over a
    /// search). Empty until then.
    to_cell: RefCell<HashMap<(usize, usize), Vec<u16>>>,
    /// Per cell a relic rests in: the lifts it takes to come to rest in
    /// each cell ([`NO_LIFT`]: never), measured when first asked for.
    /// With it, the most lifts that still bring it somewhere new.
    lifts: RefCell<FastMap<usize, (Vec<u8>, u8)>>,
    /// Per hero kind, relic cell and lifts allowed: from every cell, the
    /// relaxed points to walk to a cell the relic can rest in and then
    /// home ([`FAR`]: no way), measured when first asked for.
    via: RefCell<FastMap<(usize, usize, u8), Vec<u16>>>,
}

/// Lifts meaning "never comes to rest there".
const NO_LIFT: u8 = u8::MAX;

/// The most turns past the heroes' own bound that the relic bound looks
/// for a fit in (further, lifts cover whatever they ever will).
const RELIC_TURNS: u32 = 64;

fn kind_index(kind: HeroKind) -> usize {
    match kind {
        HeroKind::Knight => 0,
        HeroKind::Scout => 1,
        HeroKind::Sorceress => 2,
    }
}

/// The relaxed moves out of `cell` (see the module docs): where to, and
/// at what cost.
fn moves(grid: &Grid, cell: CellPos, step_up: u16, out: &mut Vec<(CellPos, u16)>) {
    let step = |c: CellPos, d: Dir| grid.step(c, d).map(|s| s.cell);
    for side in [Dir::Left, Dir::Right] {
        if let Some(c) = step(cell, side) {
            out.push((c, 1));
        }
    }
    if let Some(c) = step(cell, Dir::Down) {
        out.push((c, 0));
    }
    let mut up = cell;
    for n in 0..step_up.max(1) {
        let Some(c) = step(up, Dir::Up) else { break };
        up = c;
        if n == 0 {
            out.push((c, 1));
        }
        for side in [Dir::Left, Dir::Right] {
            if let Some(c) = step(up, side) {
                out.push((c, 1));
            }
        }
    }
}

/// The relaxed moves into each cell of `grid` for a hero stepping up
/// `step_up` cells: the reverse of [`moves`].
fn moves_into(grid: &Grid, step_up: u16) -> Vec<Vec<(u32, u16)>> {
    let cells = grid.cell_count();
    let mut into: Vec<Vec<(u32, u16)>> = vec![Vec::new(); cells];
    let mut out = Vec::new();
    for i in 0..cells {
        let Some(cell) = grid.cell_pos(i) else {
            continue;
        };
        out.clear();
        moves(grid, cell, step_up, &mut out);
        for &(to, cost) in &out {
            if let Some(j) = grid.cell_index(to) {
                into[j].push((i as u32, cost));
            }
        }
    }
    into
}

/// Relaxed distances from every cell to cell `target` (a 0-1 breadth-first
/// search over the reversed moves `into`).
fn distances_to(into: &[Vec<(u32, u16)>], target: usize) -> Vec<u16> {
    let mut dist = vec![FAR; into.len()];
    let mut queue = VecDeque::new();
    if target < into.len() {
        dist[target] = 0;
        queue.push_back(target);
    }
    while let Some(j) = queue.pop_front() {
        let d = dist[j];
        for &(i, cost) in &into[j] {
            let i = i as usize;
            if d + cost < dist[i] {
                dist[i] = d + cost;
                if cost == 0 {
                    queue.push_front(i);
                } else {
                    queue.push_back(i);
                }
            }
        }
    }
    dist
}

const KINDS: [HeroKind; 3] = [HeroKind::Knight, HeroKind::Scout, HeroKind::Sorceress];

impl Bound {
    /// The distances for `stage`'s grid and entrance.
    pub fn new(stage: &Stage) -> Bound {
        let grid = stage.grid();
        let into = KINDS.map(|kind| {
            moves_into(
                grid,
                crate::action::abilities::step_up_cells(kind, stage.without()),
            )
        });
        let entrance = grid.cell_index(stage.entrance()).unwrap_or(usize::MAX);
        let home = [0, 1, 2].map(|k| distances_to(&into[k], entrance));
        Bound {
            width: grid.width(),
            home,
            into,
            to_cell: RefCell::new(HashMap::new()),
            lifts: RefCell::new(FastMap::default()),
            via: RefCell::new(FastMap::default()),
        }
    }

    /// The lifts a loose item resting at cell index `from` takes to come to
    /// rest in each cell (see the module docs): a breadth-first search over
    /// resting cells, each lift moving it at most [`LEVITATE_CELLS`] steps
    /// then letting it fall.
    fn lifts_from(stage: &Stage, from: usize) -> (Vec<u8>, u8) {
        let grid = stage.grid();
        let mut lifts = vec![NO_LIFT; grid.cell_count()];
        let Some(start) = grid.cell_pos(from) else {
            return (lifts, 0);
        };
        lifts[from] = 0;
        let mut queue = VecDeque::from([start]);
        let mut near: Vec<CellPos> = Vec::new();
        let mut seen: Vec<CellPos> = Vec::new();
        while let Some(at) = queue.pop_front() {
            let Some(n) = grid.cell_index(at).map(|i| lifts[i]) else {
                continue;
            };
            if n == NO_LIFT - 1 {
                continue;
            }
            // Every cell within LEVITATE_CELLS steps.
            near.clear();
            near.push(at);
            seen.clear();
            seen.push(at);
            let mut ring_start = 0;
            for _ in 0..LEVITATE_CELLS {
                let ring_end = near.len();
                for i in ring_start..ring_end {
                    for d in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
                        if let Some(c) = stage.step(near[i], d) {
                            if !seen.contains(&c) {
                                seen.push(c);
                                near.push(c);
                            }
                        }
                    }
                }
                ring_start = ring_end;
            }
            for &c in &near[1..] {
                let Some(rest) = stage.fall_from(c, Faller::Item).landing(c) else {
                    continue;
                };
                if let Some(j) = grid.cell_index(rest) {
                    if lifts[j] == NO_LIFT {
                        lifts[j] = n + 1;
                        queue.push_back(rest);
                    }
                }
            }
        }
        let most = lifts
            .iter()
            .copied()
            .filter(|&n| n != NO_LIFT)
            .max()
            .unwrap_or(0);
        (lifts, most)
    }

    /// The most lifts that still bring a relic resting at cell index
    /// `from` somewhere new.
    fn most_lifts(&self, stage: &Stage, from: usize) -> u8 {
        let mut lifts = self.lifts.borrow_mut();
        lifts
            .entry(from)
            .or_insert_with(|| Bound::lifts_from(stage, from))
            .1
    }

    /// From every cell, the relaxed points for a `kind` hero to walk to a
    /// cell a relic resting at cell index `from` can rest in after at most
    /// `k` lifts, and then home.
    fn via_relic(&self, stage: &Stage, kind: usize, from: usize, k: u8) -> Vec<u16> {
        let mut lifts = self.lifts.borrow_mut();
        let (lifts, _) = lifts
            .entry(from)
            .or_insert_with(|| Bound::lifts_from(stage, from));
        let into = &self.into[kind];
        let mut dist = vec![FAR; into.len()];
        let mut heap = BinaryHeap::new();
        for (p, &n) in lifts.iter().enumerate() {
            let home = self.home[kind].get(p).copied().unwrap_or(FAR);
            if n <= k && home != FAR {
                dist[p] = home;
                heap.push(Reverse((home, p)));
            }
        }
        while let Some(Reverse((d, j))) = heap.pop() {
            if d > dist[j] {
                continue;
            }
            for &(i, cost) in &into[j] {
                let i = i as usize;
                if d + cost < dist[i] {
                    dist[i] = d + cost;
                    heap.push(Reverse((d + cost, i)));
                }
            }
        }
        dist
    }

    /// The earliest turn, from `turn` on, by which every relic still in
    /// `stage` could be in an able hero's hands with that hero home (see
    /// the module docs); `None` when some relic can never be.
    fn relics_clear(&self, stage: &Stage, turn: u32) -> Result<u32, DeadEnd> {
        let now = stage.turn();
        let mut latest = turn;
        for (id, t) in stage.store().iter_kind(ThingKind::Interactable) {
            if !t.data.capabilities.contains(Capabilities::RELIC) {
                continue;
            }
            let root = stage.root_of(id);
            if !is_loose_item(stage, root) {
                // Held (its holder's way home counts), tied or hung:
                // nothing more to say here.
                continue;
            }
            let Some(r) = stage.thing(root) else { continue };
            let from = r.cell().index();
            // Who can take it: a heavy relic lying alone only the knight
            // picks up; a container or a hangable item anyone can handle.
            let heavy_alone = root == id
                && t.data.capabilities.contains(Capabilities::HEAVY)
                && !t.data.capabilities.contains(Capabilities::HANG);
            let mut takers: Vec<(usize, usize, u16, u16)> = Vec::new();
            let mut lift_points: u32 = 0;
            let mut lift_per_turn: u32 = 0;
            for (_, h) in stage.store().iter_kind(ThingKind::Hero) {
                if h.data.flags.contains(ThingFlags::EXITED) {
                    continue;
                }
                let kind = h.data.hero;
                let ap = u16::from(h.data.action_points);
                let full = u16::from(kind.action_points_per_round());
                if levitates(kind, stage.without()) {
                    lift_points += u32::from(ap);
                    lift_per_turn += u32::from(full);
                }
                if !heavy_alone || carries_heavy(kind, stage.without()) {
                    takers.push((kind_index(kind), h.cell().index(), ap, full));
                }
            }
            if takers.is_empty() {
                return Err(DeadEnd::OutOfReach(id));
            }
            let most_lifts = self.most_lifts(stage, from);
            let mut fits = None;
            for t in latest..=latest + RELIC_TURNS {
                let points = lift_points + lift_per_turn * (t - now);
                let k = (points / u32::from(LEVITATE_AP)).min(u32::from(most_lifts)) as u8;
                let mut via = self.via.borrow_mut();
                let mut reachable = false;
                let fit = takers.iter().any(|&(kind, cell, ap, full)| {
                    let map = via
                        .entry((kind, from, k))
                        .or_insert_with(|| self.via_relic(stage, kind, from, k));
                    let need = map.get(cell).copied().unwrap_or(FAR);
                    reachable |= need != FAR;
                    need != FAR && u32::from(need) <= u32::from(ap) + u32::from(full) * (t - now)
                });
                if fit {
                    fits = Some(t);
                    break;
                }
                if (k == most_lifts || lift_per_turn == 0) && !reachable {
                    // Every lift it will ever get, and no able hero can
                    // get to it.
                    return Err(DeadEnd::OutOfReach(id));
                }
            }
            latest = latest.max(fits.unwrap_or(latest + RELIC_TURNS));
        }
        Ok(latest)
    }

    /// Relaxed action points from `from` to the cell of index `target` for
    /// a `kind` hero; `None` when there is no way.
    fn between(&self, kind: HeroKind, from: usize, target: usize) -> Option<u16> {
        let k = kind_index(kind);
        let mut cache = self.to_cell.borrow_mut();
        let dist = cache
            .entry((k, target))
            .or_insert_with(|| distances_to(&self.into[k], target));
        dist.get(from).copied().filter(|&d| d != FAR)
    }

    /// Relaxed action points from `cell` to the entrance for a `kind`
    /// hero; `None` when there is no way at all.
    pub fn home(&self, kind: HeroKind, cell: CellPos) -> Option<u16> {
        if cell.x < 0 || cell.y < 0 || cell.x as usize >= self.width {
            return None;
        }
        let i = cell.y as usize * self.width + cell.x as usize;
        self.home[kind_index(kind)]
            .get(i)
            .copied()
            .filter(|&d| d != FAR)
    }

    /// How far `stage` is from cleared, roughly, in relaxed action points:
    /// the distance home of every hero still inside, plus for every relic
    /// still inside four times its distance home and, while no hero holds
    /// it, twice the distance to it of the nearest hero who can carry it.
    /// Not a bound — an order in which to look when any solution will do:
    /// heroes head for the relics first, then bring them out.
    pub fn distance_left(&self, stage: &Stage) -> u16 {
        let grid = stage.grid();
        let mut left: u32 = 0;
        let mut heroes: Vec<(HeroKind, usize)> = Vec::new();
        for (_, t) in stage.store().iter_kind(ThingKind::Hero) {
            if t.data.flags.contains(ThingFlags::EXITED) {
                continue;
            }
            heroes.push((t.data.hero, t.cell().index()));
            let d = grid
                .cell_pos(t.cell().index())
                .and_then(|c| self.home(t.data.hero, c));
            left += u32::from(d.unwrap_or(64));
        }
        for (id, t) in stage.store().iter_kind(ThingKind::Interactable) {
            if !t.data.capabilities.contains(Capabilities::RELIC) {
                continue;
            }
            let root = stage.root_of(id);
            if stage.has_flag(root, ThingFlags::EXITED) {
                continue;
            }
            let cell = t.cell().index();
            let d = grid
                .cell_pos(cell)
                .and_then(|c| self.home(HeroKind::Scout, c));
            left += 4 * u32::from(d.unwrap_or(64));
            let loose = stage
                .thing(root)
                .is_some_and(|r| r.kind() == ThingKind::Interactable);
            if loose {
                let heavy = t.data.capabilities.contains(Capabilities::HEAVY);
                let reach = heroes
                    .iter()
                    .filter(|(kind, _)| {
                        !heavy || crate::action::abilities::carries_heavy(*kind, stage.without())
                    })
                    .filter_map(|&(kind, from)| self.between(kind, from, cell))
                    .min();
                left += 2 * u32::from(reach.unwrap_or(64));
            }
        }
        left.min(u32::from(u16::MAX)) as u16
    }

    /// The earliest turn `stage` could be cleared in (see the module
    /// docs); `None` when a hero still in the level can never get out, or
    /// a relic can never get into an able hero's hands.
    pub fn earliest_clear(&self, stage: &Stage) -> Option<u32> {
        self.clear_or_dead_end(stage).ok()
    }

    /// Why `stage` can never be cleared, when the bound sees that it
    /// cannot ([`Bound::earliest_clear`] is `None`): the first hero with no
    /// way home, else the first relic out of every able hero's reach.
    pub fn dead_end(&self, stage: &Stage) -> Option<DeadEnd> {
        self.clear_or_dead_end(stage).err()
    }

    fn clear_or_dead_end(&self, stage: &Stage) -> Result<u32, DeadEnd> {
        let mut turn = stage.turn();
        for (id, t) in stage.store().iter_kind(ThingKind::Hero) {
            if t.data.flags.contains(ThingFlags::EXITED) {
                continue;
            }
            let kind = t.data.hero;
            let d = stage
                .grid()
                .cell_pos(t.cell().index())
                .and_then(|cell| self.home(kind, cell))
                .ok_or(DeadEnd::Stranded(id))?;
            let ap = u16::from(t.data.action_points);
            let full = u16::from(kind.action_points_per_round()).max(1);
            let more = d.saturating_sub(ap).div_ceil(full);
            turn = turn.max(stage.turn() + u32::from(more));
        }
        self.relics_clear(stage, turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::CellPos;
    use crate::level::load_text;
    use crate::session::Session;

    /// The solver tests' entrance ledge over a two-cell drop, without the
    /// knight's rope and the relic: the scout steps up two cells out of
    /// it, the knight one.
    fn ledge() -> String {
        let text = crate::solve::tests::LEDGE
            .replace(" rope 3", "")
            .replace("relic = item relic at 2,0 flags ACQUIRE|PLACE|RELIC\n", "");
        assert!(!text.contains("rope") && !text.contains("relic"), "{text}");
        text
    }

    #[test]
    fn distances_home_count_what_the_cheapest_real_moves_cost_at_most() {
        let level = load_text("ledge.txt", &ledge()).expect("loads");
        let mut s = Session::new(&level).expect("sets up");
        let bound = Bound::new(s.stage());
        let at = |x, y| CellPos::new(x, y);
        // Along the ledge: a step a cell; the way down is free.
        assert_eq!(bound.home(HeroKind::Knight, at(0, 2)), Some(0));
        assert_eq!(bound.home(HeroKind::Knight, at(2, 2)), Some(2));
        // Out of the drop: the scout steps up two cells and across (1),
        // then walks (1); the knight climbs one (1), steps up (1), walks.
        assert_eq!(bound.home(HeroKind::Scout, at(2, 0)), Some(2));
        assert_eq!(bound.home(HeroKind::Knight, at(2, 0)), Some(3));
        assert_eq!(bound.home(HeroKind::Knight, at(0, 0)), None, "rock");
        // The real step out of the drop costs no less than the relaxed one.
        let scout = s.stage().find("scout").expect("scout");
        let to = |c| crate::action::Action::Move {
            hero: scout,
            to: crate::action::Target::Cell(c),
        };
        s.perform(&to(at(2, 0))).expect("falls in");
        let before = s.stage().thing(scout).expect("scout").data.action_points;
        s.perform(&to(at(1, 2))).expect("steps out");
        let after = s.stage().thing(scout).expect("scout").data.action_points;
        let relaxed = bound.home(HeroKind::Scout, at(2, 0)).expect("way home")
            - bound.home(HeroKind::Scout, at(1, 2)).expect("way home");
        assert_eq!(u16::from(before - after), relaxed);
    }

    #[test]
    fn the_earliest_clear_waits_for_the_slowest_hero() {
        let level = load_text("ledge.txt", &ledge()).expect("loads");
        let mut s = Session::new(&level).expect("sets up");
        let bound = Bound::new(s.stage());
        assert_eq!(bound.earliest_clear(s.stage()), Some(1));
        let knight = s.stage().find("knight").expect("knight");
        s.perform(&crate::action::Action::Move {
            hero: knight,
            to: crate::action::Target::Cell(CellPos::new(2, 0)),
        })
        .expect("falls in: two cells is safe");
        // Three points home, two left this turn: out next turn at best.
        assert_eq!(s.stage().thing(knight).expect("k").data.action_points, 2);
        assert_eq!(bound.earliest_clear(s.stage()), Some(2));
    }

    #[test]
    fn a_search_for_any_line_heads_for_the_relic_before_heading_home() {
        // A heavy statue at the bottom of the drop: only the knight can
        // carry it, so only his way to it counts.
        let text = ledge().replace(
            "scout = hero scout at 0,2\n",
            "scout = hero scout at 0,2\nstatue = item statue at 2,0 flags ACQUIRE|PLACE|HEAVY|RELIC\n",
        );
        let level = load_text("ledge.txt", &text).expect("loads");
        let mut s = Session::new(&level).expect("sets up");
        let bound = Bound::new(s.stage());
        let at = |x, y| CellPos::new(x, y);
        let start = bound.distance_left(s.stage());
        // The statue is 2 points from home (as the scout would go); the
        // knight is 2 from it (two steps, then a free drop); both heroes
        // are home.
        let statue_home = bound.home(HeroKind::Scout, at(2, 0)).expect("way home");
        assert_eq!(statue_home, 2);
        assert_eq!(start, 4 * statue_home + 2 * 2);
        let scout = s.stage().find("scout").expect("scout");
        let knight = s.stage().find("knight").expect("knight");
        let go = |hero, c| crate::action::Action::Move {
            hero,
            to: crate::action::Target::Cell(c),
        };
        // The scout walking towards it changes nothing but her way home.
        s.perform(&go(scout, at(1, 2))).expect("walks");
        assert_eq!(bound.distance_left(s.stage()), start + 1);
        assert!(s.undo());
        // The knight walking towards it comes closer to cleared: a point
        // further from home, two (one step, counted twice) nearer to it.
        s.perform(&go(knight, at(1, 2))).expect("walks");
        assert_eq!(bound.distance_left(s.stage()), start - 1);
        s.perform(&go(knight, at(2, 0)))
            .expect("drops in beside it");
        let there = bound.distance_left(s.stage());
        let statue = s.stage().find("statue").expect("statue");
        s.perform(&crate::action::Action::PickUp {
            hero: knight,
            item: Some(statue),
        })
        .expect("picks it up");
        // Held, it no longer waits for anyone: only its way home counts.
        assert_eq!(bound.distance_left(s.stage()), there);
    }

    /// A corridor of eight cells, the relic at the far end, and `heroes`
    /// at the near end (the entrance).
    fn corridor(heroes: &str, relic_flags: &str) -> Session {
        let text = format!(
            "[level]\nname = \"Corridor\"\n\n[grid]\n#################\n#@..............#\n#################\n\n[things]\n{heroes}relic = item relic at 7,0 flags {relic_flags}\n"
        );
        let level = load_text("corridor.txt", &text).expect("loads");
        Session::new(&level).expect("sets up")
    }

    #[test]
    fn a_relic_waits_for_an_able_hero_to_walk_to_it_and_back() {
        // Home already, but the relic is seven cells off: fourteen points
        // there and back, six a turn for the scout, four for the knight.
        let s = corridor("scout = hero scout at 0,0\n", "ACQUIRE|PLACE|RELIC");
        assert_eq!(Bound::new(s.stage()).earliest_clear(s.stage()), Some(3));
        let s = corridor("knight = hero knight at 0,0\n", "ACQUIRE|PLACE|RELIC");
        assert_eq!(Bound::new(s.stage()).earliest_clear(s.stage()), Some(4));
        // A heavy relic waits for the knight, however quick the scout.
        let s = corridor(
            "scout = hero scout at 0,0\nknight = hero knight at 0,0\n",
            "ACQUIRE|PLACE|HEAVY|RELIC",
        );
        assert_eq!(Bound::new(s.stage()).earliest_clear(s.stage()), Some(4));
    }

    #[test]
    fn a_heavy_relic_with_nobody_to_carry_it_can_never_leave() {
        let s = corridor("scout = hero scout at 0,0\n", "ACQUIRE|PLACE|HEAVY|RELIC");
        assert_eq!(Bound::new(s.stage()).earliest_clear(s.stage()), None);
        let statue = s.stage().find("relic").expect("relic");
        assert_eq!(
            Bound::new(s.stage()).dead_end(s.stage()),
            Some(DeadEnd::OutOfReach(statue))
        );
        // Once the knight's heavy carry is switched off, the same.
        let mut s = corridor("knight = hero knight at 0,0\n", "ACQUIRE|PLACE|HEAVY|RELIC");
        s.set_without(
            crate::action::abilities::Without::NONE
                .and(crate::action::abilities::Ability::HeavyCarry),
        );
        assert_eq!(Bound::new(s.stage()).earliest_clear(s.stage()), None);
    }

    #[test]
    fn levitation_brings_a_relic_nearer_without_anyone_walking_to_it() {
        // Two lifts of three cells bring it to the first cell: the
        // sorceress need not walk the corridor (the bound does not count
        // her points twice, so it allows the first turn).
        let s = corridor("sorceress = hero sorceress at 0,0\n", "ACQUIRE|PLACE|RELIC");
        assert_eq!(Bound::new(s.stage()).earliest_clear(s.stage()), Some(1));
        // With her levitation switched off she walks: 14 points, 4 a turn.
        let mut s = corridor("sorceress = hero sorceress at 0,0\n", "ACQUIRE|PLACE|RELIC");
        s.set_without(
            crate::action::abilities::Without::NONE
                .and(crate::action::abilities::Ability::Levitate),
        );
        assert_eq!(Bound::new(s.stage()).earliest_clear(s.stage()), Some(4));
    }
}
