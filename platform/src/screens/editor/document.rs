//! The editor's document model: which file a level belongs to, whether it
//! is saved, and where its unsaved work is kept. Every file action of the
//! editor is a transition here; the screens ask this model and never
//! decide a file's fate themselves (`docs/ARCHITECTURE.md`, "The editor's
//! files").
//!
//! A document is
//! - an **identity**: a file of the designer's (Ctrl+S writes it), a
//!   shipped level (never written: its first save makes a named copy), or
//!   untitled (never saved);
//! - the **content last saved or loaded** (`None`: none, e.g. a level
//!   pasted from the clipboard); the level is *dirty* while it differs;
//! - the file's **stamp** (a CRC of its bytes when last read or written),
//!   so a file someone else changed is not overwritten without asking;
//! - an **autosave slot** of its own in `<data>/autosave/`: for a file,
//!   named after its path (`file-STEM-HASH.rle`); for a shipped level the
//!   same with `shipped-`; for an untitled level a fresh name
//!   (`untitled-ID.rle`) that no other document ever gets.
//!
//! The rules:
//! 1. A file is written only by a save the designer asked for, to the file
//!    the designer named; a cancelled question changes nothing (the
//!    identity changes only once the file is written).
//! 2. Save as to an existing file needs the overwrite confirmed; to a
//!    folder that does not exist it is refused (the levels folder itself
//!    is made). A relative name is in the levels folder.
//! 3. An autosave (the level with its undo history, `game::edit::draft`)
//!    belongs to one document. It is removed once that document's content
//!    is saved, or its work discarded, or the content is back to what was
//!    saved; it is offered back only to that document (a file's when the
//!    file is opened again; an untitled one's from the editor's list).
//! 4. Autosaves and their removal go through one writing thread
//!    (`crate::writer`), in order: a removal asked after a write wins.
//!    The frame thread only copies the undo log (its states are shared);
//!    encoding and writing are that thread's.
use std::path::{Path, PathBuf};

use game::edit::draft::Draft;
use game::edit::History;
use game::io::file::{move_aside, read_capped};
use game::level::{self, binary::crc32, escaped_path, Level};

use super::files;
use crate::writer::Writer;

/// The largest autosave read.
const MAX_DRAFT_BYTES: u64 = game::edit::draft::MAX_DRAFT_PAYLOAD as u64 + 64;

/// Which file a level belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Identity {
    /// Never saved.
    Untitled,
    /// A file of the designer's: Ctrl+S writes it.
    File(PathBuf),
    /// A level of the campaign's folder: never written; saving makes a
    /// named copy.
    Shipped(PathBuf),
}

/// Why a save did not write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The level has no file of its own yet (untitled, or shipped): Save
    /// as asks for one.
    NeedsName,
    /// The file changed on disk since it was read or written.
    ChangedOnDisk(PathBuf),
    /// Save as to a file that exists: it needs the overwrite confirmed.
    Exists(PathBuf),
    /// Save as to a folder that does not exist.
    NoFolder(PathBuf),
    /// Save as to a name that is not a `.txt` file.
    NotText,
    /// The write failed (the old file, if any, is whole).
    Failed(String),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::NeedsName => write!(f, "the level has no file yet: choose a name"),
            SaveError::ChangedOnDisk(p) => {
                write!(f, "{} changed on disk since it was opened", escaped_path(p))
            }
            SaveError::Exists(p) => write!(f, "{} exists", escaped_path(p)),
            SaveError::NoFolder(p) => write!(
                f,
                "the folder {} does not exist (make it first, or choose another)",
                escaped_path(p)
            ),
            SaveError::NotText => write!(f, "the name must end in .txt"),
            SaveError::Failed(why) => f.write_str(why),
        }
    }
}

/// How a level comes into the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    /// "New level": untitled, nothing to save until it changes.
    New,
    /// A level's text from the clipboard: untitled, unsaved work.
    Pasted,
    /// A file of the designer's (its autosave offered back, if any).
    File(PathBuf),
    /// A shipped level (its autosave offered back, if any).
    Shipped(PathBuf),
    /// An untitled level's autosave, from the list.
    Unsaved(PathBuf),
}

/// What the autosave slot holds for a document being opened.
#[derive(Debug)]
pub enum Recovery {
    /// Nothing to offer.
    Nothing,
    /// Work never saved: the draft, whose level differs from the file's.
    Offer(Box<Draft>),
    /// The autosave was damaged: moved aside (or left), and why.
    Damaged(String),
}

/// The editor's folders: where a relative Save as name goes, and where
/// autosaves are kept. `None`: no data folder (nothing is autosaved).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Places {
    pub levels: Option<PathBuf>,
    pub autosave: Option<PathBuf>,
}

