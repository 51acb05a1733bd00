//! `pack-assets`: packs the sprite PNGs of `assets/sprites/` into one atlas
//! (`assets/atlas/sprites.png` + `sprites.json`) with `render::atlas::pack`:
//! each sprite gets a one-texel extruded border, and the metadata points at
//! the inner rectangles. The game loads the result; the packed atlas is
//! committed so the game runs without this tool, and a test re-packs the
//! sources in memory to check the committed atlas is up to date.
//!
//! With `--draw-sprites` it first (re)draws the programmer-art sprites from
//! the shape tables below — flat colours, low-poly, 32×32, a dark outline —
//! so the art is reproducible from source.
//!
//! ```text
//! cargo run -p tools --bin pack-assets -- [--draw-sprites] [SPRITES_DIR] [ATLAS_DIR]
//! ```
//! Defaults: `assets/sprites` and `assets/atlas` of the repository.
//!
//! Arguments are taken as the OS gives them (`lexopt`); a mistake on the
//! command line exits with status 2, any other failure with 1. Sprites are
//! read only from regular files of at most [`MAX_SPRITE_BYTES`], and every
//! file written is written whole through `game::file_io::write_atomic`
//! (which refuses a target that is a folder, a device or a named pipe).
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use game::file_io::{read_capped, write_atomic};
use game::level::escaped;
use game::level::file::io_message;
use image::{Rgba, RgbaImage};
use tools::thumbnail::png_bytes;

const USAGE: &str = "usage: pack-assets [--draw-sprites] [SPRITES_DIR] [ATLAS_DIR]";

/// The largest sprite PNG read, in bytes.
const MAX_SPRITE_BYTES: u64 = 16 << 20;

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

const SKIN: u32 = 0xf2c79a;
const EYE: u32 = 0x1a1c2c;

