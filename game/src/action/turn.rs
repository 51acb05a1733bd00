//! The end of a round and leaving the level (`docs/RULES.md`, "Turns and action points",
//! "Enemies", "Winning").
//!
//! Ending the turn: each patrolling watcher walks one cell along its route
//! (routes loop; see [`crate::stage::expand_route`]), then every watcher
//! looks with its own GridView — through portals too — and catches every
//! hero still in the level that it sees. Then the turn counter advances and
//! the heroes' action points refill. A caught hero loses the level until the
//! player undoes or restarts.
//!
//! [`next_patrol_step`] is the patrol rule alone, so a screen that shows
//! where a watcher will stand (and what it will see) at the end of the
//! round asks the rules instead of copying them; [`patrol_step_after`] is
//! the same rule some rounds ahead (the editor's watcher timeline).

use super::event::Event;
use super::refusal::Refusal;
use crate::grid::CellPos;
use crate::stage::{Stage, SIGHT_RADIUS};
use crate::things::{ThingFlags, ThingId, ThingKind};
use crate::view::GridView;

/// One watcher's patrol step at the end of this round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PatrolStep {
    /// Where the watcher stands now.
    pub from: CellPos,
    /// Where it stands (and looks from) at the end of the round: the next
    /// cell of its route, or `from` for a watcher without a route.
    pub to: CellPos,
    /// The index into its route of `to` (0 without a route).
    pub route_step: u16,
}

impl PatrolStep {
    /// Whether the watcher moves this round.
    pub fn moves(&self) -> bool {
        self.to != self.from
    }
}

/// Where `watcher` will stand at the end of this round (see
/// [`PatrolStep`]); `None` when it is not a watcher on the grid.
pub fn next_patrol_step(stage: &Stage, watcher: ThingId) -> Option<PatrolStep> {
    patrol_step_after(stage, watcher, 0)
}

/// Where `watcher` will stand at the end of the round `rounds` rounds
/// after this one, if nothing changes meanwhile (a watcher's patrol
/// depends on nothing else): its patrol step then, `from` where the round
/// before left it. `rounds` 0 is [`next_patrol_step`]; the steps repeat
/// every [`patrol_period`] rounds. `None` when it is not a watcher on the
/// grid.
pub fn patrol_step_after(stage: &Stage, watcher: ThingId, rounds: u32) -> Option<PatrolStep> {
    let thing = stage.thing(watcher)?;
    if thing.kind() != ThingKind::Enemy {
        return None;
    }
    let here = stage.cell_of(watcher)?;
    let data = thing.data;
    let route = stage.route(data.route);
    if route.is_empty() {
        return Some(PatrolStep {
            from: here,
            to: here,
            route_step: data.route_step,
        });
    }
    let len = route.len();
    let route_step = (data.route_step as usize + 1 + rounds as usize % len) % len;
    let from = match rounds {
        0 => here,
        _ => route[(route_step + len - 1) % len],
    };
    Some(PatrolStep {
        from,
        to: route[route_step],
        route_step: route_step as u16,
    })
}

/// How many rounds `watcher`'s patrol takes to come round to the same
/// step: its route's length, 1 for a watcher standing still; `None` when
/// it is not a watcher on the grid.
pub fn patrol_period(stage: &Stage, watcher: ThingId) -> Option<usize> {
    let thing = stage.thing(watcher)?;
    if thing.kind() != ThingKind::Enemy {
        return None;
    }
    Some(stage.route(thing.data.route).len().max(1))
}

/// Every watcher on the grid with its patrol step this round, in level
/// order.
pub fn patrol_steps(stage: &Stage) -> impl Iterator<Item = (ThingId, PatrolStep)> + '_ {
    patrol_steps_after(stage, 0)
}

/// Every watcher on the grid with its patrol step `rounds` rounds after
/// this one ([`patrol_step_after`]), in level order.
pub fn patrol_steps_after(
    stage: &Stage,
    rounds: u32,
) -> impl Iterator<Item = (ThingId, PatrolStep)> + '_ {
    stage
        .of_kind(ThingKind::Enemy)
        .into_iter()
        .filter_map(move |w| patrol_step_after(stage, w, rounds).map(|step| (w, step)))
}

/// Builds in `view` what a watcher sees from `lookout`: its own GridView,
/// through portals.
pub fn watcher_sight(stage: &Stage, view: &mut GridView, lookout: CellPos) {
    view.build(stage.grid(), lookout, SIGHT_RADIUS);
}

