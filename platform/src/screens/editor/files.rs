//! The editor's folders and file names: the user's own levels folder,
//! the autosave folder, a file name for a level's name, opening a level
//! file. Which file a level belongs to, saving and autosaving are the
//! document model's (`document.rs`).
//!
//! Saving writes the canonical text (`levels/README.md`) atomically
//! (`game::level::save_file_draft`: temporary file, flush, rename), so a
//! full disk or a crash leaves the old file whole. A level with problems
//! is saved too — the designer may stop half-way — and reopens in the
//! editor with its problems listed.
use std::path::{Path, PathBuf};

use game::level::{self, Level, LevelError};

use crate::progress::data_dir;

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

/// Reads an autosave of the binary level form (`.rlv`, as autosaves were
/// before they kept the undo history); a damaged one is an error naming
/// the file.
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
    fn a_damaged_old_autosave_is_an_error_not_a_level() {
        let dir = scratch("autosave");
        let path = dir.join("a.rlv");
        let level = fixtures::level(LOOP_BACK);
        level::save_file_draft(&path, &level).expect("write");
        assert_eq!(read_autosave(&path), Ok(level));
        let mut bytes = std::fs::read(&path).expect("read");
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(&path, &bytes).expect("write");
        let err = read_autosave(&path).expect_err("damaged");
        assert!(err.contains("a.rlv"), "{err}");
    }
}
