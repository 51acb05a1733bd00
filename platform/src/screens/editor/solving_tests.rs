//! The solver's verdict and its playback on the editor screen, driven by
//! synthetic input: a verdict holds for the level's content, and a found
//! line plays back with pause, steps and speed.
use super::*;
use crate::screens::input::Chord;

const SIZE: (u32, u32) = (1280, 720);

fn chord(s: &mut EditorScreen, text: &str) {
    s.handle(RawInput::Chord(Chord::parse(text).expect("chord")), SIZE);
}

fn click(s: &mut EditorScreen, x: i32, y: i32) {
    let p = s.screen_pos_of_cell(CellPos::new(x, y));
    s.handle(RawInput::Input(Input::MouseMove(p)), SIZE);
    s.handle(RawInput::Press(Button::Left, p), SIZE);
    s.handle(RawInput::Release(Button::Left, p), SIZE);
}

fn refused(s: &EditorScreen) -> Option<&str> {
    match &s.status {
        Some(Status::Refused(t)) => Some(t),
        _ => None,
    }
}

/// A 6×4 room with the knight at the entrance and a relic two cells
/// along, solved (two turns, four actions).
pub(super) fn solved_room() -> EditorScreen {
    let level = list::new_level("Solve 6x4").expect("level");
    let mut s = EditorScreen::new(level, Document::default());
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    chord(&mut s, "i");
    chord(&mut s, "1");
    click(&mut s, 2, 0);
    assert!(s.editor.level().thing("relic").is_some());
    chord(&mut s, "f6");
    super::tests::wait_for_the_needs(&mut s);
    s
}

#[test]
fn an_edit_makes_the_verdict_stale_and_an_undo_back_to_the_solved_level_brings_it_back() {
    let mut s = solved_room();
    let solved = "Solved: 2 turns, 4 actions, the fewest: proven";
    assert_eq!(
        s.solver_line().as_deref(),
        Some(format!("{solved} · F7 plays it").as_str())
    );
    // An edit: the verdict says it is for an earlier version, F7 refuses.
    click(&mut s, 4, 0);
    let line = s.solver_line().unwrap_or_default();
    assert!(line.starts_with(solved), "{line}");
    assert!(!line.contains("F7 plays it"), "{line}");
    assert!(line.contains("earlier version"), "{line}");
    chord(&mut s, "f7");
    assert!(s.playback_stage().is_none());
    assert!(
        refused(&s).is_some_and(|t| t.starts_with("The level changed since it was solved")),
        "{:?}",
        s.status
    );
    // Undo: the level is the one solved again, and so is the verdict.
    chord(&mut s, "ctrl+z");
    assert_eq!(
        s.solver_line().as_deref(),
        Some(format!("{solved} · F7 plays it").as_str())
    );
    chord(&mut s, "f7");
    assert!(s.playback_stage().is_some(), "{:?}", s.status);
    // Redo: stale again; undo: it holds again.
    chord(&mut s, "escape");
    chord(&mut s, "ctrl+y");
    assert!(s
        .solver_line()
        .is_some_and(|l| l.contains("earlier version")));
    chord(&mut s, "ctrl+z");
    chord(&mut s, "f7");
    assert!(s.playback_stage().is_some(), "{:?}", s.status);
}

fn said(s: &EditorScreen) -> String {
    match &s.status {
        Some(Status::Info(t) | Status::Refused(t)) => t.clone(),
        None => String::new(),
    }
}

#[test]
fn playback_pauses_steps_and_counts_the_actions_the_verdict_counts() {
    let mut s = solved_room();
    chord(&mut s, "f7");
    // Paused at once: Right steps an action, counted as the verdict counts.
    chord(&mut s, "space");
    assert!(
        said(&s).starts_with("Paused at 0 of 4 actions"),
        "{}",
        said(&s)
    );
    let start = s.playback_stage().map(|st| st.state_hash());
    chord(&mut s, "right");
    assert!(said(&s).contains("action 1 of 4"), "{}", said(&s));
    s.update(10.0);
    assert!(said(&s).contains("action 1 of 4"), "paused: {}", said(&s));
    chord(&mut s, "left");
    assert_eq!(s.playback_stage().map(|st| st.state_hash()), start);
    // The bar's buttons do the same as the keys.
    let l = s.layout();
    let button = |c| {
        playback::bar(l.canvas, l.scale)
            .into_iter()
            .find(|(d, _)| *d == c)
            .map(|(_, r)| r.centre())
            .expect("a button")
    };
    for _ in 0..6 {
        s.handle(
            RawInput::Press(Button::Left, button(playback::Control::Forward)),
            SIZE,
        );
    }
    assert!(s.playback_stage().is_some(), "the buttons do not stop it");
    assert!(
        said(&s).contains("cleared in 2 turn(s), 4 actions") || said(&s).starts_with("The end"),
        "{}",
        said(&s)
    );
    s.handle(
        RawInput::Press(Button::Left, button(playback::Control::Faster)),
        SIZE,
    );
    assert!(said(&s).starts_with("Playback speed ×2"), "{}", said(&s));
    // Esc stops it and does nothing else.
    chord(&mut s, "escape");
    assert!(s.playback_stage().is_none());
    assert!(said(&s).starts_with("Playback stopped"));
}

#[test]
fn setting_the_par_from_the_solve_keeps_the_verdict_the_playback_and_the_needs() {
    let mut s = solved_room();
    let rows = s.needs_rows();
    assert!(!rows.is_empty(), "the Needs checks ran");
    chord(&mut s, "f8");
    assert_eq!(s.editor.level().par, Some(2));
    // The par is no part of what was solved: the verdict still holds,
    // F7 still plays it, and the Needs rows are still the level's.
    assert_eq!(
        s.solver_line().as_deref(),
        Some("Solved: 2 turns, 4 actions, the fewest: proven · F7 plays it")
    );
    assert_eq!(s.needs_rows(), rows);
    chord(&mut s, "f7");
    assert!(s.playback_stage().is_some(), "{:?}", s.status);
}

#[test]
fn a_playback_hides_the_selection_box_until_it_stops() {
    let mut s = solved_room();
    s.selection = Selection::Thing(0);
    assert!(s.shows_selection_box());
    chord(&mut s, "f7");
    assert!(s.playback_stage().is_some(), "{:?}", s.status);
    assert!(
        !s.shows_selection_box(),
        "the knight has moved from its cell"
    );
    chord(&mut s, "escape");
    assert!(s.playback_stage().is_none());
    assert_eq!(
        s.selection,
        Selection::Thing(0),
        "Esc stopped only the playback"
    );
    assert!(s.shows_selection_box());
}
