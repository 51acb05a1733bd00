//! The world's self-check: [`World::validate`] walks the whole world and
//! names the first broken invariant.
//!
//! Debug builds run it after every step (`World::step`); the physics tests
//! run it after every step they take. It allocates nothing and costs about
//! one pass over the bodies, joints and contacts, plus a binary search per
//! joint and a pairwise check within each colour's contacts (a few per
//! colour in a scene): in a debug build, under a tenth of a step's time.
//!
//! What it checks:
//! - ids: both pools are consistent (`id`); there is one body, one proxy
//!   and one body slot per slot; the dense joints and their slots map onto
//!   each other;
//! - bodies: a removed body's slot holds a still static placeholder that
//!   collides with nothing; static and kinematic bodies have infinite mass;
//!   a static body does not move;
//! - joints: both bodies live and distinct; the broad phase's joined pairs
//!   are exactly the joints' pairs, sorted;
//! - contacts: sorted by body pair, `a` below `b`, both bodies live;
//! - colouring: one colour per contact (or none); the solve order lists
//!   every contact not sleeping once, colour by colour, ascending within
//!   one; two contacts of one colour (but the overflow colour) share no
//!   dynamic body;
//! - sleep: a sleeping body is dynamic, still and carries an island tag; a
//!   tagged body awake (woken directly) is marked for the next step, whose
//!   wake pass wakes its island; the count of tagged bodies is an upper
//!   bound;
//! - active set: every kinematic and every awake dynamic body is marked
//!   for the next step;
//! - broad phase: the proxy of every body not marked (a body no step will
//!   visit) holds exactly its box and flags.
use super::body::{BodyKind, NO_ISLAND};
use super::broad_phase::BroadPhase;
use super::colouring::{OVERFLOW, SLEEPING};
use super::id::BodyId;
use super::math::Vec2;
use super::world::World;

impl World {
    /// Checks the world's invariants (see the module doc); `Err` names the
    /// first one broken.
    pub fn validate(&self) -> Result<(), String> {
        self.validate_ids()?;
        self.validate_bodies()?;
        self.validate_joints()?;
        self.validate_contacts()?;
        self.validate_colouring()?;
        Ok(())
    }

    fn validate_ids(&self) -> Result<(), String> {
        self.body_ids
            .validate()
            .map_err(|e| format!("body ids: {e}"))?;
        self.joint_ids
            .validate()
            .map_err(|e| format!("joint ids: {e}"))?;
        let slots = self.body_ids.len();
        if self.bodies.len() != slots || self.broad.proxies().len() != slots {
            return Err(format!(
                "{slots} body slots but {} bodies and {} proxies",
                self.bodies.len(),
                self.broad.proxies().len()
            ));
        }
        let joints = self.joints.len();
        if self.joint_ids.live_count() != joints
            || self.joint_slot_of.len() != joints
            || self.joint_dense.len() != self.joint_ids.len()
        {
            return Err(format!(
                "{joints} joints but {} live joint slots of {} ({} mapped), {} back",
                self.joint_ids.live_count(),
                self.joint_ids.len(),
                self.joint_dense.len(),
                self.joint_slot_of.len()
            ));
        }
        for (d, &slot) in self.joint_slot_of.iter().enumerate() {
            let slot = slot as usize;
            if self.joint_ids.live_generation(slot).is_none() {
                return Err(format!("joint {d} is in free slot {slot}"));
            }
            if self.joint_dense[slot] as usize != d {
                return Err(format!(
                    "joint {d} is in slot {slot}, which maps to joint {}",
                    self.joint_dense[slot]
                ));
            }
        }
        Ok(())
    }

