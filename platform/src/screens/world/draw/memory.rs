//! The party's memory, drawn behind everything in sight: the remembered
//! map (cells seen before and out of sight now, terrain only, dark) and
//! the companions the hero does not see, dimmed, at their cells' places.
use game::grid::{CellPos, CellTransform, Dir, EdgeType};
use game::things::ThingId;
use glam::Vec2;
use render::colour::with_alpha;
use render::{DrawList, Pass, Rect, Rgba, Stencil, WHITE};

use super::super::layout::{CellLayout, WALL_T};
use super::cell::edge_rect;
use super::watched::draw_watched;
use super::{
    draw_hero, HeroLook, Scene, DEPTH_MEMORY_COMPANION, DEPTH_MEMORY_DANGER, DEPTH_MEMORY_EDGE,
    DEPTH_MEMORY_ENTRANCE, DEPTH_MEMORY_FLOOR, MEMORY_FLOOR, MEMORY_PLATFORM, MEMORY_PORTAL,
    MEMORY_WALL, PLATFORM_T, PORTAL_T,
};

/// Draws the remembered map: each of `cells` (grid cells seen before) at
/// its grid offset from `origin` (the hero's cell, at view `(0, 0)`):
/// floor, walls, platforms, portal edges and the entrance, dark, the
/// danger marks where a known watcher will look, and nothing else — no
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
        if let Some(d) = world.danger.filter(|d| d.contains(c)) {
            // Danger where the selected hero cannot look (a companion's
            // pit): marked on the remembered map too.
            list.set_pass(Pass::Translucent);
            list.set_depth(DEPTH_MEMORY_DANGER);
            draw_watched(list, world.palette, d.eye_at(c));
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
