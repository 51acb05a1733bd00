//! Questions the editor must have answered before it goes on: save /
//! discard / cancel on leaving, overwrite a file changed on disk, recover
//! an autosave, remove things a crop would cut, and one-line text prompts
//! (a file name, a field's value). A dialog takes every input until it is
//! answered; Left/Right (or Tab) and Enter choose, Esc cancels, the mouse
//! clicks a button.
use crate::screens::input::Code;
use glam::Vec2;
use render::{Rect, WHITE};

use super::top_bar::fit_tail;
use super::EditorAction;
use crate::screens::input::{Button, Input, Key, RawInput};
use crate::screens::play::camera::ui_scale;
use crate::screens::theme::{
    DIM_TEXT, FIELD, GOLD, ITEM_STYLE, NOTICE_TEXT, SELECTED_STYLE, SUB_TEXT, TEXT_SELECTION,
};
use game::edit::draft::Draft;
use std::path::PathBuf;

/// A button of a choice dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Save,
    Discard,
    Cancel,
    Overwrite,
    Recover,
    Remove,
    Leave,
    BackToEditing,
    TestAgain,
}

impl Choice {
    pub fn label(self) -> &'static str {
        match self {
            Choice::Save => "Save",
            Choice::Discard => "Discard",
            Choice::Cancel => "Cancel",
            Choice::Overwrite => "Overwrite",
            Choice::Recover => "Recover",
            Choice::Remove => "Remove them",
            Choice::Leave => "Leave",
            Choice::BackToEditing => "Back to editing",
            Choice::TestAgain => "Test again",
        }
    }
}

/// What to do once a save asked on the way (leaving, quitting) is done.
pub type After = Option<Box<EditorAction>>;

/// What the answer is for.
#[derive(Clone, Debug, PartialEq)]
pub enum Purpose {
    /// Leaving with unsaved changes; then this.
    Leave(Box<EditorAction>),
    /// Leaving by Esc with everything saved, losing the undo history or
    /// the solver's work.
    LeaveSession,
    /// Ctrl+S over a file changed on disk; then this, once saved.
    OverwriteChanged { then: After },
    /// Save as to this existing file; then this, once saved.
    OverwriteExisting { path: PathBuf, then: After },
    /// Recovering this autosave (its level and undo history).
    Recover(Box<Draft>),
    /// Saving under the typed path; then this, once saved.
    SaveAs { then: After },
    /// Naming the copy of a shipped level before it is saved; then this,
    /// once saved.
    CopyName { then: After },
    /// Removing a row or column that holds things.
    Resize { code: Code, shrink: bool },
    /// A new level: its name (the list screen).
    NewLevel,
    /// A field of the pack to copy (the list screen, `pack_maker.rs`):
    /// `asking` is typed next; `header` holds the fields given so far.
    PackHeader {
        header: game::campaign::ListHeader,
        asking: super::pack_maker::PackField,
    },
    /// A test play's win, on a card (`test_play.rs`).
    TestResult,
}

/// How a dialog was answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogOutcome {
    Chose(Choice),
    /// A prompt's text, confirmed with Enter.
    Text(String),
    Cancelled,
}

/// A choice or a prompt.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    Choices {
        choices: Vec<Choice>,
        selected: usize,
    },
    Prompt {
        label: String,
        text: String,
        /// The whole text is selected: typing replaces it, Backspace
        /// clears it, an arrow key keeps it and puts the cursor at its end.
        selected: bool,
    },
}

/// One dialog (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Dialog {
    pub title: String,
    pub message: String,
    pub body: Body,
    pub purpose: Purpose,
}

/// Where a dialog's parts are drawn.
pub struct DialogLayout {
    pub panel: Rect,
    pub buttons: Vec<Rect>,
    pub field: Rect,
    pub scale: f32,
}

impl Dialog {
    /// A question with buttons; the first is selected.
    pub fn choice(title: &str, message: &str, choices: &[Choice], purpose: Purpose) -> Dialog {
        Dialog {
            title: title.to_string(),
            message: message.to_string(),
            body: Body::Choices {
                choices: choices.to_vec(),
                selected: 0,
            },
            purpose,
        }
    }

    /// A one-line text prompt starting with `text`, the cursor at its end.
    pub fn prompt(title: &str, label: &str, text: &str, purpose: Purpose) -> Dialog {
        Dialog {
            title: title.to_string(),
            message: String::new(),
            body: Body::Prompt {
                label: label.to_string(),
                text: text.to_string(),
                selected: false,
            },
            purpose,
        }
    }

    /// A one-line text prompt suggesting `text`, selected: typing replaces
    /// it (a suggested file name), an arrow key keeps it to edit.
    pub fn prompt_selected(title: &str, label: &str, text: &str, purpose: Purpose) -> Dialog {
        let mut d = Dialog::prompt(title, label, text, purpose);
        if let Body::Prompt { selected, .. } = &mut d.body {
            *selected = !text.is_empty();
        }
        d
    }

