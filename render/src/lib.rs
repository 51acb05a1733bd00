//! `render`: what a frame looks like, as data, and the GL backend that draws
//! it. It knows nothing about the game. Only `gl_backend` holds `unsafe` GL calls.
pub mod gl_backend;
