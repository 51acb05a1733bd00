//! The change log: which slots the store's own methods have written since
//! it was last cleared, so that the undo log can find what a step changed
//! without comparing the whole array (`docs/DATA-STRUCTURES.md`, "Undo":
//! a step's cost follows the Things it changed, not the stage).
//!
//! It records two things, each slot at most once:
//! - every slot whose bytes a method may have changed (the Thing it was
//!   called for, and every ring neighbour a splice relinked);
//! - the slots that were pushed on the free list out of slot order
//!   (despawn). [`Store::settle`] puts exactly those back in order, which
//!   restores the canonical form without touching the rest of the store.
//!   (Spawn and moves need no such record: the cell lists keep slot order
//!   as they change.)
//!
//! The log is off in a fresh store (a bare store used as an arena pays one
//! predictable branch per write and keeps no memory for it); a stage turns
//! it on. "Everything" means the log lost track (after `rebuild_links` or
//! `write_thing`): every slot may have changed, and readers fall back to
//! O(capacity) work. The log is bookkeeping, not state: two stores that
//! differ only in their logs are equal.
//!
//! Invariant while recording: a slot's `WRITTEN` mark is set iff it is in
//! `written`, and its ring marks are set iff it is in `relinked` (or, while
//! `settle` runs, in the list it took and not yet back on that ring).
//!
//! [`Store::settle`]: super::Store::settle

use super::id::ThingIndex;
use super::store::{slot, THING_CAPACITY};

/// What the log knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum Mode {
    /// Not recording (a bare store): nothing is known.
    #[default]
    Off,
    /// Recording: the lists hold every slot written since the last clear.
    Slots,
    /// Lost track: any slot may have changed since the last clear.
    Everything,
}

/// Mark bits, one byte per slot.
const WRITTEN: u8 = 1;
/// The slot was pushed on the free list (the FREE ring) out of order.
pub(super) const FREE_RING: u8 = 2;

/// See the module doc.
#[derive(Clone, Debug, Default)]
pub(super) struct ChangeLog {
    mode: Mode,
    /// Every slot written since the last clear, in first-write order; each
    /// once. Empty unless recording.
    written: Vec<ThingIndex>,
    /// Slots spliced into a ring out of order since the last settle; each
    /// once. Empty unless recording.
    relinked: Vec<ThingIndex>,
    /// One byte of `WRITTEN | FREE_RING` bits per slot; empty
    /// (never allocated) while the log is off.
    marks: Box<[u8]>,
}

impl ChangeLog {
    /// Starts recording from a clean slate: nothing has changed yet.
    pub(super) fn start(&mut self) {
        if self.marks.is_empty() {
            self.marks = vec![0; THING_CAPACITY].into_boxed_slice();
        }
        self.clear_marks();
        self.mode = Mode::Slots;
    }

    /// Whether the log is recording slot by slot.
    #[inline(always)]
    pub(super) fn recording(&self) -> bool {
        self.mode == Mode::Slots
    }

    /// Slot `index` was written (or may have been).
    #[inline(always)]
    pub(super) fn wrote(&mut self, index: ThingIndex) {
        if self.mode == Mode::Slots {
            let mark = &mut self.marks[slot(index)];
            if *mark & WRITTEN == 0 {
                *mark |= WRITTEN;
                self.written.push(index);
            }
        }
    }

    /// Slot `index` was written and spliced into the rings `rings`
    /// (`FREE_RING`) at the front, not at its place in slot order.
    #[inline(always)]
    pub(super) fn relinked(&mut self, index: ThingIndex, rings: u8) {
        if self.mode == Mode::Slots {
            self.wrote(index);
            let mark = &mut self.marks[slot(index)];
            if *mark & FREE_RING == 0 {
                self.relinked.push(index);
            }
            *mark |= rings;
        }
    }

    /// The log lost track: from now until the next clear, any slot may
    /// have changed. A log that is off stays off.
    pub(super) fn lose_track(&mut self) {
        if self.mode != Mode::Off {
            self.clear_marks();
            self.mode = Mode::Everything;
        }
    }

    /// Forgets what was recorded: the store as it stands is the new
    /// reference. Recording goes on if it was on (or had lost track).
    pub(super) fn clear(&mut self) {
        if self.mode != Mode::Off {
            self.clear_marks();
            self.mode = Mode::Slots;
        }
    }

