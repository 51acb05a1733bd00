//! Cell lists: which live Things are in each grid cell, outside the Things.
//!
//! The lists are not intrusive rings through the Things: a ring per cell
//! would make a spawn splice Things scattered over the 640 KiB array, undo
//! snapshots carry the neighbours a splice wrote, and iterating a cell a
//! chain of dependent loads (the next index in the Thing just read).
//! Instead each cell has a dense list of slot indices in ascending slot
//! order:
//! - the order is the canonical one by construction, so nothing has to be
//!   put back in order after a spawn or a move (`settle` keeps only the
//!   free list);
//! - iterating a cell reads contiguous `u16`s and the Things they name,
//!   loads that do not depend on each other;
//! - it is derived data, like the kind sets:
//!   [`Store::rebuild_links`](super::Store::rebuild_links) recomputes it
//!   from each Thing's cell, spawn, despawn, moves and
//!   [`Store::exchange`](super::Store::exchange) keep it, and no Thing,
//!   undo snapshot or save holds any of it.
//!
//! Layout: one flat pool of 32-byte chunks, each holding up to
//! [`CHUNK_SLOTS`] slot indices and the index of the cell's next chunk;
//! per cell, its length and its first chunk (4 bytes; 64 KiB at 128 × 128
//! cells). A cell's list fills its chunks in order, every chunk full but
//! the last, so the length says how many entries each chunk holds. Freed
//! chunks go on a stack through their `next` and are reused before the
//! pool grows: no allocation once a stage has reached its largest spread,
//! and no heap block per cell (the store is `Clone`). The pool never holds
//! more chunks than there are live Things, so chunk indices fit a `u16`.
//!
//! Costs: inserting or removing a slot is O(Things in the cell) (a search
//! and a shift, across chunks for a cell of more than 15 Things; the
//! search passes a full chunk on its last entry); a cell of up to 15
//! Things is one chunk. `rebuild_links` builds every list at once
//! (`CellLists::rebuild`), O(cells + Things), however crowded a cell.
//! Equality compares the lists, not the chunk numbers, which depend on
//! history.
//!
//! Nothing here can panic or loop on corrupt data: chunk indices are
//! looked up with `get`, walks are bounded by the cell's length, and
//! [`Store::validate`](super::Store::validate) checks every list against
//! the Things.

use super::id::{CellIndex, ThingId, ThingIndex};
use super::kinds::member;
use super::store::{Store, Things};
use super::thing::Thing;

/// Slot indices one chunk holds.
pub const CHUNK_SLOTS: usize = 15;

/// Up to `CHUNK_SLOTS` slot indices of one cell, and where the cell's list
/// goes on. 32 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[repr(C, align(32))]
struct Chunk {
    /// The entries, in ascending slot order; only the first
    /// `min(left, CHUNK_SLOTS)` mean something.
    slots: [ThingIndex; CHUNK_SLOTS],
    /// The cell's next chunk (the next free chunk, for a free one); 0 =
    /// none (chunk 0 is a sentinel, never used).
    next: u16,
}

/// One cell's list: how many entries, and its first chunk (0 when empty)
/// — or, for a list of one, that entry itself (a cell holding one Thing,
/// the common case, uses no chunk).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct CellList {
    len: u16,
    first: u16,
}

impl CellList {
    /// The list of the one slot `index`.
    const fn one(index: ThingIndex) -> CellList {
        CellList {
            len: 1,
            first: index,
        }
    }
}

/// Every cell's list. See the module doc.
#[derive(Clone, Debug)]
pub(super) struct CellLists {
    /// One list per grid cell.
    cells: Box<[CellList]>,
    /// The chunks; chunk 0 is the sentinel.
    chunks: Vec<Chunk>,
    /// Top of the stack of freed chunks; 0 = none.
    free_chunk: u16,
}

impl PartialEq for CellLists {
    /// The same lists, whatever chunks hold them.
    fn eq(&self, other: &CellLists) -> bool {
        self.cells.len() == other.cells.len()
            && (0..self.cells.len()).all(|c| {
                self.cells[c].len == other.cells[c].len && self.slots_of(c).eq(other.slots_of(c))
            })
    }
}

impl Eq for CellLists {}

impl CellLists {
    /// `cell_count` empty lists.
    pub(super) fn new(cell_count: usize) -> Self {
        CellLists {
            cells: vec![CellList::default(); cell_count].into_boxed_slice(),
            chunks: vec![Chunk::default()],
            free_chunk: 0,
        }
    }