impl Places {
    /// The player's data folder's (`progress::data_dir`).
    pub fn of_data_dir() -> Places {
        Places {
            levels: files::user_levels_dir(),
            autosave: files::autosave_dir(),
        }
    }
}

/// One document (see the module docs).
pub struct Document {
    identity: Identity,
    /// The content last saved or loaded; `None`: none.
    saved: Option<Level>,
    /// The CRC of the file's bytes when last read or written; `None`: no
    /// file (yet).
    stamp: Option<u32>,
    places: Places,
    /// This document's autosave file; `None`: no data folder.
    slot: Option<PathBuf>,
    /// Writes and removes the autosave; made on first use.
    writer: Option<Writer>,
}

impl Default for Document {
    /// Untitled, with no data folder: nothing is ever written (tests).
    fn default() -> Document {
        Document::untitled_in(Places::default())
    }
}

impl std::fmt::Debug for Document {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Document")
            .field("identity", &self.identity)
            .field("slot", &self.slot)
            .field("stamp", &self.stamp)
            .finish_non_exhaustive()
    }
}

/// A name no other untitled document gets: the time in nanoseconds, the
/// process and a count.
fn fresh_untitled_name() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    format!("untitled-{nanos:x}-{:x}-{n}.rle", std::process::id())
}

/// The slot of the file at `path`: its stem and a hash of its whole path,
/// so two files of one name in different folders keep apart.
fn slot_name(prefix: &str, path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let hash = crc32(absolute.to_string_lossy().as_bytes());
    let stem: String = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .take(40)
        .collect();
    format!("{prefix}-{stem}-{hash:08x}.rle")
}

fn read_stamp(path: &Path) -> Option<u32> {
    read_capped(path, level::file::MAX_FILE_BYTES)
        .ok()
        .map(|b| crc32(&b))
}

impl Document {
    /// A new untitled level, autosaved in `places` to a slot of its own.
    pub fn untitled_in(places: Places) -> Document {
        let slot = places
            .autosave
            .as_ref()
            .map(|d| d.join(fresh_untitled_name()));
        Document {
            identity: Identity::Untitled,
            saved: None,
            stamp: None,
            places,
            slot,
            writer: None,
        }
    }

    /// A new untitled level in the player's data folder.
    pub fn untitled() -> Document {
        Document::untitled_in(Places::of_data_dir())
    }

    /// The file at `path` (which may not exist yet: `rappel --edit
    /// NEW.txt`), or the shipped level there; its bytes remembered.
    pub fn at_in(path: &Path, shipped: bool, places: Places) -> Document {
        let identity = if shipped {
            Identity::Shipped(path.to_path_buf())
        } else {
            Identity::File(path.to_path_buf())
        };
        let mut d = Document {
            identity,
            saved: None,
            stamp: read_stamp(path),
            places,
            slot: None,
            writer: None,
        };
        d.slot = d.slot_for_identity();
        d
    }

    /// [`Self::at_in`] the player's data folder.
    pub fn at(path: &Path, shipped: bool) -> Document {
        Document::at_in(path, shipped, Places::of_data_dir())
    }

    /// An untitled document going on from the autosave at `slot` (the
    /// editor's list offers these): its work is unsaved until saved.
    pub fn untitled_from_slot(slot: &Path, places: Places) -> Document {
        Document {
            identity: Identity::Untitled,
            saved: None,
            stamp: None,
            places,
            slot: Some(slot.to_path_buf()),
            writer: None,
        }
    }

    fn slot_for_identity(&self) -> Option<PathBuf> {
        let dir = self.places.autosave.as_ref()?;
        Some(match &self.identity {
            Identity::Untitled => dir.join(fresh_untitled_name()),
            Identity::File(p) => dir.join(slot_name("file", p)),
            Identity::Shipped(p) => dir.join(slot_name("shipped", p)),
        })
    }

    /// The words an autosave keeps to say whose it is.
    fn origin(&self) -> String {
        match &self.identity {
            Identity::Untitled => "untitled".to_string(),
            Identity::File(p) => format!("file {}", p.display()),
            Identity::Shipped(p) => format!("shipped {}", p.display()),
        }
    }

    /// Records `level` as the content loaded (what dirty is measured
    /// against).
    pub fn loaded(&mut self, level: &Level) {
        self.saved = Some(level.clone());
    }

    /// Records that the level shown was never saved anywhere (it came from
    /// the clipboard, or an untitled autosave): it is unsaved work.
    pub fn never_saved(&mut self) {
        self.saved = None;
    }

    pub fn identity(&self) -> &Identity {
        &self.identity
    }

    /// The file's path (a shipped level's too); `None`: untitled.
    pub fn path(&self) -> Option<&Path> {
        match &self.identity {
            Identity::Untitled => None,
            Identity::File(p) | Identity::Shipped(p) => Some(p),
        }
    }

