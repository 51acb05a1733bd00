//! The end of a round and leaving the level (`GAME.md`, "Turns",
//! "Enemies", "Winning").
//!
//! Ending the turn: each patrolling watcher walks one cell along its route
//! (routes loop; see [`crate::stage::expand_route`]), then every watcher
//! looks with its own GridView — through portals too — and catches every
//! hero still in the level that it sees. Then the turn counter advances and
//! the heroes' action points refill. A caught hero loses the level until the
//! player undoes or restarts.

use super::event::Event;
use super::refusal::Refusal;
use crate::stage::{Stage, SIGHT_RADIUS};
use crate::things::{ThingFlags, ThingId, ThingKind};
use crate::view::GridView;

/// End the round: watchers patrol, then catch who they see; the turn passes.
pub fn execute_end_turn(stage: &Stage, view: &mut GridView) -> Vec<Event> {
    let mut events = Vec::new();
    let mut watchers = Vec::new();
    for watcher in stage.of_kind(ThingKind::Enemy) {
        let Some(from) = stage.cell_of(watcher) else {
            continue;
        };
        let data = stage.thing(watcher).map(|t| t.data).unwrap_or_default();
        let route = stage.route(data.route);
        let mut at = from;
        if !route.is_empty() {
            let route_step = ((data.route_step as usize + 1) % route.len()) as u16;
            at = route[route_step as usize];
            if at != from {
                events.push(Event::Patrol {
                    watcher,
                    from,
                    to: at,
                    route_step,
                });
            }
        }
        watchers.push((watcher, at));
    }
    let heroes: Vec<ThingId> = stage.active_heroes();
    for (watcher, at) in watchers {
        view.build(stage.grid(), at, SIGHT_RADIUS);
        for &hero in &heroes {
            let caught_already = events
                .iter()
                .any(|e| matches!(e, Event::Caught { hero: h, .. } if *h == hero));
            if caught_already {
                continue;
            }
            if stage
                .cell_of(hero)
                .is_some_and(|c| view.is_visible(stage.grid(), c))
            {
                events.push(Event::Caught { hero, watcher });
            }
        }
    }
    events.push(Event::NextRound {
        turn: stage.turn() + 1,
    });
    events
}

/// The hero leaves the level through the entrance, with what they hold.
pub fn execute_exit(stage: &Stage, hero: ThingId) -> Result<Vec<Event>, Refusal> {
    if stage.cell_of(hero) != Some(stage.entrance()) {
        return Err(Refusal::NotAtEntrance);
    }
    Ok(vec![Event::Flag {
        thing: hero,
        flag: ThingFlags::EXITED,
        on: true,
    }])
}
