//! Sprite atlases: many small images packed (rect_packer) into one PNG, with
//! a JSON metadata file naming each sprite's rectangle.
//!
//! Every sprite is packed with a one-texel border copied outward from its own
//! edge pixels ("extruded"), and its rectangle in the metadata is the inner
//! one. Linear filtering at a sprite's edge then mixes the sprite with copies
//! of itself, never with a neighbour. [`pack`] is a pure function shared by
//! the `pack-assets` tool and the test that checks the committed atlas is up
//! to date; the game only [`SpriteAtlas::load`]s the result.
use std::collections::HashSet;
use std::path::{Path, PathBuf};

use image::RgbaImage;
use rect_packer::{Config, Packer};
use serde::{Deserialize, Serialize};

use crate::error::RenderError;
use crate::texture::{Filter, TextureImage, TextureSlot};

/// The metadata format this code reads and writes.
pub const ATLAS_FORMAT: u32 = 1;
/// Width of the extruded border around each sprite, in texels.
pub const BORDER_PX: u32 = 1;
/// Largest atlas side tried by [`pack`].
pub const MAX_ATLAS_SIDE: u32 = 4096;

/// One sprite's inner rectangle in the atlas, in texels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpriteRect {
    /// The sprite's name: its source PNG's file stem.
    pub name: String,
    /// Left edge of the inner rectangle, texels from the atlas's left.
    pub x: u32,
    /// Top edge of the inner rectangle, texels from the atlas's top.
    pub y: u32,
    /// Width in texels, border excluded.
    pub w: u32,
    /// Height in texels, border excluded.
    pub h: u32,
}

/// The metadata file (`sprites.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AtlasMeta {
    /// Always [`ATLAS_FORMAT`].
    pub format: u32,
    /// The atlas PNG's file name, relative to the metadata file.
    pub image: String,
    /// Width of the atlas image, in texels.
    pub width: u32,
    /// Height of the atlas image, in texels.
    pub height: u32,
    /// Extruded border around each sprite, in texels.
    pub border: u32,
    /// Sorted by name; names are unique.
    pub sprites: Vec<SpriteRect>,
}

impl AtlasMeta {
    /// Pretty JSON with a trailing newline (diffable when committed).
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}

/// A sprite ready to draw: the texture slot and inner rectangle in texels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprite {
    /// The texture slot of the atlas it is in.
    pub slot: TextureSlot,
    /// Inner rectangle (x, y, w, h) in texels.
    pub texels: [f32; 4],
}

impl Sprite {
    /// Width and height in texels.
    pub fn size(&self) -> glam::Vec2 {
        glam::Vec2::new(self.texels[2], self.texels[3])
    }
}

/// Packs named straight-alpha images into one atlas. Deterministic: the same
/// images (in any order) give the same atlas. Names must be unique.
pub fn pack(images: &[(String, RgbaImage)]) -> Result<(RgbaImage, AtlasMeta), RenderError> {
    let mut seen = HashSet::new();
    for (name, img) in images {
        if !seen.insert(name.as_str()) {
            return Err(RenderError::Pack {
                message: format!("two sprites are named `{name}`"),
            });
        }
        if img.width() == 0 || img.height() == 0 {
            return Err(RenderError::Pack {
                message: format!("sprite `{name}` is empty"),
            });
        }
    }
    // Tallest first packs tighter; names break ties so order never matters.
    let mut order: Vec<&(String, RgbaImage)> = images.iter().collect();
    order.sort_by(|a, b| b.1.height().cmp(&a.1.height()).then_with(|| a.0.cmp(&b.0)));

    let (mut width, mut height) = (64u32, 64u32);
    let placed = loop {
        if let Some(placed) = try_pack(&order, width, height) {
            break placed;
        }
        if width > height {
            height *= 2;
        } else {
            width *= 2;
        }
        if width > MAX_ATLAS_SIDE {
            return Err(RenderError::Pack {
                message: format!("they do not fit in {MAX_ATLAS_SIDE}x{MAX_ATLAS_SIDE}"),
            });
        }
    };

    let mut atlas = RgbaImage::new(width, height);
    let mut sprites = Vec::with_capacity(order.len());
    for ((name, img), (x, y)) in order.iter().map(|e| (&e.0, &e.1)).zip(placed) {
        let (w, h) = img.dimensions();
        // Outer rect (x, y) .. (x + w + 2b, y + h + 2b); each texel copies the
        // nearest source texel, which extrudes the edges.
        for oy in 0..h + 2 * BORDER_PX {
            for ox in 0..w + 2 * BORDER_PX {
                let sx = ox.saturating_sub(BORDER_PX).min(w - 1);
                let sy = oy.saturating_sub(BORDER_PX).min(h - 1);
                atlas.put_pixel(x + ox, y + oy, *img.get_pixel(sx, sy));
            }
        }
        sprites.push(SpriteRect {
            name: name.clone(),
            x: x + BORDER_PX,
            y: y + BORDER_PX,
            w,
            h,
        });
    }
    sprites.sort_by(|a, b| a.name.cmp(&b.name));
    let meta = AtlasMeta {
        format: ATLAS_FORMAT,
        image: String::new(),
        width,
        height,
        border: BORDER_PX,
        sprites,
    };
    Ok((atlas, meta))
}

