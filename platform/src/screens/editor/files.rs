//! The editor's files: where a level is saved, the user's own levels
//! folder, autosaves, and noticing a file changed on disk.
//!
//! - Saving writes the canonical text (`levels/README.md`) atomically
//!   (`game::level::save_file_draft`: temporary file, flush, rename), so a
//!   full disk or a crash leaves the old file whole. A level with problems
//!   is saved too — the designer may stop half-way — and reopens in the
//!   editor with its problems listed.
//! - Shipped levels (the campaign's folder) are never written by Ctrl+S:
//!   the first save asks for a name in the user's folder
//!   (`<data>/levels/`, see `progress::data_dir`).
//! - Autosaves are the binary form (`.rlv`: magic, version, CRC) in
//!   `<data>/autosave/`, one per level file (`untitled.rlv` for a level
//!   never saved); a save removes it, so one that is there when a level
//!   is opened holds work that was never saved (a crash, a kill) and is
//!   offered back.
//! - The file's bytes are remembered (as a CRC) when opened and saved;
//!   Ctrl+S on a file whose bytes changed since asks before overwriting.
use std::path::{Path, PathBuf};

use game::level::{self, binary::crc32, Level, LevelError};

use crate::progress::data_dir;

/// The level file being edited.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelFile {
    /// Where Ctrl+S writes; `None` until the level has a file.
    pub path: Option<PathBuf>,
    /// Opened from the shipped levels: saving asks for a copy instead.
    pub shipped: bool,
    /// The CRC of the file's bytes when last read or written; `None`: no
    /// file yet.
    pub stamp: Option<u32>,
}

impl LevelFile {
    /// A file at `path` (which may not exist yet), its current bytes
    /// remembered.
    pub fn at(path: &Path, shipped: bool) -> LevelFile {
        LevelFile {
            path: Some(path.to_path_buf()),
            shipped,
            stamp: read_stamp(path),
        }
    }

    /// Whether the file on disk differs from what was last read or written
    /// (changed, created or deleted by someone else).
    pub fn changed_on_disk(&self) -> bool {
        match &self.path {
            Some(p) => read_stamp(p) != self.stamp,
            None => false,
        }
    }

    /// The name shown in the top bar (a shipped level's says that Ctrl+S
    /// saves a copy).
    pub fn display(&self) -> String {
        match &self.path {
            Some(p) if self.shipped => {
                format!("{} · shipped: Ctrl+S saves a copy", level::escaped_path(p))
            }
            Some(p) => level::escaped_path(p),
            None => "untitled (not saved yet)".to_string(),
        }
    }

    /// Where this level's autosave goes.
    pub fn autosave_path(&self) -> Option<PathBuf> {
        let stem = self
            .path
            .as_ref()
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "untitled".to_string());
        let tag = if self.shipped { "shipped-" } else { "" };
        autosave_dir().map(|d| d.join(format!("{tag}{stem}.rlv")))
    }

    /// Saves `level` as text to the file, atomically; remembers the bytes
    /// and removes the autosave. The message is one line for the status.
    pub fn save(&mut self, level: &Level) -> Result<PathBuf, String> {
        let path = self.path.clone().ok_or("no file yet: choose a name")?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", level::escaped_path(dir)))?;
        }
        level::save_file_draft(&path, level).map_err(|e| e.to_string())?;
        self.stamp = read_stamp(&path);
        if let Some(auto) = self.autosave_path() {
            let _ = std::fs::remove_file(auto);
        }
        Ok(path)
    }
}

fn read_stamp(path: &Path) -> Option<u32> {
    game::io::file::read_capped(path, level::file::MAX_FILE_BYTES)
        .ok()
        .map(|b| crc32(&b))
}

/// The user's own levels folder.
pub fn user_levels_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("levels"))
}

/// Where autosaves go.
pub fn autosave_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("autosave"))
}

/// A file name for a level called `name`: lower case, words joined by `_`.
pub fn file_name_for(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    let stem = out.trim_end_matches('_');
    let stem = if stem.is_empty() { "level" } else { stem };
    format!("{stem}.txt")
}

