//! The danger overlay: where the watchers the party knows will catch a
//! hero at the end of this round (`docs/PLAYING.md`, "Playing"), whichever hero is
//! selected.
//!
//! What the watchers will see is the rules' ([`game::action::watch`]):
//! for every watcher any hero has seen this level ([`Memory::knows`]),
//! the cells of its own GridView from its *lookout* — where its patrol
//! step puts it at the end of this round — portals included, and which
//! heroes it would catch if the turn ended now. This file only keeps that
//! answer for the frame: the world drawing tints each node of the hero's
//! view showing a seen cell — the palette's danger tint, a hatch and, on
//! one cell of each two-by-two block ([`Danger::eye_at`]), an eye
//! (`world/draw/watched.rs`) — under the same stencil and transform as
//! the rest of its region, so the marks follow sight through portals, and
//! the remembered (dark) map is marked too, so danger where the selected
//! hero cannot look — a companion's pit — still shows.
//!
//! The watchers' intent, as Into the Breach shows its enemies': every
//! known watcher has an arrow to where it steps at the end of the round;
//! the watcher under the pointer shows its whole route (a loop of dots)
//! and a ring where it will look from ([`draw_intent`]). Routes are drawn
//! through the region the watcher is seen in, so a watcher seen through a
//! portal walks where its copy is drawn. When a watcher has caught a hero,
//! its glare — a beam from the watcher to the hero — shows who saw whom
//! ([`Danger::glares`], [`draw_glares`]). Every colour here is the
//! palette's (`world::palette`).
//!
//! Cost: [`Danger::rebuild`] runs only when the hero's view is rebuilt (a
//! change of state or of hero), never per frame: one watcher view build
//! per known watcher. Drawing tests one bit per drawn grid cell, and up to
//! four more for a watched one (whether it carries the eye).
use game::action::turn::{caught_by, next_patrol_step};
use game::action::watch::Watch;
use game::grid::{CellPos, CellTransform};
use game::stage::{Outcome, Stage};
use game::things::{ThingId, ThingKind};
use game::view::{GridView, ViewPos};
use glam::Vec2;
use render::{DrawList, Pass, Rgba, Stencil};

use super::camera::Projection;
use super::memory::Memory;
use super::preview::DOT_SEGMENTS;
use super::strokes::ring;
use super::tween::nearest_position;
use crate::screens::world::Colours;

/// Where `watcher` will look from at the end of this round (the rules'
/// patrol step), or `None` if it is no watcher on the grid.
pub fn lookout(stage: &Stage, watcher: ThingId) -> Option<CellPos> {
    next_patrol_step(stage, watcher).map(|step| step.to)
}

/// What the known watchers will see (see the module docs).
#[derive(Default)]
pub struct Danger {
    /// The rules' answer for the known watchers.
    watch: Watch,
    /// The known watchers, with their lookouts.
    watchers: Vec<(ThingId, CellPos)>,
    /// When the level is lost: each watcher with a hero it caught.
    glares: Vec<(ThingId, ThingId)>,
    /// A reused view context for the glares.
    scratch: GridView,
}

impl Danger {
    /// The tint of what `watch` says the watchers will see (the editor's
    /// watcher timeline; no glares).
    pub fn from_watch(watch: Watch) -> Danger {
        let watchers = watch
            .watchers()
            .iter()
            .map(|&(w, step)| (w, step.to))
            .collect();
        Danger {
            watch,
            watchers,
            ..Danger::default()
        }
    }

    /// Recomputes what the watchers `memory` knows will see.
    pub fn rebuild(&mut self, stage: &Stage, memory: &Memory) {
        self.watch.rebuild(stage, |w| memory.knows(w));
        self.watchers.clear();
        self.watchers
            .extend(self.watch.watchers().iter().map(|&(w, step)| (w, step.to)));
        self.rebuild_glares(stage);
    }