/// Outer top-left corners for each image in `order`, or `None` if they do not fit.
fn try_pack(order: &[&(String, RgbaImage)], width: u32, height: u32) -> Option<Vec<(u32, u32)>> {
    let mut packer = Packer::new(Config {
        width: width as i32,
        height: height as i32,
        border_padding: 0,
        rectangle_padding: 0,
    });
    order
        .iter()
        .map(|(_, img)| {
            let w = (img.width() + 2 * BORDER_PX) as i32;
            let h = (img.height() + 2 * BORDER_PX) as i32;
            packer.pack(w, h, false).map(|r| (r.x as u32, r.y as u32))
        })
        .collect()
}

/// A loaded atlas: metadata, premultiplied texture, and the slot it is drawn from.
pub struct SpriteAtlas {
    /// The metadata file it came from.
    pub path: PathBuf,
    /// The sprites' rectangles, as read.
    pub meta: AtlasMeta,
    /// Upload into [`SpriteAtlas::slot`] before drawing its sprites.
    pub texture: TextureImage,
    /// The texture slot its sprites are drawn from.
    pub slot: TextureSlot,
}

fn bad(path: &Path, line: usize, message: impl Into<String>) -> RenderError {
    RenderError::BadAtlas {
        path: path.to_path_buf(),
        line,
        message: message.into(),
    }
}

