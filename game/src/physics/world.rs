//! The physics world: bodies, revolute joints, the contacts of the current
//! step, and [`World::step`], which advances them by one fixed timestep.
//!
//! One step (symplectic Euler with an iterative impulse solver):
//!
//! 0. wake the sleeping islands something disturbs (see `sleep`);
//! 1. remember each body's pose (for interpolated drawing) and velocity
//!    (contacts bounce from the approach velocity before gravity);
//! 2. integrate velocities of dynamic bodies: `v += dt (g + F/m)`,
//!    `ω += dt τ/I`;
//! 3. find contacts (`broad_phase`): every pair of bodies that may touch
//!    (at least one dynamic and awake, filters agree, not joined, bounding
//!    boxes overlap) goes through the SAT narrow phase, inheriting last
//!    step's impulses or reusing last step's manifold; two bodies not awake
//!    keep their contact;
//! 4. order the contacts by colour (`colouring`: no two of a colour share a
//!    dynamic body); prepare the constraints and warm-start them with those
//!    impulses;
//! 5. `velocity_iterations` passes over joints, then contacts (Gauss–Seidel
//!    between constraints; a path of joints — a rope — is solved exactly
//!    as one block, see `chain`), inelastic; then one restitution pass
//!    gives the contacts that hit hard enough their bounce;
//! 6. integrate positions with the *new* velocities: `x += dt v`,
//!    `θ += dt ω` (dynamic and kinematic bodies);
//! 7. `position_iterations` passes of positional correction over joints,
//!    then contacts (split by inverse mass: static bodies and kinematic
//!    anchors never move), stopping early after a pass that moved nothing
//!    (every contact within `linear_slop`, every joint within tolerance);
//! 8. clear forces; islands whose bodies have all been slow for a while
//!    fall asleep (`sleep`): sleeping bodies are neither integrated nor
//!    solved, and their contacts are kept as they were.
//!
//! Contacts are solved four at a time within a colour (`contact_rows`).
//! Steps 0–2, 6 and 8 visit only the step's active bodies (`active`): a
//! sleeping pile costs no per-body work.
//!
//! Everything is deterministic: bodies, joints and contacts are kept in
//! vectors in a fixed order (contacts sorted by body pair), iteration
//! counts are fixed, nothing is hashed or threaded, and the buffers are
//! reused so a step allocates nothing once the contact list has grown to
//! its working size. Units are metres, kilograms and seconds.
use super::active::ActiveSet;
use super::body::{Body, BodyDef, BodyKind, Filter, NO_ISLAND};
use super::broad_phase::BroadPhase;
use super::chain::Chains;
use super::colouring::{Colouring, SLEEPING};
use super::contact::Contact;
use super::contact_rows::ContactRows;
use super::id::{BodyId, IdPool, JointId};
use super::joint::RevoluteJoint;
use super::math::Vec2;
use super::polygon::Polygon;
pub use super::settings::Settings;
use super::sleep::Islands;

/// Bodies, joints and contacts (see the module doc).
#[derive(Clone, Debug)]
pub struct World {
    /// Solver settings; may be changed between steps.
    pub settings: Settings,
    /// One per body slot (removed bodies' slots hold placeholders).
    pub(super) bodies: Vec<Body>,
    /// The body slots' ids: as many slots as `bodies`.
    pub(super) body_ids: IdPool,
    /// The joints, dense (the solver's array).
    pub(super) joints: Vec<RevoluteJoint>,
    /// The joint slots' ids.
    pub(super) joint_ids: IdPool,
    /// Per joint slot, where its joint is in `joints` (stale for a free
    /// slot).
    pub(super) joint_dense: Vec<u32>,
    /// Which slot each dense joint belongs to.
    pub(super) joint_slot_of: Vec<u32>,
    /// Bumped when joints are added or removed (the chains rebuild).
    topology: u64,
    /// Contacts of the current step, sorted by `(body_a, body_b)`.
    pub(super) contacts: Vec<Contact>,
    /// Each body's proxy, the joined pairs, and the contact search (see
    /// `broad_phase`).
    pub(super) broad: BroadPhase,
    /// The joints grouped into paths, and the scratch to solve them.
    chains: Chains,
    /// The order contacts are solved in: by colour, where no two contacts
    /// of a colour share a dynamic body (see `colouring`).
    pub(super) colouring: Colouring,
    /// The contacts of a step in 4-wide batches (see `contact_rows`).
    rows: ContactRows,
    /// Island scratch for sleeping (see `sleep`).
    pub(super) islands: Islands,
    /// The bodies this step visits, and those marked for the next (see
    /// `active`).
    pub(super) active: ActiveSet,
    /// Scratch: the bodies the wake pass woke.
    woken: Vec<u32>,
    steps: u64,
}