    /// Where it is drawn on a drawable of `size_px`.
    pub fn layout(&self, size_px: (u32, u32)) -> DialogLayout {
        let s = ui_scale(size_px);
        let (w, h) = (size_px.0 as f32, size_px.1 as f32);
        let panel_w = (560.0 * s).min(w - 20.0);
        // Room for the message (or a prompt's label), wrapped: a line per
        // so many characters of 15 px text, over the first one.
        let per_line = ((panel_w - 40.0 * s) / (8.0 * s)).max(10.0);
        let lines_of = |t: &str| (t.chars().count() as f32 / per_line).ceil();
        let lines = match &self.body {
            Body::Choices { .. } => lines_of(&self.message),
            Body::Prompt { label, .. } => lines_of(label) + lines_of(&self.message),
        }
        .max(1.0);
        let panel_h = ((180.0 + lines * 19.0) * s).min(h - 20.0).max(200.0 * s);
        let panel = Rect::new((w - panel_w) / 2.0, (h - panel_h) / 2.0, panel_w, panel_h);
        let n = match &self.body {
            Body::Choices { choices, .. } => choices.len(),
            Body::Prompt { .. } => 0,
        };
        let bw = 150.0 * s;
        let bh = 40.0 * s;
        let gap = 12.0 * s;
        let total = n as f32 * bw + (n.max(1) - 1) as f32 * gap;
        let buttons = (0..n)
            .map(|i| {
                Rect::new(
                    panel.x + (panel.w - total) / 2.0 + i as f32 * (bw + gap),
                    panel.y + panel.h - bh - 18.0 * s,
                    bw,
                    bh,
                )
            })
            .collect();
        let field = Rect::new(
            panel.x + 20.0 * s,
            panel.y + panel.h - 74.0 * s,
            panel.w - 40.0 * s,
            36.0 * s,
        );
        DialogLayout {
            panel,
            buttons,
            field,
            scale: s,
        }
    }

    /// Applies one input; `Some` once answered.
    pub fn handle(&mut self, input: RawInput, size_px: (u32, u32)) -> Option<DialogOutcome> {
        let layout = self.layout(size_px);
        let key = match input {
            RawInput::Chord(c) => Some(c.code),
            RawInput::Input(Input::Key(Key::Escape)) => Some(Code::Escape),
            RawInput::Input(Input::Key(Key::Enter | Key::Space)) => Some(Code::Return),
            RawInput::Input(Input::Key(Key::Left)) => Some(Code::Left),
            RawInput::Input(Input::Key(Key::Right)) => Some(Code::Right),
            _ => None,
        };
        match &mut self.body {
            Body::Choices { choices, selected } => {
                match (input, key) {
                    (_, Some(Code::Escape)) => return Some(DialogOutcome::Cancelled),
                    (_, Some(Code::Return | Code::KpEnter)) => {
                        return choices.get(*selected).map(|&c| DialogOutcome::Chose(c))
                    }
                    (_, Some(Code::Left)) => *selected = selected.saturating_sub(1),
                    (_, Some(Code::Right | Code::Tab)) => {
                        *selected = (*selected + 1).min(choices.len().saturating_sub(1))
                    }
                    (RawInput::Press(Button::Left, p), _)
                    | (RawInput::Input(Input::Click(p)), _) => {
                        if let Some(i) = layout.buttons.iter().position(|r| r.contains(p)) {
                            return choices.get(i).map(|&c| DialogOutcome::Chose(c));
                        }
                    }
                    _ => {}
                }
                None
            }
            Body::Prompt { text, selected, .. } => {
                match (input, key) {
                    (_, Some(Code::Escape)) => return Some(DialogOutcome::Cancelled),
                    (_, Some(Code::Return | Code::KpEnter)) => {
                        return Some(DialogOutcome::Text(text.clone()))
                    }
                    (_, Some(Code::Backspace | Code::Delete)) if *selected => text.clear(),
                    (_, Some(Code::Backspace)) => {
                        text.pop();
                    }
                    (_, Some(Code::Left | Code::Right | Code::End | Code::Home)) => {}
                    (RawInput::Text(c), _) => {
                        if *selected {
                            text.clear();
                        }
                        if text.chars().count() < 400 {
                            text.push(c);
                        }
                    }
                    _ => return None,
                }
                *selected = false;
                None
            }
        }
    }

