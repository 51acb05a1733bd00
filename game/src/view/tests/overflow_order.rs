//! What a build keeps when its regions need more stencil ids than there are
//! is a property of the view, not of the order its cast meets things in
//!: the same scene mirrored, turned, or with its portals listed in
//! another order (each pair's ends swapped too) is cast in another order —
//! other quadrants first, other branches first — and must keep the same
//! regions and show the same copies, seen back in the first scene's terms.

use std::collections::BTreeSet;

use crate::grid::{CellKind, CellPos, CellTransform, Dir, Edge, EdgePos, EdgeType, Grid};
use crate::grid::{Portal, PortalEnd};
use crate::rng::SplitMix64;
use crate::view::*;

/// A rigid move of a whole scene: its grid cells, directions and view
/// cells, one after the other.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Move {
    /// Nothing moves (the portals are still listed in another order).
    Same,
    /// Left becomes right.
    Mirror,
    /// A half turn.
    HalfTurn,
    /// A quarter turn counter-clockwise (platforms would stand on end: only
    /// for scenes without them).
    QuarterTurn,
}

impl Move {
    const ALL: [Move; 4] = [Move::Same, Move::Mirror, Move::HalfTurn, Move::QuarterTurn];

    /// The cell of a `w`×`h` grid's cell `c` in the moved grid.
    fn cell(self, (w, h): (i32, i32), c: CellPos) -> CellPos {
        match self {
            Move::Same => c,
            Move::Mirror => CellPos::new(w - 1 - c.x, c.y),
            Move::HalfTurn => CellPos::new(w - 1 - c.x, h - 1 - c.y),
            Move::QuarterTurn => CellPos::new(h - 1 - c.y, c.x),
        }
    }

    /// The cell of the `w`×`h` grid that moved to the moved grid's `c`.
    fn cell_back(self, (w, h): (i32, i32), c: CellPos) -> CellPos {
        match self {
            Move::QuarterTurn => CellPos::new(c.y, h - 1 - c.x),
            other => other.cell((w, h), c),
        }
    }

    fn dir(self, d: Dir) -> Dir {
        match self {
            Move::Same => d,
            Move::Mirror if matches!(d, Dir::Left | Dir::Right) => d.opposite(),
            Move::Mirror => d,
            Move::HalfTurn => d.opposite(),
            Move::QuarterTurn => d.rotate_ccw(),
        }
    }

    fn view(self, v: ViewPos) -> ViewPos {
        match self {
            Move::Same => v,
            Move::Mirror => ViewPos::new(-v.x, v.y),
            Move::HalfTurn => ViewPos::new(-v.x, -v.y),
            Move::QuarterTurn => ViewPos::new(-v.y, v.x),
        }
    }

    fn view_back(self, v: ViewPos) -> ViewPos {
        match self {
            Move::QuarterTurn => ViewPos::new(v.y, -v.x),
            other => other.view(v),
        }
    }
}

/// `grid` moved by `how`, its portals added in the order `order` (indices
/// into its portal list), every other pair with its ends swapped.
fn moved(grid: &Grid, how: Move, order: &[usize]) -> Grid {
    let size = (grid.width() as i32, grid.height() as i32);
    let (w, h) = match how {
        Move::QuarterTurn => (grid.height(), grid.width()),
        _ => (grid.width(), grid.height()),
    };
    let mut out = Grid::new(w, h).expect("same size");
    let cells = (0..grid.cell_count()).filter_map(|i| grid.cell_pos(i));
    for c in cells.clone() {
        if !grid.is_air(c) {
            let made = out.set_cell(how.cell(size, c), CellKind::Rock);
            assert!(made.is_ok());
        }
    }
    for c in cells {
        for d in Dir::ALL {
            let Some(edge) = grid.edge(EdgePos::of(c, d)) else {
                continue;
            };
            if edge.edge_type() != EdgeType::Portal {
                let e = EdgePos::of(how.cell(size, c), how.dir(d));
                assert!(out.set_edge(e, edge).is_ok(), "{e:?} {edge:?}");
            }
        }
    }
    for (n, &i) in order.iter().enumerate() {
        let [a, b] = grid.portals()[i]
            .ends
            .map(|end| PortalEnd::new(how.cell(size, end.cell), how.dir(end.side)));
        let portal = if n % 2 == 1 {
            Portal::new(b, a)
        } else {
            Portal::new(a, b)
        };
        assert!(out.add_portal(portal).is_ok());
    }
    out
}

/// A region named in the first scene's terms: the grid cells it shows at
/// view cells (0, 0), (1, 0) and (0, 1), which fix the transform.
type Region = [(i32, i32); 3];

