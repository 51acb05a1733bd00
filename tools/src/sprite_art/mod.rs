//! Programmer art: the sprites drawn from shape tables ([`table`]) —
//! flat colours, low-poly, 32×32, a dark outline — so the art is
//! reproducible from source. `pack-assets --draw-sprites` writes them out.

mod table;

use image::{Rgba, RgbaImage};
use table::{ART, SILHOUETTES};

/// Side of every programmer-art sprite, in pixels.
const SIDE: u32 = 32;
/// Subsamples per pixel side when rasterising shapes (4×4 = 16 per pixel).
const SUPERSAMPLE: u32 = 4;
/// The outline drawn around sprites that ask for one.
const OUTLINE: [u8; 3] = [0x1a, 0x1c, 0x2c];

/// One flat-coloured shape in sprite pixels (x right, y down, 0..32).
enum Shape {
    /// A polygon (any winding; even-odd fill).
    Poly(u32, &'static [(f32, f32)]),
    /// A disc: centre and radius.
    Disc(u32, (f32, f32), f32),
    /// A thick segment: ends and width.
    Line(u32, (f32, f32), (f32, f32), f32),
    /// An ellipse: centre and radii.
    Ellipse(u32, (f32, f32), (f32, f32)),
}

use Shape::{Disc, Ellipse, Line, Poly};

/// A sprite: its name, whether it gets an outline, and its shapes, painted in order.
struct Art {
    name: &'static str,
    outline: bool,
    shapes: &'static [Shape],
}

/// How far a silhouette reaches past its sprite, in sprite pixels.
const SILHOUETTE_GROW_PX: f32 = 2.0;

/// The silhouette of `img` (see [`SILHOUETTES`]): white, opaque within
/// [`SILHOUETTE_GROW_PX`] of a mostly covered pixel, fading over the next
/// pixel.
fn silhouette(img: &RgbaImage) -> RgbaImage {
    let solid: Vec<(f32, f32)> = img
        .enumerate_pixels()
        .filter(|(_, _, p)| p.0[3] >= 128)
        .map(|(x, y, _)| (x as f32, y as f32))
        .collect();
    let mut out = RgbaImage::new(SIDE, SIDE);
    for (x, y, p) in out.enumerate_pixels_mut() {
        let d = solid
            .iter()
            .map(|&(sx, sy)| ((sx - x as f32).powi(2) + (sy - y as f32).powi(2)).sqrt())
            .fold(f32::INFINITY, f32::min);
        let a = (SILHOUETTE_GROW_PX + 1.0 - d).clamp(0.0, 1.0);
        if a > 0.0 {
            *p = Rgba([255, 255, 255, (a * 255.0).round() as u8]);
        }
    }
    out
}

/// Every sprite the tables make: the art, then the silhouettes.
pub fn draw_all() -> Vec<(&'static str, RgbaImage)> {
    let mut out: Vec<(&str, RgbaImage)> = ART.iter().map(|a| (a.name, draw(a))).collect();
    for &(name, from) in SILHOUETTES {
        let source = ART
            .iter()
            .find(|a| a.name == from)
            .unwrap_or_else(|| unreachable!("silhouette source `{from}` is in ART"));
        out.push((name, silhouette(&draw(source))));
    }
    out
}

fn inside_poly(points: &[(f32, f32)], x: f32, y: f32) -> bool {
    let mut inside = false;
    let mut j = points.len() - 1;
    for i in 0..points.len() {
        let (xi, yi) = points[i];
        let (xj, yj) = points[j];
        if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
            inside = !inside;
        }
        j = i;
    }
    inside
}

fn distance_to_segment(a: (f32, f32), b: (f32, f32), p: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (cx, cy) = (a.0 + t * dx, a.1 + t * dy);
    ((p.0 - cx).powi(2) + (p.1 - cy).powi(2)).sqrt()
}

impl Shape {
    fn colour(&self) -> u32 {
        match *self {
            Poly(c, _) | Disc(c, _, _) | Line(c, _, _, _) | Ellipse(c, _, _) => c,
        }
    }

    fn covers(&self, x: f32, y: f32) -> bool {
        let d = |c: (f32, f32)| ((x - c.0).powi(2) + (y - c.1).powi(2)).sqrt();
        match *self {
            Poly(_, points) => inside_poly(points, x, y),
            Disc(_, c, r) => d(c) <= r,
            Line(_, a, b, w) => distance_to_segment(a, b, (x, y)) <= w / 2.0,
            Ellipse(_, c, (rx, ry)) => ((x - c.0) / rx).powi(2) + ((y - c.1) / ry).powi(2) <= 1.0,
        }
    }
}

fn rgb(c: u32) -> [u8; 3] {
    [(c >> 16) as u8, (c >> 8) as u8, c as u8]
}

