//! The store's self-check: [`Store::validate`] walks the whole structure and
//! names the first broken invariant.
//!
//! Tests call it after every operation; debug builds may call it after each
//! action. It allocates nothing and costs O(high water + cells): one pass over
//! the used slots, one over the cell lists, and walks of each ring and list
//! that sum to the number of Things. Slots above the high water mark are not scanned (that
//! would make every call O(capacity)): they stay all zero because nothing can
//! write there. Every write goes to a resolved live slot, to a slot reached by
//! a link (checked to be at or below the mark), to the slot just above the
//! mark when spawn takes it (checked: it must be all zero until then), or
//! through `write_thing`, which raises the mark. `rebuild_links` zeroes the
//! whole range again.
//!
//! How "exactly one ring" is proved without allocating: the per-slot pass
//! checks that every link's neighbour links back and shares the ring's key
//! (free or parent), so the rings are disjoint cycles each of one key;
//! then walking from each head and adding up the lengths must give the number
//! of Things with that key, so no second cycle of that key exists.
//!
//! And "exactly its cell's list": every entry of cell `c`'s list is a live
//! Thing whose cell is `c`, above the entry before it (so no slot is in two
//! lists, nor twice in one), and the lists' lengths add up to the number
//! of live Things (so none is missing).

use super::id::is_live_generation;
use super::links::{Ring, RingLinks};
use super::store::{Store, Things, THING_CAPACITY};
use super::thing::{Thing, ThingKind};
use std::fmt;

/// One invariant of the store.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Invariant {
    /// `write_thing` ran and `rebuild_links` has not.
    LinksFresh,
    /// Slot 0 is all zero.
    SentinelUntouched,
    /// Slots above the high water mark are never used: all zero.
    VirginAboveHighWater,
    /// The slot at the high water mark has been used.
    HighWaterUsed,
    /// Every live Thing has an odd generation (free slots even).
    LiveGenerationOdd,
    /// Every used slot's Thing records its own slot index.
    SlotIndexRight,
    /// A FREE slot is all zero but its (even) generation and free-ring links.
    FreeSlotClean,
    /// The free list: neighbours link back and are FREE; a live Thing is
    /// not on it.
    FreeRingLinked,
    /// The free list's head is 0 iff no slot is FREE, else a FREE slot.
    FreeHeadRight,
    /// The free list holds every used FREE slot.
    FreeRingComplete,
    /// Each kind's set holds exactly the live Things of that kind.
    KindSetRight,
    /// A live Thing's cell is below the cell count.
    CellInRange,
    /// A cell's list holds live Things of that cell, in ascending slot
    /// order, as many as its length says.
    CellListRight,
    /// Every live Thing is in its cell's list.
    CellListComplete,
    /// A parent is a live Thing in the same cell.
    ParentLiveInSameCell,
    /// A root has no sibling links.
    RootHasNoSiblings,
    /// Sibling rings: neighbours link back, and share the parent.
    SiblingRingLinked,
    /// A first child is live and names this Thing as its parent.
    FirstChildRight,
    /// Every child is on its parent's sibling ring.
    ChildrenComplete,
    /// Every live Thing is reached from a root: no parent cycles.
    TreeAcyclic,
    /// The live count matches the Things.
    LenRight,
    /// Canonical form ([`Store::check_canonical`]): the free list runs in
    /// ascending slot order from its head.
    FreeRingInSlotOrder,
}

