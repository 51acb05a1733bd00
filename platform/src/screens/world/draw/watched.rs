//! A cell a watcher will see at the end of the round, as drawn over its
//! floor (`play::danger` says which): the palette's danger tint, a hatch
//! of diagonal stripes across the whole cell, and — on one cell of every
//! two-by-two block of grid cells that has watched cells
//! ([`crate::screens::play::danger::Danger::eye_at`]) — an eye: a pale
//! almond with an iris in the danger colour and a dark pupil. So danger
//! is told from a fall (dots, dashes, a dotted ring: `play::preview`) by
//! its shape in every palette, not by its colour alone.
//!
//! The marks are drawn upright in cell-local coordinates (the cell is
//! `[-0.5, 0.5]²`, y down) whatever the region's portal turn, so the
//! stripes run the same way everywhere on screen, and they meet from
//! cell to cell (bold stripes, like hazard tape, one every cell along the
//! diagonal). The stripes are clipped to the cell by construction: each
//! is the part of a diagonal band inside the square, a quadrilateral.
//!
//! Cost: a watched cell is one draw command, as the tint alone was: its
//! triangles (the tint, two stripes, and the eye where there is one) are
//! built once per palette (`MARKS`) and copied per cell — 18 vertices,
//! 54 with the eye (the tint alone was 4; a frame with hundreds of watched
//! cells, the benchmark's, pays for them: `BENCHMARKS.md`).
use std::sync::LazyLock;

use glam::Vec2;
use render::{hex, DrawList, Rgba};

use crate::screens::world::{Colours, Palette};

/// The eye's almond, and its pupil: the same in every palette.
pub const EYE_WHITE: Rgba = [0.96, 0.95, 0.91, 0.92];
pub const EYE_PUPIL: Rgba = hex(0x10121a);

/// The hatch: one stripe every `HATCH_PERIOD` along the cell's diagonal
/// (x + y, which runs from -1 to 1 across the cell: [`STRIPES`] stripes a
/// cell), each `HATCH_WIDTH` of it wide, starting `HATCH_OFFSET` past a
/// multiple of the period so no stripe crosses the cell's corners or its
/// other diagonal (each clipped stripe is then a quadrilateral).
const HATCH_PERIOD: f32 = 1.0;
const HATCH_WIDTH: f32 = 0.3;
const HATCH_OFFSET: f32 = 0.35;
pub const STRIPES: usize = 2;

/// The eye: its centre (upper part of the cell, clear of who stands on
/// the floor), the almond's half width and half height, the iris's and
/// the pupil's radii.
const EYE_CENTRE: Vec2 = Vec2::new(0.0, -0.24);
const EYE_HALF: Vec2 = Vec2::new(0.21, 0.115);
const IRIS: f32 = 0.088;
const PUPIL: f32 = 0.04;

/// One palette's triangles for a watched cell: the tint and the hatch
/// (the first `plain`), then the eye.
pub struct Marks {
    triangles: Vec<(Vec2, Rgba)>,
    plain: usize,
}

/// Each palette's marks, in [`Palette::ALL`]'s order: built once, the
/// same every frame.
static MARKS: LazyLock<[Marks; 2]> = LazyLock::new(|| Palette::ALL.map(|p| Marks::of(p.colours())));

impl Marks {
    /// The marks in `colours`.
    fn of(colours: &Colours) -> Marks {
        let mut t = Vec::new();
        let square = [
            Vec2::new(-0.5, -0.5),
            Vec2::new(0.5, -0.5),
            Vec2::new(0.5, 0.5),
            Vec2::new(-0.5, 0.5),
        ];
        quad(&mut t, square, colours.danger_tint);
        for stripe in hatch() {
            quad(&mut t, stripe, colours.danger_hatch);
        }
        let plain = t.len();
        fan(&mut t, &almond(), EYE_WHITE);
        fan(&mut t, &circle(EYE_CENTRE, IRIS, 6), colours.danger_eye);
        fan(&mut t, &circle(EYE_CENTRE, PUPIL, 4), EYE_PUPIL);
        Marks {
            triangles: t,
            plain,
        }
    }

    /// The marks of `palette`.
    pub fn of_palette(palette: Palette) -> &'static Marks {
        &MARKS[palette as usize]
    }

    /// The triangles of a watched cell, with the eye or without.
    pub fn triangles(&self, eye: bool) -> &[(Vec2, Rgba)] {
        if eye {
            &self.triangles
        } else {
            &self.triangles[..self.plain]
        }
    }
}

/// Draws a watched cell in cell-local coordinates (the list's transform
/// and depth as the caller set them): one command.
pub fn draw_watched(list: &mut DrawList, palette: Palette, eye: bool) {
    list.coloured_triangles(Marks::of_palette(palette).triangles(eye));
}

/// The hatch's stripes, clipped to the cell: the parts of the bands
/// `a <= x + y <= a + HATCH_WIDTH` inside the square.
pub fn hatch() -> impl Iterator<Item = [Vec2; 4]> {
    let half = STRIPES as i32 / 2;
    (-half..half).map(|k| {
        let a = k as f32 * HATCH_PERIOD + HATCH_OFFSET;
        let b = a + HATCH_WIDTH;
        if b <= 0.0 {
            // Across the top-left corner: from the left side to the top.
            [
                Vec2::new(-0.5, a + 0.5),
                Vec2::new(a + 0.5, -0.5),
                Vec2::new(b + 0.5, -0.5),
                Vec2::new(-0.5, b + 0.5),
            ]
        } else {
            // Across the bottom-right corner: from the bottom to the right.
            [
                Vec2::new(a - 0.5, 0.5),
                Vec2::new(0.5, a - 0.5),
                Vec2::new(0.5, b - 0.5),
                Vec2::new(b - 0.5, 0.5),
            ]
        }
    })
}