impl World {
    /// An empty world.
    pub fn new(settings: Settings) -> World {
        World {
            settings,
            bodies: Vec::new(),
            body_ids: IdPool::default(),
            joints: Vec::new(),
            joint_ids: IdPool::default(),
            joint_dense: Vec::new(),
            joint_slot_of: Vec::new(),
            topology: 0,
            contacts: Vec::new(),
            broad: BroadPhase::default(),
            chains: Chains::default(),
            colouring: Colouring::default(),
            rows: ContactRows::default(),
            islands: Islands::default(),
            active: ActiveSet::default(),
            woken: Vec::new(),
            steps: 0,
        }
    }

    /// Adds a body; its polygon is re-centred on its centroid (see
    /// [`Body`]).
    pub fn add_body(&mut self, def: &BodyDef, polygon: &Polygon) -> BodyId {
        let body = Body::new(def, polygon);
        let (slot, generation) = self.body_ids.take();
        let i = slot as usize;
        self.active.mark(i);
        if i == self.bodies.len() {
            self.bodies.push(body);
            self.broad.add_proxy();
        } else {
            self.bodies[i] = body;
        }
        BodyId::new(slot, generation)
    }

    /// Whether `id` names a body of this world now (not one removed).
    pub fn is_live(&self, id: BodyId) -> bool {
        self.body_ids.is_live(id.index(), id.generation())
    }

    /// The id of the body in slot `index` now, if one is there.
    pub fn id_at(&self, index: usize) -> Option<BodyId> {
        let generation = self.body_ids.live_generation(index)?;
        Some(BodyId::new(index as u32, generation))
    }

