//! How the stack moves: one input goes to the top screen, what it asks
//! for becomes one [`Next`] move of the stack, and the move is made. Each
//! screen's answer is turned into a move by its own method (`next_*`),
//! and [`Screens::go`] makes every move, so a screen's vocabulary and the
//! stack's stay apart.
use game::equipment::Loadout;
use glam::Vec2;

use super::controls::ControlsAction;
use super::editor::test_play::TestEnd;
use super::input::{Input, Key, Keymap};
use super::level_select::LevelSelectAction;
use super::options::{OptionsAction, OptionsScreen};
use super::pause::{PauseAction, PauseScreen};
use super::play::PlayAction;
use super::play_list::{PlayListAction, PlayListScreen};
use super::results::ResultsAction;
use super::title::TitleAction;
use super::{cues, editor, AppRequest, Screen, Screens};
use crate::progress::LevelResult;

/// One move of the stack, asked for by the top screen.
pub(super) enum Next {
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
    LevelSelect,
    QuitToTitle,
    EndTest(TestEnd),
    Continue,
    Resume(usize, bool),
    /// The level select of the campaign (`None`) or of pack `n`.
    OpenList(Option<usize>),
    /// The Controls screen over Options ([`Screens::open_controls`]).
    Controls,
    /// Back from Options: the settings are written at once.
    LeaveOptions,
    /// The Controls screen changed the keys to these.
    Rebound(Keymap),
    /// Something for the main loop (a setting of the window).
    App(AppRequest),
}

impl Screens {
    /// Applies one input on a drawable of `size_px`.
    pub fn handle(&mut self, input: Input, size_px: (u32, u32)) -> Option<AppRequest> {
        match input {
            Input::Key(Key::Fullscreen) => return Some(AppRequest::ToggleFullscreen),
            Input::Key(Key::Screenshot) => return Some(AppRequest::Screenshot),
            // M, on every screen but the editor's (its letter there).
            Input::Key(Key::Mute)
                if !matches!(self.top(), Screen::Editor(_) | Screen::EditorList(_)) =>
            {
                self.toggle_mute();
                return None;
            }
            _ => {}
        }
        let size = Vec2::new(size_px.0 as f32, size_px.1 as f32);
        let menu_before = cues::menu_mark(self.top());
        // What the Options screen shows, asked only when it is on top.
        let shown = matches!(self.top(), Screen::Options(_)).then(|| self.shown_options());
        let next = match self.stack.last_mut() {
            Some(Screen::Title(t)) => match t.handle(input, size_px) {
                Some(action) => self.next_from_title(action),
                None => Next::Stay,
            },
            Some(Screen::PlayList(p)) => match p.handle(input, size) {
                Some(PlayListAction::Campaign) => Next::OpenList(None),
                Some(PlayListAction::Pack(i)) => Next::OpenList(Some(i)),
                Some(PlayListAction::Back) => Next::Pop,
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
                Some(action) => self.next_from_play(action),
                None => Next::Stay,
            },
            Some(Screen::Pause(p)) => match p.handle(input, size) {
                Some(action) => Self::next_from_pause(action),
                None => Next::Stay,
            },
            Some(Screen::Options(o)) => match shown.and_then(|shown| o.handle(input, size, &shown))
            {
                Some(OptionsAction::Change(change)) => self.change_option(change),
                Some(OptionsAction::Controls) => Next::Controls,
                Some(OptionsAction::Back) => Next::LeaveOptions,
                None => Next::Stay,
            },
            Some(Screen::Editor(_) | Screen::EditorList(_)) => {
                return self.handle_raw(super::input::RawInput::Input(input), size_px)
            }
            Some(Screen::Results(r)) => match r.handle(input, size) {
                Some(action) => self.next_from_results(action),
                None => Next::Stay,
            },
            Some(Screen::Controls(c)) => {
                let mut keys = self.keymap.clone();
                match c.handle(input, size, &mut keys) {
                    Some(ControlsAction::Changed) => Next::Rebound(keys),
                    Some(ControlsAction::Back) => Next::Pop,
                    None => Next::Stay,
                }
            }
            None => Next::Stay,
        };
        self.cues_after_input(menu_before, !matches!(next, Next::Stay));
        self.go(next, size_px)
    }

