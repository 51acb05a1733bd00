//! Rigid bodies: one convex polygon each, with a pose, velocities, mass
//! properties, a surface material and a collision filter.
//!
//! Invariants:
//! - `position` is the centre of mass in world space; the polygon is stored
//!   relative to it (the world shifts the polygon the caller gives so that
//!   its centroid is the body origin, see `World::add_body`).
//! - Static and kinematic bodies have `inv_mass = inv_inertia = 0`: no
//!   impulse or positional correction moves them. A static body never
//!   moves at all; a kinematic one moves only by the velocity its owner
//!   sets (a hoisting winch, a moving anchor).
//! - Dynamic bodies have positive mass and inertia from their polygon and
//!   density.
//! - Force and torque accumulate between steps and are cleared by each step.
//! - Setting a velocity, force, impulse or mass wakes a sleeping body
//!   (`sleep`); a sleeping body is dynamic and still.
//!
//! Bodies live in `World::bodies` and are named by [`BodyId`]: their index
//! there and the slot's generation (see `id`). A removed body's slot is kept (as a
//! still, untouchable body) until a new body reuses it with the next
//! generation, so indices never shift and a stale id is detected.
use super::id::BodyId;
use super::math::{cross_sv, Rot, Transform, Vec2};
use super::polygon::Polygon;

/// The `island` of a body that is not part of a sleeping island (see
/// `sleep`).
pub(crate) const NO_ISLAND: u32 = u32::MAX;

/// How a body moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    /// Never moves; infinite mass.
    Static,
    /// Moves by the velocity set on it, ignoring forces and impulses;
    /// infinite mass.
    Kinematic,
    /// Moved by gravity, forces, contacts and joints.
    Dynamic,
}

/// Surface and bulk properties.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Material {
    /// kg/m²; ignored for static and kinematic bodies.
    pub density: f32,
    /// Coefficient of restitution in [0, 1]; a pair uses the larger.
    pub restitution: f32,
    /// Coulomb coefficient below which contacts stick; a pair uses
    /// `sqrt(μA·μB)`.
    pub static_friction: f32,
    /// Coulomb coefficient while sliding (≤ static); a pair uses
    /// `sqrt(μA·μB)`.
    pub dynamic_friction: f32,
}

impl Default for Material {
    fn default() -> Material {
        Material {
            density: 1.0,
            restitution: 0.0,
            static_friction: 0.6,
            dynamic_friction: 0.4,
        }
    }
}

/// Which bodies may touch: two bodies collide when each one's `group` bits
/// meet the other's `mask`. Bodies joined by a joint never collide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    /// The categories this body belongs to.
    pub group: u32,
    /// The categories this body collides with.
    pub mask: u32,
}

impl Filter {
    /// Everything collides with everything.
    pub const DEFAULT: Filter = Filter {
        group: 1,
        mask: u32::MAX,
    };

    /// Whether bodies with these filters may touch.
    #[inline]
    pub fn allows(self, other: Filter) -> bool {
        (self.group & other.mask) != 0 && (other.group & self.mask) != 0
    }
}

impl Default for Filter {
    fn default() -> Filter {
        Filter::DEFAULT
    }
}

/// What to build a body from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyDef {
    /// Static, kinematic or dynamic.
    pub kind: BodyKind,
    /// Where the polygon's local origin goes, world space.
    pub position: Vec2,
    /// Counter-clockwise angle, radians.
    pub angle: f32,
    /// Starting velocity of the centre of mass, m/s.
    pub linear_velocity: Vec2,
    /// Starting angular velocity, rad/s, counter-clockwise.
    pub angular_velocity: f32,
    /// Density, friction and restitution.
    pub material: Material,
    /// Which other bodies it collides with.
    pub filter: Filter,
}

impl BodyDef {
    /// A body of `kind` at `position`, at rest, default material and filter.
    pub fn new(kind: BodyKind, position: Vec2) -> BodyDef {
        BodyDef {
            kind,
            position,
            angle: 0.0,
            linear_velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            material: Material::default(),
            filter: Filter::DEFAULT,
        }
    }

    /// A static body at `position`.
    pub fn fixed(position: Vec2) -> BodyDef {
        BodyDef::new(BodyKind::Static, position)
    }

    /// A dynamic body at `position`.
    pub fn dynamic(position: Vec2) -> BodyDef {
        BodyDef::new(BodyKind::Dynamic, position)
    }
}

