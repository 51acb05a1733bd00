//! Physics step benchmark: our `game::physics` against rapier2d on the same
//! scenes (`game::physics::scenes`), stepped at 120 Hz.
//!
//! - `physics/rope/{ours,rapier2d}`: the 32-link rope hoisting a 2 kg
//!   bucket (35 bodies, 33 joints, a few contacts); also
//!   `physics/rope/ours-joint-by-joint`, ours with the rope's joints solved
//!   by Gauss–Seidel one at a time instead of as one exact chain;
//! - `physics/pyramid/{ours,rapier2d}`: 50 unit boxes on the ground;
//! - `motion/4-ropes-32-cells/{ours,rapier2d}`: the ropes of a level in
//!   motion (`game::motion::RopeMotion::benchmark_ropes`), one step of all
//!   four;
//! - `physics/pyramid-asleep-one-box-bouncing/{ours,rapier2d}`: sleeping on
//!   in both, the pyramid asleep beside one box that bounces for ever (one
//!   small island awake); with it, paired figures for that scene and for
//!   the pile all asleep (`pyramid-asleep`).
//!
//! The rapier2d world is built from our scene's bodies and joints one for
//! one: same poses, shapes (boxes as rapier cuboids), densities, gravity,
//! timestep, restitution (combine rule Max), friction (our dynamic
//! coefficient, combine rule GeometricMean), rope links filtered from each
//! other by collision groups, joints with contacts disabled, sleeping off
//! (as ours in those rows). Rapier keeps its default solver: 4 substeps
//! (`num_solver_iterations`) of 1 PGS iteration plus 1 stabilisation
//! iteration each — 8 velocity passes a step, like our 8 velocity iterations
//! (plus our 3 position passes). Before timing, each engine simulates 10 s
//! of each scene and prints the largest joint error (distance between a
//! joint's two anchors) and the deepest penetration seen (measured for both
//! engines by our SAT on every pair of bodies that may touch, at the poses
//! after each step); then each is warmed up to t = 3 s (the bucket mid-hoist,
//! the pyramid settled) and criterion times single steps of the running
//! simulation. Because criterion times one engine after the other, each
//! scene also prints a paired figure: the engines stepped in alternating
//! blocks, fastest block of each (see `paired_blocks`). Ours runs with
//! sleeping off in the solver rows (as rapier's copy); the `*-sleeping`
//! rows run both engines with sleeping on.
//!
//! Run: `cargo bench -p benches --bench physics`.
#![forbid(unsafe_code)]
use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use game::physics::sat::separation;
use game::physics::scenes::{Hoist, Scene, SceneKind};
use game::physics::{BodyKind, Rot, Transform, Vec2 as PVec2};
use rapier2d::prelude::*;

/// A rapier2d copy of one of our scenes.
struct RapierScene {
    world: PhysicsWorld,
    /// Rapier's handle of each of our bodies, by index.
    handles: Vec<RigidBodyHandle>,
    joints: Vec<(RigidBodyHandle, RigidBodyHandle, Vector, Vector)>,
    hoist: Option<(RigidBodyHandle, Hoist)>,
    dt_s: f32,
    steps: u64,
}

fn v(p: PVec2) -> Vector {
    Vector::new(p.x, p.y)
}

impl RapierScene {
    /// Rapier's copy of `scene`; `sleeping`: whether its bodies may sleep.
    fn build(scene: &Scene, sleeping: bool) -> RapierScene {
        let ours = &scene.world;
        let mut world = PhysicsWorld::new();
        world.gravity = v(ours.settings.gravity);
        world.integration_parameters.dt = scene.dt_s;
        let mut handles = Vec::with_capacity(ours.bodies().len());
        for b in ours.bodies() {
            let builder = match b.kind() {
                BodyKind::Static => RigidBodyBuilder::fixed(),
                BodyKind::Kinematic => RigidBodyBuilder::kinematic_velocity_based(),
                BodyKind::Dynamic => RigidBodyBuilder::dynamic(),
            }
            .translation(v(b.position()))
            .rotation(b.angle())
            .linvel(v(b.linear_velocity()))
            .angvel(b.angular_velocity())
            .can_sleep(sleeping);
            let verts = b.polygon().vertices();
            let axis_aligned_box = verts.len() == 4
                && verts[0].x == -verts[2].x
                && verts[0].y == -verts[2].y
                && verts[0].x == verts[3].x
                && verts[0].y == verts[1].y;
            let shape = if axis_aligned_box {
                ColliderBuilder::cuboid(verts[2].x, verts[2].y)
            } else {
                ColliderBuilder::convex_polyline(verts.iter().map(|&p| v(p)).collect())
                    .expect("our polygons are convex")
            };
            let m = b.material();
            let f = b.filter();
            let collider = shape
                .density(m.density)
                .restitution(m.restitution)
                .restitution_combine_rule(CoefficientCombineRule::Max)
                .friction(m.dynamic_friction)
                .friction_combine_rule(CoefficientCombineRule::GeometricMean)
                .collision_groups(InteractionGroups::new(
                    Group::from_bits_truncate(f.group),
                    Group::from_bits_truncate(f.mask),
                    InteractionTestMode::And,
                ));
            handles.push(world.insert(builder, collider).0);
        }
        let mut joints = Vec::new();
        for j in ours.joints() {
            let (ha, hb) = (handles[j.body_a.index()], handles[j.body_b.index()]);
            let (la, lb) = (v(j.local_anchor_a), v(j.local_anchor_b));
            let joint = RevoluteJointBuilder::new()
                .local_anchor1(la)
                .local_anchor2(lb)
                .contacts_enabled(false);
            world.impulse_joints.insert(ha, hb, joint, true);
            joints.push((ha, hb, la, lb));
        }
        RapierScene {
            world,
            handles: handles.clone(),
            joints,
            hoist: scene.hoist.map(|h| (handles[h.body.index()], h)),
            dt_s: scene.dt_s,
            steps: 0,
        }
    }

