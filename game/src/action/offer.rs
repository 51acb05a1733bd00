//! What a hero can do where it stands, and why not: the one list the play
//! screen's context menu, the solver, random play and the tests ask
//! (the rules as `docs/RULES.md` states them).
//!
//! [`available`] goes through every hand, rope and exit action a hero
//! could be asked for ([`hand_actions`]) and every item the sorceress sees
//! to levitate, and asks [`super::execute`] — the rules themselves — about
//! each. An [`Offer`] is an action with its cost in action points and
//! either the events it would produce or the typed [`Refusal`]. Refused
//! actions are kept when the refusal is about this action here (hands
//! full, too heavy, not enough action points, "stand in the rope's top
//! cell", "the sorceress is on the rope"), so a screen shows them greyed
//! with the reason; they are dropped when what the action needs is simply
//! not here (no rope in hand, no container, not at the entrance), which
//! would only clutter a menu. Moves by destination are not offers: they
//! come from [`super::movement::reachable`] and the target the player
//! points at. End turn is everyone's, not a hero's.
//!
//! Nothing here decides a rule: the verdicts are `execute`'s, so what the
//! menu shows, what the solver expands and what `perform` does cannot
//! drift apart.

use super::abilities::{levitates, HAND_ACTION_AP, LEVITATE_AP, LEVITATE_CELLS};
use super::items::{check_levitate_item, is_loose_item};
use super::{execute_here, Action, DeployDir, Event, Refusal};
use crate::grid::CellPos;
use crate::stage::Stage;
use crate::things::ThingId;
use crate::view::{GridView, ViewPos};

/// What an offer does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offered {
    /// This action, as it stands.
    Do(Action),
    /// The sorceress levitates this item; where to is chosen next
    /// ([`levitation_targets`] lists where it may go).
    Levitate(ThingId),
}

/// One action the rules know for a hero here, with its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// The action, or the choice that leads to it.
    pub what: Offered,
    /// Action points it costs (0: free).
    pub cost: u8,
    /// The events it would produce (empty for a levitation, whose
    /// destination is still to choose), or why the rules refuse it now.
    pub verdict: Result<Vec<Event>, Refusal>,
}

impl Offer {
    /// Whether the rules allow it now.
    pub fn is_allowed(&self) -> bool {
        self.verdict.is_ok()
    }

    /// Why not, if refused.
    pub fn refusal(&self) -> Option<Refusal> {
        self.verdict.as_ref().err().copied()
    }
}

/// Every hand, rope and exit action `hero` could be asked for in its cell:
/// picking up each item lying there, setting down, putting in, taking
/// out, the rope let down three ways, hoisting, lowering, taking the rope
/// back, tying, leaving. Unchecked: [`available`] asks the rules.
pub fn hand_actions(stage: &Stage, hero: ThingId) -> Vec<Action> {
    let mut out = Vec::with_capacity(16);
    if let Some(cell) = stage.cell_of(hero) {
        for item in stage.things_in(cell) {
            if item != hero && is_loose_item(stage, item) {
                out.push(Action::PickUp {
                    hero,
                    item: Some(item),
                });
            }
        }
    }
    out.extend([
        Action::SetDown { hero },
        Action::PutIn { hero },
        Action::TakeOut { hero },
        Action::DeployRope {
            hero,
            dir: DeployDir::Down,
        },
        Action::DeployRope {
            hero,
            dir: DeployDir::Left,
        },
        Action::DeployRope {
            hero,
            dir: DeployDir::Right,
        },
        Action::Hoist { hero },
        Action::Lower { hero },
        Action::TakeRope { hero },
        Action::Tie { hero },
        Action::Exit { hero },
    ]);
    out
}

/// The action points `action` costs whatever happens, if that is fixed
/// (a move's cost depends on its path: `None`).
pub fn fixed_cost(action: &Action) -> Option<u8> {
    match action {
        Action::Move { .. } => None,
        Action::Levitate { .. } => Some(LEVITATE_AP),
        Action::Exit { .. } | Action::EndTurn => Some(0),
        _ => Some(HAND_ACTION_AP),
    }
}

/// Whether a refusal only says that what the action needs is not here:
/// such an action is not offered at all.
fn nothing_here(refusal: Refusal) -> bool {
    matches!(
        refusal,
        Refusal::HandsEmpty
            | Refusal::NothingToPickUp
            | Refusal::NoContainer
            | Refusal::ContainerEmpty
            | Refusal::NoRope
            | Refusal::NoDrop
            | Refusal::NotAtAnchor
            | Refusal::NotAtRopeEnd
            | Refusal::NothingToTie
            | Refusal::NotAtEntrance
            | Refusal::NotASorceress
            | Refusal::NoSuchHero
            | Refusal::HeroHasLeft
            | Refusal::LevelWon
            | Refusal::LevelLost
    )
}

