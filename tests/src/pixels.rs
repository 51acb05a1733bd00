//! Reading rendered frames of the play screen, for tests: drawing the
//! screens headless, pixels and colour tests (each hero's colour, portals,
//! ropes, outlines) and the screen rectangles of view cells.
use game::view::ViewPos;
use glam::Vec2;
use image::RgbaImage;
use platform::screens::world::draw::PORTAL;
use platform::screens::Screens;
use render::colour::to_rgba8;
use render::Rgba;

use crate::frame::render;
use crate::golden::failure_dir;

/// The window size the tests draw at.
pub const SIZE: (u32, u32) = (960, 540);

/// The screens drawn through the headless GL path at `size`.
pub fn draw(screens: &Screens, size: (u32, u32)) -> RgbaImage {
    let clear = screens.clear_colour();
    let (img, stats) = render(size.0, size.1, clear, |list, kit| {
        screens.draw(list, &mut kit.font, &kit.sprites, size);
    });
    assert_eq!(stats.dropped_calls, 0);
    img
}

/// The colour of the pixel at `p`.
pub fn px(img: &RgbaImage, p: Vec2) -> [u8; 3] {
    let q = img.get_pixel(p.x as u32, p.y as u32).0;
    [q[0], q[1], q[2]]
}

/// Whether `a` is within `tolerance` of `b` in every channel.
pub fn near(a: [u8; 3], b: Rgba, tolerance: u8) -> bool {
    let b = to_rgba8(b);
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= tolerance)
}

/// Pixels in `rect` (x, y, w, h) for which `f` holds.
pub fn count(img: &RgbaImage, rect: (f32, f32, f32, f32), f: impl Fn([u8; 3]) -> bool) -> usize {
    let (x0, y0) = (rect.0.max(0.0) as u32, rect.1.max(0.0) as u32);
    let x1 = ((rect.0 + rect.2) as u32).min(img.width());
    let y1 = ((rect.1 + rect.3) as u32).min(img.height());
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = img.get_pixel(x, y).0;
            f([p[0], p[1], p[2]])
        })
        .count()
}

/// The knight's blue.
pub fn knight_blue(p: [u8; 3]) -> bool {
    // Deep blue: well clear of the cyan rim of a copy seen through a portal.
    p[2] > 180 && p[0] < 120 && (90..175).contains(&p[1]) && p[2] > p[1] + 60
}

/// The scout's green.
pub fn scout_green(p: [u8; 3]) -> bool {
    // Clearly green: not the greyish edge of a tinted copy.
    p[1] > 140 && p[0] < 130 && p[2] < 130 && p[1] > p[0] + 40
}

/// A portal's cyan.
pub fn portal_cyan(p: [u8; 3]) -> bool {
    near(p, PORTAL, 12)
}

/// The screen square of view cell `v`, as (x, y, w, h).
pub fn cell_rect(screens: &Screens, v: ViewPos) -> (f32, f32, f32, f32) {
    let proj = screens.play().expect("playing").projection(SIZE);
    let c = proj.cell_centre(v);
    let h = proj.cell_px / 2.0;
    (c.x - h, c.y - h, proj.cell_px, proj.cell_px)
}

/// Ends every tween of the play screen.
pub fn settle(screens: &mut Screens) {
    screens.play_mut().expect("playing").settle();
}

/// Writes `img` under `target/readable/` for a person to look at.
pub fn keep(img: &RgbaImage, name: &str) {
    let dir = failure_dir().join("../readable");
    std::fs::create_dir_all(&dir).unwrap();
    img.save(dir.join(format!("{name}.png"))).unwrap();
}

/// The part of view cell `v` inside its walls: x within ±`half` of its
/// centre (cells), y over its full height.
pub fn inner_rect(s: &Screens, v: ViewPos, half: f32) -> (f32, f32, f32, f32) {
    let proj = s.play().expect("playing").projection(SIZE);
    let c = proj.cell_centre(v);
    let (w, h) = (proj.cell_px * half, proj.cell_px / 2.0);
    (c.x - w, c.y - h, 2.0 * w, 2.0 * h)
}

/// The sorceress's purple.
pub fn sorceress_purple(p: [u8; 3]) -> bool {
    p[2] > 140 && p[1] < 100 && (90..165).contains(&p[0]) && p[0] > p[1] + 30
}

/// A rope's light strand.
pub fn rope_tan(p: [u8; 3]) -> bool {
    p[0] > 140
        && (100..175).contains(&p[1])
        && p[2] < 110
        && p[0] > p[2] + 60
        && p[2] as f32 > p[0] as f32 * 0.4
}

/// The selected hero's gold outline.
pub fn gold_rim(p: [u8; 3]) -> bool {
    near(p, platform::screens::world::draw::SELECTED_RIM, 10)
}

/// The portal-cyan rim of a hero seen through a portal.
pub fn cyan_rim(p: [u8; 3]) -> bool {
    p[2] > 150 && p[1] > 130 && p[0] < 120 && p[1] > p[0] + 50
}

/// Pixels of rope (its dark strand) inside `rect`.
pub fn rope_pixels(img: &RgbaImage, rect: (f32, f32, f32, f32)) -> usize {
    let dark = render::colour::to_rgba8(platform::screens::world::draw::ROPE_DARK);
    count(img, rect, |p| {
        p.iter().zip(dark).all(|(&a, b)| a.abs_diff(b) <= 6)
    })
}
