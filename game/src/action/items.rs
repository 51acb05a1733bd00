//! Hand actions on items (`docs/RULES.md`, "Things"): pick up, set down, put in,
//! take out, and the sorceress' levitation. A hero holds at most one item
//! (its one child in the Thing tree). Each `execute_*` checks the rules and
//! returns the schedule of events, or the reason it cannot be done.

use super::abilities::{carries_heavy, levitates, Ability, Without, LEVITATE_CELLS};
use super::event::{Event, PathStep};
use super::movement::levitation_path;
use super::refusal::Refusal;
use crate::grid::CellPos;
use crate::stage::support::{Fall, Faller};
use crate::stage::Stage;
use crate::things::{Capabilities, ThingFlags, ThingId, ThingKind};
use crate::view::GridView;

/// Whether `hero` may take up `item`: something heavy (or a bucket with
/// something heavy in it) only the knight (unless the stage switched his
/// heavy carry off), and not while hanging on a rope.
fn can_carry(stage: &Stage, hero: ThingId, item: ThingId) -> Result<(), Refusal> {
    let kind = stage.hero_kind(hero).ok_or(Refusal::NoSuchHero)?;
    if stage.is_heavy_load(item) {
        if !carries_heavy(kind, stage.without()) {
            return Err(if carries_heavy(kind, Without::NONE) {
                Refusal::SwitchedOff(Ability::HeavyCarry)
            } else {
                Refusal::TooHeavy(kind)
            });
        }
        if stage.cell_of(hero).is_some_and(|c| !stage.has_floor(c)) {
            return Err(Refusal::HeavyWhileClimbing);
        }
    }
    Ok(())
}

/// Whether `id` is a loose item: an interactable, a root, not a deployed rope.
pub fn is_loose_item(stage: &Stage, id: ThingId) -> bool {
    stage
        .thing(id)
        .is_some_and(|t| t.kind() == ThingKind::Interactable && t.parent().is_none())
        && !stage.has_flag(id, ThingFlags::DEPLOYED)
}

/// The events of `item` lying loose in `cell` and falling if nothing holds
/// it up.
fn settle(stage: &Stage, item: ThingId, cell: CellPos) -> Result<Vec<Event>, Refusal> {
    match stage.fall_from(cell, Faller::Item) {
        Fall::Forever => Err(Refusal::FallsForever),
        Fall::Lands(cells) if cells.is_empty() => Ok(Vec::new()),
        Fall::Lands(cells) => Ok(vec![Event::Move {
            thing: item,
            from: cell,
            path: PathStep::fall(cells),
        }]),
    }
}

/// Pick up `item` (or the first item here that can be picked up).
pub fn execute_pick_up(
    stage: &Stage,
    hero: ThingId,
    item: Option<ThingId>,
) -> Result<Vec<Event>, Refusal> {
    if stage.held(hero).is_some() {
        return Err(Refusal::HandsFull);
    }
    let cell = stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
    let candidates: Vec<ThingId> = match item {
        Some(i) => vec![i],
        None => stage.things_in(cell),
    };
    let mut refusal = Refusal::NothingToPickUp;
    for id in candidates {
        let here = stage.cell_of(id) == Some(cell);
        if !here || !is_loose_item(stage, id) || !stage.item_can(id, Capabilities::ACQUIRE) {
            continue;
        }
        match can_carry(stage, hero, id) {
            Ok(()) => {
                return Ok(vec![Event::Attach {
                    child: id,
                    parent: hero,
                }])
            }
            Err(e) => refusal = e,
        }
    }
    Err(refusal)
}

/// Set the held item down in the hero's cell; it falls if nothing holds it.
pub fn execute_set_down(stage: &Stage, hero: ThingId) -> Result<Vec<Event>, Refusal> {
    let item = stage.held(hero).ok_or(Refusal::HandsEmpty)?;
    if !stage.item_can(item, Capabilities::PLACE) {
        return Err(Refusal::CannotPlace);
    }
    let cell = stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
    let mut events = vec![Event::Detach { child: item }];
    events.extend(settle(stage, item, cell)?);
    Ok(events)
}

