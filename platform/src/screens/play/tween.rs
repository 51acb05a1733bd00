//! Tweens: what moved in the last change of state, drawn moving along its
//! way for [`TWEEN_S`] instead of jumping.
//!
//! The stage changes at once (an action is applied, undone or redone as a
//! whole); a tween only changes where the things that moved are *drawn*.
//! Each [`Mover`] is a Thing whose cell changed, with its way as points in
//! the view space of the view drawn *after* the change: the hero's path as
//! planned (walks, step-ups, climbs and the fall, through portals), or, for
//! anything else that moved (an item that fell, a patrolling watcher,
//! anything undo put back), the straight line between
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

/// How long the walking part of a tween runs, in seconds.
pub const TWEEN_S: f32 = 0.15;
/// Gravity for falls, in cells per second² (a cell is about a metre; a
/// little over real gravity, so a fall of a few cells stays brisk).
pub const FALL_G: f32 = 30.0;

/// A way a thing took in a step, in some view's space: its points, and how
/// many of its last segments are a fall (drawn falling with gravity).
#[derive(Clone, Debug, PartialEq)]
pub struct Way {
    pub thing: ThingId,
    pub points: Vec<Vec2>,
    pub falls: usize,
}

/// One thing drawn moving.
#[derive(Clone, Debug, PartialEq)]
pub struct Mover {
    pub thing: ThingId,
    /// Its way, in the new view's space; at least two points.
    pub points: Vec<Vec2>,
    /// How many of the last segments are a fall: those are drawn falling
    /// with gravity after the rest (walks, steps, climbs) has been eased
    /// through in [`TWEEN_S`].
    pub falls: usize,
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

    /// Segments before the fall.
    fn walk_segments(&self) -> usize {
        self.points
            .len()
            .saturating_sub(1)
            .saturating_sub(self.falls)
    }

    /// Seconds of the walking part (0 when it only falls).
    pub fn walk_s(&self) -> f32 {
        if self.walk_segments() > 0 {
            TWEEN_S
        } else {
            0.0
        }
    }

    /// Length of the fall, in cells.
    pub fn fall_len(&self) -> f32 {
        let w = self.walk_segments();
        self.points[w.min(self.points.len())..]
            .windows(2)
            .map(|p| p[0].distance(p[1]))
            .sum()
    }

    /// Seconds the whole way takes: the walk, then a fall from rest.
    pub fn duration_s(&self) -> f32 {
        self.walk_s() + (2.0 * self.fall_len() / FALL_G).sqrt()
    }

    /// Where it is drawn `s` seconds in: eased along the walk, then
    /// accelerating down the fall (`d = g t² / 2` along its segments).
    pub fn at_time(&self, s: f32) -> Vec2 {
        let w = self.walk_segments();
        let walk_s = self.walk_s();
        if w > 0 && s < walk_s {
            let t = ease(s / walk_s);
            let x = t * w as f32;
            let i = (x.floor() as usize).min(w - 1);
            return self.points[i].lerp(self.points[i + 1], x - i as f32);
        }
        let fall = &self.points[w.min(self.points.len().saturating_sub(1))..];
        let mut d = 0.5 * FALL_G * (s - walk_s).max(0.0).powi(2);
        for p in fall.windows(2) {
            let len = p[0].distance(p[1]);
            if d <= len && len > 0.0 {
                return p[0].lerp(p[1], d / len);
            }
            d -= len;
        }
        self.points.last().copied().unwrap_or_default()
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
        let duration_s = movers.iter().map(Mover::duration_s).fold(TWEEN_S, f32::max);
        (!movers.is_empty()).then_some(Tween {
            elapsed_s: 0.0,
            duration_s,
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
        self.movers
            .iter()
            .find(|m| m.thing == thing)
            .map(|m| m.at_time(self.elapsed_s))
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
    pub ways: &'a [Way],
    /// A step done (not undone): things that moved straight down fell.
    pub forward: bool,
}

/// The movers of a change (see the module docs). Things that moved with
/// their holder (an item in a hero's hand, in a bucket, tied to a rope's
/// end: the rope's motion draws it hoisted or lowered) move with it and
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
            .find(|w| w.thing == place.thing && w.points.len() >= 2);
        if now == place.cell && known.is_none() {
            continue;
        }
        let held = stage
            .store()
            .parent(place.thing)
            .and_then(|p| stage.thing(p))
            .is_some_and(|p| {
                matches!(
                    p.kind(),
                    ThingKind::Hero | ThingKind::Interactable | ThingKind::RopeSegment
                )
            });
        if held {
            continue;
        }
        let (points, end, falls) = match known {
            Some(way) => {
                let end = *way.points.last().unwrap_or(&Vec2::ZERO);
                (way.points.clone(), end, way.falls)
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
                // Set down over a drop, or left hanging: it fell.
                let fell = change.forward && to.x == from.x && to.y < from.y;
                (vec![from, to], to, usize::from(fell))
            }
        };
        let end_cell = ViewPos::new(end.x.round() as i32, end.y.round() as i32);
        let region = crate::screens::world::region_at(change.view, end_cell, now)
            .unwrap_or(CellTransform::IDENTITY);
        out.push(Mover {
            thing: place.thing,
            points,
            falls,
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
            falls: 0,
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
    fn a_fall_accelerates_under_gravity_after_the_walk() {
        // A step right, then a fall of four cells.
        let m = Mover {
            thing: ThingId::new(1, std::num::NonZeroU32::MIN),
            points: vec![
                Vec2::ZERO,
                Vec2::X,
                Vec2::new(1.0, -1.0),
                Vec2::new(1.0, -2.0),
                Vec2::new(1.0, -3.0),
                Vec2::new(1.0, -4.0),
            ],
            falls: 4,
            region: CellTransform::IDENTITY,
        };
        let fall_s = (2.0 * 4.0 / FALL_G).sqrt();
        assert!((m.duration_s() - (TWEEN_S + fall_s)).abs() < 1e-5);
        assert_eq!(
            m.at_time(TWEEN_S),
            Vec2::X,
            "the walk ends where the fall starts"
        );
        // Distance fallen grows with the square of time: a quarter of the
        // way at half the fall's time.
        let half = m.at_time(TWEEN_S + fall_s / 2.0);
        assert!((half.y - -1.0).abs() < 1e-4, "{half}");
        assert_eq!(m.at_time(m.duration_s() + 1.0), Vec2::new(1.0, -4.0));
        // The tween lasts as long as its slowest mover.
        let t = Tween::new(vec![m.clone()]).unwrap();
        assert!((t.duration_s - m.duration_s()).abs() < 1e-6);
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
                to: Target::View(ViewPos::new(-1, 0)),
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
            forward: true,
        });
        assert_eq!(movers.len(), 1);
        assert_eq!(movers[0].thing, scout);
        // Without its way, the copy of (1, 0) next to where it stood: seen
        // through the portal in the left wall.
        assert_eq!(movers[0].points[0], Vec2::ZERO);
        assert_eq!(movers[0].points[1], Vec2::NEG_X);
    }
}
