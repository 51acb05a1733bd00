//! Who stands where in a cell: everyone in one row on the floor — heroes
//! from the left, then the items lying loose, then watchers — fanned out
//! so that each stays visible, and scaled down together when the cell is
//! crowded. What hangs from a rope's end (a load: the tied bucket) hangs on
//! the rope's line, the cell's middle, so its slot is pinned there: the
//! heroes stand either side of it, the first half left, the rest right,
//! and the loose items and watchers after them. One [`CellLayout`]
//! decides it for the world drawing, the play screen's selection marker
//! and anything else that must point at a drawn thing.
//!
//! The geometry, in cell-local coordinates (the cell is `[-0.5, 0.5]²`, y
//! down, the floor line at [`FLOOR_Y`]): each occupant has a square box of
//! its kind's size ([`HERO_SIZE`], [`ITEM_SIZE`], [`WATCHER_SIZE`]) standing
//! on the floor. Neighbouring boxes sit `pitch · (a + b) / 2` apart, centre
//! to centre; the pitch is 1 (side by side, a small gap) when the row fits
//! in [`ROW_WIDTH`], else it shrinks so the row fits, but never below
//! [`MIN_PITCH`]: the figures drawn in the boxes take the middle ~55 % of
//! their width, so at that pitch they touch but do not cover each other.
//! Past that, every box shrinks by the same factor. The row is centred;
//! with a load, it is shifted so the load's box is centred on the rope's
//! line and, where that pushes a box past the row's half width `R`, every
//! centre and size is scaled by `R / e` about the line (`e` the farthest
//! box edge from it): a uniform scaling keeps every ratio of distance to
//! size, so neighbours are still at least [`MIN_PITCH`] apart. A lone hero
//! is drawn at the same size as the first of a pair would be without
//! crowding, small enough to stand under a ceiling.
use game::grid::CellPos;
use game::stage::Stage;
use game::things::{ThingId, ThingKind};
use render::Rect;

/// Wall thickness as a fraction of a cell: a wall is drawn as a band this
/// thick inside the cell along its edge, and figures stand halfway into
/// the floor's band.
pub const WALL_T: f32 = 0.14;
/// The floor line of a cell, in cell-local coordinates (y runs down).
pub const FLOOR_Y: f32 = 0.5 - WALL_T * 0.5;
/// The box of a hero standing alone: its head stays below a ceiling wall.
pub const HERO_SIZE: f32 = 0.68;
/// The box of an item lying alone.
pub const ITEM_SIZE: f32 = 0.5;
/// The box of a watcher.
pub const WATCHER_SIZE: f32 = 0.7;
/// How wide the row of occupants may be (walls take the cell's sides).
pub const ROW_WIDTH: f32 = 0.86;
/// The closest two neighbours' boxes come, as a fraction of their mean size.
pub const MIN_PITCH: f32 = 0.56;
/// The gap between boxes when the row fits side by side.
const GAP: f32 = 0.02;

/// Who is drawn in one cell, in slot order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellLayout {
    /// The heroes still in play standing there (roots), in slot order; a
    /// hero drawn elsewhere by a tween keeps its slot.
    pub heroes: Vec<ThingId>,
    /// Items lying loose there, not counting those drawn elsewhere.
    pub items: usize,
    /// Items tied to a rope's end there, not counting those drawn
    /// elsewhere (0 = none): they hang on the rope's line and share one
    /// slot pinned to the cell's middle ([`CellLayout::load_rect`]).
    pub loads: usize,
    /// Watchers standing there, not counting those drawn elsewhere.
    pub watchers: usize,
}

/// Whether `id`, or what holds it, is in `hidden` (drawn elsewhere).
pub fn is_hidden(stage: &Stage, hidden: &[ThingId], id: ThingId) -> bool {
    if hidden.is_empty() {
        return false;
    }
    let mut at = Some(id);
    let mut budget = 8;
    while let Some(a) = at {
        if hidden.contains(&a) {
            return true;
        }
        budget -= 1;
        if budget == 0 {
            return false;
        }
        at = stage.store().parent(a);
    }
    false
}

impl CellLayout {
    /// The layout of `cell`, things in `hidden` (and what they hold) left
    /// out of the items and watchers.
    pub fn of(stage: &Stage, cell: CellPos, hidden: &[ThingId]) -> CellLayout {
        let mut out = CellLayout::default();
        let Some(index) = stage.cell_index(cell) else {
            return out;
        };
        let store = stage.store();
        for (id, t) in store.iter_cell(index) {
            let root = t.parent().is_none();
            match t.kind() {
                ThingKind::Hero if root && !stage.has_left(id) => out.heroes.push(id),
                ThingKind::Interactable
                    if root && !stage.is_deployed(id) && !is_hidden(stage, hidden, id) =>
                {
                    out.items += 1
                }
                ThingKind::RopeSegment => {
                    out.loads += store
                        .children(id)
                        .filter(|(c, _)| !is_hidden(stage, hidden, *c))
                        .count();
                }
                ThingKind::Enemy if root && !is_hidden(stage, hidden, id) => out.watchers += 1,
                _ => {}
            }
        }
        out
    }

