//! The main loop: open the window, draw frames, handle window events, quit on
//! close. With `--screenshot`/`--frames` it renders a fixed number of frames
//! and saves the last one read back from the framebuffer.
use std::time::{Duration, Instant};

use log::info;
use sdl2::event::Event;

use crate::cli::Options;
use crate::error::PlatformError;
use crate::window::{GlWindow, WindowOptions};
use crate::{screenshot, splash};

/// Target frame time when vsync is unavailable (offscreen, some drivers).
const SOFTWARE_FRAME: Duration = Duration::from_micros(16_667);

/// Runs the game until the window closes or the frame count is reached.
pub fn run(options: &Options) -> Result<(), PlatformError> {
    if options.level.is_some() {
        return Err(PlatformError::NotAvailable {
            flag: "--level",
            why: "playing a level arrives with the play screen",
        });
    }
    if options.edit.is_some() {
        return Err(PlatformError::NotAvailable {
            flag: "--edit",
            why: "the level editor is not built yet",
        });
    }
    let window = GlWindow::open(&WindowOptions {
        title: "Rappel".to_string(),
        size_px: options.window_px,
        fullscreen: options.fullscreen,
        headless: false,
    })?;
    let mut events = window
        .sdl
        .event_pump()
        .map_err(|message| PlatformError::Sdl {
            what: "read input events",
            message,
        })?;

    let mut frame: u32 = 0;
    loop {
        let started = Instant::now();
        for event in events.poll_iter() {
            if let Event::Quit { .. } = event {
                info!("window closed after {frame} frames");
                return Ok(());
            }
        }
        let (w, h) = window.drawable_px();
        splash::draw(w, h);
        frame += 1;
        if options.frames.is_some_and(|n| frame >= n) {
            if let Some(path) = &options.screenshot {
                let pixels = render::gl_backend::read_pixels_rgba(w, h);
                screenshot::save_png(path, w, h, &pixels)?;
                info!("saved frame {frame} ({w}x{h}) to {}", path.display());
            }
            return Ok(());
        }
        window.window.gl_swap_window();
        if !window.vsync || window.is_headless() {
            if let Some(rest) = SOFTWARE_FRAME.checked_sub(started.elapsed()) {
                std::thread::sleep(rest);
            }
        }
    }
}