    fn step(&mut self) {
        if let Some((handle, h)) = self.hoist {
            let t = (self.steps as f64 * f64::from(self.dt_s)) as f32;
            let vel = h.velocity_at(t);
            self.world.bodies[handle].set_linvel(v(vel), true);
        }
        self.world.step();
        self.steps += 1;
    }

    fn max_joint_error(&self) -> f32 {
        self.joints
            .iter()
            .map(|&(ha, hb, la, lb)| {
                let pa = self.world.bodies[ha].position().transform_point(la);
                let pb = self.world.bodies[hb].position().transform_point(lb);
                (pb - pa).length()
            })
            .fold(0.0, f32::max)
    }

    /// Rapier's current poses as our transforms, by our body index.
    fn poses(&self) -> Vec<Transform> {
        self.handles
            .iter()
            .map(|&h| {
                let b = &self.world.bodies[h];
                let (p, q) = (b.translation(), b.rotation());
                Transform {
                    p: PVec2::new(p.x, p.y),
                    q: Rot {
                        cos: q.re,
                        sin: q.im,
                    },
                }
            })
            .collect()
    }
}

/// The deepest overlap (m) between any two bodies of `scene` that may
/// touch, at the given poses, by our separating-axis test: the same measure
/// for both engines (rapier's own contact distances date from before its
/// last solve).
fn max_penetration(scene: &Scene, poses: &[Transform]) -> f32 {
    let bodies = scene.world.bodies();
    let joined: Vec<(usize, usize)> = scene
        .world
        .joints()
        .iter()
        .map(|j| {
            let (a, b) = (j.body_a.index(), j.body_b.index());
            (a.min(b), a.max(b))
        })
        .collect();
    let mut deepest = 0.0f32;
    for i in 0..bodies.len() {
        for j in i + 1..bodies.len() {
            let (a, b) = (&bodies[i], &bodies[j]);
            if a.kind() != BodyKind::Dynamic && b.kind() != BodyKind::Dynamic
                || !a.filter().allows(b.filter())
                || joined.contains(&(i, j))
            {
                continue;
            }
            let s = separation(a.polygon(), poses[i], b.polygon(), poses[j]);
            deepest = deepest.max(-s);
        }
    }
    deepest
}

fn our_poses(scene: &Scene) -> Vec<Transform> {
    scene.world.bodies().iter().map(|b| b.transform()).collect()
}

