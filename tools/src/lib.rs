//! Shared helpers for Rappel's command-line tools (one binary per tool in `src/bin/`).

pub mod budget;
pub mod sim;
pub mod sprite_art;
pub mod thumbnail;
