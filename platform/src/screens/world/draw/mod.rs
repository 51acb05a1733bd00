//! Drawing the world through a hero's eyes: a [`GridView`] in, draw-list
//! calls out (`DESIGN.md`, "Rendering" and "GridView").
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
//! at the end of the round (`play::danger`) get a translucent red tint
//! the same way, node by node, so it too follows sight through portals.
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
//! caught hero is drawn red with a "!" in every copy.
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
//! The Things of a cell — heroes and how each copy looks, items, ropes,
//! watchers, a Thing mid-move — are drawn by the `things` module.
use game::grid::{CellPos, CellTransform, Dir, EdgeType, Grid};
use game::motion::RopeMotion;
use game::stage::Stage;
use game::things::{Capabilities, HeroKind, ThingId};
use game::view::{GridView, ViewNode, ViewPos, MAX_RADIUS};
use glam::{Affine2, Vec2};
use render::colour::with_alpha;
use render::{hex, DrawList, Pass, Rect, Rgba, Sprite, SpriteAtlas, Stencil, StencilId, WHITE};

use super::layout::{CellLayout, WALL_T};
use super::mask::node_polygon;
use super::projection::Projection;
use crate::screens::play::danger::Danger;

mod things;
use things::draw_things;
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
/// Cells a watcher the hero sees will see at the end of the round.
pub const DANGER_TINT: Rgba = [1.0, 0.16, 0.12, 0.30];
/// The selected hero's outline, and the light on the real party's floor.
pub const SELECTED_RIM: Rgba = hex(0xf5c542);
pub const REAL_LIGHT: Rgba = [1.0, 0.82, 0.36, 0.36];
/// A caught hero: tint, outline, and the "!" badge.
pub const CAUGHT_TINT: Rgba = [1.0, 0.42, 0.38, 1.0];
pub const CAUGHT_RED: Rgba = hex(0xff3b30);
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

/// The sprites the world is drawn with, looked up once.
#[derive(Clone, Copy, Debug, Default)]
pub struct WorldSprites {
    pub knight: Option<Sprite>,
    pub scout: Option<Sprite>,
    pub sorceress: Option<Sprite>,
    /// White silhouettes a little larger than the heroes: tinted, drawn
    /// behind a hero, they outline it.
    pub knight_outline: Option<Sprite>,
    pub scout_outline: Option<Sprite>,
    pub sorceress_outline: Option<Sprite>,
    pub relic: Option<Sprite>,
    /// A heavy relic.
    pub statue: Option<Sprite>,
    pub bucket: Option<Sprite>,
    pub rope: Option<Sprite>,
    pub rope_coil: Option<Sprite>,
    pub watcher: Option<Sprite>,
    pub entrance: Option<Sprite>,
}

impl WorldSprites {
    pub fn from_atlas(atlas: &SpriteAtlas) -> WorldSprites {
        WorldSprites {
            knight: atlas.sprite("knight"),
            scout: atlas.sprite("scout"),
            sorceress: atlas.sprite("sorceress"),
            knight_outline: atlas.sprite("knight_outline"),
            scout_outline: atlas.sprite("scout_outline"),
            sorceress_outline: atlas.sprite("sorceress_outline"),
            relic: atlas.sprite("relic"),
            statue: atlas.sprite("statue"),
            bucket: atlas.sprite("bucket"),
            rope: atlas.sprite("rope"),
            rope_coil: atlas.sprite("rope_coil"),
            watcher: atlas.sprite("watcher"),
            entrance: atlas.sprite("entrance"),
        }
    }

    /// The sprite of a hero kind.
    pub fn hero(&self, kind: HeroKind) -> Option<Sprite> {
        match kind {
            HeroKind::Knight => self.knight,
            HeroKind::Scout => self.scout,
            HeroKind::Sorceress => self.sorceress,
        }
    }

    /// The silhouette of a hero kind (see the fields).
    pub fn hero_outline(&self, kind: HeroKind) -> Option<Sprite> {
        match kind {
            HeroKind::Knight => self.knight_outline,
            HeroKind::Scout => self.scout_outline,
            HeroKind::Sorceress => self.sorceress_outline,
        }
    }

