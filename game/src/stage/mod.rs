//! A stage: one level in play. The level's geometry (grid, entrance, the
//! watchers' routes) never changes during play; everything that does — where
//! each Thing is, what it holds, action points, flags — lives in the store of
//! Things, plus the turn counter. That split is what makes undo a matter of
//! Thing snapshots and the turn record.
//!
//! Built from a [`Level`] by [`Stage::from_level`]: heroes (a knight's rope
//! as an item he holds), items, rope coils and watchers are spawned in file
//! order, so a Thing's slot is a pure function of the level file. The state
//! is canonical after every change — the free list, kind sets and cell
//! lists in slot order (see [`crate::things::canonical`]): equal contents,
//! equal bytes. Setting up and whole-state restores rebuild them
//! ([`Store::rebuild_links`]);
//! an action's events put back in order only what they moved
//! ([`Store::settle`]), and undo and redo write back whole snapshots
//! ([`Store::exchange`]). The store's change log is on, so the undo log
//! reads which slots a step wrote instead of comparing the whole store.
//!
//! This module answers the questions the rules ask (who holds what, where the
//! rope hangs, what supports a hero); the rules themselves live in
//! [`crate::action`].

mod state_hash;
pub mod support;

use std::fmt;

use crate::action::abilities::Without;
use crate::grid::{CellPos, Dir, Grid};
pub use crate::level::expand_route;
use crate::level::{Level, ThingSpecKind};
use crate::things::{
    Capabilities, CellIndex, HeroKind, Store, StoreError, Thing, ThingData, ThingFlags, ThingId,
    ThingIndex, ThingKind,
};

/// How far each Thing sees, in cells (GridView radius) — heroes and watchers.
pub const SIGHT_RADIUS: u32 = 12;

/// Why a level could not be set up for play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StageError {
    /// The store refused a Thing (full, or a cell out of range).
    Store(StoreError),
    /// A thing of the level lies outside the grid.
    ThingOutside(CellPos),
}

impl fmt::Display for StageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StageError::Store(e) => write!(f, "cannot set up the level: {e}"),
            StageError::ThingOutside(c) => write!(
                f,
                "cannot set up the level: a thing at {c} is outside the grid"
            ),
        }
    }
}

impl std::error::Error for StageError {}

impl From<StoreError> for StageError {
    fn from(e: StoreError) -> Self {
        StageError::Store(e)
    }
}

/// How play stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Heroes are still in the level.
    Playing,
    /// Every hero has left through the entrance with at least the
    /// level's required relics: the level is cleared (`docs/RULES.md`,
    /// "Winning").
    Cleared,
    /// Every hero has left with fewer relics than the level requires: a
    /// retreat, which clears nothing (undo goes back in).
    Retreated,
    /// A watcher caught a hero; undo or restart to go on.
    Lost,
}

impl Outcome {
    /// Whether play has ended: the party left (cleared or retreated).
    pub fn party_left(self) -> bool {
        matches!(self, Outcome::Cleared | Outcome::Retreated)
    }
}

/// One level in play (see the module docs).
#[derive(Clone)]
pub struct Stage {
    name: String,
    grid: Grid,
    entrance: CellPos,
    /// Each watcher's route, expanded to one cell per round; a watcher's
    /// `data.route` is its index + 1 (0 = stands still).
    routes: Vec<Vec<CellPos>>,
    /// The level's ids and the names shown ([`Stage::item_name`]), by slot
    /// index.
    names: Vec<(ThingIndex, String, String)>,
    /// Relics that must leave to clear the level.
    relics_to_clear: usize,
    /// The heroes' abilities switched off (none in play; see
    /// [`Stage::set_without`]).
    without: Without,
    /// Every Thing of the stage.
    pub(crate) store: Store,
    /// The round being played, from 1.
    pub(crate) turn: u32,
}