/// The programmer-art sprite set.
const ART: &[Art] = &[
    Art {
        name: "knight",
        outline: true,
        shapes: &[
            Poly(
                0x23407e,
                &[(11.0, 24.0), (15.0, 24.0), (15.0, 30.0), (10.0, 30.0)],
            ),
            Poly(
                0x23407e,
                &[(17.0, 24.0), (21.0, 24.0), (22.0, 30.0), (17.0, 30.0)],
            ),
            Poly(
                0x3b6fd6,
                &[(10.0, 14.0), (22.0, 14.0), (23.0, 25.0), (9.0, 25.0)],
            ),
            Poly(
                0x5a8cf0,
                &[(10.0, 14.0), (16.0, 14.0), (16.0, 25.0), (9.0, 25.0)],
            ),
            Disc(SKIN, (16.0, 10.0), 4.5),
            Poly(
                0x9aa7b8,
                &[
                    (10.5, 10.0),
                    (11.5, 5.0),
                    (16.0, 3.0),
                    (20.5, 5.0),
                    (21.5, 10.0),
                    (20.0, 8.0),
                    (12.0, 8.0),
                ],
            ),
            Poly(
                0xc9d3e0,
                &[(11.5, 5.0), (16.0, 3.0), (16.0, 8.0), (12.0, 8.0)],
            ),
            Line(0x6b7686, (16.0, 4.0), (16.0, 11.0), 1.0),
            Disc(EYE, (14.0, 10.5), 0.8),
            Disc(EYE, (18.0, 10.5), 0.8),
            Poly(
                0xc9d3e0,
                &[
                    (17.0, 15.0),
                    (27.0, 15.0),
                    (27.0, 21.0),
                    (22.0, 28.0),
                    (17.0, 21.0),
                ],
            ),
            Poly(
                0x2f56b0,
                &[
                    (21.0, 16.5),
                    (23.0, 16.5),
                    (23.0, 25.0),
                    (22.0, 26.0),
                    (21.0, 25.0),
                ],
            ),
            Poly(
                0x2f56b0,
                &[(18.5, 19.0), (25.5, 19.0), (25.5, 21.0), (18.5, 21.0)],
            ),
        ],
    },
    Art {
        name: "scout",
        outline: true,
        shapes: &[
            Poly(
                0x2e7d32,
                &[(12.0, 23.0), (15.0, 23.0), (14.5, 30.0), (11.0, 30.0)],
            ),
            Poly(
                0x2e7d32,
                &[(17.0, 23.0), (20.0, 23.0), (21.0, 30.0), (17.5, 30.0)],
            ),
            Poly(
                0x4caf50,
                &[(11.5, 14.0), (20.5, 14.0), (21.0, 24.0), (11.0, 24.0)],
            ),
            Poly(
                0x7bd67e,
                &[(11.5, 14.0), (16.0, 14.0), (16.0, 24.0), (11.0, 24.0)],
            ),
            Poly(
                0x8d6e63,
                &[(11.0, 19.0), (21.0, 19.0), (21.0, 20.5), (11.0, 20.5)],
            ),
            Poly(
                0x66bb6a,
                &[
                    (10.0, 13.0),
                    (13.0, 4.0),
                    (16.0, 2.5),
                    (19.0, 4.0),
                    (22.0, 13.0),
                ],
            ),
            Disc(SKIN, (16.0, 10.0), 3.8),
            Poly(0x9ee6a0, &[(13.0, 4.0), (16.0, 2.5), (16.0, 6.0)]),
            Disc(EYE, (14.6, 10.2), 0.7),
            Disc(EYE, (17.4, 10.2), 0.7),
            Line(0x8d6e63, (23.5, 8.0), (25.5, 26.0), 1.5),
            Line(0xd7ccc8, (23.5, 8.0), (23.0, 26.0), 0.7),
        ],
    },
    Art {
        name: "sorceress",
        outline: true,
        shapes: &[
            Poly(
                0x6a3d9a,
                &[(12.0, 14.0), (20.0, 14.0), (24.0, 30.0), (8.0, 30.0)],
            ),
            Poly(
                0x8e5cc9,
                &[(12.0, 14.0), (16.0, 14.0), (16.0, 30.0), (8.0, 30.0)],
            ),
            Disc(SKIN, (16.0, 11.5), 3.5),
            Disc(EYE, (14.7, 11.8), 0.7),
            Disc(EYE, (17.3, 11.8), 0.7),
            Poly(
                0x4a2472,
                &[(9.0, 9.5), (23.0, 9.5), (21.0, 8.0), (11.0, 8.0)],
            ),
            Poly(0x7b46b8, &[(11.5, 8.5), (20.5, 8.5), (17.0, 1.0)]),
            Poly(0xa47ee0, &[(11.5, 8.5), (15.0, 8.5), (17.0, 1.0)]),
            Line(0x8d6e63, (25.0, 10.0), (25.0, 30.0), 1.5),
            Disc(0x7fe0ff, (25.0, 8.0), 2.6),
            Disc(0xe0fbff, (24.3, 7.3), 1.0),
        ],
    },
    Art {
        name: "relic",
        outline: true,
        shapes: &[
            Poly(
                0xd9a21b,
                &[
                    (9.0, 11.0),
                    (13.0, 6.0),
                    (19.0, 6.0),
                    (23.0, 11.0),
                    (16.0, 27.0),
                ],
            ),
            Poly(
                0xffe38a,
                &[(13.0, 6.0), (19.0, 6.0), (17.5, 11.0), (14.5, 11.0)],
            ),
            Poly(0xf5c542, &[(9.0, 11.0), (13.0, 6.0), (14.5, 11.0)]),
            Poly(0xf5c542, &[(23.0, 11.0), (19.0, 6.0), (17.5, 11.0)]),
            Poly(0xfbd45c, &[(9.0, 11.0), (14.5, 11.0), (16.0, 27.0)]),
            Poly(0xb07c12, &[(23.0, 11.0), (17.5, 11.0), (16.0, 27.0)]),
            Poly(0xe6b030, &[(14.5, 11.0), (17.5, 11.0), (16.0, 27.0)]),
            Poly(0xffffff, &[(14.0, 7.5), (16.0, 7.5), (15.0, 9.5)]),
        ],
    },
    Art {
        // A heavy relic: a crowned stone figure on a plinth, so it reads as
        // something only the knight can lift.
        name: "statue",
        outline: true,
        shapes: &[
            Poly(
                0x5a5562,
                &[(5.0, 28.5), (27.0, 28.5), (27.0, 31.0), (5.0, 31.0)],
            ),
            Poly(
                0x6d6875,
                &[(7.0, 23.0), (25.0, 23.0), (25.0, 29.0), (7.0, 29.0)],
            ),
            Poly(
                0x8f8a98,
                &[(5.5, 21.5), (26.5, 21.5), (26.5, 24.0), (5.5, 24.0)],
            ),
            Line(0x5a5562, (10.0, 26.0), (22.0, 26.0), 0.8),
            Poly(
                0xb9b2a6,
                &[(11.0, 12.0), (21.0, 12.0), (23.0, 22.0), (9.0, 22.0)],
            ),
            Poly(
                0x958d80,
                &[(16.0, 12.0), (21.0, 12.0), (23.0, 22.0), (16.0, 22.0)],
            ),
            Line(0x7d766b, (11.5, 15.5), (20.5, 17.5), 1.8),
            Line(0x7d766b, (20.5, 15.5), (11.5, 17.5), 1.8),
            Disc(0xcfc8bb, (16.0, 8.5), 3.7),
            Poly(0xa9a194, &[(16.0, 4.8), (19.7, 8.5), (16.0, 12.2)]),
            Disc(0x5a5562, (14.6, 8.9), 0.6),
            Disc(0x5a5562, (17.4, 8.9), 0.6),
            Poly(
                0xf5c542,
                &[
                    (12.3, 6.2),
                    (12.8, 2.6),
                    (14.4, 4.6),
                    (16.0, 1.6),
                    (17.6, 4.6),
                    (19.2, 2.6),
                    (19.7, 6.2),
                ],
            ),
        ],
    },
    Art {
        name: "bucket",
        outline: true,
        shapes: &[
            Line(0x78909c, (9.0, 13.0), (12.0, 6.0), 1.4),
            Line(0x78909c, (12.0, 6.0), (20.0, 6.0), 1.4),
            Line(0x78909c, (20.0, 6.0), (23.0, 13.0), 1.4),
            Poly(
                0x8d6e63,
                &[(7.0, 12.0), (25.0, 12.0), (22.5, 29.0), (9.5, 29.0)],
            ),
            Poly(
                0xa98274,
                &[(7.0, 12.0), (14.0, 12.0), (14.0, 29.0), (9.5, 29.0)],
            ),
            Poly(
                0x6d4c41,
                &[(7.0, 12.0), (25.0, 12.0), (24.7, 14.0), (7.3, 14.0)],
            ),
            Poly(
                0xb0bec5,
                &[(7.6, 16.0), (24.4, 16.0), (24.1, 18.0), (7.9, 18.0)],
            ),
            Poly(
                0xb0bec5,
                &[(8.8, 24.0), (23.2, 24.0), (22.9, 26.0), (9.1, 26.0)],
            ),
        ],
    },
    Art {
        name: "rope",
        outline: false,
        shapes: &[
            Poly(
                0xc8a165,
                &[(13.0, 0.0), (19.0, 0.0), (19.0, 32.0), (13.0, 32.0)],
            ),
            Poly(
                0x9c7a44,
                &[(13.0, 0.0), (14.5, 0.0), (14.5, 32.0), (13.0, 32.0)],
            ),
            Line(0x8a6a3a, (13.0, 2.0), (19.0, -2.0), 1.3),
            Line(0x8a6a3a, (13.0, 10.0), (19.0, 6.0), 1.3),
            Line(0x8a6a3a, (13.0, 18.0), (19.0, 14.0), 1.3),
            Line(0x8a6a3a, (13.0, 26.0), (19.0, 22.0), 1.3),
            Line(0x8a6a3a, (13.0, 34.0), (19.0, 30.0), 1.3),
            Line(0xe3c48d, (17.5, 0.0), (17.5, 32.0), 0.8),
        ],
    },
    Art {
        name: "rope_coil",
        outline: true,
        shapes: &[
            Ellipse(0x9c7a44, (16.0, 20.0), (13.0, 9.0)),
            Ellipse(0xc8a165, (16.0, 19.0), (11.5, 7.5)),
            Ellipse(0x9c7a44, (16.0, 18.5), (8.5, 5.2)),
            Ellipse(0xc8a165, (16.0, 18.0), (7.0, 4.0)),
            Ellipse(0x6d5330, (16.0, 17.8), (3.5, 1.8)),
            Line(0xc8a165, (25.0, 14.0), (27.0, 5.0), 2.4),
            Line(0xe3c48d, (24.6, 13.0), (26.4, 5.0), 0.8),
        ],
    },
    Art {
        name: "watcher",
        outline: true,
        shapes: &[
            Poly(
                0x4a2a3a,
                &[
                    (16.0, 3.0),
                    (26.0, 9.0),
                    (28.0, 19.0),
                    (21.0, 28.0),
                    (11.0, 28.0),
                    (4.0, 19.0),
                    (6.0, 9.0),
                ],
            ),
            Poly(
                0x6b3a52,
                &[(16.0, 3.0), (6.0, 9.0), (4.0, 19.0), (16.0, 16.0)],
            ),
            Poly(
                0xfce4e4,
                &[
                    (7.0, 16.0),
                    (12.0, 11.5),
                    (20.0, 11.5),
                    (25.0, 16.0),
                    (20.0, 20.5),
                    (12.0, 20.5),
                ],
            ),
            Disc(0xe53935, (16.0, 16.0), 4.3),
            Disc(0x1a0a0a, (16.0, 16.0), 2.0),
            Disc(0xffffff, (14.5, 14.5), 0.9),
        ],
    },
    Art {
        name: "wall",
        outline: false,
        shapes: &[
            Poly(
                0x3f444d,
                &[(0.0, 0.0), (32.0, 0.0), (32.0, 32.0), (0.0, 32.0)],
            ),
            Poly(
                0x5d6470,
                &[(1.0, 1.0), (15.0, 1.0), (15.0, 7.0), (1.0, 7.0)],
            ),
            Poly(
                0x5d6470,
                &[(17.0, 1.0), (31.0, 1.0), (31.0, 7.0), (17.0, 7.0)],
            ),
            Poly(
                0x535a66,
                &[(-7.0, 9.0), (7.0, 9.0), (7.0, 15.0), (-7.0, 15.0)],
            ),
            Poly(
                0x5d6470,
                &[(9.0, 9.0), (23.0, 9.0), (23.0, 15.0), (9.0, 15.0)],
            ),
            Poly(
                0x535a66,
                &[(25.0, 9.0), (39.0, 9.0), (39.0, 15.0), (25.0, 15.0)],
            ),
            Poly(
                0x535a66,
                &[(1.0, 17.0), (15.0, 17.0), (15.0, 23.0), (1.0, 23.0)],
            ),
            Poly(
                0x5d6470,
                &[(17.0, 17.0), (31.0, 17.0), (31.0, 23.0), (17.0, 23.0)],
            ),
            Poly(
                0x5d6470,
                &[(-7.0, 25.0), (7.0, 25.0), (7.0, 31.0), (-7.0, 31.0)],
            ),
            Poly(
                0x535a66,
                &[(9.0, 25.0), (23.0, 25.0), (23.0, 31.0), (9.0, 31.0)],
            ),
            Poly(
                0x5d6470,
                &[(25.0, 25.0), (39.0, 25.0), (39.0, 31.0), (25.0, 31.0)],
            ),
            Poly(
                0x737b88,
                &[(1.0, 1.0), (15.0, 1.0), (14.0, 2.0), (1.0, 2.0)],
            ),
            Poly(
                0x737b88,
                &[(17.0, 17.0), (31.0, 17.0), (30.0, 18.0), (17.0, 18.0)],
            ),
            Poly(
                0x737b88,
                &[(9.0, 9.0), (23.0, 9.0), (22.0, 10.0), (9.0, 10.0)],
            ),
        ],
    },
    Art {
        name: "platform",
        outline: false,
        shapes: &[
            Poly(
                0x5d4037,
                &[(0.0, 0.0), (32.0, 0.0), (32.0, 9.0), (0.0, 9.0)],
            ),
            Poly(
                0xa1887f,
                &[(0.0, 1.0), (32.0, 1.0), (32.0, 7.0), (0.0, 7.0)],
            ),
            Poly(
                0xbcaaa4,
                &[(0.0, 1.0), (32.0, 1.0), (32.0, 3.0), (0.0, 3.0)],
            ),
            Line(0x5d4037, (15.5, 1.0), (15.5, 7.0), 1.0),
            Poly(0x5d4037, &[(4.0, 9.0), (8.0, 9.0), (6.0, 15.0)]),
            Poly(0x5d4037, &[(24.0, 9.0), (28.0, 9.0), (26.0, 15.0)]),
        ],
    },
    Art {
        name: "entrance",
        outline: true,
        shapes: &[
            Poly(
                0x2e7d32,
                &[
                    (5.0, 30.0),
                    (5.0, 12.0),
                    (9.0, 5.0),
                    (16.0, 2.5),
                    (23.0, 5.0),
                    (27.0, 12.0),
                    (27.0, 30.0),
                ],
            ),
            Poly(
                0x0f2a12,
                &[
                    (9.0, 30.0),
                    (9.0, 13.0),
                    (12.0, 8.0),
                    (16.0, 6.5),
                    (20.0, 8.0),
                    (23.0, 13.0),
                    (23.0, 30.0),
                ],
            ),
            Poly(
                0x9ccc65,
                &[
                    (14.0, 11.0),
                    (18.0, 11.0),
                    (18.0, 19.0),
                    (21.5, 19.0),
                    (16.0, 26.0),
                    (10.5, 19.0),
                    (14.0, 19.0),
                ],
            ),
        ],
    },
    Art {
        name: "frame",
        outline: false,
        shapes: &[
            Poly(
                0x1a1c2c,
                &[
                    (3.0, 0.0),
                    (29.0, 0.0),
                    (32.0, 3.0),
                    (32.0, 29.0),
                    (29.0, 32.0),
                    (3.0, 32.0),
                    (0.0, 29.0),
                    (0.0, 3.0),
                ],
            ),
            Poly(
                0x8a6a3a,
                &[
                    (3.5, 1.0),
                    (28.5, 1.0),
                    (31.0, 3.5),
                    (31.0, 28.5),
                    (28.5, 31.0),
                    (3.5, 31.0),
                    (1.0, 28.5),
                    (1.0, 3.5),
                ],
            ),
            Poly(
                0xc8a165,
                &[
                    (4.0, 2.0),
                    (28.0, 2.0),
                    (30.0, 4.0),
                    (30.0, 28.0),
                    (28.0, 30.0),
                    (4.0, 30.0),
                    (2.0, 28.0),
                    (2.0, 4.0),
                ],
            ),
            Poly(
                0x2b2f45,
                &[
                    (6.0, 5.0),
                    (26.0, 5.0),
                    (27.0, 6.0),
                    (27.0, 26.0),
                    (26.0, 27.0),
                    (6.0, 27.0),
                    (5.0, 26.0),
                    (5.0, 6.0),
                ],
            ),
        ],
    },
];

