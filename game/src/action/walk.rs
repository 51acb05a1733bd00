//! A walk: going to a cell out of the hero's sight, through cells the
//! party has seen, as a chain of ordinary one-action-point moves
//! (`docs/RULES.md`, "Space, gravity and movement": a move goes only where
//! the hero sees; a walk is several of them).
//!
//! [`plan_walk`] decides no rule: it is a breadth-first search over the
//! cells a hero could stand in, whose steps are the rules' own moves — the
//! move search of [`movement`](super::movement), run from each cell as if
//! the hero stood there ([`one_ap_moves_from`]), each move one action
//! point. A step is kept only if every cell it passes is one the party
//! knows (`known`: the screen's memory of the cells seen), so a walk never
//! goes where nobody has looked. What a move reads besides the hero's
//! cell stays as it is while the hero walks ([`MoveInputs`]), so each
//! step is the move the rules will plan when the hero gets there; the
//! session still checks each one when the walk is done
//! ([`Session::perform_all`], one undo step), and refuses the whole walk
//! if one is refused.
//!
//! Cost: one view and one search of one-AP moves per cell visited, the
//! cells nearest the hero first, stopping at the destination; only cells
//! the party knows are visited.
//!
//! [`MoveInputs`]: super::movement::MoveInputs
//! [`Session::perform_all`]: crate::session::Session::perform_all

use std::collections::VecDeque;

use super::abilities::MOVE_AP_PER_STEP;
use super::movement::one_ap_moves_from;
use super::refusal::Refusal;
use crate::grid::CellPos;
use crate::rng::FastMap;
use crate::stage::{Stage, SIGHT_RADIUS};
use crate::things::ThingId;
use crate::view::GridView;

/// The cells a walk stops in, one per one-action-point move, the
/// destination last. Never empty.
pub type WalkSteps = Vec<CellPos>;

/// What the first `steps` steps of a walk cost: each is a
/// one-action-point move.
pub fn walk_cost(steps: usize) -> u8 {
    u8::try_from(steps)
        .unwrap_or(u8::MAX)
        .saturating_mul(MOVE_AP_PER_STEP)
}

/// How many of a walk's `steps` steps `hero`'s action points pay for now.
pub fn steps_paid(stage: &Stage, hero: ThingId, steps: usize) -> usize {
    let ap = stage.thing(hero).map_or(0, |t| t.data.action_points);
    usize::from(ap / MOVE_AP_PER_STEP).min(steps)
}

/// The fewest one-action-point moves that take `hero` from where it stands
/// to `to` through cells `known` says the party has seen (see the module
/// docs), each move's end cell in order; [`Refusal::NoKnownWay`] when none
/// does, [`Refusal::AlreadyThere`] when it stands there, and the rules'
/// refusal for a hero that cannot act or move.
pub fn plan_walk(
    stage: &Stage,
    hero: ThingId,
    to: CellPos,
    known: impl Fn(CellPos) -> bool,
) -> Result<WalkSteps, Refusal> {
    super::may_act(stage, hero)?;
    let Some(start) = stage.cell_of(hero) else {
        return Err(Refusal::NoSuchHero);
    };
    if start == to {
        return Err(Refusal::AlreadyThere);
    }
    if !known(to) {
        return Err(Refusal::NotVisible(to));
    }
    // Each cell reached, with the cell the step into it came from.
    let mut came_from: FastMap<CellPos, CellPos> = FastMap::default();
    came_from.insert(start, start);
    let mut queue = VecDeque::from([start]);
    let mut view = GridView::new();
    let mut moves = Vec::new();
    while let Some(at) = queue.pop_front() {
        view.build(stage.grid(), at, SIGHT_RADIUS);
        one_ap_moves_from(stage, &view, hero, at, &mut moves);
        for (end, cells) in &moves {
            if came_from.contains_key(end) || !cells.iter().all(|&c| known(c)) {
                continue;
            }
            came_from.insert(*end, at);
            if *end == to {
                let mut steps = vec![to];
                let mut back = at;
                while back != start {
                    steps.push(back);
                    back = came_from[&back];
                }
                steps.reverse();
                return Ok(steps);
            }
            queue.push_back(*end);
        }
    }
    Err(Refusal::NoKnownWay(to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{Action, Target};
    use crate::level::load_text;
    use crate::session::Session;

    /// A corridor eight cells long, floored, the knight at its left end
    /// (the entrance).
    const HALL: &str = "[level]
name = \"Walk test\"

[grid]
#################
#@..............#
#################

[things]
knight = hero knight at 0,0
";

    fn session() -> (Session, ThingId) {
        let level = load_text("walk.txt", HALL).expect("loads");
        let s = Session::new(&level).expect("starts");
        let knight = s.stage().heroes()[0];
        (s, knight)
    }

    #[test]
    fn a_walk_is_the_fewest_one_ap_moves_through_known_cells_and_each_is_a_move_the_rules_do() {
        let (mut s, knight) = session();
        let all = |_: CellPos| true;
        let steps = plan_walk(s.stage(), knight, CellPos::new(5, 0), all).expect("a way");
        assert_eq!(
            steps,
            (1..=5).map(|x| CellPos::new(x, 0)).collect::<Vec<_>>(),
            "one cell a move"
        );
        let moves: Vec<Action> = steps
            .iter()
            .map(|&c| Action::Move {
                hero: knight,
                to: Target::Cell(c),
            })
            .take(4)
            .collect();
        let ap = s.stage().thing(knight).unwrap().data.action_points;
        s.perform_all(&moves).expect("the rules do each");
        assert_eq!(s.stage().cell_of(knight), Some(CellPos::new(4, 0)));
        assert_eq!(s.stage().thing(knight).unwrap().data.action_points, ap - 4);
        assert_eq!(s.undo_log().undoable(), 1, "one undo step");
    }

    #[test]
    fn a_walk_goes_only_through_cells_the_party_knows() {
        let (s, knight) = session();
        // Cell 3,0 never seen: no way on to 5,0 without it.
        let known = |c: CellPos| c != CellPos::new(3, 0);
        assert_eq!(
            plan_walk(s.stage(), knight, CellPos::new(5, 0), known),
            Err(Refusal::NoKnownWay(CellPos::new(5, 0)))
        );
        assert_eq!(
            plan_walk(s.stage(), knight, CellPos::new(3, 0), known),
            Err(Refusal::NotVisible(CellPos::new(3, 0))),
            "a cell never seen is no destination"
        );
        assert_eq!(
            plan_walk(s.stage(), knight, CellPos::new(0, 0), |_| true),
            Err(Refusal::AlreadyThere)
        );
    }
}
