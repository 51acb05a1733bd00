//! Esc on the editor screen, driven by synthetic input: it peels one
//! layer a press, and leaving asks before it loses the undo history or
//! the solver's work.
use super::dialog::Purpose;
use super::*;
use crate::screens::input::Chord;

const SIZE: (u32, u32) = (1280, 720);

fn chord(s: &mut EditorScreen, text: &str) -> Option<EditorAction> {
    s.handle(RawInput::Chord(Chord::parse(text).expect("chord")), SIZE)
}

/// The leave question's message, if it is asked.
fn asked(s: &EditorScreen) -> Option<&str> {
    let d = s.dialog.as_ref()?;
    (d.purpose == Purpose::LeaveSession).then_some(d.message.as_str())
}

#[test]
fn esc_peels_a_paste_then_the_selection_then_asks_before_losing_the_undo_history() {
    let mut s = super::paste_tests::room_with_a_pair();
    s.mark_saved();
    s.selection = Selection::Thing(0);
    chord(&mut s, "ctrl+v");
    assert!(s.pasting);
    assert_eq!(chord(&mut s, "escape"), None);
    assert!(!s.pasting, "the paste is cancelled");
    assert_eq!(s.selection, Selection::Thing(0), "the selection stays");
    assert_eq!(chord(&mut s, "escape"), None);
    assert_eq!(s.selection, Selection::None);
    // Saved, but two undo steps: asked, Esc stays.
    assert_eq!(chord(&mut s, "escape"), None);
    let message = asked(&s).expect("leaving asks");
    assert!(message.contains("undo history (2 steps)"), "{message}");
    assert!(message.contains("Enter leaves, Esc stays"), "{message}");
    assert_eq!(chord(&mut s, "escape"), None);
    assert!(s.dialog.is_none(), "stayed");
    assert_eq!(s.editor.history().undoable(), 2, "the history is kept");
    chord(&mut s, "escape");
    assert_eq!(chord(&mut s, "enter"), Some(EditorAction::Leave));
}

#[test]
fn leaving_a_solved_level_asks_and_a_bare_session_leaves_at_once() {
    let mut s = super::tests::ledge_with_a_portal();
    s.mark_saved();
    assert_eq!(
        chord(&mut s, "escape"),
        Some(EditorAction::Leave),
        "nothing to lose: no question"
    );
    chord(&mut s, "f6");
    super::tests::wait_for_the_solver(&mut s);
    assert_eq!(chord(&mut s, "escape"), None);
    let message = asked(&s).expect("leaving asks");
    assert!(message.contains("solver's solution"), "{message}");
    assert!(!message.contains("undo"), "{message}");
    assert_eq!(chord(&mut s, "enter"), Some(EditorAction::Leave));
}

/// Issue 35: Esc right after Delete (by habit, to deselect) does not open
/// the leave question; a second Esc does.
#[test]
fn esc_right_after_delete_only_says_that_nothing_is_selected() {
    let mut s = super::paste_tests::room_with_a_pair();
    s.mark_saved();
    s.selection = Selection::Thing(0);
    chord(&mut s, "delete");
    assert_eq!(s.selection, Selection::None);
    assert_eq!(chord(&mut s, "escape"), None);
    assert!(
        s.dialog.is_none(),
        "no question right after Delete: {:?}",
        s.dialog.as_ref().map(|d| &d.title)
    );
    assert!(
        matches!(&s.status, Some(Status::Info(t)) if t.contains("Esc again leaves")),
        "{:?}",
        s.status
    );
    assert_eq!(chord(&mut s, "escape"), None);
    assert!(s.dialog.is_some(), "the second Esc asks about leaving");
}