impl Stage {
    /// Sets up `level` for play.
    pub fn from_level(level: &Level) -> Result<Stage, StageError> {
        let grid = level.grid.clone();
        let mut store = Store::with_cell_count(grid.cell_count())?;
        let mut routes = Vec::new();
        let mut names = Vec::new();
        for spec in &level.things {
            let cell = grid
                .cell_index(spec.cell)
                .ok_or(StageError::ThingOutside(spec.cell))?;
            let cell = CellIndex(cell as u16);
            let (kind, data, item_name) = match &spec.kind {
                ThingSpecKind::Hero { hero, .. } => (
                    ThingKind::Hero,
                    ThingData::hero(*hero),
                    hero.name().to_string(),
                ),
                ThingSpecKind::Item { name, flags } => (
                    ThingKind::Interactable,
                    ThingData::item(*flags),
                    name.clone(),
                ),
                ThingSpecKind::RopeCoil { len_cells } => (
                    ThingKind::Interactable,
                    rope_data(*len_cells),
                    "rope".into(),
                ),
                ThingSpecKind::Watcher { route } => {
                    let mut data = ThingData::default();
                    if !route.is_empty() {
                        routes.push(expand_route(route));
                        data.route = routes.len() as u16;
                    }
                    (ThingKind::Enemy, data, watcher_name(&spec.id))
                }
            };
            let id = store.spawn(kind, cell, data)?;
            names.push((id.index(), spec.id.clone(), item_name));
            if let ThingSpecKind::Hero {
                rope_len_cells: Some(len),
                ..
            } = spec.kind
            {
                let rope = store.spawn(ThingKind::Interactable, cell, rope_data(len))?;
                store.attach(rope, id)?;
                names.push((rope.index(), format!("{}_rope", spec.id), "rope".into()));
            }
        }
        store.rebuild_links();
        store.track_changes();
        Ok(Stage {
            name: level.name.clone(),
            grid,
            entrance: level.entrance,
            routes,
            names,
            relics_to_clear: level.relics_to_clear(),
            without: Without::NONE,
            store,
            turn: 1,
        })
    }

    /// Puts every Thing slot and the turn back to `things` and `turn` (a
    /// whole store's worth of slots, as the undo log's shadow of the last
    /// committed state or a session's first state hold them), writing only
    /// the slots that differ, then rebuilds the rings (O(capacity); the
    /// change log loses track, so the next commit compares every slot).
    /// The one way the session restores a whole state (a restart, a
    /// rollback, a loaded save).
    pub(crate) fn restore(&mut self, things: &[crate::things::Thing], turn: u32) {
        for (i, &thing) in things.iter().enumerate().skip(1) {
            if self.store.things()[i] != thing {
                let written = self.store.write_thing(i, thing);
                debug_assert!(written.is_ok(), "a whole store's slots");
            }
        }
        self.turn = turn;
        self.store.rebuild_links();
    }

    /// The heroes' abilities switched off on this stage: the rules ask
    /// [`crate::action::abilities`] with it.
    pub fn without(&self) -> Without {
        self.without
    }

    /// Switches off `without`'s abilities (and back on every other) from
    /// the next action on, to ask what a level needs (`sim solve
    /// --without`). Like the grid, it is fixed for a play: set it before
    /// the first action. It is no part of the state, its hash or a save.
    pub fn set_without(&mut self, without: Without) {
        self.without = without;
    }

    /// The level's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The level geometry.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Where the party enters and leaves.
    pub fn entrance(&self) -> CellPos {
        self.entrance
    }

    /// Every Thing of the stage.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The round being played, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The expanded route of route number `route` (1-based; 0 = none).
    pub fn route(&self, route: u16) -> &[CellPos] {
        (route as usize)
            .checked_sub(1)
            .and_then(|i| self.routes.get(i))
            .map_or(&[], |r| r.as_slice())
    }

    /// The live Thing `id`.
    pub fn thing(&self, id: ThingId) -> Option<&Thing> {
        self.store.get(id)
    }

    /// The level id of `id` (`knight`, `idol`, …); rope segments have none.
    pub fn id_name(&self, id: ThingId) -> Option<&str> {
        self.names
            .iter()
            .find(|(i, _, _)| *i == id.index())
            .map(|(_, n, _)| n.as_str())
    }

