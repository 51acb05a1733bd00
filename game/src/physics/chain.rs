//! Joint chains solved exactly: a rope is a path of revolute joints, and the
//! 2×2 systems of neighbouring joints couple only through the one body they
//! share, so the whole rope's joint system is block-tridiagonal with 2×2
//! blocks and Gaussian elimination along the path solves it exactly in
//! linear time. This is the solution that Gauss–Seidel over the same 2×2
//! joint systems converges to — slowly for a long rope with a heavy load:
//! each sweep carries a correction one link, and a 2 kg bucket on 0.1 kg
//! links makes the error shrink by little per sweep.
//!
//! The system. Joint `k` between bodies A and B has Jacobian
//! `J_{k,c} = σ [I₂ | u]` on each body `c` it touches, `σ = +1` on B and
//! `−1` on A, `u = perp(r) = (−r_y, r_x)` its arm on `c`. With
//! `M_c⁻¹ = diag(1/m, 1/m, 1/I)` the system matrix `A = J M⁻¹ Jᵀ` has
//!
//! - diagonal blocks `A_kk = K_k`, the joint's own matrix (`joint` module);
//! - off-diagonal blocks, through the shared body `s` of joints `k` and
//!   `k+1`: `A_{k,k+1} = σ_k σ_{k+1} (I₂/m_s + u_k u_{k+1}ᵀ / I_s)`, and
//!   `A_{k+1,k} = A_{k,k+1}ᵀ`; blocks of joints sharing no dynamic body are
//!   zero (static and kinematic bodies have infinite mass and couple
//!   nothing).
//!
//! Block Thomas elimination: `D_0 = A_00`, `L_k = A_{k,k−1} D_{k−1}⁻¹`,
//! `D_k = A_kk − L_k A_{k−1,k}`; forward `y_k = b_k − L_k y_{k−1}`, back
//! `x_k = D_k⁻¹ (y_k − A_{k,k+1} x_{k+1})`. `A` is symmetric positive
//! definite for a chain of dynamic bodies, so every `D_k` (a Schur
//! complement) is too and no pivoting is needed.
//!
//! Velocity pass: `b = −Ċ` for every joint of the path, then every `x_k` is
//! applied: afterwards every joint of the rope has `Ċ = 0` (up to rounding;
//! the repeated passes of the solver refine it). Position pass: the arms
//! and blocks are re-evaluated at the current poses, `b = −C`, and the
//! solution moves the bodies (one Newton step on the whole rope).
//!
//! Which joints: the joints are grouped by shared dynamic bodies; a group
//! where every body has at most two joints and there is no cycle is a
//! path, ordered from one end. Joints of any other group (a body with three
//! joints, a loop) are *loose* and solved one by one with Gauss–Seidel, as
//! are all joints when `Settings::direct_chains` is off. A single joint is a
//! path of one, where this is exactly the joint's own 2×2 solve.
use super::body::{Body, BodyKind};
use super::joint::RevoluteJoint;
use super::math::{Mat22, Vec2};

/// A path whose joints all have a relative anchor speed below this (m/s)
/// needs no velocity pass.
pub(crate) const VELOCITY_TOLERANCE: f32 = 1e-6;

/// A path whose joints are all closer than this (m) needs no position pass.
pub(crate) const POSITION_TOLERANCE: f32 = 1e-6;

/// How joint `order[k]` meets joint `order[k + 1]`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Coupling {
    /// The shared body; `u32::MAX` at the end of a path.
    body: u32,
    /// `σ` of the shared body in this joint and in the next (+1 B, −1 A).
    sign_this: f32,
    sign_next: f32,
}

/// The paths of joints of a world and the scratch to solve them (see the
/// module doc).
#[derive(Clone, Debug, Default)]
pub(crate) struct Chains {
    /// Joint count and mode this was built for; rebuilt when they change.
    built_for: Option<(u64, bool)>,
    /// Joint indices of all paths, concatenated.
    order: Vec<u32>,
    /// `order[start..end]` of each path.
    ranges: Vec<(usize, usize)>,
    /// Per position in `order`: the coupling to the next position.
    next: Vec<Coupling>,
    /// Joints on no path.
    loose: Vec<u32>,
    /// Per position: `A_{k,k+1}`, `L_k`, `D_k⁻¹`, and the right-hand side /
    /// forward result `y_k`, the solution `x_k`.
    upper: Vec<Mat22>,
    lower: Vec<Mat22>,
    inv_d: Vec<Mat22>,
    y: Vec<Vec2>,
    x: Vec<Vec2>,
}

