//! One Thing: the fat, plain-`Copy` record every entity of a stage uses.
//!
//! A [`Thing`] is 36 bytes: its kind (1), generation (4), cell (2), two ring
//! link pairs (free list, siblings: 8), parent and first child (4), the
//! 14-byte [`ThingData`] payload, and its own slot index (2), with 1 byte of
//! padding. Cell membership is a list outside the Things (see
//! [`cells`](super::cells)), not a third link pair. It holds no heap data and no trait objects, so a whole-Thing
//! snapshot (the undo log's unit) is a plain copy that knows which slot it
//! belongs to, and an all-zero Thing is a valid never-used FREE slot.
//!
//! The structural fields (kind, generation, cell, links) are private to the
//! `things` module: only the [`Store`](super::Store) changes them, keeping
//! the lists right. Rules change the payload through
//! [`Store::data_mut`](super::Store::data_mut).
//!
//! Kind-specific data is fat-struct style: every Thing has every field of
//! [`ThingData`]; each kind reads the ones that mean something to it. What a
//! thing can do is a capability bitmask, not its category (an item that
//! contains others is a bucket).

use super::id::{CellIndex, ThingIndex};
use super::links::{Ring, RingLinks, RING_COUNT};
use serde::{Deserialize, Serialize};

/// What a Thing is. `Free` (0) marks an empty slot; its ring is the free list.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[repr(u8)]
pub enum ThingKind {
    /// An empty slot (never used, or despawned).
    #[default]
    Free = 0,
    /// A hero of the party.
    Hero = 1,
    /// An item: relic, bucket, key, rope coil… (see [`Capabilities`]).
    Interactable = 2,
    /// One cell of a deployed rope.
    RopeSegment = 3,
    /// An enemy, e.g. a Watcher.
    Enemy = 4,
}

/// Number of [`ThingKind`]s, `Free` included: the length of the kind-head array.
pub const KIND_COUNT: usize = 5;

impl ThingKind {
    /// Every kind, `Free` first, in discriminant order.
    pub const ALL: [ThingKind; KIND_COUNT] = [
        ThingKind::Free,
        ThingKind::Hero,
        ThingKind::Interactable,
        ThingKind::RopeSegment,
        ThingKind::Enemy,
    ];

    /// Position of this kind in [`ThingKind::ALL`] and in per-kind arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Which way a Thing faces.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[repr(u8)]
pub enum Facing {
    /// Towards +x (the default).
    #[default]
    Right = 0,
    /// Towards −x.
    Left = 1,
    /// Towards +y.
    Up = 2,
    /// Towards −y, with gravity.
    Down = 3,
}

/// The kind of hero (`docs/RULES.md`, "Turns and action points").
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[repr(u8)]
pub enum HeroKind {
    /// 4 AP; carries HEAVY items; starts with the rope.
    #[default]
    Knight = 0,
    /// 6 AP; falls 4 cells safely; steps up two cells.
    Scout = 1,
    /// 4 AP; levitates items.
    Sorceress = 2,
}

impl HeroKind {
    /// Every hero kind.
    pub const ALL: [HeroKind; 3] = [HeroKind::Knight, HeroKind::Scout, HeroKind::Sorceress];

    /// The kind's name as levels and tools write it.
    pub const fn name(self) -> &'static str {
        match self {
            HeroKind::Knight => "knight",
            HeroKind::Scout => "scout",
            HeroKind::Sorceress => "sorceress",
        }
    }

    /// The kind named `name` (as levels write it).
    pub fn from_name(name: &str) -> Option<HeroKind> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Action points this hero gets each round.
    pub const fn action_points_per_round(self) -> u8 {
        match self {
            HeroKind::Knight | HeroKind::Sorceress => 4,
            HeroKind::Scout => 6,
        }
    }
}

/// What an item can do, as a bitmask (`docs/RULES.md`, "Things"). Empty (0) means
/// it can do none of these.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub struct Capabilities(u16);

