//! The store: one fixed-capacity array of [`Thing`]s, the kind sets, the
//! cell lists and the head of the free list.
//!
//! Size: [`THING_CAPACITY`] (16384) Things of 36 bytes = 589,824 bytes
//! (576 KiB), boxed on the heap, plus the cell lists (4 bytes per grid
//! cell, 64 KiB at 128 × 128, and a 32-byte chunk per 15 Things of a cell:
//! at most one per live Thing), the kind sets (8 KiB, boxed) and a few
//! counters. A store
//! whose change log is on ([`Store::track_changes`], a stage's) adds one
//! byte of marks per slot (16 KiB) and the lists of slots written since the
//! last commit (2 bytes each).
//!
//! Slots: 0 is the sentinel, never used; 1..=`high_water` have been used at
//! least once (live, or FREE on the free list); above `high_water` every slot
//! is still all-zero (never used). Spawning pops the free list, else takes the
//! next never-used slot, else fails with [`StoreError::Full`]. All-zero memory —
//! no free list, no heads, high water 0 — is therefore a valid empty store.
//!
//! Every public method is total: stale ids, out-of-range cells and indices,
//! and calls made while the links are stale answer with an error, `None` or an
//! empty iterator; nothing panics.

use super::cells::CellLists;
use super::changes::{ChangeLog, FREE_RING};
use super::id::{free_generation, live_generation, CellIndex, ThingId, ThingIndex, MAX_CELLS};
use super::kinds::KindSets;
use super::links::{ring_splice_in, ring_splice_out, Ring, RingLinks};
use super::thing::{Thing, ThingData, ThingKind};
use std::fmt;

/// How many slots the store has, sentinel included: 16383 Things fit.
pub const THING_CAPACITY: usize = 16384;

const _: () = assert!(THING_CAPACITY.is_power_of_two());
const _: () = assert!(THING_CAPACITY <= 1 << 16, "ThingIndex is a u16");
const _: () = assert!(MAX_CELLS <= 1 << 16, "CellIndex is a u16");

/// The array of Things, sentinel included.
pub(super) type Things = [Thing; THING_CAPACITY];

/// A link as an array position. Masking keeps even a corrupt link inside the
/// array, so following links can never index out of bounds.
#[inline(always)]
pub(super) fn slot(index: ThingIndex) -> usize {
    usize::from(index) & (THING_CAPACITY - 1)
}

/// Why the store refused a call. Nothing is changed when one is returned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StoreError {
    /// Every slot holds a live Thing.
    Full,
    /// The id's Thing was despawned (its slot may hold another Thing now), or
    /// the id never named one.
    StaleId(ThingId),
    /// `ThingKind::Free` cannot be spawned: it marks empty slots.
    SpawnFree,
    /// The cell is not below the store's cell count.
    CellOutOfRange {
        /// The refused cell.
        cell: CellIndex,
        /// The store's cell count.
        cell_count: usize,
    },
    /// A store's cell count must be 1..=MAX_CELLS.
    BadCellCount(usize),
    /// A slot index that is 0 (the sentinel) or beyond the capacity.
    IndexOutOfRange(usize),
    /// A Thing cannot be attached to itself.
    SelfAttach,
    /// The parent is inside the child's subtree: attaching would make a loop.
    WouldCycle,
    /// Detach of a Thing that has no parent.
    NotAttached,
    /// Only a root moves between cells (with its subtree); detach it first.
    HasParent,
    /// `write_thing` was called and `rebuild_links` has not been yet.
    LinksStale,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Full => write!(f, "the store is full ({} things)", THING_CAPACITY - 1),
            StoreError::StaleId(id) => write!(f, "thing {id} no longer exists"),
            StoreError::SpawnFree => write!(f, "cannot spawn a thing of kind Free"),
            StoreError::CellOutOfRange { cell, cell_count } => {
                write!(f, "{cell} is outside the grid ({cell_count} cells)")
            }
            StoreError::BadCellCount(n) => {
                write!(f, "a grid must have 1 to {MAX_CELLS} cells, not {n}")
            }
            StoreError::IndexOutOfRange(i) => {
                write!(f, "slot {i} is not in 1..{THING_CAPACITY}")
            }
            StoreError::SelfAttach => write!(f, "a thing cannot be attached to itself"),
            StoreError::WouldCycle => {
                write!(f, "cannot attach a thing under one of its own descendants")
            }
            StoreError::NotAttached => write!(f, "the thing is not attached to anything"),
            StoreError::HasParent => {
                write!(
                    f,
                    "the thing is attached: only its root moves between cells"
                )
            }
            StoreError::LinksStale => {
                write!(f, "things were written: rebuild_links must run first")
            }
        }
    }
}