    fn validate_bodies(&self) -> Result<(), String> {
        let tagged = self.bodies.iter().filter(|b| b.island != NO_ISLAND).count();
        if self.islands.tagged() < tagged {
            return Err(format!(
                "{tagged} bodies carry an island tag but the count says {}",
                self.islands.tagged()
            ));
        }
        for (i, b) in self.bodies.iter().enumerate() {
            let marked = self.active.is_marked(i);
            if self.body_ids.live_generation(i).is_none() {
                let still = b.kind == BodyKind::Static
                    && b.filter.mask == 0
                    && b.filter.group == 0
                    && !b.asleep
                    && b.island == NO_ISLAND;
                if !still {
                    return Err(format!("removed body {i}'s slot holds {b:?}"));
                }
            }
            if b.kind != BodyKind::Dynamic && (b.inv_mass != 0.0 || b.inv_inertia != 0.0) {
                return Err(format!("body {i} is {:?} with a finite mass", b.kind));
            }
            if b.kind == BodyKind::Static
                && (b.linear_velocity != Vec2::ZERO || b.angular_velocity != 0.0)
            {
                return Err(format!("static body {i} has a velocity"));
            }
            if b.asleep {
                let still = b.linear_velocity == Vec2::ZERO && b.angular_velocity == 0.0;
                if b.kind != BodyKind::Dynamic || !still {
                    return Err(format!(
                        "body {i} sleeps but is {:?}, moving: {}",
                        b.kind, !still
                    ));
                }
                if b.island as usize >= self.bodies.len() {
                    return Err(format!("body {i} sleeps with island tag {}", b.island));
                }
            } else if b.island != NO_ISLAND && !marked {
                return Err(format!(
                    "body {i} was woken in island {} but is not marked for the next step",
                    b.island
                ));
            }
            let goes_on = b.kind == BodyKind::Kinematic || b.kind == BodyKind::Dynamic && !b.asleep;
            if goes_on && !marked {
                return Err(format!(
                    "{:?} body {i} is awake but not marked for the next step",
                    b.kind
                ));
            }
            if !marked && !BroadPhase::matches(&self.broad.proxies()[i], b) {
                return Err(format!(
                    "body {i}'s proxy {:?} is not its box and flags, and no step will visit it",
                    self.broad.proxies()[i]
                ));
            }
        }
        Ok(())
    }

    fn validate_joints(&self) -> Result<(), String> {
        let joined = self.broad.joined();
        for (d, j) in self.joints.iter().enumerate() {
            if !self.is_live(j.body_a) || !self.is_live(j.body_b) {
                return Err(format!(
                    "joint {d} joins {:?} and {:?}, not both live",
                    j.body_a, j.body_b
                ));
            }
            let (a, b) = (j.body_a.index() as u32, j.body_b.index() as u32);
            if a == b {
                return Err(format!("joint {d} joins body {a} to itself"));
            }
            if joined.binary_search(&(a.min(b), a.max(b))).is_err() {
                return Err(format!(
                    "joint {d}'s bodies {a} and {b} are not a joined pair"
                ));
            }
        }
        if let Some(k) = (1..joined.len()).find(|&k| joined[k - 1] >= joined[k]) {
            return Err(format!("joined pairs out of order at {:?}", joined[k]));
        }
        // Every joined pair is some joint's: the joints' pairs marked in a
        // bit set on the stack, a window of `WINDOW` pairs at a time.
        const WINDOW: usize = 4096;
        for start in (0..joined.len()).step_by(WINDOW) {
            let mut hit = [0u64; WINDOW / 64];
            for j in &self.joints {
                let (x, y) = (j.body_a.index() as u32, j.body_b.index() as u32);
                if let Ok(k) = joined.binary_search(&(x.min(y), x.max(y))) {
                    if (start..start + WINDOW).contains(&k) {
                        hit[(k - start) / 64] |= 1 << ((k - start) % 64);
                    }
                }
            }
            let end = (start + WINDOW).min(joined.len());
            let unheld =
                (start..end).find(|&k| hit[(k - start) / 64] & (1 << ((k - start) % 64)) == 0);
            if let Some(k) = unheld {
                let (a, b) = joined[k];
                return Err(format!("bodies {a} and {b} are joined by no joint"));
            }
        }
        Ok(())
    }

    fn validate_contacts(&self) -> Result<(), String> {
        let mut last: Option<(BodyId, BodyId)> = None;
        for (k, c) in self.contacts.iter().enumerate() {
            let pair = (c.body_a, c.body_b);
            if !self.is_live(c.body_a) || !self.is_live(c.body_b) {
                return Err(format!("contact {k} names {pair:?}, not both live"));
            }
            if c.body_a.index() >= c.body_b.index() {
                return Err(format!("contact {k}'s bodies {pair:?} are not in order"));
            }
            if last.is_some_and(|l| l >= pair) {
                return Err(format!("contact {k} {pair:?} is out of order"));
            }
            last = Some(pair);
        }
        Ok(())
    }