impl Capabilities {
    /// No capability.
    pub const NONE: Capabilities = Capabilities(0);
    /// Can be picked up.
    pub const ACQUIRE: Capabilities = Capabilities(1 << 0);
    /// Can be set down.
    pub const PLACE: Capabilities = Capabilities(1 << 1);
    /// Holds other items.
    pub const CONTAIN: Capabilities = Capabilities(1 << 2);
    /// Can be tied to a rope's end.
    pub const HANG: Capabilities = Capabilities(1 << 3);
    /// Cannot be carried while climbing.
    pub const HEAVY: Capabilities = Capabilities(1 << 4);
    /// Counts as loot.
    pub const RELIC: Capabilities = Capabilities(1 << 5);
    /// A bucket: ACQUIRE | PLACE | CONTAIN | HANG.
    pub const BUCKET: Capabilities = Capabilities(0b1111);
    /// Every defined bit.
    pub const ALL: Capabilities = Capabilities(0b11_1111);

    /// The capabilities with their names as level files write them, in
    /// canonical order.
    pub const NAMED: [(Capabilities, &'static str); 6] = [
        (Capabilities::ACQUIRE, "ACQUIRE"),
        (Capabilities::PLACE, "PLACE"),
        (Capabilities::CONTAIN, "CONTAIN"),
        (Capabilities::HANG, "HANG"),
        (Capabilities::HEAVY, "HEAVY"),
        (Capabilities::RELIC, "RELIC"),
    ];

    /// The raw bits.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// From raw bits as they are, undefined ones kept (so a decoded level
    /// can be checked for them).
    pub const fn from_bits(bits: u16) -> Self {
        Capabilities(bits)
    }

    /// The capability named `name` (upper case, as in level files).
    pub fn from_name(name: &str) -> Option<Capabilities> {
        Self::NAMED
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(c, _)| *c)
    }

    /// From raw bits, dropping any undefined bit.
    pub const fn from_bits_truncate(bits: u16) -> Self {
        Capabilities(bits & Self::ALL.0)
    }

    /// Whether every capability in `other` is present.
    pub const fn contains(self, other: Capabilities) -> bool {
        self.0 & other.0 == other.0
    }

    /// Both sets together.
    pub const fn union(self, other: Capabilities) -> Self {
        Capabilities(self.0 | other.0)
    }

    /// This set without the capabilities in `other`.
    pub const fn difference(self, other: Capabilities) -> Self {
        Capabilities(self.0 & !other.0)
    }

    /// Whether no capability is present.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl std::fmt::Display for Capabilities {
    /// `ACQUIRE|PLACE|RELIC`, or `NONE`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
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

impl std::ops::BitOr for Capabilities {
    type Output = Capabilities;
    fn bitor(self, rhs: Capabilities) -> Capabilities {
        self.union(rhs)
    }
}

/// Rule state of a Thing, as a bitmask; empty (0) = none of these.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub struct ThingFlags(u8);

impl ThingFlags {
    /// None set.
    pub const NONE: ThingFlags = ThingFlags(0);
    /// Heroes: has left the level through the entrance (with what they hold).
    pub const EXITED: ThingFlags = ThingFlags(1 << 0);
    /// Heroes: seen by a Watcher at the end of a round; the level is lost.
    pub const CAUGHT: ThingFlags = ThingFlags(1 << 1);
    /// Rope items: deployed (its segments hang from its cell); not carried.
    pub const DEPLOYED: ThingFlags = ThingFlags(1 << 2);

    /// The raw bits.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether every flag of `other` is set.
    pub const fn contains(self, other: ThingFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// `self` with the flags of `other` set (`on`) or cleared.
    pub const fn with(self, other: ThingFlags, on: bool) -> ThingFlags {
        if on {
            ThingFlags(self.0 | other.0)
        } else {
            ThingFlags(self.0 & !other.0)
        }
    }
}

/// The kind-specific payload, fat-struct style. All zero is a valid payload
/// for every kind ("nothing special"). 14 bytes.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
pub struct ThingData {
    /// Which way the Thing faces; `Right` by default.
    pub facing: Facing,
    /// Heroes: which hero. Ignored for other kinds.
    pub hero: HeroKind,
    /// Heroes: action points left this round; 0 = none left.
    pub action_points: u8,
    /// Interactables: what the item can do; empty = nothing (scenery).
    pub capabilities: Capabilities,
    /// Rope items: length in cells; rope segments: their position from the
    /// anchor (0 = the anchored top segment). 0 otherwise.
    pub rope_len_cells: u16,
    /// Enemies: index of the level's patrol route; 0 = stands still.
    pub route: u16,
    /// Enemies: position along the route, in steps from its start.
    pub route_step: u16,
    /// Rule state (exited, caught, deployed…); empty = none.
    pub flags: ThingFlags,
    /// Rope segments: the slot index of their rope item; 0 = none.
    pub link: ThingIndex,
}

impl ThingData {
    /// A hero's payload with a full round of action points.
    pub const fn hero(hero: HeroKind) -> Self {
        ThingData {
            facing: Facing::Right,
            hero,
            action_points: hero.action_points_per_round(),
            capabilities: Capabilities::NONE,
            rope_len_cells: 0,
            route: 0,
            route_step: 0,
            flags: ThingFlags::NONE,
            link: 0,
        }
    }

