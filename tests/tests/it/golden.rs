//! Golden images: frames rendered through the headless (offscreen llvmpipe)
//! path and compared with `tests/golden/*.png` (see `src/golden.rs` for the
//! tolerance). Each test also asserts the property its image is about, so a
//! wrongly blessed image cannot hide a bug.
//!
//! Re-bless after an intended change, then look at every image:
//! `RAPPEL_BLESS=1 cargo test -p rappel-tests --test it golden::`
use glam::{Affine2, Vec2};
use image::RgbaImage;
use platform::screens::input::Keymap;
use platform::screens::title::TitleScreen;
use rappel_tests::frame::{render, Kit};
use rappel_tests::golden::{check, TOLERANCE};
use render::colour::with_alpha;
use render::{
    hex, Align, DrawList, PanelStyle, Pass, Rect, Rgba, Stencil, StencilId, TextStyle, WHITE,
};

const INK: Rgba = hex(0x14161f);

fn px(img: &RgbaImage, x: u32, y: u32) -> [u8; 3] {
    let p = img.get_pixel(x, y).0;
    [p[0], p[1], p[2]]
}

fn near(a: [u8; 3], b: [u8; 3], tolerance: u8) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= tolerance)
}

#[test]
fn text_in_several_sizes_alignments_and_wrapping() {
    let (img, _) = render(560, 300, INK, |list, kit| {
        let mut y = 6.0;
        for size in [10.0, 13.0, 16.0, 20.0, 28.0, 40.0] {
            let style = TextStyle::new(size, hex(0xe8e8f0));
            let h = list
                .text(
                    &mut kit.font,
                    Vec2::new(8.0, y),
                    &format!("{size}px Rappel: AV Wa 0123"),
                    &style,
                )
                .y;
            y += h;
        }
        let small = TextStyle::new(14.0, hex(0xf5c542));
        list.text(
            &mut kit.font,
            Vec2::new(550.0, 8.0),
            "right",
            &small.aligned(Align::Right),
        );
        list.text(
            &mut kit.font,
            Vec2::new(470.0, 30.0),
            "centre\ncentred lines",
            &small.aligned(Align::Centre),
        );
        let para = TextStyle::new(13.0, hex(0x9ccc65)).wrapped(180.0);
        list.text(
            &mut kit.font,
            Vec2::new(360.0, 190.0),
            "A party of heroes descends on ropes to recover relics and climb back out.",
            &para,
        );
    });
    check("text", &img, TOLERANCE);
    // Text is drawn: bright pixels in the big line, none in the empty corner.
    let bright = |x0: u32, x1: u32, y0: u32, y1: u32| {
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| px(&img, x, y)[0] > 150)
            .count()
    };
    assert!(bright(8, 300, 100, 160) > 500, "the 40px line is drawn");
    assert_eq!(bright(200, 340, 200, 300), 0, "nothing where no text goes");
}

/// The wall tile is opaque grey stone with atlas neighbours on every side; drawn
/// scaled (linear filtering) over magenta, any bleed from a neighbour or from
/// transparency would tint its edge pixels.
#[test]
fn sprites_from_the_atlas_at_1x_and_scaled_without_bleeding() {
    const MAGENTA: Rgba = hex(0xff00ff);
    let mut wall_rects = Vec::new();
    let (img, stats) = render(560, 330, MAGENTA, |list, kit| {
        let names: Vec<String> = kit.sprites.names().map(str::to_string).collect();
        for (i, name) in names.iter().enumerate() {
            let s = kit.sprites.sprite(name).expect("listed sprite");
            let i = i as f32;
            list.sprite_at(s, Vec2::new(8.0 + i * 34.0, 8.0), 1.0);
            let (col, row) = (i % 6.0, (i / 6.0).floor());
            list.sprite_at(s, Vec2::new(8.0 + col * 72.0, 52.0 + row * 72.0), 2.0);
        }
        let wall = kit.sprites.sprite("wall").expect("wall");
        for (x, scale) in [(440.0, 1.0), (440.0, 3.0)] {
            let y = if scale == 1.0 { 52.0 } else { 100.0 };
            let r = Rect::new(x, y, 32.0 * scale, 32.0 * scale);
            list.sprite(wall, r, WHITE);
            wall_rects.push(r);
        }
        // A rotated, scaled knight: sprites go through the transform too.
        list.set_transform(Affine2::from_scale_angle_translation(
            Vec2::splat(2.0),
            0.4,
            Vec2::new(460.0, 250.0),
        ));
        list.sprite_at(
            kit.sprites.sprite("knight").expect("knight"),
            Vec2::new(-16.0, -16.0),
            1.0,
        );
    });
    check("sprites", &img, TOLERANCE);
    assert_eq!(stats.draw_calls, 1, "every sprite shares one batch");
    for r in &wall_rects {
        for y in r.y as u32..(r.y + r.h) as u32 {
            for x in r.x as u32..(r.x + r.w) as u32 {
                let [red, green, blue] = px(&img, x, y);
                let greyish = red.abs_diff(green) < 24 && blue >= green && blue - green < 24;
                assert!(
                    greyish && red >= 0x3a,
                    "wall pixel ({x},{y}) = {:?} is not stone grey",
                    [red, green, blue]
                );
            }
        }
    }
}

