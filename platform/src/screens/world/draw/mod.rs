//! Drawing the world through a hero's eyes: a [`GridView`] in, draw-list
//! calls out (`docs/ARCHITECTURE.md`).
//!
//! For every view node the part of its view cell it shows — its sector
//! clipped to the cell's square, computed in doubled view coordinates — is
//! written to the stencil with the node's stencil id. Then, once per view
//! cell and stencil id, the grid cell shown there is drawn under that
//! region's transform with `Stencil::Read(id)`: the floor, the four edges
//! (SOLID walls thick, PLATFORM planks thin, PORTAL edges a glowing cyan),
//! and the Things in it (heroes by kind, items by what they are, rope
//! segments, watchers). Nothing outside the masks is drawn, so what the
//! hero cannot see stays the dark clear colour. Cells a watcher will see
//! at the end of the round (`play::danger`) get the palette's danger tint,
//! a hatch and an eye mark (`watched.rs`) the same way, node by node, so
//! they too follow sight through portals.
//!
//! Because every node draws its own grid cell at its own view cell, a room
//! seen through a portal appears where sight puts it — the loop-back room
//! repeats its heroes down the corridor — and a rope hanging through a
//! portal is drawn continuous in view space: each segment fills its cell
//! top to bottom.
//!
//! What is real and what is a copy: every region carries its *portal
//! depth* ([`region_depths`]: how many portals sight crossed to reach it,
//! 0 for the hero's own region). Regions past a portal get a faint cyan
//! veil that thickens with depth, and the heroes in them a cyan rim and a
//! cooler tint, so the repeated party reads as seen through a portal;
//! the real party's cell (view `(0, 0)` of the own region) is lit gold
//! from the floor, and the selected hero there gets a gold outline. A
//! caught hero is drawn in the palette's caught colour with a "!" in
//! every copy.
//!
//! [`draw_remembered`] draws the party's memory: grid cells seen before
//! and out of sight now, at their place in the level around the hero
//! (grid offsets, no portals), terrain only, dark, behind everything in
//! sight. [`draw_companions`] draws the party members the hero does not
//! see on it: heroes always know where their companions are, so each is
//! drawn at its cell's place, dimmed (the same depth rule: sight covers
//! it wherever sight reaches).
//!
//! Passes: masks, floors and edges in the OPAQUE pass (depth-tested, so
//! walls hide the floor under them whatever the sort order); sprites in the
//! TRANSLUCENT pass, back to front by depth. The HUD and the path preview
//! go in the UI pass on top.
//!
//! The files: here the terrain's colours, the depths, the [`Scene`] and
//! the passes over regions and cells (the colours that carry meaning —
//! danger, caught — are the chosen palette's, `world::palette`);
//! `cell.rs` one layer of one cell (floor, edges, glow, entrance, tints);
//! `watched.rs` a watched cell's tint, hatch and eye; `things.rs` the
//! Things of a cell — heroes and how each copy looks, items, ropes,
//! watchers, a Thing mid-move; `memory.rs` the remembered map and the
//! companions out of sight; `sprites.rs` the sprites looked up once and
//! what each item is drawn as.
use game::grid::{CellPos, CellTransform, Dir, EdgeType, Grid};
use game::motion::RopeMotion;
use game::stage::Stage;
use game::things::ThingId;
use game::view::{GridView, ViewNode, ViewPos, MAX_RADIUS};
use glam::{Affine2, Vec2};
use render::colour::with_alpha;
use render::{hex, DrawList, Pass, Rgba, Stencil, StencilId};

use super::mask::node_polygon;
use super::palette::Palette;
use super::projection::Projection;
use crate::screens::play::danger::Danger;

mod cell;
mod memory;
mod sprites;
mod things;
pub mod watched;
use cell::draw_layer;
pub use memory::{draw_companions, draw_remembered, COMPANION_DIM};
pub use sprites::{item_look, ItemLook, WorldSprites};
pub use things::{draw_hero, draw_item, draw_moving, HeroLook};

