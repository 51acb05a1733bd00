//! The contact constraint: non-penetration with restitution, and Coulomb
//! friction, for the 1–2 points of one manifold between bodies A and B.
//!
//! Derivation (one point, normal `n` from A to B, arms `r_A`, `r_B` from the
//! centres of mass). The relative velocity of the contact points is
//! `v_rel = (v_B + ω_B × r_B) − (v_A + ω_A × r_A)`. An impulse `λ·n` on B
//! (and `−λ·n` on A) changes it along `n` by `λ / m_eff` with
//! `1/m_eff = 1/m_A + 1/m_B + (r_A × n)²/I_A + (r_B × n)²/I_B` (static
//! bodies contribute 0: they have infinite mass). Asking for a target normal
//! velocity `v_n' = b` gives `λ = −m_eff (v_n − b)`.
//!
//! - The velocity iterations are inelastic (`b = 0`). Restitution comes in
//!   one pass after them: a point that approached at `v_n⁰ < 0` (measured
//!   from the velocities at the start of the step, before gravity) faster
//!   than `restitution_threshold`, and
//!   that did push, is given `b = −e·v_n⁰` with `e = max(e_A, e_B)` (slow
//!   resting contacts do not bounce, or they would jitter). Bouncing after
//!   the inelastic solve rather than inside it keeps an eccentric impact
//!   with friction from gaining energy (see `apply_restitution`).
//! - Accumulated impulses: each iteration computes the increment from the
//!   current velocities, adds it to the point's running total `Λ_n` and
//!   clamps the *total* to `Λ_n ≥ 0`; the increment applied is the change of
//!   the total. A contact can only push, so a separating contact
//!   (`v_n ≥ 0`) ends with no impulse at all. Totals persist across steps
//!   (warm starting, matched by feature id), which lets stacks and hanging
//!   loads converge over frames.
//! - Friction along the tangent `t = n` turned clockwise, same algebra with
//!   `b = 0` and `m_t` from `(r × t)²`. The totals `Λ_t` that would stop
//!   sliding at every point are kept if `|ΣΛ_t| ≤ μ_s ΣΛ_n` — static
//!   friction holds or gives way for the manifold as a whole, since a box
//!   pushed at its centre loads one corner more than the other and the
//!   light corner alone would slip first; the sticking impulse is shared
//!   in proportion to the normal impulses — otherwise each point is capped
//!   to `±μ_d Λ_n` (dynamic friction). A manifold at rest at the start of
//!   the step (slower than `STATIC_SPEED`) stays static, its friction
//!   saturating at `μ_s ΣΛ_n`, so solver residuals do not start a slide;
//!   with
//!   `μ = sqrt(μ_A μ_B)` for each coefficient. Friction is solved before the
//!   normal so the non-penetration row is the last word.
//! - Two points are solved as a block: the 2×2 complementarity problem of
//!   both normal rows, by trying both active, either alone, or neither
//!   (Box2D's block solver), so a box resting flat gets equal impulses at
//!   both corners instead of a first-come tilt; nearly redundant points
//!   (condition number over 1000) fall back to one after the other.
//! - Positional correction (after the positions are integrated): each point's
//!   separation `s` is re-measured at the current poses and the pair is
//!   pushed apart along `n` by `C = clamp(β (s + slop), −max_correction, 0)`
//!   with the same effective mass, `Δx_A = −λ n / m_A`, `Δx_B = +λ n / m_B`,
//!   `Δθ = ±(r × λn)/I`, `λ = −C·m_eff`: the split is by inverse mass, so a
//!   static body (inverse mass 0) never moves and infinite mass needs no
//!   special case (the reference text's formulas divide by `m_A + m_B`,
//!   which is ∞/∞ there). A resting contact settles within `slop`
//!   penetration, which keeps it alive from step to step, and is then
//!   left as it is (no correction to apply: the pass reports it moved
//!   nothing, and the world stops the passes once none moves anything).
//!   Two points are corrected together when both push (their 2×2
//!   system), for the same reason as the block velocity solve.
use super::body::{pair_mut, store_velocity, Body};
use super::id::BodyId;
use super::math::{cross_sv, cross_vs, Mat22, Vec2};
use super::sat::{remeasure, Manifold, Reference, MAX_MANIFOLD_POINTS};
use super::settings::Settings;

