//! How many Things a level can need at once, against the capacity of the
//! store of Things (`docs/DATA-STRUCTURES.md`, "The Large Array of Things").
//!
//! A stage starts with one Thing per [`ThingSpec`](super::ThingSpec) plus one
//! rope item per hero carrying a rope (`Stage::from_level`). Play adds Things
//! only by hanging rope: deploying or lowering a rope adds one ROPE_SEGMENT per
//! cell it hangs through, at most its length (`action::rope`). So the worst
//! case is every rope of the level — carried or lying coiled — hanging at full
//! length at once. A level whose worst case is over the capacity is still
//! valid: it loads and plays, and the deploy or lower the store cannot hold is
//! refused (`Refusal::NoRoom`). [`Level::capacity_warning`] says so ahead
//! of time; `level check` prints it as a warning.

use super::{Level, ThingSpecKind};
use crate::things::THING_CAPACITY;
use std::fmt;

/// How many Things the store holds at once (its slot 0 is the sentinel).
pub const STORE_CAPACITY: usize = THING_CAPACITY - 1;

/// The most Things a level can need at once, by where they come from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ThingBudget {
    /// Things when the stage starts: one per spec, plus a rope item per
    /// hero carrying a rope.
    pub at_start: usize,
    /// Rope segments with every rope hanging at full length: the sum of
    /// the ropes' lengths in cells (0 when the level has no rope).
    pub rope_cells: usize,
}

impl ThingBudget {
    /// `at_start + rope_cells`.
    pub fn worst_case(&self) -> usize {
        self.at_start + self.rope_cells
    }
}

/// A level whose ropes and things could need more Things than the store
/// holds (see the module docs). Not an error: the level still plays.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CapacityWarning {
    /// What the level could need.
    pub budget: ThingBudget,
    /// What the store holds: [`STORE_CAPACITY`].
    pub capacity: usize,
}

impl fmt::Display for CapacityWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "with every rope hanging at full length the level needs {} things \
             ({} at the start, {} rope cells), more than the {} the game holds: \
             a rope that does not fit will be refused (no room)",
            self.budget.worst_case(),
            self.budget.at_start,
            self.budget.rope_cells,
            self.capacity
        )
    }
}

impl Level {
    /// The most Things the level can need at once (see the module docs).
    pub fn thing_budget(&self) -> ThingBudget {
        let mut budget = ThingBudget {
            at_start: 0,
            rope_cells: 0,
        };
        for t in &self.things {
            budget.at_start += 1;
            match t.kind {
                ThingSpecKind::Hero {
                    rope_len_cells: Some(len),
                    ..
                } => {
                    budget.at_start += 1;
                    budget.rope_cells += usize::from(len);
                }
                ThingSpecKind::RopeCoil { len_cells } => {
                    budget.rope_cells += usize::from(len_cells);
                }
                ThingSpecKind::Hero { .. }
                | ThingSpecKind::Item { .. }
                | ThingSpecKind::Watcher { .. } => {}
            }
        }
        budget
    }

    /// A warning when the level's worst case is over [`STORE_CAPACITY`];
    /// `None` when every rope can hang at full length at once.
    pub fn capacity_warning(&self) -> Option<CapacityWarning> {
        let budget = self.thing_budget();
        (budget.worst_case() > STORE_CAPACITY).then_some(CapacityWarning {
            budget,
            capacity: STORE_CAPACITY,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{Action, DeployDir};
    use crate::grid::CellPos;
    use crate::level::fixtures::{big_room, rope_knight as knight};
    use crate::level::{load_file, ItemFlags, ThingSpec};
    use crate::session::Session;
    use crate::things::Store;

    fn pebble(x: i32) -> ThingSpec {
        ThingSpec {
            id: format!("p{x}"),
            cell: CellPos::new(x, 0),
            kind: ThingSpecKind::Item {
                name: "pebble".into(),
                flags: ItemFlags::ACQUIRE,
            },
        }
    }

    /// A 128×128 room of air with `things`.
    fn room(things: Vec<ThingSpec>) -> Level {
        let level = big_room(things);
        assert_eq!(level.problems(), Vec::new(), "a valid level");
        level
    }

    /// Deploys every knight's rope straight down; the index of the first
    /// refused, if any.
    fn deploy_all(level: &Level) -> Option<usize> {
        let mut s = Session::new(level).expect("stage");
        assert_eq!(s.stage().store().len(), level.thing_budget().at_start);
        let heroes = s.stage().heroes();
        heroes.iter().position(|&hero| {
            s.perform(&Action::DeployRope {
                hero,
                dir: DeployDir::Down,
            })
            .is_err()
        })
    }

    #[test]
    fn the_capacity_is_the_stores() {
        let store = Store::with_cell_count(1).expect("store");
        assert_eq!(STORE_CAPACITY, store.capacity());
    }

    #[test]
    fn a_crowded_level_is_warned_of_and_still_valid() {
        // 128 knights, each holding a 128-cell rope: 256 Things at the
        // start, 16384 rope cells.
        let level = room((0..128).map(|x| knight(x, 128)).collect());
        let w = level.capacity_warning().expect("a warning");
        assert_eq!(
            w.budget,
            ThingBudget {
                at_start: 256,
                rope_cells: 128 * 128
            }
        );
        assert_eq!(w.capacity, 16383);
        let text = w.to_string();
        assert!(text.contains("needs 16640 things"), "{text}");
        assert!(text.contains("more than the 16383"), "{text}");
        // The warning is real: a rope is refused for want of room.
        assert_eq!(deploy_all(&level), Some(125));
    }

    #[test]
    fn a_level_exactly_at_capacity_is_not_warned_of_and_every_rope_hangs() {
        // 126 knights with 128-cell ropes (126 × 130 = 16380) and three
        // pebbles: 16383, the capacity. Every rope hangs its full length.
        let mut things: Vec<ThingSpec> = (0..126).map(|x| knight(x, 128)).collect();
        things.extend((0..3).map(pebble));
        let level = room(things.clone());
        assert_eq!(level.thing_budget().worst_case(), STORE_CAPACITY);
        assert_eq!(level.capacity_warning(), None);
        assert_eq!(deploy_all(&level), None, "every rope fits");
        // One pebble more tips it over.
        things.push(pebble(3));
        let over = room(things);
        assert_eq!(
            over.capacity_warning().map(|w| w.budget.worst_case()),
            Some(STORE_CAPACITY + 1)
        );
        assert_eq!(deploy_all(&over), Some(125), "the last rope is refused");
    }

    #[test]
    fn coiled_ropes_count_and_shipped_levels_are_not_warned_of() {
        let mut things = vec![knight(0, 10)];
        things.push(ThingSpec {
            id: "coil".into(),
            cell: CellPos::new(5, 0),
            kind: ThingSpecKind::RopeCoil { len_cells: 7 },
        });
        things.push(pebble(1));
        assert_eq!(
            room(things).thing_budget(),
            ThingBudget {
                at_start: 4,
                rope_cells: 17
            }
        );
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).expect("levels") {
            let path = entry.expect("entry").path();
            let is_level = path.extension() == Some(std::ffi::OsStr::new("txt"))
                && path.file_name() != Some(std::ffi::OsStr::new("campaign.txt"));
            if !is_level {
                continue;
            }
            let level = load_file(&path).expect("a shipped level");
            assert_eq!(level.capacity_warning(), None, "{}", path.display());
            let s = Session::new(&level).expect("stage");
            assert_eq!(s.stage().store().len(), level.thing_budget().at_start);
            checked += 1;
        }
        assert!(checked >= 4, "{checked} shipped levels");
    }
}