/// A path in the user's folder for a level called `name` that no file
/// takes yet (`name.txt`, `name_2.txt`, …).
pub fn suggest_path(name: &str) -> Option<PathBuf> {
    let dir = user_levels_dir()?;
    let file = file_name_for(name);
    let stem = file.trim_end_matches(".txt");
    let first = dir.join(&file);
    if !first.exists() {
        return Some(first);
    }
    (2..1000)
        .map(|n| dir.join(format!("{stem}_{n}.txt")))
        .find(|p| !p.exists())
}

/// Writes `level` to `path` in the binary form, atomically.
pub fn write_autosave(path: &Path, level: &Level) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", level::escaped_path(dir)))?;
    }
    level::save_file_draft(path, level).map_err(|e| e.to_string())
}

/// Reads an autosave; a damaged one is an error naming the file.
pub fn read_autosave(path: &Path) -> Result<Level, String> {
    level::check_file_draft(path).map(|(l, _)| l).map_err(|e| {
        e.first()
            .map_or_else(|| "damaged autosave".to_string(), ToString::to_string)
    })
}

/// Opens a level file for editing: the level and how many problems it
/// has, or why it cannot be opened (it does not parse into a level; the
/// error names the file and where in it).
pub fn open(path: &Path) -> Result<(Level, usize), LevelError> {
    match level::check_file_draft(path) {
        Ok((l, problems)) => Ok((l, problems.len())),
        Err(errors) => Err(errors.into_iter().next().unwrap_or_else(|| {
            LevelError::new(
                &path.display().to_string(),
                level::Pos::File,
                level::ErrorKind::Damaged("cannot be read".into()),
            )
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::level::fixtures::{self, LOOP_BACK};

    fn scratch(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("rappel-editor-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("temp dir");
        d
    }

    #[test]
    fn names_become_file_names() {
        assert_eq!(file_name_for("Deep Well #2"), "deep_well_2.txt");
        assert_eq!(file_name_for("   "), "level.txt");
        assert_eq!(file_name_for("Ünïcode!"), "n_code.txt");
    }

    #[test]
    fn saving_is_canonical_and_a_change_on_disk_is_noticed() {
        let dir = scratch("save");
        let path = dir.join("room.txt");
        let mut file = LevelFile::at(&path, false);
        assert_eq!(file.stamp, None);
        let level = fixtures::level(LOOP_BACK);
        file.save(&level).expect("saved");
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            game::level::to_text(&level)
        );
        assert!(!file.changed_on_disk());
        std::fs::write(&path, "someone else's edit").expect("write");
        assert!(file.changed_on_disk());
        // The changed file no longer parses: opening it says where.
        let err = open(&path).expect_err("not a level").to_string();
        assert!(err.contains("room.txt:1:1"), "{err}");
        file.save(&level).expect("saved again");
        assert_eq!(open(&path), Ok((level, 0)));
    }

    #[test]
    fn a_read_only_folder_refuses_the_save_and_keeps_the_old_file() {
        let dir = scratch("readonly");
        let path = dir.join("level.txt");
        let level = fixtures::level(LOOP_BACK);
        let mut file = LevelFile::at(&path, false);
        file.save(&level).expect("first save");
        let old = std::fs::read(&path).expect("read");
        let mut perms = std::fs::metadata(&dir).expect("meta").permissions();
        use std::os::unix::fs::PermissionsExt;
        perms.set_mode(0o555);
        std::fs::set_permissions(&dir, perms.clone()).expect("chmod");
        let mut changed = level.clone();
        changed.name = "Changed".into();
        let result = file.save(&changed);
        perms.set_mode(0o755);
        std::fs::set_permissions(&dir, perms).expect("chmod back");
        // Root ignores permissions: then the save may succeed, and that is
        // fine; otherwise it must fail cleanly and leave the old bytes.
        if let Err(e) = result {
            assert!(e.contains("level.txt"), "{e}");
            assert_eq!(std::fs::read(&path).expect("read"), old);
        }
    }

    #[test]
    fn a_damaged_autosave_is_an_error_not_a_level() {
        let dir = scratch("autosave");
        let path = dir.join("a.rlv");
        let level = fixtures::level(LOOP_BACK);
        write_autosave(&path, &level).expect("write");
        assert_eq!(read_autosave(&path), Ok(level));
        let mut bytes = std::fs::read(&path).expect("read");
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(&path, &bytes).expect("write");
        let err = read_autosave(&path).expect_err("damaged");
        assert!(err.contains("a.rlv"), "{err}");
    }
}
