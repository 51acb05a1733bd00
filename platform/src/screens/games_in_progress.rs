//! Games in progress on the screens: which level's save a level in play
//! goes to, saving it on leaving (the pause menu's Level select and Quit
//! to title), on quitting and every few seconds of play (`crate::saves`
//! writes off the frame), Title → Continue (focused whenever the title
//! shows with a game in progress), the level select's Resume/Restart, and
//! forgetting a game once it is won.
//!
//! Entering a level that has a game in progress resumes it, wherever the
//! level is entered from (the level select asks first); so a game is only
//! ever replaced by its own continuation, never by a fresh start. A save
//! that cannot resume is moved aside by `crate::saves` and the player is
//! told why.
use std::path::PathBuf;

use game::equipment::{equip, Loadout};
use game::level::Level;
use log::{info, warn};

use super::input::{Input, Key};
use super::level_select::LevelSelectScreen;
use super::play::PlayScreen;
use super::title::TitleScreen;
use super::{Playing, Screen, Screens};
use crate::saves::{ResumeError, Resumed, SavedLevel, Saves};

/// Seconds of play between autosaves of the game in progress.
pub const AUTOSAVE_S: f32 = 3.0;

impl Screens {
    /// Saves games in progress in `dir` from now on (and offers to continue
    /// one found there); `None` saves nothing.
    pub fn set_saves_dir(&mut self, dir: Option<PathBuf>) {
        self.saves = dir.map(Saves::new);
        if let [Screen::Title(_)] = self.stack.as_slice() {
            self.stack = vec![Screen::Title(self.title_screen())];
        }
    }

    /// The title, with Continue when a game is in progress.
    pub(super) fn title_screen(&self) -> TitleScreen {
        match self.saves.as_ref().and_then(Saves::newest) {
            Some(_) => TitleScreen::with_continue(),
            None => TitleScreen::new(),
        }
    }

    /// The title back on top (from a screen over it): its menu as
    /// [`Screens::title_screen`] makes it now — a game may have been saved
    /// since it was made — so Continue is shown, and focused, when there
    /// is a game in progress. Its notice stays.
    pub(super) fn refresh_title(&mut self) {
        let fresh = self.title_screen();
        if let Some(Screen::Title(t)) = self.stack.last_mut() {
            // Back from Options, Options keeps the focus; else the fresh
            // focus (Continue, or Play).
            let options = super::title::MenuItem::Options;
            let selected = match (
                t.menu.get(t.selected),
                fresh.menu.iter().position(|&m| m == options),
            ) {
                (Some(&was), Some(at)) if was == options => at,
                _ => fresh.selected,
            };
            *t = TitleScreen {
                notice: t.notice.take(),
                selected,
                ..fresh
            };
        }
    }

    /// The level select, the levels with a game in progress marked.
    pub(super) fn level_select(&self) -> LevelSelectScreen {
        let screen = LevelSelectScreen::new(&self.campaign, &self.progress);
        let Some(saves) = &self.saves else {
            return screen;
        };
        let which = |i: usize| self.campaign.saved_level(i);
        let marks = (0..self.campaign.levels.len())
            .map(|i| which(i).is_some_and(|w| saves.has(&w)))
            .collect();
        let newest = saves.newest();
        let latest = (0..self.campaign.levels.len())
            .position(|i| which(i).is_some_and(|w| Some(saves.path(&w)) == newest));
        screen.with_games_in_progress(marks, latest)
    }

    /// Starts `level` (as written; campaign level `index`), saved as
    /// `saved_as`: its game in progress if it has one (equipped as that
    /// game was), else from the start equipped with `loadout`.
    pub(super) fn play_level(
        &mut self,
        level: Level,
        index: Option<usize>,
        saved_as: Option<SavedLevel>,
        loadout: Loadout,
    ) -> Result<(), crate::error::OpenError> {
        let saved = match (&self.saves, &saved_as) {
            (Some(saves), Some(which)) if saves.has(which) => Some(saves.path(which)),
            _ => None,
        };
        let mut notice = None;
        if let Some(path) = saved {
            match self.resume_path(&path) {
                Ok(()) => return Ok(()),
                Err(e) => notice = Some(e.to_string()),
            }
        }
        let level = equip(&level, &loadout)
            .map_err(|e| format!("{}: cannot equip {loadout}: {e}", level.name))?;
        let mut play = PlayScreen::new(&level)?;
        // A level met for the first time starts with its intro card.
        let cleared = index
            .and_then(|i| self.campaign.levels.get(i))
            .is_some_and(|e| self.progress.won(&e.key));
        if !cleared {
            play.show_intro();
        }
        self.enter_play(level, loadout, index, play, saved_as);
        if let Some(n) = notice {
            self.notify(n);
        }
        Ok(())
    }

