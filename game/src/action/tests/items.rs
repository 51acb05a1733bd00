//! Hand actions (`docs/RULES.md`, "Things"): pick up, set down, put in, take out,
//! one item in hand, heavy things.

use super::*;

/// A corridor with things to handle.
const HALL: &str = "
    #############
    #@..........#
    #############";

fn hall() -> Play {
    Play::new(
        HALL,
        "knight = hero knight at 0,0
         scout = hero scout at 0,0
         relic = item relic at 1,0 flags ACQUIRE|PLACE|RELIC
         bucket = item bucket at 2,0 flags ACQUIRE|PLACE|CONTAIN|HANG
         statue = item statue at 3,0 flags ACQUIRE|PLACE|HEAVY|RELIC
         gem = item gem at 4,0 flags ACQUIRE
         lever = item lever at 5,0 flags NONE",
        "",
    )
}

#[test]
fn a_picked_up_item_is_held_and_goes_where_the_hero_goes() {
    let mut p = hall();
    p.go("scout", 1, 0);
    let events = p.ok(p.pick_up("scout"));
    assert_eq!(spent(&events), 1);
    assert_eq!(p.held("scout").as_deref(), Some("relic"));
    assert_eq!(p.ap("scout"), 4);
    p.go("scout", 5, 0);
    assert_eq!(p.at("relic"), c(5, 0));
    p.ok(Action::EndTurn);
    p.go("scout", 0, 0);
    assert_eq!(p.at("relic"), c(0, 0));
}

#[test]
fn a_hero_holds_one_item_at_most() {
    let mut p = hall();
    p.go("scout", 1, 0);
    p.ok(p.pick_up("scout"));
    p.go("scout", 2, 0);
    assert_eq!(
        p.refused(p.pick_up("scout")),
        "hands are full: set something down first"
    );
    assert_eq!(
        p.refused(p.pick_up_item("scout", "bucket")),
        "hands are full: set something down first"
    );
    assert_eq!(p.held("scout").as_deref(), Some("relic"));
    assert_eq!(p.at("bucket"), c(2, 0));
}

#[test]
fn only_what_is_here_and_can_be_picked_up_is_picked_up() {
    let mut p = hall();
    assert_eq!(p.refused(p.pick_up("scout")), "nothing here to pick up");
    assert_eq!(
        p.refused(p.pick_up_item("scout", "relic")),
        "nothing here to pick up",
        "the relic is in the next cell"
    );
    p.go("scout", 5, 0);
    assert_eq!(p.refused(p.pick_up("scout")), "nothing here to pick up");
    assert_eq!(p.held("scout"), None);
}

#[test]
fn set_down_leaves_the_item_lying_in_the_heros_cell() {
    let mut p = hall();
    assert_eq!(p.refused(p.set_down("scout")), "not holding anything");
    p.go("scout", 1, 0);
    p.ok(p.pick_up("scout"));
    p.go("scout", 4, 0);
    p.ok(p.set_down("scout"));
    assert_eq!(p.held("scout"), None);
    assert_eq!(p.at("relic"), c(4, 0));
    assert_eq!(p.parent_name("relic"), None);
    p.ok(Action::EndTurn);
    p.go("scout", 0, 0);
    assert_eq!(p.at("relic"), c(4, 0), "it stays");
}

#[test]
fn an_item_without_place_cannot_be_set_down_or_put_in() {
    let mut p = hall();
    p.go("scout", 4, 0);
    p.ok(p.pick_up("scout"));
    assert_eq!(
        p.refused(p.set_down("scout")),
        "that cannot be set down here"
    );
    p.ok(Action::EndTurn);
    p.go("scout", 2, 0);
    assert_eq!(p.refused(p.put_in("scout")), "that cannot be set down here");
    assert_eq!(p.held("scout").as_deref(), Some("gem"));
}

