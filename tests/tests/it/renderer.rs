//! The GL renderer through the headless (offscreen llvmpipe) path: pixels
//! land where the draw list says, batches merge into few draw calls,
//! redundant state is skipped, long quad runs split correctly, and a full
//! draw list drops whole calls instead of corrupting the frame.
use glam::Vec2;
use image::RgbaImage;
use rappel_tests::frame::{render, render_list, Kit};
use render::{colour, DrawList, Pass, Rect, Stencil, StencilId, TextStyle};

const BLACK: render::Rgba = [0.0, 0.0, 0.0, 1.0];
const RED: render::Rgba = [1.0, 0.0, 0.0, 1.0];
const GREEN: render::Rgba = [0.0, 1.0, 0.0, 1.0];
const BLUE: render::Rgba = [0.0, 0.0, 1.0, 1.0];

fn px(img: &RgbaImage, x: u32, y: u32) -> [u8; 3] {
    let p = img.get_pixel(x, y).0;
    [p[0], p[1], p[2]]
}

#[test]
fn quads_land_at_their_pixels_top_left_origin() {
    let (img, stats) = render(64, 48, BLACK, |list, _| {
        list.quad(Rect::new(10.0, 5.0, 20.0, 10.0), RED);
    });
    assert_eq!(px(&img, 10, 5), [255, 0, 0]);
    assert_eq!(px(&img, 29, 14), [255, 0, 0]);
    assert_eq!(px(&img, 30, 14), [0, 0, 0], "right edge is exclusive");
    assert_eq!(px(&img, 10, 15), [0, 0, 0], "bottom edge is exclusive");
    assert_eq!(px(&img, 9, 5), [0, 0, 0]);
    assert_eq!(stats.draw_calls, 1);
}

#[test]
fn a_thousand_same_state_quads_are_one_draw_call_and_one_state_change() {
    let (img, stats) = render(100, 100, BLACK, |list, _| {
        for i in 0..1000 {
            let (x, y) = ((i % 40) as f32 * 2.5, (i / 40) as f32 * 4.0);
            list.quad(Rect::new(x, y, 2.0, 2.0), GREEN);
        }
    });
    assert_eq!(stats.commands, 1000);
    assert_eq!(stats.draw_calls, 1);
    assert_eq!(stats.state_changes, 1);
    assert_eq!(stats.texture_binds, 1);
    assert_eq!(px(&img, 0, 0), [0, 255, 0]);
    assert_eq!(
        px(&img, 0, 96),
        [0, 255, 0],
        "the 1000th row of quads is drawn"
    );
}

#[test]
fn more_quads_than_the_index_buffer_covers_still_all_render() {
    // 200 x 100 one-pixel quads = 20,000 > 16,384 quads per indexed draw.
    let (img, stats) = render(200, 100, BLACK, |list, _| {
        for y in 0..100 {
            for x in 0..200 {
                let c = if (x + y) % 2 == 0 { RED } else { BLUE };
                list.quad(Rect::new(x as f32, y as f32, 1.0, 1.0), c);
            }
        }
    });
    assert_eq!(stats.draw_calls, 2, "split at 16,384 quads");
    assert_eq!(stats.state_changes, 1, "a split is not a state change");
    for y in 0..100 {
        for x in 0..200 {
            let want = if (x + y) % 2 == 0 {
                [255, 0, 0]
            } else {
                [0, 0, 255]
            };
            assert_eq!(px(&img, x, y), want, "pixel ({x},{y})");
        }
    }
}

