//! `platform`: everything that talks to the operating system for the `rappel`
//! binary — command line, logging, assets, the SDL2 window and GL context,
//! the main loop, screens, screenshots, the campaign and the player's
//! progress. The binary's `main` only calls [`app::run`].
#![forbid(unsafe_code)]
pub mod app;
pub mod assets;
pub mod audio;
pub mod cli;
pub mod error;
pub mod levels;
pub mod logger;
pub mod pacing;
pub mod packs;
pub mod pads;
pub mod progress;
pub mod saves;
pub mod screens;
pub mod screenshot;
pub mod script;
pub mod settings;
pub mod window;
pub mod writer;
