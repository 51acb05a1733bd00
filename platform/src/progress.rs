//! Campaign progress on disk: the player's [`CampaignRecord`] — the best
//! result of every level won, and the most relics ever brought out of each
//! level (won or retreated from) — saved in a small text file in the user's
//! data folder. The rules on it (what beats what, which level is open,
//! what the relics unlock) are `game::campaign::record`'s; this file keeps
//! the record, reads and writes it, and asks the rules through [`Progress`].
//!
//! Where: `$RAPPEL_DATA/progress.txt` if `RAPPEL_DATA` is set, else
//! `$XDG_DATA_HOME/rappel/progress.txt`, else
//! `~/.local/share/rappel/progress.txt`. The file:
//!
//! ```text
//! rappel-progress 4
//! # level file, relics recovered, relics in the level, turns used[, hints][, level=fingerprint][, with=equipment]
//! loop_back.txt 1 1 1
//! night_haul.txt 1 1 7 level=9c1f0e2a7b3d4c55
//! the_keep.txt 1 1 3 level=5e0c2b9d1a7f3e48 with=second_rope
//! the_well.txt 1 1 7 2 level=04d2a1b3c4e5f607
//! # relics, level file, the most relics ever brought out of it
//! relics heavy_haul.txt 1
//! ```
//!
//! Version 4 added the level a result was won on: `level=` and the 16
//! hexadecimal digits of the level's fingerprint as it was written
//! (`game::io::save::level_fingerprint`, what saves use), and the
//! equipment the player chose beyond what the level requires, `with=` and
//! the pieces' names joined by `+` in canonical order (none: no word). A
//! result without a fingerprint was kept by an older build: nothing is
//! known of its level, and it is shown and compared as it always was
//! (`game::campaign::record`). A file holding neither is still written as
//! version 3 or 2, byte for byte as before.
//!
//! Version 3 added what versions 2 cannot hold: the hints shown while
//! winning a level, a fifth number on its line when there were any (a
//! line of four has none), and the levels of level packs, keyed
//! `pack/FOLDER/FILE` (see `game::campaign::pack`) so they never meet a
//! campaign level's record. A file holding neither is still written as
//! version 2, readable by a build that knows only version 2.
//!
//! Version 2 added the `relics` lines: a retreat records no result but its
//! relics still count towards equipment. Version 1 files (no `relics`
//! lines) still load, their wins counting their relics; a build that only
//! reads version 1 sees a version 2 file as a newer build's and leaves it
//! alone rather than dropping the lines it does not know. A level's relics
//! recovered are the most of its `relics` line and its best result.
//!
//! Reading keeps what can be read: a damaged line is skipped, the file as
//! it was is kept aside (`progress.txt.damaged`, never overwritten: see
//! `game::io::file::move_aside`), the good lines are written back at once,
//! and the player is told once, on the title screen. A file from a newer
//! build is left alone: this run's wins are kept in memory and not written
//! over it (the player is told). A file that cannot be read at all is read
//! as no progress, said so, and moved aside before anything is written in
//! its place.
//!
//! Saving is atomic (`game::io::file::write_atomic`), so a crash never loses
//! the previous file; a level's end is one save (a win's relics and its
//! result in the same write, so a crash never keeps one without the
//! other); and a save merges first: the file is read again and every
//! result in it that beats this run's is kept, so two copies of the game
//! playing at once never drop each other's wins (where the two were won
//! on different versions of a level, a win of this run is kept over the
//! file's, and the file's over a best this run only read). A save that fails (a
//! full disk, a symlink into a folder that is gone) keeps this run's
//! results in memory, says why and where, and the next save writes them.
use std::collections::BTreeMap;

use std::path::{Path, PathBuf};

use game::campaign::CampaignRecord;
pub use game::campaign::LevelResult;
use game::equipment::{Equipment, EquipmentSet};
use game::level::{escaped, escaped_path};
use log::{info, warn};

/// The format version written; files of this version and older load.
pub const VERSION: u32 = 4;
/// The first line of a progress file holding a level's fingerprint.
pub const HEADER: &str = "rappel-progress 4";
/// The first line of a file with no fingerprint but a pack's level or a
/// count of hints.
pub const HEADER_V3: &str = "rappel-progress 3";
/// The first line of a file with none of those.
pub const HEADER_V2: &str = "rappel-progress 2";

/// The player's campaign record and the file it is kept in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Where it is saved; `None` keeps it in memory only.
    pub path: Option<PathBuf>,
    record: CampaignRecord,
    /// What the player should be told about the file, once; `None`: all
    /// was well.
    pub notice: Option<String>,
    /// The file is a newer build's: never written over.
    read_only: bool,
    /// The new bests won in this run and not yet saved: a save records
    /// them over what the file holds (they replace a best won on another
    /// version of their level, as a win does).
    won_here: BTreeMap<String, LevelResult>,
}

