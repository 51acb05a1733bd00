//! The portal-aware shadow cast that builds a [`GridView`].
//!
//! The origin cell is split into four quadrant views (right-up, up-left,
//! left-down, down-right), so no sector exceeds 90°. Each quadrant is cast in
//! *canonical* coordinates — rays pointing right and up — and rotated into
//! view space by a quarter turn per quadrant.
//!
//! In canonical coordinates every ray moves right or up at each edge it
//! crosses, so the cells a ray visits have `cx + cy` = 0, 1, 2, … : *layer*
//! `k` is the anti-diagonal `cx + cy = k`, and a ray visits exactly one cell
//! of each layer. In doubled coordinates (see [`super::sector`]) the cells of
//! layer `k` are separated by the corners on the line `x + y = 2k`: cell
//! `(k - j, j)` holds the rays between the corners `(2(k-j)+1, 2j-1)` and
//! `(2(k-j)-1, 2j+1)`. Inside a cell, rays below its top-right corner leave
//! through its right edge, rays above through its top edge.
//!
//! The cast is depth-first over *spans*: runs of rays at one layer that share
//! a view transform and form one open sector. A span is walked cell by cell;
//! each cell becomes a [`ViewNode`] and splits its rays between its two exit
//! edges. SOLID edges (and the outside of the grid) end those rays and record
//! a [`ShadowSegment`]; OPEN and PLATFORM edges pass them on; PORTAL edges
//! pass them on under the transform composed with the portal's. The pieces
//! reaching the next layer are merged into spans as they are made, where they
//! touch, so an open room costs about one node per cell, and the cast
//! recurses into each span (the walk of one span is in `span`; a span of
//! three cells or more inside the grid, with no portal exit, is walked in
//! two passes over bit sets instead, `two_pass`: same results). Bounds
//! are always directions to cell corners,
//! compared by integer cross products: exact, symmetric, free of float
//! artefacts.
//!
//! Continuity (whether a node joins its neighbour in a view direction) is
//! mostly known during the cast: rays that cross an OPEN or PLATFORM edge
//! join the node they leave and the node they reach, and the node keeps
//! those bits. The rest is lazy: [`GridView::connected`] looks up the
//! neighbouring view cell when asked, so a build does not pay for the
//! continuity of nodes no move or drawing asks about (the answers equal
//! those of a pass deciding every bit of every node, checked over random
//! portal maps).

mod span;
mod two_pass;

use super::node::{Overflow, ShadowSegment, ViewNode, ViewPos, ViewTransform};
use super::sector::{Ray, Sector};
use crate::grid::{CellPos, CellTransform, Dir, EdgePos, EdgeType, Grid, MAX_SIZE};
use span::{CastGrid, Span};

/// The largest radius a view can be built with, in cells.
pub const MAX_RADIUS: u32 = 32;
/// View cells along one side of the largest window.
const VIEW_SIDE: usize = 2 * MAX_RADIUS as usize + 1;
/// Node capacity (index 0 is the unused "none" sentinel).
pub const MAX_NODES: usize = 16_384;
/// Shadow segment capacity.
pub const MAX_SHADOWS: usize = 8_192;
/// Transform capacity: stencil ids are 1..=255, 0 being the clear value.
pub const MAX_TRANSFORMS: usize = 255;
/// Pending ray pieces along one depth-first path: at most two per cell of
/// each layer, summed over the `2 * MAX_RADIUS + 1` layers of a quadrant.
const SCRATCH_PIECES: usize = 2 * (2 * MAX_RADIUS as usize + 3) * (2 * MAX_RADIUS as usize + 3);
/// Words of the per-grid-cell visibility bitmap.
const VISIBLE_WORDS: usize = MAX_SIZE * MAX_SIZE / 64;
/// Up to this many nodes, the next build clears the list heads and
/// visibility words they set one by one; beyond, it clears the whole window
/// and bitmap (a row `memset` per window row, 2 KiB of bitmap), which is
/// then cheaper.
const FEW_NODES: usize = 192;

