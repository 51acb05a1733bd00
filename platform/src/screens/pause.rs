//! The pause menu, over the dimmed play screen: Resume, Restart, Level
//! notes, Level select, Quit to title, Volume, Sound, Ask before ending a
//! turn, Quit game. Escape resumes. Level select and Quit to title save
//! the game in progress, as leaving a level does (`games_in_progress.rs`).
//!
//! The sound entries change the setting in place: on Volume, Right and
//! Left step it 10 % up and down (Enter or a click raises it, wrapping
//! from 100 % to 0 %; a right-click lowers it); on Sound, Left, Right,
//! Enter or a click switch it on or off. Each change is reported as
//! [`PauseAction::Sound`] for the screens to keep and apply.
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle};

use crate::audio::Volume;
use crate::screens::input::{Input, Key, Keymap};
use crate::screens::menu::{self, Menu, MenuEvent};
use crate::screens::theme::GOLD;

/// One entry of the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Chosen, it asks for this.
    Do(PauseAction),
    /// "Volume: 80 %".
    Volume,
    /// "Sound: on" / "Sound: off".
    Sound,
    /// "Ask before ending a turn: on" / "…: off".
    ConfirmEndTurn,
}

/// The entries, top to bottom.
pub const ENTRIES: [Entry; 9] = [
    Entry::Do(PauseAction::Resume),
    Entry::Do(PauseAction::Restart),
    Entry::Do(PauseAction::Notes),
    Entry::Do(PauseAction::LevelSelect),
    Entry::Do(PauseAction::QuitToTitle),
    Entry::Volume,
    Entry::Sound,
    Entry::ConfirmEndTurn,
    Entry::Do(PauseAction::Quit),
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
    /// Leave the level for the title (its game saved; Continue goes
    /// back in).
    QuitToTitle,
    /// End the game.
    Quit,
    /// The volume or mute was changed to this (the menu shows it already).
    Sound(Volume),
    /// Asking before ending a turn with action points left, on or off.
    ConfirmEndTurn(bool),
}

impl PauseAction {
    pub fn label(self) -> &'static str {
        match self {
            PauseAction::Resume => "Resume",
            PauseAction::Restart => "Restart level",
            PauseAction::Notes => "Level notes",
            PauseAction::LevelSelect => "Level select",
            PauseAction::QuitToTitle => "Quit to title",
            PauseAction::Quit => "Quit game",
            PauseAction::Sound(_) => "Sound",
            PauseAction::ConfirmEndTurn(_) => "Ask before ending a turn",
        }
    }
}

impl Entry {
    /// The text drawn for it, with `volume` and `confirm` as set, and
    /// `mute` the key that switches the sound.
    pub fn label(self, volume: Volume, confirm: bool, mute: &str) -> String {
        match self {
            Entry::ConfirmEndTurn => {
                format!("Ask to end a turn: {}", if confirm { "on" } else { "off" })
            }
            Entry::Do(action) => action.label().to_string(),
            Entry::Volume => format!("Volume: {} %", volume.percent()),
            Entry::Sound if volume.muted => format!("Sound: off ({mute})"),
            Entry::Sound => format!("Sound: on ({mute})"),
        }
    }
}

/// The menu's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PauseScreen {
    pub menu: Menu,
    /// The sound setting shown (and changed here); the screens keep it in
    /// step with theirs.
    pub volume: Volume,
    /// Whether Enter asks before ending a turn with AP left (shown and
    /// changed here).
    pub confirm_end_turn: bool,
}