/// One point of a contact.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ContactPoint {
    /// Feature id from the narrow phase (for warm starting).
    pub id: u32,
    /// World point midway between the surfaces when detected.
    pub point: Vec2,
    /// Separation when detected (negative = penetration).
    pub separation: f32,
    /// Total normal impulse applied this step (N·s, ≥ 0).
    pub normal_impulse: f32,
    /// Total friction impulse applied this step (N·s, along the tangent).
    pub tangent_impulse: f32,
    pub(crate) local_incident: Vec2,
    pub(crate) anchor_a: Vec2,
    pub(crate) anchor_b: Vec2,
    pub(crate) normal_mass: f32,
    pub(crate) tangent_mass: f32,
    pub(crate) velocity_bias: f32,
    /// `r_A × n`, `r_B × n`, `r_A × t`, `r_B × t` at prepare: with them a
    /// row's relative velocity is `(v_B − v_A)·n + ω_B (r_B × n) −
    /// ω_A (r_A × n)` (as `(ω × r)·n = ω (r × n)`), and an impulse `λn`
    /// turns A by `−λ (r_A × n)/I_A`.
    pub(crate) rn_a: f32,
    pub(crate) rn_b: f32,
    pub(crate) rt_a: f32,
    pub(crate) rt_b: f32,
}

/// The contact between two bodies for one step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// The body the normal points away from.
    pub body_a: BodyId,
    /// The body the normal points towards.
    pub body_b: BodyId,
    /// Unit normal from A to B.
    pub normal: Vec2,
    /// Valid points: `points[..count]`.
    pub count: usize,
    /// The contact points, `points[..count]` valid.
    pub points: [ContactPoint; MAX_MANIFOLD_POINTS],
    /// Combined coefficients: `max(e_A, e_B)`, `sqrt(μ_A μ_B)`.
    pub restitution: f32,
    /// Combined static friction coefficient, `sqrt(μs_A μs_B)`.
    pub static_friction: f32,
    /// Combined dynamic friction coefficient, `sqrt(μd_A μd_B)`.
    pub dynamic_friction: f32,
    reference: Reference,
    local_normal: Vec2,
    local_face_point: Vec2,
    /// The two-point normal block `K` (see `solve_velocity`) and its
    /// inverse; zero when the two rows are (nearly) redundant or there is
    /// one point, and then the rows are solved one after the other.
    pub(crate) block_k: Mat22,
    pub(crate) block_inv: Mat22,
    /// The manifold's tangential speed at the start of the step (points
    /// averaged); below [`STATIC_SPEED`] it is at rest.
    pub(crate) start_slip: f32,
    /// B's pose in A's frame (centre, and B's x axis) when the SAT built
    /// this manifold: while the pair's relative pose stays within
    /// [`REUSE_DISTANCE`] and [`REUSE_ANGLE`] of it, later steps re-measure
    /// these points instead of running the SAT again (see
    /// [`Contact::may_reuse`]).
    pub(crate) built_at: (Vec2, Vec2),
}

/// How far (m) B's centre may move relative to A, since the SAT last ran
/// on the pair, before the manifold is rebuilt: a fifth of the default
/// `linear_slop`, so a clipped point kept from the old manifold is off by
/// well under the penetration the solver lets stand.
pub const REUSE_DISTANCE: f32 = 0.001;

/// How far (rad) B may turn relative to A before the manifold is rebuilt
/// (1 mm at 1 m from the centre).
pub const REUSE_ANGLE: f32 = 0.001;

/// B's pose in A's frame: its centre, and its x axis (cos, sin of the
/// relative angle).
#[inline]
fn relative_pose(a: &Body, b: &Body) -> (Vec2, Vec2) {
    let xa = a.transform();
    (
        xa.apply_inv(b.position),
        xa.q.inv_rotate(Vec2::new(b.rot.cos, b.rot.sin)),
    )
}

/// Below this tangential speed (m/s) at the start of a step a contact is at
/// rest, and static friction holds it up to μ_s.
pub const STATIC_SPEED: f32 = 0.01;

/// Largest condition number of a two-point block solved as a block.
const MAX_CONDITION: f32 = 1000.0;

