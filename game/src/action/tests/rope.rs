//! Ropes (`docs/RULES.md`, "Things"): deploy down or into a neighbouring drop,
//! hoist, lower, take back, tie — through platforms and portals too.

use super::*;

fn deep(rope: u16) -> Play {
    Play::new(
        DEEP,
        &format!(
            "knight = hero knight at 0,5 rope {rope}
             scout = hero scout at 0,5
             bucket = item bucket at 0,5 flags ACQUIRE|PLACE|CONTAIN|HANG
             relic = item relic at 0,5 flags ACQUIRE|PLACE|RELIC"
        ),
        "",
    )
}

fn column(x: i32, ys: std::ops::RangeInclusive<i32>) -> Vec<CellPos> {
    ys.rev().map(|y| c(x, y)).collect()
}

#[test]
fn a_rope_deployed_into_a_drop_hangs_one_segment_a_cell_down_to_the_floor() {
    let mut p = deep(8);
    assert_eq!(p.held("knight").as_deref(), Some("knight_rope"));
    let events = p.ok(p.deploy("knight", DeployDir::Right));
    assert_eq!(spent(&events), 1);
    assert_eq!(p.segment_cells(), column(1, 0..=5), "stopped by the floor");
    assert_eq!(p.held("knight"), None);
    assert_eq!(p.at("knight_rope"), c(1, 5), "anchored at the top");
    assert_eq!(p.ap("knight"), 3);
}

#[test]
fn a_short_rope_ends_at_its_length() {
    let mut p = deep(3);
    p.ok(p.deploy("knight", DeployDir::Right));
    assert_eq!(p.segment_cells(), column(1, 3..=5));
}

#[test]
fn a_rope_needs_somewhere_to_hang() {
    let mut p = deep(8);
    assert_eq!(
        p.refused(p.deploy("knight", DeployDir::Down)),
        "nowhere for the rope to hang"
    );
    assert_eq!(
        p.refused(p.deploy("knight", DeployDir::Left)),
        "nowhere for the rope to hang"
    );
    assert_eq!(p.held("knight").as_deref(), Some("knight_rope"));
    assert_eq!(
        p.refused(p.deploy("scout", DeployDir::Right)),
        "not holding a rope"
    );
    assert!(p.segment_cells().is_empty());
}

#[test]
fn a_coiled_rope_lying_about_can_be_picked_up_and_deployed_by_anyone() {
    let mut p = Play::new(
        DEEP,
        "scout = hero scout at 0,5
         coil = rope at 0,5 len 4",
        "",
    );
    p.ok(p.pick_up("scout"));
    p.ok(p.deploy("scout", DeployDir::Right));
    assert_eq!(p.segment_cells(), column(1, 2..=5));
    // Onto the rope beside the ledge, then down it (from the ledge the
    // shaft below is out of sight).
    p.go("scout", 1, 5);
    p.go("scout", 1, 2);
    assert_eq!(p.ap("scout"), 0);
}

#[test]
fn a_rope_deployed_down_passes_a_platform_and_a_floor_portal() {
    let mut p = Play::new(
        super::movement::PORTAL_SHAFT,
        "knight = hero knight at 1,3 rope 6",
        "a = straight",
    );
    p.ok(p.deploy("knight", DeployDir::Down));
    assert_eq!(p.segment_cells(), vec![c(1, 3), c(1, 2), c(3, 1), c(3, 0)]);
}

#[test]
fn the_knight_hoists_two_cells_an_action_point_the_others_one() {
    let mut p = deep(8);
    p.ok(p.deploy("knight", DeployDir::Right));
    // Beside the anchor, where the rope was let down from: told where to
    // stand.
    assert_eq!(
        p.refused(p.hoist("knight")),
        "stand in the rope's top cell: the rope is hoisted and lowered from there"
    );
    p.go("knight", 1, 5);
    p.ok(p.hoist("knight"));
    assert_eq!(p.segment_cells(), column(1, 2..=5));
    assert_eq!(p.ap("knight"), 1);
    p.go("scout", 1, 5);
    p.ok(p.hoist("scout"));
    assert_eq!(p.segment_cells(), column(1, 3..=5));
}

