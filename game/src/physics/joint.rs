//! The revolute joint: a pin that keeps one point of body A on one point of
//! body B and lets them turn freely about it.
//!
//! Each body holds its anchor in its local frame (relative to its centre of
//! mass); in the world the anchors are `p_A = x_A + R_A a_A` and
//! `p_B = x_B + R_B a_B`, the arms `r = R a`, and the joint's error is the
//! vector `C = p_B − p_A`, which should stay zero.
//!
//! Velocity (derivation): `Ċ = v_B + ω_B × r_B − v_A − ω_A × r_A`. An
//! impulse `P` on B and `−P` on A changes it by `K·P` with
//!
//! ```text
//! K = (1/m_A + 1/m_B)·I₂ + (1/I_A)·[[r_Ay², −r_Ax r_Ay], [−r_Ax r_Ay, r_Ax²]]
//!                        + (1/I_B)·[[r_By², −r_Bx r_By], [−r_Bx r_By, r_Bx²]]
//! ```
//!
//! because `ω' × r` with `ω' = (r × P)/I` is `(r_x P_y − r_y P_x)(−r_y, r_x)/I`.
//! Asking for `Ċ' = 0` gives the 2×2 system `K·P = −Ċ`, solved exactly each
//! iteration (Cramer's rule); totals accumulate and warm-start the next step
//! like the contacts'.
//!
//! Position (after the positions are integrated): the same `K`, recomputed
//! at the current poses, solves `K·P = −C` and `P` moves the bodies
//! directly: `Δx = ±P/m`, `Δθ = ±(r × P)/I` (non-linear Gauss–Seidel). The
//! correction is split by inverse mass, so an anchor on a static or
//! kinematic body (inverse mass and inertia 0) never moves, and a joint
//! between two such bodies has `K = 0` and is skipped.
use super::body::{pair_mut, Body};
use super::id::BodyId;
use super::math::{cross_sv, Mat22, Vec2};

/// A revolute joint between two bodies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RevoluteJoint {
    /// The first body pinned.
    pub body_a: BodyId,
    /// The second body pinned.
    pub body_b: BodyId,
    /// The pin on A, in A's local frame (relative to its centre of mass).
    pub local_anchor_a: Vec2,
    /// The pin on B, in B's local frame.
    pub local_anchor_b: Vec2,
    /// Total impulse applied this step (N·s), warm-started.
    pub impulse: Vec2,
    /// Arms `R a` at the last `prepare`.
    pub(crate) arm_a: Vec2,
    pub(crate) arm_b: Vec2,
    /// `K` at the last `prepare`.
    pub(crate) mass: Mat22,
}

/// The joint's `K` matrix for arms `ra`, `rb` (see the module doc).
#[inline]
pub(crate) fn k_matrix(ma: f32, ia: f32, ra: Vec2, mb: f32, ib: f32, rb: Vec2) -> Mat22 {
    let m = ma + mb;
    Mat22::new(
        m + ia * ra.y * ra.y + ib * rb.y * rb.y,
        -ia * ra.x * ra.y - ib * rb.x * rb.y,
        -ia * ra.x * ra.y - ib * rb.x * rb.y,
        m + ia * ra.x * ra.x + ib * rb.x * rb.x,
    )
}

impl RevoluteJoint {
    /// A joint pinning `a` and `b` together at the world point `anchor`
    /// (taken at the bodies' current poses).
    pub(crate) fn new(
        body_a: BodyId,
        a: &Body,
        body_b: BodyId,
        b: &Body,
        anchor: Vec2,
    ) -> RevoluteJoint {
        RevoluteJoint {
            body_a,
            body_b,
            local_anchor_a: a.local_point(anchor),
            local_anchor_b: b.local_point(anchor),
            impulse: Vec2::ZERO,
            arm_a: Vec2::ZERO,
            arm_b: Vec2::ZERO,
            mass: Mat22::default(),
        }
    }

    /// The two anchors in world space at the bodies' current poses.
    pub fn world_anchors(&self, bodies: &[Body]) -> (Vec2, Vec2) {
        let a = &bodies[self.body_a.index()];
        let b = &bodies[self.body_b.index()];
        (
            a.world_point(self.local_anchor_a),
            b.world_point(self.local_anchor_b),
        )
    }

    /// The joint error `|p_B − p_A|` in metres.
    pub fn error(&self, bodies: &[Body]) -> f32 {
        let (pa, pb) = self.world_anchors(bodies);
        (pb - pa).length()
    }

    /// Arms and the `K` matrix at the current poses.
    pub(crate) fn prepare(&mut self, bodies: &[Body]) {
        let a = &bodies[self.body_a.index()];
        let b = &bodies[self.body_b.index()];
        self.arm_a = a.rot.rotate(self.local_anchor_a);
        self.arm_b = b.rot.rotate(self.local_anchor_b);
        self.mass = k_matrix(
            a.inv_mass,
            a.inv_inertia,
            self.arm_a,
            b.inv_mass,
            b.inv_inertia,
            self.arm_b,
        );
    }

    /// Applies last step's total impulse again (warm starting).
    pub(crate) fn warm_start(&self, bodies: &mut [Body]) {
        let (a, b) = pair_mut(bodies, self.body_a, self.body_b);
        let p = self.impulse;
        a.linear_velocity -= p * a.inv_mass;
        a.angular_velocity -= a.inv_inertia * self.arm_a.cross(p);
        b.linear_velocity += p * b.inv_mass;
        b.angular_velocity += b.inv_inertia * self.arm_b.cross(p);
    }

