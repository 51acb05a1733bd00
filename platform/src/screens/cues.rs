//! The sound cues the screens emit, queued until the main loop takes them
//! for the audio device: screens stay free of SDL and tests read what
//! would have been heard.
//!
//! The play screen pushes cues from the events its steps executed into
//! one; the menus' ticks are worked out by [`Screens`]
//! from each input: a [`MenuMark`] (which of the top screen's menus shows,
//! and its selection) taken before and after says whether the input moved
//! the selection ([`Cue::MenuMove`]) or chose ([`Cue::MenuChoose`]).
//!
//! The sound setting is kept here too ([`Screens::volume`]): the Options
//! screen changes it (`choices.rs`), the Mute action (M by default)
//! switches it off and on, the main loop applies it and the settings file
//! keeps it.
use crate::audio::{Cue, Volume};

use super::{Screen, Screens};

/// The most cues kept waiting; more are dropped (a queue nobody takes
/// from, as in tests, must not grow without end).
pub const MAX_PENDING: usize = 64;

/// Cues waiting to be played, oldest first. Empty: nothing to play.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cues {
    queue: Vec<Cue>,
}

impl Cues {
    /// Queues `cue` (dropped past [`MAX_PENDING`]).
    pub fn push(&mut self, cue: Cue) {
        if self.queue.len() < MAX_PENDING {
            self.queue.push(cue);
        }
    }

    /// Queues each of `cues` in order.
    pub fn extend(&mut self, cues: impl IntoIterator<Item = Cue>) {
        for cue in cues {
            self.push(cue);
        }
    }

    /// The cues queued, oldest first; the queue is left empty.
    pub fn take(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.queue)
    }

    /// The cues queued, without taking them.
    pub fn pending(&self) -> &[Cue] {
        &self.queue
    }

    /// After a menu input: `before` and `after` are the top screen's
    /// [`menu_mark`] around it, `acted` whether the screen asked for
    /// something (chose). A screen with no menu showing before makes no
    /// sound here; nor does a menu that closed (the play screen's context
    /// menu: what it did has its own cue).
    pub fn after_menu_input(
        &mut self,
        before: Option<MenuMark>,
        after: Option<MenuMark>,
        acted: bool,
    ) {
        let Some(before) = before else {
            return;
        };
        if acted {
            self.push(Cue::MenuChoose);
        } else if let Some(after) = after {
            if after.menu != before.menu {
                // A question opened or was answered in place.
                self.push(Cue::MenuChoose);
            } else if after.selected != before.selected {
                self.push(Cue::MenuMove);
            }
        }
    }
}

/// Which menu of a screen shows and what is selected in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuMark {
    /// 0: the screen's own menu; 1: a question over it (the level
    /// select's Resume or Restart).
    pub menu: u8,
    pub selected: usize,
}

/// The menu `screen` shows, if any: the title's, the level select's (or its
/// question's), the pause menu's, the results', or the play screen's
/// context menu when open. The editor's screens have none here.
pub fn menu_mark(screen: &Screen) -> Option<MenuMark> {
    let own = |selected| MenuMark { menu: 0, selected };
    match screen {
        Screen::Title(t) => Some(own(t.selected)),
        Screen::LevelSelect(l) => Some(match &l.asking {
            Some((_, question)) => MenuMark {
                menu: 1,
                selected: question.selected,
            },
            None => own(l.menu.selected),
        }),
        Screen::PlayList(p) => Some(own(p.menu.selected)),
        Screen::Pause(p) => Some(own(p.menu.selected)),
        Screen::Options(o) => Some(own(o.menu.selected)),
        Screen::Results(r) => Some(own(r.menu.selected)),
        Screen::Controls(c) => Some(own(c.selected)),
        Screen::Play(p) => p.context_menu().map(|m| own(m.menu.selected)),
        Screen::Editor(_) | Screen::EditorList(_) => None,
    }
}

impl Screens {
    /// The sound cues emitted since the last call (the play screen's
    /// included), oldest first, for the main loop to play.
    pub fn take_cues(&mut self) -> Vec<Cue> {
        self.collect_play_cues();
        self.cues.take()
    }

    /// The sound volume (0.0 to 1.0) and whether it is muted.
    pub fn volume(&self) -> (f32, bool) {
        (self.volume.level(), self.volume.muted)
    }

    /// Sets the sound volume (0.0 to 1.0, rounded to 10 % steps) and mute.
    pub fn set_volume(&mut self, volume: f32, muted: bool) {
        self.set_sound(Volume::new(volume, muted));
    }

