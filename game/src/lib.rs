//! `game`: the simulation of Rappel. It owns the Large Array of Things, the
//! grid with its portals, what each actor sees, the rules and the undo log.
//! It never touches SDL or GL: screens and tools drive it and read it.
#![deny(unsafe_code)]

pub mod action;
pub mod edit;
pub mod envelope;
pub mod equipment;
pub mod file_io;
pub mod grid;
pub mod hash;
pub mod level;
pub mod motion;
pub mod physics;
pub mod random_play;
pub mod rng;
pub mod save;
pub mod session;
pub mod solve;
pub mod stage;
pub mod things;
pub mod undo;
pub mod view;
