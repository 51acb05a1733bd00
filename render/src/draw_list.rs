//! The per-frame draw list: what a frame looks like, as data. Draw functions
//! append vertices to one CPU vertex buffer and record one [`Command`] each —
//! a [`SortKey`] plus the vertex range it drew — which the backend sorts,
//! merges and draws (see `batch.rs` and `gl_backend`).
//!
//! Coordinates are screen pixels, origin top-left, y down. Draw calls take
//! their state from the list's current [`DrawState`]: the pass, a depth
//! (0 nearest .. 1 farthest; orders the opaque and translucent passes), the
//! stencil use, and an affine transform applied to positions *on the CPU* at
//! append time. The game draws the world seen through a portal by setting
//! that portal's view transform (and `Stencil::Read` of its mask id) before
//! drawing; vertices are stored already transformed, so one projection (the
//! drawable's size) serves the whole frame and nothing is re-uploaded per
//! transform.
//!
//! Order within a pass follows the sort key: masks before reads, and
//! triangle lists (arrays mode: `triangles`, `polygon`, `disc`, `line`,
//! `raw_triangles`) before quads (`quad`, `sprite`, `text`, `panel`,
//! `nine_slice`). In the UI pass that puts raw triangles beneath every quad-based call; quad-based
//! calls keep their submission order among themselves.
//!
//! Capacity: the vertex buffer is a `Vec` that grows as needed up to
//! [`DrawList::max_vertices`] (default [`DEFAULT_MAX_VERTICES`]). A call that
//! would pass it is dropped whole and counted in
//! [`DrawList::dropped_calls`] — the frame loses that call, never gets a
//! half-written one. Quads are drawn through a 16-bit index buffer in
//! batches of at most `batch::MAX_QUADS_PER_DRAW`, so no vertex count
//! overflows an index.
use std::f32::consts::TAU;

use glam::{Affine2, Vec2};

use crate::atlas::Sprite;
use crate::colour::{to_rgba8, Rgba, WHITE};
use crate::font::Font;
use crate::panel::{self, PanelStyle};
use crate::rect::Rect;
use crate::sort_key::{DrawMode, Pass, SortKey, Stencil, StencilId};
use crate::text::{layout_into, TextLayout, TextStyle};
use crate::texture::{TextureMask, TextureSlot, FONT_SLOT, WHITE_UV};
use crate::vertex::Vertex;

/// Default cap on vertices per frame (4M vertices, 112 MiB).
pub const DEFAULT_MAX_VERTICES: usize = 1 << 22;

/// One recorded draw call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Command {
    /// Where it sorts and which GL state it needs.
    pub key: SortKey,
    /// First vertex in the list's vertex buffer.
    pub first_vertex: u32,
    /// Vertices drawn: a multiple of 3 (arrays) or 4 (quads).
    pub vertex_count: u32,
    /// Texture slots the vertices sample.
    pub textures: TextureMask,
}

impl Command {
    /// Index range in the shared quad index buffer, drawn with
    /// `first_vertex` as the base vertex: (first index, index count).
    /// Arrays-mode commands use no indices: (0, 0).
    pub fn index_range(&self) -> (u32, u32) {
        match self.key.mode() {
            DrawMode::Quads => (0, self.vertex_count / 4 * 6),
            DrawMode::Arrays => (0, 0),
        }
    }
}

/// The state draw calls take: set it, then draw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawState {
    /// The pass it is drawn in.
    pub pass: Pass,
    /// 0 nearest .. 1 farthest; becomes each vertex's z and orders the
    /// opaque and translucent passes.
    pub depth: f32,
    /// Stencil use of ordinary draws (masks come from `stencil_polygon`).
    pub stencil: Stencil,
    /// Applied to every position at append time.
    pub transform: Affine2,
}