    /// What `id` is called on screen, the one name every message gives
    /// it: a hero by its kind (`knight`), an item by its name, which is its
    /// look (`bucket`, `relic`), a coil `rope`, and a watcher by the name
    /// the level gives it, its id (`guard`, `sentry`; `guard_2` reads
    /// `guard 2`), or `watcher` where the level gives none.
    pub fn item_name(&self, id: ThingId) -> &str {
        match self.names.iter().find(|(i, _, _)| *i == id.index()) {
            Some((_, _, name)) => name,
            None => match self.thing(id).map(Thing::kind) {
                Some(ThingKind::RopeSegment) => "rope segment",
                Some(ThingKind::Enemy) => "watcher",
                _ => "thing",
            },
        }
    }

    /// The live Thing with level id `name`.
    pub fn find(&self, name: &str) -> Option<ThingId> {
        let index = self.names.iter().find(|(_, n, _)| n == name)?.0;
        self.store.id_at(index)
    }

    /// The cell `c` as the store indexes it.
    pub fn cell_index(&self, c: CellPos) -> Option<CellIndex> {
        self.grid.cell_index(c).map(|i| CellIndex(i as u16))
    }

    /// Where `id` is.
    pub fn cell_of(&self, id: ThingId) -> Option<CellPos> {
        self.thing(id)
            .and_then(|t| self.grid.cell_pos(t.cell().index()))
    }

    /// Every hero, in level order, those who left included.
    pub fn heroes(&self) -> Vec<ThingId> {
        let mut heroes: Vec<ThingId> = self
            .store
            .iter_kind(ThingKind::Hero)
            .map(|(id, _)| id)
            .collect();
        heroes.sort_by_key(|id| id.index());
        heroes
    }

    /// The heroes still in the level (not left, in level order).
    pub fn active_heroes(&self) -> Vec<ThingId> {
        self.heroes()
            .into_iter()
            .filter(|&h| !self.has_flag(h, ThingFlags::EXITED))
            .collect()
    }

    /// Every Thing of `kind`, in slot order.
    pub fn of_kind(&self, kind: ThingKind) -> Vec<ThingId> {
        let mut ids: Vec<ThingId> = self.store.iter_kind(kind).map(|(id, _)| id).collect();
        ids.sort_by_key(|id| id.index());
        ids
    }

    /// Whether `id` has every flag of `flags`.
    pub fn has_flag(&self, id: ThingId, flags: ThingFlags) -> bool {
        self.thing(id).is_some_and(|t| t.data.flags.contains(flags))
    }

    /// Whether hero `id` has left the level through the entrance.
    pub fn has_left(&self, id: ThingId) -> bool {
        self.has_flag(id, ThingFlags::EXITED)
    }

    /// Whether hero `id` was caught by a watcher.
    pub fn is_caught(&self, id: ThingId) -> bool {
        self.has_flag(id, ThingFlags::CAUGHT)
    }

    /// Whether rope `id` hangs from an anchor (deployed), not carried or
    /// lying as an item.
    pub fn is_deployed(&self, id: ThingId) -> bool {
        self.has_flag(id, ThingFlags::DEPLOYED)
    }

    /// The hero kind of `id`, if it is a hero.
    pub fn hero_kind(&self, id: ThingId) -> Option<HeroKind> {
        self.thing(id)
            .filter(|t| t.kind() == ThingKind::Hero)
            .map(|t| t.data.hero)
    }

    /// The item in `hero`'s hand (its one child), if any.
    pub fn held(&self, hero: ThingId) -> Option<ThingId> {
        self.store.children(hero).next().map(|(id, _)| id)
    }

    /// The Things directly attached to `id`, in slot order.
    pub fn children(&self, id: ThingId) -> Vec<ThingId> {
        let mut ids: Vec<ThingId> = self.store.children(id).map(|(c, _)| c).collect();
        ids.sort_by_key(|c| c.index());
        ids
    }

    /// The root of `id`'s tree (itself if it is a root).
    pub fn root_of(&self, id: ThingId) -> ThingId {
        let mut at = id;
        while let Some(parent) = self.store.parent(at) {
            at = parent;
        }
        at
    }

