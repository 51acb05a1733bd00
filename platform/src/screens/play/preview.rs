//! The preview of what a move (or a levitation) would do before it is
//! committed: the session works the action out without changing anything
//! (`Session::preview`), and the path of its events is drawn over the world
//! — walks, step-ups and climbs as a gold line of dots, a fall in red — or,
//! when the rules refuse, a red cross on the cell and the reason in the HUD.
//!
//! Paths come as [`PathStep`]s whose `view` is where the hero sees each
//! cell from where the action was planned, which is the view the screen
//! draws: the line runs through portals exactly as sight does.
use game::action::{Event, MoveKind, PathStep, Refusal};
use game::view::ViewPos;
use glam::Vec2;
use render::{hex, DrawList, Pass, Rect, Rgba, Stencil};

use super::camera::Projection;

/// The sides of the path's and routes' dots (a decagon).
pub const DOT_SEGMENTS: u32 = 10;

pub const PATH: Rgba = crate::screens::theme::GOLD;
/// The line between a path's dots, lighter so what lies under it shows.
pub const PATH_LINE: Rgba = [0.96, 0.77, 0.26, 0.7];
pub const FALL_LINE: Rgba = [1.0, 0.35, 0.29, 0.7];
pub const FALL: Rgba = hex(0xff5a4a);
pub const REFUSED: Rgba = hex(0xff5a4a);
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
}

impl PreviewPath {
    /// The cells fallen, seen or not.
    pub fn falls(&self) -> usize {
        self.fallen
    }
}

/// The path of the first `Move` in `events` (the mover's), starting at
/// `start`; steps seen nowhere in the view are left out.
pub fn path_of(events: &[Event], start: ViewPos) -> PreviewPath {
    let mut cost = 0;
    let mut steps = Vec::new();
    let mut end = None;
    let mut fallen = 0;
    for e in events {
        match e {
            Event::Spend { cost: c, .. } => cost += c,
            Event::Move { path, .. } if steps.is_empty() && end.is_none() => {
                end = path.last().map(|s| s.cell);
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
    }
}

/// What a move made by one key press did, in words, when it cost more
/// than one action point ("Climbed and walked through a portal: 2 AP"):
/// the mouse hover shows a move's cost before the click, a key press has
/// no hover, so its message says it. `from` is the mover's cell before;
/// `None` for a move of 1 AP or less.
pub fn cost_note(events: &[Event], from: game::grid::CellPos) -> Option<String> {
    let cost = path_of(events, ViewPos::default()).cost;
    if cost <= 1 {
        return None;
    }
    let path = events.iter().find_map(|e| match e {
        Event::Move { path, .. } => Some(path),
        _ => None,
    })?;
    let mut verbs: Vec<&str> = Vec::new();
    let mut through_portal = false;
    // Where the last step was, in the grid and as seen: a step whose move
    // in the grid is not its move on screen went through a portal.
    let mut last = Some((from, ViewPos::default()));
    for step in path {
        let verb = match step.kind {
            MoveKind::Walk => "walked",
            MoveKind::StepUp => "stepped up",
            MoveKind::Climb => "climbed",
            MoveKind::Fall => "fell",
            MoveKind::Float => "floated",
            MoveKind::Patrol => "went",
        };
        if !verbs.contains(&verb) {
            verbs.push(verb);
        }
        if let (Some((cell, seen)), Some(view)) = (last, step.view) {
            let grid_move = (step.cell.x - cell.x, step.cell.y - cell.y);
            through_portal |= grid_move != (view.x - seen.x, view.y - seen.y);
        }
        last = step.view.map(|v| (step.cell, v));
    }
    let mut what = match verbs.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => "moved".into(),
    };
    if let Some(first) = what.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    let portal = if through_portal {
        " through a portal"
    } else {
        ""
    };
    Some(format!("{what}{portal}: {cost} AP"))
}

/// Draws `preview` (UI pass, over the world).
pub fn draw(list: &mut DrawList, proj: &Projection, preview: &Preview) {
    let saved = list.state();
    list.set_pass(Pass::Ui);
    list.set_stencil(Stencil::None);
    let s = proj.cell_px;
    match &preview.outcome {
        Ok(path) => {
            let mut at = proj.cell_centre(path.start);
            for step in &path.steps {
                let next = proj.cell_centre(step.view);
                let (colour, line) = if step.fall {
                    (FALL, FALL_LINE)
                } else {
                    (PATH, PATH_LINE)
                };
                list.line(at, next, (s * 0.05).max(2.0), line);
                list.disc(next, (s * 0.08).max(2.5), DOT_SEGMENTS, colour);
                at = next;
            }
            if let Some(last) = path.steps.last() {
                let colour = if last.fall { FALL } else { PATH };
                let c = proj.cell_centre(last.view);
                list.disc(c, (s * 0.16).max(4.0), DOT_SEGMENTS, colour);
                list.disc(c, (s * 0.1).max(2.5), DOT_SEGMENTS, hex(0x20242f));
            }
        }
        Err(_) => {
            let c = proj.cell_centre(preview.target);
            let r = s * 0.22;
            list.line(c - Vec2::splat(r), c + Vec2::splat(r), s * 0.07, REFUSED);
            list.line(
                c + Vec2::new(-r, r),
                c + Vec2::new(r, -r),
                s * 0.07,
                REFUSED,
            );
        }
    }
    list.set_state(saved);
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

#[cfg(test)]
mod tests {
    use super::*;
    use game::grid::CellPos;
    use game::things::ThingId;

    #[test]
    fn the_path_of_a_move_keeps_its_view_cells_and_marks_the_fall() {
        let hero = ThingId::new(1, std::num::NonZeroU32::MIN);
        let step = |x, y, kind| PathStep {
            cell: CellPos::new(0, 0),
            kind,
            view: Some(ViewPos::new(x, y)),
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
                    },
                ],
            },
        ];
        let p = path_of(&events, ViewPos::default());
        assert_eq!(p.cost, 2);
        assert_eq!(p.steps.len(), 3, "the unseen step is left out");
        assert_eq!(p.steps.iter().filter(|s| s.fall).count(), 1);
        assert_eq!(p.falls(), 2, "but the fall is counted whole");
        assert_eq!(p.steps[2].view, ViewPos::new(2, -1));
    }
}
