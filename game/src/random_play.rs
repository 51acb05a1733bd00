//! Random play for property tests (the undo log's, the save's): the
//! actions a player could try next — mostly legal, some not — from a
//! seeded generator, so a run is repeatable.
use crate::action::{Action, DeployDir, Target};
use crate::rng::SplitMix64 as Rng;
use crate::session::Session;
use crate::things::{ThingId, ThingKind};
use crate::view::ViewPos;

/// The actions worth trying for one random hero now, in random order.
pub fn candidates(s: &mut Session, rng: &mut Rng) -> Vec<Action> {
    let mut actions = vec![Action::EndTurn];
    let Some(hero) = rng.pick(&s.stage().active_heroes()) else {
        return actions;
    };
    let items: Vec<ThingId> = s.stage().of_kind(ThingKind::Interactable);
    let here: Vec<ThingId> = s
        .stage()
        .cell_of(hero)
        .map(|c| s.stage().things_in(c))
        .unwrap_or_default();
    let seen: Vec<(ViewPos, crate::grid::CellPos)> = s
        .view_of(hero)
        .nodes()
        .iter()
        .map(|n| (n.view, n.cell))
        .collect();
    for _ in 0..4 {
        if let Some((_, cell)) = rng.pick(&seen) {
            actions.push(Action::Move {
                hero,
                to: Target::Cell(cell),
            });
        }
    }
    if let Some((view, _)) = rng.pick(&seen) {
        actions.push(Action::Move {
            hero,
            to: Target::View(view),
        });
    }
    actions.push(Action::PickUp { hero, item: None });
    if let Some(item) = rng.pick(&here) {
        actions.push(Action::PickUp {
            hero,
            item: Some(item),
        });
    }
    for dir in [DeployDir::Down, DeployDir::Left, DeployDir::Right] {
        actions.push(Action::DeployRope { hero, dir });
    }
    actions.extend([
        Action::SetDown { hero },
        Action::PutIn { hero },
        Action::TakeOut { hero },
        Action::Hoist { hero },
        Action::Lower { hero },
        Action::TakeRope { hero },
        Action::Tie { hero },
        Action::Exit { hero },
    ]);
    for _ in 0..2 {
        if let (Some(item), Some((_, to))) = (rng.pick(&items), rng.pick(&seen)) {
            actions.push(Action::Levitate { hero, item, to });
        }
    }
    rng.shuffle(&mut actions);
    // Leaving and ending the turn end play too soon if tried first.
    actions.sort_by_key(|a| matches!(a, Action::EndTurn | Action::Exit { .. }));
    if rng.below(4) == 0 {
        actions.insert(0, Action::EndTurn);
    }
    actions
}
