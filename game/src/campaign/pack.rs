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
    /// Where it was read from: the pack's folder joined with `file`.
    pub path: PathBuf,
    /// The level as loaded.
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
    let folder = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (header, levels) = check_pack(&file, text, &folder, |name, pos| {
        CampaignEntry {
            path: dir.join(name),
            name: name.to_string(),
            campaign: file.clone(),
            pos,
        }
        .check()
    })?;
    Ok(Pack {
        dir: dir.to_path_buf(),
        folder,
        header,
        levels: levels
            .into_iter()
            .map(|(name, level)| PackLevel {
                path: dir.join(&name),
                file: name,
                level,
            })
            .collect(),
    })
}

/// A pack that passed [`check_pack`]: its header, and each level's file
/// name and level, in order.
pub type CheckedPack = (ListHeader, Vec<(String, Level)>);

/// The checks of a pack, wherever its files are (a folder, a pack's text):
/// `list` is `pack.txt`'s text, named `file` in messages; `folder` the
/// folder name it is (to be) kept in; `level(name, pos)` loads and
/// validates the level `pack.txt` names at `pos`. Every problem found, or
/// the header and the levels in order.
pub fn check_pack(
    file: &str,
    list: &str,
    folder: &str,
    mut level: impl FnMut(&str, Pos) -> Result<Level, Vec<LevelError>>,
) -> Result<CheckedPack, Vec<LevelError>> {
    let list = parse_level_list(file, list).map_err(|e| vec![e])?;
    let mut errors = Vec::new();
    if list.header.name.is_empty() {
        errors.push(LevelError::new(
            file,
            Pos::at(1, 1),
            ErrorKind::Campaign(
                "the pack has no name (expected a line 'name = …' before the first level)".into(),
            ),
        ));
    }
    let plain = !folder.is_empty()
        && !folder.starts_with('.')
        && folder.chars().count() <= 100
        && !folder.chars().any(|c| c.is_whitespace() || c.is_control());
    if !plain {
        errors.push(LevelError::new(
            file,
            Pos::File,
            ErrorKind::Campaign(format!(
                "the pack's folder '{folder}' is not a plain name (expected no spaces or control characters, at most 100 characters: rename the folder)"
            )),
        ));
    }
    let mut levels: Vec<(String, Level, Pos)> = Vec::new();
    for (name, pos) in list.entries {
        match level(&name, pos) {
            Ok(loaded) => {
                if let Some((first, _, at)) = levels.iter().find(|(_, l, _)| l.name == loaded.name)
                {
                    let line = match at {
                        Pos::Text { line, .. } => *line,
                        _ => 0,
                    };
                    errors.push(LevelError::new(
                        file,
                        pos,
                        ErrorKind::Campaign(format!(
                            "'{name}' is called '{}' like '{first}' on line {line} (expected each level of a pack to have its own name)",
                            loaded.name
                        )),
                    ));
                }
                levels.push((name, loaded, pos));
            }
            Err(mut problems) => errors.append(&mut problems),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok((
        list.header,
        levels.into_iter().map(|(n, l, _)| (n, l)).collect(),
    ))
}

#[cfg(test)]
mod tests;
