//! The document model's lifecycle, driven through the editor screen as a
//! designer drives it (keys, typed names, dialog answers), against a
//! simple reference model — and the issue-35 cases one by one.
//!
//! The model test plays random sequences (a fixed seed) of: open a file,
//! New level, open untitled unsaved work from the list, edit, undo, redo,
//! Ctrl+S, Save as (a new file, an existing one, a missing folder) with
//! the overwrite confirmed or cancelled, leave (save, discard, cancel),
//! three seconds passing (the autosave), someone else writing a file, and
//! a kill between any two. After every action it checks that
//! - no file's bytes changed except by a confirmed save to it, and a
//!   confirmed save holds exactly the level the editor showed;
//! - the autosave folder holds exactly the drafts the model expects, each
//!   with the level last autosaved;
//! - after a kill, reopening the file (or the list's unsaved work) offers
//!   exactly the newest autosaved work, and nothing else is offered.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use game::edit::op;
use game::level::{to_text, Level};
use game::rng::SplitMix64;

use super::dialog::Purpose;
use super::document::{unsaved_work, Document, Opening, Places};
use super::*;
use crate::screens::input::Chord;

const SIZE: (u32, u32) = (1280, 720);

fn chord(s: &mut EditorScreen, text: &str) -> Option<EditorAction> {
    s.handle(RawInput::Chord(Chord::parse(text).expect("chord")), SIZE)
}

fn typed(s: &mut EditorScreen, text: &str) {
    for c in text.chars() {
        s.handle(RawInput::Text(c), SIZE);
    }
}