impl Invariant {
    /// What the invariant says, in words.
    pub const fn describe(self) -> &'static str {
        match self {
            Invariant::LinksFresh => "rings are up to date (rebuild_links ran after write_thing)",
            Invariant::SentinelUntouched => "slot 0 is all zero",
            Invariant::VirginAboveHighWater => "slots above the high water mark are all zero",
            Invariant::HighWaterUsed => "the slot at the high water mark has been used",
            Invariant::LiveGenerationOdd => "a live thing's generation is odd",
            Invariant::SlotIndexRight => "a used slot's thing records its own slot index",
            Invariant::FreeSlotClean => {
                "a free slot holds only its even generation and free-list links"
            }
            Invariant::FreeRingLinked => {
                "free-list neighbours link back and are free; a live thing is not on it"
            }
            Invariant::FreeHeadRight => "the free list's head is a free slot, or 0 when none",
            Invariant::FreeRingComplete => "the free list holds every used free slot",
            Invariant::KindSetRight => "a kind's set holds exactly the live things of that kind",
            Invariant::CellInRange => "a live thing's cell is inside the grid",
            Invariant::CellListRight => {
                "a cell's list holds live things of that cell, in slot order"
            }
            Invariant::CellListComplete => "every live thing is in its cell's list",
            Invariant::ParentLiveInSameCell => "a parent is live and in its child's cell",
            Invariant::RootHasNoSiblings => "a root has no sibling links",
            Invariant::SiblingRingLinked => {
                "sibling-ring neighbours link back and share the parent"
            }
            Invariant::FirstChildRight => "a first child is live and names its parent",
            Invariant::ChildrenComplete => "every child is on its parent's sibling ring",
            Invariant::TreeAcyclic => "every live thing is reached from a root (no cycles)",
            Invariant::LenRight => "the live count matches the things",
            Invariant::FreeRingInSlotOrder => "the free list runs in slot order from its head",
        }
    }
}

/// The first broken invariant found, and where.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct InvariantError {
    /// Which invariant is broken.
    pub invariant: Invariant,
    /// Where: a slot index, or a kind or cell index for head invariants.
    pub at: usize,
}

impl fmt::Display for InvariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "store invariant broken at {}: {}",
            self.at,
            self.invariant.describe()
        )
    }
}

impl std::error::Error for InvariantError {}

fn fail(invariant: Invariant, at: usize) -> Result<(), InvariantError> {
    Err(InvariantError { invariant, at })
}

/// Whether slot `i`'s links on `ring` are in the used range, link back, and
/// lead to a Thing with the same key.
fn ring_linked(
    things: &Things,
    high_water: usize,
    i: usize,
    ring: Ring,
    same_key: impl Fn(&Thing) -> bool,
) -> bool {
    let RingLinks { next, prev } = things[i].links[ring.index()];
    let (next, prev) = (usize::from(next), usize::from(prev));
    let r = ring.index();
    (1..=high_water).contains(&next)
        && (1..=high_water).contains(&prev)
        && usize::from(things[next].links[r].prev) == i
        && usize::from(things[prev].links[r].next) == i
        && same_key(&things[next])
}

/// Length of the ring through `head`, giving up past `limit` members.
fn ring_len(things: &Things, ring: Ring, head: usize, limit: usize) -> usize {
    let mut len = 0;
    let mut at = head;
    loop {
        len += 1;
        at = usize::from(things[at].links[ring.index()].next);
        if at == head || at == 0 || at >= THING_CAPACITY || len > limit {
            return len;
        }
    }
}

