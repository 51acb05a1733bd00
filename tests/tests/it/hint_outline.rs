//! A hint's cell is outlined wherever it lies (issue 36): here a hinted
//! move that lands in a cell the party has never seen — marked on the
//! dark (a faint gold fill and a question mark) under the white outline,
//! on screen and clear of the HUD. The frame is kept under
//! `target/readable/` to look at.
use game::action::Action;
use glam::Vec2;
use platform::screens::input::Key;
use platform::screens::Screens;
use rappel_tests::pixels::{draw, keep, px, settle, SIZE};
use rappel_tests::play::{key, levels_dir, playing};

/// Walks the campaign's shipped solutions, asking a hint before each
/// action, until a hint's cell is one the party has never seen.
fn first_unseen_hint() -> Option<(String, Screens)> {
    let order = std::fs::read_to_string(levels_dir().join("campaign.txt")).expect("campaign");
    for file in order
        .lines()
        .map(str::trim)
        .filter(|l| l.ends_with(".txt") && !l.starts_with('#'))
    {
        let path = levels_dir().join(file);
        let shipped = game::level::load_file(&path).expect("loads");
        let Some(solution) = platform::levels::shipped_solution(&path, &shipped) else {
            continue;
        };
        let mut s = playing(file);
        let play = s.play_mut().expect("playing");
        play.know_shipped_line(&path, &shipped);
        // No search: along the shipped line the hint answers from it
        // alone, the same on any machine.
        play.set_hint_budget(game::solve::Budget::Positions(0));
        for action in solution {
            key(&mut s, Key::Hint, SIZE);
            s.play_mut().expect("playing").poll_hint(true);
            if s.play().is_some_and(|p| p.hint_cell_unseen()) {
                return Some((file.to_string(), s));
            }
            let _: Option<_> = s.play_mut().expect("playing").perform(action as Action);
        }
    }
    None
}

#[test]
fn a_hint_cell_never_seen_is_marked_and_outlined_on_the_dark() {
    let (file, mut s) = first_unseen_hint().expect("a hint towards a cell never seen");
    settle(&mut s);
    let img = draw(&s, SIZE);
    keep(&img, "hint_unseen_cell");
    let play = s.play().expect("playing");
    let v = play.hint_view_pos().expect("a place for the hint");
    let proj = play.projection(SIZE);
    let c = proj.cell_centre(v);
    let cell = proj.cell_px;
    assert!(
        play.play_area(SIZE).contains(c),
        "{file}: on screen, clear of the HUD"
    );
    // The outline's white ring on the cell's left edge.
    let w = (cell * 0.06).max(2.0).round();
    let ring = px(&img, Vec2::new(c.x - cell / 2.0 + w / 2.0, c.y));
    assert!(
        ring.iter().all(|&ch| ch > 200),
        "{file}: the outline {ring:?}"
    );
    // Inside, away from the question mark: the faint gold fill on the dark.
    let fill = px(&img, Vec2::new(c.x - cell * 0.3, c.y + cell * 0.35));
    assert!(
        fill[0] > fill[2] + 15 && fill[1] > fill[2],
        "{file}: the unseen cell's mark {fill:?}"
    );
}
