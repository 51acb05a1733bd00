//! Games in progress, kept between runs: leaving a level unfinished (to the
//! menu, by Quit, by closing the window or being told to terminate) and
//! every few seconds of play save it with its whole undo history
//! (`game::io::save`), so Title → Continue resumes exactly there and Z undoes
//! the steps made before quitting.
//!
//! Files: one save a level, in `<data>/saves/` (see `progress::data_dir`):
//! `campaign-FILE.sav` for a campaign level, `file-HASH.sav` for a level
//! opened by path (the hash of its path; the path itself is in the save's
//! origin). A game played with equipment names its loadout in the origin
//! too (`campaign heavy_haul.txt loadout knight:long_rope`): resuming
//! equips the level again (`game::equipment::equip`), so the save's
//! fingerprint matches the level as it was played; one save a level all
//! the same, whatever the loadout. The selected hero's id ends the origin
//! (`… hero scout`), so a game resumes with the hero it was left with; a
//! save without it (made before it was kept) resumes with the first hero.
//! Continue resumes the save written last. Winning the level
//! removes its save. A save that cannot be loaded (damaged, from a newer
//! build, or of a level whose file has changed since) is moved aside
//! (`NAME.sav.damaged`, `NAME.sav.stale`; never deleted, never
//! overwritten) and the game goes on without it, saying why.
//!
//! Writing happens on a thread of its own ([`Saves::save`] encodes on the
//! caller's thread, about a millisecond for a thousand steps, and queues
//! the bytes), so the fsync of an autosave never stalls a frame;
//! [`Saves::flush`] waits for the queue when the game leaves a level or
//! quits.
//!
//! Here the saves folder ([`Saves`]: save, clear, flush, resume); in
//! `origin.rs` which level a save belongs to and the words that say so;
//! the saving thread is a [`crate::writer::Writer`].
mod origin;

use std::path::{Path, PathBuf};

use game::equipment::{equip, Loadout};
use game::io::file::{move_aside, read_capped};
use game::io::save::{SaveError, SavedGame};
use game::level::{escaped, escaped_path, Level};
use game::session::Session;

use crate::levels::{self, Campaign};
use crate::progress::data_dir;
use crate::writer::Writer;
pub use origin::{origin_with_hero, split_hero, SavedLevel};

/// The largest save file read (a save of 1,000 steps is about 60 KB).
pub const MAX_SAVE_BYTES: u64 = 64 << 20;

/// A game resumed from its save.
pub struct Resumed {
    /// The level as it was played: equipped with `loadout`.
    pub level: Level,
    /// The equipment it was played with (empty: none).
    pub loadout: Loadout,
    /// Its campaign index, if it is a campaign level.
    pub index: Option<usize>,
    pub which: SavedLevel,
    pub session: Session,
    /// The level id of the hero that was selected; `None` for a save made
    /// before the selection was kept (the first hero is selected then).
    pub hero: Option<String>,
}

/// Why a save did not resume; the save is out of the way in each case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeError {
    /// The file is damaged, from a newer build, or its level is gone; moved
    /// aside (when it could be).
    Unusable(String),
    /// The level's file changed since the save was made: the save cannot
    /// resume on different walls. Moved aside; the level can be played
    /// afresh (`index` in the campaign, if it is there).
    LevelChanged {
        name: String,
        index: Option<usize>,
        message: String,
    },
}

impl std::fmt::Display for ResumeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResumeError::Unusable(m) => f.write_str(m),
            ResumeError::LevelChanged { message, .. } => f.write_str(message),
        }
    }
}

/// The saves folder and its writing thread.
pub struct Saves {
    dir: PathBuf,
    writer: Writer,
}

/// The saves folder in the player's data folder, if there is one.
pub fn default_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("saves"))
}