impl Store {
    /// Checks every invariant of the store; the error names the first one
    /// broken. See the module doc of [`validate`](self) for the cost.
    pub fn validate(&self) -> Result<(), InvariantError> {
        if self.links_stale {
            return fail(Invariant::LinksFresh, 0);
        }
        let things = &*self.things;
        if things[0] != Thing::default() {
            return fail(Invariant::SentinelUntouched, 0);
        }
        let high_water = usize::from(self.high_water);
        // The only slot above the mark anything writes to is the next one
        // (see the module doc), so that is the one checked.
        if things.get(high_water + 1).is_some_and(|t| !t.is_zero()) {
            return fail(Invariant::VirginAboveHighWater, high_water + 1);
        }
        if high_water > 0 && things[high_water].never_used() {
            return fail(Invariant::HighWaterUsed, high_water);
        }
        let cell_count = self.cells.cell_count();
        let mut free = 0;
        let mut live = 0;
        let mut children = 0;
        for i in 1..=high_water {
            let t = &things[i];
            if t.kind == ThingKind::Free {
                if !ring_linked(things, high_water, i, Ring::Free, |n| {
                    n.kind == ThingKind::Free
                }) {
                    return fail(Invariant::FreeRingLinked, i);
                }
                free += 1;
                let clean = Thing {
                    links: [t.links[0], RingLinks::NONE],
                    ..Thing::freed(i as super::ThingIndex, t.generation)
                };
                if *t != clean || is_live_generation(t.generation) {
                    return fail(Invariant::FreeSlotClean, i);
                }
                continue;
            }
            if t.links[Ring::Free.index()] != RingLinks::NONE {
                return fail(Invariant::FreeRingLinked, i);
            }
            if !self.kinds.contains(t.kind, i as super::ThingIndex) {
                return fail(Invariant::KindSetRight, i);
            }
            live += 1;
            if !is_live_generation(t.generation) {
                return fail(Invariant::LiveGenerationOdd, i);
            }
            if usize::from(t.index) != i {
                return fail(Invariant::SlotIndexRight, i);
            }
            if t.cell.index() >= cell_count {
                return fail(Invariant::CellInRange, i);
            }
            let parent = usize::from(t.parent);
            if parent != 0 {
                let p = things
                    .get(parent)
                    .filter(|p| parent <= high_water && p.is_live());
                if !matches!(p, Some(p) if p.cell == t.cell) {
                    return fail(Invariant::ParentLiveInSameCell, i);
                }
                if !ring_linked(things, high_water, i, Ring::Sibling, |n| {
                    n.parent == t.parent
                }) {
                    return fail(Invariant::SiblingRingLinked, i);
                }
                children += 1;
            } else if t.links[Ring::Sibling.index()] != RingLinks::NONE {
                return fail(Invariant::RootHasNoSiblings, i);
            }
            let first = usize::from(t.first_child);
            if first != 0
                && (first > high_water
                    || !things[first].is_live()
                    || usize::from(things[first].parent) != i)
            {
                return fail(Invariant::FirstChildRight, i);
            }
        }
        if live != self.len {
            return fail(Invariant::LenRight, live);
        }
        // Every live Thing's bit is set (above); no other bit is.
        let in_sets = self.kinds.total();
        if in_sets != live {
            return fail(Invariant::KindSetRight, in_sets);
        }
        let head = usize::from(self.free_head);
        if free == 0 {
            if head != 0 {
                return fail(Invariant::FreeHeadRight, head);
            }
        } else if !(1..=high_water).contains(&head) || things[head].kind != ThingKind::Free {
            return fail(Invariant::FreeHeadRight, head);
        } else if ring_len(things, Ring::Free, head, free) != free {
            return fail(Invariant::FreeRingComplete, head);
        }
        self.validate_cells(live)?;
        self.validate_tree(children, live)
    }

    /// The cell-list half of `validate` (see the module doc), given the
    /// number of live Things counted by the slot pass.
    fn validate_cells(&self, live: usize) -> Result<(), InvariantError> {
        let things = &*self.things;
        let high_water = usize::from(self.high_water);
        let mut in_lists = 0;
        for c in 0..self.cells.cell_count() {
            let len = self.cells.len_of(c);
            let mut walked = 0;
            let mut last = 0;
            for index in self.cells.slots_of(c) {
                let i = usize::from(index);
                let right = i > last
                    && i <= high_water
                    && things[i].is_live()
                    && things[i].cell.index() == c;
                if !right {
                    return fail(Invariant::CellListRight, c);
                }
                last = i;
                walked += 1;
            }
            if walked != len {
                return fail(Invariant::CellListRight, c);
            }
            in_lists += len;
        }
        if in_lists != live {
            return fail(Invariant::CellListComplete, in_lists);
        }
        Ok(())
    }