    /// Number of cells.
    #[inline(always)]
    pub(super) fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// Empties every list (the chunks go back to the pool's start).
    pub(super) fn clear(&mut self) {
        self.cells.fill(CellList::default());
        self.chunks.truncate(1);
        self.free_chunk = 0;
    }

    /// The lists of `members()` — each live slot with its cell, in
    /// ascending slot order — from empty, in O(cells + members): a count
    /// per cell, then each cell's chunks taken in a row from the emptied
    /// pool, then the entries written where their count puts them (a cell
    /// of one keeps its entry inline). Members of cells out of range are
    /// left out.
    pub(super) fn rebuild<I>(&mut self, members: impl Fn() -> I)
    where
        I: Iterator<Item = (CellIndex, ThingIndex)>,
    {
        self.clear();
        for (cell, _) in members() {
            if let Some(list) = self.cells.get_mut(cell.index()) {
                list.len += 1;
            }
        }
        // Each list's chunks, linked in a row; `len` now counts entries
        // written, and `first` is 0 for a list of one.
        for list in self.cells.iter_mut() {
            let len = usize::from(list.len);
            *list = CellList::default();
            if len >= 2 {
                let first = self.chunks.len();
                let count = len.div_ceil(CHUNK_SLOTS);
                for k in 1..=count {
                    let next = if k < count { (first + k) as u16 } else { 0 };
                    self.chunks.push(Chunk {
                        next,
                        ..Chunk::default()
                    });
                }
                list.first = first as u16;
            }
        }
        for (cell, index) in members() {
            let Some(list) = self.cells.get_mut(cell.index()) else {
                continue;
            };
            if list.first == 0 {
                *list = CellList::one(index);
                continue;
            }
            let at = usize::from(list.len);
            let chunk = usize::from(list.first) + at / CHUNK_SLOTS;
            if let Some(chunk) = self.chunks.get_mut(chunk) {
                chunk.slots[at % CHUNK_SLOTS] = index;
                list.len += 1;
            }
        }
    }

    /// How many slots `cell`'s list holds (0 out of range).
    pub(super) fn len_of(&self, cell: usize) -> usize {
        self.cells.get(cell).map_or(0, |l| usize::from(l.len))
    }

