//! The rules of play as actions: check → execute → apply (`docs/ARCHITECTURE.md`,
//! "The pipeline"; `docs/RULES.md`).
//!
//! [`execute`] checks an [`Action`] against the rules and, if it may be done,
//! works out its whole schedule of [`Event`]s — the path walked, falls, rope
//! shifts, who gets caught — without changing anything, so a screen can
//! preview it. [`event::apply`] plays a schedule onto the stage; it is the
//! only code that changes a stage. A refused action returns a [`Refusal`]
//! a player can read. Files per concern: [`movement`] (moving by
//! destination; `move_search`, the search it plans from), [`items`] (hand actions, levitation), [`rope`], [`turn`]
//! (end of round, leaving), [`walk`] (a chain of moves to a cell out of
//! sight), [`abilities`] (the heroes' table and costs),
//! [`refusal`] (every reason, rendered in one place).
//!
//! What screens, the solver, random play and tests ask of the rules, so
//! none of them re-derives one: [`offer::available`] (every action a hero
//! could be asked for here, with its cost and the rules' verdict) and
//! [`watch::Watch`] (what the watchers the party knows will see at the end
//! of the round, and whom they would catch).

pub mod abilities;
pub mod event;
pub mod items;
mod move_search;
pub mod movement;
pub mod offer;
pub mod refusal;
pub mod rope;
pub mod turn;
pub mod walk;
pub mod watch;

#[cfg(test)]
mod tests;

pub use event::{apply, Event, MoveKind, PathStep};
pub use movement::{MovePlan, Target};
pub use offer::{available, Offer, Offered};
pub use refusal::Refusal;
pub use rope::DeployDir;

use abilities::{HAND_ACTION_AP, LEVITATE_AP};

use crate::grid::CellPos;
use crate::stage::{Outcome, Stage, SIGHT_RADIUS};
use crate::things::ThingId;
use crate::view::GridView;

/// Something the player asks for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Move the hero to a destination in their sight.
    Move {
        /// The hero who acts.
        hero: ThingId,
        /// Where to: a grid cell, or a cell of the hero's view.
        to: Target,
    },
    /// Pick up an item in the hero's cell (the first one that can be, if
    /// `item` is `None`).
    PickUp {
        /// The hero who acts.
        hero: ThingId,
        /// The item to pick up; `None`: the first one here that can be.
        item: Option<ThingId>,
    },
    /// Set the held item down.
    SetDown {
        /// The hero who acts.
        hero: ThingId,
    },
    /// Put the held item into a container here.
    PutIn {
        /// The hero who acts.
        hero: ThingId,
    },
    /// Take an item out of a container here.
    TakeOut {
        /// The hero who acts.
        hero: ThingId,
    },
    /// Let the held rope hang down, here or beside.
    DeployRope {
        /// The hero who acts.
        hero: ThingId,
        /// Into the hero's own cell, or the one beside on that side.
        dir: DeployDir,
    },
    /// Pull the rope anchored here up.
    Hoist {
        /// The hero who acts.
        hero: ThingId,
    },
    /// Pay the rope anchored here out.
    Lower {
        /// The hero who acts.
        hero: ThingId,
    },
    /// Take a deployed rope back.
    TakeRope {
        /// The hero who acts.
        hero: ThingId,
    },
    /// Tie a hangable item to the end of the rope here.
    Tie {
        /// The hero who acts.
        hero: ThingId,
    },
    /// The sorceress carries an item through the air.
    Levitate {
        /// The sorceress.
        hero: ThingId,
        /// The item carried.
        item: ThingId,
        /// The cell it is carried to.
        to: CellPos,
    },
    /// Leave the level through the entrance.
    Exit {
        /// The hero who acts.
        hero: ThingId,
    },
    /// End the round.
    EndTurn,
}