/// What one actor sees; a reusable context (see the module docs).
pub struct GridView {
    pub(super) origin: CellPos,
    pub(super) radius: i32,
    /// First node per view cell of the largest window; 0 = none.
    pub(super) heads: Box<[u16]>,
    /// Index 0 is the unused sentinel.
    pub(super) nodes: Vec<ViewNode>,
    pub(super) shadows: Vec<ShadowSegment>,
    pub(super) transforms: Vec<ViewTransform>,
    /// Per transform, the grid direction of each view direction (indexed by
    /// `Dir as usize`), so the cast does not re-derive it per span.
    grid_dirs: Vec<[Dir; 4]>,
    /// One bit per grid cell index: seen at all.
    pub(super) visible: Box<[u64]>,
    /// The width of the grid of the last build, to find its nodes' bits.
    visible_width: usize,
    /// The spans waiting to be cast, along the current depth-first path.
    scratch: Vec<Span>,
    pub(super) overflow: Overflow,
    /// New stencil ids are given only to regions whose first cell is at
    /// most this many layers (view cells, Manhattan distance) from the eye;
    /// unlimited except when the ids ran out (see [`GridView::build`]).
    id_layers: i32,
    /// Whether this cast wanted more than [`MAX_TRANSFORMS`] regions.
    out_of_ids: bool,
    /// Tests only: walk every span cell by cell, never in two passes, to
    /// compare the two walks.
    #[cfg(test)]
    pub(super) per_cell_only: bool,
    /// Tests only: spans walked cell by cell, in two passes, and in two
    /// passes in a region seen through portals, counted.
    #[cfg(test)]
    pub(super) walks: [u64; 3],
}

impl Default for GridView {
    fn default() -> Self {
        Self::new()
    }
}

/// The type of the edge on side `dir` of `cell`; SOLID outside the grid.
/// The hot path of the cast: indexes the grid's edge arrays directly.
#[inline]
fn edge_type(grid: &Grid, cell: CellPos, dir: Dir) -> EdgeType {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    if cell.x < 0 || cell.y < 0 || cell.x >= w || cell.y >= h {
        return EdgeType::Solid;
    }
    let (x, y) = (cell.x as usize, cell.y as usize);
    let w = w as usize;
    let edge = match dir {
        Dir::Down => grid.h_edges().get(y * w + x),
        Dir::Up => grid.h_edges().get((y + 1) * w + x),
        Dir::Left => grid.v_edges().get(y * (w + 1) + x),
        Dir::Right => grid.v_edges().get(y * (w + 1) + x + 1),
    };
    edge.map_or(EdgeType::Solid, |e| e.edge_type())
}

/// The slot of view cell `v`'s list head among the largest window's, for
/// a `v` known to be in the window (no test; [`GridView::head_index`]
/// tests).
#[inline]
const fn head_slot(v: ViewPos) -> usize {
    let r = MAX_RADIUS as i32;
    (v.y + r) as usize * VIEW_SIDE + (v.x + r) as usize
}

/// The four quadrants' canonical sector: strictly right-and-up.
const QUADRANT: Sector = Sector::new(Ray::new(1, 0), Ray::new(0, 1));

impl GridView {
    /// An empty view with every buffer allocated at full capacity.
    pub fn new() -> GridView {
        let mut nodes = Vec::with_capacity(MAX_NODES);
        nodes.push(ViewNode::default());
        GridView {
            origin: CellPos::new(0, 0),
            radius: 0,
            heads: vec![0; VIEW_SIDE * VIEW_SIDE].into_boxed_slice(),
            nodes,
            shadows: Vec::with_capacity(MAX_SHADOWS),
            transforms: Vec::with_capacity(MAX_TRANSFORMS),
            grid_dirs: Vec::with_capacity(MAX_TRANSFORMS),
            visible: vec![0; VISIBLE_WORDS].into_boxed_slice(),
            visible_width: 0,
            scratch: Vec::with_capacity(SCRATCH_PIECES),
            overflow: Overflow::default(),
            id_layers: i32::MAX,
            out_of_ids: false,
            #[cfg(test)]
            per_cell_only: false,
            #[cfg(test)]
            walks: [0; 3],
        }
    }

    pub(super) fn head_index(&self, v: ViewPos) -> Option<usize> {
        let in_window = v.x.abs() <= self.radius && v.y.abs() <= self.radius;
        in_window.then(|| head_slot(v))
    }

