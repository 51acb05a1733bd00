//! The game's screens and the state machine that moves between them.
//!
//! Each screen keeps its logic (input in, state and actions out) apart from
//! its drawing (state in, draw-list calls out), so the logic is unit-tested
//! with synthetic input and no GL.
//!
//! [`Screens`] is a stack: title → Play (the campaign and the level packs,
//! `play_list.rs`) → level select → play, with the pause menu or the
//! results pushed over play (drawn over the dimmed world), and the Options
//! screen from the title or the pause menu (`options.rs`; the settings it
//! changes are applied in `choices.rs`); the editor's list → editor → test
//! play from the title.
//! Once equipment is unlocked, the level select shows the loadout screen
//! before a level (`loadout/`); the level in play is then the level
//! equipped (`game::equipment::equip`), and its save names the loadout.
//! Every end of a campaign level, cleared or a retreat, records the relics
//! brought out (they unlock equipment).
//! Input goes to the top screen; what it asks for (play a level, pause,
//! won, quit…) becomes one move of the stack (`flow.rs`). Fullscreen and
//! Screenshot (F11 and F12 by default) go to the main loop as
//! [`AppRequest`]s from any screen. Every key is read through the player's
//! keymap (`input::keymap`), which the stack owns ([`Screens::keymap`]) and
//! the Controls screen changes ([`Screens::open_controls`], from Options);
//! the play screen keeps a copy for the keys its hints name.
//!
//! The stack's methods are split by concern: the editor's part (opening a
//! level in it, test play and back) is in `editing.rs`, the campaign's flow
//! (starting a level, what its end records and shows) in
//! `campaign_flow.rs`, games in progress saved and restored in `games_in_progress.rs` (the
//! files themselves in `crate::saves`).
mod campaign_flow;
pub mod choices;
pub mod controls;
pub mod cues;
mod editing;
pub mod editor;
mod flow;
mod games_in_progress;
pub mod input;
pub mod level_select;
pub mod loadout;
pub mod menu;
pub mod options;
pub mod pause;
pub mod play;
pub mod play_list;
pub mod results;
pub mod theme;
pub mod thumbnail;
pub mod title;
pub mod world;

use game::equipment::Loadout;
use game::level::Level;
use glam::Vec2;
use log::info;
use render::{DrawList, Font, Rgba, SpriteAtlas};

use crate::levels::{self, Campaign};
use crate::progress::Progress;
use controls::{ControlsAction, ControlsScreen};
use input::{Key, Keymap};
use level_select::LevelSelectScreen;
use options::OptionsScreen;
use pause::PauseScreen;
use play::PlayScreen;
use play_list::PlayListScreen;
use results::ResultsScreen;
use title::TitleScreen;

/// One screen on the stack.
pub enum Screen {
    Title(TitleScreen),
    /// The editor's list of levels (Title → Editor).
    EditorList(Box<editor::list::EditorList>),
    Editor(Box<editor::EditorScreen>),
    /// Title → Play: the campaign and the level packs.
    PlayList(PlayListScreen),
    LevelSelect(LevelSelectScreen),
    Play(Box<PlayScreen>),
    Pause(PauseScreen),
    /// From the title, or from the pause menu over the level in play.
    Options(OptionsScreen),
    Results(ResultsScreen),
    /// The keys rebound ([`Screens::open_controls`]), over whatever
    /// opened it.
    Controls(ControlsScreen),
}

/// What the screens ask of the main loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppRequest {
    Quit,
    ToggleFullscreen,
    /// Fullscreen on (`true`) or off.
    SetFullscreen(bool),
    /// The window's size when not fullscreen (window units).
    SetWindow((u32, u32)),
    /// Write the settings now (the Options screen was left): a change is
    /// kept even if the game is then killed.
    KeepSettings,
    Screenshot,
    /// Put this text on the system clipboard.
    CopyText(String),
    /// Read the system clipboard and pass it to [`Screens::paste_text`].
    ReadClipboard,
}

/// The level in play: what Replay restarts and where progress goes.
struct Playing {
    /// The level as it started: equipped with `loadout`.
    level: Level,
    /// The equipment it is played with (empty: none); its save says so.
    loadout: Loadout,
    /// Its campaign index; `None` for a level opened by path outside it.
    index: Option<usize>,
    /// Test play from the editor: Esc and the end return to the editor.
    test: bool,
    /// Where its save goes (`None`: test play, not saved).
    saved_as: Option<crate::saves::SavedLevel>,
}

