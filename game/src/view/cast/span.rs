//! The span walk of the cast (see [`super`]): one span's cells at one
//! layer become nodes, their exits stop rays at walls or pass them on, and
//! the pieces passed on are merged into the spans of the next layer.

use super::{GridView, SCRATCH_PIECES};
use crate::grid::{CellPos, Dir, Edge, EdgeType, Grid};
use crate::view::node::dir_bit;
use crate::view::sector::{Ray, Sector};
use crate::view::ViewPos;

/// A run of rays at one layer of a quadrant's cast: cells `j0..=j1` of the
/// layer (by canonical `cy`), one open sector, one transform.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Span {
    pub(super) j0: i32,
    pub(super) j1: i32,
    pub(super) sector: Sector,
    /// Index into the transforms.
    pub(super) transform: u8,
}

impl Span {
    /// The rays `sector` reaching cell `j` of a layer.
    const fn new(j: i32, sector: Sector, transform: u8) -> Span {
        Span {
            j0: j,
            j1: j,
            sector,
            transform,
        }
    }
}

/// The spans one span passes on to the next layer, merged as they are made
/// (see [`GridView::extend`]).
#[derive(Default)]
struct Run {
    /// The last span made, which may still grow.
    pending: Option<Span>,
    /// Whether the last piece of rays (right or top exit of a cell, in
    /// order) went on into `pending`'s end in the span's own region, so the
    /// next one passed on in that region extends it.
    joined: bool,
}

/// Whether `piece` continues `span`: same transform, the span's upper bound
/// is the piece's lower bound, and the piece is in the span's last cell or
/// the next.
fn touches(span: &Span, piece: &Span) -> bool {
    // Pieces of one span meet at the very same corner.
    span.transform == piece.transform
        && (span.sector.hi == piece.sector.lo || span.sector.hi.same_direction(piece.sector.lo))
        && (piece.j0 == span.j1 || piece.j0 == span.j1 + 1)
}

/// The edges on one side (a grid direction) of every cell: the grid's edge
/// array for that side, and where a cell's edge sits in it relative to the
/// cell's index `y * width + x` (rows of vertical edges hold `width + 1`
/// edges, hence the `+ y` for left and right). Lets the cast look up an exit
/// with one add per cell instead of matching on the direction.
#[derive(Clone, Copy)]
pub(super) struct SideEdges<'g> {
    pub(super) edges: &'g [Edge],
    pub(super) offset: usize,
    pub(super) per_row: usize,
}