    /// One hero alone (drawn on its own, as by a tween).
    pub fn alone(hero: ThingId) -> CellLayout {
        CellLayout {
            heroes: vec![hero],
            ..CellLayout::default()
        }
    }

    /// How many occupants share the row (the loads one slot).
    pub fn len(&self) -> usize {
        self.heroes.len() + self.items + self.watchers + usize::from(self.loads > 0)
    }

    /// Whether nobody is drawn in the cell.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many heroes stand left of the loads' slot (all of them when
    /// nothing hangs there).
    fn heroes_left(&self) -> usize {
        if self.loads == 0 {
            self.heroes.len()
        } else {
            self.heroes.len().div_ceil(2)
        }
    }

    /// The row position of the loads' slot, if something hangs there.
    fn load_slot(&self) -> Option<usize> {
        (self.loads > 0).then(|| self.heroes_left())
    }

    /// The slots before the loose items: the heroes and the loads' one.
    fn before_items(&self) -> usize {
        self.heroes.len() + usize::from(self.loads > 0)
    }

    /// Where the `i`-th hero stands.
    pub fn hero_rect(&self, i: usize) -> Rect {
        let i = i.min(self.heroes.len().saturating_sub(1));
        let past_load = usize::from(self.loads > 0 && i >= self.heroes_left());
        self.slot(i + past_load)
    }

    /// Where the `i`-th loose item lies.
    pub fn item_rect(&self, i: usize) -> Rect {
        self.slot(self.before_items() + i.min(self.items.saturating_sub(1)))
    }

    /// Where what hangs from a rope's end here is drawn at rest: every load
    /// shares the one slot on the rope's line (`x` centred on 0). With no
    /// load counted, the box of a load alone.
    pub fn load_rect(&self) -> Rect {
        match self.load_slot() {
            Some(k) => self.slot(k),
            None => floor_box(0.0, ITEM_SIZE),
        }
    }

    /// Where the `i`-th watcher stands.
    pub fn watcher_rect(&self, i: usize) -> Rect {
        self.slot(self.before_items() + self.items + i.min(self.watchers.saturating_sub(1)))
    }

    /// Where hero `id` stands, if it is in the cell.
    pub fn rect_of_hero(&self, id: ThingId) -> Option<Rect> {
        self.heroes
            .iter()
            .position(|&h| h == id)
            .map(|i| self.hero_rect(i))
    }

    /// The base size of each slot in row order: the heroes left of the
    /// loads, the loads' one slot, the other heroes, the loose items, the
    /// watchers.
    fn base_sizes(&self) -> impl Iterator<Item = f32> + '_ {
        let left = self.heroes_left();
        std::iter::repeat_n(HERO_SIZE, left)
            .chain(std::iter::repeat_n(ITEM_SIZE, usize::from(self.loads > 0)))
            .chain(std::iter::repeat_n(HERO_SIZE, self.heroes.len() - left))
            .chain(std::iter::repeat_n(ITEM_SIZE, self.items))
            .chain(std::iter::repeat_n(WATCHER_SIZE, self.watchers))
    }

    /// The box of slot `k` (an empty layout has one hero-sized slot in the
    /// middle, so asking never fails).
    fn slot(&self, k: usize) -> Rect {
        let sizes: Vec<f32> = self.base_sizes().collect();
        if sizes.is_empty() {
            return floor_box(0.0, HERO_SIZE);
        }
        let k = k.min(sizes.len() - 1);
        let ends = (sizes[0] + sizes[sizes.len() - 1]) / 2.0;
        // The sum of neighbours' mean sizes: the row's length at pitch 1,
        // ends excluded.
        let pairs: f32 = sizes.windows(2).map(|w| (w[0] + w[1]) / 2.0).sum();
        let gaps = GAP * (sizes.len() - 1) as f32;
        let (pitch, gap, scale) = if ends + pairs + gaps <= ROW_WIDTH {
            (1.0, GAP, 1.0)
        } else if ends + MIN_PITCH * pairs <= ROW_WIDTH {
            ((ROW_WIDTH - ends) / pairs, 0.0, 1.0)
        } else {
            (MIN_PITCH, 0.0, ROW_WIDTH / (ends + MIN_PITCH * pairs))
        };
        let length = scale * (ends + pitch * pairs) + gap * (sizes.len() - 1) as f32;
        let mut centre = -length / 2.0 + scale * sizes[0] / 2.0;
        let centres: Vec<f32> = std::iter::once(centre)
            .chain(sizes.windows(2).map(|w| {
                centre += scale * pitch * (w[0] + w[1]) / 2.0 + gap;
                centre
            }))
            .collect();
        // Pinned on the rope's line: shift, then scale about the line if a
        // box now reaches past the row (see the module docs).
        let (shift, fit) = match self.load_slot() {
            Some(l) => {
                let shift = -centres[l];
                let reach = centres
                    .iter()
                    .zip(&sizes)
                    .map(|(c, s)| (c + shift).abs() + scale * s / 2.0)
                    .fold(0.0, f32::max);
                (shift, (ROW_WIDTH / 2.0 / reach).min(1.0))
            }
            None => (0.0, 1.0),
        };
        floor_box(fit * (centres[k] + shift), fit * scale * sizes[k])
    }
}

