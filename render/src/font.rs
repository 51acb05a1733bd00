//! A font: a TrueType/OpenType file parsed by fontdue, a cache of glyphs
//! rasterised at whole-pixel sizes, and the [`GlyphAtlas`] they live in.
//! Glyphs are rasterised on first use; text layout (in `text.rs`) asks the
//! font for metrics, kerning and atlas positions.
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use glam::Vec2;

use crate::error::RenderError;
use crate::glyph_atlas::GlyphAtlas;
use crate::texture::{TextureImage, TextureSlot, FONT_SLOT};

/// Smallest and largest rasterised size, in pixels per em.
pub const MIN_SIZE_PX: f32 = 4.0;
/// Largest rasterised size, in pixels per em; larger sizes are clamped to it.
pub const MAX_SIZE_PX: f32 = 256.0;

/// A glyph at one size: where its bitmap sits relative to the pen and where
/// it is in the atlas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glyph {
    /// Pen advance to the next glyph, in pixels.
    pub advance_px: f32,
    /// Bitmap top-left relative to the pen on the baseline (y down).
    pub offset_px: Vec2,
    /// Bitmap size in texels; 0×0 for blank glyphs (space) or when the atlas was full.
    pub size: [u32; 2],
    /// Bitmap top-left texel in the atlas.
    pub texel: [u32; 2],
}

/// Vertical metrics at one size, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineMetrics {
    /// Baseline below the top of the line box.
    pub ascent_px: f32,
    /// From one baseline to the next.
    pub line_height_px: f32,
}

/// Characters below this get direct-indexed glyph and kerning caches.
const FAST_CHARS: usize = 128;

/// Per-size caches for the ASCII range, where almost all text lives: glyphs
/// and kerning pairs by index instead of by hash.
struct SizeCache {
    size: u16,
    /// `None` until first used.
    glyphs: Box<[Option<Glyph>; FAST_CHARS]>,
    /// Kerning of pair (left, right) at `left * FAST_CHARS + right`; NaN until first used.
    kern: Vec<f32>,
}

/// A loaded font with its glyph cache and atlas.
pub struct Font {
    /// Where it was loaded from (for messages).
    path: PathBuf,
    inner: fontdue::Font,
    /// Non-ASCII glyphs, keyed by character and whole-pixel size.
    glyphs: HashMap<(char, u16), Glyph>,
    /// ASCII caches, one per size used (few: linear search).
    sizes: Vec<SizeCache>,
    atlas: GlyphAtlas,
    slot: TextureSlot,
    /// Glyphs that found no room in the atlas (drawn as nothing).
    dropped_glyphs: u32,
}

/// Rounds a requested size to the whole-pixel size glyphs are cached at.
pub fn cache_size(size_px: f32) -> u16 {
    let s = if size_px.is_nan() {
        MIN_SIZE_PX
    } else {
        size_px
    };
    s.clamp(MIN_SIZE_PX, MAX_SIZE_PX).round() as u16
}

