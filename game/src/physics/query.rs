//! Questions a game asks of a world, and moving a body by hand.
//!
//! - [`World::query_point`]: the bodies whose polygon contains a point (what
//!   the player points at);
//! - [`World::ray_cast`]: the first body a ray hits and where (a line of
//!   sight, a grappling hook): per polygon, the ray is clipped by the
//!   half-planes of its edges (Cyrus–Beck), which for a convex polygon
//!   gives the entry distance exactly;
//! - [`World::teleport`]: puts a body somewhere at once (a thing set down,
//!   a rope re-anchored), its interpolation starting there too, so nothing
//!   is drawn streaking across the screen.
use super::id::BodyId;
use super::math::{Rot, Vec2};
use super::world::World;

/// Where a ray first meets a body.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// The body hit.
    pub body: BodyId,
    /// Distance along the ray (in units of its direction's length).
    pub t: f32,
    /// The point hit.
    pub point: Vec2,
    /// The outward normal of the edge hit.
    pub normal: Vec2,
}

impl World {
    /// The bodies whose polygon contains `p` (boundary included), in body
    /// order.
    pub fn query_point(&self, p: Vec2) -> Vec<BodyId> {
        self.bodies()
            .iter()
            .enumerate()
            .filter(|(_, b)| {
                let local = b.transform().apply_inv(p);
                let poly = b.polygon();
                poly.vertices()
                    .iter()
                    .zip(poly.normals())
                    .all(|(&v, &n)| n.dot(local - v) <= 1e-6)
            })
            .map(|(i, _)| self.id_at(i).unwrap_or(BodyId::first(i as u32)))
            .collect()
    }

    /// The first body hit by the ray `origin + t·dir` for `0 ≤ t ≤ max_t`,
    /// if any. A ray starting inside a body hits it at `t = 0`.
    pub fn ray_cast(&self, origin: Vec2, dir: Vec2, max_t: f32) -> Option<RayHit> {
        let mut best: Option<RayHit> = None;
        for (i, b) in self.bodies().iter().enumerate() {
            let xf = b.transform();
            let (o, d) = (xf.apply_inv(origin), xf.q.inv_rotate(dir));
            let poly = b.polygon();
            let (mut enter, mut leave) = (0.0f32, max_t);
            let mut normal = Vec2::ZERO;
            let mut missed = false;
            for (&v, &n) in poly.vertices().iter().zip(poly.normals()) {
                // Inside edge i's half-plane: n·(o + t d − v) ≤ 0.
                let num = n.dot(v - o);
                let den = n.dot(d);
                if den == 0.0 {
                    if num < 0.0 {
                        missed = true;
                        break;
                    }
                } else if den < 0.0 {
                    let t = num / den;
                    if t > enter {
                        enter = t;
                        normal = n;
                    }
                } else {
                    leave = leave.min(num / den);
                }
                if enter > leave {
                    missed = true;
                    break;
                }
            }
            if missed || best.is_some_and(|h| h.t <= enter) {
                continue;
            }
            best = Some(RayHit {
                body: self.id_at(i).unwrap_or(BodyId::first(i as u32)),
                t: enter,
                point: origin + dir * enter,
                normal: xf.q.rotate(normal),
            });
        }
        best
    }

    /// Puts body `id` at `position` turned by `angle` at once, drawn there
    /// from now on (no interpolation from where it was), with its velocity
    /// kept. Static bodies may be moved this way too (a level edit).
    pub fn teleport(&mut self, id: BodyId, position: Vec2, angle: f32) {
        let b = self.body_mut(id);
        b.wake();
        b.position = position;
        b.rot = Rot::from_angle(angle);
        b.prev_position = position;
        b.prev_rot = b.rot;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::{BodyDef, Polygon, Settings};

    fn two_boxes() -> World {
        let mut w = World::new(Settings::default());
        w.add_body(
            &BodyDef::fixed(Vec2::new(0.0, 0.0)),
            &Polygon::rect(1.0, 0.5),
        );
        let mut d = BodyDef::dynamic(Vec2::new(4.0, 0.0));
        d.angle = std::f32::consts::FRAC_PI_4;
        w.add_body(&d, &Polygon::rect(0.5, 0.5));
        w
    }

    #[test]
    fn points_find_the_bodies_that_contain_them() {
        let w = two_boxes();
        assert_eq!(w.query_point(Vec2::new(0.9, 0.4)), vec![BodyId::first(0)]);
        assert!(w.query_point(Vec2::new(1.1, 0.0)).is_empty());
        // The turned box: its corner points along x now.
        assert_eq!(
            w.query_point(Vec2::new(4.0 + 0.69, 0.0)),
            vec![BodyId::first(1)]
        );
        assert!(w.query_point(Vec2::new(4.45, 0.45)).is_empty());
    }

    #[test]
    fn a_ray_hits_the_nearest_body_at_its_surface() {
        let w = two_boxes();
        let hit = w
            .ray_cast(Vec2::new(-5.0, 0.0), Vec2::new(1.0, 0.0), 20.0)
            .expect("hits the first box");
        assert_eq!(hit.body, BodyId::first(0));
        assert!((hit.t - 4.0).abs() < 1e-5, "{}", hit.t);
        assert!((hit.point.x + 1.0).abs() < 1e-5);
        assert!((hit.normal.x + 1.0).abs() < 1e-5, "faces the ray");
        // From between them, rightwards: the turned box's corner at
        // 4 − 0.5·√2.
        let hit = w
            .ray_cast(Vec2::new(2.0, 0.0), Vec2::new(1.0, 0.0), 20.0)
            .expect("hits the second box");
        assert_eq!(hit.body, BodyId::first(1));
        assert!((hit.point.x - (4.0 - 0.5 * 2f32.sqrt())).abs() < 1e-4);
        assert!(
            w.ray_cast(Vec2::new(2.0, 0.0), Vec2::new(1.0, 0.0), 1.0)
                .is_none(),
            "too short"
        );
        assert!(
            w.ray_cast(Vec2::new(-5.0, 3.0), Vec2::new(1.0, 0.0), 20.0)
                .is_none(),
            "passes above"
        );
    }

    #[test]
    fn a_teleported_body_is_drawn_where_it_went() {
        let mut w = two_boxes();
        w.step(1.0 / 120.0);
        w.teleport(BodyId::first(1), Vec2::new(10.0, 2.0), 0.0);
        let b = w.body(BodyId::first(1));
        assert_eq!(b.position(), Vec2::new(10.0, 2.0));
        assert_eq!(b.interpolated_transform(0.0).p, Vec2::new(10.0, 2.0));
        assert_eq!(w.query_point(Vec2::new(10.2, 2.2)), vec![BodyId::first(1)]);
    }
}