    /// `Ċ`, the relative velocity of the anchors, with the prepared arms.
    #[inline]
    pub(crate) fn velocity_error(&self, bodies: &[Body]) -> Vec2 {
        let a = &bodies[self.body_a.index()];
        let b = &bodies[self.body_b.index()];
        b.linear_velocity + cross_sv(b.angular_velocity, self.arm_b)
            - a.linear_velocity
            - cross_sv(a.angular_velocity, self.arm_a)
    }

    /// Applies impulse `p` to B and `−p` to A at the prepared arms, and adds
    /// it to the total.
    #[inline]
    pub(crate) fn apply_impulse(&mut self, bodies: &mut [Body], p: Vec2) {
        self.impulse += p;
        let (a, b) = pair_mut(bodies, self.body_a, self.body_b);
        a.linear_velocity -= p * a.inv_mass;
        a.angular_velocity -= a.inv_inertia * self.arm_a.cross(p);
        b.linear_velocity += p * b.inv_mass;
        b.angular_velocity += b.inv_inertia * self.arm_b.cross(p);
    }

    /// One velocity iteration: the impulse that zeroes `Ċ`.
    pub(crate) fn solve_velocity(&mut self, bodies: &mut [Body]) {
        let p = self.mass.solve(-self.velocity_error(bodies));
        self.apply_impulse(bodies, p);
    }

    /// `C = p_B − p_A` with the prepared arms.
    #[inline]
    pub(crate) fn position_error(&self, bodies: &[Body]) -> Vec2 {
        let a = &bodies[self.body_a.index()];
        let b = &bodies[self.body_b.index()];
        (b.position + self.arm_b) - (a.position + self.arm_a)
    }

    /// Moves the bodies by the position impulse `p` (on B; `−p` on A) at
    /// the prepared arms.
    #[inline]
    pub(crate) fn apply_position_impulse(&self, bodies: &mut [Body], p: Vec2) {
        let (a, b) = pair_mut(bodies, self.body_a, self.body_b);
        a.position -= p * a.inv_mass;
        a.rot = a.rot.integrate(-a.inv_inertia * self.arm_a.cross(p));
        b.position += p * b.inv_mass;
        b.rot = b.rot.integrate(b.inv_inertia * self.arm_b.cross(p));
    }

    /// One positional-correction pass for this joint alone; returns the
    /// error `|C|` measured before correcting.
    pub(crate) fn solve_position(&mut self, bodies: &mut [Body]) -> f32 {
        self.prepare(bodies);
        let c = self.position_error(bodies);
        let p = self.mass.solve(-c);
        self.apply_position_impulse(bodies, p);
        c.length()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::body::BodyDef;
    use crate::physics::polygon::Polygon;

    #[test]
    fn one_velocity_iteration_zeroes_the_anchor_velocity() {
        // A static pivot and a spinning, drifting box pinned 1 m from its
        // centre: after one solve the pinned point is at rest (the 2×2
        // system is solved exactly), and the pivot has not moved.
        let mut bodies = vec![
            Body::new(&BodyDef::fixed(Vec2::ZERO), &Polygon::rect(0.1, 0.1)),
            Body::new(
                &BodyDef::dynamic(Vec2::new(1.0, 0.0)),
                &Polygon::rect(0.5, 0.2),
            ),
        ];
        bodies[1].linear_velocity = Vec2::new(0.3, -2.0);
        bodies[1].angular_velocity = 1.5;
        let mut joint = RevoluteJoint::new(
            BodyId::first(0),
            &bodies[0],
            BodyId::first(1),
            &bodies[1],
            Vec2::ZERO,
        );
        joint.prepare(&bodies);
        joint.solve_velocity(&mut bodies);
        let v = bodies[1].velocity_at(Vec2::ZERO);
        assert!(v.length() < 1e-5, "{v:?}");
        assert_eq!(bodies[0].linear_velocity, Vec2::ZERO);
    }

    #[test]
    fn position_pass_closes_a_gap_without_moving_a_static_anchor() {
        // Box B's anchor is 0.1 m off the static pivot. A pure translation
        // closes it: with K solved exactly the first pass removes the error
        // to first order in the rotation it induces.
        let mut bodies = vec![
            Body::new(&BodyDef::fixed(Vec2::ZERO), &Polygon::rect(0.1, 0.1)),
            Body::new(
                &BodyDef::dynamic(Vec2::new(1.0, 0.0)),
                &Polygon::rect(0.5, 0.2),
            ),
        ];
        let mut joint = RevoluteJoint::new(
            BodyId::first(0),
            &bodies[0],
            BodyId::first(1),
            &bodies[1],
            Vec2::ZERO,
        );
        bodies[1].position += Vec2::new(0.0, -0.1);
        let before = joint.solve_position(&mut bodies);
        assert!((before - 0.1).abs() < 1e-6);
        for _ in 0..3 {
            joint.solve_position(&mut bodies);
        }
        assert!(joint.error(&bodies) < 1e-5, "{}", joint.error(&bodies));
        assert_eq!(bodies[0].position, Vec2::ZERO);
    }
}
