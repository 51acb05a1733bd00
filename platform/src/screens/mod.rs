//! The game's screens and the state machine that moves between them.
//!
//! Each screen keeps its logic (input in, state and actions out) apart from
//! its drawing (state in, draw-list calls out), so the logic is unit-tested
//! with synthetic input and no GL.
//!
//! [`Screens`] is a stack: title → level select → play, with the pause
//! menu or the results pushed over play (drawn over the dimmed world).
//! Once equipment is unlocked, the level select shows the loadout screen
//! before a level (`loadout.rs`); the level in play is then the level
//! equipped (`game::equipment::equip`), and its save names the loadout.
//! Every end of a campaign level, cleared or a retreat, records the relics
//! brought out (they unlock equipment).
//! Input goes to the top screen; what it asks for (play a level, pause,
//! won, quit…) moves the stack. F11 and F12 go to the main loop as
//! [`AppRequest`]s from any screen.
pub mod cues;
pub mod editor;
pub mod input;
pub mod level_select;
pub mod loadout;
pub mod menu;
pub mod pause;
pub mod play;
pub mod results;
mod saving;
pub mod title;
pub mod world;

use game::equipment::{equip, Loadout};
use game::level::Level;
use glam::Vec2;
use log::{info, warn};
use render::{DrawList, Font, Rgba, SpriteAtlas};

use crate::levels::{self, Campaign};
use crate::progress::{LevelResult, Progress};
use input::{Input, Key};
use level_select::{LevelSelectAction, LevelSelectScreen};
use pause::{PauseAction, PauseScreen};
use play::{PlayAction, PlayScreen};
use results::{ResultsAction, ResultsScreen};
use title::{TitleAction, TitleScreen};

/// One screen on the stack.
pub enum Screen {
    Title(TitleScreen),
    /// The editor's list of levels (Title → Editor).
    EditorList(Box<editor::list::EditorList>),
    Editor(Box<editor::EditorScreen>),
    LevelSelect(LevelSelectScreen),
    Play(Box<PlayScreen>),
    Pause(PauseScreen),
    Results(ResultsScreen),
}

