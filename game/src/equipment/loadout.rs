//! A loadout: which hero is handed which piece of equipment before a
//! level. Each piece goes to at most one hero; a hero may take several.
//! Heroes are named by their ids in the level file (`knight`, …).
//!
//! Text form (the `sim --loadout` option, a saved game's origin): entries
//! `HERO:ITEM` separated by spaces, e.g. `knight:long_rope scout:second_rope`;
//! the empty text is the empty loadout. [`Loadout`]'s `Display` writes the
//! entries in [`Equipment::ALL`] order, so the text is canonical and
//! `parse(l.to_string()) == l`.
//!
//! A loadout says nothing about whether it fits a level: `super::equip`
//! checks that, and the loadout screen offers only what fits.

use super::Equipment;
use crate::level::thing_spec::is_identifier;
use crate::level::{Level, ThingSpecKind};
use std::collections::BTreeMap;
use std::fmt;

/// Which hero (by id) takes which piece. May be empty (no equipment).
#[derive(Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Loadout {
    given: BTreeMap<Equipment, String>,
}

/// Why a loadout's text does not read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LoadoutError {
    /// An entry that is not `HERO:ITEM`.
    BadEntry(String),
    /// An entry whose hero is not an id.
    BadHero(String),
    /// An entry whose item names no equipment.
    UnknownItem(String),
    /// A piece given twice.
    Twice(Equipment),
}

impl fmt::Display for LoadoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |s: &str| crate::level::escaped(s).to_string();
        match self {
            LoadoutError::BadEntry(e) => write!(
                f,
                "loadout entry '{}' is not HERO:ITEM (e.g. knight:long_rope)",
                shown(e)
            ),
            LoadoutError::BadHero(h) => write!(
                f,
                "loadout hero '{}' is not a hero id (lower-case letters, digits and _)",
                shown(h)
            ),
            LoadoutError::UnknownItem(i) => write!(
                f,
                "unknown equipment '{}' (expected long_rope, second_rope or spare_bucket)",
                shown(i)
            ),
            LoadoutError::Twice(e) => write!(f, "{} is given twice (expected once)", e.name()),
        }
    }
}

impl std::error::Error for LoadoutError {}

impl Loadout {
    /// No equipment.
    pub fn new() -> Loadout {
        Loadout::default()
    }

    /// Hands `item` to `hero` (taking it from whoever had it).
    pub fn give(&mut self, item: Equipment, hero: &str) {
        self.given.insert(item, hero.to_string());
    }

    /// Takes `item` back; who had it, if anyone.
    pub fn take_back(&mut self, item: Equipment) -> Option<String> {
        self.given.remove(&item)
    }

    /// The hero who has `item`.
    pub fn holder(&self, item: Equipment) -> Option<&str> {
        self.given.get(&item).map(String::as_str)
    }

    /// Each piece given and its hero, in canonical order.
    pub fn items(&self) -> impl Iterator<Item = (Equipment, &str)> {
        self.given.iter().map(|(e, h)| (*e, h.as_str()))
    }

    /// The pieces given beyond those in `required` (what a level requires
    /// is part of the level, not a choice of the player's).
    pub fn beyond(&self, required: super::EquipmentSet) -> Loadout {
        Loadout {
            given: self
                .given
                .iter()
                .filter(|(e, _)| !required.contains(**e))
                .map(|(e, h)| (*e, h.clone()))
                .collect(),
        }
    }

    /// Whether nothing is given.
    pub fn is_empty(&self) -> bool {
        self.given.is_empty()
    }

    /// The pieces given, as a player reads them in a sentence, in
    /// canonical order: "the long rope", "the long rope and the spare
    /// bucket", "the long rope, the second rope and the spare bucket";
    /// `None` when nothing is given.
    pub fn in_words(&self) -> Option<String> {
        let pieces: Vec<&str> = self.given.keys().map(|e| e.the()).collect();
        match pieces.as_slice() {
            [] => None,
            [one] => Some(one.to_string()),
            [rest @ .., last] => Some(format!("{} and {last}", rest.join(", "))),
        }
    }

    /// Reads the text form (see the module docs).
    pub fn parse(text: &str) -> Result<Loadout, LoadoutError> {
        let mut out = Loadout::new();
        for entry in text.split_whitespace() {
            let Some((hero, item)) = entry.split_once(':') else {
                return Err(LoadoutError::BadEntry(entry.to_string()));
            };
            if !is_identifier(hero) {
                return Err(LoadoutError::BadHero(hero.to_string()));
            }
            let item = Equipment::from_name(item)
                .ok_or_else(|| LoadoutError::UnknownItem(item.to_string()))?;
            if out.holder(item).is_some() {
                return Err(LoadoutError::Twice(item));
            }
            out.give(item, hero);
        }
        Ok(out)
    }

    /// The loadout a level starts with when the player chooses nothing:
    /// each piece the level requires, handed to the first hero who can
    /// take it (a long rope to a hero with a rope, a second rope to one
    /// without, the bucket to the first hero). A required piece no hero
    /// can take stays out (`Level::problems` refuses such a level).
    pub fn required(level: &Level) -> Loadout {
        let mut out = Loadout::new();
        for item in level.requires.iter() {
            let hero = level.things.iter().find(|t| match t.kind {
                ThingSpecKind::Hero { rope_len_cells, .. } => match item {
                    Equipment::LongRope => rope_len_cells.is_some(),
                    Equipment::SecondRope => rope_len_cells.is_none(),
                    Equipment::SpareBucket => true,
                },
                _ => false,
            });
            if let Some(hero) = hero {
                out.give(item, &hero.id);
            }
        }
        out
    }
}

impl fmt::Display for Loadout {
    /// `HERO:ITEM` entries in canonical order, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (item, hero)) in self.items().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{hero}:{}", item.name())?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Loadout {
    type Err = LoadoutError;

    fn from_str(s: &str) -> Result<Loadout, LoadoutError> {
        Loadout::parse(s)
    }
}
