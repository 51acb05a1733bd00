//! Resizing the level by a row or column from a side (Ctrl(+Shift)+arrow):
//! a shrink that would remove something asks first; the level stays where
//! it was on screen, and the side that changed is brought into view. A
//! refused resize leaves the view alone.
use game::edit::op;
use game::grid::CellPos;
use glam::Vec2;
use sdl2::keyboard::Keycode;

use super::dialog::{Choice, Dialog, Purpose};
use super::EditorScreen;

impl EditorScreen {
    pub(super) fn resize_side(&mut self, code: Keycode, shrink: bool) {
        let (l, r, b, t) = resize_amounts(code, shrink);
        let lost = op::resize_casualties(self.editor.level(), l, r, b, t);
        if shrink && !lost.is_empty() && !lost.iter().any(|s| s == "the entrance") {
            self.dialog = Some(Dialog::choice(
                "Remove a row or column?",
                &format!("These would be removed: {}", lost.join(", ")),
                &[Choice::Remove, Choice::Cancel],
                Purpose::Resize { code, shrink },
            ));
            return;
        }
        self.apply_resize(code, shrink, false);
    }

    pub(super) fn apply_resize(&mut self, code: Keycode, shrink: bool, force: bool) {
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
            Keycode::Left => CellPos::new(0, h / 2),
            Keycode::Right => CellPos::new(w - 1, h / 2),
            Keycode::Down => CellPos::new(w / 2, 0),
            _ => CellPos::new(w / 2, h - 1),
        };
        self.show_cell(side);
    }
}

/// `(left, right, bottom, top)` for Ctrl(+Shift)+arrow.
pub(super) fn resize_amounts(code: Keycode, shrink: bool) -> (i32, i32, i32, i32) {
    let n = if shrink { -1 } else { 1 };
    match code {
        Keycode::Left => (n, 0, 0, 0),
        Keycode::Right => (0, n, 0, 0),
        Keycode::Down => (0, 0, n, 0),
        _ => (0, 0, 0, n),
    }
}