/// Restitution of a pair: the bouncier one wins.
#[inline]
pub fn mix_restitution(a: f32, b: f32) -> f32 {
    a.max(b)
}

/// Friction of a pair: the geometric mean, so a slippery surface dominates.
#[inline]
pub fn mix_friction(a: f32, b: f32) -> f32 {
    (a * b).sqrt()
}

impl Contact {
    /// A contact from a fresh manifold, with no accumulated impulse yet.
    pub(crate) fn new(body_a: BodyId, body_b: BodyId, m: &Manifold, a: &Body, b: &Body) -> Contact {
        let mut points = [ContactPoint::default(); MAX_MANIFOLD_POINTS];
        for (cp, mp) in points.iter_mut().zip(m.points()) {
            cp.id = mp.id;
            cp.point = mp.point;
            cp.separation = mp.separation;
            cp.local_incident = mp.local_incident;
        }
        Contact {
            body_a,
            body_b,
            normal: m.normal,
            count: m.count,
            points,
            restitution: mix_restitution(a.material.restitution, b.material.restitution),
            static_friction: mix_friction(a.material.static_friction, b.material.static_friction),
            dynamic_friction: mix_friction(
                a.material.dynamic_friction,
                b.material.dynamic_friction,
            ),
            reference: m.reference,
            local_normal: m.local_normal,
            local_face_point: m.local_face_point,
            block_k: Mat22::default(),
            block_inv: Mat22::default(),
            start_slip: 0.0,
            built_at: relative_pose(a, b),
        }
    }

    /// Whether this (last step's) contact may be carried over to the
    /// bodies' current poses without the SAT: the pair has barely moved
    /// relative to the pose the manifold was built at (within
    /// [`REUSE_DISTANCE`] and [`REUSE_ANGLE`]), and the manifold has two
    /// points (a corner on a face gains its second point as the pair turns
    /// flat, and only the SAT sees it come). Then [`Contact::remeasure`]
    /// brings it up to date.
    pub(crate) fn may_reuse(&self, a: &Body, b: &Body) -> bool {
        if self.count < MAX_MANIFOLD_POINTS {
            return false;
        }
        let (p, axis) = relative_pose(a, b);
        (p - self.built_at.0).length_squared() <= REUSE_DISTANCE * REUSE_DISTANCE
            && (axis - self.built_at.1).length_squared() <= REUSE_ANGLE * REUSE_ANGLE
    }

    /// Re-measures the points at the bodies' current poses (normal,
    /// midpoint, separation), keeping the features and the accumulated
    /// impulses for warm starting; false (the contact half updated, to be
    /// dropped) when a point no longer penetrates: then the SAT decides
    /// whether the pair still touches.
    pub(crate) fn remeasure(&mut self, a: &Body, b: &Body) -> bool {
        let (xa, xb) = (a.transform(), b.transform());
        for cp in &mut self.points[..self.count] {
            let (n, point, s) = remeasure(
                self.reference,
                self.local_normal,
                self.local_face_point,
                cp.local_incident,
                xa,
                xb,
            );
            if s > 0.0 {
                return false;
            }
            self.normal = n;
            cp.point = point;
            cp.separation = s;
        }
        true
    }

    /// The valid points.
    pub fn points(&self) -> &[ContactPoint] {
        &self.points[..self.count]
    }

    /// Copies the accumulated impulses of points with the same feature id
    /// from last step's contact between the same bodies.
    pub(crate) fn inherit_impulses(&mut self, old: &Contact) {
        for p in &mut self.points[..self.count] {
            if let Some(o) = old.points().iter().find(|o| o.id == p.id) {
                p.normal_impulse = o.normal_impulse;
                p.tangent_impulse = o.tangent_impulse;
            }
        }
    }

    /// The smallest separation among the points re-measured at the bodies'
    /// current poses (negative = penetrating).
    pub fn current_min_separation(&self, bodies: &[Body]) -> f32 {
        let (xa, xb) = (
            bodies[self.body_a.index()].transform(),
            bodies[self.body_b.index()].transform(),
        );
        self.points().iter().fold(f32::INFINITY, |m, p| {
            let (_, _, s) = remeasure(
                self.reference,
                self.local_normal,
                self.local_face_point,
                p.local_incident,
                xa,
                xb,
            );
            m.min(s)
        })
    }

