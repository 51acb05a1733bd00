//! The line of play behind a game resumed from its save, found from its
//! positions alone: a save keeps the position after each undo step, not
//! the actions between them, and hints reason about lines of actions.
//!
//! Each step's action is the one, among every action the solver would try
//! from the position before ([`Candidates`]) and the end of the round,
//! whose position after hashes as the step's; a restart is a step back to
//! the level's start. The rules are asked for every step (the actions are
//! performed), so a recovered line replays to the very positions saved.
//! A step that did several things at once (a walk, everyone leaving) has
//! no single action: recovery stops there, and what came before stands.
use crate::action::Action;
use crate::level::Level;
use crate::session::Session;
use crate::solve::candidates::Candidates;

/// What led to one undo step's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recovered {
    /// One action of the rules.
    Action(Action),
    /// The level put back as it started.
    Restart,
}

/// For each undo step of a line played in `level` from its start —
/// `steps`: the state hash after each step, and whether the step was a
/// restart — what led to it, as far as single actions explain the steps
/// (see the module docs).
pub fn recover_line(level: &Level, steps: &[(u64, bool)]) -> Vec<Recovered> {
    let Ok(mut session) = Session::new(level) else {
        return Vec::new();
    };
    session.set_self_checks(false);
    let start = session.state_hash();
    let mut candidates = Candidates::new();
    let mut actions = Vec::new();
    let mut out = Vec::new();
    for &(hash, restart) in steps {
        if restart {
            if hash != start {
                break;
            }
            session.restart();
            out.push(Recovered::Restart);
            continue;
        }
        actions.clear();
        candidates.list(&mut session, &mut actions);
        actions.push(Action::EndTurn);
        let found = actions.iter().copied().find(|action| {
            if session.perform(action).is_err() {
                return false;
            }
            let this = session.state_hash() == hash;
            if !this {
                session.undo();
            }
            this
        });
        match found {
            Some(action) => out.push(Recovered::Action(action)),
            None => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::load_text;
    use crate::solve::tests::CORRIDOR;
    use crate::solve::{solve, Limits};
    use crate::undo::UndoKind;

    #[test]
    fn a_resumed_line_is_found_again_from_its_positions_restarts_included() {
        let level = load_text("test.txt", CORRIDOR).expect("loads");
        let line = solve(&level, Limits::default(), None)
            .expect("sets up")
            .solution
            .expect("solved")
            .actions;
        // Played with a restart after the first two actions, then the
        // whole line: a save keeps only the positions.
        let mut session = Session::new(&level).expect("starts");
        for action in &line[..2] {
            session.perform(action).expect("the line");
        }
        session.restart();
        for action in &line[..line.len() - 1] {
            session.perform(action).expect("the line");
        }
        let steps: Vec<(u64, bool)> = session
            .step_positions()
            .into_iter()
            .map(|(hash, kind)| (hash, kind == UndoKind::Restart))
            .collect();
        assert_eq!(steps.len(), 2 + 1 + line.len() - 1);
        let found = recover_line(&level, &steps);
        let mut expected: Vec<Recovered> =
            line[..2].iter().map(|&a| Recovered::Action(a)).collect();
        expected.push(Recovered::Restart);
        expected.extend(line[..line.len() - 1].iter().map(|&a| Recovered::Action(a)));
        // A move may be found as another action to the same position (the
        // same cell by another way): the positions are what must agree.
        assert_eq!(found.len(), expected.len());
        let mut replay = Session::new(&level).expect("starts");
        for (r, &(hash, _)) in found.iter().zip(&steps) {
            match r {
                Recovered::Action(a) => {
                    replay.perform(a).expect("replays");
                }
                Recovered::Restart => {
                    replay.restart();
                }
            }
            assert_eq!(replay.state_hash(), hash);
        }
        // The session was left as it stood.
        assert_eq!(session.undo_log().undoable(), steps.len());
        // A position no single action reaches stops the recovery there.
        let mut broken = steps.clone();
        broken[3].0 ^= 1;
        assert_eq!(recover_line(&level, &broken).len(), 3);
    }
}
