//! The Large Array of Things: every entity of a stage (heroes, interactables,
//! rope segments, enemies) lives in one fixed-capacity array of plain `Copy`
//! [`Thing`]s owned by a [`Store`].
//!
//! Layout of the concept, one file each:
//! - [`id`]: [`ThingId`] (generational external reference) and [`CellIndex`];
//! - [`thing`]: the [`Thing`] record, its [`ThingKind`] and its payload
//!   [`ThingData`];
//! - [`kinds`]: the kind sets, one bit per slot per live kind, outside the
//!   Things (derived data, like the free list);
//! - [`cells`]: the cell lists, each cell's live Things as a dense list of
//!   slot indices in slot order, outside the Things (derived data too);
//! - [`links`]: the circular, doubly-linked, intrusive rings (the free list,
//!   per sibling group), their iterator and `rebuild_links`;
//! - [`thing_v2`]: the Thing as saves of format 1 and 2 kept it, and its
//!   conversion;
//! - [`tree`]: parent/child links, attach/detach and moving whole subtrees;
//! - [`store`]: the array, spawn/despawn/get and the errors;
//! - [`canonical`]: the canonical form (the free list, like the kind sets
//!   and cell lists, in ascending slot order) and the O(changed) ways to
//!   keep it: `settle`
//!   after ordinary calls, `exchange` for undo and redo, `check_canonical`;
//! - `changes`: the change log, which slots the calls wrote since the last
//!   commit (off in a bare store; a stage turns it on);
//! - [`validate`]: the self-check that names the first broken invariant.
//!
//! Invariants (checked by [`Store::validate`]):
//! - slot 0 is never used and stays all-zero; a link of 0 means "none";
//! - zeroed memory (all-default Things, all-zero heads) is a valid empty store;
//! - every live Thing is in exactly its kind's set and exactly its cell's
//!   list, and every used-then-freed slot is on the FREE ring (the free
//!   list);
//! - tree links are symmetric, acyclic, and a parent and its children always
//!   share a cell;
//! - a stale [`ThingId`] never resolves.
//!
//! Despawn rule: despawning a parent detaches its children; they stay where
//! they are, in the same cell, as roots. The rules decide what happens to an
//! item whose holder leaves; the store never destroys a Thing implicitly.
//!
//! Data flow: rules and levels mutate the store only through its methods,
//! which list the slots they write in the change log; after an action's
//! events [`Store::settle`] puts the free list back in slot order. The undo log
//! reads [`Store::changed_slots`], copies those whole Things out of
//! [`Store::things`], and on undo and redo writes them back with
//! [`Store::exchange`] (no rebuild: the snapshots are whole canonical
//! Things; the kind sets and cell lists follow the written slots). Levels,
//! loads and whole-state restores write with
//! [`Store::write_thing`] and then call [`Store::rebuild_links`], which
//! yields the same canonical form from the Things alone.

pub mod canonical;
pub mod cells;
mod changes;
pub mod id;
pub mod kinds;
pub mod links;
pub mod store;
pub mod thing;
pub mod thing_v2;
pub mod tree;
pub mod validate;

#[cfg(test)]
mod tests;

pub use cells::CellIter;
pub use id::{CellIndex, ThingId, ThingIndex, MAX_CELLS};
pub use kinds::{KindIter, SetIter};
pub use links::{Ring, RingIter, RingLinks, RING_COUNT};
pub use store::{Store, StoreError, THING_CAPACITY};
pub use thing::{
    Capabilities, Facing, HeroKind, Thing, ThingData, ThingFlags, ThingKind, KIND_COUNT,
};
pub use validate::{Invariant, InvariantError};
