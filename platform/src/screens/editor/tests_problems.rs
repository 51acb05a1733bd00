//! The problem list as a designer reads it: whole words, a click selects
//! what the problem is about, Tab brings it into view with as much of the
//! level as fits.
use super::panels::{problem_at, problem_layout, wrap_words};
use super::*;
use crate::screens::input::Chord;

const SIZE: (u32, u32) = (1280, 720);

fn screen(name: &str) -> EditorScreen {
    let level = list::new_level(name).expect("level");
    let mut s = EditorScreen::new(level, Document::default());
    s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
    s
}

fn key(s: &mut EditorScreen, text: &str) {
    s.handle(RawInput::Chord(Chord::parse(text).expect("chord")), SIZE);
}

fn click(s: &mut EditorScreen, b: Button, p: Vec2) {
    s.handle(RawInput::Input(Input::MouseMove(p)), SIZE);
    s.handle(RawInput::Press(b, p), SIZE);
    s.handle(RawInput::Release(b, p), SIZE);
}

/// A relic placed at `c`, then the cell filled with rock: a problem.
fn relic_in_rock(s: &mut EditorScreen, c: CellPos) {
    key(s, "i");
    let p = s.screen_pos_of_cell(c);
    click(s, Button::Left, p);
    key(s, "b");
    click(s, Button::Right, p);
    key(s, "q");
    key(s, "escape");
    assert_eq!(s.editor.problems().len(), 1, "{:?}", s.editor.problems());
}

#[test]
fn words_wrap_whole_and_nothing_is_cut() {
    let text = "4,0: thing 'relic' at 4,0 is in rock (expected an air cell)";
    for max in [12, 20, 30] {
        let lines = wrap_words(text, max);
        assert!(lines.iter().all(|l| l.chars().count() <= max), "{lines:?}");
        assert_eq!(lines.join(" "), text, "every word kept, in order");
        let words: Vec<&str> = text.split(' ').collect();
        for l in &lines {
            for w in l.split(' ') {
                assert!(words.contains(&w), "{w:?} cut mid-word in {lines:?}");
            }
        }
    }
    // A word longer than a line is cut into pieces rather than lost.
    assert_eq!(wrap_words("abcdefgh ij", 3), ["abc", "def", "gh", "ij"]);
}

#[test]
fn the_problem_list_shows_each_message_whole_and_a_click_selects_its_thing() {
    let mut s = screen("Test 8x6");
    relic_in_rock(&mut s, CellPos::new(4, 0));
    let l = s.layout();
    let problems = s.editor.problems().to_vec();
    let rows = problem_layout(&l, &problems);
    assert_eq!(rows.len(), 1);
    let shown = rows[0].1.join(" ");
    assert_eq!(shown, format!("4,0: {}", problems[0].message));
    assert!(rows[0].1.len() > 1, "a long message takes two lines");
    // A click on its second line selects the relic.
    let p = Vec2::new(l.problems.x + 60.0, rows[0].0 + 20.0);
    assert_eq!(problem_at(&l, &problems, p), Some(0));
    click(&mut s, Button::Left, p);
    let relic = s.editor.level().things.len() - 1;
    assert_eq!(s.selection, Selection::Thing(relic));
    // A watcher's waypoint in rock: the click selects the watcher.
    let mut s = screen("Test 8x6");
    key(&mut s, "g");
    let p = s.screen_pos_of_cell(CellPos::new(2, 1));
    click(&mut s, Button::Left, p);
    let watcher = s.editor.level().things.len() - 1;
    key(&mut s, "t");
    let p = s.screen_pos_of_cell(CellPos::new(5, 1));
    click(&mut s, Button::Left, p);
    key(&mut s, "b");
    click(&mut s, Button::Right, p);
    key(&mut s, "q");
    key(&mut s, "escape");
    let problems = s.editor.problems().to_vec();
    assert!(!problems.is_empty());
    let rows = problem_layout(&l, &problems);
    click(
        &mut s,
        Button::Left,
        Vec2::new(l.problems.x + 60.0, rows[0].0 + 4.0),
    );
    assert_eq!(s.selection, Selection::Thing(watcher), "{problems:?}");
}

#[test]
fn tab_shows_the_problem_with_as_much_of_the_level_as_fits() {
    // A big level, zoomed in: the view stops at the level's corner.
    let mut s = screen("Test 40x30");
    let corner = CellPos::new(39, 29);
    s.camera.centre = Vec2::new(39.0, 29.0);
    relic_in_rock(&mut s, corner);
    for _ in 0..4 {
        key(&mut s, "plus");
    }
    s.camera.centre = Vec2::new(5.0, 5.0);
    key(&mut s, "tab");
    let l = s.layout();
    assert!(l.canvas.contains(s.screen_pos_of_cell(corner)));
    let top_right = s.camera.point_at(
        Vec2::new(l.canvas.x + l.canvas.w - 1.0, l.canvas.y + 1.0),
        l.canvas,
        SIZE,
    );
    assert!(
        top_right.x <= 40.0 && top_right.y <= 30.0,
        "no more than half a cell past the level: {top_right}"
    );
    assert!(matches!(s.selection, Selection::Thing(_)));
    // A small level that fits: Tab shows all of it, wherever the view was.
    let mut s = screen("Test 8x6");
    relic_in_rock(&mut s, CellPos::new(7, 5));
    for _ in 0..8 {
        key(&mut s, "right");
    }
    key(&mut s, "tab");
    let l = s.layout();
    for c in [(0, 0), (7, 0), (0, 5), (7, 5)] {
        let p = s.screen_pos_of_cell(CellPos::new(c.0, c.1));
        assert!(l.canvas.contains(p), "{c:?} on the canvas");
    }
}

#[test]
fn a_wall_painted_across_a_route_is_listed_as_a_problem() {
    let mut s = screen("Test 8x6");
    key(&mut s, "g");
    let p = s.screen_pos_of_cell(CellPos::new(2, 1));
    click(&mut s, Button::Left, p);
    key(&mut s, "t");
    let p = s.screen_pos_of_cell(CellPos::new(5, 1));
    click(&mut s, Button::Left, p);
    assert!(s.editor.problems().is_empty(), "{:?}", s.editor.problems());
    key(&mut s, "e");
    let p = s.screen_pos_of_edge(game::grid::EdgePos::vertical(4, 1));
    click(&mut s, Button::Left, p);
    let problems = s.editor.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0]
            .message
            .contains("steps from 3,1 to 4,1 through a wall"),
        "{problems:?}"
    );
}
