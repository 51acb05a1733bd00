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
//! 3. find contacts: every pair of bodies that may touch (at least one
//!    dynamic and awake, filters agree, not joined, bounding boxes overlap;
//!    each awake body against every body, fine for the ≤ 100 bodies of a
//!    scene; two bodies not awake keep their contact) goes through the SAT
//!    narrow phase; each new contact inherits the accumulated impulses of
//!    last step's contact between the same pair, by feature id — or, when
//!    the pair has barely moved relative to the pose its manifold was built
//!    at, last step's contact is kept with its points re-measured and the
//!    SAT skipped (`Contact::may_reuse`);
//! 4. prepare the constraints and warm-start them with those impulses; order
//!    the contacts by colour (no two of a colour share a dynamic body);
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
use super::body::{Body, BodyDef, BodyKind, NO_ISLAND};
use super::chain::Chains;
use super::contact::Contact;
use super::contact_rows::ContactRows;
use super::id::{BodyId, IdPool, JointId};
use super::joint::RevoluteJoint;
use super::math::Vec2;
use super::polygon::{Polygon, MAX_VERTICES};
use super::sat::collide;
pub use super::settings::Settings;
use super::sleep::Islands;

/// The colour of a contact between sleeping bodies: not solved.
const SLEEPING: u8 = u8::MAX;

/// An axis-aligned bounding box.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Aabb {
    min: Vec2,
    max: Vec2,
}

impl Aabb {
    #[inline]
    fn overlaps(&self, o: &Aabb) -> bool {
        self.min.x <= o.max.x
            && o.min.x <= self.max.x
            && self.min.y <= o.max.y
            && o.min.y <= self.max.y
    }
}

/// What the broad phase reads of a body, packed (28 bytes against the
/// body's 252), so the `n²` sweep walks one small array.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Proxy {
    aabb: Aabb,
    filter: super::body::Filter,
    dynamic: bool,
    /// Dynamic and not asleep.
    awake: bool,
}

/// Bodies, joints and contacts (see the module doc).
#[derive(Clone, Debug)]
pub struct World {
    /// Solver settings; may be changed between steps.
    pub settings: Settings,
    /// One per body slot (removed bodies' slots hold placeholders).
    bodies: Vec<Body>,
    /// The body slots' ids: as many slots as `bodies`.
    body_ids: IdPool,
    /// The joints, dense (the solver's array).
    joints: Vec<RevoluteJoint>,
    /// The joint slots' ids.
    joint_ids: IdPool,
    /// Per joint slot, where its joint is in `joints` (stale for a free
    /// slot).
    joint_dense: Vec<u32>,
    /// Which slot each dense joint belongs to.
    joint_slot_of: Vec<u32>,
    /// Bumped when joints are added or removed (the chains rebuild).
    topology: u64,
    /// Body pairs `(lo, hi)` joined by a joint, sorted: they never collide.
    joined: Vec<(u32, u32)>,
    /// Contacts of the current step, sorted by `(body_a, body_b)`.
    contacts: Vec<Contact>,
    /// Scratch: this step's contacts of awake pairs, then (`previous`) the
    /// merged list (see `find_contacts`).
    fresh: Vec<Contact>,
    previous: Vec<Contact>,
    /// Each body's bounding box and what else the broad phase reads.
    proxies: Vec<Proxy>,
    /// The joints grouped into paths, and the scratch to solve them.
    chains: Chains,
    /// The order contacts are solved in: by colour, where no two contacts
    /// of a colour share a dynamic body (see `colour_contacts`).
    solve_order: Vec<u32>,
    /// Scratch: per body, the colours its contacts took; per colour, a count.
    body_colours: Vec<u64>,
    colour_counts: [u32; 65],
    contact_colours: Vec<u8>,
    /// The contacts of a step in 4-wide batches (see `contact_rows`).
    rows: ContactRows,
    /// Island scratch for sleeping (see `sleep`).
    islands: Islands,
    /// The bodies this step visits, and those marked for the next (see
    /// `active`).
    active: ActiveSet,
    /// This step's awake dynamic bodies, ascending (the broad phase pairs
    /// each with every body; two bodies not awake are not tested).
    awake: Vec<u32>,
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
            joined: Vec::new(),
            contacts: Vec::new(),
            fresh: Vec::new(),
            previous: Vec::new(),
            proxies: Vec::new(),
            chains: Chains::default(),
            solve_order: Vec::new(),
            body_colours: Vec::new(),
            colour_counts: [0; 65],
            contact_colours: Vec::new(),
            rows: ContactRows::default(),
            islands: Islands::default(),
            active: ActiveSet::default(),
            awake: Vec::new(),
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
            self.proxies.push(Proxy::default());
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
        tomb.filter = super::body::Filter { group: 0, mask: 0 };
        self.bodies[i] = Body::new(&tomb, &Polygon::rect(0.001, 0.001));
        self.body_ids.free(i);
        self.contacts.retain(|c| c.body_a != id && c.body_b != id);
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
            if let Ok(at) = self.joined.binary_search(&pair) {
                self.joined.remove(at);
            }
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
        let (ia, ib) = (a.index() as u32, b.index() as u32);
        let pair = (ia.min(ib), ia.max(ib));
        if let Err(at) = self.joined.binary_search(&pair) {
            self.joined.insert(at, pair);
        }
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
        self.update_aabbs();
        let proxies = &self.proxies;
        self.islands.wake(
            &mut self.bodies,
            &self.joints,
            self.active.list(),
            |i, j| proxies[i].aabb.overlaps(&proxies[j].aabb),
            &mut self.woken,
        );
        self.active.join(&self.woken);
        self.awake.clear();
        for &i in self.active.list() {
            let (b, p) = (&mut self.bodies[i as usize], &mut self.proxies[i as usize]);
            b.prev_position = b.position;
            b.prev_rot = b.rot;
            b.step_start_velocity = b.linear_velocity;
            b.step_start_angular = b.angular_velocity;
            p.filter = b.filter;
            p.dynamic = b.kind == BodyKind::Dynamic;
            p.awake = p.dynamic && !b.asleep;
            if p.awake {
                b.linear_velocity += (gravity + b.force * b.inv_mass) * dt_s;
                b.angular_velocity += dt_s * b.inv_inertia * b.torque;
                self.awake.push(i);
            }
        }

