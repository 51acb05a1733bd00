//! The span walk in two passes (see [`super::span`]), for the spans most
//! builds are made of: every cell of the span at least one cell inside the
//! grid, and no ray leaving through a portal.
//!
//! Spans of fewer than [`SHORTEST`] cells are left to the cell-by-cell
//! walk. The first pass reads the two exit edges of every cell into bit sets (bit
//! `i` for the span's cell `i`): which exits are OPEN or PLATFORM and which
//! are SOLID; the radius and the end cells' narrowing are bit masks too.
//! Then each output is made from the bits on its own:
//!
//! - the shadow records, from the SOLID exits that get rays;
//! - the next layer's spans, as runs of set bits: the exits' pieces of rays
//!   come in order (right then top exit of each cell) and each starts at the
//!   very corner where the one before ends, so a run of pieces passed on is
//!   one span;
//! - the nodes, one per cell, their continuity bits read from the sets.
//!
//! No piece is merged one by one and no exit is decided by a branch per
//! cell. The results are the same as the cell-by-cell walk's, in the same
//! order (checked over random portal maps by
//! `view::tests::walk::both_walks_build_the_same_views`).

use super::span::{cell_rays, corner, end_rays, split, split_inner, SideEdges, Span, Walk};
use super::{GridView, MAX_NODES, MAX_SHADOWS, SCRATCH_PIECES};
use crate::grid::Edge;
use crate::view::node::dir_bit;
use crate::view::sector::{Ray, Sector};
use crate::view::ViewPos;

/// Spans of fewer cells are walked cell by cell: their set-up here (the end
/// cells, the bit sets) costs more than it saves (instructions per build on
/// the benchmark's `rooms` map, mostly 1–3-cell spans: 49,984 with spans of
/// 2 cells here, 49,678 from 3, 51,964 from 5; from 2 cells the 3×3 room
/// also took 28 % longer).
///
/// The walk itself is right for spans of any length: the both-walks test
/// passes with this at 1 and at 2 as well.
const SHORTEST: i32 = 3;

