//! The preview of what a move (or a levitation) would do before it is
//! committed: the session works the action out without changing anything
//! (`Session::preview`), and the path of its events is drawn over the world
//! — walks, step-ups and climbs as a solid line of dots ending in a solid
//! ring, a fall as dashes ending in a dotted ring (a ring of dashes), so a
//! fall is told from a walk, and from a watched cell (hatched, with an
//! eye), by its shape as well as its colour — or, when the rules refuse, a
//! cross on the cell and the reason in the HUD. The colours are the
//! palette's (`world::palette`: a gold path and red falls, or sky-blue
//! falls in the colour-blind palette).
//!
//! Paths come as [`PathStep`]s whose `view` is where the hero sees each
//! cell from where the action was planned, which is the view the screen
//! draws: the line runs through portals exactly as sight does. A fall that
//! goes on out of sight is marked where it lands all the same: the ring
//! goes on the cell the rules land in, placed on from the last cell seen
//! as sight would place it, larger, reached by a line of dots, and the
//! hint line says it lands out of sight.
use game::action::{Event, MoveKind, PathStep, Refusal};
use game::grid::Dir;
use game::view::{GridView, ViewPos};
use glam::Vec2;
use render::{hex, DrawList, Pass, Rect, Rgba, Stencil};

use super::camera::Projection;
use super::strokes::{dashed_line, dashed_ring};
use crate::screens::world::Colours;

/// The sides of the path's and routes' dots (a decagon).
pub const DOT_SEGMENTS: u32 = 10;

/// The dashes of a fall's line across one cell, and of its landing ring.
pub const FALL_DASHES: usize = 3;
pub const RING_DASHES: usize = 10;
/// The dark middle of a landing ring.
const RING_MIDDLE: Rgba = hex(0x20242f);
pub const HOVER: Rgba = [1.0, 1.0, 1.0, 0.55];
/// The target cursor's outline, and the dark edge that keeps it clear on
/// light cells.
pub const CURSOR: Rgba = hex(0xffffff);
pub const CURSOR_EDGE: Rgba = [0.05, 0.06, 0.09, 0.85];

/// One drawn step of a previewed path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreviewStep {
    pub view: ViewPos,
    pub fall: bool,
}

/// What the pointed-at action would do.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    /// The view cell pointed at.
    pub target: ViewPos,
    /// The path from where the mover stands (first point) on, and the
    /// action-point cost; or the refusal.
    pub outcome: Result<PreviewPath, Refusal>,
}

impl Preview {
    /// The preview of `outcome` for view cell `target`.
    pub fn new(target: ViewPos, outcome: Result<PreviewPath, Refusal>) -> Preview {
        Preview { target, outcome }
    }

    /// Where a hero at the target would land, for a refusal to stop in
    /// mid-air (`Refusal::MidAir`): the landing's copy nearest the target
    /// where the hero sees it, else straight below the target as far as
    /// the fall goes.
    pub fn mid_air_landing(&self, view: &GridView) -> Option<ViewPos> {
        let Err(Refusal::MidAir { lands, cells }) = self.outcome else {
            return None;
        };
        let near = Vec2::new(self.target.x as f32, self.target.y as f32);
        Some(
            super::tween::nearest_position(view, lands, near).unwrap_or(ViewPos::new(
                self.target.x,
                self.target.y - i32::from(cells),
            )),
        )
    }
}

/// A path as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct PreviewPath {
    /// Where it starts (the hero's cell, or a levitated item's).
    pub start: ViewPos,
    pub steps: Vec<PreviewStep>,
    /// Action points it costs.
    pub cost: u8,
    /// The grid cell the mover ends in, if the events say.
    pub end: Option<game::grid::CellPos>,
    /// The cells fallen, seen or not (a fall goes on out of sight: the
    /// drawn steps stop where sight does, the count does not).
    pub fallen: usize,
    /// Where the mover ends, as drawn.
    pub landing: Option<Landing>,
    /// The path by segments with the action points of each and the total
    /// ([`path_words`]): "walk 2 (2 AP) · fall 3 (free) = 2 AP".
    pub words: String,
}