    /// The sprite of an item, by what it is: a rope (coiled), a container
    /// (a bucket), a heavy relic (a statue), a relic; `None` for anything
    /// else (drawn as a plain block). The world, the hero's hand and the
    /// HUD all draw items with it, so a thing looks the same everywhere.
    pub fn item(&self, stage: &Stage, item: ThingId) -> Option<Sprite> {
        match item_look(stage, item)? {
            ItemLook::RopeCoil => self.rope_coil,
            ItemLook::Bucket => self.bucket,
            ItemLook::Statue => self.statue,
            ItemLook::Relic => self.relic,
        }
    }
}

/// What an item is drawn as (see [`WorldSprites::item`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemLook {
    RopeCoil,
    Bucket,
    Statue,
    Relic,
}

impl ItemLook {
    /// The look's name: its sprite's, and the name a level should give
    /// an item drawn so (the screen's words then match the picture).
    pub fn name(self) -> &'static str {
        match self {
            ItemLook::RopeCoil => "rope",
            ItemLook::Bucket => "bucket",
            ItemLook::Statue => "statue",
            ItemLook::Relic => "relic",
        }
    }
}

/// What `item` is drawn as, by what it is: a rope (coiled), a container
/// (a bucket), a heavy relic (a statue), a relic; `None` for anything
/// else (a plain block).
pub fn item_look(stage: &Stage, item: ThingId) -> Option<ItemLook> {
    if stage.is_rope(item) {
        Some(ItemLook::RopeCoil)
    } else if stage.item_can(item, Capabilities::CONTAIN) {
        Some(ItemLook::Bucket)
    } else if stage.item_can(item, Capabilities::HEAVY) {
        Some(ItemLook::Statue)
    } else if stage.item_can(item, Capabilities::RELIC) {
        Some(ItemLook::Relic)
    } else {
        None
    }
}

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
    /// Grid cells tinted as in a watcher's sight.
    pub danger: Option<&'a Danger>,
    /// The ropes in motion: each deployed rope drawn link by link where
    /// its physics puts it; `None` draws ropes at rest (the editor).
    pub ropes: Option<&'a RopeMotion>,
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

/// Draws the remembered map: each of `cells` (grid cells seen before) at
/// its grid offset from `origin` (the hero's cell, at view `(0, 0)`):
/// floor, walls, platforms, portal edges and the entrance, dark, the
/// danger tint where a known watcher will look, and nothing else — no
/// things, no ropes. Everything is drawn without a mask
/// and behind what is in sight (depth), so wherever sight reaches a live
/// cell covers it, and what shows is what is out of sight now.
pub fn draw_remembered(
    list: &mut DrawList,
    world: &Scene,
    origin: CellPos,
    cells: impl IntoIterator<Item = CellPos>,
) {
    let saved = list.state();
    list.set_stencil(Stencil::None);
    let stage = world.stage;
    let grid = stage.grid();
    for c in cells {
        let at = Vec2::new((c.x - origin.x) as f32, (c.y - origin.y) as f32);
        list.set_transform(
            world
                .projection
                .cell_transform(at, &CellTransform::IDENTITY),
        );
        list.set_pass(Pass::Opaque);
        list.set_depth(DEPTH_MEMORY_FLOOR);
        let parity = ((c.x + c.y) & 1) as usize;
        list.quad(Rect::new(-0.5, -0.5, 1.0, 1.0), MEMORY_FLOOR[parity]);
        list.set_depth(DEPTH_MEMORY_EDGE);
        for dir in Dir::ALL {
            let Some(edge) = grid.edge_between(c, dir) else {
                continue;
            };
            match edge.edge_type() {
                EdgeType::Open => {}
                EdgeType::Solid => list.quad(edge_rect(dir, WALL_T), MEMORY_WALL),
                EdgeType::Platform => list.quad(edge_rect(dir, PLATFORM_T), MEMORY_PLATFORM),
                EdgeType::Portal => list.quad(edge_rect(dir, PORTAL_T), MEMORY_PORTAL),
            }
        }
        if world.danger.is_some_and(|d| d.contains(c)) {
            // Danger where the selected hero cannot look (a companion's
            // pit): tinted on the remembered map too.
            list.set_pass(Pass::Translucent);
            list.set_depth(DEPTH_MEMORY_DANGER);
            list.quad(Rect::new(-0.5, -0.5, 1.0, 1.0), DANGER_TINT);
        }
        if let (true, Some(s)) = (c == stage.entrance(), world.sprites.entrance) {
            list.set_pass(Pass::Translucent);
            list.set_depth(DEPTH_MEMORY_ENTRANCE);
            list.sprite(
                s,
                Rect::new(-0.36, -0.3, 0.72, 0.72),
                with_alpha(WHITE, 0.22),
            );
        }
    }
    list.set_state(saved);
}

