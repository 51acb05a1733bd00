//! The Things of a cell as the world shows them: heroes (with how each
//! copy looks: [`HeroLook`]), items, rope segments and their links, what
//! hangs from a rope's end, watchers, and a Thing mid-move; each in its
//! slot of the cell's [`CellLayout`].

use game::grid::{CellPos, CellTransform};
use game::motion::RopeMotion;
use game::things::{ThingId, ThingKind};
use glam::{Affine2, Vec2};
use render::colour::with_alpha;
use render::{hex, DrawList, Pass, Rect, Rgba, Stencil, WHITE};

use super::super::layout::{floor_box, is_hidden, CellLayout, ITEM_SIZE, WATCHER_SIZE};
use super::{
    Layer, Scene, ANCHOR, DEPTH_ENEMY, DEPTH_HERO, DEPTH_ITEM, DEPTH_LOAD, DEPTH_MOVING,
    DEPTH_ROPE, DEPTH_SELECTED, PLATFORM, PORTAL, ROPE, ROPE_DARK, ROPE_HALF_WIDTH, SELECTED_RIM,
};

/// How one copy of a hero is drawn: a tint over the sprite and, maybe, a
/// coloured outline (its colour, and how far it grows past the sprite as
/// a fraction of the sprite's size).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeroLook {
    pub tint: Rgba,
    pub rim: Option<(Rgba, f32)>,
    /// Caught: the "!" badge over the head.
    pub alarm: bool,
}

impl HeroLook {
    /// How `hero` is drawn in a region `depth` portals deep: caught heroes
    /// in the palette's caught colours everywhere; copies seen through
    /// portals cooler, with a cyan rim that grows with depth; the selected
    /// hero, real, with a gold rim.
    pub fn of(world: &Scene, hero: ThingId, depth: u8) -> HeroLook {
        if world.stage.is_caught(hero) {
            let colours = world.palette.colours();
            return HeroLook {
                tint: colours.caught_tint,
                rim: Some((colours.caught, 0.04)),
                alarm: true,
            };
        }
        if depth > 0 {
            let t = (depth as f32 / 4.0).min(1.0);
            let tint = [1.0 - 0.3 * t, 1.0 - 0.08 * t, 1.0, 1.0];
            let rim = with_alpha(PORTAL, (0.45 + 0.15 * depth as f32).min(0.95));
            return HeroLook {
                tint: [0.8 * tint[0], 0.95 * tint[1], tint[2], 1.0],
                rim: Some((rim, (0.02 * depth as f32).min(0.1))),
                alarm: false,
            };
        }
        HeroLook {
            tint: WHITE,
            rim: (Some(hero) == world.selected).then_some((SELECTED_RIM, 0.0)),
            alarm: false,
        }
    }
}