/// The default progress file (see the module docs); `None` when no data
/// folder can be found.
pub fn default_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("progress.txt"))
}

/// Makes `dir` the data folder for a test until the guard is dropped: the
/// variable is one per process and tests run side by side, so a test that
/// relies on its data folder holds this.
#[cfg(test)]
pub(crate) fn test_data_folder(dir: &std::path::Path) -> std::sync::MutexGuard<'static, ()> {
    static DATA_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let guard = DATA_LOCK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    std::env::set_var("RAPPEL_DATA", dir);
    guard
}

/// The systems whose data-folder convention [`data_dir_for`] knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Os {
    /// Linux and the other Unix systems: the XDG base directories.
    Unix,
    /// Windows: the roaming application data folder.
    Windows,
    /// macOS: `~/Library/Application Support`.
    MacOs,
}

impl Os {
    /// The system this build runs on.
    pub const HERE: Os = if cfg!(windows) {
        Os::Windows
    } else if cfg!(target_os = "macos") {
        Os::MacOs
    } else {
        Os::Unix
    };
}

/// The player's data folder: `RAPPEL_DATA` if set, else the system's
/// place for it ([`data_dir_for`] on [`Os::HERE`]); `None` when none can
/// be found. Progress, settings, games in progress (`saves/`), the user's
/// own levels (`levels/`), level packs (`packs/`) and editor autosaves
/// (`autosave/`) live there.
pub fn data_dir() -> Option<PathBuf> {
    data_dir_for(Os::HERE, |name| std::env::var_os(name))
}

/// The data folder on `os`, reading the environment through `var`:
/// `RAPPEL_DATA` if set; else on Unix `$XDG_DATA_HOME/rappel` (or
/// `~/.local/share/rappel`), on Windows `%APPDATA%\Rappel`, on macOS
/// `~/Library/Application Support/Rappel`. Empty variables count as unset.
pub fn data_dir_for(os: Os, var: impl Fn(&str) -> Option<std::ffi::OsString>) -> Option<PathBuf> {
    let var = |name: &str| var(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = var("RAPPEL_DATA") {
        return Some(dir);
    }
    match os {
        Os::Unix => {
            let base =
                var("XDG_DATA_HOME").or_else(|| var("HOME").map(|h| h.join(".local/share")))?;
            Some(base.join("rappel"))
        }
        Os::Windows => Some(var("APPDATA")?.join("Rappel")),
        Os::MacOs => Some(var("HOME")?.join("Library/Application Support/Rappel")),
    }
}

/// What a progress file holds: the results read, and the lines that
/// could not be (1-based line number and why).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    pub best: BTreeMap<String, LevelResult>,
    /// The `relics FILE N` lines: the most relics brought out of each file.
    pub relics: BTreeMap<String, u32>,
    pub bad_lines: Vec<(usize, String)>,
}

/// Why a progress file was not read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Written by a newer build (its first line names a later version).
    Newer(String),
    /// Not a progress file, or not readable: the reason.
    Damaged(String),
}

/// The largest progress file read.
pub const MAX_PROGRESS_BYTES: u64 = 1 << 20;