/// How a companion out of sight is drawn on the remembered map: dimmed
/// and a little see-through, no outline.
pub const COMPANION_DIM: Rgba = [0.5, 0.55, 0.68, 0.8];

/// Draws each of `heroes` (party members the selected hero does not see
/// now) at its cell's grid offset from `origin`, as [`draw_remembered`]
/// places cells: in its slot among who shares the cell, dimmed
/// ([`COMPANION_DIM`]; a caught one keeps its red and "!"), with what it
/// holds, behind everything in sight.
pub fn draw_companions(list: &mut DrawList, world: &Scene, origin: CellPos, heroes: &[ThingId]) {
    let saved = list.state();
    list.set_stencil(Stencil::None);
    let stage = world.stage;
    for &hero in heroes {
        let Some(c) = stage.cell_of(hero) else {
            continue;
        };
        let at = Vec2::new((c.x - origin.x) as f32, (c.y - origin.y) as f32);
        list.set_transform(
            world
                .projection
                .cell_transform(at, &CellTransform::IDENTITY),
        );
        let layout = CellLayout::of(stage, c, world.hidden);
        let rect = layout
            .rect_of_hero(hero)
            .unwrap_or_else(|| layout.hero_rect(0));
        let mut look = HeroLook::of(world, hero, 0);
        look.rim = None;
        if !look.alarm {
            look.tint = COMPANION_DIM;
        }
        draw_hero(list, world, hero, rect, DEPTH_MEMORY_COMPANION, look);
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

/// One layer of the grid cell `cell` shown at view cell `v`, in cell-local
/// coordinates (see `Projection::cell_transform`), in a region `depth`
/// portals deep.
fn draw_layer(
    list: &mut DrawList,
    world: &Scene,
    v: ViewPos,
    cell: CellPos,
    layer: Layer,
    depth: u8,
) {
    let stage = world.stage;
    let grid = stage.grid();
    let edges = || {
        Dir::ALL
            .into_iter()
            .filter_map(move |dir| Some((dir, grid.edge_between(cell, dir)?.edge_type())))
    };
    match layer {
        Layer::Floor => {
            list.set_pass(Pass::Opaque);
            list.set_depth(DEPTH_FLOOR);
            let parity = ((cell.x + cell.y) & 1) as usize;
            list.quad(Rect::new(-0.5, -0.5, 1.0, 1.0), FLOOR[parity]);
        }
        Layer::Edges => {
            list.set_pass(Pass::Opaque);
            list.set_depth(DEPTH_EDGE);
            for (dir, edge) in edges() {
                match edge {
                    EdgeType::Open => {}
                    EdgeType::Solid => {
                        list.quad(edge_rect(dir, WALL_T), WALL);
                        list.quad(inner_line(dir, WALL_T, 0.03), WALL_EDGE);
                    }
                    EdgeType::Platform => list.quad(edge_rect(dir, PLATFORM_T), PLATFORM),
                    EdgeType::Portal => list.quad(edge_rect(dir, PORTAL_T), PORTAL),
                }
            }
        }
        Layer::Glow => {
            list.set_pass(Pass::Translucent);
            list.set_depth(DEPTH_GLOW);
            for (dir, edge) in edges() {
                if edge == EdgeType::Portal {
                    list.quad(edge_rect(dir, GLOW_T), PORTAL_GLOW);
                }
            }
        }
        Layer::Entrance => {
            if let (true, Some(s)) = (cell == stage.entrance(), world.sprites.entrance) {
                list.set_pass(Pass::Translucent);
                list.set_depth(DEPTH_ENTRANCE);
                list.sprite(
                    s,
                    Rect::new(-0.36, -0.3, 0.72, 0.72),
                    with_alpha(WHITE, 0.55),
                );
            }
        }
        Layer::Tint => {
            list.set_pass(Pass::Translucent);
            if world.reachable.is_some_and(|set| set.contains(v)) {
                list.set_depth(DEPTH_TINT);
                list.quad(Rect::new(-0.5, -0.5, 1.0, 1.0), REACHABLE_TINT);
            }
            if depth > 0 {
                // Seen through a portal: a veil that thickens with depth.
                list.set_depth(DEPTH_TINT + 0.005);
                list.quad(Rect::new(-0.5, -0.5, 1.0, 1.0), portal_veil(depth));
            } else if v == ViewPos::default() && world.selected.is_some() {
                // The real party's own cell: lit gold from the floor up.
                list.set_depth(DEPTH_TINT + 0.005);
                let clear = with_alpha(REAL_LIGHT, 0.0);
                let (top, floor) = (-0.5, 0.5);
                let (l, r) = (-0.5, 0.5);
                list.coloured_triangles(&[
                    (Vec2::new(l, floor), REAL_LIGHT),
                    (Vec2::new(r, floor), REAL_LIGHT),
                    (Vec2::new(r, top), clear),
                    (Vec2::new(l, floor), REAL_LIGHT),
                    (Vec2::new(r, top), clear),
                    (Vec2::new(l, top), clear),
                ]);
            }
        }
        Layer::Danger => {
            if world.danger.is_some_and(|d| d.contains(cell)) {
                list.set_pass(Pass::Translucent);
                list.set_depth(DEPTH_DANGER);
                list.quad(Rect::new(-0.5, -0.5, 1.0, 1.0), DANGER_TINT);
            }
        }
        Layer::Rope | Layer::Items | Layer::Creatures => {
            draw_things(list, world, cell, layer, depth)
        }
    }
}

/// The band of thickness `t` along the cell's side in grid direction `dir`.
fn edge_rect(dir: Dir, t: f32) -> Rect {
    match dir {
        Dir::Down => Rect::new(-0.5, 0.5 - t, 1.0, t),
        Dir::Up => Rect::new(-0.5, -0.5, 1.0, t),
        Dir::Left => Rect::new(-0.5, -0.5, t, 1.0),
        Dir::Right => Rect::new(0.5 - t, -0.5, t, 1.0),
    }
}

/// A thin line on the room side of a wall band of thickness `t`.
fn inner_line(dir: Dir, t: f32, w: f32) -> Rect {
    match dir {
        Dir::Down => Rect::new(-0.5, 0.5 - t - w, 1.0, w),
        Dir::Up => Rect::new(-0.5, -0.5 + t, 1.0, w),
        Dir::Left => Rect::new(-0.5 + t, -0.5, w, 1.0),
        Dir::Right => Rect::new(0.5 - t - w, -0.5, w, 1.0),
    }
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

    #[test]
    fn draw_cells_draws_every_cell_unmasked_with_one_floor_each() {
        let level = game::level::load_file(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/heavy_haul.txt"),
        )
        .expect("shipped level");
        let stage = Stage::from_level(&level).expect("stage");
        let sprites = WorldSprites::default();
        let scene = Scene {
            stage: &stage,
            projection: Projection {
                centre: Vec2::ZERO,
                cell_px: 40.0,
                size: Vec2::new(800.0, 600.0),
            },
            sprites: &sprites,
            selected: None,
            hidden: &[],
            reachable: None,
            danger: None,
            ropes: None,
        };
        let grid = stage.grid();
        let air: Vec<CellPos> = (0..grid.cell_count())
            .filter_map(|i| grid.cell_pos(i))
            .filter(|&c| grid.is_air(c))
            .collect();
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
    fn every_shipped_item_is_called_what_it_is_drawn_as() {
        // "Pick up idol" under a relic's picture (issue 24): the words a
        // player reads name the thing they see.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).expect("levels") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let Ok(level) = game::level::load_file(&path) else {
                continue; // campaign.txt and other lists
            };
            let stage = Stage::from_level(&level).expect("stage");
            for (id, _) in stage
                .store()
                .iter_kind(game::things::ThingKind::Interactable)
            {
                if let Some(look) = item_look(&stage, id).filter(|&l| l != ItemLook::RopeCoil) {
                    assert_eq!(
                        stage.item_name(id),
                        look.name(),
                        "{}: {:?}",
                        path.display(),
                        stage.id_name(id)
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked >= 12, "{checked} items checked");
    }
}
