//! Contact velocity rows four at a time: the contacts of one graph colour
//! (no two share a dynamic body, see `colouring`) are packed four to a
//! [`Batch`] in structure-of-arrays form ([`F4`] lanes) and the
//! whole velocity iteration of `Contact::solve_velocity` — the manifold
//! friction (sticking, or sliding capped at μ_d), then the normal rows
//! (the two-point block LCP or one row after the other) — runs on the four
//! lanes at once. Branches become lane selects: both friction regimes and
//! both normal solves are computed where some lane needs them, and each
//! lane keeps the one its contact takes. A full batch (four two-point
//! contacts, all solved as a block: most of a resting pile) runs a copy
//! of the solve with those masks as constants, so their selects and the
//! row-by-row solve drop out; the block solve's fallback cases are
//! computed only when some lane does not press with both points.
//!
//! Invariants: contacts of a colour share no dynamic body, so solving them
//! at once equals solving them one after the other; every lane does
//! exactly the scalar arithmetic of `Contact::solve_velocity` in the same
//! order (see `lanes`), so the result is bit-identical to the scalar solve
//! and the determinism hash does not change. Lanes past a batch's `len`
//! are zero and never stored; static and kinematic bodies (inverse mass 0)
//! are read but never written, as `store_velocity` does. The overflow
//! colour (contacts past the 64th colour, which may share bodies) is solved
//! one contact at a time after the batches.
//!
//! Data: per step, after warm starting, the colour-ordered
//! contacts are copied into `Batch`es (body indices, inverse masses,
//! normal, per-point arms, effective masses and accumulated impulses, the
//! 2×2 block and its inverse, the friction coefficients and the at-rest
//! flag); the iterations work on the batches only, and the impulses are
//! copied back to the contacts afterwards for the restitution pass, warm
//! starting and [`super::World::contacts`].
use super::body::Body;
use super::contact::{Contact, STATIC_SPEED};
use super::lanes::{F4, M4};

/// Four contacts of one colour, lane `l` holding `contacts[l]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Batch {
    len: usize,
    contacts: [u32; 4],
    body_a: [u32; 4],
    body_b: [u32; 4],
    /// All four lanes are two-point contacts solved as a block (most
    /// batches of a resting pile): `solve` then runs a copy of itself with
    /// the `two` and `block` masks known to be all set, without the lane
    /// selects and the row-by-row normal solve they would otherwise cost.
    full: bool,
    /// Lanes with two points, lanes solved as a 2×2 block, lanes at rest.
    two: M4,
    block: M4,
    at_rest: M4,
    ma: F4,
    mb: F4,
    ia: F4,
    ib: F4,
    nx: F4,
    ny: F4,
    mu_s: F4,
    mu_d: F4,
    /// `1 / count`: the friction weight of a point when nothing presses.
    inv_count: F4,
    rn_a: [F4; 2],
    rn_b: [F4; 2],
    rt_a: [F4; 2],
    rt_b: [F4; 2],
    normal_mass: [F4; 2],
    tangent_mass: [F4; 2],
    normal_impulse: [F4; 2],
    tangent_impulse: [F4; 2],
    /// The block `K` (`k12 = k21`) and its inverse by columns
    /// (`col1.x, col1.y, col2.x, col2.y`).
    k11: F4,
    k12: F4,
    k22: F4,
    inv: [F4; 4],
    /// The tangent rows' couplings `k_ij = m_A + m_B + I_A⁻¹ r_A,i r_A,j +
    /// I_B⁻¹ r_B,i r_B,j` (`r = r × t`), in the order 00, 01, 10, 11 (01
    /// and 10 may differ in the last bit, as in the scalar sum).
    k_tangent: [F4; 4],
}

/// The two bodies' velocities in lanes.
#[derive(Clone, Copy)]
struct Vel {
    vax: F4,
    vay: F4,
    wa: F4,
    vbx: F4,
    vby: F4,
    wb: F4,
}

