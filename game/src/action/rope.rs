//! Rope actions (`docs/RULES.md`, "Things"): deploy, hoist, lower, take back,
//! tie. A deployed rope is its rope item lying in the anchor cell, flagged
//! DEPLOYED, plus one ROPE_SEGMENT Thing per cell it hangs through, each
//! linked to the rope item and numbered from the anchor (0) down. The cells
//! follow gravity: each is the grid step down from the one above, through
//! OPEN, PLATFORM and PORTAL edges, so a rope hangs on through a floor
//! portal. What is tied to the rope is a child of its bottom segment and
//! moves with it, through portals too.

use super::abilities::{hoist_cells_per_ap, safe_fall_cells};
use super::event::{Event, PathStep};
use super::refusal::Refusal;
use crate::grid::{CellPos, Dir};
use crate::stage::support::{Fall, Faller};
use crate::stage::Stage;
use crate::things::{Capabilities, ThingFlags, ThingId, ThingKind};

/// Where a rope may be deployed: into the hero's own cell and down, or into
/// the neighbouring cell on one side and down.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DeployDir {
    /// Into the hero's own cell and down.
    Down,
    /// Into the cell on the hero's left and down.
    Left,
    /// Into the cell on the hero's right and down.
    Right,
}

/// The cells a rope of `len` cells hangs through from `top`.
fn hang_cells(stage: &Stage, top: CellPos, len: u16) -> Vec<CellPos> {
    let mut cells = vec![top];
    while (cells.len() as u16) < len {
        let Some(next) = stage.step(*cells.last().unwrap_or(&top), Dir::Down) else {
            break;
        };
        if cells.contains(&next) {
            break; // A portal loop: the rope would meet itself.
        }
        cells.push(next);
    }
    cells
}

/// Deploy the rope the hero holds.
pub fn execute_deploy(stage: &Stage, hero: ThingId, dir: DeployDir) -> Result<Vec<Event>, Refusal> {
    let rope = stage
        .held(hero)
        .filter(|&r| stage.is_rope(r))
        .ok_or(Refusal::NoRope)?;
    let cell = stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
    let top = match dir {
        DeployDir::Down => cell,
        DeployDir::Left => stage.step(cell, Dir::Left).ok_or(Refusal::NoDrop)?,
        DeployDir::Right => stage.step(cell, Dir::Right).ok_or(Refusal::NoDrop)?,
    };
    if stage.rope_anchored_in(top).is_some() || stage.segment_in(top).is_some() {
        return Err(Refusal::NoDrop);
    }
    let len = stage.thing(rope).map_or(1, |t| t.data.rope_len_cells);
    let cells = hang_cells(stage, top, len);
    if cells.len() < 2 {
        return Err(Refusal::NoDrop);
    }
    // Each cell becomes a segment Thing: refuse, before anything changes,
    // what the store cannot hold.
    if free_slots(stage) < cells.len() {
        return Err(Refusal::NoRoom);
    }
    Ok(vec![Event::DeployRope { hero, rope, cells }])
}

/// Slots the store of Things has left for new Things.
fn free_slots(stage: &Stage) -> usize {
    stage.store().capacity() - stage.store().len()
}

/// The deployed rope whose anchor is in the hero's cell. A hero beside an
/// anchor (where the rope was let down from) or hanging on a rope is told
/// where to stand instead.
fn rope_at_anchor(stage: &Stage, hero: ThingId) -> Result<(ThingId, Vec<ThingId>), Refusal> {
    let cell = stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
    if let Some(rope) = stage.rope_anchored_in(cell) {
        return Ok((rope, stage.rope_segments(rope)));
    }
    let beside = [Dir::Left, Dir::Right]
        .into_iter()
        .filter_map(|d| stage.step(cell, d))
        .any(|c| stage.rope_anchored_in(c).is_some());
    if beside || stage.segment_in(cell).is_some() {
        Err(Refusal::NotInRopeTop)
    } else {
        Err(Refusal::NotAtAnchor)
    }
}

/// The hero (other than `except`) who hangs on a rope in `cell`: still in
/// the level, with no floor under them there. One standing on a floor in a
/// cell the rope passes (its anchor cell's, say) does not hang on it. The
/// one answer for the rules and for the rope's motion (a hanging hero
/// weighs it down).
pub fn hanging_hero(stage: &Stage, cell: CellPos, except: Option<ThingId>) -> Option<ThingId> {
    if stage.has_floor(cell) {
        return None;
    }
    stage.things_in(cell).into_iter().find(|&t| {
        Some(t) != except
            && stage.hero_kind(t).is_some()
            && !stage.has_flag(t, ThingFlags::EXITED)
            && stage.store().parent(t).is_none()
    })
}

/// A hero (other than `except`) who hangs in one of `segments`' cells.
fn someone_on(stage: &Stage, segments: &[ThingId], except: ThingId) -> Option<ThingId> {
    segments
        .iter()
        .filter_map(|&s| stage.cell_of(s))
        .find_map(|c| hanging_hero(stage, c, Some(except)))
}

/// The refusal for `hero` hanging in the way.
fn on_rope(stage: &Stage, hero: ThingId) -> Refusal {
    Refusal::HeroOnRope(stage.hero_kind(hero).unwrap_or_default())
}