impl Default for DrawState {
    /// UI pass, depth 0, no stencil, identity transform.
    fn default() -> DrawState {
        DrawState {
            pass: Pass::Ui,
            depth: 0.0,
            stencil: Stencil::None,
            transform: Affine2::IDENTITY,
        }
    }
}

/// A frame's worth of vertices and commands.
pub struct DrawList {
    vertices: Vec<Vertex>,
    commands: Vec<Command>,
    state: DrawState,
    /// Submission counter: the UI pass's order.
    sequence: u32,
    max_vertices: usize,
    dropped_calls: u32,
    /// Scratch space reused by `text` and `panel`.
    text_layout: TextLayout,
    scratch: Vec<panel::ColouredQuad>,
}

impl Default for DrawList {
    fn default() -> DrawList {
        DrawList::new()
    }
}

impl DrawList {
    /// An empty list with the default vertex cap.
    pub fn new() -> DrawList {
        DrawList::with_max_vertices(DEFAULT_MAX_VERTICES)
    }

    /// An empty list holding at most `max_vertices` vertices a frame.
    pub fn with_max_vertices(max_vertices: usize) -> DrawList {
        DrawList {
            vertices: Vec::new(),
            commands: Vec::new(),
            state: DrawState::default(),
            sequence: 0,
            max_vertices,
            dropped_calls: 0,
            text_layout: TextLayout::default(),
            scratch: Vec::new(),
        }
    }

    /// Empties the list for the next frame (keeps its memory) and resets the state.
    pub fn clear(&mut self) {
        self.vertices.clear();
        self.commands.clear();
        self.state = DrawState::default();
        self.sequence = 0;
        self.dropped_calls = 0;
    }

    /// The vertices appended this frame, in order.
    pub fn vertices(&self) -> &[Vertex] {
        &self.vertices
    }

    /// Whether `other` draws exactly the same frame: the same vertices
    /// and commands (a still screen's next frame need not be drawn).
    pub fn same_frame(&self, other: &DrawList) -> bool {
        self.vertices == other.vertices && self.commands == other.commands
    }

    /// Commands in submission order (the backend sorts them).
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// The cap on vertices this list accepts per frame.
    pub fn max_vertices(&self) -> usize {
        self.max_vertices
    }

    /// Calls dropped this frame because the vertex cap was reached.
    pub fn dropped_calls(&self) -> u32 {
        self.dropped_calls
    }

    /// The state the next draw calls take.
    pub fn state(&self) -> DrawState {
        self.state
    }

    /// Sets the state the next draw calls take.
    pub fn set_state(&mut self, state: DrawState) {
        self.state = state;
    }

    /// Sets the pass of the next draw calls.
    pub fn set_pass(&mut self, pass: Pass) {
        self.state.pass = pass;
    }

    /// Sets the depth of the next draw calls (0 nearest .. 1 farthest).
    pub fn set_depth(&mut self, depth: f32) {
        self.state.depth = depth;
    }

    /// Sets how the next ordinary draw calls use the stencil.
    pub fn set_stencil(&mut self, stencil: Stencil) {
        self.state.stencil = stencil;
    }

    /// Sets the transform applied to the next draw calls' positions.
    pub fn set_transform(&mut self, transform: Affine2) {
        self.state.transform = transform;
    }

    /// Reserves room for `count` more vertices; `None` (and one dropped call)
    /// if that would pass the cap.
    fn reserve(&mut self, count: usize) -> Option<u32> {
        let first = self.vertices.len();
        if first + count > self.max_vertices {
            if self.dropped_calls == 0 {
                log::warn!(
                    "draw list full ({} vertices): dropping draw calls this frame",
                    self.max_vertices
                );
            }
            self.dropped_calls += 1;
            return None;
        }
        self.vertices.reserve(count);
        Some(first as u32)
    }