impl Vel {
    /// `self` in the lanes of `m`, else `o`.
    #[inline]
    fn select(self, m: M4, o: Vel) -> Vel {
        Vel {
            vax: self.vax.select(m, o.vax),
            vay: self.vay.select(m, o.vay),
            wa: self.wa.select(m, o.wa),
            vbx: self.vbx.select(m, o.vbx),
            vby: self.vby.select(m, o.vby),
            wb: self.wb.select(m, o.wb),
        }
    }

    /// `(v_B − v_A)·d`.
    #[inline]
    fn along(&self, dx: F4, dy: F4) -> F4 {
        (self.vbx - self.vax) * dx + (self.vby - self.vay) * dy
    }

    /// Applies `lambda` along `(dx, dy)` with the angular arms `ra`, `rb`:
    /// `v_A −= d (λ m_A)`, `ω_A −= (I_A⁻¹ λ) r_A`, and `+` on B.
    #[inline]
    fn apply(&mut self, b: &Batch, (dx, dy): (F4, F4), lambda: F4, ra: F4, rb: F4) {
        let (la, lb) = (lambda * b.ma, lambda * b.mb);
        self.vax -= dx * la;
        self.vay -= dy * la;
        self.wa -= b.ia * lambda * ra;
        self.vbx += dx * lb;
        self.vby += dy * lb;
        self.wb += b.ib * lambda * rb;
    }
}

impl Batch {
    /// Packs `ids` (1–4 prepared, warm-started contacts of one colour).
    fn pack(&mut self, ids: &[u32], contacts: &[Contact], bodies: &[Body]) {
        *self = Batch {
            len: ids.len(),
            ..Batch::default()
        };
        let b = self;
        for (l, &ci) in ids.iter().enumerate() {
            let c = &contacts[ci as usize];
            let (ba, bb) = (&bodies[c.body_a.index()], &bodies[c.body_b.index()]);
            b.contacts[l] = ci;
            b.body_a[l] = c.body_a.index() as u32;
            b.body_b[l] = c.body_b.index() as u32;
            b.ma.0[l] = ba.inv_mass;
            b.mb.0[l] = bb.inv_mass;
            b.ia.0[l] = ba.inv_inertia;
            b.ib.0[l] = bb.inv_inertia;
            b.nx.0[l] = c.normal.x;
            b.ny.0[l] = c.normal.y;
            b.mu_s.0[l] = c.static_friction;
            b.mu_d.0[l] = c.dynamic_friction;
            b.inv_count.0[l] = 1.0 / c.count as f32;
            for (j, p) in c.points().iter().enumerate() {
                b.rn_a[j].0[l] = p.rn_a;
                b.rn_b[j].0[l] = p.rn_b;
                b.rt_a[j].0[l] = p.rt_a;
                b.rt_b[j].0[l] = p.rt_b;
                b.normal_mass[j].0[l] = p.normal_mass;
                b.tangent_mass[j].0[l] = p.tangent_mass;
                b.normal_impulse[j].0[l] = p.normal_impulse;
                b.tangent_impulse[j].0[l] = p.tangent_impulse;
            }
            let (k, inv) = (c.block_k, c.block_inv);
            b.k11.0[l] = k.col1.x;
            b.k12.0[l] = k.col1.y;
            b.k22.0[l] = k.col2.y;
            b.inv[0].0[l] = inv.col1.x;
            b.inv[1].0[l] = inv.col1.y;
            b.inv[2].0[l] = inv.col2.x;
            b.inv[3].0[l] = inv.col2.y;
        }
        for (k, (i, j)) in b.k_tangent.iter_mut().zip([(0, 0), (0, 1), (1, 0), (1, 1)]) {
            *k = b.ma + b.mb + b.ia * b.rt_a[i] * b.rt_a[j] + b.ib * b.rt_b[i] * b.rt_b[j];
        }
        let lane = |l: usize| ids.get(l).map(|&ci| &contacts[ci as usize]);
        b.two = M4::from_fn(|l| lane(l).is_some_and(|c| c.count == 2));
        b.block = M4::from_fn(|l| lane(l).is_some_and(|c| c.block_k.col1.x > 0.0));
        b.at_rest = M4::from_fn(|l| lane(l).is_some_and(|c| c.start_slip.abs() < STATIC_SPEED));
        b.full = b.two == M4::first(4) && b.block == M4::first(4);
    }

