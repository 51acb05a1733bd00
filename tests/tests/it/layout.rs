//! The play screen's layout follows every size change (issue 15: after F11
//! twice the top bar was gone until the window was resized). One game is
//! drawn at 1280×720, then at 640×360 (the smallest window), then at
//! 1280×720 again: each frame has its top bar (level name, turn, relics)
//! at the top and its hero portraits at the bottom, inside the frame, and
//! matches its golden image; the two big frames are the same.
//!
//! And the HUD never hides the cells in play: with the hero at the bottom
//! of a pit or a shaft, or at the top of one, its cell and every cell its
//! move previews can end on this round lie clear of the top bar, the hint
//! band, the portraits and the message line over them, at both sizes (a
//! reach taller than the room between: its shorter side), and the
//! previews of the lowest and highest are drawn.
//!
//! Re-bless after an intended change, then look at both images:
//! `RAPPEL_BLESS=1 cargo test -p rappel-tests --test it layout::`
use glam::Vec2;
use image::RgbaImage;
use platform::screens::play::camera::ui_scale;
use platform::screens::play::hud::{self, BAR_TEXT};
use platform::screens::theme::GOLD;
use platform::screens::Screens;
use rappel_tests::frame::render;
use rappel_tests::golden::{check, TOLERANCE};
use rappel_tests::play::{levels_dir, play_solution, playing};
use render::colour::to_rgba8;
use render::Rgba;

fn draw(screens: &Screens, size: (u32, u32)) -> RgbaImage {
    render(size.0, size.1, screens.clear_colour(), |list, kit| {
        screens.draw(list, &mut kit.font, &kit.sprites, size);
    })
    .0
}

/// Pixels in `rect` within `tolerance` of `colour`.
fn count(img: &RgbaImage, rect: render::Rect, colour: Rgba, tolerance: u8) -> usize {
    let c = to_rgba8(colour);
    let (x0, y0) = (rect.x.max(0.0) as u32, rect.y.max(0.0) as u32);
    let x1 = ((rect.x + rect.w) as u32).min(img.width());
    let y1 = ((rect.y + rect.h) as u32).min(img.height());
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = img.get_pixel(x, y).0;
            (0..3).all(|i| p[i].abs_diff(c[i]) <= tolerance)
        })
        .count()
}

fn check_frame(s: &Screens, size: (u32, u32)) -> RgbaImage {
    let img = draw(s, size);
    let l = hud::layout(Vec2::new(size.0 as f32, size.1 as f32), 3, ui_scale(size));
    // The top bar's text (level name white, turn gold) is in the frame.
    assert!(
        count(&img, l.bar, BAR_TEXT, 40) > 20,
        "{size:?}: the level name in the top bar"
    );
    assert!(
        count(&img, l.bar, GOLD, 90) > 6,
        "{size:?}: the turn in the top bar"
    );
    // Every portrait lies inside the frame, above its bottom edge.
    for r in &l.portraits {
        assert!(
            r.x >= 0.0 && r.x + r.w <= size.0 as f32 && r.y + r.h <= size.1 as f32,
            "{size:?}: {r:?}"
        );
    }
    img
}

#[test]
fn the_play_screen_follows_every_size_change() {
    let s = playing("rope_descent.txt");
    let big = check_frame(&s, (1280, 720));
    check("layout_1280x720", &big, TOLERANCE);
    let small = check_frame(&s, (640, 360));
    check("layout_640x360", &small, TOLERANCE);
    let again = check_frame(&s, (1280, 720));
    assert_eq!(big, again, "back to the first size: the same frame");
}

/// Heavy-handed but plain: the solution of `level` up to (not including)
/// its line number `stop` (1-based, as an editor shows it).
fn solution_until(level: &str, stop: usize) -> String {
    script_until(
        &levels_dir()
            .join("solutions")
            .join(level.replace(".txt", ".sim")),
        stop,
    )
}

