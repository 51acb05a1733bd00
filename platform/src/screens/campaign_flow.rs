//! The campaign's flow on the screen stack: starting a campaign level
//! (through the loadout screen when equipment is unlocked), and what the
//! end of one records (relics, results) and shows (results, level select).

use game::equipment::Loadout;
use log::{info, warn};

use super::play_list::PlayListScreen;
use super::results::ResultsScreen;
use super::{loadout, Screen, Screens};
use crate::progress::LevelResult;

impl Screens {
    /// Campaign level `index` from the level select or Next level: its
    /// game in progress if it has one; else the loadout screen first when
    /// equipment is unlocked (or required); else the level.
    pub(super) fn play_campaign(&mut self, index: usize) {
        let Some(Ok(level)) = self.campaign.levels.get(index).map(|e| e.level.clone()) else {
            return;
        };
        let in_progress = self
            .saves
            .as_ref()
            .zip(self.campaign.saved_level(index))
            .is_some_and(|(saves, which)| saves.has(&which));
        if !in_progress && loadout::wanted(&level, &self.progress.unlocked_equipment()) {
            self.save_game();
            self.flush_saves();
            self.zoom = self.zoom();
            let mut select = self.level_select();
            select.open_loadout(index, &level, &self.progress);
            if let Some(screen) = &mut select.loadout {
                screen.notice = self.unlocked_news.take();
            }
            let mut stack = self.base_stack();
            stack.push(Screen::LevelSelect(select));
            self.stack = stack;
            self.playing = None;
            return;
        }
        if let Err(e) = self.start_level(level, Some(index)) {
            warn!("cannot start level {index}: {e}");
        }
    }

    /// The loadout screen's Start: campaign level `index` equipped.
    pub(super) fn play_campaign_with(&mut self, index: usize, loadout: Loadout) {
        let Some(Ok(level)) = self.campaign.levels.get(index).map(|e| e.level.clone()) else {
            return;
        };
        if let Err(e) = self.start_level_with(level, Some(index), loadout) {
            warn!("cannot start level {index}: {e}");
            self.notify(format!("Cannot start the level: {e}"));
        }
    }