#[test]
fn hoisting_stops_at_the_anchor() {
    let mut p = deep(3);
    p.ok(p.deploy("knight", DeployDir::Right));
    p.go("knight", 1, 5);
    p.ok(p.hoist("knight"));
    assert_eq!(p.segment_cells(), vec![c(1, 5)]);
    assert_eq!(
        p.refused(p.hoist("knight")),
        "the rope is hoisted all the way up"
    );
}

#[test]
fn lowering_pays_out_one_cell_down_to_the_floor_or_the_ropes_length() {
    let mut p = deep(8);
    p.ok(p.deploy("knight", DeployDir::Right));
    p.go("knight", 1, 5);
    p.ok(p.hoist("knight"));
    p.ok(p.lower("knight"));
    assert_eq!(p.segment_cells(), column(1, 1..=5));
    p.ok(Action::EndTurn);
    p.ok(p.lower("knight"));
    assert_eq!(p.segment_cells(), column(1, 0..=5));
    assert_eq!(p.refused(p.lower("knight")), "the rope cannot go any lower");
    let mut p = deep(3);
    p.ok(p.deploy("knight", DeployDir::Right));
    p.go("knight", 1, 5);
    assert_eq!(p.refused(p.lower("knight")), "the rope cannot go any lower");
}

#[test]
fn nobody_hoists_a_rope_someone_hangs_on_below() {
    let mut p = deep(8);
    p.ok(p.deploy("knight", DeployDir::Right));
    p.go("scout", 1, 5);
    p.go("scout", 1, 1);
    p.go("knight", 1, 5);
    assert_eq!(
        p.refused(p.hoist("knight")),
        "the scout is on the rope in the way"
    );
    assert_eq!(p.segment_cells().len(), 6);
}

#[test]
fn a_rope_is_taken_back_into_the_hand_from_beside_its_anchor() {
    let mut p = deep(8);
    p.ok(p.deploy("knight", DeployDir::Right));
    p.ok(p.take_rope("knight"));
    assert!(p.segment_cells().is_empty());
    assert_eq!(p.held("knight").as_deref(), Some("knight_rope"));
    assert_eq!(p.ap("knight"), 2);
    // And it can be let down again.
    p.ok(p.deploy("knight", DeployDir::Right));
    assert_eq!(p.segment_cells().len(), 6);
}

#[test]
fn a_rope_someone_hangs_on_or_something_is_tied_to_is_not_taken_back() {
    let in_use = "the rope is in use: something is tied to it";
    let mut p = deep(8);
    p.ok(p.deploy("knight", DeployDir::Right));
    p.go("scout", 1, 5);
    p.go("scout", 1, 3);
    assert_eq!(
        p.refused(p.take_rope("knight")),
        "the scout is on the rope in the way"
    );
    assert_eq!(p.segment_cells().len(), 6);
    // A bucket tied to the end, and nobody on the rope.
    let mut p = tied_bucket();
    p.ok(Action::EndTurn);
    p.go("scout", 1, 5);
    p.go("scout", 0, 5);
    assert_eq!(p.refused(p.take_rope("knight")), in_use);
    assert_eq!(p.segment_cells().len(), 6);
}

/// The knight's rope hangs down the deep shaft; the scout, at the bottom,
/// has tied the bucket to its end and climbed up to 1,3.
fn tied_bucket() -> Play {
    let mut p = Play::new(
        DEEP,
        "knight = hero knight at 0,5 rope 8
         scout = hero scout at 1,0
         bucket = item bucket at 1,0 flags ACQUIRE|PLACE|CONTAIN|HANG",
        "",
    );
    p.ok(p.deploy("knight", DeployDir::Right));
    p.ok(p.pick_up("scout"));
    p.ok(p.tie("scout"));
    assert_eq!(p.held("scout"), None);
    assert_eq!(p.at("bucket"), c(1, 0));
    assert!(p.parent_name("bucket").is_some(), "tied to the rope");
    p.go("scout", 1, 3);
    assert_eq!(p.refused(p.tie("scout")), "not at the end of a rope");
    p
}