/// Rasterises `art` at `SUPERSAMPLE`² samples per pixel; straight alpha.
fn draw(art: &Art) -> RgbaImage {
    let n = SUPERSAMPLE;
    let mut img = RgbaImage::new(SIDE, SIDE);
    for py in 0..SIDE {
        for px in 0..SIDE {
            let (mut sum, mut covered) = ([0u32; 3], 0u32);
            for sy in 0..n {
                for sx in 0..n {
                    let x = px as f32 + (sx as f32 + 0.5) / n as f32;
                    let y = py as f32 + (sy as f32 + 0.5) / n as f32;
                    if let Some(shape) = art.shapes.iter().rev().find(|s| s.covers(x, y)) {
                        let c = rgb(shape.colour());
                        for k in 0..3 {
                            sum[k] += u32::from(c[k]);
                        }
                        covered += 1;
                    }
                }
            }
            if covered > 0 {
                let c = sum.map(|s| ((s + covered / 2) / covered) as u8);
                let a = ((covered * 255 + n * n / 2) / (n * n)) as u8;
                img.put_pixel(px, py, Rgba([c[0], c[1], c[2], a]));
            }
        }
    }
    if art.outline {
        outline(&mut img);
    }
    img
}

/// Puts a one-pixel dark outline behind the sprite: pixels next to a mostly
/// covered pixel get the outline colour, with the sprite composited over it.
fn outline(img: &mut RgbaImage) {
    let source = img.clone();
    let solid = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < i64::from(SIDE)
            && y < i64::from(SIDE)
            && source.get_pixel(x as u32, y as u32).0[3] >= 128
    };
    for y in 0..SIDE {
        for x in 0..SIDE {
            let p = source.get_pixel(x, y).0;
            if p[3] == 255 {
                continue;
            }
            let near =
                (-1..=1).any(|dy| (-1..=1).any(|dx| solid(i64::from(x) + dx, i64::from(y) + dy)));
            if !near {
                continue;
            }
            let a = u32::from(p[3]);
            let mix =
                |s: u8, o: u8| ((u32::from(s) * a + u32::from(o) * (255 - a) + 127) / 255) as u8;
            img.put_pixel(
                x,
                y,
                Rgba([
                    mix(p[0], OUTLINE[0]),
                    mix(p[1], OUTLINE[1]),
                    mix(p[2], OUTLINE[2]),
                    255,
                ]),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sprite_is_32_square_and_visible() {
        for art in ART {
            let img = draw(art);
            assert_eq!(img.dimensions(), (SIDE, SIDE));
            let opaque = img.pixels().filter(|p| p.0[3] == 255).count();
            assert!(opaque > 60, "{} has {opaque} opaque pixels", art.name);
        }
    }

    #[test]
    fn silhouettes_cover_their_sprite_and_a_rim_around_it() {
        let sprites = draw_all();
        for &(name, from) in SILHOUETTES {
            let sil = &sprites.iter().find(|(n, _)| *n == name).unwrap().1;
            let src = &sprites.iter().find(|(n, _)| *n == from).unwrap().1;
            let mut rim = 0;
            for (x, y, p) in src.enumerate_pixels() {
                let s = sil.get_pixel(x, y).0;
                if p.0[3] >= 128 {
                    assert_eq!(s, [255, 255, 255, 255], "{name} covers {from} at {x},{y}");
                } else if s[3] == 255 {
                    rim += 1;
                }
            }
            assert!(rim > 150, "{name} reaches past {from}: {rim} rim pixels");
        }
        let names: Vec<&str> = sprites.iter().map(|(n, _)| *n).collect();
        assert!(
            names.contains(&"statue"),
            "heavy relics have their own sprite"
        );
    }

    #[test]
    fn tiles_fill_their_edges_and_characters_leave_a_margin() {
        let wall = draw(ART.iter().find(|a| a.name == "wall").unwrap());
        assert!(wall.pixels().all(|p| p.0[3] == 255), "a wall tile is solid");
        let rope = draw(ART.iter().find(|a| a.name == "rope").unwrap());
        for x in 0..SIDE {
            assert_eq!(
                rope.get_pixel(x, 0).0[3],
                rope.get_pixel(x, SIDE - 1).0[3],
                "rope tiles vertically"
            );
        }
        let knight = draw(ART.iter().find(|a| a.name == "knight").unwrap());
        assert!(
            (0..SIDE).all(|x| knight.get_pixel(x, 0).0[3] == 0),
            "room above the helmet"
        );
    }

    #[test]
    fn polygon_and_segment_tests() {
        let square = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)];
        assert!(inside_poly(&square, 1.0, 1.0));
        assert!(!inside_poly(&square, 3.0, 1.0));
        assert!((distance_to_segment((0.0, 0.0), (10.0, 0.0), (5.0, 3.0)) - 3.0).abs() < 1e-6);
        assert!((distance_to_segment((0.0, 0.0), (10.0, 0.0), (13.0, 4.0)) - 5.0).abs() < 1e-6);
    }
}