/// `perp(r) = (−r_y, r_x)`.
#[inline]
fn perp(r: Vec2) -> Vec2 {
    Vec2::new(-r.y, r.x)
}

impl Chains {
    /// Rebuilds the paths if the joints or the mode changed.
    pub(crate) fn update(
        &mut self,
        joints: &[RevoluteJoint],
        bodies: &[Body],
        direct: bool,
        topology: u64,
    ) {
        if self.built_for != Some((topology, direct)) {
            self.rebuild(joints, bodies, direct);
            self.built_for = Some((topology, direct));
        }
    }

    /// Number of paths and of loose joints (for tests).
    #[cfg(test)]
    pub(crate) fn shape(&self) -> (Vec<usize>, usize) {
        (
            self.ranges.iter().map(|&(s, e)| e - s).collect(),
            self.loose.len(),
        )
    }

    fn rebuild(&mut self, joints: &[RevoluteJoint], bodies: &[Body], direct: bool) {
        self.order.clear();
        self.ranges.clear();
        self.next.clear();
        self.loose.clear();
        if !direct {
            self.loose.extend(0..joints.len() as u32);
            return self.size_scratch();
        }
        let dynamic = |b: u32| bodies[b as usize].kind == BodyKind::Dynamic;
        // Joints at each dynamic body, in joint order.
        let mut at_body: Vec<Vec<u32>> = vec![Vec::new(); bodies.len()];
        for (ji, j) in joints.iter().enumerate() {
            for b in [(j.body_a.index() as u32), (j.body_b.index() as u32)] {
                if dynamic(b) {
                    at_body[b as usize].push(ji as u32);
                }
            }
        }
        // Joints sharing a dynamic body with each joint, in joint order.
        let adjacent: Vec<Vec<u32>> = joints
            .iter()
            .enumerate()
            .map(|(ji, j)| {
                [(j.body_a.index() as u32), (j.body_b.index() as u32)]
                    .into_iter()
                    .filter(|&b| dynamic(b))
                    .flat_map(|b| at_body[b as usize].iter().copied())
                    .filter(|&o| o != ji as u32)
                    .collect()
            })
            .collect();
        let mut seen = vec![false; joints.len()];
        let mut component = Vec::new();
        for start in 0..joints.len() as u32 {
            if seen[start as usize] {
                continue;
            }
            // Collect the group by a depth-first walk.
            component.clear();
            let mut stack = vec![start];
            seen[start as usize] = true;
            while let Some(ji) = stack.pop() {
                component.push(ji);
                for &o in &adjacent[ji as usize] {
                    if !seen[o as usize] {
                        seen[o as usize] = true;
                        stack.push(o);
                    }
                }
            }
            component.sort_unstable();
            // A path: every body holds ≤ 2 of its joints, and the shared
            // bodies (edges) number one fewer than the joints (no cycle).
            let mut edges = 0usize;
            let mut branching = false;
            for &ji in &component {
                let j = &joints[ji as usize];
                for b in [(j.body_a.index() as u32), (j.body_b.index() as u32)] {
                    if !dynamic(b) {
                        continue;
                    }
                    let degree = at_body[b as usize].len();
                    branching |= degree > 2;
                    // Count each shared body once, from its first joint.
                    if degree == 2 && at_body[b as usize][0] == ji {
                        edges += 1;
                    }
                }
            }
            if branching || edges + 1 != component.len() {
                self.loose.extend_from_slice(&component);
                continue;
            }
            // Walk from the lowest-numbered end.
            let end = component
                .iter()
                .copied()
                .find(|&ji| adjacent[ji as usize].len() <= 1)
                .unwrap_or_else(|| unreachable!("an acyclic group has an end"));
            let begin = self.order.len();
            let (mut prev, mut cur) = (u32::MAX, end);
            loop {
                self.order.push(cur);
                let Some(nxt) = adjacent[cur as usize].iter().copied().find(|&o| o != prev) else {
                    break;
                };
                let (jc, jn) = (&joints[cur as usize], &joints[nxt as usize]);
                let shared = [(jc.body_a.index() as u32), (jc.body_b.index() as u32)]
                    .into_iter()
                    .find(|&b| {
                        dynamic(b)
                            && (b == (jn.body_a.index() as u32) || b == (jn.body_b.index() as u32))
                    })
                    .unwrap_or_else(|| unreachable!("neighbours share a body"));
                let sign = |j: &RevoluteJoint| {
                    if (j.body_b.index() as u32) == shared {
                        1.0
                    } else {
                        -1.0
                    }
                };
                self.next.push(Coupling {
                    body: shared,
                    sign_this: sign(jc),
                    sign_next: sign(jn),
                });
                prev = cur;
                cur = nxt;
            }
            self.next.push(Coupling {
                body: u32::MAX,
                sign_this: 0.0,
                sign_next: 0.0,
            });
            self.ranges.push((begin, self.order.len()));
        }
        self.size_scratch();
    }

