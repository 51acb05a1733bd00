//! Watchers (`docs/RULES.md`, "Watchers"): they patrol one cell a round and catch
//! a hero in their view at the end of the round — through portals too —
//! and then the level is lost until undone or restarted.

use super::*;
use crate::stage::SIGHT_RADIUS;

/// A corridor 16 cells long: a watcher at 15,0 does not see 0,0 (its sight
/// reaches 12 cells).
const CORRIDOR: &str = "
    #################################
    #@..............................#
    #################################";

#[test]
fn sight_reaches_twelve_cells() {
    assert_eq!(SIGHT_RADIUS, 12, "the corridor tests below count on it");
}

#[test]
fn a_watcher_patrols_its_route_one_cell_a_round_and_back() {
    let mut p = Play::new(
        CORRIDOR,
        "scout = hero scout at 0,0
         guard = watcher at 15,0 route 15,0 13,0",
        "",
    );
    let mut seen = Vec::new();
    for _ in 0..4 {
        let events = p.ok(Action::EndTurn);
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::Patrol { to, .. } if *to == p.at("guard"))));
        seen.push(p.at("guard"));
    }
    assert_eq!(seen, vec![c(14, 0), c(13, 0), c(14, 0), c(15, 0)]);
    assert_eq!(p.outcome(), Outcome::Playing);
}

#[test]
fn a_hero_out_of_sight_is_not_caught_and_one_in_sight_is() {
    let mut p = Play::new(
        CORRIDOR,
        "scout = hero scout at 0,0
         guard = watcher at 15,0",
        "",
    );
    p.ok(Action::EndTurn);
    assert_eq!(p.outcome(), Outcome::Playing);
    p.go("scout", 3, 0);
    let events = p.ok(Action::EndTurn);
    assert!(events.contains(&Event::Caught {
        hero: p.id("scout"),
        watcher: p.id("guard")
    }));
    assert_eq!(p.outcome(), Outcome::Lost);
    // Asked of the lost position itself (after an undo and redo, or a
    // saved game), the rules name the same catch.
    let mut view = crate::view::GridView::new();
    assert_eq!(
        crate::action::turn::caught_by(p.stage(), &mut view),
        [(p.id("scout"), p.id("guard"))]
    );
}

#[test]
fn only_where_the_hero_ends_the_round_counts() {
    let mut p = Play::new(
        CORRIDOR,
        "scout = hero scout at 0,0
         guard = watcher at 15,0",
        "",
    );
    // In sight at 3,0 for a moment, then back out of it.
    p.go("scout", 3, 0);
    p.go("scout", 0, 0);
    p.ok(Action::EndTurn);
    assert_eq!(p.outcome(), Outcome::Playing);
}

#[test]
fn a_watcher_looks_from_where_its_patrol_took_it() {
    let mut p = Play::new(
        CORRIDOR,
        "scout = hero scout at 2,0
         guard = watcher at 15,0 route 15,0 14,0",
        "",
    );
    let events = p.ok(Action::EndTurn);
    assert_eq!(p.at("guard"), c(14, 0));
    let patrol = events
        .iter()
        .position(|e| matches!(e, Event::Patrol { .. }));
    let caught = events
        .iter()
        .position(|e| matches!(e, Event::Caught { .. }));
    assert!(patrol < caught && caught.is_some(), "{events:?}");
    assert_eq!(p.outcome(), Outcome::Lost);
}

#[test]
fn once_caught_every_action_is_refused_until_undone() {
    let mut p = Play::new(
        CORRIDOR,
        "scout = hero scout at 3,0
         knight = hero knight at 0,0
         guard = watcher at 15,0",
        "",
    );
    p.ok(Action::EndTurn);
    assert_eq!(p.outcome(), Outcome::Lost);
    let lost = "a hero was caught: undo or restart to go on";
    assert_eq!(p.refused(p.move_to("knight", 1, 0)), lost);
    assert_eq!(p.refused(p.move_to("scout", 2, 0)), lost);
    assert_eq!(p.refused(p.exit("knight")), lost);
    assert_eq!(p.refused(Action::EndTurn), lost);
    assert!(p.s.undo());
    assert_eq!((p.outcome(), p.turn()), (Outcome::Playing, 1));
    p.go("scout", 0, 0);
    p.ok(Action::EndTurn);
    assert_eq!((p.outcome(), p.turn()), (Outcome::Playing, 2));
}

#[test]
fn restart_after_being_caught_plays_again_from_the_start() {
    let mut p = Play::new(
        CORRIDOR,
        "scout = hero scout at 0,0
         guard = watcher at 15,0 route 15,0 13,0",
        "",
    );
    p.go("scout", 3, 0);
    p.ok(Action::EndTurn);
    assert_eq!(p.outcome(), Outcome::Lost);
    assert!(p.s.restart());
    assert_eq!(p.outcome(), Outcome::Playing);
    assert_eq!(
        (p.turn(), p.at("scout"), p.at("guard")),
        (1, c(0, 0), c(15, 0))
    );
    assert_eq!(p.ap("scout"), 6);
    // Restart is a step of its own: undo it and the loss is back.
    assert!(p.s.undo());
    assert_eq!(p.outcome(), Outcome::Lost);
}

/// Two rooms joined by a door; a third room, walled off, at 5,0 and 6,0.
const DOOR: &str = "
    ###############
    #@..a#a...#...#
    ###############";

#[test]
fn a_watcher_sees_and_catches_through_a_door_portal() {
    let mut p = Play::new(
        DOOR,
        "scout = hero scout at 0,0
         guard = watcher at 4,0",
        "a = straight",
    );
    p.ok(Action::EndTurn);
    assert_eq!(p.outcome(), Outcome::Lost);
}

#[test]
fn without_the_door_the_watcher_sees_nobody() {
    let mut p = Play::new(
        &DOOR.replace('a', "#"),
        "scout = hero scout at 0,0
         guard = watcher at 4,0",
        "",
    );
    p.ok(Action::EndTurn);
    assert_eq!(p.outcome(), Outcome::Playing);
}

#[test]
fn a_hero_who_left_is_not_caught() {
    let mut p = Play::new(
        DOOR,
        "scout = hero scout at 0,0
         knight = hero knight at 6,0
         guard = watcher at 4,0",
        "a = straight",
    );
    p.ok(p.exit("scout"));
    p.ok(Action::EndTurn);
    assert_eq!(p.outcome(), Outcome::Playing);
    assert_eq!(p.turn(), 2);
}
