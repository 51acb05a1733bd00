//! The things a level starts with, as level data.
//!
//! A [`ThingSpec`] is what the level file says: an id, a cell and what kind
//! of thing it is. It is independent of the runtime store of Things: when a
//! stage starts, each spec becomes one Thing (a hero carrying a rope becomes
//! a hero holding a rope, and so on). Specs are checked by
//! [`Level::problems`](super::Level::problems): ids unique and well formed,
//! cells in air, lengths and routes in range.

use crate::grid::CellPos;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The longest rope, in cells (as tall as the largest grid).
pub const MAX_ROPE_LEN: u16 = 128;
/// The most waypoints in a watcher's route.
pub const MAX_ROUTE_POINTS: usize = 32;
/// The most things a level may list.
pub const MAX_THINGS: usize = 512;
/// The longest id or item name, in characters.
pub const MAX_ID_LEN: usize = 32;

/// The kind of hero (`GAME.md`, "Heroes").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum HeroKind {
    /// 4 AP; carries HEAVY items while walking; hoists two cells per AP.
    Knight,
    /// 6 AP; safe fall of 4 cells; steps up two cells.
    Scout,
    /// 4 AP; levitates items.
    Sorceress,
}

impl HeroKind {
    /// Every hero kind.
    pub const ALL: [HeroKind; 3] = [HeroKind::Knight, HeroKind::Scout, HeroKind::Sorceress];

    /// Lower-case name, as the level text writes it.
    pub const fn name(self) -> &'static str {
        match self {
            HeroKind::Knight => "knight",
            HeroKind::Scout => "scout",
            HeroKind::Sorceress => "sorceress",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<HeroKind> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// An item's capabilities (`GAME.md`, "Things"): a bit set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ItemFlags(u8);

impl ItemFlags {
    /// No capability: a fixed prop.
    pub const NONE: ItemFlags = ItemFlags(0);
    /// Can be picked up.
    pub const ACQUIRE: ItemFlags = ItemFlags(1 << 0);
    /// Can be set down.
    pub const PLACE: ItemFlags = ItemFlags(1 << 1);
    /// Holds other items (a bucket).
    pub const CONTAIN: ItemFlags = ItemFlags(1 << 2);
    /// Can be tied to a rope's end.
    pub const HANG: ItemFlags = ItemFlags(1 << 3);
    /// Cannot be carried while climbing.
    pub const HEAVY: ItemFlags = ItemFlags(1 << 4);
    /// Counts as loot.
    pub const RELIC: ItemFlags = ItemFlags(1 << 5);
    /// Every defined flag.
    pub const ALL: ItemFlags = ItemFlags(0b11_1111);

    /// The flags with their text names, in canonical order.
    pub const NAMED: [(ItemFlags, &'static str); 6] = [
        (ItemFlags::ACQUIRE, "ACQUIRE"),
        (ItemFlags::PLACE, "PLACE"),
        (ItemFlags::CONTAIN, "CONTAIN"),
        (ItemFlags::HANG, "HANG"),
        (ItemFlags::HEAVY, "HEAVY"),
        (ItemFlags::RELIC, "RELIC"),
    ];

    /// The raw bits.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The set with raw bits `bits` (undefined bits kept, so a decoded
    /// level can be checked).
    pub const fn from_bits(bits: u8) -> Self {
        Self(bits)
    }

    /// Both sets together.
    pub const fn union(self, other: ItemFlags) -> Self {
        Self(self.0 | other.0)
    }

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: ItemFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// The flag named `name` (upper case, as in the text).
    pub fn from_name(name: &str) -> Option<ItemFlags> {
        Self::NAMED
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(f, _)| *f)
    }
}

impl fmt::Display for ItemFlags {
    /// `ACQUIRE|PLACE|RELIC`, or `NONE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (flag, name) in Self::NAMED {
            if self.contains(flag) {
                if !first {
                    f.write_str("|")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        if first {
            f.write_str("NONE")?;
        }
        Ok(())
    }
}

/// What a thing is, with its kind-specific data.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ThingSpecKind {
    /// A hero of the party.
    Hero {
        /// Which hero.
        hero: HeroKind,
        /// Length of the rope the hero starts with, in cells; `None`: no rope.
        rope_len_cells: Option<u16>,
    },
    /// An item (relic, bucket, …).
    Item {
        /// What it is called and drawn as (an identifier, e.g. `bucket`).
        name: String,
        /// What can be done with it.
        flags: ItemFlags,
    },
    /// A coiled rope lying in the cell, to be picked up.
    RopeCoil {
        /// Its length in cells, 1..=128.
        len_cells: u16,
    },
    /// An enemy that stands or patrols.
    Watcher {
        /// Waypoints walked in order and back again; empty: it stands still.
        route: Vec<CellPos>,
    },
}

/// One thing a level starts with.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ThingSpec {
    /// Unique within the level: lower-case letters, digits and `_`, starting
    /// with a letter, at most 32 characters. Never empty.
    pub id: String,
    /// The cell it starts in; must be air.
    pub cell: CellPos,
    /// What it is.
    pub kind: ThingSpecKind,
}

impl ThingSpec {
    /// Whether the thing is a hero.
    pub fn is_hero(&self) -> bool {
        matches!(self.kind, ThingSpecKind::Hero { .. })
    }
}

/// Whether `s` is a valid id or item name (see [`ThingSpec::id`]).
pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && s.len() <= MAX_ID_LEN
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_print_in_canonical_order_and_parse_by_name() {
        let bucket = ItemFlags::ACQUIRE
            .union(ItemFlags::PLACE)
            .union(ItemFlags::CONTAIN)
            .union(ItemFlags::HANG);
        assert_eq!(bucket.to_string(), "ACQUIRE|PLACE|CONTAIN|HANG");
        assert_eq!(ItemFlags::NONE.to_string(), "NONE");
        assert_eq!(ItemFlags::from_name("HEAVY"), Some(ItemFlags::HEAVY));
        assert_eq!(ItemFlags::from_name("heavy"), None);
        assert!(ItemFlags::ALL.contains(bucket));
        assert!(!bucket.contains(ItemFlags::HEAVY));
    }

    #[test]
    fn identifiers_are_lower_case_words() {
        assert!(is_identifier("knight"));
        assert!(is_identifier("relic_2"));
        assert!(!is_identifier("2relic"));
        assert!(!is_identifier("Relic"));
        assert!(!is_identifier(""));
        assert!(!is_identifier(&"a".repeat(33)));
        assert_eq!(HeroKind::from_name("scout"), Some(HeroKind::Scout));
        assert_eq!(HeroKind::from_name("wizard"), None);
    }
}
