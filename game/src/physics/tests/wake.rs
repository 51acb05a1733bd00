//! Tests of the active set (`active`) with sleeping (`sleep`): a sleeping
//! pile costs no per-body work, one awake island costs its own bodies,
//! and every waking rule still wakes an island the step skips.
use super::CheckedStep;
use crate::physics::body::{BodyDef, BodyKind};
use crate::physics::id::BodyId;
use crate::physics::math::Vec2;
use crate::physics::polygon::Polygon;
use crate::physics::scenes::{self, STACK_HEIGHT};
use crate::physics::world::World;

/// The box stack (ground 0, boxes 1..=STACK_HEIGHT bottom up), stepped
/// until it sleeps and one step more.
fn sleeping_stack() -> World {
    let mut world = scenes::box_stack().world;
    for _ in 0..600 {
        world.checked_step();
        if world.bodies()[1..].iter().all(|b| !b.is_awake()) {
            world.checked_step();
            return world;
        }
    }
    panic!("the stack never slept");
}

fn boxes_awake(world: &World) -> Vec<bool> {
    (1..=STACK_HEIGHT)
        .map(|i| world.body(BodyId::first(i as u32)).is_awake())
        .collect()
}

#[test]
fn a_sleeping_pile_visits_no_body_and_stands_as_it_was() {
    let mut world = sleeping_stack();
    let contacts = world.contacts().to_vec();
    let hash = world.state_hash();
    for _ in 0..10 {
        world.checked_step();
        assert!(world.visited().is_empty(), "{:?}", world.visited());
    }
    assert_eq!(world.contacts(), &contacts[..]);
    assert_eq!(world.state_hash(), hash);
    // Drawn still: the remembered pose is the pose.
    for b in world.bodies() {
        assert_eq!(b.interpolated_transform(0.5).p, b.position());
    }
}

#[test]
fn one_awake_island_beside_a_sleeping_pile_visits_only_its_bodies() {
    let mut world = sleeping_stack();
    let asleep = world.contacts().to_vec();
    // A box dropped 4 m to the side of the stack (not touching it), from
    // 1.5 m: it lands after 0.55 s and settles.
    let dropped = world.add_body(
        &BodyDef::dynamic(Vec2::new(4.0, 2.0)),
        &Polygon::rect(0.5, 0.5),
    );
    for _ in 0..120 {
        world.checked_step();
        assert_eq!(world.visited(), &[dropped.index() as u32]);
    }
    assert_eq!(boxes_awake(&world), vec![false; STACK_HEIGHT]);
    // It landed (resting on the ground, 0.5 m up); the stack's contacts
    // stand as they were, with the new one merged in order.
    assert!((world.body(dropped).position().y - 0.5).abs() < 0.01);
    let standing: Vec<_> = world
        .contacts()
        .iter()
        .filter(|c| c.body_b != dropped)
        .copied()
        .collect();
    assert_eq!(standing, asleep);
    assert!(world
        .contacts()
        .windows(2)
        .all(|w| (w[0].body_a, w[0].body_b) < (w[1].body_a, w[1].body_b)));
}

/// The third box of the stack.
fn middle() -> BodyId {
    BodyId::first(3)
}

/// Each way to disturb a sleeping body (`sleep`'s module doc) wakes its
/// whole island at the next step, though the step no longer visits it.
#[test]
fn every_waking_rule_wakes_an_island_the_step_skips() {
    type Disturb = fn(&mut World);
    let rules: [(&str, Disturb); 6] = [
        ("velocity", |w| {
            w.body_mut(middle())
                .set_linear_velocity(Vec2::new(0.5, 0.0))
        }),
        ("spin", |w| w.body_mut(middle()).set_angular_velocity(1.0)),
        ("force", |w| {
            w.body_mut(middle()).apply_force(Vec2::new(50.0, 0.0))
        }),
        ("impulse", |w| {
            let p = w.body(middle()).position();
            w.body_mut(middle())
                .apply_impulse_at(Vec2::new(1.0, 0.0), p)
        }),
        ("mass", |w| w.body_mut(middle()).set_mass(3.0)),
        ("teleport", |w| {
            let p = w.body(middle()).position();
            w.teleport(middle(), p + Vec2::new(0.0, 0.001), 0.0)
        }),
    ];
    for (name, disturb) in rules {
        let mut world = sleeping_stack();
        disturb(&mut world);
        world.checked_step();
        assert_eq!(boxes_awake(&world), vec![true; STACK_HEIGHT], "{name}");
        assert_eq!(world.visited().len(), STACK_HEIGHT, "{name}");
    }
}

#[test]
fn losing_its_support_wakes_what_rested_on_it() {
    let mut world = sleeping_stack();
    let top = BodyId::first(STACK_HEIGHT as u32);
    let was = world.body(top).position().y;
    world.remove_body(BodyId::first(1));
    world.checked_step();
    assert_eq!(boxes_awake(&world)[1..], vec![true; STACK_HEIGHT - 1]);
    for _ in 0..240 {
        world.checked_step();
    }
    // The four boxes above fell by the removed box's height (1 m) and
    // landed on the ground, within the slop at each of their contacts.
    let fell = was - world.body(top).position().y;
    assert!((fell - 1.0).abs() < 0.03, "fell {fell} m");
}

#[test]
fn a_kinematic_body_that_starts_moving_against_the_pile_wakes_it() {
    let mut world = sleeping_stack();
    // A still kinematic paddle beside the third box's side wakes nothing.
    let paddle = world.add_body(
        &BodyDef::new(BodyKind::Kinematic, Vec2::new(1.0, 2.5)),
        &Polygon::rect(0.5, 0.5),
    );
    for _ in 0..10 {
        world.checked_step();
    }
    assert_eq!(boxes_awake(&world), vec![false; STACK_HEIGHT]);
    // Moving, it does.
    world
        .body_mut(paddle)
        .set_linear_velocity(Vec2::new(-0.2, 0.0));
    world.checked_step();
    assert_eq!(boxes_awake(&world), vec![true; STACK_HEIGHT]);
}

#[test]
fn a_joint_to_an_awake_body_wakes_the_island() {
    let mut world = sleeping_stack();
    // A box 3 m to the side, falling, pinned to the top box by a joint
    // (their boxes do not overlap: only the joint can wake the stack).
    let top = BodyId::first(STACK_HEIGHT as u32);
    let at = world.body(top).position();
    let swinging = world.add_body(
        &BodyDef::dynamic(at + Vec2::new(3.0, 0.0)),
        &Polygon::rect(0.5, 0.5),
    );
    world.add_revolute_joint(top, swinging, at + Vec2::new(1.5, 0.0));
    world.checked_step();
    assert_eq!(boxes_awake(&world), vec![true; STACK_HEIGHT]);
}