#[test]
fn taking_the_rope_back_from_its_anchor_lets_the_hero_fall() {
    let mut p = deep(8);
    p.ok(p.deploy("knight", DeployDir::Right));
    p.go("knight", 1, 5);
    assert_eq!(
        p.refused(p.take_rope("knight")),
        "too far to fall: 5 cells, safe is 2"
    );
    assert_eq!(p.segment_cells().len(), 6);
}

#[test]
fn a_bucket_tied_to_the_ropes_end_rises_and_sinks_with_it() {
    let mut p = tied_bucket();
    p.go("knight", 1, 5);
    p.ok(p.hoist("knight"));
    assert_eq!(p.at("bucket"), c(1, 2));
    p.ok(p.lower("knight"));
    assert_eq!(p.at("bucket"), c(1, 1));
    p.ok(Action::EndTurn);
    p.ok(p.hoist("knight"));
    assert_eq!(p.at("bucket"), c(1, 3));
    assert_eq!(p.segment_cells(), column(1, 3..=5));
}

#[test]
fn a_loose_bucket_at_the_ropes_end_can_be_tied_and_only_one_thing_at_a_time() {
    let mut p = Play::new(
        DEEP,
        "knight = hero knight at 0,5 rope 8
         scout = hero scout at 1,0
         relic = item relic at 1,0 flags ACQUIRE|PLACE|RELIC
         bucket = item bucket at 1,0 flags ACQUIRE|PLACE|CONTAIN|HANG
         pail = item pail at 1,0 flags ACQUIRE|PLACE|CONTAIN|HANG",
        "",
    );
    assert_eq!(p.refused(p.tie("scout")), "not at the end of a rope");
    p.ok(p.deploy("knight", DeployDir::Right));
    p.ok(p.pick_up_item("scout", "relic"));
    // The relic cannot hang; the bucket lying here can.
    p.ok(p.tie("scout"));
    assert_eq!(p.held("scout").as_deref(), Some("relic"));
    assert!(p.parent_name("bucket").is_some());
    assert_eq!(
        p.refused(p.tie("scout")),
        "something is already tied to the rope's end"
    );
    assert_eq!(p.parent_name("pail"), None);
}

#[test]
fn nothing_hangable_nothing_tied() {
    let mut p = Play::new(
        DEEP,
        "knight = hero knight at 0,5 rope 8
         scout = hero scout at 1,0
         relic = item relic at 1,0 flags ACQUIRE|PLACE|RELIC",
        "",
    );
    p.ok(p.deploy("knight", DeployDir::Right));
    assert_eq!(
        p.refused(p.tie("scout")),
        "nothing here can be tied to the rope"
    );
    p.ok(p.pick_up("scout"));
    assert_eq!(
        p.refused(p.tie("scout")),
        "it cannot hang from a rope: put it in a bucket and tie the bucket"
    );
}

#[test]
fn in_the_vault_the_statue_is_never_tied_and_that_is_the_reason_given_first() {
    // The shipped line's first three turns: the knight's rope hangs into
    // the vault, the sorceress floats the statue to its foot and holds the
    // bucket there, the knight picks the statue up.
    let mut p = Play::shipped("the_vault");
    let cannot = "it cannot hang from a rope: put it in a bucket and tie the bucket";
    p.go("knight", 5, 11);
    p.ok(p.deploy("knight", DeployDir::Down));
    p.go("scout", 5, 11);
    p.go("sorceress", 3, 11);
    p.ok(p.pick_up("sorceress"));
    p.go("sorceress", 5, 11);
    p.ok(Action::EndTurn);
    p.go("knight", 7, 3);
    p.go("sorceress", 7, 3);
    p.ok(Action::EndTurn);
    p.go("knight", 7, 1);
    p.go("sorceress", 7, 1);
    p.ok(p.levitate("sorceress", "statue", 7, 1));
    p.ok(p.pick_up_item("knight", "statue"));
    // Nothing tied yet: the statue itself is why.
    assert_eq!(p.refused(p.tie("knight")), cannot);
    // The bucket tied next turn: still the statue, not the taken end.
    p.ok(Action::EndTurn);
    p.ok(p.tie("sorceress"));
    assert!(p.parent_name("bucket").is_some());
    assert_eq!(p.refused(p.tie("knight")), cannot);
    // What the reason says does it.
    p.ok(p.put_in("knight"));
    assert_eq!(p.parent_name("statue").as_deref(), Some("bucket"));
}

