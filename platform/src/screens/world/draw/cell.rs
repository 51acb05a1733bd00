//! One layer of one grid cell, in cell-local coordinates: the floor, the
//! edges (walls thick, platforms thin, portals a cyan core and glow), the
//! entrance, the reachable tint and the portal veil or the real party's
//! light, a watched cell's marks (`watched.rs`); the Things' layers go to
//! `things.rs`.
use game::grid::{CellPos, CellTransform, Dir, EdgeType};
use game::view::ViewPos;
use glam::Vec2;
use render::colour::with_alpha;
use render::{DrawList, Pass, Rect, WHITE};

use super::super::layout::WALL_T;
use super::things::draw_things;
use super::watched::draw_watched;
use super::{
    portal_veil, Layer, Scene, DEPTH_DANGER, DEPTH_EDGE, DEPTH_ENTRANCE, DEPTH_FLOOR, DEPTH_GLOW,
    DEPTH_TINT, FLOOR, GLOW_T, PLATFORM, PLATFORM_T, PORTAL, PORTAL_GLOW, PORTAL_T, REACHABLE_TINT,
    REAL_LIGHT, WALL, WALL_EDGE,
};

/// One layer of the grid cell `cell` shown at view cell `v`, in cell-local
/// coordinates (see `Projection::cell_transform`), in a region `depth`
/// portals deep.
pub(super) fn draw_layer(
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
            if let Some(d) = world.danger.filter(|d| d.contains(cell)) {
                list.set_pass(Pass::Translucent);
                list.set_depth(DEPTH_DANGER);
                // Upright whatever the region's turn: the stripes run the
                // same way on the whole screen, the eye stands straight.
                let at = Vec2::new(v.x as f32, v.y as f32);
                let upright = world
                    .projection
                    .cell_transform(at, &CellTransform::IDENTITY);
                list.set_transform(upright);
                draw_watched(list, world.palette, d.eye_at(cell));
            }
        }
        Layer::Rope | Layer::Items | Layer::Creatures => {
            draw_things(list, world, cell, layer, depth)
        }
    }
}

/// The band of thickness `t` along the cell's side in grid direction `dir`.
pub(super) fn edge_rect(dir: Dir, t: f32) -> Rect {
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
