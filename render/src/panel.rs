//! Panels: the two ways a screen frames things.
//!
//! - A low-poly bevelled panel: an octagon (a rectangle with its corners cut
//!   at 45°) filled with a vertical two-colour gradient and ringed by a
//!   border band. Eleven untextured quads, any size.
//! - A nine-slice of a sprite: corners drawn unscaled, edges stretched along
//!   one axis, the centre stretched along both.
//!
//! Both are pure geometry here; `DrawList::panel` and `DrawList::nine_slice`
//! append the result.
use glam::Vec2;

use crate::colour::Rgba;
use crate::rect::Rect;

/// How a bevelled panel looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PanelStyle {
    /// Fill colour at the top edge.
    pub fill_top: Rgba,
    /// Fill colour at the bottom edge.
    pub fill_bottom: Rgba,
    /// Border colour.
    pub border: Rgba,
    /// Border band width in pixels; 0 draws no border.
    pub border_px: f32,
    /// Length of the cut corners in pixels; 0 gives a plain rectangle.
    pub bevel_px: f32,
}

/// The octagon of `rect` with corners cut by `bevel`, clockwise on screen
/// from the top edge's left end. The bevel is clamped to half the short side.
pub fn octagon(rect: Rect, bevel: f32) -> [Vec2; 8] {
    let b = bevel.clamp(0.0, rect.w.min(rect.h) / 2.0);
    let (l, t, r, bo) = (rect.x, rect.y, rect.x + rect.w, rect.y + rect.h);
    [
        Vec2::new(l + b, t),
        Vec2::new(r - b, t),
        Vec2::new(r, t + b),
        Vec2::new(r, bo - b),
        Vec2::new(r - b, bo),
        Vec2::new(l + b, bo),
        Vec2::new(l, bo - b),
        Vec2::new(l, t + b),
    ]
}

fn lerp(a: Rgba, b: Rgba, t: f32) -> Rgba {
    std::array::from_fn(|i| a[i] + (b[i] - a[i]) * t)
}

/// A quad of (position, colour) corners, clockwise on screen.
pub type ColouredQuad = [(Vec2, Rgba); 4];

/// Appends a bevelled panel to `out` as quads: three for the fill (top
/// trapezoid, middle rectangle, bottom trapezoid) and, with a border, eight
/// for the band. Quads (not a triangle list) so a panel sorts with text and
/// sprites in the UI pass and merges into their draw call.
pub fn panel_quads(rect: Rect, style: &PanelStyle, out: &mut Vec<ColouredQuad>) {
    let border = style.border_px.clamp(0.0, rect.w.min(rect.h) / 2.0);
    let outer = octagon(rect, style.bevel_px);
    // The inner octagon's cut shrinks so the band keeps its width on the diagonals.
    let inner_bevel = (style.bevel_px - border * (2.0f32.sqrt() - 1.0)).max(0.0);
    let i = octagon(rect.inset(border), inner_bevel);
    let fill = |p: Vec2| {
        let t = if rect.h > 0.0 {
            (p.y - rect.y) / rect.h
        } else {
            0.0
        };
        (
            p,
            lerp(style.fill_top, style.fill_bottom, t.clamp(0.0, 1.0)),
        )
    };
    out.push([fill(i[0]), fill(i[1]), fill(i[2]), fill(i[7])]);
    out.push([fill(i[7]), fill(i[2]), fill(i[3]), fill(i[6])]);
    out.push([fill(i[6]), fill(i[3]), fill(i[4]), fill(i[5])]);
    if border > 0.0 {
        let c = style.border;
        for a in 0..8 {
            let b = (a + 1) % 8;
            out.push([(outer[a], c), (outer[b], c), (i[b], c), (i[a], c)]);
        }
    }
}