    /// Whether it is a shipped level (saved as a copy).
    pub fn is_shipped(&self) -> bool {
        matches!(self.identity, Identity::Shipped(_))
    }

    /// The content last saved or loaded.
    pub fn saved(&self) -> Option<&Level> {
        self.saved.as_ref()
    }

    /// Whether `level` differs from the content last saved or loaded.
    pub fn is_dirty(&self, level: &Level) -> bool {
        self.saved.as_ref() != Some(level)
    }

    /// This document's autosave file.
    pub fn slot(&self) -> Option<&Path> {
        self.slot.as_deref()
    }

    /// The editor's folders.
    pub fn places(&self) -> &Places {
        &self.places
    }

    /// Whether the file on disk differs from what was last read or written
    /// (changed, created or deleted by someone else).
    pub fn changed_on_disk(&self) -> bool {
        match &self.identity {
            Identity::File(p) => read_stamp(p) != self.stamp,
            _ => false,
        }
    }

    /// The name shown in the top bar.
    pub fn display(&self) -> String {
        match &self.identity {
            Identity::Shipped(p) => {
                format!("{} · shipped: Ctrl+S saves a copy", escaped_path(p))
            }
            Identity::File(p) => escaped_path(p),
            Identity::Untitled => "untitled (not saved yet)".to_string(),
        }
    }

    /// Ctrl+S: writes `level` to the document's file. `overwrite_changed`:
    /// the designer confirmed overwriting a file changed on disk.
    pub fn save(&mut self, level: &Level, overwrite_changed: bool) -> Result<PathBuf, SaveError> {
        let Identity::File(path) = &self.identity else {
            return Err(SaveError::NeedsName);
        };
        let path = path.clone();
        if !overwrite_changed && self.changed_on_disk() {
            return Err(SaveError::ChangedOnDisk(path));
        }
        self.write(&path, level)?;
        Ok(path)
    }

    /// Where a Save as name typed by the designer points: `~/` is the home
    /// folder; a relative name is in the levels folder.
    pub fn resolve(&self, typed: &str) -> PathBuf {
        let typed = typed.trim();
        if let Some(rest) = typed.strip_prefix("~/") {
            if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
                return PathBuf::from(home).join(rest);
            }
        }
        let path = PathBuf::from(typed);
        match &self.places.levels {
            Some(levels) if path.is_relative() => levels.join(path),
            _ => path,
        }
    }

    /// Save as: writes `level` to `path`, which becomes the document's
    /// file. `overwrite`: the designer confirmed replacing an existing
    /// file. Refused, changing nothing, for a name that is not `.txt`, a
    /// folder that does not exist, or an existing file not confirmed.
    pub fn save_as(
        &mut self,
        level: &Level,
        path: &Path,
        overwrite: bool,
    ) -> Result<PathBuf, SaveError> {
        if level::Format::of(path) != Some(level::Format::Text) || path.is_dir() {
            return Err(SaveError::NotText);
        }
        let folder = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let is_levels_folder = self.places.levels.as_deref() == Some(folder);
        if !folder.is_dir() && !is_levels_folder {
            return Err(SaveError::NoFolder(folder.to_path_buf()));
        }
        let own_file = self.path() == Some(path) && !self.changed_on_disk();
        if path.exists() && !overwrite && !own_file {
            return Err(SaveError::Exists(path.to_path_buf()));
        }
        if is_levels_folder {
            std::fs::create_dir_all(folder).map_err(|e| {
                SaveError::Failed(format!("cannot create {}: {e}", escaped_path(folder)))
            })?;
        }
        self.write(path, level)?;
        // The work is in its file now: the file's own slot takes over, and
        // holds nothing (the old slot's autosave went with the write; one
        // the file's slot held was of the content just replaced).
        self.identity = Identity::File(path.to_path_buf());
        self.slot = self.slot_for_identity();
        self.drop_autosave();
        Ok(path.to_path_buf())
    }

    /// Writes the file, then records it as saved and drops the autosave.
    fn write(&mut self, path: &Path, level: &Level) -> Result<(), SaveError> {
        level::save_file_draft(path, level).map_err(|e| SaveError::Failed(e.to_string()))?;
        self.stamp = read_stamp(path);
        self.saved = Some(level.clone());
        self.drop_autosave();
        Ok(())
    }

    fn writer(&mut self) -> &mut Writer {
        self.writer
            .get_or_insert_with(|| Writer::new("editor autosave", "Autosave failed"))
    }

    /// Writes the work shown (`history`: the editor's undo log, its
    /// current state the level) to the autosave slot, off the frame
    /// thread; a content back to what was saved removes the slot instead.
    pub fn autosave(&mut self, history: &History) {
        if !self.is_dirty(history.current()) {
            self.drop_autosave();
            return;
        }
        let Some(slot) = self.slot.clone() else {
            return;
        };
        // The log's states are shared: this copy costs a count a step,
        // and the encoding is the writing thread's.
        let draft = Draft {
            origin: self.origin(),
            history: history.clone(),
        };
        self.writer()
            .encode_and_write(slot, move || draft.encode().map_err(|e| e.to_string()));
    }

    /// Removes the autosave (its work was saved or discarded).
    pub fn drop_autosave(&mut self) {
        let Some(slot) = self.slot.clone() else {
            return;
        };
        // With no writer yet nothing is queued: no file, nothing to do
        // (and no thread to start for it).
        if self.writer.is_none() && !slot.exists() {
            return;
        }
        self.writer().remove(&slot);
    }

    /// Waits until every autosave asked for is written (or failed).
    pub fn flush(&mut self) {
        if let Some(w) = &mut self.writer {
            w.flush();
        }
    }

    /// Autosave failures since the last call, for the status line.
    pub fn failures(&mut self) -> Vec<String> {
        self.writer
            .as_mut()
            .map(Writer::failures)
            .unwrap_or_default()
    }

    /// What this document's slot holds for it as it is opened: work never
    /// saved is offered; a draft no different from the content loaded is
    /// removed; a damaged one is moved aside, never deleted.
    pub fn recovery(&mut self) -> Recovery {
        let Some(slot) = self.slot.clone().filter(|p| p.is_file()) else {
            return Recovery::Nothing;
        };
        match read_draft(&slot) {
            Ok(draft) if self.saved.as_ref() == Some(draft.level()) => {
                self.drop_autosave();
                Recovery::Nothing
            }
            Ok(draft) => Recovery::Offer(Box::new(draft)),
            Err(e) => Recovery::Damaged(match move_aside(&slot, "damaged") {
                Ok(aside) => format!("{e} (moved aside to {})", escaped_path(&aside)),
                Err(io) => format!("{e} (left in place: {io})"),
            }),
        }
    }
}

