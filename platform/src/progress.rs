//! Campaign progress: the best result of every level won, saved in a small
//! text file in the user's data folder, so level n + 1 unlocks once level n
//! is won (the first level is always open) and the results screen can show
//! the best so far.
//!
//! Where: `$RAPPEL_DATA/progress.txt` if `RAPPEL_DATA` is set, else
//! `$XDG_DATA_HOME/rappel/progress.txt`, else
//! `~/.local/share/rappel/progress.txt`. The file:
//!
//! ```text
//! rappel-progress 1
//! # level file, relics recovered, relics in the level, turns used
//! loop_back.txt 1 1 1
//! ```
//!
//! Saving is atomic (write a temporary file beside it, flush, rename), so a
//! crash never loses the previous file. A damaged or newer file is reported
//! with a warning and read as no progress: never a crash.
use std::collections::BTreeMap;

use std::path::{Path, PathBuf};

use log::{info, warn};

/// The first line of a progress file.
pub const HEADER: &str = "rappel-progress 1";

/// A result on one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelResult {
    pub relics: u32,
    /// Relics the level holds in all.
    pub relics_total: u32,
    pub turns: u32,
}

impl LevelResult {
    /// Whether `self` beats `other`: more relics, then fewer turns.
    pub fn beats(&self, other: &LevelResult) -> bool {
        (self.relics, std::cmp::Reverse(self.turns))
            > (other.relics, std::cmp::Reverse(other.turns))
    }
}

/// The best result per level file name; a level listed here was won.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Where it is saved; `None` keeps it in memory only.
    pub path: Option<PathBuf>,
    best: BTreeMap<String, LevelResult>,
}

/// The default progress file (see the module docs); `None` when no data
/// folder can be found.
pub fn default_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("progress.txt"))
}

/// The player's data folder: `RAPPEL_DATA` if set, else
/// `$XDG_DATA_HOME/rappel` (or `~/.local/share/rappel`); `None` when none
/// can be found. Progress, the user's own levels (`levels/`) and editor
/// autosaves (`autosave/`) live there.
pub fn data_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("RAPPEL_DATA") {
        return Some(PathBuf::from(dir));
    }
    let base = var("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    Some(base.join("rappel"))
}

/// Parses progress text; the error names the line.
pub fn parse(text: &str) -> Result<BTreeMap<String, LevelResult>, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, first)) if first.trim() == HEADER => {}
        Some((_, first)) => {
            return Err(format!(
                "line 1: expected `{HEADER}`, found `{}`",
                first.chars().take(40).collect::<String>()
            ))
        }
        None => return Err("the file is empty".to_string()),
    }
    let mut best = BTreeMap::new();
    for (i, line) in lines {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let number = |w: &str| w.parse::<u32>().ok();
        let parsed =
            match words.as_slice() {
                [file, r, t, n] => number(r).zip(number(t)).zip(number(n)).map(
                    |((relics, relics_total), turns)| {
                        (
                            file.to_string(),
                            LevelResult {
                                relics,
                                relics_total,
                                turns,
                            },
                        )
                    },
                ),
                _ => None,
            };
        let Some((file, result)) = parsed else {
            return Err(format!(
                "line {}: expected `LEVEL_FILE RELICS RELICS_TOTAL TURNS`",
                i + 1
            ));
        };
        best.insert(file, result);
    }
    Ok(best)
}

impl Progress {
    /// No progress, saved at `path`.
    pub fn empty(path: Option<PathBuf>) -> Progress {
        Progress {
            path,
            best: BTreeMap::new(),
        }
    }