#[test]
fn panels_bevelled_and_nine_sliced() {
    let (img, _) = render(400, 240, INK, |list, kit| {
        let styles = [
            PanelStyle {
                fill_top: hex(0x3d4f86),
                fill_bottom: hex(0x2c3a66),
                border: hex(0xf5c542),
                border_px: 3.0,
                bevel_px: 12.0,
            },
            PanelStyle {
                fill_top: hex(0x2e7d32),
                fill_bottom: hex(0x103012),
                border: hex(0x9ccc65),
                border_px: 1.0,
                bevel_px: 4.0,
            },
            PanelStyle {
                fill_top: hex(0x6a3d9a),
                fill_bottom: hex(0x6a3d9a),
                border: WHITE,
                border_px: 0.0,
                bevel_px: 20.0,
            },
        ];
        for (i, style) in styles.iter().enumerate() {
            list.panel(Rect::new(10.0 + i as f32 * 128.0, 10.0, 118.0, 90.0), style);
        }
        let frame = kit.sprites.sprite("frame").expect("frame");
        list.nine_slice(frame, Rect::new(10.0, 116.0, 240.0, 110.0), 8.0, WHITE);
        list.nine_slice(frame, Rect::new(266.0, 116.0, 60.0, 110.0), 8.0, WHITE);
        list.nine_slice(
            frame,
            Rect::new(340.0, 116.0, 50.0, 50.0),
            8.0,
            hex(0x80c0ff),
        );
    });
    check("panels", &img, TOLERANCE);
    // A bevelled corner shows the background; the border and centre their colours.
    assert!(near(px(&img, 11, 11), [0x14, 0x16, 0x1f], 2), "cut corner");
    assert!(near(px(&img, 69, 11), [0xf5, 0xc5, 0x42], 2), "gold border");
    let centre = px(&img, 69, 55);
    assert!(
        near(centre, [0x35, 0x45, 0x76], 6),
        "gradient midpoint {centre:?}"
    );
    assert!(
        near(px(&img, 130, 200), [0x2b, 0x2f, 0x45], 2),
        "nine-slice centre stretched"
    );
}