    /// The slot indices of `cell`'s list, in list order (empty out of
    /// range). Bounded by the list's length.
    pub(super) fn slots_of(&self, cell: usize) -> impl Iterator<Item = ThingIndex> + '_ {
        self.entries(cell).flatten().copied()
    }

    /// The entries of `cell`'s list, a chunk (or the one inline entry) at a
    /// time; nothing out of range. Bounded by the list's length.
    fn entries(&self, cell: usize) -> Entries<'_> {
        match self.cells.get(cell) {
            Some(list) if list.len == 1 => Entries {
                chunks: &self.chunks,
                inline: std::slice::from_ref(&list.first),
                next: 0,
                left: 0,
            },
            Some(list) => Entries {
                chunks: &self.chunks,
                inline: &[],
                next: list.first,
                left: usize::from(list.len),
            },
            None => Entries {
                chunks: &self.chunks,
                inline: &[],
                next: 0,
                left: 0,
            },
        }
    }

    /// A chunk off the free stack, or a new one. Its contents are left as
    /// they were: the caller writes what it uses.
    #[inline]
    fn take_chunk(&mut self) -> u16 {
        let free = self.free_chunk;
        if free != 0 {
            if let Some(c) = self.chunks.get(usize::from(free)) {
                self.free_chunk = c.next;
                return free;
            }
        }
        self.chunks.push(Chunk::default());
        (self.chunks.len() - 1) as u16
    }

    /// Puts chunk `c` on the free stack.
    #[inline]
    fn give_chunk(&mut self, c: u16) {
        if let Some(chunk) = self.chunks.get_mut(usize::from(c)) {
            chunk.next = self.free_chunk;
            self.free_chunk = c;
        }
    }

    /// Adds slot `index` to `cell`'s list at its place in slot order
    /// (nothing if the cell is out of range). `index` must not be on the
    /// list already. O(entries in the cell).
    #[inline]
    pub(super) fn insert(&mut self, cell: CellIndex, index: ThingIndex) {
        let Some(list) = self.cells.get_mut(cell.index()) else {
            return;
        };
        match *list {
            CellList { len: 0, .. } => *list = CellList::one(index),
            CellList { len: 1, first } => {
                let pair = if first < index {
                    [first, index]
                } else {
                    [index, first]
                };
                let c = self.take_chunk();
                let chunk = &mut self.chunks[usize::from(c)];
                chunk.slots[..2].copy_from_slice(&pair);
                chunk.next = 0;
                self.cells[cell.index()] = CellList { len: 2, first: c };
            }
            CellList { len, first } => {
                if self.insert_in_chunks(first, usize::from(len), index) {
                    self.cells[cell.index()].len = len + 1;
                }
            }
        }
    }

    /// Inserts `index` in slot order into the `len` (2 or more) entries of
    /// the chunks from `first` on, shifting later entries right and
    /// carrying each full chunk's last entry into the next; a new chunk
    /// at the end if the last was full. False on a corrupt chain.
    fn insert_in_chunks(&mut self, first: u16, len: usize, index: ThingIndex) -> bool {
        let mut c = first;
        let mut left = len;
        let mut carry = index;
        let mut placed = false;
        loop {
            let Some(chunk) = self.chunks.get_mut(usize::from(c)) else {
                return false;
            };
            let n = left.min(CHUNK_SLOTS);
            let mut at = 0;
            if !placed {
                if left > CHUNK_SLOTS && chunk.slots[CHUNK_SLOTS - 1] < carry {
                    // Above all of this full chunk: on to the next one.
                    left -= n;
                    c = chunk.next;
                    continue;
                }
                while at < n && chunk.slots[at] < carry {
                    at += 1;
                }
                if at == n && left > CHUNK_SLOTS {
                    // Above everything in this chunk: look further.
                    left -= n;
                    c = chunk.next;
                    continue;
                }
                placed = true;
            }
            // Shift `at..n` right by one (the last falls out of a full
            // chunk) and put `carry` at `at`.
            let mut moving = carry;
            for slot in &mut chunk.slots[at..n] {
                std::mem::swap(slot, &mut moving);
            }
            if n < CHUNK_SLOTS {
                // The last chunk, with room.
                chunk.slots[n] = moving;
                return true;
            }
            carry = moving;
            left -= n;
            if left == 0 {
                // It was the last chunk: the carried entry starts a new one.
                let fresh = self.take_chunk();
                self.chunks[usize::from(c)].next = fresh;
                let chunk = &mut self.chunks[usize::from(fresh)];
                chunk.slots[0] = carry;
                chunk.next = 0;
                return true;
            }
            c = chunk.next;
        }
    }

    /// Takes slot `index` off `cell`'s list, keeping the rest in order
    /// (nothing if it is not there). O(entries in the cell).
    #[inline]
    pub(super) fn remove(&mut self, cell: CellIndex, index: ThingIndex) {
        let Some(&list) = self.cells.get(cell.index()) else {
            return;
        };
        match list {
            CellList { len: 0, .. } => {}
            CellList { len: 1, first } => {
                if first == index {
                    self.cells[cell.index()] = CellList::default();
                }
            }
            CellList { len: 2, first } => {
                let Some(chunk) = self.chunks.get(usize::from(first)) else {
                    return;
                };
                let other = match chunk.slots {
                    [a, b, ..] if a == index => b,
                    [a, b, ..] if b == index => a,
                    _ => return,
                };
                self.give_chunk(first);
                self.cells[cell.index()] = CellList::one(other);
            }
            CellList { len, first } => {
                if self.remove_from_chunks(first, usize::from(len), index) {
                    self.cells[cell.index()].len = len - 1;
                }
            }
        }
    }

    /// Takes `index` out of the `len` (3 or more) entries of the chunks
    /// from `first` on, shifting later entries left and pulling each next
    /// chunk's first entry in; a last chunk left empty is freed. False if
    /// `index` is not there.
    fn remove_from_chunks(&mut self, first: u16, len: usize, index: ThingIndex) -> bool {
        // Find it.
        let mut prev = 0u16;
        let mut c = first;
        let mut left = len;
        let mut at = loop {
            if left == 0 {
                return false;
            }
            let Some(chunk) = self.chunks.get(usize::from(c)) else {
                return false;
            };
            let n = left.min(CHUNK_SLOTS);
            if let Some(at) = chunk.slots[..n].iter().position(|&s| s == index) {
                break at;
            }
            left -= n;
            prev = c;
            c = chunk.next;
        };
        // Shift left from there, pulling each next chunk's first entry in.
        loop {
            let n = left.min(CHUNK_SLOTS);
            let next = self.chunks[usize::from(c)].next;
            let pulled = if left > CHUNK_SLOTS {
                match self.chunks.get(usize::from(next)) {
                    Some(after) => after.slots[0],
                    None => return true,
                }
            } else {
                0
            };
            let chunk = &mut self.chunks[usize::from(c)];
            let mut moving = pulled;
            for slot in chunk.slots[at..n].iter_mut().rev() {
                std::mem::swap(slot, &mut moving);
            }
            if left <= CHUNK_SLOTS {
                if n == 1 {
                    // The last chunk is now empty (`prev` is a chunk: the
                    // list had 3 or more entries).
                    if let Some(p) = self.chunks.get_mut(usize::from(prev)) {
                        p.next = 0;
                    }
                    self.give_chunk(c);
                }
                return true;
            }
            left -= n;
            prev = c;
            c = next;
            at = 0;
        }
    }

    /// The pool's chunks (the sentinel left out), the chunks the lists
    /// need (a list of `n` ≥ 2 entries fills `⌈n / 15⌉`), and the chunks on
    /// the free stack (tests of the pool's bookkeeping and bound).
    #[cfg(test)]
    pub(super) fn chunk_accounts(&self) -> (usize, usize, usize) {
        let needed = self
            .cells
            .iter()
            .filter(|l| l.len >= 2)
            .map(|l| usize::from(l.len).div_ceil(CHUNK_SLOTS))
            .sum();
        let mut free = 0;
        let mut at = self.free_chunk;
        while at != 0 && free < self.chunks.len() {
            free += 1;
            at = self.chunks.get(usize::from(at)).map_or(0, |c| c.next);
        }
        (self.chunks.len() - 1, needed, free)
    }

    /// Swaps the first two entries of `cell`'s list (tests of what
    /// `validate` catches); false if it holds fewer than two.
    #[cfg(test)]
    pub(super) fn swap_first_two_for_tests(&mut self, cell: CellIndex) -> bool {
        let list = self.cells[cell.index()];
        if list.len < 2 {
            return false;
        }
        self.chunks[usize::from(list.first)].slots.swap(0, 1);
        true
    }

    /// The live Things of `cell` with their ids, in ascending slot order
    /// (empty out of range).
    #[inline]
    pub(super) fn iter<'a>(&'a self, cell: CellIndex, things: &'a Things) -> CellIter<'a> {
        let mut entries = self.entries(cell.index());
        CellIter {
            things,
            slots: std::mem::take(&mut entries.inline),
            entries,
        }
    }
}

