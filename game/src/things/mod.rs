//! The Large Array of Things: every entity of a stage (heroes, interactables,
//! rope segments, enemies) lives in one fixed-capacity array of plain `Copy`
//! [`Thing`]s owned by a [`Store`].
//!
//! Layout of the concept, one file each:
//! - [`id`]: [`ThingId`] (generational external reference) and [`CellIndex`];
//! - [`thing`]: the [`Thing`] record, its [`ThingKind`] and its payload
//!   [`ThingData`];
//! - [`kinds`]: the kind sets, one bit per slot per live kind, outside the
//!   Things (derived data, like the rings);
//! - [`links`]: the circular, doubly-linked, intrusive rings (the free list,
//!   per cell, per sibling group), their iterator and `rebuild_links`;
//! - [`tree`]: parent/child links, attach/detach and moving whole subtrees;
//! - [`store`]: the array, spawn/despawn/get and the errors;
//! - [`canonical`]: the canonical form (the free list and every cell ring
//!   in ascending slot order) and the O(changed) ways to keep it: `settle`
//!   after ordinary calls, `exchange` for undo and redo, `check_canonical`;
//! - `changes`: the change log, which slots the calls wrote since the last
//!   commit (off in a bare store; a stage turns it on);
//! - [`validate`]: the self-check that names the first broken invariant.
//!
//! Invariants (checked by [`Store::validate`]):
//! - slot 0 is never used and stays all-zero; a link of 0 means "none";
//! - zeroed memory (all-default Things, all-zero heads) is a valid empty store;
//! - every live Thing is in exactly its kind's set and on exactly one cell
//!   ring, and every used-then-freed slot is on the FREE ring (the free
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
//! events [`Store::settle`] puts the rings back in slot order. The undo log
//! reads [`Store::changed_slots`], copies those whole Things out of
//! [`Store::things`], and on undo and redo writes them back with
//! [`Store::exchange`] (no rebuild: the snapshots are whole canonical
//! Things). Levels, loads and whole-state restores write with
//! [`Store::write_thing`] and then call [`Store::rebuild_links`], which
//! yields the same canonical form from the Things alone.

pub mod canonical;
mod changes;
pub mod id;
pub mod kinds;
pub mod links;
pub mod store;
pub mod thing;
pub mod tree;
pub mod validate;

#[cfg(test)]
mod tests;

pub use id::{CellIndex, ThingId, ThingIndex, MAX_CELLS};
pub use kinds::{KindIter, SetIter};
pub use links::{Ring, RingIter, RingLinks, RING_COUNT};
pub use store::{Store, StoreError, THING_CAPACITY};
pub use thing::{
    Capabilities, Facing, HeroKind, Thing, ThingData, ThingFlags, ThingKind, KIND_COUNT,
};
pub use validate::{Invariant, InvariantError};
