//! Leaving and winning (`GAME.md`, "Winning"): a hero in the entrance cell
//! leaves with what they hold; the level is won when every hero has left;
//! relics that left are counted.

use super::*;
use crate::things::ThingFlags;

const HALL: &str = "
    #########
    #@......#
    #########";

fn hall() -> Play {
    Play::new(
        HALL,
        "knight = hero knight at 0,0
         scout = hero scout at 0,0
         sorceress = hero sorceress at 0,0
         relic = item relic at 2,0 flags ACQUIRE|PLACE|RELIC
         bucket = item bucket at 3,0 flags ACQUIRE|PLACE|CONTAIN|HANG
         gem = item gem at 3,0 flags ACQUIRE|PLACE|RELIC",
        "",
    )
}

#[test]
fn only_the_entrance_leads_out() {
    let mut p = hall();
    p.go("scout", 1, 0);
    assert_eq!(p.refused(p.exit("scout")), "only the entrance leads out");
    assert!(!p.stage().has_flag(p.id("scout"), ThingFlags::EXITED));
}

#[test]
fn a_hero_leaves_with_what_they_hold_for_no_action_points() {
    let mut p = hall();
    p.go("scout", 2, 0);
    p.ok(p.pick_up("scout"));
    p.go("scout", 0, 0);
    assert_eq!(p.ap("scout"), 1);
    let events = p.ok(p.exit("scout"));
    assert_eq!(spent(&events), 0);
    assert!(p.stage().has_flag(p.id("scout"), ThingFlags::EXITED));
    assert_eq!(p.held("scout").as_deref(), Some("relic"));
    assert_eq!(p.stage().relics_recovered(), 1);
    assert_eq!(p.stage().relics_total(), 2);
    assert_eq!(p.outcome(), Outcome::Playing, "two heroes are still in");
    assert_eq!(
        p.stage().active_heroes(),
        vec![p.id("knight"), p.id("sorceress")]
    );
}

#[test]
fn a_hero_who_left_can_do_nothing_more() {
    let mut p = hall();
    p.ok(p.exit("scout"));
    assert_eq!(
        p.refused(p.move_to("scout", 1, 0)),
        "that hero has left the level"
    );
    assert_eq!(
        p.refused(p.pick_up("scout")),
        "that hero has left the level"
    );
    assert_eq!(p.refused(p.exit("scout")), "that hero has left the level");
    // Nor do they come back with the next round's action points.
    p.ok(Action::EndTurn);
    assert!(p.stage().has_flag(p.id("scout"), ThingFlags::EXITED));
}

#[test]
fn the_level_is_won_when_every_hero_has_left() {
    let mut p = hall();
    p.go("knight", 3, 0);
    p.ok(p.pick_up_item("knight", "gem"));
    p.ok(Action::EndTurn);
    p.go("knight", 0, 0);
    for hero in ["knight", "scout"] {
        p.ok(p.exit(hero));
        assert_eq!(p.outcome(), Outcome::Playing);
    }
    p.ok(p.exit("sorceress"));
    assert_eq!(p.outcome(), Outcome::Won);
    assert_eq!(p.stage().relics_recovered(), 1, "the relic left behind");
    let won = "the level is won: every hero has left";
    assert_eq!(p.refused(Action::EndTurn), won);
    assert_eq!(p.refused(p.exit("knight")), won);
    assert_eq!(p.turn(), 2);
}

#[test]
fn relics_left_behind_are_not_recovered() {
    let mut p = hall();
    for hero in ["knight", "scout", "sorceress"] {
        p.ok(p.exit(hero));
    }
    assert_eq!(p.outcome(), Outcome::Won);
    assert_eq!(p.stage().relics_recovered(), 0);
}

#[test]
fn relics_in_a_carried_bucket_leave_with_it() {
    let mut p = hall();
    p.go("scout", 2, 0);
    p.ok(p.pick_up_item("scout", "relic"));
    p.go("scout", 3, 0);
    p.ok(p.put_in("scout"));
    p.ok(p.pick_up_item("scout", "bucket"));
    p.ok(Action::EndTurn);
    p.go("scout", 0, 0);
    p.ok(p.exit("scout"));
    assert_eq!(p.stage().relics_recovered(), 1);
}