/// What a build kept, in the first scene's terms: the regions, and the
/// copies (view cell, grid cell, region) it shows.
#[derive(Debug, PartialEq)]
struct Kept {
    regions: BTreeSet<Region>,
    copies: BTreeSet<(ViewPos, (i32, i32), Region)>,
}

/// `view`, built in the scene `how` moved a `size` grid to, seen back in
/// the first scene's terms.
fn kept(view: &GridView, how: Move, size: (i32, i32)) -> Kept {
    let region = |t: &CellTransform| -> Region {
        [(0, 0), (1, 0), (0, 1)].map(|(x, y)| {
            let v = how.view(ViewPos::new(x, y));
            let c = how.cell_back(size, t.apply_cell(CellPos::new(v.x, v.y)));
            (c.x, c.y)
        })
    };
    let regions = view
        .transforms()
        .iter()
        .map(|t| region(&t.view_to_grid))
        .collect();
    let copies = view
        .nodes()
        .iter()
        .map(|n| {
            let t = view.transform_of(n.stencil_id).expect("ids stay in range");
            let c = how.cell_back(size, n.cell);
            (how.view_back(n.view), (c.x, c.y), region(&t.view_to_grid))
        })
        .collect();
    Kept { regions, copies }
}

/// Builds `grid` from `origin` and the same scene moved every way with its
/// portals listed in other orders, and checks that each keeps what the
/// first kept. Returns whether the first ran out of stencil ids.
fn same_whatever_the_order(
    grid: &Grid,
    origin: CellPos,
    radius: u32,
    rng: &mut SplitMix64,
) -> bool {
    let size = (grid.width() as i32, grid.height() as i32);
    let platforms = grid
        .h_edges()
        .iter()
        .any(|e| e.edge_type() == EdgeType::Platform);
    let mut view = GridView::new();
    view.build(grid, origin, radius);

    let overflowing = view.overflow().transforms > 0;
    let want = kept(&view, Move::Same, size);
    let count = grid.portals().len();
    let mut orders = vec![(0..count).rev().collect::<Vec<_>>()];
    let mut shuffled: Vec<usize> = (0..count).collect();
    for i in (1..count).rev() {
        shuffled.swap(i, rng.below(i + 1));
    }
    orders.push(shuffled);
    for how in Move::ALL {
        if how == Move::QuarterTurn && platforms {
            continue;
        }
        for order in &orders {
            let other = moved(grid, how, order);
            view.build(&other, how.cell(size, origin), radius);
            let got = kept(&view, how, size);
            assert_eq!(
                view.overflow().transforms > 0,
                overflowing,
                "{how:?} {order:?} from {origin:?}"
            );
            let lost: Vec<_> = want.copies.difference(&got.copies).take(4).collect();
            let extra: Vec<_> = got.copies.difference(&want.copies).take(4).collect();
            assert!(
                got == want,
                "{how:?}, portals in order {order:?}, from {origin:?} radius {radius}: \
                 {} regions against {}, {} copies against {}; copies lost {lost:?}, \
                 copies gained {extra:?}\n{}",
                got.regions.len(),
                want.regions.len(),
                got.copies.len(),
                want.copies.len(),
                view.map()
            );
        }
    }
    overflowing
}

fn rock(grid: &mut Grid, c: CellPos) {
    assert!(grid.set_cell(c, CellKind::Rock).is_ok());
    for dir in Dir::ALL {
        let _ = grid.set_edge(EdgePos::of(c, dir), Edge::SOLID);
    }
}

fn end(x: i32, y: i32, side: Dir) -> PortalEnd {
    PortalEnd::new(CellPos::new(x, y), side)
}

/// Two 2×2 rooms with a column of rock between, every wall, floor and
/// ceiling of each a portal to the other: straight, flip, and quarter turns.
fn two_rooms_mixed() -> Grid {
    let mut grid = Grid::new(5, 2).expect("size");
    for y in 0..2 {
        rock(&mut grid, CellPos::new(2, y));
    }
    for (a, b) in [
        // Straight, wall to wall: A's left to B's right, A's right to B's
        // left (through the rock).
        (end(0, 0, Dir::Left), end(4, 0, Dir::Right)),
        (end(0, 1, Dir::Left), end(4, 1, Dir::Right)),
        (end(1, 0, Dir::Right), end(3, 0, Dir::Left)),
        // Quarter turns: a wall to a ceiling, a ceiling to a wall.
        (end(1, 1, Dir::Right), end(3, 1, Dir::Up)),
        (end(1, 1, Dir::Up), end(3, 1, Dir::Left)),
        // Straight, floor to ceiling and ceiling to floor.
        (end(0, 0, Dir::Down), end(4, 1, Dir::Up)),
        (end(0, 1, Dir::Up), end(3, 0, Dir::Down)),
        // Flip: floor to floor.
        (end(1, 0, Dir::Down), end(4, 0, Dir::Down)),
    ] {
        assert!(grid.add_portal(Portal::new(a, b)).is_ok());
    }
    grid
}

