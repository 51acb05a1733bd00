//! Tweens: what moved in the last change of state, drawn moving along its
//! way for [`TWEEN_S`] instead of jumping.
//!
//! The stage changes at once (an action is applied, undone or redone as a
//! whole); a tween only changes where the things that moved are *drawn*.
//! Each [`Mover`] is a Thing whose cell changed, with its way as points in
//! the view space of the view drawn *after* the change: the hero's path as
//! planned (walks, step-ups, climbs and the fall, through portals), or, for
//! anything else that moved (a hoisted bucket, an item that fell, a
//! patrolling watcher, anything undo put back), the straight line between
//! where it was seen before and where it is seen now. Undo plays the hero's
//! path backwards.
//!
//! Input is never blocked: the screen [`Tween::finish`]es the running tween
//! as soon as a new input arrives.
use game::grid::{CellPos, CellTransform};
use game::stage::Stage;
use game::things::{ThingId, ThingKind};
use game::view::{GridView, ViewPos};
use glam::Vec2;

/// How long a tween runs, in seconds.
pub const TWEEN_S: f32 = 0.15;

/// One thing drawn moving.
#[derive(Clone, Debug, PartialEq)]
pub struct Mover {
    pub thing: ThingId,
    /// Its way, in the new view's space; at least two points.
    pub points: Vec<Vec2>,
    /// The region transform it is drawn under (that of where it ends).
    pub region: CellTransform,
}

impl Mover {
    /// Where it is drawn at `t` in 0..=1 (equal time per segment).
    pub fn at(&self, t: f32) -> Vec2 {
        let segments = self.points.len().saturating_sub(1);
        if segments == 0 {
            return self.points.first().copied().unwrap_or_default();
        }
        let x = t.clamp(0.0, 1.0) * segments as f32;
        let i = (x.floor() as usize).min(segments - 1);
        self.points[i].lerp(self.points[i + 1], x - i as f32)
    }
}

/// The things moving after one change of state.
#[derive(Clone, Debug, PartialEq)]
pub struct Tween {
    pub elapsed_s: f32,
    pub duration_s: f32,
    pub movers: Vec<Mover>,
}

/// Smoothstep: starts and ends gently.
fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

impl Tween {
    /// A tween of `movers`; `None` when nothing moves.
    pub fn new(movers: Vec<Mover>) -> Option<Tween> {
        (!movers.is_empty()).then_some(Tween {
            elapsed_s: 0.0,
            duration_s: TWEEN_S,
            movers,
        })
    }

    /// Eased progress, 0..=1.
    pub fn progress(&self) -> f32 {
        ease(self.elapsed_s / self.duration_s.max(1e-6))
    }

    /// Advances by `dt_s`; true while still running.
    pub fn update(&mut self, dt_s: f32) -> bool {
        self.elapsed_s += dt_s.max(0.0);
        self.elapsed_s < self.duration_s
    }

    /// Jumps to the end.
    pub fn finish(&mut self) {
        self.elapsed_s = self.duration_s;
    }

    /// Whether it has run its course.
    pub fn done(&self) -> bool {
        self.elapsed_s >= self.duration_s
    }

    /// The things drawn by the tween (hidden from the world's own drawing).
    pub fn things(&self) -> Vec<ThingId> {
        self.movers.iter().map(|m| m.thing).collect()
    }

    /// Where `thing` is drawn now, if it moves.
    pub fn position_of(&self, thing: ThingId) -> Option<Vec2> {
        let t = self.progress();
        self.movers
            .iter()
            .find(|m| m.thing == thing)
            .map(|m| m.at(t))
    }
}

fn to_vec(v: ViewPos) -> Vec2 {
    Vec2::new(v.x as f32, v.y as f32)
}

/// Of the view cells where `view` shows `cell`, the one nearest `near`.
pub fn nearest_position(view: &GridView, cell: CellPos, near: Vec2) -> Option<ViewPos> {
    view.nodes()
        .iter()
        .filter(|n| n.cell == cell)
        .map(|n| n.view)
        .min_by(|a, b| {
            let (da, db) = (
                to_vec(*a).distance_squared(near),
                to_vec(*b).distance_squared(near),
            );
            da.total_cmp(&db).then(a.cmp(b))
        })
}

/// A Thing's place before a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub thing: ThingId,
    pub cell: CellPos,
}

/// Where every hero, item and watcher is (rope segments come and go rather
/// than move), for comparing after a change.
pub fn places(stage: &Stage) -> Vec<Place> {
    [ThingKind::Hero, ThingKind::Interactable, ThingKind::Enemy]
        .into_iter()
        .flat_map(|k| stage.store().iter_kind(k))
        .filter_map(|(id, _)| {
            Some(Place {
                thing: id,
                cell: stage.cell_of(id)?,
            })
        })
        .collect()
}

