//! Equipment (`docs/RULES.md`, "Equipment"): relics recovered over the campaign
//! unlock pieces of equipment; before a level the player hands the
//! unlocked pieces to the heroes (a [`Loadout`]); a level may require or
//! forbid pieces (`Level::requires`, `Level::forbids`).
//!
//! Equipment never changes the rules: it changes what the level starts
//! with. [`equip()`] turns a level and a loadout into the level as it
//! starts, which then plays, saves and is fingerprinted like any other.
//!
//! - [`item`]: the pieces and a set of them, with their names in files;
//! - [`loadout`]: which hero takes which piece, and its text form;
//! - [`equip()`]: the level as it starts with a loadout, or why not;
//!   [`as_play_starts`]: with the pieces it requires;
//! - [`unlock`]: the relics that unlock each piece (one table).
//!
//! Data flow: the platform reads the relics recovered from its progress
//! file and asks [`unlocked`]; its loadout screen builds a [`Loadout`]
//! (asking [`check_give`] of each hero and piece, and
//! [`Equipment::goes_to_a_hero`] whether the hero matters at all); the level in play is
//! `equip(level, loadout)`; `sim --loadout` does the same for scripts.

pub mod equip;
pub mod item;
pub mod loadout;
pub mod unlock;

#[cfg(test)]
mod tests;

pub use equip::{
    as_play_starts, check_give, equip, rope_after, EquipError, LONG_ROPE_EXTRA_CELLS,
    SECOND_ROPE_CELLS, SPARE_BUCKET_ID,
};
pub use item::{Equipment, EquipmentSet};
pub use loadout::{Loadout, LoadoutError};
pub use unlock::{next_unlock, relics_to_unlock, unlocked, UNLOCKS};
