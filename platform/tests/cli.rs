//! Runs the built `rappel` binary as a user would: headless screenshots with
//! real pixels checked, and bad command lines giving one-line errors.
use std::path::PathBuf;
use std::process::{Command, Output};

use platform::splash;

fn rappel(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rappel"))
        .args(args)
        // No display: the binary must fall back to the offscreen driver by itself.
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("SDL_VIDEODRIVER")
        .output()
        .expect("run rappel")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rappel-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The pixel at (x, y) measured from the bottom-left, as GL draws.
fn pixel_gl(img: &image::RgbaImage, x: i32, y: i32) -> [u8; 4] {
    img.get_pixel(x as u32, img.height() - 1 - y as u32).0
}

fn close(a: [u8; 4], b: [u8; 4]) -> bool {
    a.iter().zip(b).all(|(&p, q)| p.abs_diff(q) <= 2)
}

#[test]
fn headless_screenshot_has_the_requested_size_and_the_splash_pixels() {
    let path = scratch("splash.png");
    let out = rappel(&[
        "--window",
        "320x200",
        "--screenshot",
        path.to_str().unwrap(),
        "--frames",
        "3",
    ]);
    assert!(out.status.success(), "rappel failed: {}", stderr(&out));
    let log = stderr(&out);
    assert!(
        log.contains("GL vendor:") && log.contains("version:"),
        "logs GL info: {log}"
    );

    let img = image::open(&path).expect("a PNG was written").to_rgba8();
    assert_eq!(img.dimensions(), (320, 200));
    let l = splash::layout(320, 200);
    let centre = |r: splash::RectPx| (r.x + r.w / 2, r.y + r.h / 2);
    for (rect, colour, what) in [
        (l.floor, splash::FLOOR, "floor"),
        (l.rope, splash::ROPE, "rope"),
        (l.hero, splash::HERO, "hero"),
    ] {
        let (x, y) = centre(rect);
        let got = pixel_gl(&img, x, y);
        assert!(
            close(got, splash::to_rgba8(colour)),
            "{what} at ({x},{y}) is {got:?}"
        );
    }
    // Beside the rope, above the hero: background.
    let bg = pixel_gl(&img, 10, 190);
    assert!(
        close(bg, splash::to_rgba8(splash::BACKGROUND)),
        "background is {bg:?}"
    );
    // The whole image is made of exactly the splash's four colours.
    let palette = [
        splash::BACKGROUND,
        splash::ROPE,
        splash::HERO,
        splash::FLOOR,
    ]
    .map(splash::to_rgba8);
    assert!(img.pixels().all(|p| palette.iter().any(|&c| close(p.0, c))));
}

#[test]
fn help_lists_every_flag() {
    let out = rappel(&["--help"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--level",
        "--edit",
        "--window",
        "--fullscreen",
        "--screenshot",
        "--frames",
    ] {
        assert!(text.contains(flag), "--help mentions {flag}");
    }
}

/// A mistake gives exactly one line on stderr, a non-zero exit, no panic.
fn assert_one_line_error(args: &[&str], expect: &str) {
    let out = rappel(args);
    assert!(!out.status.success(), "{args:?} should fail");
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with('[')).collect();
    assert_eq!(lines.len(), 1, "one error line for {args:?}, got: {err}");
    assert!(
        lines[0].starts_with("rappel: ") && lines[0].contains(expect),
        "{args:?}: {err}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{err}"
    );
}

#[test]
fn bad_command_lines_give_one_line_errors() {
    assert_one_line_error(&["--bogus"], "unknown option `--bogus`");
    assert_one_line_error(&["--window", "huge"], "--window expects WIDTHxHEIGHT");
    assert_one_line_error(&["--window", "0x100"], "--window expects WIDTHxHEIGHT");
    assert_one_line_error(&["--frames", "-1"], "--frames expects");
}

#[test]
fn unwritable_screenshot_path_is_an_error_that_names_it() {
    let path = scratch("no/such/dir/shot.png");
    let out = rappel(&["--window", "64x64", "--screenshot", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("cannot write screenshot") && err.contains("no/such/dir/shot.png"),
        "{err}"
    );
    assert!(!path.exists());
}

#[test]
fn features_not_built_yet_say_so() {
    assert_one_line_error(&["--edit", "levels/x.txt"], "--edit is not available yet");
}