#[test]
fn put_in_and_take_out_of_a_bucket() {
    let mut p = hall();
    p.go("scout", 1, 0);
    assert_eq!(p.refused(p.put_in("scout")), "not holding anything");
    p.ok(p.pick_up("scout"));
    assert_eq!(p.refused(p.put_in("scout")), "no container here");
    p.go("scout", 2, 0);
    p.ok(p.put_in("scout"));
    assert_eq!(p.held("scout"), None);
    assert_eq!(p.parent_name("relic").as_deref(), Some("bucket"));
    // The bucket, relic and all, is carried off.
    p.ok(p.pick_up("scout"));
    assert_eq!(p.held("scout").as_deref(), Some("bucket"));
    p.ok(Action::EndTurn);
    p.go("scout", 5, 0);
    assert_eq!((p.at("bucket"), p.at("relic")), (c(5, 0), c(5, 0)));
    p.ok(p.set_down("scout"));
    p.ok(p.take_out("scout"));
    assert_eq!(p.held("scout").as_deref(), Some("relic"));
    assert_eq!(p.parent_name("bucket"), None);
    p.ok(Action::EndTurn);
    p.ok(p.set_down("scout"));
    assert_eq!(
        p.refused(p.take_out("scout")),
        "the container here is empty"
    );
    p.go("scout", 4, 0);
    assert_eq!(p.refused(p.take_out("scout")), "no container here");
}

#[test]
fn take_out_needs_a_free_hand() {
    let mut p = hall();
    p.go("scout", 1, 0);
    p.ok(p.pick_up("scout"));
    p.go("scout", 2, 0);
    p.ok(p.put_in("scout"));
    p.go("knight", 3, 0);
    p.ok(p.pick_up("knight"));
    p.ok(Action::EndTurn);
    p.go("knight", 2, 0);
    assert_eq!(
        p.refused(p.take_out("knight")),
        "hands are full: set something down first"
    );
    assert_eq!(p.parent_name("relic").as_deref(), Some("bucket"));
}

#[test]
fn only_the_knight_carries_heavy_things() {
    let mut p = hall();
    p.go("scout", 3, 0);
    assert_eq!(
        p.refused(p.pick_up("scout")),
        "too heavy for the scout: only the knight carries heavy things"
    );
    assert_eq!(p.held("scout"), None);
    p.go("knight", 3, 0);
    p.ok(p.pick_up("knight"));
    assert_eq!(p.held("knight").as_deref(), Some("statue"));
    p.ok(Action::EndTurn);
    p.go("knight", 2, 0);
    assert_eq!(p.at("statue"), c(2, 0), "he walks with it");
    // In a bucket it is still heavy: the scout cannot take it out, nor carry
    // the bucket with it inside.
    p.ok(p.put_in("knight"));
    p.go("scout", 2, 0);
    assert_eq!(
        p.refused(p.take_out("scout")),
        "too heavy for the scout: only the knight carries heavy things"
    );
    assert_eq!(
        p.refused(p.pick_up_item("scout", "bucket")),
        "too heavy for the scout: only the knight carries heavy things"
    );
}

#[test]
fn an_item_set_down_where_nothing_holds_it_falls() {
    let mut p = Play::new(
        SHAFT,
        "knight = hero knight at 1,3 rope 4
         scout = hero scout at 1,3
         relic = item relic at 1,3 flags ACQUIRE|PLACE|RELIC",
        "",
    );
    p.ok(p.deploy("knight", DeployDir::Down));
    p.ok(p.pick_up("scout"));
    p.go("scout", 1, 2);
    let events = p.ok(p.set_down("scout"));
    assert_eq!(
        path_of(&events),
        vec![(c(1, 1), MoveKind::Fall), (c(1, 0), MoveKind::Fall)]
    );
    assert_eq!(p.at("relic"), c(1, 0));
    assert_eq!(p.at("scout"), c(1, 2), "the scout still hangs on the rope");
}

