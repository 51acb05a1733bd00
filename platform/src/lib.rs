//! `platform`: everything that talks to the operating system for the `rappel`
//! binary — command line, logging, the SDL2 window and GL context, the main
//! loop, screenshots. The binary's `main` only calls [`app::run`].
pub mod app;
pub mod cli;
pub mod error;
pub mod logger;
pub mod screenshot;
pub mod splash;
pub mod window;
