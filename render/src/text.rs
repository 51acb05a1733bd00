//! Text layout: a string, a font and a style in; glyph rectangles in screen
//! pixels out. Handles kerning between neighbouring characters, the font's
//! line height, explicit `\n` breaks, optional greedy word wrap at spaces,
//! and left/centre/right alignment of each line about the origin's x.
//!
//! The origin is the top of the first line box: its baseline sits one ascent
//! below. Glyph rectangles are rounded to whole pixels so bitmaps rasterised
//! at whole-pixel sizes land texel-for-pixel and stay crisp.
use glam::Vec2;

use crate::colour::Rgba;
use crate::font::Font;

/// Horizontal alignment of each line about the origin's x.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Align {
    /// Lines start at x.
    #[default]
    Left,
    /// Lines are centred on x.
    Centre,
    /// Lines end at x.
    Right,
}

impl Align {
    /// Fraction of a line's width that lies left of the origin.
    fn factor(self) -> f32 {
        match self {
            Align::Left => 0.0,
            Align::Centre => 0.5,
            Align::Right => 1.0,
        }
    }
}

/// How a run of text looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextStyle {
    /// Font size in pixels per em (glyphs are cached at whole pixels).
    pub size_px: f32,
    /// Glyph colour (straight alpha).
    pub colour: Rgba,
    /// How each line sits against the run's position.
    pub align: Align,
    /// Multiplier on the font's line height (1.0 = as designed).
    pub line_spacing: f32,
    /// Wrap at spaces to keep lines within this width; `None` never wraps.
    pub max_width_px: Option<f32>,
}

impl TextStyle {
    /// Left-aligned, single-spaced, unwrapped text.
    pub fn new(size_px: f32, colour: Rgba) -> TextStyle {
        TextStyle {
            size_px,
            colour,
            align: Align::Left,
            line_spacing: 1.0,
            max_width_px: None,
        }
    }

    /// The same style with another alignment.
    pub fn aligned(self, align: Align) -> TextStyle {
        TextStyle { align, ..self }
    }

    /// The same style wrapping at `width_px`.
    pub fn wrapped(self, width_px: f32) -> TextStyle {
        TextStyle {
            max_width_px: Some(width_px),
            ..self
        }
    }
}

/// One glyph's rectangle on screen and its bitmap in the atlas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedGlyph {
    /// The character drawn.
    pub ch: char,
    /// Top-left corner in screen pixels.
    pub min: Vec2,
    /// Size in pixels (equal to the bitmap's size in texels).
    pub size: Vec2,
    /// Bitmap top-left texel in the font atlas.
    pub texel: [u32; 2],
}

/// One laid-out line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// Advance width including kerning, without a trailing wrap space.
    pub width_px: f32,
    /// Left edge in screen pixels after alignment.
    pub x_px: f32,
    /// Range into [`TextLayout::glyphs`].
    pub first_glyph: usize,
    /// How many glyphs the line has, from `first_glyph` on.
    pub glyph_count: usize,
}

/// A laid-out run, reusable between calls to avoid allocating.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TextLayout {
    /// Visible glyphs (blank ones such as spaces have none).
    pub glyphs: Vec<PlacedGlyph>,
    /// At least one line, even for empty text.
    pub lines: Vec<Line>,
    /// Width of the widest line and height of all line boxes.
    pub size: Vec2,
}

