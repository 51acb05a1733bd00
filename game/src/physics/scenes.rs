//! The shared physics test scenes: one set of setups used by the tests, the
//! scene viewer (`platform --bin physics-scenes`) and the benchmark against
//! rapier2d, so all three look at the same thing.
//!
//! Units are metres, kilograms, seconds; the ground's top is `y = 0`;
//! scenes step at [`STEP_S`] (120 Hz). Body ids are fixed by construction
//! order and documented per scene; [`Scene::focus`] names the body a test
//! or the viewer tracks.
//!
//! Rope and chain links belong to [`ROPE_GROUP`] and do not collide with
//! each other (joined neighbours would not anyway); they still hit the
//! ground, the bucket and boxes.
use super::body::{BodyDef, BodyKind, Filter, Material};
use super::id::BodyId;
use super::math::Vec2;
use super::polygon::Polygon;
use super::world::{Settings, World};

/// The scenes' fixed timestep: 120 Hz.
pub const STEP_S: f32 = 1.0 / 120.0;

/// Collision group bit of rope and chain links.
pub const ROPE_GROUP: u32 = 0b10;

/// Filter of rope and chain links: everything but other links.
pub const ROPE_FILTER: Filter = Filter {
    group: ROPE_GROUP,
    mask: !ROPE_GROUP,
};

/// Number of links of the chain and the rope.
pub const LINKS: usize = 32;
/// Length of one chain or rope link, joint to joint (m).
pub const LINK_LENGTH: f32 = 0.25;
/// Half thickness of a link (m).
pub const LINK_HALF_WIDTH: f32 = 0.02;
/// Density of links (kg/m²): a 0.25 × 0.04 link weighs 0.1 kg.
pub const LINK_DENSITY: f32 = 10.0;

/// Pendulum arm: pivot to the bob's centre (m).
pub const PENDULUM_LENGTH: f32 = 2.0;
/// Pendulum bob half size (m): a 0.2 m square.
pub const PENDULUM_BOB_HALF: f32 = 0.1;
/// Pendulum release angle from the vertical (rad): small.
pub const PENDULUM_ANGLE: f32 = 0.1;

/// The bucket's half extents (m) and mass (kg).
pub const BUCKET_HALF: Vec2 = Vec2::new(0.3, 0.2);
/// The bucket's mass (kg).
pub const BUCKET_MASS: f32 = 2.0;
/// Hoisting: the rope's anchor rises at this speed (m/s) between these
/// times (s).
pub const HOIST_SPEED: f32 = 0.6;
/// When the anchor starts rising (s).
pub const HOIST_START_S: f32 = 0.5;
/// When it stops (s).
pub const HOIST_STOP_S: f32 = 5.5;

/// Side of the stacked and pyramid boxes (m).
pub const BOX_SIZE: f32 = 1.0;
/// Boxes in the stack.
pub const STACK_HEIGHT: usize = 5;
/// Rows of the pyramid, bottom first: 12 + 11 + 10 + 9 + 8 = 50 boxes,
/// each row centred on the one below (staggered by half a box).
pub const PYRAMID_ROWS: [usize; 5] = [12, 11, 10, 9, 8];

/// Which scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SceneKind {
    /// A bob on a rigid arm, released from [`PENDULUM_ANGLE`].
    Pendulum,
    /// A chain of links hanging from a pivot.
    Chain,
    /// A rope hoisting a bucket: its anchor is a [`Hoist`].
    RopeBucket,
    /// [`STACK_HEIGHT`] boxes stacked on the ground.
    BoxStack,
    /// A pyramid of boxes, [`PYRAMID_ROWS`].
    Pyramid,
}

impl SceneKind {
    /// Every scene, in viewer key order (1..=5).
    pub const ALL: [SceneKind; 5] = [
        SceneKind::Pendulum,
        SceneKind::Chain,
        SceneKind::RopeBucket,
        SceneKind::BoxStack,
        SceneKind::Pyramid,
    ];

    /// A short lowercase name (file names, benchmark ids).
    pub fn name(self) -> &'static str {
        match self {
            SceneKind::Pendulum => "pendulum",
            SceneKind::Chain => "chain",
            SceneKind::RopeBucket => "rope",
            SceneKind::BoxStack => "stack",
            SceneKind::Pyramid => "pyramid",
        }
    }

    /// Builds the scene.
    pub fn build(self) -> Scene {
        match self {
            SceneKind::Pendulum => pendulum(),
            SceneKind::Chain => chain(),
            SceneKind::RopeBucket => rope_with_bucket(),
            SceneKind::BoxStack => box_stack(),
            SceneKind::Pyramid => pyramid(),
        }
    }
}

/// A kinematic body driven at a constant velocity for a while.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hoist {
    /// The kinematic body driven.
    pub body: BodyId,
    /// Its velocity while driven, m/s.
    pub velocity: Vec2,
    /// When the drive starts (s).
    pub start_s: f32,
    /// When it stops (s); at rest from then on.
    pub stop_s: f32,
}