    /// Resumes the save at `path`.
    fn resume_path(&mut self, path: &std::path::Path) -> Result<(), ResumeError> {
        let Some(saves) = &mut self.saves else {
            return Err(ResumeError::Unusable("games are not saved here".into()));
        };
        let Resumed {
            level,
            loadout,
            index,
            which,
            session,
            hero,
        } = saves.resume(path, &self.campaign)?;
        // A level of a level pack (Continue from the title): played in its
        // pack, so its end is recorded there and Next level follows it.
        let index = match (&which, index) {
            (SavedLevel::File(p), None) => self.open_pack_of(p).or(index),
            _ => index,
        };
        info!(
            "continuing {} at step {}",
            level.name,
            session.undo_log().undoable()
        );
        let mut play = PlayScreen::with_session(&level, session);
        if let Some(id) = hero {
            play.select_hero_id(&id);
        }
        self.enter_play(level, loadout, index, play, Some(which));
        Ok(())
    }

    /// Title → Continue: the game saved last, exactly where it was left.
    pub(super) fn continue_game(&mut self) {
        let Some(path) = self.saves.as_ref().and_then(Saves::newest) else {
            return;
        };
        match self.resume_path(&path) {
            Ok(()) => {}
            Err(ResumeError::LevelChanged { index, message, .. }) => {
                // Offer the level afresh: the level select, on it.
                let mut select = self.level_select();
                if let Some(i) = index {
                    select.menu.selected = i;
                }
                select.notice = Some(message);
                self.stack = vec![
                    Screen::Title(self.title_screen()),
                    Screen::LevelSelect(select),
                ];
            }
            Err(e) => {
                self.stack = vec![Screen::Title(TitleScreen {
                    notice: Some(e.to_string()),
                    ..self.title_screen()
                })];
            }
        }
    }

    /// The level select's Resume (or Restart: resumed, then restarted as
    /// an undoable step) of campaign level `index`.
    pub(super) fn resume_campaign_level(
        &mut self,
        index: usize,
        restart: bool,
        size_px: (u32, u32),
    ) {
        let Some(Ok(level)) = self.campaign.levels.get(index).map(|e| e.level.clone()) else {
            return;
        };
        if let Err(e) = self.start_level(level, Some(index)) {
            warn!("cannot start level {index}: {e}");
            return;
        }
        if restart {
            if let Some(p) = self.play_mut() {
                p.handle(Input::Key(Key::Restart), size_px);
            }
        }
    }

    /// Saves the game in progress, if there is one that changed since it
    /// was last saved (queued: written off this thread).
    pub fn save_game(&mut self) {
        let Some(saves) = &mut self.saves else { return };
        let Some(Playing {
            level,
            loadout,
            saved_as: Some(which),
            ..
        }) = &self.playing
        else {
            return;
        };
        let Some(play) = self.stack.iter().rev().find_map(|s| match s {
            Screen::Play(p) => Some(&**p),
            _ => None,
        }) else {
            return;
        };
        // A cleared level's game is over (a retreat stays: undo goes back in).
        if play.session.stage().outcome() == game::stage::Outcome::Cleared {
            return;
        }
        let at = (
            play.session.undo_log().undoable(),
            play.session.state_hash(),
            play.selected_hero(),
        );
        self.unsaved_s = 0.0;
        if self.saved_at == Some(at) && saves.has(which) {
            return;
        }
        match saves.save(
            which,
            loadout,
            play.selected_hero_id(),
            &play.session,
            level,
        ) {
            Ok(()) => self.saved_at = Some(at),
            Err(e) => {
                warn!("{e}");
                self.notify(e);
            }
        }
    }

    /// Waits for the saves asked for (leaving a level, quitting), telling
    /// the player of any that failed.
    pub fn flush_saves(&mut self) {
        self.wait_for_saves();
        self.report_save_failures();
    }

    /// Waits for the saves asked for, telling nobody yet.
    pub(super) fn wait_for_saves(&mut self) {
        if let Some(saves) = &mut self.saves {
            saves.flush();
        }
    }

