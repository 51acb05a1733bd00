//! A level drawn small, for the screens that show a level before it is
//! played: the editor's list and the loadout screen. Air is a slate blue,
//! rock near black, the entrance green, and each relic's starting cell
//! gold (the colours of `tools::thumbnail`'s CPU picture, in the menus'
//! tones). The grid keeps its proportions, centred in the rectangle given;
//! a cell is at least a pixel.
use game::grid::{CellKind, CellPos, Grid};
use game::level::Level;
use render::{hex, DrawList, Rect, Rgba};

/// Air cells.
pub const AIR: Rgba = hex(0x4a5578);
/// Rock.
pub const ROCK: Rgba = hex(0x191b24);
/// The entrance cell.
pub const ENTRANCE: Rgba = hex(0x5fbf6a);
/// A relic's starting cell (the inner square).
pub const RELIC: Rgba = hex(0xf5c542);

/// Where `grid`'s cells go in `r`: the top-left corner of cell (0, top)
/// and the cell size, in pixels.
fn cells_in(grid: &Grid, r: Rect) -> (f32, f32, f32) {
    let cell = (r.w / grid.width() as f32)
        .min(r.h / grid.height() as f32)
        .max(1.0);
    let ox = r.x + (r.w - cell * grid.width() as f32) / 2.0;
    let oy = r.y + (r.h - cell * grid.height() as f32) / 2.0;
    (ox, oy, cell)
}

/// The rectangle of cell `c` of `grid` drawn in `r`.
pub fn cell_rect(grid: &Grid, r: Rect, c: CellPos) -> Rect {
    let (ox, oy, cell) = cells_in(grid, r);
    let y = oy + (grid.height() as i32 - 1 - c.y) as f32 * cell;
    Rect::new(ox + c.x as f32 * cell, y, cell, cell)
}

/// `grid` drawn small in `r`: air and rock.
pub fn draw_grid(list: &mut DrawList, grid: &Grid, r: Rect) {
    for i in 0..grid.cell_count() {
        let Some(c) = grid.cell_pos(i) else { continue };
        let colour = match grid.cell(c) {
            Some(CellKind::Air) => AIR,
            _ => ROCK,
        };
        list.quad(cell_rect(grid, r, c), colour);
    }
}

/// `level` drawn small in `r`: its grid, the entrance, the relics.
pub fn draw(list: &mut DrawList, level: &Level, r: Rect) {
    let grid = &level.grid;
    draw_grid(list, grid, r);
    list.quad(cell_rect(grid, r, level.entrance), ENTRANCE);
    for relic in level.things.iter().filter(|t| t.is_relic()) {
        let cell = cell_rect(grid, r, relic.cell);
        let inset = (cell.w * 0.2).floor();
        list.quad(
            Rect::new(
                cell.x + inset,
                cell.y + inset,
                cell.w - 2.0 * inset,
                cell.h - 2.0 * inset,
            ),
            RELIC,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use render::colour::to_rgba8;

    /// The quads of `list` in `colour`, as rectangles.
    fn quads(list: &DrawList, colour: Rgba) -> Vec<Rect> {
        let c = to_rgba8(colour);
        list.vertices()
            .chunks(4)
            .filter(|q| q.len() == 4 && q[0].colour == c)
            .map(|q| {
                let (xs, ys) = (
                    q.iter().map(|v| v.position[0]),
                    q.iter().map(|v| v.position[1]),
                );
                let (x0, x1) = xs.fold((f32::MAX, f32::MIN), |(a, b), x| (a.min(x), b.max(x)));
                let (y0, y1) = ys.fold((f32::MAX, f32::MIN), |(a, b), y| (a.min(y), b.max(y)));
                Rect::new(x0, y0, x1 - x0, y1 - y0)
            })
            .collect()
    }

    #[test]
    fn rope_descent_small_shows_its_shaft_entrance_and_relic_where_they_are() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/rope_descent.txt");
        let level = game::level::load_file(&path).expect("level");
        // 5 x 7 cells in a 140 x 140 box: 20 px cells, centred across.
        let r = Rect::new(100.0, 50.0, 140.0, 140.0);
        let mut list = DrawList::new();
        draw(&mut list, &level, r);
        let air = quads(&list, AIR);
        let grid = &level.grid;
        assert_eq!((grid.width(), grid.height()), (5, 7));
        let open = (0..grid.cell_count())
            .filter_map(|i| grid.cell_pos(i))
            .filter(|&c| grid.is_air(c))
            .count();
        assert_eq!(air.len(), open, "one quad per air cell");
        for q in air.iter().chain(&quads(&list, ROCK)) {
            assert!(
                q.x >= r.x && q.y >= r.y && q.x + q.w <= r.x + r.w && q.y + q.h <= r.y + r.h,
                "{q:?} in {r:?}"
            );
            assert_eq!((q.w, q.h), (20.0, 20.0));
        }
        // The entrance (0, 6) and the relic (4, 0), top-left origin.
        let at = |c: CellPos| (120.0 + 20.0 * c.x as f32, 50.0 + 20.0 * (6 - c.y) as f32);
        let entrance = quads(&list, ENTRANCE);
        assert_eq!(entrance.len(), 1);
        assert_eq!((entrance[0].x, entrance[0].y), at(level.entrance));
        let relic = quads(&list, RELIC);
        assert_eq!(relic.len(), 1);
        let (x, y) = at(CellPos::new(4, 0));
        assert_eq!(
            (relic[0].x, relic[0].y),
            (x + 4.0, y + 4.0),
            "inside its cell"
        );
    }
}