impl std::error::Error for StoreError {}

/// The Large Array of Things of one stage. See the module doc.
#[derive(Clone)]
pub struct Store {
    /// Every slot; slot 0 is the all-zero sentinel. Never reallocated.
    pub(super) things: Box<Things>,
    /// Which slots hold a live Thing of each kind (see the `kinds` module):
    /// derived, like the free list.
    pub(super) kinds: KindSets,
    /// Which live Things each cell holds, in slot order (see the `cells`
    /// module), one list per grid cell: derived, like the kind sets.
    pub(super) cells: CellLists,
    /// Head of the free list (the FREE slots' ring); 0 = no used slot to
    /// reuse.
    pub(super) free_head: ThingIndex,
    /// Highest slot ever used; 0 = none. All slots above it were never used.
    pub(super) high_water: ThingIndex,
    /// Number of live Things.
    pub(super) len: usize,
    /// `write_thing` ran since the last `rebuild_links`: rings may be wrong,
    /// so structural calls are refused. false = rings are right.
    pub(super) links_stale: bool,
    /// Which slots the methods wrote since the log was last cleared (see
    /// the `changes` module); off until [`Store::track_changes`].
    /// Bookkeeping, not state: equality ignores it.
    pub(super) changes: ChangeLog,
}

impl PartialEq for Store {
    /// Same Things, sets, lists, counts and staleness; the change logs are not
    /// compared (they are bookkeeping, not the store's state).
    fn eq(&self, other: &Store) -> bool {
        self.things == other.things
            && self.kinds == other.kinds
            && self.cells == other.cells
            && self.free_head == other.free_head
            && self.high_water == other.high_water
            && self.len == other.len
            && self.links_stale == other.links_stale
    }
}

impl Eq for Store {}

impl Default for Store {
    fn default() -> Self {
        Store::new()
    }
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Store")
            .field("len", &self.len)
            .field("high_water", &self.high_water)
            .field("cell_count", &self.cells.cell_count())
            .field("free_head", &self.free_head)
            .field("links_stale", &self.links_stale)
            .finish_non_exhaustive()
    }
}

impl Store {
    /// An empty store for the largest grid ([`MAX_CELLS`] cells).
    pub fn new() -> Self {
        Self::empty(MAX_CELLS)
    }

    /// An empty store for a grid of `cell_count` cells (1..=[`MAX_CELLS`]).
    pub fn with_cell_count(cell_count: usize) -> Result<Self, StoreError> {
        if cell_count == 0 || cell_count > MAX_CELLS {
            return Err(StoreError::BadCellCount(cell_count));
        }
        Ok(Self::empty(cell_count))
    }

    fn empty(cell_count: usize) -> Self {
        let things: Box<Things> = match vec![Thing::default(); THING_CAPACITY]
            .into_boxed_slice()
            .try_into()
        {
            Ok(things) => things,
            Err(_) => unreachable!("the vector has exactly THING_CAPACITY elements"),
        };
        Store {
            things,
            kinds: KindSets::default(),
            cells: CellLists::new(cell_count),
            free_head: 0,
            high_water: 0,
            len: 0,
            links_stale: false,
            changes: ChangeLog::default(),
        }
    }

    /// How many Things can be live at once (the sentinel slot excluded).
    pub const fn capacity(&self) -> usize {
        THING_CAPACITY - 1
    }

    /// Number of live Things.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no Thing is live.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Number of grid cells; valid cells are below it.
    pub fn cell_count(&self) -> usize {
        self.cells.cell_count()
    }

    /// Every slot, sentinel and FREE slots included, by index: the raw view
    /// undo and saving copy Things from.
    pub fn things(&self) -> &Things {
        &self.things
    }

    /// The slot of `id` if it holds that very Thing, alive.
    #[inline(always)]
    pub(super) fn resolve(&self, id: ThingId) -> Option<ThingIndex> {
        self.get(id).map(|_| id.index())
    }

