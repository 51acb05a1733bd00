//! Helpers shared by the workspace-level integration tests.
#![forbid(unsafe_code)]
pub mod data;
pub mod frame;
pub mod gl;
pub mod golden;
pub mod pixels;
pub mod play;