    /// The tree half of `validate`, given the number of children and of live
    /// Things counted by the slot pass.
    fn validate_tree(&self, children: usize, live: usize) -> Result<(), InvariantError> {
        let things = &*self.things;
        let high_water = usize::from(self.high_water);
        let mut on_sibling_rings = 0;
        let mut reached = 0;
        for i in 1..=high_water {
            let t = &things[i];
            if !t.is_live() {
                continue;
            }
            if t.first_child != 0 {
                on_sibling_rings += ring_len(things, Ring::Sibling, t.first_child.into(), children);
            }
            if t.parent == 0 {
                let root = i as u16;
                let mut node = root;
                while node != 0 && reached <= live {
                    reached += 1;
                    node = self.subtree_next(root, node);
                }
            }
        }
        if on_sibling_rings != children {
            return fail(Invariant::ChildrenComplete, on_sibling_rings);
        }
        if reached != live {
            return fail(Invariant::TreeAcyclic, reached);
        }
        Ok(())
    }
}

#[cfg(test)]
mod unit {
    use super::super::id::CellIndex;
    use super::super::thing::ThingData;
    use super::*;

    /// A store with a hero holding an item and a lone enemy, all valid.
    fn sample() -> (Store, [u16; 3]) {
        let mut store = Store::with_cell_count(8).unwrap();
        let d = ThingData::default();
        let hero = store.spawn(ThingKind::Hero, CellIndex(1), d).unwrap();
        let item = store
            .spawn(ThingKind::Interactable, CellIndex(1), d)
            .unwrap();
        let enemy = store.spawn(ThingKind::Enemy, CellIndex(2), d).unwrap();
        store.attach(item, hero).unwrap();
        assert_eq!(store.validate(), Ok(()));
        (store, [hero.index(), item.index(), enemy.index()])
    }

    fn broken(store: &Store) -> Invariant {
        store
            .validate()
            .expect_err("the store was damaged")
            .invariant
    }

    #[test]
    fn zeroed_store_is_valid_and_rebuild_keeps_it_so() {
        let mut store = Store::new();
        assert_eq!(store.validate(), Ok(()));
        store.rebuild_links();
        assert_eq!(store.validate(), Ok(()));
        assert!(store == Store::new());
    }

    #[test]
    fn damaged_sentinel_is_named() {
        let (mut store, _) = sample();
        store.things[0].links[0].next = 3;
        assert_eq!(broken(&store), Invariant::SentinelUntouched);
    }

    #[test]
    fn live_thing_on_the_free_list_is_named() {
        let (mut store, [hero, ..]) = sample();
        store.things[usize::from(hero)].links[0].next = 3;
        assert_eq!(broken(&store), Invariant::FreeRingLinked);
    }

    #[test]
    fn damaged_free_list_is_named() {
        let (mut store, [hero, item, enemy]) = sample();
        let id = store.id_at(enemy).unwrap();
        store.despawn(id).unwrap();
        let gone = store.id_at(item).unwrap();
        store.despawn(gone).unwrap();
        assert_eq!(store.validate(), Ok(()));
        let mut damaged = store.clone();
        damaged.free_head = hero;
        assert_eq!(broken(&damaged), Invariant::FreeHeadRight);
        let mut damaged = store.clone();
        damaged.things[usize::from(enemy)].links[0] = RingLinks::alone(enemy);
        assert_eq!(broken(&damaged), Invariant::FreeRingLinked);
        // Two closed rings of one member each: linked, but one is lost.
        damaged.things[usize::from(item)].links[0] = RingLinks::alone(item);
        assert_eq!(broken(&damaged), Invariant::FreeRingComplete);
    }

    #[test]
    fn wrong_kind_set_is_named() {
        let (mut store, [hero, item, _]) = sample();
        store.kinds.remove(ThingKind::Hero, hero);
        assert_eq!(broken(&store), Invariant::KindSetRight);
        let (mut store, _) = sample();
        // A bit for a slot that holds nothing of that kind.
        store.kinds.insert(ThingKind::RopeSegment, item);
        assert_eq!(broken(&store), Invariant::KindSetRight);
        let (mut store, _) = sample();
        store.kinds.insert(ThingKind::Enemy, 7);
        assert_eq!(
            broken(&store).describe(),
            Invariant::KindSetRight.describe()
        );
    }

