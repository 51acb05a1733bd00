//! Colours as the draw list takes them: straight (not premultiplied) alpha,
//! 0..=1 per channel. Vertices store them as RGBA8.

/// Straight-alpha RGBA colour, 0..=1 per channel.
pub type Rgba = [f32; 4];

/// Opaque white: a texture's own colours, unchanged.
pub const WHITE: Rgba = [1.0, 1.0, 1.0, 1.0];

/// An opaque colour from 8-bit channels (`0xRRGGBB`).
pub const fn hex(rgb: u32) -> Rgba {
    [
        ((rgb >> 16) & 0xff) as f32 / 255.0,
        ((rgb >> 8) & 0xff) as f32 / 255.0,
        (rgb & 0xff) as f32 / 255.0,
        1.0,
    ]
}

/// The same colour with alpha `a`.
pub const fn with_alpha(c: Rgba, a: f32) -> Rgba {
    [c[0], c[1], c[2], a]
}

/// A colour as the RGBA8 a vertex (or an opaque framebuffer) stores it.
/// (Adds 0.5 and truncates rather than calling `round`, which is a libm
/// call on baseline x86-64: this runs for every quad.)
#[inline]
pub fn to_rgba8(c: Rgba) -> [u8; 4] {
    c.map(|v| (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_and_rgba8_round_trip() {
        assert_eq!(to_rgba8(hex(0x12_80_ff)), [0x12, 0x80, 0xff, 255]);
        assert_eq!(to_rgba8([2.0, -1.0, 0.5, f32::NAN]), [255, 0, 128, 0]);
        assert_eq!(with_alpha(WHITE, 0.25)[3], 0.25);
    }
}
