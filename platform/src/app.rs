//! The main loop: load the assets, open the window, then each frame turn
//! input into screen actions, build the screen's draw list, and hand it to
//! the renderer. With `--screenshot`/`--frames` it renders a fixed number of
//! frames and saves the last one read back from the framebuffer.
//!
//! The drawable size is read every frame, so resizing and HiDPI need no
//! special events; mouse positions are scaled from window units to drawable
//! pixels before screens see them.
use std::time::{Duration, Instant};

use log::info;
use render::gl_backend::{self, Renderer};
use render::DrawList;
use sdl2::event::Event;

use crate::assets::Assets;
use crate::cli::Options;
use crate::error::PlatformError;
use crate::screens::input::{self, hidpi_scale};
use crate::screens::title::{self, TitleAction, TitleScreen};
use crate::screenshot;
use crate::window::{GlWindow, WindowOptions};

/// Target frame time when vsync is unavailable (offscreen, some drivers).
const SOFTWARE_FRAME: Duration = Duration::from_micros(16_667);

/// Runs the game until the window closes, Quit is chosen, or the frame
/// count is reached.
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
    // Assets first: a missing file is reported before a window flashes up.
    let mut assets = Assets::load(&crate::assets::locate())?;
    let window = GlWindow::open(&WindowOptions {
        title: "Rappel".to_string(),
        size_px: options.window_px,
        fullscreen: options.fullscreen,
        headless: false,
    })?;
    let mut renderer = Renderer::new()?;
    renderer.set_texture(assets.sprites.slot, &assets.sprites.texture);
    let mut events = window
        .sdl
        .event_pump()
        .map_err(|message| PlatformError::Sdl {
            what: "read input events",
            message,
        })?;

    let mut screen = TitleScreen::new();
    let mut list = DrawList::new();
    let mut frame: u32 = 0;
    loop {
        let started = Instant::now();
        let drawable = window.drawable_px();
        let scale = hidpi_scale(window.window.size(), drawable);
        for event in events.poll_iter() {
            if let Event::Quit { .. } = event {
                info!("window closed after {frame} frames");
                return Ok(());
            }
            if let Some(input) = input::from_sdl(&event, scale) {
                if screen.handle(input, drawable) == Some(TitleAction::Quit) {
                    info!("quit from the title screen after {frame} frames");
                    return Ok(());
                }
            }
        }
        let (w, h) = drawable;
        list.clear();
        screen.draw(&mut list, &mut assets.font, &assets.sprites, drawable);
        renderer.set_texture(assets.font.slot(), assets.font.atlas_image());
        gl_backend::begin_frame(w, h, title::BACKGROUND_BOTTOM);
        renderer.draw(&list, w, h);
        frame += 1;
        if options.frames.is_some_and(|n| frame >= n) {
            if let Some(path) = &options.screenshot {
                let pixels = gl_backend::read_pixels_rgba(w, h);
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
