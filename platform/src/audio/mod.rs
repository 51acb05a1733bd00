//! Sound effects, synthesised in code and played through SDL2's audio.
//!
//! The data flow: the screens push [`cue::Cue`]s (what happened: a step, a
//! hoist, a menu tick) into a queue; the main loop drains it each frame into
//! [`device::Audio`], which hands them to the [`mixer::Mixer`] that the SDL
//! audio callback drives on its own thread. Each cue's sound is rendered
//! once by [`synth`] (pure and deterministic) and cached. Everything but
//! `device` is plain Rust with no SDL, so it is tested headless; without an
//! audio device the game plays on in silence.
pub mod cue;
pub mod device;
mod dsp;
pub mod mixer;
mod patches;
pub mod synth;
pub mod volume;

pub use cue::Cue;
pub use volume::Volume;