/// The clear colour of the play screen: what the hero cannot see.
pub const DARK: Rgba = hex(0x07080d);
/// Floors, alternating by grid cell parity so repeated rooms read clearly.
pub const FLOOR: [Rgba; 2] = [hex(0x2d3247), hex(0x292e41)];
pub const WALL: Rgba = hex(0x7d8296);
pub const WALL_EDGE: Rgba = hex(0x4a4e61);
pub const PLATFORM: Rgba = hex(0xb07a3e);
/// Portal edges: a bright core and a soft glow, unlike anything else.
pub const PORTAL: Rgba = hex(0x45e6ff);
pub const PORTAL_GLOW: Rgba = [0.27, 0.9, 1.0, 0.28];
/// Cells the selected hero can move to this round.
pub const REACHABLE_TINT: Rgba = [0.55, 0.75, 1.0, 0.10];
/// The selected hero's outline, and the light on the real party's floor.
pub const SELECTED_RIM: Rgba = hex(0xf5c542);
pub const REAL_LIGHT: Rgba = [1.0, 0.82, 0.36, 0.36];
/// The remembered map: cells seen before, out of sight now.
pub const MEMORY_FLOOR: [Rgba; 2] = [hex(0x151823), hex(0x13161f)];
pub const MEMORY_WALL: Rgba = hex(0x33364a);
pub const MEMORY_PLATFORM: Rgba = hex(0x4a3822);
pub const MEMORY_PORTAL: Rgba = hex(0x1f5d6b);
pub const ANCHOR: Rgba = hex(0x5b3a1e);
/// A rope in motion, link by link: a light core on a dark strand.
pub const ROPE: Rgba = hex(0xb98a52);
pub const ROPE_DARK: Rgba = hex(0x4e3219);
/// Half the drawn width of a rope link, in cells.
const ROPE_HALF_WIDTH: f32 = 0.075;

/// Platform and portal thickness as a fraction of a cell (walls:
/// [`WALL_T`]).
const PLATFORM_T: f32 = 0.08;
const PORTAL_T: f32 = 0.06;
const GLOW_T: f32 = 0.22;

/// Depths (0 nearest). Opaque: floor behind edges. Translucent: back to front.
const DEPTH_FLOOR: f32 = 0.95;
const DEPTH_EDGE: f32 = 0.5;
/// The remembered map lies behind everything in sight (a live floor at
/// [`DEPTH_FLOOR`] covers it).
const DEPTH_MEMORY_FLOOR: f32 = 0.99;
const DEPTH_MEMORY_EDGE: f32 = 0.97;
const DEPTH_MEMORY_ENTRANCE: f32 = 0.96;
const DEPTH_MEMORY_DANGER: f32 = 0.955;
/// Companions out of sight: on the remembered floor, behind a live floor
/// with everything drawn in front of them (what they hold, 0.02 nearer;
/// the "!" badge, 0.03).
const DEPTH_MEMORY_COMPANION: f32 = 0.985;
const DEPTH_ENTRANCE: f32 = 0.9;
const DEPTH_TINT: f32 = 0.88;
const DEPTH_DANGER: f32 = 0.87;
const DEPTH_GLOW: f32 = 0.85;
const DEPTH_ROPE: f32 = 0.7;
const DEPTH_ITEM: f32 = 0.6;
const DEPTH_ENEMY: f32 = 0.5;
const DEPTH_HERO: f32 = 0.45;
const DEPTH_SELECTED: f32 = 0.42;
/// What hangs on a rope's end, in front of the heroes who share its cell
/// (it hangs on the rope's line, where they stand).
const DEPTH_LOAD: f32 = 0.4;
/// Tweened things sit in front of everything else.
const DEPTH_MOVING: f32 = 0.3;

