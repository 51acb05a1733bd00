//! `game`: the simulation of Rappel. It owns the Large Array of Things, the
//! grid with its portals, what each actor sees, the rules and the undo log.
//! It never touches SDL or GL: screens and tools drive it and read it.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
// Logging goes through the `log` facade (docs/STYLE.md); tests may print.
#![cfg_attr(not(test), deny(clippy::print_stdout, clippy::print_stderr))]

pub mod action;
pub mod campaign;
pub mod edit;
pub mod equipment;
pub mod grid;
pub mod io;
pub mod level;
pub mod motion;
pub mod physics;
pub mod random_play;
pub mod rng;
pub mod script;
pub mod session;
pub mod solve;
pub mod stage;
pub mod things;
pub mod undo;
pub mod view;
