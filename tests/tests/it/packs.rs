//! A level pack's round trip as a designer and a player meet it: two
//! levels built in the editor by scripted input (the steps of
//! `tests/scripts/editor_build.txt`) and saved by Ctrl+S, made into a pack
//! on the editor's list by keys (P, `[`, Ctrl+E, the name, author and
//! description typed), its text imported by Ctrl+V on a fresh data
//! folder's Play screen, both levels played to their results by their
//! solution as input, and the progress kept under the pack
//! (`pack/FOLDER/FILE`), apart from the campaign's.
use std::path::{Path, PathBuf};

use platform::levels::Campaign;
use platform::progress::Progress;
use platform::screens::editor::list::{EditorList, Entry, ListAction};
use platform::screens::input::{Chord, Key, Keymap, RawInput};
use platform::screens::{AppRequest, Screen, Screens};
use platform::script;
use rappel_tests::play::{key, levels_dir, play_solution};

const SIZE: (u32, u32) = (1280, 720);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rappel-it-packs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    dir
}

/// Builds a level at `path` in the editor by the build script's input
/// (its name is the file's: `first_rooms.txt` is "first rooms"); saved by
/// the script's Ctrl+S.
fn build_in_editor(path: &Path) {
    let mut screens = Screens::new(Campaign::load(&levels_dir()), Progress::empty(None));
    screens.open_editor_file(path).expect("a new level");
    let text =
        std::fs::read_to_string(root().join("tests/scripts/editor_build.txt")).expect("script");
    for step in script::parse(&text).expect("script parses") {
        script::run_step(&mut screens, &step, SIZE);
    }
    assert!(path.is_file(), "saved by Ctrl+S");
}

fn chord(list: &mut EditorList, name: &str) -> Option<ListAction> {
    list.handle(
        RawInput::Chord(Chord::parse(name).expect(name)),
        SIZE,
        &Keymap::default(),
    )
}

/// Plays the level on screen by the build's solution, the intro card
/// closed first; returns the result (relics, of, turns).
fn play_to_results(s: &mut Screens) -> (u32, u32, u32) {
    if s.play().is_some_and(|p| p.intro_open()) {
        key(s, Key::Escape, SIZE);
    }
    let solution =
        std::fs::read_to_string(root().join("tests/scripts/editor_build.sim")).expect("solution");
    play_solution(s, &solution, SIZE);
    let Screen::Results(r) = s.top() else {
        panic!("the results");
    };
    (r.result.relics, r.result.relics_total, r.result.turns)
}

