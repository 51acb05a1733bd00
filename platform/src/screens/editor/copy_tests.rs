//! A shipped level saved as a named copy, and the par set from a proven
//! solve, driven by synthetic input.
use super::dialog::{Body, Purpose};
use super::tools::HOTKEYS;
use super::*;
use crate::screens::input::Chord;

const SIZE: (u32, u32) = (1280, 720);

fn chord(s: &mut EditorScreen, text: &str) {
    s.handle(RawInput::Chord(Chord::parse(text).expect("chord")), SIZE);
}

fn typed(s: &mut EditorScreen, text: &str) {
    for c in text.chars() {
        s.handle(RawInput::Text(c), SIZE);
    }
}

fn prompt(s: &EditorScreen) -> Option<(&Purpose, &str)> {
    let d = s.dialog.as_ref()?;
    match &d.body {
        Body::Prompt { text, .. } => Some((&d.purpose, text.as_str())),
        Body::Choices { .. } => None,
    }
}

fn refusal(s: &EditorScreen) -> String {
    match &s.status {
        Some(Status::Refused(t)) => t.clone(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_shipped_level_is_saved_as_a_named_copy_without_its_solution_notes_keeping_a_par_that_holds() {
    let dir = std::env::temp_dir().join(format!("rappel-editor-copy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _data = crate::progress::test_data_folder(&dir.join("data"));
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/heavy_haul.txt");
    let level = game::level::load_file(&path).expect("shipped");
    assert_eq!((level.name.as_str(), level.par), ("Heavy haul", Some(5)));
    let mut s = EditorScreen::new(level.clone(), Document::at(&path, true));
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    // Ctrl+S on a shipped level asks the copy's name first, the suggestion
    // selected: typing replaces it.
    chord(&mut s, "ctrl+s");
    assert_eq!(
        prompt(&s),
        Some((&Purpose::CopyName { then: None }, "Heavy haul (copy)"))
    );
    // The shipped level's own name is taken: refused, asked again.
    typed(&mut s, "Heavy haul");
    assert_eq!(
        prompt(&s),
        Some((&Purpose::CopyName { then: None }, "Heavy haul"))
    );
    chord(&mut s, "enter");
    assert!(refusal(&s).contains("\"Heavy haul\" is already in the list"));
    assert_eq!(
        prompt(&s),
        Some((&Purpose::CopyName { then: None }, "Heavy haul"))
    );
    assert_eq!(s.editor.level(), &level, "nothing changed");
    // End keeps the text to add to it; a new name: the copy takes it. Its
    // rules are the shipped level's, so its par still holds and stays.
    chord(&mut s, "end");
    typed(&mut s, " again");
    chord(&mut s, "enter");
    assert_eq!(s.editor.level().name, "Heavy haul again");
    assert_eq!(
        s.editor.level().par,
        Some(5),
        "the same rules: the par holds"
    );
    // The copy's notes keep what players read and drop the answer.
    assert!(level.notes.iter().any(|n| n.starts_with("Solution:")));
    let notes = &s.editor.level().notes;
    assert!(!notes.iter().any(|n| n.contains("Solution:")), "{notes:?}");
    assert_eq!(s.editor.level().intro(), level.intro(), "what players read");
    let said = match &s.status {
        Some(Status::Info(t)) => t.clone(),
        other => panic!("{other:?}"),
    };
    assert!(
        said.contains("leave out the shipped level's Solution: paragraphs"),
        "{said}"
    );
    assert!(said.contains("keeps par 5"), "{said}");
    assert!(
        matches!(prompt(&s), Some((Purpose::SaveAs { .. }, p)) if p.ends_with("heavy_haul_again.txt"))
    );
    // One undo step gives the shipped name and notes back.
    chord(&mut s, "escape");
    chord(&mut s, "ctrl+z");
    assert_eq!(s.editor.level(), &level);
}

/// Issue 35, item 4: a copy of a shipped level whose rules changed loses
/// the shipped par when it is named; a par proven on the copy (F6, F8)
/// before it is named is saved with it, and naming it (a name, notes)
/// leaves the solver's verdict current.
#[test]
fn a_par_proven_on_a_changed_copy_is_saved_with_it_and_an_unproven_one_is_cleared() {
    let dir = std::env::temp_dir().join(format!("rappel-editor-copy-par-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _data = crate::progress::test_data_folder(&dir.join("data"));
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/mirror_door.txt");
    let level = game::level::load_file(&path).expect("shipped");
    assert_eq!(level.par, Some(1));
    let widened = |s: &mut EditorScreen| {
        s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
        chord(s, "ctrl+right");
        assert_eq!(s.editor.level().grid.width(), level.grid.width() + 1);
    };
    // Widened, not solved: naming the copy clears the shipped par.
    let mut s = EditorScreen::new(level.clone(), Document::at(&path, true));
    widened(&mut s);
    chord(&mut s, "ctrl+s");
    typed(&mut s, "Mirror hall");
    chord(&mut s, "enter");
    assert_eq!(
        s.editor.level().par,
        None,
        "par 1 is not proven for the copy"
    );
    assert!(
        matches!(&s.status, Some(Status::Info(t)) if t.contains("par 1 cleared")),
        "{:?}",
        s.status
    );
    // Widened, solved and its par set (F6, F8): named and saved with it.
    let mut s = EditorScreen::new(level.clone(), Document::at(&path, true));
    widened(&mut s);
    chord(&mut s, "f6");
    super::tests::wait_for_the_solver(&mut s);
    let proven = s.proven_par().expect("proven");
    chord(&mut s, "f8");
    assert_eq!(s.editor.level().par, Some(proven));
    chord(&mut s, "ctrl+s");
    typed(&mut s, "Mirror hall");
    chord(&mut s, "enter");
    assert_eq!(s.editor.level().par, Some(proven), "the proven par stays");
    let line = s.solver_line().expect("a verdict");
    assert!(!line.contains("earlier version"), "{line}");
    let target = dir.join("data/levels/mirror_hall.txt");
    assert!(
        matches!(prompt(&s), Some((Purpose::SaveAs { .. }, p)) if p == target.display().to_string())
    );
    chord(&mut s, "enter");
    let saved = game::level::load_file(&target).expect("saved copy");
    assert_eq!(saved.par, Some(proven));
    assert_eq!(saved.name, "Mirror hall");
    assert!(
        path.is_file() && game::level::load_file(&path).expect("shipped") == level,
        "the shipped level is untouched"
    );
}

#[test]
fn set_par_from_solution_writes_the_proven_fewest_turns() {
    assert!(HOTKEYS
        .iter()
        .any(|(k, what)| k.starts_with("F8") && what.contains("par")));
    let mut s = super::tests::ledge_with_a_portal();
    assert_eq!(s.editor.level().par, None);
    chord(&mut s, "f8");
    assert!(refusal(&s).contains("solve the level first"));
    assert!(s.par_button(&s.layout()).is_none());
    chord(&mut s, "f6");
    super::tests::wait_for_the_solver(&mut s);
    // Proven: one turn. The button shows; F8 writes it, one undo step.
    let button = s.par_button(&s.layout()).expect("the par button");
    let steps = s.editor.history().undoable();
    s.handle(RawInput::Input(Input::MouseMove(button.centre())), SIZE);
    s.handle(RawInput::Press(Button::Left, button.centre()), SIZE);
    s.handle(RawInput::Release(Button::Left, button.centre()), SIZE);
    assert_eq!(s.editor.level().par, Some(1));
    assert_eq!(s.editor.history().undoable(), steps + 1);
    assert!(s.par_button(&s.layout()).is_none(), "par and proof agree");
    chord(&mut s, "ctrl+z");
    assert_eq!(s.editor.level().par, None);
    // Changed since the solve: refused with the reason.
    chord(&mut s, "c");
    let c = s.screen_pos_of_cell(CellPos::new(2, 0));
    s.handle(RawInput::Press(Button::Left, c), SIZE);
    s.handle(RawInput::Release(Button::Left, c), SIZE);
    chord(&mut s, "f8");
    assert!(refusal(&s).contains("changed since it was solved"));
    assert_eq!(s.editor.level().par, None);
}

#[test]
fn a_shipped_level_opened_from_the_list_keeps_its_file_for_the_name_check_the_top_bar_and_the_autosave(
) {
    let levels = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let mut list = list::EditorList::new(&levels);
    let places = document::Places {
        levels: None,
        autosave: Some(std::env::temp_dir().join("rappel-never-written")),
    };
    let open = |list: &mut list::EditorList, file: &str| {
        list.selected = 1 + list
            .entries
            .iter()
            .position(|e| e.shipped && e.path.ends_with(file))
            .expect("listed");
        match list.handle(
            RawInput::Chord(Chord::parse("enter").expect("chord")),
            SIZE,
            &crate::screens::input::Keymap::default(),
        ) {
            Some(list::ListAction::Open(level, document::Opening::Shipped(path))) => {
                (*level, Document::at_in(&path, true, places.clone()))
            }
            other => panic!("expected an open, got {other:?}"),
        }
    };
    let (level, file) = open(&mut list, "heavy_haul.txt");
    // The shipped level's own name is refused for its copy.
    let slot = file.slot().map(std::path::Path::to_path_buf);
    let mut s = EditorScreen::new(level.clone(), file);
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    chord(&mut s, "ctrl+s");
    assert_eq!(
        prompt(&s),
        Some((&Purpose::CopyName { then: None }, "Heavy haul (copy)"))
    );
    typed(&mut s, "Heavy haul");
    chord(&mut s, "enter");
    assert!(refusal(&s).contains("\"Heavy haul\" is already in the list"));
    assert_eq!(s.editor.level(), &level, "nothing changed");
    // The top bar names the shipped file, not "untitled".
    let shown = s.doc.display();
    assert!(
        shown.contains("heavy_haul.txt · shipped: Ctrl+S saves a copy"),
        "{shown}"
    );
    // Two shipped levels never share one autosave.
    let (_, other) = open(&mut list, "sentry.txt");
    assert!(slot.is_some());
    assert_ne!(slot.as_deref(), other.slot());
}

/// Clicks the inspector row showing `field`.
fn click_row(s: &mut EditorScreen, field: &super::inspector::Field) {
    let fields = super::inspector::fields(s);
    let at = fields
        .iter()
        .position(|f| f == field)
        .expect("the row shows");
    let l = s.layout();
    let x = l.inspector.x + l.inspector.w / 2.0;
    let y = (0..l.inspector.h as i32)
        .map(|dy| l.inspector.y + dy as f32)
        .find(|&y| super::panels::field_at(&l, fields.len(), Vec2::new(x, y)) == Some(at))
        .expect("the row's place");
    let p = Vec2::new(x, y + 2.0);
    s.handle(RawInput::Input(Input::MouseMove(p)), SIZE);
    s.handle(RawInput::Press(Button::Left, p), SIZE);
    s.handle(RawInput::Release(Button::Left, p), SIZE);
}

#[test]
fn the_level_inspector_shows_the_par_and_edits_it_as_one_undo_step() {
    use super::inspector::{row, Field};
    let mut s = super::tests::ledge_with_a_portal();
    assert_eq!(row(&s, &Field::LevelPar), ("Par".into(), "none".into()));
    let steps = s.editor.history().undoable();
    click_row(&mut s, &Field::LevelPar);
    typed(&mut s, "7");
    chord(&mut s, "enter");
    assert_eq!(s.editor.level().par, Some(7));
    assert_eq!(row(&s, &Field::LevelPar).1, "7 turns");
    assert_eq!(s.editor.history().undoable(), steps + 1, "one undo step");
    // Out of range or not a number: refused with the reason, par kept.
    click_row(&mut s, &Field::LevelPar);
    typed(&mut s, "0");
    chord(&mut s, "enter");
    assert!(refusal(&s).contains("from 1 to 9999"), "{}", refusal(&s));
    click_row(&mut s, &Field::LevelPar);
    typed(&mut s, "soon");
    chord(&mut s, "enter");
    assert!(refusal(&s).contains("not a whole number"));
    assert_eq!(s.editor.level().par, Some(7));
    // Nothing typed changes nothing; "none" clears it.
    click_row(&mut s, &Field::LevelPar);
    chord(&mut s, "enter");
    assert_eq!(s.editor.level().par, Some(7));
    click_row(&mut s, &Field::LevelPar);
    typed(&mut s, "none");
    chord(&mut s, "enter");
    assert_eq!(s.editor.level().par, None);
    chord(&mut s, "ctrl+z");
    assert_eq!(s.editor.level().par, Some(7));
    chord(&mut s, "ctrl+z");
    assert_eq!(s.editor.level().par, None);
}
