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
    let _data = rappel_tests::data::folder(&dir.join("data"));
    let path = dir.join("built.txt");
    let screens = build(&path, "tests/scripts/editor_build.txt");
    let editor = screens.editor().expect("still editing");
    assert!(!editor.is_dirty(), "Ctrl+S saved it");
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
        loaded.thing("guard").map(|t| &t.kind),
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
        let mut file = platform::screens::editor::document::Document::at(&copy, false);
        file.save(&level, false).expect("saves");
        assert_eq!(
            std::fs::read(&copy).expect("read"),
            std::fs::read(&path).expect("read"),
            "{name}"
        );
    }
}

mod golden {
    use super::*;
    use glam::Vec2;
    use image::RgbaImage;
    use platform::screens::editor::document::Opening;
    use platform::screens::input::{Button, Chord, Input, RawInput};
    use rappel_tests::frame::render;
    use rappel_tests::golden::{check, TOLERANCE};

    const SIZE: (u32, u32) = (960, 540);

    fn editing(level: Level) -> Screens {
        let campaign = Campaign::load(&root().join("levels"));
        let mut screens = Screens::new(campaign, Progress::empty(None));
        screens.open_editor(level, Opening::New);
        // No autosave offer in the way: a fresh data folder.
        screens.handle_raw(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
        screens
    }

    fn shipped(name: &str) -> Level {
        level::load_file(&root().join("levels").join(name)).expect("shipped level")
    }

    fn draw(screens: &Screens) -> RgbaImage {
        let (img, stats) = render(SIZE.0, SIZE.1, screens.clear_colour(), |list, kit| {
            screens.draw(list, &mut kit.font, &kit.sprites, SIZE);
        });
        assert_eq!(stats.dropped_calls, 0);
        img
    }

    fn raw(s: &mut Screens, r: RawInput) {
        s.handle_raw(r, SIZE);
    }

    fn chord(s: &mut Screens, text: &str) {
        raw(s, RawInput::Chord(Chord::parse(text).expect("chord")));
    }

    /// Pixels in `r` (x, y, w, h) for which `f` holds.
    fn count(img: &RgbaImage, r: (u32, u32, u32, u32), f: impl Fn([u8; 3]) -> bool) -> usize {
        (r.1..(r.1 + r.3).min(img.height()))
            .flat_map(|y| (r.0..(r.0 + r.2).min(img.width())).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let p = img.get_pixel(x, y).0;
                f([p[0], p[1], p[2]])
            })
            .count()
    }

    #[test]
    fn editor_empty_grid() {
        let _data = rappel_tests::data::folder(&scratch("golden-empty"));
        let s = editing(platform::screens::editor::list::new_level("Empty 16x10").expect("level"));
        let img = draw(&s);
        check("editor_empty", &img, TOLERANCE);
        // The palette's selected tool (Select) has a gold border.
        let gold = count(&img, (0, 20, 50, 60), |p| {
            p[0] > 200 && p[1] > 150 && p[2] < 120
        });
        assert!(gold > 20, "{gold}");
    }

    #[test]
    fn editor_item_selected() {
        let _data = rappel_tests::data::folder(&scratch("golden-item"));
        let mut s = editing(shipped("heavy_haul.txt"));
        let at = s
            .editor()
            .expect("editor")
            .screen_pos_of_cell(game::grid::CellPos::new(2, 7));
        raw(&mut s, RawInput::Input(Input::MouseMove(at)));
        raw(&mut s, RawInput::Press(Button::Left, at));
        raw(&mut s, RawInput::Release(Button::Left, at));
        assert!(matches!(
            s.editor().expect("editor").selection,
            platform::screens::editor::Selection::Thing(_)
        ));
        // The flag rows' values stand in one column, clear of the labels.
        check("editor_item_selected", &draw(&s), TOLERANCE);
    }

    #[test]
    fn editor_portal_pair_selected() {
        let _data = rappel_tests::data::folder(&scratch("golden-portal"));
        let mut s = editing(shipped("heavy_haul.txt"));
        let e = s.editor().expect("editor");
        let at = e.screen_pos_of_edge(game::grid::EdgePos::horizontal(1, 4));
        raw(&mut s, RawInput::Input(Input::MouseMove(at)));
        raw(&mut s, RawInput::Press(Button::Left, at));
        raw(&mut s, RawInput::Release(Button::Left, at));
        assert_eq!(
            s.editor().expect("editor").selection,
            platform::screens::editor::Selection::Portal(0)
        );
        let img = draw(&s);
        check("editor_portal_selected", &img, TOLERANCE);
        // Both ends are lit in the pair's colour (cyan), thick.
        let e = s.editor().expect("editor");
        for end in e.editor.level().grid.portal(0).expect("portal").ends {
            let p = e.screen_pos_of_edge(end.edge());
            let m = e.screen_pos_of_cell(end.cell);
            let c = p.lerp(m, 0.0);
            let cyan = count(&img, (c.x as u32 - 12, c.y as u32 - 12, 24, 24), |q| {
                q[2] > 200 && q[1] > 180 && q[0] < 120
            });
            assert!(cyan > 30, "end {end:?}: {cyan}");
        }
    }

