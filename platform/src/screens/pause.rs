//! The pause menu, over the dimmed play screen: Resume, Restart, Level
//! select, Quit. Escape resumes.
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle};

use crate::screens::input::Input;
use crate::screens::menu::{self, Menu, MenuEvent};
use crate::screens::title::TITLE_COLOUR;

/// The entries, top to bottom.
pub const ENTRIES: [PauseAction; 4] = [
    PauseAction::Resume,
    PauseAction::Restart,
    PauseAction::LevelSelect,
    PauseAction::Quit,
];

/// What the pause menu asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseAction {
    Resume,
    /// Restart the level (an undoable step, like R).
    Restart,
    LevelSelect,
    /// End the game.
    Quit,
}

impl PauseAction {
    pub fn label(self) -> &'static str {
        match self {
            PauseAction::Resume => "Resume",
            PauseAction::Restart => "Restart level",
            PauseAction::LevelSelect => "Level select",
            PauseAction::Quit => "Quit game",
        }
    }
}

/// The menu's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PauseScreen {
    pub menu: Menu,
}

/// Where things go: the frame, the title and the entries.
pub fn layout(size: Vec2) -> (Rect, Vec2, Vec<Rect>, f32) {
    let s = (size.y / 720.0).min(size.x / 1280.0).max(0.2);
    let item = Vec2::new(320.0 * s, 54.0 * s);
    let step = (68.0 * s).round();
    let frame_h = (110.0 * s + step * ENTRIES.len() as f32 + 20.0 * s).round();
    let frame = Rect::centred(size / 2.0, Vec2::new(420.0 * s, frame_h));
    let frame = Rect::new(frame.x.round(), frame.y.round(), frame.w.round(), frame.h);
    let title_at = Vec2::new((size.x / 2.0).round(), (frame.y + 24.0 * s).round());
    let items = menu::column(size.x / 2.0, frame.y + 100.0 * s, ENTRIES.len(), item, step);
    (frame, title_at, items, s)
}

impl PauseScreen {
    /// Applies one input.
    pub fn handle(&mut self, input: Input, size: Vec2) -> Option<PauseAction> {
        let (_, _, items, _) = layout(size);
        match self.menu.handle(input, &items)? {
            MenuEvent::Back => Some(PauseAction::Resume),
            MenuEvent::Chosen(i) => ENTRIES.get(i).copied(),
        }
    }

    /// Draws the menu over whatever is beneath (UI pass).
    pub fn draw(&self, list: &mut DrawList, font: &mut Font, size: Vec2) {
        let (frame, title_at, items, s) = layout(size);
        list.set_pass(render::Pass::Ui);
        menu::veil(list, size);
        menu::overlay_panel(list, frame, s);
        list.text(
            font,
            title_at,
            "Paused",
            &TextStyle::new((40.0 * s).round().max(8.0), TITLE_COLOUR).aligned(Align::Centre),
        );
        for (i, (entry, rect)) in ENTRIES.iter().zip(items).enumerate() {
            menu::draw_item(
                list,
                font,
                rect,
                entry.label(),
                i == self.menu.selected,
                true,
                (24.0 * s).round().max(6.0),
                s,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::input::Key;

    #[test]
    fn escape_resumes_and_each_entry_is_reachable() {
        let size = Vec2::new(1280.0, 720.0);
        let mut p = PauseScreen::default();
        assert_eq!(
            p.handle(Input::Key(Key::Escape), size),
            Some(PauseAction::Resume)
        );
        p.handle(Input::Key(Key::Up), size);
        assert_eq!(
            p.handle(Input::Key(Key::Enter), size),
            Some(PauseAction::Quit)
        );
        let (frame, _, items, _) = layout(size);
        assert_eq!(
            p.handle(Input::Click(items[1].centre()), size),
            Some(PauseAction::Restart)
        );
        for r in &items {
            assert!(
                r.y > frame.y && r.y + r.h < frame.y + frame.h,
                "{r:?} inside {frame:?}"
            );
        }
    }
}
