//! The main loop: load the assets, the campaign and the player's progress,
//! open the window, then each frame turn input (keyboard, mouse, gamepads)
//! into screen input, advance animation, build the top screen's draw list,
//! and hand it to the renderer. With `--screenshot`/`--frames` it renders a
//! fixed number of frames (after any `--script` has been played) and saves
//! the last one read back from the framebuffer; time then advances a fixed
//! 1/60 s a frame, so such runs are reproducible.
//!
//! The drawable size is read every frame, so resizing and HiDPI need no
//! special events; mouse positions are scaled from window units to drawable
//! pixels before screens see them. F11 toggles fullscreen, F12 saves a
//! screenshot to the current folder.
use std::path::PathBuf;
use std::time::Instant;

use game::level::escaped;
use log::{info, warn};
use render::gl_backend::{self, Renderer};
use render::DrawList;
use sdl2::controller::GameController;
use sdl2::event::Event;

use crate::assets::Assets;
use crate::cli::Options;
use crate::error::PlatformError;
use crate::levels::{self, Campaign};
use crate::pacing::Pacing;
use crate::progress::{self, Progress};
use crate::screens::input::{hidpi_scale, text_of, InputMapper};
use crate::screens::{AppRequest, Screens};
use crate::screenshot;
use crate::script::{self, ScriptStep};
use crate::settings::{self, Settings};
use crate::window::{GlWindow, WindowOptions};

/// The screens at start: the title, or the level `--level` names.
fn screens_for(
    options: &Options,
    settings_notice: Option<String>,
) -> Result<Screens, PlatformError> {
    let campaign = Campaign::load(&levels::locate());
    let progress = Progress::load(progress::default_path());
    let mut screens = Screens::new(campaign, progress);
    screens.set_saves_dir(crate::saves::default_dir());
    screens.pack_roots = crate::packs::pack_roots();
    screens.pack_import_dir = progress::data_dir().map(|d| d.join(crate::packs::PACKS_DIR));
    // Anything wrong with the progress or settings file is told once, on
    // the title.
    let notices: Vec<String> = [screens.progress.notice.take(), settings_notice]
        .into_iter()
        .flatten()
        .collect();
    if !notices.is_empty() {
        screens.notify(notices.join(" "));
    }
    if let Some(path) = &options.edit {
        screens
            .open_editor_file(path)
            .map_err(|error| PlatformError::Edit {
                path: path.clone(),
                error,
            })?;
    } else if let Some(path) = &options.level {
        screens
            .open_level_file(path)
            .map_err(|error| PlatformError::Level {
                path: path.clone(),
                error,
            })?;
    }
    Ok(screens)
}

/// The largest `--script` file read, in bytes.
const MAX_SCRIPT_BYTES: u64 = 4 << 20;

/// The `--script` steps: the file is read only if it is a regular file of
/// at most [`MAX_SCRIPT_BYTES`] (a FIFO or a device is refused at once),
/// and a bad line is quoted with its control characters escaped.
fn read_script(options: &Options) -> Result<Vec<ScriptStep>, PlatformError> {
    let Some(path) = &options.script else {
        return Ok(Vec::new());
    };
    let fail = |message: String| PlatformError::Level {
        path: path.clone(),
        error: escaped(&message).to_string().into(),
    };
    let bytes = game::io::file::read_capped(path, MAX_SCRIPT_BYTES)
        .map_err(|e| fail(game::level::file::io_message(path, &e)))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| fail("bytes that are not UTF-8 (expected UTF-8 text)".to_string()))?;
    script::parse(&text).map_err(fail)
}

/// Where F12 saves: the current folder, named by the time.
fn screenshot_path() -> PathBuf {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    PathBuf::from(format!("rappel-{ms}.png"))
}