    /// Like `resolve`, as a `Result`, and refusing while links are stale.
    #[inline(always)]
    pub(super) fn resolve_for_change(&self, id: ThingId) -> Result<ThingIndex, StoreError> {
        if self.links_stale {
            return Err(StoreError::LinksStale);
        }
        self.resolve(id).ok_or(StoreError::StaleId(id))
    }

    /// Checks that `cell` is on the grid.
    pub(super) fn check_cell(&self, cell: CellIndex) -> Result<(), StoreError> {
        if cell.index() < self.cells.cell_count() {
            Ok(())
        } else {
            Err(StoreError::CellOutOfRange {
                cell,
                cell_count: self.cells.cell_count(),
            })
        }
    }

    /// The live Thing `id` names, or `None` if it is gone.
    #[inline]
    pub fn get(&self, id: ThingId) -> Option<&Thing> {
        // Ids carry odd generations, live slots have odd ones and free slots
        // even ones (rebuild_links evens out written free slots): one
        // comparison tells a live Thing from a free or reused slot.
        let thing = self.things.get(usize::from(id.index()))?;
        (thing.generation == id.generation().get()).then_some(thing)
    }

    /// Whether `id` names a live Thing.
    pub fn contains(&self, id: ThingId) -> bool {
        self.resolve(id).is_some()
    }

    /// The payload of the live Thing `id`, to change freely. Kind, cell and
    /// links change only through the store's methods.
    #[inline]
    pub fn data_mut(&mut self, id: ThingId) -> Option<&mut ThingData> {
        let index = self.resolve(id)?;
        self.changes.wrote(index);
        Some(&mut self.things[slot(index)].data)
    }

    /// The id of the live Thing in slot `index`, if there is one.
    pub fn id_at(&self, index: ThingIndex) -> Option<ThingId> {
        let thing = self.things.get(usize::from(index))?;
        (index != 0 && thing.is_live()).then(|| ThingId::from_slot(index, thing.generation))
    }

    /// Creates a Thing of `kind` in `cell` with payload `data`, as a root.
    /// Reuses the head of the free list — the lowest free slot in a settled
    /// (canonical) store, else the most recently freed one — else the lowest
    /// never-used one.
    #[inline]
    pub fn spawn(
        &mut self,
        kind: ThingKind,
        cell: CellIndex,
        data: ThingData,
    ) -> Result<ThingId, StoreError> {
        if self.links_stale {
            return Err(StoreError::LinksStale);
        }
        if kind == ThingKind::Free {
            return Err(StoreError::SpawnFree);
        }
        self.check_cell(cell)?;
        let things = &mut *self.things;
        let log = &mut self.changes;
        let free_head = self.free_head;
        let index = if free_head != 0 {
            // Taking the head keeps the rest of the free list in order.
            self.free_head = ring_splice_out(things, log, Ring::Free, free_head, free_head);
            free_head
        } else if usize::from(self.high_water) < THING_CAPACITY - 1 {
            self.high_water += 1;
            self.high_water
        } else {
            return Err(StoreError::Full);
        };
        let generation = live_generation(things[slot(index)].generation);
        log.wrote(index);
        // One write of the whole Thing, links included.
        things[slot(index)] = Thing {
            kind,
            generation,
            cell,
            links: [RingLinks::NONE; 2],
            parent: 0,
            first_child: 0,
            data,
            index,
        };
        self.kinds.insert(kind, index);
        // At its place in slot order: the cell list stays canonical.
        self.cells.insert(cell, index);
        self.len += 1;
        Ok(ThingId::from_slot(index, generation))
    }

    /// Removes the Thing `id` (read it with `get` first if its last value is
    /// needed). Its children are detached and stay in the cell as roots; it
    /// leaves its parent. The slot's
    /// generation is bumped (to an even number, so `id` is dead at once) and
    /// the slot goes to the front of the free list.
    #[inline]
    pub fn despawn(&mut self, id: ThingId) -> Result<(), StoreError> {
        let index = self.resolve_for_change(id)?;
        // Field by field: copying the whole Thing out would stall on the
        // narrower stores that just wrote it (measured: a third slower).
        let t = &self.things[slot(index)];
        let (parent, first_child, kind, cell, generation) =
            (t.parent, t.first_child, t.kind, t.cell, t.generation);
        if parent != 0 {
            self.unlink_from_parent(index);
        }
        if first_child != 0 {
            self.release_children(index);
        }
        let things = &mut *self.things;
        let log = &mut self.changes;
        self.kinds.remove(kind, index);
        self.cells.remove(cell, index);
        // The freed slot becomes the head of the free list, written whole
        // (`settle` moves it to its place in slot order).
        let free_links = ring_splice_in(things, log, Ring::Free, self.free_head, index);
        log.relinked(index, FREE_RING);
        things[slot(index)] = Thing {
            links: [free_links, RingLinks::NONE],
            ..Thing::freed(index, free_generation(generation))
        };
        self.free_head = index;
        self.len = self.len.saturating_sub(1);
        Ok(())
    }