/// The script at `path` up to (not including) its line `stop`.
fn script_until(path: &std::path::Path, stop: usize) -> String {
    let script = std::fs::read_to_string(path).expect("the script");
    script
        .lines()
        .take(stop - 1)
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Asserts that the selected hero's cell and every cell it can move to
/// this round lie clear of the HUD on a drawable of `size`, and that the
/// preview of the lowest and of the highest of them is drawn there.
fn reach_is_clear_of_the_hud(s: &mut Screens, what: &str, size: (u32, u32)) {
    // At the zoom a level starts with (the input driver zooms out when
    // it must).
    let play = s.play_mut().unwrap();
    play.settle();
    play.camera.zoom = 1.0;
    let play = s.play().unwrap();
    let stage = play.session.stage();
    let hero = play.selected_hero().expect("a hero");
    let ap = stage.thing(hero).unwrap().data.action_points;
    let mut cells: Vec<game::view::ViewPos> =
        game::action::movement::reachable(stage, play.view(), hero, ap)
            .into_iter()
            .map(|(v, _, _)| v)
            .collect();
    assert!(!cells.is_empty(), "{what}: the hero can move");
    cells.push(game::view::ViewPos::new(0, 0));
    let (low, high) = (
        cells.iter().map(|v| v.y).min().unwrap(),
        cells.iter().map(|v| v.y).max().unwrap(),
    );
    assert!(high > low, "{what}: a pit or shaft to see whole");
    let proj = play.projection(size);
    // A reach taller than the room between the HUD's bands: its shorter
    // side is kept whole (the camera's rule), the rest may go under.
    let (top, bottom) = hud::bands(Vec2::new(size.0 as f32, size.1 as f32), ui_scale(size));
    let room_cells = (size.1 as f32 - top - bottom) / proj.cell_px;
    if (high - low + 1) as f32 > room_cells - 0.3 {
        let keep_below = -low <= high;
        cells.retain(|v| if keep_below { v.y <= 0 } else { v.y >= 0 });
    }
    let l = hud::layout(
        Vec2::new(size.0 as f32, size.1 as f32),
        play.heroes().len(),
        ui_scale(size),
    );
    let covers = |a: render::Rect, b: render::Rect| {
        a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
    };
    for &v in &cells {
        let c = proj.cell_centre(v);
        let h = proj.cell_px / 2.0;
        let r = render::Rect::new(c.x - h, c.y - h, 2.0 * h, 2.0 * h);
        assert!(
            r.x >= 0.0 && r.x + r.w <= size.0 as f32 && r.y >= 0.0 && r.y + r.h <= size.1 as f32,
            "{what} {size:?}: view cell {v:?} on screen: {r:?}"
        );
        // Clear of the message line's place over the portraits too.
        assert!(
            r.y >= top && r.y + r.h <= size.1 as f32 - bottom,
            "{what} {size:?}: view cell {v:?} ({r:?}) under the HUD's bands ({top}, {bottom})"
        );
        for (name, panel) in [("the top bar", l.bar), ("the hint band", l.hint_band)]
            .into_iter()
            .chain(l.portraits.iter().map(|&p| ("a portrait", p)))
        {
            assert!(
                !covers(r, panel),
                "{what} {size:?}: view cell {v:?} ({r:?}) under {name} ({panel:?})"
            );
        }
    }
    let name = format!(
        "reach_{}_{}x{}",
        what.replace([' ', '\''], "_"),
        size.0,
        size.1
    );
    rappel_tests::pixels::keep(&draw(s, size), &name);
    // The previews of the lowest and the highest cell are drawn, the
    // target's ring in its cell.
    for y in [low, high] {
        let Some(&v) = cells.iter().find(|v| v.y == y && **v != Default::default()) else {
            continue;
        };
        let c = proj.cell_centre(v);
        s.handle(platform::screens::input::Input::MouseMove(c), size);
        let play = s.play().unwrap();
        assert!(
            play.preview().is_some(),
            "{what} {size:?}: a preview to {v:?}"
        );
        let img = draw(s, size);
        let h = proj.cell_px / 2.0;
        let ring = count(
            &img,
            render::Rect::new(c.x - h, c.y - h, 2.0 * h, 2.0 * h),
            platform::screens::world::Palette::Standard.colours().path,
            30,
        );
        assert!(
            ring > 10,
            "{what} {size:?}: the preview's target {v:?} is drawn ({ring})"
        );
    }
}

#[test]
fn the_hud_never_hides_the_heros_reach_at_the_bottom_of_a_pit_or_shaft() {
    for size in [(1280, 720), (640, 360)] {
        // Sentry: the scout in the middle pit, at the start of turn 3
        // (line 29 of the solution is turn 3's first comment).
        let mut s = playing("sentry.txt");
        play_solution(&mut s, &solution_until("sentry.txt", 29), size);
        play_solution(&mut s, "select scout\n", size);
        reach_is_clear_of_the_hud(&mut s, "sentry's middle pit", size);
        // The well: the knight in the gallery at the foot of the well's
        // rope, at the start of turn 3.
        // (Along the well's five-turn line, kept in tests/scripts.)
        let well = levels_dir().join("../tests/scripts/the_well_five_turns.sim");
        let mut s = playing("the_well.txt");
        play_solution(&mut s, &script_until(&well, 17), size);
        reach_is_clear_of_the_hud(&mut s, "the well's gallery", size);
        // The well a turn before: the knight on the platform, the gallery
        // at the foot of his rope below.
        let mut s = playing("the_well.txt");
        play_solution(&mut s, &script_until(&well, 13), size);
        reach_is_clear_of_the_hud(&mut s, "down the well", size);
        // Heavy haul: the knight at the top of his rope just let down the
        // shaft, and part way down it.
        let mut s = playing("heavy_haul.txt");
        play_solution(&mut s, "select knight\ndeploy-rope down\n", size);
        reach_is_clear_of_the_hud(&mut s, "atop the heavy haul's shaft", size);
        let mut s = playing("heavy_haul.txt");
        play_solution(
            &mut s,
            "select knight\ndeploy-rope down\nmove 1 4\nend-turn\n",
            size,
        );
        reach_is_clear_of_the_hud(&mut s, "down the heavy haul's shaft", size);
    }
}
