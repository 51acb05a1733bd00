//! The SDL2 window and its OpenGL 3.3 core context (8-bit stencil, vsync).
//!
//! With no display (no `DISPLAY`/`WAYLAND_DISPLAY`), or when the platform's
//! drivers refuse to start, SDL's `offscreen` video driver is used instead: it
//! renders through Mesa's llvmpipe over EGL, so the same frames can be drawn,
//! read back and saved on a machine without a screen. SDL allows one live
//! instance per process at a time; tests serialise on a lock.
use log::{info, warn};
use sdl2::video::{FullscreenType, GLContext, GLProfile, SwapInterval, Window};

use crate::error::PlatformError;

/// The SDL video driver used when there is no display.
pub const HEADLESS_DRIVER: &str = "offscreen";

/// The smallest window the layouts are made for (window units): below it
/// text would overlap, so the window cannot be made smaller.
pub const MIN_WINDOW_PX: (u32, u32) = (640, 360);

/// How to open the window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WindowOptions {
    pub title: String,
    /// Logical size; on HiDPI screens the drawable may be larger.
    pub size_px: (u32, u32),
    /// Top-left corner on the desktop; `None` centres the window.
    pub position: Option<(i32, i32)>,
    pub fullscreen: bool,
    /// Force the offscreen driver even when a display exists (tests).
    pub headless: bool,
}

/// A window with a current GL context. Dropping it closes the window and
/// shuts SDL down (fields drop in order: context before window before SDL).
pub struct GlWindow {
    _context: GLContext,
    pub window: Window,
    pub video: sdl2::VideoSubsystem,
    pub sdl: sdl2::Sdl,
    /// Name of the SDL video driver in use (`x11`, `wayland`, `offscreen`…).
    pub driver: String,
    /// Whether vsync could be turned on; if not the main loop paces itself.
    pub vsync: bool,
    /// The window's size and place before it went fullscreen (restored
    /// when it comes back; also what the settings keep); `None` while it
    /// has not been fullscreen.
    windowed: Option<((u32, u32), (i32, i32))>,
}

fn sdl_err(what: &'static str) -> impl Fn(String) -> PlatformError {
    move |message| PlatformError::Sdl { what, message }
}

fn display_present() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()))
}

fn driver_forced() -> bool {
    std::env::var_os("SDL_VIDEODRIVER").is_some_and(|s| !s.is_empty())
}

