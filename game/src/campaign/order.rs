//! The campaign order: `levels/campaign.txt` lists the level files to play,
//! one file name per line, first level first. Blank lines and `//` comments
//! are ignored. A name is a plain file name in the campaign file's own
//! folder (no `/`, `\` or leading `.`, no whitespace or control
//! characters, at most 100 characters), ending in `.txt` or `.rlv`, listed
//! once: so a name the game shows (a level that does not load is listed by
//! its file name) never holds a control character.
//!
//! The same list is a level pack's `pack.txt` (see `pack.rs`), which opens
//! with header fields before its first level: `name = …`, `author = …`,
//! `description = …`, one a line, each at most once (a line holding `=` is
//! a field, so a level file name never holds one). The campaign's list
//! has none; one parser reads both.

use crate::level::file::{check_file, read_capped};
use crate::level::{ErrorKind, Level, LevelError, Pos};
use std::path::{Path, PathBuf};

/// One level a campaign names: the file, and where the campaign names it,
/// so a level file that cannot be read is reported at that line of the
/// campaign (`campaign.txt:3:1: level file 'x.txt' is not in levels`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignEntry {
    /// The file name as the campaign writes it (a plain name, never empty).
    pub name: String,
    /// The level file: `name` in the campaign file's folder.
    pub path: PathBuf,
    /// The campaign file, as messages name it.
    pub campaign: String,
    /// Where the campaign names it: line and column of the name.
    pub pos: Pos,
}

impl CampaignEntry {
    /// Loads the level; on failure, the first problem (see [`CampaignEntry::check`]).
    pub fn load(&self) -> Result<Level, LevelError> {
        self.check()
            .map_err(|errors| crate::level::text::first(&self.campaign, errors))
    }

    /// Loads the level; on failure, every problem found (never empty). A
    /// level file that is missing or cannot be read (a folder, a pipe) is
    /// one error at the campaign line naming it; a level file with
    /// problems reports them in that file, by line and column.
    pub fn check(&self) -> Result<Level, Vec<LevelError>> {
        let at_entry = |what: String| {
            vec![LevelError::new(
                &self.campaign,
                self.pos,
                ErrorKind::Campaign(what),
            )]
        };
        if let Err(e) = std::fs::metadata(&self.path) {
            if e.kind() == std::io::ErrorKind::NotFound {
                let folder = self.path.parent().unwrap_or(Path::new(""));
                let list = Path::new(&self.campaign)
                    .file_name()
                    .map_or("the list".into(), |n| n.to_string_lossy());
                return Err(at_entry(format!(
                    "level file '{}' is not in {} (expected a level file of that name beside {list})",
                    self.name,
                    folder.display()
                )));
            }
        }
        check_file(&self.path).map_err(|errors| match errors.as_slice() {
            [LevelError {
                pos: Pos::File,
                kind: ErrorKind::Io(io),
                ..
            }] => at_entry(format!("level file '{}' cannot be read: {io}", self.name)),
            _ => errors,
        })
    }
}

/// Parses campaign text into its level file names, in order.
pub fn parse_campaign(file: &str, text: &str) -> Result<Vec<String>, LevelError> {
    Ok(parse_campaign_names(file, text)?
        .into_iter()
        .map(|(name, _)| name)
        .collect())
}

/// Parses campaign text into its level file names, in order, each with
/// where it is written. Header fields are parsed too (see
/// [`parse_level_list`]) and left out.
pub fn parse_campaign_names(file: &str, text: &str) -> Result<Vec<(String, Pos)>, LevelError> {
    Ok(parse_level_list(file, text)?.entries)
}

/// The header fields of a level list (all empty for the campaign).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListHeader {
    /// `name = …`; empty when the list has none.
    pub name: String,
    /// `author = …`; empty when the list has none.
    pub author: String,
    /// `description = …`; empty when the list has none.
    pub description: String,
}

/// A level list: its header fields and its level file names, in order,
/// each with where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelList {
    /// The header fields (name, author, description; all empty for the
    /// campaign).
    pub header: ListHeader,
    /// Never empty.
    pub entries: Vec<(String, Pos)>,
    /// Where each header field is written (for messages), by field name.
    pub header_pos: Vec<(&'static str, Pos)>,
}

/// The longest header value, in characters.
pub const HEADER_VALUE_MAX: usize = 200;

/// Parses a level list (`campaign.txt`, a pack's `pack.txt`): header
/// fields, then one level file name per line. Every refusal names its line.
pub fn parse_level_list(file: &str, text: &str) -> Result<LevelList, LevelError> {
    let mut out: Vec<(String, Pos)> = Vec::new();
    let mut header = ListHeader::default();
    let mut header_pos: Vec<(&'static str, Pos)> = Vec::new();
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
        if let Some((key, value)) = entry.split_once('=') {
            let (key, value) = (key.trim(), value.trim());
            let (slot, field): (&mut String, &'static str) = match key {
                "name" => (&mut header.name, "name"),
                "author" => (&mut header.author, "author"),
                "description" => (&mut header.description, "description"),
                _ => {
                    return err(format!(
                        "unknown field '{key}' (expected name, author or description)"
                    ))
                }
            };
            if !out.is_empty() {
                return err(format!(
                    "field '{field}' after the first level (expected the fields first)"
                ));
            }
            if header_pos.iter().any(|(f, _)| *f == field) {
                return err(format!("field '{field}' is given twice (expected it once)"));
            }
            if value.is_empty()
                || value.chars().count() > HEADER_VALUE_MAX
                || value.chars().any(char::is_control)
            {
                return err(format!(
                    "field '{field}' is empty, too long or holds a control character (expected 1 to {HEADER_VALUE_MAX} printable characters)"
                ));
            }
            *slot = value.to_string();
            header_pos.push((field, Pos::at(line_no, col)));
            continue;
        }
        let plain =
            !entry.contains(['/', '\\']) && !entry.starts_with('.') && entry.chars().count() <= 100;
        let known = entry.ends_with(".txt") || entry.ends_with(".rlv");
        let printable = !entry.chars().any(|c| c.is_whitespace() || c.is_control());
        if !plain || !known || !printable {
            return err(format!(
                "'{entry}' is not a level file name (expected a plain name ending in .txt or .rlv)"
            ));
        }
        if out.iter().any(|(e, _)| e == entry) {
            return err(format!(
                "'{entry}' is listed twice (expected each level once)"
            ));
        }
        out.push((entry.to_string(), Pos::at(line_no, col)));
    }
    if out.is_empty() {
        let kind = ErrorKind::Campaign("no levels (expected one level file name per line)".into());
        return Err(LevelError::new(file, Pos::at(1, 1), kind));
    }
    Ok(LevelList {
        header,
        entries: out,
        header_pos,
    })
}

