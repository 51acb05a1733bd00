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
