//! A session: one level being played, with its undo log. This is what the
//! play screen and the `sim` tool drive: [`Session::preview`] an action
//! (its events, nothing changed), [`Session::perform`] it (check → execute →
//! apply → one undo step), [`Session::perform_all`] several actions as
//! one undo step (all or nothing), [`Session::undo`], [`Session::redo`],
//! [`Session::restart`] (itself an undoable step). Everything is
//! deterministic: the same level and the same calls give bit-identical
//! states and the same [`Session::state_hash`].
//!
//! What moves cost to work out is kept ([`Session::moves_of`]): a hero's
//! view depends only on the grid (fixed for the session) and the cell it
//! is built from, so views are kept by cell; a hero's move search
//! ([`Moves`]) depends only on its [`MoveInputs`], so searches are kept by
//! those. Performing moves from one position, or from positions that
//! differ only where moves do not look, searches once.

use log::debug;

use crate::action::movement::{MoveInputs, Moves};
use crate::action::{self, Action, Event, Refusal};
use crate::grid::CellPos;
use crate::level::Level;
use crate::rng::FastMap;
use crate::stage::{Stage, StageError, SIGHT_RADIUS};
use crate::things::{Thing, ThingId};
use crate::undo::{UndoKind, UndoLog};
use crate::view::GridView;

/// One level in play with unlimited undo.
pub struct Session {
    stage: Stage,
    undo: UndoLog,
    /// The stage as the level set it up, for restart.
    initial: Box<[Thing]>,
    initial_turn: u32,
    /// Scratch space for sight (reused by every action that needs it).
    view: GridView,
    /// Whether debug builds check every store invariant after each change
    /// of state (see [`Session::set_self_checks`]).
    self_checks: bool,
    /// Sight and move searches kept (see the module docs).
    kept: Kept,
}

/// The kind of undo step `actions` make: an end of turn if one of them
/// ends it.
fn kind_of(actions: &[Action]) -> UndoKind {
    if actions.contains(&Action::EndTurn) {
        UndoKind::EndTurn
    } else {
        UndoKind::Action
    }
}

/// Move searches a session keeps, at most (then it starts over, reusing
/// their space): a few tens of KiB each.
const KEPT_SEARCHES: usize = 1024;

/// Views a session keeps, at most (then it starts over): some 30 KiB
/// each; a level of 16 × 16 cells or less has them all kept.
const KEPT_VIEWS: usize = 256;

/// Views by the cell they are built from, and move searches by their
/// inputs.
#[derive(Default)]
struct Kept {
    views: FastMap<CellPos, Box<GridView>>,
    by_inputs: FastMap<MoveInputs, usize>,
    searches: Vec<Moves>,
    /// Searches of earlier rounds, their space to reuse.
    spare: Vec<Moves>,
    /// The inputs being looked up.
    probe: MoveInputs,
}

impl Kept {
    /// The view from `cell`, built now if not kept.
    fn view(&mut self, stage: &Stage, cell: CellPos) -> &GridView {
        self.views.entry(cell).or_insert_with(|| {
            let mut view = Box::new(GridView::new());
            view.build(stage.grid(), cell, SIGHT_RADIUS);
            view
        })
    }

    /// The index in `searches` of `hero`'s move search in `stage`,
    /// searched now if not kept; `None` for a hero not on the grid.
    fn moves(&mut self, stage: &Stage, hero: ThingId) -> Option<usize> {
        if !self.probe.read(stage, hero) {
            return None;
        }
        if let Some(&i) = self.by_inputs.get(&self.probe) {
            return Some(i);
        }
        if self.searches.len() >= KEPT_SEARCHES || self.views.len() >= KEPT_VIEWS {
            self.by_inputs.clear();
            self.spare.append(&mut self.searches);
            self.views.clear();
        }
        let spare = self.spare.pop();
        let view = self.view(stage, self.probe.cell());
        let moves = match spare {
            Some(mut moves) => {
                moves.search_again(stage, view, hero);
                moves
            }
            None => Moves::search(stage, view, hero),
        };
        let i = self.searches.len();
        self.searches.push(moves);
        self.by_inputs.insert(self.probe.clone(), i);
        Some(i)
    }
}

