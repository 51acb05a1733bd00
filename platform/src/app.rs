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
//! pixels before screens see them. The screens' Fullscreen and Screenshot
//! keys (F11 and F12 by default) toggle fullscreen and save a screenshot
//! to the current folder.
//!
//! `App::start` loads and opens everything; each frame (`App::frame`) is
//! `read_input` (the window's events to the screens), `script_step` (one
//! `--script` step), `serve` (what the screens asked of the main loop),
//! then `draw`. The settings are kept when the game quits
//! (`keep_settings`); the gamepads are `pads.rs`'s.
use std::path::PathBuf;
use std::time::Instant;

use game::level::escaped;
use log::{info, warn};
use render::gl_backend::{self, Renderer};
use render::DrawList;
use sdl2::event::Event;

use crate::assets::Assets;
use crate::cli::Options;
use crate::error::PlatformError;
use crate::levels::{self, Campaign};
use crate::pacing::Pacing;
use crate::pads::Pads;
use crate::progress::{self, Progress};
use crate::screens::choices::Display;
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
    let mut app = App::start(options)?;
    while app.frame()? == Flow::Go {}
    Ok(())
}

/// Whether the main loop goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

/// Everything the main loop holds. Fields drop in order: the renderer and
/// the sound before the window (and its GL context).
struct App<'a> {
    options: &'a Options,
    renderer: Renderer,
    /// Sound, or silence (one log line either way).
    audio: crate::audio::device::Audio,
    pads: Pads,
    events: sdl2::EventPump,
    window: GlWindow,
    assets: Assets,
    screens: Screens,
    /// The settings as read at start, and where to keep them (`None`: not
    /// kept: a fixed-frame run, or a damaged file that could not be kept
    /// aside and is never written over).
    settings: Settings,
    settings_path: Option<PathBuf>,
    /// The `--script` steps, the next one's index, and the frames the
    /// script still waits.
    steps: Vec<ScriptStep>,
    script_at: usize,
    wait: u32,
    /// Frames drawn (scripted frames do not count).
    frame: u32,
    mapper: InputMapper,
    list: DrawList,
    pacing: Pacing,
    /// Events the pacing's wait took, handled with the frame's.
    woken: Vec<Event>,
}

/// What one frame's input asked for.
struct FrameInput {
    requests: Vec<AppRequest>,
    had_input: bool,
    /// The window was exposed, resized or moved: draw whatever changed.
    exposed: bool,
    /// A script step ran, or the script waits: draw every frame.
    scripted: bool,
}