/// What a change looked like, for [`movers`].
pub struct Change<'a> {
    /// Places before the change.
    pub before: &'a [Place],
    /// The view drawn before the change, and the stage and view after.
    pub old_view: &'a GridView,
    pub stage: &'a Stage,
    pub view: &'a GridView,
    /// Where the new view's origin was in the old view's space: old points
    /// minus `shift` are new points.
    pub shift: Vec2,
    /// Known ways (paths planned in the view: the hero's walk, a
    /// levitated item's flight), in the new view's space.
    pub ways: &'a [(ThingId, Vec<Vec2>)],
}

/// The movers of a change (see the module docs). Things that moved with
/// their holder (an item in a hero's hand, in a bucket) move with it and
/// are not movers themselves; things that left sight are not drawn moving.
pub fn movers(change: &Change) -> Vec<Mover> {
    let stage = change.stage;
    let mut out = Vec::new();
    for place in change.before {
        let Some(now) = stage.cell_of(place.thing) else {
            continue;
        };
        let known = change
            .ways
            .iter()
            .find(|(id, points)| *id == place.thing && points.len() >= 2);
        if now == place.cell && known.is_none() {
            continue;
        }
        let held = stage
            .store()
            .parent(place.thing)
            .and_then(|p| stage.thing(p))
            .is_some_and(|p| matches!(p.kind(), ThingKind::Hero | ThingKind::Interactable));
        if held {
            continue;
        }
        let (points, end) = match known {
            Some((_, points)) => {
                let end = *points.last().unwrap_or(&Vec2::ZERO);
                (points.clone(), end)
            }
            None => {
                let Some(old) = nearest_position(change.old_view, place.cell, Vec2::ZERO) else {
                    continue;
                };
                let from = to_vec(old) - change.shift;
                let Some(new) = nearest_position(change.view, now, from) else {
                    continue;
                };
                let to = to_vec(new);
                (vec![from, to], to)
            }
        };
        let end_cell = ViewPos::new(end.x.round() as i32, end.y.round() as i32);
        let region = crate::screens::world::region_at(change.view, end_cell, now)
            .unwrap_or(CellTransform::IDENTITY);
        out.push(Mover {
            thing: place.thing,
            points,
            region,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::action::{Action, Target};
    use game::grid::CellPos;
    use game::session::Session;
    use game::stage::SIGHT_RADIUS;

    #[test]
    fn movers_follow_their_points_in_equal_time_per_segment() {
        let m = Mover {
            thing: ThingId::new(1, std::num::NonZeroU32::MIN),
            points: vec![Vec2::ZERO, Vec2::X, Vec2::new(1.0, -2.0)],
            region: CellTransform::IDENTITY,
        };
        assert_eq!(m.at(0.0), Vec2::ZERO);
        assert_eq!(m.at(0.25), Vec2::new(0.5, 0.0));
        assert_eq!(m.at(0.75), Vec2::new(1.0, -1.0));
        assert_eq!(m.at(1.0), Vec2::new(1.0, -2.0));
        let mut t = Tween::new(vec![m.clone()]).unwrap();
        assert!(t.update(TWEEN_S / 2.0));
        assert!((t.progress() - 0.5).abs() < 1e-6);
        t.finish();
        assert!(t.done());
        assert_eq!(t.position_of(m.thing), Some(Vec2::new(1.0, -2.0)));
        assert!(Tween::new(Vec::new()).is_none());
    }

    #[test]
    fn a_walk_in_the_loop_back_room_moves_the_walker_only() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/loop_back.txt");
        let level = game::level::load_file(&path).unwrap();
        let mut session = Session::new(&level).unwrap();
        let scout = session.stage().heroes()[1];
        let before = places(session.stage());
        let mut old_view = GridView::new();
        old_view.build(session.stage().grid(), CellPos::new(0, 0), SIGHT_RADIUS);
        session
            .perform(&Action::Move {
                hero: scout,
                to: Target::View(ViewPos::new(1, 0)),
            })
            .unwrap();
        // Another hero's view: its origin did not move.
        let mut view = GridView::new();
        view.build(session.stage().grid(), CellPos::new(0, 0), SIGHT_RADIUS);
        let movers = movers(&Change {
            before: &before,
            old_view: &old_view,
            stage: session.stage(),
            view: &view,
            shift: Vec2::ZERO,
            ways: &[],
        });
        assert_eq!(movers.len(), 1);
        assert_eq!(movers[0].thing, scout);
        // Without its way, a copy of (1, 0) next to where it stood: the
        // room repeats both ways, so either neighbour will do.
        assert_eq!(movers[0].points[0], Vec2::ZERO);
        assert_eq!(movers[0].points[1].length(), 1.0);
    }
}