/// Parses progress text: every good line is kept, each bad one noted.
pub fn parse(text: &str) -> Result<Parsed, Unreadable> {
    let mut lines = text.lines().enumerate();
    let version = |first: &str| {
        first
            .trim()
            .strip_prefix("rappel-progress ")
            .and_then(|v| v.parse::<u32>().ok())
    };
    match lines.next() {
        Some((_, first)) if version(first).is_some_and(|v| (1..=VERSION).contains(&v)) => {}
        Some((_, first)) => {
            let newer = version(first).is_some_and(|v| v > VERSION);
            let shown: String = first.chars().take(40).collect();
            let shown = escaped(&shown);
            return Err(if newer {
                Unreadable::Newer(format!("its first line is `{shown}`"))
            } else {
                Unreadable::Damaged(format!("line 1: expected `{HEADER}`, found `{shown}`"))
            });
        }
        None => return Err(Unreadable::Damaged("the file is empty".to_string())),
    }
    let mut out = Parsed::default();
    for (i, line) in lines {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let number = |w: &str| w.parse::<u32>().ok();
        let plain = |f: &str| is_key(f);
        if let ["relics", file, n] = words.as_slice() {
            match number(n).filter(|_| plain(file)) {
                Some(n) => {
                    let most = out.relics.entry(file.to_string()).or_default();
                    *most = (*most).max(n);
                }
                None => out
                    .bad_lines
                    .push((i + 1, "expected `relics LEVEL_FILE RELICS`".to_string())),
            }
            continue;
        }
        let parsed = match words.as_slice() {
            [file, r, t, n, rest @ ..] if plain(file) => {
                // After the four numbers: the hints, if any, then the
                // level's fingerprint and the equipment chosen, if known.
                let mut rest = rest.iter().peekable();
                let hints = match rest.next_if(|w| !w.contains('=')) {
                    Some(h) => number(h),
                    None => Some(0),
                };
                let level = match rest.next_if(|w| w.starts_with(LEVEL_TAG)) {
                    Some(w) => fingerprint(w).map(Some),
                    None => Some(None),
                };
                let equipment = match rest.next_if(|w| w.starts_with(WITH_TAG)) {
                    Some(w) => equipment(w),
                    None => Some(EquipmentSet::EMPTY),
                };
                let level = level.filter(|_| rest.next().is_none());
                number(r)
                    .zip(number(t))
                    .zip(number(n))
                    .zip(hints)
                    .zip(level)
                    .zip(equipment)
                    .map(
                        |(((((relics, relics_total), turns), hints), level), equipment)| {
                            (
                                file.to_string(),
                                LevelResult {
                                    relics,
                                    relics_total,
                                    turns,
                                    hints,
                                    level,
                                    equipment,
                                },
                            )
                        },
                    )
            }
            _ => None,
        };
        match parsed {
            Some((file, result)) => {
                // A level listed twice keeps its better result (the first,
                // if they were won on different versions of it).
                let keep = out
                    .best
                    .get(&file)
                    .is_none_or(|old| result.comparable(old) && result.beats(old));
                if keep {
                    out.best.insert(file, result);
                }
            }
            None => out.bad_lines.push((
                i + 1,
                "expected `LEVEL_FILE RELICS RELICS_TOTAL TURNS [HINTS] [level=FINGERPRINT] [with=EQUIPMENT]`"
                    .to_string(),
            )),
        }
    }
    Ok(out)
}

/// What comes before a result's level fingerprint on its line.
const LEVEL_TAG: &str = "level=";

/// The fingerprint of `word`, `level=` and 16 hexadecimal digits; `None`
/// when it is not one.
fn fingerprint(word: &str) -> Option<u64> {
    let hex = word.strip_prefix(LEVEL_TAG)?;
    (hex.len() == 16 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| u64::from_str_radix(hex, 16).ok())
        .flatten()
}

/// What comes before a result's equipment on its line.
const WITH_TAG: &str = "with=";

/// The equipment of `word`, `with=` and pieces' names joined by `+` in
/// canonical order (`with=long_rope+spare_bucket`); `None` when it is not
/// that.
fn equipment(word: &str) -> Option<EquipmentSet> {
    let names = word.strip_prefix(WITH_TAG)?;
    let items = names
        .split('+')
        .map(Equipment::from_name)
        .collect::<Option<Vec<Equipment>>>()?;
    let set = EquipmentSet::of(&items);
    (set_text(set) == names).then_some(set)
}

/// The names of `set`'s pieces joined by `+`, in canonical order.
fn set_text(set: EquipmentSet) -> String {
    set.iter()
        .map(Equipment::name)
        .collect::<Vec<_>>()
        .join("+")
}

/// Whether `key` names a level in a progress file: a campaign level's
/// plain file name, or a pack's level as `pack/FOLDER/FILE`
/// (`game::campaign::pack_progress_key`) with both parts plain.
pub fn is_key(key: &str) -> bool {
    let plain = |f: &str| {
        !f.is_empty()
            && !f.contains(['/', '\\'])
            && !f.starts_with('.')
            && f.chars().all(|c| !c.is_control() && !c.is_whitespace())
    };
    match key
        .strip_prefix("pack/")
        .and_then(|rest| rest.split_once('/'))
    {
        Some((folder, file)) => plain(folder) && plain(file),
        None => plain(key),
    }
}