    /// Arms, effective masses and restitution targets (from the velocities
    /// at the start of the step).
    pub(crate) fn prepare(&mut self, bodies: &[Body], settings: &Settings) {
        let a = &bodies[self.body_a.index()];
        let b = &bodies[self.body_b.index()];
        let (ma, mb, ia, ib) = (a.inv_mass, b.inv_mass, a.inv_inertia, b.inv_inertia);
        let n = self.normal;
        let t = cross_vs(n, 1.0);
        let mut slip = 0.0;
        for p in &mut self.points[..self.count] {
            p.anchor_a = p.point - a.position;
            p.anchor_b = p.point - b.position;
            let rna = p.anchor_a.cross(n);
            let rnb = p.anchor_b.cross(n);
            let k_normal = ma + mb + ia * rna * rna + ib * rnb * rnb;
            p.normal_mass = if k_normal > 0.0 { 1.0 / k_normal } else { 0.0 };
            let rta = p.anchor_a.cross(t);
            let rtb = p.anchor_b.cross(t);
            (p.rn_a, p.rn_b, p.rt_a, p.rt_b) = (rna, rnb, rta, rtb);
            let k_tangent = ma + mb + ia * rta * rta + ib * rtb * rtb;
            p.tangent_mass = if k_tangent > 0.0 {
                1.0 / k_tangent
            } else {
                0.0
            };
            // The approach velocity before this step's gravity and forces:
            // measured after them, a bounce would return g·dt faster than
            // it came in, and an elastic body would gain energy each time.
            let dv = b.step_start_velocity + cross_sv(b.step_start_angular, p.anchor_b)
                - a.step_start_velocity
                - cross_sv(a.step_start_angular, p.anchor_a);
            let vn = dv.dot(n);
            slip += dv.dot(t) / self.count as f32;
            // The bounce target, applied by the restitution pass.
            p.velocity_bias = if vn < -settings.restitution_threshold {
                -self.restitution * vn
            } else {
                0.0
            };
        }
        self.start_slip = slip;
        self.block_k = Mat22::default();
        self.block_inv = Mat22::default();
        if self.count == 2 {
            let [p1, p2] = &self.points;
            let k11 = ma + mb + ia * p1.rn_a * p1.rn_a + ib * p1.rn_b * p1.rn_b;
            let k22 = ma + mb + ia * p2.rn_a * p2.rn_a + ib * p2.rn_b * p2.rn_b;
            let k12 = ma + mb + ia * p1.rn_a * p2.rn_a + ib * p1.rn_b * p2.rn_b;
            // Solve as a block only while K is well conditioned
            // (cond < MAX_CONDITION); two coincident points are one row.
            if k11 * k11 < MAX_CONDITION * (k11 * k22 - k12 * k12) {
                self.block_k = Mat22::new(k11, k12, k12, k22);
                self.block_inv = self.block_k.inverse();
            }
        }
    }

    /// Applies last step's accumulated impulses again (warm starting).
    pub(crate) fn warm_start(&self, bodies: &mut [Body]) {
        let (a, b) = pair_mut(bodies, self.body_a, self.body_b);
        let n = self.normal;
        let t = cross_vs(n, 1.0);
        for p in &self.points[..self.count] {
            let impulse = n * p.normal_impulse + t * p.tangent_impulse;
            a.linear_velocity -= impulse * a.inv_mass;
            a.angular_velocity -= a.inv_inertia * p.anchor_a.cross(impulse);
            b.linear_velocity += impulse * b.inv_mass;
            b.angular_velocity += b.inv_inertia * p.anchor_b.cross(impulse);
        }
    }

