//! Steps of several actions, as a player meets them: everyone at the
//! entrance leaving from the menu, and a click on a remembered cell out of
//! sight walking there; each one undo step.
use game::action::{Action, DeployDir};
use game::session::Session;

use super::*;
use crate::screens::play::context_menu::EVERYONE_LEAVES;

/// The pixel at the middle of view cell `v`, as drawn.
fn pixel_of(s: &PlayScreen, v: ViewPos) -> Vec2 {
    s.projection(SIZE).cell_centre(v)
}

/// The view cell where the remembered map draws grid cell `cell`.
fn remembered_view(s: &PlayScreen, cell: CellPos) -> ViewPos {
    let here = cell_of_selected(s);
    ViewPos::new(cell.x - here.x, cell.y - here.y)
}

/// Night haul's second round: the knight let his rope down the shaft
/// from beside its head (3,3) and the scout went down it; now she stands
/// in the cellar at its foot (4,0) with 4 AP, the hall above and the
/// corridor behind the pillar remembered, out of sight. The guard will
/// see 5,3 and 6,3 at the end of this round.
fn scout_in_the_cellar() -> PlayScreen {
    let mut s = screen("night_haul.txt");
    go(&mut s, 0, CellPos::new(3, 3));
    let knight = s.selected_hero().unwrap();
    s.perform(Action::DeployRope {
        hero: knight,
        dir: DeployDir::Right,
    });
    go(&mut s, 1, CellPos::new(2, 4));
    go(&mut s, 1, CellPos::new(4, 2));
    end_turn(&mut s);
    go(&mut s, 1, CellPos::new(4, 0));
    assert_eq!(ap_of_selected(&s), 4);
    s
}

/// Points at remembered grid cell `cell` and clicks it.
fn hover_and_click(s: &mut PlayScreen, cell: CellPos) -> String {
    let v = remembered_view(s, cell);
    assert!(s.view().nodes_at(v).next().is_none(), "out of sight");
    assert!(s.memory.contains(cell), "remembered");
    s.handle(Input::MouseMove(pixel_of(s, v)), SIZE);
    let hint = s.hint();
    s.handle(Input::Click(pixel_of(s, v)), SIZE);
    hint
}

fn message_text(s: &PlayScreen) -> String {
    match s.message() {
        Some(Message::Info(t) | Message::Warning(t) | Message::Refused(t)) => t.clone(),
        None => String::new(),
    }
}

#[test]
fn a_click_on_a_remembered_cell_out_of_sight_walks_there_and_one_z_takes_the_walk_back() {
    let level = level("night_haul.txt");
    let mut s = scout_in_the_cellar();
    let hall = CellPos::new(1, 3);
    let done = s.session.undo_log().undoable();
    // The hover says what the click will do, not "not in sight".
    let hint = hover_and_click(&mut s, hall);
    assert_eq!(hint, "Click to move: walk there: 4 steps, 4 AP this turn");
    assert_eq!(cell_of_selected(&s), hall, "{:?}", s.message());
    assert_eq!(ap_of_selected(&s), 0);
    assert_eq!(
        message_text(&s),
        "Walked there: 4 steps, 4 AP (one Z undoes the walk)"
    );
    assert_eq!(s.session.undo_log().undoable(), done + 1, "one step");
    // Out of AP: pointing back at the cellar says why not.
    let cellar = CellPos::new(4, 0);
    let v = remembered_view(&s, cellar);
    s.handle(Input::MouseMove(pixel_of(&s, v)), SIZE);
    assert!(
        s.hint()
            .starts_with("Can't go there: not enough action points"),
        "{}",
        s.hint()
    );
    // A save made now loads with the walk one step: one undo takes it
    // back there too.
    let bytes = s.session.save_bytes(&level).expect("saves");
    key(&mut s, Key::Undo);
    assert_eq!((cell_of_selected(&s), ap_of_selected(&s)), (cellar, 4));
    key(&mut s, Key::Redo);
    assert_eq!((cell_of_selected(&s), ap_of_selected(&s)), (hall, 0));
    let mut loaded =
        PlayScreen::with_session(&level, Session::load_bytes(&level, &bytes).expect("loads"));
    assert!(loaded.select_hero_id("scout"));
    assert_eq!(cell_of_selected(&loaded), hall);
    key(&mut loaded, Key::Undo);
    assert_eq!(
        (cell_of_selected(&loaded), ap_of_selected(&loaded)),
        (cellar, 4)
    );
}