/// The progress file's text, read through `game::io::file` (a regular file,
/// capped), UTF-8 or not.
fn read_text(path: &Path) -> std::io::Result<String> {
    let bytes = game::io::file::read_capped(path, MAX_PROGRESS_BYTES)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

impl Progress {
    /// No progress, saved at `path`.
    pub fn empty(path: Option<PathBuf>) -> Progress {
        Progress {
            path,
            ..Progress::default()
        }
    }

    /// Reads the file at `path` (see the module docs): a missing file is
    /// no progress; a damaged one gives what can be read and a notice.
    pub fn load(path: Option<PathBuf>) -> Progress {
        let Some(p) = path.clone() else {
            warn!("no data folder (HOME unset): progress is not saved");
            return Progress::empty(None);
        };
        let text = match read_text(&p) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Progress::empty(path);
            }
            Err(e) => {
                let notice = format!(
                    "Your progress could not be read ({e}); it is kept, and wins from now on are saved beside it"
                );
                warn!("{notice}");
                return Progress {
                    notice: Some(notice),
                    ..Progress::empty(path)
                };
            }
        };
        match parse(&text) {
            Ok(Parsed {
                best,
                relics,
                bad_lines,
            }) if bad_lines.is_empty() => {
                let progress = Progress {
                    record: CampaignRecord::from_parts(best, relics),
                    ..Progress::empty(path)
                };
                info!(
                    "progress from {}: {} levels won, {} relics recovered",
                    escaped_path(&p),
                    progress.record.results().len(),
                    progress.relics_recovered_total()
                );
                progress
            }
            Ok(Parsed {
                best,
                relics,
                bad_lines,
            }) => {
                // Keep the file as it was, and the good lines in its place.
                let kept = keep_aside(&p);
                let mut progress = Progress {
                    record: CampaignRecord::from_parts(best, relics),
                    ..Progress::empty(path)
                };
                let (line, why) = &bad_lines[0];
                warn!("{}:{line}: {why}", escaped_path(&p));
                let rewritten = match progress.write() {
                    Ok(()) => String::new(),
                    Err(e) => format!("; {e}"),
                };
                progress.notice = Some(format!(
                    "Your progress file had {} damaged line{} (line {line}); the rest was read ({kept}{rewritten})",
                    bad_lines.len(),
                    if bad_lines.len() == 1 { "" } else { "s" },
                ));
                progress
            }
            Err(Unreadable::Newer(why)) => {
                let notice = format!(
                    "Your progress file is from a newer Rappel ({why}): it is left as it is, and wins in this run are not saved"
                );
                warn!("{notice}");
                Progress {
                    notice: Some(notice),
                    read_only: true,
                    ..Progress::empty(path)
                }
            }
            Err(Unreadable::Damaged(why)) => {
                let kept = keep_aside(&p);
                let notice =
                    format!("Your progress file is damaged ({why}); starting afresh ({kept})");
                warn!("{notice}");
                Progress {
                    notice: Some(notice),
                    ..Progress::empty(path)
                }
            }
        }
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        // Version 4 only when it holds what version 3 cannot, a level's
        // fingerprint or the equipment chosen; version 3 only when it holds what version 2
        // cannot: a pack's level or a count of hints.
        let v4 = self
            .record
            .results()
            .values()
            .any(|r| r.level.is_some() || !r.equipment.is_empty());
        let v3 = self
            .record
            .results()
            .iter()
            .any(|(f, r)| f.contains('/') || r.hints > 0)
            || self
                .record
                .relics_brought_out()
                .keys()
                .any(|f| f.contains('/'));
        let header = match (v4, v3) {
            (true, _) => HEADER,
            (false, true) => HEADER_V3,
            (false, false) => HEADER_V2,
        };
        let mut out = format!("{header}\n");
        out.push_str(if v4 {
            "# level file, relics recovered, relics in the level, turns used[, hints][, level=fingerprint][, with=equipment]\n"
        } else {
            "# level file, relics recovered, relics in the level, turns used[, hints]\n"
        });
        for (file, r) in self.record.results() {
            out.push_str(&format!(
                "{file} {} {} {}",
                r.relics, r.relics_total, r.turns
            ));
            if r.hints > 0 {
                out.push_str(&format!(" {}", r.hints));
            }
            if let Some(level) = r.level {
                out.push_str(&format!(" {LEVEL_TAG}{level:016x}"));
            }
            if !r.equipment.is_empty() {
                out.push_str(&format!(" {WITH_TAG}{}", set_text(r.equipment)));
            }
            out.push('\n');
        }
        let relics = self.record.relics_brought_out();
        if !relics.is_empty() {
            out.push_str("# relics, level file, the most relics ever brought out of it\n");
            for (file, n) in relics {
                out.push_str(&format!("relics {file} {n}\n"));
            }
        }
        out
    }

    /// Saves atomically, merged with what the file holds now (another
    /// copy of the game may have written wins since it was read); does
    /// nothing without a path, or over a newer build's file.
    pub fn save(&mut self) -> Result<(), String> {
        let Some(path) = self.path.clone() else {
            return Ok(());
        };
        if self.read_only {
            return Err(format!(
                "progress not saved: {} is from a newer Rappel",
                escaped_path(&path)
            ));
        }
        match read_text(&path).map(|t| parse(&t)) {
            Ok(Ok(on_disk)) => {
                // What the file holds now, with this record's results where
                // better, then this run's wins recorded over it.
                let mut merged = CampaignRecord::from_parts(on_disk.best, on_disk.relics);
                merged.merge(&self.record);
                for (file, result) in &self.won_here {
                    merged.record(file, *result);
                }
                self.record = merged;
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Ok(Err(Unreadable::Newer(_))) => {
                self.read_only = true;
                return Err(format!(
                    "progress not saved: {} is now from a newer Rappel",
                    escaped_path(&path)
                ));
            }
            // Whatever is there now cannot be merged: keep it aside.
            Ok(Err(Unreadable::Damaged(_))) | Err(_) => {
                let kept = keep_aside(&path);
                warn!(
                    "progress file {} could not be merged ({kept})",
                    escaped_path(&path)
                );
            }
        }
        self.write()?;
        self.won_here.clear();
        info!("progress saved to {}", escaped_path(&path));
        Ok(())
    }

    /// Writes the file as this holds it.
    fn write(&self) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        #[cfg(test)]
        if !crash::write_reaches_disk(&self.to_text()) {
            return Err("the game was killed".to_string());
        }
        write_atomic(path, self.to_text().as_bytes())
            .map_err(|e| format!("cannot save progress {}: {e}", escaped_path(path)))
    }

    /// The best result on `file`, if it was won.
    pub fn best(&self, file: &str) -> Option<LevelResult> {
        self.record.best(file)
    }

    /// Whether `file` was won.
    pub fn won(&self, file: &str) -> bool {
        self.record.won(file)
    }

    /// Records a win on `file`; true if it is a new best (or the first,
    /// or the first on the level as it is now: `LevelResult::replaces`).
    pub fn record(&mut self, file: &str, result: LevelResult) -> bool {
        let new = self.record.record(file, result);
        if new {
            self.won_here.insert(file.to_string(), result);
        }
        new
    }

    /// Records that `relics` relics were brought out of `file`; true if it
    /// is more than ever before.
    pub fn record_relics(&mut self, file: &str, relics: u32) -> bool {
        self.record.record_relics(file, relics)
    }

    /// The most relics ever brought out of `file`.
    pub fn relics_recovered(&self, file: &str) -> u32 {
        self.record.relics_recovered(file)
    }

    /// The relics recovered over the campaign (what unlocks equipment).
    pub fn relics_recovered_total(&self) -> u32 {
        self.record.relics_recovered_total()
    }

    /// The equipment the relics recovered have unlocked, in canonical
    /// order.
    pub fn unlocked_equipment(&self) -> Vec<game::equipment::Equipment> {
        self.record.unlocked_equipment()
    }

    /// Whether level `index` of a campaign with these `files` may be played.
    pub fn unlocked(&self, files: &[&str], index: usize) -> bool {
        self.record.unlocked(files, index)
    }
}

