//! Level thumbnails drawn on the CPU: the `level png` tool's picture of a
//! level, for previews and for eyeballing shipped levels.
//!
//! Each cell is a `cell_px` square (16 by default) inside a margin. Air is
//! light, rock dark brown, the entrance green. Walls are thick dark lines
//! (between air and rock or the outside; rock-to-rock walls are left out so
//! rock reads as mass), platforms thinner brown lines, and both edges of a
//! portal the same colour, one colour per portal. Things are small markers
//! in the cell's quarters: heroes are discs (knight red, scout green,
//! sorceress purple), relics gold diamonds (heavy ones outlined dark),
//! other items blue squares, rope coils brown rings, watchers orange
//! triangles with their route dotted.

use game::grid::{CellKind, CellPos, EdgePos, EdgeType, Grid};
use game::level::{HeroKind, ItemFlags, Level, ThingSpecKind};
use image::{Rgba, RgbaImage};

/// Default cell size in pixels.
pub const CELL_PX: u32 = 16;

const BACKGROUND: Rgba<u8> = Rgba([28, 28, 34, 255]);
const AIR: Rgba<u8> = Rgba([214, 208, 192, 255]);
const ROCK: Rgba<u8> = Rgba([88, 74, 62, 255]);
const ENTRANCE: Rgba<u8> = Rgba([150, 214, 140, 255]);
const WALL: Rgba<u8> = Rgba([24, 22, 26, 255]);
const PLATFORM: Rgba<u8> = Rgba([160, 104, 40, 255]);
const KNIGHT: Rgba<u8> = Rgba([214, 40, 40, 255]);
const SCOUT: Rgba<u8> = Rgba([30, 160, 60, 255]);
const SORCERESS: Rgba<u8> = Rgba([140, 60, 200, 255]);
const RELIC: Rgba<u8> = Rgba([240, 196, 30, 255]);
const ITEM: Rgba<u8> = Rgba([50, 110, 220, 255]);
const ROPE: Rgba<u8> = Rgba([120, 80, 30, 255]);
const WATCHER: Rgba<u8> = Rgba([240, 120, 20, 255]);