    /// The grid cell and stencil id beyond the edge on side `grid_dir` of
    /// `cell` seen with `stencil_id`; `None` through SOLID edges, into rock,
    /// or into a region that was never seen.
    pub(super) fn across(
        &self,
        grid: &Grid,
        cell: CellPos,
        stencil_id: u8,
        grid_dir: Dir,
    ) -> Option<(CellPos, u8)> {
        match edge_type(grid, cell, grid_dir) {
            EdgeType::Solid => None,
            EdgeType::Open | EdgeType::Platform => Some((cell.step(grid_dir), stencil_id)),
            EdgeType::Portal => {
                self.portal_neighbour(grid, cell, grid_dir, stencil_id as usize - 1)
            }
        }
    }

    /// Forgets the last build's nodes, shadows and overflow, but not its
    /// regions: [`GridView::cast`] starts them afresh, and
    /// [`GridView::cast_named`] keeps them.
    fn reset(&mut self, grid: &Grid, origin: CellPos, radius: i32, id_layers: i32) {
        // Only the last build's nodes set list heads and visibility bits
        // (the fixed cost of a build that sees little, see [`FEW_NODES`]).
        if self.nodes.len() <= FEW_NODES {
            let width = self.visible_width;
            let (heads, visible) = (&mut self.heads, &mut self.visible);
            for node in &self.nodes[1..] {
                // Every node is in the window (see [`GridView::add_node`]).
                if let Some(head) = heads.get_mut(head_slot(node.view)) {
                    *head = 0;
                }
                // A cell outside that grid clears some word: harmless.
                let bit = (node.cell.y as usize)
                    .wrapping_mul(width)
                    .wrapping_add(node.cell.x as usize);
                if let Some(word) = visible.get_mut(bit / 64) {
                    *word = 0;
                }
            }
        } else {
            // Only the last build's window has heads to clear.
            let (r, last) = (MAX_RADIUS as usize, self.radius.max(0) as usize);
            for row in self
                .heads
                .chunks_exact_mut(VIEW_SIDE)
                .skip(r - last)
                .take(2 * last + 1)
            {
                row[r - last..=r + last].fill(0);
            }
            self.visible.fill(0);
        }
        self.visible_width = grid.width();
        self.origin = origin;
        self.radius = radius;
        self.nodes.truncate(1);
        self.shadows.clear();
        self.scratch.clear();
        self.overflow = Overflow::default();
        self.id_layers = id_layers;
        self.out_of_ids = false;
    }

    /// Builds what an actor in `origin` sees within `radius` cells (clamped
    /// to [`MAX_RADIUS`]). An origin that is not an air cell sees nothing.
    ///
    /// When the regions seen need more than the [`MAX_TRANSFORMS`] stencil
    /// ids, the nearest are kept in every direction: the view is cast again
    /// giving new ids only to regions that start within `L` layers of the
    /// eye, with the largest `L` that fits (found by bisection, so a few
    /// casts, and only in that case). Beyond `L` only regions already named
    /// are seen; each refusal is counted in [`Overflow::transforms`]. (A
    /// single depth-first cast would hand every id to the first quadrant's
    /// first branches and see nothing below the actor's row.)
    ///
    /// Which regions start within `L` layers does not depend on the order
    /// the cast meets them in, but a cast limited to `L` refuses a region
    /// it first meets beyond `L` even when a nearer piece names it later;
    /// so the view is cast once more with those regions named from the
    /// start, and every region kept is drawn whole, wherever its pieces lie
    /// and whatever order they are met in.
    pub fn build(&mut self, grid: &Grid, origin: CellPos, radius: u32) {
        let radius = radius.min(MAX_RADIUS) as i32;
        self.cast(grid, origin, radius, i32::MAX);
        if !self.out_of_ids {
            return;
        }
        // Layers run up to 2 * radius; limit 0 names no region but the
        // actor's, which always fits.
        let (mut fits, mut too_many) = (0, 2 * radius);
        while too_many - fits > 1 {
            let mid = (fits + too_many) / 2;
            self.cast(grid, origin, radius, mid);
            if self.out_of_ids {
                too_many = mid;
            } else {
                fits = mid;
            }
        }
        if self.id_layers != fits {
            self.cast(grid, origin, radius, fits);
        }
        self.cast_named(grid);
    }