impl Action {
    /// The hero acting, if any.
    pub fn hero(&self) -> Option<ThingId> {
        match *self {
            Action::Move { hero, .. }
            | Action::PickUp { hero, .. }
            | Action::SetDown { hero }
            | Action::PutIn { hero }
            | Action::TakeOut { hero }
            | Action::DeployRope { hero, .. }
            | Action::Hoist { hero }
            | Action::Lower { hero }
            | Action::TakeRope { hero }
            | Action::Tie { hero }
            | Action::Levitate { hero, .. }
            | Action::Exit { hero } => Some(hero),
            Action::EndTurn => None,
        }
    }
}

/// Checks `action` and works out its events. `view` is scratch space for
/// sight (rebuilt as needed); the stage is not changed.
pub fn execute(stage: &Stage, view: &mut GridView, action: &Action) -> Result<Vec<Event>, Refusal> {
    let Some(hero) = acting_hero(stage, action)? else {
        return Ok(turn::execute_end_turn(stage, view));
    };
    // What the action would do is checked first, its cost last: a hero
    // out of action points is told what stands in the way before that the
    // points are spent ("nothing here to pick up", not "needs 1 AP").
    let (cost, events) = match *action {
        Action::Move { to, .. } => {
            let from = stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
            view.build(stage.grid(), from, SIGHT_RADIUS);
            let moves = movement::Moves::search(stage, view, hero);
            move_events(stage, view, &moves, hero, from, to)?
        }
        Action::Levitate { item, to, .. } => {
            let from = stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
            view.build(stage.grid(), from, SIGHT_RADIUS);
            levitation_events(stage, view, hero, item, to)?
        }
        _ => hand_events(stage, hero, action)?,
    };
    charge(stage, hero, cost, events)
}

/// [`execute`] for a move, with the mover's view (built from its cell)
/// and its [`movement::Moves`] searched in it already, in this stage as
/// it stands: what a session that keeps them for the state answers. Any
/// other action is refused as [`Refusal::Internal`] (ask [`execute`]).
pub fn execute_move(
    stage: &Stage,
    view: &GridView,
    moves: &movement::Moves,
    action: &Action,
) -> Result<Vec<Event>, Refusal> {
    let Action::Move { to, .. } = *action else {
        return Err(Refusal::Internal);
    };
    let hero = acting_hero(stage, action)?.ok_or(Refusal::Internal)?;
    let from = stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
    let (cost, events) = move_events(stage, view, moves, hero, from, to)?;
    charge(stage, hero, cost, events)
}

/// [`execute`] for a levitation, with the sorceress' view (built from her
/// cell) built already. Any other action is refused as
/// [`Refusal::Internal`] (ask [`execute`]).
pub fn execute_levitation(
    stage: &Stage,
    view: &GridView,
    action: &Action,
) -> Result<Vec<Event>, Refusal> {
    let Action::Levitate { item, to, .. } = *action else {
        return Err(Refusal::Internal);
    };
    let hero = acting_hero(stage, action)?.ok_or(Refusal::Internal)?;
    stage.cell_of(hero).ok_or(Refusal::NoSuchHero)?;
    let (cost, events) = levitation_events(stage, view, hero, item, to)?;
    charge(stage, hero, cost, events)
}

/// The cost and events of `hero`'s levitation of `item` to `to`, in her
/// view.
fn levitation_events(
    stage: &Stage,
    view: &GridView,
    hero: ThingId,
    item: ThingId,
    to: CellPos,
) -> Result<(u8, Vec<Event>), Refusal> {
    Ok((
        LEVITATE_AP,
        items::execute_levitate(stage, view, hero, item, to)?,
    ))
}

/// The cost and events of `hero`'s move from `from` to `to`, planned in
/// its searched moves.
fn move_events(
    stage: &Stage,
    view: &GridView,
    moves: &movement::Moves,
    hero: ThingId,
    from: CellPos,
    to: Target,
) -> Result<(u8, Vec<Event>), Refusal> {
    let ap = stage.thing(hero).map_or(0, |t| t.data.action_points);
    let plan = moves.plan(stage, view, hero, to, ap)?;
    Ok((
        plan.cost,
        vec![Event::Move {
            thing: hero,
            from,
            path: plan.path,
        }],
    ))
}