    /// Records the command for vertices `first..` appended since `reserve`.
    fn record(&mut self, first: u32, mode: DrawMode, stencil: Stencil, textures: TextureMask) {
        let count = self.vertices.len() as u32 - first;
        if count == 0 {
            return;
        }
        let key = SortKey::new(
            self.state.pass,
            stencil,
            mode,
            self.state.depth,
            self.sequence,
        );
        self.sequence = self.sequence.wrapping_add(1);
        self.commands.push(Command {
            key,
            first_vertex: first,
            vertex_count: count,
            textures,
        });
    }

    fn vertex(&self, p: Vec2, colour: [u8; 4], uv: [f32; 2], slot: TextureSlot) -> Vertex {
        let p = self.state.transform.transform_point2(p);
        Vertex {
            position: [p.x, p.y, self.state.depth],
            colour,
            uv,
            texture: u32::from(slot.0),
        }
    }

    /// Appends the four vertices of `rect` mapped to texel rect `uv` (x, y, w, h).
    fn push_quad(&mut self, rect: Rect, uv: [f32; 4], colour: [u8; 4], slot: TextureSlot) {
        let [u0, v0, u1, v1] = [uv[0], uv[1], uv[0] + uv[2], uv[1] + uv[3]];
        let [a, b, c, d] = rect.corners();
        let quad = [
            self.vertex(a, colour, [u0, v0], slot),
            self.vertex(b, colour, [u1, v0], slot),
            self.vertex(c, colour, [u1, v1], slot),
            self.vertex(d, colour, [u0, v1], slot),
        ];
        self.vertices.extend_from_slice(&quad);
    }

    /// A plain-colour rectangle.
    pub fn quad(&mut self, rect: Rect, colour: Rgba) {
        let Some(first) = self.reserve(4) else { return };
        let uv = [WHITE_UV[0], WHITE_UV[1], 0.0, 0.0];
        self.push_quad(rect, uv, to_rgba8(colour), FONT_SLOT);
        self.record(
            first,
            DrawMode::Quads,
            self.state.stencil,
            TextureMask::of(FONT_SLOT),
        );
    }

    /// A rectangle textured with texel rect `texels` (x, y, w, h) of `slot`, tinted.
    pub fn textured_quad(&mut self, rect: Rect, slot: TextureSlot, texels: [f32; 4], tint: Rgba) {
        let Some(first) = self.reserve(4) else { return };
        self.push_quad(rect, texels, to_rgba8(tint), slot);
        self.record(
            first,
            DrawMode::Quads,
            self.state.stencil,
            TextureMask::of(slot),
        );
    }

    /// A sprite stretched over `rect`, tinted (use [`WHITE`] for its own colours).
    pub fn sprite(&mut self, sprite: Sprite, rect: Rect, tint: Rgba) {
        self.textured_quad(rect, sprite.slot, sprite.texels, tint);
    }

    /// A sprite at its natural size with its top-left corner at `at`.
    pub fn sprite_at(&mut self, sprite: Sprite, at: Vec2, scale: f32) {
        let rect = Rect::new(
            at.x,
            at.y,
            sprite.texels[2] * scale,
            sprite.texels[3] * scale,
        );
        self.textured_quad(rect, sprite.slot, sprite.texels, WHITE);
    }

    /// A sprite as a nine-slice over `rect`: corners of `edge_px` unscaled.
    pub fn nine_slice(&mut self, sprite: Sprite, rect: Rect, edge_px: f32, tint: Rgba) {
        let parts = panel::nine_slice(rect, sprite.texels, edge_px);
        let Some(first) = self.reserve(parts.len() * 4) else {
            return;
        };
        let colour = to_rgba8(tint);
        for (dest, src) in parts {
            self.push_quad(dest, src, colour, sprite.slot);
        }
        self.record(
            first,
            DrawMode::Quads,
            self.state.stencil,
            TextureMask::of(sprite.slot),
        );
    }