impl Session {
    /// Starts `level`.
    pub fn new(level: &Level) -> Result<Session, StageError> {
        let stage = Stage::from_level(level)?;
        let undo = UndoLog::new(&stage);
        let initial = stage.store().things().to_vec().into_boxed_slice();
        let initial_turn = stage.turn();
        Ok(Session {
            stage,
            undo,
            initial,
            initial_turn,
            view: GridView::new(),
            self_checks: cfg!(debug_assertions),
            kept: Kept::default(),
        })
    }

    /// Turns off (or back on) the self-checks debug builds run after every
    /// perform, undo and redo: every store invariant and the canonical
    /// form, and the undo log's full comparison, each O(capacity). Play
    /// and the tests keep them; the solver, which replays the rules
    /// millions of times, turns them off outside the game crate's own
    /// tests. Release builds never run them.
    pub fn set_self_checks(&mut self, on: bool) {
        self.self_checks = on && cfg!(debug_assertions);
        self.undo.set_self_checks(on);
    }

    /// Switches off the heroes' abilities in `without` for this play
    /// ([`Stage::set_without`]); set it before the first action.
    pub fn set_without(&mut self, without: crate::action::abilities::Without) {
        self.stage.set_without(without);
    }

    /// The stage as it stands.
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// The undo log.
    pub fn undo_log(&self) -> &UndoLog {
        &self.undo
    }

    /// What `action` would do, or why it cannot be done; nothing changes.
    pub fn preview(&mut self, action: &Action) -> Result<Vec<Event>, Refusal> {
        action::execute(&self.stage, &mut self.view, action)
    }

    /// Does `action`: its events are applied and recorded as one undo step.
    pub fn perform(&mut self, action: &Action) -> Result<Vec<Event>, Refusal> {
        let events = self.apply_one(action)?;
        self.undo
            .commit(&mut self.stage, kind_of(std::slice::from_ref(action)));
        self.debug_validate("perform");
        debug!(
            "performed {action:?}: {} events, turn {}",
            events.len(),
            self.stage.turn()
        );
        Ok(events)
    }

    /// Does `actions` one after the other as ONE undo step (a compound
    /// step: everyone at the entrance leaving, a walk of moves): each is
    /// checked by the rules on the stage the ones before it left, and
    /// their events are returned in order. All or nothing: when the rules
    /// refuse one, the stage is put back as it was before the first and
    /// the refusal says why, with the index of the action refused. One
    /// undo takes the whole step back, one redo does it again; a save
    /// keeps it as one step like any other (it holds the step's Thing
    /// snapshots, not its actions). No actions: nothing is done.
    pub fn perform_all(&mut self, actions: &[Action]) -> Result<Vec<Event>, (usize, Refusal)> {
        let mut events = Vec::new();
        for (i, action) in actions.iter().enumerate() {
            match self.apply_one(action) {
                Ok(mut more) => events.append(&mut more),
                Err(refusal) => {
                    if i > 0 {
                        self.restore_committed();
                    }
                    self.debug_validate("a refused compound step");
                    return Err((i, refusal));
                }
            }
        }
        self.undo.commit(&mut self.stage, kind_of(actions));
        self.debug_validate("perform_all");
        debug!(
            "performed {} actions as one step: {} events, turn {}",
            actions.len(),
            events.len(),
            self.stage.turn()
        );
        Ok(events)
    }

    /// Checks `action`, works out its events and applies them, committing
    /// nothing (the caller commits the step).
    fn apply_one(&mut self, action: &Action) -> Result<Vec<Event>, Refusal> {
        let events = match *action {
            Action::Move { hero, .. } => match self.kept.moves(&self.stage, hero) {
                Some(i) => {
                    let view = &self.kept.views[&self.kept.probe.cell()];
                    let moves = &self.kept.searches[i];
                    action::execute_move(&self.stage, view, moves, action)?
                }
                // Not on the grid: the rules say what that means.
                None => action::execute(&self.stage, &mut self.view, action)?,
            },
            Action::Levitate { hero, .. } => match self.stage.cell_of(hero) {
                Some(cell) if self.kept.views.len() < KEPT_VIEWS => {
                    let view = self.kept.view(&self.stage, cell);
                    action::execute_levitation(&self.stage, view, action)?
                }
                _ => action::execute(&self.stage, &mut self.view, action)?,
            },
            _ => action::execute(&self.stage, &mut self.view, action)?,
        };
        if let Err(e) = action::apply(&mut self.stage, &events) {
            // The schedule did not fit the stage: a bug. Put the last
            // committed state back rather than keep a half-applied one.
            debug_assert!(false, "events of {action:?} failed to apply: {e}");
            self.restore_committed();
            return Err(Refusal::Internal);
        }
        Ok(events)
    }

