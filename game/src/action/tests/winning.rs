//! Leaving and winning (`docs/RULES.md`, "Leaving, winning, retreating"): a hero in the entrance cell
//! leaves with what they hold; once every hero has left, the level is
//! cleared if its required relics left with them, else it is a retreat;
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
fn leaving_with_fewer_relics_than_required_is_a_retreat() {
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
    assert_eq!(
        p.stage().relics_recovered(),
        1,
        "the other relic left behind"
    );
    assert_eq!(p.stage().relics_to_clear(), 2, "every relic, by default");
    assert_eq!(p.outcome(), Outcome::Retreated);
    assert!(p.outcome().party_left());
    let over = "every hero has left the level";
    assert_eq!(p.refused(Action::EndTurn), over);
    assert_eq!(p.refused(p.exit("knight")), over);
    assert_eq!(p.turn(), 2);
    // Undo goes back in.
    p.s.undo();
    assert_eq!(p.outcome(), Outcome::Playing);
}

#[test]
fn leaving_with_every_relic_clears_the_level() {
    let mut p = hall();
    p.go("knight", 3, 0);
    p.ok(p.pick_up_item("knight", "gem"));
    p.go("scout", 2, 0);
    p.ok(p.pick_up("scout"));
    p.ok(Action::EndTurn);
    p.go("knight", 0, 0);
    p.go("scout", 0, 0);
    for hero in ["knight", "scout", "sorceress"] {
        p.ok(p.exit(hero));
    }
    assert_eq!(p.stage().relics_recovered(), 2);
    assert_eq!(p.outcome(), Outcome::Cleared);
}

#[test]
fn relics_left_behind_are_not_recovered_and_no_relic_is_a_retreat() {
    let mut p = hall();
    for hero in ["knight", "scout", "sorceress"] {
        p.ok(p.exit(hero));
    }
    assert_eq!(p.outcome(), Outcome::Retreated);
    assert_eq!(p.stage().relics_recovered(), 0);
}

#[test]
fn a_level_may_require_fewer_relics_than_it_holds() {
    let text = level_text(
        HALL,
        "knight = hero knight at 0,0
         relic = item relic at 1,0 flags ACQUIRE|PLACE|RELIC
         gem = item gem at 3,0 flags ACQUIRE|PLACE|RELIC",
        "",
    )
    .replace("[level]\n", "[level]\nrequired_relics = 1\n");
    let level = load_text("one.txt", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let mut p = Play {
        s: Session::new(&level).expect("stage"),
    };
    assert_eq!(p.stage().relics_to_clear(), 1);
    p.go("knight", 1, 0);
    p.ok(p.pick_up("knight"));
    p.go("knight", 0, 0);
    p.ok(p.exit("knight"));
    assert_eq!(p.outcome(), Outcome::Cleared, "one of two is enough here");
}
