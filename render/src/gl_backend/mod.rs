//! The GL backend: the only place in `render` that calls OpenGL. It loads the
//! function pointers from whatever created the context (SDL in the game, the
//! offscreen driver in tests), reports what driver it runs on, clears and
//! reads back the framebuffer for screenshots and golden-image tests, and
//! draws draw lists through [`Renderer`].
//!
//! Files: `program.rs` compiles the one shader and sets up vertex attributes
//! from the layout table; `textures.rs` owns the eight texture slots;
//! `pipeline.rs` maps sort-key state to GL state and skips redundant changes;
//! `renderer.rs` ties them together per frame.
mod pipeline;
mod program;
mod renderer;
mod textures;

pub use renderer::{FrameStats, Renderer};

use std::ffi::CStr;
use std::os::raw::c_void;

/// What the driver says it is, logged at start-up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GlInfo {
    /// `GL_VENDOR`: who made the driver.
    pub vendor: String,
    /// `GL_RENDERER`: the device or software rasteriser.
    pub renderer: String,
    /// `GL_VERSION`: the context's version and the driver's.
    pub version: String,
    /// Bits of stencil in the default framebuffer (8 expected).
    pub stencil_bits: i32,
}

/// Loads GL entry points through `loader` (e.g. SDL's `gl_get_proc_address`).
/// Must be called with a current context before any other function here.
pub fn load_with<F: FnMut(&str) -> *const c_void>(loader: F) {
    gl::load_with(loader);
}

fn gl_string(name: gl::types::GLenum) -> String {
    // SAFETY: a context is current (load_with's contract); GetString returns a
    // static NUL-terminated string or null.
    unsafe {
        let ptr = gl::GetString(name);
        if ptr.is_null() {
            return String::from("(unknown)");
        }
        CStr::from_ptr(ptr.cast()).to_string_lossy().into_owned()
    }
}

/// Queries vendor, renderer, version and stencil depth of the current context.
pub fn info() -> GlInfo {
    let mut stencil_bits = 0;
    // SAFETY: plain queries on the current context into a local.
    unsafe {
        gl::GetFramebufferAttachmentParameteriv(
            gl::FRAMEBUFFER,
            gl::STENCIL,
            gl::FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE,
            &mut stencil_bits,
        );
        // Clear any error from drivers that reject the query on the default framebuffer.
        while gl::GetError() != gl::NO_ERROR {}
    }
    GlInfo {
        vendor: gl_string(gl::VENDOR),
        renderer: gl_string(gl::RENDERER),
        version: gl_string(gl::VERSION),
        stencil_bits,
    }
}

pub use crate::colour::Rgba;

/// Sets the viewport to the whole drawable and clears colour, depth and stencil.
pub fn begin_frame(width_px: u32, height_px: u32, clear: Rgba) {
    // SAFETY: state calls on the current context with in-range arguments.
    unsafe {
        gl::Disable(gl::SCISSOR_TEST);
        gl::Viewport(0, 0, width_px as i32, height_px as i32);
        gl::ClearColor(clear[0], clear[1], clear[2], clear[3]);
        gl::ClearStencil(0);
        gl::ClearDepth(1.0);
        // Clears honour the write masks: open them all.
        gl::StencilMask(0xff);
        gl::ColorMask(gl::TRUE, gl::TRUE, gl::TRUE, gl::TRUE);
        gl::DepthMask(gl::TRUE);
        gl::Clear(gl::COLOR_BUFFER_BIT | gl::DEPTH_BUFFER_BIT | gl::STENCIL_BUFFER_BIT);
    }
}

/// Fills an axis-aligned rectangle (pixels, origin bottom-left) with a colour by
/// a scissored clear. Cheap, shader-free: used before the draw list exists.
pub fn fill_rect(x_px: i32, y_px: i32, w_px: i32, h_px: i32, colour: Rgba) {
    // SAFETY: state calls on the current context; negative sizes are clamped.
    unsafe {
        gl::Enable(gl::SCISSOR_TEST);
        gl::Scissor(x_px, y_px, w_px.max(0), h_px.max(0));
        gl::ClearColor(colour[0], colour[1], colour[2], colour[3]);
        gl::Clear(gl::COLOR_BUFFER_BIT);
        gl::Disable(gl::SCISSOR_TEST);
    }
}

/// Waits until the GPU (or llvmpipe) has finished every command so far: for
/// timing whole frames.
pub fn finish() {
    // SAFETY: a plain synchronisation call on the current context.
    unsafe { gl::Finish() };
}

/// Reads the back buffer as tightly packed RGBA8, top row first (image order).
pub fn read_pixels_rgba(width_px: u32, height_px: u32) -> Vec<u8> {
    let row = width_px as usize * 4;
    let mut pixels = vec![0u8; row * height_px as usize];
    // SAFETY: `pixels` holds exactly width*height*4 bytes and PACK_ALIGNMENT
    // is set to 1, so ReadPixels writes within it.
    unsafe {
        gl::Finish();
        gl::PixelStorei(gl::PACK_ALIGNMENT, 1);
        gl::ReadBuffer(gl::BACK);
        gl::ReadPixels(
            0,
            0,
            width_px as i32,
            height_px as i32,
            gl::RGBA,
            gl::UNSIGNED_BYTE,
            pixels.as_mut_ptr().cast(),
        );
    }
    // GL's rows run bottom-up; images run top-down.
    let mut flipped = vec![0u8; pixels.len()];
    for (y, src) in pixels.chunks_exact(row).enumerate() {
        let dst = (height_px as usize - 1 - y) * row;
        flipped[dst..dst + row].copy_from_slice(src);
    }
    flipped
}
