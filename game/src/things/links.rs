//! Rings: the circular, doubly-linked, intrusive lists that thread the Things.
//!
//! Each Thing carries one [`RingLinks`] pair per [`Ring`]:
//! - `Ring::Free`: the free list, the ring of the used FREE slots, head in
//!   the store's `free_head`: spawning pops its head, despawning pushes the
//!   freed slot as the new head. A live Thing is not on it (its pair is
//!   [`RingLinks::NONE`]). The live kinds are bit sets outside the Things
//!   (see [`kinds`](super::kinds)), not rings: spawn and despawn keep them
//!   with one bit each and they iterate in slot order without a chain of
//!   dependent loads.
//! - `Ring::Sibling`: the children of one parent, head in the parent's
//!   `first_child` (see [`tree`](super::tree)).
//!
//! A Thing alone on its ring links to itself; a Thing on no ring has
//! [`RingLinks::NONE`] (0 = none). Insert and remove are O(1) and touch only
//! the Thing and its two neighbours. Because the lists are circular, iteration
//! can start from any member ([`Store::ring_from`]).
//!
//! Cell membership is not a ring either: it is a dense list per cell
//! outside the Things (see [`cells`](super::cells)).
//!
//! The free list is derived data, like the kind sets and the cell lists:
//! [`Store::rebuild_links`] recomputes them all from each Thing's kind,
//! cell and generation, the free list in ascending slot order — the
//! canonical order (see [`canonical`](super::canonical)), which
//! [`Store::settle`] restores locally after despawns have pushed slots on
//! its front (between settles, spawning reuses the most recently freed
//! slot). Sibling rings are not derived: they are part of the tree the
//! Things themselves record, so snapshots restore them.
//!
//! Every splice lists the slots it writes (the member and its neighbours)
//! in the store's change log, so the undo log knows which Things a step
//! changed.
//!
//! No ring operation can panic or loop forever, even on corrupt links: slot
//! indices are masked into the array and iteration is bounded by the capacity.

use super::changes::ChangeLog;
use super::id::{free_generation, is_live_generation, ThingId, ThingIndex};
use super::kinds::KindIter;
use super::store::{slot, Store, Things, THING_CAPACITY};
use super::thing::{Thing, ThingKind};
use serde::{Deserialize, Serialize};

/// Which ring of a Thing a link pair belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ring {
    /// The free list: used FREE slots (live Things are in kind sets).
    Free = 0,
    /// Children of the same parent.
    Sibling = 1,
}

/// Number of [`Ring`]s each Thing is linked into.
pub const RING_COUNT: usize = 2;

impl Ring {
    /// Position of this ring's links in a Thing.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A Thing's two neighbours on one ring. Both 0 = not on the ring; both the
/// Thing's own index = alone on it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct RingLinks {
    /// The next member; 0 = not on the ring.
    pub next: ThingIndex,
    /// The previous member; 0 = not on the ring.
    pub prev: ThingIndex,
}

impl RingLinks {
    /// Not on the ring.
    pub const NONE: RingLinks = RingLinks { next: 0, prev: 0 };

    /// Alone on the ring: both links point back at `index`.
    pub const fn alone(index: ThingIndex) -> RingLinks {
        RingLinks {
            next: index,
            prev: index,
        }
    }
}

/// Makes room for `new` on the ring whose head is `head` (0 = empty ring),
/// just before the head, i.e. at the end in iteration order: its neighbours
/// now point at it. Returns the links `new` must get; `new`'s own slot is not
/// touched, so a caller writing the whole Thing can put them in directly. The
/// ring's head stays `head`, or becomes `new` if the ring was empty. The
/// neighbours written go into `log`.
#[inline(always)]
pub(super) fn ring_splice_in(
    things: &mut Things,
    log: &mut ChangeLog,
    ring: Ring,
    head: ThingIndex,
    new: ThingIndex,
) -> RingLinks {
    let r = ring.index();
    if head == 0 {
        return RingLinks::alone(new);
    }
    let tail = things[slot(head)].links[r].prev;
    things[slot(tail)].links[r].next = new;
    things[slot(head)].links[r].prev = new;
    log.wrote(tail);
    log.wrote(head);
    RingLinks {
        next: head,
        prev: tail,
    }
}

