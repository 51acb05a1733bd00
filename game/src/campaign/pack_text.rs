//! A level pack as one text, to share through a clipboard: a header line
//! naming the format and its version, then `pack.txt` and each level's
//! text, each after a line naming its file, then an end line:
//!
//! ```text
//! rappel-pack 1
//! %%% pack.txt
//! name = Deep wells
//! the_well.txt
//! %%% the_well.txt
//! [level]
//! …
//! %%% end
//! ```
//!
//! A level's text never holds a line starting with `%%%` (writing refuses
//! one), so the marks cannot be confused with a level's lines. Reading
//! refuses, naming the line: a text that is not a pack's, a newer
//! version, a file name that is not a plain `.txt` name (so importing can
//! never write outside its folder), a file given twice, and a text cut
//! short (no end line). [`check_pack_text`] then checks the pack as a
//! folder would be (`pack::check_pack`, the one set of pack checks): every
//! level listed is in the text, loads and validates, names are unique.
//! [`import_pack_text`] writes a checked pack into a new folder, and
//! nothing at all when any check fails.

use super::order::ListHeader;
use super::pack::{check_pack, CheckedPack, Pack, PACK_FILE};
use crate::level::{check_text, to_text, ErrorKind, LevelError, Pos};
use std::path::{Path, PathBuf};

/// The first line of a pack's text (the format and its version).
pub const PACK_TEXT_HEADER: &str = "rappel-pack 1";
/// The format version written; older ones are read.
pub const PACK_TEXT_VERSION: u32 = 1;
/// The start of a line naming the file whose text follows.
const MARK: &str = "%%%";
/// The line after the last file.
const END_LINE: &str = "%%% end";
/// How messages name the pack's text.
pub const PACK_TEXT: &str = "pack text";
/// The most files a pack's text may hold.
pub const MAX_FILES: usize = 500;

/// A pack's text read into its files: `pack.txt` and the levels, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackText {
    /// `pack.txt`'s text.
    pub list: String,
    /// Each level file's name and text, in the order of the pack's text.
    pub levels: Vec<(String, String)>,
}

/// The text of the pack `list` (`pack.txt`'s text) with these level
/// files; refused when a level's text holds a line starting with `%%%`.
pub fn write_pack_text(list: &str, levels: &[(String, String)]) -> Result<String, String> {
    let mut out = format!("{PACK_TEXT_HEADER}\n");
    for (name, text) in std::iter::once(&(PACK_FILE.to_string(), list.to_string())).chain(levels) {
        if let Some(n) = text.lines().position(|l| l.trim_start().starts_with(MARK)) {
            return Err(format!(
                "{name}:{}: a line starts with '{MARK}', which marks a file in a pack's text",
                n + 1
            ));
        }
        out.push_str(&format!("{MARK} {name}\n{text}"));
        if !text.ends_with('\n') {
            out.push('\n');
        }
    }
    out.push_str(END_LINE);
    out.push('\n');
    Ok(out)
}

/// The text of a loaded pack: its header and order as `pack.txt`, each
/// level as canonical text.
pub fn pack_to_text(pack: &Pack) -> Result<String, String> {
    let levels: Vec<(String, String)> = pack
        .levels
        .iter()
        .map(|l| (l.file.clone(), to_text(&l.level)))
        .collect();
    write_pack_text(&list_text(&pack.header, &levels), &levels)
}

/// `pack.txt`'s text for `header` and these levels, in order.
pub fn list_text(header: &ListHeader, levels: &[(String, String)]) -> String {
    let mut out = String::new();
    for (key, value) in [
        ("name", &header.name),
        ("author", &header.author),
        ("description", &header.description),
    ] {
        if !value.is_empty() {
            out.push_str(&format!("{key} = {value}\n"));
        }
    }
    for (name, _) in levels {
        out.push_str(name);
        out.push('\n');
    }
    out
}

