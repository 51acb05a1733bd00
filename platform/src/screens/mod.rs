//! The game's screens. Each screen keeps its logic (input in, state and
//! actions out) apart from its drawing (state in, draw-list calls out), so
//! the logic is unit-tested with synthetic input and no GL.
pub mod input;
pub mod title;