/// Checks and works out an action that needs no sight: a hand, rope or
/// exit action (see [`offer::hand_actions`]); a move, a levitation or the
/// end of the turn is refused as [`Refusal::Internal`] (ask [`execute`]).
pub fn execute_here(stage: &Stage, action: &Action) -> Result<Vec<Event>, Refusal> {
    let hero = acting_hero(stage, action)?.ok_or(Refusal::Internal)?;
    let (cost, events) = hand_events(stage, hero, action)?;
    charge(stage, hero, cost, events)
}

/// The hero acting, once the level and the hero can act at all; `None`
/// for the end of the turn.
pub(crate) fn acting_hero(stage: &Stage, action: &Action) -> Result<Option<ThingId>, Refusal> {
    match action.hero() {
        None => level_in_play(stage).map(|()| None),
        Some(hero) => may_act(stage, hero).map(|()| Some(hero)),
    }
}

/// Whether the level is still being played, and if not why.
fn level_in_play(stage: &Stage) -> Result<(), Refusal> {
    match stage.outcome() {
        Outcome::Playing => Ok(()),
        Outcome::Cleared | Outcome::Retreated => Err(Refusal::LevelWon),
        Outcome::Lost => Err(Refusal::LevelLost),
    }
}

/// Whether `hero` may act at all now, and if not why: the level is over,
/// the hero left, or it is no hero. The first check of every action of a
/// hero; screens ask it before offering one.
pub fn may_act(stage: &Stage, hero: ThingId) -> Result<(), Refusal> {
    level_in_play(stage)?;
    stage.hero_kind(hero).ok_or(Refusal::NoSuchHero)?;
    if stage.has_left(hero) {
        return Err(Refusal::HeroHasLeft);
    }
    Ok(())
}

/// The cost and events of a hand, rope or exit action.
fn hand_events(stage: &Stage, hero: ThingId, action: &Action) -> Result<(u8, Vec<Event>), Refusal> {
    let cost = offer::fixed_cost(action).unwrap_or(HAND_ACTION_AP);
    let events = match *action {
        Action::Exit { .. } => turn::execute_exit(stage, hero)?,
        Action::PickUp { item, .. } => items::execute_pick_up(stage, hero, item)?,
        Action::SetDown { .. } => items::execute_set_down(stage, hero)?,
        Action::PutIn { .. } => items::execute_put_in(stage, hero)?,
        Action::TakeOut { .. } => items::execute_take_out(stage, hero)?,
        Action::DeployRope { dir, .. } => rope::execute_deploy(stage, hero, dir)?,
        Action::Hoist { .. } => rope::execute_hoist(stage, hero)?,
        Action::Lower { .. } => rope::execute_lower(stage, hero)?,
        Action::TakeRope { .. } => rope::execute_take_rope(stage, hero)?,
        Action::Tie { .. } => rope::execute_tie(stage, hero)?,
        Action::Move { .. } | Action::Levitate { .. } | Action::EndTurn => {
            return Err(Refusal::Internal)
        }
    };
    Ok((cost, events))
}

/// The schedule of `events` done by `hero` for `cost` action points: the
/// points spent first; refused if the hero has too few.
fn charge(
    stage: &Stage,
    hero: ThingId,
    cost: u8,
    events: Vec<Event>,
) -> Result<Vec<Event>, Refusal> {
    let ap = stage.thing(hero).map_or(0, |t| t.data.action_points);
    if cost > ap {
        return Err(Refusal::NotEnoughAp {
            needs: cost,
            has: ap,
        });
    }
    let mut schedule = Vec::with_capacity(events.len() + 1);
    if cost > 0 {
        schedule.push(Event::Spend {
            hero,
            cost,
            left: ap - cost,
        });
    }
    schedule.extend(events);
    Ok(schedule)
}
