//! "What does this level need?": a level with something taken away — one
//! of the heroes' abilities ([`Ability`], switched off on the stage, see
//! [`Stage::set_without`](crate::stage::Stage::set_without)), a portal
//! pair (its two edges become walls, as the editor deletes it), an item
//! or a watcher (gone from the level, as the editor deletes it) or the rope
//! a hero starts with (the hero starts empty-handed). `sim solve --without`
//! reads the names with [`Missing::parse`] and asks [`take_away`] for the
//! level and the switch to solve.
//!
//! Taking away a relic the level needs does not lower what clearing it
//! asks: the level can then not be cleared, and [`TakenAway::unwinnable`]
//! says why rather than solving a different level.

use std::fmt;

use super::op::{delete_portal, delete_thing};
use crate::action::abilities::{Ability, Without};
use crate::level::{Level, ThingSpecKind};

/// One thing to do without, as the tools name it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Missing {
    /// `levitate`, `long-drop`, `step-up`, `heavy-carry`.
    Ability(Ability),
    /// `portal:LABEL`: the portal pair with this label.
    Portal(char),
    /// `item:ID`: the item (or rope coil) with this id.
    Item(String),
    /// `watcher:ID`: the watcher with this id.
    Watcher(String),
    /// `rope:HERO`: the rope the hero with this id starts with.
    Rope(String),
}

/// The names [`Missing::parse`] knows, for a usage line.
pub fn known_names() -> String {
    let mut names: Vec<&str> = Ability::ALL.iter().map(|a| a.name()).collect();
    names.extend(["portal:LABEL", "item:ID", "watcher:ID", "rope:HERO"]);
    names.join(", ")
}

impl Missing {
    /// Reads `levitate`, `portal:A`, `item:idol`, `watcher:guard`,
    /// `rope:knight`…; the error names what is known.
    pub fn parse(text: &str) -> Result<Missing, String> {
        if let Some(label) = text.strip_prefix("portal:") {
            let mut chars = label.chars();
            return match (chars.next(), chars.next()) {
                (Some(c), None) => Ok(Missing::Portal(c)),
                _ => Err(format!(
                    "`{text}`: a portal's label is one character (portal:A)"
                )),
            };
        }
        if let Some(id) = text.strip_prefix("item:") {
            if id.is_empty() {
                return Err(format!("`{text}`: name the item's id (item:idol)"));
            }
            return Ok(Missing::Item(id.to_string()));
        }
        if let Some(id) = text.strip_prefix("watcher:") {
            if id.is_empty() {
                return Err(format!("`{text}`: name the watcher's id (watcher:guard)"));
            }
            return Ok(Missing::Watcher(id.to_string()));
        }
        if let Some(id) = text.strip_prefix("rope:") {
            if id.is_empty() {
                return Err(format!("`{text}`: name the hero's id (rope:knight)"));
            }
            return Ok(Missing::Rope(id.to_string()));
        }
        Ability::from_name(text)
            .map(Missing::Ability)
            .ok_or_else(|| format!("unknown `{text}`: known are {}", known_names()))
    }
}

impl fmt::Display for Missing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Missing::Ability(a) => write!(f, "{a}"),
            Missing::Portal(c) => write!(f, "portal:{c}"),
            Missing::Item(id) => write!(f, "item:{id}"),
            Missing::Watcher(id) => write!(f, "watcher:{id}"),
            Missing::Rope(id) => write!(f, "rope:{id}"),
        }
    }
}

/// Why a level cannot do without something: it is not there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NotThere {
    /// No portal has this label; the level's labels.
    Portal(char, Vec<char>),
    /// No item or rope coil has this id; the level's item ids.
    Item(String, Vec<String>),
    /// No watcher has this id; the level's watcher ids.
    Watcher(String, Vec<String>),
    /// No hero with this id starts with a rope; the ids of those that do.
    Rope(String, Vec<String>),
}