    /// A run of text with its first line's top at `origin` (x per alignment);
    /// rasterises new glyphs into `font`'s atlas. Returns the text's size.
    pub fn text(&mut self, font: &mut Font, origin: Vec2, text: &str, style: &TextStyle) -> Vec2 {
        let mut layout = std::mem::take(&mut self.text_layout);
        layout_into(font, origin, text, style, &mut layout);
        let size = layout.size;
        if let Some(first) = self.reserve(layout.glyphs.len() * 4) {
            let colour = to_rgba8(style.colour);
            let slot = font.slot();
            for g in &layout.glyphs {
                let rect = Rect::new(g.min.x, g.min.y, g.size.x, g.size.y);
                let texels = [g.texel[0] as f32, g.texel[1] as f32, g.size.x, g.size.y];
                self.push_quad(rect, texels, colour, slot);
            }
            self.record(
                first,
                DrawMode::Quads,
                self.state.stencil,
                TextureMask::of(slot),
            );
        }
        self.text_layout = layout;
        size
    }

    /// A low-poly bevelled panel (see `panel.rs`): quads, so it keeps its
    /// submission order among text and sprites in the UI pass.
    pub fn panel(&mut self, rect: Rect, style: &PanelStyle) {
        let mut quads = std::mem::take(&mut self.scratch);
        quads.clear();
        panel::panel_quads(rect, style, &mut quads);
        if let Some(first) = self.reserve(quads.len() * 4) {
            for q in &quads {
                for &(p, c) in q {
                    let v = self.vertex(p, to_rgba8(c), WHITE_UV, FONT_SLOT);
                    self.vertices.push(v);
                }
            }
            self.record(
                first,
                DrawMode::Quads,
                self.state.stencil,
                TextureMask::of(FONT_SLOT),
            );
        }
        self.scratch = quads;
    }

    /// Plain-colour triangles: every three positions are one triangle.
    pub fn triangles(&mut self, positions: &[Vec2], colour: Rgba) {
        let c = to_rgba8(colour);
        self.untextured_triangles(positions.iter().map(|&p| (p, c)));
    }

    /// Triangles with a colour per vertex.
    pub fn coloured_triangles(&mut self, vertices: &[(Vec2, Rgba)]) {
        self.untextured_triangles(vertices.iter().map(|&(p, c)| (p, to_rgba8(c))));
    }

    /// A triangle list of coloured, untextured vertices (a trailing partial
    /// triangle is dropped), recorded as one command.
    fn untextured_triangles(&mut self, vertices: impl ExactSizeIterator<Item = (Vec2, [u8; 4])>) {
        let n = vertices.len() / 3 * 3;
        let Some(first) = self.reserve(n) else { return };
        for (p, c) in vertices.take(n) {
            let v = self.vertex(p, c, WHITE_UV, FONT_SLOT);
            self.vertices.push(v);
        }
        self.record(
            first,
            DrawMode::Arrays,
            self.state.stencil,
            TextureMask::of(FONT_SLOT),
        );
    }

    /// Raw vertices, a triangle list: positions go through the transform
    /// (their z is kept); colour, uv and texture are taken as given.
    pub fn raw_triangles(&mut self, vertices: &[Vertex]) {
        let n = vertices.len() / 3 * 3;
        let Some(first) = self.reserve(n) else { return };
        let mut mask = TextureMask::default();
        for v in &vertices[..n] {
            let p = self
                .state
                .transform
                .transform_point2(Vec2::new(v.position[0], v.position[1]));
            mask = mask.union(TextureMask::of(TextureSlot((v.texture & 7) as u8)));
            self.vertices.push(Vertex {
                position: [p.x, p.y, v.position[2]],
                texture: v.texture & 7,
                ..*v
            });
        }
        self.record(first, DrawMode::Arrays, self.state.stencil, mask);
    }

    /// A filled convex polygon (a fan from its first point).
    pub fn polygon(&mut self, points: &[Vec2], colour: Rgba) {
        self.fan(points.len(), |i| points[i], to_rgba8(colour));
    }

