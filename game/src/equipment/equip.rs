//! Equipping a level: the level as it starts with a loadout.
//!
//! Equipment never changes the rules, only what the level starts with, so
//! equipping is a function from a level and a [`Loadout`] to another
//! level (its [`ThingSpec`]s changed or added), which then plays, saves
//! and fingerprints like any level:
//! - [`Equipment::LongRope`]: the hero's rope is [`LONG_ROPE_EXTRA_CELLS`]
//!   longer (at most [`MAX_ROPE_LEN`]); only for a hero who carries one;
//! - [`Equipment::SecondRope`]: a hero who carries no rope starts with a
//!   [`SECOND_ROPE_CELLS`]-cell one;
//! - [`Equipment::SpareBucket`]: a bucket (ACQUIRE|PLACE|CONTAIN|HANG,
//!   named `bucket`) lies at the entrance, with a fresh id
//!   ([`SPARE_BUCKET_ID`], or that with `_2`, `_3`… if the level uses it).
//!
//! Every check is made against the level as written: a hero cannot take
//! both the long rope and the second rope. A loadout that does not fit is
//! refused with an [`EquipError`] that says why in a player's words; the
//! empty loadout on a level that requires nothing gives the level back
//! unchanged (same fingerprint). The equipped level requires nothing
//! more: its required pieces are handed out, so a level whose only hero
//! without a rope takes the required second rope starts like any other.
//!
//! [`as_play_starts`] is the level as play starts it when the player
//! chooses nothing (`rappel --level`, the level select, `sim`): equipped
//! with the pieces it requires ([`Loadout::required`]).

use super::{Equipment, EquipmentSet, Loadout};
use crate::level::thing_spec::MAX_ROPE_LEN;
use crate::level::{ItemFlags, Level, ThingSpec, ThingSpecKind};
use std::fmt;

/// Cells the long rope adds to a hero's rope.
pub const LONG_ROPE_EXTRA_CELLS: u16 = 4;
/// The length of the second rope, in cells.
pub const SECOND_ROPE_CELLS: u16 = 6;
/// The spare bucket's id (when the level does not use it already).
pub const SPARE_BUCKET_ID: &str = "spare_bucket";

/// Why a loadout does not fit a level.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EquipError {
    /// The loadout names a hero the level does not have.
    NoSuchHero {
        /// The piece handed out.
        item: Equipment,
        /// The id given.
        hero: String,
    },
    /// The long rope handed to a hero who carries no rope.
    NoRopeToLengthen {
        /// The hero's id.
        hero: String,
    },
    /// The second rope handed to a hero who carries a rope already.
    AlreadyHasRope {
        /// The hero's id.
        hero: String,
    },
    /// The level forbids this piece.
    Forbidden(Equipment),
    /// The level requires this piece and the loadout leaves it out.
    RequiredMissing(Equipment),
    /// The equipped level breaks a rule of levels (too many things, say):
    /// the problem, in words.
    Invalid(String),
}

impl fmt::Display for EquipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |s: &str| crate::level::escaped(s).to_string();
        match self {
            EquipError::NoSuchHero { item, hero } => write!(
                f,
                "{} is handed to '{}', and this level has no such hero",
                item.the(),
                shown(hero)
            ),
            EquipError::NoRopeToLengthen { hero } => write!(
                f,
                "the long rope lengthens a rope, and '{}' carries none",
                shown(hero)
            ),
            EquipError::AlreadyHasRope { hero } => write!(
                f,
                "'{}' already carries a rope (the second rope is for a hero without one)",
                shown(hero)
            ),
            EquipError::Forbidden(e) => write!(f, "this level forbids {}", e.the()),
            EquipError::RequiredMissing(e) => {
                write!(f, "this level requires {}: hand it to a hero", e.the())
            }
            EquipError::Invalid(why) => write!(f, "the equipped level is not valid: {why}"),
        }
    }
}

impl std::error::Error for EquipError {}

/// The rope `hero` carries in `level`: `Ok(None)` for none, `Err` when
/// the level has no such hero.
fn hero_rope(level: &Level, item: Equipment, hero: &str) -> Result<Option<u16>, EquipError> {
    match level.thing(hero).map(|t| &t.kind) {
        Some(ThingSpecKind::Hero { rope_len_cells, .. }) => Ok(*rope_len_cells),
        _ => Err(EquipError::NoSuchHero {
            item,
            hero: hero.to_string(),
        }),
    }
}