/// Reads the autosave at `path`; a damaged one is an error naming it.
pub fn read_draft(path: &Path) -> Result<Draft, String> {
    let bytes =
        read_capped(path, MAX_DRAFT_BYTES).map_err(|e| format!("{}: {e}", escaped_path(path)))?;
    Draft::decode(&bytes).map_err(|(pos, kind)| match pos {
        level::Pos::Byte(b) => format!("{}: byte {b}: {kind}", escaped_path(path)),
        _ => format!("{}: {kind}", escaped_path(path)),
    })
}

/// Unsaved work of untitled levels waiting in `autosave_dir`, for the
/// editor's list: each autosave's path and its level (or why it cannot be
/// read). Autosaves of files are offered when their file is opened, not
/// here. An autosave from before they kept the undo history (`.rlv`) is
/// listed too, whatever it belonged to.
pub fn unsaved_work(autosave_dir: &Path) -> Vec<(PathBuf, Result<Level, String>)> {
    let Ok(entries) = std::fs::read_dir(autosave_dir) else {
        return Vec::new();
    };
    let mut out: Vec<(PathBuf, Result<Level, String>)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter_map(|p| {
            let name = p.file_name()?.to_string_lossy().into_owned();
            if name.ends_with(".rle") && name.starts_with("untitled-") {
                let level = read_draft(&p).map(|d| d.level().clone());
                Some((p, level))
            } else if name.ends_with(".rlv") {
                let level = files::read_autosave(&p);
                Some((p, level))
            } else {
                None
            }
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Opens the autosave at `path` from the list as an untitled document and
/// its undo history. An old `.rlv` autosave (a level without history) is
/// first kept as an autosave of the new form, then removed.
pub fn open_unsaved(path: &Path, places: Places) -> Result<(Document, History), String> {
    if path.extension().is_some_and(|e| e == "rle") {
        let draft = read_draft(path)?;
        let mut doc = Document::untitled_from_slot(path, places);
        doc.never_saved();
        return Ok((doc, draft.history));
    }
    let level = files::read_autosave(path)?;
    let mut doc = Document::untitled_in(places);
    let history = History::new(&level);
    if let Some(slot) = doc.slot.clone() {
        let bytes = Draft {
            origin: doc.origin(),
            history: history.clone(),
        }
        .encode()
        .map_err(|e| e.to_string())?;
        game::io::file::write_atomic(&slot, &bytes)
            .map_err(|e| format!("{}: {e}", escaped_path(&slot)))?;
        std::fs::remove_file(path).map_err(|e| format!("{}: {e}", escaped_path(path)))?;
    }
    doc.never_saved();
    Ok((doc, history))
}