/// The screen stack with the campaign and the player's progress.
pub struct Screens {
    stack: Vec<Screen>,
    /// Where games in progress are saved; `None`: they are not (tests).
    saves: Option<crate::saves::Saves>,
    /// Seconds since the game in progress was last saved (autosave).
    unsaved_s: f32,
    /// The undo position last saved: (undoable, state hash, selected hero).
    saved_at: Option<(usize, u64, Option<game::things::ThingId>)>,
    /// The levels the level select lists: the campaign, or the level pack
    /// chosen on the Play screen.
    pub campaign: Campaign,
    /// The campaign while a pack is in `campaign`; `None` otherwise.
    shipped: Option<Campaign>,
    /// The folders level packs are looked for in (`crate::packs`); empty:
    /// none.
    pub pack_roots: Vec<std::path::PathBuf>,
    /// Where Ctrl+V on the Play screen imports a pack's text
    /// (`<data>/packs`); `None`: importing is refused, said so.
    pub pack_import_dir: Option<std::path::PathBuf>,
    pub progress: Progress,
    playing: Option<Playing>,
    /// The play screen's zoom, carried from level to level (and kept in
    /// the settings).
    zoom: f32,
    /// Sound cues for the main loop to play (empty: none); see `cues`.
    cues: cues::Cues,
    /// The sound setting (the Options screen and the Mute action change
    /// it).
    volume: crate::audio::Volume,
    /// Whether Enter asks before ending a turn with action points left
    /// (a setting).
    confirm_end_turn: bool,
    /// The colours of danger, falls, glares… (a setting).
    palette: world::Palette,
    /// The size of text and panels, in percent (a setting).
    ui_scale: u32,
    /// Moves and the camera change at once (a setting).
    reduce_motion: bool,
    /// The window, as the main loop last said (the Options screen shows
    /// it).
    display: choices::Display,
    /// Equipment just unlocked by the level that ended, said once on the
    /// next loadout screen or level list; `None`: nothing new.
    unlocked_news: Option<String>,
    /// What each key means (a setting; the Controls screen changes it).
    keymap: Keymap,
}

impl Screens {
    /// The title screen over `campaign`.
    pub fn new(campaign: Campaign, progress: Progress) -> Screens {
        Screens {
            stack: vec![Screen::Title(TitleScreen::new())],
            saves: None,
            unsaved_s: 0.0,
            saved_at: None,
            campaign,
            shipped: None,
            pack_roots: Vec::new(),
            pack_import_dir: None,
            progress,
            playing: None,
            zoom: 1.0,
            confirm_end_turn: true,
            palette: world::Palette::default(),
            ui_scale: 100,
            reduce_motion: false,
            display: choices::Display::default(),
            cues: cues::Cues::default(),
            volume: crate::audio::Volume::default(),
            unlocked_news: None,
            keymap: Keymap::default(),
        }
    }

    /// What each key means now.
    pub fn keymap(&self) -> &Keymap {
        &self.keymap
    }

    /// Makes `keys` what each key means, at once (on the level in play
    /// too: its hints name them).
    pub fn set_keymap(&mut self, keys: Keymap) {
        self.keymap = keys.clone();
        if let Some(p) = self.play_mut() {
            p.keys = keys;
        }
    }

    /// Opens the Controls screen over the one on top; Esc comes back.
    pub fn open_controls(&mut self) {
        self.stack.push(Screen::Controls(ControlsScreen::new()));
    }

    /// The play screen's zoom: the level in play's, else the last one.
    pub fn zoom(&self) -> f32 {
        self.play().map_or(self.zoom, |p| p.camera.zoom)
    }

    /// Whether Enter asks before ending a turn with action points left.
    pub fn confirm_end_turn(&self) -> bool {
        self.confirm_end_turn
    }

    /// Asks before ending a turn with action points left, or not (every
    /// level from now on, the one in play too).
    pub fn set_confirm_end_turn(&mut self, on: bool) {
        self.confirm_end_turn = on;
        if let Some(p) = self.play_mut() {
            p.confirm_end_turn = on;
        }
    }

    /// Sets the zoom levels start at (and the one in play).
    pub fn set_zoom(&mut self, zoom: f32) {
        let zoom = zoom.clamp(play::camera::ZOOM_MIN, play::camera::ZOOM_MAX);
        self.zoom = zoom;
        if let Some(p) = self.play_mut() {
            p.camera.zoom = zoom;
        }
    }

    /// The screen on top.
    pub fn top(&self) -> &Screen {
        self.stack
            .last()
            .unwrap_or_else(|| unreachable!("the stack always holds the title"))
    }

    /// The play screen, if one is on the stack (under a pause or results
    /// screen too).
    pub fn play(&self) -> Option<&PlayScreen> {
        self.stack.iter().rev().find_map(|s| match s {
            Screen::Play(p) => Some(&**p),
            _ => None,
        })
    }

    pub fn play_mut(&mut self) -> Option<&mut PlayScreen> {
        self.stack.iter_mut().rev().find_map(|s| match s {
            Screen::Play(p) => Some(&mut **p),
            _ => None,
        })
    }