    /// Casts the last build's view again with its regions named from the
    /// start (see [`GridView::build`]): the last cast named every region
    /// starting within its layer limit, so this one names no other.
    fn cast_named(&mut self, grid: &Grid) {
        let (origin, radius, id_layers) = (self.origin, self.radius, self.id_layers);
        let named = self.transforms.len();
        self.reset(grid, origin, radius, id_layers);
        if named == 0 {
            return;
        }
        self.cast_quadrants(grid);
        debug_assert_eq!(self.transforms.len(), named, "no region named anew");
        debug_assert!(!self.out_of_ids);
    }

    /// One cast of all four quadrants, new stencil ids limited to regions
    /// starting within `id_layers` layers.
    fn cast(&mut self, grid: &Grid, origin: CellPos, radius: i32, id_layers: i32) {
        self.reset(grid, origin, radius, id_layers);
        self.transforms.clear();
        self.grid_dirs.clear();
        if !grid.is_air(origin) {
            return;
        }
        // The actor's own region: the identity moved to the origin, whose
        // direction table is `Dir::ALL` itself (in `Dir as usize` order), so
        // every build need not map the four directions through it.
        let own = CellTransform::IDENTITY.with_offset((origin.x, origin.y));
        self.transforms.push(ViewTransform { view_to_grid: own });
        self.grid_dirs.push(Dir::ALL);
        debug_assert_eq!(self.grid_dirs[0], Dir::ALL.map(|d| own.apply_dir(d)));
        self.cast_quadrants(grid);
    }

    /// Casts the four quadrants, under the regions named so far. Inlined,
    /// so the common build's cast is compiled as one function, as before.
    #[inline(always)]
    fn cast_quadrants(&mut self, grid: &Grid) {
        // One copy of the cast per quadrant, so each rotation is constant.
        let cast = CastGrid::new(grid);
        self.cast_quadrant::<0>(&cast);
        self.cast_quadrant::<1>(&cast);
        self.cast_quadrant::<2>(&cast);
        self.cast_quadrant::<3>(&cast);
    }

    /// Casts quadrant `Q` from the origin cell (layer 0).
    fn cast_quadrant<const Q: u8>(&mut self, cast: &CastGrid) {
        self.scratch.clear();
        self.scratch.push(Span {
            j0: 0,
            j1: 0,
            sector: QUADRANT,
            transform: 0,
        });
        self.cast_layer::<Q>(cast, 0, 0, 1, None);
    }

    /// Casts the spans `scratch[start..end]` of layer `k` in quadrant `Q`,
    /// each onward depth first. `parent` is the transform of the span they
    /// came from (`None` at the origin).
    fn cast_layer<const Q: u8>(
        &mut self,
        cast: &CastGrid,
        k: i32,
        start: usize,
        end: usize,
        parent: Option<u8>,
    ) {
        for i in start..end {
            let span = self.scratch[i];
            let child_start = self.scratch.len();
            self.cast_span::<Q>(cast, k, span, parent == Some(span.transform));
            let child_end = self.scratch.len();
            if child_end > child_start {
                self.cast_layer::<Q>(cast, k + 1, child_start, child_end, Some(span.transform));
            }
            self.scratch.truncate(child_start);
        }
    }

    /// Adds a transform and its direction table.
    fn push_transform(&mut self, view_to_grid: CellTransform) {
        self.transforms.push(ViewTransform { view_to_grid });
        self.grid_dirs
            .push(Dir::ALL.map(|dir| view_to_grid.apply_dir(dir)));
    }

    /// The grid direction of view direction `dir` in the region of
    /// `stencil_id`.
    fn grid_dir(&self, stencil_id: u8, dir: Dir) -> Option<Dir> {
        let dirs = self.grid_dirs.get((stencil_id as usize).checked_sub(1)?)?;
        Some(dirs[dir as usize])
    }

