//! Tests of what resting bodies save: manifolds reused without the SAT
//! while a pair barely moves (`Contact::reuse`). Like `tests`, expected
//! values come from the mechanics, not from a run.
use super::body::BodyId;
use super::math::Transform;
use super::sat::collide;
use super::scenes;

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
        scene.step();
    }
    let built: Vec<_> = scene.world.contacts().iter().map(|c| c.built_at).collect();
    let mut reused = 0;
    for _ in 0..120 {
        let poses: Vec<Transform> = scene.world.bodies().iter().map(|b| b.transform()).collect();
        scene.step();
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
