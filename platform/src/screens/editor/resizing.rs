//! Resizing the level by a row or column from a side (Ctrl(+Shift)+arrow):
//! a shrink that would remove something asks first; the level stays where
//! it was on screen.
use game::edit::op;
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
        self.step(name, "", |lv| op::resize(lv, l, r, b, t, force));
        // Keep the level where it was on screen.
        self.camera.centre += Vec2::new(l as f32, b as f32);
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
