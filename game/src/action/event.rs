//! Events: the schedule an action executes into, and the only thing that
//! changes a stage. Executing an action computes its whole schedule up front
//! — the path walked, any fall, where a rope's segments go, who is caught —
//! so a screen can preview it; applying plays the schedule onto the store
//! through the store's own calls, which list every slot they write in the
//! store's change log (the undo log's commit reads it). After applying,
//! the slots the events spliced out of slot order are put back
//! ([`Store::settle`](crate::things::Store::settle)), so the state is
//! canonical again at a cost that follows the step, not the stage.

use crate::grid::CellPos;
use crate::stage::Stage;
use crate::things::{CellIndex, StoreError, ThingData, ThingFlags, ThingId, ThingKind};
use crate::view::ViewPos;

/// How a Thing got from one cell to the next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// One cell sideways, along a floor.
    Walk,
    /// Part of a step up: one cell up (two with the ability), then one across
    /// onto the ledge.
    StepUp,
    /// One cell up or down a hanging rope.
    Climb,
    /// One cell down through open air.
    Fall,
    /// Carried by levitation.
    Float,
    /// A watcher on its patrol.
    Patrol,
}

/// One cell of a path: where it arrives, how, and — for paths planned in
/// an actor's view — where that cell is seen (for drawing the preview).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PathStep {
    /// The cell arrived in.
    pub cell: CellPos,
    /// How it got there.
    pub kind: MoveKind,
    /// The view cell it is seen in from where the action was planned.
    pub view: Option<ViewPos>,
    /// Action points spent arriving here: a move's first step carries the
    /// move's cost (a walk and the fall after it, a one- or two-cell step
    /// up and across, a climb: one each); every other step is free. The
    /// steps' sum is the path's cost.
    pub ap: u8,
    /// Whether arriving here crossed a portal: the cell is seen in another
    /// region of the planner's view than the step before (false where
    /// either is not seen, and on paths not planned in a view).
    pub portal: bool,
}

impl PathStep {
    /// The steps of a fall through `cells`, not placed in any view.
    pub fn fall(cells: impl IntoIterator<Item = CellPos>) -> Vec<PathStep> {
        cells
            .into_iter()
            .map(|cell| PathStep {
                cell,
                kind: MoveKind::Fall,
                view: None,
                ap: 0,
                portal: false,
            })
            .collect()
    }
}

/// One change to the stage.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// `hero` spends `cost` action points, leaving `left`.
    Spend {
        /// The hero who spends them.
        hero: ThingId,
        /// Action points spent.
        cost: u8,
        /// Action points the hero has left after.
        left: u8,
    },
    /// A root Thing, with everything attached to it, moves along `path`
    /// (ending in the last step's cell).
    Move {
        /// The root Thing that moves.
        thing: ThingId,
        /// The cell it starts from (not in `path`).
        from: CellPos,
        /// The cells passed, in order, the last being where it ends.
        path: Vec<PathStep>,
    },
    /// `child` is attached to `parent` (and moves into its cell).
    Attach {
        /// The Thing attached.
        child: ThingId,
        /// The Thing it now hangs from, is held by or lies in.
        parent: ThingId,
    },
    /// `child` is detached and lies in its cell as a root.
    Detach {
        /// The Thing detached.
        child: ThingId,
    },
    /// `hero` lets `rope` hang from `cells[0]` down through the rest.
    DeployRope {
        /// The hero who lets it down.
        hero: ThingId,
        /// The rope, which leaves the hero's hand.
        rope: ThingId,
        /// The cells its new segments hang in, top first (never empty).
        cells: Vec<CellPos>,
    },
    /// The bottom segments `removed` of `rope` are pulled up; what was tied
    /// to the old end is tied to `new_end`, in `end_cell`.
    Hoist {
        /// The rope pulled up.
        rope: ThingId,
        /// Its bottom segments, pulled up and despawned.
        removed: Vec<ThingId>,
        /// The segment that is the rope's end afterwards.
        new_end: ThingId,
        /// The new end's cell.
        end_cell: CellPos,
    },
    /// `rope` is paid out: new segments in `cells` (positions from
    /// `first_position`); what was tied to `old_end` moves to the new end.
    Lower {
        /// The rope paid out.
        rope: ThingId,
        /// The segment that was the rope's end.
        old_end: ThingId,
        /// The cells of the new segments, top first.
        cells: Vec<CellPos>,
        /// Position along the rope of the first new segment (the segment below
        /// `old_end`).
        first_position: u16,
    },
    /// `hero` takes `rope` back up; its segments go.
    TakeRope {
        /// The hero who takes it.
        hero: ThingId,
        /// The rope, held by the hero again.
        rope: ThingId,
    },
    /// `flag` is set on or cleared from `thing`.
    Flag {
        /// The Thing whose flags change.
        thing: ThingId,
        /// The flag or flags set or cleared.
        flag: ThingFlags,
        /// `true`: set; `false`: cleared.
        on: bool,
    },
    /// `watcher` walks to the next cell of its route (`route_step`).
    Patrol {
        /// The watcher that walks.
        watcher: ThingId,
        /// The cell it leaves.
        from: CellPos,
        /// The cell it arrives in.
        to: CellPos,
        /// Its place in its route after the step.
        route_step: u16,
    },
    /// `hero` is seen by `watcher`: the level is lost.
    Caught {
        /// The hero seen.
        hero: ThingId,
        /// The watcher that sees them.
        watcher: ThingId,
    },
    /// The round ends: the turn counter becomes `turn` and every hero still
    /// in the level gets a full round of action points.
    NextRound {
        /// The turn counter's new value.
        turn: u32,
    },
}