/// Which view cells to tint as reachable: a bitmap over the view window.
#[derive(Clone, Debug)]
pub struct ViewCellSet {
    bits: Vec<bool>,
}

const SIDE: i32 = 2 * MAX_RADIUS as i32 + 1;

impl Default for ViewCellSet {
    fn default() -> ViewCellSet {
        ViewCellSet {
            bits: vec![false; (SIDE * SIDE) as usize],
        }
    }
}

impl ViewCellSet {
    fn index(v: ViewPos) -> Option<usize> {
        let r = MAX_RADIUS as i32;
        (v.x.abs() <= r && v.y.abs() <= r).then(|| ((v.y + r) * SIDE + v.x + r) as usize)
    }

    pub fn clear(&mut self) {
        self.bits.fill(false);
    }

    pub fn insert(&mut self, v: ViewPos) {
        if let Some(i) = ViewCellSet::index(v) {
            self.bits[i] = true;
        }
    }

    pub fn contains(&self, v: ViewPos) -> bool {
        ViewCellSet::index(v).is_some_and(|i| self.bits[i])
    }
}

/// What the world is drawn from: a stage, a projection, the sprites, and
/// what the screen marks (the hero whose eyes these are, things a tween
/// draws elsewhere, tints).
pub struct Scene<'a> {
    pub stage: &'a Stage,
    pub projection: Projection,
    pub sprites: &'a WorldSprites,
    /// The hero whose eyes these are (drawn in front of the party).
    pub selected: Option<ThingId>,
    /// Things drawn elsewhere this frame (by a tween): skipped, with
    /// everything they hold.
    pub hidden: &'a [ThingId],
    /// View cells tinted as reachable.
    pub reachable: Option<&'a ViewCellSet>,
    /// Grid cells marked as in a watcher's sight.
    pub danger: Option<&'a Danger>,
    /// The ropes in motion: each deployed rope drawn link by link where
    /// its physics puts it; `None` draws ropes at rest (the editor).
    pub ropes: Option<&'a RopeMotion>,
    /// The colours of danger and of a caught hero.
    pub palette: Palette,
}

/// What one pass over a region's cells draws. Emitting a region's cells
/// layer by layer keeps each layer's commands together in the vertex
/// buffer, in the order they sort, so the renderer merges each into one
/// draw call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layer {
    /// Edges first: opaque draws front to back.
    Edges,
    Floor,
    Entrance,
    Tint,
    Danger,
    Glow,
    Rope,
    Items,
    Creatures,
}

const LAYERS: [Layer; 9] = [
    Layer::Edges,
    Layer::Floor,
    Layer::Entrance,
    Layer::Tint,
    Layer::Danger,
    Layer::Glow,
    Layer::Rope,
    Layer::Items,
    Layer::Creatures,
];

