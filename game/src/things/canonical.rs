//! The canonical form of a store, and keeping it in O(changed) time.
//!
//! Canonical: the free ring runs in ascending slot order from its head, so
//! the head is its lowest slot (the kind sets and the cell lists, outside
//! the Things, are in slot order by construction: see
//! [`kinds`](super::kinds) and [`cells`](super::cells)); FREE slots are
//! clean; slots above the high water mark are all zero. It is exactly what [`Store::rebuild_links`] makes of any Things,
//! so two canonical stores with the same Things' contents (kind, cell,
//! tree, payload, generation) are equal byte for byte — the property the
//! undo log, saves and state hashes rely on (`docs/DATA-STRUCTURES.md`,
//! "Undo"). Sibling rings are not derived (they record attach
//! order, part of the state) and are not touched here.
//!
//! Slot order is the one order that local splices can keep: a Thing's place
//! on a ring depends only on which slots are on it, not on history. Three
//! operations keep or check it without an O(capacity) pass:
//! - [`Store::settle`], after a sequence of ordinary calls (an action's
//!   events): despawn pushes a slot on the front of the free ring; the
//!   change log lists those slots, and settle takes each off the ring and
//!   splices it back in at its place in slot order. Every other slot is
//!   still in order: splicing a member out keeps the rest of a ring sorted.
//! - [`Store::exchange`], undo and redo: the snapshots of a step are the
//!   *whole* Things by which one canonical state differs from another, ring
//!   links included, so writing them back gives the other state's Things
//!   exactly; only the free list's head, the kind sets (a bit per written
//!   slot), the cell lists (a written slot that changed cell, or came or
//!   went, leaves one list and joins another), the live count and the
//!   high water mark need working out, and the free list's new head is
//!   either its old head or a written slot whose `prev` link wraps (is not
//!   below it).
//! - [`Store::check_canonical`]: every free-ring member's `next` is above it
//!   or is the head. Together with [`Store::validate`] (rings are single
//!   closed cycles, cell lists ascend) that is exactly "sorted from the
//!   head".
//!
//! Costs: settle is O(slots relinked × distance in slot order to the
//! nearest FREE slot), O(1) per slot in practice (a ring's end is found at
//! once, segments of one rope are neighbours in slot order); exchange is
//! O(snapshots × Things in their cells + slots vacated at the top);
//! check_canonical is O(high water).

use super::changes::FREE_RING;
use super::id::ThingIndex;
use super::links::{ring_remove, Ring, RingLinks};
use super::store::{slot, Store, THING_CAPACITY};
use super::thing::{Thing, ThingKind};
use super::validate::{Invariant, InvariantError};

impl Store {
    /// Puts back in slot order every slot that despawn pushed on the free
    /// list since the last settle, so the
    /// store is canonical again (see the module doc) — what
    /// [`Store::rebuild_links`] would give, for the work of the slots that
    /// moved. Every slot written goes into the change log. Without a
    /// change log that knows those slots (off, or lost track) this is
    /// `rebuild_links`.
    pub fn settle(&mut self) {
        if self.links_stale || !self.changes.recording() {
            self.rebuild_links();
            return;
        }
        if !self.changes.has_relinked() {
            return;
        }
        let order = self.changes.take_relinked();
        // Off the ring first, so that it holds only members in slot order.
        for &index in &order {
            let marks = self.changes.ring_marks(index);
            let on_free = self.things[slot(index)].links[Ring::Free.index()] != RingLinks::NONE;
            let things = &mut *self.things;
            let log = &mut self.changes;
            if marks & FREE_RING != 0 && on_free {
                self.free_head = ring_remove(things, log, Ring::Free, self.free_head, index);
            }
        }
        // Then back on, lowest slot first: every member below the one being
        // placed is on its ring again, every one above it that is still
        // marked is not.
        for &index in &order {
            let marks = self.changes.ring_marks(index);
            let t = self.things[slot(index)];
            if marks & FREE_RING != 0 {
                // Pushed on the free list, and maybe taken again by a spawn
                // since (then it is on no ring).
                if t.kind == ThingKind::Free && !t.never_used() {
                    self.free_head = self.insert_in_free_order(self.free_head, index);
                }
                self.changes.settled(index, FREE_RING);
            }
        }
        self.changes.return_list(order);
    }