    /// Draws the dialog over a dimmed screen.
    pub fn draw(&self, list: &mut render::DrawList, font: &mut render::Font, size_px: (u32, u32)) {
        let l = self.layout(size_px);
        let s = l.scale;
        list.set_pass(render::Pass::Ui);
        list.set_depth(0.0);
        list.quad(
            Rect::new(0.0, 0.0, size_px.0 as f32, size_px.1 as f32),
            [0.0, 0.0, 0.02, 0.6],
        );
        list.panel(l.panel, &ITEM_STYLE);
        let title = render::TextStyle::new(22.0 * s, GOLD);
        list.text(
            font,
            Vec2::new(l.panel.x + 20.0 * s, l.panel.y + 14.0 * s),
            &self.title,
            &title,
        );
        let body = render::TextStyle::new(15.0 * s, WHITE).wrapped(l.panel.w - 40.0 * s);
        // A prompt's label takes the message's place: its message goes
        // under the label, smaller, above the field.
        if matches!(self.body, Body::Choices { .. }) {
            list.text(
                font,
                Vec2::new(l.panel.x + 20.0 * s, l.panel.y + 50.0 * s),
                &self.message,
                &body,
            );
        }
        match &self.body {
            Body::Choices { choices, selected } => {
                for (i, (r, c)) in l.buttons.iter().zip(choices).enumerate() {
                    let style = if i == *selected {
                        &SELECTED_STYLE
                    } else {
                        &ITEM_STYLE
                    };
                    list.panel(*r, style);
                    let t = render::TextStyle::new(17.0 * s, WHITE).aligned(render::Align::Centre);
                    list.text(font, Vec2::new(r.centre().x, r.y + 9.0 * s), c.label(), &t);
                }
            }
            Body::Prompt {
                label,
                text,
                selected,
            } => {
                let label_style =
                    render::TextStyle::new(14.0 * s, SUB_TEXT).wrapped(l.panel.w - 40.0 * s);
                list.text(
                    font,
                    Vec2::new(l.panel.x + 20.0 * s, l.panel.y + 50.0 * s),
                    label,
                    &label_style,
                );
                // The message (a notice) under the label, however many
                // lines the label took.
                let below = render::text::measure(font, label, &label_style).y + 6.0 * s;
                list.text(
                    font,
                    Vec2::new(l.panel.x + 20.0 * s, l.panel.y + 50.0 * s + below),
                    &self.message,
                    &render::TextStyle::new(13.0 * s, NOTICE_TEXT).wrapped(l.panel.w - 40.0 * s),
                );
                list.quad(l.field, FIELD);
                let style = render::TextStyle::new(16.0 * s, WHITE);
                let at = Vec2::new(l.field.x + 8.0 * s, l.field.y + 8.0 * s);
                let room = l.field.w - 16.0 * s;
                // The end of a long text shows, where the cursor is.
                let shown = fit_tail(font, text, &style, room - 8.0 * s);
                if *selected {
                    let w = render::text::measure(font, &shown, &style).x;
                    list.quad(
                        Rect::new(at.x - 2.0 * s, at.y - 2.0 * s, w + 4.0 * s, 22.0 * s),
                        TEXT_SELECTION,
                    );
                    list.text(font, at, &shown, &style);
                } else {
                    list.text(font, at, &format!("{shown}|"), &style);
                }
                list.text(
                    font,
                    Vec2::new(l.panel.x + 20.0 * s, l.panel.y + l.panel.h - 30.0 * s),
                    if *selected {
                        "Type to replace · Enter confirms · Esc cancels"
                    } else {
                        "Enter confirms · Esc cancels"
                    },
                    &render::TextStyle::new(13.0 * s, DIM_TEXT),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::input::Chord;

    const SIZE: (u32, u32) = (1280, 720);

    #[test]
    fn a_choice_is_made_by_keys_or_a_click_and_escape_cancels() {
        let mut d = Dialog::choice(
            "Unsaved changes",
            "Save?",
            &[Choice::Save, Choice::Discard, Choice::Cancel],
            Purpose::LeaveSession,
        );
        let key = |c| RawInput::Chord(Chord::plain(c));
        assert_eq!(d.handle(key(Code::Right), SIZE), None);
        assert_eq!(
            d.handle(key(Code::Return), SIZE),
            Some(DialogOutcome::Chose(Choice::Discard))
        );
        let third = d.layout(SIZE).buttons[2].centre();
        assert_eq!(
            d.handle(RawInput::Press(Button::Left, third), SIZE),
            Some(DialogOutcome::Chose(Choice::Cancel))
        );
        assert_eq!(
            d.handle(key(Code::Escape), SIZE),
            Some(DialogOutcome::Cancelled)
        );
    }

    #[test]
    fn a_prompt_takes_typed_text() {
        let mut d = Dialog::prompt("Save as", "File", "a.tx", Purpose::SaveAs { then: None });
        assert_eq!(d.handle(RawInput::Text('t'), SIZE), None);
        d.handle(RawInput::Text('x'), SIZE);
        d.handle(RawInput::Chord(Chord::plain(Code::Backspace)), SIZE);
        assert_eq!(
            d.handle(RawInput::Chord(Chord::plain(Code::Return)), SIZE),
            Some(DialogOutcome::Text("a.txt".into()))
        );
    }
}