/// The lowest `n` bits (`n` ≤ 64).
const fn low_bits(n: i32) -> u64 {
    if n <= 0 {
        0
    } else if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// An end cell of the span: its narrowed rays, split at its corner.
#[derive(Clone, Copy)]
struct End {
    rays: Sector,
    right: Sector,
    up: Sector,
    right_open: bool,
    up_open: bool,
}

impl End {
    fn new(span: &Span, k: i32, j: i32) -> Option<End> {
        let rays = end_rays(span, k, j);
        if rays.is_empty() {
            return None;
        }
        let (right, up, right_open, up_open) = split(rays, corner(k, j));
        Some(End {
            rays,
            right,
            up,
            right_open,
            up_open,
        })
    }
}

impl GridView {
    /// Walks `walk`'s span in two passes when it qualifies (see the module
    /// docs; also: the outputs surely fit). Returns `false`, having changed
    /// nothing, when it does not: the cell-by-cell walk takes it.
    pub(super) fn walk_in_two_passes<const Q: u8>(&mut self, walk: &Walk) -> bool {
        let (k, span, t) = (walk.k, walk.span, walk.span.transform);
        let n = span.j1 - span.j0 + 1;
        let fits = (SHORTEST..=64).contains(&n)
            && self.nodes.len() + n as usize <= MAX_NODES
            && self.shadows.len() + 2 * n as usize <= MAX_SHADOWS
            && self.scratch.len() + (n as usize) < SCRATCH_PIECES;
        // The cells of a span lie on a line, so its ends inside make all of
        // it inside.
        if !fits || !walk.interior(walk.cell(0)) || !walk.interior(walk.cell(n - 1)) {
            return false;
        }
        let Some(first) = End::new(&span, k, span.j0) else {
            return false;
        };
        let last = if n == 1 {
            first
        } else {
            let Some(last) = End::new(&span, k, span.j1) else {
                return false;
            };
            last
        };
        let all = low_bits(n);
        // Which exits get rays at all: every one but perhaps the first
        // cell's right exit and the last cell's top exit.
        let gets_rays = (
            all & !u64::from(!first.right_open),
            all & !(u64::from(!last.up_open) << (n - 1)),
        );

        // Pass 1: the exit edges.
        let (open, portal) = self.read_exits(walk, n);
        if (portal.0 & gets_rays.0) | (portal.1 & gets_rays.1) != 0 {
            return false;
        }
        // Rays go on to the next layer's cell within the radius: right from
        // cell `j` when `k - j + 1 <= r`, up when `j + 1 <= r`.
        let r = self.radius;
        let within = (all & !low_bits(k + 1 - r - span.j0), low_bits(r - span.j0));
        let go = (
            open.0 & gets_rays.0 & within.0,
            open.1 & gets_rays.1 & within.1,
        );
        let solid = (!open.0 & gets_rays.0, !open.1 & gets_rays.1);

        // The pieces of cell `i` (the span's `j0 + i`): right and up.
        let pieces = |i: i32| -> (Sector, Sector) {
            if i == 0 {
                (first.right, first.up)
            } else if i == n - 1 {
                (last.right, last.up)
            } else {
                split_inner(k, span.j0 + i)
            }
        };

        // The shadows, in the cell-by-cell walk's order.
        let mut stopped = solid.0 | solid.1;
        while stopped != 0 {
            let i = stopped.trailing_zeros() as i32;
            stopped &= stopped - 1;
            let (j, cell) = (span.j0 + i, walk.cell(i));
            let (rays, corner) = (cell_rays(k, j), corner(k, j));
            let (right, up) = pieces(i);
            if solid.0 >> i & 1 != 0 {
                self.add_shadow::<Q>(cell, walk.exits[0], (rays.lo, corner), right, t);
            }
            if solid.1 >> i & 1 != 0 {
                self.add_shadow::<Q>(cell, walk.exits[1], (rays.hi, corner), up, t);
            }
        }

        // The next layer's spans: runs of pieces passed on, in the order
        // right exit of cell 0, top exit of cell 0, right exit of cell 1,
        // … . A run starts at a right exit when the top exit before it did
        // not pass rays on, at a top exit when the right exit before it did
        // not; it ends likewise. Starts and ends alternate, each at most
        // once per cell. A piece reaches the next layer's cell `j` (right
        // exit) or `j + 1` (top exit).
        let starts = (go.0 & !(go.1 << 1), go.1 & !go.0);
        let ends = (go.0 & !go.1, go.1 & !(go.0 >> 1));
        let (mut from, mut to) = (starts.0 | starts.1, ends.0 | ends.1);
        while from != 0 {
            let (a, b) = (from.trailing_zeros() as i32, to.trailing_zeros() as i32);
            from &= from - 1;
            to &= to - 1;
            let (lo_pieces, hi_pieces) = (pieces(a), pieces(b));
            let (lo, j0) = if starts.0 >> a & 1 != 0 {
                (lo_pieces.0.lo, a)
            } else {
                (lo_pieces.1.lo, a + 1)
            };
            let (hi, j1) = if ends.0 >> b & 1 != 0 {
                (hi_pieces.0.hi, b)
            } else {
                (hi_pieces.1.hi, b + 1)
            };
            self.scratch.push(Span {
                j0: span.j0 + j0,
                j1: span.j0 + j1,
                sector: Sector::new(lo, hi),
                transform: t,
            });
        }

        // The nodes: the end cells', then the inner cells' (all their rays,
        // entered through both edges when plain).
        let (to_right, to_up) = (dir_bit(walk.view_right), dir_bit(walk.view_up));
        let left = |i: i32| ((go.0 >> i & 1) as u8 * to_right) | ((go.1 >> i & 1) as u8 * to_up);
        let entered = |end: &End, i: i32| {
            let (cx, cy) = (k - span.j0 - i, span.j0 + i);
            // Worked out either way: a select, not a branch.
            let bits = walk.end_entry_bits(end.rays, cx, cy);
            if walk.plain {
                bits
            } else {
                0
            }
        };
        self.add_span_node::<Q>(walk, 0, first.rays, entered(&first, 0) | left(0));
        let entry = if walk.plain { walk.entry_bits() } else { 0 };
        for i in 1..n - 1 {
            let rays = cell_rays(k, span.j0 + i);
            self.add_span_node::<Q>(walk, i, rays, entry | left(i));
        }
        if n > 1 {
            let i = n - 1;
            self.add_span_node::<Q>(walk, i, last.rays, entered(&last, i) | left(i));
        }
        true
    }

    /// The node of the span's cell `i`, inside the grid.
    #[inline(always)]
    fn add_span_node<const Q: u8>(&mut self, walk: &Walk, i: i32, rays: Sector, bits: u8) {
        let j = walk.span.j0 + i;
        let v = Ray::new(walk.k - j, j).rotate(Q);
        let cell = walk.cell(i);
        let index = (cell.y * walk.width + cell.x) as usize;
        let view = ViewPos::new(v.x, v.y);
        self.add_node(
            view,
            cell,
            Some(index),
            rays.rotate(Q),
            walk.span.transform,
            bits,
        );
    }

    /// Pass 1: the exit edges of the span's `n` cells, all inside the grid,
    /// as bit sets (right exits, top exits): which are OPEN or PLATFORM, and
    /// which are PORTALs.
    fn read_exits(&self, walk: &Walk, n: i32) -> ((u64, u64), (u64, u64)) {
        let [right, up] = walk.exit_edges;
        let (first, step) = (walk.first_cell, walk.cell_step);
        // Where a cell's edge on one side sits in that side's array: its
        // index plus the side's offset plus its row times the side's
        // per-row shift; a constant step along the span.
        let width = walk.width;
        let index = (first.y * width + first.x) as isize;
        let index_step = (step.1 * width + step.0) as isize;
        let at = |side: &SideEdges| {
            (
                index + side.offset as isize + first.y as isize * side.per_row as isize,
                index_step + step.1 as isize * side.per_row as isize,
            )
        };
        let ((mut ir, sr), (mut iu, su)) = (at(&right), at(&up));
        let (mut open, mut portal) = ((0u64, 0u64), (0u64, 0u64));
        let byte =
            |edges: &[Edge], i: isize| edges.get(i as usize).map_or(Edge::SOLID, |&e| e).byte();
        for i in 0..n {
            let (br, bu) = (byte(right.edges, ir), byte(up.edges, iu));
            open.0 |= u64::from(!br & 1) << i;
            open.1 |= u64::from(!bu & 1) << i;
            portal.0 |= u64::from(br & br >> 1 & 1) << i;
            portal.1 |= u64::from(bu & bu >> 1 & 1) << i;
            ir += sr;
            iu += su;
        }
        (open, portal)
    }
}