    /// Who caught whom, when the level is lost: the rules' answer
    /// (`turn::caught_by`), as (watcher, hero).
    fn rebuild_glares(&mut self, stage: &Stage) {
        self.glares.clear();
        if stage.outcome() != Outcome::Lost {
            return;
        }
        self.glares.extend(
            caught_by(stage, &mut self.scratch)
                .into_iter()
                .map(|(hero, watcher)| (watcher, hero)),
        );
    }

    /// When the level is lost: each watcher with a hero it caught.
    pub fn glares(&self) -> &[(ThingId, ThingId)] {
        &self.glares
    }

    /// Whether grid cell `cell` is tinted: a known watcher will see it.
    pub fn contains(&self, cell: CellPos) -> bool {
        self.watch.sees(cell)
    }

    /// Whether the watched cell `cell` carries the eye mark: the first
    /// watched cell (bottom row first, then left first) of its two-by-two
    /// block of grid cells (blocks start at even x and y). Every block
    /// with a watched cell has one eye, so every watched cell has an eye
    /// on it or beside it, and a large area shows one every other cell
    /// each way, not one on each.
    pub fn eye_at(&self, cell: CellPos) -> bool {
        if !self.contains(cell) {
            return false;
        }
        let (x, y) = (cell.x & !1, cell.y & !1);
        [(0, 0), (1, 0), (0, 1), (1, 1)]
            .into_iter()
            .map(|(dx, dy)| CellPos::new(x + dx, y + dy))
            .find(|&c| self.contains(c))
            == Some(cell)
    }

    /// The known watchers that will see grid cell `cell`, in level order.
    pub fn seen_by(&self, cell: CellPos) -> impl Iterator<Item = ThingId> + '_ {
        self.watch.seen_by(cell)
    }

    /// The tinted grid cells, in index order.
    pub fn cells(&self) -> impl Iterator<Item = CellPos> + '_ {
        self.watch.cells()
    }

    /// The known watchers, each with the cell it will look from.
    pub fn watchers(&self) -> &[(ThingId, CellPos)] {
        &self.watchers
    }

    /// Each hero a known watcher would catch if the turn ended now, with
    /// that watcher.
    pub fn caught_if_ended_now(&self) -> &[(ThingId, ThingId)] {
        self.watch.caught()
    }
}

/// What pointing at `watcher` shows, in words, naming it as its level
/// does ([`Stage::item_name`]).
pub fn legend(stage: &Stage, watcher: ThingId) -> String {
    format!(
        "The {}: orange dots its route, the arrow its next step; at the end of the round it sees the hatched cells",
        stage.item_name(watcher)
    )
}

/// The watcher standing in the grid cell shown at view cell `v`, if any.
pub fn watcher_at(stage: &Stage, view: &GridView, v: ViewPos) -> Option<ThingId> {
    view.nodes_at(v).find_map(|n| {
        stage
            .things_in(n.cell)
            .into_iter()
            .find(|&t| stage.thing(t).is_some_and(|t| t.kind() == ThingKind::Enemy))
    })
}

/// Where grid cell `cell` is drawn in `view` (its copy nearest the hero)
/// and the transform of that region; a cell out of sight is placed at its
/// grid offset from the hero (as the remembered map is).
pub fn place_of(view: &GridView, cell: CellPos) -> (ViewPos, CellTransform) {
    match nearest_position(view, cell, Vec2::ZERO)
        .and_then(|v| Some((v, crate::screens::world::region_at(view, v, cell)?)))
    {
        Some(found) => found,
        None => {
            let o = view.origin();
            (
                ViewPos::new(cell.x - o.x, cell.y - o.y),
                CellTransform::IDENTITY.with_offset((o.x, o.y)),
            )
        }
    }
}

/// Where `cell` is in the region of `view_to_grid` (a grid cell → view).
fn in_region(view_to_grid: &CellTransform, cell: CellPos) -> Vec2 {
    let v = view_to_grid.inverse().apply_cell(cell);
    Vec2::new(v.x as f32, v.y as f32)
}