    /// Splices the FREE slot `index` (off the free list) into the free list
    /// whose head is `head`, at its place in slot order. Returns the new
    /// head. Finds the place by looking at the slots next to `index` for the
    /// nearest FREE one, below or above (above: not still waiting to be
    /// settled); the list's ends are checked first.
    fn insert_in_free_order(&mut self, head: ThingIndex, index: ThingIndex) -> ThingIndex {
        let r = Ring::Free.index();
        if head == 0 {
            self.link_between(Ring::Free, index, index, index);
            return index;
        }
        let things = &self.things;
        let kind = ThingKind::Free;
        let tail = things[slot(head)].links[r].prev;
        let (mut prev, mut next) = (tail, head);
        if head < index && index < tail {
            // head < below < index < above < tail: both walks stay inside
            // the ring's range, and meet a member at the latest at its ends.
            let (mut below, mut above) = (index - 1, index + 1);
            loop {
                if things[slot(below)].kind == kind {
                    (prev, next) = (below, things[slot(below)].links[r].next);
                    break;
                }
                if things[slot(above)].kind == kind && !self.changes_pending(above, FREE_RING) {
                    (prev, next) = (things[slot(above)].links[r].prev, above);
                    break;
                }
                if below <= head && above >= tail {
                    // Only a corrupt ring gets here; validate will say so.
                    break;
                }
                below = below.saturating_sub(1).max(head);
                above = above.saturating_add(1).min(tail);
            }
        }
        self.link_between(Ring::Free, prev, index, next);
        if index < head {
            index
        } else {
            head
        }
    }

    /// Links `index` between `prev` and `next` on `ring` (all three the same
    /// slot: alone on it), logging the slots written.
    fn link_between(&mut self, ring: Ring, prev: ThingIndex, index: ThingIndex, next: ThingIndex) {
        let r = ring.index();
        let things = &mut *self.things;
        things[slot(prev)].links[r].next = index;
        things[slot(next)].links[r].prev = index;
        things[slot(index)].links[r] = RingLinks { next, prev };
        self.changes.wrote(prev);
        self.changes.wrote(next);
        self.changes.wrote(index);
    }

    /// Whether `index` is off the ring `ring` until settle puts it back.
    fn changes_pending(&self, index: ThingIndex, ring: u8) -> bool {
        self.changes.ring_marks(index) & ring != 0
    }

    /// Writes each snapshot into the slot it names, and puts the value it
    /// replaced in its place (a slot never used before gives
    /// [`Thing::vacant`]): undo and redo of one step. Ring links are taken
    /// as written, so the snapshots must be every slot by which the store's
    /// canonical state differs from another canonical state (an undo step's
    /// snapshots are); then the result is that state, and only the free
    /// list's head, the kind sets, the cell lists of the written slots, the
    /// live count and the high water mark are worked out (see the module
    /// doc). Other snapshots give a store that `validate` or
    /// `check_canonical` reports. O(snapshots), plus the slots given back
    /// at the top when the high water mark falls.
    ///
    /// Not logged in the change log: the undo log keeps its own record of
    /// these slots. If the links are stale or moves are waiting for settle,
    /// it writes the snapshots and rebuilds the rings instead.
    pub fn exchange(&mut self, snapshots: &mut [Thing]) {
        if self.links_stale || self.changes.has_relinked() {
            for snapshot in snapshots.iter_mut() {
                let i = usize::from(snapshot.index);
                let Some(&current) = self.things.get(i) else {
                    continue;
                };
                if self.write_thing(i, *snapshot).is_ok() {
                    *snapshot = if usize::from(current.index) == i {
                        current
                    } else {
                        Thing::vacant(i as ThingIndex)
                    };
                }
            }
            self.rebuild_links();
            return;
        }
        let mut high_water = usize::from(self.high_water);
        // The old values give up the head, sets and lists they held; the
        // new ones go in.
        for snapshot in snapshots.iter_mut() {
            let i = usize::from(snapshot.index);
            if i == 0 || i >= THING_CAPACITY {
                debug_assert!(false, "a snapshot names slot {i}");
                continue;
            }
            let old = self.things[i];
            let index = i as ThingIndex;
            let new = if snapshot.never_used() {
                Thing::default()
            } else {
                Thing { index, ..*snapshot }
            };
            // Same cell before and after: the lists need no change.
            let stays = old.is_live() && new.is_live() && old.cell == new.cell;
            if old.is_live() {
                self.kinds.remove(old.kind, index);
                if !stays {
                    self.cells.remove(old.cell, index);
                }
                self.len = self.len.saturating_sub(1);
            } else if !old.never_used() && self.free_head == index {
                self.free_head = 0;
            }
            self.things[i] = new;
            if new.is_live() {
                self.kinds.insert(new.kind, index);
                if !stays {
                    self.cells.insert(new.cell, index);
                }
                self.len += 1;
            }
            if !new.never_used() {
                high_water = high_water.max(i);
            }
            *snapshot = if old.index == index {
                old
            } else {
                Thing::vacant(index)
            };
        }
        // The free list's lowest member is the one whose `prev` wraps
        // round; if that is not a written slot, the old head is still the
        // head.
        for snapshot in snapshots.iter() {
            let i = usize::from(snapshot.index);
            let t = &self.things[i & (THING_CAPACITY - 1)];
            if t.never_used() || i == 0 {
                continue;
            }
            let index = i as ThingIndex;
            if !t.is_live() && t.links[Ring::Free.index()].prev >= index {
                self.free_head = index;
            }
        }
        // Slots given back at the top (a spawn into fresh slots undone).
        while high_water > 0 && self.things[high_water].never_used() {
            high_water -= 1;
        }
        self.high_water = high_water as ThingIndex;
    }