#[test]
fn two_rooms_of_mixed_portals_keep_the_same_regions_whatever_the_order() {
    let grid = two_rooms_mixed();
    let mut rng = SplitMix64::new(25);
    let mut overflowing = 0;
    for i in 0..grid.cell_count() {
        let Some(origin) = grid.cell_pos(i).filter(|&c| grid.is_air(c)) else {
            continue;
        };
        for radius in [8, 12, 20, MAX_RADIUS] {
            overflowing += usize::from(same_whatever_the_order(&grid, origin, radius, &mut rng));
        }
    }
    assert!(overflowing > 10, "the rooms run out of ids: {overflowing}");
}

/// A random portal level: a little rock, thin walls, and `portals` portals
/// between random edges of air cells (every kind).
fn random_portal_level(rng: &mut SplitMix64, w: usize, h: usize, portals: usize) -> Grid {
    let mut grid = Grid::new(w, h).expect("size");
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            match rng.below(100) {
                0..=9 => rock(&mut grid, CellPos::new(x, y)),
                10..=17 => {
                    let _ = grid.set_edge(EdgePos::vertical(x, y), Edge::SOLID);
                }
                18..=25 => {
                    let _ = grid.set_edge(EdgePos::horizontal(x, y), Edge::SOLID);
                }
                _ => {}
            }
        }
    }
    for _ in 0..portals {
        let mut air_end = || {
            let c = CellPos::new(rng.below(w) as i32, rng.below(h) as i32);
            PortalEnd::new(c, Dir::ALL[rng.below(4)])
        };
        let (a, b) = (air_end(), air_end());
        if grid.is_air(a.cell) && grid.is_air(b.cell) {
            let _ = grid.add_portal(Portal::new(a, b));
        }
    }
    grid
}

#[test]
fn random_portal_levels_keep_the_same_regions_whatever_the_order() {
    let mut rng = SplitMix64::new(2025);
    let (mut builds, mut overflowing) = (0, 0);
    while overflowing < 30 && builds < 1000 {
        let (w, h) = (1 + rng.below(4), 1 + rng.below(4));
        let portals = 6 + rng.below(12);
        let grid = random_portal_level(&mut rng, w, h, portals);
        let air: Vec<CellPos> = (0..grid.cell_count())
            .filter_map(|i| grid.cell_pos(i))
            .filter(|&c| grid.is_air(c))
            .collect();
        if air.is_empty() {
            continue;
        }
        let origin = air[rng.below(air.len())];
        let radius = [12, 20, MAX_RADIUS][rng.below(3)];
        builds += 1;
        overflowing += usize::from(same_whatever_the_order(&grid, origin, radius, &mut rng));
    }
    assert!(
        overflowing >= 30,
        "{overflowing} of {builds} levels run out of ids"
    );
}

#[test]
fn golden_two_rooms_of_mixed_portals_overflowing() {
    // From A's bottom-left cell at radius 12 the rooms want far more than
    // 255 regions: those starting nearest the eye are kept (a
    // diamond, cut by the window at the sides), each drawn whole. `.` is
    // the actor's own region, letters the first regions named, `+` the
    // later ones, `*` a view cell showing slices of several.
    let grid = two_rooms_mixed();
    let mut view = GridView::new();
    view.build(&grid, CellPos::new(0, 0), 12);
    assert!(view.overflow().transforms > 0, "{:?}", view.overflow());
    let copies: BTreeSet<_> = view
        .nodes()
        .iter()
        .map(|n| (n.view, (n.cell.x, n.cell.y), n.stencil_id))
        .collect();
    assert_eq!(
        (view.transforms().len(), view.nodes().len(), copies.len()),
        (240, 799, 640),
        "regions, nodes, copies"
    );
    let want = [
        "",
        "            +*",
        "           *+*+",
        "      ++ ++*+***",
        "       + ***+**O",
        "       *****X***G",
        "      +*****X****FF",
        "      +*****L*****yy",
        "     +******L*C*****v",
        "    ******+*b*m******",
        "  ++********b**l******",
        "  ********++..***c****ff",
        "  ++++++++++@.aaccddeeff",
        "  **********+**********",
        "  +*****++*+++*+******",
        "    ********+*******++",
        "    +*******+*******",
        "    +*******+*******",
        "      *+****+****+++",
        "     +++ ***+****",
        "         +**+****+",
        "          +*+**+",
        "          +*+*+",
        "",
        "",
    ];
    let want: String = want.iter().map(|l| format!("{l}\n")).collect();
    assert_eq!(view.map(), want, "\n{}", view.map());
}
