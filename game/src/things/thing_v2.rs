//! The Thing as saves of format 1 and 2 kept it, and its conversion to the
//! Thing kept now (`game::io::save` decodes older saves with it).
//!
//! In formats 1 and 2 a Thing carried three ring link pairs: the
//! free list's (in format 1, a live Thing's kind ring), its cell ring's,
//! and its sibling ring's. The cell rings are now lists outside the Things
//! (see [`cells`](super::cells)), derived from each Thing's cell like the
//! kind sets; so converting drops the cell pair, and for format 1 also a
//! live Thing's first pair (its kind ring then). Every other field is kept
//! as it was, in the same order.

use super::id::{CellIndex, ThingIndex};
use super::links::RingLinks;
use super::thing::{Thing, ThingData, ThingKind};
use serde::{Deserialize, Serialize};

/// A Thing in the layout of save formats 1 and 2 (field for field what
/// bincode read and wrote then).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct ThingV2 {
    kind: ThingKind,
    generation: u32,
    cell: CellIndex,
    /// Free list (format 1: kind ring), cell ring, sibling ring.
    links: [RingLinks; 3],
    parent: ThingIndex,
    first_child: ThingIndex,
    data: ThingData,
    index: ThingIndex,
}

impl ThingV2 {
    /// Whether it held a live Thing.
    pub fn is_live(&self) -> bool {
        self.kind != ThingKind::Free
    }

    /// Its three link pairs as saved: free list (format 1: kind ring),
    /// cell ring, sibling ring.
    pub fn links(&self) -> [RingLinks; 3] {
        self.links
    }

    /// The Thing as kept now, from a save of format `version` (1 or 2).
    pub fn upgrade(self, version: u16) -> Thing {
        let [free, _cell, sibling] = self.links;
        let free = if version < 2 && self.is_live() {
            RingLinks::NONE
        } else {
            free
        };
        Thing {
            kind: self.kind,
            generation: self.generation,
            cell: self.cell,
            links: [free, sibling],
            parent: self.parent,
            first_child: self.first_child,
            data: self.data,
            index: self.index,
        }
    }
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn the_cell_pair_goes_and_format_1_drops_a_live_things_kind_ring() {
        let old = ThingV2 {
            kind: ThingKind::Hero,
            generation: 3,
            cell: CellIndex(7),
            links: [
                RingLinks::alone(4),
                RingLinks { next: 9, prev: 2 },
                RingLinks { next: 5, prev: 6 },
            ],
            parent: 8,
            first_child: 0,
            data: ThingData::default(),
            index: 4,
        };
        let v2 = old.upgrade(2);
        assert_eq!(v2.ring_links(super::super::Ring::Free), RingLinks::alone(4));
        assert_eq!(
            v2.ring_links(super::super::Ring::Sibling),
            RingLinks { next: 5, prev: 6 }
        );
        assert_eq!(
            (v2.cell(), v2.parent(), v2.index()),
            (CellIndex(7), Some(8), 4)
        );
        assert_eq!(v2.generation(), 3);
        let v1 = old.upgrade(1);
        assert_eq!(v1.ring_links(super::super::Ring::Free), RingLinks::NONE);
        // A free slot keeps its free-list links from either format.
        let free = ThingV2 {
            kind: ThingKind::Free,
            generation: 2,
            ..old
        };
        assert_eq!(
            free.upgrade(1).ring_links(super::super::Ring::Free),
            RingLinks::alone(4)
        );
    }
}