    /// M: the sound off or on; said on the play screen's message line,
    /// and (when back on) heard as a tick.
    pub(super) fn toggle_mute(&mut self) {
        let volume = self.volume.toggled();
        self.sound_changed(volume);
        let key = self.keymap().name(super::input::Key::Mute);
        if let Some(Screen::Play(p)) = self.stack.last_mut() {
            p.notify(format!(
                "Sound {} ({key})",
                if volume.muted { "off" } else { "on" }
            ));
        }
    }

    /// The setting was changed to `volume` by the player: kept, shown, and
    /// a tick to hear it by.
    pub(super) fn sound_changed(&mut self, volume: Volume) {
        log::debug!(
            "sound {} %{}",
            volume.percent(),
            if volume.muted { ", muted" } else { "" }
        );
        self.set_sound(volume);
        self.cues.push(Cue::MenuMove);
    }

    fn set_sound(&mut self, volume: Volume) {
        self.volume = volume;
    }

    /// After an input went to the top screen: its menu's tick, if it has
    /// a menu (`menu_before`: its [`menu_mark`] before; `acted`: the
    /// screen asked for something), and what the play screen heard.
    pub(super) fn cues_after_input(&mut self, menu_before: Option<MenuMark>, acted: bool) {
        let after = menu_mark(self.top());
        self.cues.after_menu_input(menu_before, after, acted);
        self.collect_play_cues();
    }