/// A cell's entries, one slice at a time: the inline entry of a list of
/// one, or each chunk's.
#[derive(Clone, Debug)]
struct Entries<'a> {
    /// The chunk pool.
    chunks: &'a [Chunk],
    /// A list of one's entry, not yielded yet.
    inline: &'a [ThingIndex],
    /// The next chunk.
    next: u16,
    /// Entries in the chunks from `next` on.
    left: usize,
}

impl<'a> Iterator for Entries<'a> {
    type Item = &'a [ThingIndex];

    #[inline(always)]
    fn next(&mut self) -> Option<&'a [ThingIndex]> {
        if !self.inline.is_empty() {
            return Some(std::mem::take(&mut self.inline));
        }
        if self.left == 0 {
            return None;
        }
        let chunk = self.chunks.get(usize::from(self.next))?;
        let n = self.left.min(CHUNK_SLOTS);
        self.left -= n;
        self.next = chunk.next;
        Some(&chunk.slots[..n])
    }
}

impl Store {
    /// Every live Thing in `cell`, in ascending slot order (its cell list);
    /// empty if the cell is out of range.
    #[inline]
    pub fn iter_cell(&self, cell: CellIndex) -> CellIter<'_> {
        self.cells.iter(cell, self.things())
    }
}

/// Iterator over one cell's Things ([`Store::iter_cell`](super::Store::iter_cell)):
/// each one's id and Thing, in ascending slot order.
#[derive(Clone, Debug)]
pub struct CellIter<'a> {
    /// The array the members live in.
    things: &'a Things,
    /// Entries of the current chunk not yielded yet.
    slots: &'a [ThingIndex],
    /// The chunks after it.
    entries: Entries<'a>,
}