/// Silhouettes made from other sprites (name, source): the source's shape
/// grown by [`SILHOUETTE_GROW_PX`], in white. A tint of one drawn behind its
/// sprite outlines it — the selected hero in gold, a hero seen through a
/// portal in the portal's cyan, a caught hero in red.
const SILHOUETTES: &[(&str, &str)] = &[
    ("knight_outline", "knight"),
    ("scout_outline", "scout"),
    ("sorceress_outline", "sorceress"),
];

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
fn draw_all() -> Vec<(&'static str, RgbaImage)> {
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

/// A one-line failure message.
type Failure = String;

/// Writes `img` to `path` as a PNG, whole or not at all.
fn write_png(path: &Path, img: &RgbaImage) -> Result<(), Failure> {
    let bytes = png_bytes(img).map_err(|e| format!("cannot encode {}: {e}", path.display()))?;
    write_atomic(path, &bytes)
        .map_err(|e| format!("cannot write {}: {}", path.display(), io_message(path, &e)))
}

fn draw_sprites(dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let sprites = draw_all();
    for (name, img) in &sprites {
        write_png(&dir.join(format!("{name}.png")), img)?;
    }
    println!("drew {} sprites into {}", sprites.len(), dir.display());
    Ok(())
}

/// Reads every `*.png` in `dir`, named by file stem.
fn read_sprites(dir: &Path) -> Result<Vec<(String, RgbaImage)>, Failure> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read sprite folder {}: {e}", dir.display()))?;
    let mut sprites = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read sprite folder {}: {e}", dir.display()))?
            .path();
        if path.extension().and_then(|e| e.to_str()) != Some("png") {
            continue;
        }
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .ok_or_else(|| format!("sprite file name {} is not UTF-8", path.display()))?
            .to_string();
        let bytes = read_capped(&path, MAX_SPRITE_BYTES)
            .map_err(|e| format!("cannot read {}: {}", path.display(), io_message(&path, &e)))?;
        let img = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
            .map_err(|e| format!("{}: not a PNG image: {e}", path.display()))?
            .to_rgba8();
        sprites.push((name, img));
    }
    if sprites.is_empty() {
        return Err(format!("no PNG sprites in {}", dir.display()));
    }
    sprites.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(sprites)
}