    /// Moves the play screen's cues (if one is on the stack) to the queue.
    fn collect_play_cues(&mut self) {
        if let Some(p) = self.play_mut() {
            let heard = p.take_cues();
            self.cues.extend(heard);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::input::{Chord, Input, Key, RawInput};
    use super::super::tests::{key, screens};
    use super::*;

    #[test]
    fn the_queue_keeps_order_empties_on_take_and_is_bounded() {
        let mut q = Cues::default();
        q.push(Cue::Step);
        q.extend([Cue::Undo, Cue::Redo]);
        assert_eq!(q.pending(), &[Cue::Step, Cue::Undo, Cue::Redo]);
        assert_eq!(q.take(), vec![Cue::Step, Cue::Undo, Cue::Redo]);
        assert!(q.take().is_empty());
        q.extend(std::iter::repeat_n(Cue::Step, MAX_PENDING + 10));
        assert_eq!(q.take().len(), MAX_PENDING);
    }

    #[test]
    fn menu_marks_tell_a_move_from_a_choice() {
        let mark = |menu, selected| Some(MenuMark { menu, selected });
        let mut q = Cues::default();
        q.after_menu_input(mark(0, 0), mark(0, 1), false);
        q.after_menu_input(mark(0, 1), mark(0, 1), false);
        q.after_menu_input(mark(0, 1), mark(0, 1), true);
        q.after_menu_input(mark(0, 2), mark(1, 0), false);
        q.after_menu_input(None, mark(0, 0), true);
        q.after_menu_input(mark(0, 0), None, false);
        assert_eq!(
            q.take(),
            vec![Cue::MenuMove, Cue::MenuChoose, Cue::MenuChoose]
        );
    }

    const SIZE: (u32, u32) = (1280, 720);

    #[test]
    fn menus_tick_on_a_move_and_confirm_on_a_choice() {
        let mut s = screens();
        key(&mut s, Key::Down);
        assert_eq!(s.take_cues(), [Cue::MenuMove], "title");
        key(&mut s, Key::Up);
        key(&mut s, Key::Enter);
        assert!(matches!(s.top(), Screen::PlayList(_)));
        key(&mut s, Key::Enter);
        assert!(matches!(s.top(), Screen::LevelSelect(_)));
        assert_eq!(
            s.take_cues(),
            [Cue::MenuMove, Cue::MenuChoose, Cue::MenuChoose]
        );
        // Pointing off the entries is no move.
        s.handle(Input::MouseMove(glam::Vec2::new(1.0, 1.0)), SIZE);
        assert_eq!(s.take_cues(), []);
        key(&mut s, Key::Enter);
        assert!(matches!(s.top(), Screen::Play(_)));
        assert_eq!(s.take_cues(), [Cue::MenuChoose], "level select");
        // Play: a step (through the portal); Escape pauses without a tick;
        // the pause menu ticks.
        key(&mut s, Key::Left);
        key(&mut s, Key::Escape);
        assert!(matches!(s.top(), Screen::Pause(_)));
        assert_eq!(s.take_cues(), [Cue::Step]);
        key(&mut s, Key::Down);
        key(&mut s, Key::Up);
        key(&mut s, Key::Escape);
        assert!(matches!(s.top(), Screen::Play(_)));
        assert_eq!(
            s.take_cues(),
            [Cue::MenuMove, Cue::MenuMove, Cue::MenuChoose]
        );
        // The context menu ticks as it moves; its action is heard, not a
        // confirm.
        key(&mut s, Key::Context);
        assert_eq!(s.take_cues(), [], "opening");
        key(&mut s, Key::Down);
        assert_eq!(s.take_cues(), [Cue::MenuMove]);
        key(&mut s, Key::Escape);
        assert_eq!(s.take_cues(), [], "closing");
        // Pause → Restart: the confirm, then the restart itself.
        key(&mut s, Key::Escape);
        key(&mut s, Key::Down);
        key(&mut s, Key::Enter);
        assert_eq!(
            s.take_cues(),
            [Cue::MenuMove, Cue::MenuChoose, Cue::Restart]
        );
    }

    /// Opens the play screen's context menu and chooses the entry starting
    /// with `label`.
    fn choose(s: &mut Screens, label: &str) {
        key(s, Key::Context);
        let entries = &s
            .play()
            .and_then(|p| p.context_menu())
            .expect("menu")
            .entries;
        let i = entries
            .iter()
            .position(|e| e.label.starts_with(label))
            .unwrap_or_else(|| panic!("no {label} in {entries:?}"));
        for _ in 0..i {
            key(s, Key::Down);
        }
        key(s, Key::Enter);
    }

    #[test]
    fn the_level_cleared_fanfare_then_the_results_menu_ticks() {
        let mut s = screens();
        let level = s.campaign.levels[0].level.clone().expect("loop-back room");
        s.start_level(level, Some(0)).expect("starts");
        key(&mut s, Key::Hero(1));
        key(&mut s, Key::Left);
        choose(&mut s, "Pick up");
        key(&mut s, Key::Right);
        for _ in 0..3 {
            choose(&mut s, "Leave");
        }
        assert!(matches!(s.top(), Screen::Results(_)));
        let heard = s.take_cues();
        assert!(heard.contains(&Cue::RelicOut), "{heard:?}");
        assert!(
            heard.ends_with(&[Cue::Leave, Cue::LevelCleared]),
            "{heard:?}"
        );
        key(&mut s, Key::Down);
        key(&mut s, Key::Enter);
        assert!(matches!(s.top(), Screen::Play(_)), "replayed");
        let heard = s.take_cues();
        assert!(
            heard.starts_with(&[Cue::MenuMove, Cue::MenuChoose]),
            "{heard:?}"
        );
    }

    #[test]
    fn the_options_screen_and_m_set_the_volume_the_screens_keep() {
        use super::super::options::{rows, Row};
        let mut s = screens();
        assert_eq!(s.volume(), (0.8, false));
        let m = RawInput::Chord(Chord::parse("m").expect("m"));
        // In the editor's list (typing names) M is a letter.
        key(&mut s, Key::Down);
        key(&mut s, Key::Enter);
        assert!(matches!(s.top(), Screen::EditorList(_)));
        s.handle_raw(m, SIZE);
        assert_eq!(s.volume(), (0.8, false));
        let mut s = screens();
        key(&mut s, Key::Enter);
        key(&mut s, Key::Enter);
        key(&mut s, Key::Enter);
        key(&mut s, Key::Escape); // The level's intro card.
        super::super::tests::pause_and_choose(&mut s, super::super::pause::PauseAction::Options);
        assert!(matches!(s.top(), Screen::Options(o) if o.over_play));
        let volume_at = rows().position(|r| r == Row::Volume).expect("a row");
        for _ in 0..volume_at {
            key(&mut s, Key::Down);
        }
        s.take_cues();
        key(&mut s, Key::Left);
        assert_eq!(s.volume(), (0.7, false));
        assert_eq!(s.take_cues(), [Cue::MenuMove], "heard at the new volume");
        // M mutes anywhere but the editor, and the Options screen shows it.
        assert_eq!(s.handle_raw(m, SIZE), None);
        assert_eq!(s.volume(), (0.7, true));
        assert_eq!(Row::Sound.label(&s.shown_options()), "Sound: off (M)");
        // The settings file's values arrive through set_volume.
        s.set_volume(0.44, false);
        assert_eq!(s.volume(), (0.4, false));
        assert_eq!(Row::Volume.label(&s.shown_options()), "Volume: 40 %");
        key(&mut s, Key::Escape);
        assert!(
            matches!(s.top(), Screen::Pause(_)),
            "back to the pause menu"
        );
        key(&mut s, Key::Escape);
        s.handle_raw(m, SIZE);
        assert_eq!(s.volume(), (0.4, true));
        let message = s.play().and_then(|p| p.message()).map(|m| format!("{m:?}"));
        assert!(
            message.as_deref().is_some_and(|m| m.contains("Sound off")),
            "{message:?}"
        );
        s.handle_raw(m, SIZE);
        assert_eq!(s.volume(), (0.4, false));
    }
}
