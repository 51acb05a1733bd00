//! Finding the shipped levels and the campaign order.
//!
//! The `levels/` folder is looked for like `assets/`
//! ([`crate::assets::search_dirs`]): where `RAPPEL_LEVELS` points (and
//! nowhere else, if it is set); beside the executable or up to four
//! folders above it (an unpacked download's own, from any current
//! directory); the current directory; the source tree the binary was built
//! from. The first holding `campaign.txt` wins.
//!
//! A [`Campaign`] is the list the level select shows: every level named by
//! `campaign.txt`, in order, each loaded up front (they are small) so the
//! menu shows their names; a level that fails to load stays in the list
//! with its error and cannot be played. A missing or damaged campaign file
//! gives an empty campaign with the error, never a crash.
//!
//! A level's shipped solution lies beside it, in `solutions/<stem>.sim`
//! ([`shipped_solution`]): the line a hint knows.
use std::path::{Path, PathBuf};

use game::action::Action;

use game::level::{self, escaped, escaped_path, Level, LevelError};
use log::{info, warn};

use crate::assets::{first_holding, search_dirs_here};

/// The campaign file, relative to the levels folder.
pub const CAMPAIGN: &str = "campaign.txt";

/// One level of the campaign.
#[derive(Clone, Debug)]
pub struct LevelEntry {
    /// Its file name in the levels folder.
    pub file: String,
    /// The key its progress is kept under: `file` for the campaign,
    /// `pack/FOLDER/FILE` for a level pack's
    /// (`game::campaign::pack_progress_key`).
    pub key: String,
    pub path: PathBuf,
    /// The loaded level, or why it could not be loaded.
    pub level: Result<Level, LevelError>,
}

impl LevelEntry {
    /// The level's display name (its file name if it did not load).
    pub fn name(&self) -> &str {
        match &self.level {
            Ok(level) => &level.name,
            Err(_) => &self.file,
        }
    }
}

/// The levels in campaign order.
#[derive(Clone, Debug, Default)]
pub struct Campaign {
    /// The folder they came from.
    pub dir: PathBuf,
    pub levels: Vec<LevelEntry>,
    /// Why the campaign could not be read; `None` when it was.
    pub error: Option<String>,
    /// The level pack these levels are, with its header; `None`: the
    /// campaign.
    pub pack: Option<PackInfo>,
}

/// What the screens show of a level pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackInfo {
    /// The pack's folder name (tells two packs of one name apart).
    pub folder: String,
    pub name: String,
    /// May be empty.
    pub author: String,
    /// May be empty.
    pub description: String,
}

/// The levels folder to load from (see the module docs).
pub fn locate() -> PathBuf {
    let all = search_dirs_here("levels", "RAPPEL_LEVELS");
    first_holding(&all, CAMPAIGN)
        .or_else(|| all.first())
        .cloned()
        .unwrap_or_else(|| PathBuf::from("levels"))
}

/// The shipped solution of the level at `path` on `level`: the actions
/// of `solutions/<stem>.sim` in the level's folder. `None` when there is
/// none; a script that does not play is logged and treated as none.
pub fn shipped_solution(path: &Path, level: &Level) -> Option<Vec<Action>> {
    let stem = path.file_stem()?.to_str()?;
    let script_path = path.parent()?.join("solutions").join(format!("{stem}.sim"));
    // A regular file of at most a level file's cap, read as every file
    // the game reads is (a pack's folder is the player's own).
    let bytes =
        game::io::file::read_capped(&script_path, game::level::file::MAX_FILE_BYTES).ok()?;
    let script = String::from_utf8(bytes)
        .map_err(|_| warn!("{}: not UTF-8 text", escaped_path(&script_path)))
        .ok()?;
    game::script::script_actions(level, &script)
        .map_err(|e| warn!("{}: {e}", escaped_path(&script_path)))
        .ok()
}

/// Loads one level file; the error names the file and where in it.
pub fn load_level(path: &Path) -> Result<Level, LevelError> {
    level::load_file(path)
}