impl Hoist {
    /// The driven velocity at time `t_s`.
    pub fn velocity_at(&self, t_s: f32) -> Vec2 {
        if t_s >= self.start_s && t_s < self.stop_s {
            self.velocity
        } else {
            Vec2::ZERO
        }
    }
}

/// A world plus what drives and frames it.
#[derive(Clone, Debug)]
pub struct Scene {
    /// Which scene it is.
    pub kind: SceneKind,
    /// The bodies and joints, at time 0.
    pub world: World,
    /// The timestep to run it at.
    pub dt_s: f32,
    /// A driven anchor, if any.
    pub hoist: Option<Hoist>,
    /// The body tests and the viewer follow (bob, last link, bucket, top
    /// box).
    pub focus: BodyId,
    /// The world rectangle a viewer should show: (min, max).
    pub view: (Vec2, Vec2),
}

impl Scene {
    /// Simulated time so far (s).
    pub fn time_s(&self) -> f32 {
        (self.world.step_count() as f64 * f64::from(self.dt_s)) as f32
    }

    /// Drives the hoist (if any) and steps the world once.
    pub fn step(&mut self) {
        if let Some(h) = self.hoist {
            let v = h.velocity_at(self.time_s());
            self.world.body_mut(h.body).set_linear_velocity(v);
        }
        self.world.step(self.dt_s);
    }
}

fn ground(world: &mut World, half_width: f32) -> BodyId {
    world.add_body(
        &BodyDef::fixed(Vec2::new(0.0, -0.5)),
        &Polygon::rect(half_width, 0.5),
    )
}

fn dynamic_def(position: Vec2, angle: f32, density: f32) -> BodyDef {
    let mut def = BodyDef::dynamic(position);
    def.angle = angle;
    def.material = Material {
        density,
        ..Material::default()
    };
    def
}

/// Lays `LINKS` links in a straight line from `from` (pinned to `anchor`)
/// to `to`, joined end to end; returns the last link. The links' length is
/// `|to − from| / LINKS`.
fn rope_between(world: &mut World, anchor: BodyId, from: Vec2, to: Vec2) -> BodyId {
    let along = to - from;
    let angle = along.y.atan2(along.x);
    let link_len = along.length() / LINKS as f32;
    let shape = Polygon::rect(0.5 * link_len, LINK_HALF_WIDTH);
    let mut prev = anchor;
    for i in 0..LINKS {
        let start = from + along * (i as f32 / LINKS as f32);
        let centre = from + along * ((i as f32 + 0.5) / LINKS as f32);
        let mut def = dynamic_def(centre, angle, LINK_DENSITY);
        def.filter = ROPE_FILTER;
        let link = world.add_body(&def, &shape);
        world.add_revolute_joint(prev, link, start);
        prev = link;
    }
    prev
}

/// A single bob on a revolute joint, released at [`PENDULUM_ANGLE`].
/// Bodies: 0 the static pivot at (0, 6), 1 the bob. No ground.
pub fn pendulum() -> Scene {
    let mut world = World::new(Settings::default());
    let pivot_at = Vec2::new(0.0, 6.0);
    let pivot = world.add_body(&BodyDef::fixed(pivot_at), &Polygon::rect(0.05, 0.05));
    let (s, c) = (PENDULUM_ANGLE.sin(), PENDULUM_ANGLE.cos());
    let bob_at = pivot_at + Vec2::new(s, -c) * PENDULUM_LENGTH;
    let bob = world.add_body(
        &dynamic_def(bob_at, PENDULUM_ANGLE, 1.0),
        &Polygon::rect(PENDULUM_BOB_HALF, PENDULUM_BOB_HALF),
    );
    world.add_revolute_joint(pivot, bob, pivot_at);
    Scene {
        kind: SceneKind::Pendulum,
        world,
        dt_s: STEP_S,
        hoist: None,
        focus: bob,
        view: (Vec2::new(-2.5, 2.5), Vec2::new(2.5, 6.5)),
    }
}

/// A 32-link chain pinned at its left end to a static anchor at (0, 9),
/// released horizontally so it swings down. Bodies: 0 the ground, 1 the
/// anchor, 2..=33 the links (link 33 is the free end).
pub fn chain() -> Scene {
    let mut world = World::new(Settings::default());
    ground(&mut world, 12.0);
    let top = Vec2::new(0.0, 9.0);
    let anchor = world.add_body(&BodyDef::fixed(top), &Polygon::rect(0.1, 0.1));
    let end = top + Vec2::new(LINKS as f32 * LINK_LENGTH, 0.0);
    let last = rope_between(&mut world, anchor, top, end);
    Scene {
        kind: SceneKind::Chain,
        world,
        dt_s: STEP_S,
        hoist: None,
        focus: last,
        view: (Vec2::new(-9.0, -0.5), Vec2::new(9.0, 10.0)),
    }
}