/// What the screens ask of the main loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppRequest {
    Quit,
    ToggleFullscreen,
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
    /// The undo position last saved: (undoable, state hash).
    saved_at: Option<(usize, u64)>,
    pub campaign: Campaign,
    pub progress: Progress,
    playing: Option<Playing>,
    /// The play screen's zoom, carried from level to level (and kept in
    /// the settings).
    zoom: f32,
    /// Sound cues for the main loop to play (empty: none); see `cues`.
    cues: cues::Cues,
    /// The sound setting (the pause menu and M change it).
    volume: crate::audio::Volume,
    /// Whether Enter asks before ending a turn with action points left
    /// (a setting).
    confirm_end_turn: bool,
    /// Equipment just unlocked by the level that ended, said once on the
    /// next loadout screen or level list; `None`: nothing new.
    unlocked_news: Option<String>,
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
            progress,
            playing: None,
            zoom: 1.0,
            confirm_end_turn: true,
            cues: cues::Cues::default(),
            volume: crate::audio::Volume::default(),
            unlocked_news: None,
        }
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
        let saved_as = index
            .and_then(|i| self.campaign.levels.get(i))
            .map(|e| crate::saves::SavedLevel::Campaign(e.file.clone()));
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
        self.zoom = self.zoom();
        let mut play = play;
        play.camera.zoom = self.zoom;
        play.confirm_end_turn = self.confirm_end_turn;
        info!("playing {}", level.name);
        self.stack = vec![
            Screen::Title(self.title_screen()),
            Screen::LevelSelect(self.level_select()),
            Screen::Play(Box::new(play)),
        ];
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
        self.saved_at = Some((played, hash));
        self.unsaved_s = 0.0;
    }

    /// The editor, if one is on the stack (under a test play too).
    pub fn editor(&self) -> Option<&editor::EditorScreen> {
        self.stack.iter().rev().find_map(|s| match s {
            Screen::Editor(e) => Some(&**e),
            _ => None,
        })
    }

    pub fn editor_mut(&mut self) -> Option<&mut editor::EditorScreen> {
        self.stack.iter_mut().rev().find_map(|s| match s {
            Screen::Editor(e) => Some(&mut **e),
            _ => None,
        })
    }

    /// Opens `level` in the editor over the title and the editor's list.
    pub fn open_editor(&mut self, level: Level, file: editor::files::LevelFile) {
        info!("editing {}", level.name);
        let mut screen = editor::EditorScreen::new(level, file);
        screen.offer_recovery();
        self.stack.truncate(1);
        self.stack
            .push(Screen::EditorList(Box::new(editor::list::EditorList::new(
                &self.campaign.dir,
            ))));
        self.stack.push(Screen::Editor(Box::new(screen)));
    }

    /// `rappel --edit PATH`: opens the file (saving writes back to it), or
    /// starts a new level there if it does not exist. A file that does not
    /// parse into a level is refused, naming `file:line:col`.
    pub fn open_editor_file(
        &mut self,
        path: &std::path::Path,
    ) -> Result<(), crate::error::OpenError> {
        let level = if path.exists() {
            editor::files::open(path)?.0
        } else {
            if game::level::Format::of(path) != Some(game::level::Format::Text) {
                return Err(
                    format!("{}: a new level's file must end in .txt", path.display()).into(),
                );
            }
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "New level".into());
            editor::list::new_level(&stem.replace('_', " "))?
        };
        let file = editor::files::LevelFile::at(path, false);
        self.open_editor(level, file);
        Ok(())
    }

    /// Text read from the system clipboard (after [`AppRequest::ReadClipboard`]).
    pub fn paste_text(&mut self, text: &str) {
        let action = match self.stack.last_mut() {
            Some(Screen::EditorList(l)) => l.paste_text(text),
            _ => None,
        };
        if let Some(editor::list::ListAction::Open(level, file)) = action {
            self.open_editor(*level, file);
        }
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
    /// editor takes it whole; other screens get the [`Input`] it means.
    pub fn handle_raw(&mut self, raw: input::RawInput, size_px: (u32, u32)) -> Option<AppRequest> {
        if let input::RawInput::Chord(c) = raw {
            match c.key() {
                Some(Key::Fullscreen) => return Some(AppRequest::ToggleFullscreen),
                Some(Key::Screenshot) => return Some(AppRequest::Screenshot),
                _ => {}
            }
            if c.is_mute() && !matches!(self.top(), Screen::Editor(_) | Screen::EditorList(_)) {
                self.toggle_mute();
                return None;
            }
        }
        match self.stack.last_mut() {
            Some(Screen::Editor(e)) => {
                let action = e.handle(raw, size_px)?;
                self.editor_action(action)
            }
            Some(Screen::EditorList(l)) => match l.handle(raw, size_px)? {
                editor::list::ListAction::Open(level, file) => {
                    self.open_editor(*level, file);
                    None
                }
                editor::list::ListAction::ReadClipboard => Some(AppRequest::ReadClipboard),
                editor::list::ListAction::Back => {
                    self.stack.pop();
                    None
                }
            },
            _ => raw.to_input().and_then(|i| self.handle(i, size_px)),
        }
    }

    fn editor_action(&mut self, action: editor::EditorAction) -> Option<AppRequest> {
        match action {
            editor::EditorAction::TestPlay(level) => {
                // With the equipment the level requires, as it plays.
                let level = Box::new(
                    equip(&level, &Loadout::required(&level)).unwrap_or_else(|_| (*level).clone()),
                );
                match PlayScreen::new(&level) {
                    Ok(mut play) => {
                        play.level_name =
                            format!("{} · test play (Esc: back to the editor)", level.name);
                        self.stack.push(Screen::Play(Box::new(play)));
                        self.playing = Some(Playing {
                            level: *level,
                            loadout: Loadout::new(),
                            index: None,
                            test: true,
                            saved_as: None,
                        });
                    }
                    Err(e) => {
                        if let Some(ed) = self.editor_mut() {
                            ed.back_from_test(&format!("Can't test-play: {e}"));
                        }
                    }
                }
                None
            }
            editor::EditorAction::Leave => {
                if let Some(ed) = self.editor_mut() {
                    ed.autosave();
                }
                self.stack.pop();
                if let Some(Screen::EditorList(_)) = self.stack.last() {
                    self.stack.pop();
                    self.stack
                        .push(Screen::EditorList(Box::new(editor::list::EditorList::new(
                            &self.campaign.dir,
                        ))));
                }
                None
            }
            editor::EditorAction::Quit => Some(AppRequest::Quit),
            editor::EditorAction::CopyText(t) => Some(AppRequest::CopyText(t)),
        }
    }

    /// Ends a test play: back to the editor as it was.
    fn end_test(&mut self, how: String) {
        while !matches!(self.stack.last(), Some(Screen::Editor(_)) | None) {
            self.stack.pop();
        }
        self.playing = None;
        if let Some(ed) = self.editor_mut() {
            ed.back_from_test(&how);
        }
    }

    fn testing(&self) -> bool {
        self.playing.as_ref().is_some_and(|p| p.test)
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

    /// Campaign level `index` from the level select or Next level: its
    /// game in progress if it has one; else the loadout screen first when
    /// equipment is unlocked (or required); else the level.
    fn play_campaign(&mut self, index: usize) {
        let Some(Ok(level)) = self.campaign.levels.get(index).map(|e| e.level.clone()) else {
            return;
        };
        let in_progress = self
            .saves
            .as_ref()
            .zip(self.campaign.levels.get(index))
            .is_some_and(|(saves, e)| {
                saves.has(&crate::saves::SavedLevel::Campaign(e.file.clone()))
            });
        if !in_progress && loadout::wanted(&level, &self.progress.unlocked_equipment()) {
            self.save_game();
            self.flush_saves();
            self.zoom = self.zoom();
            let mut select = self.level_select();
            select.open_loadout(index, &level, &self.progress);
            if let Some(screen) = &mut select.loadout {
                screen.notice = self.unlocked_news.take();
            }
            self.stack = vec![
                Screen::Title(self.title_screen()),
                Screen::LevelSelect(select),
            ];
            self.playing = None;
            return;
        }
        if let Err(e) = self.start_level(level, Some(index)) {
            warn!("cannot start level {index}: {e}");
        }
    }

    /// The loadout screen's Start: campaign level `index` equipped.
    fn play_campaign_with(&mut self, index: usize, loadout: Loadout) {
        let Some(Ok(level)) = self.campaign.levels.get(index).map(|e| e.level.clone()) else {
            return;
        };
        if let Err(e) = self.start_level_with(level, Some(index), loadout) {
            warn!("cannot start level {index}: {e}");
            self.notify(format!("Cannot start the level: {e}"));
        }
    }

    /// Records the relics a campaign level's end brought out (cleared or
    /// a retreat: both count towards equipment) and saves the progress;
    /// newly unlocked equipment is told on the next loadout screen or
    /// level list. Why the progress was not saved, if it was not.
    fn record_relics(&mut self, relics: u32) -> Option<String> {
        let file = self
            .playing
            .as_ref()
            .and_then(|p| p.index)
            .and_then(|i| self.campaign.levels.get(i))
            .map(|e| e.file.clone())?;
        let before = self.progress.unlocked_equipment();
        if !self.progress.record_relics(&file, relics) {
            return None;
        }
        let new: Vec<&str> = self
            .progress
            .unlocked_equipment()
            .into_iter()
            .filter(|e| !before.contains(e))
            .map(|e| e.the())
            .collect();
        if !new.is_empty() {
            info!("unlocked {}", new.join(", "));
            let total = self.progress.relics_recovered_total();
            self.unlocked_news = Some(format!(
                "Unlocked: {} ({total} relic{} recovered)",
                new.join(" and "),
                if total == 1 { "" } else { "s" }
            ));
        }
        self.progress.save().err().map(|e| {
            warn!("{e}");
            format!("Your relics could not be saved: {e}")
        })
    }

    fn back_to_level_select(&mut self) {
        self.save_game();
        self.flush_saves();
        self.zoom = self.zoom();
        let mut select = self.level_select();
        select.notice = self.unlocked_news.take();
        self.stack = vec![
            Screen::Title(self.title_screen()),
            Screen::LevelSelect(select),
        ];
        self.playing = None;
    }

    fn won(&mut self, result: LevelResult) {
        self.forget_game();
        let mut unsaved = None;
        let told = self.record_relics(result.relics);
        let (name, previous, has_next) = match &self.playing {
            Some(p) => {
                let name = p.level.name.clone();
                match p
                    .index
                    .and_then(|i| Some((i, self.campaign.levels.get(i)?)))
                {
                    Some((i, entry)) => {
                        let file = entry.file.clone();
                        let previous = self.progress.best(&file);
                        self.progress.record(&file, result);
                        if let Err(e) = self.progress.save() {
                            warn!("{e}");
                            unsaved = Some(format!("Your result could not be saved: {e}"));
                        }
                        (name, previous, i + 1 < self.campaign.levels.len())
                    }
                    None => (name, None, false),
                }
            }
            None => (String::new(), None, false),
        };
        info!(
            "won {name}: {} of {} relics in {} turns",
            result.relics, result.relics_total, result.turns
        );
        let mut results = ResultsScreen::new(&name, result, previous, has_next);
        // Said once: the result could not be saved (the relics with it).
        results.notice = unsaved.or(told);
        results.par = self.playing.as_ref().and_then(|p| p.level.par);
        results.campaign_complete = !has_next
            && self.playing.as_ref().is_some_and(|p| p.index.is_some())
            && self
                .campaign
                .levels
                .iter()
                .all(|e| self.progress.won(&e.file));
        if results.campaign_complete {
            info!("campaign complete");
        }
        self.stack.push(Screen::Results(results));
    }

    /// The party left with too few relics: nothing is recorded or
    /// unlocked; the game stays in progress (undo goes back in).
    fn retreated(&mut self, result: LevelResult) {
        self.save_game();
        let told = self.record_relics(result.relics);
        let Some(p) = &self.playing else { return };
        let needed = p.level.relics_to_clear() as u32;
        info!(
            "retreat from {}: {} of {} relics out, {needed} needed",
            p.level.name, result.relics, result.relics_total
        );
        let mut results = ResultsScreen::retreat(&p.level.name, result, needed);
        results.par = p.level.par;
        results.notice = told;
        self.stack.push(Screen::Results(results));
    }

    /// Applies one input on a drawable of `size_px`.
    pub fn handle(&mut self, input: Input, size_px: (u32, u32)) -> Option<AppRequest> {
        match input {
            Input::Key(Key::Fullscreen) => return Some(AppRequest::ToggleFullscreen),
            Input::Key(Key::Screenshot) => return Some(AppRequest::Screenshot),
            _ => {}
        }
        let size = Vec2::new(size_px.0 as f32, size_px.1 as f32);
        let menu_before = cues::menu_mark(self.top());
        enum Next {
            Stay,
            Quit,
            Push(Screen),
            Pop,
            Play(usize),
            Equipped(usize, Loadout),
            Won(LevelResult),
            Retreated(LevelResult),
            GoBack,
            Notes,
            Restart,
            Replay,
            LevelSelect,
            EndTest(String),
            Continue,
            Resume(usize, bool),
        }
        let next = match self.stack.last_mut() {
            Some(Screen::Title(t)) => match t.handle(input, size_px) {
                Some(TitleAction::Play) => Next::Push(Screen::LevelSelect(self.level_select())),
                Some(TitleAction::Quit) => Next::Quit,
                Some(TitleAction::Continue) => Next::Continue,
                Some(TitleAction::Editor) => Next::Push(Screen::EditorList(Box::new(
                    editor::list::EditorList::new(&self.campaign.dir),
                ))),
                None => Next::Stay,
            },
            Some(Screen::LevelSelect(s)) => {
                match s.handle(input, size, &self.campaign, &self.progress) {
                    Some(LevelSelectAction::Play(i)) => Next::Play(i),
                    Some(LevelSelectAction::Start { index, loadout }) => {
                        Next::Equipped(index, loadout)
                    }
                    Some(LevelSelectAction::Resume { index, restart }) => {
                        Next::Resume(index, restart)
                    }
                    Some(LevelSelectAction::Back) => Next::Pop,
                    None => Next::Stay,
                }
            }
            Some(Screen::Play(p)) => match p.handle(input, size_px) {
                Some(PlayAction::Pause) if self.playing.as_ref().is_some_and(|p| p.test) => {
                    Next::EndTest("Back from test play".to_string())
                }
                Some(PlayAction::Won(r)) if self.playing.as_ref().is_some_and(|p| p.test) => {
                    Next::EndTest(format!(
                        "Test play won: {} of {} relics in {} turns",
                        r.relics, r.relics_total, r.turns
                    ))
                }
                Some(PlayAction::Retreated(r)) if self.playing.as_ref().is_some_and(|p| p.test) => {
                    Next::EndTest(format!(
                        "Test play: a retreat, {} of {} relics out in {} turns (too few to clear)",
                        r.relics, r.relics_total, r.turns
                    ))
                }
                Some(PlayAction::Pause) => Next::Push(Screen::Pause(
                    PauseScreen::new(self.volume).with_confirm_end_turn(self.confirm_end_turn),
                )),
                Some(PlayAction::Won(r)) => Next::Won(r),
                Some(PlayAction::Retreated(r)) => Next::Retreated(r),
                None => Next::Stay,
            },
            Some(Screen::Pause(p)) => match p.handle(input, size) {
                Some(PauseAction::Resume) => Next::Pop,
                Some(PauseAction::Restart) => Next::Restart,
                Some(PauseAction::Notes) => Next::Notes,
                Some(PauseAction::LevelSelect) => Next::LevelSelect,
                Some(PauseAction::Quit) => Next::Quit,
                Some(PauseAction::Sound(volume)) => {
                    self.sound_changed(volume);
                    Next::Stay
                }
                Some(PauseAction::ConfirmEndTurn(on)) => {
                    self.set_confirm_end_turn(on);
                    Next::Stay
                }
                None => Next::Stay,
            },
            Some(Screen::Editor(_) | Screen::EditorList(_)) => {
                return self.handle_raw(input::RawInput::Input(input), size_px)
            }
            Some(Screen::Results(r)) => match r.handle(input, size) {
                Some(ResultsAction::Next) => {
                    let next = self
                        .playing
                        .as_ref()
                        .and_then(|p| p.index)
                        .map_or(0, |i| i + 1);
                    Next::Play(next)
                }
                Some(ResultsAction::Replay) => Next::Replay,
                Some(ResultsAction::GoBack) => Next::GoBack,
                Some(ResultsAction::LevelSelect) => Next::LevelSelect,
                None => Next::Stay,
            },
            None => Next::Stay,
        };
        self.cues_after_input(menu_before, !matches!(next, Next::Stay));
        match next {
            Next::Stay => {}
            Next::Quit => {
                self.save_game();
                self.flush_saves();
                return Some(AppRequest::Quit);
            }
            Next::Continue => self.continue_game(),
            Next::Resume(index, restart) => self.resume_campaign_level(index, restart, size_px),
            Next::Push(s) => self.stack.push(s),
            Next::Pop => {
                if self.stack.len() > 1 {
                    self.stack.pop();
                }
            }
            Next::Play(i) => self.play_campaign(i),
            Next::Equipped(i, loadout) => self.play_campaign_with(i, loadout),
            Next::Won(r) => self.won(r),
            Next::Retreated(r) => self.retreated(r),
            Next::Notes => {
                self.stack.pop();
                if let Some(p) = self.play_mut() {
                    p.show_intro();
                }
            }
            Next::GoBack => {
                self.stack.pop();
                if let Some(p) = self.play_mut() {
                    p.handle(Input::Key(Key::Undo), size_px);
                }
            }
            Next::Restart => {
                self.stack.pop();
                if let Some(p) = self.play_mut() {
                    p.handle(Input::Key(Key::Restart), size_px);
                }
            }
            // Replay is the ordinary restart of the same game: an undoable
            // step, so nothing played is lost.
            Next::Replay => {
                self.stack.pop();
                if let Some(p) = self.play_mut() {
                    p.handle(Input::Key(Key::Restart), size_px);
                }
            }
            Next::LevelSelect => self.back_to_level_select(),
            Next::EndTest(how) => self.end_test(how),
        }
        None
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
            Some(Screen::Results(r)) => r.notice = Some(text),
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
            Screen::Title(_) | Screen::LevelSelect(_) | Screen::EditorList(_) => {
                title::BACKGROUND_BOTTOM
            }
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
            Screen::Title(t) => t.draw(list, font, sprites, size_px),
            Screen::EditorList(l) => l.draw(list, font, size_px),
            Screen::Editor(e) => e.draw(list, font, sprites, size_px),
            Screen::LevelSelect(s) => {
                s.draw(list, font, sprites, size, &self.campaign, &self.progress)
            }
            Screen::Play(p) => p.draw(list, font, sprites, size_px),
            Screen::Pause(m) => {
                if let Some(p) = self.play() {
                    p.draw(list, font, sprites, size_px);
                }
                m.draw(list, font, size);
            }
            Screen::Results(r) => {
                if let Some(p) = self.play() {
                    p.draw(list, font, sprites, size_px);
                }
                r.draw(list, font, size);
            }
        }
    }
}

#[cfg(test)]
mod tests;
