//! A level pack's round trip as a designer and a player meet it: two
//! levels made into a pack folder, exported as one text, imported by
//! Ctrl+V on a fresh data folder's Play screen, both levels played to
//! their results by their solutions as input, and the progress kept
//! under the pack (`pack/FOLDER/FILE`), apart from the campaign's.
use std::path::{Path, PathBuf};

use platform::levels::Campaign;
use platform::progress::Progress;
use platform::screens::input::{Chord, Key, RawInput};
use platform::screens::{AppRequest, Screen, Screens};
use rappel_tests::play::{key, levels_dir, play_solution};

const SIZE: (u32, u32) = (1280, 720);

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rappel-it-packs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    dir
}

fn shipped(file: &str) -> String {
    std::fs::read_to_string(levels_dir().join(file)).expect("a shipped level")
}

/// Plays the level on screen by its solution and closes the intro card
/// first; returns the result (relics, of, turns).
fn play_to_results(s: &mut Screens, solution: &str) -> (u32, u32, u32) {
    if s.play().is_some_and(|p| p.intro_open()) {
        key(s, Key::Escape, SIZE);
    }
    play_solution(s, &shipped(&format!("solutions/{solution}")), SIZE);
    let Screen::Results(r) = s.top() else {
        panic!("the results after {solution}");
    };
    (r.result.relics, r.result.relics_total, r.result.turns)
}

#[test]
fn a_pack_made_exported_imported_on_a_fresh_data_folder_and_played_keeps_its_own_progress() {
    // The designer's pack: two levels and a pack.txt.
    let made = scratch("made").join("my-pack");
    std::fs::create_dir_all(&made).expect("dir");
    std::fs::write(
        made.join("pack.txt"),
        "name = Ropes and loops\nauthor = Ann\ndescription = Two levels.\nloop_back.txt\nrope_descent.txt\n",
    )
    .expect("pack.txt");
    for f in ["loop_back.txt", "rope_descent.txt"] {
        std::fs::write(made.join(f), shipped(f)).expect("level");
    }
    let pack = game::campaign::load_pack(&made).expect("the pack loads");
    let text = game::campaign::pack_to_text(&pack).expect("exports");

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
    let Screen::PlayList(list) = s.top() else {
        panic!("still the Play screen");
    };
    assert_eq!(list.packs.len(), 1);
    assert_eq!(list.packs[0].label, "Ropes and loops");
    assert_eq!(list.menu.selected, 1, "the imported pack is selected");
    let folder = packs.join("ropes-and-loops");
    assert!(
        folder.join("pack.txt").is_file(),
        "imported into {}",
        folder.display()
    );

    // Its level select, both levels played to their results.
    key(&mut s, Key::Enter, SIZE);
    assert!(matches!(s.top(), Screen::LevelSelect(_)));
    key(&mut s, Key::Enter, SIZE);
    assert_eq!(s.play().expect("playing").level_name, "Loop-back room");
    assert_eq!(play_to_results(&mut s, "loop_back.sim"), (1, 1, 1));
    let Screen::Results(r) = s.top() else {
        unreachable!()
    };
    assert!(r.has_next, "the pack's second level is next");
    key(&mut s, Key::Enter, SIZE); // Next level.
    assert_eq!(s.play().expect("playing").level_name, "Rope descent");
    let (relics, of, _) = play_to_results(&mut s, "rope_descent.sim");
    assert_eq!(relics, of, "cleared");
    let Screen::Results(r) = s.top() else {
        unreachable!()
    };
    assert!(
        !r.has_next && r.campaign_complete && r.in_pack,
        "the pack is complete"
    );

    // The progress, on disk, is the pack's: never the campaign's.
    let keys = [
        "pack/ropes-and-loops/loop_back.txt",
        "pack/ropes-and-loops/rope_descent.txt",
    ];
    let saved = Progress::load(Some(data.join("progress.txt")));
    for k in keys {
        assert!(saved.won(k), "{k} won");
    }
    assert!(!saved.won("loop_back.txt") && !saved.won("rope_descent.txt"));
    assert_eq!(
        saved.relics_recovered_total(),
        0,
        "a pack unlocks no equipment"
    );
    let file = std::fs::read_to_string(data.join("progress.txt")).expect("progress");
    assert!(file.starts_with("rappel-progress 3\n"), "{file}");

    let _ = std::fs::remove_dir_all(made.parent().unwrap_or(Path::new("/nonexistent")));
    let _ = std::fs::remove_dir_all(&data);
}
