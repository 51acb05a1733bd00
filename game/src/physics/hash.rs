//! The determinism fingerprint of a world: a 64-bit FNV-1a hash over the
//! exact bit patterns of every body's state, in body order.
//!
//! Two worlds built and stepped with the same inputs must hash the same;
//! the test suite pins the hash of a reference run, so any change to the
//! stepping arithmetic (or an accidental dependence on iteration order,
//! time or threads) shows up as a changed number. A deliberate change to
//! the solver updates the pinned value in the same commit.
use super::world::World;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a, 64 bits.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(FNV_OFFSET)
    }
}

impl Fnv1a {
    /// Feeds bytes.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(FNV_PRIME);
        }
    }

    /// Feeds an `f32` by its bit pattern (little-endian).
    pub fn write_f32(&mut self, v: f32) {
        self.write(&v.to_bits().to_le_bytes());
    }

    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_the_reference_vectors() {
        // Published FNV-1a 64 test vectors.
        assert_eq!(Fnv1a::default().finish(), 0xcbf2_9ce4_8422_2325);
        let mut h = Fnv1a::default();
        h.write(b"a");
        assert_eq!(h.finish(), 0xaf63_dc4c_8601_ec8c);
        let mut h = Fnv1a::default();
        h.write(b"foobar");
        assert_eq!(h.finish(), 0x8594_4171_f739_67e8);
    }
}
