//! The pause menu, over the dimmed play screen: Resume, Restart, Level
//! notes, Level select, Options, Quit to title, Quit game. Escape resumes.
//! Level select and Quit to title save the game in progress, as leaving a
//! level does (`games_in_progress.rs`); Options opens the Options screen
//! over the level (`options.rs`: sound, display, accessibility, keys).
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle};

use crate::screens::input::Input;
use crate::screens::menu::{self, Menu, MenuEvent};
use crate::screens::theme::{self, GOLD};

/// The entries, top to bottom.
pub const ENTRIES: [PauseAction; 7] = [
    PauseAction::Resume,
    PauseAction::Restart,
    PauseAction::Notes,
    PauseAction::LevelSelect,
    PauseAction::Options,
    PauseAction::QuitToTitle,
    PauseAction::Quit,
];

/// What the pause menu asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseAction {
    Resume,
    /// Restart the level (an undoable step, like R).
    Restart,
    /// Show the level's intro card again.
    Notes,
    LevelSelect,
    /// The Options screen, over the level.
    Options,
    /// Leave the level for the title (its game saved; Continue goes
    /// back in).
    QuitToTitle,
    /// End the game.
    Quit,
}

impl PauseAction {
    pub fn label(self) -> &'static str {
        match self {
            PauseAction::Resume => "Resume",
            PauseAction::Restart => "Restart level",
            PauseAction::Notes => "Level notes",
            PauseAction::LevelSelect => "Level select",
            PauseAction::Options => "Options",
            PauseAction::QuitToTitle => "Quit to title",
            PauseAction::Quit => "Quit game",
        }
    }
}

/// The menu's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PauseScreen {
    pub menu: Menu,
}

/// The design's height of the frame (at scale 1).
const FRAME_H: f32 = 110.0 + 60.0 * ENTRIES.len() as f32 + 20.0;

/// Where things go: the frame, the title and the entries.
pub fn layout(size: Vec2) -> (Rect, Vec2, Vec<Rect>, f32) {
    let s = theme::scale(size, Vec2::new(460.0, FRAME_H + 20.0));
    let item = Vec2::new(320.0 * s, 50.0 * s);
    let step = (60.0 * s).round();
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
            &TextStyle::new((40.0 * s).round().max(8.0), GOLD).aligned(Align::Centre),
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
        assert_eq!(
            p.handle(Input::Click(items[4].centre()), size),
            Some(PauseAction::Options)
        );
        for r in &items {
            assert!(
                r.y > frame.y && r.y + r.h < frame.y + frame.h,
                "{r:?} inside {frame:?}"
            );
        }
        for percent in crate::settings::UI_SCALES {
            theme::set_ui_scale(percent as f32 / 100.0);
            for size in [size, Vec2::new(640.0, 360.0), Vec2::new(1024.0, 600.0)] {
                let (frame, _, _, _) = layout(size);
                assert!(
                    frame.y >= 0.0 && frame.y + frame.h <= size.y,
                    "{frame:?} on {size} at {percent} %"
                );
            }
        }
        theme::set_ui_scale(1.0);
    }
}