    /// Records the relics a campaign level's end brought out (cleared or
    /// a retreat: both count towards equipment), in memory; newly unlocked
    /// equipment is told on the next loadout screen or level list. Whether
    /// it is more than ever before (and so must be saved).
    fn note_relics(&mut self, relics: u32) -> bool {
        let Some(file) = self.campaign_file() else {
            return false;
        };
        let before = self.progress.unlocked_equipment();
        if !self.progress.record_relics(&file, relics) {
            return false;
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
        true
    }

    /// The level file of the campaign level being played, if it is one.
    fn campaign_file(&self) -> Option<String> {
        self.playing
            .as_ref()
            .and_then(|p| p.index)
            .and_then(|i| self.campaign.levels.get(i))
            .map(|e| e.key.clone())
    }

    /// Saves the progress (one atomic write of all it holds); why it was
    /// not saved, to tell the player, if it was not.
    fn save_progress(&mut self, what: &str) -> Option<String> {
        self.progress.save().err().map(|e| {
            warn!("{e}");
            format!("Your {what} could not be saved: {e}")
        })
    }

    /// Leaves the level in play for the screens `then` makes once its
    /// game is saved (the save waited for, so they see it; a failure is
    /// told on the new top screen); its zoom is kept for the next level.
    fn leave_level(&mut self, then: impl FnOnce(&mut Screens) -> Vec<Screen>) {
        self.save_game();
        self.wait_for_saves();
        self.zoom = self.zoom();
        self.playing = None;
        self.stack = then(self);
        self.report_save_failures();
    }

    pub(super) fn back_to_level_select(&mut self) {
        self.leave_level(|s| {
            let mut select = s.level_select();
            select.notice = s.unlocked_news.take();
            let mut stack = s.base_stack();
            stack.push(Screen::LevelSelect(select));
            stack
        });
    }

    /// The pause menu's Quit to title: the level left as for the level
    /// select (its game saved), the title alone on the stack with
    /// Continue focused.
    pub(super) fn quit_to_title(&mut self) {
        self.leave_level(|s| {
            s.use_campaign();
            vec![Screen::Title(s.title_screen())]
        });
    }

    /// The screens under a level select: the title, and the Play screen
    /// when a pack is being played (so Escape leads back to the packs).
    pub(super) fn base_stack(&self) -> Vec<Screen> {
        let mut stack = vec![Screen::Title(self.title_screen())];
        if self.campaign.pack.is_some() {
            stack.push(Screen::PlayList(PlayListScreen::new(
                crate::packs::list_packs(&self.pack_roots),
            )));
        }
        stack
    }

    /// The Play screen's choice: the level select of the campaign
    /// (`None`) or of pack `n` of its list, whose levels, progress and
    /// saves are the pack's own.
    pub(super) fn open_list(&mut self, which: Option<usize>) {
        let pack = which.and_then(|i| match self.top() {
            Screen::PlayList(p) => p.packs.get(i).and_then(|l| l.pack.clone().ok()),
            _ => None,
        });
        match pack {
            Some(pack) => {
                let shipped = std::mem::replace(&mut self.campaign, pack);
                if self.shipped.is_none() {
                    self.shipped = Some(shipped);
                }
            }
            None => self.use_campaign(),
        }
        let select = self.level_select();
        self.stack.push(Screen::LevelSelect(select));
    }

    /// Ctrl+V on the Play screen: imports a pack's text into a new folder
    /// of the import folder (`game::campaign::import_pack_text`), lists it
    /// and selects it; refused with the reason, nothing written, when the
    /// text is not a whole, good pack.
    pub(super) fn import_pack(&mut self, text: &str) {
        let told = match &self.pack_import_dir {
            None => "Not imported: there is no data folder to keep packs in".to_string(),
            Some(root) => match game::campaign::import_pack_text(text, root) {
                Ok(dir) => {
                    let packs = crate::packs::list_packs(&self.pack_roots);
                    let at = packs.iter().position(|p| p.dir == dir);
                    let label = at.map_or(String::new(), |i| packs[i].label.clone());
                    if let Some(Screen::PlayList(p)) = self.stack.last_mut() {
                        p.packs = packs;
                        p.menu.selected = at.map_or(0, |i| i + 1);
                    }
                    info!("imported a pack into {}", dir.display());
                    format!("Imported '{label}' into {}", dir.display())
                }
                Err(problems) => {
                    let more = match problems.len() {
                        0 | 1 => String::new(),
                        n => format!(" (and {} more)", n - 1),
                    };
                    let first = problems
                        .first()
                        .map(ToString::to_string)
                        .unwrap_or_default();
                    warn!("pack not imported: {first}{more}");
                    format!("Not imported: {first}{more}")
                }
            },
        };
        self.notify(told);
    }

    /// When the level file at `path` is a level of a pack that loads (its
    /// folder holds `pack.txt`): that pack in place of the campaign, and
    /// the level's index in it.
    pub(super) fn open_pack_of(&mut self, path: &std::path::Path) -> Option<usize> {
        let dir = path.parent()?;
        if !dir.join(game::campaign::PACK_FILE).is_file() {
            return None;
        }
        let pack = crate::packs::listing(dir).pack.ok()?;
        let index = pack.index_of(path)?;
        let shipped = std::mem::replace(&mut self.campaign, pack);
        if self.shipped.is_none() {
            self.shipped = Some(shipped);
        }
        Some(index)
    }

    /// The campaign back in place of a pack, if one was being played.
    pub(super) fn use_campaign(&mut self) {
        if let Some(c) = self.shipped.take() {
            self.campaign = c;
        }
    }

    pub(super) fn won(&mut self, result: LevelResult) {
        self.forget_game();
        // The result is of the level as its list holds it now: its
        // fingerprint tells a best won on an earlier version of it.
        let level = self
            .playing
            .as_ref()
            .and_then(|p| self.campaign.levels.get(p.index?))
            .and_then(|e| e.level.as_ref().ok())
            .map(game::io::save::level_fingerprint);
        let chosen: Vec<_> = self.chosen_equipment().items().map(|(e, _)| e).collect();
        let result = LevelResult {
            level,
            equipment: game::equipment::EquipmentSet::of(&chosen),
            ..result
        };
        let mut unsaved = None;
        // The relics and the result are recorded together and saved in
        // one write: a crash between two saves would keep the relics and
        // lose the win.
        self.note_relics(result.relics);
        let (name, previous, has_next) = match &self.playing {
            Some(p) => {
                let name = p.level.name.clone();
                match p
                    .index
                    .and_then(|i| Some((i, self.campaign.levels.get(i)?)))
                {
                    Some((i, entry)) => {
                        let file = entry.key.clone();
                        let previous = self.progress.best(&file);
                        self.progress.record(&file, result);
                        unsaved = self.save_progress("result");
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
        results.notice = unsaved;
        results.par = self.playing.as_ref().and_then(|p| p.level.par);
        results.loadout = self.chosen_equipment();
        results.campaign_complete = !has_next
            && self.playing.as_ref().is_some_and(|p| p.index.is_some())
            && self
                .campaign
                .levels
                .iter()
                .all(|e| self.progress.won(&e.key));
        results.in_pack = self.campaign.pack.is_some();
        if results.campaign_complete {
            info!("every level of the list cleared");
        }
        self.stack.push(Screen::Results(results));
    }

    /// The equipment of the game being played that the player chose: its
    /// loadout without what the level requires (a campaign or pack level,
    /// as its list holds it); none for a level opened by path or test
    /// played, which start with what they require only.
    fn chosen_equipment(&self) -> Loadout {
        let Some(p) = &self.playing else {
            return Loadout::new();
        };
        let written = p
            .index
            .and_then(|i| self.campaign.levels.get(i))
            .and_then(|e| e.level.as_ref().ok());
        match written {
            Some(level) => p.loadout.beyond(level.requires),
            None => Loadout::new(),
        }
    }

    /// The party left with too few relics: nothing is recorded or
    /// unlocked; the game stays in progress (undo goes back in).
    pub(super) fn retreated(&mut self, result: LevelResult) {
        self.save_game();
        let told = if self.note_relics(result.relics) {
            self.save_progress("relics")
        } else {
            None
        };
        let Some(p) = &self.playing else { return };
        let needed = p.level.relics_to_clear() as u32;
        info!(
            "retreat from {}: {} of {} relics out, {needed} needed",
            p.level.name, result.relics, result.relics_total
        );
        let mut results = ResultsScreen::retreat(&p.level.name, result, needed);
        results.par = p.level.par;
        results.loadout = self.chosen_equipment();
        results.notice = told;
        self.stack.push(Screen::Results(results));
    }
}