/// Appends to `caught` each of `heroes` that the watcher whose sight is
/// `view` (see [`watcher_sight`]) catches, unless caught already: the
/// catch rule, asked by the end of the round and by the danger the screen
/// shows ([`super::watch`]).
pub fn catch(
    stage: &Stage,
    view: &GridView,
    watcher: ThingId,
    heroes: &[ThingId],
    caught: &mut Vec<(ThingId, ThingId)>,
) {
    for &hero in heroes {
        if caught.iter().any(|&(h, _)| h == hero) {
            continue;
        }
        if stage
            .cell_of(hero)
            .is_some_and(|c| view.is_visible(stage.grid(), c))
        {
            caught.push((hero, watcher));
        }
    }
}

/// Who of `heroes` the watchers, each looking from its cell in
/// `watchers`, catch: each hero once, with the first watcher (in the
/// order given) to see it.
fn catches(
    stage: &Stage,
    view: &mut GridView,
    watchers: &[(ThingId, CellPos)],
    heroes: &[ThingId],
) -> Vec<(ThingId, ThingId)> {
    let mut caught = Vec::new();
    for &(watcher, at) in watchers {
        watcher_sight(stage, view, at);
        catch(stage, view, watcher, heroes, &mut caught);
    }
    caught
}

/// Who caught whom in a lost position, as (hero, watcher): the catch the
/// round's end made (the same pairs as its [`Event::Caught`]s), asked of
/// the stage as it stands — the watchers look from where they stand, the
/// heroes are those caught. Empty when nobody was caught. For a screen
/// that shows a lost position reached without its events (undo, redo, a
/// saved game).
pub fn caught_by(stage: &Stage, view: &mut GridView) -> Vec<(ThingId, ThingId)> {
    let heroes: Vec<ThingId> = stage
        .heroes()
        .into_iter()
        .filter(|&h| stage.has_flag(h, ThingFlags::CAUGHT))
        .collect();
    if heroes.is_empty() {
        return Vec::new();
    }
    let watchers: Vec<(ThingId, CellPos)> = stage
        .of_kind(ThingKind::Enemy)
        .into_iter()
        .filter_map(|w| Some((w, stage.cell_of(w)?)))
        .collect();
    catches(stage, view, &watchers, &heroes)
}

