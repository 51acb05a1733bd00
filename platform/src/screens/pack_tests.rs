//! Level packs on the screen stack, no GL: Title → Play lists the campaign
//! and the packs; a pack's level select, play and results keep its own
//! progress, apart from the campaign's.
use super::tests::{clear_loop_back, key, screens};
use super::*;
use std::path::{Path, PathBuf};

fn shipped(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../levels")
            .join(name),
    )
    .expect("a shipped level")
}

/// A folder of packs holding one pack, `loops`, whose first level is the
/// campaign's first level under the same file name.
fn pack_root(name: &str) -> PathBuf {
    let root =
        std::env::temp_dir().join(format!("rappel-pack-screens-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let dir = root.join("loops");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(
        dir.join("pack.txt"),
        "name = Loops\nauthor = Ann\nloop_back.txt\nrope_descent.txt\n",
    )
    .expect("pack.txt");
    for l in ["loop_back.txt", "rope_descent.txt"] {
        std::fs::write(dir.join(l), shipped(l)).expect("level");
    }
    root
}

/// The Play screen, with the packs of `root`, after Down and Enter (the
/// first pack chosen).
fn first_pack_chosen(root: &Path) -> Screens {
    let mut s = screens();
    s.pack_roots = vec![root.to_path_buf()];
    key(&mut s, Key::Enter);
    key(&mut s, Key::Down);
    key(&mut s, Key::Enter);
    s
}

#[test]
fn play_lists_the_packs_and_a_packs_win_is_kept_under_the_pack() {
    let root = pack_root("win");
    let mut s = screens();
    s.pack_roots = vec![root.clone()];
    key(&mut s, Key::Enter);
    let Screen::PlayList(p) = s.top() else {
        panic!("Play lists the campaign and the packs");
    };
    let labels: Vec<&str> = p.packs.iter().map(|p| p.label.as_str()).collect();
    assert_eq!(labels, ["Loops"]);
    // The pack: its own level select, its levels.
    key(&mut s, Key::Down);
    key(&mut s, Key::Enter);
    assert!(matches!(s.top(), Screen::LevelSelect(_)));
    assert_eq!(
        s.campaign.pack.as_ref().map(|p| p.name.as_str()),
        Some("Loops")
    );
    assert_eq!(s.campaign.levels[0].key, "pack/loops/loop_back.txt");
    key(&mut s, Key::Enter);
    assert_eq!(s.play().expect("playing").level_name, "Loop-back room");
    clear_loop_back(&mut s);
    let Screen::Results(r) = s.top() else {
        panic!("results");
    };
    assert!(r.has_next, "the pack's second level is next");
    assert!(s.progress.won("pack/loops/loop_back.txt"));
    assert!(!s.progress.won("loop_back.txt"), "the campaign's is apart");
    assert_eq!(
        s.progress.relics_recovered_total(),
        0,
        "a pack unlocks no equipment"
    );
    // Next: the pack's second level, open now.
    key(&mut s, Key::Enter);
    assert_eq!(s.play().expect("playing").level_name, "Rope descent");
    // Back out: the pack's level select, then the Play screen, then the
    // campaign is the campaign again.
    s.back_to_level_select();
    assert!(matches!(s.top(), Screen::LevelSelect(_)));
    key(&mut s, Key::Escape);
    assert!(matches!(s.top(), Screen::PlayList(_)));
    assert!(s.campaign.pack.is_none(), "the campaign is back");
    key(&mut s, Key::Enter);
    assert!(matches!(s.top(), Screen::LevelSelect(_)));
    assert_eq!(s.campaign.levels[0].key, "loop_back.txt");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_pack_that_does_not_load_is_listed_with_why_and_cannot_be_opened() {
    let root = pack_root("broken");
    std::fs::remove_file(root.join("loops/rope_descent.txt")).expect("remove");
    let s = first_pack_chosen(&root);
    let Screen::PlayList(p) = s.top() else {
        panic!("still the Play screen");
    };
    let notice = p.notice.as_deref().unwrap_or_default();
    assert!(
        notice.contains("This pack cannot be played:")
            && notice.contains("pack.txt:4:1: level file 'rope_descent.txt'"),
        "{notice}"
    );
    assert!(s.campaign.pack.is_none());
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn ctrl_v_on_the_play_screen_imports_a_packs_text_or_says_why_not() {
    let root = pack_root("import");
    let import = root.join("imported");
    let mut s = screens();
    s.pack_roots = vec![import.clone(), root.clone()];
    s.pack_import_dir = Some(import.clone());
    key(&mut s, Key::Enter);
    let paste = input::RawInput::Chord(input::Chord::parse("ctrl+v").expect("chord"));
    assert_eq!(
        s.handle_raw(paste, (1280, 720)),
        Some(AppRequest::ReadClipboard)
    );
    let pack = game::campaign::load_pack(&root.join("loops")).expect("loads");
    let text = game::campaign::pack_to_text(&pack).expect("exports");
    // Cut in half: refused with the reason, nothing written.
    let half: String = text.chars().take(text.chars().count() / 2).collect();
    s.paste_text(&half);
    let Screen::PlayList(p) = s.top() else {
        panic!("the Play screen");
    };
    let notice = p.notice.clone().unwrap_or_default();
    assert!(
        notice.starts_with("Not imported: pack text:") && notice.contains("cut short"),
        "{notice}"
    );
    assert!(!import.exists() || std::fs::read_dir(&import).expect("dir").next().is_none());
    // Whole: a new pack of the same name, listed with its folder, selected.
    s.paste_text(&text);
    let Screen::PlayList(p) = s.top() else {
        panic!("the Play screen");
    };
    let labels: Vec<&str> = p.packs.iter().map(|p| p.label.as_str()).collect();
    let shown = |dir: &Path| format!("Loops ({})", dir.display());
    assert_eq!(
        labels,
        [shown(&import.join("loops")), shown(&root.join("loops"))],
        "both listed, told apart by their folders' paths"
    );
    assert_eq!(p.packs[0].dir, import.join("loops"));
    assert_eq!(p.menu.selected, 1, "the imported pack is selected");
    assert!(p
        .notice
        .as_deref()
        .unwrap_or_default()
        .starts_with("Imported 'Loops ("));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn continue_resumes_a_packs_game_in_its_pack_and_records_its_win_there() {
    let root = pack_root("continue");
    let saves = root.join("saves");
    let mut s = screens();
    s.pack_roots = vec![root.clone()];
    s.set_saves_dir(Some(saves.clone()));
    key(&mut s, Key::Enter);
    key(&mut s, Key::Down);
    key(&mut s, Key::Enter);
    key(&mut s, Key::Enter);
    key(&mut s, Key::Escape); // The intro card.
    key(&mut s, Key::Hero(1));
    key(&mut s, Key::Right);
    s.back_to_level_select();
    // A new run: Continue plays it in its pack.
    drop(s);
    let mut again = screens();
    again.pack_roots = vec![root.clone()];
    again.set_saves_dir(Some(saves));
    key(&mut again, Key::Enter); // Continue.
    assert_eq!(again.play().expect("playing").level_name, "Loop-back room");
    assert_eq!(
        again.campaign.pack.as_ref().map(|p| p.folder.as_str()),
        Some("loops")
    );
    // Undo the step, then clear it: recorded under the pack.
    key(&mut again, Key::Undo);
    clear_loop_back(&mut again);
    assert!(again.progress.won("pack/loops/loop_back.txt"));
    assert!(!again.progress.won("loop_back.txt"));
    let Screen::Results(r) = again.top() else {
        panic!("results");
    };
    assert!(r.has_next, "the pack's next level follows");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_packs_locked_level_says_why_and_is_played_out_of_order_when_chosen_twice() {
    let root = pack_root("out-of-order");
    let mut s = first_pack_chosen(&root); // The pack's level select.
    key(&mut s, Key::Down);
    key(&mut s, Key::Enter);
    let Screen::LevelSelect(l) = s.top() else {
        panic!("still the level select: level 2 is locked");
    };
    let notice = l.notice.clone().unwrap_or_default();
    assert!(
        notice.starts_with("“Rope descent” is locked until you win “Loop-back room”")
            && notice.contains("Choose it again (or click it) to play it now, out of order"),
        "{notice}"
    );
    key(&mut s, Key::Enter);
    assert_eq!(
        s.play().expect("playing, out of order").level_name,
        "Rope descent"
    );
    assert!(
        !s.progress.won("pack/loops/loop_back.txt"),
        "level 1 still to win"
    );
    let _ = std::fs::remove_dir_all(&root);
}