    fn validate_colouring(&self) -> Result<(), String> {
        let (colours, order) = (self.colouring.colours(), self.colouring.order());
        if colours.is_empty() {
            if order.is_empty() {
                return Ok(());
            }
            return Err(format!("{} contacts to solve but no colours", order.len()));
        }
        if colours.len() != self.contacts.len() {
            return Err(format!(
                "{} colours for {} contacts",
                colours.len(),
                self.contacts.len()
            ));
        }
        let solved = colours.iter().filter(|&&c| c != SLEEPING).count();
        if order.len() != solved {
            return Err(format!(
                "{solved} contacts to solve but {} in the order",
                order.len()
            ));
        }
        let proxies = self.broad.proxies();
        // The dynamic bodies of contact `ci`.
        let dynamic = |ci: usize| {
            let c = &self.contacts[ci];
            [c.body_a.index(), c.body_b.index()]
                .into_iter()
                .filter(|&i| proxies[i].dynamic)
        };
        let mut run_start = 0;
        for (k, &ci) in order.iter().enumerate() {
            let ci = ci as usize;
            let Some(&colour) = colours.get(ci) else {
                return Err(format!("the order names contact {ci} of {}", colours.len()));
            };
            if colour == SLEEPING {
                return Err(format!("sleeping contact {ci} is in the order"));
            }
            if k > 0 {
                let (prev, prev_colour) = (order[k - 1] as usize, colours[order[k - 1] as usize]);
                if (prev_colour, prev) >= (colour, ci) {
                    return Err(format!("the order has contact {prev} before {ci}"));
                }
                if prev_colour != colour {
                    run_start = k;
                }
            }
            if colour == OVERFLOW {
                continue;
            }
            for &other in &order[run_start..k] {
                let shared = dynamic(other as usize).find(|&i| dynamic(ci).any(|j| j == i));
                if let Some(i) = shared {
                    return Err(format!(
                        "contacts {other} and {ci} of colour {colour} share dynamic body {i}"
                    ));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::active::ActiveSet;
    use crate::physics::scenes;

    /// `world` broken by `breaks` names what broke.
    fn broken(world: &World, breaks: impl Fn(&mut World)) -> String {
        let mut w = world.clone();
        breaks(&mut w);
        w.validate().expect_err("the broken world fails")
    }

    #[test]
    fn a_sound_world_passes_and_each_broken_invariant_is_named() {
        let mut pyramid = scenes::pyramid();
        let mut rope = scenes::rope_with_bucket();
        for _ in 0..30 {
            pyramid.step();
            rope.step();
        }
        let (pyramid, rope) = (&pyramid.world, &rope.world);
        assert_eq!(pyramid.validate(), Ok(()));
        assert_eq!(rope.validate(), Ok(()));
        assert!(pyramid.contacts.len() >= 2 && !rope.joints.is_empty());

        let unjoined = broken(rope, |w| {
            let j = w.joints[0];
            w.broad
                .unjoin(j.body_a.index() as u32, j.body_b.index() as u32);
        });
        assert!(unjoined.contains("not a joined pair"), "{unjoined}");
        let overjoined = broken(rope, |w| w.broad.join(0, 30));
        assert!(overjoined.contains("joined by no joint"), "{overjoined}");
        let swapped = broken(pyramid, |w| w.contacts.swap(0, 1));
        assert!(swapped.contains("out of order"), "{swapped}");
        let restless = broken(pyramid, |w| {
            let b = &mut w.bodies[1];
            b.asleep = true;
            b.linear_velocity = Vec2::X;
        });
        assert!(restless.contains("body 1 sleeps"), "{restless}");
        let unmarked = broken(pyramid, |w| w.active = ActiveSet::default());
        assert!(unmarked.contains("not marked"), "{unmarked}");
        // The ground (body 0) is visited by no step: its proxy must stay
        // its box.
        let moved = broken(pyramid, |w| w.bodies[0].position.x += 1.0);
        assert!(moved.contains("body 0's proxy"), "{moved}");
        let freed = broken(pyramid, |w| w.body_ids.free(3));
        assert!(freed.contains("removed body 3"), "{freed}");
    }
}
