//! The party's memory of the level: every grid cell any hero has seen
//! since the level began, so the screen can keep drawing it — dark, with
//! terrain only — once it is out of sight (the roguelike convention), and
//! the overview can show the map seen so far.
//!
//! It remembers the watchers any hero has seen too: the danger the screen
//! shows is what those will see ([`super::danger`]).
//!
//! It belongs to the screen, not to the game: it is no part of the undoable
//! state (undo does not make the party forget) and is not saved with a game
//! in progress (a resumed game starts with what the party sees then).
//! [`Memory::record_party`] runs whenever the selected hero's view is
//! rebuilt (a change of state or of hero): the selected hero's view, which
//! is already built, plus one view per other hero still in the level,
//! built in one reused context. Storage: one bit per grid cell.
use game::grid::{CellPos, Grid};
use game::stage::{Stage, SIGHT_RADIUS};
use game::things::{ThingId, ThingKind};
use game::view::GridView;

/// The cells seen so far (see the module docs).
pub struct Memory {
    /// One bit per grid cell (`y * width + x`); empty until the first record.
    seen: Vec<u64>,
    width: usize,
    height: usize,
    /// How many bits are set.
    count: usize,
    /// A reused view context for the heroes other than the selected one.
    scratch: GridView,
    /// Every watcher any hero has seen this level, in the order first
    /// seen (empty: none yet).
    watchers: Vec<ThingId>,
}

impl Default for Memory {
    fn default() -> Memory {
        Memory {
            seen: Vec::new(),
            width: 0,
            height: 0,
            count: 0,
            scratch: GridView::new(),
            watchers: Vec::new(),
        }
    }
}

impl Memory {
    /// Sizes the bitset for `grid` (forgetting everything if the grid's
    /// size changed).
    fn fit(&mut self, grid: &Grid) {
        if (self.width, self.height) != (grid.width(), grid.height()) || self.seen.is_empty() {
            self.width = grid.width();
            self.height = grid.height();
            self.seen = vec![0; (self.width * self.height).div_ceil(64).max(1)];
            self.count = 0;
            self.watchers.clear();
        }
    }

    fn index(&self, c: CellPos) -> Option<usize> {
        index((self.width, self.height), c)
    }

    /// Marks `cell` as seen.
    pub fn insert(&mut self, grid: &Grid, cell: CellPos) {
        self.fit(grid);
        mark(
            &mut self.seen,
            &mut self.count,
            (self.width, self.height),
            cell,
        );
    }

    /// Marks every grid cell `view` sees.
    pub fn record_view(&mut self, grid: &Grid, view: &GridView) {
        for node in view.nodes() {
            self.insert(grid, node.cell);
        }
    }

    /// Marks what the party sees now: `selected_view` (the selected hero's
    /// view, already built) and the view of every other hero still in the
    /// level.
    pub fn record_party(&mut self, stage: &Stage, selected_view: &GridView) {
        let grid = stage.grid();
        self.fit(grid);
        self.record_view(grid, selected_view);
        self.record_watchers(stage, selected_view);
        for hero in stage.heroes() {
            if stage.has_left(hero) {
                continue;
            }
            let Some(cell) = stage.cell_of(hero) else {
                continue;
            };
            if cell == selected_view.origin() {
                continue;
            }
            self.scratch.build(grid, cell, SIGHT_RADIUS);
            let Memory {
                seen,
                width,
                height,
                count,
                scratch,
                ..
            } = self;
            for node in scratch.nodes() {
                mark(seen, count, (*width, *height), node.cell);
            }
            let view = std::mem::take(&mut self.scratch);
            self.record_watchers(stage, &view);
            self.scratch = view;
        }
    }

    /// Remembers every watcher `view` sees.
    fn record_watchers(&mut self, stage: &Stage, view: &GridView) {
        for watcher in stage.of_kind(ThingKind::Enemy) {
            let seen = stage
                .cell_of(watcher)
                .is_some_and(|c| view.is_visible(stage.grid(), c));
            if seen && !self.watchers.contains(&watcher) {
                self.watchers.push(watcher);
            }
        }
    }

    /// Whether any hero has seen `watcher` this level.
    pub fn knows(&self, watcher: ThingId) -> bool {
        self.watchers.contains(&watcher)
    }