/// Three disjoint masks with ids 1..=3; each READ draws a full-screen pattern
/// that must only appear inside its own mask.
#[test]
fn three_stencil_masks_each_reveal_their_own_scene() {
    let id = |n| StencilId::new(n).expect("non-zero");
    let disc = |c: Vec2, r: f32| -> Vec<Vec2> {
        (0..32)
            .map(|k| c + Vec2::from_angle(k as f32 / 32.0 * std::f32::consts::TAU) * r)
            .collect()
    };
    let (img, stats) = render(360, 160, INK, |list, _| {
        // Scenes first, masks after: the sort still writes masks first.
        for (n, colours) in [
            (1, [hex(0xe53935), hex(0xffffff)]),
            (2, [hex(0x1e88e5), hex(0x0d2b4a)]),
            (3, [hex(0x43a047), hex(0xc0ca33)]),
        ] {
            list.set_stencil(Stencil::Read(id(n)));
            for k in 0..20 {
                let c = colours[k % 2];
                match n {
                    1 => list.quad(Rect::new(0.0, k as f32 * 8.0, 360.0, 8.0), c), // stripes
                    2 => {
                        for j in 0..45 {
                            let c = colours[(j + k) % 2];
                            list.quad(Rect::new(j as f32 * 8.0, k as f32 * 8.0, 8.0, 8.0), c);
                        }
                    }
                    _ => list.quad(Rect::new(k as f32 * 18.0, 0.0, 18.0, 160.0), c), // columns
                }
            }
        }
        list.set_stencil(Stencil::None);
        list.stencil_polygon(
            &[
                Vec2::new(60.0, 10.0),
                Vec2::new(110.0, 150.0),
                Vec2::new(10.0, 150.0),
            ],
            id(1),
        );
        list.stencil_polygon(&disc(Vec2::new(180.0, 80.0), 65.0), id(2));
        let hexagon: Vec<Vec2> = (0..6)
            .map(|k| {
                Vec2::new(300.0, 80.0)
                    + Vec2::from_angle(k as f32 * std::f32::consts::FRAC_PI_3) * 55.0
            })
            .collect();
        list.stencil_polygon(&hexagon, id(3));
    });
    check("stencil", &img, TOLERANCE);
    assert!(
        stats.state_changes >= 6,
        "3 writes + 3 reads, each its own state"
    );
    let red_or_white = |p: [u8; 3]| near(p, [0xe5, 0x39, 0x35], 2) || near(p, [255, 255, 255], 2);
    let blues = |p: [u8; 3]| near(p, [0x1e, 0x88, 0xe5], 2) || near(p, [0x0d, 0x2b, 0x4a], 2);
    let greens = |p: [u8; 3]| near(p, [0x43, 0xa0, 0x47], 2) || near(p, [0xc0, 0xca, 0x33], 2);
    assert!(red_or_white(px(&img, 60, 120)), "triangle shows stripes");
    assert!(blues(px(&img, 180, 80)), "disc shows the checkerboard");
    assert!(greens(px(&img, 300, 80)), "hexagon shows columns");
    for (x, y) in [(5, 5), (130, 10), (240, 150), (355, 155)] {
        assert_eq!(
            px(&img, x, y),
            [0x14, 0x16, 0x1f],
            "outside every mask at ({x},{y})"
        );
    }
    // Inside each mask, only its own scene's colours.
    for y in 0..160 {
        for x in 0..360 {
            let p = px(&img, x, y);
            let inside_disc =
                Vec2::new(x as f32 + 0.5, y as f32 + 0.5).distance(Vec2::new(180.0, 80.0)) < 62.0;
            if inside_disc {
                assert!(blues(p), "({x},{y}) in the disc is {p:?}");
            }
        }
    }
}

fn translucent_layers(order: [usize; 3]) -> (RgbaImage, render::gl_backend::FrameStats) {
    render(
        200,
        140,
        hex(0x000000),
        |list: &mut DrawList, _kit: &mut Kit| {
            // An opaque floor nearer than the far layer hides it where they overlap.
            list.set_pass(Pass::Opaque);
            list.set_depth(0.6);
            list.quad(Rect::new(0.0, 110.0, 200.0, 30.0), hex(0x444444));
            list.set_pass(Pass::Translucent);
            let layers = [
                (
                    0.2,
                    Rect::new(70.0, 40.0, 100.0, 90.0),
                    with_alpha(hex(0xff0000), 0.5),
                ),
                (
                    0.5,
                    Rect::new(40.0, 25.0, 100.0, 90.0),
                    with_alpha(hex(0x00ff00), 0.5),
                ),
                (
                    0.8,
                    Rect::new(10.0, 10.0, 100.0, 110.0),
                    with_alpha(hex(0x0000ff), 0.5),
                ),
            ];
            for i in order {
                let (depth, rect, colour) = layers[i];
                list.set_depth(depth);
                list.quad(rect, colour);
            }
        },
    )
}

#[test]
fn translucent_layers_blend_back_to_front_whatever_the_submission_order() {
    let (img, _) = translucent_layers([0, 1, 2]);
    check("translucent", &img, TOLERANCE);
    for order in [[2, 1, 0], [1, 0, 2]] {
        let (other, _) = translucent_layers(order);
        assert!(img == other, "submission order {order:?} changed the frame");
    }
    // Where all three overlap: blue, then green, then red, each at 50 %.
    let all = px(&img, 90, 60);
    assert!(near(all, [128, 64, 32], 2), "three layers {all:?}");
    // Green over blue only, and red alone.
    assert!(
        near(px(&img, 50, 30), [0, 128, 64], 2),
        "{:?}",
        px(&img, 50, 30)
    );
    assert!(
        near(px(&img, 150, 60), [128, 0, 0], 2),
        "{:?}",
        px(&img, 150, 60)
    );
    // The far blue layer is behind the opaque floor (depth test), the near red one is not.
    assert_eq!(
        px(&img, 20, 115),
        [0x44, 0x44, 0x44],
        "floor hides the far layer"
    );
    assert!(
        near(px(&img, 160, 120), [0xa2, 0x22, 0x22], 2),
        "{:?}",
        px(&img, 160, 120)
    );
}

