//! The contact test against an oracle: random convex polygon pairs, their
//! penetration and normal from `sat::collide` compared with a brute-force
//! Minkowski difference.
use crate::physics::math::{Rot, Transform, Vec2};
use crate::physics::polygon::Polygon;
use crate::physics::sat::{collide, REFERENCE_TOLERANCE};
use crate::rng::SplitMix64 as Rng;

/// A random convex polygon: 3..=8 points at sorted random angles on an
/// ellipse-ish radius, re-drawn until strictly convex.
pub(super) fn random_polygon(rng: &mut Rng) -> Polygon {
    loop {
        let n = 3 + (rng.next_u64() % 6) as usize;
        let mut angles: Vec<f32> = (0..n)
            .map(|_| rng.range(0.0, std::f32::consts::TAU))
            .collect();
        angles.sort_by(f32::total_cmp);
        let (rx, ry) = (rng.range(0.2, 1.5), rng.range(0.2, 1.5));
        let pts: Vec<Vec2> = angles
            .iter()
            .map(|a| Vec2::new(rx * a.cos(), ry * a.sin()))
            .collect();
        if let Ok(p) = Polygon::new(&pts) {
            if p.mass_properties(1.0).area > 0.02 {
                return p;
            }
        }
    }
}

fn world_points(poly: &Polygon, xf: Transform) -> Vec<Vec2> {
    poly.vertices().iter().map(|&v| xf.apply(v)).collect()
}

/// Convex hull (Andrew's monotone chain), counter-clockwise.
fn hull(mut pts: Vec<Vec2>) -> Vec<Vec2> {
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let mut out: Vec<Vec2> = Vec::new();
    for pass in 0..2 {
        let start = out.len();
        let iter: Box<dyn Iterator<Item = &Vec2>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for &p in iter {
            while out.len() >= start + 2 {
                let (a, b) = (out[out.len() - 2], out[out.len() - 1]);
                if (b - a).cross(p - a) <= 0.0 {
                    out.pop();
                } else {
                    break;
                }
            }
            out.push(p);
        }
        out.pop();
    }
    out
}

/// The brute-force oracle: the Minkowski difference `B − A` (hull of all
/// vertex differences) contains the origin iff the polygons overlap; the
/// distance from the origin to its nearest edge is the penetration depth
/// (or, outside, a lower bound of the gap), and that edge's outward normal
/// `m` says B must move along `−m` to separate. Returns (signed distance
/// from the origin into the hull — positive inside —, normal from A to B,
/// the runner-up distance).
fn oracle(a: &[Vec2], b: &[Vec2]) -> (f32, Vec2, f32) {
    let diff: Vec<Vec2> = b
        .iter()
        .flat_map(|&q| a.iter().map(move |&p| q - p))
        .collect();
    let h = hull(diff);
    let mut best = (f32::INFINITY, Vec2::ZERO);
    let mut second = f32::INFINITY;
    for i in 0..h.len() {
        let (p, q) = (h[i], h[(i + 1) % h.len()]);
        let e = q - p;
        let m = Vec2::new(e.y, -e.x).normalize_or_zero();
        // Origin's depth behind this edge (positive inside).
        let d = m.dot(p);
        if d < best.0 {
            second = best.0;
            best = (d, -m);
        } else if d < second {
            second = d;
        }
    }
    (best.0, best.1, second)
}

fn overlaps(a: &[Vec2], b: &[Vec2]) -> bool {
    oracle(a, b).0 > 0.0
}

#[test]
fn sat_matches_a_brute_force_oracle_on_random_pairs() {
    let mut rng = Rng::new(0x5eed_0001);
    let (mut checked, mut overlapping, mut borderline) = (0, 0, 0);
    for _ in 0..3000 {
        let (pa, pb) = (random_polygon(&mut rng), random_polygon(&mut rng));
        let xa = Transform {
            p: Vec2::new(rng.range(-0.5, 0.5), rng.range(-0.5, 0.5)),
            q: Rot::from_angle(rng.range(-3.2, 3.2)),
        };
        let xb = Transform {
            p: Vec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0)),
            q: Rot::from_angle(rng.range(-3.2, 3.2)),
        };
        let (wa, wb) = (world_points(&pa, xa), world_points(&pb, xb));
        let (depth, normal, runner_up) = oracle(&wa, &wb);
        let got = collide(&pa, xa, &pb, xb);
        let swapped = collide(&pb, xb, &pa, xa);
        checked += 1;
        // Within 10 µm of touching, either answer is right.
        if depth.abs() < 1e-5 {
            borderline += 1;
            continue;
        }
        assert_eq!(got.is_some(), depth > 0.0, "overlap yes/no, depth {depth}");
        assert_eq!(swapped.is_some(), got.is_some(), "order independent");
        let (Some(m), Some(s)) = (got, swapped) else {
            continue;
        };
        overlapping += 1;
        // Depth: the minimum translation distance, up to the reference
        // tie tolerance (the chosen face may be that much shallower).
        assert!(
            m.depth() >= depth - 2e-5 && m.depth() <= depth + REFERENCE_TOLERANCE + 2e-5,
            "depth {} vs oracle {depth}",
            m.depth()
        );
        // The normal points from A to B: moving B along it by the depth
        // (plus 1 mm) separates the pair, and when the best edge is
        // unambiguous it is the oracle's normal.
        let nudge = m.normal * (m.depth() + 1e-3);
        let moved: Vec<Vec2> = wb.iter().map(|&p| p + nudge).collect();
        assert!(!overlaps(&wa, &moved), "B moved along the normal separates");
        if runner_up > depth + REFERENCE_TOLERANCE + 1e-3 {
            assert!(
                (m.normal - normal).length() < 1e-3,
                "{:?} vs {normal:?}",
                m.normal
            );
        }
        // 1–2 points, each on or under the reference face but no deeper
        // than the penetration.
        assert!((1..=2).contains(&m.count));
        for p in m.points() {
            assert!(p.separation <= 1e-6 && p.separation >= -m.depth() - 2e-5);
        }
        // Swapped pair: the same depth and points, the opposite normal, bit
        // for bit.
        assert_eq!(s.normal, -m.normal);
        assert_eq!(s.separation, m.separation);
        assert_eq!(s.count, m.count);
        for (ps, pm) in s.points().iter().zip(m.points()) {
            assert_eq!((ps.point, ps.separation), (pm.point, pm.separation));
        }
    }
    assert!(
        overlapping > 800,
        "the generator gives many overlaps: {overlapping}"
    );
    assert!(
        borderline * 100 < checked,
        "few borderline cases: {borderline}"
    );
}
