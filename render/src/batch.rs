//! The batch plan: from a frame's commands to the draw calls the backend
//! issues. Pure data, no GL, so merging is unit-tested without a context.
//!
//! Commands are sorted by key (ties keep submission order). Walking them in
//! that order, a command joins the batch before it when both need the same
//! GL state (equal [`StateBits`]) and its vertices follow the batch's
//! directly in the vertex buffer; otherwise it starts a new batch. A quad
//! batch never exceeds [`MAX_QUADS_PER_DRAW`] (the 16-bit quad index buffer
//! addresses 65,536 vertices from its base vertex); longer runs split.
use crate::draw_list::Command;
use crate::sort_key::{DrawMode, StateBits};
use crate::texture::TextureMask;

/// Quads one indexed draw can cover with 16-bit indices (4 vertices each).
pub const MAX_QUADS_PER_DRAW: u32 = 16_384;

/// One draw call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The GL state the merged commands share.
    pub state: StateBits,
    /// Indexed quads or plain triangle arrays.
    pub mode: DrawMode,
    /// First vertex in the draw list's vertex buffer.
    pub first_vertex: u32,
    /// Vertices drawn, from `first_vertex` on.
    pub vertex_count: u32,
    /// Union of the merged commands' texture slots.
    pub textures: TextureMask,
}

/// A frame's sorted order and batches; reused between frames.
#[derive(Clone, Debug, Default)]
pub struct FramePlan {
    /// (key, command index), sorted.
    order: Vec<(u64, u32)>,
    /// Radix sort's second buffer.
    scratch: Vec<(u64, u32)>,
    batches: Vec<Batch>,
    /// Times consecutive batches need different GL state.
    state_changes: u32,
}

impl FramePlan {
    /// Sorts `commands` and merges them into batches of at most
    /// `max_quads` quads (use [`MAX_QUADS_PER_DRAW`]).
    pub fn build(&mut self, commands: &[Command], max_quads: u32) {
        self.order.clear();
        self.order.extend(
            commands
                .iter()
                .enumerate()
                .map(|(i, c)| (c.key.0, i as u32)),
        );
        // A stable sort by key keeps submission order among equal keys.
        sort_stable(&mut self.order, &mut self.scratch);
        self.batches.clear();
        self.state_changes = 0;
        let max_quad_vertices = max_quads.max(1) * 4;
        for &(_, index) in &self.order {
            let c = &commands[index as usize];
            let state = c.key.state();
            // Fast path: the command continues the last batch.
            if let Some(b) = self.batches.last_mut() {
                if b.state == state
                    && b.first_vertex + b.vertex_count == c.first_vertex
                    && (b.mode == DrawMode::Arrays
                        || b.vertex_count + c.vertex_count <= max_quad_vertices)
                {
                    b.vertex_count += c.vertex_count;
                    b.textures = b.textures.union(c.textures);
                    continue;
                }
            }
            let mode = c.key.mode();
            let limit = match mode {
                DrawMode::Quads => max_quad_vertices,
                DrawMode::Arrays => u32::MAX,
            };
            let (mut first, mut left) = (c.first_vertex, c.vertex_count);
            while left > 0 {
                let joined = match self.batches.last_mut() {
                    Some(b)
                        if b.state == state
                            && b.first_vertex + b.vertex_count == first
                            && b.vertex_count < limit =>
                    {
                        let take = left.min(limit - b.vertex_count);
                        b.vertex_count += take;
                        b.textures = b.textures.union(c.textures);
                        Some(take)
                    }
                    _ => None,
                };
                let take = joined.unwrap_or_else(|| {
                    let take = left.min(limit);
                    if self.batches.last().is_some_and(|b| b.state != state) {
                        self.state_changes += 1;
                    }
                    self.batches.push(Batch {
                        state,
                        mode,
                        first_vertex: first,
                        vertex_count: take,
                        textures: c.textures,
                    });
                    take
                });
                first += take;
                left -= take;
            }
        }
    }

    /// The draw calls, in order.
    pub fn batches(&self) -> &[Batch] {
        &self.batches
    }

