//! What the watchers will do at the end of this round, as far as the
//! party knows them (`docs/PLAYING.md`, "Playing"): the cells each known watcher
//! will see after its patrol step, through portals (and which of them sees
//! a cell: [`Watch::seen_by`]), and which heroes it would catch if the turn
//! ended now. The play screen draws this (the red
//! danger cells, the question before ending a turn that gets a hero
//! caught); it does not compute it.
//!
//! The rules are [`super::turn`]'s, asked, not copied: each watcher's
//! lookout is [`next_patrol_step`](super::turn::next_patrol_step), its
//! sight [`watcher_sight`], the catch [`catch`] — the same calls the end of
//! the round makes, so with every watcher known, [`Watch::caught`] is
//! exactly who the end of the round catches (a test holds them together).
//!
//! Which watchers the party knows is the caller's: the play screen
//! remembers every watcher any hero has seen this level.
//!
//! Cost: one reused GridView context and a bit per grid cell; one watcher
//! view build per known watcher per rebuild (a change of state), nothing
//! per frame.

use super::turn::{catch, patrol_steps_after, watcher_sight, PatrolStep};
use crate::grid::CellPos;
use crate::stage::Stage;
use crate::things::ThingId;
use crate::view::GridView;

/// The known watchers' sight at the end of this round (see the module
/// docs).
#[derive(Default)]
pub struct Watch {
    /// A reused view context, rebuilt for each watcher.
    view: GridView,
    /// One bit per grid cell (`y * width + x`): seen by a known watcher.
    seen: Vec<u64>,
    /// The same bits for each known watcher on its own, in the order of
    /// `watchers`: `seen.len()` words each.
    seen_by: Vec<u64>,
    width: usize,
    height: usize,
    /// The known watchers with their patrol steps, in level order.
    watchers: Vec<(ThingId, PatrolStep)>,
    /// Each hero still in the level a known watcher would catch if the
    /// round ended now, with the first watcher (in level order) that would.
    caught: Vec<(ThingId, ThingId)>,
}

impl Watch {
    /// An empty watch (nothing seen).
    pub fn new() -> Watch {
        Watch::default()
    }

    /// Recomputes for the watchers of `stage` that `known` says the party
    /// knows.
    pub fn rebuild(&mut self, stage: &Stage, known: impl Fn(ThingId) -> bool) {
        self.rebuild_after(stage, known, 0);
    }

    /// Recomputes for the end of the round `rounds` rounds after this one,
    /// each watcher at its [`patrol_step_after`](super::turn::patrol_step_after)
    /// (the heroes as they stand now): `rounds` 0 is [`Watch::rebuild`]. The
    /// editor's watcher timeline steps through these.
    pub fn rebuild_after(&mut self, stage: &Stage, known: impl Fn(ThingId) -> bool, rounds: u32) {
        let grid = stage.grid();
        self.width = grid.width();
        self.height = grid.height();
        let words = grid.cell_count().div_ceil(64);
        self.seen.clear();
        self.seen.resize(words, 0);
        self.watchers.clear();
        self.caught.clear();
        self.watchers
            .extend(patrol_steps_after(stage, rounds).filter(|&(w, _)| known(w)));
        self.seen_by.clear();
        self.seen_by.resize(words * self.watchers.len(), 0);
        let heroes = stage.active_heroes();
        for (k, &(watcher, step)) in self.watchers.iter().enumerate() {
            watcher_sight(stage, &mut self.view, step.to);
            let own = &mut self.seen_by[k * words..(k + 1) * words];
            for node in self.view.nodes() {
                if let Some(i) = grid.cell_index(node.cell) {
                    self.seen[i / 64] |= 1 << (i % 64);
                    own[i / 64] |= 1 << (i % 64);
                }
            }
            catch(stage, &self.view, watcher, &heroes, &mut self.caught);
        }
    }

    /// The bit of grid cell `cell`, if it is on the grid.
    fn bit(&self, cell: CellPos) -> Option<usize> {
        let inside = cell.x >= 0
            && cell.y >= 0
            && (cell.x as usize) < self.width
            && (cell.y as usize) < self.height;
        inside.then(|| cell.y as usize * self.width + cell.x as usize)
    }

    /// Whether a known watcher will see grid cell `cell` at the end of the
    /// round.
    pub fn sees(&self, cell: CellPos) -> bool {
        self.bit(cell).is_some_and(|i| {
            self.seen
                .get(i / 64)
                .is_some_and(|w| w & (1 << (i % 64)) != 0)
        })
    }

    /// The known watchers that will see grid cell `cell` at the end of the
    /// round, in level order (none where [`Watch::sees`] is false).
    pub fn seen_by(&self, cell: CellPos) -> impl Iterator<Item = ThingId> + '_ {
        let words = self.seen.len();
        let bit = self.bit(cell);
        self.watchers
            .iter()
            .enumerate()
            .filter(move |&(k, _)| {
                bit.is_some_and(|i| {
                    self.seen_by
                        .get(k * words + i / 64)
                        .is_some_and(|w| w & (1 << (i % 64)) != 0)
                })
            })
            .map(|(_, &(watcher, _))| watcher)
    }

    /// The grid cells known watchers will see, in index order.
    pub fn cells(&self) -> impl Iterator<Item = CellPos> + '_ {
        let w = self.width.max(1);
        (0..self.width * self.height)
            .filter(|&i| self.seen[i / 64] & (1 << (i % 64)) != 0)
            .map(move |i| CellPos::new((i % w) as i32, (i / w) as i32))
    }

    /// The known watchers, each with its patrol step this round.
    pub fn watchers(&self) -> &[(ThingId, PatrolStep)] {
        &self.watchers
    }

    /// Each hero a known watcher would catch if the turn ended now, with
    /// the watcher.
    pub fn caught(&self) -> &[(ThingId, ThingId)] {
        &self.caught
    }

    /// Whether `hero` would be caught if the turn ended now (by a known
    /// watcher).
    pub fn caught_if_ended_now(&self, hero: ThingId) -> Option<ThingId> {
        self.caught
            .iter()
            .find(|&&(h, _)| h == hero)
            .map(|&(_, w)| w)
    }
}