/// A rigid body (see the module doc for the invariants).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    pub(crate) kind: BodyKind,
    /// The shape, relative to the centre of mass.
    pub(crate) polygon: Polygon,
    /// Centre of mass, world.
    pub(crate) position: Vec2,
    pub(crate) rot: Rot,
    pub(crate) linear_velocity: Vec2,
    pub(crate) angular_velocity: f32,
    /// Accumulated force (N) and torque (N·m) for the next step.
    pub(crate) force: Vec2,
    pub(crate) torque: f32,
    pub(crate) mass: f32,
    pub(crate) inv_mass: f32,
    pub(crate) inertia: f32,
    pub(crate) inv_inertia: f32,
    pub(crate) material: Material,
    pub(crate) filter: Filter,
    /// Pose at the start of the last step, for interpolated drawing.
    /// Velocities at the start of the current step, before gravity and
    /// forces: what a contact's bounce is measured from.
    pub(crate) step_start_velocity: Vec2,
    pub(crate) step_start_angular: f32,
    pub(crate) prev_position: Vec2,
    pub(crate) prev_rot: Rot,
    /// Sleeping (see `sleep`): not simulated until woken; how long the body
    /// has been slow; the tag of the island it fell asleep with.
    pub(crate) asleep: bool,
    pub(crate) sleep_time: f32,
    pub(crate) island: u32,
}

impl Body {
    /// Builds a body; the polygon is re-centred on its centroid and the
    /// position moved to match, so the body's origin is its centre of mass.
    pub(crate) fn new(def: &BodyDef, polygon: &Polygon) -> Body {
        let props = polygon.mass_properties(def.material.density.max(0.0));
        let rot = Rot::from_angle(def.angle);
        let position = def.position + rot.rotate(props.centroid);
        let local = polygon.translated(-props.centroid);
        let dynamic = def.kind == BodyKind::Dynamic;
        let (mass, inertia) = if dynamic && props.mass > 0.0 && props.inertia > 0.0 {
            (props.mass, props.inertia)
        } else {
            (0.0, 0.0)
        };
        debug_assert!(
            !dynamic || mass > 0.0,
            "a dynamic body needs a positive density"
        );
        let moving = def.kind != BodyKind::Static;
        Body {
            kind: def.kind,
            polygon: local,
            position,
            rot,
            linear_velocity: if moving {
                def.linear_velocity
            } else {
                Vec2::ZERO
            },
            angular_velocity: if moving { def.angular_velocity } else { 0.0 },
            force: Vec2::ZERO,
            torque: 0.0,
            mass,
            inv_mass: if mass > 0.0 { 1.0 / mass } else { 0.0 },
            inertia,
            inv_inertia: if inertia > 0.0 { 1.0 / inertia } else { 0.0 },
            material: def.material,
            filter: def.filter,
            step_start_velocity: Vec2::ZERO,
            step_start_angular: 0.0,
            prev_position: position,
            prev_rot: rot,
            asleep: false,
            sleep_time: 0.0,
            island: NO_ISLAND,
        }
    }

    /// Whether the body is simulated (not sleeping, see `sleep`); static
    /// and kinematic bodies are always awake.
    #[inline]
    pub fn is_awake(&self) -> bool {
        !self.asleep
    }

    /// Wakes the body, and with it (at the next step) its whole island.
    pub fn wake(&mut self) {
        self.asleep = false;
        self.sleep_time = 0.0;
    }

    /// Static, kinematic or dynamic.
    #[inline]
    pub fn kind(&self) -> BodyKind {
        self.kind
    }

    /// The shape, relative to the centre of mass.
    #[inline]
    pub fn polygon(&self) -> &Polygon {
        &self.polygon
    }

    /// Centre of mass, world space.
    #[inline]
    pub fn position(&self) -> Vec2 {
        self.position
    }

    /// Orientation.
    #[inline]
    pub fn rot(&self) -> Rot {
        self.rot
    }

    /// Orientation as an angle in (−π, π].
    pub fn angle(&self) -> f32 {
        self.rot.angle()
    }

    /// Body-to-world transform.
    #[inline]
    pub fn transform(&self) -> Transform {
        Transform {
            p: self.position,
            q: self.rot,
        }
    }

    /// Velocity of the centre of mass, m/s.
    #[inline]
    pub fn linear_velocity(&self) -> Vec2 {
        self.linear_velocity
    }

    /// Angular velocity, rad/s counter-clockwise.
    #[inline]
    pub fn angular_velocity(&self) -> f32 {
        self.angular_velocity
    }

    /// Mass in kg; 0 for static and kinematic bodies.
    #[inline]
    pub fn mass(&self) -> f32 {
        self.mass
    }

    /// 1/mass; 0 for static and kinematic bodies.
    #[inline]
    pub fn inv_mass(&self) -> f32 {
        self.inv_mass
    }