    fn next_from_title(&self, action: TitleAction) -> Next {
        match action {
            TitleAction::Play => Next::Push(Screen::PlayList(PlayListScreen::new(
                crate::packs::list_packs(&self.pack_roots),
            ))),
            TitleAction::Quit => Next::Quit,
            TitleAction::Continue => Next::Continue,
            TitleAction::Editor => Next::Push(Screen::EditorList(Box::new(
                editor::list::EditorList::new(&self.campaign.dir),
            ))),
            TitleAction::Options => Next::Push(Screen::Options(OptionsScreen::new(false))),
        }
    }

    fn next_from_play(&self, action: PlayAction) -> Next {
        let testing = self.testing();
        match action {
            PlayAction::Pause if testing => Next::EndTest(TestEnd::Back),
            PlayAction::Won(r) if testing => Next::EndTest(TestEnd::Won {
                relics: r.relics,
                total: r.relics_total,
                turns: r.turns,
            }),
            PlayAction::Retreated(r) if testing => Next::EndTest(TestEnd::Retreated {
                relics: r.relics,
                total: r.relics_total,
                turns: r.turns,
            }),
            PlayAction::Pause => Next::Push(Screen::Pause(PauseScreen::default())),
            PlayAction::Won(r) => Next::Won(r),
            PlayAction::Retreated(r) => Next::Retreated(r),
        }
    }

    fn next_from_pause(action: PauseAction) -> Next {
        match action {
            PauseAction::Resume => Next::Pop,
            PauseAction::Restart => Next::Restart,
            PauseAction::Notes => Next::Notes,
            PauseAction::LevelSelect => Next::LevelSelect,
            PauseAction::Options => Next::Push(Screen::Options(OptionsScreen::new(true))),
            PauseAction::QuitToTitle => Next::QuitToTitle,
            PauseAction::Quit => Next::Quit,
        }
    }

    fn next_from_results(&self, action: ResultsAction) -> Next {
        match action {
            ResultsAction::Next => {
                let next = self
                    .playing
                    .as_ref()
                    .and_then(|p| p.index)
                    .map_or(0, |i| i + 1);
                Next::Play(next)
            }
            // Replay is the ordinary restart of the same game: an undoable
            // step, so nothing played is lost.
            ResultsAction::Replay => Next::Restart,
            ResultsAction::GoBack => Next::GoBack,
            ResultsAction::LevelSelect => Next::LevelSelect,
        }
    }

    /// Makes the move `next`; what the main loop must do, if anything.
    fn go(&mut self, next: Next, size_px: (u32, u32)) -> Option<AppRequest> {
        match next {
            Next::Stay => {}
            Next::App(request) => return Some(request),
            Next::Quit => {
                self.save_game();
                self.flush_saves();
                return Some(AppRequest::Quit);
            }
            Next::Continue => self.continue_game(),
            Next::Resume(index, restart) => self.resume_campaign_level(index, restart, size_px),
            Next::Push(s) => self.stack.push(s),
            Next::Controls => self.open_controls(),
            Next::LeaveOptions => {
                self.go(Next::Pop, size_px);
                return Some(AppRequest::KeepSettings);
            }
            Next::Pop => {
                if self.stack.len() > 1 {
                    self.stack.pop();
                }
                if matches!(self.top(), Screen::Title(_) | Screen::PlayList(_)) {
                    self.use_campaign();
                }
                self.refresh_title();
            }
            Next::OpenList(which) => self.open_list(which),
            Next::Rebound(keys) => self.set_keymap(keys),
            Next::Play(i) => self.play_campaign(i),
            Next::Equipped(i, loadout) => self.play_campaign_with(i, loadout),
            Next::Won(r) => self.won(r),
            Next::Retreated(r) => self.retreated(r),
            Next::Notes => {
                self.stack.pop();
                if let Some(p) = self.play_mut() {
                    p.show_notes();
                }
            }
            // The overlay closes and the play screen beneath takes the key.
            Next::GoBack | Next::Restart => {
                self.stack.pop();
                let key = match next {
                    Next::GoBack => Key::Undo,
                    _ => Key::Restart,
                };
                if let Some(p) = self.play_mut() {
                    p.handle(Input::Key(key), size_px);
                }
            }
            Next::LevelSelect => self.back_to_level_select(),
            Next::QuitToTitle => self.quit_to_title(),
            Next::EndTest(how) => self.end_test(how),
        }
        None
    }
}
