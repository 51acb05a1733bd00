//! Kind sets: which slots hold a live Thing of each kind, one bit per slot
//! per live kind, outside the Things.
//!
//! They are sets rather than per-kind rings through the Things:
//! - membership is a bit, so spawn and despawn set or clear one bit instead
//!   of splicing a ring (no neighbouring Thing is written);
//! - iteration reads the set a word at a time and yields the members in
//!   ascending slot order, which is the canonical order by construction:
//!   nothing has to be put back in order after a spawn, and the loads of
//!   the Things do not depend on each other (a ring walk's do), so they
//!   overlap;
//! - they are derived data: [`Store::rebuild_links`](super::Store::rebuild_links)
//!   recomputes them from each Thing's kind, spawn, despawn and
//!   [`Store::exchange`](super::Store::exchange) keep them, and no Thing
//!   holds any of it, so undo snapshots and saves do not carry it.
//!
//! Size: 4 live kinds × 16384 bits = 8 KiB, boxed. All zero (no Thing of
//! any kind) is the empty store's value. `FREE` has no set: free slots are
//! threaded on the free list (see [`links`](super::links)).
//!
//! Invariant (checked by [`Store::validate`](super::Store::validate)): bit
//! `i` of kind `k`'s set is on iff slot `i` holds a live Thing of kind `k`.

use super::id::{ThingId, ThingIndex};
use super::links::RingIter;
use super::store::{slot, Things, THING_CAPACITY};
use super::thing::{Thing, ThingKind, KIND_COUNT};

/// Bits in one word of a set.
const WORD_BITS: usize = u64::BITS as usize;
/// Words in one kind's set: one bit per slot.
const WORDS: usize = THING_CAPACITY / WORD_BITS;
/// Kinds with a set: every kind but `Free`.
const LIVE_KINDS: usize = KIND_COUNT - 1;

const _: () = assert!(THING_CAPACITY.is_multiple_of(WORD_BITS));

/// One set of slots per live kind. See the module doc.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct KindSets {
    /// `words[k - 1]`: the set of kind `k` (`ThingKind::index`), slot `i`
    /// at bit `i % 64` of word `i / 64`.
    words: Box<[[u64; WORDS]; LIVE_KINDS]>,
}

impl Default for KindSets {
    fn default() -> Self {
        KindSets {
            words: Box::new([[0; WORDS]; LIVE_KINDS]),
        }
    }
}

/// Where slot `index` is in a set: (word, bit mask).
#[inline(always)]
fn place(index: ThingIndex) -> (usize, u64) {
    let i = slot(index);
    (i / WORD_BITS, 1 << (i % WORD_BITS))
}

impl KindSets {
    /// The set of `kind`; `None` for `Free`.
    #[inline(always)]
    fn set(&self, kind: ThingKind) -> Option<&[u64; WORDS]> {
        self.words.get(kind.index().checked_sub(1)?)
    }

    #[inline(always)]
    fn set_mut(&mut self, kind: ThingKind) -> Option<&mut [u64; WORDS]> {
        self.words.get_mut(kind.index().checked_sub(1)?)
    }

    /// Puts slot `index` in `kind`'s set (nothing for `Free`).
    #[inline(always)]
    pub(super) fn insert(&mut self, kind: ThingKind, index: ThingIndex) {
        let (word, bit) = place(index);
        if let Some(set) = self.set_mut(kind) {
            set[word] |= bit;
        }
    }

    /// Takes slot `index` out of `kind`'s set (nothing for `Free`).
    #[inline(always)]
    pub(super) fn remove(&mut self, kind: ThingKind, index: ThingIndex) {
        let (word, bit) = place(index);
        if let Some(set) = self.set_mut(kind) {
            set[word] &= !bit;
        }
    }

    /// Whether slot `index` is in `kind`'s set (never for `Free`).
    pub(super) fn contains(&self, kind: ThingKind, index: ThingIndex) -> bool {
        let (word, bit) = place(index);
        self.set(kind).is_some_and(|set| set[word] & bit != 0)
    }

    /// How many slots the sets hold, all kinds together.
    pub(super) fn total(&self) -> usize {
        self.words
            .iter()
            .flatten()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// Empties every set.
    pub(super) fn clear(&mut self) {
        for set in self.words.iter_mut() {
            set.fill(0);
        }
    }

    /// The members of `kind`'s set, in ascending slot order, with their
    /// Things in `things`; empty for `Free`. Only the words of slots up to
    /// `high_water` (every slot ever used) are read: a stage of a few dozen
    /// Things scans one word, not all 256.
    pub(super) fn iter<'a>(
        &'a self,
        kind: ThingKind,
        things: &'a Things,
        high_water: ThingIndex,
    ) -> SetIter<'a> {
        let used = (usize::from(high_water) / WORD_BITS + 1).min(WORDS);
        let words: &[u64] = self.set(kind).map_or(&[], |set| &set[..used]);
        SetIter {
            things,
            bits: words.first().copied().unwrap_or(0),
            words,
            at: 0,
        }
    }
}