#[test]
fn two_levels_built_in_the_editor_made_a_pack_imported_fresh_and_played_keep_their_own_progress() {
    // The designer: two levels from empty grids, by input alone.
    let made = scratch("made");
    let _data = rappel_tests::data::folder(&made.join("data"));
    let first = made.join("first_rooms.txt");
    let second = made.join("second_rooms.txt");
    build_in_editor(&first);
    build_in_editor(&second);

    // The editor's list: choose both, the second first, copy the pack.
    let entry = |path: &Path| Entry {
        path: path.to_path_buf(),
        shipped: false,
        unsaved: false,
        level: game::level::load_file(path).map_err(|e| e.to_string()),
    };
    let mut list = EditorList::of(vec![entry(&first), entry(&second)]);
    list.selected = 1;
    chord(&mut list, "p");
    list.selected = 2;
    chord(&mut list, "p");
    chord(&mut list, "[");
    assert_eq!(list.pack_place(1), Some(1), "the second level first");
    // Ctrl+E asks the name, the author and the description in turn; the
    // offered name is selected, so typing replaces it.
    chord(&mut list, "ctrl+e");
    let mut copied = None;
    for answer in ["Twin rooms", "Ann", "Two rooms built by keys."] {
        for c in answer.chars() {
            list.handle(RawInput::Text(c), SIZE, &Keymap::default());
        }
        copied = chord(&mut list, "enter");
    }
    let Some(ListAction::CopyText(text)) = copied else {
        panic!("the pack's text copied: {:?}", list.message);
    };
    assert!(text.starts_with("rappel-pack 1\n"), "{text}");
    // Built by the script, the levels have no notes: said, copied anyway.
    let said = list.message.clone().unwrap_or_default();
    assert!(
        said.ends_with(
            "2 levels have no notes, so their intro card is empty: 'second rooms', 'first rooms'"
        ),
        "{said}"
    );

    // A player with a fresh data folder pastes it on the Play screen.
    let data = scratch("data");
    let packs = data.join("packs");
    let mut s = Screens::new(
        Campaign::load(&levels_dir()),
        Progress::empty(Some(data.join("progress.txt"))),
    );
    s.pack_roots = vec![packs.clone()];
    s.pack_import_dir = Some(packs.clone());
    key(&mut s, Key::Enter, SIZE);
    assert!(matches!(s.top(), Screen::PlayList(_)), "Play");
    let ctrl_v = RawInput::Chord(Chord::parse("ctrl+v").expect("chord"));
    assert_eq!(s.handle_raw(ctrl_v, SIZE), Some(AppRequest::ReadClipboard));
    s.paste_text(&text);
    let Screen::PlayList(shown) = s.top() else {
        panic!("still the Play screen");
    };
    assert_eq!(shown.packs.len(), 1);
    assert_eq!(shown.packs[0].label, "Twin rooms");
    let header = shown.packs[0]
        .pack
        .as_ref()
        .ok()
        .and_then(|c| c.pack.clone());
    assert_eq!(
        header.map(|h| (h.author, h.description)),
        Some(("Ann".into(), "Two rooms built by keys.".into())),
        "the author and description travel with the pack"
    );
    assert_eq!(shown.menu.selected, 1, "the imported pack is selected");
    assert!(packs.join("twin-rooms/pack.txt").is_file());

    // Its level select, both levels played to their results, in order.
    key(&mut s, Key::Enter, SIZE);
    assert!(matches!(s.top(), Screen::LevelSelect(_)));
    key(&mut s, Key::Enter, SIZE);
    assert_eq!(s.play().expect("playing").level_name, "second rooms");
    let (relics, of, _) = play_to_results(&mut s);
    assert_eq!(relics, of, "cleared");
    let Screen::Results(r) = s.top() else {
        unreachable!()
    };
    assert!(r.has_next, "the pack's second level is next");
    key(&mut s, Key::Enter, SIZE); // Next level.
    assert_eq!(s.play().expect("playing").level_name, "first rooms");
    let (relics, of, _) = play_to_results(&mut s);
    assert_eq!(relics, of, "cleared");
    let Screen::Results(r) = s.top() else {
        unreachable!()
    };
    assert!(
        !r.has_next && r.campaign_complete && r.in_pack,
        "the pack is complete"
    );

    // The progress, on disk, is the pack's: never the campaign's.
    let saved = Progress::load(Some(data.join("progress.txt")));
    for k in [
        "pack/twin-rooms/first_rooms.txt",
        "pack/twin-rooms/second_rooms.txt",
    ] {
        assert!(saved.won(k), "{k} won");
    }
    assert!(!saved.won("first_rooms.txt") && !saved.won("loop_back.txt"));
    assert_eq!(
        saved.relics_recovered_total(),
        0,
        "a pack unlocks no equipment"
    );
    let file = std::fs::read_to_string(data.join("progress.txt")).expect("progress");
    // A pack's level (version 3) won with its level's fingerprint
    // (version 4).
    assert!(file.starts_with("rappel-progress 4\n"), "{file}");
    assert!(
        file.contains("\npack/twin-rooms/first_rooms.txt 1 1 ") && file.contains(" level="),
        "{file}"
    );
    let _ = std::fs::remove_dir_all(&made);
    let _ = std::fs::remove_dir_all(&data);
}
