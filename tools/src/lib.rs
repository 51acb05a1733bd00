//! Shared helpers for Rappel's command-line tools (one binary per tool in `src/bin/`).
#![forbid(unsafe_code)]

pub mod budget;
pub mod sim;
pub mod sprite_art;
pub mod thumbnail;