/// Whether `name` may be a level file of a pack's text: a plain name
/// ending in `.txt` (no folder, no leading dot, no spaces or control
/// characters, at most 100 characters).
fn plain_text_name(name: &str) -> bool {
    !name.contains(['/', '\\'])
        && !name.starts_with('.')
        && name.ends_with(".txt")
        && name.chars().count() <= 100
        && !name.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// Reads a pack's text into its files (see the module docs).
pub fn parse_pack_text(text: &str) -> Result<PackText, LevelError> {
    let err = |line: usize, what: String| {
        LevelError::new(
            PACK_TEXT,
            Pos::at(u32::try_from(line).unwrap_or(u32::MAX), 1),
            ErrorKind::Campaign(what),
        )
    };
    let mut lines = text
        .lines()
        .enumerate()
        .skip_while(|(_, l)| l.trim().is_empty());
    let Some((first_at, first)) = lines.next() else {
        return Err(err(
            1,
            "the text is empty (expected a level pack's text, starting 'rappel-pack 1')".into(),
        ));
    };
    let version = first
        .trim()
        .strip_prefix("rappel-pack ")
        .and_then(|v| v.trim().parse::<u32>().ok());
    match version {
        Some(v) if (1..=PACK_TEXT_VERSION).contains(&v) => {}
        Some(v) => {
            return Err(err(
                first_at + 1,
                format!(
                    "a level pack of version {v}, newer than this game reads ({PACK_TEXT_VERSION})"
                ),
            ))
        }
        None => {
            return Err(err(
                first_at + 1,
                "this is not a level pack's text (expected its first line 'rappel-pack 1')".into(),
            ))
        }
    }
    let mut files: Vec<(String, String)> = Vec::new();
    let mut ended = false;
    for (i, line) in lines {
        if ended {
            if line.trim().is_empty() {
                continue;
            }
            return Err(err(
                i + 1,
                "text after the end line (expected nothing after '%%% end')".into(),
            ));
        }
        if let Some(rest) = line.trim_start().strip_prefix(MARK) {
            let name = rest.trim();
            if name == "end" {
                ended = true;
                continue;
            }
            let first = files.is_empty();
            if first && name != PACK_FILE {
                return Err(err(
                    i + 1,
                    format!("the first file is '{name}' (expected '{PACK_FILE}')"),
                ));
            }
            if !first && !plain_text_name(name) {
                return Err(err(
                    i + 1,
                    format!(
                        "'{name}' is not a level file name (expected a plain name ending in .txt)"
                    ),
                ));
            }
            if files.iter().any(|(n, _)| n == name) {
                return Err(err(
                    i + 1,
                    format!("'{name}' is given twice (expected each file once)"),
                ));
            }
            if files.len() > MAX_FILES {
                return Err(err(i + 1, format!("more than {MAX_FILES} levels")));
            }
            files.push((name.to_string(), String::new()));
            continue;
        }
        match files.last_mut() {
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
            None if line.trim().is_empty() => {}
            None => {
                return Err(err(
                    i + 1,
                    format!("text before the first file (expected '{MARK} {PACK_FILE}')"),
                ))
            }
        }
    }
    if !ended {
        let lines = text.lines().count();
        return Err(err(
            lines.max(1),
            "the text ends before its end line '%%% end': it was cut short (copy the whole pack again)".into(),
        ));
    }
    let mut files = files.into_iter();
    let Some((_, list)) = files.next() else {
        return Err(err(
            first_at + 1,
            format!("no '{PACK_FILE}' (expected '{MARK} {PACK_FILE}' after the first line)"),
        ));
    };
    Ok(PackText {
        list,
        levels: files.collect(),
    })
}

/// A pack's text read and checked as a pack in folder `folder` would be
/// (see the module docs): its files, header and levels, or every problem.
/// Level files are named `pack text: FILE` in messages.
pub fn check_pack_text(
    text: &str,
    folder: &str,
) -> Result<(PackText, CheckedPack), Vec<LevelError>> {
    let files = parse_pack_text(text).map_err(|e| vec![e])?;
    let list_name = format!("{PACK_TEXT}: {PACK_FILE}");
    let mut listed: Vec<String> = Vec::new();
    let (header, levels) = check_pack(&list_name, &files.list, folder, |name, pos| {
        listed.push(name.to_string());
        match files.levels.iter().find(|(n, _)| n == name) {
            Some((_, level_text)) => check_text(&format!("{PACK_TEXT}: {name}"), level_text),
            None => Err(vec![LevelError::new(
                &list_name,
                pos,
                ErrorKind::Campaign(format!(
                    "level file '{name}' is not in the pack's text (expected a '{MARK} {name}' part)"
                )),
            )]),
        }
    })?;
    if let Some((extra, _)) = files.levels.iter().find(|(n, _)| !listed.contains(n)) {
        return Err(vec![LevelError::new(
            &list_name,
            Pos::File,
            ErrorKind::Campaign(format!(
                "the text holds '{extra}', which pack.txt does not list (expected only the levels it lists)"
            )),
        )]);
    }
    Ok((files, (header, levels)))
}

/// A folder name for a pack called `name`: lower-case letters and digits,
/// the rest dashes, at most 40 characters; `pack` when nothing is left.
pub fn folder_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.len() >= 40 {
            break;
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "pack".to_string()
    } else {
        out
    }
}

/// Imports a pack's text as a new folder in `root` (named for the pack,
/// `-2`, `-3`… after it when taken): checked whole first, then written
/// into a hidden folder and renamed into place, so a refused or failed
/// import leaves nothing behind. The new folder, or every problem.
pub fn import_pack_text(text: &str, root: &Path) -> Result<PathBuf, Vec<LevelError>> {
    // The folder is only known once the name is: check under a stand-in
    // folder name (a plain one), then again the pack as written.
    let (files, (header, _)) = check_pack_text(text, "pack")?;
    let base = folder_name(&header.name);
    let io_err = |path: &Path, e: std::io::Error| {
        vec![LevelError::new(
            &path.display().to_string(),
            Pos::File,
            ErrorKind::Io(crate::level::file::io_message(path, &e)),
        )]
    };
    std::fs::create_dir_all(root).map_err(|e| io_err(root, e))?;
    let folder = (1..)
        .map(|n| match n {
            1 => base.clone(),
            n => format!("{base}-{n}"),
        })
        .find(|f| !root.join(f).exists())
        .unwrap_or(base);
    let staging = root.join(format!(".import-{folder}-{}", std::process::id()));
    let written = (|| {
        std::fs::create_dir_all(&staging).map_err(|e| io_err(&staging, e))?;
        for (name, body) in
            std::iter::once(&(PACK_FILE.to_string(), files.list.clone())).chain(&files.levels)
        {
            let path = staging.join(name);
            crate::io::file::write_atomic(&path, body.as_bytes()).map_err(|e| io_err(&path, e))?;
        }
        let target = root.join(&folder);
        std::fs::rename(&staging, &target).map_err(|e| io_err(&target, e))?;
        Ok(target)
    })();
    if written.is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    written
}

#[cfg(test)]
mod tests;