    /// Overwrites slot `index` (1..capacity) with `thing`, as loading and
    /// whole-state restores do (undo uses [`Store::exchange`]). The rings
    /// are then stale: structural calls answer
    /// [`StoreError::LinksStale`] until [`Store::rebuild_links`] runs. The
    /// Thing's ring links are rebuilt; its tree links are taken as written.
    pub fn write_thing(&mut self, index: usize, thing: Thing) -> Result<(), StoreError> {
        if index == 0 || index >= THING_CAPACITY {
            return Err(StoreError::IndexOutOfRange(index));
        }
        let mut thing = thing;
        if !thing.never_used() {
            // A snapshot always knows its own slot.
            thing.index = index as ThingIndex;
        }
        self.things[index] = thing;
        if !thing.never_used() && index > usize::from(self.high_water) {
            self.high_water = index as ThingIndex;
        }
        self.links_stale = true;
        // Until the rebuild, nobody knows which neighbours will change.
        self.changes.lose_track();
        Ok(())
    }

    /// Starts the change log (see the `changes` module): from now on
    /// the store lists every slot its methods write, and [`Store::settle`]
    /// needs to put only those back in order. The store as it stands is the
    /// reference the log starts from. A stage turns this on; a bare store
    /// leaves it off and pays nothing for it.
    pub fn track_changes(&mut self) {
        self.changes.start();
    }

    /// Every slot written since the change log was last cleared, each once,
    /// in no particular order: a superset of the slots whose value differs
    /// from then. `None` when that is not known — the log is off, or lost
    /// track (`rebuild_links` or `write_thing` ran): any slot may differ.
    pub fn changed_slots(&self) -> Option<&[ThingIndex]> {
        self.changes.written()
    }

    /// Clears the change log: the store as it stands is the new reference
    /// (the undo log calls it once it has recorded a step).
    pub fn forget_changes(&mut self) {
        self.changes.clear();
    }
}

#[cfg(test)]
mod unit {
    use super::*;

    fn store() -> Store {
        Store::with_cell_count(16).unwrap()
    }

    fn spawn(store: &mut Store, kind: ThingKind, cell: u16) -> ThingId {
        store
            .spawn(kind, CellIndex(cell), ThingData::default())
            .unwrap()
    }

    #[test]
    fn new_store_is_empty_all_zero_and_valid() {
        let store = Store::new();
        assert_eq!(store.len(), 0);
        assert!(store.is_empty());
        assert_eq!(store.cell_count(), MAX_CELLS);
        assert!(store.things().iter().all(|t| *t == Thing::default()));
        assert_eq!(store.free_head, 0);
        assert!(store.kinds == KindSets::default());
        assert!(store.cells == CellLists::new(MAX_CELLS));
        assert_eq!(store.validate(), Ok(()));
    }

    #[test]
    fn things_know_their_own_slot_and_id() {
        let mut s = store();
        let a = spawn(&mut s, ThingKind::Hero, 3);
        let b = spawn(&mut s, ThingKind::Enemy, 4);
        for id in [a, b] {
            let t = *s.get(id).unwrap();
            assert_eq!(t.index(), id.index());
            assert_eq!(t.id(), Some(id));
        }
        // A snapshot written to another slot takes that slot's index.
        let snapshot = *s.get(a).unwrap();
        s.write_thing(9, snapshot).unwrap();
        s.rebuild_links();
        assert_eq!(s.things()[9].index(), 9);
        assert_eq!(s.validate(), Ok(()));
        s.despawn(b).unwrap();
        assert_eq!(
            s.things()[b.index() as usize].index(),
            b.index(),
            "freed slots keep it"
        );
        assert_eq!(s.things()[b.index() as usize].id(), None);
    }