/// Every action the rules know for `hero` here, each with its cost and
/// its verdict (see the module docs), hand actions first in
/// [`hand_actions`]' order, then the sorceress' levitations by item.
/// `view` is the hero's view, built from its cell (for what she sees).
pub fn available(stage: &Stage, view: &GridView, hero: ThingId) -> Vec<Offer> {
    let mut out = Vec::new();
    if super::acting_hero(stage, &Action::Exit { hero }).is_err() {
        return out;
    }
    for action in hand_actions(stage, hero) {
        let verdict = execute_here(stage, &action);
        if matches!(verdict, Err(why) if nothing_here(why)) {
            continue;
        }
        out.push(Offer {
            what: Offered::Do(action),
            cost: fixed_cost(&action).unwrap_or(0),
            verdict,
        });
    }
    // Levitation switched off (`Stage::without`) is offered no more than
    // to a hero who never levitates: `execute` refuses it with the reason.
    if stage
        .hero_kind(hero)
        .is_some_and(|kind| levitates(kind, stage.without()))
    {
        let ap = stage.thing(hero).map_or(0, |t| t.data.action_points);
        for item in levitation_items(stage, view, hero) {
            let verdict = check_levitate_item(stage, view, hero, item).and_then(|_| {
                if ap < LEVITATE_AP {
                    Err(Refusal::NotEnoughAp {
                        needs: LEVITATE_AP,
                        has: ap,
                    })
                } else {
                    Ok(Vec::new())
                }
            });
            out.push(Offer {
                what: Offered::Levitate(item),
                cost: LEVITATE_AP,
                verdict,
            });
        }
    }
    out
}

/// Everyone standing with `hero` at the entrance leaving the level
/// together (a screen's one choice for what is otherwise one Exit each):
/// the Exit of every hero still in the level in the entrance cell, `hero`
/// first, then the others in level order — each asked of the rules
/// ([`execute_here`]); `Err` with the first refusal when the rules refuse
/// one. `None` when there is nothing to offer: `hero` is not at the
/// entrance, or stands there alone (its own Exit is the offer), or cannot
/// act. [`Session::perform_all`](crate::session::Session::perform_all)
/// does the actions as one undo step.
pub fn everyone_here_leaves(stage: &Stage, hero: ThingId) -> Option<Result<Vec<Action>, Refusal>> {
    super::acting_hero(stage, &Action::Exit { hero }).ok()?;
    let entrance = stage.entrance();
    if stage.cell_of(hero) != Some(entrance) {
        return None;
    }
    let mut leaving = vec![Action::Exit { hero }];
    leaving.extend(
        stage
            .active_heroes()
            .into_iter()
            .filter(|&h| h != hero && stage.cell_of(h) == Some(entrance))
            .map(|h| Action::Exit { hero: h }),
    );
    if leaving.len() < 2 {
        return None;
    }
    for action in &leaving {
        if let Err(refusal) = execute_here(stage, action) {
            return Some(Err(refusal));
        }
    }
    Some(Ok(leaving))
}

/// The loose items `hero` sees (in `view`, built from its cell), in slot
/// order, itself and what it holds left out.
fn levitation_items(stage: &Stage, view: &GridView, hero: ThingId) -> Vec<ThingId> {
    let mut seen: Vec<ThingId> = Vec::new();
    for node in view.nodes() {
        for item in stage.things_in(node.cell) {
            if item != hero && is_loose_item(stage, item) && !seen.contains(&item) {
                seen.push(item);
            }
        }
    }
    // Only what she sees where it lies (check_levitate_item's test): an
    // item in a cell seen as a sliver is neither drawn nor offered.
    seen.retain(|&item| {
        stage
            .cell_of(item)
            .is_some_and(|c| view.sees_lying_in(stage.grid(), c))
    });
    seen.sort_unstable_by_key(|id| id.index());
    seen
}

/// Where `item` may be levitated to, as far as sight goes: every grid
/// cell of `view` within [`LEVITATE_CELLS`] view steps of a place the item
/// is seen at (a path that long cannot leave that square). A superset:
/// the rules ([`super::execute`]) decide each.
pub fn levitation_targets(view: &GridView, item_cell: CellPos, out: &mut Vec<CellPos>) {
    out.clear();
    let reach = i32::from(LEVITATE_CELLS as u8);
    let places: Vec<ViewPos> = view
        .nodes()
        .iter()
        .filter(|n| n.cell == item_cell)
        .map(|n| n.view)
        .collect();
    for from in places {
        for node in view.nodes() {
            let d = (node.view.x - from.x).abs() + (node.view.y - from.y).abs();
            if d >= 1 && d <= reach && !out.contains(&node.cell) {
                out.push(node.cell);
            }
        }
    }
}