    /// Command indices in draw order.
    pub fn order(&self) -> impl Iterator<Item = u32> + '_ {
        self.order.iter().map(|&(_, i)| i)
    }

    /// How many times the GL state differs between consecutive batches.
    pub fn state_changes(&self) -> u32 {
        self.state_changes
    }
}

/// Sorts (key, payload) pairs stably by key, choosing by how unsorted they
/// are: frames are mostly drawn layer by layer, so commands arrive as a few
/// ascending runs. No descent: nothing to do. A few: the standard library's
/// stable sort merges the runs in near-linear time. Many: radix sort.
pub fn sort_stable(items: &mut Vec<(u64, u32)>, scratch: &mut Vec<(u64, u32)>) {
    let descents = items.windows(2).filter(|w| w[1].0 < w[0].0).count();
    if descents == 0 {
        return;
    }
    if descents <= 64 {
        items.sort_by_key(|&(k, _)| k);
    } else {
        radix_sort(items, scratch);
    }
}

/// Stable LSD radix sort of (key, payload) pairs by key, a byte at a time,
/// skipping bytes that are equal in every key (the reserved bits, and the
/// pass bits in a frame of one pass). Linear in the number of commands.
pub fn radix_sort(items: &mut Vec<(u64, u32)>, scratch: &mut Vec<(u64, u32)>) {
    if items.len() < 64 {
        items.sort_by_key(|&(k, _)| k);
        return;
    }
    let (mut all_and, mut all_or) = (u64::MAX, 0u64);
    for &(k, _) in items.iter() {
        all_and &= k;
        all_or |= k;
    }
    let varying = all_and ^ all_or;
    scratch.clear();
    scratch.resize(items.len(), (0, 0));
    for byte in 0..8 {
        let shift = byte * 8;
        if (varying >> shift) & 0xff == 0 {
            continue;
        }
        let mut offsets = [0usize; 256];
        for &(k, _) in items.iter() {
            offsets[((k >> shift) & 0xff) as usize] += 1;
        }
        let mut sum = 0;
        for o in offsets.iter_mut() {
            let n = *o;
            *o = sum;
            sum += n;
        }
        for &item in items.iter() {
            let b = ((item.0 >> shift) & 0xff) as usize;
            scratch[offsets[b]] = item;
            offsets[b] += 1;
        }
        std::mem::swap(items, scratch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::WHITE;
    use crate::draw_list::DrawList;
    use crate::rect::Rect;
    use crate::sort_key::{Pass, Stencil, StencilId};
    use glam::Vec2;

    fn plan(list: &DrawList, max_quads: u32) -> FramePlan {
        let mut p = FramePlan::default();
        p.build(list.commands(), max_quads);
        p
    }

    fn r() -> Rect {
        Rect::new(0.0, 0.0, 1.0, 1.0)
    }

    #[test]
    fn sorts_are_stable_sorts_by_key() {
        // Few runs take the merge path.
        let mut runs: Vec<(u64, u32)> = (0..300).map(|i| ((i % 100) as u64 / 10, i)).collect();
        let mut expected = runs.clone();
        expected.sort_by_key(|&(k, _)| k);
        sort_stable(&mut runs, &mut Vec::new());
        assert_eq!(runs, expected);

        // A seeded generator: keys from a small set so ties are common.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for len in [0, 1, 63, 64, 1000, 5000] {
            let items: Vec<(u64, u32)> = (0..len)
                .map(|i| {
                    let r = next();
                    (
                        (r & 0xc000_0000_0000_000f) | ((r >> 20) & 0x0300_0000_0000_0000),
                        i,
                    )
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(k, _)| k);
            let mut got = items.clone();
            radix_sort(&mut got, &mut Vec::new());
            assert_eq!(got, expected, "radix, len {len}");
            let mut got = items;
            sort_stable(&mut got, &mut Vec::new());
            assert_eq!(got, expected, "adaptive, len {len}");
        }
    }

    #[test]
    fn a_thousand_same_state_quads_are_one_draw_call() {
        let mut list = DrawList::new();
        for _ in 0..1000 {
            list.quad(r(), WHITE);
        }
        let p = plan(&list, MAX_QUADS_PER_DRAW);
        assert_eq!(p.batches().len(), 1);
        assert_eq!(p.batches()[0].vertex_count, 4000);
        assert_eq!(p.state_changes(), 0);
    }

    #[test]
    fn different_state_or_gaps_break_batches() {
        let mut list = DrawList::new();
        list.quad(r(), WHITE);
        list.quad(r(), WHITE);
        list.triangles(&[Vec2::ZERO; 3], WHITE); // arrays: different mode
        list.quad(r(), WHITE);
        list.set_stencil(Stencil::Read(StencilId::new(1).unwrap()));
        list.quad(r(), WHITE);
        let p = plan(&list, MAX_QUADS_PER_DRAW);
        let counts: Vec<u32> = p.batches().iter().map(|b| b.vertex_count).collect();
        // UI pass order: quads(2), tris, quad, read-quad. The stencil read sorts last
        // (READ > NONE) and the arrays-mode triangles before the quads (ARRAYS < QUADS),
        // but the quads either side of the triangles are not contiguous.
        assert_eq!(counts, vec![3, 8, 4, 4]);
        let modes: Vec<_> = p.batches().iter().map(|b| b.mode).collect();
        assert_eq!(
            modes,
            vec![
                DrawMode::Arrays,
                DrawMode::Quads,
                DrawMode::Quads,
                DrawMode::Quads
            ]
        );
        assert_eq!(p.batches()[1].first_vertex, 0);
        assert_eq!(p.batches()[2].first_vertex, 11);
        assert_eq!(p.state_changes(), 2);
    }

    #[test]
    fn sorted_order_is_pass_then_stencil_then_depth_or_sequence() {
        let mut list = DrawList::new();
        list.quad(r(), WHITE); // 0: UI
        list.set_pass(Pass::Translucent);
        list.set_depth(0.2);
        list.quad(r(), WHITE); // 1: translucent near
        list.set_depth(0.8);
        list.quad(r(), WHITE); // 2: translucent far
        list.set_pass(Pass::Opaque);
        list.set_depth(0.9);
        list.quad(r(), WHITE); // 3: opaque far
        list.set_depth(0.1);
        list.quad(r(), WHITE); // 4: opaque near
        list.stencil_polygon(&[Vec2::ZERO, Vec2::X, Vec2::Y], StencilId::new(2).unwrap()); // 5
        let p = plan(&list, MAX_QUADS_PER_DRAW);
        let order: Vec<u32> = p.order().collect();
        assert_eq!(order, vec![4, 3, 5, 2, 1, 0]);
    }

    #[test]
    fn long_quad_runs_split_at_the_index_buffer_limit() {
        let mut list = DrawList::new();
        for _ in 0..10 {
            list.quad(r(), WHITE);
        }
        let p = plan(&list, 4);
        let b: Vec<(u32, u32)> = p
            .batches()
            .iter()
            .map(|b| (b.first_vertex, b.vertex_count))
            .collect();
        assert_eq!(b, vec![(0, 16), (16, 16), (32, 8)]);
        // One command bigger than the limit splits too.
        let mut font = crate::font::tests::dejavu();
        let mut list = DrawList::new();
        list.text(
            &mut font,
            Vec2::ZERO,
            "abcdefghij",
            &crate::text::TextStyle::new(12.0, WHITE),
        );
        let p = plan(&list, 3);
        let total: u32 = p.batches().iter().map(|b| b.vertex_count).sum();
        assert_eq!(total, 40);
        assert!(p.batches().iter().all(|b| b.vertex_count <= 12));
        assert_eq!(p.state_changes(), 0, "splitting is not a state change");
    }

    #[test]
    fn textures_of_merged_commands_are_united() {
        use crate::texture::{TextureSlot, FONT_SLOT};
        let mut list = DrawList::new();
        list.quad(r(), WHITE);
        list.textured_quad(r(), TextureSlot(3), [0.0; 4], WHITE);
        let p = plan(&list, MAX_QUADS_PER_DRAW);
        assert_eq!(p.batches().len(), 1);
        let t = p.batches()[0].textures;
        assert!(t.contains(FONT_SLOT) && t.contains(TextureSlot(3)));
    }
}