#[test]
fn an_item_let_go_of_above_a_floor_portal_falls_through_it() {
    let mut p = Play::new(
        super::movement::PORTAL_SHAFT,
        "knight = hero knight at 1,3 rope 6
         relic = item relic at 1,3 flags ACQUIRE|PLACE|RELIC",
        "a = straight",
    );
    p.ok(p.deploy("knight", DeployDir::Down));
    p.ok(p.pick_up("knight"));
    p.go("knight", 1, 2);
    let events = p.ok(p.set_down("knight"));
    assert_eq!(
        path_of(&events),
        vec![(c(3, 1), MoveKind::Fall), (c(3, 0), MoveKind::Fall)]
    );
    assert_eq!(p.at("relic"), c(3, 0));
}

#[test]
fn nobody_climbs_carrying_something_heavy() {
    let mut p = Play::new(
        SHAFT,
        "knight = hero knight at 1,3 rope 4
         statue = item statue at 1,3 flags ACQUIRE|PLACE|HEAVY|RELIC
         bucket = item bucket at 1,3 flags ACQUIRE|PLACE|CONTAIN|HANG",
        "",
    );
    p.ok(p.deploy("knight", DeployDir::Down));
    p.ok(p.pick_up_item("knight", "statue"));
    assert_eq!(
        p.refused(p.move_to("knight", 1, 1)),
        "cannot climb carrying something heavy"
    );
    // Nor with it in a bucket.
    p.ok(p.put_in("knight"));
    p.ok(p.pick_up_item("knight", "bucket"));
    p.ok(Action::EndTurn);
    assert_eq!(
        p.refused(p.move_to("knight", 1, 1)),
        "cannot climb carrying something heavy"
    );
    assert_eq!(p.at("knight"), c(1, 3));
    // Empty-handed, down he goes.
    p.ok(p.set_down("knight"));
    assert_eq!(p.go("knight", 1, 1).len(), 2);
}

#[test]
fn a_hero_hanging_on_a_rope_cannot_take_up_something_heavy() {
    let mut p = Play::new(
        SHAFT,
        "knight = hero knight at 1,3 rope 2
         statue = item statue at 1,3 flags ACQUIRE|PLACE|HEAVY|RELIC
         bucket = item bucket at 1,3 flags ACQUIRE|PLACE|CONTAIN|HANG",
        "",
    );
    // The statue in the bucket, tied to the rope hoisted to one cell, then
    // lowered: the bucket hangs in 1,2.
    p.ok(p.deploy("knight", DeployDir::Down));
    p.ok(p.hoist("knight"));
    p.ok(p.pick_up_item("knight", "statue"));
    p.ok(p.put_in("knight"));
    p.ok(Action::EndTurn);
    p.ok(p.tie("knight"));
    p.ok(p.lower("knight"));
    assert_eq!(p.at("bucket"), c(1, 2));
    p.go("knight", 1, 2);
    assert_eq!(
        p.refused(p.take_out("knight")),
        "cannot climb carrying something heavy"
    );
    assert_eq!(p.parent_name("statue").as_deref(), Some("bucket"));
}

#[test]
fn a_hero_carrying_something_heavy_does_not_grab_a_rope() {
    // The rope hangs in the shaft beside the ledge at 0,5.
    let mut p = Play::new(
        DEEP,
        "knight = hero knight at 0,5 rope 8
         statue = item statue at 0,5 flags ACQUIRE|PLACE|HEAVY|RELIC",
        "",
    );
    p.ok(p.deploy("knight", DeployDir::Right));
    p.ok(p.pick_up("knight"));
    assert_eq!(
        p.refused(p.move_to("knight", 1, 5)),
        "cannot climb carrying something heavy"
    );
    assert_eq!(p.at("knight"), c(0, 5));
    p.ok(p.set_down("knight"));
    assert_eq!(p.go("knight", 1, 5), vec![(c(1, 5), MoveKind::Walk)]);
}