    /// One velocity iteration: friction rows, then normal rows.
    pub(crate) fn solve_velocity(&mut self, bodies: &mut [Body]) {
        let (a, b) = pair_mut(bodies, self.body_a, self.body_b);
        let (ma, mb, ia, ib) = (a.inv_mass, b.inv_mass, a.inv_inertia, b.inv_inertia);
        let (va, wa, vb, wb) = (
            a.linear_velocity,
            a.angular_velocity,
            b.linear_velocity,
            b.angular_velocity,
        );
        let n = self.normal;
        let t = cross_vs(n, 1.0);
        let (mu_s, mu_d) = (self.static_friction, self.dynamic_friction);

        // Friction, decided for the manifold as a whole. Sticking: one
        // impulse that stops the manifold's tangential motion (its velocity
        // averaged over the points, weighted by their normal impulses),
        // shared by the points in proportion to how hard they press, so
        // every point has the manifold's ratio; it holds while
        // `|ΣΛ_t| ≤ μ_s ΣΛ_n`. Otherwise sliding: the solve starts over and
        // caps each point at μ_d of its own normal impulse.
        let start = (va, wa, vb, wb);
        let olds = self.points.map(|p| p.tangent_impulse);
        let mut vel = Velocities { va, wa, vb, wb };
        let pts = &mut self.points[..self.count];
        let press: f32 = pts.iter().map(|p| p.normal_impulse).sum();
        let weights: [f32; MAX_MANIFOLD_POINTS] = std::array::from_fn(|i| match pts.get(i) {
            Some(p) if press > 0.0 => p.normal_impulse / press,
            Some(_) => 1.0 / pts.len() as f32,
            None => 0.0,
        });
        let mut v_mean = 0.0;
        let mut k_mean = 0.0;
        for (i, p) in pts.iter().enumerate() {
            v_mean += weights[i] * vel.tangent(t, p);
            for (j, q) in pts.iter().enumerate() {
                let k = ma + mb + ia * p.rt_a * q.rt_a + ib * p.rt_b * q.rt_b;
                k_mean += weights[i] * weights[j] * k;
            }
        }
        let old_total: f32 = pts.iter().map(|p| p.tangent_impulse).sum();
        let stick = if k_mean > 0.0 {
            old_total - v_mean / k_mean
        } else {
            old_total
        };
        // A manifold at rest (slower than STATIC_SPEED at the step start)
        // stays in the static regime: its friction saturates at μ_s
        // instead of dropping to μ_d, so a solver residual of a fraction of
        // a millimetre per second cannot tip a held box into sliding.
        let at_rest = self.start_slip.abs() < STATIC_SPEED;
        let limit = mu_s * press;
        let held = if at_rest {
            stick.clamp(-limit, limit)
        } else {
            stick
        };
        for (i, p) in pts.iter_mut().enumerate() {
            let share = weights[i] * held;
            vel.apply(t, p, share - p.tangent_impulse, [ma, ia, mb, ib]);
            p.tangent_impulse = share;
        }
        if !at_rest && stick.abs() > limit {
            vel = Velocities {
                va: start.0,
                wa: start.1,
                vb: start.2,
                wb: start.3,
            };
            for (p, &old) in self.points[..self.count].iter_mut().zip(&olds) {
                let cap = mu_d * p.normal_impulse;
                let total = (old - p.tangent_mass * vel.tangent(t, p)).clamp(-cap, cap);
                vel.apply(t, p, total - old, [ma, ia, mb, ib]);
                p.tangent_impulse = total;
            }
        }
        let Velocities {
            mut va,
            mut wa,
            mut vb,
            mut wb,
        } = vel;

        self.solve_normals(
            &mut va,
            &mut wa,
            &mut vb,
            &mut wb,
            ma,
            mb,
            ia,
            ib,
            [0.0, 0.0],
        );

        store_velocity(a, va, wa);
        store_velocity(b, vb, wb);
    }