    /// The live bodies' ids, in slot order.
    pub fn body_ids(&self) -> impl Iterator<Item = BodyId> + '_ {
        (0..self.bodies.len()).filter_map(|i| self.id_at(i))
    }

    /// A body, if `id` names a live one.
    pub fn get(&self, id: BodyId) -> Option<&Body> {
        self.is_live(id).then(|| &self.bodies[id.index()])
    }

    /// Removes body `id` and its joints. Its slot stays (a still body that
    /// touches nothing) until a new body reuses it, so other ids keep
    /// their meaning, and `id` names nothing from now on. Returns whether
    /// there was such a body.
    pub fn remove_body(&mut self, id: BodyId) -> bool {
        if !self.is_live(id) {
            return false;
        }
        let joints: Vec<JointId> = (0..self.joints.len())
            .filter(|&d| {
                let j = &self.joints[d];
                j.body_a == id || j.body_b == id
            })
            .map(|d| {
                let slot = self.joint_slot_of[d];
                JointId::new(slot, self.joint_ids.generation(slot as usize))
            })
            .collect();
        for j in joints {
            self.remove_joint(j);
        }
        let i = id.index();
        // What rested on it wakes (its island, at the next step).
        let island = self.bodies[i].island;
        if island != NO_ISLAND {
            for (k, b) in self.bodies.iter_mut().enumerate() {
                if b.island == island {
                    b.wake();
                    self.active.mark(k);
                }
            }
            // Its placeholder below carries no tag.
            self.islands.forget_tag();
        }
        self.active.mark(i);
        let mut tomb = BodyDef::new(BodyKind::Static, self.bodies[i].position);
        tomb.filter = Filter { group: 0, mask: 0 };
        self.bodies[i] = Body::new(&tomb, &Polygon::rect(0.001, 0.001));
        self.body_ids.free(i);
        self.contacts.retain(|c| c.body_a != id && c.body_b != id);
        // The last step's colours named contacts by place (the next step
        // colours afresh).
        self.colouring.clear();
        true
    }

    /// Whether `id` names a joint of this world now.
    pub fn is_live_joint(&self, id: JointId) -> bool {
        self.dense_joint(id).is_some()
    }

    fn dense_joint(&self, id: JointId) -> Option<usize> {
        self.joint_ids
            .is_live(id.index(), id.generation())
            .then(|| self.joint_dense[id.index()] as usize)
    }

    /// A joint, if `id` names a live one.
    pub fn joint(&self, id: JointId) -> Option<&RevoluteJoint> {
        self.dense_joint(id).map(|d| &self.joints[d])
    }

    /// Removes joint `id`; its bodies may touch again. Returns whether
    /// there was such a joint.
    pub fn remove_joint(&mut self, id: JointId) -> bool {
        let Some(d) = self.dense_joint(id) else {
            return false;
        };
        let removed = self.joints.swap_remove(d);
        self.joint_slot_of.swap_remove(d);
        if let Some(&moved) = self.joint_slot_of.get(d) {
            self.joint_dense[moved as usize] = d as u32;
        }
        self.joint_ids.free(id.index());
        // Unjoined, unless another joint still pins the pair.
        let (a, b) = (removed.body_a.index() as u32, removed.body_b.index() as u32);
        let pair = (a.min(b), a.max(b));
        let still = self.joints.iter().any(|j| {
            let (x, y) = (j.body_a.index() as u32, j.body_b.index() as u32);
            (x.min(y), x.max(y)) == pair
        });
        if !still {
            self.broad.unjoin(a, b);
        }
        self.topology += 1;
        true
    }

    /// Bumped whenever joints are added or removed.
    pub fn topology(&self) -> u64 {
        self.topology
    }

    /// Pins bodies `a` and `b` together at the world point `anchor` (at
    /// their current poses). Joined bodies no longer collide.
    pub fn add_revolute_joint(&mut self, a: BodyId, b: BodyId, anchor: Vec2) -> JointId {
        debug_assert!(self.is_live(a) && self.is_live(b), "joining removed bodies");
        let dense = self.joints.len() as u32;
        let (slot, generation) = self.joint_ids.take();
        if slot as usize == self.joint_dense.len() {
            self.joint_dense.push(dense);
        } else {
            self.joint_dense[slot as usize] = dense;
        }
        let id = JointId::new(slot, generation);
        self.joint_slot_of.push(id.index() as u32);
        self.topology += 1;
        let joint = RevoluteJoint::new(
            a,
            &self.bodies[a.index()],
            b,
            &self.bodies[b.index()],
            anchor,
        );
        self.joints.push(joint);
        self.broad.join(a.index() as u32, b.index() as u32);
        id
    }

    /// A body.
    #[inline]
    pub fn body(&self, id: BodyId) -> &Body {
        &self.bodies[id.index()]
    }

    /// A body, to set velocities or apply forces (the next step visits
    /// it, see `active`).
    #[inline]
    pub fn body_mut(&mut self, id: BodyId) -> &mut Body {
        self.active.mark(id.index());
        &mut self.bodies[id.index()]
    }

    /// All body slots, indexed by [`BodyId::index`] (removed bodies' slots
    /// hold still, untouchable placeholders).
    #[inline]
    pub fn bodies(&self) -> &[Body] {
        &self.bodies
    }

    /// All joints, dense (a [`JointId`] names one through [`World::joint`]).
    #[inline]
    pub fn joints(&self) -> &[RevoluteJoint] {
        &self.joints
    }

    /// The contacts found by the last step (with the impulses it applied).
    #[inline]
    pub fn contacts(&self) -> &[Contact] {
        &self.contacts
    }

    /// The bodies the last step visited, ascending (see `active`): a
    /// sleeping pile's are not among them.
    #[cfg(test)]
    pub(crate) fn visited(&self) -> &[u32] {
        self.active.list()
    }

    /// Steps taken so far.
    #[inline]
    pub fn step_count(&self) -> u64 {
        self.steps
    }

    /// Total kinetic energy of the dynamic bodies (J).
    pub fn kinetic_energy(&self) -> f32 {
        self.bodies.iter().map(Body::kinetic_energy).sum()
    }

    /// The largest joint error `|p_B − p_A|` (m) at the current poses.
    pub fn max_joint_error(&self) -> f32 {
        self.joints
            .iter()
            .fold(0.0, |m, j| m.max(j.error(&self.bodies)))
    }

    /// The deepest penetration (m, ≥ 0) among the last step's contact
    /// points, re-measured at the current poses.
    pub fn max_penetration(&self) -> f32 {
        self.contacts.iter().fold(0.0f32, |m, c| {
            m.max(-c.current_min_separation(&self.bodies))
        })
    }

    /// Advances the world by `dt_s` seconds (see the module doc).
    pub fn step(&mut self, dt_s: f32) {
        if dt_s <= 0.0 {
            return;
        }
        let gravity = self.settings.gravity;
        self.active.begin_step();
        self.broad.update_aabbs(&self.bodies, self.active.list());
        let broad = &self.broad;
        self.islands.wake(
            &mut self.bodies,
            &self.joints,
            self.active.list(),
            |i, j| broad.overlaps(i, j),
            &mut self.woken,
        );
        self.active.join(&self.woken);
        self.broad.begin_awake();
        for &i in self.active.list() {
            let b = &mut self.bodies[i as usize];
            b.prev_position = b.position;
            b.prev_rot = b.rot;
            b.step_start_velocity = b.linear_velocity;
            b.step_start_angular = b.angular_velocity;
            if self.broad.refresh(i, b) {
                b.linear_velocity += (gravity + b.force * b.inv_mass) * dt_s;
                b.angular_velocity += dt_s * b.inv_inertia * b.torque;
            }
        }

        self.broad
            .find_contacts(&self.bodies, &self.body_ids, &mut self.contacts);
        self.colouring
            .colour(&self.contacts, self.broad.proxies(), self.broad.any_awake());

        let settings = self.settings;
        for j in &mut self.joints {
            j.prepare(&self.bodies);
        }
        self.chains.update(
            &self.joints,
            &self.bodies,
            settings.direct_chains,
            self.topology,
        );
        self.chains.prepare(&self.joints, &self.bodies);
        for &ci in self.colouring.order() {
            self.contacts[ci as usize].prepare(&self.bodies, &settings);
        }
        if settings.warm_starting {
            for j in &self.joints {
                j.warm_start(&mut self.bodies);
            }
            // In contact order (the colouring does not change the sums).
            for (c, &colour) in self.contacts.iter().zip(self.colouring.colours()) {
                if colour != SLEEPING {
                    c.warm_start(&mut self.bodies);
                }
            }
        } else {
            for j in &mut self.joints {
                j.impulse = Vec2::ZERO;
            }
            for c in &mut self.contacts {
                for p in &mut c.points {
                    p.normal_impulse = 0.0;
                    p.tangent_impulse = 0.0;
                }
            }
        }

        self.rows.pack(
            self.colouring.order(),
            self.colouring.colours(),
            &self.contacts,
            &self.bodies,
        );
        for _ in 0..settings.velocity_iterations {
            self.chains
                .solve_velocity(&mut self.joints, &mut self.bodies);
            self.rows
                .solve_velocity(&mut self.contacts, &mut self.bodies);
        }
        self.rows.unpack(&mut self.contacts);
        for &ci in self.colouring.order() {
            self.contacts[ci as usize].apply_restitution(&mut self.bodies);
        }

        for &i in self.active.list() {
            let b = &mut self.bodies[i as usize];
            if b.kind != BodyKind::Static && !b.asleep {
                b.position += b.linear_velocity * dt_s;
                b.rot = b.rot.integrate(b.angular_velocity * dt_s);
            }
            b.force = Vec2::ZERO;
            b.torque = 0.0;
        }

        for _ in 0..settings.position_iterations {
            let mut moved = self
                .chains
                .solve_position(&mut self.joints, &mut self.bodies);
            for &ci in self.colouring.order() {
                moved |= self.contacts[ci as usize].solve_position(&mut self.bodies, &settings);
            }
            if !moved {
                // The poses stand: another pass would measure the same.
                break;
            }
        }
        // The next step visits what moves still; `update` marks what falls
        // asleep now (for one more visit) and what it wakes.
        let bodies = &self.bodies;
        self.active.keep(|i| {
            let b = &bodies[i as usize];
            b.kind == BodyKind::Kinematic || b.kind == BodyKind::Dynamic && !b.asleep
        });
        self.islands.update(
            &mut self.bodies,
            &self.contacts,
            self.colouring.order(),
            &self.joints,
            &mut self.active,
            dt_s,
            settings.sleeping,
        );
        self.steps += 1;
        debug_assert_eq!(self.validate(), Ok(()), "after step {}", self.steps);
    }
}