    /// Checks that the store is canonical (see the module doc): on the free
    /// ring, each member's `next` is above it or is the ring's head (the
    /// cell lists' order is part of what `validate` checks). Meaningful on a
    /// store `validate` accepts (whose rings are closed cycles); the error
    /// names the first slot out of order. O(high water).
    pub fn check_canonical(&self) -> Result<(), InvariantError> {
        let things = &*self.things;
        let in_order =
            |i: usize, next: ThingIndex, head: ThingIndex| usize::from(next) > i || next == head;
        for (i, t) in things
            .iter()
            .enumerate()
            .take(usize::from(self.high_water) + 1)
            .skip(1)
        {
            if t.never_used() {
                continue;
            }
            if !t.is_live() && !in_order(i, t.links[Ring::Free.index()].next, self.free_head) {
                return Err(InvariantError {
                    invariant: Invariant::FreeRingInSlotOrder,
                    at: i,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod unit {
    use super::super::id::{CellIndex, ThingId};
    use super::super::thing::ThingData;
    use super::*;
    use crate::rng::SplitMix64 as Rng;

    const CELLS: usize = 24;

    fn rebuilt(store: &Store) -> Store {
        let mut copy = store.clone();
        copy.rebuild_links();
        copy
    }

    /// A canonical store of a few hundred Things, trees and free slots
    /// among them, with its change log on.
    fn canonical_store(seed: u64) -> (Store, Vec<ThingId>) {
        let mut rng = Rng::new(seed);
        let mut store = Store::with_cell_count(CELLS).expect("cells");
        let mut ids = Vec::new();
        for _ in 0..300 {
            let kind = ThingKind::ALL[1 + rng.below(4)];
            let cell = CellIndex(rng.below(CELLS) as u16);
            ids.push(store.spawn(kind, cell, ThingData::default()).expect("room"));
        }
        for _ in 0..100 {
            let (a, b) = (ids[rng.below(ids.len())], ids[rng.below(ids.len())]);
            let _ = store.attach(a, b);
        }
        for _ in 0..60 {
            let _ = store.despawn(ids[rng.below(ids.len())]);
        }
        store.rebuild_links();
        store.track_changes();
        ids.retain(|&id| store.contains(id));
        (store, ids)
    }

    /// A few random calls, as an action's events make them.
    fn random_calls(store: &mut Store, ids: &mut Vec<ThingId>, rng: &mut Rng, calls: usize) {
        for _ in 0..calls {
            let pick = |rng: &mut Rng, ids: &[ThingId]| ids[rng.below(ids.len())];
            match rng.below(6) {
                0 => {
                    let kind = ThingKind::ALL[1 + rng.below(4)];
                    let cell = CellIndex(rng.below(CELLS) as u16);
                    if let Ok(id) = store.spawn(kind, cell, ThingData::default()) {
                        ids.push(id);
                    }
                }
                1 if ids.len() > 10 => {
                    let id = ids.swap_remove(rng.below(ids.len()));
                    store.despawn(id).expect("live");
                }
                2 => {
                    let _ = store.place_in_cell(pick(rng, ids), CellIndex(rng.below(CELLS) as u16));
                }
                3 => {
                    let _ = store.attach(pick(rng, ids), pick(rng, ids));
                }
                4 => {
                    let _ = store.detach(pick(rng, ids));
                }
                _ => {
                    if let Some(d) = store.data_mut(pick(rng, ids)) {
                        d.route_step += 1;
                    }
                }
            }
        }
    }

    #[test]
    fn settle_gives_what_a_rebuild_gives_and_logs_every_slot_that_changed() {
        let mut rng = Rng::new(0x5e77_1e00);
        for round in 0..200 {
            let (mut store, mut ids) = canonical_store(round);
            assert_eq!(store.check_canonical(), Ok(()));
            let before = store.clone();
            let calls = 1 + rng.below(12);
            random_calls(&mut store, &mut ids, &mut rng, calls);
            store.settle();
            assert_eq!(store.validate(), Ok(()), "round {round}");
            assert_eq!(store.check_canonical(), Ok(()), "round {round}");
            assert!(store == rebuilt(&store), "round {round}: not canonical");
            let logged = store.changed_slots().expect("recording").to_vec();
            for i in 1..THING_CAPACITY {
                if store.things()[i] != before.things()[i] {
                    assert!(
                        logged.contains(&(i as ThingIndex)),
                        "round {round}: slot {i} changed unlogged"
                    );
                }
            }
        }
    }

    #[test]
    fn exchange_takes_a_canonical_store_to_another_and_back() {
        let mut rng = Rng::new(0xe8c4_a9e0);
        for round in 0..200 {
            let (mut store, mut ids) = canonical_store(1000 + round);
            let before = store.clone();
            let calls = 1 + rng.below(12);
            random_calls(&mut store, &mut ids, &mut rng, calls);
            store.settle();
            let after = store.clone();
            // The step: whole befores of the slots that differ.
            let mut snapshots: Vec<Thing> = (1..THING_CAPACITY)
                .filter(|&i| after.things()[i] != before.things()[i])
                .map(|i| {
                    let t = before.things()[i];
                    if t.never_used() {
                        Thing::vacant(i as ThingIndex)
                    } else {
                        t
                    }
                })
                .collect();
            store.exchange(&mut snapshots);
            assert!(store == before, "round {round}: undo");
            assert_eq!(store.validate(), Ok(()));
            store.exchange(&mut snapshots);
            assert!(store == after, "round {round}: redo");
            assert_eq!(store.check_canonical(), Ok(()));
        }
    }

    #[test]
    fn snapshots_out_of_slot_order_give_a_store_check_canonical_names() {
        let mut store = Store::with_cell_count(4).expect("cells");
        let ids: Vec<ThingId> = (0..3)
            .map(|_| {
                store
                    .spawn(ThingKind::Enemy, CellIndex(2), ThingData::default())
                    .unwrap()
            })
            .collect();
        for id in ids {
            store.despawn(id).unwrap();
        }
        store.settle();
        store.track_changes();
        assert_eq!(store.check_canonical(), Ok(()));
        // The same three free slots, their ring turned round: 1 → 3 → 2.
        let mut snapshots: Vec<Thing> = store.things()[1..=3].to_vec();
        let ring = |next, prev| RingLinks { next, prev };
        snapshots[0].links[Ring::Free.index()] = ring(3, 2);
        snapshots[1].links[Ring::Free.index()] = ring(1, 3);
        snapshots[2].links[Ring::Free.index()] = ring(2, 1);
        store.exchange(&mut snapshots);
        assert_eq!(store.validate(), Ok(()), "a closed, consistent ring");
        assert_eq!(
            store.check_canonical().map_err(|e| e.invariant),
            Err(Invariant::FreeRingInSlotOrder)
        );
        // Exchanging back gives the canonical store again.
        store.exchange(&mut snapshots);
        assert_eq!(store.check_canonical(), Ok(()));
        assert!(store == rebuilt(&store));
    }

    #[test]
    fn moves_keep_cell_lists_in_order_and_the_free_ring_waits_for_settle() {
        let mut store = Store::with_cell_count(4).expect("cells");
        let d = ThingData::default();
        let a = store.spawn(ThingKind::Hero, CellIndex(1), d).unwrap();
        let b = store.spawn(ThingKind::Hero, CellIndex(2), d).unwrap();
        let c = store.spawn(ThingKind::Hero, CellIndex(1), d).unwrap();
        assert_eq!(store.check_canonical(), Ok(()), "spawned in slot order");
        // Moving a into cell 1 again after c puts it back before c: the
        // list is in slot order without a settle.
        store.place_in_cell(a, CellIndex(3)).unwrap();
        store.place_in_cell(a, CellIndex(1)).unwrap();
        let in_cell: Vec<ThingId> = store.iter_cell(CellIndex(1)).map(|(id, _)| id).collect();
        assert_eq!(in_cell, vec![a, c]);
        assert_eq!(store.check_canonical(), Ok(()));
        assert!(store == rebuilt(&store));
        // The free ring is a stack until settled.
        store.despawn(a).unwrap();
        store.despawn(b).unwrap();
        assert_eq!(
            store.check_canonical().map_err(|e| e.invariant),
            Err(Invariant::FreeRingInSlotOrder)
        );
        store.settle();
        assert_eq!(store.check_canonical(), Ok(()));
        assert_eq!(store.validate(), Ok(()));
    }
}
