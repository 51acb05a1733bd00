//! The side panel's input: clicking a problem jumps to it, clicking a
//! Needs row selects it (F7 plays its line), clicking an inspector row
//! edits it (typed in place, or cycled / toggled).
use crate::screens::input::Code;
use glam::Vec2;

use super::inspector::{self, Field, FieldEdit};
use super::{outliner, panels, EditorAction, EditorScreen};
use crate::screens::input::RawInput;

impl EditorScreen {
    pub(super) fn side_click(&mut self, p: Vec2) {
        let l = self.layout();
        if l.problems.contains(p) {
            if let Some(t) = outliner::tabs(&l).iter().position(|r| r.contains(p)) {
                self.show_outliner(t == 1);
                return;
            }
            if self.outliner_open {
                self.outliner_click(p);
                return;
            }
            let needs = self.needs_rows();
            if !needs.is_empty() {
                let (_, scroll) = self.needs_view();
                if let Some(i) = panels::needs_row_at(&l, &needs, scroll, p) {
                    self.click_needs_row(i);
                }
                return;
            }
            if let Some(i) = panels::problem_at(&l, self.editor.problems(), p) {
                let place = self.editor.problems()[i].place;
                self.problem_at = i + 1;
                self.jump_to(&place);
            }
            return;
        }
        let fields = inspector::fields(self);
        if let Some(i) = panels::field_at(&l, fields.len(), p) {
            self.activate_field(&fields[i].clone());
        }
    }

    pub(super) fn edit_first_field(&mut self) {
        let fields = inspector::fields(self);
        if let Some(f) = fields.iter().find(|f| f.is_text()) {
            self.activate_field(&f.clone());
        }
    }

    pub(super) fn activate_field(&mut self, field: &Field) {
        if field.is_text() {
            self.typing = Some(FieldEdit::new(field.clone()));
            return;
        }
        if let Some((name, op)) = inspector::toggle(self, field) {
            self.step(&name, "", op);
        }
    }

    pub(super) fn handle_typing(&mut self, input: RawInput) -> Option<Option<EditorAction>> {
        let edit = self.typing.as_mut()?;
        match input {
            RawInput::Text(c) => edit.text.push(c),
            RawInput::Chord(c) if c.code == Code::Backspace => {
                edit.text.pop();
            }
            RawInput::Chord(c) if c.code == Code::Escape => {
                self.typing = None;
            }
            RawInput::Chord(c) if matches!(c.code, Code::Return | Code::KpEnter) => {
                let edit = self.typing.take()?;
                self.commit_field(edit.field.clone(), &edit.text);
            }
            RawInput::Chord(_) | RawInput::KeyUp(_) => {}
            // A click elsewhere commits, then acts.
            RawInput::Press(..) => {
                let edit = self.typing.take()?;
                self.commit_field(edit.field.clone(), &edit.text);
                return None;
            }
            _ => return None,
        }
        Some(None)
    }

    pub(super) fn commit_field(&mut self, field: Field, text: &str) {
        match inspector::commit(self, &field, text) {
            Ok(Some((name, op))) => {
                self.step(&name, "", op);
            }
            Ok(None) => {}
            Err(e) => self.refuse(e),
        }
    }
}