/// Whether `hero` may take `item` in `level`: the level does not forbid
/// it, the hero exists, and the piece suits the hero (the loadout screen
/// asks this of every hero and piece).
pub fn check_give(level: &Level, item: Equipment, hero: &str) -> Result<(), EquipError> {
    if level.forbids.contains(item) {
        return Err(EquipError::Forbidden(item));
    }
    let rope = hero_rope(level, item, hero)?;
    match (item, rope) {
        (Equipment::LongRope, None) => Err(EquipError::NoRopeToLengthen {
            hero: hero.to_string(),
        }),
        (Equipment::SecondRope, Some(_)) => Err(EquipError::AlreadyHasRope {
            hero: hero.to_string(),
        }),
        _ => Ok(()),
    }
}

/// The rope, in cells, a hero who starts with `rope_len_cells` has after
/// taking `item`: the long rope lengthens a rope (to at most
/// [`MAX_ROPE_LEN`]), the second rope is one of [`SECOND_ROPE_CELLS`] for
/// a hero without; `None` when the piece is no rope or does not fit (which
/// [`check_give`] refuses). The one rule for [`equip`] and the loadout
/// screen.
pub fn rope_after(rope_len_cells: Option<u16>, item: Equipment) -> Option<u16> {
    match (item, rope_len_cells) {
        (Equipment::LongRope, Some(len)) => {
            Some(len.saturating_add(LONG_ROPE_EXTRA_CELLS).min(MAX_ROPE_LEN))
        }
        (Equipment::SecondRope, None) => Some(SECOND_ROPE_CELLS),
        // No rope to lengthen, a rope already, or no rope at all.
        (Equipment::LongRope, None)
        | (Equipment::SecondRope, Some(_))
        | (Equipment::SpareBucket, _) => None,
    }
}

/// An id for the spare bucket that `level` does not use.
fn fresh_id(level: &Level, base: &str) -> String {
    (1..)
        .map(|n| match n {
            1 => base.to_string(),
            n => format!("{base}_{n}"),
        })
        .find(|id| level.thing(id).is_none())
        .unwrap_or_else(|| unreachable!("a level holds finitely many things"))
}

/// `level` as it starts with `loadout` (see the module docs), or why the
/// loadout does not fit: a forbidden piece, a piece a hero cannot take, a
/// required piece left out. The result requires nothing (its pieces are
/// handed out) and passes `Level::problems`.
pub fn equip(level: &Level, loadout: &Loadout) -> Result<Level, EquipError> {
    for (item, hero) in loadout.items() {
        check_give(level, item, hero)?;
    }
    if let Some(missing) = level.requires.iter().find(|&e| loadout.holder(e).is_none()) {
        return Err(EquipError::RequiredMissing(missing));
    }
    let mut out = level.clone();
    out.requires = EquipmentSet::EMPTY;
    for (item, hero) in loadout.items() {
        match item {
            Equipment::LongRope | Equipment::SecondRope => {
                let Some(ThingSpec {
                    kind: ThingSpecKind::Hero { rope_len_cells, .. },
                    ..
                }) = out.things.iter_mut().find(|t| t.id == hero)
                else {
                    unreachable!("check_give found the hero '{hero}'")
                };
                *rope_len_cells = rope_after(*rope_len_cells, item).or(*rope_len_cells);
            }
            Equipment::SpareBucket => {
                let id = fresh_id(&out, SPARE_BUCKET_ID);
                out.things.push(ThingSpec {
                    id,
                    cell: out.entrance,
                    kind: ThingSpecKind::Item {
                        name: "bucket".to_string(),
                        flags: ItemFlags::BUCKET,
                    },
                });
            }
        }
    }
    if let Some(p) = out.problems().first() {
        return Err(EquipError::Invalid(p.kind.to_string()));
    }
    Ok(out)
}

/// `level` as play starts it when the player chooses nothing: equipped
/// with the pieces it requires, each handed to the first hero who can
/// take it ([`Loadout::required`]); a level that requires nothing comes
/// back unchanged.
pub fn as_play_starts(level: &Level) -> Result<Level, EquipError> {
    equip(level, &Loadout::required(level))
}