/// End the round: watchers patrol, then catch who they see; the turn passes.
pub fn execute_end_turn(stage: &Stage, view: &mut GridView) -> Vec<Event> {
    let mut events = Vec::new();
    let mut watchers = Vec::new();
    for (watcher, step) in patrol_steps(stage) {
        if step.moves() {
            events.push(Event::Patrol {
                watcher,
                from: step.from,
                to: step.to,
                route_step: step.route_step,
            });
        }
        watchers.push((watcher, step.to));
    }
    let heroes: Vec<ThingId> = stage.active_heroes();
    events.extend(
        catches(stage, view, &watchers, &heroes)
            .into_iter()
            .map(|(hero, watcher)| Event::Caught { hero, watcher }),
    );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::level::load_text;
    use crate::session::Session;

    /// A hall five cells wide with a loft above 3,0; a wall keeps the
    /// scout at 0,0 out of every watcher's sight. The guard walks from 1,0
    /// to 3,0, up into the loft and back (waypoints 1,0 3,0 3,1 3,0: six
    /// cells a loop); the post stands still at 4,0. (Level art: cells on
    /// odd rows and columns, edges between them.)
    const HALL: &str = "[level]
name = \"Patrol test\"

[grid]
###########
#######.###
#######.###
#@#.......#
###########

[things]
scout = hero scout at 0,0
guard = watcher at 1,0 route 1,0 3,0 3,1 3,0
post = watcher at 4,0
";

    /// The grid as ASCII art, top row first: `#` rock, `.` air, `W` where
    /// `watcher` stands, `n` where [`next_patrol_step`] puts it at the end
    /// of the round (`W` alone when it stays).
    fn patrol_map(stage: &Stage, watcher: ThingId) -> String {
        let grid = stage.grid();
        let step = next_patrol_step(stage, watcher).expect("a watcher");
        let mut rows = Vec::new();
        for y in (0..grid.height() as i32).rev() {
            let row: String = (0..grid.width() as i32)
                .map(|x| {
                    let c = CellPos::new(x, y);
                    if c == step.from {
                        'W'
                    } else if c == step.to {
                        'n'
                    } else if grid.is_air(c) {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect();
            rows.push(row);
        }
        rows.join("\n")
    }

    #[test]
    fn the_next_patrol_step_walks_the_route_and_the_end_of_round_agrees() {
        let level = load_text("patrol.txt", HALL).expect("the test level loads");
        let mut session = Session::new(&level).expect("sets up");
        let guard = session.stage().find("guard").expect("guard");
        let expected = [
            "###.#\n.Wn..",
            "###.#\n..Wn.",
            "###n#\n...W.",
            "###W#\n...n.",
            "###.#\n..nW.",
            "###.#\n.nW..",
            // The loop closes: back to the first map.
            "###.#\n.Wn..",
        ];
        for (round, map) in expected.iter().enumerate() {
            let stage = session.stage();
            assert_eq!(patrol_map(stage, guard), *map, "round {}", round + 1);
            let to = next_patrol_step(stage, guard).expect("a watcher").to;
            session.perform(&Action::EndTurn).expect("the turn ends");
            assert_eq!(
                session.stage().cell_of(guard),
                Some(to),
                "round {}: the end of the round puts the guard where the rule said",
                round + 1
            );
        }
    }

    #[test]
    fn a_watcher_without_a_route_stays_and_a_hero_has_no_patrol() {
        let level = load_text("patrol.txt", HALL).expect("the test level loads");
        let stage = Stage::from_level(&level).expect("sets up");
        let post = stage.find("post").expect("post");
        assert_eq!(patrol_map(&stage, post), "###.#\n....W");
        let step = next_patrol_step(&stage, post).expect("a watcher");
        assert!(!step.moves());
        assert_eq!(next_patrol_step(&stage, stage.find("scout").unwrap()), None);
    }

    #[test]
    fn the_patrol_some_rounds_ahead_is_where_that_many_ends_of_round_put_it() {
        let level = load_text("patrol.txt", HALL).expect("the test level loads");
        let start = Stage::from_level(&level).expect("sets up");
        let mut session = Session::new(&level).expect("sets up");
        let guard = start.find("guard").expect("guard");
        assert_eq!(patrol_period(&start, guard), Some(6));
        assert_eq!(patrol_period(&start, start.find("post").unwrap()), Some(1));
        for rounds in 0..14 {
            assert_eq!(
                patrol_step_after(&start, guard, rounds),
                next_patrol_step(session.stage(), guard),
                "{rounds} rounds ahead"
            );
            session.perform(&Action::EndTurn).expect("the turn ends");
        }
    }

    #[test]
    fn the_watch_says_which_watcher_sees_each_cell() {
        use crate::action::watch::Watch;
        // Two floors joined at the left: the guard below and the post
        // above each see their own floor, and both the cells by the way
        // up.
        let floors = "[level]
name = \"Two floors\"

[grid]
###########
#.........#
#.#########
#@........#
###########

[things]
scout = hero scout at 0,0
guard = watcher at 3,0
post = watcher at 3,1
";
        let level = load_text("floors.txt", floors).expect("the test level loads");
        let stage = Stage::from_level(&level).expect("sets up");
        let (guard, post) = (stage.find("guard").unwrap(), stage.find("post").unwrap());
        let mut both = Watch::new();
        both.rebuild(&stage, |_| true);
        let alone = |w: ThingId| {
            let mut one = Watch::new();
            one.rebuild(&stage, |k| k == w);
            one
        };
        let (guards, posts) = (alone(guard), alone(post));
        let grid = stage.grid();
        let (mut shared, mut one) = (0, 0);
        for y in -1..=grid.height() as i32 {
            for x in -1..=grid.width() as i32 {
                let c = CellPos::new(x, y);
                let want: Vec<ThingId> = [(guard, &guards), (post, &posts)]
                    .into_iter()
                    .filter(|(_, own)| own.sees(c))
                    .map(|(w, _)| w)
                    .collect();
                assert_eq!(both.seen_by(c).collect::<Vec<_>>(), want, "{c:?}");
                assert_eq!(both.sees(c), !want.is_empty(), "{c:?}");
                shared += usize::from(want.len() == 2);
                one += usize::from(want.len() == 1);
            }
        }
        assert!(shared > 0, "some cell is seen by both, in level order");
        assert!(one > 1, "some cells are seen by one only");
    }

    #[test]
    fn the_watch_some_rounds_ahead_sees_what_the_watch_then_sees() {
        use crate::action::watch::Watch;
        let level = load_text("patrol.txt", HALL).expect("the test level loads");
        let start = Stage::from_level(&level).expect("sets up");
        let mut session = Session::new(&level).expect("sets up");
        let guard = start.find("guard").expect("guard");
        let (mut ahead, mut then) = (Watch::new(), Watch::new());
        let mut differ = false;
        for rounds in 0..7 {
            ahead.rebuild_after(&start, |w| w == guard, rounds);
            then.rebuild(session.stage(), |w| w == guard);
            let cells: Vec<CellPos> = ahead.cells().collect();
            assert_eq!(
                cells,
                then.cells().collect::<Vec<_>>(),
                "{rounds} rounds ahead"
            );
            assert_eq!(ahead.watchers(), then.watchers());
            ahead.rebuild(&start, |w| w == guard);
            differ |= rounds > 0 && ahead.cells().collect::<Vec<_>>() != cells;
            session.perform(&Action::EndTurn).expect("the turn ends");
        }
        assert!(differ, "the guard sees other cells as it walks");
    }
}
