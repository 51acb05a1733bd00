//! Why an action was refused: a small `Copy` enum the screen and the `sim`
//! tool show as a sentence a player can act on.

use std::fmt;

use super::abilities::Ability;
use crate::grid::{CellPos, Dir};
use crate::things::HeroKind;

/// The reason an action cannot be done now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// No such hero (or not a hero).
    NoSuchHero,
    /// The hero has already left the level.
    HeroHasLeft,
    /// The level is over: won, or lost until undone.
    LevelWon,
    /// A hero was caught: the level is lost until the catch is undone.
    LevelLost,
    /// Not enough action points.
    NotEnoughAp {
        /// Action points the action costs.
        needs: u8,
        /// Action points the hero has.
        has: u8,
    },
    /// The destination is not in the hero's sight.
    NotVisible(CellPos),
    /// The destination is the next cell that way, and a wall (a floor, a
    /// ceiling, the level's edge) stands between: said rather than that
    /// the cell behind it is out of sight.
    Blocked(Dir),
    /// No path of walks, step-ups and climbs reaches it.
    Unreachable(CellPos),
    /// A cell out of sight that no walk of one-action-point moves reaches
    /// through the cells the party has seen ([`super::walk`]).
    NoKnownWay(CellPos),
    /// The destination is open air with nothing to stand or hang on: no
    /// move ends there. A hero there would fall `cells` cells and land in
    /// `lands` (a move off the edge above ends there instead).
    MidAir {
        /// Where the fall would end.
        lands: CellPos,
        /// How many cells the hero would fall.
        cells: u16,
    },
    /// The hero is already there.
    AlreadyThere,
    /// The only way there ends in a fall longer than the hero survives.
    TooFarToFall {
        /// How many cells the fall is.
        cells: u16,
        /// The longest fall this hero survives, in cells.
        safe: u16,
    },
    /// The fall would never end (a portal loop).
    FallsForever,
    /// Already holding something.
    HandsFull,
    /// Holding nothing.
    HandsEmpty,
    /// Nothing here can be picked up.
    NothingToPickUp,
    /// Only the knight carries heavy things: too heavy for this hero.
    TooHeavy(HeroKind),
    /// Heavy things cannot be carried while climbing.
    HeavyWhileClimbing,
    /// The held item cannot be set down or put in.
    CannotPlace,
    /// No container here.
    NoContainer,
    /// The container here is empty.
    ContainerEmpty,
    /// Not holding a rope.
    NoRope,
    /// Nowhere for the rope to hang: a wall or floor is in the way.
    NoDrop,
    /// Not at a rope's anchor.
    NotAtAnchor,
    /// Beside a rope's anchor or hanging on the rope, but hoisting and
    /// lowering are done from the rope's top cell.
    NotInRopeTop,
    /// A hero hangs on the part of the rope the action would pull up or
    /// take away.
    HeroOnRope(HeroKind),
    /// The rope is hoisted all the way up.
    RopeAllUp,
    /// The rope is paid out to its full length or the floor.
    RopeAllDown,
    /// Something is tied to the rope.
    RopeInUse,
    /// Not at the bottom of a rope.
    NotAtRopeEnd,
    /// Nothing here can be tied to the rope.
    NothingToTie,
    /// The item in hand cannot hang from a rope (no HANG flag: a statue,
    /// a coil of rope), and nothing lying here can.
    CannotHang,
    /// Something is already tied to the rope's end.
    RopeEndTaken,
    /// Only the sorceress levitates.
    NotASorceress,
    /// The item is held, contained or tied.
    ItemAttached,
    /// Not an item that can be moved (a deployed rope, a hero…).
    NotAnItem,
    /// The item is not in the sorceress' sight.
    ItemNotVisible,
    /// Levitation carries an item at most this many cells along the view.
    LevitateTooFar {
        /// How far the item would be carried, in cells.
        cells: u16,
        /// The most levitation carries it.
        most: u16,
    },
    /// Not in the entrance cell.
    NotAtEntrance,
    /// Only the hero's own ability (a two-cell step-up, a long drop,
    /// levitation, a heavy carry) would do it, and this stage switched it
    /// off (`Stage::without`).
    SwitchedOff(Ability),
    /// The store of Things has no room for what the action would add (a
    /// rope's segments): the level holds too many things.
    NoRoom,
    /// The action's events did not fit the stage (a bug); nothing changed.
    Internal,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::NoSuchHero => write!(f, "no such hero"),
            Refusal::HeroHasLeft => write!(f, "that hero has left the level"),
            Refusal::LevelWon => write!(f, "every hero has left the level"),
            Refusal::LevelLost => write!(f, "a hero was caught: undo or restart to go on"),
            Refusal::NotEnoughAp { needs, has } => {
                write!(f, "not enough action points: needs {needs}, has {has}")
            }
            // Words of what the player sees, never coordinates.
            Refusal::NotVisible(_) => write!(f, "that cell is not in sight"),
            Refusal::Blocked(Dir::Left | Dir::Right) => write!(f, "a wall is in the way"),
            Refusal::Blocked(Dir::Up) => write!(f, "the ceiling is in the way"),
            Refusal::Blocked(Dir::Down) => write!(f, "the floor is in the way"),
            Refusal::Unreachable(_) => write!(f, "no way to get there from here"),
            Refusal::NoKnownWay(_) => {
                write!(f, "no way there through the cells the party has seen")
            }
            Refusal::MidAir { cells, .. } => {
                let s = if cells == 1 { "" } else { "s" };
                write!(
                    f,
                    "cannot stop in mid-air: from there a hero falls {cells} cell{s} (the landing is marked)"
                )
            }
            Refusal::AlreadyThere => write!(f, "already there"),
            Refusal::TooFarToFall { cells, safe } => {
                write!(f, "too far to fall: {cells} cells, safe is {safe}")
            }
            Refusal::FallsForever => write!(f, "that would fall for ever through a portal loop"),
            Refusal::HandsFull => write!(f, "hands are full: set something down first"),
            Refusal::HandsEmpty => write!(f, "not holding anything"),
            Refusal::NothingToPickUp => write!(f, "nothing here to pick up"),
            Refusal::TooHeavy(kind) => write!(
                f,
                "too heavy for the {}: only the knight carries heavy things",
                kind.name()
            ),
            Refusal::HeavyWhileClimbing => write!(f, "cannot climb carrying something heavy"),
            Refusal::CannotPlace => write!(f, "that cannot be set down here"),
            Refusal::NoContainer => write!(f, "no container here"),
            Refusal::ContainerEmpty => write!(f, "the container here is empty"),
            Refusal::NoRope => write!(f, "not holding a rope"),
            Refusal::NoDrop => write!(f, "nowhere for the rope to hang"),
            Refusal::NotAtAnchor => write!(f, "not at a rope's anchor"),
            Refusal::NotInRopeTop => write!(
                f,
                "stand in the rope's top cell: the rope is hoisted and lowered from there"
            ),
            Refusal::HeroOnRope(kind) => {
                write!(f, "the {} is on the rope in the way", kind.name())
            }
            Refusal::RopeAllUp => write!(f, "the rope is hoisted all the way up"),
            Refusal::RopeAllDown => write!(f, "the rope cannot go any lower"),
            Refusal::RopeInUse => write!(f, "the rope is in use: something is tied to it"),
            Refusal::NotAtRopeEnd => write!(f, "not at the end of a rope"),
            Refusal::NothingToTie => write!(f, "nothing here can be tied to the rope"),
            Refusal::CannotHang => write!(
                f,
                "it cannot hang from a rope: put it in a bucket and tie the bucket"
            ),
            Refusal::RopeEndTaken => write!(f, "something is already tied to the rope's end"),
            Refusal::NotASorceress => write!(f, "only the sorceress can levitate"),
            Refusal::ItemAttached => write!(f, "that item is held, contained or tied"),
            Refusal::NotAnItem => write!(f, "that cannot be moved"),
            Refusal::ItemNotVisible => write!(f, "that item is not in sight"),
            Refusal::LevitateTooFar { cells, most } => {
                write!(f, "too far to levitate: {cells} cells, at most {most}")
            }
            Refusal::NotAtEntrance => write!(f, "only the entrance leads out"),
            Refusal::SwitchedOff(ability) => {
                write!(f, "{} is switched off here", ability.describe())
            }
            Refusal::NoRoom => write!(
                f,
                "no room for more rope here (the level holds too many things)"
            ),
            Refusal::Internal => write!(
                f,
                "that could not be done (internal error); nothing changed"
            ),
        }
    }
}