    /// Every slot written since the last clear, each once, in no particular
    /// order; `None` when not known (not recording, or lost track).
    pub(super) fn written(&self) -> Option<&[ThingIndex]> {
        (self.mode == Mode::Slots).then_some(self.written.as_slice())
    }

    /// Whether slots spliced out of order are waiting for `settle`.
    pub(super) fn has_relinked(&self) -> bool {
        !self.relinked.is_empty()
    }

    /// Takes the list of slots spliced out of order, in ascending slot
    /// order. Their ring marks stay set — each says the slot is off that
    /// ring until [`ChangeLog::settled`] — and their `WRITTEN` marks stay.
    /// Hand the list back with [`ChangeLog::return_list`].
    pub(super) fn take_relinked(&mut self) -> Vec<ThingIndex> {
        let mut list = std::mem::take(&mut self.relinked);
        list.sort_unstable();
        list
    }

    /// Gives back the list [`ChangeLog::take_relinked`] took (emptied), so
    /// its memory is reused.
    pub(super) fn return_list(&mut self, mut list: Vec<ThingIndex>) {
        list.clear();
        if self.relinked.is_empty() {
            self.relinked = list;
        }
    }

    /// The ring marks (`FREE_RING`) of slot `index`.
    #[inline(always)]
    pub(super) fn ring_marks(&self, index: ThingIndex) -> u8 {
        self.marks
            .get(slot(index))
            .map_or(0, |mark| mark & FREE_RING)
    }

    /// Marks `index` as back in order on `ring` (`FREE_RING`).
    #[inline(always)]
    pub(super) fn settled(&mut self, index: ThingIndex, ring: u8) {
        if let Some(mark) = self.marks.get_mut(slot(index)) {
            *mark &= !ring;
        }
    }

    /// Zeroes the marks of every listed slot and empties the lists.
    fn clear_marks(&mut self) {
        for &index in self.written.iter().chain(&self.relinked) {
            if let Some(mark) = self.marks.get_mut(slot(index)) {
                *mark = 0;
            }
        }
        self.written.clear();
        self.relinked.clear();
    }
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn an_off_log_records_nothing_and_knows_nothing() {
        let mut log = ChangeLog::default();
        log.wrote(3);
        log.relinked(4, FREE_RING);
        assert_eq!(log.written(), None);
        assert!(log.marks.is_empty(), "no memory while off");
        log.lose_track();
        log.clear();
        assert_eq!(log.written(), None, "clearing does not turn it on");
    }

    #[test]
    fn each_slot_is_listed_once_and_relinked_slots_come_back_sorted() {
        let mut log = ChangeLog::default();
        log.start();
        for i in [9, 3, 9, 5, 3] {
            log.wrote(i);
        }
        log.relinked(7, FREE_RING);
        log.relinked(2, FREE_RING);
        log.relinked(7, FREE_RING);
        assert_eq!(log.written(), Some(&[9, 3, 5, 7, 2][..]));
        assert!(log.has_relinked());
        let list = log.take_relinked();
        assert_eq!(list, vec![2, 7], "each once, sorted");
        assert_eq!(log.ring_marks(7), FREE_RING);
        assert_eq!(log.ring_marks(2), FREE_RING);
        log.settled(7, FREE_RING);
        assert_eq!(log.ring_marks(7), 0);
        log.settled(2, FREE_RING);
        log.return_list(list);
        assert!(!log.has_relinked());
        assert_eq!(log.ring_marks(7), 0);
        log.wrote(7);
        assert_eq!(log.written().map(<[_]>::len), Some(5), "still listed once");
        log.clear();
        assert_eq!(log.written(), Some(&[][..]));
        assert!(log.marks.iter().all(|&m| m == 0));
    }

    #[test]
    fn losing_track_knows_nothing_until_cleared() {
        let mut log = ChangeLog::default();
        log.start();
        log.wrote(1);
        log.lose_track();
        log.wrote(2);
        assert_eq!(log.written(), None);
        log.clear();
        assert_eq!(log.written(), Some(&[][..]));
        assert!(log.marks.iter().all(|&m| m == 0));
    }
}
