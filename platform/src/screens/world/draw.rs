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
//! Passes: masks, floors and edges in the OPAQUE pass (depth-tested, so
//! walls hide the floor under them whatever the sort order); sprites in the
//! TRANSLUCENT pass, back to front by depth. The HUD and the path preview
//! go in the UI pass on top.
use game::grid::{CellPos, CellTransform, Dir, EdgeType};
use game::motion::RopeMotion;
use game::stage::Stage;
use game::things::{Capabilities, HeroKind, ThingFlags, ThingId, ThingKind};
use game::view::{GridView, ViewNode, ViewPos, MAX_RADIUS};
use glam::{Affine2, Vec2};
use render::colour::with_alpha;
use render::{hex, DrawList, Pass, Rect, Rgba, Sprite, SpriteAtlas, Stencil, StencilId, WHITE};

use super::layout::{hero_rect, is_hidden, item_rect, spread, CellLayout};
use super::mask::node_polygon;
use super::projection::Projection;
use crate::screens::play::danger::Danger;

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
pub const ANCHOR: Rgba = hex(0x5b3a1e);
/// A rope in motion, link by link: a light core on a dark strand.
pub const ROPE: Rgba = hex(0xb98a52);
pub const ROPE_DARK: Rgba = hex(0x4e3219);
/// Half the drawn width of a rope link, in cells.
const ROPE_HALF_WIDTH: f32 = 0.075;

/// Wall, platform and portal thickness as a fraction of a cell.
pub(crate) const WALL_T: f32 = 0.14;
const PLATFORM_T: f32 = 0.08;
const PORTAL_T: f32 = 0.06;
const GLOW_T: f32 = 0.22;

/// Depths (0 nearest). Opaque: floor behind edges. Translucent: back to front.
const DEPTH_FLOOR: f32 = 0.95;
const DEPTH_EDGE: f32 = 0.5;
const DEPTH_ENTRANCE: f32 = 0.9;
const DEPTH_TINT: f32 = 0.88;
const DEPTH_DANGER: f32 = 0.87;
const DEPTH_GLOW: f32 = 0.85;
const DEPTH_ROPE: f32 = 0.7;
const DEPTH_ITEM: f32 = 0.6;
const DEPTH_ENEMY: f32 = 0.5;
const DEPTH_HERO: f32 = 0.45;
const DEPTH_SELECTED: f32 = 0.42;
/// Tweened things sit in front of everything else.
const DEPTH_MOVING: f32 = 0.3;