/// Pull the rope up: one cell, two for the knight; what is tied to its end
/// comes up with it.
pub fn execute_hoist(stage: &Stage, hero: ThingId) -> Result<Vec<Event>, Refusal> {
    let (rope, segments) = rope_at_anchor(stage, hero)?;
    if segments.len() < 2 {
        return Err(Refusal::RopeAllUp);
    }
    let kind = stage.hero_kind(hero).ok_or(Refusal::NoSuchHero)?;
    let cells = (hoist_cells_per_ap(kind) as usize).min(segments.len() - 1);
    let (kept, removed) = segments.split_at(segments.len() - cells);
    if let Some(other) = someone_on(stage, removed, hero) {
        return Err(on_rope(stage, other));
    }
    let new_end = *kept.last().ok_or(Refusal::RopeAllUp)?;
    let end_cell = stage.cell_of(new_end).ok_or(Refusal::RopeAllUp)?;
    // Bottom first, so what is tied climbs one segment at a time.
    let removed: Vec<ThingId> = removed.iter().rev().copied().collect();
    Ok(vec![Event::Hoist {
        rope,
        removed,
        new_end,
        end_cell,
    }])
}

/// Pay the rope out by one cell; what is tied to its end goes down with it.
pub fn execute_lower(stage: &Stage, hero: ThingId) -> Result<Vec<Event>, Refusal> {
    let (rope, segments) = rope_at_anchor(stage, hero)?;
    let len = stage.thing(rope).map_or(1, |t| t.data.rope_len_cells);
    let old_end = *segments.last().ok_or(Refusal::NotAtAnchor)?;
    if segments.len() as u16 >= len {
        return Err(Refusal::RopeAllDown);
    }
    let end_cell = stage.cell_of(old_end).ok_or(Refusal::NotAtAnchor)?;
    let next = stage
        .step(end_cell, Dir::Down)
        .ok_or(Refusal::RopeAllDown)?;
    if segments.iter().any(|&s| stage.cell_of(s) == Some(next)) {
        return Err(Refusal::RopeAllDown);
    }
    if free_slots(stage) < 1 {
        return Err(Refusal::NoRoom);
    }
    Ok(vec![Event::Lower {
        rope,
        old_end,
        cells: vec![next],
        first_position: segments.len() as u16,
    }])
}

/// Take the rope back up, from its anchor cell or the cell beside it; nothing
/// may be tied to it and nobody else may hang on it.
pub fn execute_take_rope(stage: &Stage, hero: ThingId) -> Result<Vec<Event>, Refusal> {
    let cell = stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
    let beside = [
        Some(cell),
        stage.step(cell, Dir::Left),
        stage.step(cell, Dir::Right),
    ];
    let rope = beside
        .iter()
        .flatten()
        .find_map(|&c| stage.rope_anchored_in(c))
        .ok_or(Refusal::NotAtAnchor)?;
    if stage.held(hero).is_some() {
        return Err(Refusal::HandsFull);
    }
    let segments = stage.rope_segments(rope);
    if segments.iter().any(|&s| !stage.children(s).is_empty()) {
        return Err(Refusal::RopeInUse);
    }
    if let Some(other) = someone_on(stage, &segments, hero) {
        return Err(on_rope(stage, other));
    }
    // Without the rope, a hero hanging on its anchor segment falls.
    let mut events = vec![Event::TakeRope { hero, rope }];
    if stage.segment_in(cell).is_some() && !stage.has_floor(cell) {
        let safe = safe_fall_cells(stage.hero_kind(hero).unwrap_or_default(), stage.without());
        match stage.fall_from(cell, Faller::Item) {
            Fall::Forever => return Err(Refusal::FallsForever),
            Fall::Lands(path) if path.len() as u16 > safe => {
                return Err(Refusal::TooFarToFall {
                    cells: path.len() as u16,
                    safe,
                })
            }
            Fall::Lands(path) => events.push(Event::Move {
                thing: hero,
                from: cell,
                path: PathStep::fall(path),
            }),
        }
    }
    Ok(events)
}

/// Tie a hangable item — the one in hand, else one lying here — to the end
/// of the rope that ends in the hero's cell. The first reason refused is
/// the real one: holding something that cannot hang (a statue, a coil of
/// rope) with no bucket lying here is refused as that
/// ([`Refusal::CannotHang`]), whether or not the rope's end is free.
pub fn execute_tie(stage: &Stage, hero: ThingId) -> Result<Vec<Event>, Refusal> {
    let cell = stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
    let end = stage
        .things_in(cell)
        .into_iter()
        .filter(|&s| {
            stage
                .thing(s)
                .is_some_and(|t| t.kind() == ThingKind::RopeSegment)
        })
        .find(|&s| {
            stage
                .rope_of(s)
                .map(|r| stage.rope_segments(r).last() == Some(&s))
                .unwrap_or(false)
        })
        .ok_or(Refusal::NotAtRopeEnd)?;
    let held = stage.held(hero);
    let loose = || {
        stage.things_in(cell).into_iter().find(|&i| {
            stage.item_can(i, Capabilities::HANG)
                && stage.thing(i).is_some_and(|t| t.parent().is_none())
                && !stage.has_flag(i, ThingFlags::DEPLOYED)
        })
    };
    let (item, in_hand) = match held {
        Some(h) if stage.item_can(h, Capabilities::HANG) => (h, true),
        Some(_) => (loose().ok_or(Refusal::CannotHang)?, false),
        None => (loose().ok_or(Refusal::NothingToTie)?, false),
    };
    if !stage.children(end).is_empty() {
        return Err(Refusal::RopeEndTaken);
    }
    let mut events = Vec::with_capacity(2);
    if in_hand {
        events.push(Event::Detach { child: item });
    }
    events.push(Event::Attach {
        child: item,
        parent: end,
    });
    Ok(events)
}
