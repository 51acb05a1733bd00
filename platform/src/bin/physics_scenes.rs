//! `physics-scenes`: a viewer for the physics module's shared test scenes
//! (`game::physics::scenes`) — pendulum, chain, rope hoisting a bucket, box
//! stack, pyramid — drawn through the render crate's draw list.
//!
//! Interactive: `cargo run -p platform --bin physics-scenes` opens a window;
//! keys 1–5 switch scenes, Space pauses, R resets, Esc quits. The physics
//! runs on a fixed 120 Hz timestep and bodies are drawn interpolated
//! between the last two steps.
//!
//! Headless: `physics-scenes --png DIR --frames N [--every K]` renders N
//! frames (at a fixed 60 frames per second of simulated time) of every
//! scene offscreen and writes every K-th (default every) to
//! `DIR/<scene>-<frame>.png`, then exits. `--help` prints the usage; a
//! mistake on the command line is one line on stderr and exit status 2.
#![forbid(unsafe_code)]
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use game::level::escaped;
use game::physics::scenes::{Scene, SceneKind, ROPE_GROUP};
use game::physics::{BodyKind, FixedTimestep, Transform, Vec2 as PVec2};
use glam::Vec2;
use platform::window::{GlWindow, WindowOptions};
use render::gl_backend::{self, Renderer};
use render::{hex, DrawList, Font, Pass, Rgba, TextStyle};
use sdl2::event::Event;
use sdl2::keyboard::Keycode;

const WINDOW_PX: (u32, u32) = (960, 720);
const BACKGROUND: Rgba = hex(0x1b2030);
const STATIC_FILL: Rgba = hex(0x5b6170);
const BOX_FILL: Rgba = hex(0xc98b4b);
const ROPE_FILL: Rgba = hex(0xd9c9a3);
const BUCKET_FILL: Rgba = hex(0x4f8fbf);
const KINEMATIC_FILL: Rgba = hex(0x9fd67a);
const OUTLINE: Rgba = hex(0x10131a);
const JOINT: Rgba = hex(0xff5a4e);
const TEXT: Rgba = hex(0xe8e8e8);
/// Simulated seconds per frame in headless mode.
const HEADLESS_FRAME_S: f32 = 1.0 / 60.0;

/// Command-line options.
struct Options {
    png_dir: Option<PathBuf>,
    frames: u32,
    every: u32,
}

const USAGE: &str = "usage: physics-scenes [--png DIR --frames N [--every K]]";

/// What the command line asks for.
enum Request {
    Help,
    Run(Options),
}

/// Reads the command line (as the OS gives it: a non-UTF-8 DIR is still a
/// folder); the error is one line.
fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Request, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut options = Options {
        png_dir: None,
        frames: 240,
        every: 1,
    };
    let mut parser = lexopt::Parser::from_args(args);
    let value = |parser: &mut lexopt::Parser, name: &str| {
        parser.value().map_err(|_| format!("{name} needs a value"))
    };
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("png") => options.png_dir = Some(PathBuf::from(value(&mut parser, "--png")?)),
            Long("frames") => {
                let v = value(&mut parser, "--frames")?
                    .to_string_lossy()
                    .into_owned();
                options.frames = v
                    .parse()
                    .map_err(|_| format!("--frames: not a count: {}", escaped(&v)))?;
            }
            Long("every") => {
                let v = value(&mut parser, "--every")?
                    .to_string_lossy()
                    .into_owned();
                options.every = v
                    .parse::<u32>()
                    .ok()
                    .filter(|&k| k > 0)
                    .ok_or_else(|| format!("--every: not a positive count: {}", escaped(&v)))?;
            }
            Short('h') | Long("help") => return Ok(Request::Help),
            Long(other) => return Err(format!("unknown argument --{other} (try --help)")),
            Short(other) => return Err(format!("unknown argument -{other} (try --help)")),
            Value(other) => {
                let other = other.to_string_lossy();
                return Err(format!("unknown argument {} (try --help)", escaped(&other)));
            }
        }
    }
    Ok(Request::Run(options))
}

/// Maps world metres to drawable pixels, fitting the scene's view
/// rectangle into the drawable with its aspect ratio kept (y flipped).
#[derive(Clone, Copy)]
struct Camera {
    scale: f32,
    offset: Vec2,
    height_px: f32,
}

impl Camera {
    fn fit(view: (PVec2, PVec2), width_px: u32, height_px: u32) -> Camera {
        let (lo, hi) = view;
        let (w, h) = (width_px as f32, height_px as f32);
        let scale = (w / (hi.x - lo.x)).min(h / (hi.y - lo.y));
        let centre = (lo + hi) * 0.5;
        Camera {
            scale,
            offset: Vec2::new(0.5 * w - centre.x * scale, 0.5 * h - centre.y * scale),
            height_px: h,
        }
    }