/// An arrow from `a` to `b` (pixels) with its head at `b`.
fn arrow(list: &mut DrawList, a: Vec2, b: Vec2, width: f32, colour: Rgba) {
    let d = b - a;
    if d.length_squared() < 1e-6 {
        return;
    }
    let dir = d.normalize();
    let head = width * 3.0;
    let base = b - dir * head;
    list.line(a, base, width, colour);
    let n = dir.perp() * head * 0.7;
    list.polygon(&[b, base + n, base - n], colour);
}

/// Draws what `watcher` will do (UI pass, over the world) in `colours`:
/// an arrow to its next step and a ring where it will look from; with
/// `route`, its whole route as a loop of dots first.
pub fn draw_intent(
    list: &mut DrawList,
    proj: &Projection,
    stage: &Stage,
    view: &GridView,
    watcher: ThingId,
    route: bool,
    colours: &Colours,
) {
    let (Some(at), Some(step)) = (stage.cell_of(watcher), next_patrol_step(stage, watcher)) else {
        return;
    };
    let saved = list.state();
    list.set_pass(Pass::Ui);
    list.set_stencil(Stencil::None);
    let s = proj.cell_px;
    let (v, region) = place_of(view, at);
    let here = proj.to_screen(Vec2::new(v.x as f32, v.y as f32));
    // The region's transform maps the watcher's cell to where it is seen;
    // its route cells go through the same transform.
    let screen_of = |cell: CellPos| {
        let off = in_region(&region, cell) - in_region(&region, at);
        proj.to_screen(Vec2::new(v.x as f32, v.y as f32) + off)
    };
    if route {
        let cells = stage.route(stage.thing(watcher).map_or(0, |t| t.data.route));
        let points: Vec<Vec2> = cells.iter().map(|&c| screen_of(c)).collect();
        for (i, &p) in points.iter().enumerate() {
            let q = points[(i + 1) % points.len()];
            list.line(p, q, (s * 0.035).max(1.5), colours.route_line);
        }
        for &p in &points {
            list.disc(p, (s * 0.06).max(2.0), DOT_SEGMENTS, colours.route);
        }
    }
    let next = screen_of(step.to);
    if step.moves() {
        // From the watcher's edge, so its eye stays clear.
        let from = here + (next - here).normalize_or_zero() * s * 0.3;
        arrow(list, from, next, (s * 0.06).max(2.0), colours.next_step);
    }
    ring(
        list,
        next,
        s * 0.42,
        (s * 0.035).max(1.5),
        colours.next_step,
    );
    list.set_state(saved);
}

/// Draws each glare (a caught hero's moment) in `colours`: a beam from
/// the watcher to the hero it caught, with a glow, and a ring around the
/// hero.
pub fn draw_glares(
    list: &mut DrawList,
    proj: &Projection,
    stage: &Stage,
    view: &GridView,
    glares: &[(ThingId, ThingId)],
    colours: &Colours,
) {
    let saved = list.state();
    list.set_pass(Pass::Ui);
    list.set_stencil(Stencil::None);
    let s = proj.cell_px;
    for &(watcher, hero) in glares {
        let (Some(w), Some(h)) = (stage.cell_of(watcher), stage.cell_of(hero)) else {
            continue;
        };
        let (wv, _) = place_of(view, w);
        let (hv, _) = place_of(view, h);
        let eye = proj.to_screen(Vec2::new(wv.x as f32, wv.y as f32 + 0.08));
        let body = proj.to_screen(Vec2::new(hv.x as f32, hv.y as f32 - 0.1));
        // The beam stops at the ring, so the caught hero stays in view.
        let radius = s * 0.42;
        let end = body + (eye - body).normalize_or_zero() * radius;
        list.line(eye, end, (s * 0.22).max(6.0), colours.glare_glow);
        list.line(eye, end, (s * 0.05).max(2.0), colours.glare);
        ring(list, body, radius, (s * 0.05).max(2.0), colours.glare);
    }
    list.set_state(saved);
}