impl Refusal {
    /// One refusal of every kind, with sample data: for checks that every
    /// one renders, and that no screen retypes a sentence of the rules.
    /// The match has no catch-all arm, so a new
    /// variant does not compile until it is listed here, and then it must
    /// render.
    pub fn one_of_each() -> Vec<Refusal> {
        let all = vec![
            Refusal::NoSuchHero,
            Refusal::HeroHasLeft,
            Refusal::LevelWon,
            Refusal::LevelLost,
            Refusal::NotEnoughAp { needs: 2, has: 1 },
            Refusal::NotVisible(CellPos::new(1, 2)),
            Refusal::Blocked(Dir::Left),
            Refusal::Blocked(Dir::Up),
            Refusal::Blocked(Dir::Down),
            Refusal::Unreachable(CellPos::new(1, 2)),
            Refusal::NoKnownWay(CellPos::new(1, 2)),
            Refusal::AlreadyThere,
            Refusal::TooFarToFall { cells: 5, safe: 2 },
            Refusal::FallsForever,
            Refusal::HandsFull,
            Refusal::HandsEmpty,
            Refusal::NothingToPickUp,
            Refusal::TooHeavy(HeroKind::Scout),
            Refusal::HeavyWhileClimbing,
            Refusal::CannotPlace,
            Refusal::NoContainer,
            Refusal::ContainerEmpty,
            Refusal::NoRope,
            Refusal::NoDrop,
            Refusal::NotAtAnchor,
            Refusal::NotInRopeTop,
            Refusal::HeroOnRope(HeroKind::Sorceress),
            Refusal::RopeAllUp,
            Refusal::RopeAllDown,
            Refusal::RopeInUse,
            Refusal::NotAtRopeEnd,
            Refusal::NothingToTie,
            Refusal::CannotHang,
            Refusal::RopeEndTaken,
            Refusal::NotASorceress,
            Refusal::ItemAttached,
            Refusal::NotAnItem,
            Refusal::ItemNotVisible,
            Refusal::LevitateTooFar { cells: 4, most: 3 },
            Refusal::NotAtEntrance,
            Refusal::SwitchedOff(Ability::StepUp),
            Refusal::NoRoom,
            Refusal::MidAir {
                lands: CellPos::new(3, 0),
                cells: 4,
            },
            Refusal::Internal,
        ];
        for r in &all {
            match r {
                Refusal::NoSuchHero
                | Refusal::HeroHasLeft
                | Refusal::LevelWon
                | Refusal::LevelLost
                | Refusal::NotEnoughAp { .. }
                | Refusal::NotVisible(_)
                | Refusal::Blocked(_)
                | Refusal::Unreachable(_)
                | Refusal::NoKnownWay(_)
                | Refusal::MidAir { .. }
                | Refusal::AlreadyThere
                | Refusal::TooFarToFall { .. }
                | Refusal::FallsForever
                | Refusal::HandsFull
                | Refusal::HandsEmpty
                | Refusal::NothingToPickUp
                | Refusal::TooHeavy(_)
                | Refusal::HeavyWhileClimbing
                | Refusal::CannotPlace
                | Refusal::NoContainer
                | Refusal::ContainerEmpty
                | Refusal::NoRope
                | Refusal::NoDrop
                | Refusal::NotAtAnchor
                | Refusal::NotInRopeTop
                | Refusal::HeroOnRope(_)
                | Refusal::RopeAllUp
                | Refusal::RopeAllDown
                | Refusal::RopeInUse
                | Refusal::NotAtRopeEnd
                | Refusal::NothingToTie
                | Refusal::CannotHang
                | Refusal::RopeEndTaken
                | Refusal::NotASorceress
                | Refusal::ItemAttached
                | Refusal::NotAnItem
                | Refusal::ItemNotVisible
                | Refusal::LevitateTooFar { .. }
                | Refusal::NotAtEntrance
                | Refusal::SwitchedOff(_)
                | Refusal::NoRoom
                | Refusal::Internal => {}
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::CellPos;

    #[test]
    fn every_refusal_renders_as_its_own_sentence() {
        let texts: Vec<String> = Refusal::one_of_each()
            .iter()
            .map(|r| r.to_string())
            .collect();
        for (r, t) in Refusal::one_of_each().iter().zip(&texts) {
            assert!(t.len() > 8, "{r:?}: {t:?}");
            assert!(
                t.starts_with(|c: char| c.is_ascii_lowercase()),
                "{r:?}: {t:?}"
            );
            assert!(!t.ends_with('.'), "{r:?}: a clause the screen ends: {t:?}");
            let same = texts.iter().filter(|o| *o == t).count();
            assert_eq!(same, 1, "{r:?}: {t:?} says what another refusal says");
        }
        assert_eq!(
            Refusal::HeroOnRope(HeroKind::Sorceress).to_string(),
            "the sorceress is on the rope in the way"
        );
        assert_eq!(
            Refusal::SwitchedOff(Ability::Levitate).to_string(),
            "the sorceress' levitation is switched off here"
        );
    }

    #[test]
    fn refusals_speak_of_what_the_player_sees_never_of_coordinates() {
        for r in [
            Refusal::NotVisible(CellPos::new(-1, 0)),
            Refusal::Unreachable(CellPos::new(12, 7)),
            Refusal::NoKnownWay(CellPos::new(12, 7)),
        ] {
            let text = r.to_string();
            assert!(!text.chars().any(|c| c.is_ascii_digit()), "{text}");
        }
    }
}