/// Iterator over one kind's set: each member's id and Thing, in ascending
/// slot order.
#[derive(Clone, Debug)]
pub struct SetIter<'a> {
    /// The array the members live in.
    things: &'a Things,
    /// The kind's set (empty: no members).
    words: &'a [u64],
    /// The word `bits` came from.
    at: usize,
    /// The members of word `at` not yielded yet.
    bits: u64,
}

/// The id and Thing of slot `i` (the kind sets' and the cell lists'
/// iterators yield these).
#[inline(always)]
pub(super) fn member(things: &Things, i: usize) -> (ThingId, &Thing) {
    let thing = &things[i & (THING_CAPACITY - 1)];
    (ThingId::from_slot(i as ThingIndex, thing.generation), thing)
}

impl<'a> Iterator for SetIter<'a> {
    type Item = (ThingId, &'a Thing);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        while self.bits == 0 {
            self.at += 1;
            self.bits = *self.words.get(self.at)?;
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(member(self.things, self.at * WORD_BITS + bit))
    }

    /// A word at a time: the loop the compiler sees has no state carried
    /// between members but the bits left in the word.
    #[inline]
    fn fold<B, F>(self, init: B, mut f: F) -> B
    where
        F: FnMut(B, Self::Item) -> B,
    {
        let mut acc = init;
        let mut bits = self.bits;
        let mut at = self.at;
        loop {
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                acc = f(acc, member(self.things, at * WORD_BITS + bit));
            }
            at += 1;
            match self.words.get(at) {
                Some(&word) => bits = word,
                None => return acc,
            }
        }
    }
}

/// Iterator over the Things of one kind ([`Store::iter_kind`](super::Store::iter_kind)):
/// a live kind's set in ascending slot order, or the free list.
#[derive(Clone, Debug)]
pub enum KindIter<'a> {
    /// A live kind: its set.
    Live(SetIter<'a>),
    /// `Free`: the free list, in reuse order.
    Free(RingIter<'a>),
}

impl<'a> Iterator for KindIter<'a> {
    type Item = (ThingId, &'a Thing);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            KindIter::Live(set) => set.next(),
            KindIter::Free(ring) => ring.next(),
        }
    }

    #[inline]
    fn fold<B, F>(self, init: B, f: F) -> B
    where
        F: FnMut(B, Self::Item) -> B,
    {
        match self {
            KindIter::Live(set) => set.fold(init, f),
            KindIter::Free(ring) => ring.fold(init, f),
        }
    }
}

#[cfg(test)]
mod unit {
    use super::*;

    fn things() -> Box<Things> {
        super::super::Store::new().things.clone()
    }

    #[test]
    fn members_come_out_in_slot_order_whatever_the_insert_order() {
        let things = things();
        let mut sets = KindSets::default();
        for i in [700, 3, 64, 63, 16383, 1, 128] {
            sets.insert(ThingKind::Enemy, i);
        }
        sets.insert(ThingKind::Hero, 5);
        let enemies: Vec<u16> = sets
            .iter(ThingKind::Enemy, &things, 16383)
            .map(|(id, _)| id.index())
            .collect();
        assert_eq!(enemies, vec![1, 3, 63, 64, 128, 700, 16383]);
        // fold visits the same members as next.
        let folded =
            sets.iter(ThingKind::Enemy, &things, 16383)
                .fold(Vec::new(), |mut v, (id, _)| {
                    v.push(id.index());
                    v
                });
        assert_eq!(folded, enemies);
        assert_eq!(sets.total(), 8);
        sets.remove(ThingKind::Enemy, 64);
        assert!(!sets.contains(ThingKind::Enemy, 64));
        assert!(sets.contains(ThingKind::Hero, 5));
        assert!(!sets.contains(ThingKind::Enemy, 5));
        assert_eq!(sets.iter(ThingKind::Enemy, &things, 16383).count(), 6);
        // Only the words up to the high-water mark are read: nothing above
        // slot 130 was ever used, so 700 and 16383 are not looked at.
        let low: Vec<u16> = sets
            .iter(ThingKind::Enemy, &things, 130)
            .map(|(id, _)| id.index())
            .collect();
        assert_eq!(low, vec![1, 3, 63, 128]);
    }

    #[test]
    fn free_has_no_set_and_clear_empties_all() {
        let things = things();
        let mut sets = KindSets::default();
        sets.insert(ThingKind::Free, 9);
        assert_eq!(sets.total(), 0);
        assert!(!sets.contains(ThingKind::Free, 9));
        assert_eq!(sets.iter(ThingKind::Free, &things, 16383).count(), 0);
        sets.insert(ThingKind::RopeSegment, 9);
        sets.clear();
        assert!(sets == KindSets::default());
        assert_eq!(sets.iter(ThingKind::RopeSegment, &things, 16383).count(), 0);
    }
}
