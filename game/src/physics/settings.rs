//! The solver's settings: gravity, iteration counts, how much penetration
//! may remain and how fast it is corrected, warm starting, whether chains
//! are solved exactly, and whether resting islands sleep. Their own file so
//! the constraints (contacts, joints) read them without reaching up into
//! the world.
use super::math::Vec2;

/// Solver settings of a world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// m/s², applied to dynamic bodies.
    pub gravity: Vec2,
    /// Velocity passes per step.
    pub velocity_iterations: u32,
    /// Positional-correction passes per step.
    pub position_iterations: u32,
    /// Contacts approaching slower than this (m/s) do not bounce.
    pub restitution_threshold: f32,
    /// Penetration (m) allowed to remain, so resting contacts persist.
    pub linear_slop: f32,
    /// Fraction of the remaining penetration removed per position pass.
    pub baumgarte: f32,
    /// Largest positional correction of one contact pass (m).
    pub max_linear_correction: f32,
    /// Start each step from last step's impulses.
    pub warm_starting: bool,
    /// Solve paths of joints (ropes, chains) exactly, as one
    /// block-tridiagonal system each (`chain` module), instead of joint by
    /// joint.
    pub direct_chains: bool,
    /// Let islands at rest sleep until disturbed (`sleep` module).
    pub sleeping: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            gravity: Vec2::new(0.0, -9.81),
            velocity_iterations: 8,
            position_iterations: 3,
            restitution_threshold: 0.5,
            linear_slop: 0.005,
            baumgarte: 0.2,
            max_linear_correction: 0.2,
            warm_starting: true,
            direct_chains: true,
            sleeping: true,
        }
    }
}
