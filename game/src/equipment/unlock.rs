//! Which equipment the campaign has unlocked: by the relics recovered over
//! the whole campaign (`docs/RULES.md`, "The loop"). The rule is one table,
//! [`UNLOCKS`]: a piece is unlocked once the total reaches its number.
//! Retreats count too (the relics a retreat brought out still count
//! towards equipment); the platform keeps the total (`progress.txt`).
//!
//! | relics recovered | unlocks |
//! |---|---|
//! | 1 | long rope |
//! | 2 | second rope |
//! | 3 | spare bucket |

use super::Equipment;

/// Each piece and the campaign's total of relics recovered that unlocks
/// it, in the order they unlock.
pub const UNLOCKS: [(Equipment, u32); 3] = [
    (Equipment::LongRope, 1),
    (Equipment::SecondRope, 2),
    (Equipment::SpareBucket, 3),
];

/// The relics recovered that unlock `item`.
pub fn relics_to_unlock(item: Equipment) -> u32 {
    UNLOCKS
        .iter()
        .find(|(e, _)| *e == item)
        .map_or(u32::MAX, |&(_, n)| n)
}

/// The equipment unlocked by `relics` recovered over the campaign, in
/// canonical order.
pub fn unlocked(relics: u32) -> Vec<Equipment> {
    Equipment::ALL
        .into_iter()
        .filter(|&e| relics >= relics_to_unlock(e))
        .collect()
}

/// The next piece to unlock after `relics` and the relics it needs;
/// `None` once everything is unlocked.
pub fn next_unlock(relics: u32) -> Option<(Equipment, u32)> {
    UNLOCKS.iter().copied().find(|&(_, n)| relics < n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_relic_unlocks_the_long_rope_two_the_second_rope_three_the_bucket() {
        assert_eq!(unlocked(0), []);
        assert_eq!(unlocked(1), [Equipment::LongRope]);
        assert_eq!(unlocked(2), [Equipment::LongRope, Equipment::SecondRope]);
        assert_eq!(unlocked(3), Equipment::ALL);
        assert_eq!(unlocked(40), Equipment::ALL);
        assert_eq!(next_unlock(0), Some((Equipment::LongRope, 1)));
        assert_eq!(next_unlock(2), Some((Equipment::SpareBucket, 3)));
        assert_eq!(next_unlock(3), None);
        // Every piece unlocks somewhere, once.
        for e in Equipment::ALL {
            assert_eq!(UNLOCKS.iter().filter(|(u, _)| *u == e).count(), 1);
        }
    }
}