    /// An item's payload with these capabilities.
    pub const fn item(capabilities: Capabilities) -> Self {
        ThingData {
            facing: Facing::Right,
            hero: HeroKind::Knight,
            action_points: 0,
            capabilities,
            rope_len_cells: 0,
            route: 0,
            route_step: 0,
            flags: ThingFlags::NONE,
            link: 0,
        }
    }
}

/// One slot of the Large Array of Things. See the module doc for the layout.
///
/// A FREE Thing is an empty slot: all zero except its generation (0 if the
/// slot was never used) and, if it was used, its links on the free ring.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Thing {
    /// What it is; `Free` = empty slot.
    pub(super) kind: ThingKind,
    /// Generation of the slot: odd while live, even while free (bumped by
    /// spawn and by despawn); 0 = never used.
    pub(super) generation: u32,
    /// The cell it is in. Meaningless (0) while FREE.
    pub(super) cell: CellIndex,
    /// Ring links indexed by [`Ring`]: free list (FREE slots only: a live
    /// Thing's kind is in the store's kind sets and its cell in the cell
    /// lists), sibling ring. `RingLinks::NONE` = not on that ring (free: a
    /// live Thing; siblings: a root).
    pub(super) links: [RingLinks; RING_COUNT],
    /// The Thing holding this one; 0 = none (a root).
    pub(super) parent: ThingIndex,
    /// One child; the others are on its sibling ring. 0 = no children.
    pub(super) first_child: ThingIndex,
    /// The kind-specific payload, free for the rules to change.
    pub data: ThingData,
    /// Its own slot index while the slot has ever been used (0 in a
    /// never-used slot): a snapshot knows where it belongs.
    pub(super) index: ThingIndex,
}

impl Thing {
    /// Its slot index (0 in a never-used slot).
    pub const fn index(&self) -> ThingIndex {
        self.index
    }

    /// Its id, if it is live.
    pub fn id(&self) -> Option<super::ThingId> {
        self.is_live()
            .then(|| super::ThingId::from_slot(self.index, self.generation))
    }

    /// What it is.
    pub const fn kind(&self) -> ThingKind {
        self.kind
    }

    /// The slot's generation: odd while a Thing lives in it (that Thing's
    /// ids carry it), even while FREE; 0 = the slot was never used.
    pub const fn generation(&self) -> u32 {
        self.generation
    }

    /// The cell it is in (0 while FREE).
    pub const fn cell(&self) -> CellIndex {
        self.cell
    }

    /// Whether the slot holds a live Thing (any kind but FREE).
    pub fn is_live(&self) -> bool {
        self.kind != ThingKind::Free
    }

    /// The index of its parent, if it has one.
    pub const fn parent(&self) -> Option<ThingIndex> {
        match self.parent {
            0 => None,
            p => Some(p),
        }
    }

    /// The index of its first child, if it has any.
    pub const fn first_child(&self) -> Option<ThingIndex> {
        match self.first_child {
            0 => None,
            c => Some(c),
        }
    }

    /// Its links on one ring (`RingLinks::NONE` when not on it).
    pub fn ring_links(&self, ring: Ring) -> RingLinks {
        self.links[ring.index()]
    }

    /// Points the parent link anywhere (tests of what loaders catch).
    #[cfg(test)]
    pub(crate) fn tamper_parent_for_tests(&mut self, parent: ThingIndex) {
        self.parent = parent;
    }