/// A square box `size` wide centred on local x `cx`, standing on the floor.
pub fn floor_box(cx: f32, size: f32) -> Rect {
    Rect::new(cx - size / 2.0, FLOOR_Y - size, size, size)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(i: u16) -> ThingId {
        ThingId::new(i, std::num::NonZeroU32::MIN)
    }

    fn layout(heroes: usize, items: usize, watchers: usize) -> CellLayout {
        CellLayout {
            heroes: (1..=heroes as u16).map(id).collect(),
            items,
            watchers,
            loads: 0,
        }
    }

    /// `heroes` heroes with something hanging from a rope's end among them.
    fn with_load(heroes: usize, items: usize) -> CellLayout {
        CellLayout {
            loads: 1,
            ..layout(heroes, items, 0)
        }
    }

    /// Every slot's box, in row order.
    fn boxes(l: &CellLayout) -> Vec<Rect> {
        let left = l.heroes_left();
        (0..left)
            .map(|i| l.hero_rect(i))
            .chain((l.loads > 0).then(|| l.load_rect()))
            .chain((left..l.heroes.len()).map(|i| l.hero_rect(i)))
            .chain((0..l.items).map(|i| l.item_rect(i)))
            .chain((0..l.watchers).map(|i| l.watcher_rect(i)))
            .collect()
    }

    /// The checks every row passes: inside the row, on the floor, readable,
    /// neighbours no closer than [`MIN_PITCH`].
    fn assert_readable(l: &CellLayout, what: &str) -> Vec<Rect> {
        let b = boxes(l);
        assert_eq!(b.len(), l.len(), "{what}");
        for r in &b {
            assert!(
                r.x >= -ROW_WIDTH / 2.0 - 1e-5 && r.x + r.w <= ROW_WIDTH / 2.0 + 1e-5,
                "{what}: inside the row: {r:?}"
            );
            assert!((r.y + r.h - FLOOR_Y).abs() < 1e-5, "{what}: on the floor");
            assert!(r.w > 0.15, "{what}: still a readable size: {}", r.w);
        }
        for pair in b.windows(2) {
            let (a, c) = (pair[0], pair[1]);
            let apart = c.centre().x - a.centre().x;
            assert!(
                apart >= MIN_PITCH * (a.w + c.w) / 2.0 - 1e-5,
                "{what}: neighbours {apart} apart ({} and {})",
                a.w,
                c.w
            );
        }
        b
    }

    #[test]
    fn a_lone_hero_stands_under_the_ceiling_and_no_bigger_than_in_a_group() {
        let lone = layout(1, 0, 0).hero_rect(0);
        assert_eq!(lone.centre().x, 0.0);
        assert!((lone.y + lone.h - FLOOR_Y).abs() < 1e-6, "on the floor");
        let ceiling = -0.5 + WALL_T;
        assert!(lone.y > ceiling + 0.05, "clear of the ceiling: {lone:?}");
        for n in 2..=4 {
            let group = layout(n, 0, 0);
            for i in 0..n {
                assert!(group.hero_rect(i).w <= lone.w + 1e-6, "{n} heroes");
            }
        }
    }

    #[test]
    fn every_occupant_of_a_crowded_cell_keeps_a_visible_share_of_the_row() {
        for (h, i, w) in [
            (1, 0, 0),
            (1, 1, 0),
            (2, 0, 0),
            (3, 0, 0),
            (3, 1, 0),
            (3, 2, 0),
            (2, 1, 1),
            (3, 3, 0),
        ] {
            let l = layout(h, i, w);
            let b = assert_readable(&l, &format!("{h}+{i}+{w}"));
            let mid = (b[0].x + b[b.len() - 1].x + b[b.len() - 1].w) / 2.0;
            assert!(mid.abs() < 1e-5, "{h}+{i}+{w}: the row is centred");
        }
        // Three heroes and a rope coil: four distinct places, heroes first.
        let l = layout(3, 1, 0);
        let xs: Vec<f32> = boxes(&l).iter().map(|r| r.centre().x).collect();
        assert!(xs.windows(2).all(|w| w[1] - w[0] > 0.12), "{xs:?}");
        assert!(
            l.item_rect(0).w < l.hero_rect(0).w,
            "items smaller than heroes"
        );
    }

    #[test]
    fn what_hangs_from_a_rope_s_end_keeps_the_middle_and_the_heroes_stand_either_side() {
        for (h, i) in [(0, 0), (1, 0), (2, 0), (3, 0), (1, 1), (2, 1), (3, 2)] {
            let l = with_load(h, i);
            let what = format!("{h} heroes, {i} items and a load");
            let b = assert_readable(&l, &what);
            let load = l.load_rect();
            assert!(load.centre().x.abs() < 1e-5, "{what}: on the rope's line");
            // The first half of the heroes left of it, the rest right.
            for k in 0..h {
                let x = l.hero_rect(k).centre().x;
                let left = k < h.div_ceil(2);
                assert!(left == (x < load.centre().x), "{what}: hero {k} at {x}");
            }
            // The loose items after the heroes.
            for k in 0..i {
                assert!(l.item_rect(k).centre().x > load.centre().x, "{what}");
            }
            assert!(b.contains(&load), "{what}");
        }
        // Two heroes and the load: symmetric, as wide as the row allows.
        let l = with_load(2, 0);
        assert!((l.hero_rect(0).centre().x + l.hero_rect(1).centre().x).abs() < 1e-5);
        assert!((l.hero_rect(0).x + ROW_WIDTH / 2.0).abs() < 1e-5);
        // Alone it keeps a load's size.
        assert_eq!(with_load(0, 0).load_rect(), floor_box(0.0, ITEM_SIZE));
        assert_eq!(layout(1, 0, 0).load_rect(), floor_box(0.0, ITEM_SIZE));
    }

    #[test]
    fn a_lone_occupant_keeps_its_size_and_a_pair_shares_the_cell() {
        assert_eq!(layout(1, 0, 0).hero_rect(0).w, HERO_SIZE);
        assert_eq!(layout(0, 1, 0).item_rect(0).w, ITEM_SIZE);
        assert_eq!(layout(0, 0, 1).watcher_rect(0).w, WATCHER_SIZE);
        let l = layout(1, 1, 0);
        let (hero, item) = (l.hero_rect(0), l.item_rect(0));
        assert!(
            hero.centre().x < 0.0 && item.centre().x > 0.0,
            "hero left, item right"
        );
        assert!(
            hero.w > 0.6,
            "a hero beside one item is barely shrunk: {}",
            hero.w
        );
        // Asking past the end gives the last slot, never a panic.
        assert_eq!(l.hero_rect(7), hero);
        assert_eq!(
            CellLayout::default().hero_rect(0),
            floor_box(0.0, HERO_SIZE)
        );
    }

    #[test]
    fn a_cell_layout_counts_what_the_drawing_places() {
        let level = game::level::load_file(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/loop_back.txt"),
        )
        .expect("shipped level");
        let stage = Stage::from_level(&level).expect("stage");
        let start = stage.entrance();
        let here = CellLayout::of(&stage, start, &[]);
        assert_eq!(here.heroes.len(), 3, "the party at the entrance");
        assert_eq!(here.items, 0, "the knight's rope is held, not loose");
        let relic = CellLayout::of(&stage, CellPos::new(1, 0), &[]);
        assert_eq!((relic.heroes.len(), relic.items), (0, 1));
        assert_eq!(relic.item_rect(0), floor_box(0.0, ITEM_SIZE));
        // A thing drawn elsewhere (a tween) leaves its item slot free.
        let moving = stage.things_in(CellPos::new(1, 0));
        assert_eq!(CellLayout::of(&stage, CellPos::new(1, 0), &moving).items, 0);
        let knight = here.heroes[0];
        assert_eq!(here.rect_of_hero(knight), Some(here.hero_rect(0)));
        let hall = game::level::load_file(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/watcher_hall.txt"),
        )
        .expect("shipped level");
        let stage = Stage::from_level(&hall).expect("stage");
        let guard = CellLayout::of(&stage, CellPos::new(4, 1), &[]);
        assert_eq!((guard.heroes.len(), guard.items, guard.watchers), (0, 0, 1));
    }
}