    /// The normal rows, totals clamped to `Λ ≥ 0`, targeting normal
    /// velocities `v_n ≥ targets[i]`: one after the other, or both at once
    /// when the block is well conditioned.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn solve_normals(
        &mut self,
        va: &mut Vec2,
        wa: &mut f32,
        vb: &mut Vec2,
        wb: &mut f32,
        ma: f32,
        mb: f32,
        ia: f32,
        ib: f32,
        targets: [f32; 2],
    ) {
        let n = self.normal;
        if self.block_k.col1.x > 0.0 {
            // Both normal rows at once: the totals x = (Λ₁, Λ₂) must satisfy
            // x ≥ 0, v_n'(x) ≥ target and x_i (v_n,i' − target_i) = 0 (a
            // 2×2 linear complementarity problem). With a = the old totals
            // and b = v_n − target − K a, v_n' − target = K x + b; try, in
            // order, both rows active, only row 1, only row 2, neither.
            let [p1, p2] = &self.points;
            let a = Vec2::new(p1.normal_impulse, p2.normal_impulse);
            let vn1 = (*vb - *va).dot(n) + *wb * p1.rn_b - *wa * p1.rn_a;
            let vn2 = (*vb - *va).dot(n) + *wb * p2.rn_b - *wa * p2.rn_a;
            let k = self.block_k;
            let b = Vec2::new(vn1 - targets[0], vn2 - targets[1]) - k * a;
            let both = -(self.block_inv * b);
            let x = if both.x >= 0.0 && both.y >= 0.0 {
                both
            } else if -b.x / k.col1.x >= 0.0 && k.col1.y * (-b.x / k.col1.x) + b.y >= 0.0 {
                Vec2::new(-b.x / k.col1.x, 0.0)
            } else if -b.y / k.col2.y >= 0.0 && k.col2.x * (-b.y / k.col2.y) + b.x >= 0.0 {
                Vec2::new(0.0, -b.y / k.col2.y)
            } else if b.x >= 0.0 && b.y >= 0.0 {
                Vec2::ZERO
            } else {
                // No case fits only through rounding: keep the old totals.
                a
            };
            let d = x - a;
            let (p1, p2) = (self.points[0], self.points[1]);
            *va -= n * ((d.x + d.y) * ma);
            *wa -= ia * (d.x * p1.rn_a + d.y * p2.rn_a);
            *vb += n * ((d.x + d.y) * mb);
            *wb += ib * (d.x * p1.rn_b + d.y * p2.rn_b);
            self.points[0].normal_impulse = x.x;
            self.points[1].normal_impulse = x.y;
        } else {
            for (p, &target) in self.points[..self.count].iter_mut().zip(&targets) {
                let vn = (*vb - *va).dot(n) + *wb * p.rn_b - *wa * p.rn_a;
                let old = p.normal_impulse;
                let total = (old - p.normal_mass * (vn - target)).max(0.0);
                p.normal_impulse = total;
                let lambda = total - old;
                *va -= n * (lambda * ma);
                *wa -= ia * lambda * p.rn_a;
                *vb += n * (lambda * mb);
                *wb += ib * lambda * p.rn_b;
            }
        }
    }

    /// The restitution pass, after the velocity iterations: contacts that
    /// approached faster than the threshold and did push this step get the
    /// normal impulse that turns their normal velocity into `−e·v_n⁰`
    /// (Box2D v3 does the same). Bouncing after the inelastic solve, rather
    /// than targeting `−e·v_n⁰` inside it, keeps an eccentric impact with
    /// friction from gaining energy: the inelastic solve removes at least
    /// `½ (v_n⁰)² m_n` and the bounce adds back `½ e² (v_n⁰)² m_n`.
    pub(crate) fn apply_restitution(&mut self, bodies: &mut [Body]) {
        if self.restitution == 0.0
            || self.points[..self.count]
                .iter()
                .all(|p| p.velocity_bias == 0.0 || p.normal_impulse == 0.0)
        {
            return;
        }
        let (a, b) = pair_mut(bodies, self.body_a, self.body_b);
        let (ma, mb, ia, ib) = (a.inv_mass, b.inv_mass, a.inv_inertia, b.inv_inertia);
        let (mut va, mut wa, mut vb, mut wb) = (
            a.linear_velocity,
            a.angular_velocity,
            b.linear_velocity,
            b.angular_velocity,
        );
        let targets = [self.points[0].velocity_bias, self.points[1].velocity_bias];
        self.solve_normals(&mut va, &mut wa, &mut vb, &mut wb, ma, mb, ia, ib, targets);
        store_velocity(a, va, wa);
        store_velocity(b, vb, wb);
    }

    /// One positional-correction pass (see the module doc); returns
    /// whether it moved either body (a contact within `linear_slop` moves
    /// nothing). Two points are corrected together (the 2×2 system of
    /// their rows, so a box resting flat is pushed straight up rather than
    /// tilted by whichever corner came first) when both corrections push;
    /// otherwise one after the other.
    pub(crate) fn solve_position(&self, bodies: &mut [Body], settings: &Settings) -> bool {
        let (a, b) = pair_mut(bodies, self.body_a, self.body_b);
        let (ma, mb, ia, ib) = (a.inv_mass, b.inv_mass, a.inv_inertia, b.inv_inertia);
        let correction = |s: f32| {
            (settings.baumgarte * (s + settings.linear_slop))
                .clamp(-settings.max_linear_correction, 0.0)
        };
        let measure = |a: &Body, b: &Body, p: &ContactPoint| {
            let (n, point, s) = remeasure(
                self.reference,
                self.local_normal,
                self.local_face_point,
                p.local_incident,
                a.transform(),
                b.transform(),
            );
            (n, point - a.position, point - b.position, s)
        };
        if self.count == 2 {
            let (n, ra1, rb1, s1) = measure(a, b, &self.points[0]);
            let (_, ra2, rb2, s2) = measure(a, b, &self.points[1]);
            let (c1, c2) = (correction(s1), correction(s2));
            if c1 == 0.0 && c2 == 0.0 {
                return false;
            }
            let (rna1, rnb1, rna2, rnb2) = (ra1.cross(n), rb1.cross(n), ra2.cross(n), rb2.cross(n));
            let k11 = ma + mb + ia * rna1 * rna1 + ib * rnb1 * rnb1;
            let k22 = ma + mb + ia * rna2 * rna2 + ib * rnb2 * rnb2;
            let k12 = ma + mb + ia * rna1 * rna2 + ib * rnb1 * rnb2;
            if k11 * k11 < MAX_CONDITION * (k11 * k22 - k12 * k12) {
                let x = Mat22::new(k11, k12, k12, k22).solve(Vec2::new(-c1, -c2));
                if x.x >= 0.0 && x.y >= 0.0 {
                    let total = x.x + x.y;
                    a.position -= n * (total * ma);
                    a.rot = a.rot.integrate(-ia * (x.x * rna1 + x.y * rna2));
                    b.position += n * (total * mb);
                    b.rot = b.rot.integrate(ib * (x.x * rnb1 + x.y * rnb2));
                    return true;
                }
            }
        }
        let mut moved = false;
        for p in &self.points[..self.count] {
            let (n, ra, rb, s) = measure(a, b, p);
            let c = correction(s);
            let rna = ra.cross(n);
            let rnb = rb.cross(n);
            let k = ma + mb + ia * rna * rna + ib * rnb * rnb;
            if k <= 0.0 || c == 0.0 {
                continue;
            }
            let lambda = -c / k;
            a.position -= n * (lambda * ma);
            a.rot = a.rot.integrate(-ia * lambda * rna);
            b.position += n * (lambda * mb);
            b.rot = b.rot.integrate(ib * lambda * rnb);
            moved = true;
        }
        moved
    }
}