/// The sprites the world is drawn with, looked up once.
#[derive(Clone, Copy, Debug, Default)]
pub struct WorldSprites {
    pub knight: Option<Sprite>,
    pub scout: Option<Sprite>,
    pub sorceress: Option<Sprite>,
    pub relic: Option<Sprite>,
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
            relic: atlas.sprite("relic"),
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
    for region in groups.chunk_by(|a, b| a.0 == b.0) {
        let (Some(id), Some(t)) = (StencilId::new(region[0].0), view.transform_of(region[0].0))
        else {
            continue;
        };
        list.set_stencil(Stencil::Read(id));
        for layer in LAYERS {
            for &(_, v, cell) in region {
                let at = Vec2::new(v.x as f32, v.y as f32);
                list.set_transform(proj.cell_transform(at, &t.view_to_grid));
                draw_layer(list, world, v, cell, layer);
            }
        }
    }
    list.set_state(saved);
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
            draw_layer(list, world, ViewPos::new(c.x, c.y), c, layer);
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

/// One layer of the grid cell `cell` shown at view cell `v`, in cell-local
/// coordinates (see `Projection::cell_transform`).
fn draw_layer(list: &mut DrawList, world: &Scene, v: ViewPos, cell: CellPos, layer: Layer) {
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
            if world.reachable.is_some_and(|set| set.contains(v)) {
                list.set_pass(Pass::Translucent);
                list.set_depth(DEPTH_TINT);
                list.quad(Rect::new(-0.5, -0.5, 1.0, 1.0), REACHABLE_TINT);
            }
        }
        Layer::Danger => {
            if world.danger.is_some_and(|d| d.contains(cell)) {
                list.set_pass(Pass::Translucent);
                list.set_depth(DEPTH_DANGER);
                list.quad(Rect::new(-0.5, -0.5, 1.0, 1.0), DANGER_TINT);
            }
        }
        Layer::Rope | Layer::Items | Layer::Creatures => draw_things(list, world, cell, layer),
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

fn draw_things(list: &mut DrawList, world: &Scene, cell: CellPos, layer: Layer) {
    let stage = world.stage;
    let Some(index) = stage.cell_index(cell) else {
        return;
    };
    let store = stage.store();
    let layout = if layer == Layer::Rope {
        CellLayout::default()
    } else {
        CellLayout::of(stage, cell, world.hidden)
    };
    list.set_pass(Pass::Translucent);
    // Ropes in motion are drawn where their physics puts them, whatever
    // the state holds in this cell (a rope reeled in still climbs through
    // cells it has left), and so is what hangs on their ends.
    if let Some(motion) = world.ropes {
        match layer {
            Layer::Rope => draw_rope_links(list, motion, cell),
            Layer::Items => {
                for (rope, centre) in motion.loads_in(cell) {
                    let tied = stage
                        .rope_segments(rope)
                        .last()
                        .and_then(|&end| stage.children(end).first().copied());
                    if let Some(item) = tied.filter(|&i| !is_hidden(stage, world.hidden, i)) {
                        let size = item_rect(0, 1, false).w;
                        let rect =
                            Rect::new(centre.x - size / 2.0, centre.y - size / 2.0, size, size);
                        draw_item(list, world, item, rect, DEPTH_ITEM);
                    }
                }
            }
            _ => {}
        }
    }
    let (mut hero_i, mut item_i) = (0usize, 0usize);
    for (id, t) in store.iter_cell(index) {
        let root = t.parent().is_none();
        match (t.kind(), layer) {
            (ThingKind::RopeSegment, Layer::Rope) if world.ropes.is_none() => {
                draw_rope_segment(list, world, t.data.rope_len_cells == 0);
            }
            (ThingKind::RopeSegment, Layer::Items) => {
                // What is tied to the rope's end hangs in this cell (unless
                // the rope's motion draws it where it swings).
                let moving = world
                    .ropes
                    .zip(stage.rope_of(id))
                    .is_some_and(|(m, rope)| m.carries_load(rope));
                for (child, _) in store.children(id) {
                    if !moving && !is_hidden(stage, world.hidden, child) {
                        let rect = layout.item_rect(item_i);
                        item_i += 1;
                        draw_item(list, world, child, rect, DEPTH_ITEM);
                    }
                }
            }
            (ThingKind::Hero, Layer::Creatures)
                if root && !t.data.flags.contains(ThingFlags::EXITED) =>
            {
                let slot = layout.hero_rect(hero_i);
                hero_i += 1;
                if !is_hidden(stage, world.hidden, id) {
                    let depth = if Some(id) == world.selected {
                        DEPTH_SELECTED
                    } else {
                        DEPTH_HERO
                    };
                    draw_hero(list, world, id, slot, depth);
                }
            }
            (ThingKind::Interactable, Layer::Rope)
                if root && t.data.flags.contains(ThingFlags::DEPLOYED) =>
            {
                // The anchor: a beam the rope is tied to.
                list.set_depth(DEPTH_ROPE - 0.01);
                list.quad(Rect::new(-0.3, -0.5, 0.6, 0.1), ANCHOR);
            }
            (ThingKind::Interactable, Layer::Items)
                if root
                    && !t.data.flags.contains(ThingFlags::DEPLOYED)
                    && !is_hidden(stage, world.hidden, id) =>
            {
                let rect = layout.item_rect(item_i);
                item_i += 1;
                draw_item(list, world, id, rect, DEPTH_ITEM);
            }
            (ThingKind::Enemy, Layer::Creatures) if root && !is_hidden(stage, world.hidden, id) => {
                if let Some(s) = world.sprites.watcher {
                    list.set_depth(DEPTH_ENEMY);
                    list.sprite(s, spread(0, 1, 0.84, -0.5, 0.5), WHITE);
                }
            }
            _ => {}
        }
    }
}

/// The links of the ropes in motion that lie in `cell`, each a thin strip
/// along its direction, in cell-local coordinates (the caller's region
/// transform puts them where the cell is seen, through portals too).
fn draw_rope_links(list: &mut DrawList, motion: &RopeMotion, cell: CellPos) {
    list.set_pass(Pass::Translucent);
    list.set_depth(DEPTH_ROPE);
    // A dark strand under a light core: the rope reads on any floor.
    for (half_width, colour, depth) in [
        (ROPE_HALF_WIDTH, ROPE_DARK, DEPTH_ROPE),
        (ROPE_HALF_WIDTH * 0.55, ROPE, DEPTH_ROPE - 0.001),
    ] {
        list.set_depth(depth);
        let cell_transform = list.state().transform;
        for link in motion.links_in(cell) {
            // Each link a quad turned from the cell's "down" onto its own.
            let angle = (-link.along.x).atan2(link.along.y);
            let centre = Vec2::new(link.centre.x, link.centre.y);
            list.set_transform(cell_transform * Affine2::from_angle_translation(angle, centre));
            let h = link.half_len + 0.012;
            list.quad(
                Rect::new(-half_width, -h, 2.0 * half_width, 2.0 * h),
                colour,
            );
        }
        list.set_transform(cell_transform);
    }
}

/// A rope segment: the rope sprite down the whole cell (so segments join
/// across cells and portals); the top one starts at its anchor beam.
fn draw_rope_segment(list: &mut DrawList, world: &Scene, top: bool) {
    let Some(s) = world.sprites.rope else {
        list.set_depth(DEPTH_ROPE);
        list.quad(Rect::new(-0.04, -0.5, 0.08, 1.0), PLATFORM);
        return;
    };
    list.set_pass(Pass::Translucent);
    list.set_depth(DEPTH_ROPE);
    let rect = if top {
        Rect::new(-0.5, -0.45, 1.0, 0.95)
    } else {
        Rect::new(-0.5, -0.5, 1.0, 1.0)
    };
    list.sprite(s, rect, WHITE);
}

/// A hero in `rect` (local coordinates) with what they hold at their hand.
pub fn draw_hero(list: &mut DrawList, world: &Scene, hero: ThingId, rect: Rect, depth: f32) {
    let stage = world.stage;
    let kind = stage.hero_kind(hero).unwrap_or_default();
    list.set_pass(Pass::Translucent);
    list.set_depth(depth);
    if let Some(s) = world.sprites.hero(kind) {
        list.sprite(s, rect, WHITE);
    }
    if let Some(item) = stage.held(hero) {
        let side = rect.w * 0.5;
        let held = Rect::new(
            rect.x + rect.w * 0.62,
            rect.y + rect.h - side * 1.05,
            side,
            side,
        );
        draw_item(list, world, item, held, depth - 0.02);
    }
}

/// An item in `rect`, with anything inside it drawn small at its top.
pub fn draw_item(list: &mut DrawList, world: &Scene, item: ThingId, rect: Rect, depth: f32) {
    let stage = world.stage;
    list.set_pass(Pass::Translucent);
    list.set_depth(depth);
    let sprites = world.sprites;
    let (sprite, tint) = if stage.is_rope(item) {
        (sprites.rope_coil, WHITE)
    } else if stage.item_can(item, Capabilities::CONTAIN) {
        (sprites.bucket, WHITE)
    } else if stage.item_can(item, Capabilities::RELIC | Capabilities::HEAVY) {
        // A heavy relic (a statue) in stone colours, drawn bigger.
        (sprites.relic, hex(0xb9b2a6))
    } else if stage.item_can(item, Capabilities::RELIC) {
        (sprites.relic, WHITE)
    } else {
        (None, WHITE)
    };
    match sprite {
        Some(s) => {
            let r = if tint != WHITE {
                Rect::new(
                    rect.x - rect.w * 0.15,
                    rect.y - rect.h * 0.3,
                    rect.w * 1.3,
                    rect.h * 1.3,
                )
            } else {
                rect
            };
            list.sprite(s, r, tint);
        }
        None => list.quad(rect.inset(rect.w * 0.2), hex(0x9c8f7a)),
    }
    for (child, _) in stage.store().children(item) {
        let inner = Rect::new(
            rect.x + rect.w * 0.2,
            rect.y - rect.h * 0.25,
            rect.w * 0.6,
            rect.h * 0.6,
        );
        draw_item(list, world, child, inner, depth - 0.01);
    }
}

/// Draws `thing` (a hero or an item, with what it holds) whole at view
/// position `at` under region transform `region`, in front of the world
/// and without a mask: a tween's moving copy.
pub fn draw_moving(
    list: &mut DrawList,
    world: &Scene,
    thing: ThingId,
    at: Vec2,
    region: &CellTransform,
) {
    let saved = list.state();
    list.set_stencil(Stencil::None);
    list.set_transform(world.projection.cell_transform(at, region));
    let stage = world.stage;
    match stage.thing(thing).map(|t| t.kind()) {
        Some(ThingKind::Hero) => {
            draw_hero(list, world, thing, hero_rect(0, 1, false), DEPTH_MOVING)
        }
        Some(ThingKind::Enemy) => {
            if let Some(s) = world.sprites.watcher {
                list.set_pass(Pass::Translucent);
                list.set_depth(DEPTH_MOVING);
                list.sprite(s, spread(0, 1, 0.84, -0.5, 0.5), WHITE);
            }
        }
        Some(ThingKind::Interactable) => {
            draw_item(list, world, thing, item_rect(0, 1, false), DEPTH_MOVING)
        }
        _ => {}
    }
    list.set_state(saved);
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
}