/// The nine (destination, source) rectangle pairs of a nine-slice: `dest` on
/// screen, `src` in texels, `edge` the unscaled corner size in both (clamped
/// to half of either rectangle). Empty pieces are left out.
pub fn nine_slice(dest: Rect, src: [f32; 4], edge: f32) -> Vec<(Rect, [f32; 4])> {
    let e = edge.clamp(
        0.0,
        (dest.w.min(dest.h) / 2.0).min(src[2].min(src[3]) / 2.0),
    );
    let dx = [dest.x, dest.x + e, dest.x + dest.w - e, dest.x + dest.w];
    let dy = [dest.y, dest.y + e, dest.y + dest.h - e, dest.y + dest.h];
    let sx = [src[0], src[0] + e, src[0] + src[2] - e, src[0] + src[2]];
    let sy = [src[1], src[1] + e, src[1] + src[3] - e, src[1] + src[3]];
    let mut out = Vec::with_capacity(9);
    for row in 0..3 {
        for col in 0..3 {
            let d = Rect::new(
                dx[col],
                dy[row],
                dx[col + 1] - dx[col],
                dy[row + 1] - dy[row],
            );
            if d.w > 0.0 && d.h > 0.0 {
                let s = [
                    sx[col],
                    sy[row],
                    sx[col + 1] - sx[col],
                    sy[row + 1] - sy[row],
                ];
                out.push((d, s));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const STYLE: PanelStyle = PanelStyle {
        fill_top: [1.0, 0.0, 0.0, 1.0],
        fill_bottom: [0.0, 0.0, 1.0, 1.0],
        border: [0.0, 1.0, 0.0, 1.0],
        border_px: 3.0,
        bevel_px: 10.0,
    };

    /// Area of quads split as the quad index buffer splits them (0,1,2 and 2,3,0).
    fn area(quads: &[ColouredQuad]) -> f32 {
        let tri = |a: Vec2, b: Vec2, c: Vec2| ((b - a).perp_dot(c - a) / 2.0).abs();
        quads
            .iter()
            .map(|q| tri(q[0].0, q[1].0, q[2].0) + tri(q[2].0, q[3].0, q[0].0))
            .sum()
    }

    #[test]
    fn panel_covers_the_octagon_exactly_and_stays_inside_the_rect() {
        let rect = Rect::new(10.0, 20.0, 100.0, 60.0);
        let mut quads = Vec::new();
        panel_quads(rect, &STYLE, &mut quads);
        assert_eq!(quads.len(), 3 + 8, "3 fill + 8 border quads");
        for (p, _) in quads.iter().flatten() {
            assert!(
                p.x >= 10.0 && p.x <= 110.0 && p.y >= 20.0 && p.y <= 80.0,
                "{p}"
            );
        }
        // Fill plus border tile the octagon: rect minus four cut corners.
        let octagon_area = 100.0 * 60.0 - 4.0 * (10.0 * 10.0 / 2.0);
        assert!(
            (area(&quads) - octagon_area).abs() < 0.01,
            "{}",
            area(&quads)
        );
        // The gradient runs top (red) to bottom (blue); the border has its own colour.
        let (top, bottom) = (quads[0][0].1, quads[2][2].1);
        assert!(top[0] > 0.9 && top[2] < 0.1, "{top:?}");
        assert!(bottom[2] > 0.9 && bottom[0] < 0.1, "{bottom:?}");
        assert!(quads[3..].iter().flatten().all(|v| v.1 == STYLE.border));
    }

    #[test]
    fn no_border_and_no_bevel_give_a_plain_rectangle() {
        let style = PanelStyle {
            border_px: 0.0,
            bevel_px: 0.0,
            ..STYLE
        };
        let mut quads = Vec::new();
        panel_quads(Rect::new(0.0, 0.0, 40.0, 30.0), &style, &mut quads);
        assert_eq!(quads.len(), 3);
        assert!((area(&quads) - 1200.0).abs() < 0.01);
    }

    #[test]
    fn nine_slice_keeps_corners_unscaled_and_tiles_the_rect() {
        let dest = Rect::new(0.0, 0.0, 100.0, 50.0);
        let parts = nine_slice(dest, [10.0, 20.0, 32.0, 32.0], 8.0);
        assert_eq!(parts.len(), 9);
        let (corner, corner_src) = parts[0];
        assert_eq!(corner, Rect::new(0.0, 0.0, 8.0, 8.0));
        assert_eq!(corner_src, [10.0, 20.0, 8.0, 8.0]);
        let (centre, centre_src) = parts[4];
        assert_eq!(centre, Rect::new(8.0, 8.0, 84.0, 34.0));
        assert_eq!(centre_src, [18.0, 28.0, 16.0, 16.0]);
        let total: f32 = parts.iter().map(|(d, _)| d.w * d.h).sum();
        assert_eq!(total, 5000.0);
        // Too small for the edges: clamped, still tiled.
        let tiny = nine_slice(Rect::new(0.0, 0.0, 6.0, 6.0), [0.0, 0.0, 32.0, 32.0], 8.0);
        assert_eq!(tiny.iter().map(|(d, _)| d.w * d.h).sum::<f32>(), 36.0);
    }
}
