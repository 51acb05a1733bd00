//! Tests of what resting bodies save: manifolds reused without the SAT
//! while a pair barely moves (`Contact::may_reuse`), position passes that
//! stop once a pass moved nothing, and sleeping islands
//! (`sleep`), which must wake when touched or when a joint's anchor moves.
//! Like `step`'s, expected values come from the mechanics, not from a run.
use super::CheckedStep;
use crate::physics::body::{BodyDef, BodyKind};
use crate::physics::id::BodyId;
use crate::physics::math::{Transform, Vec2};
use crate::physics::polygon::Polygon;
use crate::physics::sat::collide;
use crate::physics::scenes::{self, STEP_S};
use crate::physics::sleep::TIME_TO_SLEEP;
use crate::physics::world::{Settings, World};

#[test]
fn a_resting_manifold_is_reused_and_matches_what_the_sat_would_build() {
    // A settled stack: every contact is a flat two-point manifold that the
    // SAT built once and later steps carry over. At each step's start
    // poses the kept manifold must be the SAT's own: the same features,
    // and points and separations off by at most what the pair may have
    // moved since it was built (REUSE_DISTANCE plus REUSE_ANGLE at the
    // box's 0.71 m half-diagonal, under 2 mm).
    let mut scene = scenes::box_stack();
    for _ in 0..240 {
        scene.checked_step();
    }
    let built: Vec<_> = scene.world.contacts().iter().map(|c| c.built_at).collect();
    let mut reused = 0;
    for _ in 0..120 {
        let poses: Vec<Transform> = scene.world.bodies().iter().map(|b| b.transform()).collect();
        scene.checked_step();
        let bodies = scene.world.bodies();
        for c in scene.world.contacts() {
            let (a, b) = (c.body_a.index(), c.body_b.index());
            let m = collide(&bodies[a].polygon, poses[a], &bodies[b].polygon, poses[b])
                .expect("a kept contact still touches");
            assert_eq!(m.count, c.count);
            assert!((m.normal - c.normal).length() < 2e-3);
            for (mp, cp) in m.points().iter().zip(c.points()) {
                assert_eq!(mp.id, cp.id);
                assert!((mp.point - cp.point).length() < 2e-3, "{mp:?} {cp:?}");
                assert!((mp.separation - cp.separation).abs() < 2e-3);
            }
        }
        reused += scene
            .world
            .contacts()
            .iter()
            .filter(|c| built.contains(&c.built_at))
            .count();
    }
    // Resting boxes move micrometres a step: nearly every contact of every
    // step is one built before these 120 steps (5 contacts a step).
    assert!(reused > 500, "{reused} of 600 contacts reused");
    // And the stack still stands where it was built (the top box's centre
    // at 4.5 m, sunk at most the slop at each of 5 contacts).
    let top = scene.world.body(scene.focus).position();
    assert!(top.x.abs() < 1e-3 && (top.y - 4.5).abs() < 0.03, "{top:?}");
    assert_eq!(scene.world.body(BodyId::first(0)).position().y, -0.5);
}

#[test]
fn position_passes_stop_once_one_moves_nothing_and_not_before() {
    // A settled pyramid rests within `linear_slop` (5 mm; it sinks under
    // half a millimetre): no contact corrects anything, so the first pass
    // moves nothing and the later ones would measure the same poses again.
    // One pass or ten: the same state, bit for bit.
    let settled = || {
        let mut scene = scenes::pyramid();
        scene.world.settings.sleeping = false;
        for _ in 0..360 {
            scene.checked_step();
        }
        scene
    };
    let mut hashes = Vec::new();
    for passes in [1, 3, 10] {
        let mut scene = settled();
        scene.world.settings.position_iterations = passes;
        for _ in 0..60 {
            scene.checked_step();
        }
        assert!(scene.world.max_penetration() < scene.world.settings.linear_slop);
        hashes.push(scene.world.state_hash());
    }
    assert!(hashes.iter().all(|&h| h == hashes[0]), "{hashes:x?}");

    // A box pushed 3 cm into the ground is corrected pass after pass: with
    // Baumgarte factor β each pass removes β of the depth beyond the slop,
    // so after n passes (1 − β)ⁿ of it is left, as long as passes go on.
    for passes in [1, 3] {
        let mut world = World::new(Settings {
            gravity: Vec2::ZERO,
            position_iterations: passes as u32,
            ..Settings::default()
        });
        world.add_body(
            &BodyDef::fixed(Vec2::new(0.0, -0.5)),
            &Polygon::rect(5.0, 0.5),
        );
        let b = world.add_body(
            &BodyDef::dynamic(Vec2::new(0.0, 0.47)),
            &Polygon::rect(0.5, 0.5),
        );
        world.checked_step();
        let s = world.settings;
        let depth = 0.03 - s.linear_slop;
        let left = depth * (1.0 - s.baumgarte).powi(passes);
        let y = world.body(b).position().y;
        // Positions move by `dt v`, v = 0 after the inelastic solve up to
        // the velocity iterations' residual (well under 0.1 mm here).
        assert!(
            (0.5 - s.linear_slop - left - y).abs() < 1e-4,
            "{passes} passes: y = {y}, expected {}",
            0.5 - s.linear_slop - left
        );
    }
}