/// Simulates 10 s and prints the worst joint error and penetration of both
/// engines (and of ours with joints solved one by one, for the rope).
fn report_errors(kind: SceneKind) {
    let mut gauss_seidel = kind.build();
    gauss_seidel.world.settings.direct_chains = false;
    let mut gs_joint = 0.0f32;
    for _ in 0..1200 {
        gauss_seidel.step();
        gs_joint = gs_joint.max(gauss_seidel.world.max_joint_error());
    }
    let mut ours = build_awake(kind);
    let mut theirs = RapierScene::build(&ours, false);
    let mut sleepy = kind.build();
    let steps = (10.0 / ours.dt_s).round() as usize;
    let (mut oj, mut op, mut rj, mut rp) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
    let (mut sj, mut sp) = (0.0f32, 0.0f32);
    for _ in 0..steps {
        ours.step();
        theirs.step();
        sleepy.step();
        oj = oj.max(ours.world.max_joint_error());
        op = op.max(max_penetration(&ours, &our_poses(&ours)));
        rj = rj.max(theirs.max_joint_error());
        rp = rp.max(max_penetration(&ours, &theirs.poses()));
        sj = sj.max(sleepy.world.max_joint_error());
        sp = sp.max(max_penetration(&sleepy, &our_poses(&sleepy)));
    }
    let asleep = sleepy
        .world
        .bodies()
        .iter()
        .filter(|b| !b.is_awake())
        .count();
    let focus = ours.world.body(ours.focus).position();
    let theirs_focus = theirs.world.bodies[theirs.handles[ours.focus.index()]].translation();
    println!(
        "physics/{}: over 10 s at 120 Hz — ours: max joint error {:.6} m, max penetration {:.6} m \
         (joints one by one: {:.6} m); rapier2d: max joint error {:.6} m, max penetration {:.6} m; \
         focus body ends at ({:.3}, {:.3}) ours, ({:.3}, {:.3}) rapier2d; our state hash {:#018x}; \
         ours with sleeping: max joint error {:.6} m, max penetration {:.6} m, {} bodies asleep \
         at 10 s",
        kind.name(),
        oj,
        op,
        gs_joint,
        rj,
        rp,
        focus.x,
        focus.y,
        theirs_focus.x,
        theirs_focus.y,
        ours.world.state_hash(),
        sj,
        sp,
        asleep,
    );
}

/// Our scene with sleeping off (as rapier's copy, for the solver rows).
fn build_awake(kind: SceneKind) -> Scene {
    let mut scene = kind.build();
    scene.world.settings.sleeping = false;
    scene
}

/// Ours and rapier2d stepped in alternating blocks of 60 steps from t = 3 s
/// (sleeping off in both), 40 blocks each, and the fastest block of each
/// per step: on a shared machine whose load changes slower than a block,
/// both engines meet the same conditions, and the fastest block is what
/// each costs undisturbed. Criterion times the engines one after the other,
/// seconds apart, so its ratio carries the load's swings.
fn paired_blocks(kind: SceneKind) {
    let ours = build_awake(kind);
    let theirs = RapierScene::build(&ours, false);
    paired(kind.name(), ours, theirs);
}

/// The paired figure of `ours` against `theirs` (see `paired_blocks`),
/// printed under `name`.
fn paired(name: &str, mut ours: Scene, mut theirs: RapierScene) {
    for _ in 0..360 {
        ours.step();
        theirs.step();
    }
    let (mut best_ours, mut best_theirs) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..40 {
        let t = Instant::now();
        for _ in 0..60 {
            ours.step();
        }
        best_ours = best_ours.min(t.elapsed().as_secs_f64() / 60.0);
        let t = Instant::now();
        for _ in 0..60 {
            theirs.step();
        }
        best_theirs = best_theirs.min(t.elapsed().as_secs_f64() / 60.0);
    }
    let awake = ours
        .world
        .bodies()
        .iter()
        .filter(|b| b.kind() == BodyKind::Dynamic && b.is_awake())
        .count();
    let theirs_awake = theirs
        .world
        .bodies
        .iter()
        .filter(|(_, b)| b.is_dynamic() && !b.is_sleeping())
        .count();
    println!(
        "physics/{}: paired blocks, fastest of 40 x 60 steps: ours {:.2} us, rapier2d {:.2} us, \
         ours/rapier2d {:.2} ({} / {} dynamic bodies awake at the end)",
        name,
        best_ours * 1e6,
        best_theirs * 1e6,
        best_ours / best_theirs,
        awake,
        theirs_awake,
    );
}

/// The pyramid beside a box that bounces on the ground for ever
/// (restitution 1, 5 m to the right of the pile): once the pile sleeps,
/// one small island stays awake (ours keeps its bounce; rapier's bounce
/// decays, so its copy of the box is kept from sleeping, see
/// `rapier_pile_and_bouncing_box`).
fn pile_and_bouncing_box() -> Scene {
    let mut scene = SceneKind::Pyramid.build();
    let mut def = game::physics::BodyDef::dynamic(PVec2::new(11.0, 2.0));
    def.material = game::physics::Material {
        restitution: 1.0,
        ..game::physics::Material::default()
    };
    scene
        .world
        .add_body(&def, &game::physics::Polygon::rect(0.5, 0.5));
    scene
}

/// Rapier's copy of `pile_and_bouncing_box`, sleeping on, the box never
/// sleeping: one island awake in both engines.
fn rapier_pile_and_bouncing_box(ours: &Scene) -> RapierScene {
    let mut theirs = RapierScene::build(ours, true);
    let boxed = *theirs.handles.last().expect("the box");
    *theirs.world.bodies[boxed].activation_mut() = RigidBodyActivation::cannot_sleep();
    theirs
}