/// The two bodies' velocities while one contact is solved.
struct Velocities {
    va: Vec2,
    wa: f32,
    vb: Vec2,
    wb: f32,
}

impl Velocities {
    /// The relative tangential velocity at point `p`.
    fn tangent(&self, t: Vec2, p: &ContactPoint) -> f32 {
        (self.vb - self.va).dot(t) + self.wb * p.rt_b - self.wa * p.rt_a
    }

    /// Applies the tangential impulse `lambda` at `p` (`m`: inverse masses
    /// and inertias of A and B).
    fn apply(&mut self, t: Vec2, p: &ContactPoint, lambda: f32, m: [f32; 4]) {
        let [ma, ia, mb, ib] = m;
        self.va -= t * (lambda * ma);
        self.wa -= ia * lambda * p.rt_a;
        self.vb += t * (lambda * mb);
        self.wb += ib * lambda * p.rt_b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restitution_is_the_max_and_friction_the_geometric_mean() {
        assert_eq!(mix_restitution(0.2, 0.7), 0.7);
        assert_eq!(mix_restitution(0.7, 0.2), 0.7);
        // sqrt(0.09 · 0.64) = 0.3 · 0.8 = 0.24.
        assert!((mix_friction(0.09, 0.64) - 0.24).abs() < 1e-6);
        // A frictionless surface makes the pair frictionless.
        assert_eq!(mix_friction(0.0, 1.0), 0.0);
    }
}