/// The first container in `cell` other than `except`, not one carried out
/// of the level by a hero who left.
pub fn container_in(stage: &Stage, cell: CellPos, except: Option<ThingId>) -> Option<ThingId> {
    stage.things_in(cell).into_iter().find(|&id| {
        Some(id) != except
            && stage.item_can(id, Capabilities::CONTAIN)
            && !stage.is_rope(id)
            && !stage.has_flag(stage.root_of(id), ThingFlags::EXITED)
    })
}

/// Put the held item into a container in the hero's cell.
pub fn execute_put_in(stage: &Stage, hero: ThingId) -> Result<Vec<Event>, Refusal> {
    let item = stage.held(hero).ok_or(Refusal::HandsEmpty)?;
    if !stage.item_can(item, Capabilities::PLACE) {
        return Err(Refusal::CannotPlace);
    }
    let cell = stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
    let container = container_in(stage, cell, Some(item)).ok_or(Refusal::NoContainer)?;
    Ok(vec![
        Event::Detach { child: item },
        Event::Attach {
            child: item,
            parent: container,
        },
    ])
}

/// What taking out would take out for `hero`, and of what: the first item
/// in the first container in the hero's cell (not the one it holds).
pub fn take_out_of(stage: &Stage, hero: ThingId) -> Result<(ThingId, ThingId), Refusal> {
    let cell = stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
    let container = container_in(stage, cell, stage.held(hero)).ok_or(Refusal::NoContainer)?;
    let item = stage
        .children(container)
        .into_iter()
        .next()
        .ok_or(Refusal::ContainerEmpty)?;
    Ok((item, container))
}

/// Take an item out of a container in the hero's cell.
pub fn execute_take_out(stage: &Stage, hero: ThingId) -> Result<Vec<Event>, Refusal> {
    let (item, _) = take_out_of(stage, hero)?;
    if stage.held(hero).is_some() {
        return Err(Refusal::HandsFull);
    }
    can_carry(stage, hero, item)?;
    Ok(vec![
        Event::Detach { child: item },
        Event::Attach {
            child: item,
            parent: hero,
        },
    ])
}

/// Whether the sorceress `hero` may levitate `item` somewhere (where to is
/// checked by [`execute_levitate`]): she levitates (and the stage has not
/// switched that off), it is an item, loose,
/// and in her sight — where it lies in its cell, not a sliver of the cell
/// ([`GridView::sees_lying_in`]). Returns the item's cell.
pub fn check_levitate_item(
    stage: &Stage,
    view: &GridView,
    hero: ThingId,
    item: ThingId,
) -> Result<CellPos, Refusal> {
    let kind = stage.hero_kind(hero).ok_or(Refusal::NoSuchHero)?;
    if !levitates(kind, stage.without()) {
        return Err(if levitates(kind, Without::NONE) {
            Refusal::SwitchedOff(Ability::Levitate)
        } else {
            Refusal::NotASorceress
        });
    }
    if stage
        .thing(item)
        .is_none_or(|t| t.kind() != ThingKind::Interactable)
        || stage.has_flag(item, ThingFlags::DEPLOYED)
    {
        return Err(Refusal::NotAnItem);
    }
    if stage.thing(item).is_some_and(|t| t.parent().is_some()) {
        return Err(Refusal::ItemAttached);
    }
    let from = stage.cell_of(item).ok_or(Refusal::NotAnItem)?;
    if !view.sees_lying_in(stage.grid(), from) {
        return Err(Refusal::ItemNotVisible);
    }
    Ok(from)
}

/// The sorceress moves `item` to `to`, at most [`LEVITATE_CELLS`] cells
/// along her view (`view`, built from her cell); it then falls if nothing
/// holds it up.
pub fn execute_levitate(
    stage: &Stage,
    view: &GridView,
    hero: ThingId,
    item: ThingId,
    to: CellPos,
) -> Result<Vec<Event>, Refusal> {
    let from = check_levitate_item(stage, view, hero, item)?;
    let path = levitation_path(stage, view, from, to, LEVITATE_CELLS)?;
    Ok(vec![Event::Move {
        thing: item,
        from,
        path,
    }])
}
