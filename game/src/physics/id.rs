//! The ids of a world's bodies and joints, and the pool that hands them out.
//!
//! An id is a slot index and that slot's generation. `IdPool` keeps, per
//! slot, its generation and whether it is in use, and a free list of the
//! slots not in use. Freeing a slot bumps its generation, so an id kept
//! after its body or joint was removed (and the slot reused) names nothing
//! instead of a stranger, as `ThingId` does for Things. The world keeps
//! one pool for its bodies and one for its joints.
//!
//! Invariants: a slot is on the free list exactly when it is not in use,
//! and at most once; a slot is taken again last freed, first taken (so the
//! slot a new body gets, and with it the order the step visits bodies in,
//! depends only on the adds and removes made).

/// A body of a world: its slot in the world's body array and the slot's
/// generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BodyId {
    index: u32,
    generation: u32,
}

impl BodyId {
    /// The id of slot `index` in generation `generation`.
    #[inline]
    pub const fn new(index: u32, generation: u32) -> BodyId {
        BodyId { index, generation }
    }

    /// The id of the first body ever put in slot `index` (bodies are added
    /// in order: the `n`-th body added to a fresh world is `first(n)`).
    #[inline]
    pub const fn first(index: u32) -> BodyId {
        BodyId::new(index, 0)
    }

    /// The index into the world's body array.
    #[inline]
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// How many bodies had the slot before this one.
    #[inline]
    pub fn generation(self) -> u32 {
        self.generation
    }
}

/// A joint of a world: a slot and its generation; the world maps the slot
/// to the joint's place in its dense array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct JointId {
    index: u32,
    generation: u32,
}

impl JointId {
    /// The id of slot `index` in generation `generation`.
    pub const fn new(index: u32, generation: u32) -> JointId {
        JointId { index, generation }
    }

    /// The slot.
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// How many joints had the slot before this one.
    pub fn generation(self) -> u32 {
        self.generation
    }
}

/// One slot of a pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    /// Bumped each time the slot is freed.
    generation: u32,
    /// In use.
    live: bool,
}

/// Slots with generations and a free list (see the module doc).
#[derive(Clone, Debug, Default)]
pub(crate) struct IdPool {
    /// Every slot ever taken, by index.
    slots: Vec<Slot>,
    /// The slots not in use, the last freed last; may be empty.
    free: Vec<u32>,
}

impl IdPool {
    /// Takes a slot — the last one freed, else a new one at the end (its
    /// index is then the old [`IdPool::len`]) — and returns its index and
    /// generation.
    pub(crate) fn take(&mut self) -> (u32, u32) {
        if let Some(index) = self.free.pop() {
            let slot = &mut self.slots[index as usize];
            slot.live = true;
            return (index, slot.generation);
        }
        self.slots.push(Slot {
            generation: 0,
            live: true,
        });
        (self.slots.len() as u32 - 1, 0)
    }

    /// Frees slot `index` (in use): its generation moves on.
    pub(crate) fn free(&mut self, index: usize) {
        let slot = &mut self.slots[index];
        debug_assert!(slot.live, "freeing a free slot");
        slot.generation = slot.generation.wrapping_add(1);
        slot.live = false;
        self.free.push(index as u32);
    }

    /// Whether slot `index` is in use in generation `generation`.
    #[inline]
    pub(crate) fn is_live(&self, index: usize, generation: u32) -> bool {
        self.slots
            .get(index)
            .is_some_and(|s| s.live && s.generation == generation)
    }

    /// The generation of slot `index` if it is in use.
    #[inline]
    pub(crate) fn live_generation(&self, index: usize) -> Option<u32> {
        let s = self.slots.get(index)?;
        s.live.then_some(s.generation)
    }

    /// How many slots are in use.
    pub(crate) fn live_count(&self) -> usize {
        self.slots.len() - self.free.len()
    }

    /// Checks the invariants (see the module doc); allocates nothing.
    pub(crate) fn validate(&self) -> Result<(), String> {
        for (k, &index) in self.free.iter().enumerate() {
            match self.slots.get(index as usize) {
                None => return Err(format!("free slot {index} was never taken")),
                Some(s) if s.live => return Err(format!("slot {index} is in use and free")),
                Some(_) => {}
            }
            if self.free[..k].contains(&index) {
                return Err(format!("slot {index} is on the free list twice"));
            }
        }
        let dead = self.slots.iter().filter(|s| !s.live).count();
        if dead != self.free.len() {
            return Err(format!(
                "{dead} slots are not in use but {} are free",
                self.free.len()
            ));
        }
        Ok(())
    }

    /// How many slots were ever taken.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// The current generation of slot `index` (in use or not).
    #[inline]
    pub(crate) fn generation(&self, index: usize) -> u32 {
        self.slots[index].generation
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_freed_slot_is_taken_again_with_the_next_generation() {
        let mut pool = IdPool::default();
        assert_eq!(
            (pool.take(), pool.take(), pool.take()),
            ((0, 0), (1, 0), (2, 0))
        );
        pool.free(1);
        pool.free(0);
        assert!(!pool.is_live(1, 0) && pool.live_generation(1).is_none());
        assert_eq!(pool.take(), (0, 1), "last freed, first taken");
        assert_eq!(pool.take(), (1, 1));
        assert_eq!(pool.take(), (3, 0));
        assert!(pool.is_live(1, 1) && !pool.is_live(1, 0));
        assert_eq!((pool.len(), pool.live_count()), (4, 4));
        assert_eq!(pool.validate(), Ok(()));
    }

    #[test]
    fn validate_names_a_slot_both_free_and_in_use() {
        let mut pool = IdPool::default();
        pool.take();
        pool.free.push(0);
        assert!(pool.validate().unwrap_err().contains("slot 0"));
    }
}
