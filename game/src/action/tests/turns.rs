//! Rounds and action points (`docs/RULES.md`, "Turns and action points").

use super::*;

/// A corridor eight cells long, the party at its left end.
const CORRIDOR: &str = "
    #################
    #@..............#
    #################";

fn corridor() -> Play {
    Play::new(
        CORRIDOR,
        "knight = hero knight at 0,0
         scout = hero scout at 0,0
         sorceress = hero sorceress at 0,0
         relic = item relic at 4,0 flags ACQUIRE|PLACE|RELIC",
        "",
    )
}

#[test]
fn each_kind_of_hero_starts_the_round_with_its_action_points() {
    let p = corridor();
    assert_eq!(p.turn(), 1);
    assert_eq!(p.ap("knight"), 4);
    assert_eq!(p.ap("scout"), 6);
    assert_eq!(p.ap("sorceress"), 4);
}

#[test]
fn each_cell_moved_costs_one_action_point() {
    let mut p = corridor();
    let events = p.ok(p.move_to("knight", 3, 0));
    assert_eq!(p.at("knight"), c(3, 0));
    assert_eq!(p.ap("knight"), 1);
    assert_eq!(
        events[0],
        Event::Spend {
            hero: p.id("knight"),
            cost: 3,
            left: 1
        }
    );
    // Heroes act in any order within the round: the others are untouched.
    assert_eq!(p.ap("scout"), 6);
    p.go("scout", 2, 0);
    p.go("knight", 2, 0);
    assert_eq!((p.ap("knight"), p.ap("scout")), (0, 4));
    assert_eq!(p.turn(), 1, "acting does not pass the round");
}

#[test]
fn a_move_beyond_the_action_points_left_is_refused_with_the_numbers() {
    let mut p = corridor();
    assert_eq!(
        p.refused(p.move_to("knight", 5, 0)),
        "not enough action points: needs 5, has 4"
    );
    assert_eq!((p.at("knight"), p.ap("knight")), (c(0, 0), 4));
    // The scout has six.
    p.go("scout", 5, 0);
    assert_eq!(p.ap("scout"), 1);
    assert_eq!(
        p.refused(p.move_to("scout", 7, 0)),
        "not enough action points: needs 2, has 1"
    );
}

#[test]
fn a_hand_action_needs_one_action_point() {
    let mut p = corridor();
    p.go("knight", 4, 0);
    assert_eq!(p.ap("knight"), 0);
    assert_eq!(
        p.refused(p.pick_up("knight")),
        "not enough action points: needs 1, has 0"
    );
    assert_eq!(p.held("knight"), None);
    p.ok(Action::EndTurn);
    p.ok(p.pick_up("knight"));
    assert_eq!(p.held("knight").as_deref(), Some("relic"));
    assert_eq!(p.ap("knight"), 3);
}

#[test]
fn end_turn_refills_every_hero_and_advances_the_turn_counter() {
    let mut p = corridor();
    p.go("knight", 4, 0);
    p.go("scout", 2, 0);
    let events = p.ok(Action::EndTurn);
    assert_eq!(events.last(), Some(&Event::NextRound { turn: 2 }));
    assert_eq!(p.turn(), 2);
    assert_eq!(
        (p.ap("knight"), p.ap("scout"), p.ap("sorceress")),
        (4, 6, 4)
    );
    // Nobody moved.
    assert_eq!((p.at("knight"), p.at("scout")), (c(4, 0), c(2, 0)));
    p.ok(Action::EndTurn);
    assert_eq!(p.turn(), 3);
}

#[test]
fn unused_action_points_do_not_carry_over() {
    let mut p = corridor();
    p.ok(Action::EndTurn);
    assert_eq!(p.ap("scout"), 6, "a full round, no more");
    assert_eq!(
        p.refused(p.move_to("scout", 7, 0)),
        "not enough action points: needs 7, has 6"
    );
}

#[test]
fn every_action_and_every_end_of_turn_is_one_undo_step() {
    let mut p = corridor();
    p.go("knight", 1, 0);
    p.go("knight", 2, 0);
    p.ok(Action::EndTurn);
    assert_eq!(p.s.undo_log().undoable(), 3);
    assert!(p.s.undo());
    assert_eq!((p.turn(), p.ap("knight")), (1, 2));
    assert!(p.s.undo());
    assert_eq!((p.at("knight"), p.ap("knight")), (c(1, 0), 3));
    assert!(p.s.redo());
    assert!(p.s.redo());
    assert_eq!((p.turn(), p.at("knight"), p.ap("knight")), (2, c(2, 0), 4));
}