// Inline: called for every node and layer from `draw_layer` in the parent
// module; split into its own file it stopped being inlined there and the
// play frame's list building was 2-5 % slower (play_frame bench).
#[inline]
pub(super) fn draw_things(
    list: &mut DrawList,
    world: &Scene,
    cell: CellPos,
    layer: Layer,
    depth: u8,
) {
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
    // cells it has left), and so is what hangs on their ends: on the
    // rope's line, with what is in it, at the size of the load's slot (the
    // layout pins that slot to the line and stands whoever shares the cell
    // either side of it).
    if let Some(motion) = world.ropes {
        match layer {
            Layer::Rope => draw_rope_links(list, motion, cell),
            Layer::Items => {
                for (rope, centre) in motion.loads_in(cell) {
                    let end = stage.rope_segments(rope).last().copied();
                    let tied = end.and_then(|end| stage.children(end).first().copied());
                    if let Some(item) = tied.filter(|&i| !is_hidden(stage, world.hidden, i)) {
                        // Its size is its slot's in the cell the state
                        // holds it in (so a load across two cells is one
                        // size). Its body is a load's box alone around
                        // `centre`; shrunk, it still hangs from the top of
                        // that box, where the rope's end holds its handle.
                        let size = match end.and_then(|e| stage.cell_of(e)) {
                            Some(home) if home != cell => {
                                CellLayout::of(stage, home, world.hidden).load_rect().w
                            }
                            _ => layout.load_rect().w,
                        };
                        let top = centre.y - ITEM_SIZE / 2.0;
                        let rect = Rect::new(centre.x - size / 2.0, top, size, size);
                        draw_item(list, world, item, rect, DEPTH_LOAD);
                    }
                }
            }
            _ => {}
        }
    }
    let (mut hero_i, mut item_i, mut watcher_i) = (0usize, 0usize, 0usize);
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
                        draw_item(list, world, child, layout.load_rect(), DEPTH_ITEM);
                    }
                }
            }
            (ThingKind::Hero, Layer::Creatures) if root && !stage.has_left(id) => {
                let slot = layout.hero_rect(hero_i);
                hero_i += 1;
                if !is_hidden(stage, world.hidden, id) {
                    let selected = Some(id) == world.selected;
                    // The selected hero in front of whoever shares the cell.
                    let z = if selected {
                        DEPTH_SELECTED
                    } else {
                        DEPTH_HERO - 0.002 * hero_i as f32
                    };
                    draw_hero(list, world, id, slot, z, HeroLook::of(world, id, depth));
                }
            }
            (ThingKind::Interactable, Layer::Rope) if root && stage.is_deployed(id) => {
                // The anchor: a beam the rope is tied to.
                list.set_depth(DEPTH_ROPE - 0.01);
                list.quad(Rect::new(-0.3, -0.5, 0.6, 0.1), ANCHOR);
            }
            (ThingKind::Interactable, Layer::Items)
                if root && !stage.is_deployed(id) && !is_hidden(stage, world.hidden, id) =>
            {
                let rect = layout.item_rect(item_i);
                item_i += 1;
                draw_item(list, world, id, rect, DEPTH_ITEM);
            }
            (ThingKind::Enemy, Layer::Creatures) if root && !is_hidden(stage, world.hidden, id) => {
                let rect = layout.watcher_rect(watcher_i);
                watcher_i += 1;
                if let Some(s) = world.sprites.watcher {
                    list.set_depth(DEPTH_ENEMY);
                    list.sprite(s, rect, WHITE);
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

/// A hero in `rect` (local coordinates) with what they hold at their hand,
/// drawn as `look` says.
pub fn draw_hero(
    list: &mut DrawList,
    world: &Scene,
    hero: ThingId,
    rect: Rect,
    depth: f32,
    look: HeroLook,
) {
    let stage = world.stage;
    let kind = stage.hero_kind(hero).unwrap_or_default();
    list.set_pass(Pass::Translucent);
    if let (Some((colour, grow)), Some(s)) = (look.rim, world.sprites.hero_outline(kind)) {
        list.set_depth(depth + 0.001);
        let g = rect.w * grow;
        list.sprite(
            s,
            Rect::new(rect.x - g, rect.y - g, rect.w + 2.0 * g, rect.h + 2.0 * g),
            colour,
        );
    }
    list.set_depth(depth);
    if let Some(s) = world.sprites.hero(kind) {
        list.sprite(s, rect, look.tint);
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
    if look.alarm {
        draw_alarm(
            list,
            Vec2::new(rect.centre().x, rect.y),
            rect.w,
            depth - 0.03,
            world.palette.colours().caught,
        );
    }
}

/// The "!" badge of a caught hero: a disc of `colour` (the palette's
/// caught colour) with a white "!" beside the top of its head (`head`,
/// local coordinates; clear of the selection marker above it), sized for
/// a sprite `size` wide.
fn draw_alarm(list: &mut DrawList, head: Vec2, size: f32, depth: f32, colour: Rgba) {
    list.set_pass(Pass::Translucent);
    list.set_depth(depth);
    let r = (size * 0.2).max(0.07);
    let c = head + Vec2::new(size * 0.38, r * 0.4);
    list.disc(c, r, 12, colour);
    list.set_depth(depth - 0.001);
    let w = r * 0.32;
    list.quad(Rect::new(c.x - w / 2.0, c.y - r * 0.62, w, r * 0.8), WHITE);
    list.quad(Rect::new(c.x - w / 2.0, c.y + r * 0.32, w, w), WHITE);
}

/// An item in `rect`, with anything inside it drawn small at its top.
pub fn draw_item(list: &mut DrawList, world: &Scene, item: ThingId, rect: Rect, depth: f32) {
    let stage = world.stage;
    list.set_pass(Pass::Translucent);
    list.set_depth(depth);
    match world.sprites.item(stage, item) {
        Some(s) => list.sprite(s, rect, WHITE),
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
        Some(ThingKind::Hero) => draw_hero(
            list,
            world,
            thing,
            CellLayout::alone(thing).hero_rect(0),
            DEPTH_MOVING,
            HeroLook::of(world, thing, 0),
        ),
        Some(ThingKind::Enemy) => {
            if let Some(s) = world.sprites.watcher {
                list.set_pass(Pass::Translucent);
                list.set_depth(DEPTH_MOVING);
                list.sprite(s, floor_box(0.0, WATCHER_SIZE), WHITE);
            }
        }
        Some(ThingKind::Interactable) => {
            draw_item(list, world, thing, floor_box(0.0, ITEM_SIZE), DEPTH_MOVING)
        }
        _ => {}
    }
    list.set_state(saved);
}
