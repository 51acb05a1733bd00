//! The danger overlay: where the watchers the selected hero can see will
//! catch a hero (`GAME.md`, "Enemies").
//!
//! For every watcher whose cell is visible in the hero's view, the
//! watcher's own GridView is built (radius [`SIGHT_RADIUS`], portals
//! included) from its *lookout*: the cell it will look from at the end of
//! this round, after its patrol step, as the rules give it
//! ([`game::action::turn::next_patrol_step`]: the rules catch from there;
//! for a watcher that stands still it is its cell). Every grid cell that this
//! view sees and that the hero's view shows is marked; the world drawing
//! tints each node of the hero's view showing a marked cell red, under the
//! same stencil and transform as the rest of its region, so the tint
//! follows sight through portals.
//!
//! Cost: one reused GridView context (no allocation after the first
//! build) and a grid-sized bitmap; [`Danger::rebuild`] runs only when the
//! hero's view is rebuilt (a change of state or of hero), never per frame:
//! one watcher view build per visible watcher, then one bit test per node
//! of the hero's view. Drawing tests one bit per drawn grid cell.
use game::action::turn::next_patrol_step;
use game::grid::CellPos;
use game::stage::{Stage, SIGHT_RADIUS};
use game::things::{ThingId, ThingKind};
use game::view::GridView;

/// Where `watcher` will look from at the end of this round (the rules'
/// patrol step), or `None` if it is no watcher on the grid.
pub fn lookout(stage: &Stage, watcher: ThingId) -> Option<CellPos> {
    next_patrol_step(stage, watcher).map(|step| step.to)
}

/// The grid cells tinted as seen by a watcher (see the module docs).
pub struct Danger {
    /// The watcher's view: a reused context, rebuilt for each watcher.
    watcher_view: GridView,
    /// One flag per grid cell (`y * width + x`).
    cells: Vec<bool>,
    width: usize,
    /// The watchers the hero sees, with their lookouts.
    watchers: Vec<(ThingId, CellPos)>,
}

impl Default for Danger {
    fn default() -> Danger {
        Danger {
            watcher_view: GridView::new(),
            cells: Vec::new(),
            width: 0,
            watchers: Vec::new(),
        }
    }
}

impl Danger {
    /// Recomputes the marks for the hero whose view is `hero_view`.
    pub fn rebuild(&mut self, stage: &Stage, hero_view: &GridView) {
        let grid = stage.grid();
        self.width = grid.width();
        self.cells.clear();
        self.cells.resize(grid.cell_count(), false);
        self.watchers.clear();
        for watcher in stage.of_kind(ThingKind::Enemy) {
            let seen = stage
                .cell_of(watcher)
                .is_some_and(|c| hero_view.is_visible(grid, c));
            if let (true, Some(from)) = (seen, lookout(stage, watcher)) {
                self.watchers.push((watcher, from));
            }
        }
        for &(_, from) in &self.watchers {
            self.watcher_view.build(grid, from, SIGHT_RADIUS);
            for node in hero_view.nodes() {
                if self.watcher_view.is_visible(grid, node.cell) {
                    if let Some(i) = grid.cell_index(node.cell) {
                        self.cells[i] = true;
                    }
                }
            }
        }
    }

    /// Clears every mark (nothing tinted).
    pub fn clear(&mut self) {
        self.cells.fill(false);
        self.watchers.clear();
    }

    /// Whether grid cell `cell` is tinted.
    pub fn contains(&self, cell: CellPos) -> bool {
        let inside = cell.x >= 0 && cell.y >= 0 && (cell.x as usize) < self.width;
        inside
            && self
                .cells
                .get(cell.y as usize * self.width + cell.x as usize)
                .copied()
                .unwrap_or(false)
    }

    /// The tinted grid cells, in index order.
    pub fn cells(&self) -> impl Iterator<Item = CellPos> + '_ {
        let w = self.width.max(1);
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, &on)| on)
            .map(move |(i, _)| CellPos::new((i % w) as i32, (i / w) as i32))
    }

    /// The watchers the hero sees, each with the cell it will look from.
    pub fn watchers(&self) -> &[(ThingId, CellPos)] {
        &self.watchers
    }
}