/// The colour of portal `index`: hues spread by the golden angle.
pub fn portal_colour(index: usize) -> Rgba<u8> {
    let hue = (index as f32 * 137.508) % 360.0;
    let (s, v) = (0.85f32, 0.95f32);
    let c = v * s;
    let h = hue / 60.0;
    let x = c * (1.0 - ((h % 2.0) - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    let to = |f: f32| ((f + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgba([to(r), to(g), to(b), 255])
}

/// A canvas with clipped drawing in pixel coordinates (y down).
struct Canvas {
    img: RgbaImage,
}

impl Canvas {
    fn rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, c: Rgba<u8>) {
        let (w, h) = (i64::from(self.img.width()), i64::from(self.img.height()));
        for y in y0.max(0)..y1.min(h) {
            for x in x0.max(0)..x1.min(w) {
                self.img.put_pixel(x as u32, y as u32, c);
            }
        }
    }

    /// Pixels within `r` (Euclidean, or Manhattan for a diamond) of a centre;
    /// a ring when `hole` is set.
    fn blob(&mut self, cx: i64, cy: i64, r: i64, diamond: bool, hole: Option<i64>, c: Rgba<u8>) {
        for y in cy - r..=cy + r {
            for x in cx - r..=cx + r {
                let (dx, dy) = (x - cx, y - cy);
                // `r * r + r` rounds small discs instead of leaving spikes.
                let (d2, lim) = if diamond {
                    ((dx.abs() + dy.abs()).pow(2), r * r)
                } else {
                    (dx * dx + dy * dy, r * r + r)
                };
                let inside = d2 <= lim && !matches!(hole, Some(h) if d2 <= h * h);
                if inside {
                    self.rect(x, y, x + 1, y + 1, c);
                }
            }
        }
    }

    /// An upward triangle of height `2r` centred on a point.
    fn triangle(&mut self, cx: i64, cy: i64, r: i64, c: Rgba<u8>) {
        for row in 0..=2 * r {
            let half = row / 2;
            self.rect(cx - half, cy - r + row, cx + half + 1, cy - r + row + 1, c);
        }
    }
}

/// The picture of `level` at `cell_px` pixels per cell (at least 4).
pub fn thumbnail(level: &Level, cell_px: u32) -> RgbaImage {
    let s = i64::from(cell_px.max(4));
    let margin = s / 2;
    let grid = &level.grid;
    let (w, h) = (grid.width() as i64, grid.height() as i64);
    let size = |n: i64| u32::try_from(n * s + 2 * margin).unwrap_or(u32::MAX);
    let mut cv = Canvas {
        img: RgbaImage::from_pixel(size(w), size(h), BACKGROUND),
    };
    // Top-left pixel of cell (x, y).
    let px = |c: CellPos| {
        (
            margin + i64::from(c.x) * s,
            margin + (h - 1 - i64::from(c.y)) * s,
        )
    };

    for y in 0..h {
        for x in 0..w {
            let c = CellPos::new(x as i32, y as i32);
            let (x0, y0) = px(c);
            let colour = if c == level.entrance {
                ENTRANCE
            } else if grid.cell(c) == Some(CellKind::Rock) {
                ROCK
            } else {
                AIR
            };
            cv.rect(x0, y0, x0 + s, y0 + s, colour);
        }
    }
    draw_edges(&mut cv, grid, s, margin);
    draw_things(&mut cv, level, s, &px);
    cv.img
}

fn draw_edges(cv: &mut Canvas, grid: &Grid, s: i64, margin: i64) {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    let thick = (s / 5).max(2);
    let thin = (s / 8).max(1);
    let air = |c: CellPos| grid.cell(c) == Some(CellKind::Air);
    let horizontal = (0..=h).flat_map(|y| (0..w).map(move |x| EdgePos::horizontal(x, y)));
    let vertical = (0..h).flat_map(|y| (0..=w).map(move |x| EdgePos::vertical(x, y)));
    for e in horizontal.chain(vertical) {
        let Some(edge) = grid.edge(e) else { continue };
        let (a, b) = e.sides();
        let (colour, width, offset) = match edge.edge_type() {
            EdgeType::Open => continue,
            EdgeType::Solid if !air(a) && !air(b) => continue,
            EdgeType::Solid => (WALL, thick, 0),
            // A platform is drawn just above its edge line: you stand on it.
            EdgeType::Platform => (PLATFORM, thin, -thin),
            EdgeType::Portal => (portal_colour(edge.portal_index().unwrap_or(0)), thick, 0),
        };
        // Line from corner (lx, ly) along the edge, in pixels.
        let lx = margin + i64::from(e.x) * s;
        match e.orientation {
            game::grid::Orientation::Horizontal => {
                let ly = margin + (i64::from(h) - i64::from(e.y)) * s;
                let top = ly - width / 2 + offset;
                cv.rect(lx, top, lx + s, top + width, colour);
            }
            game::grid::Orientation::Vertical => {
                let ly = margin + (i64::from(h) - 1 - i64::from(e.y)) * s;
                cv.rect(lx - width / 2, ly, lx - width / 2 + width, ly + s, colour);
            }
        }
    }
}

fn draw_things(cv: &mut Canvas, level: &Level, s: i64, px: &dyn Fn(CellPos) -> (i64, i64)) {
    let r = (s / 5).max(1);
    let q = s / 4;
    // Route dots first, so markers sit on top.
    for t in &level.things {
        if let ThingSpecKind::Watcher { route } = &t.kind {
            for &p in route {
                let (x0, y0) = px(p);
                cv.blob(x0 + s / 2, y0 + s / 2, (r / 2).max(1), false, None, WATCHER);
            }
        }
    }
    let mut slots: std::collections::HashMap<CellPos, i64> = std::collections::HashMap::new();
    for t in &level.things {
        let slot = slots.entry(t.cell).or_insert(0);
        let k = *slot % 4;
        *slot += 1;
        let (x0, y0) = px(t.cell);
        // Quarters in reading order: top-left, top-right, bottom-left, bottom-right.
        let cx = x0 + if k % 2 == 0 { q } else { 3 * q };
        let cy = y0 + if k < 2 { q } else { 3 * q };
        match &t.kind {
            ThingSpecKind::Hero { hero, .. } => {
                let c = match hero {
                    HeroKind::Knight => KNIGHT,
                    HeroKind::Scout => SCOUT,
                    HeroKind::Sorceress => SORCERESS,
                };
                cv.blob(cx, cy, r, false, None, c);
            }
            ThingSpecKind::Item { flags, .. } if flags.contains(ItemFlags::RELIC) => {
                if flags.contains(ItemFlags::HEAVY) {
                    cv.blob(cx, cy, r + 1, true, None, WALL);
                }
                cv.blob(cx, cy, r, true, None, RELIC);
            }
            ThingSpecKind::Item { .. } => cv.rect(cx - r, cy - r, cx + r + 1, cy + r + 1, ITEM),
            ThingSpecKind::RopeCoil { .. } => cv.blob(cx, cy, r, false, Some(r / 2), ROPE),
            ThingSpecKind::Watcher { .. } => cv.triangle(cx, cy, r, WATCHER),
        }
    }
}

/// The image encoded as PNG.
pub fn png_bytes(img: &RgbaImage) -> Result<Vec<u8>, String> {
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| e.to_string())?;
    Ok(out.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::level::fixtures;

    #[test]
    fn thumbnail_size_and_colours_follow_the_level() {
        let level = fixtures::level(fixtures::LOOP_BACK);
        let img = thumbnail(&level, 16);
        // 2x1 cells of 16 px plus an 8 px margin each side.
        assert_eq!((img.width(), img.height()), (2 * 16 + 16, 16 + 16));
        // Things sit in the top-left quarter; the bottom-right ones are bare.
        assert_eq!(*img.get_pixel(8 + 16 + 12, 8 + 12), AIR);
        // The entrance cell's bare quarter is green.
        assert_eq!(*img.get_pixel(8 + 12, 8 + 12), ENTRANCE);
        // The left and right walls are the portal's colour; the floor a wall.
        assert_eq!(*img.get_pixel(8, 8 + 8), portal_colour(0));
        assert_eq!(*img.get_pixel(8 + 32, 8 + 8), portal_colour(0));
        assert_eq!(*img.get_pixel(8 + 8, 8 + 16), WALL);
        // Knight's disc in the entrance's top-left quarter, relic's diamond in (1,0)'s.
        assert_eq!(*img.get_pixel(8 + 4, 8 + 4), KNIGHT);
        assert_eq!(*img.get_pixel(8 + 16 + 4, 8 + 4), RELIC);
        let png = png_bytes(&img).expect("encodes");
        assert_eq!(&png[1..4], b"PNG");
    }

    #[test]
    fn portal_colours_differ() {
        let colours: std::collections::HashSet<_> = (0..8).map(portal_colour).collect();
        assert_eq!(colours.len(), 8);
    }
}
