//! CPU-side texture images: what the backend uploads into a texture slot.
//! Pixels are premultiplied RGBA8 (the shader blends premultiplied colour).
//! A generation number changes whenever the pixels change, so the backend
//! re-uploads a slot only when its image is newer than what it holds.
use std::sync::atomic::{AtomicU64, Ordering};

/// A texture slot 0..[`crate::vertex::TEXTURE_SLOTS`]: the `texture` index in a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TextureSlot(pub u8);

/// Slot 0 holds the font atlas (and its white texel for plain colour).
pub const FONT_SLOT: TextureSlot = TextureSlot(0);

/// Texel coordinate of a white texel: the backend fills every slot with a
/// 1×1 white texture until something is uploaded, and the glyph atlas keeps
/// its texel (0, 0) white, so plain colour works in slot 0 either way.
pub const WHITE_UV: [f32; 2] = [0.5, 0.5];

/// A set of texture slots (bit `n` = slot `n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TextureMask(pub u8);

impl TextureMask {
    /// The set holding only `slot`.
    pub fn of(slot: TextureSlot) -> TextureMask {
        TextureMask(1 << (slot.0 & 7))
    }

    /// Both sets.
    pub fn union(self, other: TextureMask) -> TextureMask {
        TextureMask(self.0 | other.0)
    }

    /// Whether `slot` is in the set.
    pub fn contains(self, slot: TextureSlot) -> bool {
        self.0 & (1 << (slot.0 & 7)) != 0
    }
}

/// How a texture is sampled between texels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// The closest texel: crisp pixel art.
    Nearest,
    /// Bilinear between the four closest texels: smooth when scaled.
    Linear,
}

static NEXT_GENERATION: AtomicU64 = AtomicU64::new(1);

fn next_generation() -> u64 {
    NEXT_GENERATION.fetch_add(1, Ordering::Relaxed)
}

/// A premultiplied RGBA8 image plus how to sample it.
#[derive(Clone, Debug, PartialEq)]
pub struct TextureImage {
    /// Width in texels.
    pub width: u32,
    /// Height in texels.
    pub height: u32,
    /// `width * height * 4` bytes, top row first, premultiplied alpha.
    pub pixels: Vec<u8>,
    /// How it is sampled between texels.
    pub filter: Filter,
    /// Unique across all images of the process; bumped on every change.
    generation: u64,
}

impl TextureImage {
    /// A transparent image of `width`×`height` texels.
    pub fn new(width: u32, height: u32, filter: Filter) -> TextureImage {
        TextureImage {
            width,
            height,
            pixels: vec![0; width as usize * height as usize * 4],
            filter,
            generation: next_generation(),
        }
    }

    /// Takes a straight-alpha RGBA8 image and premultiplies it.
    pub fn from_straight_rgba(image: &image::RgbaImage, filter: Filter) -> TextureImage {
        let mut pixels = image.as_raw().clone();
        for p in pixels.chunks_exact_mut(4) {
            let a = u16::from(p[3]);
            for c in &mut p[..3] {
                *c = ((u16::from(*c) * a + 127) / 255) as u8;
            }
        }
        TextureImage {
            width: image.width(),
            height: image.height(),
            pixels,
            filter,
            generation: next_generation(),
        }
    }

    /// Changes with every modification (see [`TextureImage::touch`]).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Marks the pixels as changed.
    pub fn touch(&mut self) {
        self.generation = next_generation();
    }

    /// Mutable access to texel (x, y)'s four bytes. Call [`TextureImage::touch`] after writing.
    pub fn texel_mut(&mut self, x: u32, y: u32) -> &mut [u8] {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        &mut self.pixels[i..i + 4]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn premultiplies_and_generations_change() {
        let img = image::RgbaImage::from_raw(2, 1, vec![255, 128, 0, 128, 10, 20, 30, 0]).unwrap();
        let mut t = TextureImage::from_straight_rgba(&img, Filter::Linear);
        assert_eq!(t.pixels, vec![128, 64, 0, 128, 0, 0, 0, 0]);
        let g = t.generation();
        t.texel_mut(1, 0).copy_from_slice(&[1, 2, 3, 4]);
        t.touch();
        assert!(t.generation() > g);
        assert_ne!(
            TextureImage::new(1, 1, Filter::Nearest).generation(),
            t.generation()
        );
    }

    #[test]
    fn masks_hold_slots() {
        let m = TextureMask::of(TextureSlot(0)).union(TextureMask::of(TextureSlot(3)));
        assert!(m.contains(TextureSlot(3)) && m.contains(FONT_SLOT));
        assert!(!m.contains(TextureSlot(1)));
    }
}
