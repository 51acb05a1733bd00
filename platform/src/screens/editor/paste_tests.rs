//! Pasting on the editor screen, driven by synthetic input: what a paste
//! would break is refused with the reason on the message line.
use super::*;
use crate::screens::input::Chord;
use game::edit::op;
use game::grid::{Dir, PortalEnd};

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

/// An 8×6 room with a portal pair 'a' on the floor at 5,0 and 7,0, and a
/// 2×2 block at the left, rock at its bottom left, copied to the clipboard.
pub(super) fn room_with_a_pair() -> EditorScreen {
    let level = list::new_level("Paste 8x6").expect("level");
    let mut s = EditorScreen::new(level, Document::default());
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    let (a, b) = (
        PortalEnd::new(CellPos::new(5, 0), Dir::Down),
        PortalEnd::new(CellPos::new(7, 0), Dir::Down),
    );
    s.step("link", "", |l| op::link_portal(l, a, b))
        .expect("linked");
    s.step("rock", "", |l| {
        op::paint_cell(l, CellPos::new(1, 1), game::grid::CellKind::Rock)
    })
    .expect("painted");
    s.selection = Selection::Area(Area::new(CellPos::new(1, 1), CellPos::new(2, 2)));
    chord(&mut s, "ctrl+c");
    s.selection = Selection::None;
    s
}

#[test]
fn a_paste_over_one_end_of_a_pair_is_refused_on_the_message_line() {
    let mut s = room_with_a_pair();
    let before = s.editor.level().clone();
    let steps = s.editor.history().undoable();
    chord(&mut s, "ctrl+v");
    assert!(s.pasting);
    // Bottom-left at 4,0: the block covers 4..5 × 0..1, so the end at 5,0.
    click(&mut s, 4, 0);
    assert_eq!(s.editor.level(), &before, "nothing changed");
    assert_eq!(s.editor.history().undoable(), steps);
    match &s.status {
        Some(Status::Refused(t)) => {
            assert!(t.contains("cut portal pair 'a'"), "{t}");
            assert!(t.contains("cover both ends"), "{t}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert!(s.pasting, "still placing: the designer moves the paste");
    // Clear of the pair, it lands.
    click(&mut s, 1, 3);
    assert!(!s.pasting);
    assert_eq!(s.editor.history().undoable(), steps + 1);
    assert_eq!(s.editor.level().grid.portals().len(), 1);
    assert_eq!(
        s.editor.level().grid.cell(CellPos::new(1, 3)),
        Some(game::grid::CellKind::Rock)
    );
    assert!(s.editor.problems().is_empty(), "{:?}", s.editor.problems());
}

#[test]
fn the_paste_preview_shows_what_would_land_and_says_what_it_would_break() {
    let mut s = room_with_a_pair();
    // Copy the strip holding both ends of 'a'.
    s.selection = Selection::Area(Area::new(CellPos::new(5, 0), CellPos::new(7, 0)));
    chord(&mut s, "ctrl+c");
    chord(&mut s, "ctrl+v");
    // Clear of the pair: the preview holds the copy with a fresh label,
    // and the message line says how to place it.
    let p = s.screen_pos_of_cell(CellPos::new(5, 2));
    s.handle(RawInput::Input(Input::MouseMove(p)), SIZE);
    let shown = s.paste_preview().expect("a preview");
    assert_eq!(shown.level.portal_labels, vec!['a', 'b']);
    assert!(shown.check.is_clean());
    assert_eq!(
        s.status,
        Some(Status::Info(super::paste_preview::PASTE_HELP.into()))
    );
    assert_eq!(s.editor.level().grid.portals().len(), 1, "only a preview");
    // Over one end of 'a': red there, and the reason on the message line.
    let p = s.screen_pos_of_cell(CellPos::new(3, 0));
    s.handle(RawInput::Input(Input::MouseMove(p)), SIZE);
    let shown = s.paste_preview().expect("a preview");
    assert_eq!(shown.check.cut_pairs, vec![('a', CellPos::new(5, 0))]);
    assert!(matches!(&s.status, Some(Status::Refused(t)) if t.contains("cut portal pair 'a'")));
    // The pair it cuts is shown gone, but its label is not given away:
    // the pasted pair is drawn as 'b', never as a second 'a' beside the
    // far end of the real 'a' still on the canvas.
    assert_eq!(shown.level.portal_labels, vec!['b']);
}

#[test]
fn a_paste_hovered_where_it_would_not_fit_says_so_before_the_click() {
    let mut s = room_with_a_pair();
    chord(&mut s, "ctrl+v");
    // The 2×2 block with its bottom-left at the top-right cell of the 8×6
    // room reaches past the level: the message line says so at once.
    let p = s.screen_pos_of_cell(CellPos::new(7, 5));
    s.handle(RawInput::Input(Input::MouseMove(p)), SIZE);
    assert!(s.paste_preview().is_none());
    match &s.status {
        Some(Status::Refused(t)) => {
            assert!(t.contains("cell 8,6 is outside the level"), "{t}")
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // Back where it fits: the help again.
    let p = s.screen_pos_of_cell(CellPos::new(1, 3));
    s.handle(RawInput::Input(Input::MouseMove(p)), SIZE);
    assert_eq!(
        s.status,
        Some(Status::Info(super::paste_preview::PASTE_HELP.into()))
    );
}
