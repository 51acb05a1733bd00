//! The danger the party knows, whichever hero is selected: the marked cells
//! come from every watcher any hero has seen, and ending a turn that gets
//! a hero caught asks first, naming who and by whom.
use game::stage::Outcome;

use super::*;

#[test]
fn ending_a_turn_that_gets_a_hero_caught_asks_first_naming_who_and_by_whom() {
    // Watcher hall: the scout climbs onto the first pillar's top, which the
    // guard will see from 4,0 at the end of the round; the knight, at the
    // entrance behind the pillar, is selected.
    let mut s = screen("watcher_hall.txt");
    go(&mut s, 1, CellPos::new(3, 1));
    key(&mut s, Key::Hero(0));
    let scout = s.heroes()[1];
    assert_eq!(s.danger().caught_if_ended_now().len(), 1);
    assert_eq!(s.danger().caught_if_ended_now()[0].0, scout);
    assert!(
        s.danger().contains(CellPos::new(3, 1)),
        "the scout's cell is red"
    );
    key(&mut s, Key::Enter);
    assert!(s.asking_to_end_turn());
    let asked = format!("{:?}", s.message());
    assert!(
        asked.contains("The scout will be seen by the guard — end the turn anyway?"),
        "{asked}"
    );
    // Esc goes on playing: nothing ended.
    key(&mut s, Key::Escape);
    assert_eq!(s.session.stage().turn(), 1);
    assert_eq!(s.session.stage().outcome(), Outcome::Playing);
    // Enter, Enter: ended anyway, and the rules catch whom the screen named.
    key(&mut s, Key::Enter);
    key(&mut s, Key::Enter);
    assert_eq!(s.session.stage().outcome(), Outcome::Lost);
    assert!(s.session.stage().has_flag(scout, ThingFlags::CAUGHT));
}

#[test]
fn with_the_question_off_the_turn_ends_at_once_and_a_safe_turn_asks_only_about_ap() {
    let mut s = screen("watcher_hall.txt");
    go(&mut s, 1, CellPos::new(3, 1));
    s.confirm_end_turn = false;
    key(&mut s, Key::Enter);
    assert!(!s.asking_to_end_turn());
    assert_eq!(s.session.stage().outcome(), Outcome::Lost);
    // Nobody in sight of the guard: the usual question about AP left.
    let mut s = screen("watcher_hall.txt");
    key(&mut s, Key::Enter);
    let asked = format!("{:?}", s.message());
    assert!(
        asked.contains("End the turn? The knight has 4 AP"),
        "{asked}"
    );
    assert!(!asked.contains("will be seen"), "{asked}");
}

#[test]
fn a_watcher_one_hero_saw_is_red_for_all_of_them() {
    // Sentry: the party starts in the corridor at the hole's edge, blind
    // to the sentry in the hall below. Nothing is red until the scout
    // drops through the hole and sees the sentry; then the knight,
    // selected, seeing only a slice of the hall through the floor portal,
    // sees it red too.
    let mut s = screen("sentry.txt");
    assert_eq!(s.danger().cells().count(), 0, "no watcher known yet");
    go(&mut s, 1, CellPos::new(7, 0));
    let sentry = s.session.stage().find("sentry").unwrap();
    assert_eq!(s.danger().watchers().len(), 1);
    assert_eq!(s.danger().watchers()[0].0, sentry);
    key(&mut s, Key::Hero(0));
    assert!(!s.view().is_visible(
        s.session.stage().grid(),
        s.session.stage().cell_of(sentry).unwrap()
    ));
    let red_in_knights_view = s
        .view()
        .nodes()
        .iter()
        .filter(|n| s.danger().contains(n.cell))
        .count();
    assert!(
        red_in_knights_view > 0,
        "the knight sees red through the hole"
    );
    // And the scout's own cell in the pit under the hole is red, where
    // she stands: the sentry steps to its edge.
    assert!(s.danger().contains(CellPos::new(7, 0)));
}

#[test]
fn end_turn_from_the_actions_menu_asks_what_enter_asks() {
    // E, End turn: the same question as Enter, not a turn ended blind.
    let mut s = screen("watcher_hall.txt");
    go(&mut s, 1, CellPos::new(3, 1));
    key(&mut s, Key::Hero(0));
    choose(&mut s, "End turn");
    assert!(s.asking_to_end_turn());
    assert_eq!(s.session.stage().turn(), 1);
    key(&mut s, Key::Escape);
    // With nobody in danger, the question about action points left.
    let mut s = screen("watcher_hall.txt");
    choose(&mut s, "End turn");
    assert!(s.asking_to_end_turn());
    assert!(format!("{:?}", s.message()).contains("has 4 AP"));
}

#[test]
fn the_actions_menu_always_opens_while_the_level_is_played() {
    // The scout on the pillar top, nothing to pick up or tie: the menu
    // still opens, with End turn, instead of a message that Enter would
    // only clear.
    let mut s = screen("watcher_hall.txt");
    go(&mut s, 1, CellPos::new(3, 1));
    key(&mut s, Key::Context);
    let menu = s.context_menu().expect("the menu opens");
    assert!(menu.entries.iter().any(|e| e.label == "End turn"));
}
