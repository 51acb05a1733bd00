//! Making a pack on the editor's list (`pack_maker.rs`), by the keys a
//! designer presses: P, `[`, `]`, Ctrl+E and its three prompts.
use std::path::{Path, PathBuf};

use game::campaign::check_pack_text;

use super::dialog::{Body, Purpose};
use super::list::{EditorList, Entry, ListAction};
use super::pack_maker::{PackField, PACK_FILE};
use crate::screens::input::{Chord, RawInput};

const SIZE: (u32, u32) = (1280, 720);

fn shipped(file: &str) -> Entry {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../levels")
        .join(file);
    Entry {
        level: game::level::load_file(&path).map_err(|e| e.to_string()),
        path,
        shipped: true,
        unsaved: false,
    }
}

/// `file`, its notes telling players nothing (no intro card).
fn without_notes(file: &str) -> Entry {
    let mut e = shipped(file);
    if let Ok(level) = &mut e.level {
        level.notes.clear();
    }
    e
}

fn chord(l: &mut EditorList, name: &str) -> Option<ListAction> {
    l.handle(
        RawInput::Chord(Chord::parse(name).expect(name)),
        SIZE,
        &crate::screens::input::Keymap::default(),
    )
}

/// Answers the prompt open now: what it offers replaced by `text`
/// (Backspace clears the offered text, selected), then Enter.
fn answer(l: &mut EditorList, text: &str) -> Option<ListAction> {
    chord(l, "backspace");
    for c in text.chars() {
        l.handle(
            RawInput::Text(c),
            SIZE,
            &crate::screens::input::Keymap::default(),
        );
    }
    chord(l, "enter")
}

/// Ctrl+E, then the name, author and description answered in turn.
fn copy(l: &mut EditorList, fields: [&str; 3]) -> Option<ListAction> {
    chord(l, "ctrl+e");
    let mut out = None;
    for text in fields {
        out = answer(l, text);
    }
    out
}

/// The field the open prompt asks, the text it offers, its label and its
/// message line.
fn asking(l: &EditorList) -> Option<(PackField, String, String, String)> {
    let d = l.dialog.as_ref()?;
    let (Purpose::PackHeader { asking, .. }, Body::Prompt { text, label, .. }) =
        (&d.purpose, &d.body)
    else {
        return None;
    };
    Some((*asking, text.clone(), label.clone(), d.message.clone()))
}

fn said(l: &EditorList) -> String {
    l.message.clone().unwrap_or_default()
}

/// A list of `entries` with the rows `picks` (from 1: 0 is New level)
/// put in the pack by P, in that order.
fn chosen(entries: Vec<Entry>, picks: &[usize]) -> EditorList {
    let mut l = EditorList::of(entries);
    for &i in picks {
        l.selected = i;
        chord(&mut l, "p");
    }
    l
}

/// The loop-back room, the rope descent and the well.
fn three() -> Vec<Entry> {
    vec![
        shipped("loop_back.txt"),
        shipped("rope_descent.txt"),
        shipped("the_well.txt"),
    ]
}

/// A list of `entries` that reads the pack being made from `kept`.
fn reload(entries: Vec<Entry>, kept: &Path) -> EditorList {
    let mut l = EditorList::of(entries);
    l.pack_file = Some(kept.to_path_buf());
    l.load_pack();
    l
}

/// [`three`], the well and the loop-back room chosen in that order.
fn three_chosen() -> EditorList {
    chosen(three(), &[3, 1])
}

#[test]
fn chosen_levels_reordered_are_copied_as_a_packs_text() {
    let mut l = three_chosen();
    assert_eq!(l.pack_place(0), Some(2));
    chord(&mut l, "[");
    chord(&mut l, "]");
    chord(&mut l, "[");
    assert_eq!((l.pack_place(0), l.pack_place(2)), (Some(1), Some(2)));
    assert_eq!(l.pack_place(1), None, "not chosen");
    let Some(ListAction::CopyText(text)) = copy(&mut l, ["Deep ends", "", ""]) else {
        panic!("copied: {:?}", l.message);
    };
    let (_, (header, levels)) = check_pack_text(&text, "x").expect("a good pack");
    assert_eq!(header.name, "Deep ends");
    let files: Vec<&str> = levels.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(files, ["loop_back.txt", "the_well.txt"]);
    assert!(said(&l).starts_with("Copied the pack 'Deep ends' (2 levels)"));
}