/// Where things go: the frame, the title and the entries.
pub fn layout(size: Vec2) -> (Rect, Vec2, Vec<Rect>, f32) {
    let s = (size.y / 720.0).min(size.x / 1280.0).max(0.2);
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
    /// Resume selected, showing `volume`.
    pub fn new(volume: Volume) -> PauseScreen {
        PauseScreen {
            menu: Menu::default(),
            volume,
            confirm_end_turn: true,
        }
    }

    /// Showing whether Enter asks before ending a turn.
    pub fn with_confirm_end_turn(self, confirm_end_turn: bool) -> PauseScreen {
        PauseScreen {
            confirm_end_turn,
            ..self
        }
    }

    /// Applies one input.
    pub fn handle(&mut self, input: Input, size: Vec2) -> Option<PauseAction> {
        let (_, _, items, _) = layout(size);
        let at = |p: Vec2| items.iter().position(|r| r.contains(p));
        let selected = ENTRIES.get(self.menu.selected).copied();
        let before = self.volume;
        match (input, selected) {
            (Input::Key(Key::Right), Some(Entry::Volume)) => self.volume = before.louder(),
            (Input::Key(Key::Left), Some(Entry::Volume)) => self.volume = before.quieter(),
            (Input::Key(Key::Left | Key::Right), Some(Entry::Sound)) => {
                self.volume = before.toggled();
            }
            (Input::Key(Key::Left | Key::Right), Some(Entry::ConfirmEndTurn)) => {
                self.confirm_end_turn = !self.confirm_end_turn;
                return Some(PauseAction::ConfirmEndTurn(self.confirm_end_turn));
            }
            (Input::RightClick(p), _)
                if at(p).and_then(|i| ENTRIES.get(i)) == Some(&Entry::Volume) =>
            {
                self.menu.selected = at(p).unwrap_or(self.menu.selected);
                self.volume = before.quieter();
            }
            _ => match self.menu.handle(input, &items)? {
                MenuEvent::Back => return Some(PauseAction::Resume),
                MenuEvent::Chosen(i) => match *ENTRIES.get(i)? {
                    Entry::Do(action) => return Some(action),
                    Entry::Volume if before.percent() == 100 => {
                        self.volume = Volume::new(0.0, before.muted);
                    }
                    Entry::Volume => self.volume = before.louder(),
                    Entry::Sound => self.volume = before.toggled(),
                    Entry::ConfirmEndTurn => {
                        self.confirm_end_turn = !self.confirm_end_turn;
                        return Some(PauseAction::ConfirmEndTurn(self.confirm_end_turn));
                    }
                },
            },
        }
        (self.volume != before).then_some(PauseAction::Sound(self.volume))
    }

    /// Draws the menu over whatever is beneath, naming the keys of `keys`
    /// (UI pass).
    pub fn draw(&self, list: &mut DrawList, font: &mut Font, size: Vec2, keys: &Keymap) {
        let mute = keys.name(Key::Mute);
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
                &entry.label(self.volume, self.confirm_end_turn, &mute),
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
        for size in [size, Vec2::new(640.0, 360.0), Vec2::new(1024.0, 600.0)] {
            let (frame, _, _, _) = layout(size);
            assert!(
                frame.y >= 0.0 && frame.y + frame.h <= size.y,
                "{frame:?} on {size}"
            );
        }
    }

    #[test]
    fn asking_before_ending_a_turn_switches_on_and_off() {
        let size = Vec2::new(1280.0, 720.0);
        let mut p = PauseScreen::new(Volume::new(0.8, false));
        let at = ENTRIES
            .iter()
            .position(|e| *e == Entry::ConfirmEndTurn)
            .expect("an entry");
        p.menu.selected = at;
        assert_eq!(
            p.handle(Input::Key(Key::Enter), size),
            Some(PauseAction::ConfirmEndTurn(false))
        );
        assert_eq!(
            ENTRIES[at].label(p.volume, p.confirm_end_turn, "M"),
            "Ask to end a turn: off"
        );
        assert_eq!(
            p.handle(Input::Key(Key::Right), size),
            Some(PauseAction::ConfirmEndTurn(true))
        );
    }

    #[test]
    fn the_volume_steps_by_ten_percent_and_sound_switches() {
        let size = Vec2::new(1280.0, 720.0);
        let mut p = PauseScreen::new(Volume::new(0.8, false));
        let volume_at = ENTRIES.iter().position(|e| *e == Entry::Volume).unwrap();
        let sound_at = ENTRIES.iter().position(|e| *e == Entry::Sound).unwrap();
        assert_eq!(p.handle(Input::Key(Key::Right), size), None, "on Resume");
        for _ in 0..volume_at {
            p.handle(Input::Key(Key::Down), size);
        }
        let step = |p: &mut PauseScreen, k| match p.handle(Input::Key(k), size) {
            Some(PauseAction::Sound(v)) => Some((v.percent(), v.muted)),
            other => panic!("{other:?}"),
        };
        assert_eq!(step(&mut p, Key::Right), Some((90, false)));
        assert_eq!(step(&mut p, Key::Right), Some((100, false)));
        assert_eq!(p.handle(Input::Key(Key::Right), size), None, "at 100 %");
        assert_eq!(step(&mut p, Key::Left), Some((90, false)));
        assert_eq!(
            ENTRIES[volume_at].label(p.volume, true, "M"),
            "Volume: 90 %"
        );
        // Enter raises, wrapping at 100 % to 0 %; a right-click lowers.
        assert_eq!(step(&mut p, Key::Enter), Some((100, false)));
        assert_eq!(step(&mut p, Key::Enter), Some((0, false)));
        let (_, _, items, _) = layout(size);
        p.handle(Input::Key(Key::Right), size);
        assert_eq!(
            p.handle(Input::RightClick(items[volume_at].centre()), size),
            Some(PauseAction::Sound(Volume::new(0.0, false)))
        );
        // Sound: on and off, the volume kept.
        p.handle(Input::Key(Key::Down), size);
        assert_eq!(p.menu.selected, sound_at);
        assert_eq!(step(&mut p, Key::Left), Some((0, true)));
        assert_eq!(
            ENTRIES[sound_at].label(p.volume, true, "M"),
            "Sound: off (M)"
        );
        assert_eq!(
            p.handle(Input::Click(items[sound_at].centre()), size),
            Some(PauseAction::Sound(Volume::new(0.0, false)))
        );
        assert_eq!(
            p.handle(Input::Key(Key::Down), size),
            None,
            "a move, not a change"
        );
        p.handle(Input::Key(Key::Down), size);
        assert_eq!(
            p.handle(Input::Key(Key::Enter), size),
            Some(PauseAction::Quit)
        );
    }
}