    #[test]
    fn thing_missing_from_its_cell_list_is_named() {
        let (mut store, [.., enemy]) = sample();
        store.cells.remove(CellIndex(2), enemy);
        assert_eq!(broken(&store), Invariant::CellListComplete);
        // In the list of another cell.
        store.cells.insert(CellIndex(3), enemy);
        assert_eq!(broken(&store), Invariant::CellListRight);
    }

    #[test]
    fn cell_list_out_of_order_or_with_extra_slots_is_named() {
        let (mut store, [hero, item, _]) = sample();
        // A free slot in a list.
        let (mut extra, _) = sample();
        extra.cells.insert(CellIndex(1), 7);
        assert_eq!(broken(&extra), Invariant::CellListRight);
        // The same two Things, listed the other way round: take both out
        // and put them back in the wrong order by hand.
        store.cells.remove(CellIndex(1), hero);
        store.cells.remove(CellIndex(1), item);
        store.cells.insert(CellIndex(1), item);
        store.cells.insert(CellIndex(1), hero);
        assert_eq!(store.validate(), Ok(()), "insert keeps slot order");
        assert!(store.cells.swap_first_two_for_tests(CellIndex(1)));
        assert_eq!(broken(&store), Invariant::CellListRight);
    }

    #[test]
    fn changed_cell_field_is_named() {
        let (mut store, [.., enemy]) = sample();
        store.things[usize::from(enemy)].cell = CellIndex(3);
        assert_eq!(broken(&store), Invariant::CellListRight);
        store.things[usize::from(enemy)].cell = CellIndex(9);
        assert_eq!(broken(&store), Invariant::CellInRange);
    }

    #[test]
    fn child_in_another_cell_is_named() {
        let (mut store, [hero, item, enemy]) = sample();
        // Make the enemy (cell 2) a second child of the hero (cell 1), with
        // every tree link symmetric: only the cell rule is broken.
        store.things[usize::from(enemy)].parent = hero;
        store.things[usize::from(enemy)].links[Ring::Sibling.index()] = RingLinks::alone(item);
        store.things[usize::from(item)].links[Ring::Sibling.index()] = RingLinks::alone(enemy);
        assert_eq!(broken(&store), Invariant::ParentLiveInSameCell);
    }

    #[test]
    fn child_missing_from_its_parent_is_named() {
        let (mut store, [hero, ..]) = sample();
        store.things[usize::from(hero)].first_child = 0;
        assert_eq!(broken(&store), Invariant::ChildrenComplete);
    }

    #[test]
    fn parent_cycle_is_named() {
        let (mut store, [hero, item, _]) = sample();
        // Make hero and item each other's parent, links symmetric.
        let h = usize::from(hero);
        store.things[h].parent = item;
        store.things[h].links[Ring::Sibling.index()] = RingLinks::alone(hero);
        store.things[usize::from(item)].first_child = hero;
        assert_eq!(broken(&store), Invariant::TreeAcyclic);
    }

    #[test]
    fn dirty_free_slot_and_wrong_len_are_named() {
        let (mut store, [.., enemy]) = sample();
        let id = store.id_at(enemy).unwrap();
        store.despawn(id).unwrap();
        assert_eq!(store.validate(), Ok(()));
        store.things[usize::from(enemy)].data.route = 4;
        assert_eq!(broken(&store), Invariant::FreeSlotClean);
        let (mut store, _) = sample();
        store.len = 7;
        assert_eq!(broken(&store), Invariant::LenRight);
    }

    #[test]
    fn errors_display_where_and_what() {
        let error = InvariantError {
            invariant: Invariant::TreeAcyclic,
            at: 4,
        };
        assert_eq!(
            error.to_string(),
            "store invariant broken at 4: every live thing is reached from a root (no cycles)"
        );
    }
}
