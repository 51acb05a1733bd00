//! What the solver counts as "the same position": a 64-bit key of the
//! stage without its turn counter and without the heroes' action points,
//! which travel beside it as a packed [`ApVector`].
//!
//! Leaving the turn out makes two positions reached at different turns one
//! position: the rules never read the counter (watchers keep their place
//! in their route in their own Things, so a periodic patrol makes a
//! periodic position). Keeping the action points apart lets the search
//! prune by dominance: the same position with at least as many points for
//! every hero, reached no later, can do everything this one can.
//!
//! The key covers every live Thing's slot, kind, cell, parent, flags,
//! capabilities, rope fields and route step, in slot order. It leaves out
//! what the rules never read (facing), slot generations (a rope let down,
//! taken back and let down again is the same rope), the ring links (a
//! function of the rest) and free slots. It is a hash: two positions that
//! collide (about one chance in 10⁸ per million positions) would be taken
//! for one, which can only hide a line of play, never invent one — every
//! solution is found by playing it.

use crate::rng::mix64;
use crate::stage::Stage;
use crate::things::ThingKind;

/// Heroes whose action points are kept apart from the key; the action
/// points of any hero past the eighth are hashed into the key instead
/// (exact, only without dominance).
pub const AP_LANES: usize = 8;

/// The heroes' action points in slot order, one byte each (lane 0 = the
/// first hero's); heroes who left count 0.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ApVector(pub u64);

const LANE_HIGH: u64 = 0x8080_8080_8080_8080;

impl ApVector {
    /// Whether every hero has at least as many points here as in `other`.
    /// Lanes hold less than 128 (a round gives a handful of points), so
    /// one subtraction with the high bits set compares all eight at once.
    pub fn covers(self, other: ApVector) -> bool {
        ((self.0 | LANE_HIGH).wrapping_sub(other.0) & LANE_HIGH) == LANE_HIGH
    }
}

/// One position: the key and the action points beside it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    /// The stage's key, without the turn counter and action points.
    pub key: u64,
    /// Every hero's action points, packed.
    pub ap: ApVector,
}

/// A hasher for tables keyed by [`Position::key`]: the keys are already
/// well mixed, so they are used as they are.
#[derive(Default)]
pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The position of `stage` (see the module docs).
pub fn position(stage: &Stage) -> Position {
    let mut hash: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut ap = 0u64;
    let mut heroes = 0usize;
    // Slot 0 is the sentinel; every slot above the first never-used one is
    // never used either (the store's high-water mark).
    for t in stage.store().things().iter().skip(1) {
        if t.never_used() {
            break;
        }
        if !t.is_live() {
            continue;
        }
        let d = t.data;
        let mut points = 0u64;
        if t.kind() == ThingKind::Hero {
            if heroes < AP_LANES {
                ap |= u64::from(d.action_points) << (8 * heroes);
            } else {
                points = u64::from(d.action_points);
            }
            heroes += 1;
        }
        let a = u64::from(t.index())
            | u64::from(t.kind() as u8) << 16
            | u64::from(t.cell().0) << 24
            | u64::from(t.parent().unwrap_or(0)) << 40
            | u64::from(d.hero as u8) << 56;
        let b = u64::from(d.capabilities.bits())
            | u64::from(d.rope_len_cells) << 16
            | u64::from(d.route_step) << 32
            | u64::from(d.flags.bits()) << 48
            | points << 56;
        let c = u64::from(d.route) | u64::from(d.link) << 16;
        hash = mix64(hash ^ a);
        hash = mix64(hash ^ b);
        hash = mix64(hash ^ c);
    }
    Position {
        key: hash,
        ap: ApVector(ap),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{Action, Target};
    use crate::grid::CellPos;
    use crate::level::fixtures::{level, LOOP_BACK};
    use crate::session::Session;

    /// Action points by lane, lane 0 first.
    fn lanes(points: &[u8]) -> ApVector {
        ApVector(
            points
                .iter()
                .enumerate()
                .fold(0, |v, (i, &p)| v | u64::from(p) << (8 * i)),
        )
    }

    #[test]
    fn covers_compares_every_lane() {
        assert!(lanes(&[4, 4, 6]).covers(lanes(&[4, 4, 6])));
        assert!(lanes(&[4, 4, 6]).covers(lanes(&[0, 3, 5])));
        assert!(!lanes(&[4, 4, 6]).covers(lanes(&[4, 5, 6])), "middle lane");
        assert!(!lanes(&[4, 4, 0]).covers(lanes(&[0, 0, 1])), "third lane");
        let top = [0, 0, 0, 0, 0, 0, 0, 6];
        assert!(lanes(&top).covers(lanes(&[0, 0, 0, 0, 0, 0, 0, 5])));
        assert!(
            !lanes(&[6, 6, 6, 6, 6, 6, 6, 0]).covers(lanes(&top)),
            "top lane"
        );
        assert!(ApVector(0).covers(ApVector(0)));
    }

    #[test]
    fn the_turn_and_action_points_are_not_in_the_key_but_places_are() {
        let mut s = Session::new(&level(LOOP_BACK)).expect("stage");
        let start = position(s.stage());
        let knight = s.stage().find("knight").expect("knight");
        s.perform(&Action::Move {
            hero: knight,
            to: Target::Cell(CellPos::new(1, 0)),
        })
        .expect("walks");
        let moved = position(s.stage());
        assert_ne!(moved.key, start.key, "the knight stands elsewhere");
        assert!(start.ap.covers(moved.ap) && !moved.ap.covers(start.ap));
        s.perform(&Action::Move {
            hero: knight,
            to: Target::Cell(CellPos::new(0, 0)),
        })
        .expect("walks back");
        let back = position(s.stage());
        assert_eq!(back.key, start.key, "same places, fewer points");
        assert!(!back.ap.covers(start.ap));
        s.perform(&Action::EndTurn).expect("ends the turn");
        let next = position(s.stage());
        assert_eq!(s.stage().turn(), 2);
        assert_eq!(next, start, "the turn counter is not part of it");
        assert_ne!(s.state_hash(), {
            while s.undo() {}
            s.state_hash()
        });
    }
}