#[test]
fn a_tied_bucket_is_hoisted_up_through_a_floor_portal() {
    let mut p = Play::new(
        super::movement::PORTAL_SHAFT,
        "knight = hero knight at 1,3 rope 6
         scout = hero scout at 1,3
         bucket = item bucket at 3,0 flags ACQUIRE|PLACE|CONTAIN|HANG
         idol = item idol at 2,0 flags ACQUIRE|PLACE|RELIC",
        "a = straight",
    );
    p.ok(p.deploy("knight", DeployDir::Down));
    p.go("scout", 3, 0);
    p.go("scout", 2, 0);
    p.ok(p.pick_up("scout"));
    p.go("scout", 3, 0);
    p.ok(Action::EndTurn);
    p.ok(p.put_in("scout"));
    p.ok(p.tie("scout"));
    p.go("scout", 2, 0);
    p.ok(p.hoist("knight"));
    assert_eq!(p.at("bucket"), c(1, 2), "up through the portal");
    assert_eq!(p.at("idol"), c(1, 2));
    p.ok(p.hoist("knight"));
    assert_eq!((p.at("bucket"), p.at("idol")), (c(1, 3), c(1, 3)));
    p.ok(p.take_out("knight"));
    assert_eq!(p.held("knight").as_deref(), Some("idol"));
    p.go("knight", 0, 3);
    p.ok(p.exit("knight"));
    assert_eq!(p.stage().relics_recovered(), 1);
}

#[test]
fn a_hero_standing_on_the_anchor_cell_s_floor_does_not_hang_on_the_rope() {
    // The shaft under a platform: the knight lets his rope down from 1,3,
    // on the platform, and steps back to the entrance; the scout stands on
    // the platform in the anchor cell. She is not on the rope: it is taken
    // back from beside, and hoisted past her. Once she climbs onto it below
    // the platform, she is.
    let mut p = Play::new(
        SHAFT,
        "knight = hero knight at 1,3 rope 4
         scout = hero scout at 0,3",
        "",
    );
    p.ok(p.deploy("knight", DeployDir::Down));
    p.go("knight", 0, 3);
    p.go("scout", 1, 3);
    p.ok(p.take_rope("knight"));
    assert!(p.segment_cells().is_empty());
    p.ok(Action::EndTurn);
    p.go("knight", 1, 3);
    p.ok(p.deploy("knight", DeployDir::Down));
    p.go("knight", 0, 3);
    p.go("scout", 1, 2);
    assert_eq!(
        p.refused(p.take_rope("knight")),
        "the scout is on the rope in the way"
    );
}

#[test]
fn the_way_along_a_rope_follows_it_through_a_portal_in_a_wall() {
    // The rope hangs from 1,3 through the platform and the trapdoor under
    // 1,2, which turns a quarter round: it comes out of the wall on the
    // right of 2,1 and goes on down to 2,0. From 2,1 the rope's way up is
    // through that wall, not the rock overhead.
    let grid = "
        #########
        #@..#####
        ###-#####
        ###.#####
        ###a#####
        #####.a##
        #####.###
        #####.###
        #########";
    let mut p = Play::new(grid, "knight = hero knight at 1,3 rope 6", "a = cw");
    p.ok(p.deploy("knight", DeployDir::Down));
    assert_eq!(p.segment_cells(), vec![c(1, 3), c(1, 2), c(2, 1), c(2, 0)]);
    let stage = p.stage();
    assert_eq!(stage.along_rope(c(2, 1), true), Some(c(1, 2)));
    assert_eq!(stage.along_rope(c(2, 1), false), Some(c(2, 0)));
    assert_eq!(stage.along_rope(c(1, 2), false), Some(c(2, 1)));
    assert_eq!(stage.along_rope(c(1, 3), true), None, "the anchor");
    assert_eq!(stage.along_rope(c(2, 0), false), None, "the rope's end");
    assert_eq!(stage.along_rope(c(0, 3), true), None, "no rope there");
}