#[test]
fn a_full_draw_list_drops_calls_but_draws_the_rest_intact() {
    let kit = Kit {
        font: rappel_tests::frame::font(),
        sprites: rappel_tests::frame::sprites(),
    };
    let mut list = DrawList::with_max_vertices(4 * 3);
    list.quad(Rect::new(0.0, 0.0, 10.0, 10.0), RED);
    list.quad(Rect::new(10.0, 0.0, 10.0, 10.0), GREEN);
    list.triangles(&[Vec2::ZERO; 6], BLUE); // 6 more vertices: dropped
    list.quad(Rect::new(20.0, 0.0, 10.0, 10.0), BLUE);
    list.quad(Rect::new(30.0, 0.0, 10.0, 10.0), BLUE); // dropped
    let (img, stats) = render_list(40, 10, BLACK, &list, &kit);
    assert_eq!(stats.dropped_calls, 2);
    assert_eq!(px(&img, 5, 5), [255, 0, 0]);
    assert_eq!(px(&img, 15, 5), [0, 255, 0]);
    assert_eq!(px(&img, 25, 5), [0, 0, 255]);
    assert_eq!(
        px(&img, 35, 5),
        [0, 0, 0],
        "the dropped quad left nothing behind"
    );
}

#[test]
fn opaque_geometry_is_depth_tested_whatever_the_submission_order() {
    let (img, stats) = render(40, 20, BLACK, |list, _| {
        list.set_pass(Pass::Opaque);
        list.set_depth(0.8);
        list.quad(Rect::new(10.0, 0.0, 30.0, 20.0), BLUE); // far, submitted first
        list.set_depth(0.2);
        list.quad(Rect::new(0.0, 0.0, 20.0, 20.0), RED); // near, submitted last
    });
    assert_eq!(
        px(&img, 15, 10),
        [255, 0, 0],
        "near wins where they overlap"
    );
    assert_eq!(px(&img, 30, 10), [0, 0, 255]);
    // Sorted front to back, the near quad (vertices 4..8) draws before the far
    // one (0..4): not contiguous in that order, so two draws, one state.
    assert_eq!((stats.draw_calls, stats.state_changes), (2, 1));
}

#[test]
fn stencil_reads_draw_only_inside_their_own_mask() {
    let (img, _) = render(60, 20, BLACK, |list, _| {
        let id = |n| StencilId::new(n).unwrap();
        // Reads submitted before their masks still draw after them.
        list.set_stencil(Stencil::Read(id(1)));
        list.quad(Rect::new(0.0, 0.0, 60.0, 20.0), RED);
        list.set_stencil(Stencil::Read(id(2)));
        list.quad(Rect::new(0.0, 0.0, 60.0, 20.0), GREEN);
        list.set_stencil(Stencil::None);
        let square = |x: f32| {
            [
                Vec2::new(x, 0.0),
                Vec2::new(x + 20.0, 0.0),
                Vec2::new(x + 20.0, 20.0),
                Vec2::new(x, 20.0),
            ]
        };
        list.stencil_polygon(&square(0.0), id(1));
        list.stencil_polygon(&square(20.0), id(2));
    });
    assert_eq!(px(&img, 10, 10), [255, 0, 0]);
    assert_eq!(px(&img, 30, 10), [0, 255, 0]);
    assert_eq!(
        px(&img, 50, 10),
        [0, 0, 0],
        "no mask, nothing drawn; masks write no colour"
    );
}

#[test]
fn text_and_sprites_sample_their_own_slots() {
    let (img, stats) = render(200, 60, BLACK, |list, kit| {
        list.text(
            &mut kit.font,
            Vec2::new(4.0, 4.0),
            "Rappel",
            &TextStyle::new(32.0, colour::WHITE),
        );
        let relic = kit.sprites.sprite("relic").expect("atlas has a relic");
        list.sprite_at(relic, Vec2::new(150.0, 10.0), 1.0);
    });
    assert_eq!(
        stats.draw_calls, 1,
        "text and sprite share one batch (slots 0 and 1 bound)"
    );
    assert_eq!(stats.texture_binds, 2);
    assert_eq!(
        stats.program_changes, 1,
        "one shader variant for slots 0 and 1"
    );
    let lit = (0..120)
        .flat_map(|x| (0..60).map(move |y| (x, y)))
        .filter(|&(x, y)| px(&img, x, y)[0] > 200)
        .count();
    assert!(
        lit > 150,
        "the word is drawn in white ({lit} bright pixels)"
    );
    // The gem's gold (red high, blue low) appears at its centre.
    let gem = px(&img, 166, 22);
    assert!(gem[0] > 180 && gem[2] < 120, "gem pixel {gem:?}");
}