impl<'a> Iterator for CellIter<'a> {
    type Item = (ThingId, &'a Thing);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.slots.is_empty() {
            self.slots = self.entries.next()?;
        }
        let (&first, rest) = self.slots.split_first()?;
        self.slots = rest;
        Some(member(self.things, usize::from(first)))
    }

    /// A chunk at a time: the members of a chunk are independent loads.
    #[inline]
    fn fold<B, F>(self, init: B, mut f: F) -> B
    where
        F: FnMut(B, Self::Item) -> B,
    {
        let things = self.things;
        let mut acc = init;
        for slots in std::iter::once(self.slots).chain(self.entries) {
            for &i in slots {
                acc = f(acc, member(things, usize::from(i)));
            }
        }
        acc
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.slots.len() + self.entries.inline.len() + self.entries.left;
        (n, Some(n))
    }
}

#[cfg(test)]
mod unit {
    use super::*;
    use crate::rng::SplitMix64 as Rng;

    fn list(lists: &CellLists, cell: usize) -> Vec<ThingIndex> {
        lists.slots_of(cell).collect()
    }

    #[test]
    fn a_list_of_one_uses_no_chunk() {
        let mut lists = CellLists::new(2);
        lists.insert(CellIndex(1), 9);
        assert_eq!(lists.chunks.len(), 1, "the sentinel only");
        assert_eq!(list(&lists, 1), vec![9]);
        lists.insert(CellIndex(1), 4);
        assert_eq!(list(&lists, 1), vec![4, 9]);
        assert_eq!(lists.chunks.len(), 2);
        lists.remove(CellIndex(1), 4);
        assert_eq!(list(&lists, 1), vec![9]);
        assert_eq!(lists.free_chunk, 1, "its chunk went back");
        lists.remove(CellIndex(1), 9);
        assert!(lists == CellLists::new(2));
    }

    #[test]
    fn chunks_are_32_bytes() {
        assert_eq!(std::mem::size_of::<Chunk>(), 32);
        assert_eq!(std::mem::size_of::<CellList>(), 4);
    }

    #[test]
    fn lists_stay_in_slot_order_over_many_chunks_and_chunks_are_reused() {
        let mut rng = Rng::new(17);
        let mut lists = CellLists::new(3);
        let mut model: Vec<Vec<ThingIndex>> = vec![Vec::new(); 3];
        let mut peak = 0;
        for round in 0..4000 {
            let cell = rng.below(3);
            let index = 1 + rng.below(60) as ThingIndex;
            let present = model.iter().any(|l| l.contains(&index));
            if present {
                let c = model.iter().position(|l| l.contains(&index)).unwrap();
                lists.remove(CellIndex(c as u16), index);
                model[c].retain(|&s| s != index);
            } else {
                lists.insert(CellIndex(cell as u16), index);
                model[cell].push(index);
                model[cell].sort_unstable();
            }
            for (c, want) in model.iter().enumerate() {
                assert_eq!(&list(&lists, c), want, "round {round}, cell {c}");
                assert_eq!(lists.len_of(c), want.len());
            }
            peak = peak.max(lists.chunks.len());
        }
        // Never more chunks than entries, plus the sentinel.
        assert!(peak <= 61, "{peak} chunks");
        // Emptied again, every chunk is back on the free stack.
        for (c, l) in model.iter().enumerate() {
            for &index in l {
                lists.remove(CellIndex(c as u16), index);
            }
        }
        let mut free = 0;
        let mut at = lists.free_chunk;
        while at != 0 {
            free += 1;
            at = lists.chunks[usize::from(at)].next;
        }
        assert_eq!(free, lists.chunks.len() - 1);
        assert!(lists == CellLists::new(3), "equal lists, other chunks");
    }

    #[test]
    fn out_of_range_cells_and_missing_slots_change_nothing() {
        let mut lists = CellLists::new(2);
        lists.insert(CellIndex(0), 5);
        let before = lists.clone();
        lists.insert(CellIndex(2), 6);
        lists.remove(CellIndex(9), 5);
        lists.remove(CellIndex(0), 6);
        lists.remove(CellIndex(1), 5);
        assert!(lists == before);
        assert_eq!(list(&lists, 0), vec![5]);
        assert_eq!(list(&lists, 7), Vec::<ThingIndex>::new());
        // A corrupt chunk index ends a walk instead of panicking.
        lists.cells[0] = CellList { len: 5, first: 999 };
        assert_eq!(list(&lists, 0), Vec::<ThingIndex>::new());
        lists.remove(CellIndex(0), 5);
        lists.insert(CellIndex(0), 4);
    }
}