/// Lays `text` out at `origin` (top of the first line, x per alignment).
pub fn layout_into(
    font: &mut Font,
    origin: Vec2,
    text: &str,
    style: &TextStyle,
    out: &mut TextLayout,
) {
    out.glyphs.clear();
    out.lines.clear();
    let metrics = font.line_metrics(style.size_px);
    let line_h = metrics.line_height_px * style.line_spacing;
    let max_w = style.max_width_px.unwrap_or(f32::INFINITY);

    // First pass: glyphs relative to (line start, line top); lines record widths.
    let mut pen = 0.0f32;
    let mut prev: Option<char> = None;
    let mut line_first = 0usize;
    // Last space on this line: (index of the next glyph, pen after the space, width before it).
    let mut last_space: Option<(usize, f32, f32)> = None;
    let finish = |out: &mut TextLayout, first: usize, end: usize, width: f32| {
        out.lines.push(Line {
            width_px: width,
            x_px: 0.0,
            first_glyph: first,
            glyph_count: end - first,
        });
    };
    for ch in text.chars() {
        if ch == '\n' {
            finish(out, line_first, out.glyphs.len(), pen);
            line_first = out.glyphs.len();
            pen = 0.0;
            prev = None;
            last_space = None;
            continue;
        }
        if ch.is_control() {
            continue;
        }
        let glyph = font.glyph(ch, style.size_px);
        if let Some(p) = prev {
            pen += font.kern(p, ch, style.size_px);
        }
        if ch == ' ' {
            last_space = Some((out.glyphs.len(), pen + glyph.advance_px, pen));
            pen += glyph.advance_px;
            prev = Some(ch);
            continue;
        }
        if pen + glyph.advance_px > max_w {
            if let Some((next, resume, width)) = last_space.take() {
                // Break at the space: the word so far moves to a new line.
                finish(out, line_first, next, width);
                line_first = next;
                for g in &mut out.glyphs[next..] {
                    g.min.x -= resume;
                    g.min.y += line_h;
                }
                pen -= resume;
            }
        }
        let line_top = out.lines.len() as f32 * line_h;
        if glyph.size[0] > 0 && glyph.size[1] > 0 {
            out.glyphs.push(PlacedGlyph {
                ch,
                min: Vec2::new(
                    pen + glyph.offset_px.x,
                    line_top + metrics.ascent_px + glyph.offset_px.y,
                ),
                size: Vec2::new(glyph.size[0] as f32, glyph.size[1] as f32),
                texel: glyph.texel,
            });
        }
        pen += glyph.advance_px;
        prev = Some(ch);
    }
    finish(out, line_first, out.glyphs.len(), pen);

    // Second pass: align each line and move everything to the origin.
    let factor = style.align.factor();
    let mut widest = 0.0f32;
    for line in &mut out.lines {
        line.x_px = origin.x - line.width_px * factor;
        widest = widest.max(line.width_px);
        for g in &mut out.glyphs[line.first_glyph..line.first_glyph + line.glyph_count] {
            let p = g.min + Vec2::new(line.x_px, origin.y);
            g.min = Vec2::new(round_px(p.x), round_px(p.y));
        }
    }
    out.size = Vec2::new(widest, out.lines.len() as f32 * line_h);
}

/// Rounds to the nearest whole pixel (halves up) without libm's `roundf`,
/// a function call on baseline x86-64; pixel coordinates fit in an i32.
#[inline]
fn round_px(x: f32) -> f32 {
    let t = x as i32 as f32;
    let r = x - t;
    if r >= 0.5 {
        t + 1.0
    } else if r < -0.5 {
        t - 1.0
    } else {
        t
    }
}