#[test]
fn the_title_screen() {
    let size = (800, 450);
    let mut screen = TitleScreen::new();
    screen.selected = 1;
    let (img, stats) = render(size.0, size.1, hex(0x000000), |list, kit| {
        screen.draw(list, &mut kit.font, &kit.sprites, size, &Keymap::default());
    });
    check("title", &img, TOLERANCE);
    assert_eq!(stats.dropped_calls, 0);
    assert!(
        stats.draw_calls <= 2,
        "the whole screen is one or two batches: {stats:?}"
    );
    let l = platform::screens::title::layout(size.0, size.1);
    let border = px(&img, l.items[1].centre().x as u32, l.items[1].y as u32 + 1);
    assert!(
        near(border, [0xf5, 0xc5, 0x42], 8),
        "Editor is highlighted: {border:?}"
    );
}

#[test]
fn the_options_screen() {
    use platform::screens::input::{Input, Key};
    use platform::screens::options::{layout, rows, Row};
    let size = (960, 540);
    let mut screens = rappel_tests::play::screens();
    for k in [Key::Down, Key::Down, Key::Enter] {
        screens.handle(Input::Key(k), size);
    }
    let ui_at = rows().position(|r| r == Row::UiScale).expect("a row");
    for _ in 0..ui_at {
        screens.handle(Input::Key(Key::Down), size);
    }
    let img = rappel_tests::pixels::draw(&screens, size);
    check("options", &img, TOLERANCE);
    let l = layout(glam::Vec2::new(960.0, 540.0));
    let border = px(
        &img,
        l.rows[ui_at].centre().x as u32,
        l.rows[ui_at].y as u32 + 1,
    );
    assert!(
        near(border, [0xf5, 0xc5, 0x42], 8),
        "Text and panels is highlighted: {border:?}"
    );
}

/// The Controls screen at 800×450 (its 1280×720 design scaled), with Undo
/// rebound to U and the screen waiting for a key for Redo after one was
/// refused: the list scrolled to the selection, the keys as bound, the
/// gamepad's column, the refusal over the hint line.
#[test]
fn the_controls_screen() {
    use platform::screens::controls::{layout, rows, ControlsScreen, Row};
    use platform::screens::input::keymap::ACTIONS;
    use platform::screens::input::{Chord, Input, Key, RawInput};
    let size = Vec2::new(800.0, 450.0);
    let mut keys = Keymap::default();
    keys.rebind(Key::Undo, Chord::parse("u").expect("u"))
        .expect("U is free");
    let redo = rows()
        .iter()
        .position(|r| matches!(r, Row::Action(i) if ACTIONS[*i].key == Key::Redo))
        .expect("a row");
    let mut screen = ControlsScreen::new();
    while screen.selected != redo {
        screen.handle(Input::Key(Key::Down), size, &mut keys);
    }
    screen.handle(Input::Key(Key::Enter), size, &mut keys);
    let u = RawInput::Chord(Chord::parse("u").expect("u"));
    screen.handle_raw(u, &mut keys);
    assert!(screen.waiting());
    assert_eq!(
        screen.notice().as_deref(),
        Some("U is already Undo: nothing changed · press another key, or Esc")
    );
    let (img, stats) = render(
        size.x as u32,
        size.y as u32,
        platform::screens::theme::BACKGROUND_BOTTOM,
        |list, kit| screen.draw(list, &mut kit.font, size, &keys),
    );
    check("controls", &img, TOLERANCE);
    assert_eq!(stats.dropped_calls, 0);
    let l = layout(size, screen.top);
    let row = l.rows[screen.selected - screen.top];
    let border = px(&img, row.centre().x as u32, row.y as u32 + 1);
    assert!(
        near(border, [0xf5, 0xc5, 0x42], 8),
        "the selected row is framed in gold: {border:?}"
    );
    let other = l.rows[0];
    let plain = px(&img, other.centre().x as u32, other.y as u32 + 1);
    assert!(!near(plain, [0xf5, 0xc5, 0x42], 40), "{plain:?}");
}