/// The view cell a path ends in, seen or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    pub view: ViewPos,
    /// Whether the hero sees that cell (else it is placed on from the last
    /// cell seen, as sight would show it).
    pub seen: bool,
}

impl PreviewPath {
    /// The cells fallen, seen or not.
    pub fn falls(&self) -> usize {
        self.fallen
    }
}

/// Where the last of `path` is seen in `view`: its own view cell, or,
/// out of sight, placed on from the last step seen one cell at a time as
/// that step's slice of the view turns the grid (a cell reached by a jump
/// through a portal out of sight goes on straight, as sight goes on
/// through a portal).
fn landing_of(path: &[PathStep], view: &GridView) -> Option<Landing> {
    let last = path.last()?;
    if let Some(v) = last.view {
        return Some(Landing {
            view: v,
            seen: true,
        });
    }
    let i = path.iter().rposition(|s| s.view.is_some())?;
    let (mut at, mut cell) = (path[i].view?, path[i].cell);
    let turn = view
        .nodes_at(at)
        .find(|n| n.cell == cell)
        .and_then(|n| view.transform_of(n.stencil_id))
        .map(|t| t.view_to_grid.inverse())?;
    let mut delta = None;
    let mut straight = true;
    for step in &path[i + 1..] {
        let d = step.cell;
        let grid_dir = Dir::from_delta(d.x - cell.x, d.y - cell.y).filter(|_| straight);
        let (dx, dy) = match grid_dir {
            Some(dir) => turn.apply_dir(dir).delta(),
            None => {
                straight = false;
                delta?
            }
        };
        delta = Some((dx, dy));
        at = ViewPos::new(at.x + dx, at.y + dy);
        cell = step.cell;
    }
    Some(Landing {
        view: at,
        seen: false,
    })
}

/// The path of the first `Move` in `events` (the mover's), starting at
/// `start`; steps seen nowhere in `view` are left out, and where it lands
/// is placed even out of sight.
pub fn path_of(events: &[Event], start: ViewPos, view: &GridView) -> PreviewPath {
    let cost = game::action::event::spent(events);
    let mut steps = Vec::new();
    let mut end = None;
    let mut fallen = 0;
    let mut landing = None;
    let mut words = format!("{cost} AP");
    for e in events {
        match e {
            Event::Move { path, from, .. } if steps.is_empty() && end.is_none() => {
                words = path_words(path, cost);
                end = path.last().map(|s| s.cell);
                landing = landing_of(path, view);
                fallen = path.iter().filter(|s| s.kind == MoveKind::Fall).count();
                steps = path
                    .iter()
                    .filter_map(|s: &PathStep| {
                        Some(PreviewStep {
                            view: s.view?,
                            fall: s.kind == MoveKind::Fall,
                        })
                    })
                    .collect();
            }
            _ => {}
        }
    }
    PreviewPath {
        start,
        steps,
        cost,
        end,
        fallen,
        landing,
        words,
    }
}

/// One stretch of a path as the player reads it: what the hero does, over
/// how many cells, for how many action points (the rules' cost of each
/// step, `PathStep::ap`), and whether it went through a portal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Segment {
    kind: MoveKind,
    cells: u16,
    ap: u8,
    portal: bool,
}

/// `path` by segments: walks and climbs run together, each step up (one
/// or two cells, then across) is its own, a fall is free; a segment went
/// through a portal where one of its steps did (`PathStep::portal`).
fn segments(path: &[PathStep]) -> Vec<Segment> {
    let mut out: Vec<Segment> = Vec::new();
    for step in path {
        let portal = step.portal;
        let starts_move = step.ap > 0;
        match out.last_mut() {
            // A step up's further cells, a fall's, a float's: the same
            // stretch; a walk or climb goes on where another begins.
            Some(seg)
                if seg.kind == step.kind
                    && (!starts_move || matches!(step.kind, MoveKind::Walk | MoveKind::Climb)) =>
            {
                seg.cells += 1;
                seg.ap += step.ap;
                seg.portal |= portal;
            }
            _ => out.push(Segment {
                kind: step.kind,
                cells: 1,
                ap: step.ap,
                portal,
            }),
        }
    }
    out
}

