//! Helpers shared by the workspace-level integration tests.
pub mod data;
pub mod frame;
pub mod gl;
pub mod golden;
pub mod pixels;
pub mod play;