    fn size_scratch(&mut self) {
        let n = self.order.len();
        self.upper.resize(n, Mat22::default());
        self.lower.resize(n, Mat22::default());
        self.inv_d.resize(n, Mat22::default());
        self.y.resize(n, Vec2::ZERO);
        self.x.resize(n, Vec2::ZERO);
    }

    /// Factors every path at the joints' prepared arms and `K`.
    fn factor(&mut self, joints: &[RevoluteJoint], bodies: &[Body]) {
        for &(start, end) in &self.ranges {
            for k in start..end {
                let j = &joints[self.order[k] as usize];
                let c = self.next[k];
                self.upper[k] = if k + 1 < end {
                    let jn = &joints[self.order[k + 1] as usize];
                    let s = &bodies[c.body as usize];
                    let arm =
                        |j: &RevoluteJoint, sign: f32| if sign > 0.0 { j.arm_b } else { j.arm_a };
                    let u_this = perp(arm(j, c.sign_this));
                    let u_next = perp(arm(jn, c.sign_next));
                    (Mat22::diagonal(s.inv_mass) + Mat22::outer(u_this, u_next) * s.inv_inertia)
                        * (c.sign_this * c.sign_next)
                } else {
                    Mat22::default()
                };
                let d = if k == start {
                    j.mass
                } else {
                    let u = self.upper[k - 1];
                    let l = u.transpose() * self.inv_d[k - 1];
                    self.lower[k] = l;
                    j.mass - l * u
                };
                self.inv_d[k] = d.inverse();
            }
        }
    }

    /// Solves `A x = y` for path `start..end` (`y` holds the right-hand
    /// side on entry).
    fn solve_path(&mut self, start: usize, end: usize) {
        for k in start + 1..end {
            self.y[k] = self.y[k] - self.lower[k] * self.y[k - 1];
        }
        self.x[end - 1] = self.inv_d[end - 1] * self.y[end - 1];
        for k in (start..end - 1).rev() {
            self.x[k] = self.inv_d[k] * (self.y[k] - self.upper[k] * self.x[k + 1]);
        }
    }

    /// Call after the joints are prepared for the step: factors the paths.
    pub(crate) fn prepare(&mut self, joints: &[RevoluteJoint], bodies: &[Body]) {
        self.factor(joints, bodies);
    }

    /// One velocity pass over every joint: exact on paths, Gauss–Seidel on
    /// loose joints. A path whose joints all have `|Ċ|` below
    /// [`VELOCITY_TOLERANCE`] is already solved and is skipped.
    pub(crate) fn solve_velocity(&mut self, joints: &mut [RevoluteJoint], bodies: &mut [Body]) {
        for r in 0..self.ranges.len() {
            let (start, end) = self.ranges[r];
            let mut worst = 0.0f32;
            for k in start..end {
                let e = -joints[self.order[k] as usize].velocity_error(bodies);
                worst = worst.max(e.length_squared());
                self.y[k] = e;
            }
            if worst <= VELOCITY_TOLERANCE * VELOCITY_TOLERANCE {
                continue;
            }
            self.solve_path(start, end);
            for k in start..end {
                joints[self.order[k] as usize].apply_impulse(bodies, self.x[k]);
            }
        }
        for &ji in &self.loose {
            joints[ji as usize].solve_velocity(bodies);
        }
    }