impl<'g> SideEdges<'g> {
    fn new(grid: &'g Grid, dir: Dir) -> SideEdges<'g> {
        let (edges, offset, per_row) = match dir {
            Dir::Down => (grid.h_edges(), 0, 0),
            Dir::Up => (grid.h_edges(), grid.width(), 0),
            Dir::Left => (grid.v_edges(), 0, 1),
            Dir::Right => (grid.v_edges(), 1, 1),
        };
        SideEdges {
            edges,
            offset,
            per_row,
        }
    }

    /// The edge on this side of the cell with index `index`, in row `y`;
    /// SOLID for a cell outside the grid (`index` = `None`).
    #[inline]
    fn of(&self, index: Option<usize>, y: i32) -> Edge {
        index
            .and_then(|i| self.edges.get(i + self.offset + y as usize * self.per_row))
            .map_or(Edge::SOLID, |&e| e)
    }
}

/// The grid as every span of one build reads it, worked out once per
/// build: the edges on each side of every cell (by `Dir as usize`), and
/// where the grid's inside ends.
pub(in crate::view) struct CastGrid<'g> {
    pub(super) grid: &'g Grid,
    sides: [SideEdges<'g>; 4],
    width: i32,
    /// The grid's width and height less 2: a cell with `x - 1` and `y - 1`
    /// (as `u32`) below these is at least one cell inside the grid.
    inside: (u32, u32),
}

impl<'g> CastGrid<'g> {
    pub(super) fn new(grid: &'g Grid) -> CastGrid<'g> {
        let width = grid.width() as i32;
        CastGrid {
            grid,
            sides: Dir::ALL.map(|dir| SideEdges::new(grid, dir)),
            width,
            inside: (
                (width - 2).max(0) as u32,
                (grid.height() as i32 - 2).max(0) as u32,
            ),
        }
    }
}

/// The canonical exits of a cell, rotated into view space for quadrant `q`.
const fn view_dir(q: u8, canonical_up: bool) -> Dir {
    // Canonical right is Right, Up, Left, Down for quadrants 0..4; canonical
    // up is a quarter turn further.
    let turn = (q + canonical_up as u8) % 4;
    match turn {
        0 => Dir::Right,
        1 => Dir::Up,
        2 => Dir::Left,
        _ => Dir::Down,
    }
}

/// A span's walk, set up once per span ([`GridView::walk_set_up`]).
pub(super) struct Walk<'g> {
    /// The layer.
    pub(super) k: i32,
    pub(super) span: Span,
    /// The span's rays came from its parent span through OPEN or PLATFORM
    /// edges (see [`GridView::cast_span`]).
    pub(super) plain: bool,
    /// The view directions of the canonical right and up exits.
    pub(super) view_right: Dir,
    pub(super) view_up: Dir,
    /// Their grid directions in the span's region, and the grid's edges on
    /// those sides.
    pub(super) exits: [Dir; 2],
    pub(super) exit_edges: [SideEdges<'g>; 2],
    /// The grid cell of the span's first cell, and the grid step from one
    /// cell of the span to the next.
    pub(super) first_cell: CellPos,
    pub(super) cell_step: (i32, i32),
    /// The build's [`CastGrid`] width and inside bounds, copied so the
    /// walks read them from the span's set-up rather than through a
    /// reference.
    pub(super) width: i32,
    inside: (u32, u32),
}

impl Walk<'_> {
    /// Whether `cell` is at least one cell inside the grid: its index needs
    /// no bounds test, and the cells beyond its exits are in the grid.
    #[inline]
    pub(super) fn interior(&self, cell: CellPos) -> bool {
        ((cell.x - 1) as u32) < self.inside.0 && ((cell.y - 1) as u32) < self.inside.1
    }

    /// The grid cell of the span's cell `i` (its `j0 + i`).
    #[inline]
    pub(super) fn cell(&self, i: i32) -> CellPos {
        let (first, step) = (self.first_cell, self.cell_step);
        CellPos::new(first.x + i * step.0, first.y + i * step.1)
    }

    /// The continuity bits of a node whose rays came whole from its parent
    /// span through OPEN or PLATFORM edges: from the cell below and the cell
    /// to the left (canonically).
    #[inline]
    pub(super) fn entry_bits(&self) -> u8 {
        dir_bit(self.view_up.opposite()) | dir_bit(self.view_right.opposite())
    }