    fn to_px(self, p: PVec2) -> Vec2 {
        let x = p.x * self.scale + self.offset.x;
        let y = p.y * self.scale + self.offset.y;
        Vec2::new(x, self.height_px - y)
    }
}

fn fill_of(scene: &Scene, index: usize) -> Rgba {
    let body = &scene.world.bodies()[index];
    match body.kind() {
        BodyKind::Static => STATIC_FILL,
        BodyKind::Kinematic => KINEMATIC_FILL,
        BodyKind::Dynamic if body.filter().group & ROPE_GROUP != 0 => ROPE_FILL,
        BodyKind::Dynamic
            if scene.kind == SceneKind::RopeBucket && index == scene.focus.index() =>
        {
            BUCKET_FILL
        }
        BodyKind::Dynamic => BOX_FILL,
    }
}

/// Draws the scene at interpolation `alpha`, plus a caption.
fn draw_scene(
    list: &mut DrawList,
    font: &mut Font,
    scene: &Scene,
    alpha: f32,
    paused: bool,
    size_px: (u32, u32),
) {
    let cam = Camera::fit(scene.view, size_px.0, size_px.1);
    list.set_pass(Pass::Ui);
    let poses: Vec<Transform> = scene
        .world
        .bodies()
        .iter()
        .map(|b| b.interpolated_transform(alpha))
        .collect();
    // Strings first (a pin far from a body's centre, as the pendulum's),
    // then the bodies, then the pins on top.
    let pins: Vec<(Vec2, Vec2, Vec2, Vec2)> = scene
        .world
        .joints()
        .iter()
        .map(|j| {
            let (a, b) = (poses[j.body_a.index()], poses[j.body_b.index()]);
            (
                cam.to_px(a.p),
                cam.to_px(a.apply(j.local_anchor_a)),
                cam.to_px(b.p),
                cam.to_px(b.apply(j.local_anchor_b)),
            )
        })
        .collect();
    for &(ca, pa, cb, pb) in &pins {
        for (centre, pin) in [(ca, pa), (cb, pb)] {
            if (centre - pin).length() > 0.6 * cam.scale {
                list.line(centre, pin, 2.0, ROPE_FILL);
            }
        }
    }
    for (i, (body, xf)) in scene.world.bodies().iter().zip(&poses).enumerate() {
        let pts: Vec<Vec2> = body
            .polygon()
            .vertices()
            .iter()
            .map(|&v| cam.to_px(xf.apply(v)))
            .collect();
        list.polygon(&pts, fill_of(scene, i));
        for k in 0..pts.len() {
            list.line(pts[k], pts[(k + 1) % pts.len()], 1.5, OUTLINE);
        }
    }
    for &(_, pa, _, _) in &pins {
        list.disc(pa, 2.5, 12, JOINT);
    }
    let caption = format!(
        "{} — t = {:.2} s{}   |   joint error {:.2} mm, penetration {:.2} mm\n1–5 scenes, Space pause, R reset, Esc quit",
        scene.kind.name(),
        scene.time_s(),
        if paused { " (paused)" } else { "" },
        scene.world.max_joint_error() * 1000.0,
        scene.world.max_penetration() * 1000.0,
    );
    list.text(
        font,
        Vec2::new(12.0, 10.0),
        &caption,
        &TextStyle::new(16.0, TEXT),
    );
}

fn load_font() -> Result<Font, String> {
    let path = platform::assets::locate().join(platform::assets::FONT);
    Font::load(&path).map_err(|e| e.to_string())
}

fn open(headless: bool) -> Result<(GlWindow, Renderer), String> {
    let window = GlWindow::open(&WindowOptions {
        title: "Rappel — physics scenes".to_string(),
        size_px: WINDOW_PX,
        position: None,
        fullscreen: false,
        headless,
    })
    .map_err(|e| e.to_string())?;
    let renderer = Renderer::new().map_err(|e| e.to_string())?;
    Ok((window, renderer))
}

