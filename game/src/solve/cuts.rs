//! Actions the searches skip before playing them, because what they would
//! reach is reached as cheaply another way.
//!
//! **Commuting actions.** Two actions of different heroes *commute* when doing them in either
//! order is possible and ends in the same position: neither changes what
//! the other may do or what it does. That holds for moves, leaving and
//! levitation, in any pairing but two levitations:
//! - a move depends on the grid, the rope segments and what the mover
//!   holds; another hero's move, exit or levitation changes none of those
//!   (heroes never block or hold up one another, and loose items hold up
//!   no hero);
//! - leaving depends on the leaver's cell only, and changes only its own
//!   flag (with its own held item);
//! - levitation depends on the sorceress' cell, the item lying loose and
//!   the grid; moves and exits of other heroes leave loose items alone.
//!
//! Hand and rope actions are left out (a rope let down changes every
//! climb; a hero standing on a rope stops a hoist; a bucket carried into a
//! cell is somewhere to put things), and so is the end of the turn.
//!
//! So of two commuting actions in a row, the search plays only the order
//! where the hero with the lower slot acts first: the other order reaches
//! the same position with the same turns and actions, and every line of
//! play can be sorted into that order by swapping such neighbours.
//!
//! **A second move in a row** ([`MoveAgain`]): going on from where a
//! hero's move ended to a cell the hero could have reached straight from
//! where it started, for no more action points, ends in a position that one
//! move reaches too, with at least as many points and one action fewer.
//! Such second moves are not played (the direct move is, from the position
//! before).

use super::candidates::Candidates;
use crate::action::{Action, Target};
use crate::grid::CellPos;
use crate::session::Session;
use crate::things::ThingId;

/// Whether `action` is of a kind that commutes with other heroes' actions
/// of those kinds.
fn commuting_kind(action: &Action) -> bool {
    matches!(
        action,
        Action::Move { .. } | Action::Exit { .. } | Action::Levitate { .. }
    )
}

/// Whether `a` and `b` commute (see the module docs).
pub fn commute(a: &Action, b: &Action) -> bool {
    let (Some(ha), Some(hb)) = (a.hero(), b.hero()) else {
        return false;
    };
    ha != hb
        && commuting_kind(a)
        && commuting_kind(b)
        && !(matches!(a, Action::Levitate { .. }) && matches!(b, Action::Levitate { .. }))
}

/// Whether playing `next` right after `last` is the order the search skips:
/// they commute and `next`'s hero comes first by slot.
pub fn out_of_order(last: &Action, next: &Action) -> bool {
    commute(last, next)
        && matches!((last.hero(), next.hero()), (Some(l), Some(n)) if n.index() < l.index())
}

/// Where a hero who just moved could have moved instead (see the module
/// docs).
pub struct MoveAgain {
    hero: ThingId,
    /// Action points the first move cost.
    spent: u8,
    /// Where the hero could move from the position before, and at what
    /// cost.
    before: Vec<(CellPos, u8)>,
}

impl MoveAgain {
    /// For the position `session` stands in, reached by `last`: if that
    /// was a move, where its hero could have moved from the position
    /// before (one undo back, then redone) and what the move cost.
    pub fn after(
        session: &mut Session,
        candidates: &mut Candidates,
        last: Option<Action>,
    ) -> Option<MoveAgain> {
        let Some(Action::Move { hero, .. }) = last else {
            return None;
        };
        let ap_now = session.stage().thing(hero)?.data.action_points;
        if !session.undo() {
            return None;
        }
        let ap_before = session
            .stage()
            .thing(hero)
            .map_or(0, |t| t.data.action_points);
        let before = candidates.moves(session, hero, ap_before).to_vec();
        let redone = session.redo();
        debug_assert!(redone, "the step just undone");
        Some(MoveAgain {
            hero,
            spent: ap_before.saturating_sub(ap_now),
            before,
        })
    }

    /// Whether moving on to `to` (as listed in `candidates`) is no better
    /// than one move there from the position before.
    fn covers(&self, candidates: &Candidates, to: CellPos) -> bool {
        let Some(now) = candidates.listed_cost(self.hero, to) else {
            return false;
        };
        self.before
            .iter()
            .any(|&(c, cost)| c == to && u16::from(cost) <= u16::from(self.spent) + u16::from(now))
    }
}

