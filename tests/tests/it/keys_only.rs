//! Keyboard parity, whole-game: every campaign level's shipped solution
//! played with the keys alone — moves by the target cursor (T, arrows,
//! Enter), levitations by their menu entry and the same cursor, hand and
//! rope actions from the context menu by arrows and Enter, the end of each
//! turn by Enter — and not one mouse event. And the cursor as drawn,
//! through the headless GL path (serialised by its lock).
use game::stage::Outcome;
use game::things::ThingFlags;
use game::view::ViewPos;
use platform::screens::input::Key;
use platform::screens::Screen;
use rappel_tests::pixels::{cell_rect, count, draw, settle, SIZE as DRAWN};
use rappel_tests::play::{aim_at, key, levels_dir, play_solution_by_keys, playing};

const SIZE: (u32, u32) = (1280, 720);

#[test]
fn every_campaign_level_is_cleared_by_keys_alone() {
    let campaign = platform::levels::Campaign::load(&levels_dir());
    assert!(campaign.levels.len() >= 8);
    for entry in &campaign.levels {
        let file = entry.file.as_str();
        let level = entry.level.as_ref().expect("loads");
        let mut s = playing(file);
        let solution = levels_dir()
            .join("solutions")
            .join(file.replace(".txt", ".sim"));
        let script = std::fs::read_to_string(&solution).unwrap();
        play_solution_by_keys(&mut s, &script, SIZE);
        let Screen::Results(r) = s.top() else {
            panic!("{file}: no results screen");
        };
        assert_eq!(
            (r.result.relics, r.result.turns),
            (level.relic_count() as u32, level.par.expect("a par")),
            "{file}"
        );
        let play = s.play().unwrap();
        let stage = play.session.stage();
        assert_eq!(stage.outcome(), Outcome::Cleared, "{file}");
        assert!(play
            .heroes()
            .iter()
            .all(|&h| stage.has_flag(h, ThingFlags::EXITED)));
    }
}

/// Pixels near pure white in the band `inset` pixels wide around the edge
/// of view cell `v`'s square (where the cursor's frame is drawn).
fn white_on_edge(img: &image::RgbaImage, s: &platform::screens::Screens, v: ViewPos) -> usize {
    let white = |p: [u8; 3]| p.iter().all(|&c| c > 235);
    let (x, y, w, h) = cell_rect(s, v);
    let band = 5.0;
    count(img, (x - 2.0, y - 2.0, w + 4.0, band), white)
        + count(img, (x - 2.0, y + h - band + 2.0, w + 4.0, band), white)
}

#[test]
fn the_target_cursor_is_drawn_where_it_is_and_the_camera_shows_it() {
    // The gap: the hall runs off the right of the screen. T, then the
    // cursor to the farthest cell in sight along the floor, past the
    // screen's edge at the start (60-pixel cells, 480 pixels each side).
    let mut s = playing("the_gap.txt");
    let view = s.play().unwrap().view();
    let far = (0..30)
        .map(|x| ViewPos::new(x, 0))
        .take_while(|&v| view.nodes_at(v).next().is_some())
        .last()
        .unwrap();
    assert!(far.x >= 9, "{far:?}");
    settle(&mut s);
    let before = draw(&s, DRAWN);
    key(&mut s, Key::Target, DRAWN);
    let on_hero = draw(&s, DRAWN);
    assert!(
        white_on_edge(&on_hero, &s, ViewPos::default()) > 80,
        "a white frame on the hero's cell"
    );
    assert_eq!(
        white_on_edge(&before, &s, ViewPos::default()),
        0,
        "none before T"
    );
    aim_at(&mut s, far, DRAWN);
    let img = draw(&s, DRAWN);
    rappel_tests::pixels::keep(&img, "target_cursor_far_right");
    let (x, _, w, _) = cell_rect(&s, far);
    assert!(x >= 0.0 && x + w <= DRAWN.0 as f32, "on screen: {x}");
    assert!(
        white_on_edge(&img, &s, far) > 80,
        "the frame drawn at {far:?}: {}",
        white_on_edge(&img, &s, far)
    );
}