/// Runs the game until the window closes, Quit is chosen, or the frame
/// count is reached.
pub fn run(options: &Options) -> Result<(), PlatformError> {
    // Assets, levels and the script first: a missing file is reported
    // before a window flashes up.
    let mut assets = Assets::load(&crate::assets::locate())?;
    // Fixed-frame runs (screenshots, tests) neither read nor keep the
    // player's settings, so they come out the same on every machine.
    let settings_path = match options.frames {
        Some(_) => None,
        None => settings::default_path(),
    };
    let settings::Loaded {
        settings,
        notice,
        writable,
    } = Settings::load(settings_path.as_deref());
    // A damaged file that could not be kept aside is never written over.
    let settings_path = settings_path.filter(|_| writable);
    let mut screens = screens_for(options, notice)?;
    let steps = read_script(options)?;
    if let Some(path) = &options.screenshot {
        screenshot::check_target(path)?;
    }
    let (size_px, position, fullscreen) = match options.window_px {
        Some(size) => (size, None, options.fullscreen),
        None => (
            settings.window_px,
            settings.position,
            options.fullscreen || settings.fullscreen,
        ),
    };
    screens.set_zoom(settings.zoom);
    screens.set_volume(settings.volume, settings.muted);
    screens.set_confirm_end_turn(settings.confirm_end_turn);
    screens.set_palette(options.palette.unwrap_or(settings.palette));
    info!(
        "window {}x{}{}",
        size_px.0,
        size_px.1,
        if fullscreen { ", fullscreen" } else { "" }
    );
    let mut window = GlWindow::open(&WindowOptions {
        title: "Rappel".to_string(),
        size_px,
        position,
        fullscreen,
        headless: false,
    })?;
    // Sound, or silence (one log line either way); closed before the window.
    let mut audio = crate::audio::device::Audio::open(&window.sdl);
    // What the run ends with is kept as the settings for the next one.
    let keep_settings = |window: &GlWindow, screens: &Screens| {
        let Some(path) = &settings_path else { return };
        let mut kept = settings.clone();
        if options.window_px.is_none() {
            let (size, place) = window.windowed_geometry();
            kept.window_px = size;
            kept.position = Some(place);
            if !options.fullscreen {
                kept.fullscreen = window.is_fullscreen();
            }
        }
        kept.zoom = screens.zoom();
        (kept.volume, kept.muted) = screens.volume();
        kept.confirm_end_turn = screens.confirm_end_turn();
        // `--palette` is for this run: kept only if the player changed it.
        if options.palette != Some(screens.palette()) {
            kept.palette = screens.palette();
        }
        if kept != settings {
            if let Err(e) = kept.save(path) {
                warn!("{e}");
            }
        }
    };
    let mut renderer = Renderer::new()?;
    renderer.set_texture(assets.sprites.slot, &assets.sprites.texture);
    let mut events = window
        .sdl
        .event_pump()
        .map_err(|message| PlatformError::Sdl {
            what: "read input events",
            message,
        })?;
    let controllers = match window.sdl.game_controller() {
        Ok(c) => Some(c),
        Err(e) => {
            warn!("no gamepad support: {e}");
            None
        }
    };
    let mut pads: Vec<GameController> = Vec::new();
    let open_pad = |which: u32, pads: &mut Vec<GameController>| {
        if let Some(c) = &controllers {
            match c.open(which) {
                Ok(pad) => {
                    info!("gamepad: {}", pad.name());
                    pads.push(pad);
                }
                Err(e) => warn!("cannot open gamepad {which}: {e}"),
            }
        }
    };
    if let Some(n) = controllers.as_ref().and_then(|c| c.num_joysticks().ok()) {
        for which in 0..n {
            if controllers
                .as_ref()
                .is_some_and(|c| c.is_game_controller(which))
            {
                open_pad(which, &mut pads);
            }
        }
    }

    let fixed_time = options.frames.is_some();
    let mut mapper = InputMapper::new();
    let mut list = DrawList::new();
    let mut frame: u32 = 0;
    let mut script_at = 0usize;
    let mut wait = 0u32;
    let mut pacing = Pacing::new(fixed_time);
    let mut woken = Vec::new();
    loop {
        let busy = script_at < steps.len() || wait > 0;
        let dt_s = pacing.start(&mut events, window.is_headless(), busy, &mut woken);
        let started = Instant::now();
        let drawable = window.drawable_px();
        let scale = hidpi_scale(window.window.size(), drawable);
        let mut requests = Vec::new();
        let mut had_input = false;
        let mut exposed = false;
        for event in woken.drain(..).chain(events.poll_iter()) {
            had_input = true;
            exposed |= matches!(event, Event::Window { .. });
            match event {
                Event::Quit { .. } if screens.request_quit() => {
                    info!("window closed after {frame} frames");
                    keep_settings(&window, &screens);
                    return Ok(());
                }
                Event::ControllerDeviceAdded { which, .. } => open_pad(which, &mut pads),
                _ => {}
            }
            if let Some(input) = mapper.map(&event, scale) {
                requests.extend(screens.handle_raw(input, drawable));
            }
            for typed in text_of(&event) {
                requests.extend(screens.handle_raw(typed, drawable));
            }
        }
        // One scripted step a frame.
        let scripted = script_at < steps.len() || wait > 0;
        if wait > 0 {
            wait -= 1;
        } else if let Some(step) = steps.get(script_at) {
            script_at += 1;
            match step {
                ScriptStep::Wait(n) => wait = *n,
                _ => requests.extend(script::run_step(&mut screens, step, drawable)),
            }
        }
        if scripted && script_at == steps.len() && wait == 0 {
            info!("script played: {} steps", steps.len());
        }
        let mut shoot = false;
        for request in requests {
            match request {
                AppRequest::Quit => {
                    info!("quit after {frame} frames");
                    keep_settings(&window, &screens);
                    return Ok(());
                }
                AppRequest::ToggleFullscreen => {
                    if let Err(e) = window.toggle_fullscreen() {
                        warn!("fullscreen: {e}");
                    }
                }
                AppRequest::Screenshot => shoot = true,
                AppRequest::CopyText(text) => {
                    if let Err(e) = window.video.clipboard().set_clipboard_text(&text) {
                        warn!("clipboard: {e}");
                    }
                }
                AppRequest::ReadClipboard => match window.video.clipboard().clipboard_text() {
                    Ok(text) => screens.paste_text(&text),
                    Err(e) => warn!("clipboard: {e}"),
                },
            }
        }
        // What this frame's input made heard, at the volume it left.
        let (volume, muted) = screens.volume();
        audio.set_volume(volume, muted);
        audio.play(&screens.take_cues());
        screens.update(dt_s);

        let (w, h) = drawable;
        list.clear();
        screens.draw(&mut list, &mut assets.font, &assets.sprites, drawable);
        // Only a frame that differs from the one shown is drawn.
        let forced = exposed || shoot || scripted || options.frames.is_some();
        let changed = pacing.needs_drawing(&list, drawable, forced, had_input);
        if changed {
            renderer.set_texture(assets.font.slot(), assets.font.atlas_image());
            gl_backend::begin_frame(w, h, screens.clear_colour());
            renderer.draw(&list, w, h);
        }
        if shoot {
            let path = screenshot_path();
            let pixels = gl_backend::read_pixels_rgba(w, h);
            match screenshot::save_png(&path, w, h, &pixels) {
                Ok(()) => screens.notify(format!("Screenshot saved to {}", path.display())),
                Err(e) => screens.notify(e.to_string()),
            }
        }
        if !scripted {
            frame += 1;
        }
        if options.frames.is_some_and(|n| frame >= n) {
            if let Some(path) = &options.screenshot {
                let pixels = gl_backend::read_pixels_rgba(w, h);
                screenshot::save_png(path, w, h, &pixels)?;
                info!("saved frame {frame} ({w}x{h}) to {}", path.display());
            }
            // The run ends here: keep the game in progress, as a quit does.
            screens.save_game();
            screens.flush_saves();
            return Ok(());
        }
        if changed {
            window.window.gl_swap_window();
            pacing.presented(&mut list, drawable);
        }
        if !window.vsync || window.is_headless() {
            pacing.rest(started);
        }
    }
}