    /// The relative tangential velocity at point `j`.
    #[inline]
    fn tangent(&self, v: &Vel, t: (F4, F4), j: usize) -> F4 {
        v.along(t.0, t.1) + v.wb * self.rt_b[j] - v.wa * self.rt_a[j]
    }

    /// The lanes with two points and the lanes solved as a 2×2 block: all
    /// of them, as constants the selects fold away on, when `FULL`.
    #[inline]
    fn two_and_block<const FULL: bool>(&self) -> (M4, M4) {
        if FULL {
            (M4::first(4), M4::first(4))
        } else {
            (self.two, self.block)
        }
    }

    /// One velocity iteration of the four contacts (see
    /// `Contact::solve_velocity`, which this mirrors lane by lane).
    fn solve(&mut self, bodies: &mut [Body]) {
        if self.full {
            self.solve_as::<true>(bodies);
        } else {
            self.solve_as::<false>(bodies);
        }
    }

    /// [`Batch::solve`], `FULL`: whether `self.full` holds.
    #[inline(always)]
    fn solve_as<const FULL: bool>(&mut self, bodies: &mut [Body]) {
        let mut start = Vel {
            vax: F4::ZERO,
            vay: F4::ZERO,
            wa: F4::ZERO,
            vbx: F4::ZERO,
            vby: F4::ZERO,
            wb: F4::ZERO,
        };
        for l in 0..self.len {
            let a = &bodies[self.body_a[l] as usize];
            let b = &bodies[self.body_b[l] as usize];
            start.vax.0[l] = a.linear_velocity.x;
            start.vay.0[l] = a.linear_velocity.y;
            start.wa.0[l] = a.angular_velocity;
            start.vbx.0[l] = b.linear_velocity.x;
            start.vby.0[l] = b.linear_velocity.y;
            start.wb.0[l] = b.angular_velocity;
        }
        // t = cross_vs(n, 1) = (n.y, −n.x).
        let t = (self.ny, -self.nx);
        let zero = F4::ZERO;
        let (two, _) = self.two_and_block::<FULL>();

        // Friction: sticking for the manifold as a whole.
        let [n1, n2] = self.normal_impulse;
        let olds = self.tangent_impulse;
        let press = (n1 + n2).select(two, n1);
        let pressing = press.gt(zero);
        let w1 = (n1 / press).select(pressing, self.inv_count);
        let w2 = (n2 / press)
            .select(pressing, self.inv_count)
            .select(two, zero);
        let t1 = self.tangent(&start, t, 0);
        let t2 = self.tangent(&start, t, 1);
        let v_mean = zero + w1 * t1;
        let v_mean = (v_mean + w2 * t2).select(two, v_mean);
        let [k00, k01, k10, k11] = self.k_tangent;
        let k_mean = zero + w1 * w1 * k00;
        let k_two = k_mean + w1 * w2 * k01 + w2 * w1 * k10 + w2 * w2 * k11;
        let k_mean = k_two.select(two, k_mean);
        let old_total = (olds[0] + olds[1]).select(two, olds[0]);
        let stick = (old_total - v_mean / k_mean).select(k_mean.gt(zero), old_total);
        let limit = self.mu_s * press;
        let held = stick.clamp(-limit, limit).select(self.at_rest, stick);
        let mut vel = start;
        let mut tangent_impulse = olds;
        for (j, w) in [w1, w2].into_iter().enumerate() {
            let share = w * held;
            let mut next = vel;
            next.apply(self, t, share - olds[j], self.rt_a[j], self.rt_b[j]);
            let m = if j == 0 { M4::first(4) } else { two };
            vel = next.select(m, vel);
            tangent_impulse[j] = share.select(m, olds[j]);
        }
        // Sliding: start over from the velocities before friction, each
        // point capped at μ_d of its own normal impulse.
        let sliding = M4::first(self.len)
            .and_not(self.at_rest)
            .and(stick.abs().gt(limit));
        if sliding.any() {
            let mut slide = start;
            let mut slide_impulse = olds;
            for j in 0..2 {
                let cap = self.mu_d * self.normal_impulse[j];
                let total =
                    (olds[j] - self.tangent_mass[j] * self.tangent(&slide, t, j)).clamp(-cap, cap);
                let mut next = slide;
                next.apply(self, t, total - olds[j], self.rt_a[j], self.rt_b[j]);
                let m = if j == 0 { M4::first(4) } else { two };
                slide = next.select(m, slide);
                slide_impulse[j] = total.select(m, olds[j]);
            }
            vel = slide.select(sliding, vel);
            for j in 0..2 {
                tangent_impulse[j] = slide_impulse[j].select(sliding, tangent_impulse[j]);
            }
        }
        self.tangent_impulse = tangent_impulse;

        self.solve_normals::<FULL>(&mut vel);

        for l in 0..self.len {
            let (ia, ib) = (self.body_a[l] as usize, self.body_b[l] as usize);
            super::body::store_velocity(
                &mut bodies[ia],
                super::math::Vec2::new(vel.vax.0[l], vel.vay.0[l]),
                vel.wa.0[l],
            );
            super::body::store_velocity(
                &mut bodies[ib],
                super::math::Vec2::new(vel.vbx.0[l], vel.vby.0[l]),
                vel.wb.0[l],
            );
        }
    }

