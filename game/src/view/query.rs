//! Questions asked of a built [`GridView`]: the nodes at a view cell, a
//! node's continuous neighbour, where a grid cell is seen, whether it is
//! seen at all. Moves, stealth and drawing read sight through these.

use super::cast::GridView;
use super::node::{dir_bit, Overflow, ShadowSegment, ViewNode, ViewPos, ViewTransform};
use crate::grid::{CellPos, Dir, Grid};

impl GridView {
    /// The actor's cell of the last build.
    pub fn origin(&self) -> CellPos {
        self.origin
    }

    /// The radius of the last build: view cells with |x|, |y| ≤ radius.
    pub fn radius(&self) -> i32 {
        self.radius
    }

    /// What did not fit in the last build.
    pub fn overflow(&self) -> Overflow {
        self.overflow
    }

    /// All nodes of the last build.
    pub fn nodes(&self) -> &[ViewNode] {
        &self.nodes[1..]
    }

    /// The SOLID edges that stopped sight.
    pub fn shadows(&self) -> &[ShadowSegment] {
        &self.shadows
    }

    /// The view transforms; stencil id = index + 1.
    pub fn transforms(&self) -> &[ViewTransform] {
        &self.transforms
    }

    /// The transform of stencil id `id`.
    pub fn transform_of(&self, stencil_id: u8) -> Option<&ViewTransform> {
        self.transforms.get((stencil_id as usize).checked_sub(1)?)
    }

    /// The nodes seen in view cell `v` (none outside the window).
    pub fn nodes_at(&self, v: ViewPos) -> impl Iterator<Item = &ViewNode> + '_ {
        let mut next = self.head_index(v).map_or(0, |i| self.heads[i]);
        std::iter::from_fn(move || {
            let node = self.nodes.get(next as usize).filter(|_| next != 0)?;
            next = node.next;
            Some(node)
        })
    }

    /// Node `index` (1-based, as [`GridView::node_indices_at`] and
    /// [`GridView::neighbour`] give them); `None` for 0 or out of range.
    pub fn node(&self, index: u16) -> Option<&ViewNode> {
        (index != 0)
            .then(|| self.nodes.get(index as usize))
            .flatten()
    }

    /// The indices of the nodes seen in view cell `v`.
    pub fn node_indices_at(&self, v: ViewPos) -> impl Iterator<Item = u16> + '_ {
        let mut next = self.head_index(v).map_or(0, |i| self.heads[i]);
        std::iter::from_fn(move || {
            let index = next;
            next = self.nodes.get(index as usize).filter(|_| index != 0)?.next;
            Some(index)
        })
    }

    /// Whether node `index` is continuous with a node of the neighbouring
    /// view cell in `dir`: their grid cells are neighbours across a
    /// non-SOLID edge, under the matching transform (decided from the left
    /// or bottom node of the pair). Continuity the cast saw its rays cross is
    /// read from the node; the rest — edges crossed only through portals,
    /// edges no ray crossed, nodes where two quadrants meet — is looked up
    /// now, so a build pays only for the nodes that are asked about.
    pub fn connected(&self, grid: &Grid, index: u16, dir: Dir) -> bool {
        let Some(node) = self.node(index) else {
            return false;
        };
        // When nodes overflowed, a bit may name a node that was dropped.
        (self.overflow.nodes == 0 && node.connections & dir_bit(dir) != 0)
            || self.continuous(grid, node, dir)
    }

    /// The node of view cell `view + dir` that node `index` is continuous
    /// with (see [`GridView::connected`]), if any.
    pub fn neighbour(&self, grid: &Grid, index: u16, dir: Dir) -> Option<u16> {
        let node = self.node(index)?;
        let recorded = self.overflow.nodes == 0 && node.connections & dir_bit(dir) != 0;
        // Right and up, continuity is decided by the very step below (the
        // node it finds is the answer); left and down, from the other side.
        if !recorded && matches!(dir, Dir::Left | Dir::Down) && !self.continuous(grid, node, dir) {
            return None;
        }
        let region = node.stencil_id as usize - 1;
        let grid_dir = self.transforms.get(region)?.view_to_grid.apply_dir(dir);
        let (cell, stencil_id) = self.across(grid, node.cell, node.stencil_id, grid_dir)?;
        self.node_indices_at(node.view.step(dir)).find(|&m| {
            self.nodes
                .get(m as usize)
                .is_some_and(|n| n.cell == cell && n.stencil_id == stencil_id)
        })
    }

    /// Whether grid cell `cell` is seen anywhere in the view.
    pub fn is_visible(&self, grid: &Grid, cell: CellPos) -> bool {
        grid.cell_index(cell).is_some_and(|i| {
            self.visible
                .get(i / 64)
                .is_some_and(|w| w & (1 << (i % 64)) != 0)
        })
    }

    /// Every view cell where grid cell `cell` is seen, in row-major order
    /// from the bottom-left, each once: a cell seen through two portals
    /// appears twice.
    pub fn positions_of(&self, cell: CellPos) -> Vec<ViewPos> {
        let mut out: Vec<ViewPos> = self
            .nodes()
            .iter()
            .filter(|n| n.cell == cell)
            .map(|n| n.view)
            .collect();
        out.sort_by_key(|v| (v.y, v.x));
        out.dedup();
        out
    }

    /// Whether the centre of view cell `v` is seen: some node there has the
    /// direction to the centre inside or on the bound of its sector.
    pub fn sees_centre_of(&self, v: ViewPos) -> bool {
        v == ViewPos::default()
            || self
                .nodes_at(v)
                .any(|n| n.sector.contains_closed(v.centre_ray()))
    }
}
