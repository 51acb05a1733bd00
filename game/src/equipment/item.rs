//! The pieces of equipment ([`Equipment`]) and a small set of them
//! ([`EquipmentSet`]), as level files and loadouts name them.
//!
//! Names in files are lower-case words: `long_rope`, `second_rope`,
//! `spare_bucket`. A set is written as those names separated by single
//! spaces, always in [`Equipment::ALL`] order, so its text is canonical.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One piece of equipment a hero can be handed before a level
/// (`docs/RULES.md`, "Equipment"). What each does to the level's start is
/// `super::equip`'s business; the rules never change.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Equipment {
    /// Lengthens the rope of a hero who carries one.
    LongRope,
    /// A rope for a hero who carries none.
    SecondRope,
    /// An extra bucket at the entrance.
    SpareBucket,
}

impl Equipment {
    /// Every piece, in canonical order (the order sets and loadouts are
    /// written in, and the loadout screen lists them in).
    pub const ALL: [Equipment; 3] = [
        Equipment::LongRope,
        Equipment::SecondRope,
        Equipment::SpareBucket,
    ];

    /// The name in files: `long_rope`, `second_rope`, `spare_bucket`.
    pub fn name(self) -> &'static str {
        match self {
            Equipment::LongRope => "long_rope",
            Equipment::SecondRope => "second_rope",
            Equipment::SpareBucket => "spare_bucket",
        }
    }

    /// The piece a file names; `None` for any other word.
    pub fn from_name(name: &str) -> Option<Equipment> {
        Equipment::ALL.into_iter().find(|e| e.name() == name)
    }

    /// What a player reads: "Long rope".
    pub fn title(self) -> &'static str {
        match self {
            Equipment::LongRope => "Long rope",
            Equipment::SecondRope => "Second rope",
            Equipment::SpareBucket => "Spare bucket",
        }
    }

    /// The piece in a sentence: "the long rope".
    pub fn the(self) -> &'static str {
        match self {
            Equipment::LongRope => "the long rope",
            Equipment::SecondRope => "the second rope",
            Equipment::SpareBucket => "the spare bucket",
        }
    }

    /// What it does, in a few words for the loadout screen.
    pub fn effect(self) -> &'static str {
        match self {
            Equipment::LongRope => "a hero's rope is 4 cells longer",
            Equipment::SecondRope => "a 6-cell rope for a hero without one",
            Equipment::SpareBucket => "another bucket at the entrance",
        }
    }

    /// Whether the piece goes to a hero, who then starts with it (the
    /// ropes); `false` for a piece that lies in the level whichever hero
    /// brings it (the spare bucket: [`Equipment::lies`]). A loadout still
    /// names a hero for every piece; for a piece that goes to no hero
    /// that hero changes nothing (`super::equip`).
    pub fn goes_to_a_hero(self) -> bool {
        self.lies().is_none()
    }

    /// Where a piece that goes to no hero lies when brought, in a few
    /// words ("at the entrance"); `None` for a piece that goes to a hero.
    pub fn lies(self) -> Option<&'static str> {
        match self {
            Equipment::LongRope | Equipment::SecondRope => None,
            Equipment::SpareBucket => Some("at the entrance"),
        }
    }

    fn bit(self) -> u8 {
        match self {
            Equipment::LongRope => 1,
            Equipment::SecondRope => 2,
            Equipment::SpareBucket => 4,
        }
    }
}

impl fmt::Display for Equipment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of pieces of equipment (a level's `requires` or `forbids`). One
/// bit per piece; bits no piece has can only come from a damaged binary
/// file, and `Level::problems` refuses them ([`EquipmentSet::unknown_bits`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
pub struct EquipmentSet(u8);

impl EquipmentSet {
    /// No equipment.
    pub const EMPTY: EquipmentSet = EquipmentSet(0);

    /// The set of `items`.
    pub fn of(items: &[Equipment]) -> EquipmentSet {
        let mut set = EquipmentSet::EMPTY;
        for &e in items {
            set.insert(e);
        }
        set
    }

    /// Whether `item` is in the set.
    pub fn contains(self, item: Equipment) -> bool {
        self.0 & item.bit() != 0
    }

    /// Adds `item`; `false` if it was there already.
    pub fn insert(&mut self, item: Equipment) -> bool {
        let new = !self.contains(item);
        self.0 |= item.bit();
        new
    }

    /// Whether the set holds nothing (bits of no piece included).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pieces in both sets.
    pub fn intersection(self, other: EquipmentSet) -> EquipmentSet {
        EquipmentSet(self.0 & other.0)
    }

    /// The pieces in the set, in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Equipment> {
        Equipment::ALL
            .into_iter()
            .filter(move |&e| self.contains(e))
    }

    /// The bits set that name no piece (0 for any set built here).
    pub fn unknown_bits(self) -> u8 {
        let known = Equipment::ALL.iter().fold(0, |acc, e| acc | e.bit());
        self.0 & !known
    }

    /// The set's bits, as stored in binary files.
    pub fn bits(self) -> u8 {
        self.0
    }

    /// The set of these bits, as read from a binary file (unknown bits
    /// kept, for `Level::problems` to refuse).
    pub fn from_bits(bits: u8) -> EquipmentSet {
        EquipmentSet(bits)
    }
}

impl fmt::Display for EquipmentSet {
    /// The names in canonical order, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(e.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_sets_print_in_canonical_order() {
        for e in Equipment::ALL {
            assert_eq!(Equipment::from_name(e.name()), Some(e));
        }
        assert_eq!(Equipment::from_name("Long_rope"), None);
        assert_eq!(Equipment::from_name("rope"), None);
        let set = EquipmentSet::of(&[Equipment::SpareBucket, Equipment::LongRope]);
        assert_eq!(set.to_string(), "long_rope spare_bucket");
        assert!(set.contains(Equipment::LongRope) && !set.contains(Equipment::SecondRope));
        assert_eq!(EquipmentSet::EMPTY.to_string(), "");
        let mut again = set;
        assert!(!again.insert(Equipment::LongRope), "already there");
        assert_eq!(
            set.intersection(EquipmentSet::of(&[Equipment::LongRope])),
            EquipmentSet::of(&[Equipment::LongRope])
        );
        assert_eq!(set.unknown_bits(), 0);
        assert_eq!(EquipmentSet::from_bits(0x81).unknown_bits(), 0x80);
    }
}
