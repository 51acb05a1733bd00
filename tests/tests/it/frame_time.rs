//! Whole-frame time through the headless path (offscreen SDL, Mesa llvmpipe)
//! at 1280×720: build the draw list, upload, draw, and wait for the
//! rasteriser (`glFinish`). Ignored by default (it is a measurement, not a
//! check); run it in release:
//!
//! `cargo test --release -p rappel-tests --test it frame_time -- --ignored --nocapture`
use std::time::{Duration, Instant};

use platform::screens::input::Keymap;
use platform::screens::play::{fixtures, PlayScreen};
use platform::screens::title::TitleScreen;
use rappel_tests::frame::{font, sprites};
use rappel_tests::gl::{headless_window, lock};
use render::gl_backend::{self, Renderer};
use render::{hex, DrawList};

const SIZE: (u32, u32) = (1280, 720);
const WARM_UP: u32 = 5;
const FRAMES: u32 = 40;

#[test]
#[ignore = "a measurement: run with --release -- --ignored --nocapture"]
fn frame_time_through_llvmpipe_at_1280x720() {
    let _guard = lock();
    let _window = headless_window(SIZE.0, SIZE.1);
    let info = gl_backend::info();
    let mut renderer = Renderer::new().expect("renderer");
    let mut font = font();
    let sprites = sprites();
    renderer.set_texture(sprites.slot, &sprites.texture);
    let title = TitleScreen::new();
    let mut play = PlayScreen::new(&fixtures::benchmark_level()).expect("benchmark level");
    let mut loop_back = PlayScreen::new(
        &game::level::load_file(&rappel_tests::play::levels_dir().join("loop_back.txt"))
            .expect("loop_back.txt"),
    )
    .expect("loop-back room");
    let mut list = DrawList::new();
    println!("renderer: {} | {}", info.renderer, info.version);
    for scene in [
        "benchmark frame (20k quads, 200 text runs, 50 masks)",
        "title screen",
        "play screen, 64x64 benchmark level (4 portals, 500 things)",
        "play screen, loop-back room",
    ] {
        let (mut cpu, mut total) = (Duration::ZERO, Duration::ZERO);
        let mut stats = Default::default();
        for frame in 0..WARM_UP + FRAMES {
            let start = Instant::now();
            if scene.starts_with("benchmark") {
                render::fixtures::benchmark_frame(&mut list, &mut font);
            } else if scene.starts_with("title") {
                list.clear();
                title.draw(&mut list, &mut font, &sprites, SIZE, &Keymap::default());
            } else {
                let screen = if scene.contains("64x64") {
                    &mut play
                } else {
                    &mut loop_back
                };
                screen.build_view();
                list.clear();
                screen.draw(&mut list, &mut font, &sprites, SIZE);
            }
            let built = start.elapsed();
            renderer.set_texture(font.slot(), font.atlas_image());
            gl_backend::begin_frame(SIZE.0, SIZE.1, hex(0x101018));
            stats = renderer.draw(&list, SIZE.0, SIZE.1);
            gl_backend::finish();
            if frame >= WARM_UP {
                cpu += built;
                total += start.elapsed();
            }
        }
        let ms = |d: Duration| d.as_secs_f64() * 1000.0 / f64::from(FRAMES);
        println!(
            "{scene}: {:.2} ms/frame total, {:.3} ms of it building the list ({} draw calls, {} state changes, {} vertices)",
            ms(total),
            ms(cpu),
            stats.draw_calls,
            stats.state_changes,
            stats.vertices
        );
        assert!(stats.draw_calls > 0);
    }
}
