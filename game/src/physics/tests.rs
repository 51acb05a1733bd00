//! The physics module's long suites, one area per file under `tests/`:
//! `step` (the step against analytic expectations: collisions, friction,
//! restitution, pendulum, chain, stack, hoist, determinism), `rest`
//! (manifold reuse, early-out position passes, sleeping islands), `wake`
//! (the active set and every waking rule) and `sat` (the narrow phase
//! against a brute-force oracle).

mod rest;
mod sat;
mod step;
mod wake;

use super::scenes::{Scene, STEP_S};
use super::world::World;

/// A step followed by the world's self-check ([`World::validate`]), which
/// the suites take for every step (debug builds check it in `step` too;
/// this keeps the check in a release test run).
trait CheckedStep {
    fn checked_step(&mut self);
}

impl CheckedStep for World {
    /// One step of [`STEP_S`].
    fn checked_step(&mut self) {
        self.step(STEP_S);
        check(self);
    }
}

impl CheckedStep for Scene {
    /// One step of the scene (its hoist driven).
    fn checked_step(&mut self) {
        self.step();
        check(&self.world);
    }
}

fn check(world: &World) {
    if let Err(broken) = world.validate() {
        panic!("after step {}: {broken}", world.step_count());
    }
}