    /// Puts every slot and the turn in place (a loaded save).
    pub(crate) fn restore_state(&mut self, things: &[Thing], turn: u32) {
        self.stage.restore(things, turn);
    }

    /// Replaces the undo log (a loaded save's, built over the stage as it
    /// stands, which becomes the reference for the next commit).
    pub(crate) fn replace_log(&mut self, log: UndoLog) {
        self.undo = log;
        self.stage.store.forget_changes();
    }

    /// Undo without the debug invariant check (a loaded save is checked by
    /// its loader, which reports rather than panics). False also when the
    /// step's snapshots give a store that holds together but is not in
    /// canonical form (a save not made by this game): undo and redo write
    /// snapshots back as they are, so every state they reach must be
    /// canonical.
    pub(crate) fn undo_unchecked(&mut self) -> bool {
        self.undo.undo(&mut self.stage) && self.canonical_or_broken()
    }

    /// Redo without the debug invariant check (see `undo_unchecked`).
    pub(crate) fn redo_unchecked(&mut self) -> bool {
        self.undo.redo(&mut self.stage) && self.canonical_or_broken()
    }

    /// False when the store is valid but not canonical; a broken store is
    /// left for the loader's own check to name.
    fn canonical_or_broken(&self) -> bool {
        let store = self.stage.store();
        store.validate().is_err() || store.check_canonical().is_ok()
    }

    /// In debug builds (tests included), checks every invariant of the
    /// store after a change of state, and that it is canonical: a broken
    /// ring or tree, or a ring out of slot order, is caught at the step
    /// that did it.
    fn debug_validate(&self, after: &str) {
        if self.self_checks {
            let store = self.stage.store();
            if let Err(e) = store.validate().and_then(|()| store.check_canonical()) {
                panic!("store invariant broken after {after}: {e}");
            }
        }
    }

    /// Puts the stage back exactly as the last commit left it (from the
    /// undo log's shadow of it: every slot and the turn), whatever a
    /// half-applied step wrote.
    fn restore_committed(&mut self) {
        let (things, turn) = self.undo.committed();
        let (things, turn) = (things.to_vec(), turn);
        self.stage.restore(&things, turn);
    }