/// Decodes a PNG file into straight-alpha RGBA8, naming the file on failure.
pub fn load_png(path: &Path) -> Result<RgbaImage, RenderError> {
    let bytes = std::fs::read(path).map_err(|e| RenderError::Read {
        what: "image",
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .map(|img| img.to_rgba8())
        .map_err(|e| RenderError::BadImage {
            path: path.to_path_buf(),
            message: e.to_string(),
        })
}

impl SpriteAtlas {
    /// Loads the metadata at `meta_path` and the PNG it names (beside it),
    /// checks they agree, and prepares the texture for `slot`.
    pub fn load(meta_path: &Path, slot: TextureSlot) -> Result<SpriteAtlas, RenderError> {
        let text = std::fs::read_to_string(meta_path).map_err(|e| RenderError::Read {
            what: "sprite atlas",
            path: meta_path.to_path_buf(),
            message: e.to_string(),
        })?;
        let meta: AtlasMeta = serde_json::from_str(&text).map_err(|e| {
            bad(
                meta_path,
                e.line(),
                format!("expected atlas metadata JSON ({e})"),
            )
        })?;
        if meta.format != ATLAS_FORMAT {
            return Err(bad(
                meta_path,
                0,
                format!(
                    "format {} is not the supported format {ATLAS_FORMAT}",
                    meta.format
                ),
            ));
        }
        let image_path = meta_path.with_file_name(&meta.image);
        let image = load_png(&image_path)?;
        SpriteAtlas::from_parts(meta_path, meta, &image, slot)
    }

    /// Checks `meta` against `image` and builds the atlas (no file access).
    pub fn from_parts(
        meta_path: &Path,
        meta: AtlasMeta,
        image: &RgbaImage,
        slot: TextureSlot,
    ) -> Result<SpriteAtlas, RenderError> {
        if image.dimensions() != (meta.width, meta.height) {
            return Err(bad(
                meta_path,
                0,
                format!(
                    "its image {} is {}x{}, the metadata says {}x{}",
                    meta.image,
                    image.width(),
                    image.height(),
                    meta.width,
                    meta.height
                ),
            ));
        }
        let mut names = HashSet::new();
        for s in &meta.sprites {
            let inside = s.x.checked_add(s.w).is_some_and(|r| r <= meta.width)
                && s.y.checked_add(s.h).is_some_and(|b| b <= meta.height);
            if !inside || s.w == 0 || s.h == 0 {
                return Err(bad(
                    meta_path,
                    0,
                    format!(
                        "sprite `{}` is not a non-empty rectangle inside the image",
                        s.name
                    ),
                ));
            }
            if !names.insert(s.name.as_str()) {
                return Err(bad(
                    meta_path,
                    0,
                    format!("sprite `{}` appears twice", s.name),
                ));
            }
        }
        Ok(SpriteAtlas {
            path: meta_path.to_path_buf(),
            texture: TextureImage::from_straight_rgba(image, Filter::Linear),
            meta,
            slot,
        })
    }

    /// The sprite called `name`, if the atlas has it.
    pub fn sprite(&self, name: &str) -> Option<Sprite> {
        let i = self
            .meta
            .sprites
            .binary_search_by(|s| s.name.as_str().cmp(name))
            .ok()
            .or_else(|| self.meta.sprites.iter().position(|s| s.name == name))?;
        let s = &self.meta.sprites[i];
        Some(Sprite {
            slot: self.slot,
            texels: [s.x as f32, s.y as f32, s.w as f32, s.h as f32],
        })
    }

    /// Every sprite name, sorted.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.meta.sprites.iter().map(|s| s.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solid(w: u32, h: u32, c: [u8; 4]) -> RgbaImage {
        RgbaImage::from_pixel(w, h, image::Rgba(c))
    }

    fn sample() -> Vec<(String, RgbaImage)> {
        let mut v = vec![
            ("red".to_string(), solid(32, 32, [255, 0, 0, 255])),
            ("green".to_string(), solid(20, 40, [0, 255, 0, 255])),
            ("blue".to_string(), solid(50, 10, [0, 0, 255, 128])),
        ];
        // One with distinct edge colours to check extrusion per edge.
        let mut edges = RgbaImage::from_pixel(8, 8, image::Rgba([9, 9, 9, 255]));
        for i in 0..8 {
            edges.put_pixel(i, 0, image::Rgba([1, 0, 0, 255]));
            edges.put_pixel(i, 7, image::Rgba([2, 0, 0, 255]));
            edges.put_pixel(0, i, image::Rgba([3, 0, 0, 255]));
            edges.put_pixel(7, i, image::Rgba([4, 0, 0, 255]));
        }
        v.push(("edges".to_string(), edges));
        for i in 0..30 {
            v.push((
                format!("tile{i:02}"),
                solid(16, 16, [i as u8 * 8, 100, 50, 255]),
            ));
        }
        v
    }

    #[test]
    fn packed_sprites_do_not_overlap_even_with_borders() {
        let (atlas, meta) = pack(&sample()).unwrap();
        assert_eq!(atlas.dimensions(), (meta.width, meta.height));
        assert_eq!(meta.sprites.len(), 34);
        let outer: Vec<_> = meta
            .sprites
            .iter()
            .map(|s| (s.x - 1, s.y - 1, s.x + s.w + 1, s.y + s.h + 1))
            .collect();
        for (i, a) in outer.iter().enumerate() {
            assert!(a.2 <= meta.width && a.3 <= meta.height);
            for b in &outer[i + 1..] {
                let apart = a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1;
                assert!(apart, "{a:?} overlaps {b:?}");
            }
        }
        let names: Vec<_> = meta.sprites.iter().map(|s| s.name.clone()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
    }

    #[test]
    fn borders_are_extruded_from_each_edge_and_the_inside_is_copied() {
        let (atlas, meta) = pack(&sample()).unwrap();
        let s = meta.sprites.iter().find(|s| s.name == "edges").unwrap();
        let px = |x: u32, y: u32| atlas.get_pixel(x, y).0[0];
        // The inner rect holds the image; the ring outside repeats its edge.
        assert_eq!(px(s.x + 3, s.y), 1, "top edge inside");
        assert_eq!(px(s.x + 3, s.y - 1), 1, "top border copies the top edge");
        assert_eq!(px(s.x + 3, s.y + s.h), 2, "bottom border");
        assert_eq!(px(s.x - 1, s.y + 3), 3, "left border");
        assert_eq!(px(s.x + s.w, s.y + 3), 4, "right border");
        assert_eq!(px(s.x + 3, s.y + 3), 9, "interior");
        let red = meta.sprites.iter().find(|s| s.name == "red").unwrap();
        assert_eq!(
            atlas.get_pixel(red.x - 1, red.y - 1).0,
            [255, 0, 0, 255],
            "corner"
        );
    }

    #[test]
    fn packing_is_deterministic_and_order_free() {
        let a = pack(&sample()).unwrap();
        let mut reversed = sample();
        reversed.reverse();
        let b = pack(&reversed).unwrap();
        assert_eq!(a.1, b.1);
        assert!(a.0 == b.0);
    }

    #[test]
    fn bad_sprite_sets_are_refused() {
        let dup = vec![
            ("a".to_string(), solid(2, 2, [0; 4])),
            ("a".to_string(), solid(2, 2, [0; 4])),
        ];
        assert!(pack(&dup).unwrap_err().to_string().contains("`a`"));
        let huge = vec![("big".to_string(), solid(5000, 4, [0; 4]))];
        assert!(pack(&huge).unwrap_err().to_string().contains("do not fit"));
    }

    #[test]
    fn sprites_resolve_to_inner_texel_rects() {
        let (image, mut meta) = pack(&sample()).unwrap();
        meta.image = "x.png".to_string();
        let atlas =
            SpriteAtlas::from_parts(Path::new("a.json"), meta.clone(), &image, TextureSlot(1))
                .unwrap();
        let red = atlas.sprite("red").unwrap();
        let m = meta.sprites.iter().find(|s| s.name == "red").unwrap();
        assert_eq!(red.texels, [m.x as f32, m.y as f32, 32.0, 32.0]);
        assert_eq!(red.slot, TextureSlot(1));
        assert!(atlas.sprite("nope").is_none());
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rappel-atlas-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn missing_or_damaged_files_name_the_file() {
        let missing = SpriteAtlas::load(Path::new("assets/atlas/none.json"), TextureSlot(1))
            .err()
            .unwrap();
        assert!(
            missing
                .to_string()
                .starts_with("cannot load sprite atlas assets/atlas/none.json: "),
            "{missing}"
        );

        let garbled = scratch("garbled.json");
        std::fs::write(&garbled, "{\n  \"format\": 1,\n  \"image\": oops\n}").unwrap();
        let err = SpriteAtlas::load(&garbled, TextureSlot(1))
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("garbled.json line 3") && err.contains("expected atlas metadata JSON"),
            "{err}"
        );

        let (image, mut meta) = pack(&sample()).unwrap();
        meta.image = "atlas.png".to_string();
        let meta_path = scratch("atlas.json");
        std::fs::write(&meta_path, meta.to_json()).unwrap();
        // Image missing.
        let _ = std::fs::remove_file(scratch("atlas.png"));
        let err = SpriteAtlas::load(&meta_path, TextureSlot(1))
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.starts_with("cannot load image ") && err.contains("atlas.png"),
            "{err}"
        );
        // Image damaged.
        std::fs::write(scratch("atlas.png"), b"\x89PNG\r\n\x1a\nnope").unwrap();
        let err = SpriteAtlas::load(&meta_path, TextureSlot(1))
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("atlas.png") && err.contains("expected a PNG"),
            "{err}"
        );
        // Image of the wrong size.
        RgbaImage::new(8, 8).save(scratch("atlas.png")).unwrap();
        let err = SpriteAtlas::load(&meta_path, TextureSlot(1))
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("atlas.json") && err.contains("is 8x8"),
            "{err}"
        );
        // All good.
        image.save(scratch("atlas.png")).unwrap();
        let ok = SpriteAtlas::load(&meta_path, TextureSlot(2)).unwrap();
        assert_eq!(ok.names().count(), 34);
        // A sprite outside the image.
        let mut bad_meta = meta.clone();
        bad_meta.sprites[0].x = meta.width;
        std::fs::write(&meta_path, bad_meta.to_json()).unwrap();
        let err = SpriteAtlas::load(&meta_path, TextureSlot(1))
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("inside the image"), "{err}");
        // A newer format.
        let mut newer = meta;
        newer.format = 99;
        std::fs::write(&meta_path, newer.to_json()).unwrap();
        let err = SpriteAtlas::load(&meta_path, TextureSlot(1))
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("format 99"), "{err}");
    }
}