/// Draws the world (see the module docs). Leaves the list's state as it
/// found it.
pub fn draw_world(list: &mut DrawList, world: &Scene, view: &GridView) {
    let saved = list.state();
    let proj = &world.projection;
    // 1. The masks, region by region.
    list.set_pass(Pass::Opaque);
    list.set_depth(0.0);
    list.set_transform(Affine2::IDENTITY);
    let mut nodes: Vec<&ViewNode> = view.nodes().iter().collect();
    nodes.sort_by_key(|n| n.stencil_id);
    let mut screen = [Vec2::ZERO; 8];
    for node in nodes {
        let Some(id) = StencilId::new(node.stencil_id) else {
            continue;
        };
        let poly = node_polygon(node);
        if poly.len < 3 {
            continue;
        }
        for (s, p) in screen.iter_mut().zip(poly.as_slice()) {
            *s = proj.to_screen(*p);
        }
        list.stencil_polygon(&screen[..poly.len], id);
    }
    // 2. Each view cell's grid cell, once per region, through its mask.
    let mut groups: Vec<(u8, ViewPos, CellPos)> = Vec::with_capacity(view.nodes().len());
    let r = view.radius();
    for vy in -r..=r {
        for vx in -r..=r {
            let v = ViewPos::new(vx, vy);
            let first = groups.len();
            for node in view.nodes_at(v) {
                if !groups[first..].iter().any(|g| g.0 == node.stencil_id) {
                    groups.push((node.stencil_id, v, node.cell));
                }
            }
        }
    }
    groups.sort_by_key(|g| g.0);
    let depths = region_depths(world.stage.grid(), view);
    for region in groups.chunk_by(|a, b| a.0 == b.0) {
        let (Some(id), Some(t)) = (StencilId::new(region[0].0), view.transform_of(region[0].0))
        else {
            continue;
        };
        let depth = depths.get(region[0].0 as usize).copied().unwrap_or(1);
        list.set_stencil(Stencil::Read(id));
        for layer in LAYERS {
            for &(_, v, cell) in region {
                let at = Vec2::new(v.x as f32, v.y as f32);
                list.set_transform(proj.cell_transform(at, &t.view_to_grid));
                draw_layer(list, world, v, cell, layer, depth);
            }
        }
    }
    list.set_state(saved);
}

/// The portal depth of every region of `view`, indexed by stencil id: how
/// few portals sight crosses from the hero's own region (stencil id 1,
/// depth 0) to reach it, over the view's node connections. A region no
/// connection reaches is counted one portal deep; index 0 is unused.
pub fn region_depths(grid: &Grid, view: &GridView) -> Vec<u8> {
    let regions = view.transforms().len();
    let mut depth = vec![u8::MAX; regions + 1];
    if regions == 0 {
        return depth;
    }
    // The region graph: an edge wherever a node is continuous with a node
    // of another region (a portal crossed between neighbouring view cells).
    let mut links: Vec<(u8, u8)> = Vec::new();
    for index in 1..=view.nodes().len() as u16 {
        let Some(node) = view.node(index) else {
            continue;
        };
        for dir in [Dir::Right, Dir::Up] {
            if let Some(other) = view.neighbour(grid, index, dir).and_then(|m| view.node(m)) {
                let pair = (
                    node.stencil_id.min(other.stencil_id),
                    node.stencil_id.max(other.stencil_id),
                );
                if pair.0 != pair.1 && !links.contains(&pair) {
                    links.push(pair);
                }
            }
        }
    }
    depth[1] = 0;
    let mut frontier = vec![1u8];
    let mut d = 0u8;
    while !frontier.is_empty() {
        d = d.saturating_add(1);
        let mut next = Vec::new();
        for &(a, b) in &links {
            for (from, to) in [(a, b), (b, a)] {
                if frontier.contains(&from) && depth[to as usize] == u8::MAX {
                    depth[to as usize] = d;
                    next.push(to);
                }
            }
        }
        frontier = next;
    }
    for (i, slot) in depth.iter_mut().enumerate().skip(1) {
        if *slot == u8::MAX {
            *slot = if i == 1 { 0 } else { 1 };
        }
    }
    depth
}