    /// A never-used slot: FREE with generation 0.
    #[inline]
    pub fn never_used(&self) -> bool {
        self.kind == ThingKind::Free && self.generation == 0
    }

    /// Whether every field is zero (a never-used slot above the high water
    /// mark). Same as `== Thing::default()`, written out to be cheap: it
    /// runs over the whole array in `validate`.
    pub(super) fn is_zero(&self) -> bool {
        let links = self.links;
        let link_bits = links.iter().fold(0, |acc, l| acc | l.next | l.prev);
        let data = &self.data;
        let data_bits = data.facing as u16
            | data.hero as u16
            | u16::from(data.action_points)
            | data.capabilities.bits()
            | data.rope_len_cells
            | data.route
            | data.route_step;
        (self.kind as u32 | self.generation | u32::from(self.cell.0))
            | u32::from(link_bits | self.parent | self.first_child | data_bits)
            == 0
    }

    /// The value of slot `index` before it was ever used: FREE, generation
    /// 0. Undo writes it back when it takes back a spawn into a fresh slot.
    #[inline]
    pub fn vacant(index: ThingIndex) -> Thing {
        Thing::freed(index, 0)
    }

    /// The empty slot a despawn or rebuild leaves: all zero but the
    /// generation and the slot index. Inline: `despawn` builds it straight
    /// into the slot (out of line it went through a temporary on the stack,
    /// and reading that back stalled store forwarding: half of a despawn's
    /// time, measured with perf).
    #[inline(always)]
    pub(super) fn freed(index: ThingIndex, generation: u32) -> Thing {
        Thing {
            generation,
            index,
            ..Thing::default()
        }
    }
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn thing_and_payload_sizes_are_as_documented() {
        assert_eq!(std::mem::size_of::<ThingData>(), 14);
        assert_eq!(std::mem::size_of::<Thing>(), 36);
    }

    #[test]
    fn zeroed_thing_is_a_never_used_free_slot() {
        let t = Thing::default();
        assert_eq!(t.kind(), ThingKind::Free);
        assert!(t.never_used());
        assert!(t.is_zero());
        assert!(!t.is_live());
        for changed in [
            Thing { generation: 1, ..t },
            Thing { parent: 1, ..t },
            Thing {
                links: [RingLinks::NONE, RingLinks::alone(3)],
                ..t
            },
            Thing {
                data: ThingData {
                    route_step: 1,
                    ..t.data
                },
                ..t
            },
            Thing {
                data: ThingData {
                    facing: Facing::Down,
                    ..t.data
                },
                ..t
            },
        ] {
            assert!(!changed.is_zero(), "{changed:?}");
        }
        assert_eq!(t.parent(), None);
        assert_eq!(t.first_child(), None);
    }

    #[test]
    fn kinds_are_listed_in_discriminant_order() {
        for (i, kind) in ThingKind::ALL.iter().enumerate() {
            assert_eq!(kind.index(), i);
        }
        assert_eq!(ThingKind::Free as u8, 0);
    }

    #[test]
    fn bucket_capabilities_match_the_rules() {
        let bucket = Capabilities::BUCKET;
        assert!(bucket.contains(Capabilities::ACQUIRE | Capabilities::PLACE));
        assert!(bucket.contains(Capabilities::CONTAIN | Capabilities::HANG));
        assert!(!bucket.contains(Capabilities::HEAVY));
        assert!(!bucket.contains(Capabilities::RELIC));
        let relic = Capabilities::RELIC | Capabilities::HEAVY;
        assert_eq!(relic.difference(Capabilities::HEAVY), Capabilities::RELIC);
        assert_eq!(Capabilities::from_bits_truncate(0xffff), Capabilities::ALL);
        assert!(Capabilities::NONE.is_empty());
    }

    #[test]
    fn heroes_get_their_action_points() {
        assert_eq!(ThingData::hero(HeroKind::Knight).action_points, 4);
        assert_eq!(ThingData::hero(HeroKind::Scout).action_points, 6);
        assert_eq!(ThingData::hero(HeroKind::Sorceress).action_points, 4);
        assert_eq!(ThingData::hero(HeroKind::Scout).hero, HeroKind::Scout);
        let item = ThingData::item(Capabilities::BUCKET);
        assert_eq!(item.capabilities, Capabilities::BUCKET);
    }
}
