//! The determinism fingerprint of a world: a 64-bit FNV-1a hash over the
//! exact bit patterns of every body's state, in body order.
//!
//! Two worlds built and stepped with the same inputs must hash the same;
//! the test suite pins the hash of a reference run, so any change to the
//! stepping arithmetic (or an accidental dependence on iteration order,
//! time or threads) shows up as a changed number. A deliberate change to
//! the solver updates the pinned value in the same commit.
use super::world::World;

use crate::io::hash::Fnv1a;

/// Hash of every body's position, rotation and velocities.
pub fn state_hash(world: &World) -> u64 {
    let mut h = Fnv1a::default();
    for b in world.bodies() {
        let (p, q, v) = (b.position(), b.rot(), b.linear_velocity());
        for x in [p.x, p.y, q.cos, q.sin, v.x, v.y, b.angular_velocity()] {
            h.write_f32(x);
        }
    }
    h.finish()
}

impl World {
    /// The determinism fingerprint of this world (see [`state_hash`]).
    pub fn state_hash(&self) -> u64 {
        state_hash(self)
    }
}
