//! The sorceress' levitation (`docs/RULES.md`, "Turns and action points"): 2 AP, one visible,
//! unattached item, at most 3 cells along her view, through portals; it
//! falls afterwards if nothing holds it up.

use super::*;

use MoveKind::{Fall, Float};

/// An open room three cells high; a platform under 3,1.
const ROOM: &str = "
    #############
    #...........#
    #...........#
    #...........#
    #......-....#
    #@..........#
    #############";

fn room() -> Play {
    Play::new(
        ROOM,
        "sorceress = hero sorceress at 0,0
         knight = hero knight at 0,0
         idol = item idol at 1,0 flags ACQUIRE|PLACE|RELIC",
        "",
    )
}

#[test]
fn levitation_carries_an_item_up_to_three_cells_for_two_action_points() {
    let mut p = room();
    let events = p.ok(p.levitate("sorceress", "idol", 4, 0));
    assert_eq!(spent(&events), 2);
    assert_eq!(
        path_of(&events),
        vec![(c(2, 0), Float), (c(3, 0), Float), (c(4, 0), Float)]
    );
    assert_eq!(p.at("idol"), c(4, 0));
    assert_eq!(p.ap("sorceress"), 2);
    assert_eq!(p.at("sorceress"), c(0, 0), "she stays where she is");
}

#[test]
fn levitation_is_refused_beyond_three_cells() {
    let mut p = room();
    assert_eq!(
        p.refused(p.levitate("sorceress", "idol", 5, 0)),
        "too far to levitate: 4 cells, at most 3"
    );
    assert_eq!(p.at("idol"), c(1, 0));
}

#[test]
fn a_levitated_item_falls_unless_something_holds_it_up() {
    let mut p = room();
    let events = p.ok(p.levitate("sorceress", "idol", 2, 2));
    let path = path_of(&events);
    assert_eq!(path.len(), 5);
    assert_eq!(path[2], (c(2, 2), Float));
    assert_eq!(&path[3..], &[(c(2, 1), Fall), (c(2, 0), Fall)]);
    assert_eq!(p.at("idol"), c(2, 0));
    p.ok(Action::EndTurn);
    // A platform holds it.
    p.ok(p.levitate("sorceress", "idol", 3, 1));
    assert_eq!(p.at("idol"), c(3, 1));
}

#[test]
fn only_the_sorceress_levitates_and_only_with_two_action_points() {
    let mut p = room();
    assert_eq!(
        p.refused(p.levitate("knight", "idol", 3, 0)),
        "only the sorceress can levitate"
    );
    assert_eq!(p.ap("knight"), 4);
    p.go("sorceress", 3, 0);
    assert_eq!(
        p.refused(p.levitate("sorceress", "idol", 2, 0)),
        "not enough action points: needs 2, has 1"
    );
}

#[test]
fn a_held_item_or_a_hero_cannot_be_levitated() {
    let mut p = room();
    p.go("knight", 1, 0);
    p.ok(p.pick_up("knight"));
    assert_eq!(
        p.refused(p.levitate("sorceress", "idol", 3, 0)),
        "that item is held, contained or tied"
    );
    assert_eq!(
        p.refused(p.levitate("sorceress", "knight", 3, 0)),
        "that cannot be moved"
    );
    assert_eq!(p.at("knight"), c(1, 0));
}

#[test]
fn a_deployed_rope_cannot_be_levitated() {
    let mut p = Play::new(
        super::movement::PORTAL_SHAFT,
        "knight = hero knight at 1,3 rope 6
         sorceress = hero sorceress at 0,3",
        "a = straight",
    );
    p.ok(p.deploy("knight", DeployDir::Down));
    assert_eq!(
        p.refused(p.levitate("sorceress", "knight_rope", 0, 3)),
        "that cannot be moved"
    );
}

#[test]
fn the_item_and_where_it_goes_must_be_in_sight() {
    let grid = "
        #################
        #@......#.......#
        #################";
    let mut p = Play::new(
        grid,
        "sorceress = hero sorceress at 2,0
         urn = item urn at 5,0 flags ACQUIRE|PLACE
         idol = item idol at 3,0 flags ACQUIRE|PLACE|RELIC",
        "",
    );
    assert_eq!(
        p.refused(p.levitate("sorceress", "urn", 3, 0)),
        "that item is not in sight"
    );
    assert_eq!(
        p.refused(p.levitate("sorceress", "idol", 4, 0)),
        "cell 4,0 is not in sight"
    );
    assert_eq!((p.at("urn"), p.at("idol")), (c(5, 0), c(3, 0)));
}

#[test]
fn levitation_goes_through_the_loop_back_portal() {
    let grid = "
        #############
        a@..........a
        #############";
    let mut p = Play::new(
        grid,
        "sorceress = hero sorceress at 2,0
         idol = item idol at 1,0 flags ACQUIRE|PLACE|RELIC",
        "a = straight",
    );
    // Four cells to the right, or two to the left through the wall.
    let events = p.ok(p.levitate("sorceress", "idol", 5, 0));
    assert_eq!(path_of(&events), vec![(c(0, 0), Float), (c(5, 0), Float)]);
    assert_eq!(p.at("idol"), c(5, 0));
}

#[test]
fn levitation_carries_an_item_through_a_door_into_another_room() {
    let grid = "
        ###########
        #@..a#a...#
        ###########";
    let mut p = Play::new(
        grid,
        "sorceress = hero sorceress at 1,0
         idol = item idol at 4,0 flags ACQUIRE|PLACE|RELIC",
        "a = straight",
    );
    let events = p.ok(p.levitate("sorceress", "idol", 0, 0));
    assert_eq!(
        path_of(&events),
        vec![(c(3, 0), Float), (c(1, 0), Float), (c(0, 0), Float)]
    );
    assert_eq!(p.at("idol"), c(0, 0));
}