impl Event {
    /// The hero this event takes out of the level through the entrance,
    /// if it is one's leaving.
    pub fn hero_left(&self) -> Option<ThingId> {
        match *self {
            Event::Flag {
                thing,
                flag,
                on: true,
            } if flag == ThingFlags::EXITED => Some(thing),
            _ => None,
        }
    }
}

fn cell(stage: &Stage, c: CellPos) -> Result<CellIndex, StoreError> {
    stage.cell_index(c).ok_or(StoreError::CellOutOfRange {
        cell: CellIndex(u16::MAX),
        cell_count: stage.grid().cell_count(),
    })
}

/// The action points `events` spend, all heroes together (0 if none).
pub fn spent(events: &[Event]) -> u8 {
    events
        .iter()
        .map(|e| match e {
            Event::Spend { cost, .. } => *cost,
            _ => 0,
        })
        .sum()
}

/// Plays `events` onto `stage`, then puts the rings the events changed
/// back in slot order (the canonical form). A failure means the schedule
/// did not match the stage: a bug in an action's execute step.
pub fn apply(stage: &mut Stage, events: &[Event]) -> Result<(), StoreError> {
    for event in events {
        apply_one(stage, event)?;
    }
    stage.store.settle();
    Ok(())
}

fn apply_one(stage: &mut Stage, event: &Event) -> Result<(), StoreError> {
    match event {
        Event::Spend { hero, left, .. } => {
            data(stage, *hero)?.action_points = *left;
        }
        Event::Move { thing, path, .. } => {
            if let Some(last) = path.last() {
                let to = cell(stage, last.cell)?;
                stage.store.place_in_cell(*thing, to)?;
            }
        }
        Event::Attach { child, parent } => stage.store.attach(*child, *parent)?,
        Event::Detach { child } => stage.store.detach(*child)?,
        Event::DeployRope {
            hero: _,
            rope,
            cells,
        } => {
            stage.store.detach(*rope)?;
            let top = cell(stage, cells[0])?;
            stage.store.place_in_cell(*rope, top)?;
            let flags = data(stage, *rope)?.flags;
            data(stage, *rope)?.flags = flags.with(ThingFlags::DEPLOYED, true);
            for (position, &c) in cells.iter().enumerate() {
                spawn_segment(stage, *rope, c, position as u16)?;
            }
        }
        Event::Hoist {
            rope: _,
            removed,
            new_end,
            end_cell: _,
        } => {
            for &segment in removed {
                for child in stage.children(segment) {
                    stage.store.attach(child, *new_end)?;
                }
                stage.store.despawn(segment)?;
            }
        }
        Event::Lower {
            rope,
            old_end,
            cells,
            first_position,
        } => {
            let mut end = *old_end;
            for (i, &c) in cells.iter().enumerate() {
                let segment = spawn_segment(stage, *rope, c, first_position + i as u16)?;
                for child in stage.children(end) {
                    stage.store.attach(child, segment)?;
                }
                end = segment;
            }
        }
        Event::TakeRope { hero, rope } => {
            for segment in stage.rope_segments(*rope) {
                stage.store.despawn(segment)?;
            }
            let flags = data(stage, *rope)?.flags;
            data(stage, *rope)?.flags = flags.with(ThingFlags::DEPLOYED, false);
            stage.store.attach(*rope, *hero)?;
        }
        Event::Flag { thing, flag, on } => {
            let flags = data(stage, *thing)?.flags;
            data(stage, *thing)?.flags = flags.with(*flag, *on);
        }
        Event::Patrol {
            watcher,
            to,
            route_step,
            ..
        } => {
            let to = cell(stage, *to)?;
            stage.store.place_in_cell(*watcher, to)?;
            data(stage, *watcher)?.route_step = *route_step;
        }
        Event::Caught { hero, .. } => {
            let flags = data(stage, *hero)?.flags;
            data(stage, *hero)?.flags = flags.with(ThingFlags::CAUGHT, true);
        }
        Event::NextRound { turn } => {
            stage.turn = *turn;
            for hero in stage.active_heroes() {
                let d = data(stage, hero)?;
                d.action_points = d.hero.action_points_per_round();
            }
        }
    }
    Ok(())
}

fn data(stage: &mut Stage, id: ThingId) -> Result<&mut ThingData, StoreError> {
    stage.store.data_mut(id).ok_or(StoreError::StaleId(id))
}

fn spawn_segment(
    stage: &mut Stage,
    rope: ThingId,
    c: CellPos,
    position: u16,
) -> Result<ThingId, StoreError> {
    let d = ThingData {
        rope_len_cells: position,
        link: rope.index(),
        ..ThingData::default()
    };
    let at = cell(stage, c)?;
    stage.store.spawn(ThingKind::RopeSegment, at, d)
}