    #[test]
    fn store_memory_is_as_documented() {
        assert_eq!(std::mem::size_of::<Things>(), 589_824);
        assert_eq!(THING_CAPACITY, 16384);
        // The Store itself is small: the array, the cell lists and the
        // change log's marks are behind boxes.
        assert!(std::mem::size_of::<Store>() <= 160);
    }

    #[test]
    fn cell_count_must_be_in_range() {
        assert_eq!(
            Store::with_cell_count(0).err(),
            Some(StoreError::BadCellCount(0))
        );
        assert_eq!(
            Store::with_cell_count(MAX_CELLS + 1).err(),
            Some(StoreError::BadCellCount(MAX_CELLS + 1))
        );
        assert_eq!(
            Store::with_cell_count(MAX_CELLS).map(|s| s.cell_count()),
            Ok(MAX_CELLS)
        );
    }

    #[test]
    fn spawn_gives_a_live_thing_with_its_kind_cell_and_data() {
        let mut store = store();
        let data = ThingData::hero(crate::things::HeroKind::Scout);
        let id = store.spawn(ThingKind::Hero, CellIndex(3), data).unwrap();
        assert_eq!(id.index(), 1, "the lowest never-used slot is taken first");
        assert_eq!(id.generation().get(), 1);
        let thing = store.get(id).unwrap();
        assert_eq!(thing.kind(), ThingKind::Hero);
        assert_eq!(thing.cell(), CellIndex(3));
        assert_eq!(thing.data, data);
        assert_eq!(thing.parent(), None);
        assert_eq!(store.len(), 1);
        assert_eq!(store.id_at(1), Some(id));
        assert_eq!(store.validate(), Ok(()));
    }

    #[test]
    fn spawn_refuses_free_kind_and_bad_cells_without_changing_anything() {
        let mut store = store();
        let before = store.clone();
        assert_eq!(
            store.spawn(ThingKind::Free, CellIndex(0), ThingData::default()),
            Err(StoreError::SpawnFree)
        );
        assert_eq!(
            store.spawn(ThingKind::Hero, CellIndex(16), ThingData::default()),
            Err(StoreError::CellOutOfRange {
                cell: CellIndex(16),
                cell_count: 16
            })
        );
        assert!(store == before);
    }

    #[test]
    fn despawn_frees_the_slot_and_the_id_goes_stale() {
        let mut store = store();
        let a = spawn(&mut store, ThingKind::Hero, 2);
        let b = spawn(&mut store, ThingKind::Enemy, 2);
        store.despawn(a).unwrap();
        assert_eq!(store.things()[usize::from(a.index())].generation(), 2);
        assert_eq!(store.get(a), None);
        assert!(!store.contains(a));
        assert_eq!(store.despawn(a), Err(StoreError::StaleId(a)));
        assert_eq!(store.len(), 1);
        assert!(store.get(b).is_some());
        assert_eq!(
            store
                .iter_cell(CellIndex(2))
                .map(|(id, _)| id)
                .collect::<Vec<_>>(),
            vec![b]
        );
        assert_eq!(store.iter_kind(ThingKind::Free).count(), 1);
        assert_eq!(store.validate(), Ok(()));
    }

    #[test]
    fn reused_slot_gets_a_new_generation_and_old_ids_stay_dead() {
        let mut store = store();
        let first = spawn(&mut store, ThingKind::Hero, 0);
        let mut old = vec![first];
        let mut current = first;
        for _ in 0..1000 {
            store.despawn(current).unwrap();
            current = spawn(&mut store, ThingKind::Interactable, 1);
            assert_eq!(current.index(), first.index(), "the freed slot is reused");
            old.push(current);
        }
        let (live, stale) = old.split_last().unwrap();
        assert!(store.get(*live).is_some());
        assert!(stale.iter().all(|&id| store.get(id).is_none()));
        // Odd while live, even while free: two steps per reuse.
        assert_eq!(live.generation().get(), 2001);
    }