impl Campaign {
    /// Reads `dir/campaign.txt` and loads every level it names.
    pub fn load(dir: &Path) -> Campaign {
        let entries = match game::campaign::load_campaign_entries(&dir.join(CAMPAIGN)) {
            Ok(entries) => entries,
            Err(e) => {
                warn!("no campaign: {e}");
                return Campaign {
                    dir: dir.to_path_buf(),
                    levels: Vec::new(),
                    error: Some(e.to_string()),
                    pack: None,
                };
            }
        };
        let levels: Vec<LevelEntry> = entries
            .into_iter()
            .map(|entry| {
                let path = entry.path.clone();
                let file = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                // A missing level is named at its line of campaign.txt.
                let level = entry.load();
                if let Err(e) = &level {
                    warn!("campaign level {} does not load: {e}", escaped(&file));
                }
                LevelEntry {
                    key: file.clone(),
                    file,
                    path,
                    level,
                }
            })
            .collect();
        info!(
            "campaign from {}: {} levels",
            escaped_path(dir),
            levels.len()
        );
        Campaign {
            dir: dir.to_path_buf(),
            levels,
            error: None,
            pack: None,
        }
    }

    /// A loaded level pack as the list its level select shows: every
    /// level keyed by the pack's folder and its file.
    pub fn from_pack(pack: &game::campaign::Pack) -> Campaign {
        Campaign {
            dir: pack.dir.clone(),
            levels: pack
                .levels
                .iter()
                .map(|l| LevelEntry {
                    file: l.file.clone(),
                    key: pack.progress_key(&l.file),
                    path: l.path.clone(),
                    level: Ok(l.level.clone()),
                })
                .collect(),
            error: None,
            pack: Some(PackInfo {
                folder: pack.folder.clone(),
                name: pack.header.name.clone(),
                author: pack.header.author.clone(),
                description: pack.header.description.clone(),
            }),
        }
    }

    /// Where the game in progress of level `index` is saved: a campaign
    /// level by its file name, a pack's level by its path (so a pack's
    /// `loop_back.txt` never resumes the campaign's).
    pub fn saved_level(&self, index: usize) -> Option<crate::saves::SavedLevel> {
        let e = self.levels.get(index)?;
        Some(match self.pack {
            None => crate::saves::SavedLevel::Campaign(e.file.clone()),
            Some(_) => crate::saves::SavedLevel::File(
                std::fs::canonicalize(&e.path).unwrap_or_else(|_| e.path.clone()),
            ),
        })
    }

    /// The index of the campaign level at `path`, compared by file name
    /// within the campaign's folder (so `levels/x.txt` and `./levels/x.txt`
    /// agree).
    pub fn index_of(&self, path: &Path) -> Option<usize> {
        let canonical = |p: &Path| std::fs::canonicalize(p).ok();
        let wanted = canonical(path)?;
        self.levels
            .iter()
            .position(|e| canonical(&e.path).as_deref() == Some(wanted.as_path()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels")
    }

    #[test]
    fn the_shipped_campaign_loads_in_order() {
        let c = Campaign::load(&shipped());
        assert_eq!(c.error, None);
        let files: Vec<&str> = c.levels.iter().map(|e| e.file.as_str()).collect();
        // The names `campaign.txt` lists (blank and `//` lines aside), in order.
        let list = std::fs::read_to_string(shipped().join("campaign.txt")).expect("campaign");
        let listed: Vec<&str> = list
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .collect();
        assert_eq!(files, listed);
        assert_eq!(c.levels[0].name(), "Loop-back room");
        assert!(c.levels.iter().all(|e| e.level.is_ok()));
        assert_eq!(c.index_of(&shipped().join("rope_descent.txt")), Some(1));
        assert_eq!(c.index_of(Path::new("/nonexistent/x.txt")), None);
    }

    #[test]
    fn a_missing_campaign_is_an_empty_list_with_the_error() {
        let c = Campaign::load(Path::new("/nonexistent/levels"));
        assert!(c.levels.is_empty());
        assert!(c
            .error
            .as_deref()
            .is_some_and(|e| e.contains("campaign.txt")));
    }
}
