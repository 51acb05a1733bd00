//! In-process headless GL: a context opens through SDL's offscreen driver with
//! the attributes the game needs, and frames read back with the right pixels.
//! Tests here share one lock: SDL allows one live instance at a time.
use rappel_tests::gl::{headless_window, lock};
use render::gl_backend;

#[test]
fn context_is_gl33_core_or_newer_with_8_stencil_bits() {
    let _guard = lock();
    let window = headless_window(64, 48);
    assert!(window.is_headless());
    assert_eq!(window.drawable_px(), (64, 48));
    let info = gl_backend::info();
    let major: u32 = info
        .version
        .split(['.', ' '])
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let minor: u32 = info
        .version
        .split(['.', ' '])
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!((major, minor) >= (3, 3), "GL {}", info.version);
    assert_eq!(info.stencil_bits, 8);
}

#[test]
fn cleared_and_filled_pixels_read_back_top_row_first() {
    let _guard = lock();
    let _window = headless_window(40, 30);
    gl_backend::begin_frame(40, 30, [0.0, 0.0, 1.0, 1.0]);
    // Bottom-left 10x5 block in GL coordinates = bottom rows of the image.
    gl_backend::fill_rect(0, 0, 10, 5, [1.0, 0.0, 0.0, 1.0]);
    let pixels = gl_backend::read_pixels_rgba(40, 30);
    assert_eq!(pixels.len(), 40 * 30 * 4);
    let at = |x: usize, y_top: usize| &pixels[(y_top * 40 + x) * 4..][..4];
    assert_eq!(at(0, 29), [255, 0, 0, 255], "bottom-left is red");
    assert_eq!(at(9, 25), [255, 0, 0, 255], "block is 10 wide, 5 tall");
    assert_eq!(at(10, 29), [0, 0, 255, 255], "right of the block is clear");
    assert_eq!(at(0, 24), [0, 0, 255, 255], "above the block is clear");
    assert_eq!(at(0, 0), [0, 0, 255, 255], "top-left is clear");
}

#[test]
fn windows_open_one_after_another_on_different_threads() {
    // Each test runs on its own thread; this checks the lock makes that safe.
    for side in [16, 24, 32] {
        let handle = std::thread::spawn(move || {
            let _guard = lock();
            let window = headless_window(side, side);
            window.drawable_px()
        });
        assert_eq!(handle.join().unwrap(), (side, side));
    }
}

#[test]
fn fullscreen_off_again_gives_back_the_old_size_and_place() {
    let _guard = lock();
    let mut window = headless_window(320, 200);
    let before = (window.window.size(), window.drawable_px());
    window.toggle_fullscreen().expect("fullscreen on");
    assert!(window.is_fullscreen());
    assert_eq!(
        window.windowed_geometry().0,
        (320, 200),
        "kept for the settings"
    );
    window.toggle_fullscreen().expect("fullscreen off");
    assert!(!window.is_fullscreen());
    assert_eq!(
        (window.window.size(), window.drawable_px()),
        before,
        "the layout is made for the size the window really has"
    );
}