    /// A filled disc: the regular `segments`-gon (at least 3) of `radius`
    /// around `centre`, its first corner at angle 0, as a fan from that
    /// corner (`segments - 2` triangles). Allocates nothing.
    pub fn disc(&mut self, centre: Vec2, radius: f32, segments: u32, colour: Rgba) {
        let n = segments.max(3) as usize;
        let corner = |i: usize| {
            let a = i as f32 * TAU / n as f32;
            centre + Vec2::new(a.cos(), a.sin()) * radius
        };
        self.fan(n, corner, to_rgba8(colour));
    }

    /// A straight band `width` wide from `a` to `b`, square-ended: two
    /// triangles, nothing for a line shorter than 0.001. Allocates nothing.
    pub fn line(&mut self, a: Vec2, b: Vec2, width: f32, colour: Rgba) {
        let d = b - a;
        if d.length_squared() < 1e-6 {
            return;
        }
        let n = d.normalize().perp() * (width / 2.0);
        self.polygon(&[a + n, b + n, b - n, a - n], colour);
    }

    /// Writes stencil mask `id` over a convex polygon (colour writes off),
    /// in the current pass. Draw with `Stencil::Read(id)` to draw inside it;
    /// within a pass all writes sort before all reads.
    pub fn stencil_polygon(&mut self, points: &[Vec2], id: StencilId) {
        let saved = self.state.stencil;
        self.state.stencil = Stencil::Write(id);
        self.fan(points.len(), |i| points[i], to_rgba8(WHITE));
        self.state.stencil = saved;
    }

