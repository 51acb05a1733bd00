//! The strokes the play screen's overlays are drawn with (screen pixels,
//! UI pass): a solid ring, a ring of dashes, a dashed line. Each is one
//! draw command — its bands gathered into one triangle list — and each
//! band is exactly the two triangles `DrawList::line` draws, so a solid
//! ring looks as a ring of lines did.
//!
//! Solid and dashed say different things: a watcher's ring (where it
//! looks from) and a walk's path are solid; a fall's path is dashed and
//! its landing ring dotted (`preview.rs`), in every palette.
use std::f32::consts::TAU;

use glam::Vec2;
use render::{DrawList, Rgba};

/// The sides of a ring (solid or dashed) all the way round.
const RING_SIDES: usize = 20;

/// Appends the two triangles of a band `width` wide from `a` to `b` (as
/// `DrawList::line` draws it); nothing for a band shorter than 0.001.
fn band(out: &mut Vec<Vec2>, a: Vec2, b: Vec2, width: f32) {
    let d = b - a;
    if d.length_squared() < 1e-6 {
        return;
    }
    let n = d.normalize().perp() * (width / 2.0);
    let [p, q, r, s] = [a + n, b + n, b - n, a - n];
    out.extend_from_slice(&[p, q, r, p, r, s]);
}

/// The point of the circle round `c` of `radius` at `angle` (radians).
fn on_circle(c: Vec2, radius: f32, angle: f32) -> Vec2 {
    c + Vec2::new(angle.cos(), angle.sin()) * radius
}

/// Appends an arc of the circle round `c` of `radius`, from angle
/// `from` to `to` (radians), as `sides` bands `width` wide.
fn arc(
    out: &mut Vec<Vec2>,
    c: Vec2,
    radius: f32,
    width: f32,
    (from, to): (f32, f32),
    sides: usize,
) {
    let at = |i: usize| on_circle(c, radius, from + (to - from) * i as f32 / sides as f32);
    for i in 0..sides {
        band(out, at(i), at(i + 1), width);
    }
}

/// A ring (an outlined circle) of `radius` pixels round `c`, its line
/// `width` wide.
pub fn ring(list: &mut DrawList, c: Vec2, radius: f32, width: f32, colour: Rgba) {
    let mut out = Vec::with_capacity(RING_SIDES * 6);
    arc(&mut out, c, radius, width, (0.0, TAU), RING_SIDES);
    list.triangles(&out, colour);
}

/// A ring of `dashes` dashes round `c` (each half its share of the
/// circle, the gaps between as long), `radius` pixels out, `width` wide.
pub fn dashed_ring(
    list: &mut DrawList,
    c: Vec2,
    radius: f32,
    width: f32,
    dashes: usize,
    colour: Rgba,
) {
    let mut out = Vec::with_capacity(dashes * 12);
    let share = TAU / dashes.max(1) as f32;
    for k in 0..dashes {
        // The first dash starts a quarter share past 0, so a ring of 4k
        // dashes leaves gaps (not dashes) on the axes; each dash is an
        // arc of two sides.
        let start = (k as f32 + 0.25) * share;
        arc(&mut out, c, radius, width, (start, start + share / 2.0), 2);
    }
    list.triangles(&out, colour);
}

/// A dashed line from `a` to `b`, `width` wide: `dashes` dashes, each
/// three fifths of its share of the line, the first starting at `a`
/// after half a gap (so dashed lines laid end to end keep their rhythm).
pub fn dashed_line(list: &mut DrawList, a: Vec2, b: Vec2, width: f32, dashes: usize, colour: Rgba) {
    let mut out = Vec::with_capacity(dashes * 6);
    let n = dashes.max(1) as f32;
    for k in 0..dashes {
        let from = (k as f32 + 0.2) / n;
        let to = (k as f32 + 0.8) / n;
        band(&mut out, a.lerp(b, from), a.lerp(b, to), width);
    }
    list.triangles(&out, colour);
}

#[cfg(test)]
mod tests {
    use super::*;
    use render::colour::to_rgba8;

    const RED: Rgba = [1.0, 0.0, 0.0, 1.0];

    /// The positions of `list`'s vertices.
    fn points(list: &DrawList) -> Vec<Vec2> {
        list.vertices()
            .iter()
            .map(|v| Vec2::new(v.position[0], v.position[1]))
            .collect()
    }

    /// How many whole degrees of the circle round `c` of `radius` the
    /// list's triangles cover (at each degree's point on the circle).
    fn covered(list: &DrawList, c: Vec2, radius: f32) -> usize {
        let p = points(list);
        let inside = |q: Vec2| {
            p.chunks(3).any(|t| {
                let side = |a: Vec2, b: Vec2| (b - a).perp_dot(q - a);
                let (d0, d1, d2) = (side(t[0], t[1]), side(t[1], t[2]), side(t[2], t[0]));
                (d0 >= 0.0 && d1 >= 0.0 && d2 >= 0.0) || (d0 <= 0.0 && d1 <= 0.0 && d2 <= 0.0)
            })
        };
        (0..360)
            .filter(|&d| inside(on_circle(c, radius, (d as f32).to_radians())))
            .count()
    }

    #[test]
    fn a_solid_ring_goes_all_round_in_one_command_a_dashed_one_half_round() {
        let c = Vec2::new(100.0, 80.0);
        let mut solid = DrawList::new();
        ring(&mut solid, c, 20.0, 3.0, RED);
        assert_eq!(solid.commands().len(), 1);
        assert_eq!(covered(&solid, c, 20.0), 360);
        let mut dashed = DrawList::new();
        dashed_ring(&mut dashed, c, 20.0, 3.0, 8, RED);
        assert_eq!(dashed.commands().len(), 1);
        let share = covered(&dashed, c, 20.0);
        assert!((170..=190).contains(&share), "{share} of 360 degrees");
        for p in points(&dashed) {
            let r = p.distance(c);
            assert!((r - 20.0).abs() <= 1.6, "{r}");
        }
        assert!(dashed.vertices().iter().all(|v| v.colour == to_rgba8(RED)));
    }

    #[test]
    fn a_dashed_line_leaves_gaps_between_its_dashes() {
        let (a, b) = (Vec2::new(0.0, 0.0), Vec2::new(0.0, 100.0));
        let mut list = DrawList::new();
        dashed_line(&mut list, a, b, 4.0, 5, RED);
        assert_eq!(list.commands().len(), 1);
        // Five dashes of 12 pixels, starting 4 in, every 20.
        let mut ys: Vec<f32> = points(&list).iter().map(|p| p.y).collect();
        ys.sort_by(f32::total_cmp);
        ys.dedup_by(|x, y| (*x - *y).abs() < 1e-3);
        let want: Vec<f32> = (0..5)
            .flat_map(|k| [20.0 * k as f32 + 4.0, 20.0 * k as f32 + 16.0])
            .collect();
        assert_eq!(ys.len(), want.len(), "{ys:?}");
        for (y, w) in ys.iter().zip(&want) {
            assert!((y - w).abs() < 1e-3, "{ys:?}");
        }
    }
}