impl Saves {
    /// Saves in `dir` (made when the first save is written).
    pub fn new(dir: PathBuf) -> Saves {
        Saves {
            dir,
            writer: Writer::new(
                "saves",
                "The game could not be saved; play goes on, unsaved",
            ),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where `which`'s save is.
    pub fn path(&self, which: &SavedLevel) -> PathBuf {
        self.dir.join(which.file_name())
    }

    /// Whether `which` has a game in progress (written, or queued).
    pub fn has(&self, which: &SavedLevel) -> bool {
        self.path(which).is_file()
    }

    /// The save written last, if any: what Continue resumes.
    pub fn newest(&self) -> Option<PathBuf> {
        let entries = std::fs::read_dir(&self.dir).ok()?;
        entries
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".sav"))
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
            .max()
            .map(|(_, p)| p)
    }

    /// Saves `session` of `level` (equipped with `loadout`, `hero`
    /// selected: its level id) as `which`'s game in progress: encoded now,
    /// written by the saving thread.
    pub fn save(
        &mut self,
        which: &SavedLevel,
        loadout: &Loadout,
        hero: Option<&str>,
        session: &Session,
        level: &Level,
    ) -> Result<(), String> {
        let mut saved = session.to_saved(level);
        saved.origin = origin_with_hero(which.origin(loadout), hero);
        let bytes = saved
            .encode()
            .map_err(|e| format!("The game could not be saved: {e}"))?;
        self.writer.write(self.path(which), bytes);
        Ok(())
    }

    /// Forgets `which`'s game in progress (the level was won).
    pub fn clear(&mut self, which: &SavedLevel) {
        self.writer.remove(&self.path(which));
    }

    /// Waits until every save asked for is on disk (or failed).
    pub fn flush(&mut self) {
        self.writer.flush();
    }

    /// Failures of the saving thread since the last call, for the screen.
    pub fn failures(&mut self) -> Vec<String> {
        self.writer.failures()
    }