    /// Reads the file at `path`; a missing file is no progress, a damaged
    /// one a warning and no progress.
    pub fn load(path: Option<PathBuf>) -> Progress {
        let Some(p) = path.clone() else {
            warn!("no data folder (HOME unset): progress is not saved");
            return Progress::empty(None);
        };
        let text = match std::fs::read(&p) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Progress::empty(path);
            }
            Err(e) => {
                warn!("cannot read progress {}: {e}; starting afresh", p.display());
                return Progress::empty(path);
            }
        };
        match parse(&text) {
            Ok(best) => {
                info!("progress from {}: {} levels won", p.display(), best.len());
                Progress { path, best }
            }
            Err(e) => {
                warn!(
                    "progress file {} is damaged ({e}); starting afresh",
                    p.display()
                );
                Progress::empty(path)
            }
        }
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut out =
            format!("{HEADER}\n# level file, relics recovered, relics in the level, turns used\n");
        for (file, r) in &self.best {
            out.push_str(&format!(
                "{file} {} {} {}\n",
                r.relics, r.relics_total, r.turns
            ));
        }
        out
    }

    /// Saves atomically; does nothing without a path.
    pub fn save(&self) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        write_atomic(path, self.to_text().as_bytes())
            .map_err(|e| format!("cannot save progress {}: {e}", path.display()))?;
        info!("progress saved to {}", path.display());
        Ok(())
    }

    /// The best result on `file`, if it was won.
    pub fn best(&self, file: &str) -> Option<LevelResult> {
        self.best.get(file).copied()
    }

    /// Whether `file` was won.
    pub fn won(&self, file: &str) -> bool {
        self.best.contains_key(file)
    }

    /// Records a win on `file`; true if it is a new best (or the first).
    pub fn record(&mut self, file: &str, result: LevelResult) -> bool {
        match self.best.get(file) {
            Some(old) if !result.beats(old) => false,
            _ => {
                self.best.insert(file.to_string(), result);
                true
            }
        }
    }

    /// Whether level `index` of a campaign with these `files` may be played:
    /// the first always, any other once the one before it is won.
    pub fn unlocked(&self, files: &[&str], index: usize) -> bool {
        index == 0 || files.get(index - 1).is_some_and(|f| self.won(f))
    }
}

/// Writes `bytes` to `path` through a temporary file and a rename.
fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    game::file_io::write_atomic(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("rappel-progress-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("sub/progress.txt")
    }

    fn r(relics: u32, turns: u32) -> LevelResult {
        LevelResult {
            relics,
            relics_total: 2,
            turns,
        }
    }

    #[test]
    fn records_keep_the_best_and_unlock_the_next_level() {
        let mut p = Progress::empty(None);
        let files = ["a.txt", "b.txt", "c.txt"];
        assert!(p.unlocked(&files, 0));
        assert!(!p.unlocked(&files, 1));
        assert!(p.record("a.txt", r(1, 9)));
        assert!(p.unlocked(&files, 1) && !p.unlocked(&files, 2));
        assert!(!p.record("a.txt", r(1, 10)), "more turns is worse");
        assert!(p.record("a.txt", r(1, 5)), "fewer turns is better");
        assert!(p.record("a.txt", r(2, 50)), "more relics beats turns");
        assert_eq!(p.best("a.txt"), Some(r(2, 50)));
    }

    #[test]
    fn saves_atomically_and_reads_back() {
        let path = scratch("round");
        let mut p = Progress::empty(Some(path.clone()));
        p.record("loop_back.txt", r(1, 1));
        p.record("rope_descent.txt", r(1, 4));
        p.save().unwrap();
        assert!(!path.with_extension("txt.tmp").exists());
        let back = Progress::load(Some(path.clone()));
        assert_eq!(back, p);
        let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }

    #[test]
    fn a_damaged_file_reads_as_no_progress() {
        let path = scratch("damaged");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        for text in [
            "",
            "not a progress file\n",
            "rappel-progress 1\nloop_back.txt one 1 1\n",
            "rappel-progress 1\nloop_back.txt 1 1\n",
            "rappel-progress 2\n",
        ] {
            std::fs::write(&path, text).unwrap();
            let p = Progress::load(Some(path.clone()));
            assert_eq!(p, Progress::empty(Some(path.clone())), "{text:?}");
        }
        std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
        assert!(!Progress::load(Some(path.clone())).won("x"));
        assert!(parse("rappel-progress 1\n# comment\n\na.txt 0 1 3\n").is_ok());
        let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
    }
}