    /// The index of `view_to_grid` among the transforms, added if new —
    /// for a region whose first cell is at `layer` — `None` (and counted)
    /// when all 255 stencil ids are taken or the layer is beyond the limit.
    fn intern(&mut self, view_to_grid: CellTransform, layer: i32) -> Option<u8> {
        if let Some(i) = self
            .transforms
            .iter()
            .position(|t| t.view_to_grid == view_to_grid)
        {
            return Some(i as u8);
        }
        if self.transforms.len() >= MAX_TRANSFORMS || layer > self.id_layers {
            self.out_of_ids |= layer <= self.id_layers;
            self.overflow.transforms += 1;
            return None;
        }
        self.push_transform(view_to_grid);
        Some((self.transforms.len() - 1) as u8)
    }

    /// Adds a node; `cell_index` is the grid's index of `cell` (`None`
    /// outside the grid).
    #[inline(always)]
    fn add_node(
        &mut self,
        view: ViewPos,
        cell: CellPos,
        cell_index: Option<usize>,
        sector: Sector,
        t: u8,
        connections: u8,
    ) {
        // The cast stays in the window (it passes rays on only to cells
        // within the radius), so the head needs no window test.
        debug_assert!(self.head_index(view).is_some(), "{view:?}");
        let head = head_slot(view);
        if self.nodes.len() >= MAX_NODES {
            self.overflow.nodes += 1;
            return;
        }
        let index = self.nodes.len() as u16;
        self.nodes.push(ViewNode {
            cell,
            view,
            sector,
            stencil_id: t + 1,
            connections,
            next: self.heads[head],
        });
        self.heads[head] = index;
        if let Some(i) = cell_index {
            if let Some(word) = self.visible.get_mut(i / 64) {
                *word |= 1 << (i % 64);
            }
        }
    }

    /// Records that rays `rays` of region `t` stopped at the edge on side
    /// `grid_dir` of `cell`, whose end points are `ends` (canonical).
    fn add_shadow<const Q: u8>(
        &mut self,
        cell: CellPos,
        grid_dir: Dir,
        ends: (Ray, Ray),
        rays: Sector,
        t: u8,
    ) {
        if self.shadows.len() < MAX_SHADOWS {
            self.shadows.push(ShadowSegment {
                a: ends.0.rotate(Q),
                b: ends.1.rotate(Q),
                sector: rays.rotate(Q),
                stencil_id: t + 1,
                edge: EdgePos::of(cell, grid_dir),
                cell,
            });
        } else {
            self.overflow.shadows += 1;
        }
    }

    /// Whether `node` is continuous with a node of the view cell beyond
    /// `dir`. Decided from the left or bottom node of the pair, stepping
    /// right or up with [`GridView::across`], so both nodes agree even where
    /// the step does not reverse (out of the grid through an OPEN edge).
    pub(super) fn continuous(&self, grid: &Grid, node: &ViewNode, dir: Dir) -> bool {
        let beyond = node.view.step(dir);
        match dir {
            Dir::Right | Dir::Up => {
                let Some((cell, stencil_id)) = self
                    .head_index(beyond)
                    .and_then(|_| self.grid_dir(node.stencil_id, dir))
                    .and_then(|grid_dir| self.across(grid, node.cell, node.stencil_id, grid_dir))
                else {
                    return false;
                };
                self.nodes_at(beyond)
                    .any(|m| m.cell == cell && m.stencil_id == stencil_id)
            }
            Dir::Left | Dir::Down => self.nodes_at(beyond).any(|m| {
                self.grid_dir(m.stencil_id, dir.opposite())
                    .and_then(|grid_dir| self.across(grid, m.cell, m.stencil_id, grid_dir))
                    == Some((node.cell, node.stencil_id))
            }),
        }
    }

    /// The cell and stencil id a step through the portal on side `grid_dir`
    /// of `cell`, seen in region `region`, arrives at; `None` when it ends
    /// in rock or its region was never seen.
    fn portal_neighbour(
        &self,
        grid: &Grid,
        cell: CellPos,
        grid_dir: Dir,
        region: usize,
    ) -> Option<(CellPos, u8)> {
        let step = grid.step(cell, grid_dir)?;
        let crossing = step.portal?;
        let portal = grid.portal(crossing.portal)?;
        let expected = self
            .transforms
            .get(region)?
            .view_to_grid
            .then(&portal.transform(crossing.from_end));
        let index = self
            .transforms
            .iter()
            .position(|t| t.view_to_grid == expected)?;
        Some((step.cell, index as u8 + 1))
    }
}
