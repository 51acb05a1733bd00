//! Why an action was refused: a small `Copy` enum the screen and the `sim`
//! tool show as a sentence a player can act on.

use std::fmt;

use crate::grid::CellPos;

/// The reason an action cannot be done now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// No such hero (or not a hero).
    NoSuchHero,
    /// The hero has already left the level.
    HeroHasLeft,
    /// The level is over: won, or lost until undone.
    LevelWon,
    LevelLost,
    /// Not enough action points.
    NotEnoughAp {
        needs: u8,
        has: u8,
    },
    /// The destination is not in the hero's sight.
    NotVisible(CellPos),
    /// No path of walks, step-ups and climbs reaches it.
    Unreachable(CellPos),
    /// The hero is already there.
    AlreadyThere,
    /// The only way there ends in a fall longer than the hero survives.
    TooFarToFall {
        cells: u16,
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
    /// Only the knight carries heavy things.
    TooHeavy,
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
    /// The rope is hoisted all the way up.
    RopeAllUp,
    /// The rope is paid out to its full length or the floor.
    RopeAllDown,
    /// Something is tied to the rope, or someone hangs on it.
    RopeInUse,
    /// Not at the bottom of a rope.
    NotAtRopeEnd,
    /// Nothing here can be tied to the rope.
    NothingToTie,
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
        cells: u16,
        most: u16,
    },
    /// Not in the entrance cell.
    NotAtEntrance,
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
            Refusal::Unreachable(_) => write!(f, "no way to get there from here"),
            Refusal::AlreadyThere => write!(f, "already there"),
            Refusal::TooFarToFall { cells, safe } => {
                write!(f, "too far to fall: {cells} cells, safe is {safe}")
            }
            Refusal::FallsForever => write!(f, "that would fall for ever through a portal loop"),
            Refusal::HandsFull => write!(f, "hands are full: set something down first"),
            Refusal::HandsEmpty => write!(f, "not holding anything"),
            Refusal::NothingToPickUp => write!(f, "nothing here to pick up"),
            Refusal::TooHeavy => write!(f, "too heavy: only the knight carries heavy things"),
            Refusal::HeavyWhileClimbing => write!(f, "cannot climb carrying something heavy"),
            Refusal::CannotPlace => write!(f, "that cannot be set down here"),
            Refusal::NoContainer => write!(f, "no container here"),
            Refusal::ContainerEmpty => write!(f, "the container here is empty"),
            Refusal::NoRope => write!(f, "not holding a rope"),
            Refusal::NoDrop => write!(f, "nowhere for the rope to hang"),
            Refusal::NotAtAnchor => write!(f, "not at a rope's anchor"),
            Refusal::RopeAllUp => write!(f, "the rope is hoisted all the way up"),
            Refusal::RopeAllDown => write!(f, "the rope cannot go any lower"),
            Refusal::RopeInUse => write!(
                f,
                "the rope is in use: something is tied to it or someone hangs on it"
            ),
            Refusal::NotAtRopeEnd => write!(f, "not at the end of a rope"),
            Refusal::NothingToTie => write!(f, "nothing here can be tied to the rope"),
            Refusal::RopeEndTaken => write!(f, "something is already tied to the rope's end"),
            Refusal::NotASorceress => write!(f, "only the sorceress can levitate"),
            Refusal::ItemAttached => write!(f, "that item is held, contained or tied"),
            Refusal::NotAnItem => write!(f, "that cannot be moved"),
            Refusal::ItemNotVisible => write!(f, "that item is not in sight"),
            Refusal::LevitateTooFar { cells, most } => {
                write!(f, "too far to levitate: {cells} cells, at most {most}")
            }
            Refusal::NotAtEntrance => write!(f, "only the entrance leads out"),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::CellPos;

    #[test]
    fn refusals_speak_of_what_the_player_sees_never_of_coordinates() {
        for r in [
            Refusal::NotVisible(CellPos::new(-1, 0)),
            Refusal::Unreachable(CellPos::new(12, 7)),
        ] {
            let text = r.to_string();
            assert!(!text.chars().any(|c| c.is_ascii_digit()), "{text}");
        }
    }
}