    /// One position pass over every joint: a Newton step on each path,
    /// refactored at the current poses (reusing the factors of an earlier
    /// pose converges far worse where a rope whips: the arms turn by `ω·dt`
    /// per step), Gauss–Seidel on loose joints. A path whose joints all have
    /// `|C|` below [`POSITION_TOLERANCE`] is skipped. Returns whether it
    /// may have moved a body (false: every path was skipped and there is no
    /// loose joint).
    pub(crate) fn solve_position(
        &mut self,
        joints: &mut [RevoluteJoint],
        bodies: &mut [Body],
    ) -> bool {
        let mut moved = !self.loose.is_empty();
        for &ji in &self.order {
            joints[ji as usize].prepare(bodies);
        }
        self.factor(joints, bodies);
        for r in 0..self.ranges.len() {
            let (start, end) = self.ranges[r];
            let mut worst = 0.0f32;
            for k in start..end {
                let e = -joints[self.order[k] as usize].position_error(bodies);
                worst = worst.max(e.length_squared());
                self.y[k] = e;
            }
            if worst <= POSITION_TOLERANCE * POSITION_TOLERANCE {
                continue;
            }
            self.solve_path(start, end);
            for k in start..end {
                joints[self.order[k] as usize].apply_position_impulse(bodies, self.x[k]);
            }
            moved = true;
        }
        for &ji in &self.loose {
            joints[ji as usize].solve_position(bodies);
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::body::BodyDef;
    use crate::physics::polygon::Polygon;
    use crate::physics::scenes;
    use crate::physics::world::{Settings, World};

    fn shape_of(world: &World, direct: bool) -> (Vec<usize>, usize) {
        let mut chains = Chains::default();
        chains.update(world.joints(), world.bodies(), direct, world.topology());
        chains.shape()
    }

    #[test]
    fn a_rope_is_one_path_and_branches_and_loops_are_loose() {
        // Anchor–link…link–bucket: 33 joints in one path.
        let rope = scenes::rope_with_bucket();
        assert_eq!(shape_of(&rope.world, true), (vec![33], 0));
        assert_eq!(shape_of(&rope.world, false), (vec![], 33));

        // A hub holding three joints is no path.
        let mut w = World::new(Settings::default());
        let anchor = w.add_body(&BodyDef::fixed(Vec2::ZERO), &Polygon::rect(0.1, 0.1));
        let hub = w.add_body(
            &BodyDef::dynamic(Vec2::new(0.0, -1.0)),
            &Polygon::rect(0.1, 0.1),
        );
        w.add_revolute_joint(anchor, hub, Vec2::ZERO);
        for x in [-1.0, 1.0] {
            let arm = w.add_body(
                &BodyDef::dynamic(Vec2::new(x, -1.0)),
                &Polygon::rect(0.1, 0.1),
            );
            w.add_revolute_joint(hub, arm, Vec2::new(0.5 * x, -1.0));
        }
        assert_eq!(shape_of(&w, true), (vec![], 3));

        // Two joints between the same two dynamic bodies form a loop; a
        // separate single joint is a path of one.
        let mut w = World::new(Settings::default());
        let a = w.add_body(&BodyDef::dynamic(Vec2::ZERO), &Polygon::rect(0.5, 0.1));
        let b = w.add_body(
            &BodyDef::dynamic(Vec2::new(1.0, 0.0)),
            &Polygon::rect(0.5, 0.1),
        );
        w.add_revolute_joint(a, b, Vec2::new(0.5, 0.05));
        w.add_revolute_joint(a, b, Vec2::new(0.5, -0.05));
        let c = w.add_body(
            &BodyDef::fixed(Vec2::new(5.0, 0.0)),
            &Polygon::rect(0.1, 0.1),
        );
        let d = w.add_body(
            &BodyDef::dynamic(Vec2::new(5.0, -1.0)),
            &Polygon::rect(0.1, 0.1),
        );
        w.add_revolute_joint(c, d, Vec2::new(5.0, 0.0));
        assert_eq!(shape_of(&w, true), (vec![1], 2));
    }
}