    /// Moment of inertia about the centre of mass; 0 if not dynamic.
    #[inline]
    pub fn inertia(&self) -> f32 {
        self.inertia
    }

    /// 1/inertia; 0 if not dynamic.
    #[inline]
    pub fn inv_inertia(&self) -> f32 {
        self.inv_inertia
    }

    /// Surface and bulk properties.
    #[inline]
    pub fn material(&self) -> Material {
        self.material
    }

    /// The collision filter.
    #[inline]
    pub fn filter(&self) -> Filter {
        self.filter
    }

    /// A body-local point (relative to the centre of mass) in world space.
    #[inline]
    pub fn world_point(&self, local: Vec2) -> Vec2 {
        self.transform().apply(local)
    }

    /// A world point in body-local space (relative to the centre of mass).
    #[inline]
    pub fn local_point(&self, world: Vec2) -> Vec2 {
        self.transform().apply_inv(world)
    }

    /// Velocity of the material point at `world`: `v + ω × (p − x)`.
    #[inline]
    pub fn velocity_at(&self, world: Vec2) -> Vec2 {
        self.linear_velocity + cross_sv(self.angular_velocity, world - self.position)
    }

    /// Kinetic energy `½ m v² + ½ I ω²` (0 for non-dynamic bodies).
    pub fn kinetic_energy(&self) -> f32 {
        0.5 * self.mass * self.linear_velocity.length_squared()
            + 0.5 * self.inertia * self.angular_velocity * self.angular_velocity
    }

    /// The polygon's vertices in world space, written into `out`; returns
    /// how many.
    pub fn world_vertices(&self, out: &mut [Vec2; super::polygon::MAX_VERTICES]) -> usize {
        let xf = self.transform();
        for (o, &v) in out.iter_mut().zip(self.polygon.vertices()) {
            *o = xf.apply(v);
        }
        self.polygon.count()
    }

    /// The pose drawn `alpha` (0..=1) of the way from the previous step's
    /// pose to the current one.
    pub fn interpolated_transform(&self, alpha: f32) -> Transform {
        Transform {
            p: self.prev_position.lerp(self.position, alpha),
            q: self.prev_rot.nlerp(self.rot, alpha),
        }
    }

    /// Sets the velocity of a dynamic or kinematic body (ignored for static).
    pub fn set_linear_velocity(&mut self, v: Vec2) {
        if self.kind != BodyKind::Static {
            if v != Vec2::ZERO {
                self.wake();
            }
            self.linear_velocity = v;
        }
    }

    /// Sets the angular velocity of a dynamic or kinematic body (ignored for
    /// static).
    pub fn set_angular_velocity(&mut self, w: f32) {
        if self.kind != BodyKind::Static {
            if w != 0.0 {
                self.wake();
            }
            self.angular_velocity = w;
        }
    }

    /// Sets a dynamic body's mass (kg, > 0) directly — a bucket with a
    /// relic in it weighs more than its polygon's density says — scaling
    /// its rotational inertia with it (the mass stays spread as the shape
    /// spreads it). Ignored for static and kinematic bodies and for a
    /// mass that is not positive and finite.
    pub fn set_mass(&mut self, mass: f32) {
        if self.kind != BodyKind::Dynamic || !(mass > 0.0 && mass.is_finite()) {
            return;
        }
        let scale = if self.mass > 0.0 {
            mass / self.mass
        } else {
            1.0
        };
        self.wake();
        self.mass = mass;
        self.inv_mass = 1.0 / mass;
        self.inertia *= scale;
        self.inv_inertia = if self.inertia > 0.0 {
            1.0 / self.inertia
        } else {
            0.0
        };
    }

    /// Adds a force (N) at the centre of mass for the next step.
    pub fn apply_force(&mut self, force: Vec2) {
        if force != Vec2::ZERO {
            self.wake();
        }
        self.force += force;
    }

    /// Applies an impulse (N·s) at a world point now: `Δv = J/m`,
    /// `Δω = (r × J)/I`. No effect on static or kinematic bodies.
    pub fn apply_impulse_at(&mut self, impulse: Vec2, world_point: Vec2) {
        if impulse != Vec2::ZERO && self.kind == BodyKind::Dynamic {
            self.wake();
        }
        self.linear_velocity += impulse * self.inv_mass;
        self.angular_velocity += self.inv_inertia * (world_point - self.position).cross(impulse);
    }
}

/// Writes a solved velocity back, except to bodies of infinite mass (their
/// velocity cannot have changed): skipping the store keeps consecutive
/// constraints on the ground from chaining through its memory, so the CPU
/// can overlap them.
#[inline]
pub(crate) fn store_velocity(body: &mut Body, v: Vec2, w: f32) {
    if body.inv_mass != 0.0 || body.inv_inertia != 0.0 {
        body.linear_velocity = v;
        body.angular_velocity = w;
    }
}