/// A path in words, by segments with the action points of each, then the
/// total: "walk 2 (2 AP) · step up 2 (1 AP) · fall 3 (free) = 3 AP"; a
/// path of one segment: "walk 1: 1 AP". `cost` is what the action spends.
pub fn path_words(path: &[PathStep], cost: u8) -> String {
    let segs = segments(path);
    let words: Vec<String> = segs
        .iter()
        .map(|s| {
            let what = match s.kind {
                MoveKind::Walk => format!("walk {}", s.cells),
                MoveKind::Climb => format!("climb {}", s.cells),
                // Its last cell is the step across.
                MoveKind::StepUp => format!("step up {}", s.cells.saturating_sub(1).max(1)),
                MoveKind::Fall => format!("fall {}", s.cells),
                MoveKind::Float => format!("float {}", s.cells),
                MoveKind::Patrol => format!("go {}", s.cells),
            };
            let portal = if s.portal { " through a portal" } else { "" };
            match s.kind {
                MoveKind::Fall => format!("{what}{portal} (free)"),
                MoveKind::Float | MoveKind::Patrol => format!("{what}{portal}"),
                _ => format!("{what}{portal} ({} AP)", s.ap),
            }
        })
        .collect();
    match words.as_slice() {
        [one] if segs[0].kind != MoveKind::Fall => {
            // "walk 1 (1 AP)" says it all but the total: "walk 1: 1 AP".
            let bare = one.rsplit_once(" (").map_or(one.as_str(), |(w, _)| w);
            format!("{bare}: {cost} AP")
        }
        _ => format!("{} = {cost} AP", words.join(" · ")),
    }
}

/// What a move made by one key press did, in words, when it cost more
/// than one action point ("climb 1 (1 AP) · walk 1 through a portal (1
/// AP) = 2 AP"): the mouse hover shows a move's cost before the click, a
/// key press has no hover, so its message says it. `None` for a move of
/// 1 AP or less.
pub fn cost_note(events: &[Event]) -> Option<String> {
    let cost = game::action::event::spent(events);
    if cost <= 1 {
        return None;
    }
    let path = events.iter().find_map(|e| match e {
        Event::Move { path, .. } => Some(path),
        _ => None,
    })?;
    let words = path_words(path, cost);
    let mut chars = words.chars();
    Some(
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default(),
    )
}

/// Draws `preview` (UI pass, over the world) in `colours`: a walk's
/// stretches as a solid line with a dot on each cell, a fall's as dashes,
/// and where it ends a solid ring (a walk) or a dotted one (a fall).
pub fn draw(list: &mut DrawList, proj: &Projection, preview: &Preview, colours: &Colours) {
    let saved = list.state();
    list.set_pass(Pass::Ui);
    list.set_stencil(Stencil::None);
    let s = proj.cell_px;
    match &preview.outcome {
        Ok(path) => {
            let mut at = proj.cell_centre(path.start);
            for step in &path.steps {
                let next = proj.cell_centre(step.view);
                if step.fall {
                    let w = (s * 0.07).max(2.5);
                    dashed_line(list, at, next, w, FALL_DASHES, colours.fall);
                } else {
                    list.line(at, next, (s * 0.05).max(2.0), colours.path_line);
                    list.disc(next, (s * 0.08).max(2.5), DOT_SEGMENTS, colours.path);
                }
                at = next;
            }
            match path.landing {
                // Out of sight: a line of dots on to the landing, and a
                // larger ring there.
                Some(Landing { view, seen: false }) => {
                    dotted_fall(list, s, at, proj.cell_centre(view), colours);
                }
                _ => {
                    if let Some(last) = path.steps.last() {
                        let c = proj.cell_centre(last.view);
                        if last.fall {
                            landing_ring(list, c, s * 0.19, (s * 0.06).max(2.0), colours);
                        } else {
                            list.disc(c, (s * 0.16).max(4.0), DOT_SEGMENTS, colours.path);
                            list.disc(c, (s * 0.1).max(2.5), DOT_SEGMENTS, RING_MIDDLE);
                        }
                    }
                }
            }
        }
        Err(_) => {
            let c = proj.cell_centre(preview.target);
            let r = s * 0.22;
            let refused = colours.refused;
            list.line(c - Vec2::splat(r), c + Vec2::splat(r), s * 0.07, refused);
            list.line(
                c + Vec2::new(-r, r),
                c + Vec2::new(r, -r),
                s * 0.07,
                refused,
            );
        }
    }
    list.set_state(saved);
}