impl fmt::Display for NotThere {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotThere::Portal(c, labels) if labels.is_empty() => {
                write!(f, "no portal `{c}`: the level has no portals")
            }
            NotThere::Portal(c, labels) => {
                let labels: Vec<String> = labels.iter().map(char::to_string).collect();
                write!(
                    f,
                    "no portal `{c}` in the level: its portals are {}",
                    labels.join(", ")
                )
            }
            NotThere::Item(id, ids) if ids.is_empty() => {
                write!(f, "no item `{id}`: the level has no items")
            }
            NotThere::Item(id, ids) => write!(
                f,
                "no item `{id}` in the level: its items are {}",
                ids.join(", ")
            ),
            NotThere::Watcher(id, ids) if ids.is_empty() => {
                write!(f, "no watcher `{id}`: the level has no watchers")
            }
            NotThere::Watcher(id, ids) => write!(
                f,
                "no watcher `{id}` in the level: its watchers are {}",
                ids.join(", ")
            ),
            NotThere::Rope(id, ids) if ids.is_empty() => {
                write!(f, "no rope for `{id}`: no hero starts with a rope")
            }
            NotThere::Rope(id, ids) => write!(
                f,
                "no hero `{id}` starts with a rope: those with one are {}",
                ids.join(", ")
            ),
        }
    }
}

/// The index in `level` of the first thing with `id` that `is` picks, or
/// the ids of all it picks.
fn find_thing(
    level: &Level,
    id: &str,
    is: impl Fn(&ThingSpecKind) -> bool,
) -> Result<usize, Vec<String>> {
    let index = level.things.iter().position(|t| t.id == id && is(&t.kind));
    index.ok_or_else(|| {
        let ids = level.things.iter().filter(|t| is(&t.kind));
        ids.map(|t| t.id.clone()).collect()
    })
}

/// A level with things taken away, and the abilities to switch off.
#[derive(Clone, Debug)]
pub struct TakenAway {
    /// The level without the portals and items taken away.
    pub level: Level,
    /// The abilities to switch off on its stage.
    pub without: Without,
    /// Why it can no longer be cleared, if a relic it needs was taken:
    /// then `level` is not one to play (it may ask for more relics than it
    /// holds).
    pub unwinnable: Option<String>,
}