    /// The same for an end cell of the span, seeing rays `rays`: rays below
    /// the cell's bottom-left corner came up from the cell below, the others
    /// from the cell to the left.
    pub(super) fn end_entry_bits(&self, rays: Sector, cx: i32, cy: i32) -> u8 {
        let bottom_left = Ray::new(2 * cx - 1, 2 * cy - 1);
        let mut bits = 0;
        if rays.lo.cross(bottom_left) > 0 {
            bits |= dir_bit(self.view_up.opposite());
        }
        if bottom_left.cross(rays.hi) > 0 {
            bits |= dir_bit(self.view_right.opposite());
        }
        bits
    }
}

/// The rays of cell `j` of layer `k` (canonical cell `(k - j, j)`): between
/// its bottom-right and top-left corners.
#[inline]
pub(super) const fn cell_rays(k: i32, j: i32) -> Sector {
    let (cx, cy) = (k - j, j);
    Sector::new(
        Ray::new(2 * cx + 1, 2 * cy - 1),
        Ray::new(2 * cx - 1, 2 * cy + 1),
    )
}

/// The top-right corner of cell `j` of layer `k`: it splits the cell's rays
/// between the right exit (below it) and the top exit (above it).
#[inline]
pub(super) const fn corner(k: i32, j: i32) -> Ray {
    Ray::new(2 * (k - j) + 1, 2 * j + 1)
}

/// The rays of `span` in its cell `j`, an end cell: the span is contiguous,
/// so its rays lie within its cells, and only its first cell can narrow the
/// low bound, only its last the high one (as `Sector::intersect`, one side
/// each). May be empty.
pub(super) fn end_rays(span: &Span, k: i32, j: i32) -> Sector {
    let cell = cell_rays(k, j);
    let mut rays = cell;
    if j == span.j0 && span.sector.lo.cross(cell.lo) <= 0 {
        rays.lo = span.sector.lo;
    }
    if j == span.j1 && span.sector.hi.cross(cell.hi) >= 0 {
        rays.hi = span.sector.hi;
    }
    debug_assert_eq!(rays, span.sector.intersect(cell));
    rays
}

/// [`split`] for inner cell `j` of a span at layer `k`, which sees all its
/// rays: the corner lies strictly inside them, so both exits get rays and
/// no cross product is needed.
#[inline]
pub(super) const fn split_inner(k: i32, j: i32) -> (Sector, Sector) {
    let (rays, corner) = (cell_rays(k, j), corner(k, j));
    (Sector::new(rays.lo, corner), Sector::new(corner, rays.hi))
}

/// Splits a cell's (non-empty) rays `rays` at its top-right `corner`: the
/// rays leaving through the right exit and through the top exit, and
/// whether each exit gets any. Which side of the corner each bound lies on
/// decides both.
#[inline]
pub(super) fn split(rays: Sector, corner: Ray) -> (Sector, Sector, bool, bool) {
    let (lo_side, hi_side) = (rays.lo.cross(corner), rays.hi.cross(corner));
    let right_hi = if hi_side > 0 { rays.hi } else { corner };
    let up_lo = if lo_side > 0 { corner } else { rays.lo };
    (
        Sector::new(rays.lo, right_hi),
        Sector::new(up_lo, rays.hi),
        lo_side > 0,
        hi_side < 0,
    )
}

impl GridView {
    /// Walks one span's cells at layer `k`: records nodes, stops rays at
    /// walls, and pushes the spans that reach layer `k + 1`.
    ///
    /// `plain` says the span's rays came from its parent span through OPEN
    /// or PLATFORM edges, not through a portal (the transform is the
    /// parent's). Then each node here is continuous with the parent node its
    /// rays came from, and gets that connection bit now: rays below the
    /// cell's bottom-left corner came up from the cell below (canonically),
    /// the others from the cell to the left. Likewise a node gets the bit of
    /// each exit its rays pass on through such an edge.
    /// [`GridView::connected`] finds the rest when asked.
    pub(super) fn cast_span<const Q: u8>(
        &mut self,
        cast: &CastGrid,
        k: i32,
        span: Span,
        plain: bool,
    ) {
        let Some(walk) = self.walk_set_up::<Q>(cast, k, span, plain) else {
            return;
        };
        #[cfg(test)]
        let two_pass = !self.per_cell_only;
        #[cfg(not(test))]
        let two_pass = true;
        let in_two_passes = two_pass && self.walk_in_two_passes::<Q>(&walk);
        if !in_two_passes {
            self.walk_cell_by_cell::<Q>(cast.grid, &walk);
        }
        #[cfg(test)]
        {
            self.walks[usize::from(in_two_passes)] += 1;
            self.walks[2] += u64::from(in_two_passes && span.transform != 0);
        }
    }