    /// Starts `level` (campaign level `index`, if it is one) over the title
    /// and the level select, so Escape and Level select lead back there;
    /// with the equipment it requires, if any, and no other.
    pub fn start_level(
        &mut self,
        level: Level,
        index: Option<usize>,
    ) -> Result<(), crate::error::OpenError> {
        let loadout = Loadout::required(&level);
        self.start_level_with(level, index, loadout)
    }

    /// Starts `level` (as written; campaign level `index`, if it is one)
    /// equipped with `loadout` — or its game in progress, if it has one,
    /// with the loadout that game was started with.
    pub fn start_level_with(
        &mut self,
        level: Level,
        index: Option<usize>,
        loadout: Loadout,
    ) -> Result<(), crate::error::OpenError> {
        let saved_as = index.and_then(|i| self.campaign.saved_level(i));
        self.play_level(level, index, saved_as, loadout)
    }

    /// Starts `play` (of `level` as equipped with `loadout`, campaign level
    /// `index`) over the title and the level select.
    fn enter_play(
        &mut self,
        level: Level,
        loadout: Loadout,
        index: Option<usize>,
        play: PlayScreen,
        saved_as: Option<crate::saves::SavedLevel>,
    ) {
        let played = play.session.undo_log().undoable();
        let hash = play.session.state_hash();
        let hero = play.selected_hero();
        self.zoom = self.zoom();
        let mut play = play;
        if let Some(entry) = index.and_then(|i| self.campaign.levels.get(i)) {
            if let Ok(shipped) = &entry.level {
                play.know_shipped_line(&entry.path, shipped);
            }
        }
        play.camera.zoom = self.zoom;
        self.apply_choices(&mut play);
        info!("playing {}", level.name);
        let mut stack = self.base_stack();
        stack.push(Screen::LevelSelect(self.level_select()));
        stack.push(Screen::Play(Box::new(play)));
        self.stack = stack;
        if !loadout.is_empty() {
            info!("equipped: {loadout}");
        }
        self.playing = Some(Playing {
            level,
            loadout,
            index,
            test: false,
            saved_as,
        });
        self.saved_at = Some((played, hash, hero));
        self.unsaved_s = 0.0;
    }

    /// The window is closing: `true` to quit now; `false` when the editor
    /// asks first (unsaved changes), the answer then quits.
    pub fn request_quit(&mut self) -> bool {
        self.save_game();
        self.flush_saves();
        match self.editor_mut() {
            Some(e) => {
                if e.leave(editor::EditorAction::Quit).is_some() {
                    return true;
                }
                // Show the editor with its question on top.
                while !matches!(self.stack.last(), Some(Screen::Editor(_))) {
                    self.stack.pop();
                }
                false
            }
            None => true,
        }
    }

    /// Applies one raw input (keys with modifiers, releases, text): the
    /// editor takes it whole; other screens get the [`Input`](input::Input) it means in
    /// the keymap. The Controls screen reads a key as typed before anything
    /// else does while it waits for one (F11 and M are keys to bind then).
    pub fn handle_raw(&mut self, raw: input::RawInput, size_px: (u32, u32)) -> Option<AppRequest> {
        if let Some(Screen::Controls(c)) = self.stack.last_mut() {
            if c.takes(&raw) {
                let mut keys = self.keymap.clone();
                if c.handle_raw(raw, &mut keys) == Some(ControlsAction::Changed) {
                    self.set_keymap(keys);
                }
                return None;
            }
        }
        if let input::RawInput::Chord(c) = raw {
            match self.keymap.key(c) {
                Some(Key::Fullscreen) => return Some(AppRequest::ToggleFullscreen),
                Some(Key::Screenshot) => return Some(AppRequest::Screenshot),
                _ => {}
            }
            // Ctrl+V on the Play screen: a pack's text to import.
            let paste = c.ctrl && !c.alt && c.code == crate::screens::input::Code::V;
            if paste && matches!(self.top(), Screen::PlayList(_)) {
                return Some(AppRequest::ReadClipboard);
            }
        }
        // The play camera's glide waits while the left button is down.
        match raw {
            input::RawInput::Press(input::Button::Left, _) => {
                if let Some(Screen::Play(p)) = self.stack.last_mut() {
                    p.hold_pointer(true);
                }
            }
            input::RawInput::Release(input::Button::Left, _) => {
                if let Some(p) = self.play_mut() {
                    p.hold_pointer(false);
                }
            }
            _ => {}
        }
        match self.stack.last_mut() {
            Some(Screen::Editor(e)) => {
                let action = e.handle(raw, size_px)?;
                self.editor_action(action)
            }
            Some(Screen::EditorList(l)) => match l.handle(raw, size_px, &self.keymap)? {
                editor::list::ListAction::Open(level, file) => {
                    self.open_editor(*level, file);
                    None
                }
                editor::list::ListAction::ReadClipboard => Some(AppRequest::ReadClipboard),
                editor::list::ListAction::CopyText(text) => Some(AppRequest::CopyText(text)),
                editor::list::ListAction::Back => {
                    self.stack.pop();
                    self.refresh_title();
                    None
                }
            },
            _ => raw
                .to_input(&self.keymap)
                .and_then(|i| self.handle(i, size_px)),
        }
    }