    /// The live Things in `cell`, in slot order.
    pub fn things_in(&self, cell: CellPos) -> Vec<ThingId> {
        let Some(index) = self.cell_index(cell) else {
            return Vec::new();
        };
        // A cell's list is kept in ascending slot order (`things::cells`).
        let ids: Vec<ThingId> = self.store.iter_cell(index).map(|(id, _)| id).collect();
        debug_assert!(ids.is_sorted_by_key(|id| id.index()));
        ids
    }

    /// Whether `id` is an item with every capability of `caps`.
    pub fn item_can(&self, id: ThingId, caps: Capabilities) -> bool {
        self.thing(id).is_some_and(|t| {
            t.kind() == ThingKind::Interactable && t.data.capabilities.contains(caps)
        })
    }

    /// Whether carrying `item` means carrying something heavy: it, or
    /// anything in it, is HEAVY.
    pub fn is_heavy_load(&self, item: ThingId) -> bool {
        self.item_can(item, Capabilities::HEAVY)
            || self
                .store
                .children(item)
                .any(|(child, _)| self.is_heavy_load(child))
    }

    /// Whether `id` is a rope item (coiled or deployed).
    pub fn is_rope(&self, id: ThingId) -> bool {
        self.thing(id)
            .is_some_and(|t| t.kind() == ThingKind::Interactable && t.data.rope_len_cells > 0)
    }

    /// The segments of rope `rope`, top (the anchor) first.
    pub fn rope_segments(&self, rope: ThingId) -> Vec<ThingId> {
        let mut segments: Vec<(u16, ThingId)> = self
            .store
            .iter_kind(ThingKind::RopeSegment)
            .filter(|(_, t)| t.data.link == rope.index())
            .map(|(id, t)| (t.data.rope_len_cells, id))
            .collect();
        segments.sort_unstable();
        segments.into_iter().map(|(_, id)| id).collect()
    }

    /// The rope segment in `cell`, if a rope hangs through it.
    pub fn segment_in(&self, cell: CellPos) -> Option<ThingId> {
        let index = self.cell_index(cell)?;
        self.store
            .iter_cell(index)
            .find(|(_, t)| t.kind() == ThingKind::RopeSegment)
            .map(|(id, _)| id)
    }

    /// The cell of the next segment along the rope hanging through `cell`:
    /// toward the anchor (`up`) or toward the rope's end. Climbing follows
    /// the rope, which may leave a cell through a portal in its wall.
    pub fn along_rope(&self, cell: CellPos, up: bool) -> Option<CellPos> {
        let segment = self.segment_in(cell)?;
        let segments = self.rope_segments(self.rope_of(segment)?);
        let i = segments.iter().position(|&s| s == segment)?;
        let next = if up { i.checked_sub(1)? } else { i + 1 };
        self.cell_of(*segments.get(next)?)
    }

    /// The rope a segment belongs to.
    pub fn rope_of(&self, segment: ThingId) -> Option<ThingId> {
        let link = self.thing(segment)?.data.link;
        self.store.id_at(link)
    }

    /// The deployed rope anchored in `cell`, if any.
    pub fn rope_anchored_in(&self, cell: CellPos) -> Option<ThingId> {
        let index = self.cell_index(cell)?;
        self.store
            .iter_cell(index)
            .find(|&(id, t)| self.is_rope(id) && t.data.flags.contains(ThingFlags::DEPLOYED))
            .map(|(id, _)| id)
    }

    /// The relics that have left the level: relic items whose tree's root is
    /// a hero who left.
    pub fn relics_recovered(&self) -> usize {
        self.of_kind(ThingKind::Interactable)
            .into_iter()
            .filter(|&id| self.item_can(id, Capabilities::RELIC))
            .filter(|&id| {
                let root = self.root_of(id);
                self.hero_kind(root).is_some() && self.has_flag(root, ThingFlags::EXITED)
            })
            .count()
    }

    /// Relics in the level in all.
    pub fn relics_total(&self) -> usize {
        self.of_kind(ThingKind::Interactable)
            .into_iter()
            .filter(|&id| self.item_can(id, Capabilities::RELIC))
            .count()
    }