    /// A convex polygon of `n` corners (`corner(i)`) as a triangle fan from
    /// corner 0, written straight into the vertex buffer as one command.
    fn fan(&mut self, n: usize, corner: impl Fn(usize) -> Vec2, colour: [u8; 4]) {
        let Some(first) = self.reserve(n.saturating_sub(2) * 3) else {
            return;
        };
        for i in 1..n.saturating_sub(1) {
            for p in [corner(0), corner(i), corner(i + 1)] {
                let v = self.vertex(p, colour, WHITE_UV, FONT_SLOT);
                self.vertices.push(v);
            }
        }
        self.record(
            first,
            DrawMode::Arrays,
            self.state.stencil,
            TextureMask::of(FONT_SLOT),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::font::tests::dejavu;

    const RED: Rgba = [1.0, 0.0, 0.0, 1.0];

    fn id(n: u8) -> StencilId {
        StencilId::new(n).unwrap()
    }

    /// Twice the signed area of each triangle in `v`, summed.
    fn area(v: &[Vertex]) -> f32 {
        v.chunks(3)
            .map(|t| {
                let p = |i: usize| Vec2::new(t[i].position[0], t[i].position[1]);
                (p(1) - p(0)).perp_dot(p(2) - p(0)) / 2.0
            })
            .sum()
    }

    #[test]
    fn a_disc_is_a_fan_of_its_corners_covering_the_regular_polygon() {
        let mut list = DrawList::new();
        let (c, r) = (Vec2::new(40.0, 30.0), 10.0);
        list.disc(c, r, 12, RED);
        let v = list.vertices().to_vec();
        assert_eq!(v.len(), 3 * (12 - 2), "segments - 2 triangles");
        assert_eq!(list.commands().len(), 1);
        for p in &v {
            let d = Vec2::new(p.position[0], p.position[1]).distance(c);
            assert!((d - r).abs() < 1e-4, "every corner on the circle: {d}");
        }
        // The area of the regular 12-gon, n/2 r² sin(2π/n), all of it
        // covered once (every triangle turns the same way).
        let expected = 6.0 * r * r * (TAU / 12.0).sin();
        assert!((area(&v) - expected).abs() < 1e-3, "{}", area(&v));
        assert!(v.chunks(3).all(|t| area(t) > 0.0));
        // Exactly the polygon of the same corners, as a disc was drawn
        // before (so pictures do not change).
        let corners: Vec<Vec2> = (0..12)
            .map(|i| {
                let a = i as f32 * TAU / 12.0;
                c + Vec2::new(a.cos(), a.sin()) * r
            })
            .collect();
        let mut old = DrawList::new();
        old.polygon(&corners, RED);
        assert_eq!(old.vertices(), &v[..]);
        // Fewer than three segments is a triangle.
        let mut list = DrawList::new();
        list.disc(c, r, 1, RED);
        assert_eq!(list.vertices().len(), 3);
    }

    #[test]
    fn a_line_is_two_triangles_covering_its_band_and_a_point_is_nothing() {
        let mut list = DrawList::new();
        list.line(Vec2::new(10.0, 10.0), Vec2::new(40.0, 50.0), 4.0, RED);
        let v = list.vertices().to_vec();
        assert_eq!(v.len(), 6);
        assert_eq!(list.commands().len(), 1);
        // Length 50, width 4.
        assert!((area(&v).abs() - 200.0).abs() < 1e-3, "{}", area(&v));
        for p in &v {
            let p = Vec2::new(p.position[0], p.position[1]);
            let from_axis = (p - Vec2::new(10.0, 10.0)).perp_dot(Vec2::new(0.6, 0.8));
            assert!(
                (from_axis.abs() - 2.0).abs() < 1e-4,
                "half the width off the axis"
            );
        }
        list.line(Vec2::ONE, Vec2::ONE, 4.0, RED);
        assert_eq!(
            list.vertices().len(),
            6,
            "a line of no length draws nothing"
        );
        assert_eq!(list.commands().len(), 1);
    }

    #[test]
    fn each_call_records_one_command_over_its_own_vertices() {
        let mut list = DrawList::new();
        list.quad(Rect::new(0.0, 0.0, 10.0, 10.0), WHITE);
        list.triangles(&[Vec2::ZERO, Vec2::X, Vec2::Y, Vec2::ONE], WHITE);
        list.quad(Rect::new(5.0, 5.0, 1.0, 1.0), WHITE);
        let c = list.commands();
        assert_eq!(c.len(), 3);
        assert_eq!((c[0].first_vertex, c[0].vertex_count), (0, 4));
        assert_eq!(c[0].key.mode(), DrawMode::Quads);
        assert_eq!(c[0].index_range(), (0, 6));
        assert_eq!(
            (c[1].first_vertex, c[1].vertex_count),
            (4, 3),
            "a stray 4th point is ignored"
        );
        assert_eq!(c[1].key.mode(), DrawMode::Arrays);
        assert_eq!((c[2].first_vertex, c[2].vertex_count), (7, 4));
        assert_eq!(list.vertices().len(), 11);
        assert!(c[0].key < c[2].key, "UI keys follow submission");
    }

    #[test]
    fn quads_go_clockwise_from_the_top_left_with_texel_uvs() {
        let mut list = DrawList::new();
        list.textured_quad(
            Rect::new(10.0, 20.0, 30.0, 40.0),
            TextureSlot(2),
            [1.0, 2.0, 3.0, 4.0],
            WHITE,
        );
        let v = list.vertices();
        assert_eq!(v[0].position, [10.0, 20.0, 0.0]);
        assert_eq!(v[2].position, [40.0, 60.0, 0.0]);
        assert_eq!(v[0].uv, [1.0, 2.0]);
        assert_eq!(v[2].uv, [4.0, 6.0]);
        assert!(v.iter().all(|v| v.texture == 2 && v.colour == [255; 4]));
        assert_eq!(list.commands()[0].textures, TextureMask::of(TextureSlot(2)));
    }

    #[test]
    fn state_applies_transform_depth_pass_and_stencil() {
        let mut list = DrawList::new();
        list.set_transform(Affine2::from_scale_angle_translation(
            Vec2::splat(2.0),
            0.0,
            Vec2::new(100.0, 0.0),
        ));
        list.set_pass(Pass::Translucent);
        list.set_depth(0.25);
        list.set_stencil(Stencil::Read(id(4)));
        list.quad(Rect::new(1.0, 1.0, 1.0, 1.0), WHITE);
        let v = list.vertices()[0];
        assert_eq!(v.position, [102.0, 2.0, 0.25]);
        let key = list.commands()[0].key;
        assert_eq!(key.pass(), Pass::Translucent);
        assert_eq!(key.stencil(), Stencil::Read(id(4)));

        list.stencil_polygon(&[Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y], id(9));
        let mask = list.commands()[1];
        assert_eq!(mask.key.stencil(), Stencil::Write(id(9)));
        assert_eq!(mask.vertex_count, 6, "a quad fans into two triangles");
        assert_eq!(
            list.state().stencil,
            Stencil::Read(id(4)),
            "the mask leaves the state alone"
        );

        list.clear();
        assert!(list.commands().is_empty() && list.vertices().is_empty());
        assert_eq!(list.state(), DrawState::default());
    }

    #[test]
    fn text_records_one_quad_per_visible_glyph_in_the_font_slot() {
        let mut font = dejavu();
        let mut list = DrawList::new();
        let size = list.text(
            &mut font,
            Vec2::new(5.0, 5.0),
            "Hi there",
            &TextStyle::new(16.0, WHITE),
        );
        assert!(size.x > 40.0);
        let c = list.commands();
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].vertex_count, 7 * 4, "the space has no quad");
        assert_eq!(c[0].textures, TextureMask::of(FONT_SLOT));
        // Every glyph quad samples inside the atlas.
        let img = font.atlas_image();
        for v in list.vertices() {
            assert!(v.uv[0] <= img.width as f32 && v.uv[1] <= img.height as f32);
        }
    }