/// A 32-link rope from a kinematic anchor down to a 2 kg bucket resting on
/// the ground 1.5 m to the side; the anchor rises at [`HOIST_SPEED`] from
/// [`HOIST_START_S`] to [`HOIST_STOP_S`] (3 m), dragging the bucket, lifting
/// it and leaving it swinging. Bodies: 0 the ground, 1 the anchor,
/// 2..=33 the links, 34 the bucket.
pub fn rope_with_bucket() -> Scene {
    let mut world = World::new(Settings::default());
    ground(&mut world, 12.0);
    let bucket_at = Vec2::new(1.5, BUCKET_HALF.y);
    let bucket_top = bucket_at + Vec2::new(0.0, BUCKET_HALF.y);
    let rope_len = LINKS as f32 * LINK_LENGTH;
    let dx = bucket_top.x;
    let top = Vec2::new(0.0, bucket_top.y + (rope_len * rope_len - dx * dx).sqrt());
    let mut anchor_def = BodyDef::new(BodyKind::Kinematic, top);
    anchor_def.filter = ROPE_FILTER;
    let anchor = world.add_body(&anchor_def, &Polygon::rect(0.1, 0.1));
    let last = rope_between(&mut world, anchor, top, bucket_top);
    let bucket_area = 4.0 * BUCKET_HALF.x * BUCKET_HALF.y;
    let bucket = world.add_body(
        &dynamic_def(bucket_at, 0.0, BUCKET_MASS / bucket_area),
        &Polygon::rect(BUCKET_HALF.x, BUCKET_HALF.y),
    );
    world.add_revolute_joint(last, bucket, bucket_top);
    Scene {
        kind: SceneKind::RopeBucket,
        world,
        dt_s: STEP_S,
        hoist: Some(Hoist {
            body: anchor,
            velocity: Vec2::new(0.0, HOIST_SPEED),
            start_s: HOIST_START_S,
            stop_s: HOIST_STOP_S,
        }),
        focus: bucket,
        view: (Vec2::new(-5.5, -0.5), Vec2::new(5.5, 12.0)),
    }
}

/// [`STACK_HEIGHT`] unit boxes stacked on the ground, touching. Bodies: 0
/// the ground, 1..=5 the boxes bottom to top.
pub fn box_stack() -> Scene {
    let mut world = World::new(Settings::default());
    ground(&mut world, 6.0);
    let half = 0.5 * BOX_SIZE;
    let shape = Polygon::rect(half, half);
    let mut top = BodyId::first(0);
    for i in 0..STACK_HEIGHT {
        top = world.add_body(
            &dynamic_def(Vec2::new(0.0, half + i as f32 * BOX_SIZE), 0.0, 1.0),
            &shape,
        );
    }
    Scene {
        kind: SceneKind::BoxStack,
        world,
        dt_s: STEP_S,
        hoist: None,
        focus: top,
        view: (Vec2::new(-4.0, -0.5), Vec2::new(4.0, 6.0)),
    }
}

/// A pyramid of 50 unit boxes in rows of [`PYRAMID_ROWS`]. Bodies: 0 the
/// ground, then the boxes row by row, bottom first, left to right.
pub fn pyramid() -> Scene {
    let mut world = World::new(Settings::default());
    ground(&mut world, 20.0);
    let half = 0.5 * BOX_SIZE;
    let shape = Polygon::rect(half, half);
    let mut top = BodyId::first(0);
    for (row, &count) in PYRAMID_ROWS.iter().enumerate() {
        let left = -0.5 * (count as f32 - 1.0) * BOX_SIZE;
        for i in 0..count {
            let at = Vec2::new(left + i as f32 * BOX_SIZE, half + row as f32 * BOX_SIZE);
            top = world.add_body(&dynamic_def(at, 0.0, 1.0), &shape);
        }
    }
    Scene {
        kind: SceneKind::Pyramid,
        world,
        dt_s: STEP_S,
        hoist: None,
        focus: top,
        view: (Vec2::new(-8.0, -0.5), Vec2::new(8.0, 7.0)),
    }
}

/// Two equal unit boxes (1 kg) in zero gravity, 1 m apart face to face,
/// flying at each other at `speed` m/s each, with restitution `e` and no
/// friction. Bodies: 0 the left box (moving +x), 1 the right box.
pub fn head_on(restitution: f32, speed: f32) -> World {
    let mut world = World::new(Settings {
        gravity: Vec2::ZERO,
        ..Settings::default()
    });
    let material = Material {
        density: 1.0,
        restitution,
        static_friction: 0.0,
        dynamic_friction: 0.0,
    };
    for (x, v) in [(-1.0, speed), (1.0, -speed)] {
        let mut def = BodyDef::dynamic(Vec2::new(x, 0.0));
        def.linear_velocity = Vec2::new(v, 0.0);
        def.material = material;
        world.add_body(&def, &Polygon::rect(0.5, 0.5));
    }
    world
}