    /// Whether `cell` has been seen.
    pub fn contains(&self, cell: CellPos) -> bool {
        self.index(cell).is_some_and(|i| {
            self.seen
                .get(i / 64)
                .is_some_and(|w| w & (1 << (i % 64)) != 0)
        })
    }

    /// How many cells have been seen.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether nothing has been seen yet.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The seen cells, in index order.
    pub fn cells(&self) -> impl Iterator<Item = CellPos> + '_ {
        let w = self.width.max(1);
        self.seen
            .iter()
            .enumerate()
            .filter(|(_, &word)| word != 0)
            .flat_map(move |(k, &word)| {
                (0..64)
                    .filter(move |b| word & (1u64 << b) != 0)
                    .map(move |b| k * 64 + b)
            })
            .map(move |i| CellPos::new((i % w) as i32, (i / w) as i32))
    }

    /// The smallest box of grid cells holding every seen cell, as its
    /// lowest and highest corners; `None` before anything is seen.
    pub fn bounds(&self) -> Option<(CellPos, CellPos)> {
        let mut cells = self.cells();
        let first = cells.next()?;
        Some(cells.fold((first, first), |(lo, hi), c| {
            (
                CellPos::new(lo.x.min(c.x), lo.y.min(c.y)),
                CellPos::new(hi.x.max(c.x), hi.y.max(c.y)),
            )
        }))
    }
}

/// The bit index of `c` in a grid of `size` (width, height), if inside.
fn index(size: (usize, usize), c: CellPos) -> Option<usize> {
    let inside = c.x >= 0 && c.y >= 0 && (c.x as usize) < size.0 && (c.y as usize) < size.1;
    inside.then(|| c.y as usize * size.0 + c.x as usize)
}

/// Sets `c`'s bit in `seen`, counting it if it was clear.
fn mark(seen: &mut [u64], count: &mut usize, size: (usize, usize), c: CellPos) {
    if let Some(i) = index(size, c) {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        if let Some(w) = seen.get_mut(word) {
            if *w & bit == 0 {
                *w |= bit;
                *count += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(name: &str) -> Stage {
        let level = game::level::load_file(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../levels")
                .join(name),
        )
        .expect("shipped level");
        Stage::from_level(&level).expect("stage")
    }

    #[test]
    fn the_memory_is_a_bitset_over_the_grid() {
        let stage = stage("watcher_hall.txt");
        let grid = stage.grid();
        let mut m = Memory::default();
        assert!(m.is_empty() && m.bounds().is_none());
        m.insert(grid, CellPos::new(3, 2));
        m.insert(grid, CellPos::new(3, 2));
        m.insert(grid, CellPos::new(0, 0));
        m.insert(grid, CellPos::new(-1, 0));
        m.insert(grid, CellPos::new(99, 0));
        assert_eq!(
            m.len(),
            2,
            "twice the same cell, and outside the grid, count once / never"
        );
        assert!(m.contains(CellPos::new(3, 2)) && !m.contains(CellPos::new(2, 3)));
        assert_eq!(
            m.cells().collect::<Vec<_>>(),
            [CellPos::new(0, 0), CellPos::new(3, 2)]
        );
        assert_eq!(m.bounds(), Some((CellPos::new(0, 0), CellPos::new(3, 2))));
    }

    #[test]
    fn the_party_remembers_what_any_hero_saw() {
        let stage = stage("watcher_hall.txt");
        let grid = stage.grid();
        let mut view = GridView::new();
        view.build(grid, stage.entrance(), SIGHT_RADIUS);
        let mut m = Memory::default();
        m.record_party(&stage, &view);
        // Everything the selected hero sees is remembered.
        for node in view.nodes() {
            assert!(m.contains(node.cell), "{:?}", node.cell);
        }
        // The whole party stands at the entrance: nothing more, yet.
        let seen_now = m.len();
        assert!(seen_now > 3);
        // A hero seen elsewhere adds their view: from the relic at 8,0.
        let mut far = GridView::new();
        far.build(grid, CellPos::new(8, 0), SIGHT_RADIUS);
        m.record_view(grid, &far);
        assert!(m.len() > seen_now);
        assert!(m.contains(CellPos::new(8, 0)));
        // Remembering is for good: a later, smaller view forgets nothing.
        m.record_view(grid, &view);
        assert!(m.contains(CellPos::new(8, 0)));
    }
}