    #[test]
    fn editor_portal_kind_glyphs() {
        // The vault's pair turns a quarter: a clockwise glyph at one end,
        // anticlockwise at the other (each end shows the turn met by a
        // walker entering there).
        let _data = rappel_tests::data::folder(&scratch("golden-kinds"));
        let s = editing(shipped("the_vault.txt"));
        let e = s.editor().expect("editor");
        let p = e.editor.level().grid.portal(0).expect("portal");
        assert_eq!(p.kind_from(0), game::grid::PortalKind::Cw);
        assert_eq!(p.kind_from(1), game::grid::PortalKind::Ccw);
        assert_ne!(
            platform::screens::editor::draw::kind_glyph(p.kind_from(0)),
            platform::screens::editor::draw::kind_glyph(p.kind_from(1))
        );
        check("editor_portal_kinds", &draw(&s), TOLERANCE);
    }

    #[test]
    fn editor_sight_preview_through_a_portal() {
        let _data = rappel_tests::data::folder(&scratch("golden-sight"));
        let mut s = editing(shipped("loop_back.txt"));
        let at = s
            .editor()
            .expect("editor")
            .screen_pos_of_cell(game::grid::CellPos::new(0, 0));
        raw(&mut s, RawInput::Input(Input::MouseMove(at)));
        chord(&mut s, "v");
        assert!(s.editor().expect("editor").sight.is_some());
        let img = draw(&s);
        check("editor_sight", &img, TOLERANCE);
        // Sight goes through the loop-back portal: left of the level's own
        // two cells, where the plain canvas is empty, the preview draws the
        // relic's cell behind the wall again, its floor, walls and relic.
        let dark = |p: [u8; 3]| p[0] < 15 && p[1] < 15 && p[2] < 20;
        let e = s.editor().expect("editor");
        let left_edge = e.screen_pos_of_edge(game::grid::EdgePos::vertical(0, 0)).x as u32;
        let strip = (50, 60, left_edge.saturating_sub(70), 400);
        let lit = count(&img, strip, |p| !dark(p));
        raw(&mut s, RawInput::KeyUp(Chord::parse("v").expect("chord")));
        let plain = draw(&s);
        let lit_plain = count(&plain, strip, |p| !dark(p));
        assert!(lit > 10_000 && lit > 5 * lit_plain, "{lit} {lit_plain}");
        // Letting V go ended the preview.
        assert!(s.editor().expect("editor").sight.is_none());
    }