#[test]
fn a_walk_goes_as_far_as_the_action_points_and_says_where_it_stopped() {
    let mut s = scout_in_the_cellar();
    // The entrance is a step past the corridor: 5 steps, 4 AP.
    let hint = hover_and_click(&mut s, CellPos::new(0, 3));
    assert_eq!(
        hint,
        "Click to move: walk there: 5 steps, 4 AP this turn (stops after 4 steps: out of AP)"
    );
    assert_eq!(cell_of_selected(&s), CellPos::new(1, 3));
    assert_eq!(ap_of_selected(&s), 0);
    assert_eq!(
        message_text(&s),
        "Walked 4 of 5 steps, 4 AP: out of AP (one Z undoes the walk)"
    );
}

#[test]
fn a_walk_stops_before_a_cell_a_known_watcher_will_see_and_says_which() {
    let mut s = scout_in_the_cellar();
    let far = CellPos::new(6, 3);
    assert!(s.danger().contains(CellPos::new(5, 3)) && s.danger().contains(far));
    let hint = hover_and_click(&mut s, far);
    assert_eq!(
        hint,
        "Click to move: walk there: 3 steps, 1 AP this turn (stops after 1 step: the next cell is seen by the guard)"
    );
    let stopped = cell_of_selected(&s);
    assert_eq!(stopped, CellPos::new(4, 1), "one climb up the rope");
    assert!(!s.danger().contains(stopped));
    assert!(matches!(s.message(), Some(Message::Warning(_))));
    assert_eq!(
        message_text(&s),
        "Walked 1 of 3 steps, 1 AP: the next cell is seen by the guard (one Z undoes the walk)"
    );
    // From there the very next step is into the guard's sight: no walk,
    // a warning, nothing done.
    let done = s.session.undo_log().undoable();
    hover_and_click(&mut s, far);
    assert_eq!(cell_of_selected(&s), stopped);
    assert_eq!(s.session.undo_log().undoable(), done);
    assert_eq!(
        message_text(&s),
        "Not walking there: the next cell is seen by the guard; step on by hand if you mean it"
    );
    key(&mut s, Key::Undo);
    assert_eq!(cell_of_selected(&s), CellPos::new(4, 0));
}

#[test]
fn everyone_here_leaves_is_offered_at_the_entrance_and_one_z_brings_them_all_back() {
    let mut s = screen("night_haul.txt");
    let heroes = s.heroes().to_vec();
    let entries = |s: &mut PlayScreen| -> Vec<(String, bool)> {
        key(s, Key::Context);
        let menu = s.context_menu().expect("the menu opens");
        let out = menu
            .entries
            .iter()
            .map(|e| (e.label.clone(), e.refused.is_none()))
            .collect();
        key(s, Key::Escape);
        out
    };
    // Both at the entrance: offered, allowed, the last allowed entry
    // (after this hero's own leaving).
    let at_start = entries(&mut s);
    let allowed: Vec<&str> = at_start
        .iter()
        .filter(|(_, ok)| *ok)
        .map(|(l, _)| l.as_str())
        .collect();
    assert_eq!(allowed.last(), Some(&EVERYONE_LEAVES), "{at_start:?}");
    assert!(
        allowed[allowed.len() - 2].starts_with("Leave the level"),
        "{at_start:?}"
    );
    // One choice, both gone: a retreat (no relic), and one Z (the
    // results' "Go back in") brings both back.
    let done = s.session.undo_log().undoable();
    let result = choose(&mut s, EVERYONE_LEAVES);
    assert!(
        matches!(result, Some(PlayAction::Retreated(_))),
        "{result:?}"
    );
    let stage = s.session.stage();
    assert!(heroes
        .iter()
        .all(|&h| stage.has_flag(h, ThingFlags::EXITED)));
    assert_eq!(s.session.undo_log().undoable(), done + 1);
    key(&mut s, Key::Undo);
    let stage = s.session.stage();
    assert!(heroes
        .iter()
        .all(|&h| !stage.has_flag(h, ThingFlags::EXITED)));
    assert_eq!(s.session.undo_log().undoable(), done);
    // The knight steps away: the scout stands there alone, and the
    // knight is not at the entrance: no entry for either.
    go(&mut s, 0, CellPos::new(1, 3));
    assert!(!entries(&mut s).iter().any(|(l, _)| l == EVERYONE_LEAVES));
    key(&mut s, Key::Hero(1));
    assert!(!entries(&mut s).iter().any(|(l, _)| l == EVERYONE_LEAVES));
}