    /// Relics that must leave to clear the level (all, unless the level
    /// says fewer).
    pub fn relics_to_clear(&self) -> usize {
        self.relics_to_clear
    }

    /// How play stands: lost once any hero is caught; once every hero has
    /// left, cleared if the relics required left with them, else a retreat.
    pub fn outcome(&self) -> Outcome {
        let (mut any, mut all_exited, mut caught) = (false, true, false);
        for (_, t) in self.store.iter_kind(ThingKind::Hero) {
            any = true;
            all_exited &= t.data.flags.contains(ThingFlags::EXITED);
            caught |= t.data.flags.contains(ThingFlags::CAUGHT);
        }
        if caught {
            Outcome::Lost
        } else if any && all_exited {
            if self.relics_recovered() >= self.relics_to_clear {
                Outcome::Cleared
            } else {
                Outcome::Retreated
            }
        } else {
            Outcome::Playing
        }
    }

    /// The neighbour of `cell` in `dir`, following portals; `None` through
    /// walls.
    pub fn step(&self, cell: CellPos, dir: Dir) -> Option<CellPos> {
        self.grid.step(cell, dir).map(|s| s.cell)
    }
}

/// A watcher's name on screen ([`Stage::item_name`]): its level id, words
/// apart (`guard_2` reads `guard 2`), or `watcher` where it has none.
fn watcher_name(id: &str) -> String {
    if id.is_empty() {
        "watcher".into()
    } else {
        id.replace('_', " ")
    }
}

fn rope_data(len_cells: u16) -> ThingData {
    let mut data = ThingData::item(Capabilities::ACQUIRE | Capabilities::PLACE);
    data.rope_len_cells = len_cells.max(1);
    data
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_expand_to_one_cell_per_round_and_loop() {
        let route = expand_route(&[CellPos::new(1, 1), CellPos::new(3, 1), CellPos::new(3, 2)]);
        let want: Vec<CellPos> = [(1, 1), (2, 1), (3, 1), (3, 2), (2, 2), (1, 2)]
            .iter()
            .map(|&(x, y)| CellPos::new(x, y))
            .collect();
        assert_eq!(route, want);
        assert_eq!(
            expand_route(&[CellPos::new(4, 4)]),
            vec![CellPos::new(4, 4)]
        );
        assert!(expand_route(&[]).is_empty());
    }

    /// The shipped level `levels/<stem>.txt` set up for play.
    fn shipped(stem: &str) -> Stage {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../levels")
            .join(format!("{stem}.txt"));
        let level = crate::level::load_file(&path).unwrap_or_else(|e| panic!("{stem}: {e}"));
        Stage::from_level(&level).expect("sets up")
    }

    #[test]
    fn a_watcher_is_called_by_the_name_its_level_gives_it() {
        for (stem, name) in [("sentry", "sentry"), ("night_haul", "guard")] {
            let stage = shipped(stem);
            let watchers = stage.of_kind(ThingKind::Enemy);
            assert_eq!(watchers.len(), 1, "{stem}");
            assert_eq!(stage.item_name(watchers[0]), name, "{stem}");
        }
        // Heroes by their kind, items by their name, as before.
        let stage = shipped("night_haul");
        let names: Vec<&str> = ["knight", "scout", "bucket", "statue", "knight_rope"]
            .map(|id| stage.item_name(stage.find(id).expect(id)))
            .to_vec();
        assert_eq!(names, ["knight", "scout", "bucket", "statue", "rope"]);
        // An id of two words reads as two.
        let text = "[level]\nname = \"Two guards\"\n\n[grid]\n###########\n#@........#\n###########\n\n[things]\nscout = hero scout at 0,0\nguard = watcher at 2,0\nguard_2 = watcher at 3,0\n";
        let level = crate::level::load_text("two.txt", text).expect("loads");
        let stage = Stage::from_level(&level).expect("sets up");
        let names: Vec<&str> = stage
            .of_kind(ThingKind::Enemy)
            .into_iter()
            .map(|w| stage.item_name(w))
            .collect();
        assert_eq!(names, ["guard", "guard 2"]);
        assert_eq!(watcher_name(""), "watcher");
    }
}
