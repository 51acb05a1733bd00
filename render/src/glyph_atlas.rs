//! The glyph atlas: rasterised glyph coverage packed (rect_packer) into one
//! texture, white with premultiplied alpha so the vertex colour tints it.
//!
//! Texel (0, 0) is white and opaque: plain-colour quads in the font's slot
//! sample it (see [`crate::texture::WHITE_UV`]), so text, panels and plain
//! quads share one texture and merge into one draw call. The top row is kept
//! for it; glyphs are packed below with one texel of padding so linear
//! filtering never mixes neighbours.
//!
//! When a glyph does not fit, the atlas doubles its height (up to a maximum)
//! and packs the new half. Existing glyphs keep their texel positions, and
//! UVs are in texels, so quads already in a draw list stay correct.
use rect_packer::{Config, Packer};

use crate::texture::{Filter, TextureImage};

/// A packed region of the atlas, starting at row `y0`.
struct Region {
    y0: u32,
    packer: Packer,
}

/// Glyph bitmaps packed into a growing texture.
pub struct GlyphAtlas {
    image: TextureImage,
    /// Packers for successive horizontal bands; never empty.
    regions: Vec<Region>,
    /// Height the atlas may grow to, in texels.
    max_height: u32,
}

/// Padding between glyphs, in texels.
const PADDING: i32 = 1;

fn packer(width: u32, height: u32) -> Packer {
    Packer::new(Config {
        width: width as i32,
        height: height as i32,
        border_padding: 0,
        rectangle_padding: PADDING,
    })
}

impl GlyphAtlas {
    /// An atlas of `width`×`height` texels that may grow to `max_height`.
    pub fn new(width: u32, height: u32, max_height: u32) -> GlyphAtlas {
        let width = width.max(4);
        let height = height.max(4);
        let mut image = TextureImage::new(width, height, Filter::Linear);
        image.texel_mut(0, 0).copy_from_slice(&[255; 4]);
        // Rows 0 (white texel) and 1 (padding) are kept out of the packer.
        GlyphAtlas {
            image,
            regions: vec![Region {
                y0: 2,
                packer: packer(width, height - 2),
            }],
            max_height: max_height.max(height),
        }
    }

    /// The texture to upload into the font's slot.
    pub fn image(&self) -> &TextureImage {
        &self.image
    }

    /// Packs a `width`×`height` coverage bitmap (one byte per texel, row
    /// major) and returns its top-left texel, or `None` when even the
    /// largest atlas has no room.
    pub fn insert(&mut self, width: u32, height: u32, coverage: &[u8]) -> Option<[u32; 2]> {
        debug_assert_eq!(coverage.len(), (width * height) as usize);
        if width == 0 || height == 0 {
            return Some([0, 0]);
        }
        let at = loop {
            let found = self.regions.iter_mut().find_map(|r| {
                r.packer
                    .pack(width as i32, height as i32, false)
                    .map(|rect| [rect.x as u32, r.y0 + rect.y as u32])
            });
            match found {
                Some(at) => break at,
                None if !self.grow() => return None,
                None => {}
            }
        };
        for row in 0..height {
            for col in 0..width {
                let a = coverage[(row * width + col) as usize];
                self.image
                    .texel_mut(at[0] + col, at[1] + row)
                    .copy_from_slice(&[a; 4]);
            }
        }
        self.image.touch();
        Some(at)
    }

    /// Doubles the height, keeping every texel where it was.
    fn grow(&mut self) -> bool {
        let old = self.image.height;
        let new = old.saturating_mul(2);
        if new > self.max_height {
            return false;
        }
        let mut image = TextureImage::new(self.image.width, new, self.image.filter);
        image.pixels[..self.image.pixels.len()].copy_from_slice(&self.image.pixels);
        self.image = image;
        self.regions.push(Region {
            y0: old,
            packer: packer(self.image.width, new - old),
        });
        log::debug!("glyph atlas grew to {}x{new}", self.image.width);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_texel_and_packed_glyphs_do_not_overlap() {
        let mut atlas = GlyphAtlas::new(64, 64, 64);
        assert_eq!(&atlas.image().pixels[..4], &[255; 4]);
        let mut rects = Vec::new();
        for i in 0..20u8 {
            let at = atlas.insert(7, 9, &[i + 1; 63]).expect("fits");
            assert!(at[1] >= 2, "glyphs stay off the white row");
            rects.push((at, i + 1));
        }
        for (i, (a, _)) in rects.iter().enumerate() {
            for (b, _) in &rects[i + 1..] {
                let apart =
                    a[0] + 7 < b[0] || b[0] + 7 < a[0] || a[1] + 9 < b[1] || b[1] + 9 < a[1];
                assert!(apart, "{a:?} and {b:?} overlap or touch");
            }
        }
        let (at, value) = rects[5];
        let img = atlas.image();
        let idx = ((at[1] + 8) * img.width + at[0] + 6) as usize * 4;
        assert_eq!(
            img.pixels[idx..idx + 4],
            [value; 4],
            "bitmap copied, premultiplied white"
        );
    }

    #[test]
    fn grows_keeping_old_glyphs_then_reports_full() {
        let mut atlas = GlyphAtlas::new(32, 32, 64);
        let first = atlas.insert(30, 20, &[9; 600]).unwrap();
        let g0 = atlas.image().generation();
        let second = atlas.insert(30, 20, &[7; 600]).expect("grows to 64 rows");
        assert_eq!(atlas.image().height, 64);
        assert!(second[1] >= 32);
        assert!(atlas.image().generation() != g0);
        let img = atlas.image();
        let idx = (first[1] * img.width + first[0]) as usize * 4;
        assert_eq!(img.pixels[idx], 9, "old glyph kept its texels");
        assert_eq!(
            atlas.insert(30, 20, &[1; 600]),
            None,
            "no room past the maximum"
        );
    }
}