    /// The normal rows with target 0 (`Contact::solve_normals`): the 2×2
    /// block LCP in the lanes of `block`, one row after the other in the
    /// rest.
    #[inline(always)]
    fn solve_normals<const FULL: bool>(&mut self, vel: &mut Vel) {
        let zero = F4::ZERO;
        let n = (self.nx, self.ny);
        let [a1, a2] = self.normal_impulse;
        let lanes = M4::first(self.len);
        let mut block_vel = *vel;
        let mut block_x = [a1, a2];
        let (_, block) = self.two_and_block::<FULL>();
        if FULL || block.any() {
            let dn = vel.along(n.0, n.1);
            let vn1 = dn + vel.wb * self.rn_b[0] - vel.wa * self.rn_a[0];
            let vn2 = dn + vel.wb * self.rn_b[1] - vel.wa * self.rn_a[1];
            let bx = vn1 - (self.k11 * a1 + self.k12 * a2);
            let by = vn2 - (self.k12 * a1 + self.k22 * a2);
            let [i1x, i1y, i2x, i2y] = self.inv;
            let both_x = -(i1x * bx + i2x * by);
            let both_y = -(i1y * bx + i2y * by);
            let case_both = both_x.ge(zero).and(both_y.ge(zero));
            let (x1, x2) = if case_both.all() {
                // Every lane presses with both points (a resting pile):
                // the other cases are never taken.
                (both_x, both_y)
            } else {
                let only1 = -bx / self.k11;
                let only2 = -by / self.k22;
                let case1 = only1.ge(zero).and((self.k12 * only1 + by).ge(zero));
                let case2 = only2.ge(zero).and((self.k12 * only2 + bx).ge(zero));
                let case_none = bx.ge(zero).and(by.ge(zero));
                // Later cases first, so the earliest that holds wins.
                let mut x1 = zero.select(case_none, a1);
                let mut x2 = zero.select(case_none, a2);
                x1 = zero.select(case2, x1);
                x2 = only2.select(case2, x2);
                x1 = only1.select(case1, x1);
                x2 = zero.select(case1, x2);
                (both_x.select(case_both, x1), both_y.select(case_both, x2))
            };
            let (dx, dy) = (x1 - a1, x2 - a2);
            let (la, lb) = ((dx + dy) * self.ma, (dx + dy) * self.mb);
            block_vel.vax -= n.0 * la;
            block_vel.vay -= n.1 * la;
            block_vel.wa -= self.ia * (dx * self.rn_a[0] + dy * self.rn_a[1]);
            block_vel.vbx += n.0 * lb;
            block_vel.vby += n.1 * lb;
            block_vel.wb += self.ib * (dx * self.rn_b[0] + dy * self.rn_b[1]);
            block_x = [x1, x2];
        }
        let rows = lanes.and_not(block);
        if !FULL && rows.any() {
            for j in 0..2 {
                let old = self.normal_impulse[j];
                let vn = vel.along(n.0, n.1) + vel.wb * self.rn_b[j] - vel.wa * self.rn_a[j];
                let total = (old - self.normal_mass[j] * vn).max(zero);
                let mut next = *vel;
                next.apply(self, n, total - old, self.rn_a[j], self.rn_b[j]);
                let m = if j == 0 { M4::first(4) } else { self.two };
                *vel = next.select(m, *vel);
                self.normal_impulse[j] = total.select(m, old);
            }
        }
        *vel = block_vel.select(block, *vel);
        for (j, x) in block_x.into_iter().enumerate() {
            self.normal_impulse[j] = x.select(block, self.normal_impulse[j]);
        }
    }

