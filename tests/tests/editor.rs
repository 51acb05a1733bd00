//! The level editor end to end: a level built from an empty grid through
//! scripted input events alone (the same `--script` steps a player's
//! keyboard and mouse produce: presses, drags, typed text), saved by
//! Ctrl+S, then checked as `level check` does, played to a win by a `sim`
//! solution, and compared with what the model writes (canonical text).
use std::path::{Path, PathBuf};

use game::level::{self, Level};
use platform::levels::Campaign;
use platform::progress::Progress;
use platform::screens::Screens;
use platform::script;
use tools::sim::{LineResult, Sim};

const SIZE: (u32, u32) = (1280, 720);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rappel-editor-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Plays `steps` into a fresh screen stack editing `path`.
fn build(path: &Path, script_file: &str) -> Screens {
    let campaign = Campaign::load(&root().join("levels"));
    let mut screens = Screens::new(campaign, Progress::empty(None));
    screens.open_editor_file(path).expect("a new level");
    let text = std::fs::read_to_string(root().join(script_file)).expect("script");
    for step in script::parse(&text).expect("script parses") {
        script::run_step(&mut screens, &step, SIZE);
    }
    screens
}

fn solve(level: &Level, solution: &str) {
    let session = game::session::Session::new(level).expect("stage");
    let mut sim = Sim::new(session);
    let text = std::fs::read_to_string(root().join(solution)).expect("solution");
    for line in text.lines() {
        match sim.run_line(line) {
            LineResult::Refused(why) | LineResult::Bad(why) => panic!("{line}: {why}"),
            _ => {}
        }
    }
    assert!(sim.show().contains("· won ·"), "{}", sim.show());
}

#[test]
fn a_level_built_by_input_alone_checks_plays_and_is_canonical() {
    let dir = scratch("build");
    std::env::set_var("RAPPEL_DATA", dir.join("data"));
    let path = dir.join("built.txt");
    let screens = build(&path, "tests/scripts/editor_build.txt");
    let editor = screens.editor().expect("still editing");
    assert!(!editor.editor.is_dirty(), "Ctrl+S saved it");
    // `level check`: the file loads with no problem at all.
    let loaded = level::load_file(&path).expect("level check passes");
    assert_eq!(&loaded, editor.editor.level());
    // Canonical: the bytes are what the model writes.
    let bytes = std::fs::read_to_string(&path).expect("saved");
    assert_eq!(bytes, level::to_text(&loaded));
    // Everything the issue lists is there.
    let grid = &loaded.grid;
    assert_eq!(grid.portals().len(), 1);
    assert!(grid.h_edges().contains(&game::grid::Edge::PLATFORM));
    assert_eq!(loaded.things.iter().filter(|t| t.is_hero()).count(), 3);
    assert!(matches!(
        loaded.thing("knight").map(|t| &t.kind),
        Some(level::ThingSpecKind::Hero {
            rope_len_cells: Some(5),
            ..
        })
    ));
    assert!(loaded.thing("relic").is_some());
    assert!(matches!(
        loaded.thing("watcher").map(|t| &t.kind),
        Some(level::ThingSpecKind::Watcher { route }) if route.len() == 2
    ));
    // Every step of the build is one undo step, named.
    assert!(editor.editor.history().undoable() >= 15);
    // And it can be won.
    solve(&loaded, "tests/scripts/editor_build.sim");
}

#[test]
fn every_shipped_level_opened_and_saved_unchanged_gives_the_same_bytes() {
    let dir = scratch("shipped");
    for entry in std::fs::read_dir(root().join("levels")).expect("levels") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !name.ends_with(".txt") || name == "campaign.txt" {
            continue;
        }
        let copy = dir.join(name);
        std::fs::copy(&path, &copy).expect("copy");
        let (level, problems) = level::check_file_draft(&copy).expect("opens");
        assert!(problems.is_empty());
        let mut file = platform::screens::editor::files::LevelFile::at(&copy, false);
        file.save(&level).expect("saves");
        assert_eq!(
            std::fs::read(&copy).expect("read"),
            std::fs::read(&path).expect("read"),
            "{name}"
        );
    }
}