    #[test]
    fn editor_problem_panel() {
        let _data = rappel_tests::data::folder(&scratch("golden-problems"));
        let mut s = editing(shipped("rope_descent.txt"));
        // Fill rock under the relic: a thing in rock, shown in the panel.
        let relic = s
            .editor()
            .and_then(|e| e.editor.level().thing("relic").map(|t| t.cell));
        let relic = relic.expect("the relic");
        chord(&mut s, "b");
        let at = s.editor().expect("editor").screen_pos_of_cell(relic);
        raw(&mut s, RawInput::Input(Input::MouseMove(at)));
        raw(&mut s, RawInput::Press(Button::Right, at));
        raw(&mut s, RawInput::Release(Button::Right, at));
        let problems = s.editor().expect("editor").editor.problems().to_vec();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.contains("rock"));
        let img = draw(&s);
        check("editor_problems", &img, TOLERANCE);
        // The canvas marks the cell in red.
        let red = count(&img, (at.x as u32 - 30, at.y as u32 - 30, 60, 60), |p| {
            p[0] > 200 && p[1] < 120 && p[2] < 120
        });
        assert!(red > 20, "{red}");
    }

    #[test]
    fn editor_paste_preview_over_one_end_of_a_pair() {
        let _data = rappel_tests::data::folder(&scratch("golden-paste"));
        let mut s = editing(shipped("heavy_haul.txt"));
        let cell = |s: &Screens, x, y| {
            s.editor()
                .expect("editor")
                .screen_pos_of_cell(game::grid::CellPos::new(x, y))
        };
        // Copy a 2×2 block off the bottom room (air beside rock)…
        let (a, b) = (cell(&s, 4, 0), cell(&s, 5, 1));
        raw(&mut s, RawInput::Input(Input::MouseMove(a)));
        raw(&mut s, RawInput::Press(Button::Left, a));
        raw(&mut s, RawInput::Input(Input::MouseMove(b)));
        raw(&mut s, RawInput::Release(Button::Left, b));
        chord(&mut s, "ctrl+c");
        // …and hold the paste over the foot of the left shaft, where pair
        // 'a' has its upper end (its other end stays outside).
        chord(&mut s, "ctrl+v");
        let at = cell(&s, 0, 3);
        raw(&mut s, RawInput::Input(Input::MouseMove(at)));
        let e = s.editor().expect("editor");
        assert!(e.pasting);
        let before = e.editor.level().clone();
        let img = draw(&s);
        check("editor_paste_preview", &img, TOLERANCE);
        // The covered end's cell is washed red, and the message line says
        // why a click here is refused.
        let end = cell(&s, 1, 4);
        let red = count(&img, (end.x as u32 - 20, end.y as u32 - 20, 40, 40), |p| {
            p[0] > 150 && p[1] < 110 && p[2] < 110
        });
        assert!(red > 200, "{red}");
        let e = s.editor().expect("editor");
        match &e.status {
            Some(platform::screens::editor::Status::Refused(t)) => {
                assert!(t.contains("cut portal pair 'a'"), "{t}");
            }
            other => panic!("expected the reason, got {other:?}"),
        }
        // A click there is refused and changes nothing.
        raw(&mut s, RawInput::Press(Button::Left, at));
        raw(&mut s, RawInput::Release(Button::Left, at));
        assert_eq!(s.editor().expect("editor").editor.level(), &before);
    }

    #[test]
    fn editor_watcher_timeline() {
        let _data = rappel_tests::data::folder(&scratch("golden-timeline"));
        let mut s = editing(shipped("watcher_hall.txt"));
        let cell = |s: &Screens, x, y| {
            s.editor()
                .expect("editor")
                .screen_pos_of_cell(game::grid::CellPos::new(x, y))
        };
        // Select the guard, then three rounds on: it looks from 5,2, up in
        // its loft, and sees the shaft and the hall floor below it.
        let guard = cell(&s, 4, 1);
        raw(&mut s, RawInput::Input(Input::MouseMove(guard)));
        raw(&mut s, RawInput::Press(Button::Left, guard));
        raw(&mut s, RawInput::Release(Button::Left, guard));
        for _ in 0..3 {
            chord(&mut s, ".");
        }
        let e = s.editor().expect("editor");
        assert_eq!(e.timeline_position(), Some((3, 10)));
        let img = draw(&s);
        check("editor_watcher_timeline", &img, TOLERANCE);
        // The shaft it looks down is tinted red; the floor behind the
        // first pillar, out of its sight, is not.
        let red = |img: &RgbaImage, at: Vec2| {
            count(img, (at.x as u32 - 15, at.y as u32 - 15, 30, 30), |p| {
                p[0] > 90 && p[0] > p[2] + 40 && p[0] > p[1] + 40
            })
        };
        let shaft = cell(&s, 5, 1);
        let behind = cell(&s, 1, 0);
        assert!(red(&img, shaft) > 300, "{}", red(&img, shaft));
        assert_eq!(red(&img, behind), 0);
        // Its first waypoint, where it stands, is a hollow mark: the eye at
        // the cell's centre shows through, no white square over it.
        let white = count(&img, (guard.x as u32 - 4, guard.y as u32 - 4, 8, 8), |p| {
            p.iter().all(|&c| c > 230)
        });
        assert!(white < 8, "{white} white pixels over the watcher's eye");
    }

    /// Removing a column that holds open cells and one end of a portal
    /// pair asks first, naming what would be cut (issue 35, item 3).
    #[test]
    fn editor_remove_column_question() {
        use game::grid::{CellPos, Dir, PortalEnd};
        let _data = rappel_tests::data::folder(&scratch("golden-remove"));
        let mut level = platform::screens::editor::list::new_level("Cut 8x6").expect("level");
        let a = PortalEnd::new(CellPos::new(7, 2), Dir::Right);
        let b = PortalEnd::new(CellPos::new(2, 5), Dir::Up);
        game::edit::op::link_portal(&mut level, a, b).expect("linked");
        let mut s = editing(level);
        chord(&mut s, "ctrl+shift+right");
        let d = s
            .editor()
            .and_then(|e| e.dialog.clone())
            .expect("the question");
        assert!(d.message.contains("portal pair 'a'"), "{}", d.message);
        check("editor_remove_question", &draw(&s), TOLERANCE);
    }
}