/// Adds `new` to the ring whose head is `head` (0 = empty ring), at the end
/// in iteration order. Returns the ring's head. Every slot written goes
/// into `log`.
#[inline(always)]
pub(super) fn ring_push(
    things: &mut Things,
    log: &mut ChangeLog,
    ring: Ring,
    head: ThingIndex,
    new: ThingIndex,
) -> ThingIndex {
    let links = ring_splice_in(things, log, ring, head, new);
    things[slot(new)].links[ring.index()] = links;
    log.wrote(new);
    if head == 0 {
        new
    } else {
        head
    }
}

/// Links `member`'s neighbours past it, leaving `member`'s own links as they
/// are (for a caller about to overwrite the whole Thing). Returns the ring's
/// new head (0 if the ring is now empty). The neighbours written go into
/// `log`.
#[inline(always)]
pub(super) fn ring_splice_out(
    things: &mut Things,
    log: &mut ChangeLog,
    ring: Ring,
    head: ThingIndex,
    member: ThingIndex,
) -> ThingIndex {
    let r = ring.index();
    let RingLinks { next, prev } = things[slot(member)].links[r];
    if next == member || next == 0 {
        return if head == member { 0 } else { head };
    }
    things[slot(prev)].links[r].next = next;
    things[slot(next)].links[r].prev = prev;
    log.wrote(prev);
    log.wrote(next);
    if head == member {
        next
    } else {
        head
    }
}

/// Takes `member` off the ring whose head is `head` and clears its links.
/// Returns the ring's new head (0 if the ring is now empty). Every slot
/// written goes into `log`.
#[inline(always)]
pub(super) fn ring_remove(
    things: &mut Things,
    log: &mut ChangeLog,
    ring: Ring,
    head: ThingIndex,
    member: ThingIndex,
) -> ThingIndex {
    let head = ring_splice_out(things, log, ring, head, member);
    things[slot(member)].links[ring.index()] = RingLinks::NONE;
    log.wrote(member);
    head
}

/// Iterator over one ring, from a given member once around, yielding each
/// member's id and Thing. Members of the free ring yield ids that do not
/// resolve. Bounded by the capacity, so corrupt links cannot make it loop.
#[derive(Clone, Debug)]
pub struct RingIter<'a> {
    /// The array being walked.
    things: &'a Things,
    /// Which links to follow.
    ring: Ring,
    /// Where the walk started; reaching it again ends the walk.
    start: ThingIndex,
    /// The member to yield next; 0 = done.
    next: ThingIndex,
    /// Members left before giving up on a corrupt ring.
    budget: usize,
}

impl<'a> RingIter<'a> {
    pub(super) fn new(things: &'a Things, ring: Ring, start: ThingIndex) -> Self {
        RingIter {
            things,
            ring,
            start,
            next: start,
            budget: THING_CAPACITY,
        }
    }
}

impl<'a> Iterator for RingIter<'a> {
    type Item = (ThingId, &'a Thing);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.next == 0 || self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        let index = self.next;
        let thing = &self.things[slot(index)];
        let after = thing.links[self.ring.index()].next;
        self.next = if after == self.start { 0 } else { after };
        Some((ThingId::from_slot(index, thing.generation), thing))
    }
}