impl<'a> App<'a> {
    /// Loads the assets, the settings, the campaign and the script (a
    /// missing file is reported before a window flashes up), then opens
    /// the window, the sound, the renderer and the gamepads.
    fn start(options: &'a Options) -> Result<App<'a>, PlatformError> {
        let assets = Assets::load(&crate::assets::locate())?;
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
        screens.apply_settings(&settings);
        if let Some(palette) = options.palette {
            screens.set_palette(palette);
        }
        info!(
            "window {}x{}{}",
            size_px.0,
            size_px.1,
            if fullscreen { ", fullscreen" } else { "" }
        );
        let window = GlWindow::open(&WindowOptions {
            title: "Rappel".to_string(),
            size_px,
            position,
            fullscreen,
            headless: false,
        })?;
        let audio = crate::audio::device::Audio::open(&window.sdl);
        let mut renderer = Renderer::new()?;
        renderer.set_texture(assets.sprites.slot, &assets.sprites.texture);
        let events = window
            .sdl
            .event_pump()
            .map_err(|message| PlatformError::Sdl {
                what: "read input events",
                message,
            })?;
        let pads = Pads::open_all(&window.sdl);
        Ok(App {
            options,
            renderer,
            audio,
            pads,
            events,
            window,
            assets,
            screens,
            settings,
            settings_path,
            steps,
            script_at: 0,
            wait: 0,
            frame: 0,
            mapper: InputMapper::new(),
            list: DrawList::new(),
            pacing: Pacing::new(options.frames.is_some()),
            woken: Vec::new(),
        })
    }

    /// Keeps the settings as they are now for the next run (when the game
    /// quits, and when Options is left).
    fn keep_settings(&mut self) {
        let Some(path) = &self.settings_path else {
            return;
        };
        let mut kept = self.screens.settings_kept(&self.settings);
        if self.options.window_px.is_none() {
            let (size, place) = self.window.windowed_geometry();
            kept.window_px = size;
            kept.position = Some(place);
            if !self.options.fullscreen {
                kept.fullscreen = self.window.is_fullscreen();
            }
        }
        // `--palette` is for this run: kept only if the player changed it.
        if self.options.palette == Some(kept.palette) {
            kept.palette = self.settings.palette;
        }
        if kept != self.settings {
            match kept.save(path) {
                Ok(()) => self.settings = kept,
                Err(e) => warn!("{e}"),
            }
        }
    }

    /// One frame: input, the script's step, what the screens asked for,
    /// sound, animation, and the frame drawn if it differs from the one
    /// shown.
    fn frame(&mut self) -> Result<Flow, PlatformError> {
        let busy = self.script_at < self.steps.len() || self.wait > 0;
        let dt_s = self.pacing.start(
            &mut self.events,
            self.window.is_headless(),
            busy,
            &mut self.woken,
        );
        let started = Instant::now();
        let drawable = self.window.drawable_px();
        let Some(mut input) = self.read_input(drawable) else {
            return Ok(Flow::Stop);
        };
        input.scripted = self.script_step(drawable, &mut input.requests);
        let mut shoot = false;
        for request in std::mem::take(&mut input.requests) {
            match request {
                AppRequest::Screenshot => shoot = true,
                request => {
                    if self.serve(request) == Flow::Stop {
                        return Ok(Flow::Stop);
                    }
                }
            }
        }
        // The Options screen shows the window as it is (F11, a resize).
        self.screens.set_display(Display {
            fullscreen: self.window.is_fullscreen(),
            window_px: self.window.windowed_geometry().0,
        });
        // What this frame's input made heard, at the volume it left.
        let (volume, muted) = self.screens.volume();
        self.audio.set_volume(volume, muted);
        self.audio.play(&self.screens.take_cues());
        self.screens.update(dt_s);
        let flow = self.draw(drawable, &input, shoot)?;
        if !self.window.vsync || self.window.is_headless() {
            self.pacing.rest(started);
        }
        Ok(flow)
    }

    /// The frame's events (and those the pacing's wait took) handed to the
    /// screens; `None` when the window closed and the game quits.
    fn read_input(&mut self, drawable: (u32, u32)) -> Option<FrameInput> {
        let scale = hidpi_scale(self.window.window.size(), drawable);
        let mut input = FrameInput {
            requests: Vec::new(),
            had_input: false,
            exposed: false,
            scripted: false,
        };
        let mut events = std::mem::take(&mut self.woken);
        events.extend(self.events.poll_iter());
        for event in events {
            input.had_input = true;
            input.exposed |= matches!(event, Event::Window { .. });
            match event {
                Event::Quit { .. } if self.screens.request_quit() => {
                    info!("window closed after {} frames", self.frame);
                    self.keep_settings();
                    return None;
                }
                Event::ControllerDeviceAdded { which, .. } => self.pads.plugged(which),
                _ => {}
            }
            if let Some(raw) = self.mapper.map(&event, scale) {
                input
                    .requests
                    .extend(self.screens.handle_raw(raw, drawable));
            }
            for typed in text_of(&event) {
                input
                    .requests
                    .extend(self.screens.handle_raw(typed, drawable));
            }
        }
        Some(input)
    }

    /// Plays one `--script` step a frame; whether the script is still
    /// running (its frames are drawn, and not counted).
    fn script_step(&mut self, drawable: (u32, u32), requests: &mut Vec<AppRequest>) -> bool {
        let scripted = self.script_at < self.steps.len() || self.wait > 0;
        if self.wait > 0 {
            self.wait -= 1;
        } else if let Some(step) = self.steps.get(self.script_at) {
            self.script_at += 1;
            match step {
                ScriptStep::Wait(n) => self.wait = *n,
                _ => requests.extend(script::run_step(&mut self.screens, step, drawable)),
            }
        }
        if scripted && self.script_at == self.steps.len() && self.wait == 0 {
            info!("script played: {} steps", self.steps.len());
        }
        scripted
    }

    /// Does what a screen asked of the main loop (a screenshot is taken
    /// when the frame is drawn).
    fn serve(&mut self, request: AppRequest) -> Flow {
        let window = &mut self.window;
        match request {
            AppRequest::Quit => {
                info!("quit after {} frames", self.frame);
                self.keep_settings();
                return Flow::Stop;
            }
            AppRequest::ToggleFullscreen => {
                if let Err(e) = window.toggle_fullscreen() {
                    warn!("fullscreen: {e}");
                }
            }
            AppRequest::SetFullscreen(on) if on != window.is_fullscreen() => {
                if let Err(e) = window.toggle_fullscreen() {
                    warn!("fullscreen: {e}");
                }
            }
            AppRequest::SetFullscreen(_) | AppRequest::Screenshot => {}
            AppRequest::KeepSettings => self.keep_settings(),
            AppRequest::SetWindow(size) => {
                if let Err(e) = window.set_windowed_size(size) {
                    warn!("window size: {e}");
                }
            }
            AppRequest::CopyText(text) => {
                if let Err(e) = window.video.clipboard().set_clipboard_text(&text) {
                    warn!("clipboard: {e}");
                }
            }
            AppRequest::ReadClipboard => match window.video.clipboard().clipboard_text() {
                Ok(text) => self.screens.paste_text(&text),
                Err(e) => warn!("clipboard: {e}"),
            },
        }
        Flow::Go
    }

    /// Builds the frame's draw list and draws it if it differs from the
    /// one shown (or must be drawn); saves F12's screenshot, and with
    /// `--frames` ends the run at the last frame (its screenshot saved).
    fn draw(
        &mut self,
        drawable: (u32, u32),
        input: &FrameInput,
        shoot: bool,
    ) -> Result<Flow, PlatformError> {
        let (w, h) = drawable;
        let assets = &mut self.assets;
        self.list.clear();
        self.screens
            .draw(&mut self.list, &mut assets.font, &assets.sprites, drawable);
        // Only a frame that differs from the one shown is drawn.
        let fixed = self.options.frames.is_some();
        let forced = input.exposed || shoot || input.scripted || fixed;
        let changed = self
            .pacing
            .needs_drawing(&self.list, drawable, forced, input.had_input);
        if changed {
            self.renderer
                .set_texture(assets.font.slot(), assets.font.atlas_image());
            gl_backend::begin_frame(w, h, self.screens.clear_colour());
            self.renderer.draw(&self.list, w, h);
        }
        if shoot {
            let path = screenshot_path();
            let pixels = gl_backend::read_pixels_rgba(w, h);
            match screenshot::save_png(&path, w, h, &pixels) {
                Ok(()) => self
                    .screens
                    .notify(format!("Screenshot saved to {}", path.display())),
                Err(e) => self.screens.notify(e.to_string()),
            }
        }
        if !input.scripted {
            self.frame += 1;
        }
        if self.options.frames.is_some_and(|n| self.frame >= n) {
            if let Some(path) = &self.options.screenshot {
                let pixels = gl_backend::read_pixels_rgba(w, h);
                screenshot::save_png(path, w, h, &pixels)?;
                info!("saved frame {} ({w}x{h}) to {}", self.frame, path.display());
            }
            // The run ends here: keep the game in progress, as a quit does.
            self.screens.save_game();
            self.screens.flush_saves();
            return Ok(Flow::Stop);
        }
        if changed {
            self.window.window.gl_swap_window();
            self.pacing.presented(&mut self.list, drawable);
        }
        Ok(Flow::Go)
    }
}