/// Draws each of `cells` at its own grid position (view space = grid
/// space), all layers in the order and depths [`draw_world`] uses, with no
/// mask: the whole level as the editor shows it, with the play screen's
/// look.
pub fn draw_cells(list: &mut DrawList, world: &Scene, cells: impl IntoIterator<Item = CellPos>) {
    let saved = list.state();
    list.set_stencil(Stencil::None);
    let stage = world.stage;
    let grid = stage.grid();
    let cells: Vec<CellPos> = cells.into_iter().collect();
    // Each layer visits only the cells it can draw something in (a whole
    // level is thousands of cells, most of them bare floor).
    let occupied: Vec<CellPos> = cells
        .iter()
        .copied()
        .filter(|&c| {
            stage
                .cell_index(c)
                .is_some_and(|i| stage.store().iter_cell(i).next().is_some())
        })
        .collect();
    let glowing: Vec<CellPos> = cells
        .iter()
        .copied()
        .filter(|&c| {
            Dir::ALL.into_iter().any(|d| {
                grid.edge_between(c, d)
                    .is_some_and(|e| e.edge_type() == EdgeType::Portal)
            })
        })
        .collect();
    let entrance = [stage.entrance()];
    for layer in LAYERS {
        let subset: &[CellPos] = match layer {
            Layer::Edges | Layer::Floor => &cells,
            Layer::Entrance if cells.contains(&stage.entrance()) => &entrance,
            Layer::Tint if world.reachable.is_some() => &cells,
            Layer::Danger if world.danger.is_some() => &cells,
            Layer::Glow => &glowing,
            Layer::Rope | Layer::Items | Layer::Creatures => &occupied,
            _ => &[],
        };
        for &c in subset {
            let at = Vec2::new(c.x as f32, c.y as f32);
            list.set_transform(
                world
                    .projection
                    .cell_transform(at, &CellTransform::IDENTITY),
            );
            draw_layer(list, world, ViewPos::new(c.x, c.y), c, layer, 0);
        }
    }
    list.set_state(saved);
}

/// The region transform of the node showing `cell` at view cell `v`, if any.
pub fn region_at(view: &GridView, v: ViewPos, cell: CellPos) -> Option<CellTransform> {
    view.nodes_at(v)
        .find(|n| n.cell == cell)
        .and_then(|n| view.transform_of(n.stencil_id))
        .map(|t| t.view_to_grid)
}

