//! The campaign order: `levels/campaign.txt` lists the level files to play,
//! one file name per line, first level first. Blank lines and `//` comments
//! are ignored. A name is a plain file name in the campaign file's own
//! folder (no `/`, `\` or leading `.`), ending in `.txt` or `.rlv`, listed
//! once.

use super::file::read_capped;
use super::{ErrorKind, LevelError, Pos};
use std::path::{Path, PathBuf};

/// Parses campaign text into its level file names, in order.
pub fn parse_campaign(file: &str, text: &str) -> Result<Vec<String>, LevelError> {
    let mut out: Vec<String> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let entry = raw.trim();
        if entry.is_empty() || entry.starts_with("//") {
            continue;
        }
        let col = raw.chars().take_while(|c| c.is_whitespace()).count() as u32 + 1;
        let err = |what: String| {
            Err(LevelError::new(
                file,
                Pos::at(line_no, col),
                ErrorKind::Campaign(what),
            ))
        };
        let plain =
            !entry.contains(['/', '\\']) && !entry.starts_with('.') && entry.chars().count() <= 100;
        let known = entry.ends_with(".txt") || entry.ends_with(".rlv");
        if !plain || !known || entry.chars().any(char::is_whitespace) {
            return err(format!(
                "'{entry}' is not a level file name (expected a plain name ending in .txt or .rlv)"
            ));
        }
        if out.iter().any(|e| e == entry) {
            return err(format!(
                "'{entry}' is listed twice (expected each level once)"
            ));
        }
        out.push(entry.to_string());
    }
    if out.is_empty() {
        let kind = ErrorKind::Campaign("no levels (expected one level file name per line)".into());
        return Err(LevelError::new(file, Pos::at(1, 1), kind));
    }
    Ok(out)
}

/// Reads the campaign file at `path`; returns the level paths, resolved
/// against the campaign file's folder.
pub fn load_campaign(path: &Path) -> Result<Vec<PathBuf>, LevelError> {
    let file = path.display().to_string();
    let bytes = read_capped(path)?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| LevelError::new(&file, Pos::File, ErrorKind::NotUtf8))?;
    let folder = path.parent().unwrap_or(Path::new(""));
    Ok(parse_campaign(&file, text)?
        .into_iter()
        .map(|n| folder.join(n))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn campaign_lists_names_in_order_skipping_comments() {
        let text = "// order\nloop_back.txt\n\n  rope_descent.txt\nhaul.rlv\n";
        assert_eq!(
            parse_campaign("c.txt", text),
            Ok(vec![
                "loop_back.txt".to_string(),
                "rope_descent.txt".into(),
                "haul.rlv".into()
            ])
        );
    }

    #[test]
    fn bad_campaign_entries_name_their_line() {
        let e = parse_campaign("c.txt", "a.txt\n../b.txt\n").expect_err("path");
        assert_eq!(
            e.to_string(),
            "c.txt:2:1: '../b.txt' is not a level file name (expected a plain name ending in .txt or .rlv)"
        );
        let e = parse_campaign("c.txt", "a.txt\n  a.txt\n").expect_err("twice");
        assert_eq!(
            e.to_string(),
            "c.txt:2:3: 'a.txt' is listed twice (expected each level once)"
        );
        let e = parse_campaign("c.txt", "// nothing\n").expect_err("empty");
        assert_eq!(
            e.to_string(),
            "c.txt:1:1: no levels (expected one level file name per line)"
        );
    }
}
