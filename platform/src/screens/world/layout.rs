//! Who stands where in a cell: heroes on the left, items (loose, or hanging
//! from a rope's end) on the right, so nobody hides anything. One
//! [`CellLayout`] decides it for the world drawing, the play screen's
//! selection marker and anything else that must point at a drawn thing.
use game::grid::CellPos;
use game::stage::Stage;
use game::things::{ThingFlags, ThingId, ThingKind};
use render::Rect;

/// The floor line of a cell, in cell-local coordinates (y runs down).
const FLOOR_Y: f32 = 0.5 - super::draw::WALL_T * 0.5;

/// Who is drawn in one cell, in slot order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellLayout {
    /// The heroes still in play standing there (roots), in slot order; a
    /// hero drawn elsewhere by a tween keeps its slot.
    pub heroes: Vec<ThingId>,
    /// Items lying loose or hanging from a rope's end there, not counting
    /// those drawn elsewhere.
    pub items: usize,
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
    /// out of the items.
    pub fn of(stage: &Stage, cell: CellPos, hidden: &[ThingId]) -> CellLayout {
        let mut out = CellLayout::default();
        let Some(index) = stage.cell_index(cell) else {
            return out;
        };
        let store = stage.store();
        for (id, t) in store.iter_cell(index) {
            let root = t.parent().is_none();
            match t.kind() {
                ThingKind::Hero if root && !t.data.flags.contains(ThingFlags::EXITED) => {
                    out.heroes.push(id)
                }
                ThingKind::Interactable
                    if root
                        && !t.data.flags.contains(ThingFlags::DEPLOYED)
                        && !is_hidden(stage, hidden, id) =>
                {
                    out.items += 1
                }
                ThingKind::RopeSegment => {
                    out.items += store
                        .children(id)
                        .filter(|(c, _)| !is_hidden(stage, hidden, *c))
                        .count();
                }
                _ => {}
            }
        }
        out
    }

    /// Where the `i`-th hero stands.
    pub fn hero_rect(&self, i: usize) -> Rect {
        hero_rect(i, self.heroes.len(), self.items > 0)
    }

    /// Where the `i`-th item lies.
    pub fn item_rect(&self, i: usize) -> Rect {
        item_rect(i, self.items, !self.heroes.is_empty())
    }

    /// Where hero `id` stands, if it is in the cell.
    pub fn rect_of_hero(&self, id: ThingId) -> Option<Rect> {
        self.heroes
            .iter()
            .position(|&h| h == id)
            .map(|i| self.hero_rect(i))
    }
}

/// The `i`-th of `n` things `size` wide standing side by side on the floor
/// between local x `lo` and `hi` (cell-local coordinates).
pub fn spread(i: usize, n: usize, size: f32, lo: f32, hi: f32) -> Rect {
    let (a, b) = (lo + size / 2.0, (hi - size / 2.0).max(lo + size / 2.0));
    let cx = if n <= 1 {
        (a + b) / 2.0
    } else {
        a + (b - a) * i as f32 / (n - 1) as f32
    };
    let floor = FLOOR_Y;
    Rect::new(cx - size / 2.0, floor - size, size, size)
}

/// Where the `i`-th of `n` heroes in a cell stands: across the cell, or
/// its left part when items lie beside them.
pub fn hero_rect(i: usize, n: usize, items_beside: bool) -> Rect {
    if items_beside {
        spread(i, n, hero_size(n).min(0.64), -0.5, 0.14)
    } else {
        spread(i, n, hero_size(n), -0.5, 0.5)
    }
}

/// Where the `i`-th of `n` loose items in a cell lies: across the cell, or
/// its right part beside heroes.
pub fn item_rect(i: usize, n: usize, heroes_beside: bool) -> Rect {
    if heroes_beside {
        spread(i, n, 0.4, 0.06, 0.5)
    } else {
        spread(i, n, 0.5, -0.5, 0.5)
    }
}

/// The size a hero is drawn at when `n` heroes share a cell.
pub fn hero_size(n: usize) -> f32 {
    match n {
        0 | 1 => 0.84,
        2 => 0.62,
        _ => 0.52,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heroes_and_items_sharing_a_cell_stand_side_by_side_inside_it() {
        for items in [false, true] {
            let n = 3;
            let rects: Vec<Rect> = (0..n).map(|i| hero_rect(i, n, items)).collect();
            for pair in rects.windows(2) {
                assert!(pair[0].centre().x < pair[1].centre().x);
            }
            for r in &rects {
                assert!(r.x >= -0.5 - 1e-6 && r.x + r.w <= 0.5 + 1e-6 && r.y + r.h <= 0.5);
            }
        }
        assert_eq!(hero_rect(0, 1, false).centre().x, 0.0);
        assert_eq!(item_rect(0, 1, false).centre().x, 0.0);
        // Beside heroes an item lies right of the lone hero's middle.
        assert!(item_rect(0, 1, true).x > hero_rect(0, 1, true).centre().x);
        assert!(item_rect(1, 2, true).x + item_rect(1, 2, true).w <= 0.5 + 1e-6);
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
        assert_eq!(relic.item_rect(0), item_rect(0, 1, false));
        // A thing drawn elsewhere (a tween) leaves its item slot free.
        let moving = stage.things_in(CellPos::new(1, 0));
        assert_eq!(CellLayout::of(&stage, CellPos::new(1, 0), &moving).items, 0);
        let knight = here.heroes[0];
        assert_eq!(here.rect_of_hero(knight), Some(here.hero_rect(0)));
    }
}