/// The veil over a region `depth` portals deep (transparent at depth 0).
pub fn portal_veil(depth: u8) -> Rgba {
    let a = if depth == 0 {
        0.0
    } else {
        (0.05 + 0.035 * depth as f32).min(0.22)
    };
    with_alpha(PORTAL, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reachable_set_is_a_window_bitmap() {
        let mut s = ViewCellSet::default();
        s.insert(ViewPos::new(-3, 2));
        s.insert(ViewPos::new(999, 0));
        assert!(s.contains(ViewPos::new(-3, 2)));
        assert!(!s.contains(ViewPos::new(2, -3)));
        assert!(!s.contains(ViewPos::new(999, 0)));
        s.clear();
        assert!(!s.contains(ViewPos::new(-3, 2)));
    }

    const PROJECTION: Projection = Projection {
        centre: Vec2::ZERO,
        cell_px: 40.0,
        size: Vec2::new(800.0, 600.0),
    };

    /// The stage of shipped level `file` at its start.
    fn stage_of(file: &str) -> Stage {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../levels")
            .join(file);
        let level = game::level::load_file(&path).expect("shipped level");
        Stage::from_level(&level).expect("stage")
    }

    /// The editor's view of `stage` (every cell at its place, nobody's
    /// eyes), with `danger` marked in `palette`.
    fn whole_level<'a>(
        stage: &'a Stage,
        sprites: &'a WorldSprites,
        danger: Option<&'a Danger>,
        palette: Palette,
    ) -> Scene<'a> {
        Scene {
            stage,
            projection: PROJECTION,
            sprites,
            selected: None,
            hidden: &[],
            reachable: None,
            danger,
            ropes: None,
            palette,
        }
    }

    /// Every air cell of `stage`'s grid.
    fn air(stage: &Stage) -> Vec<CellPos> {
        let grid = stage.grid();
        (0..grid.cell_count())
            .filter_map(|i| grid.cell_pos(i))
            .filter(|&c| grid.is_air(c))
            .collect()
    }

    #[test]
    fn draw_cells_draws_every_cell_unmasked_with_one_floor_each() {
        let stage = stage_of("heavy_haul.txt");
        let sprites = WorldSprites::default();
        let scene = whole_level(&stage, &sprites, None, Palette::Standard);
        let air = air(&stage);
        let mut list = DrawList::new();
        draw_cells(&mut list, &scene, air.iter().copied());
        let floor_colours = FLOOR.map(render::colour::to_rgba8);
        let floors = list
            .vertices()
            .chunks(4)
            .filter(|q| q.len() == 4 && floor_colours.contains(&q[0].colour))
            .count();
        assert_eq!(floors, air.len(), "one floor quad per cell");
        assert!(list
            .commands()
            .iter()
            .all(|c| c.key.stencil() == Stencil::None));
    }

    #[test]
    fn a_watched_cell_is_hatched_and_carries_an_eye_nearby_in_every_palette() {
        use game::action::watch::Watch;
        let stage = stage_of("watcher_hall.txt");
        let mut watch = Watch::new();
        watch.rebuild(&stage, |_| true);
        let danger = Danger::from_watch(watch);
        let watched: Vec<CellPos> = danger.cells().collect();
        assert!(watched.len() >= 6, "{watched:?}");
        let eyes: Vec<CellPos> = watched
            .iter()
            .copied()
            .filter(|&c| danger.eye_at(c))
            .collect();
        // An eye on or beside (diagonals too) every watched cell, never on
        // every one.
        for c in &watched {
            assert!(
                eyes.iter()
                    .any(|e| (e.x - c.x).abs() <= 1 && (e.y - c.y).abs() <= 1),
                "{c:?} has no eye near"
            );
        }
        assert!(eyes.len() < watched.len(), "{eyes:?}");
        let air = air(&stage);
        let sprites = WorldSprites::default();
        let projection = PROJECTION;
        for palette in Palette::ALL {
            let colours = palette.colours();
            let scene = whole_level(&stage, &sprites, Some(&danger), palette);
            let mut list = DrawList::new();
            draw_cells(&mut list, &scene, air.iter().copied());
            let rgba8 = render::colour::to_rgba8;
            let (hatch, white, iris) = (
                rgba8(colours.danger_hatch),
                rgba8(watched::EYE_WHITE),
                rgba8(colours.danger_eye),
            );
            // Each command of the danger's colours is one cell's marks:
            // which cell its vertices' middle lies in, and what it holds.
            let mut hatched = Vec::new();
            let mut with_eye = Vec::new();
            for c in list.commands() {
                let v = &list.vertices()
                    [c.first_vertex as usize..(c.first_vertex + c.vertex_count) as usize];
                if !v.iter().any(|v| v.colour == hatch) {
                    continue;
                }
                let mid = v.iter().fold(Vec2::ZERO, |m, v| {
                    m + Vec2::new(v.position[0], v.position[1])
                }) / v.len() as f32;
                let at = projection.cell_at(mid);
                let cell = CellPos::new(at.x, at.y);
                // The stripes: each a band across the cell between two
                // parallel diagonals (screen y runs down, so the cell's
                // local x + y is screen x + y), inside the cell.
                let centre = projection.cell_centre(at);
                for p in v.iter().filter(|v| v.colour == hatch) {
                    let d = Vec2::new(p.position[0], p.position[1]) - centre;
                    assert!(d.abs().max_element() <= 20.001, "{cell:?}: {d}");
                }
                let stripes = v.iter().filter(|v| v.colour == hatch).count() / 6;
                assert_eq!(stripes, watched::STRIPES, "{palette} {cell:?}");
                hatched.push(cell);
                let eye = v.iter().any(|v| v.colour == white) && v.iter().any(|v| v.colour == iris);
                if eye {
                    with_eye.push(cell);
                }
            }
            hatched.sort_by_key(|c| (c.y, c.x));
            with_eye.sort_by_key(|c| (c.y, c.x));
            assert_eq!(
                hatched, watched,
                "{palette}: every watched cell, only those"
            );
            assert_eq!(with_eye, eyes, "{palette}: the eyes where `eye_at` says");
        }
    }
}