        self.find_contacts();
        self.colour_contacts();

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
        for &ci in &self.solve_order {
            self.contacts[ci as usize].prepare(&self.bodies, &settings);
        }
        if settings.warm_starting {
            for j in &self.joints {
                j.warm_start(&mut self.bodies);
            }
            // In contact order (the colouring does not change the sums).
            for (c, &colour) in self.contacts.iter().zip(&self.contact_colours) {
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
            &self.solve_order,
            &self.contact_colours,
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
        for &ci in &self.solve_order {
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
            for &ci in &self.solve_order {
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
            &self.solve_order,
            &self.joints,
            &mut self.active,
            dt_s,
            settings.sleeping,
        );
        self.steps += 1;
    }

    /// Orders the contacts for solving by a greedy colouring: each contact
    /// takes the lowest colour none of its dynamic bodies has yet (static
    /// and kinematic bodies are shared freely: they are never written), and
    /// contacts are solved colour by colour, in `(a, b)` order within one.
    /// Neighbours in that order then touch different bodies, so the CPU can
    /// overlap their (latency-bound) arithmetic instead of waiting on the
    /// last contact's velocity store. Deterministic: it depends only on the
    /// contact list.
    fn colour_contacts(&mut self) {
        if self.awake.is_empty() {
            // Nothing awake: no contact is solved.
            self.solve_order.clear();
            self.contact_colours.clear();
            return;
        }
        self.body_colours.clear();
        self.body_colours.resize(self.bodies.len(), 0);
        self.contact_colours.clear();
        self.colour_counts = [0; 65];
        for c in &self.contacts {
            let (a, b) = (c.body_a.index(), c.body_b.index());
            // The packed proxies say it as the bodies would (see `step`).
            let (pa, pb) = (&self.proxies[a], &self.proxies[b]);
            let (dyn_a, dyn_b) = (pa.dynamic, pb.dynamic);
            let (awake_a, awake_b) = (pa.awake, pb.awake);
            if !awake_a && !awake_b {
                // A sleeping pair's contact is kept, not solved.
                self.contact_colours.push(SLEEPING);
                continue;
            }
            let used = if dyn_a { self.body_colours[a] } else { 0 }
                | if dyn_b { self.body_colours[b] } else { 0 };
            // 64 colours, then one overflow colour shared by the rest.
            let colour = (!used).trailing_zeros().min(64);
            if colour < 64 {
                if dyn_a {
                    self.body_colours[a] |= 1 << colour;
                }
                if dyn_b {
                    self.body_colours[b] |= 1 << colour;
                }
            }
            self.contact_colours.push(colour as u8);
            self.colour_counts[colour as usize] += 1;
        }
        // Counting sort by colour, stable in contact order.
        let mut start = [0u32; 65];
        let mut sum = 0;
        for (s, &n) in start.iter_mut().zip(&self.colour_counts) {
            *s = sum;
            sum += n;
        }
        self.solve_order.clear();
        self.solve_order.resize(sum as usize, 0);
        for (ci, &colour) in self.contact_colours.iter().enumerate() {
            if colour == SLEEPING {
                continue;
            }
            let at = &mut start[colour as usize];
            self.solve_order[*at as usize] = ci as u32;
            *at += 1;
        }
    }

    /// The bounding boxes of this step's bodies at their current poses
    /// (the others' are where they were left: see `active`).
    fn update_aabbs(&mut self) {
        let mut verts = [Vec2::ZERO; MAX_VERTICES];
        for &i in self.active.list() {
            let (b, proxy) = (&self.bodies[i as usize], &mut self.proxies[i as usize]);
            let n = b.world_vertices(&mut verts);
            let (mut lo, mut hi) = (verts[0], verts[0]);
            for &v in &verts[1..n] {
                lo = lo.min(v);
                hi = hi.max(v);
            }
            proxy.aabb = Aabb { min: lo, max: hi };
        }
    }

    /// Broad and narrow phase: rebuilds `contacts` in `(a, b)` order, each
    /// inheriting last step's impulses (see `update_aabbs`, which must run
    /// first). Only pairs with an awake body are tested, into `fresh`; last
    /// step's contacts between two bodies not awake stand as they were.
    /// The fresh contacts then replace the others: the whole list when none
    /// stands; slot for slot when the awake pairs in contact are the same
    /// as last step's (a pile asleep beside a few awake bodies copies only
    /// theirs); else merged with those standing, in order.
    fn find_contacts(&mut self) {
        if self.awake.is_empty() {
            // Everything dynamic sleeps: the contacts stand as they are.
            return;
        }
        self.fresh.clear();
        let mut old_at = 0;
        let count = self.bodies.len();
        // The awake bodies after `i`, for an `i` not awake.
        let mut later = 0;
        for i in 0..count {
            while later < self.awake.len() && self.awake[later] as usize <= i {
                later += 1;
            }
            // The box test inline, the rest for the few that overlap.
            let pi = self.proxies[i];
            if pi.awake {
                for j in i + 1..count {
                    if pi.aabb.overlaps(&self.proxies[j].aabb) {
                        self.test_pair(i, j, &mut old_at);
                    }
                }
            } else {
                for k in later..self.awake.len() {
                    let j = self.awake[k] as usize;
                    if pi.aabb.overlaps(&self.proxies[j].aabb) {
                        self.test_pair(i, j, &mut old_at);
                    }
                }
            }
        }
        let proxies = &self.proxies;
        let stands =
            |c: &Contact| !proxies[c.body_a.index()].awake && !proxies[c.body_b.index()].awake;
        let key = |c: &Contact| (c.body_a, c.body_b);
        if !self.contacts.iter().any(stands) {
            std::mem::swap(&mut self.contacts, &mut self.fresh);
            return;
        }
        let mut replaced = self.contacts.iter().filter(|c| !stands(c)).map(key);
        if replaced.by_ref().eq(self.fresh.iter().map(key)) {
            let mut fresh = self.fresh.iter();
            for c in self.contacts.iter_mut().filter(|c| !stands(c)) {
                c.clone_from(fresh.next().expect("as many fresh contacts as replaced"));
            }
            return;
        }
        self.previous.clear();
        let mut fresh = self.fresh.iter().peekable();
        for c in self.contacts.iter().filter(|c| stands(c)) {
            while let Some(f) = fresh.next_if(|f| key(f) < key(c)) {
                self.previous.extend_from_slice(std::slice::from_ref(f));
            }
            self.previous.extend_from_slice(std::slice::from_ref(c));
        }
        self.previous.extend(fresh);
        std::mem::swap(&mut self.contacts, &mut self.previous);
    }

    /// The rest of the broad phase and the narrow phase of bodies `i < j`,
    /// one of them awake, whose boxes overlap, into `fresh`; `old_at` walks
    /// last step's contacts (`contacts`) to this pair's.
    #[inline(always)]
    fn test_pair(&mut self, i: usize, j: usize, old_at: &mut usize) {
        let (pi, pj) = (&self.proxies[i], &self.proxies[j]);
        if !(pi.dynamic || pj.dynamic)
            || !pi.filter.allows(pj.filter)
            || self.joined.binary_search(&(i as u32, j as u32)).is_ok()
        {
            return;
        }
        let (ida, idb) = (
            BodyId::new(i as u32, self.body_ids.generation(i)),
            BodyId::new(j as u32, self.body_ids.generation(j)),
        );
        while *old_at < self.contacts.len()
            && (self.contacts[*old_at].body_a, self.contacts[*old_at].body_b) < (ida, idb)
        {
            *old_at += 1;
        }
        let (bi, bj) = (&self.bodies[i], &self.bodies[j]);
        let old = self
            .contacts
            .get(*old_at)
            .filter(|old| (old.body_a, old.body_b) == (ida, idb));
        if let Some(old) = old.filter(|old| old.may_reuse(bi, bj)) {
            // Copied straight into place (`push(*old)` copies the
            // 272-byte contact to the stack first).
            self.fresh.extend_from_slice(std::slice::from_ref(old));
            if self.fresh.last_mut().is_some_and(|c| c.remeasure(bi, bj)) {
                return;
            }
            self.fresh.pop();
        }
        let Some(m) = collide(&bi.polygon, bi.transform(), &bj.polygon, bj.transform()) else {
            return;
        };
        let mut contact = Contact::new(ida, idb, &m, bi, bj);
        if let Some(old) = old {
            contact.inherit_impulses(old);
        }
        self.fresh.push(contact);
    }
}