impl GlWindow {
    /// Opens the window, falling back to the offscreen driver where there is
    /// no display. Logs the driver and the GL vendor/renderer/version.
    pub fn open(options: &WindowOptions) -> Result<GlWindow, PlatformError> {
        let sdl = sdl2::init().map_err(sdl_err("start SDL"))?;
        let headless_first = options.headless || (!display_present() && !driver_forced());
        if headless_first {
            sdl2::hint::set("SDL_VIDEODRIVER", HEADLESS_DRIVER);
        }
        let video = match sdl.video() {
            Ok(video) => video,
            Err(first) if !headless_first && !driver_forced() => {
                warn!("video driver failed ({first}); falling back to `{HEADLESS_DRIVER}`");
                sdl2::hint::set("SDL_VIDEODRIVER", HEADLESS_DRIVER);
                sdl.video().map_err(sdl_err("start SDL video"))?
            }
            Err(e) => return Err(sdl_err("start SDL video")(e)),
        };
        let driver = video.current_video_driver().to_string();

        let attr = video.gl_attr();
        attr.set_context_profile(GLProfile::Core);
        attr.set_context_version(3, 3);
        attr.set_double_buffer(true);
        attr.set_depth_size(24);
        attr.set_stencil_size(8);
        attr.set_red_size(8);
        attr.set_green_size(8);
        attr.set_blue_size(8);

        let (w, h) = options.size_px;
        let mut builder = video.window(&options.title, w, h);
        builder.opengl().resizable().allow_highdpi();
        // A place kept from last time only if it is still on a display
        // (a monitor may have gone since).
        let on_a_display = |(x, y): (i32, i32)| {
            (0..video.num_video_displays().unwrap_or(0)).any(|d| {
                video
                    .display_bounds(d)
                    .is_ok_and(|b| b.contains_point(sdl2::rect::Point::new(x + 40, y + 40)))
            })
        };
        match options.position.filter(|&p| on_a_display(p)) {
            Some((x, y)) => builder.position(x, y),
            None => builder.position_centered(),
        };
        let mut window = builder
            .build()
            .map_err(|e| sdl_err("create the window")(e.to_string()))?;
        // A smaller size asked for on purpose (tests, `--window`) is kept.
        if w >= MIN_WINDOW_PX.0 && h >= MIN_WINDOW_PX.1 {
            if let Err(e) = window.set_minimum_size(MIN_WINDOW_PX.0, MIN_WINDOW_PX.1) {
                warn!("no minimum window size: {e}");
            }
        }
        if options.fullscreen {
            window
                .set_fullscreen(FullscreenType::Desktop)
                .map_err(sdl_err("go fullscreen"))?;
        }
        let context = window
            .gl_create_context()
            .map_err(sdl_err("create an OpenGL 3.3 core context"))?;
        window
            .gl_make_current(&context)
            .map_err(sdl_err("make the GL context current"))?;
        render::gl_backend::load_with(|name| video.gl_get_proc_address(name) as *const _);

        let vsync = match video.gl_set_swap_interval(SwapInterval::VSync) {
            Ok(()) => true,
            Err(e) => {
                warn!("vsync unavailable ({e}); pacing frames in software");
                false
            }
        };
        let gl = render::gl_backend::info();
        // Which SDL this is (the system's, or the one built into a
        // download) and which drivers it could use.
        info!(
            "SDL {}: video driver {driver} (built in: {}; audio: {})",
            sdl2::version::version(),
            sdl2::video::drivers().collect::<Vec<_>>().join(", "),
            sdl2::audio::drivers().collect::<Vec<_>>().join(", ")
        );
        info!(
            "GL vendor: {} | renderer: {} | version: {} | stencil bits: {}",
            gl.vendor, gl.renderer, gl.version, gl.stencil_bits
        );
        if gl.stencil_bits < 8 {
            warn!("only {} stencil bits; portal masks need 8", gl.stencil_bits);
        }
        Ok(GlWindow {
            _context: context,
            window,
            video,
            sdl,
            driver,
            vsync,
            windowed: None,
        })
    }

    /// Whether the window is fullscreen.
    pub fn is_fullscreen(&self) -> bool {
        self.window.fullscreen_state() != FullscreenType::Off
    }

    /// The window's size and place when not fullscreen (window units).
    pub fn windowed_geometry(&self) -> ((u32, u32), (i32, i32)) {
        match (self.is_fullscreen(), self.windowed) {
            (true, Some(g)) => g,
            _ => (self.window.size(), self.window.position()),
        }
    }

    /// Fullscreen on or off. Coming back, the window is given its old size
    /// and place explicitly: on X11 SDL otherwise keeps reporting the
    /// fullscreen size for a window that is back to its old one, and every
    /// layout is made for the wrong size until the window is resized.
    pub fn toggle_fullscreen(&mut self) -> Result<(), String> {
        if self.is_fullscreen() {
            self.window.set_fullscreen(FullscreenType::Off)?;
            if let Some(((w, h), (x, y))) = self.windowed.take() {
                self.window.set_size(w, h).map_err(|e| e.to_string())?;
                self.window.set_position(
                    sdl2::video::WindowPos::Positioned(x),
                    sdl2::video::WindowPos::Positioned(y),
                );
            }
        } else {
            self.windowed = Some((self.window.size(), self.window.position()));
            self.window.set_fullscreen(FullscreenType::Desktop)?;
        }
        Ok(())
    }

    /// Sets the window's size when not fullscreen: now if windowed, else
    /// when fullscreen is left (window units).
    pub fn set_windowed_size(&mut self, (w, h): (u32, u32)) -> Result<(), String> {
        let fullscreen = self.is_fullscreen();
        match &mut self.windowed {
            Some((size, _)) if fullscreen => *size = (w, h),
            _ => self.window.set_size(w, h).map_err(|e| e.to_string())?,
        }
        Ok(())
    }

    /// Size of the drawable in pixels (may exceed the logical size on HiDPI).
    pub fn drawable_px(&self) -> (u32, u32) {
        self.window.drawable_size()
    }

    /// Whether this window renders without a display.
    pub fn is_headless(&self) -> bool {
        self.driver == HEADLESS_DRIVER
    }
}
