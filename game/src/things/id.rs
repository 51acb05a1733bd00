//! Identifiers of the Large Array of Things.
//!
//! - [`ThingIndex`]: a bare slot index, used by the store's own links. 0 means
//!   "none" (slot 0 is the never-used sentinel).
//! - [`ThingId`]: the external, generational reference. It resolves only while
//!   the slot still holds the Thing it was issued for. A slot's generation is
//!   odd while a Thing lives in it and even while it is free: spawning and
//!   despawning each bump it by one (0 = never used). So a despawned Thing's id
//!   never matches again, and `get` needs one comparison, not a kind check.
//!   Generations are `NonZeroU32` in ids, so `Option<ThingId>` is as small as
//!   `ThingId` (8 bytes). They wrap from `u32::MAX` to 2 (free) and 3 (live),
//!   so an old id could only collide after 2^31 reuses of one slot.
//! - [`CellIndex`]: which grid cell a Thing is in (`y * width + x`, decided by
//!   the grid), below [`MAX_CELLS`].

use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroU32;

/// Index of a slot in the store's array; 0 is the sentinel, meaning "none".
pub type ThingIndex = u16;

/// The most cells a grid may have (128 × 128). Cell indices are below it.
pub const MAX_CELLS: usize = 128 * 128;

/// External reference to a Thing: its slot and the generation it was issued
/// with. Copy it freely; resolve it with [`Store::get`](super::Store::get)
/// each time, since the Thing may be gone.
///
/// Its generation is always odd (a live generation): every constructor,
/// deserialising included, turns an even one into the odd one before it,
/// i.e. into the id of the slot's previous, despawned Thing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(from = "ThingIdFields")]
pub struct ThingId {
    /// Slot in the array; never 0 for an id the store issued.
    index: ThingIndex,
    /// Generation of the slot when the id was issued; always odd.
    generation: NonZeroU32,
}

/// `ThingId` as written in a file, before its generation is made odd.
#[derive(Deserialize)]
struct ThingIdFields {
    index: ThingIndex,
    generation: NonZeroU32,
}

impl From<ThingIdFields> for ThingId {
    fn from(fields: ThingIdFields) -> Self {
        ThingId::new(fields.index, fields.generation)
    }
}

impl ThingId {
    /// An id from its parts; an even generation becomes the odd one before
    /// it. Any value is harmless: the store resolves an id only if its slot
    /// is live with exactly this generation.
    #[inline]
    pub const fn new(index: ThingIndex, generation: NonZeroU32) -> Self {
        let odd = (generation.get() - 1) | 1;
        let generation = match NonZeroU32::new(odd) {
            Some(g) => g,
            None => NonZeroU32::MIN,
        };
        Self { index, generation }
    }

    /// The slot this id points at.
    #[inline]
    pub const fn index(self) -> ThingIndex {
        self.index
    }

    /// The generation the slot had when this id was issued.
    #[inline]
    pub const fn generation(self) -> NonZeroU32 {
        self.generation
    }

    /// The id of the Thing in slot `index`, whose generation is
    /// `generation`. For a free slot (even generation) that is the id of its
    /// last, despawned Thing; for a never-used one (0), an id with
    /// generation `u32::MAX`, which cannot resolve before 2^31 reuses.
    #[inline]
    pub(super) fn from_slot(index: ThingIndex, generation: u32) -> Self {
        match NonZeroU32::new(generation) {
            Some(g) => Self::new(index, g),
            None => Self::new(index, NonZeroU32::MAX),
        }
    }
}

impl fmt::Display for ThingId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}v{}", self.index, self.generation)
    }
}

/// The generation a slot gets when a Thing is spawned into it: the next odd
/// number after `current` (0 for a never-used slot), wrapping to 1.
#[inline]
pub(super) fn live_generation(current: u32) -> u32 {
    current.wrapping_add(1) | 1
}

/// The generation a slot gets when its Thing is despawned: the next even
/// number after `current`, wrapping past 0 (which marks a never-used slot) to 2.
#[inline]
pub(super) fn free_generation(current: u32) -> u32 {
    match (current | 1).wrapping_add(1) {
        0 => 2,
        next => next,
    }
}

/// Whether a generation is one a live Thing (and so an issued id) has.
pub(super) const fn is_live_generation(generation: u32) -> bool {
    generation & 1 == 1
}

/// A grid cell, as the grid numbers them (`y * width + x`). The store only
/// requires it to be below its cell count (at most [`MAX_CELLS`]).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub struct CellIndex(pub u16);

impl CellIndex {
    /// The cell as a `usize`, for indexing per-cell arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for CellIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cell {}", self.0)
    }
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn option_of_id_is_as_small_as_id() {
        assert_eq!(std::mem::size_of::<ThingId>(), 8);
        assert_eq!(std::mem::size_of::<Option<ThingId>>(), 8);
    }

    #[test]
    fn generations_are_odd_while_live_and_even_while_free() {
        assert_eq!(live_generation(0), 1);
        assert_eq!(free_generation(1), 2);
        assert_eq!(live_generation(2), 3);
        assert_eq!(free_generation(3), 4);
        // Wrapping: the last odd number is u32::MAX; 0 is never reused.
        assert_eq!(live_generation(u32::MAX - 1), u32::MAX);
        assert_eq!(free_generation(u32::MAX), 2);
        assert_eq!(live_generation(2), 3);
        // Written-in values of the wrong parity still move to the right one.
        assert_eq!(live_generation(5), 7);
        assert_eq!(live_generation(u32::MAX), 1);
        assert_eq!(free_generation(4), 6);
        for g in [1, 3, 7, u32::MAX] {
            assert!(is_live_generation(g));
            assert!(!is_live_generation(free_generation(g)));
            assert!(is_live_generation(live_generation(free_generation(g))));
        }
    }

    #[test]
    fn ids_always_carry_an_odd_generation() {
        assert_eq!(ThingId::from_slot(7, 9).generation().get(), 9);
        assert_eq!(ThingId::from_slot(7, 9).index(), 7);
        // A free slot's id is that of its last Thing.
        assert_eq!(ThingId::from_slot(7, 10).generation().get(), 9);
        assert_eq!(ThingId::from_slot(7, 0).generation().get(), u32::MAX);
        assert_eq!(
            ThingId::new(1, NonZeroU32::new(2).unwrap())
                .generation()
                .get(),
            1
        );
        assert_eq!(ThingId::new(1, NonZeroU32::MIN).generation().get(), 1);
        assert_eq!(
            ThingId::new(1, NonZeroU32::MAX).generation().get(),
            u32::MAX
        );
    }

    #[test]
    fn deserialised_ids_are_made_odd_too() {
        let config = bincode::config::standard();
        let bytes = bincode::serde::encode_to_vec((3u16, 8u32), config).unwrap();
        let (id, _): (ThingId, usize) = bincode::serde::decode_from_slice(&bytes, config).unwrap();
        assert_eq!((id.index(), id.generation().get()), (3, 7));
        let zero = bincode::serde::encode_to_vec((3u16, 0u32), config).unwrap();
        assert!(bincode::serde::decode_from_slice::<ThingId, _>(&zero, config).is_err());
    }

    #[test]
    fn ids_display_index_and_generation() {
        let id = ThingId::new(12, NonZeroU32::new(3).unwrap());
        assert_eq!(id.generation().get(), 3);
        assert_eq!(id.to_string(), "#12v3");
        assert_eq!(CellIndex(5).to_string(), "cell 5");
    }
}