/// Moves the file at `path` aside; says where, or why it could not.
fn keep_aside(path: &Path) -> String {
    match game::io::file::move_aside(path, "damaged") {
        Ok(p) => format!("the old file is kept as {}", escaped_path(&p)),
        Err(e) => format!("the old file could not be kept aside: {e}"),
    }
}

/// Writes `bytes` to `path` through a temporary file and a rename.
fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    game::io::file::write_atomic(path, bytes)
}

/// Tests: the progress files this thread writes, and a simulated kill
/// (the writes after it never reach the disk).
#[cfg(test)]
pub(crate) mod crash {
    use std::cell::{Cell, RefCell};

    thread_local! {
        static WRITTEN: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
        static WRITES_LEFT: Cell<Option<usize>> = const { Cell::new(None) };
    }

    /// The game is killed after `n` more writes.
    pub(crate) fn kill_after_writes(n: usize) {
        WRITES_LEFT.set(Some(n));
    }

    /// Every text written so far (the ones the kill stopped included).
    pub(crate) fn written() -> Vec<String> {
        WRITTEN.with_borrow(|w| w.clone())
    }

    /// Notes a write of `text`; whether it reaches the disk.
    pub(super) fn write_reaches_disk(text: &str) -> bool {
        WRITTEN.with_borrow_mut(|w| w.push(text.to_string()));
        match WRITES_LEFT.get() {
            Some(0) => false,
            Some(n) => {
                WRITES_LEFT.set(Some(n - 1));
                true
            }
            None => true,
        }
    }
}

#[cfg(test)]
mod versions;

#[cfg(test)]
mod tests;