/// Renders `frames` frames of every scene offscreen, saving every
/// `every`-th as `dir/<scene>-<frame>.png`.
fn headless(dir: PathBuf, frames: u32, every: u32) -> Result<(), String> {
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut font = load_font()?;
    let (window, mut renderer) = open(true)?;
    let (w, h) = window.drawable_px();
    let mut list = DrawList::new();
    for kind in SceneKind::ALL {
        let mut scene = kind.build();
        let mut clock = FixedTimestep::new(scene.dt_s, 8);
        for frame in 1..=frames {
            let plan = clock.advance(HEADLESS_FRAME_S);
            for _ in 0..plan.steps {
                scene.step();
            }
            if frame % every != 0 && frame != frames {
                continue;
            }
            list.clear();
            draw_scene(&mut list, &mut font, &scene, plan.alpha, false, (w, h));
            renderer.set_texture(font.slot(), font.atlas_image());
            gl_backend::begin_frame(w, h, BACKGROUND);
            renderer.draw(&list, w, h);
            let pixels = gl_backend::read_pixels_rgba(w, h);
            let path = dir.join(format!("{}-{frame:04}.png", kind.name()));
            platform::screenshot::save_png(&path, w, h, &pixels).map_err(|e| e.to_string())?;
        }
        println!(
            "{}: {frames} frames, t = {:.2} s",
            kind.name(),
            scene.time_s()
        );
    }
    Ok(())
}

/// The interactive viewer.
fn interactive() -> Result<(), String> {
    let mut font = load_font()?;
    let (window, mut renderer) = open(false)?;
    let mut events = window.sdl.event_pump()?;
    let mut kind = SceneKind::RopeBucket;
    let mut scene = kind.build();
    let mut clock = FixedTimestep::new(scene.dt_s, 8);
    let mut paused = false;
    let mut last = Instant::now();
    let mut list = DrawList::new();
    loop {
        for event in events.poll_iter() {
            match event {
                Event::Quit { .. }
                | Event::KeyDown {
                    keycode: Some(Keycode::Escape),
                    ..
                } => return Ok(()),
                Event::KeyDown {
                    keycode: Some(code),
                    ..
                } => {
                    let pick = match code {
                        Keycode::Num1 | Keycode::Kp1 => Some(SceneKind::Pendulum),
                        Keycode::Num2 | Keycode::Kp2 => Some(SceneKind::Chain),
                        Keycode::Num3 | Keycode::Kp3 => Some(SceneKind::RopeBucket),
                        Keycode::Num4 | Keycode::Kp4 => Some(SceneKind::BoxStack),
                        Keycode::Num5 | Keycode::Kp5 => Some(SceneKind::Pyramid),
                        Keycode::R => Some(kind),
                        _ => None,
                    };
                    if let Some(k) = pick {
                        kind = k;
                        scene = kind.build();
                        clock = FixedTimestep::new(scene.dt_s, 8);
                    }
                    if code == Keycode::Space {
                        paused = !paused;
                    }
                }
                _ => {}
            }
        }
        let now = Instant::now();
        let frame_s = (now - last).as_secs_f32();
        last = now;
        let plan = clock.advance(if paused { 0.0 } else { frame_s });
        for _ in 0..plan.steps {
            scene.step();
        }
        let (w, h) = window.drawable_px();
        list.clear();
        draw_scene(&mut list, &mut font, &scene, plan.alpha, paused, (w, h));
        renderer.set_texture(font.slot(), font.atlas_image());
        gl_backend::begin_frame(w, h, BACKGROUND);
        renderer.draw(&list, w, h);
        window.window.gl_swap_window();
        if !window.vsync || window.is_headless() {
            if let Some(rest) = Duration::from_micros(16_667).checked_sub(now.elapsed()) {
                std::thread::sleep(rest);
            }
        }
    }
}

fn main() -> ExitCode {
    let options = match parse_args(std::env::args_os().skip(1)) {
        Ok(Request::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Request::Run(options)) => options,
        Err(message) => {
            eprintln!("physics-scenes: {}", escaped(&message));
            return ExitCode::from(2);
        }
    };
    let result = match options.png_dir {
        Some(dir) => headless(dir, options.frames, options.every),
        None => interactive(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("physics-scenes: {}", escaped(&message));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::ffi::OsStringExt;

    fn os(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn arguments_parse_and_mistakes_are_one_line() {
        assert!(matches!(parse_args(os(&["--help"])), Ok(Request::Help)));
        let dir = OsString::from_vec(b"shots-\xff".to_vec());
        let Ok(Request::Run(o)) = parse_args(vec![
            OsString::from("--png"),
            dir.clone(),
            OsString::from("--frames=3"),
            OsString::from("--every"),
            OsString::from("2"),
        ]) else {
            panic!("expected Run");
        };
        assert_eq!(o.png_dir, Some(PathBuf::from(dir)));
        assert_eq!((o.frames, o.every), (3, 2));
        for (args, want) in [
            (&["--every", "0"][..], "--every: not a positive count: 0"),
            (&["--frames"][..], "--frames needs a value"),
            (&["--bogus"][..], "unknown argument --bogus (try --help)"),
            (&["stray"][..], "unknown argument stray (try --help)"),
        ] {
            match parse_args(os(args)) {
                Err(e) => assert_eq!(e, want, "{args:?}"),
                Ok(_) => panic!("{args:?} should be refused"),
            }
        }
    }
}