impl Store {
    /// Every Thing of `kind`, in ascending slot order (its kind set). For
    /// `Free`, the free list (slots that were used and may be reused next,
    /// in reuse order).
    #[inline]
    pub fn iter_kind(&self, kind: ThingKind) -> KindIter<'_> {
        match kind {
            ThingKind::Free => {
                KindIter::Free(RingIter::new(self.things(), Ring::Free, self.free_head))
            }
            _ => KindIter::Live(self.kinds.iter(kind, self.things(), self.high_water)),
        }
    }

    /// Once around `ring` starting at the live Thing `id` (which comes first);
    /// empty if `id` is stale. A root is alone among its siblings, and a live
    /// Thing alone on `Ring::Free` (it is not on the free list).
    pub fn ring_from(&self, ring: Ring, id: ThingId) -> RingIter<'_> {
        let start = self.resolve(id).unwrap_or(0);
        let iter = RingIter::new(self.things(), ring, start);
        if start != 0 && self.things()[slot(start)].links[ring.index()] == RingLinks::NONE {
            // Not on that ring (a root's siblings): just itself.
            return RingIter { budget: 1, ..iter };
        }
        iter
    }

    /// Recomputes the kind sets, the cell lists and the free list from the
    /// Things' own kind, cell and generation (after `write_thing`: setting up
    /// a level, loading, restoring a whole state). Each comes out in
    /// ascending slot order: the canonical form. The change log loses track
    /// (any slot may have changed).
    ///
    /// Also: resets the sentinel slot 0, clears every FREE slot to the empty
    /// value (keeping its generation, bumped to even if it was written odd,
    /// so no id can resolve it), zeroes the slots above the high water mark,
    /// and recounts the live Things and the high water mark. Tree links are
    /// left as the Things hold them; a live Thing whose cell is out of range
    /// stays off every cell list, and `validate` reports both kinds of
    /// damage. O(capacity + cells).
    pub fn rebuild_links(&mut self) {
        // Any slot may change here: the change log stops listing slots.
        self.changes.lose_track();
        let log = &mut self.changes;
        let things = &mut *self.things;
        things[0] = Thing::default();
        let high_water = (1..THING_CAPACITY)
            .rev()
            .find(|&i| !things[i].never_used())
            .unwrap_or(0);
        things[high_water + 1..].fill(Thing::default());
        self.kinds.clear();
        self.free_head = 0;
        let mut live = 0;
        for i in 1..=high_water {
            let index = i as ThingIndex;
            let thing = &mut things[i];
            if !thing.never_used() {
                thing.index = index;
            }
            thing.links[Ring::Free.index()] = RingLinks::NONE;
            let kind = thing.kind;
            if kind == ThingKind::Free {
                let generation = match thing.generation {
                    g if is_live_generation(g) => free_generation(g),
                    g => g,
                };
                *thing = Thing::freed(index, generation);
                self.free_head = ring_push(things, log, Ring::Free, self.free_head, index);
            } else {
                self.kinds.insert(kind, index);
                live += 1;
            }
        }
        // The lists at once, each in slot order (one by one, every insert
        // would walk its cell's list again).
        let live_cells = || {
            things[1..=high_water]
                .iter()
                .filter(|t| t.is_live())
                .map(|t| (t.cell, t.index))
        };
        self.cells.rebuild(live_cells);
        self.high_water = high_water as ThingIndex;
        self.len = live;
        self.links_stale = false;
    }
}

#[cfg(test)]
mod unit {
    use super::*;

    fn empty_things() -> Box<Things> {
        Store::new().things.clone()
    }

    fn walk(things: &Things, ring: Ring, head: ThingIndex) -> Vec<ThingIndex> {
        RingIter::new(things, ring, head)
            .map(|(id, _)| id.index())
            .collect()
    }

    #[test]
    fn push_builds_a_ring_in_insertion_order_and_alone_links_to_itself() {
        let mut things = empty_things();
        let mut log = ChangeLog::default();
        let mut head = ring_push(&mut things, &mut log, Ring::Free, 0, 5);
        assert_eq!(things[5].links[0], RingLinks::alone(5));
        head = ring_push(&mut things, &mut log, Ring::Free, head, 9);
        head = ring_push(&mut things, &mut log, Ring::Free, head, 2);
        assert_eq!(head, 5);
        assert_eq!(walk(&things, Ring::Free, head), vec![5, 9, 2]);
        assert_eq!(walk(&things, Ring::Free, 9), vec![9, 2, 5]);
        assert_eq!(things[5].links[0].prev, 2);
    }

    #[test]
    fn remove_unlinks_middle_head_and_last_member() {
        let mut things = empty_things();
        let mut log = ChangeLog::default();
        let mut head = 0;
        for i in [3, 4, 7] {
            head = ring_push(&mut things, &mut log, Ring::Sibling, head, i);
        }
        head = ring_remove(&mut things, &mut log, Ring::Sibling, head, 4);
        assert_eq!(walk(&things, Ring::Sibling, head), vec![3, 7]);
        assert_eq!(things[4].links[1], RingLinks::NONE);
        head = ring_remove(&mut things, &mut log, Ring::Sibling, head, 3);
        assert_eq!(head, 7);
        assert_eq!(things[7].links[1], RingLinks::alone(7));
        head = ring_remove(&mut things, &mut log, Ring::Sibling, head, 7);
        assert_eq!(head, 0);
        assert_eq!(walk(&things, Ring::Sibling, head), Vec::<ThingIndex>::new());
    }

    #[test]
    fn iteration_over_a_corrupt_ring_stops() {
        let mut things = empty_things();
        // 1 -> 2 -> 2 -> ... never returns to 1.
        things[1].links[0] = RingLinks { next: 2, prev: 2 };
        things[2].links[0] = RingLinks::alone(2);
        assert_eq!(
            RingIter::new(&things, Ring::Free, 1).count(),
            THING_CAPACITY
        );
    }
}