/// Whether to skip `action` in a position reached by `last` (`None`: the
/// root), given what [`MoveAgain::after`] found there and the costs the
/// last listing of `candidates` gave.
pub fn skip(
    last: Option<Action>,
    again: Option<&MoveAgain>,
    candidates: &Candidates,
    action: &Action,
) -> bool {
    if last.is_some_and(|l| out_of_order(&l, action)) {
        return true;
    }
    match (again, action) {
        (
            Some(again),
            Action::Move {
                hero,
                to: Target::Cell(to),
            },
        ) => again.hero == *hero && again.covers(candidates, *to),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::{DeployDir, Target};
    use crate::grid::CellPos;
    use crate::session::Session;
    use crate::solve::key::position;

    const PARTY: &str = "[level]
name = \"Order\"

[grid]
###########
#@........#
###########

[things]
knight = hero knight at 0,0 rope 3
scout = hero scout at 0,0
sorceress = hero sorceress at 0,0
relic = item relic at 4,0 flags ACQUIRE|PLACE|RELIC
";

    #[test]
    fn commuting_pairs_reach_one_position_in_either_order() {
        let level = crate::level::load_text("order.txt", PARTY).expect("loads");
        let s = Session::new(&level).expect("sets up");
        let find = |n: &str| s.stage().find(n).expect(n);
        let (knight, scout, sorceress) = (find("knight"), find("scout"), find("sorceress"));
        let relic = find("relic");
        let pairs = [
            (
                Action::Move {
                    hero: knight,
                    to: Target::Cell(CellPos::new(2, 0)),
                },
                Action::Move {
                    hero: scout,
                    to: Target::Cell(CellPos::new(3, 0)),
                },
            ),
            (
                Action::Exit { hero: knight },
                Action::Levitate {
                    hero: sorceress,
                    item: relic,
                    to: CellPos::new(2, 0),
                },
            ),
            (
                Action::Move {
                    hero: scout,
                    to: Target::Cell(CellPos::new(2, 0)),
                },
                Action::Levitate {
                    hero: sorceress,
                    item: relic,
                    to: CellPos::new(1, 0),
                },
            ),
        ];
        for (a, b) in pairs {
            assert!(commute(&a, &b) && commute(&b, &a), "{a:?} / {b:?}");
            let mut one = Session::new(&level).expect("sets up");
            one.perform(&a).expect("a");
            one.perform(&b).expect("then b");
            let mut other = Session::new(&level).expect("sets up");
            other.perform(&b).expect("b");
            other.perform(&a).expect("then a");
            assert_eq!(one.state_hash(), other.state_hash(), "{a:?} / {b:?}");
            assert_eq!(position(one.stage()), position(other.stage()));
        }
    }

    #[test]
    fn hand_actions_the_same_hero_and_the_end_of_turn_do_not_commute() {
        let level = crate::level::load_text("order.txt", PARTY).expect("loads");
        let s = Session::new(&level).expect("sets up");
        let knight = s.stage().find("knight").expect("knight");
        let scout = s.stage().find("scout").expect("scout");
        let walk = Action::Move {
            hero: knight,
            to: Target::Cell(CellPos::new(1, 0)),
        };
        let scout_walk = Action::Move {
            hero: scout,
            to: Target::Cell(CellPos::new(1, 0)),
        };
        assert!(!commute(&walk, &walk), "one hero's own actions");
        assert!(!commute(&walk, &Action::EndTurn));
        let deploy = Action::DeployRope {
            hero: knight,
            dir: DeployDir::Down,
        };
        assert!(!commute(&scout_walk, &deploy), "a rope changes climbs");
        let pickup = Action::PickUp {
            hero: knight,
            item: None,
        };
        assert!(!commute(&scout_walk, &pickup));
        // The knight's slot is lower: his walk goes first.
        assert!(knight.index() < scout.index());
        assert!(out_of_order(&scout_walk, &walk));
        assert!(!out_of_order(&walk, &scout_walk));
    }

    #[test]
    fn a_second_move_to_where_the_first_could_have_gone_as_cheaply_is_skipped() {
        let level = crate::level::load_text("order.txt", PARTY).expect("loads");
        let mut s = Session::new(&level).expect("sets up");
        let knight = s.stage().find("knight").expect("knight");
        let scout = s.stage().find("scout").expect("scout");
        let walk = |hero, x| Action::Move {
            hero,
            to: Target::Cell(CellPos::new(x, 0)),
        };
        // Two cells for 2 of the knight's 4 points, then two more: one
        // move of 4 goes there straight.
        let first = walk(knight, 2);
        s.perform(&first).expect("walks");
        let mut candidates = Candidates::new();
        let again = MoveAgain::after(&mut s, &mut candidates, Some(first));
        let mut listed = Vec::new();
        candidates.list(&mut s, &mut listed);
        let on = walk(knight, 4);
        assert!(listed.contains(&on), "the rules allow it");
        assert!(skip(Some(first), again.as_ref(), &candidates, &on));
        // Another hero's move is not a second move.
        let scout_on = walk(scout, 4);
        assert!(listed.contains(&scout_on));
        assert!(!skip(Some(first), again.as_ref(), &candidates, &scout_on));
    }
}