/// `level` without `missing` (see the module docs); an error if a portal,
/// an item, a watcher or a hero's rope named is not in it.
pub fn take_away(level: &Level, missing: &[Missing]) -> Result<TakenAway, NotThere> {
    let needs = level.relics_to_clear();
    let mut out = level.clone();
    let mut without = Without::NONE;
    for m in missing {
        match m {
            Missing::Ability(a) => without = without.and(*a),
            Missing::Portal(c) => {
                let count = out.grid.portals().len();
                let index = (0..count).find(|&i| out.portal_label(i) == *c);
                let index = index.ok_or_else(|| {
                    NotThere::Portal(*c, (0..count).map(|i| out.portal_label(i)).collect())
                })?;
                delete_portal(&mut out, index).expect("the portal is in the level");
            }
            Missing::Item(id) => {
                let is_item = |k: &ThingSpecKind| {
                    matches!(
                        k,
                        ThingSpecKind::Item { .. } | ThingSpecKind::RopeCoil { .. }
                    )
                };
                let index =
                    find_thing(&out, id, is_item).map_err(|ids| NotThere::Item(id.clone(), ids))?;
                delete_thing(&mut out, index).expect("the item is in the level");
            }
            Missing::Watcher(id) => {
                let is_watcher = |k: &ThingSpecKind| matches!(k, ThingSpecKind::Watcher { .. });
                let index = find_thing(&out, id, is_watcher)
                    .map_err(|ids| NotThere::Watcher(id.clone(), ids))?;
                delete_thing(&mut out, index).expect("the watcher is in the level");
            }
            Missing::Rope(id) => {
                let has_rope = |k: &ThingSpecKind| {
                    matches!(
                        k,
                        ThingSpecKind::Hero {
                            rope_len_cells: Some(_),
                            ..
                        }
                    )
                };
                let index = find_thing(&out, id, has_rope)
                    .map_err(|ids| NotThere::Rope(id.clone(), ids))?;
                if let ThingSpecKind::Hero { rope_len_cells, .. } = &mut out.things[index].kind {
                    *rope_len_cells = None;
                }
            }
        }
    }
    let left = out.relic_count();
    let unwinnable = (left < needs).then(|| {
        format!(
            "clearing it takes {needs} relic{}, and {left} would be left",
            if needs == 1 { "" } else { "s" }
        )
    });
    Ok(TakenAway {
        level: out,
        without,
        unwinnable,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::load_text;
    use crate::solve::{solve, solve_without, Limits, Report};

    /// A room four cells square; a platform ledge under 3,3 holds the idol
    /// out of everyone's reach but the sorceress' levitation (and in her
    /// sight: a platform hides nothing). `idol` is on the ledge, `gem` on
    /// the floor at 2,0.
    const LEDGE: &str = include_str!("../../tests/fixtures/ledge.txt");

    /// Two rooms in a row with rock between them, joined only by portal
    /// `a` through the rock; the idol lies in the far room.
    const TUNNEL: &str = include_str!("../../tests/fixtures/tunnel.txt");

    fn level(text: &str) -> Level {
        load_text("test.txt", text).unwrap_or_else(|e| panic!("{e}"))
    }

    fn limits() -> Limits {
        Limits {
            max_turns: 6,
            max_states: 2_000_000,
            max_time: None,
            max_memory: None,
            first: false,
            threads: 0,
        }
    }

    /// Solves `text` without `names`.
    fn solve_missing(text: &str, names: &[&str]) -> Report {
        let missing: Vec<Missing> = names.iter().map(|n| Missing::parse(n).unwrap()).collect();
        let taken = take_away(&level(text), &missing).expect("all there");
        assert_eq!(taken.unwinnable, None);
        solve_without(&taken.level, taken.without, limits(), None).expect("sets up")
    }

    fn turns(report: &Report) -> Option<u32> {
        report.solution.as_ref().map(|s| s.turns)
    }

    #[test]
    fn names_read_and_unknown_ones_list_the_known() {
        assert_eq!(
            Missing::parse("levitate"),
            Ok(Missing::Ability(Ability::Levitate))
        );
        assert_eq!(Missing::parse("portal:a"), Ok(Missing::Portal('a')));
        assert_eq!(
            Missing::parse("item:idol"),
            Ok(Missing::Item("idol".into()))
        );
        assert_eq!(
            Missing::parse("watcher:guard"),
            Ok(Missing::Watcher("guard".into()))
        );
        assert_eq!(
            Missing::parse("rope:knight"),
            Ok(Missing::Rope("knight".into()))
        );
        let unknown = Missing::parse("fly").unwrap_err();
        assert_eq!(
            unknown,
            "unknown `fly`: known are levitate, long-drop, step-up, heavy-carry, portal:LABEL, item:ID, watcher:ID, rope:HERO"
        );
        assert!(Missing::parse("portal:ab").is_err());
        assert!(Missing::parse("item:").is_err());
        assert!(Missing::parse("watcher:").is_err());
        assert!(Missing::parse("rope:").is_err());
        for name in ["watcher:guard", "rope:knight"] {
            assert_eq!(Missing::parse(name).unwrap().to_string(), name);
        }
    }

    /// The tunnel with a watcher in the far room: it sees the whole far
    /// room and, through the portal, the near one, so every hero is in
    /// its sight at every round's end.
    fn watched_tunnel() -> String {
        TUNNEL.replace("idol = item", "guard = watcher at 3,0\nidol = item")
    }

    #[test]
    fn a_watcher_that_sees_everything_blocks_the_level_and_without_it_the_tunnel_takes_two_turns() {
        let with = solve_missing(&watched_tunnel(), &[]);
        assert_eq!(with.solution, None, "{}", with.summary());
        assert!(with.complete, "proven: {}", with.summary());
        let taken = take_away(
            &level(&watched_tunnel()),
            &[Missing::Watcher("guard".into())],
        )
        .expect("there");
        assert!(taken.level.things.iter().all(|t| t.id != "guard"));
        let without = solve_missing(&watched_tunnel(), &["watcher:guard"]);
        assert_eq!(turns(&without), Some(2), "{}", without.summary());
        assert_eq!(
            take_away(
                &level(&watched_tunnel()),
                &[Missing::Watcher("idol".into())]
            )
            .unwrap_err()
            .to_string(),
            "no watcher `idol` in the level: its watchers are guard"
        );
        assert_eq!(
            take_away(&level(TUNNEL), &[Missing::Watcher("guard".into())])
                .unwrap_err()
                .to_string(),
            "no watcher `guard`: the level has no watchers"
        );
    }

    /// A knight alone, the idol at the foot of a shaft three cells deep
    /// beside the entrance: too deep to fall, so he lets his rope down
    /// beside him and climbs.
    const SHAFT: &str = "[level]
name = \"Shaft\"

[grid]
#######
#@..###
###.###
###.###
###.###
###.###
###.###
###...#
#######

[things]
knight = hero knight at 0,3 rope 4
idol = item idol at 2,0 flags ACQUIRE|PLACE|RELIC
";

    #[test]
    fn without_his_rope_the_knight_cannot_reach_the_foot_of_the_shaft() {
        let with = solve_missing(SHAFT, &[]);
        assert!(with.solution.is_some(), "{}", with.summary());
        let taken =
            take_away(&level(SHAFT), &[Missing::Rope("knight".into())]).expect("he has one");
        assert!(matches!(
            taken.level.things[0].kind,
            ThingSpecKind::Hero {
                rope_len_cells: None,
                ..
            }
        ));
        let without = solve_missing(SHAFT, &["rope:knight"]);
        assert_eq!(without.solution, None, "{}", without.summary());
        assert!(without.complete, "proven: {}", without.summary());
        assert_eq!(
            take_away(&level(SHAFT), &[Missing::Rope("idol".into())])
                .unwrap_err()
                .to_string(),
            "no hero `idol` starts with a rope: those with one are knight"
        );
        assert_eq!(
            take_away(&level(TUNNEL), &[Missing::Rope("knight".into())])
                .unwrap_err()
                .to_string(),
            "no rope for `knight`: no hero starts with a rope"
        );
    }

    #[test]
    fn a_relic_only_levitation_reaches_cannot_be_had_without_it_proven() {
        let with = solve(&level(LEDGE), limits(), None).expect("sets up");
        assert!(
            with.complete && with.solution.is_some(),
            "{}",
            with.summary()
        );
        let without = solve_missing(LEDGE, &["levitate"]);
        assert_eq!(without.solution, None, "{}", without.summary());
        assert!(without.complete, "proven: {}", without.summary());
        assert_eq!(without.none_within, 6);
    }

    #[test]
    fn an_ability_the_level_does_not_need_leaves_its_turns_as_they_were() {
        // Without the idol on the ledge (the level asking for one relic),
        // the gem lying one cell from the entrance: a walk, a pick-up, a
        // walk back, in one turn, with levitation or without.
        let one = LEDGE
            .replace("name = \"Ledge\"", "name = \"Ledge\"\nrequired_relics = 1")
            .replace("gem at 2,0", "gem at 1,0");
        let with = solve_missing(&one, &["item:idol"]);
        let without = solve_missing(&one, &["item:idol", "levitate", "heavy-carry"]);
        assert!(with.complete && without.complete);
        assert_eq!(turns(&with), Some(1), "{}", with.summary());
        assert_eq!(turns(&without), turns(&with), "{}", without.summary());
    }

    #[test]
    fn an_ability_that_saves_a_turn_is_needed_for_the_fewest() {
        // The gem two cells out: the sorceress floats it to the entrance
        // and leaves with it in one turn; walking there and back is 5 AP,
        // so without levitation it takes two.
        let one = LEDGE.replace("name = \"Ledge\"", "name = \"Ledge\"\nrequired_relics = 1");
        let with = solve_missing(&one, &["item:idol"]);
        let without = solve_missing(&one, &["item:idol", "levitate"]);
        assert!(with.complete && without.complete);
        assert_eq!(turns(&with), Some(1), "{}", with.summary());
        assert_eq!(turns(&without), Some(2), "{}", without.summary());
    }

    #[test]
    fn without_its_portal_the_far_room_cannot_be_reached() {
        let with = solve_missing(TUNNEL, &[]);
        assert_eq!(turns(&with), Some(2), "{}", with.summary());
        let taken = take_away(&level(TUNNEL), &[Missing::Portal('a')]).expect("there");
        assert!(taken.level.grid.portals().is_empty());
        let without = solve_without(&taken.level, taken.without, limits(), None).expect("ok");
        assert_eq!(without.solution, None);
        assert!(
            without.complete && without.unsolvable,
            "{}",
            without.summary()
        );
        assert_eq!(
            take_away(&level(TUNNEL), &[Missing::Portal('b')]).unwrap_err(),
            NotThere::Portal('b', vec!['a'])
        );
    }

    #[test]
    fn taking_a_relic_the_level_needs_makes_it_unwinnable_and_says_so() {
        let taken = take_away(&level(TUNNEL), &[Missing::Item("idol".into())]).expect("there");
        assert_eq!(
            taken.unwinnable.as_deref(),
            Some("clearing it takes 1 relic, and 0 would be left")
        );
        let err = take_away(&level(TUNNEL), &[Missing::Item("knight".into())]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "no item `knight` in the level: its items are idol"
        );
    }
}