/// Two distinct bodies of a slice, mutably.
#[inline]
pub(crate) fn pair_mut(bodies: &mut [Body], a: BodyId, b: BodyId) -> (&mut Body, &mut Body) {
    let (ia, ib) = (a.index(), b.index());
    debug_assert_ne!(ia, ib, "a constraint joins two different bodies");
    if ia < ib {
        let (lo, hi) = bodies.split_at_mut(ib);
        (&mut lo[ia], &mut hi[0])
    } else {
        let (lo, hi) = bodies.split_at_mut(ia);
        (&mut hi[0], &mut lo[ib])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_bodies_have_infinite_mass_and_no_velocity() {
        let mut def = BodyDef::fixed(Vec2::new(1.0, 2.0));
        def.linear_velocity = Vec2::new(5.0, 0.0);
        let mut body = Body::new(&def, &Polygon::rect(1.0, 1.0));
        assert_eq!(body.inv_mass(), 0.0);
        assert_eq!(body.inv_inertia(), 0.0);
        assert_eq!(body.linear_velocity(), Vec2::ZERO);
        body.set_linear_velocity(Vec2::X);
        body.apply_impulse_at(Vec2::new(3.0, 0.0), Vec2::new(1.0, 3.0));
        assert_eq!(body.linear_velocity(), Vec2::ZERO);
        assert_eq!(body.angular_velocity(), 0.0);
    }

    #[test]
    fn off_centre_polygon_is_recentred_on_its_centroid() {
        // A 2×2 box whose local origin is its bottom-left corner, placed at
        // (10, 0) turned a quarter turn: the centroid (1, 1) maps to
        // (10, 0) + rot90(1, 1) = (9, 1).
        let poly = Polygon::rect(1.0, 1.0).translated(Vec2::new(1.0, 1.0));
        let mut def = BodyDef::dynamic(Vec2::new(10.0, 0.0));
        def.angle = std::f32::consts::FRAC_PI_2;
        let body = Body::new(&def, &poly);
        assert!((body.position() - Vec2::new(9.0, 1.0)).length() < 1e-5);
        // m = 4, I = m(w² + h²)/12 = 4·8/12.
        assert!((body.mass() - 4.0).abs() < 1e-5);
        assert!((body.inertia() - 8.0 / 3.0).abs() < 1e-5);
    }

    #[test]
    fn impulses_change_velocity_by_j_over_m_and_r_cross_j_over_i() {
        // 2×2 box of density 1: m = 4, I = 8/3. Impulse (0, 2) at (1, 0) from
        // the centre: Δv = (0, 0.5), Δω = (1·2 − 0·0)/(8/3) = 0.75.
        let mut body = Body::new(&BodyDef::dynamic(Vec2::ZERO), &Polygon::rect(1.0, 1.0));
        body.apply_impulse_at(Vec2::new(0.0, 2.0), Vec2::new(1.0, 0.0));
        assert!((body.linear_velocity() - Vec2::new(0.0, 0.5)).length() < 1e-6);
        assert!((body.angular_velocity() - 0.75).abs() < 1e-6);
        // The point at (1, 0) now moves at v + ω × r = (0, 0.5) + (0, 0.75).
        assert!((body.velocity_at(Vec2::X) - Vec2::new(0.0, 1.25)).length() < 1e-6);
    }

    #[test]
    fn set_mass_scales_the_inertia_and_leaves_fixed_bodies_alone() {
        let poly = Polygon::rect(0.5, 0.5);
        let mut b = Body::new(&BodyDef::dynamic(Vec2::ZERO), &poly);
        let (m, i) = (b.mass(), b.inertia());
        b.set_mass(3.0 * m);
        assert!((b.mass() - 3.0 * m).abs() < 1e-6);
        assert!((b.inertia() - 3.0 * i).abs() < 1e-5);
        assert!((b.inv_mass() * b.mass() - 1.0).abs() < 1e-6);
        b.set_mass(-1.0);
        assert!((b.mass() - 3.0 * m).abs() < 1e-6, "refused");
        let mut s = Body::new(&BodyDef::fixed(Vec2::ZERO), &poly);
        s.set_mass(5.0);
        assert_eq!(s.inv_mass(), 0.0);
    }

    #[test]
    fn filters_need_both_ways() {
        let rope = Filter { group: 2, mask: !2 };
        assert!(!rope.allows(rope), "rope links skip each other");
        assert!(rope.allows(Filter::DEFAULT));
        assert!(Filter::DEFAULT.allows(Filter::DEFAULT));
    }
}
