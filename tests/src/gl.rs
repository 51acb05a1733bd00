//! Headless GL for tests. SDL allows one live instance per process and refuses
//! to start on a second thread while another is alive, so every test that
//! opens a GL window holds [`lock`] for as long as the window lives.
use std::sync::{Mutex, MutexGuard};

use platform::window::{GlWindow, WindowOptions};

static GL_LOCK: Mutex<()> = Mutex::new(());

/// Serialises GL tests within one test binary. A test that panicked while
/// holding the lock does not poison it for the others.
pub fn lock() -> MutexGuard<'static, ()> {
    GL_LOCK
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Opens a hidden-size offscreen window of `w`×`h` pixels with a current GL
/// 3.3 core context. Hold [`lock`] while it lives.
pub fn headless_window(width_px: u32, height_px: u32) -> GlWindow {
    GlWindow::open(&WindowOptions {
        title: "Rappel test".to_string(),
        size_px: (width_px, height_px),
        position: None,
        fullscreen: false,
        headless: true,
    })
    .unwrap_or_else(|e| panic!("headless GL window: {e}"))
}