    /// Resumes the save at `path`. On failure the save is moved aside and
    /// the error says why, in the player's words.
    pub fn resume(&mut self, path: &Path, campaign: &Campaign) -> Result<Resumed, ResumeError> {
        self.flush();
        let aside = |suffix: &str| match move_aside(path, suffix) {
            Ok(p) => format!("kept as {}", escaped_path(&p)),
            Err(e) => format!("left in place: {e}"),
        };
        let unusable = |why: String, suffix: &str| {
            let kept = aside(suffix);
            log::warn!("{}: {why} ({kept})", escaped_path(path));
            ResumeError::Unusable(format!(
                "The game in progress could not be loaded: {why} ({kept})"
            ))
        };
        let bytes =
            read_capped(path, MAX_SAVE_BYTES).map_err(|e| unusable(e.to_string(), "damaged"))?;
        let saved = SavedGame::decode(&bytes).map_err(|e| unusable(e.to_string(), "damaged"))?;
        let hero = split_hero(&saved.origin).1.map(str::to_string);
        let (which, loadout) = SavedLevel::from_origin(&saved.origin).ok_or_else(|| {
            unusable(
                format!(
                    "it names no level this game knows (`{}`)",
                    escaped(&saved.origin)
                ),
                "damaged",
            )
        })?;
        let (level, index) = match &which {
            SavedLevel::Campaign(file) => {
                let Some(index) = campaign.levels.iter().position(|e| &e.file == file) else {
                    return Err(unusable(
                        format!("its level {} is no longer in the campaign", escaped(file)),
                        "stale",
                    ));
                };
                match &campaign.levels[index].level {
                    Ok(level) => (level.clone(), Some(index)),
                    Err(e) => {
                        return Err(unusable(format!("its level does not load: {e}"), "stale"))
                    }
                }
            }
            SavedLevel::File(p) => match levels::load_level(p) {
                Ok(level) => (level, campaign.index_of(p)),
                Err(e) => return Err(unusable(format!("its level does not load: {e}"), "stale")),
            },
        };
        let level = equip(&level, &loadout).map_err(|e| {
            unusable(
                format!("its equipment ({loadout}) no longer fits its level: {e}"),
                "stale",
            )
        })?;
        match Session::from_saved(&level, saved) {
            Ok(session) => Ok(Resumed {
                level,
                loadout,
                index,
                which,
                session,
                hero,
            }),
            Err(SaveError::OtherLevel) => {
                let kept = aside("stale");
                Err(ResumeError::LevelChanged {
                    message: format!(
                        "“{}” has changed since the game in progress was saved, so it cannot \
                         resume on different walls ({kept}); start it again from the level select",
                        level.name
                    ),
                    name: level.name,
                    index,
                })
            }
            Err(e) => Err(unusable(e.to_string(), "damaged")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("rappel-saves-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    fn campaign() -> Campaign {
        Campaign::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels"))
    }

    #[test]
    fn a_save_resumes_and_one_of_a_changed_level_is_kept_aside_with_the_reason() {
        let dir = scratch("changed");
        let c = campaign();
        let mut saves = Saves::new(dir.clone());
        // A level opened by path, saved, then edited on disk.
        std::fs::create_dir_all(&dir).expect("dir");
        let file = dir.join("mine.txt");
        std::fs::copy(c.levels[0].path.clone(), &file).expect("copy");
        let level = levels::load_level(&file).expect("level");
        let which = SavedLevel::File(file.clone());
        let session = Session::new(&level).expect("stage");
        saves
            .save(&which, &Loadout::new(), None, &session, &level)
            .expect("saves");
        saves.flush();
        assert!(saves.has(&which));
        assert_eq!(saves.newest(), Some(saves.path(&which)));
        let r = match saves.resume(&saves.path(&which), &c) {
            Ok(r) => r,
            Err(e) => panic!("resumes: {e}"),
        };
        assert_eq!(r.which, which);
        assert_eq!(r.session.state_hash(), session.state_hash());
        // The level gains a note: its walls may have changed, so no resume.
        let text = std::fs::read_to_string(&file).expect("read");
        std::fs::write(&file, format!("// edited\n{text}")).expect("edit");
        let e = saves
            .resume(&saves.path(&which), &c)
            .err()
            .expect("changed");
        assert!(matches!(e, ResumeError::LevelChanged { .. }), "{e}");
        assert!(e.to_string().contains("has changed"), "{e}");
        assert!(!saves.has(&which), "out of the way");
        let mut kept = saves.path(&which).into_os_string();
        kept.push(".stale");
        assert!(Path::new(&kept).is_file(), "kept aside, not deleted");
        drop(saves);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_equipped_game_resumes_equipped_and_one_whose_loadout_no_longer_fits_is_kept_aside() {
        let dir = scratch("equipped");
        std::fs::create_dir_all(&dir).expect("dir");
        let c = campaign();
        // A copy of rope descent opened by path, played with the long rope.
        let file = dir.join("descent.txt");
        let descent = c.levels.iter().find(|e| e.file == "rope_descent.txt");
        std::fs::copy(descent.expect("in the campaign").path.clone(), &file).expect("copy");
        let plain = levels::load_level(&file).expect("level");
        let kit = Loadout::parse("knight:long_rope").expect("loadout");
        let level = equip(&plain, &kit).expect("fits");
        let which = SavedLevel::File(file.clone());
        let session = Session::new(&level).expect("stage");
        let mut saves = Saves::new(dir.join("saves"));
        saves
            .save(&which, &kit, Some("scout"), &session, &level)
            .expect("saves");
        saves.flush();
        let r = match saves.resume(&saves.path(&which), &c) {
            Ok(r) => r,
            Err(e) => panic!("resumes: {e}"),
        };
        assert_eq!(r.loadout, kit);
        assert_eq!(r.hero.as_deref(), Some("scout"), "the hero selected");
        assert_eq!(r.level, level, "the equipped level");
        assert_eq!(r.session.state_hash(), session.state_hash());
        // The level now forbids the long rope: the save cannot resume.
        let text = std::fs::read_to_string(&file).expect("read");
        let text = text.replacen("[level]\n", "[level]\nforbids = long_rope\n", 1);
        std::fs::write(&file, text).expect("edit");
        let e = match saves.resume(&saves.path(&which), &c) {
            Ok(_) => panic!("resumed with a forbidden rope"),
            Err(e) => e,
        };
        assert!(
            e.to_string()
                .contains("its equipment (knight:long_rope) no longer fits its level: this level forbids the long rope"),
            "{e}"
        );
        assert!(!saves.has(&which), "out of the way");
        drop(saves);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn control_characters_in_a_saves_origin_or_folder_are_shown_escaped() {
        use game::level::fixtures::{assert_shown_escaped, hostile};
        // A saves folder whose name holds an escape sequence, a bell and a
        // carriage return (a path cannot hold NUL).
        let dir = scratch("hostile\u{1b}[2J\u{7}\r");
        let c = campaign();
        let level = c.levels[0].level.clone().expect("level");
        let session = Session::new(&level).expect("stage");
        let level_file = hostile("rope", "_descent.txt");
        let path_file = hostile("/nowhere/rope", "_descent.txt");
        let cases = [
            // The campaign no longer lists it (the bug: shown raw).
            (
                format!("campaign {level_file}"),
                level_file.clone(),
                "stale",
            ),
            // A level opened by path that does not load.
            (format!("file {path_file}"), path_file.clone(), "stale"),
            // Names no level at all.
            (
                format!("somewhere {level_file}"),
                level_file.clone(),
                "damaged",
            ),
        ];
        for (n, (origin, raw, suffix)) in cases.into_iter().enumerate() {
            std::fs::create_dir_all(&dir).expect("dir");
            let file = dir.join(format!("{n}.sav"));
            let mut saved = session.to_saved(&level);
            saved.origin = origin.clone();
            std::fs::write(&file, saved.encode().expect("encodes")).expect("write");
            let saves = &mut Saves::new(dir.clone());
            let e = match saves.resume(&file, &c) {
                Ok(_) => panic!("{origin:?} resumed"),
                Err(e) => e.to_string(),
            };
            assert!(e.contains("could not be loaded"), "{e}");
            assert_shown_escaped(&e, &raw);
            // Where it was kept, escaped too.
            let mut kept = file.clone().into_os_string();
            kept.push(format!(".{suffix}"));
            assert!(Path::new(&kept).is_file(), "{origin:?}: kept aside");
            assert_shown_escaped(&e, &Path::new(&kept).display().to_string());
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_save_that_cannot_be_written_is_reported_and_nothing_else_breaks() {
        let dir = scratch("unwritable");
        // A file where the saves folder should be.
        std::fs::create_dir_all(dir.parent().expect("tmp")).expect("tmp");
        std::fs::write(&dir, b"not a folder").expect("file");
        let c = campaign();
        let level = c.levels[0].level.clone().expect("level");
        let session = Session::new(&level).expect("stage");
        let mut saves = Saves::new(dir.clone());
        let which = SavedLevel::Campaign(c.levels[0].file.clone());
        saves
            .save(&which, &Loadout::new(), None, &session, &level)
            .expect("queued");
        saves.flush();
        let failures = saves.failures();
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert!(failures[0].contains("could not be saved"), "{failures:?}");
        assert!(!saves.has(&which));
        assert_eq!(saves.newest(), None);
        let _ = std::fs::remove_file(&dir);
    }

    #[test]
    fn a_folder_in_a_saves_place_is_never_offered_nor_written_into() {
        let dir = scratch("folder");
        let c = campaign();
        let which = SavedLevel::Campaign(c.levels[0].file.clone());
        let mut saves = Saves::new(dir.clone());
        let blocker = saves.path(&which);
        std::fs::create_dir_all(blocker.join("inside")).expect("folder");
        assert!(!saves.has(&which));
        assert_eq!(saves.newest(), None, "nothing to continue");
        let level = c.levels[0].level.clone().expect("level");
        let session = Session::new(&level).expect("stage");
        saves
            .save(&which, &Loadout::new(), None, &session, &level)
            .expect("queued");
        saves.flush();
        let failures = saves.failures();
        assert!(
            failures.len() == 1 && failures[0].contains("a folder"),
            "{failures:?}"
        );
        assert!(blocker.join("inside").is_dir(), "left alone");
        let e = match saves.resume(&blocker, &c) {
            Ok(_) => panic!("a folder resumed"),
            Err(e) => e,
        };
        assert!(e.to_string().contains("a folder"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
