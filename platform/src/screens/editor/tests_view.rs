//! The view as a designer sees it: it follows a resize, a refusal leaves
//! it alone, and every key that changes nothing says why.
use super::*;
use crate::screens::input::Chord;

const SIZE: (u32, u32) = (1280, 720);

fn screen(name: &str) -> EditorScreen {
    let level = list::new_level(name).expect("level");
    let mut s = EditorScreen::new(level, Document::default());
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    s
}

fn key(s: &mut EditorScreen, text: &str) {
    s.handle(RawInput::Chord(Chord::parse(text).expect("chord")), SIZE);
}

fn on_canvas(s: &EditorScreen, x: i32, y: i32) -> bool {
    s.layout()
        .canvas
        .contains(s.screen_pos_of_cell(CellPos::new(x, y)))
}

#[test]
fn refit_after_resize_keeps_the_new_side_on_the_canvas() {
    let mut s = screen("Test 16x10");
    for n in 1..=12 {
        key(&mut s, "ctrl+right");
        let w = s.editor.level().grid.width() as i32;
        assert_eq!(w, 16 + n);
        assert!(
            on_canvas(&s, w - 1, 5),
            "column {} under the inspector",
            w - 1
        );
    }
    for n in 1..=6 {
        key(&mut s, "ctrl+up");
        let h = s.editor.level().grid.height() as i32;
        assert_eq!(h, 10 + n);
        assert!(on_canvas(&s, 14, h - 1), "row {} off the canvas", h - 1);
    }
    // Column 0 holds the entrance: removing it is refused, and the view
    // does not move.
    let before = s.camera.centre;
    key(&mut s, "ctrl+shift+left");
    assert_eq!(s.editor.level().grid.width(), 28);
    assert!(
        matches!(s.status, Some(Status::Refused(_))),
        "{:?}",
        s.status
    );
    assert_eq!(s.camera.centre, before);
}

#[test]
fn k_on_a_pair_with_one_possible_kind_says_why_nothing_changed() {
    use game::grid::{Dir, PortalEnd};
    let mut s = screen("Test 8x6");
    // Both ends on the border: rock (the outside) behind each.
    s.step("portal", "", |l| {
        game::edit::op::link_portal(
            l,
            PortalEnd::new(CellPos::new(0, 3), Dir::Left),
            PortalEnd::new(CellPos::new(7, 3), Dir::Right),
        )
    });
    assert_eq!(game::edit::op::possible_kinds(s.editor.level(), 0).len(), 1);
    s.selection = Selection::Portal(0);
    let steps = s.editor.history().undoable();
    key(&mut s, "k");
    assert_eq!(s.editor.history().undoable(), steps, "nothing changed");
    match &s.status {
        Some(Status::Refused(t)) => {
            assert!(t.starts_with("Portal 'a' can only be "), "{t}");
            assert!(t.contains("air on one side only"), "{t}");
        }
        other => panic!("no reason given: {other:?}"),
    }
}

fn right_drag(s: &mut EditorScreen, a: CellPos, b: CellPos) {
    let (a, b) = (s.screen_pos_of_cell(a), s.screen_pos_of_cell(b));
    s.handle(RawInput::Input(Input::MouseMove(a)), SIZE);
    s.handle(RawInput::Press(Button::Right, a), SIZE);
    for i in 1..=6 {
        s.handle(
            RawInput::Input(Input::MouseMove(a.lerp(b, i as f32 / 6.0))),
            SIZE,
        );
    }
    s.handle(RawInput::Release(Button::Right, b), SIZE);
}

fn refused(s: &EditorScreen) -> String {
    match &s.status {
        Some(Status::Refused(t)) => t.clone(),
        other => panic!("not a refusal: {other:?}"),
    }
}

#[test]
fn fill_rock_says_how_many_cells_it_skipped_and_why() {
    let mut s = screen("Test 8x6");
    key(&mut s, "b");
    // A drag along the bottom row from the entrance.
    right_drag(&mut s, CellPos::new(0, 0), CellPos::new(3, 0));
    assert_eq!(
        refused(&s),
        "fill rock (3 cells) · skipped 1 cell: cell 0,0 is the entrance: it stays air"
    );
    s.undo();
    // A Shift+drag rectangle over it.
    s.shift_held = true;
    right_drag(&mut s, CellPos::new(0, 0), CellPos::new(2, 1));
    assert_eq!(
        refused(&s),
        "fill rock (5 cells) · skipped 1 cell: cell 0,0 is the entrance: it stays air"
    );
    // Only the entrance: nothing painted, the reason alone.
    s.shift_held = false;
    s.undo();
    right_drag(&mut s, CellPos::new(0, 0), CellPos::new(0, 0));
    assert_eq!(refused(&s), "Can't: cell 0,0 is the entrance: it stays air");
}