    /// What both walks of a span need, worked out once per span.
    #[inline(always)]
    fn walk_set_up<'g, const Q: u8>(
        &self,
        cast: &CastGrid<'g>,
        k: i32,
        span: Span,
        plain: bool,
    ) -> Option<Walk<'g>> {
        let t = span.transform;
        let view_to_grid = self.transforms.get(t as usize)?.view_to_grid;
        let dirs = self.grid_dirs.get(t as usize)?;
        let (view_right, view_up) = (view_dir(Q, false), view_dir(Q, true));
        let exits = [dirs[view_right as usize], dirs[view_up as usize]];
        // Along the span (j + 1) a cell is one canonical step left and up,
        // so the grid cell moves by a constant step: its up exit's
        // direction less its right exit's.
        let first = Ray::new(k - span.j0, span.j0).rotate(Q);
        let first_cell = view_to_grid.apply_cell(CellPos::new(first.x, first.y));
        let (right_step, up_step) = (exits[0].delta(), exits[1].delta());
        Some(Walk {
            k,
            span,
            plain,
            view_right,
            view_up,
            exits,
            exit_edges: exits.map(|dir| cast.sides[dir as usize]),
            first_cell,
            cell_step: (up_step.0 - right_step.0, up_step.1 - right_step.1),
            width: cast.width,
            inside: cast.inside,
        })
    }

    /// The walk for every span: cell by cell, each exit on its own (see
    /// [`GridView::exit`]).
    #[inline(always)]
    fn walk_cell_by_cell<const Q: u8>(&mut self, grid: &Grid, walk: &Walk) {
        let (k, span, t) = (walk.k, walk.span, walk.span.transform);
        let (view_right, view_up, exits) = (walk.view_right, walk.view_up, walk.exits);
        let cell_step = walk.cell_step;
        let mut cell = CellPos::new(
            walk.first_cell.x - cell_step.0,
            walk.first_cell.y - cell_step.1,
        );
        // The spans reaching the next layer, merged as they are made; the
        // last one may still grow.
        let mut run = Run::default();
        // Half-open: an inclusive range costs a check more per step.
        for j in span.j0..span.j1 + 1 {
            cell = CellPos::new(cell.x + cell_step.0, cell.y + cell_step.1);
            let (cx, cy) = (k - j, j);
            let cell_rays = cell_rays(k, j);
            let corner = corner(k, j);
            // The span is contiguous, so it covers its inner cells whole and
            // only its end cells need narrowing; the corner lies strictly
            // inside an inner cell's rays, so both its exits get rays.
            let (first, last) = (j == span.j0, j == span.j1);
            let inner = !first && !last;
            let (rays, right, up, right_open, up_open) = if inner {
                let (right, up) = split_inner(k, j);
                (cell_rays, right, up, true, true)
            } else {
                let rays = end_rays(&span, k, j);
                if rays.is_empty() {
                    continue;
                }
                let (right, up, right_open, up_open) = split(rays, corner);
                (rays, right, up, right_open, up_open)
            };
            let v = Ray::new(cx, cy).rotate(Q);
            let view = ViewPos::new(v.x, v.y);
            let interior = walk.interior(cell);
            let cell_index = if interior {
                Some((cell.y * walk.width + cell.x) as usize)
            } else {
                grid.cell_index(cell)
            };

            let mut connections = 0;
            if walk.plain && cell_index.is_some() {
                connections = if inner {
                    walk.entry_bits()
                } else {
                    walk.end_entry_bits(rays, cx, cy)
                };
            }
            if right_open {
                let edge = walk.exit_edges[0].of(cell_index, cell.y);
                let ends = (cell_rays.lo, corner);
                let next = (cx + 1, cy, j);
                let exit = (edge, exits[0], ends);
                if self.exit::<Q>(grid, (cell, interior), exit, right, t, next, &mut run) {
                    connections |= dir_bit(view_right);
                }
            }
            if up_open {
                let edge = walk.exit_edges[1].of(cell_index, cell.y);
                let ends = (cell_rays.hi, corner);
                let next = (cx, cy + 1, j + 1);
                let exit = (edge, exits[1], ends);
                if self.exit::<Q>(grid, (cell, interior), exit, up, t, next, &mut run) {
                    connections |= dir_bit(view_up);
                }
            }
            self.add_node(view, cell, cell_index, rays.rotate(Q), t, connections);
        }
        if let Some(last) = run.pending {
            self.push_span(last);
        }
    }

    /// Rays `rays` leave grid cell `cell` (`interior`: at least one cell
    /// inside the grid) through edge `exit` = (the edge,
    /// its grid direction from `cell`, its end points in canonical doubled
    /// coordinates), towards canonical cell `next` = `(cx, cy, j)` of the
    /// next layer. Returns whether they went on into a grid cell through an
    /// OPEN or PLATFORM edge: then the two cells' nodes are continuous.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn exit<const Q: u8>(
        &mut self,
        grid: &Grid,
        (cell, interior): (CellPos, bool),
        exit: (Edge, Dir, (Ray, Ray)),
        rays: Sector,
        t: u8,
        next: (i32, i32, i32),
        run: &mut Run,
    ) -> bool {
        let (edge, grid_dir, ends) = exit;
        // Tested by bits rather than a `match`, which compiles to an
        // indirect jump that mispredicts where walls and floors alternate:
        // OPEN (0) and PLATFORM (2) have the low bit clear.
        let byte = edge.byte();
        if byte & 1 == 0 {
            let (cx, cy, j) = next;
            if cx.max(cy) > self.radius {
                run.joined = false;
                return false;
            }
            self.extend(run, Span::new(j, rays, t));
            interior || grid.contains(cell.step(grid_dir))
        } else if edge.edge_type() == EdgeType::Solid {
            run.joined = false;
            self.add_shadow::<Q>(cell, grid_dir, ends, rays, t);
            false
        } else {
            debug_assert_eq!(edge.edge_type(), EdgeType::Portal);
            self.portal_exit::<Q>(grid, cell, (grid_dir, ends), rays, t, next, run);
            false
        }
    }

    /// [`GridView::exit`] through a PORTAL edge: the rays go on under the
    /// transform composed with the portal's, or stop when it ends in rock.
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn portal_exit<const Q: u8>(
        &mut self,
        grid: &Grid,
        cell: CellPos,
        exit: (Dir, (Ray, Ray)),
        rays: Sector,
        t: u8,
        next: (i32, i32, i32),
        run: &mut Run,
    ) {
        // Whatever comes next no longer touches an earlier piece, unless
        // this one goes on in the span's own region.
        run.joined = false;
        let (grid_dir, ends) = exit;
        let crossing = grid
            .step(cell, grid_dir)
            .and_then(|step| step.portal)
            .and_then(|p| Some((grid.portal(p.portal)?, p.from_end)));
        let Some((portal, from_end)) = crossing else {
            self.add_shadow::<Q>(cell, grid_dir, ends, rays, t);
            return;
        };
        let (cx, cy, j) = next;
        if cx > self.radius || cy > self.radius {
            return;
        }
        let Some(transform) = self.transforms.get(t as usize) else {
            return;
        };
        let composed = transform.view_to_grid.then(&portal.transform(from_end));
        if let Some(id) = self.intern(composed, cx + cy) {
            self.emit(&mut run.pending, Span::new(j, rays, id));
            run.joined = id == t;
        }
    }

    /// Adds `piece`, rays passed on in the span's own region through an OPEN
    /// or PLATFORM edge, to the spans being made. The pieces of one span
    /// come in order of direction and each starts where the one before it
    /// ends (at the very same corner), so the piece touches the pending
    /// span exactly when the piece before it was passed on in this region
    /// too ([`Run::joined`]): no bounds to compare.
    #[inline(always)]
    fn extend(&mut self, run: &mut Run, piece: Span) {
        debug_assert_eq!(
            run.joined,
            run.pending.is_some_and(|span| touches(&span, &piece))
        );
        match &mut run.pending {
            Some(span) if run.joined => {
                span.sector.hi = piece.sector.hi;
                span.j1 = piece.j0;
            }
            pending => {
                if let Some(done) = pending.replace(piece) {
                    self.push_span(done);
                }
            }
        }
        run.joined = true;
    }

    /// Adds `piece` (rays reaching one cell of the next layer) to the spans
    /// being made: it extends the pending span when they touch — same
    /// transform, the span's upper bound is the piece's lower bound, and the
    /// piece is in the span's last cell or the next — else the pending span
    /// is done and the piece starts the next one.
    fn emit(&mut self, pending: &mut Option<Span>, piece: Span) {
        if let Some(span) = pending {
            if touches(span, &piece) {
                span.sector.hi = piece.sector.hi;
                span.j1 = piece.j0;
                return;
            }
        }
        if let Some(done) = pending.replace(piece) {
            self.push_span(done);
        }
    }

    pub(super) fn push_span(&mut self, span: Span) {
        if self.scratch.len() < SCRATCH_PIECES {
            self.scratch.push(span);
        } else {
            self.overflow.pieces += 1;
        }
    }
}