/// The size `text` takes: width of its widest line, height of its line boxes.
pub fn measure(font: &mut Font, text: &str, style: &TextStyle) -> Vec2 {
    let mut layout = TextLayout::default();
    layout_into(font, Vec2::ZERO, text, style, &mut layout);
    layout.size
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::WHITE;
    use crate::font::tests::dejavu;

    fn style(size: f32) -> TextStyle {
        TextStyle::new(size, WHITE)
    }

    fn lay(font: &mut Font, text: &str, s: &TextStyle) -> TextLayout {
        let mut l = TextLayout::default();
        layout_into(font, Vec2::new(100.0, 50.0), text, s, &mut l);
        l
    }

    #[test]
    fn measure_grows_with_text_and_size() {
        let mut font = dejavu();
        let a = measure(&mut font, "Rappel", &style(20.0));
        let b = measure(&mut font, "Rappel!", &style(20.0));
        let c = measure(&mut font, "Rappel", &style(40.0));
        assert!(b.x > a.x);
        assert!(
            (c.x / a.x - 2.0).abs() < 0.1,
            "width scales with size: {a} {c}"
        );
        assert_eq!(a.y, font.line_metrics(20.0).line_height_px);
        let empty = measure(&mut font, "", &style(20.0));
        assert_eq!(
            empty,
            Vec2::new(0.0, font.line_metrics(20.0).line_height_px)
        );
    }

    #[test]
    fn kerning_pulls_av_together() {
        let mut font = dejavu();
        let s = style(40.0);
        let kern = font.kern('A', 'V', 40.0);
        assert!(kern < -0.5, "DejaVu kerns A-V: {kern}");
        let pair = measure(&mut font, "AV", &s).x;
        let apart = measure(&mut font, "A", &s).x + measure(&mut font, "V", &s).x;
        assert!(
            (pair - (apart + kern)).abs() < 0.01,
            "{pair} vs {apart} + {kern}"
        );
    }

    #[test]
    fn newlines_stack_lines_one_line_height_apart() {
        let mut font = dejavu();
        let s = style(20.0);
        let l = lay(&mut font, "Hi\nHi", &s);
        assert_eq!(l.lines.len(), 2);
        assert_eq!(l.glyphs.len(), 4);
        let lh = font.line_metrics(20.0).line_height_px;
        assert!((l.glyphs[2].min.y - l.glyphs[0].min.y - lh).abs() <= 1.0);
        assert_eq!(l.glyphs[2].min.x, l.glyphs[0].min.x);
        assert!((l.size.y - 2.0 * lh).abs() < 1e-3);
        // Glyph tops sit below the origin, inside the first line box.
        assert!(l.glyphs[0].min.y >= 50.0 && l.glyphs[0].min.y < 50.0 + lh);
    }

    #[test]
    fn alignment_places_lines_about_the_origin() {
        let mut font = dejavu();
        let text = "wide line here\nshort";
        let left = lay(&mut font, text, &style(16.0));
        let centre = lay(&mut font, text, &style(16.0).aligned(Align::Centre));
        let right = lay(&mut font, text, &style(16.0).aligned(Align::Right));
        for (i, line) in left.lines.iter().enumerate() {
            assert_eq!(line.x_px, 100.0);
            assert!((centre.lines[i].x_px + line.width_px / 2.0 - 100.0).abs() < 1e-3);
            assert!((right.lines[i].x_px + line.width_px - 100.0).abs() < 1e-3);
        }
        // Both lines share a centre under centring; the short one starts further right.
        let short_first = left.lines[1].first_glyph;
        assert!(centre.glyphs[short_first].min.x > centre.glyphs[0].min.x + 10.0);
        // Right-aligned, each line's last glyph ends at the origin (within its side bearing).
        for line in &right.lines {
            let last = right.glyphs[line.first_glyph + line.glyph_count - 1];
            assert!((last.min.x + last.size.x - 100.0).abs() <= 3.0, "{last:?}");
        }
    }

    #[test]
    fn wrapping_breaks_at_spaces_within_the_width() {
        let mut font = dejavu();
        let text = "one two three four five six";
        let one_line = measure(&mut font, text, &style(16.0));
        let width = one_line.x / 2.5;
        let l = lay(&mut font, text, &style(16.0).wrapped(width));
        assert!(l.lines.len() >= 3, "{} lines", l.lines.len());
        for line in &l.lines {
            assert!(line.width_px <= width + 1e-3, "{} > {width}", line.width_px);
        }
        // Nothing is lost: every letter still has a glyph.
        let letters = text.chars().filter(|c| *c != ' ').count();
        assert_eq!(l.glyphs.len(), letters);
        // Each wrapped line starts at the origin with a word's first letter.
        let starts: String = l
            .lines
            .iter()
            .map(|line| l.glyphs[line.first_glyph].ch)
            .collect();
        assert!(starts.starts_with('o'), "{starts}");
        assert!(starts.chars().all(|c| "otfs".contains(c)), "{starts}");
        // A word longer than the width stays whole on its own line.
        let long = lay(&mut font, "extraordinarily", &style(16.0).wrapped(10.0));
        assert_eq!(long.lines.len(), 1);
    }

    #[test]
    fn rounding_to_pixels_goes_to_the_nearest() {
        for (x, want) in [
            (0.4, 0.0),
            (0.5, 1.0),
            (1.6, 2.0),
            (-0.4, 0.0),
            (-0.6, -1.0),
            (-2.5, -2.0),
            (7.0, 7.0),
        ] {
            assert_eq!(round_px(x), want, "{x}");
        }
    }

    #[test]
    fn glyph_rects_are_whole_pixels() {
        let mut font = dejavu();
        let mut l = TextLayout::default();
        layout_into(
            &mut font,
            Vec2::new(10.3, 20.7),
            "Sphinx of black quartz",
            &style(13.0),
            &mut l,
        );
        assert!(l.glyphs.iter().all(|g| g.min == g.min.round()));
    }
}