/// Reads the campaign file at `path`; returns the level paths, resolved
/// against the campaign file's folder.
pub fn load_campaign(path: &Path) -> Result<Vec<PathBuf>, LevelError> {
    Ok(load_campaign_entries(path)?
        .into_iter()
        .map(|e| e.path)
        .collect())
}

/// Reads the campaign file at `path`; returns its entries, in order, each
/// resolved against the campaign file's folder.
pub fn load_campaign_entries(path: &Path) -> Result<Vec<CampaignEntry>, LevelError> {
    let file = path.display().to_string();
    let bytes = read_capped(path)?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| LevelError::new(&file, Pos::File, ErrorKind::NotUtf8))?;
    let folder = path.parent().unwrap_or(Path::new(""));
    Ok(parse_campaign_names(&file, text)?
        .into_iter()
        .map(|(name, pos)| CampaignEntry {
            path: folder.join(&name),
            name,
            campaign: file.clone(),
            pos,
        })
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
        // Control characters: refused, and quoted escaped.
        for name in [
            "rope\u{1b}[2J\u{7}_descent.txt",
            "a\0b.txt",
            "a\u{9b}2J.txt",
        ] {
            let e = parse_campaign("c.txt", &format!("a.txt\n{name}\n")).expect_err(name);
            let shown = e.to_string();
            assert!(shown.contains("is not a level file name"), "{shown}");
            crate::level::fixtures::assert_shown_escaped(&shown, name);
        }
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

    #[test]
    fn a_list_opens_with_header_fields_each_named_at_its_line() {
        let text = "// my pack\nname = Deep wells\n author =  Ann \ndescription = Two wells.\na.txt\nb.txt\n";
        let list = parse_level_list("pack.txt", text).expect("parses");
        assert_eq!(list.header.name, "Deep wells");
        assert_eq!(list.header.author, "Ann");
        assert_eq!(list.header.description, "Two wells.");
        let names: Vec<&str> = list.entries.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a.txt", "b.txt"]);
        for (text, expected) in [
            ("colour = red\na.txt\n", "p:1:1: unknown field 'colour' (expected name, author or description)"),
            ("a.txt\nname = x\n", "p:2:1: field 'name' after the first level (expected the fields first)"),
            ("name = x\nname = y\na.txt\n", "p:2:1: field 'name' is given twice (expected it once)"),
            ("name =\na.txt\n", "p:1:1: field 'name' is empty, too long or holds a control character (expected 1 to 200 printable characters)"),
            ("name = x\n", "p:1:1: no levels (expected one level file name per line)"),
        ] {
            let e = parse_level_list("p", text).expect_err(text);
            assert_eq!(e.to_string(), expected, "{text:?}");
        }
        // The campaign has no header; the names alone come back.
        assert_eq!(
            parse_campaign("c.txt", "name = x\na.txt\n"),
            Ok(vec!["a.txt".to_string()])
        );
    }

    #[test]
    fn an_unreadable_level_is_reported_at_the_campaign_line_naming_it() {
        let dir = std::env::temp_dir().join(format!("rappel-campaign-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let campaign = dir.join("campaign.txt");
        std::fs::write(dir.join("here.txt"), crate::level::fixtures::LOOP_BACK).expect("level");
        std::fs::create_dir_all(dir.join("folder.txt")).expect("a folder named like a level");
        std::fs::write(&campaign, "// order\nhere.txt\n  gone.txt\nfolder.txt\n")
            .expect("campaign");
        let entries = load_campaign_entries(&campaign).expect("parses");
        let c = campaign.display().to_string();
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[1].pos, Pos::at(3, 3));
        assert!(entries[0].load().is_ok());
        assert_eq!(
            entries[1].load().expect_err("missing").to_string(),
            format!(
                "{c}:3:3: level file 'gone.txt' is not in {} (expected a level file of that name beside campaign.txt)",
                dir.display()
            )
        );
        let folder = entries[2].check().expect_err("a folder");
        assert_eq!(folder.len(), 1);
        let shown = folder[0].to_string();
        assert_eq!(
            shown,
            format!("{c}:4:1: level file 'folder.txt' cannot be read: it is a folder, not a regular file")
        );
        // A level that is there but broken reports its own file and line.
        std::fs::write(dir.join("here.txt"), "[level]\nname = \"x\"\n[nope]\n").expect("level");
        let broken = entries[0].check().expect_err("broken");
        let here = dir.join("here.txt").display().to_string();
        assert!(broken.iter().all(|e| e.file == here), "{broken:?}");
        assert!(
            broken
                .iter()
                .any(|e| e.to_string() == format!("{here}:3:1: unknown section [nope] (expected [level], [grid], [things] or [portals])")),
            "{broken:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
