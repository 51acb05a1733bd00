//! A small 2D rigid-body module for what moves continuously between turns:
//! rope swing and sag, a bucket being hoisted, things falling. Turns stay
//! discrete; physics only animates them and never decides game outcomes.
//!
//! Data flow: scenes (or the game) build a [`World`] of [`Body`]s — one
//! convex [`Polygon`] each, static, kinematic or dynamic — and
//! [`RevoluteJoint`]s; a [`FixedTimestep`] turns frame times into whole
//! steps; [`World::step`] integrates velocities (symplectic Euler), finds
//! contacts (broad phase, then the SAT narrow phase in `sat`, clipped to 1–2
//! point manifolds), solves joints and [`Contact`]s with accumulated,
//! warm-started impulses for a fixed number of iterations, integrates
//! positions and applies positional correction; drawing interpolates poses
//! between the last two steps.
//!
//! Resting bodies cost little: a two-point manifold whose pair barely moved
//! is re-measured instead of rebuilt, and an island whose bodies have all
//! been slow for half a second sleeps until something touches it or a
//! joint's anchor moves.
//!
//! Invariants: static bodies never move, and neither do joint anchors on
//! static or kinematic bodies (inverse mass 0 everywhere the solver splits
//! a correction); the same inputs give bit-identical states
//! ([`state_hash()`]); a step allocates nothing once warmed up.
//! [`World::validate`] checks the world's invariants; debug builds run it
//! after every step.
//!
//! One file per concept, layered so that nothing reaches up: `math`
//! (Vec2, Rot, Mat22), `polygon` (shape and mass properties), `id` (body
//! and joint ids and the generational pool that hands them out), `body`
//! (with the pair access constraints use), `settings` (the solver's),
//! `sat` (narrow phase), `contact`, `broad_phase` (bounding boxes, which
//! pairs are tested, the contact list), `colouring` (the contacts' solve
//! order), `lanes` (four f32 lanes in plain arrays), `contact_rows` (one
//! colour's contacts solved four at a time), `joint`, `chain` (a rope's
//! joints solved exactly as one block-tridiagonal system), `sleep` (islands
//! at rest), `active` (the bodies a step visits), `world` (storage and the
//! step), `validate` (the world's self-check), `query` (point and ray
//! queries, teleporting), `timestep`, `state_hash` (the determinism
//! fingerprint), and `scenes` (the setups shared by tests, the viewer and
//! the benchmark).
mod active;
pub mod body;
mod broad_phase;
mod chain;
mod colouring;
pub mod contact;
mod contact_rows;
pub mod id;
pub mod joint;
mod lanes;
pub mod math;
pub mod polygon;
pub mod query;
pub mod sat;
pub mod scenes;
pub mod settings;
pub mod sleep;
pub mod state_hash;
pub mod timestep;
mod validate;
pub mod world;

#[cfg(test)]
mod tests;

pub use body::{Body, BodyDef, BodyKind, Filter, Material};
pub use contact::{mix_friction, mix_restitution, Contact, ContactPoint};
pub use id::{BodyId, JointId};
pub use joint::RevoluteJoint;
pub use math::{Rot, Transform, Vec2};
pub use polygon::{MassProperties, Polygon, PolygonError, MAX_VERTICES};
pub use query::RayHit;
pub use sat::{collide, Manifold, ManifoldPoint};
pub use scenes::{Scene, SceneKind};
pub use state_hash::state_hash;
pub use timestep::{FixedTimestep, StepPlan};
pub use world::{Settings, World};
