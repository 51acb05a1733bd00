//! Unsaved work in the editor, through the screen stack: Discard leaves no
//! autosave and nothing to recover, a level pasted from the clipboard asks
//! before it is thrown away, recovered work (with its undo history) undone
//! back to the file stops asking, and damaged autosaves are each kept.
use std::path::{Path, PathBuf};

use game::edit::draft::Draft;
use game::edit::History;
use game::grid::CellPos;
use game::level::Level;
use glam::Vec2;
use platform::levels::Campaign;
use platform::progress::Progress;
use platform::screens::editor::document::Document;
use platform::screens::editor::list::new_level;
use platform::screens::input::{Button, Chord, Input, RawInput};
use platform::screens::Screens;

const SIZE: (u32, u32) = (1280, 720);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn chord(s: &mut Screens, text: &str) {
    s.handle_raw(RawInput::Chord(Chord::parse(text).expect("chord")), SIZE);
}

fn screens() -> Screens {
    let campaign = Campaign::load(&root().join("levels"));
    let mut s = Screens::new(campaign, Progress::empty(None));
    s.handle_raw(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    s
}

/// Fills cell `c` with rock by the Fill rock tool (one change).
fn rock_at(s: &mut Screens, c: CellPos) {
    chord(s, "b");
    let at = s.editor().expect("editor").screen_pos_of_cell(c);
    s.handle_raw(RawInput::Input(Input::MouseMove(at)), SIZE);
    s.handle_raw(RawInput::Press(Button::Right, at), SIZE);
    s.handle_raw(RawInput::Release(Button::Right, at), SIZE);
}

fn asking(s: &Screens) -> bool {
    s.editor().is_some_and(|e| e.dialog.is_some())
}

fn level(s: &Screens) -> Level {
    s.editor().expect("editor").editor.level().clone()
}

#[test]
fn unsaved_work_is_discarded_asked_about_and_recovered_only_when_wanted() {
    let dir = std::env::temp_dir().join(format!("rappel-unsaved-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let _data = rappel_tests::data::folder(&dir.join("data"));
    let path = dir.join("mine.txt");
    let saved = new_level("Mine 6x4").expect("level");
    Document::at(&path, false)
        .save(&saved, false)
        .expect("saved");
    let auto = Document::at(&path, false)
        .slot()
        .expect("a data folder")
        .to_path_buf();

    // Discard discards: no autosave, and reopening offers nothing.
    let mut s = screens();
    s.open_editor_file(&path).expect("opens");
    rock_at(&mut s, CellPos::new(5, 3));
    assert_ne!(level(&s), saved);
    chord(&mut s, "escape");
    assert!(asking(&s), "unsaved changes: leaving asks");
    chord(&mut s, "right"); // Save, [Discard], Cancel
    chord(&mut s, "enter");
    assert!(s.editor().is_none(), "left");
    assert!(!auto.exists(), "Discard left an autosave behind");
    s.open_editor_file(&path).expect("opens");
    assert!(!asking(&s), "nothing to recover after Discard");
    assert_eq!(level(&s), saved);

    // A level pasted from the clipboard onto the list was saved nowhere:
    // Esc asks, and Cancel keeps it.
    chord(&mut s, "escape");
    assert!(s.editor().is_none(), "an unchanged file leaves at once");
    let pasted = new_level("From a friend 5x3").expect("level");
    s.paste_text(&game::level::to_text(&pasted));
    assert_eq!(level(&s), pasted);
    chord(&mut s, "escape");
    assert!(asking(&s), "Esc on a pasted, unsaved level asks");
    chord(&mut s, "escape"); // the dialog's Cancel
    assert_eq!(level(&s), pasted, "still there");

    // Recovered work undone back to the file stops asking.
    let mut changed = saved.clone();
    changed.name = "Mine, changed".into();
    let mut history = History::new(&saved);
    history.push(&changed, "rename".into());
    let draft = Draft {
        origin: format!("file {}", path.display()),
        history,
    };
    std::fs::create_dir_all(auto.parent().expect("folder")).expect("folder");
    std::fs::write(&auto, draft.encode().expect("encodes")).expect("autosave");
    let mut s = screens();
    s.open_editor_file(&path).expect("opens");
    assert!(asking(&s), "the autosave is offered");
    chord(&mut s, "enter"); // Recover
    assert_eq!(level(&s), changed);
    chord(&mut s, "ctrl+z");
    assert_eq!(level(&s), saved);
    chord(&mut s, "escape");
    assert!(asking(&s), "saved, but the undo history would be lost");
    chord(&mut s, "enter"); // Leave
    assert!(s.editor().is_none(), "back to the file: left");
    s.open_editor_file(&path).expect("opens");
    assert!(!asking(&s), "recovery asked again for work undone");

    // Two damaged autosaves in a row: each is moved aside, neither
    // overwrites the other.
    for n in 0..2u8 {
        std::fs::write(&auto, [b'R', b'A', b'P', n]).expect("damage");
        let mut s = screens();
        s.open_editor_file(&path).expect("opens");
        assert!(!asking(&s));
        assert!(!auto.exists());
    }
    let first = auto.with_extension("rle.damaged");
    let second = PathBuf::from(format!("{}-2", first.display()));
    assert_eq!(std::fs::read(&first).expect("first"), b"RAP\0");
    assert_eq!(std::fs::read(&second).expect("second"), b"RAP\x01");
}