/// Two triangles of the quadrilateral `q`.
fn quad(out: &mut Vec<(Vec2, Rgba)>, q: [Vec2; 4], colour: Rgba) {
    for i in [0, 1, 2, 0, 2, 3] {
        out.push((q[i], colour));
    }
}

/// The convex outline `ring` as a fan of triangles from its first point
/// (`ring.len() - 2` of them).
fn fan(out: &mut Vec<(Vec2, Rgba)>, ring: &[Vec2], colour: Rgba) {
    for pair in ring[1..].windows(2) {
        out.extend([(ring[0], colour), (pair[0], colour), (pair[1], colour)]);
    }
}

/// `n` points round a circle.
fn circle(c: Vec2, r: f32, n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let a = i as f32 * std::f32::consts::TAU / n as f32;
            c + Vec2::new(a.cos(), a.sin()) * r
        })
        .collect()
}

/// The eye's almond outline: two circular arcs meeting in points at its
/// ends (a lens), round [`EYE_CENTRE`].
fn almond() -> Vec<Vec2> {
    let (rx, ry) = (EYE_HALF.x, EYE_HALF.y);
    // The arcs' circle: through both ends, `ry` from the chord.
    let radius = (rx * rx + ry * ry) / (2.0 * ry);
    let lift = |x: f32| (radius * radius - x * x).max(0.0).sqrt() - (radius - ry);
    let n = 4;
    let xs: Vec<f32> = (0..=n)
        .map(|i| -rx + 2.0 * rx * i as f32 / n as f32)
        .collect();
    let upper = xs.iter().map(|&x| Vec2::new(x, -lift(x)));
    let lower = xs[1..n].iter().rev().map(|&x| Vec2::new(x, lift(x)));
    upper.chain(lower).map(|p| EYE_CENTRE + p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Twice the signed area of triangle `t`.
    fn area(t: &[(Vec2, Rgba)]) -> f32 {
        (t[1].0 - t[0].0).perp_dot(t[2].0 - t[0].0) / 2.0
    }

    #[test]
    fn the_hatch_is_stripes_inside_the_cell_that_meet_the_next_cells() {
        let stripes: Vec<[Vec2; 4]> = hatch().collect();
        assert_eq!(stripes.len(), STRIPES);
        for s in &stripes {
            for p in s {
                assert!(p.x.abs() <= 0.5 + 1e-6 && p.y.abs() <= 0.5 + 1e-6, "{p}");
            }
            // A stripe runs from one side to the next: parallel edges
            // along the diagonal x + y = constant.
            for (a, b) in [(s[0], s[1]), (s[2], s[3])] {
                assert!(((a.x + a.y) - (b.x + b.y)).abs() < 1e-6);
            }
        }
        // The next cell along x or y sees the same stripes one further
        // along its diagonal (x + y shifts by 1): each stripe goes on
        // there, or lies past that cell's corner.
        let starts: Vec<f32> = stripes.iter().map(|s| s[0].x + s[0].y).collect();
        let has = |v: f32| starts.iter().any(|b| (b - v).abs() < 1e-6);
        for &a in &starts {
            assert!(has(a + 1.0) || a + 1.0 >= 1.0, "{a} goes on");
            assert!(
                has(a - 1.0) || a - 1.0 + HATCH_WIDTH <= -1.0,
                "{a} comes from"
            );
        }
    }

    #[test]
    fn the_eye_sits_inside_the_cell_and_covers_its_pupil() {
        let m = Marks::of(Palette::Standard.colours());
        let eye = &m.triangles(true)[m.plain..];
        assert!(!eye.is_empty() && eye.len().is_multiple_of(3));
        for (p, _) in eye {
            assert!(p.x.abs() < 0.5 && p.y.abs() < 0.5, "{p}");
        }
        // Every triangle turns the same way (no folded fan), and the
        // almond is wider than it is tall.
        let signs: Vec<bool> = eye.chunks(3).map(|t| area(t) > 0.0).collect();
        assert!(signs.iter().all(|&s| s == signs[0]));
        let outline = almond();
        let (w, h) = outline.iter().fold((0.0f32, 0.0f32), |(w, h), p| {
            (
                w.max((p.x - EYE_CENTRE.x).abs()),
                h.max((p.y - EYE_CENTRE.y).abs()),
            )
        });
        assert!(w > 1.5 * h, "{w} × {h}");
        assert!(IRIS < h && PUPIL < IRIS);
    }

    #[test]
    fn the_marks_take_the_palettes_colours() {
        for palette in Palette::ALL {
            let c = palette.colours();
            let m = Marks::of_palette(palette);
            let colours: Vec<Rgba> = m.triangles(true).iter().map(|&(_, c)| c).collect();
            for want in [
                c.danger_tint,
                c.danger_hatch,
                c.danger_eye,
                EYE_WHITE,
                EYE_PUPIL,
            ] {
                assert!(colours.contains(&want), "{palette}: {want:?}");
            }
            let plain: Vec<Rgba> = m.triangles(false).iter().map(|&(_, c)| c).collect();
            assert!(!plain.contains(&c.danger_eye), "{palette}: no eye");
            // What a watched cell costs the frame, in vertices.
            assert_eq!((plain.len(), colours.len()), (18, 54), "{palette}");
        }
    }
}