    /// Copies the accumulated impulses back to the contacts.
    fn unpack(&self, contacts: &mut [Contact]) {
        for l in 0..self.len {
            let c = &mut contacts[self.contacts[l] as usize];
            for (j, p) in c.points[..c.count].iter_mut().enumerate() {
                p.normal_impulse = self.normal_impulse[j].0[l];
                p.tangent_impulse = self.tangent_impulse[j].0[l];
            }
        }
    }
}

/// The contacts of a step as batches of one colour, and the overflow
/// colour's contacts, solved one by one.
#[derive(Clone, Debug, Default)]
pub(crate) struct ContactRows {
    batches: Vec<Batch>,
    overflow: Vec<u32>,
    /// Scratch: one colour's contacts in packing order.
    colour: Vec<u32>,
}

impl ContactRows {
    /// Packs the contacts in `order` (sorted by `colours`, the overflow
    /// colour 64 last) four at a time within each colour, those solved as a
    /// 2×2 block first.
    pub(crate) fn pack(
        &mut self,
        order: &[u32],
        colours: &[u8],
        contacts: &[Contact],
        bodies: &[Body],
    ) {
        let mut used = 0;
        self.overflow.clear();
        let mut at = 0;
        while at < order.len() {
            let colour = colours[order[at] as usize];
            let mut end = at + 1;
            while end < order.len() && colours[order[end] as usize] == colour {
                end += 1;
            }
            if colour >= 64 {
                self.overflow.extend_from_slice(&order[at..end]);
            } else {
                // Block-solved contacts first, so fewer batches mix both
                // normal solves (the colour's contacts are independent,
                // so their order changes nothing).
                let block = |ci: &&u32| contacts[**ci as usize].block_k.col1.x > 0.0;
                self.colour.clear();
                self.colour.extend(order[at..end].iter().filter(block));
                self.colour
                    .extend(order[at..end].iter().filter(|ci| !block(ci)));
                for ids in self.colour.chunks(4) {
                    if used == self.batches.len() {
                        self.batches.push(Batch::default());
                    }
                    self.batches[used].pack(ids, contacts, bodies);
                    used += 1;
                }
            }
            at = end;
        }
        self.batches.truncate(used);
    }

    /// One velocity iteration over every contact.
    pub(crate) fn solve_velocity(&mut self, contacts: &mut [Contact], bodies: &mut [Body]) {
        for b in &mut self.batches {
            b.solve(bodies);
        }
        for &ci in &self.overflow {
            contacts[ci as usize].solve_velocity(bodies);
        }
    }

