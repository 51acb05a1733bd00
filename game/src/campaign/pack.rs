//! Level packs: a folder holding `pack.txt` and the level files it lists.
//!
//! `pack.txt` is a level list (`order.rs`, the campaign's own parser) that
//! opens with its header: `name = …` (required), `author = …` and
//! `description = …` (optional), then one level file name per line. A pack
//! loads whole or not at all: [`load_pack`] loads and validates every level
//! it lists and refuses, naming the file and line of each problem, a
//! missing `pack.txt` or name, a level listed twice or missing, a level
//! with problems (reported in its own file), or two levels with the same
//! display name. The platform keeps a player's progress in a pack under
//! [`Pack::progress_key`], so it never meets the campaign's.

use super::order::{parse_level_list, CampaignEntry, ListHeader};
use crate::level::file::read_capped;
use crate::level::{ErrorKind, Level, LevelError, Pos};
use std::path::{Path, PathBuf};

/// A pack's list file, in the pack's folder.
pub const PACK_FILE: &str = "pack.txt";

/// One level of a loaded pack.
#[derive(Clone, Debug, PartialEq)]
pub struct PackLevel {
    /// Its file name in the pack's folder, as `pack.txt` lists it.
    pub file: String,
    pub path: PathBuf,
    pub level: Level,
}

/// A pack whose every level loads and validates.
#[derive(Clone, Debug, PartialEq)]
pub struct Pack {
    /// The pack's folder.
    pub dir: PathBuf,
    /// The folder's name: what tells two packs of one name apart.
    pub folder: String,
    /// `name` (never empty), `author` and `description` (may be empty).
    pub header: ListHeader,
    /// In `pack.txt` order; never empty.
    pub levels: Vec<PackLevel>,
}

impl Pack {
    /// The key a player's record of `file` in this pack is kept under:
    /// `pack/<folder>/<file>`. A campaign level's key is its bare file
    /// name, which never holds a `/`, so the two never collide.
    pub fn progress_key(&self, file: &str) -> String {
        pack_progress_key(&self.folder, file)
    }
}

/// The progress key of `file` in the pack in folder `folder` (see
/// [`Pack::progress_key`]).
pub fn pack_progress_key(folder: &str, file: &str) -> String {
    format!("pack/{folder}/{file}")
}

/// Loads the pack in `dir`: every problem found, or the pack (see the
/// module docs).
pub fn load_pack(dir: &Path) -> Result<Pack, Vec<LevelError>> {
    let list_path = dir.join(PACK_FILE);
    let file = list_path.display().to_string();
    let bytes = read_capped(&list_path).map_err(|e| vec![e])?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| vec![LevelError::new(&file, Pos::File, ErrorKind::NotUtf8)])?;
    let list = parse_level_list(&file, text).map_err(|e| vec![e])?;
    let mut errors = Vec::new();
    if list.header.name.is_empty() {
        errors.push(LevelError::new(
            &file,
            Pos::at(1, 1),
            ErrorKind::Campaign(
                "the pack has no name (expected a line 'name = …' before the first level)".into(),
            ),
        ));
    }
    let folder = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let plain = !folder.is_empty()
        && !folder.starts_with('.')
        && folder.chars().count() <= 100
        && !folder.chars().any(|c| c.is_whitespace() || c.is_control());
    if !plain {
        errors.push(LevelError::new(
            &file,
            Pos::File,
            ErrorKind::Campaign(format!(
                "the pack's folder '{folder}' is not a plain name (expected no spaces or control characters, at most 100 characters: rename the folder)"
            )),
        ));
    }
    let mut levels: Vec<(PackLevel, Pos)> = Vec::new();
    for (name, pos) in list.entries {
        let entry = CampaignEntry {
            path: dir.join(&name),
            name,
            campaign: file.clone(),
            pos,
        };
        match entry.check() {
            Ok(level) => {
                if let Some((first, at)) = levels.iter().find(|(l, _)| l.level.name == level.name) {
                    let line = match at {
                        Pos::Text { line, .. } => *line,
                        _ => 0,
                    };
                    errors.push(LevelError::new(
                        &file,
                        pos,
                        ErrorKind::Campaign(format!(
                            "'{}' is called '{}' like '{}' on line {line} (expected each level of a pack to have its own name)",
                            entry.name, level.name, first.file
                        )),
                    ));
                }
                levels.push((
                    PackLevel {
                        file: entry.name,
                        path: entry.path,
                        level,
                    },
                    pos,
                ));
            }
            Err(mut problems) => errors.append(&mut problems),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Pack {
        dir: dir.to_path_buf(),
        folder,
        header: list.header,
        levels: levels.into_iter().map(|(l, _)| l).collect(),
    })
}

#[cfg(test)]
mod tests;