    /// Tells the player, on the top screen, of the last save that failed.
    pub(super) fn report_save_failures(&mut self) {
        let failures = self.saves.as_mut().map(Saves::failures).unwrap_or_default();
        if let Some(last) = failures.into_iter().last() {
            warn!("{last}");
            // Not saved after all: try again at the next autosave.
            self.saved_at = None;
            self.notify(last);
        }
    }

    /// The level in play was won: its game in progress is over.
    pub(super) fn forget_game(&mut self) {
        if let (
            Some(saves),
            Some(Playing {
                saved_as: Some(which),
                ..
            }),
        ) = (&mut self.saves, &self.playing)
        {
            saves.clear(which);
        }
        self.saved_at = None;
    }

    /// Autosaves every [`AUTOSAVE_S`] of play.
    pub(super) fn autosave(&mut self, dt_s: f32) {
        if matches!(self.stack.last(), Some(Screen::Play(_))) {
            self.unsaved_s += dt_s;
            if self.unsaved_s >= AUTOSAVE_S {
                self.save_game();
            }
        }
        self.report_save_failures();
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{clear_loop_back, key, pause_and_choose, screens};
    use super::super::title;
    use super::*;

    fn saves_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "rappel-screens-saves-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    /// Screens saving in the scratch folder `name`, playing the campaign's
    /// first level.
    fn playing_first_level(name: &str) -> (PathBuf, Screens) {
        let dir = saves_dir(name);
        let mut s = screens();
        s.set_saves_dir(Some(dir.clone()));
        let level = s.campaign.levels[0].level.clone().unwrap();
        s.start_level(level, Some(0)).unwrap();
        (dir, s)
    }

    fn campaign_save(dir: &std::path::Path, file: &str) -> PathBuf {
        dir.join(SavedLevel::Campaign(file.into()).file_name())
    }

    /// Escape, then the pause menu's Level select.
    fn leave_for_level_select(s: &mut Screens) {
        if s.play().is_some_and(|p| p.intro_open()) {
            key(s, Key::Escape);
        }
        pause_and_choose(s, super::super::pause::PauseAction::LevelSelect);
        assert!(matches!(s.top(), Screen::LevelSelect(_)));
    }

    #[test]
    fn a_game_left_in_progress_continues_exactly_with_its_undo_history() {
        let dir = saves_dir("continue");
        let mut s = screens();
        s.set_saves_dir(Some(dir.clone()));
        assert_eq!(
            s.title_screen().menu,
            title::MENU.to_vec(),
            "nothing to continue"
        );
        let level = s.campaign.levels[1].level.clone().unwrap();
        s.start_level(level, Some(1)).unwrap();
        key(&mut s, Key::Right);
        key(&mut s, Key::Enter);
        key(&mut s, Key::Enter); // Yes, end it (AP left).
        let (hash, steps) = {
            let p = s.play().unwrap();
            (p.session.state_hash(), p.session.undo_log().undoable())
        };
        assert_eq!(steps, 2, "a step and an end of turn");
        // Leaving for the level select saves it, and marks it there.
        leave_for_level_select(&mut s);
        assert!(campaign_save(&dir, "rope_descent.txt").is_file());
        let Screen::LevelSelect(l) = s.top() else {
            unreachable!()
        };
        assert_eq!(l.in_progress[..2], [false, true]);
        assert_eq!(l.menu.selected, 1, "on the game in progress");
        // A new run: Continue comes first and resumes exactly there.
        drop(s);
        let mut again = screens();
        again.set_saves_dir(Some(dir.clone()));
        let Screen::Title(t) = again.top() else {
            panic!("the title");
        };
        assert_eq!(t.menu[0], title::MenuItem::Continue);
        key(&mut again, Key::Enter);
        let p = again.play().expect("playing again");
        assert_eq!(p.level_name, "Rope descent");
        assert_eq!(p.session.state_hash(), hash);
        assert_eq!(p.session.undo_log().undoable(), steps);
        // Z undoes the steps made before quitting, one by one.
        key(&mut again, Key::Undo);
        key(&mut again, Key::Undo);
        assert_eq!(again.play().unwrap().session.undo_log().undoable(), 0);
        assert_eq!(again.play().unwrap().session.undo_log().redoable(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn continue_selects_the_hero_the_game_was_left_with() {
        let (dir, mut s) = playing_first_level("hero");
        key(&mut s, Key::Escape); // The intro card.
        key(&mut s, Key::Hero(1));
        assert_eq!(s.play().unwrap().selected_hero_id(), Some("scout"));
        key(&mut s, Key::Right);
        s.save_game();
        s.flush_saves();
        // Selecting another hero changes no state, and is saved all the same.
        key(&mut s, Key::Hero(2));
        assert!(s.request_quit());
        drop(s);
        let sav = campaign_save(&dir, "loop_back.txt");
        let saved = game::io::save::SavedGame::decode(&std::fs::read(&sav).unwrap()).unwrap();
        assert_eq!(saved.origin, "campaign loop_back.txt hero sorceress");
        let resumed = |dir: &PathBuf| {
            let mut s = screens();
            s.set_saves_dir(Some(dir.clone()));
            key(&mut s, Key::Enter); // Continue.
            let id = s
                .play()
                .expect("resumed")
                .selected_hero_id()
                .map(str::to_string);
            id
        };
        assert_eq!(resumed(&dir).as_deref(), Some("sorceress"));
        // A save from before the hero was kept: the first hero.
        let mut old = saved.clone();
        old.origin = "campaign loop_back.txt".into();
        std::fs::write(&sav, old.encode().unwrap()).unwrap();
        assert_eq!(resumed(&dir).as_deref(), Some("knight"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The length of the rope `hero` holds in the game in play.
    fn held_rope(s: &Screens, hero: &str) -> Option<u16> {
        let stage = s.play()?.session.stage();
        let rope = stage.held(stage.find(hero)?)?;
        Some(stage.thing(rope)?.data.rope_len_cells)
    }

    #[test]
    fn a_relic_unlocks_the_long_rope_the_next_level_offers_it_and_continue_keeps_it() {
        let (dir, mut s) = playing_first_level("equipment");
        assert!(s.progress.unlocked_equipment().is_empty());
        clear_loop_back(&mut s);
        assert!(matches!(s.top(), Screen::Results(_)), "results");
        assert_eq!(
            s.progress.unlocked_equipment(),
            [game::equipment::Equipment::LongRope]
        );
        // Next level: the loadout screen comes first.
        key(&mut s, Key::Enter);
        let Screen::LevelSelect(l) = s.top() else {
            panic!("the loadout screen, in the level select");
        };
        let screen = l.loadout.as_ref().expect("the loadout screen");
        assert_eq!(screen.level().name, "Rope descent");
        assert_eq!(
            screen.notice.as_deref(),
            Some("Unlocked: the long rope (1 relic recovered)"),
            "the news, once"
        );
        assert!(s.play().is_none());
        // The long rope to the knight (the only hero with a rope), Start.
        key(&mut s, Key::Right);
        key(&mut s, Key::Down);
        key(&mut s, Key::Down);
        key(&mut s, Key::Down);
        key(&mut s, Key::Enter);
        assert!(matches!(s.top(), Screen::Play(_)), "playing");
        assert_eq!(s.play().unwrap().level_name, "Rope descent");
        let playing = s.playing.as_ref().expect("playing");
        assert_eq!(playing.loadout.to_string(), "knight:long_rope");
        match playing.level.thing("knight").map(|t| &t.kind) {
            Some(game::level::ThingSpecKind::Hero { rope_len_cells, .. }) => {
                assert_eq!(*rope_len_cells, Some(12), "8 cells and 4 more")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(held_rope(&s, "knight"), Some(12), "in the game too");
        key(&mut s, Key::Escape); // The intro card.
        key(&mut s, Key::Right);
        let hash = s.play().unwrap().session.state_hash();
        // Quit; a new run continues on the same equipped level.
        assert!(s.request_quit());
        let progress = s.progress.clone();
        drop(s);
        let sav = campaign_save(&dir, "rope_descent.txt");
        let bytes = std::fs::read(&sav).expect("saved");
        let saved = game::io::save::SavedGame::decode(&bytes).expect("decodes");
        assert_eq!(
            saved.origin,
            "campaign rope_descent.txt loadout knight:long_rope hero knight"
        );
        let mut again = screens();
        again.progress = progress;
        again.set_saves_dir(Some(dir.clone()));
        key(&mut again, Key::Enter); // Continue.
        assert!(matches!(again.top(), Screen::Play(_)), "resumed at once");
        assert_eq!(again.play().unwrap().session.state_hash(), hash);
        assert_eq!(held_rope(&again, "knight"), Some(12));
        assert_eq!(
            again.playing.as_ref().map(|p| p.loadout.to_string()),
            Some("knight:long_rope".into())
        );
        // The level select resumes it too, without the loadout screen.
        pause_and_choose(&mut again, super::super::pause::PauseAction::LevelSelect);
        key(&mut again, Key::Enter); // Resume or Restart?
        key(&mut again, Key::Enter); // Resume.
        assert!(matches!(again.top(), Screen::Play(_)));
        assert_eq!(held_rope(&again, "knight"), Some(12));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn restart_from_the_level_select_keeps_the_old_game_one_undo_away() {
        let (dir, mut s) = playing_first_level("restart");
        key(&mut s, Key::Right);
        let moved = s.play().unwrap().session.state_hash();
        leave_for_level_select(&mut s);
        // Enter asks; Down, Enter: Restart.
        key(&mut s, Key::Enter);
        key(&mut s, Key::Down);
        key(&mut s, Key::Enter);
        let p = s.play().expect("playing");
        let fresh = game::session::Session::new(&s.campaign.levels[0].level.clone().unwrap())
            .unwrap()
            .state_hash();
        assert_eq!(p.session.state_hash(), fresh, "from the start");
        key(&mut s, Key::Undo);
        assert_eq!(
            s.play().unwrap().session.state_hash(),
            moved,
            "the old game is back"
        );
        // Entering the level any other way resumes it too, never a blank
        // start over the save.
        leave_for_level_select(&mut s);
        let level = s.campaign.levels[0].level.clone().unwrap();
        s.start_level(level, Some(0)).unwrap();
        assert_eq!(s.play().unwrap().session.state_hash(), moved);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn winning_forgets_the_game_in_progress() {
        let (dir, mut s) = playing_first_level("won");
        // Saved at its start (nothing to undo), then won.

        s.save_game();
        s.flush_saves();
        let sav = campaign_save(&dir, "loop_back.txt");
        assert!(sav.is_file());
        clear_loop_back(&mut s);
        assert!(matches!(s.top(), Screen::Results(_)), "won");
        s.flush_saves();
        assert!(!sav.exists(), "a won level has no game in progress");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_save_is_moved_aside_with_a_message_and_play_goes_on() {
        let (dir, mut s) = playing_first_level("damaged");
        key(&mut s, Key::Right);
        s.save_game();
        s.flush_saves();
        let sav = campaign_save(&dir, "loop_back.txt");
        let mut bytes = std::fs::read(&sav).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0xff;
        std::fs::write(&sav, &bytes).unwrap();
        drop(s);
        let mut again = screens();
        again.set_saves_dir(Some(dir.clone()));
        key(&mut again, Key::Enter);
        let Screen::Title(t) = again.top() else {
            panic!("back on the title");
        };
        assert!(
            t.notice
                .as_deref()
                .is_some_and(|n| n.contains("could not be loaded")),
            "{:?}",
            t.notice
        );
        assert_eq!(t.menu, title::MENU.to_vec(), "nothing left to continue");
        let mut aside = sav.clone().into_os_string();
        aside.push(".damaged");
        assert_eq!(
            std::fs::read(&aside).unwrap(),
            bytes,
            "kept aside as it was"
        );
        key(&mut again, Key::Enter);
        key(&mut again, Key::Enter);
        assert!(
            matches!(again.top(), Screen::LevelSelect(_)),
            "and play goes on"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_save_naming_its_level_with_control_characters_is_told_escaped_on_the_title() {
        use game::level::fixtures::{assert_shown_escaped, hostile};
        let (dir, mut s) = playing_first_level("hostile");
        key(&mut s, Key::Right);
        s.save_game();
        s.flush_saves();
        drop(s);
        let sav = campaign_save(&dir, "loop_back.txt");
        let mut saved = game::io::save::SavedGame::decode(&std::fs::read(&sav).unwrap()).unwrap();
        for file in [
            "rope\u{1b}[2J\u{7}_descent.txt".to_string(),
            hostile("rope", ".txt"),
        ] {
            saved.origin = format!("campaign {file}");
            std::fs::write(&sav, saved.encode().unwrap()).unwrap();
            let mut again = screens();
            again.set_saves_dir(Some(dir.clone()));
            key(&mut again, Key::Enter); // Continue.
            let Screen::Title(t) = again.top() else {
                panic!("back on the title");
            };
            let notice = t.notice.clone().expect("told why");
            assert!(
                notice.contains("is no longer in the campaign"),
                "{notice:?}"
            );
            assert_shown_escaped(&notice, &file);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Screens whose data folder `name` cannot be written (a file is in
    /// its way), playing the campaign's first level, a step made.
    fn blocked_and_playing(name: &str) -> (PathBuf, Screens) {
        let dir = saves_dir(name);
        std::fs::create_dir_all(dir.parent().unwrap()).unwrap();
        std::fs::write(&dir, b"in the way").unwrap();
        let mut s = screens();
        s.progress = crate::progress::Progress::empty(Some(dir.join("progress.txt")));
        s.set_saves_dir(Some(dir.join("saves")));
        let level = s.campaign.levels[0].level.clone().unwrap();
        s.start_level(level, Some(0)).unwrap();
        key(&mut s, Key::Right);
        (dir, s)
    }

    /// Asserts that `notice` tells the player a save failed.
    fn assert_told_not_saved(notice: &Option<String>) {
        assert!(
            notice
                .as_deref()
                .is_some_and(|n| n.contains("could not be saved")),
            "{notice:?}"
        );
    }

    #[test]
    fn a_data_folder_that_cannot_be_written_says_so_and_the_game_plays_on() {
        let (dir, mut s) = blocked_and_playing("blocked");
        s.save_game();
        s.flush_saves();
        let message = format!("{:?}", s.play().unwrap().message());
        assert!(message.contains("could not be saved"), "{message}");
        key(&mut s, Key::Undo);
        // Clear the level: the result is shown, with why it was not kept.
        clear_loop_back(&mut s);
        let Screen::Results(r) = s.top() else {
            panic!("won all the same");
        };
        assert_told_not_saved(&r.notice);
        let _ = std::fs::remove_file(&dir);
    }

    /// Where the title's focus is, if the title is on top.
    fn title_focus(s: &Screens) -> Option<title::MenuItem> {
        match s.top() {
            Screen::Title(t) => Some(t.menu[t.selected]),
            _ => None,
        }
    }

    #[test]
    fn back_on_the_title_with_a_game_in_progress_continue_has_the_focus() {
        let (dir, mut s) = playing_first_level("title-focus");
        key(&mut s, Key::Escape); // The intro card.
        key(&mut s, Key::Right);
        let steps = s.play().unwrap().session.undo_log().undoable();
        // Level select, Escape, Escape: on the title, on Continue.
        leave_for_level_select(&mut s);
        key(&mut s, Key::Escape);
        assert_eq!(title_focus(&s), Some(title::MenuItem::Continue));
        key(&mut s, Key::Escape);
        assert_eq!(title_focus(&s), Some(title::MenuItem::Continue));
        // Play, and back: on Continue again.
        key(&mut s, Key::Down);
        key(&mut s, Key::Enter);
        assert!(matches!(s.top(), Screen::PlayList(_)));
        key(&mut s, Key::Escape);
        assert_eq!(title_focus(&s), Some(title::MenuItem::Continue));
        // Enter goes back in where the game was left.
        key(&mut s, Key::Enter);
        let p = s.play().expect("continued");
        assert_eq!(p.session.undo_log().undoable(), steps);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn quit_to_title_saves_the_game_and_continue_goes_back_in() {
        use super::super::pause::PauseAction;
        let (dir, mut s) = playing_first_level("quit-to-title");
        key(&mut s, Key::Escape); // The intro card.
        key(&mut s, Key::Right);
        let (hash, steps) = {
            let p = s.play().unwrap();
            (p.session.state_hash(), p.session.undo_log().undoable())
        };
        pause_and_choose(&mut s, PauseAction::QuitToTitle);
        assert!(s.play().is_none(), "the level is left");
        assert!(matches!(s.stack.as_slice(), [Screen::Title(_)]));
        assert!(campaign_save(&dir, "loop_back.txt").is_file(), "saved");
        assert_eq!(title_focus(&s), Some(title::MenuItem::Continue));
        key(&mut s, Key::Enter);
        let p = s.play().expect("continued");
        assert_eq!(p.session.state_hash(), hash);
        assert_eq!(p.session.undo_log().undoable(), steps);
        // A save that fails is told on the title.
        let (dir_blocked, mut s) = blocked_and_playing("quit-blocked");
        pause_and_choose(&mut s, PauseAction::QuitToTitle);
        let Screen::Title(t) = s.top() else {
            panic!("the title");
        };
        assert_told_not_saved(&t.notice);
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_file(&dir_blocked);
    }
}
