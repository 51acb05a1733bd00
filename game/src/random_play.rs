//! Random play for property tests (the undo log's, the save's): the
//! actions a player could try next — what the rules offer the hero
//! ([`available`], allowed or refused), random moves and levitations, some
//! of them illegal — from a seeded generator, so a run is repeatable.
//! Used by tests and benchmarks only. It is built with the library rather
//! than behind a cargo feature: turning a feature on for the crate's own
//! integration tests takes a dev-dependency of `game` on itself, which
//! compiles the library a second time on every edit (a `game` edit's
//! `cargo test -p game --lib` went from 18 s to 27 s), for 70 lines.
use crate::action::{available, Action, Offered, Target};
use crate::rng::SplitMix64 as Rng;
use crate::session::Session;
use crate::things::{ThingId, ThingKind};
use crate::view::ViewPos;

/// The actions worth trying for one random hero now, in random order.
pub fn random_actions(s: &mut Session, rng: &mut Rng) -> Vec<Action> {
    let mut actions = vec![Action::EndTurn];
    let Some(hero) = rng.pick(&s.stage().active_heroes()) else {
        return actions;
    };
    let items: Vec<ThingId> = s.stage().of_kind(ThingKind::Interactable);
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
    // What the rules list for the hero here, allowed or refused (a
    // refused action must leave the session as it was).
    let mut view = crate::view::GridView::new();
    if let Some(cell) = s.stage().cell_of(hero) {
        view.build(s.stage().grid(), cell, crate::stage::SIGHT_RADIUS);
    }
    for offer in available(s.stage(), &view, hero) {
        match offer.what {
            Offered::Do(action) => actions.push(action),
            Offered::Levitate(item) => {
                if let Some((_, to)) = rng.pick(&seen) {
                    actions.push(Action::Levitate { hero, item, to });
                }
            }
        }
    }
    // And an asked-for pick up of whatever comes first, here or not.
    actions.push(Action::PickUp { hero, item: None });
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