    /// Takes back the last step; false if there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let done = self.undo.undo(&mut self.stage);
        self.debug_validate("undo");
        debug!("undo: {done}, turn {}", self.stage.turn());
        done
    }

    /// Does the last undone step again; false if there is nothing to redo.
    pub fn redo(&mut self) -> bool {
        let done = self.undo.redo(&mut self.stage);
        self.debug_validate("redo");
        debug!("redo: {done}, turn {}", self.stage.turn());
        done
    }

    /// Puts the level back as it started, as one undoable step. False if it
    /// already is.
    pub fn restart(&mut self) -> bool {
        self.stage.restore(&self.initial, self.initial_turn);
        self.undo.commit(&mut self.stage, UndoKind::Restart)
    }

    /// `hero`'s view (built from its cell) and its moves in the position
    /// the stage stands in, with the stage: what [`Session::perform`]
    /// plans its moves with. Kept (see the module docs); `None` for a
    /// hero not on the grid.
    pub fn moves_of(&mut self, hero: ThingId) -> Option<(&Stage, &GridView, &Moves)> {
        let i = self.kept.moves(&self.stage, hero)?;
        let view = &self.kept.views[&self.kept.probe.cell()];
        Some((&self.stage, view, &self.kept.searches[i]))
    }

    /// The state hash after each undo step done, from the first, with
    /// the step's kind: the positions of the line played (all a game
    /// resumed from its save knows of it). The session is left as it was.
    pub fn step_positions(&mut self) -> Vec<(u64, UndoKind)> {
        let mut out = Vec::new();
        // Through the log itself: looking is not the player's undo.
        while let Some(kind) = self.undo.last_done().map(|e| e.kind) {
            out.push((self.state_hash(), kind));
            self.undo.undo(&mut self.stage);
        }
        for _ in 0..out.len() {
            self.undo.redo(&mut self.stage);
        }
        self.debug_validate("step positions");
        out.reverse();
        out
    }

    /// A stable hash of the whole state.
    pub fn state_hash(&self) -> u64 {
        self.stage.state_hash()
    }

    /// A GridView of `hero`'s sight (for the screen and the tools).
    pub fn view_of(&mut self, hero: crate::things::ThingId) -> &GridView {
        if let Some(cell) = self.stage.cell_of(hero) {
            self.view
                .build(self.stage.grid(), cell, crate::stage::SIGHT_RADIUS);
        }
        &self.view
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::DeployDir;

    /// A 128×128 room of air with 128 knights along the top row, each
    /// holding a 128-cell rope: 125 ropes fit in the store, the 126th not.
    fn crowded() -> Level {
        use crate::level::fixtures::{big_room, rope_knight};
        big_room((0..128).map(|x| rope_knight(x, 128)).collect())
    }

    #[test]
    fn a_full_store_is_an_ordinary_refusal_and_nothing_changes() {
        let mut s = Session::new(&crowded()).expect("stage");
        let start = s.state_hash();
        let heroes = s.stage().heroes();
        let mut refused = None;
        for (n, &hero) in heroes.iter().enumerate() {
            let before = s.state_hash();
            match s.perform(&Action::DeployRope {
                hero,
                dir: DeployDir::Down,
            }) {
                Ok(_) => {}
                Err(r) => {
                    assert_eq!(s.state_hash(), before, "refused: nothing changed");
                    refused = Some((n, r));
                    break;
                }
            }
        }
        assert_eq!(refused, Some((125, Refusal::NoRoom)), "the 126th rope");
        assert!(Refusal::NoRoom.to_string().contains("no room"));
        // Undo all the way is still exact.
        while s.undo() {}
        assert_eq!(s.state_hash(), start);
    }

    fn night_haul() -> Level {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/night_haul.txt");
        crate::level::load_file(&path).expect("a shipped level")
    }

    #[test]
    fn everyone_leaving_together_is_one_undo_step_that_saves_and_loads_as_one() {
        use crate::action::offer::everyone_here_leaves;
        let level = night_haul();
        let mut s = Session::new(&level).expect("stage");
        let heroes = s.stage().heroes();
        assert_eq!(heroes.len(), 2, "the knight and the scout, at the entrance");
        let (knight, scout) = (heroes[0], heroes[1]);
        let leaving = everyone_here_leaves(s.stage(), scout)
            .expect("both at the entrance")
            .expect("both may leave");
        assert_eq!(
            leaving,
            [Action::Exit { hero: scout }, Action::Exit { hero: knight }],
            "the hero asking first"
        );
        s.perform(&Action::EndTurn).expect("a step before");
        let (before, done) = (s.state_hash(), s.undo_log().undoable());
        let events = s.perform_all(&leaving).expect("the rules let both leave");
        assert_eq!(events.len(), 2, "each Exit's events, in order");
        let after = s.state_hash();
        let gone = |s: &Session| {
            heroes
                .iter()
                .filter(|&&h| s.stage().has_flag(h, crate::things::ThingFlags::EXITED))
                .count()
        };
        assert_eq!(gone(&s), 2);
        assert_eq!(s.undo_log().undoable(), done + 1, "one step");
        // A save in the middle of it all: the grouped step round-trips.
        let bytes = s.save_bytes(&level).expect("encodes");
        assert!(s.undo(), "one undo");
        assert_eq!((s.state_hash(), gone(&s)), (before, 0), "brings both back");
        assert!(s.redo());
        assert_eq!(s.state_hash(), after);
        let mut loaded = Session::load_bytes(&level, &bytes).expect("loads");
        assert_eq!(loaded.state_hash(), after);
        assert_eq!(loaded.undo_log().undoable(), done + 1);
        assert!(loaded.undo());
        assert_eq!((loaded.state_hash(), gone(&loaded)), (before, 0));
        assert!(loaded.redo());
        assert_eq!(loaded.state_hash(), after);
        // Nobody left standing there: nothing to offer.
        assert!(s.undo());
        s.perform(&Action::Exit { hero: knight })
            .expect("leaves alone");
        assert_eq!(everyone_here_leaves(s.stage(), scout), None, "alone");
    }

    #[test]
    fn a_compound_step_is_all_or_nothing_and_the_refusal_says_which() {
        let level = night_haul();
        let mut s = Session::new(&level).expect("stage");
        let knight = s.stage().heroes()[0];
        let (before, done) = (s.state_hash(), s.undo_log().undoable());
        let twice = [Action::Exit { hero: knight }, Action::Exit { hero: knight }];
        assert_eq!(s.perform_all(&twice), Err((1, Refusal::HeroHasLeft)));
        assert_eq!(s.state_hash(), before, "the first exit is taken back too");
        assert_eq!(s.undo_log().undoable(), done, "no step recorded");
        assert_eq!(s.perform_all(&[]), Ok(Vec::new()), "nothing to do");
        assert_eq!(s.undo_log().undoable(), done);
        // And the session goes on exactly: one exit, one undo.
        s.perform(&Action::Exit { hero: knight }).expect("leaves");
        assert!(s.undo());
        assert_eq!(s.state_hash(), before);
    }

    #[test]
    fn a_half_applied_step_is_rolled_back_to_the_committed_state_exactly() {
        let level = crate::level::fixtures::level(crate::level::fixtures::LOOP_BACK);
        let mut s = Session::new(&level).expect("stage");
        let start = s.state_hash();
        let knight = s.stage().heroes()[0];
        s.perform(&Action::EndTurn).expect("end turn");
        let committed = s.state_hash();
        // Something writes the stage without committing (as a schedule that
        // fails half-way would): a Thing changed, the turn moved on.
        let mut t = *s.stage().thing(knight).expect("knight");
        t.data.action_points = 0;
        let slot = knight.index() as usize;
        s.stage.store.write_thing(slot, t).expect("slot");
        s.stage.turn += 5;
        s.stage.store.rebuild_links();
        assert_eq!(s.stage.store.changed_slots(), None, "the log lost track");
        assert_ne!(s.state_hash(), committed);
        s.restore_committed();
        assert_eq!(s.state_hash(), committed);
        assert!(s.undo());
        assert_eq!(s.state_hash(), start, "and undo is still exact");
        assert!(s.redo());
        assert_eq!(s.state_hash(), committed);
    }

    /// Every move the session plans from a kept search (by its inputs,
    /// from another position) is the move a fresh search plans here: over
    /// random play on shipped levels with ropes let down and taken up,
    /// heavy loads carried and heroes moving, every hero's move to every
    /// cell it sees (and each view cell) gets the same events or refusal
    /// both ways, and every random action `perform` does (moves and
    /// levitations in kept sight) is what `preview` (sight built afresh)
    /// says.
    #[test]
    fn kept_move_searches_plan_every_move_as_a_fresh_search_does() {
        use crate::action::{movement, Target};
        use crate::rng::SplitMix64;
        let mut compared = 0;
        for (name, seed) in [("rope_descent", 1), ("heavy_haul", 2), ("the_well", 3)] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(format!("../levels/{name}.txt"));
            let level = crate::level::load_file(&path).expect("a shipped level");
            let mut s = Session::new(&level).expect("sets up");
            let mut rng = SplitMix64::new(seed);
            let mut fresh = GridView::new();
            for _ in 0..60 {
                for hero in s.stage().active_heroes() {
                    let Some(cell) = s.stage().cell_of(hero) else {
                        continue;
                    };
                    fresh.build(s.stage().grid(), cell, SIGHT_RADIUS);
                    let targets: Vec<Target> = fresh
                        .nodes()
                        .iter()
                        .flat_map(|n| [Target::Cell(n.cell), Target::View(n.view)])
                        .collect();
                    for to in targets {
                        let mv = Action::Move { hero, to };
                        let want = action::execute(s.stage(), &mut fresh, &mv);
                        let (stage, view, moves) = s.moves_of(hero).expect("on the grid");
                        let got = action::execute_move(stage, view, moves, &mv);
                        assert_eq!(got, want, "{name}: {mv:?}");
                        let reachable = movement::reachable(stage, view, hero, 5);
                        assert!(moves.reachable(5).eq(reachable), "{name}: {hero:?}");
                        compared += 1;
                    }
                }
                let actions = crate::random_play::random_actions(&mut s, &mut rng);
                let action = actions[rng.below(actions.len())];
                let previewed = s.preview(&action);
                assert_eq!(s.perform(&action), previewed, "{name}: {action:?}");
                if rng.below(4) == 0 {
                    s.undo();
                }
            }
        }
        assert!(compared > 1000, "{compared} moves compared");
    }
}
