//! Level files on disk: the format is chosen by extension (`.txt` text,
//! `.rlv` binary), reads are size-capped, and saves are atomic (write a
//! temporary file beside the target, flush it to disk, rename it over the
//! target), so a crash mid-save never loses the previous file.

use super::{binary, text, ErrorKind, Level, LevelError, Pos};

use std::path::Path;

/// The largest level file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// A level file format.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// The text form, `.txt`.
    Text,
    /// The binary form, `.rlv`.
    Binary,
}

impl Format {
    /// The format a path's extension names, if any.
    pub fn of(path: &Path) -> Option<Format> {
        match path.extension().and_then(|e| e.to_str()) {
            Some("txt") => Some(Format::Text),
            Some("rlv") => Some(Format::Binary),
            _ => None,
        }
    }

    /// The extension, without the dot.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Text => "txt",
            Format::Binary => "rlv",
        }
    }
}

fn name(path: &Path) -> String {
    path.display().to_string()
}

fn format_of(path: &Path) -> Result<Format, LevelError> {
    Format::of(path).ok_or_else(|| {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default();
        LevelError::new(&name(path), Pos::File, ErrorKind::UnknownExtension(ext))
    })
}

/// What an I/O error on `path` says, for a message that names `path`
/// already: `io::file`'s own refusals start with the path
/// (`levels/x.txt is a named pipe, not a regular file`), which is said
/// once, as "it" (`it is a named pipe, not a regular file`).
pub fn io_message(path: &Path, e: &std::io::Error) -> String {
    let text = e.to_string();
    let named = format!("{} is ", path.display());
    match text.strip_prefix(&named) {
        Some(rest) => format!("it is {rest}"),
        None => text,
    }
}

/// Reads a file of at most [`MAX_FILE_BYTES`].
pub fn read_capped(path: &Path) -> Result<Vec<u8>, LevelError> {
    let io = |e: std::io::Error| {
        LevelError::new(&name(path), Pos::File, ErrorKind::Io(io_message(path, &e)))
    };
    crate::io::file::read_capped(path, MAX_FILE_BYTES).map_err(io)
}

/// Loads the level at `path`; on failure, every problem found (never empty).
pub fn check_file(path: &Path) -> Result<Level, Vec<LevelError>> {
    let format = format_of(path).map_err(|e| vec![e])?;
    let bytes = read_capped(path).map_err(|e| vec![e])?;
    let file = name(path);
    match format {
        Format::Text => text::check_text_bytes(&file, &bytes),
        Format::Binary => binary::check_binary(&file, &bytes),
    }
}

/// Loads the level at `path` even with semantic problems (the editor's
/// drafts): `Ok` with the level and its problems, `Err` when the file
/// cannot be read or does not parse into a level.
pub fn check_file_draft(path: &Path) -> Result<(Level, Vec<LevelError>), Vec<LevelError>> {
    let format = format_of(path).map_err(|e| vec![e])?;
    let bytes = read_capped(path).map_err(|e| vec![e])?;
    let file = name(path);
    match format {
        Format::Text => match std::str::from_utf8(&bytes) {
            Ok(text) => text::check_text_draft(&file, text),
            Err(_) => text::check_text_bytes(&file, &bytes).map(|l| (l, Vec::new())),
        },
        Format::Binary => binary::check_binary_draft(&file, &bytes),
    }
}

/// Loads the level at `path`; on failure, the first problem.
pub fn load_file(path: &Path) -> Result<Level, LevelError> {
    check_file(path).map_err(|e| text::first(&name(path), e))
}

/// Saves `level` to `path` in the format its extension names, atomically.
/// Refuses an invalid level (it could not be loaded back).
pub fn save_file(path: &Path, level: &Level) -> Result<(), LevelError> {
    let file = name(path);
    format_of(path)?;
    if let Some(p) = level.problems().into_iter().next() {
        return Err(LevelError::new(&file, Pos::File, p.kind));
    }
    save_file_draft(path, level)
}

/// Saves `level` to `path` like [`save_file`], even when it has semantic
/// problems (an editor draft; it reads back with [`check_file_draft`]).
pub fn save_file_draft(path: &Path, level: &Level) -> Result<(), LevelError> {
    let file = name(path);
    let format = format_of(path)?;
    let bytes = match format {
        Format::Text => text::to_text(level).into_bytes(),
        Format::Binary => {
            binary::to_binary(level).map_err(|k| LevelError::new(&file, Pos::File, k))?
        }
    };
    write_atomic(path, &bytes)
        .map_err(|e| LevelError::new(&file, Pos::File, ErrorKind::Io(io_message(path, &e))))?;
    log::info!("saved level '{}' to {file}", level.name);
    Ok(())
}

pub use crate::io::file::write_atomic;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::fixtures;
    use std::fs;
    use std::path::PathBuf;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("rappel-level-file-{}-{name}", std::process::id()));
        let _ = fs::create_dir_all(&dir);
        dir
    }

    #[test]
    fn save_then_load_in_both_formats() {
        let dir = scratch("both");
        let level = fixtures::level(fixtures::LOOP_BACK);
        for ext in ["txt", "rlv"] {
            let path = dir.join(format!("loop.{ext}"));
            save_file(&path, &level).expect("saves");
            assert_eq!(load_file(&path), Ok(level.clone()));
            // No temporary file is left behind.
            assert!(!dir.join(format!(".loop.{ext}.tmp")).exists());
        }
        let text = fs::read_to_string(dir.join("loop.txt")).expect("written");
        assert_eq!(text, fixtures::LOOP_BACK);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn unknown_extensions_and_missing_files_are_errors() {
        let dir = scratch("ext");
        let level = fixtures::level(fixtures::LOOP_BACK);
        let e = save_file(&dir.join("loop.png"), &level).expect_err("png is no level format");
        assert!(e.to_string().ends_with(
            "loop.png: unknown level file extension 'png' (expected .txt for text or .rlv for binary)"
        ));
        assert!(load_file(&dir.join("absent.txt")).is_err());
        let mut bad = level.clone();
        bad.things.clear();
        let e = save_file(&dir.join("bad.txt"), &bad).expect_err("no hero");
        assert_eq!(e.kind, ErrorKind::NoHero);
        assert!(!dir.join("bad.txt").exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn special_files_are_refused_naming_the_file_once() {
        let dir = scratch("special");
        let level = fixtures::level(fixtures::LOOP_BACK);
        std::fs::create_dir_all(dir.join("folder.txt")).expect("dir");
        let path = dir.join("folder.txt");
        let shown = path.display().to_string();
        let e = load_file(&path).expect_err("a folder");
        assert_eq!(
            e.to_string(),
            format!("{shown}: it is a folder, not a regular file")
        );
        let e = save_file(&path, &level).expect_err("a folder");
        assert_eq!(
            e.to_string(),
            format!("{shown}: it is a folder, not a regular file")
        );
        assert!(path.is_dir());
        // Other I/O errors are kept as the OS words them.
        let e = load_file(&dir.join("absent.txt")).expect_err("missing");
        assert!(
            e.to_string()
                .ends_with("No such file or directory (os error 2)"),
            "{e}"
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