#[test]
fn ctrl_e_asks_the_name_then_the_author_then_the_description_and_the_pack_carries_them() {
    let dir = std::env::temp_dir().join(format!("rappel-pack-header-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let kept = dir.join(PACK_FILE);
    let mut l = three_chosen();
    l.pack_file = Some(kept.clone());
    assert_eq!(chord(&mut l, "ctrl+e"), None);
    let title = |l: &EditorList| l.dialog.as_ref().map(|d| d.title.clone());
    assert_eq!(title(&l).as_deref(), Some("Copy the pack · 1 of 3"));
    let (field, offered, label, _) = asking(&l).expect("the name is asked");
    assert_eq!((field, offered.as_str()), (PackField::Name, "My levels"));
    assert!(label.contains("name"), "{label}");
    assert_eq!(answer(&mut l, "Deep ends"), None, "not yet copied");
    assert_eq!(title(&l).as_deref(), Some("Copy the pack · 2 of 3"));
    let (field, _, label, _) = asking(&l).expect("the author is asked next");
    assert_eq!(field, PackField::Author);
    assert!(label.contains("author"), "{label}");
    assert_eq!(answer(&mut l, "Ann"), None, "not yet copied");
    let (field, _, label, _) = asking(&l).expect("then the description");
    assert_eq!(field, PackField::Description);
    assert!(label.contains("under its name"), "{label}");
    let Some(ListAction::CopyText(text)) = answer(&mut l, "Two wells, one loop.") else {
        panic!("copied after the third: {:?}", l.message);
    };
    assert!(l.dialog.is_none());
    let (_, (header, _)) = check_pack_text(&text, "x").expect("a good pack");
    assert_eq!(
        (
            header.name.as_str(),
            header.author.as_str(),
            header.description.as_str()
        ),
        ("Deep ends", "Ann", "Two wells, one loop.")
    );
    // The next Ctrl+E, even in the next session, offers what was used.
    let mut again = reload(three(), &kept);
    assert_eq!(again.pack, l.pack, "the levels are read back too");
    chord(&mut again, "ctrl+e");
    let mut offered = Vec::new();
    for _ in 0..3 {
        offered.push(asking(&again).expect("asked").1);
        chord(&mut again, "enter");
    }
    assert_eq!(offered, ["Deep ends", "Ann", "Two wells, one loop."]);
    // An author left empty is left out of the pack (it is optional).
    let Some(ListAction::CopyText(text)) = copy(&mut again, ["Deep ends", "", ""]) else {
        panic!("copied: {:?}", again.message);
    };
    let (_, (header, _)) = check_pack_text(&text, "x").expect("a good pack");
    assert_eq!(
        (header.author.as_str(), header.description.as_str()),
        ("", "")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn esc_at_any_of_the_three_prompts_copies_nothing_and_keeps_nothing_typed() {
    for step in 0..3 {
        let mut l = three_chosen();
        chord(&mut l, "ctrl+e");
        for text in ["Typed name", "Typed author"].iter().take(step) {
            assert_eq!(answer(&mut l, text), None);
        }
        assert!(asking(&l).is_some(), "prompt {} open", step + 1);
        assert_eq!(chord(&mut l, "escape"), None, "Esc at prompt {}", step + 1);
        assert!(l.dialog.is_none(), "no prompt follows an Esc");
        assert!(said(&l).starts_with("Nothing copied"), "{}", said(&l));
        // What was typed before the Esc is not offered next time.
        chord(&mut l, "ctrl+e");
        assert_eq!(asking(&l).map(|a| a.1).as_deref(), Some("My levels"));
    }
}

#[test]
fn an_empty_name_or_a_too_long_author_is_asked_again_with_the_reason() {
    let mut l = three_chosen();
    chord(&mut l, "ctrl+e");
    assert_eq!(answer(&mut l, "   "), None);
    let (field, _, _, why) = asking(&l).expect("still asking");
    assert_eq!(field, PackField::Name);
    assert!(why.starts_with("A pack needs a name"), "{why}");
    answer(&mut l, "Deep ends");
    answer(&mut l, &"a".repeat(201));
    let (field, offered, _, why) = asking(&l).expect("still asking");
    assert_eq!(field, PackField::Author);
    assert_eq!(offered.len(), 201, "kept to edit");
    assert!(why.contains("At most 200 characters"), "{why}");
}

#[test]
fn levels_without_notes_are_named_before_the_copy_and_after_it_and_the_pack_is_still_copied() {
    let mut l = chosen(
        vec![
            without_notes("loop_back.txt"),
            shipped("rope_descent.txt"),
            without_notes("the_well.txt"),
        ],
        &[1, 2, 3],
    );
    chord(&mut l, "ctrl+e");
    let (_, _, _, before) = asking(&l).expect("the name is asked");
    assert!(
        before.starts_with(
            "2 levels have no notes, so their intro card is empty: 'Loop-back room', 'The well'"
        ),
        "{before}"
    );
    answer(&mut l, "Deep ends");
    answer(&mut l, "");
    let Some(ListAction::CopyText(text)) = answer(&mut l, "") else {
        panic!("copied all the same: {:?}", l.message);
    };
    assert_eq!(check_pack_text(&text, "x").map(|p| p.1 .1.len()), Ok(3));
    assert!(
        said(&l).ends_with(
            " · 2 levels have no notes, so their intro card is empty: 'Loop-back room', 'The well'"
        ),
        "{}",
        said(&l)
    );
    // One level: said in the singular; levels with notes: nothing said.
    let mut one = chosen(
        vec![without_notes("loop_back.txt"), shipped("rope_descent.txt")],
        &[1, 2],
    );
    copy(&mut one, ["One", "", ""]);
    assert!(
        said(&one)
            .ends_with(" · 1 level has no notes, so its intro card is empty: 'Loop-back room'"),
        "{}",
        said(&one)
    );
    let mut none = chosen(vec![shipped("rope_descent.txt")], &[1]);
    chord(&mut none, "ctrl+e");
    assert_eq!(asking(&none).map(|a| a.3).as_deref(), Some(""));
    copy(&mut none, ["One", "", ""]);
    assert!(!said(&none).contains("no notes"), "{}", said(&none));
}

#[test]
fn moving_a_level_in_the_pack_shows_the_packs_new_order_and_says_the_new_place() {
    let mut l = chosen(three(), &[3, 2, 1]);
    let order = |l: &EditorList| -> Vec<(String, bool)> { l.pack_rows() };
    let row = |name: &str, selected: bool| (name.to_string(), selected);
    assert_eq!(
        order(&l),
        [
            row("The well", false),
            row("Rope descent", false),
            row("Loop-back room", true),
        ],
        "the panel lists the pack in its order, the selected level marked"
    );
    chord(&mut l, "[");
    assert_eq!(
        order(&l),
        [
            row("The well", false),
            row("Loop-back room", true),
            row("Rope descent", false),
        ]
    );
    assert_eq!(
        said(&l),
        "'Loop-back room' moved earlier: now level 2 of 3 in the pack, between 'The well' and 'Rope descent'"
    );
    chord(&mut l, "[");
    assert_eq!(
        said(&l),
        "'Loop-back room' moved earlier: now level 1 of 3 in the pack, before 'The well'"
    );
    assert_eq!(order(&l)[0], row("Loop-back room", true));
    // Nowhere to go: said, never a silent key.
    chord(&mut l, "[");
    assert_eq!(
        said(&l),
        "'Loop-back room' is already level 1 of 3, the pack's first (] moves it later)"
    );
    l.selected = 2;
    chord(&mut l, "]");
    assert_eq!(
        said(&l),
        "'Rope descent' is already level 3 of 3, the pack's last ([ moves it earlier)"
    );
    assert_eq!(order(&l)[2], row("Rope descent", true));
    l.selected = 3;
    chord(&mut l, "]");
    assert_eq!(
        said(&l),
        "'The well' moved later: now level 3 of 3 in the pack, after 'Rope descent'"
    );
}

#[test]
fn a_pack_with_two_levels_of_one_name_is_not_copied_and_says_why() {
    // A shipped level and the user's copy of it under the same name.
    let mut copy_of = shipped("loop_back.txt");
    copy_of.path = PathBuf::from("/somewhere/my_loop.txt");
    copy_of.shipped = false;
    let mut l = chosen(vec![shipped("loop_back.txt"), copy_of], &[1, 2]);
    assert_eq!(copy(&mut l, ["x", "", ""]), None, "nothing copied");
    assert!(
        said(&l).starts_with("The pack was not copied: pack text: pack.txt:3:1: 'my_loop.txt' is called 'Loop-back room' like 'loop_back.txt'"),
        "{}",
        said(&l)
    );
    // An empty pack says how to fill it.
    let mut empty = EditorList::of(vec![shipped("loop_back.txt")]);
    chord(&mut empty, "ctrl+e");
    assert!(empty.dialog.is_none());
    assert!(said(&empty).contains("P puts"));
}

#[test]
fn the_pack_being_made_is_kept_for_the_next_list_and_a_gone_level_is_said() {
    let dir = std::env::temp_dir().join(format!("rappel-pack-maker-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let kept = dir.join("data").join(PACK_FILE);
    let mut l = EditorList::of(three());
    l.pack_file = Some(kept.clone());
    for i in [3, 1] {
        l.selected = i;
        chord(&mut l, "p");
    }
    chord(&mut l, "[");
    assert_eq!((l.pack_place(0), l.pack_place(2)), (Some(1), Some(2)));
    assert!(kept.is_file(), "written to the data folder");
    // The next list (after an edit, or the next run) has it back.
    let again = reload(three(), &kept);
    assert_eq!(again.pack, l.pack);
    assert_eq!(again.message, None);
    // A chosen level gone from the list: the rest kept, and it is said.
    let fewer = reload(
        vec![shipped("loop_back.txt"), shipped("rope_descent.txt")],
        &kept,
    );
    assert_eq!(fewer.pack, vec![0]);
    assert!(
        said(&fewer).contains("1 level of the pack being made is no longer in the list"),
        "{}",
        said(&fewer)
    );
    // Taken out: kept out.
    l.selected = 1;
    chord(&mut l, "p");
    assert_eq!(reload(three(), &kept).pack, vec![2]);
    // A file written before the header was kept (paths only) still loads.
    let well = shipped("the_well.txt").path;
    std::fs::write(&kept, format!("# chosen\n{}\n", well.display())).expect("old file");
    let old = reload(three(), &kept);
    assert_eq!((old.pack.clone(), old.message.clone()), (vec![2], None));
    assert_eq!(old.pack_header, Default::default());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pack_keeps_its_levels_solution_notes_and_says_so_when_copied() {
    // Heavy haul's notes hold a Solution: paragraph; the loop-back room's
    // are made not to.
    let mut loop_back = shipped("loop_back.txt");
    if let Ok(level) = &mut loop_back.level {
        level.notes = level.notes_without_solutions();
    }
    let mut l = chosen(vec![loop_back, shipped("heavy_haul.txt")], &[1, 2]);
    let with = |l: &EditorList, i: usize| {
        let level = l.entries[i].level.as_ref().expect("loads");
        level.notes_without_solutions() != level.notes
    };
    assert!(!with(&l, 0) && with(&l, 1));
    let Some(ListAction::CopyText(text)) = copy(&mut l, ["Hauls", "", ""]) else {
        panic!("copied: {:?}", l.message);
    };
    assert!(text.contains("Solution:"), "the notes travel as saved");
    assert!(
        said(&l).ends_with("1 level keeps Solution: notes (not shown to players, but in its text)"),
        "{}",
        said(&l)
    );
}
