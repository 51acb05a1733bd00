//! Resizing the level by a row or column from a side (Ctrl(+Shift)+arrow):
//! a shrink that would cut anything — open cells, a portal pair (whole,
//! its other end named), things, watchers' routes
//! (`game::edit::op::resize_casualties`) — lists it and asks first; a
//! shrink of rock alone does not ask. The level stays where it was on
//! screen, and the side that changed is brought into view. A refused
//! resize leaves the view alone.
use crate::screens::input::Code;
use game::edit::op;
use game::grid::CellPos;
use glam::Vec2;

use super::dialog::{Choice, Dialog, Purpose};
use super::EditorScreen;

impl EditorScreen {
    pub(super) fn resize_side(&mut self, code: Code, shrink: bool) {
        let (l, r, b, t) = resize_amounts(code, shrink);
        let lost = op::resize_casualties(self.editor.level(), l, r, b, t);
        if shrink && !lost.is_empty() && !lost.iter().any(|s| s == "the entrance") {
            let side = match code {
                Code::Left => "the left column",
                Code::Right => "the right column",
                Code::Down => "the bottom row",
                _ => "the top row",
            };
            self.dialog = Some(Dialog::choice(
                &format!("Remove {side}?"),
                &format!(
                    "It holds what would be cut: {}. Ctrl+Z brings it back.",
                    lost.join(", ")
                ),
                &[Choice::Remove, Choice::Cancel],
                Purpose::Resize { code, shrink },
            ));
            return;
        }
        self.apply_resize(code, shrink, false);
    }

    pub(super) fn apply_resize(&mut self, code: Code, shrink: bool, force: bool) {
        let (l, r, b, t) = resize_amounts(code, shrink);
        let name = if shrink {
            "remove a row or column"
        } else {
            "add a row or column"
        };
        if self
            .step(name, "", |lv| op::resize(lv, l, r, b, t, force))
            .is_none()
        {
            // Refused: the level and the view stay as they were.
            return;
        }
        // Keep the level where it was on screen, then bring the side that
        // changed into view (as much of the level as fits).
        self.camera.centre += Vec2::new(l as f32, b as f32);
        let g = &self.editor.level().grid;
        let (w, h) = (g.width() as i32, g.height() as i32);
        let side = match code {
            Code::Left => CellPos::new(0, h / 2),
            Code::Right => CellPos::new(w - 1, h / 2),
            Code::Down => CellPos::new(w / 2, 0),
            _ => CellPos::new(w / 2, h - 1),
        };
        self.show_cell(side);
    }
}

/// `(left, right, bottom, top)` for Ctrl(+Shift)+arrow.
pub(super) fn resize_amounts(code: Code, shrink: bool) -> (i32, i32, i32, i32) {
    let n = if shrink { -1 } else { 1 };
    match code {
        Code::Left => (n, 0, 0, 0),
        Code::Right => (0, n, 0, 0),
        Code::Down => (0, 0, n, 0),
        _ => (0, 0, 0, n),
    }
}

#[cfg(test)]
mod tests {
    use super::super::dialog::Purpose;
    use super::super::document::Document;
    use super::super::{list, Status};
    use super::*;
    use crate::screens::input::{Chord, RawInput};
    use game::grid::{Dir, PortalEnd};

    const SIZE: (u32, u32) = (1280, 720);

    fn key(s: &mut EditorScreen, text: &str) {
        s.handle(RawInput::Chord(Chord::parse(text).expect("chord")), SIZE);
    }

    /// Issue 35, item 3: removing a column that holds one end of a portal
    /// pair and open cells says so and asks; Cancel keeps everything;
    /// Remove cuts the pair whole; Ctrl+Z brings it back. Rock alone goes
    /// without a question.
    #[test]
    fn removing_a_column_lists_what_it_cuts_and_asks_first() {
        let mut level = list::new_level("Cut 8x6").expect("level");
        let a = PortalEnd::new(CellPos::new(7, 2), Dir::Right);
        let b = PortalEnd::new(CellPos::new(2, 5), Dir::Up);
        op::link_portal(&mut level, a, b).expect("linked");
        let mut s = EditorScreen::new(level.clone(), Document::default());
        key(&mut s, "ctrl+shift+right");
        let d = s.dialog.as_ref().expect("asks");
        assert_eq!(d.title, "Remove the right column?");
        assert!(d.message.contains("6 open cells"), "{}", d.message);
        assert!(
            d.message
                .contains("portal pair 'a' (its other end, at 2,5, goes with it)"),
            "{}",
            d.message
        );
        assert!(matches!(d.purpose, Purpose::Resize { .. }));
        key(&mut s, "escape");
        assert_eq!(s.editor.level(), &level, "Cancel cut nothing");
        key(&mut s, "ctrl+shift+right");
        key(&mut s, "enter");
        assert_eq!(s.editor.level().grid.width(), 7);
        assert!(
            s.editor.level().grid.portals().is_empty(),
            "the pair went whole"
        );
        key(&mut s, "ctrl+z");
        assert_eq!(s.editor.level(), &level, "undo brings it back");
        // A column of rock goes at once.
        key(&mut s, "ctrl+right");
        key(&mut s, "ctrl+shift+right");
        assert!(s.dialog.is_none());
        assert!(matches!(&s.status, Some(Status::Info(_))), "{:?}", s.status);
        assert_eq!(s.editor.level(), &level);
    }
}