impl Font {
    /// Reads and parses the font file at `path`.
    pub fn load(path: &Path) -> Result<Font, RenderError> {
        let bytes = std::fs::read(path).map_err(|e| RenderError::Read {
            what: "font",
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        Font::from_bytes(&bytes, path)
    }

    /// Parses font bytes; `path` is only used in messages.
    pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<Font, RenderError> {
        let inner = fontdue::Font::from_bytes(bytes, fontdue::FontSettings::default()).map_err(
            |message| RenderError::BadFont {
                path: path.to_path_buf(),
                message: message.to_string(),
            },
        )?;
        if inner.horizontal_line_metrics(16.0).is_none() {
            return Err(RenderError::BadFont {
                path: path.to_path_buf(),
                message: "it has no horizontal line metrics".to_string(),
            });
        }
        Ok(Font {
            path: path.to_path_buf(),
            inner,
            glyphs: HashMap::new(),
            sizes: Vec::new(),
            atlas: GlyphAtlas::new(1024, 256, 4096),
            slot: FONT_SLOT,
            dropped_glyphs: 0,
        })
    }

    /// The file this font came from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The texture slot its atlas is drawn from ([`FONT_SLOT`]).
    pub fn slot(&self) -> TextureSlot {
        self.slot
    }

    /// The glyph atlas image, to upload into [`Font::slot`] before drawing.
    pub fn atlas_image(&self) -> &TextureImage {
        self.atlas.image()
    }

    /// Glyphs so far that did not fit in the largest atlas.
    pub fn dropped_glyphs(&self) -> u32 {
        self.dropped_glyphs
    }

    /// Vertical metrics at `size_px` (rounded like glyphs).
    pub fn line_metrics(&self, size_px: f32) -> LineMetrics {
        let px = f32::from(cache_size(size_px));
        match self.inner.horizontal_line_metrics(px) {
            Some(m) => LineMetrics {
                ascent_px: m.ascent,
                line_height_px: m.new_line_size,
            },
            // Checked at load; unreachable for a loaded font.
            None => LineMetrics {
                ascent_px: px,
                line_height_px: px * 1.2,
            },
        }
    }

    fn size_cache(&mut self, size: u16) -> &mut SizeCache {
        let i = match self.sizes.iter().position(|t| t.size == size) {
            Some(i) => i,
            None => {
                self.sizes.push(SizeCache {
                    size,
                    glyphs: Box::new([None; FAST_CHARS]),
                    kern: vec![f32::NAN; FAST_CHARS * FAST_CHARS],
                });
                self.sizes.len() - 1
            }
        };
        &mut self.sizes[i]
    }

    /// Kerning adjustment between `left` and `right`, in pixels (usually ≤ 0).
    pub fn kern(&mut self, left: char, right: char, size_px: f32) -> f32 {
        let size = cache_size(size_px);
        let (l, r) = (left as usize, right as usize);
        if l < FAST_CHARS && r < FAST_CHARS {
            let cached = self.size_cache(size).kern[l * FAST_CHARS + r];
            if !cached.is_nan() {
                return cached;
            }
        }
        let k = self
            .inner
            .horizontal_kern(left, right, f32::from(size))
            .unwrap_or(0.0);
        if l < FAST_CHARS && r < FAST_CHARS {
            self.size_cache(size).kern[l * FAST_CHARS + r] = k;
        }
        k
    }

    /// The glyph for `c` at `size_px`, rasterised into the atlas on first use.
    pub fn glyph(&mut self, c: char, size_px: f32) -> Glyph {
        let size = cache_size(size_px);
        let fast = (c as usize) < FAST_CHARS;
        if fast {
            if let Some(g) = self.size_cache(size).glyphs[c as usize] {
                return g;
            }
        } else if let Some(g) = self.glyphs.get(&(c, size)) {
            return *g;
        }
        let (m, coverage) = self.inner.rasterize(c, f32::from(size));
        let (w, h) = (m.width as u32, m.height as u32);
        let mut glyph = Glyph {
            advance_px: m.advance_width,
            offset_px: Vec2::new(m.xmin as f32, -(m.ymin as f32) - h as f32),
            size: [w, h],
            texel: [0, 0],
        };
        match self.atlas.insert(w, h, &coverage) {
            Some(texel) => glyph.texel = texel,
            None => {
                self.dropped_glyphs += 1;
                if self.dropped_glyphs == 1 {
                    log::warn!(
                        "glyph atlas of {} is full; further new glyphs are not drawn",
                        self.path.display()
                    );
                }
                glyph.size = [0, 0];
                // Not cached: a later atlas (after a reload) may have room.
                return glyph;
            }
        }
        if fast {
            self.size_cache(size).glyphs[c as usize] = Some(glyph);
        } else {
            self.glyphs.insert((c, size), glyph);
        }
        glyph
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The shipped font, for tests across the crate.
    pub(crate) fn dejavu() -> Font {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/fonts/DejaVuSans.ttf");
        Font::load(&path).expect("the shipped font loads")
    }

    #[test]
    fn missing_font_names_the_file() {
        let err = Font::load(Path::new("no/such/font.ttf"))
            .err()
            .expect("fails");
        let text = err.to_string();
        assert!(
            text.starts_with("cannot load font no/such/font.ttf: "),
            "{text}"
        );
    }

    #[test]
    fn damaged_font_names_the_file_and_says_what_was_expected() {
        let err = Font::from_bytes(b"not a font at all", Path::new("assets/fonts/bad.ttf"))
            .err()
            .expect("fails");
        let text = err.to_string();
        assert!(text.contains("assets/fonts/bad.ttf"), "{text}");
        assert!(text.contains("TrueType/OpenType"), "{text}");
        // A truncated real font is damaged too.
        let real = std::fs::read(dejavu().path()).unwrap();
        assert!(Font::from_bytes(&real[..1000], Path::new("cut.ttf")).is_err());
    }

    #[test]
    fn glyphs_are_cached_per_size_and_sit_on_the_baseline() {
        let mut font = dejavu();
        let g1 = font.glyph('H', 20.0);
        let gen = font.atlas_image().generation();
        assert_eq!(font.glyph('H', 20.2), g1, "same whole-pixel size: cached");
        assert_eq!(font.atlas_image().generation(), gen, "no new rasterisation");
        let big = font.glyph('H', 40.0);
        assert!(big.size[1] > g1.size[1] * 3 / 2);
        // 'H' stands on the baseline: its bitmap ends at y = 0 (offset + height).
        assert!((g1.offset_px.y + g1.size[1] as f32).abs() <= 1.0);
        // 'g' descends below it.
        let g = font.glyph('g', 20.0);
        assert!(g.offset_px.y + g.size[1] as f32 > 2.0);
        let space = font.glyph(' ', 20.0);
        assert_eq!(space.size, [0, 0]);
        assert!(space.advance_px > 3.0);
        let m = font.line_metrics(20.0);
        assert!(m.line_height_px > 20.0 && m.ascent_px > 14.0 && m.ascent_px < 20.0);
    }
}