/// Both engines with sleeping on (as a game runs them): the settled pile,
/// all asleep; and the pile asleep beside one bouncing box. Paired figures
/// and criterion rows.
fn bench_sleeping_piles(c: &mut Criterion) {
    let pile = SceneKind::Pyramid.build();
    let theirs = RapierScene::build(&pile, true);
    paired("pyramid-asleep", pile, theirs);
    let pile = pile_and_bouncing_box();
    let theirs = rapier_pile_and_bouncing_box(&pile);
    paired("pyramid-asleep-one-box-bouncing", pile, theirs);

    let mut group = c.benchmark_group("physics/pyramid-asleep-one-box-bouncing");
    let mut ours = pile_and_bouncing_box();
    let mut theirs = rapier_pile_and_bouncing_box(&ours);
    for _ in 0..360 {
        ours.step();
        theirs.step();
    }
    group.bench_function("ours", |b| {
        b.iter(|| {
            ours.step();
            black_box(ours.world.bodies().len())
        })
    });
    group.bench_function("rapier2d", |b| {
        b.iter(|| {
            theirs.step();
            black_box(theirs.world.bodies.len())
        })
    });
    group.finish();
}

fn bench_scene(c: &mut Criterion, kind: SceneKind) {
    report_errors(kind);
    paired_blocks(kind);
    let warm_up_steps = 360; // 3 s
    let mut group = c.benchmark_group(format!("physics/{}", kind.name()));

    let mut ours = build_awake(kind);
    for _ in 0..warm_up_steps {
        ours.step();
    }
    group.bench_function("ours", |b| {
        b.iter(|| {
            ours.step();
            black_box(ours.world.bodies().len())
        })
    });

    if !ours.world.joints().is_empty() {
        let mut gauss_seidel = build_awake(kind);
        gauss_seidel.world.settings.direct_chains = false;
        for _ in 0..warm_up_steps {
            gauss_seidel.step();
        }
        group.bench_function("ours-joint-by-joint", |b| {
            b.iter(|| {
                gauss_seidel.step();
                black_box(gauss_seidel.world.bodies().len())
            })
        });
    }

    let mut theirs = RapierScene::build(&kind.build(), false);
    for _ in 0..warm_up_steps {
        theirs.step();
    }
    group.bench_function("rapier2d", |b| {
        b.iter(|| {
            theirs.step();
            black_box(theirs.world.bodies.len())
        })
    });

    // Both engines with sleeping on, as a game would run them.
    let mut sleepy = kind.build();
    let mut theirs_sleepy = RapierScene::build(&kind.build(), true);
    for _ in 0..warm_up_steps {
        sleepy.step();
        theirs_sleepy.step();
    }
    group.bench_function("ours-sleeping", |b| {
        b.iter(|| {
            sleepy.step();
            black_box(sleepy.world.bodies().len())
        })
    });
    group.bench_function("rapier2d-sleeping", |b| {
        b.iter(|| {
            theirs_sleepy.step();
            black_box(theirs_sleepy.world.bodies.len())
        })
    });
    group.finish();
}

/// The ropes of a level in motion (`game::motion`): four ropes of 32 cells
/// (128 links each), one with a load on its end, two with a hero's weight
/// halfway down, all swinging; each rope is its own world. Rapier2d steps
/// the same four chains, rebuilt body for body and joint for joint.
fn bench_motion(c: &mut Criterion) {
    let mut ours = game::motion::RopeMotion::benchmark_ropes();
    let mut peers: Vec<RapierScene> = ours
        .worlds()
        .map(|w| {
            RapierScene::build(
                &Scene {
                    kind: SceneKind::Chain,
                    world: w.clone(),
                    dt_s: game::motion::STEP_S,
                    hoist: None,
                    focus: game::physics::BodyId::first(0),
                    view: (PVec2::ZERO, PVec2::ZERO),
                },
                false,
            )
        })
        .collect();
    let bodies: usize = ours.worlds().map(|w| w.bodies().len()).sum();
    let joints: usize = ours.worlds().map(|w| w.joints().len()).sum();
    println!("motion: 4 ropes, {bodies} bodies, {joints} joints per step");
    for _ in 0..60 {
        ours.step();
        for p in &mut peers {
            p.step();
        }
    }
    let mut group = c.benchmark_group("motion/4-ropes-32-cells");
    group.bench_function("ours", |b| {
        b.iter(|| {
            ours.step();
            black_box(ours.is_moving())
        })
    });
    group.bench_function("rapier2d", |b| {
        b.iter(|| {
            for p in &mut peers {
                p.step();
            }
            black_box(peers.len())
        })
    });
    group.finish();
}

fn physics(c: &mut Criterion) {
    bench_scene(c, SceneKind::RopeBucket);
    bench_scene(c, SceneKind::Pyramid);
    bench_sleeping_piles(c);
    bench_motion(c);
}

criterion_group!(benches, physics);
criterion_main!(benches);