fn pack(sprites_dir: &Path, atlas_dir: &Path) -> Result<(), Failure> {
    let sprites = read_sprites(sprites_dir)?;
    let (image, mut meta) = render::atlas::pack(&sprites).map_err(|e| e.to_string())?;
    meta.image = "sprites.png".to_string();
    std::fs::create_dir_all(atlas_dir)
        .map_err(|e| format!("cannot create {}: {e}", atlas_dir.display()))?;
    let png = atlas_dir.join(&meta.image);
    write_png(&png, &image)?;
    let json = atlas_dir.join("sprites.json");
    write_atomic(&json, meta.to_json().as_bytes())
        .map_err(|e| format!("cannot write {}: {}", json.display(), io_message(&json, &e)))?;
    println!(
        "packed {} sprites into {} ({}x{}) and {}",
        meta.sprites.len(),
        png.display(),
        meta.width,
        meta.height,
        json.display()
    );
    Ok(())
}

/// `assets/` of the repository: from the current directory if it has one,
/// else next to this crate's manifest.
fn default_assets() -> PathBuf {
    let here = PathBuf::from("assets");
    if here.join("fonts").is_dir() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets")
}

/// What the command line asks for.
enum Request {
    Help,
    /// Pack: whether to draw the sprites first, and the folders given.
    Pack(bool, Vec<PathBuf>),
}

fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Request, Failure> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_args(args);
    let mut draw_first = false;
    let mut dirs = Vec::new();
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("draw-sprites") => draw_first = true,
            Short('h') | Long("help") => return Ok(Request::Help),
            Long(other) => return Err(format!("unknown option `--{other}`")),
            Short(other) => return Err(format!("unknown option `-{other}`")),
            Value(dir) => dirs.push(PathBuf::from(dir)),
        }
    }
    if dirs.len() > 2 {
        return Err("too many arguments".to_string());
    }
    Ok(Request::Pack(draw_first, dirs))
}

fn run(draw_first: bool, dirs: &[PathBuf]) -> Result<(), Failure> {
    let assets = default_assets();
    let sprites_dir = dirs
        .first()
        .cloned()
        .unwrap_or_else(|| assets.join("sprites"));
    let atlas_dir = dirs.get(1).cloned().unwrap_or_else(|| assets.join("atlas"));
    if draw_first {
        draw_sprites(&sprites_dir)?;
    }
    pack(&sprites_dir, &atlas_dir)
}

fn main() -> ExitCode {
    let (draw_first, dirs) = match parse_args(std::env::args_os().skip(1)) {
        Ok(Request::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Request::Pack(draw_first, dirs)) => (draw_first, dirs),
        Err(problem) => {
            eprintln!("pack-assets: {}; {USAGE}", escaped(&problem));
            return ExitCode::from(2);
        }
    };
    match run(draw_first, &dirs) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("pack-assets: {}", escaped(&message));
            ExitCode::FAILURE
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

    fn os(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn arguments_parse_and_mistakes_are_named() {
        use std::os::unix::ffi::OsStringExt;
        assert!(matches!(parse_args(os(&["-h"])), Ok(Request::Help)));
        let Ok(Request::Pack(true, dirs)) = parse_args(vec![
            OsString::from("--draw-sprites"),
            OsString::from_vec(b"spr\xfftes".to_vec()),
        ]) else {
            panic!("expected Pack");
        };
        assert_eq!(
            dirs,
            [PathBuf::from(OsString::from_vec(b"spr\xfftes".to_vec()))]
        );
        assert!(matches!(parse_args(os(&["--bogus"])), Err(e) if e == "unknown option `--bogus`"));
        assert!(matches!(parse_args(os(&["a", "b", "c"])), Err(e) if e == "too many arguments"));
    }
}