/// A fall's landing: a dark middle inside a ring of dashes `radius`
/// pixels round `c`, `width` wide.
fn landing_ring(list: &mut DrawList, c: Vec2, radius: f32, width: f32, colours: &Colours) {
    list.disc(c, radius - width / 2.0, DOT_SEGMENTS, RING_MIDDLE);
    dashed_ring(list, c, radius, width, RING_DASHES, colours.fall);
}

/// A refused stop in mid-air: a dotted fall from the pointed cell down to
/// where a hero there would land, a dotted ring there.
pub fn draw_mid_air_fall(
    list: &mut DrawList,
    proj: &Projection,
    from: ViewPos,
    lands: ViewPos,
    colours: &Colours,
) {
    let saved = list.state();
    list.set_pass(Pass::Ui);
    list.set_stencil(Stencil::None);
    dotted_fall(
        list,
        proj.cell_px,
        proj.cell_centre(from),
        proj.cell_centre(lands),
        colours,
    );
    list.set_state(saved);
}

/// A fall drawn where it is not seen: dots from `at` on to `to` (screen
/// pixels, cells of `s` pixels), and a larger dotted ring where it lands.
fn dotted_fall(list: &mut DrawList, s: f32, at: Vec2, to: Vec2, colours: &Colours) {
    let dots = ((to - at).length() / (s * 0.25)).ceil().max(1.0) as u32;
    for k in 1..dots {
        let p = at + (to - at) * (k as f32 / dots as f32);
        list.disc(p, (s * 0.04).max(1.5), DOT_SEGMENTS, colours.fall_line);
    }
    landing_ring(list, to, s * 0.24, (s * 0.05).max(2.0), colours);
}

/// A frame `w` pixels wide just inside `r`.
fn frame(list: &mut DrawList, r: Rect, w: f32, colour: Rgba) {
    list.quad(Rect::new(r.x, r.y, r.w, w), colour);
    list.quad(Rect::new(r.x, r.y + r.h - w, r.w, w), colour);
    list.quad(Rect::new(r.x, r.y + w, w, r.h - 2.0 * w), colour);
    list.quad(Rect::new(r.x + r.w - w, r.y + w, w, r.h - 2.0 * w), colour);
}

/// Outlines view cell `v` (the cell under the pointer).
pub fn draw_hover(list: &mut DrawList, proj: &Projection, v: ViewPos) {
    let saved = list.state();
    list.set_pass(Pass::Ui);
    list.set_stencil(Stencil::None);
    let s = proj.cell_px;
    let w = (s * 0.03).max(1.0).round();
    frame(
        list,
        Rect::centred(proj.cell_centre(v), Vec2::splat(s)),
        w,
        HOVER,
    );
    list.set_state(saved);
}

/// The target cursor on view cell `v`: a bold white frame with a dark
/// edge either side, clear on any cell.
pub fn draw_cursor(list: &mut DrawList, proj: &Projection, v: ViewPos) {
    let saved = list.state();
    list.set_pass(Pass::Ui);
    list.set_stencil(Stencil::None);
    let s = proj.cell_px;
    let w = (s * 0.06).max(2.0).round();
    let edge = (w / 2.0).max(1.0).round();
    let r = Rect::centred(proj.cell_centre(v), Vec2::splat(s + 2.0 * edge));
    frame(list, r, w + 2.0 * edge, CURSOR_EDGE);
    let inner = Rect::new(r.x + edge, r.y + edge, r.w - 2.0 * edge, r.h - 2.0 * edge);
    frame(list, inner, w, CURSOR);
    list.set_state(saved);
}

/// The fill of a hint's cell the party has never seen, so the outline
/// stands on something on the dark.
const UNSEEN_MARK: Rgba = [0.96, 0.77, 0.26, 0.22];