    /// Loads and starts the level file at `path` (`rappel --level PATH`).
    pub fn open_level_file(
        &mut self,
        path: &std::path::Path,
    ) -> Result<(), crate::error::OpenError> {
        let level = levels::load_level(path)?;
        match self.campaign.index_of(path) {
            Some(index) => self.start_level(level, Some(index)),
            None => {
                let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
                let which = crate::saves::SavedLevel::File(path);
                let loadout = Loadout::required(&level);
                self.play_level(level, None, Some(which), loadout)
            }
        }
    }

    /// Advances animation on the screen on top by `dt_s` seconds.
    pub fn update(&mut self, dt_s: f32) {
        self.autosave(dt_s);
        match self.stack.last_mut() {
            Some(Screen::Play(p)) => p.update(dt_s),
            Some(Screen::Editor(e)) => e.update(dt_s),
            _ => {}
        }
        // The editor autosaves under a test play too.
        if self.testing() {
            if let Some(e) = self.editor_mut() {
                e.update(dt_s);
            }
        }
    }

    /// Shows `text` where the player looks (the play screen's message
    /// line, the editor's status line, a menu's notice).
    pub fn notify(&mut self, text: String) {
        info!("{text}");
        match self.stack.last_mut() {
            Some(Screen::Editor(e)) => e.status = Some(editor::Status::Info(text)),
            Some(Screen::Title(t)) => t.notice = Some(text),
            Some(Screen::LevelSelect(l)) => l.notice = Some(text),
            Some(Screen::PlayList(l)) => l.notice = Some(text),
            Some(Screen::Results(r)) => r.notice = Some(text),
            Some(Screen::Controls(c)) => c.said = Some(controls::Said::Done(text)),
            _ => {
                if let Some(p) = self.play_mut() {
                    p.notify(text);
                }
            }
        }
    }

    /// The colour to clear the frame to before [`Screens::draw`].
    pub fn clear_colour(&self) -> Rgba {
        match self.top() {
            Screen::Title(_)
            | Screen::PlayList(_)
            | Screen::LevelSelect(_)
            | Screen::EditorList(_)
            | Screen::Controls(_) => theme::BACKGROUND_BOTTOM,
            Screen::Options(o) if !o.over_play => theme::BACKGROUND_BOTTOM,
            _ => play::CLEAR,
        }
    }

    /// Draws the top screen (over the play screen for pause and results).
    pub fn draw(
        &self,
        list: &mut DrawList,
        font: &mut Font,
        sprites: &SpriteAtlas,
        size_px: (u32, u32),
    ) {
        let size = Vec2::new(size_px.0 as f32, size_px.1 as f32);
        match self.top() {
            Screen::Title(t) => t.draw(list, font, sprites, size_px, &self.keymap),
            Screen::EditorList(l) => l.draw(list, font, size_px, &self.keymap),
            Screen::PlayList(p) => p.draw(list, font, size, &self.keymap),
            Screen::Editor(e) => e.draw(list, font, sprites, size_px),
            Screen::LevelSelect(s) => s.draw(
                list,
                font,
                sprites,
                size,
                &self.campaign,
                &self.progress,
                &self.keymap,
            ),
            Screen::Play(p) => p.draw(list, font, sprites, size_px),
            Screen::Pause(m) => {
                if let Some(p) = self.play() {
                    p.draw(list, font, sprites, size_px);
                }
                m.draw(list, font, size);
            }
            Screen::Options(o) => {
                if let Some(p) = self.play().filter(|_| o.over_play) {
                    p.draw(list, font, sprites, size_px);
                }
                o.draw(list, font, size, &self.shown_options(), &self.keymap);
            }
            Screen::Results(r) => {
                if let Some(p) = self.play() {
                    p.draw(list, font, sprites, size_px);
                }
                r.draw(list, font, size);
            }
            Screen::Controls(c) => c.draw(list, font, size, &self.keymap),
        }
    }
}

#[cfg(test)]
mod controls_tests;
#[cfg(test)]
mod options_tests;
#[cfg(test)]
mod pack_tests;
#[cfg(test)]
mod rules_asked_tests;
#[cfg(test)]
mod tests;
