//! The play screen's layout follows every size change (issue 15: after F11
//! twice the top bar was gone until the window was resized). One game is
//! drawn at 1280×720, then at 640×360 (the smallest window), then at
//! 1280×720 again: each frame has its top bar (level name, turn, relics)
//! at the top and its hero portraits at the bottom, inside the frame, and
//! matches its golden image; the two big frames are the same.
//!
//! Re-bless after an intended change, then look at both images:
//! `RAPPEL_BLESS=1 cargo test -p rappel-tests --test layout`
use glam::Vec2;
use image::RgbaImage;
use platform::screens::play::camera::ui_scale;
use platform::screens::play::hud::{self, BAR_TEXT, GOLD};
use platform::screens::Screens;
use rappel_tests::frame::render;
use rappel_tests::golden::{check, TOLERANCE};
use rappel_tests::play::playing;
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