fn scratch(name: &str) -> (PathBuf, Places) {
    let dir = std::env::temp_dir().join(format!("rappel-doc-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("mine")).expect("dir");
    let places = Places {
        levels: Some(dir.join("levels")),
        autosave: Some(dir.join("autosave")),
    };
    (dir, places)
}

fn level_named(name: &str) -> Level {
    let mut l = list::new_level(&format!("{name} 6x4")).expect("level");
    l.notes = vec![format!("{name}'s notes")];
    l
}

fn rename(s: &mut EditorScreen, name: &str) {
    s.step("rename", "", |l| op::set_name(l, name));
}

fn purpose(s: &EditorScreen) -> Option<&Purpose> {
    s.dialog.as_ref().map(|d| &d.purpose)
}

/// Save as, typing `path` over the suggestion.
fn save_as(s: &mut EditorScreen, path: &Path) {
    chord(s, "ctrl+shift+s");
    assert!(
        matches!(purpose(s), Some(Purpose::SaveAs { .. })),
        "{:?}",
        purpose(s)
    );
    typed(s, &path.display().to_string());
    chord(s, "enter");
}

/// Issue 35, item 1: Save as onto an existing file, Cancel, then Ctrl+S:
/// the existing file is never written, and the level stays untitled.
#[test]
fn cancelling_an_overwrite_changes_nothing_and_ctrl_s_asks_again() {
    let (dir, places) = scratch("cancel");
    let existing = dir.join("mine/cistern.txt");
    let kept = to_text(&level_named("Cistern"));
    std::fs::write(&existing, &kept).expect("write");
    let mut s = EditorScreen::open(level_named("Scratch"), Opening::New, places).expect("opens");
    rename(&mut s, "Scratch 2");
    save_as(&mut s, &existing);
    assert!(matches!(
        purpose(&s),
        Some(Purpose::OverwriteExisting { .. })
    ));
    assert_eq!(
        s.doc.display(),
        "untitled (not saved yet)",
        "not retargeted while asking"
    );
    chord(&mut s, "escape");
    assert!(s.dialog.is_none());
    assert_eq!(
        s.doc.display(),
        "untitled (not saved yet)",
        "Cancel changed nothing"
    );
    chord(&mut s, "ctrl+s");
    assert!(
        matches!(purpose(&s), Some(Purpose::SaveAs { .. })),
        "asks again"
    );
    chord(&mut s, "escape");
    assert_eq!(std::fs::read_to_string(&existing).expect("read"), kept);
    // The Cancel button does the same as Esc; Overwrite writes.
    save_as(&mut s, &existing);
    chord(&mut s, "right");
    chord(&mut s, "enter");
    assert_eq!(std::fs::read_to_string(&existing).expect("read"), kept);
    save_as(&mut s, &existing);
    chord(&mut s, "enter");
    assert_eq!(
        std::fs::read_to_string(&existing).expect("read"),
        to_text(s.editor.level())
    );
    assert!(!s.is_dirty());
}

/// Issue 35, item 2: a saved untitled level's autosave goes with the
/// save, and a New level never offers another document's work.
#[test]
fn a_new_level_never_offers_another_documents_autosave() {
    let (dir, places) = scratch("new");
    let mut s =
        EditorScreen::open(level_named("Cistern"), Opening::New, places.clone()).expect("opens");
    rename(&mut s, "Cistern, walled");
    s.update(AUTOSAVE_S + 0.1);
    s.doc.flush();
    let slot = s.doc.slot().expect("slot").to_path_buf();
    assert!(slot.is_file(), "autosaved");
    save_as(&mut s, &dir.join("mine/cistern.txt"));
    s.doc.flush();
    assert!(!slot.exists(), "saved: its untitled autosave is gone");
    drop(s);
    let mut fresh =
        EditorScreen::open(level_named("Fresh"), Opening::New, places.clone()).expect("opens");
    assert!(fresh.dialog.is_none(), "nothing offered to a new level");
    assert_ne!(fresh.doc.slot(), Some(slot.as_path()));
    // Unsaved work of one untitled level waits in the list, not in New.
    rename(&mut fresh, "Fresh, changed");
    fresh.update(AUTOSAVE_S + 0.1);
    fresh.doc.flush();
    drop(fresh); // a kill
    let waiting = unsaved_work(places.autosave.as_deref().expect("dir"));
    assert_eq!(waiting.len(), 1);
    assert_eq!(
        waiting[0].1.as_ref().map(|l| l.name.as_str()),
        Ok("Fresh, changed")
    );
    let again = EditorScreen::open(level_named("Other"), Opening::New, places).expect("opens");
    assert!(again.dialog.is_none());
}

/// Issue 35, item 6: the suggested path is selected, so typing replaces
/// it; a relative name goes in the levels folder; a folder that does not
/// exist is refused and nothing is created.
#[test]
fn save_as_replaces_the_suggestion_and_never_makes_folders() {
    let (dir, places) = scratch("saveas");
    let mut s = EditorScreen::open(level_named("Deep"), Opening::New, places).expect("opens");
    let missing = dir.join("mine/nowhere/deeper/b.txt");
    save_as(&mut s, &missing);
    assert!(!dir.join("mine/nowhere").exists(), "no folder made");
    assert!(
        matches!(&s.status, Some(Status::Refused(t)) if t.contains("does not exist")),
        "{:?}",
        s.status
    );
    assert!(
        matches!(purpose(&s), Some(Purpose::SaveAs { .. })),
        "asked again"
    );
    chord(&mut s, "escape");
    save_as(&mut s, Path::new("deep.txt"));
    let saved = dir.join("levels/deep.txt");
    assert!(saved.is_file(), "a plain name is in the levels folder");
    assert_eq!(s.doc.path(), Some(saved.as_path()));
}

/// Issue 35, item 5: an edit is autosaved 3 s later with the undo
/// history; a kill then loses nothing, undo included.
#[test]
fn a_kill_three_seconds_after_an_edit_loses_no_work_and_no_undo_step() {
    let (dir, places) = scratch("kill");
    let path = dir.join("mine/well.txt");
    let level = level_named("Well");
    std::fs::write(&path, to_text(&level)).expect("write");
    let mut s = EditorScreen::open(level.clone(), Opening::File(path.clone()), places.clone())
        .expect("opens");
    rename(&mut s, "Well 1");
    rename(&mut s, "Well 2");
    s.update(AUTOSAVE_S - 0.5);
    s.doc.flush();
    assert!(!s.doc.slot().expect("slot").exists(), "not yet");
    s.update(0.6);
    s.doc.flush();
    drop(s); // killed
    let mut s = EditorScreen::open(level.clone(), Opening::File(path), places).expect("opens");
    assert!(matches!(purpose(&s), Some(Purpose::Recover(_))));
    chord(&mut s, "enter");
    assert_eq!(s.editor.level().name, "Well 2");
    chord(&mut s, "ctrl+z");
    assert_eq!(s.editor.level().name, "Well 1");
    chord(&mut s, "ctrl+z");
    assert_eq!(s.editor.level(), &level);
}

// ---- the model test ----

/// Whose autosave a draft is, in the model.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    File(PathBuf),
    Untitled(PathBuf),
}

struct Open {
    screen: EditorScreen,
    key: Key,
    /// The document's file (`None`: untitled).
    target: Option<PathBuf>,
    /// The bytes of the file when it was read or written by this session.
    stamp: Option<String>,
    /// The level last saved or loaded.
    saved: Option<Level>,
}

struct Model {
    places: Places,
    /// What each file of the test holds (`None`: no file).
    disk: BTreeMap<PathBuf, Option<String>>,
    /// The drafts the autosave folder must hold: the level last autosaved.
    drafts: BTreeMap<Key, Level>,
    open: Option<Open>,
    names: u32,
}

impl Model {
    fn slot_of(&self, key: &Key) -> PathBuf {
        match key {
            Key::File(p) => Document::at_in(p, false, self.places.clone())
                .slot()
                .expect("slot")
                .to_path_buf(),
            Key::Untitled(slot) => slot.clone(),
        }
    }

    /// Every file holds what the model says, and the autosave folder holds
    /// exactly the model's drafts.
    fn check(&mut self, what: &str) {
        if let Some(o) = &mut self.open {
            o.screen.doc.flush();
        }
        for (path, expected) in &self.disk {
            let actual = std::fs::read_to_string(path).ok();
            assert_eq!(&actual, expected, "{what}: {}", path.display());
        }
        let dir = self.places.autosave.clone().expect("dir");
        let mut on_disk: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        on_disk.retain(|p| p.extension().is_some_and(|e| e == "rle"));
        on_disk.sort();
        let mut expected: Vec<PathBuf> = self.drafts.keys().map(|k| self.slot_of(k)).collect();
        expected.sort();
        assert_eq!(on_disk, expected, "{what}: the autosaves");
        for (key, level) in &self.drafts {
            let draft = super::document::read_draft(&self.slot_of(key)).expect("reads");
            assert_eq!(draft.level(), level, "{what}: the draft of {key:?}");
        }
    }

    fn shown(&self) -> Level {
        self.open
            .as_ref()
            .expect("open")
            .screen
            .editor
            .level()
            .clone()
    }

    /// The model's Ctrl+S (or Save as to the document's own file) wrote.
    fn wrote(&mut self, path: &Path) {
        let shown = self.shown();
        let text = to_text(&shown);
        self.disk.insert(path.to_path_buf(), Some(text.clone()));
        let o = self.open.as_mut().expect("open");
        self.drafts.remove(&o.key);
        o.key = Key::File(path.to_path_buf());
        self.drafts.remove(&o.key);
        o.target = Some(path.to_path_buf());
        o.stamp = Some(text);
        o.saved = Some(shown);
    }

    fn dirty(&self) -> bool {
        let o = self.open.as_ref().expect("open");
        o.saved.as_ref() != Some(o.screen.editor.level())
    }

    fn changed_on_disk(&self) -> bool {
        let o = self.open.as_ref().expect("open");
        o.target
            .as_ref()
            .is_some_and(|t| self.disk.get(t).cloned().flatten() != o.stamp)
    }

    fn open_file(&mut self, path: &Path, rng: &mut SplitMix64) {
        let text = self.disk[path].clone().expect("exists");
        let level = game::level::check_text_draft("f", &text).expect("parses").0;
        let screen = EditorScreen::open(
            level.clone(),
            Opening::File(path.to_path_buf()),
            self.places.clone(),
        )
        .expect("opens");
        let key = Key::File(path.to_path_buf());
        let offered = self.drafts.get(&key).cloned();
        let mut o = Open {
            screen,
            key: key.clone(),
            target: Some(path.to_path_buf()),
            stamp: Some(text),
            saved: Some(level.clone()),
        };
        match offered {
            Some(draft) if draft != level => {
                let Some(Purpose::Recover(d)) = purpose(&o.screen) else {
                    panic!("the newest work is not offered: {:?}", purpose(&o.screen));
                };
                assert_eq!(d.level(), &draft, "the newest work is offered");
                if rng.next_u64().is_multiple_of(2) {
                    chord(&mut o.screen, "enter");
                    assert_eq!(o.screen.editor.level(), &draft);
                } else {
                    chord(&mut o.screen, "right");
                    chord(&mut o.screen, "enter");
                    self.drafts.remove(&key);
                }
            }
            Some(_) => {
                assert!(o.screen.dialog.is_none());
                self.drafts.remove(&key);
            }
            None => assert!(o.screen.dialog.is_none(), "offered work of no draft"),
        }
        self.open = Some(o);
    }

    fn step(&mut self, rng: &mut SplitMix64, files: &[PathBuf], missing: &Path) -> String {
        let roll = rng.next_u64() % 100;
        if self.open.is_none() {
            return match roll % 4 {
                0 | 1 => {
                    let existing: Vec<PathBuf> = self
                        .disk
                        .iter()
                        .filter(|(_, t)| t.is_some())
                        .map(|(p, _)| p.clone())
                        .collect();
                    let p = existing[rng.next_u64() as usize % existing.len()].clone();
                    self.open_file(&p, rng);
                    format!("open {}", p.display())
                }
                2 => {
                    let screen =
                        EditorScreen::open(level_named("New"), Opening::New, self.places.clone())
                            .expect("opens");
                    assert!(screen.dialog.is_none(), "New offered something");
                    let key = Key::Untitled(screen.doc.slot().expect("slot").to_path_buf());
                    let saved = Some(screen.editor.level().clone());
                    self.open = Some(Open {
                        screen,
                        key,
                        target: None,
                        stamp: None,
                        saved,
                    });
                    "new level".into()
                }
                _ => {
                    let waiting = unsaved_work(self.places.autosave.as_deref().expect("dir"));
                    let expected: Vec<(PathBuf, Level)> = self
                        .drafts
                        .iter()
                        .filter_map(|(k, l)| match k {
                            Key::Untitled(p) => Some((p.clone(), l.clone())),
                            Key::File(_) => None,
                        })
                        .collect();
                    let listed: Vec<(PathBuf, Level)> = waiting
                        .into_iter()
                        .map(|(p, l)| (p, l.expect("reads")))
                        .collect();
                    assert_eq!(listed, expected, "the list's unsaved work");
                    let Some((slot, level)) = listed.first().cloned() else {
                        return "nothing unsaved to open".into();
                    };
                    let screen = EditorScreen::open(
                        level_named("ignored"),
                        Opening::Unsaved(slot.clone()),
                        self.places.clone(),
                    )
                    .expect("opens");
                    assert_eq!(screen.editor.level(), &level);
                    self.open = Some(Open {
                        screen,
                        key: Key::Untitled(slot),
                        target: None,
                        stamp: None,
                        saved: None,
                    });
                    "open unsaved work".into()
                }
            };
        }
        match roll {
            0..=24 => {
                self.names += 1;
                let name = format!("Name {}", self.names % 5);
                rename(&mut self.open.as_mut().expect("open").screen, &name);
                format!("rename to {name}")
            }
            25..=31 => {
                chord(&mut self.open.as_mut().expect("open").screen, "ctrl+z");
                "undo".into()
            }
            32..=35 => {
                chord(&mut self.open.as_mut().expect("open").screen, "ctrl+y");
                "redo".into()
            }
            36..=49 => {
                self.tick();
                "3 s pass".into()
            }
            50..=59 => self.ctrl_s(rng),
            60..=71 => {
                let target = match rng.next_u64() % 4 {
                    0 => missing.to_path_buf(),
                    n => files[n as usize % files.len()].clone(),
                };
                self.save_as(&target, rng)
            }
            72..=81 => self.leave(rng),
            82..=87 => {
                let p = &files[rng.next_u64() as usize % 2];
                let text = to_text(&level_named(&format!("Elsewhere {}", rng.next_u64() % 3)));
                std::fs::write(p, &text).expect("write");
                self.disk.insert(p.clone(), Some(text));
                format!("someone else writes {}", p.display())
            }
            _ => {
                // A kill: what was autosaved stays, the rest is gone.
                self.open = None;
                "kill".into()
            }
        }
    }

    fn tick(&mut self) {
        let dirty = self.dirty();
        let o = self.open.as_mut().expect("open");
        o.screen.update(AUTOSAVE_S + 0.01);
        let shown = o.screen.editor.history().current().clone();
        let key = o.key.clone();
        if dirty {
            self.drafts.insert(key, shown);
        } else {
            self.drafts.remove(&key);
        }
    }

    /// Answers a save question (overwrite) at random; `true` if confirmed.
    fn answer_overwrite(&mut self, rng: &mut SplitMix64) -> bool {
        let s = &mut self.open.as_mut().expect("open").screen;
        match rng.next_u64() % 3 {
            0 => {
                chord(s, "enter");
                true
            }
            1 => {
                chord(s, "right");
                chord(s, "enter");
                false
            }
            _ => {
                chord(s, "escape");
                false
            }
        }
    }

    fn ctrl_s(&mut self, rng: &mut SplitMix64) -> String {
        let changed = self.changed_on_disk();
        let target = self.open.as_ref().expect("open").target.clone();
        chord(&mut self.open.as_mut().expect("open").screen, "ctrl+s");
        let Some(t) = target else {
            let s = &mut self.open.as_mut().expect("open").screen;
            assert!(matches!(purpose(s), Some(Purpose::SaveAs { .. })));
            chord(s, "escape");
            return "ctrl+s asks a name; cancelled".into();
        };
        if changed {
            let s = &self.open.as_ref().expect("open").screen;
            assert!(matches!(purpose(s), Some(Purpose::OverwriteChanged { .. })));
            if self.answer_overwrite(rng) {
                self.wrote(&t);
                return "ctrl+s over a changed file: overwritten".into();
            }
            return "ctrl+s over a changed file: cancelled".into();
        }
        self.wrote(&t);
        "ctrl+s".into()
    }

    fn save_as(&mut self, path: &Path, rng: &mut SplitMix64) -> String {
        let exists = self.disk.get(path).cloned().flatten().is_some();
        let own = self.open.as_ref().expect("open").target.as_deref() == Some(path)
            && !self.changed_on_disk();
        save_as(&mut self.open.as_mut().expect("open").screen, path);
        let s = &mut self.open.as_mut().expect("open").screen;
        if !self.disk.contains_key(path) {
            assert!(
                matches!(purpose(s), Some(Purpose::SaveAs { .. })),
                "refused, asked again"
            );
            chord(s, "escape");
            return "save as into a missing folder: refused".into();
        }
        if exists && !own {
            assert!(
                matches!(purpose(s), Some(Purpose::OverwriteExisting { .. })),
                "{:?}",
                purpose(s)
            );
            if self.answer_overwrite(rng) {
                self.wrote(path);
                return format!("save as {}: overwritten", path.display());
            }
            return format!("save as {}: cancelled", path.display());
        }
        assert!(s.dialog.is_none(), "{:?}", purpose(s));
        self.wrote(path);
        format!("save as {}", path.display())
    }

    fn leave(&mut self, rng: &mut SplitMix64) -> String {
        let dirty = self.dirty();
        let o = self.open.as_mut().expect("open");
        let left = chord(&mut o.screen, "escape");
        if !dirty {
            let left = match (left, purpose(&o.screen)) {
                (Some(_), _) => true,
                (None, Some(Purpose::LeaveSession)) => {
                    if rng.next_u64().is_multiple_of(2) {
                        chord(&mut o.screen, "enter").is_some()
                    } else {
                        chord(&mut o.screen, "escape");
                        false
                    }
                }
                other => panic!("leaving a saved level: {other:?}"),
            };
            if left {
                self.drafts.remove(&o.key);
                self.open = None;
                return "leave (saved)".into();
            }
            return "leave (saved): stayed".into();
        }
        assert!(matches!(purpose(&o.screen), Some(Purpose::Leave(_))));
        // Leaving asks and autosaves first.
        let shown = o.screen.editor.history().current().clone();
        self.drafts.insert(o.key.clone(), shown);
        match rng.next_u64() % 3 {
            0 => {
                let changed = self.changed_on_disk();
                let o = self.open.as_mut().expect("open");
                let left = chord(&mut o.screen, "enter");
                match (&o.target, changed) {
                    (Some(t), false) => {
                        assert!(left.is_some(), "saved and left");
                        let t = t.clone();
                        self.wrote(&t);
                        self.open = None;
                        "leave: save".into()
                    }
                    _ => {
                        // A question on the way (a name, a changed file).
                        assert!(left.is_none() && o.screen.dialog.is_some());
                        chord(&mut o.screen, "escape");
                        "leave: save asks first; cancelled".into()
                    }
                }
            }
            1 => {
                chord(&mut o.screen, "right");
                assert!(
                    chord(&mut o.screen, "enter").is_some(),
                    "discarded and left"
                );
                self.drafts.remove(&o.key);
                self.open = None;
                "leave: discard".into()
            }
            _ => {
                chord(&mut o.screen, "escape");
                "leave: cancel".into()
            }
        }
    }
}

#[test]
fn no_file_changes_but_by_a_confirmed_save_and_the_newest_work_survives_a_kill() {
    let mut rng = SplitMix64::new(0x35_2026_1204);
    for run in 0..40 {
        let (dir, places) = scratch(&format!("model-{run}"));
        let a = dir.join("mine/a.txt");
        let b = dir.join("mine/b.txt");
        let c = dir.join("mine/c.txt");
        let missing = dir.join("mine/missing/d.txt");
        let mut disk = BTreeMap::new();
        for (p, name) in [(&a, "Aye"), (&b, "Bee")] {
            let text = to_text(&level_named(name));
            std::fs::write(p, &text).expect("write");
            disk.insert(p.clone(), Some(text));
        }
        disk.insert(c.clone(), None);
        let mut model = Model {
            places,
            disk,
            drafts: BTreeMap::new(),
            open: None,
            names: 0,
        };
        let files = [a, b, c];
        let mut trail = Vec::new();
        for _ in 0..40 {
            let did = model.step(&mut rng, &files, &missing);
            trail.push(did);
            model.check(&format!("run {run}: {}", trail.join(" → ")));
        }
        drop(model);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