    /// Copies the batches' impulses back to their contacts.
    pub(crate) fn unpack(&self, contacts: &mut [Contact]) {
        for b in &self.batches {
            b.unpack(contacts);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::body::BodyKind;
    use crate::physics::scenes;

    /// Eight velocity iterations of `scene`'s contacts, prepared at its
    /// current poses, in batches and one contact at a time (in the same
    /// colour order), which must agree bit for bit; returns how many full
    /// batches there were and how many block contacts ended with one
    /// point pressing and the other not (the block solve's later cases).
    fn batches_against_one_by_one(scene: &scenes::Scene) -> (usize, usize) {
        let settings = scene.world.settings;
        let bodies = scene.world.bodies().to_vec();
        let mut contacts = scene.world.contacts().to_vec();
        for c in &mut contacts {
            c.prepare(&bodies, &settings);
        }
        // Greedy colours: the lowest no dynamic body of the contact has.
        let mut used = vec![0u64; bodies.len()];
        let colours: Vec<u8> = contacts
            .iter()
            .map(|c| {
                let ends = [c.body_a.index(), c.body_b.index()];
                let dynamic = ends.map(|i| bodies[i].kind == BodyKind::Dynamic);
                let taken = (0..2)
                    .filter(|&e| dynamic[e])
                    .fold(0, |m, e| m | used[ends[e]]);
                let colour = (!taken).trailing_zeros();
                for e in (0..2).filter(|&e| dynamic[e]) {
                    used[ends[e]] |= 1 << colour;
                }
                colour as u8
            })
            .collect();
        let mut order: Vec<u32> = (0..contacts.len() as u32).collect();
        order.sort_by_key(|&ci| colours[ci as usize]);
        let mut rows = ContactRows::default();
        rows.pack(&order, &colours, &contacts, &bodies);

        let (mut batched_bodies, mut batched) = (bodies.clone(), contacts.clone());
        let (mut single_bodies, mut single) = (bodies, contacts);
        for _ in 0..8 {
            rows.solve_velocity(&mut batched, &mut batched_bodies);
            for &ci in &order {
                single[ci as usize].solve_velocity(&mut single_bodies);
            }
        }
        rows.unpack(&mut batched);
        let bits = |b: &Body| {
            [b.linear_velocity.x, b.linear_velocity.y, b.angular_velocity].map(f32::to_bits)
        };
        for (x, y) in batched_bodies.iter().zip(&single_bodies) {
            assert_eq!(bits(x), bits(y));
        }
        for (x, y) in batched.iter().zip(&single) {
            for (p, q) in x.points().iter().zip(y.points()) {
                assert_eq!(p.normal_impulse.to_bits(), q.normal_impulse.to_bits());
                assert_eq!(p.tangent_impulse.to_bits(), q.tangent_impulse.to_bits());
            }
        }
        let full = rows.batches.iter().filter(|b| b.full).count();
        let one_pressing = batched
            .iter()
            .filter(|c| c.block_k.col1.x > 0.0)
            .filter(|c| (c.points[0].normal_impulse > 0.0) != (c.points[1].normal_impulse > 0.0))
            .count();
        (full, one_pressing)
    }

    #[test]
    fn batches_solve_bit_for_bit_as_the_contacts_one_by_one() {
        // The pyramid settling (from its first steps, where boxes still
        // rock on one corner) and settled: full batches of two-point
        // blocks, batches that mix them with one-point and row-by-row
        // contacts, blocks where both points press and blocks where one
        // lifts.
        let mut scene = scenes::pyramid();
        scene.world.settings.sleeping = false;
        let (mut full, mut one_pressing) = (0, 0);
        for steps in [1, 1, 3, 5, 10, 20, 320] {
            for _ in 0..steps {
                scene.step();
            }
            let (f, o) = batches_against_one_by_one(&scene);
            full += f;
            one_pressing += o;
        }
        assert!(
            full > 0 && one_pressing > 0,
            "{full} full batches, {one_pressing}"
        );
    }
}