/// Steps `scene` until every dynamic body sleeps; the number of steps.
fn step_until_asleep(world: &mut World, max_steps: usize) -> usize {
    for n in 1..=max_steps {
        world.checked_step();
        if world
            .bodies()
            .iter()
            .all(|b| b.kind() != BodyKind::Dynamic || !b.is_awake())
        {
            return n;
        }
    }
    panic!("still awake after {max_steps} steps");
}

#[test]
fn a_settled_pyramid_sleeps_where_it_stood_and_a_sleeping_world_does_not_move() {
    // Each box must be slow for TIME_TO_SLEEP before its island sleeps,
    // so no earlier than 60 steps; the pyramid settles well within 5 s.
    let mut scene = scenes::pyramid();
    let start: Vec<Vec2> = scene.world.bodies().iter().map(|b| b.position()).collect();
    let steps = step_until_asleep(&mut scene.world, 600);
    assert!(steps as f32 * STEP_S >= TIME_TO_SLEEP, "{steps}");
    let poses =
        |w: &World| -> Vec<Transform> { w.bodies().iter().map(|b| b.transform()).collect() };
    let asleep = poses(&scene.world);
    let contacts = scene.world.contacts().to_vec();
    for (b, p0) in scene.world.bodies().iter().zip(&start) {
        assert!((b.position() - *p0).length() < 0.02);
        assert_eq!(b.linear_velocity(), Vec2::ZERO);
    }
    for _ in 0..120 {
        scene.world.checked_step();
    }
    assert_eq!(asleep, poses(&scene.world), "nothing asleep moves");
    // Its contacts are kept, not solved: the same as when it fell asleep.
    assert!(contacts.len() > 100);
    assert_eq!(scene.world.contacts(), &contacts[..]);
}

#[test]
fn a_box_dropped_on_a_sleeping_stack_wakes_it_and_comes_to_rest_on_top() {
    let mut scene = scenes::box_stack();
    step_until_asleep(&mut scene.world, 600);
    let top = scene.world.body(scene.focus).position();
    // A unit box 1 m above the top face: it falls 1 m (0.45 s) and lands.
    let dropped = scene.world.add_body(
        &BodyDef::dynamic(Vec2::new(0.0, top.y + 2.0)),
        &Polygon::rect(0.5, 0.5),
    );
    let mut woke = [false; scenes::STACK_HEIGHT];
    for _ in 0..240 {
        scene.world.checked_step();
        for (w, b) in woke.iter_mut().zip(&scene.world.bodies()[1..]) {
            *w |= b.is_awake();
        }
    }
    // The impact reaches every box: the whole stack is one island.
    assert_eq!(woke, [true; scenes::STACK_HEIGHT], "the stack woke");
    // And it held: the dropped box rests on top (within the slop) rather
    // than falling through a stack that did not answer.
    let d = scene.world.body(dropped).position();
    assert!(
        (d.y - (top.y + 1.0)).abs() < 0.03 && d.x.abs() < 0.01,
        "{d:?}"
    );
    // Then all of it, the new box too, sleeps again.
    step_until_asleep(&mut scene.world, 600);
}

#[test]
fn a_hanging_bucket_sleeps_and_its_hoist_wakes_it() {
    // A kinematic winch at 3 m, four 0.25 m links and a 2 kg bucket
    // hanging straight down: at rest it sleeps (the winch is still).
    let mut world = World::new(Settings::default());
    let anchor_at = Vec2::new(0.0, 3.0);
    let winch = world.add_body(
        &BodyDef::new(BodyKind::Kinematic, anchor_at),
        &Polygon::rect(0.05, 0.05),
    );
    let mut above = winch;
    for i in 0..4 {
        let centre = anchor_at - Vec2::new(0.0, 0.125 + 0.25 * i as f32);
        let link = world.add_body(&BodyDef::dynamic(centre), &Polygon::rect(0.02, 0.125));
        world.add_revolute_joint(above, link, centre + Vec2::new(0.0, 0.125));
        above = link;
    }
    let bucket_at = anchor_at - Vec2::new(0.0, 1.2);
    let bucket = world.add_body(&BodyDef::dynamic(bucket_at), &Polygon::rect(0.3, 0.2));
    world.body_mut(bucket).set_mass(2.0);
    world.add_revolute_joint(above, bucket, bucket_at + Vec2::new(0.0, 0.2));
    step_until_asleep(&mut world, 600);
    let rest = world.body(bucket).position();
    // The winch hoists at 0.6 m/s for 1 s: the joints wake the whole rope
    // and the bucket follows, 0.6 m higher (give or take the stretch as
    // it starts), its joints as tight as ever.
    world
        .body_mut(winch)
        .set_linear_velocity(Vec2::new(0.0, 0.6));
    for _ in 0..120 {
        world.checked_step();
    }
    assert!(world.body(bucket).is_awake());
    let risen = world.body(bucket).position().y - rest.y;
    assert!((risen - 0.6).abs() < 0.02, "rose {risen} m");
    assert!(world.max_joint_error() < 1e-4);
    // Stopped, it settles and sleeps again.
    world.body_mut(winch).set_linear_velocity(Vec2::ZERO);
    step_until_asleep(&mut world, 1200);
}
