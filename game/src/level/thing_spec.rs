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

/// The longest rope, in cells (as tall as the largest grid).
pub const MAX_ROPE_LEN: u16 = 128;
/// The most waypoints in a watcher's route.
pub const MAX_ROUTE_POINTS: usize = 32;
/// The most things a level may list.
pub const MAX_THINGS: usize = 512;
/// The longest id or item name, in characters.
pub const MAX_ID_LEN: usize = 32;

// One vocabulary for hero kinds and item capabilities, shared with the
// runtime store of Things: a level says what the store will hold.
pub use crate::things::{Capabilities as ItemFlags, HeroKind};

/// A watcher route's waypoints expanded to the cells walked, one per round:
/// along x first, then along y, and back to the start so the patrol loops.
pub fn expand_route(waypoints: &[CellPos]) -> Vec<CellPos> {
    let Some(&first) = waypoints.first() else {
        return Vec::new();
    };
    let mut cells = vec![first];
    let stops = waypoints.iter().skip(1).chain(std::iter::once(&first));
    for (&from, &to) in waypoints.iter().zip(stops) {
        cells.extend(route_leg(from, to));
    }
    // The last cell is the start again: the loop closes on it.
    if cells.len() > 1 {
        cells.pop();
    }
    cells
}

/// The cells a watcher walks from waypoint `from` to `to`, one per round,
/// `from` excluded: along x first, then along y.
pub fn route_leg(from: CellPos, to: CellPos) -> Vec<CellPos> {
    let mut at = from;
    let mut cells = Vec::new();
    while at != to {
        if at.x != to.x {
            at.x += (to.x - at.x).signum();
        } else {
            at.y += (to.y - at.y).signum();
        }
        cells.push(at);
    }
    cells
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

    /// Whether the thing is a relic (an item with the RELIC capability).
    pub fn is_relic(&self) -> bool {
        matches!(&self.kind, ThingSpecKind::Item { flags, .. } if flags.contains(ItemFlags::RELIC))
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