/// Marks view cell `v`, a cell never seen (nothing else is drawn there),
/// with a faint fill and a question mark of two bars and a dot, under
/// its outline.
pub fn draw_unseen_mark(list: &mut DrawList, proj: &Projection, v: ViewPos) {
    let saved = list.state();
    list.set_pass(Pass::Ui);
    list.set_stencil(Stencil::None);
    let s = proj.cell_px;
    let c = proj.cell_centre(v);
    list.quad(Rect::centred(c, Vec2::splat(s)), UNSEEN_MARK);
    let t = (s * 0.08).max(2.0);
    let mark = CURSOR;
    list.quad(Rect::new(c.x - s * 0.15, c.y - s * 0.25, s * 0.3, t), mark);
    list.quad(
        Rect::new(c.x + s * 0.15 - t, c.y - s * 0.25, t, s * 0.2),
        mark,
    );
    list.quad(Rect::new(c.x - t / 2.0, c.y - s * 0.05, t, s * 0.15), mark);
    list.quad(
        Rect::centred(Vec2::new(c.x, c.y + s * 0.22), Vec2::splat(t)),
        mark,
    );
    list.set_state(saved);
}

/// An arrow at the edge of `area` pointing at `target` (screen pixels)
/// outside it: where the hint's cell is when the camera shows elsewhere.
pub fn draw_edge_arrow(list: &mut DrawList, area: Rect, target: Vec2, scale: f32) {
    let saved = list.state();
    list.set_pass(Pass::Ui);
    list.set_stencil(Stencil::None);
    let centre = area.centre();
    let d = target - centre;
    if d.length_squared() < 1.0 {
        return;
    }
    let inset = 26.0 * scale;
    let half = Vec2::new(area.w / 2.0 - inset, area.h / 2.0 - inset).max(Vec2::splat(1.0));
    // Along the line to the target, as far as the inset edge.
    let k = (half.x / d.x.abs().max(1e-3)).min(half.y / d.y.abs().max(1e-3));
    let tip = centre + d * k.min(1.0);
    let dir = d.normalize();
    let side = Vec2::new(-dir.y, dir.x);
    let len = 22.0 * scale;
    let back = tip - dir * len;
    let outline = [
        tip + dir * 3.0,
        back + side * (len * 0.7),
        back - side * (len * 0.7),
    ];
    list.triangles(&outline, CURSOR_EDGE);
    list.triangles(
        &[tip, back + side * len * 0.5, back - side * len * 0.5],
        CURSOR,
    );
    list.set_state(saved);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::world::Palette;
    use game::grid::CellPos;
    use game::things::ThingId;

    const PROJ: Projection = Projection {
        centre: Vec2::ZERO,
        cell_px: 40.0,
        size: Vec2::new(800.0, 600.0),
    };

    /// A preview from the origin: one step right (a walk, or a fall's
    /// first cell with `fall`), then `falls` cells straight down.
    fn preview(first_falls: bool, falls: i32) -> Preview {
        let mut steps = vec![PreviewStep {
            view: ViewPos::new(1, 0),
            fall: first_falls,
        }];
        steps.extend((1..=falls).map(|y| PreviewStep {
            view: ViewPos::new(1, -y),
            fall: true,
        }));
        let end = steps.last().map(|s| s.view).unwrap_or_default();
        Preview::new(
            end,
            Ok(PreviewPath {
                start: ViewPos::default(),
                steps,
                cost: 1,
                end: None,
                fallen: falls as usize,
                landing: Some(Landing {
                    view: end,
                    seen: true,
                }),
                words: String::new(),
            }),
        )
    }

    /// Whether a triangle of `colour` in `list` covers pixel `p`.
    fn covered(list: &DrawList, colour: Rgba, p: Vec2) -> bool {
        let c = render::colour::to_rgba8(colour);
        list.vertices().chunks(3).any(|t| {
            if t.len() < 3 || t.iter().any(|v| v.colour != c) {
                return false;
            }
            let q = |i: usize| Vec2::new(t[i].position[0], t[i].position[1]);
            let side = |a: Vec2, b: Vec2| (b - a).perp_dot(p - a);
            let d = [side(q(0), q(1)), side(q(1), q(2)), side(q(2), q(0))];
            d.iter().all(|&x| x >= 0.0) || d.iter().all(|&x| x <= 0.0)
        })
    }

    /// The share of the circle of `radius` round `c` that `colour` covers.
    fn ring_share(list: &DrawList, colour: Rgba, c: Vec2, radius: f32) -> f32 {
        let hits = (0..360)
            .filter(|&d| {
                let a = (d as f32).to_radians();
                covered(list, colour, c + Vec2::new(a.cos(), a.sin()) * radius)
            })
            .count();
        hits as f32 / 360.0
    }

    #[test]
    fn a_fall_is_dashed_and_its_ring_dotted_a_walk_solid_in_every_palette() {
        for palette in Palette::ALL {
            let colours = palette.colours();
            let centre = |x, y| PROJ.cell_centre(ViewPos::new(x, y));
            // Walk one, fall three.
            let mut list = DrawList::new();
            draw(&mut list, &PROJ, &preview(false, 3), colours);
            // The walk's line runs unbroken; its dot marks the cell.
            let (a, b) = (centre(0, 0), centre(1, 0));
            for t in [0.2, 1.0 / 3.0, 0.5, 0.8] {
                assert!(
                    covered(&list, colours.path_line, a.lerp(b, t)),
                    "{palette} walk {t}"
                );
            }
            assert!(covered(&list, colours.path, b), "{palette}: the walk's dot");
            // Each cell of the fall: dashes, gaps between them, no dots.
            for y in 0..3 {
                let (a, b) = (centre(1, -y), centre(1, -y - 1));
                assert!(
                    covered(&list, colours.fall, a.lerp(b, 0.5)),
                    "{palette} dash {y}"
                );
                for gap in [1.0 / 3.0, 2.0 / 3.0] {
                    assert!(
                        !covered(&list, colours.fall, a.lerp(b, gap)),
                        "{palette} gap {y} {gap}"
                    );
                }
            }
            // Where it lands: a ring of dashes, about half of it drawn.
            let land = centre(1, -3);
            let share = ring_share(&list, colours.fall, land, PROJ.cell_px * 0.19);
            assert!(
                (0.4..0.6).contains(&share),
                "{palette}: the fall's ring {share}"
            );
            // A walk that ends: its ring all the way round.
            let mut walk = DrawList::new();
            draw(&mut walk, &PROJ, &preview(false, 0), colours);
            let share = ring_share(&walk, colours.path, centre(1, 0), PROJ.cell_px * 0.13);
            assert_eq!(share, 1.0, "{palette}: the walk's ring");
            assert!(!walk
                .vertices()
                .iter()
                .any(|v| v.colour == render::colour::to_rgba8(colours.fall)));
        }
    }

    #[test]
    fn the_path_of_a_move_keeps_its_view_cells_and_marks_the_fall() {
        let hero = ThingId::new(1, std::num::NonZeroU32::MIN);
        let step = |x, y, kind| PathStep {
            cell: CellPos::new(0, 0),
            kind,
            view: Some(ViewPos::new(x, y)),
            ap: u8::from(kind == MoveKind::Walk),
            portal: false,
        };
        let events = vec![
            Event::Spend {
                hero,
                cost: 2,
                left: 2,
            },
            Event::Move {
                thing: hero,
                from: CellPos::new(0, 0),
                path: vec![
                    step(1, 0, MoveKind::Walk),
                    step(2, 0, MoveKind::Walk),
                    step(2, -1, MoveKind::Fall),
                    PathStep {
                        cell: CellPos::new(9, 9),
                        kind: MoveKind::Fall,
                        view: None,
                        ap: 0,
                        portal: false,
                    },
                ],
            },
        ];
        let p = path_of(&events, ViewPos::default(), &GridView::new());
        assert_eq!(p.cost, 2);
        assert_eq!(p.steps.len(), 3, "the unseen step is left out");
        assert_eq!(p.steps.iter().filter(|s| s.fall).count(), 1);
        assert_eq!(p.falls(), 2, "but the fall is counted whole");
        assert_eq!(p.steps[2].view, ViewPos::new(2, -1));
    }
}