    #[test]
    fn ids_forged_for_free_or_out_of_range_slots_do_not_resolve() {
        let mut store = store();
        let id = spawn(&mut store, ThingKind::Hero, 0);
        store.despawn(id).unwrap();
        // An id forged with the generation the free slot holds now is the
        // dead Thing's id.
        assert_eq!(store.things()[1].generation(), 2);
        let forged = ThingId::new(1, std::num::NonZeroU32::new(2).unwrap());
        assert_eq!(forged, id);
        assert_eq!(store.get(forged), None);
        assert!(store.data_mut(forged).is_none());
        assert_eq!(store.despawn(forged), Err(StoreError::StaleId(forged)));
        assert_eq!(store.get(id), None);
        let far = ThingId::new(u16::MAX, id.generation());
        assert_eq!(store.get(far), None);
        assert_eq!(store.despawn(far), Err(StoreError::StaleId(far)));
        let sentinel = ThingId::new(0, id.generation());
        assert_eq!(store.get(sentinel), None);
        assert_eq!(store.id_at(0), None);
        assert_eq!(store.id_at(u16::MAX), None);
    }

    #[test]
    fn data_mut_changes_the_payload_only_of_live_things() {
        let mut store = store();
        let id = spawn(&mut store, ThingKind::Hero, 0);
        store.data_mut(id).unwrap().action_points = 3;
        assert_eq!(store.get(id).unwrap().data.action_points, 3);
        store.despawn(id).unwrap();
        assert!(store.data_mut(id).is_none());
    }

    #[test]
    fn full_store_refuses_spawn_and_accepts_again_after_a_despawn() {
        let mut store = Store::with_cell_count(4).unwrap();
        let mut ids = Vec::new();
        for i in 0..store.capacity() {
            ids.push(spawn(&mut store, ThingKind::Interactable, (i % 4) as u16));
        }
        assert_eq!(store.len(), THING_CAPACITY - 1);
        assert_eq!(
            store.spawn(ThingKind::Hero, CellIndex(0), ThingData::default()),
            Err(StoreError::Full)
        );
        assert_eq!(store.validate(), Ok(()));
        store.despawn(ids[100]).unwrap();
        let again = spawn(&mut store, ThingKind::Hero, 0);
        assert_eq!(again.index(), ids[100].index());
        assert_eq!(store.validate(), Ok(()));
    }

    #[test]
    fn write_thing_makes_links_stale_until_rebuild() {
        let mut store = store();
        let id = spawn(&mut store, ThingKind::Hero, 0);
        let snapshot = store.things()[1];
        assert_eq!(
            store.write_thing(0, snapshot),
            Err(StoreError::IndexOutOfRange(0))
        );
        assert_eq!(
            store.write_thing(THING_CAPACITY, snapshot),
            Err(StoreError::IndexOutOfRange(THING_CAPACITY))
        );
        store.write_thing(5, snapshot).unwrap();
        assert_eq!(store.despawn(id), Err(StoreError::LinksStale));
        assert_eq!(
            store.spawn(ThingKind::Hero, CellIndex(0), ThingData::default()),
            Err(StoreError::LinksStale)
        );
        assert!(store.validate().is_err());
        store.rebuild_links();
        assert_eq!(store.validate(), Ok(()));
        assert_eq!(store.len(), 2);
        assert_eq!(store.iter_cell(CellIndex(0)).count(), 2);
        // Slots 2..=4 were never used; they are now on the free list.
        assert_eq!(
            store
                .iter_kind(ThingKind::Free)
                .map(|(id, _)| id.index())
                .collect::<Vec<_>>(),
            vec![2, 3, 4]
        );
        let next = spawn(&mut store, ThingKind::Enemy, 1);
        assert_eq!((next.index(), next.generation().get()), (2, 1));
        // A free slot written with a live (odd) generation is made even.
        let mut odd_free = store.things()[3];
        odd_free.generation = 7;
        store.write_thing(3, odd_free).unwrap();
        let forged = ThingId::new(3, std::num::NonZeroU32::new(7).unwrap());
        store.rebuild_links();
        assert_eq!(store.things()[3].generation(), 8);
        assert_eq!(store.get(forged), None);
        assert_eq!(store.validate(), Ok(()));
    }

    #[test]
    fn errors_say_what_went_wrong() {
        assert_eq!(
            StoreError::Full.to_string(),
            "the store is full (16383 things)"
        );
        let cell = StoreError::CellOutOfRange {
            cell: CellIndex(20),
            cell_count: 16,
        };
        assert_eq!(cell.to_string(), "cell 20 is outside the grid (16 cells)");
        assert!(StoreError::WouldCycle.to_string().contains("descendants"));
    }
}
