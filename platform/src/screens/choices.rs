//! The player's settings as the screens keep and apply them: what the
//! Options screen shows ([`Screens::shown_options`]) and each change it
//! asks for, applied at once (`Screens::change_option`) — to the screens
//! (text size, the palette, reduced motion, asking before ending a turn,
//! sound) or, for the window, as an [`AppRequest`] to the main loop.
//! The main loop reads them back when the game quits, for `settings.txt`.
use super::flow::Next;
use super::options::{Change, Shown};
use super::{theme, world, AppRequest, Screen, Screens};
use crate::settings::Settings;

/// The window as the main loop last said it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Display {
    pub fullscreen: bool,
    /// Its size when not fullscreen (window units).
    pub window_px: (u32, u32),
}

impl Default for Display {
    fn default() -> Display {
        Display {
            fullscreen: false,
            window_px: crate::cli::DEFAULT_WINDOW,
        }
    }
}

impl Screens {
    /// Takes the player's settings read at start (the window's own are the
    /// main loop's).
    pub fn apply_settings(&mut self, settings: &Settings) {
        self.set_zoom(settings.zoom);
        self.set_volume(settings.volume, settings.muted);
        self.set_confirm_end_turn(settings.confirm_end_turn);
        self.set_ui_scale(settings.ui_scale);
        self.set_reduce_motion(settings.reduce_motion);
        self.set_keymap(settings.keys.clone());
        self.set_palette(settings.palette);
    }

    /// `read` (the settings read at start) with what the screens hold now,
    /// to keep for the next run (the window's own are the main loop's).
    pub fn settings_kept(&self, read: &Settings) -> Settings {
        let (volume, muted) = self.volume();
        Settings {
            zoom: self.zoom(),
            volume,
            muted,
            confirm_end_turn: self.confirm_end_turn,
            ui_scale: self.ui_scale,
            reduce_motion: self.reduce_motion,
            keys: self.keymap().clone(),
            palette: self.palette,
            ..read.clone()
        }
    }

    /// The settings as the Options screen shows them.
    pub fn shown_options(&self) -> Shown {
        Shown {
            fullscreen: self.display.fullscreen,
            window_px: self.display.window_px,
            ui_scale: self.ui_scale,
            volume: self.volume,
            palette: self.palette,
            reduce_motion: self.reduce_motion,
            confirm_end_turn: self.confirm_end_turn,
            mute_key: self.keymap().name(super::input::Key::Mute),
        }
    }

    /// Applies one change the player asked for, at once.
    pub(super) fn change_option(&mut self, change: Change) -> Next {
        match change {
            Change::Fullscreen(on) => return Next::App(AppRequest::SetFullscreen(on)),
            Change::Window(size) => return Next::App(AppRequest::SetWindow(size)),
            Change::UiScale(percent) => self.set_ui_scale(percent),
            Change::Sound(volume) => self.sound_changed(volume),
            Change::Palette(palette) => self.set_palette(palette),
            Change::ReduceMotion(on) => self.set_reduce_motion(on),
            Change::ConfirmEndTurn(on) => self.set_confirm_end_turn(on),
        }
        Next::Stay
    }

    /// The window as it is now (the main loop tells, every frame, so the
    /// Options screen shows what F11 or a resize did).
    pub fn set_display(&mut self, display: Display) {
        self.display = display;
    }

    /// The size of text and panels, in percent.
    pub fn ui_scale(&self) -> u32 {
        self.ui_scale
    }

    /// Sets the size of text and panels (percent; one of
    /// `settings::UI_SCALES`, else the nearest below), for every screen at
    /// once.
    pub fn set_ui_scale(&mut self, percent: u32) {
        let percent = crate::settings::UI_SCALES
            .iter()
            .rev()
            .copied()
            .find(|&p| p <= percent)
            .unwrap_or(100);
        self.ui_scale = percent;
        theme::set_ui_scale(percent as f32 / 100.0);
    }

    /// Gives a new play screen the player's settings.
    pub(super) fn apply_choices(&self, play: &mut super::play::PlayScreen) {
        play.confirm_end_turn = self.confirm_end_turn;
        play.palette = self.palette;
        play.set_reduce_motion(self.reduce_motion);
        play.keys = self.keymap().clone();
    }

    /// The palette danger, falls and glares are drawn in.
    pub fn palette(&self) -> world::Palette {
        self.palette
    }

    /// Draws danger, falls and glares in `palette` from the next frame on:
    /// the level in play (under a pause too), the editor's watcher
    /// timeline, and every level and editor opened from now on.
    pub fn set_palette(&mut self, palette: world::Palette) {
        self.palette = palette;
        for screen in &mut self.stack {
            match screen {
                Screen::Play(p) => p.palette = palette,
                Screen::Editor(e) => e.palette = palette,
                _ => {}
            }
        }
    }

    /// Whether moves and the camera change at once, not animated.
    pub fn reduce_motion(&self) -> bool {
        self.reduce_motion
    }

    /// Moves and the camera change at once (or are animated), in the level
    /// in play and every later one.
    pub fn set_reduce_motion(&mut self, on: bool) {
        self.reduce_motion = on;
        if let Some(p) = self.play_mut() {
            p.set_reduce_motion(on);
        }
    }
}