    #[test]
    fn a_full_list_drops_whole_calls_and_counts_them() {
        let mut list = DrawList::with_max_vertices(10);
        list.quad(Rect::new(0.0, 0.0, 1.0, 1.0), WHITE);
        list.quad(Rect::new(0.0, 0.0, 1.0, 1.0), WHITE);
        list.quad(Rect::new(0.0, 0.0, 1.0, 1.0), WHITE);
        list.triangles(&[Vec2::ZERO; 3], WHITE);
        list.triangles(&[Vec2::ZERO; 3], WHITE);
        assert_eq!(
            list.vertices().len(),
            8,
            "the 3rd quad (12 > 10) and the 2nd triangle are dropped"
        );
        assert_eq!(list.dropped_calls(), 3);
        assert_eq!(list.commands().len(), 2);
        for c in list.commands() {
            assert!(c.first_vertex + c.vertex_count <= list.vertices().len() as u32);
        }
        list.clear();
        assert_eq!(list.dropped_calls(), 0);
    }

    #[test]
    fn panels_and_polygons_are_triangle_lists() {
        let mut list = DrawList::new();
        let style = PanelStyle {
            fill_top: WHITE,
            fill_bottom: WHITE,
            border: WHITE,
            border_px: 2.0,
            bevel_px: 4.0,
        };
        list.panel(Rect::new(0.0, 0.0, 50.0, 20.0), &style);
        list.polygon(
            &[
                Vec2::ZERO,
                Vec2::X,
                Vec2::ONE,
                Vec2::Y,
                Vec2::new(-1.0, 0.5),
            ],
            WHITE,
        );
        let c = list.commands();
        assert_eq!(c[0].key.mode(), DrawMode::Quads);
        assert_eq!(c[0].vertex_count, 44);
        assert_eq!(c[1].key.mode(), DrawMode::Arrays);
        assert_eq!(c[1].vertex_count, 9, "a pentagon fans into three triangles");
    }
}
