//! Undo and redo, checked against the states they must give back
//! (`docs/DATA-STRUCTURES.md`, "Undo"; `docs/RULES.md`, "Turns and action points").
//!
//! A seeded generator plays each level: at every step it picks a hero and
//! tries candidate actions in random order — moves to random cells of the
//! hero's view, every hand and rope action, levitation, leaving, ending the
//! turn — keeping the first the session accepts; now and then it undoes,
//! redoes or restarts instead, and when the level is won or lost it undoes a
//! few steps and plays on. A model keeps the state (every Thing and the
//! turn) after each done step, so every undo and redo is checked against
//! the exact state it must restore, and the store is validated after every
//! step, and checked to be canonical (exactly what `rebuild_links` makes of
//! its Things). At the end: undo everything gives the first state back exactly,
//! redo everything the last; the same commands replayed in a fresh session
//! give the same state hash after every one; each step's memory is its
//! changed Things and a small header.

use std::path::Path;

use game::action::{Action, DeployDir, Target};
use game::level::{load_file, load_text, Level};
use game::random_play::random_actions;
use game::rng::SplitMix64 as Rng;
use game::session::Session;
use game::stage::Outcome;
use game::things::Thing;

/// Accepted actions per level run (undo, redo and restart come on top).
const LEGAL_STEPS: usize = 240;

/// What the player did.
#[derive(Clone, Copy, Debug)]
enum Command {
    Act(Action),
    Undo,
    Redo,
    Restart,
}

/// Everything a step can change: the Things (the slots up to the last one
/// ever used; every slot after it is all-zero) and the turn.
#[derive(Clone, PartialEq, Debug)]
struct State {
    things: Vec<Thing>,
    turn: u32,
    hash: u64,
}

fn state(s: &Session) -> State {
    let all = s.stage().store().things();
    let used = all
        .iter()
        .rposition(|t| *t != Thing::default())
        .map_or(0, |i| i + 1);
    assert!(
        all[used..].iter().all(|t| *t == Thing::default()),
        "slots past the last used one are empty"
    );
    State {
        things: all[..used].to_vec(),
        turn: s.stage().turn(),
        hash: s.state_hash(),
    }
}

/// Slots that differ between two states.
fn changed_slots(a: &State, b: &State) -> usize {
    let len = a.things.len().max(b.things.len());
    let at = |s: &State, i: usize| s.things.get(i).copied().unwrap_or_default();
    (0..len).filter(|&i| at(a, i) != at(b, i)).count()
}

/// The store holds together and is canonical: exactly what
/// `rebuild_links` makes of its Things (undo and redo no longer rebuild,
/// and perform puts back in order only what it moved).
fn validate(s: &Session, what: &str) {
    let store = s.stage().store();
    if let Err(e) = store.validate().and_then(|()| store.check_canonical()) {
        panic!("{what}: {e}");
    }
    let mut rebuilt = store.clone();
    rebuilt.rebuild_links();
    assert!(rebuilt == *store, "{what}: not what rebuild_links gives");
}

/// One run's record.
struct Run {
    commands: Vec<Command>,
    /// The state hash after each command.
    hashes: Vec<u64>,
    accepted: usize,
    undos: usize,
    redos: usize,
    restarts: usize,
    lost_or_won: usize,
}

/// Plays `level` with the generator seeded by `seed`, checking every step.
fn play(level: &Level, seed: u64) -> Run {
    let mut rng = Rng::new(seed);
    let mut s = Session::new(level).expect("the level sets up");
    validate(&s, "start");
    // model[i]: the state after i done steps; `done` mirrors the log.
    let mut model = vec![state(&s)];
    let mut done = 0;
    let mut run = Run {
        commands: Vec::new(),
        hashes: Vec::new(),
        accepted: 0,
        undos: 0,
        redos: 0,
        restarts: 0,
        lost_or_won: 0,
    };
    let mut undo_streak = 0;
    while run.accepted < LEGAL_STEPS {
        let playing = s.stage().outcome() == Outcome::Playing;
        if !playing && undo_streak == 0 {
            run.lost_or_won += 1;
            undo_streak = 1 + rng.below(3);
        }
        let roll = rng.below(100);
        let command = if undo_streak > 0 && done > 0 {
            undo_streak -= 1;
            Command::Undo
        } else if roll < 7 && done > 0 {
            Command::Undo
        } else if roll < 30 && done + 1 < model.len() {
            Command::Redo
        } else if (7..9).contains(&roll) || (!playing && done == 0) {
            Command::Restart
        } else {
            undo_streak = 0;
            let tried = random_actions(&mut s, &mut rng);
            match tried.into_iter().find(|a| s.perform(a).is_ok()) {
                Some(action) => Command::Act(action),
                None => continue,
            }
        };
        let what = format!(
            "seed {seed:#x}, command {}: {command:?}",
            run.commands.len()
        );
        match command {
            Command::Act(_) => {
                run.accepted += 1;
                done += 1;
                model.truncate(done);
                model.push(state(&s));
            }
            Command::Undo => {
                assert!(s.undo(), "{what}: undo refused with {done} steps done");
                run.undos += 1;
                done -= 1;
                assert_eq!(state(&s), model[done], "{what}: undo restores");
            }
            Command::Redo => {
                assert!(s.redo(), "{what}: redo refused");
                run.redos += 1;
                done += 1;
                assert_eq!(state(&s), model[done], "{what}: redo restores");
            }
            Command::Restart => {
                if s.restart() {
                    run.restarts += 1;
                    done += 1;
                    model.truncate(done);
                    model.push(state(&s));
                }
                let now = state(&s);
                assert_eq!(
                    (&now.things, now.turn),
                    (&model[0].things, model[0].turn),
                    "{what}: restart gives the level as it started"
                );
            }
        }
        validate(&s, &what);
        let log = s.undo_log();
        assert_eq!(log.undoable(), done, "{what}");
        assert_eq!(log.redoable(), model.len() - 1 - done, "{what}");
        if matches!(command, Command::Act(_) | Command::Restart) && done > 0 {
            // Memory: the step holds exactly the Things that changed.
            let step = log.last_done().expect("a step was recorded");
            let changed = changed_slots(&model[done - 1], &model[done]);
            assert_eq!(step.changed(), changed, "{what}: changed Things");
            assert!(
                step.bytes() <= changed * std::mem::size_of::<Thing>() + 64,
                "{what}: {} bytes for {changed} changed Things",
                step.bytes()
            );
        }
        run.commands.push(command);
        run.hashes.push(s.state_hash());
    }
    // Undo everything: the first state, exactly; redo everything: the last.
    while s.undo() {
        validate(&s, "undoing everything");
    }
    assert_eq!(state(&s), model[0], "seed {seed:#x}: all undone");
    assert_eq!(s.undo_log().redoable(), model.len() - 1);
    while s.redo() {
        validate(&s, "redoing everything");
    }
    assert_eq!(
        state(&s),
        model[model.len() - 1],
        "seed {seed:#x}: all redone"
    );
    run
}

/// Replays `run`'s commands in a fresh session: the same hash after each.
fn replay(level: &Level, run: &Run) {
    let mut s = Session::new(level).expect("the level sets up");
    for (i, (command, &hash)) in run.commands.iter().zip(&run.hashes).enumerate() {
        let ok = match command {
            Command::Act(a) => s.perform(a).is_ok(),
            Command::Undo => s.undo(),
            Command::Redo => s.redo(),
            Command::Restart => {
                s.restart();
                true
            }
        };
        assert!(ok, "replay command {i}: {command:?} refused");
        assert_eq!(s.state_hash(), hash, "replay command {i}: {command:?}");
    }
}

fn shipped(name: &str) -> Level {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../levels")
        .join(name);
    load_file(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// A level with everything at once: a door portal into a corridor with a
/// gem and a coil of rope, a platform over a shaft whose floor is a portal
/// into a lower room, a heavy statue and a bucket, and a watcher patrolling
/// the lower room (it sees up the shaft through the portal).
const PORTALS_AND_WATCHER: &str = "\
[level]
name = \"Portals and a watcher\"

[grid]
#################
#@..a#a.........#
###-#############
###.#############
###b#######b#####
###########.....#
###########.....#
###########.....#
#################

[things]
knight = hero knight at 0,3 rope 6
scout = hero scout at 0,3
sorceress = hero sorceress at 0,3
bucket = item bucket at 1,3 flags ACQUIRE|PLACE|CONTAIN|HANG
statue = item statue at 7,0 flags ACQUIRE|PLACE|HEAVY|RELIC
gem = item gem at 6,3 flags ACQUIRE|PLACE|RELIC
coil = rope at 4,3 len 3
guard = watcher at 7,0 route 7,0 7,1 5,1

[portals]
a = straight
b = straight
";

fn check_level(level: &Level, seed: u64) {
    let run = play(level, seed);
    replay(level, &run);
    assert!(run.accepted >= 200);
    assert!(
        run.undos > 0 && run.redos > 0 && run.restarts > 0,
        "mixed in"
    );
    eprintln!(
        "{}: {} actions, {} undos, {} redos, {} restarts, {} times won or lost",
        level.name, run.accepted, run.undos, run.redos, run.restarts, run.lost_or_won
    );
}

#[test]
fn random_play_on_loop_back_undoes_and_redoes_exactly() {
    check_level(&shipped("loop_back.txt"), 0x1007_ba0c);
}

#[test]
fn random_play_on_rope_descent_undoes_and_redoes_exactly() {
    check_level(&shipped("rope_descent.txt"), 0x0de5_ce47);
}

#[test]
fn random_play_on_heavy_haul_undoes_and_redoes_exactly() {
    check_level(&shipped("heavy_haul.txt"), 0x0bea_4a11);
}

#[test]
fn random_play_with_portals_and_a_watcher_undoes_and_redoes_exactly() {
    let level = load_text("portals.txt", PORTALS_AND_WATCHER).expect("loads");
    let run = play(&level, 0x00a7_c4e5);
    replay(&level, &run);
    assert!(
        run.lost_or_won > 0,
        "the watcher catches someone at least once"
    );
    // A second seed on the richest level.
    check_level(&level, 0x5eed_0002);
}

#[test]
fn a_new_action_after_undo_drops_the_redo_branch() {
    let level = shipped("loop_back.txt");
    let mut s = Session::new(&level).expect("sets up");
    let scout = s.stage().find("scout").expect("scout");
    let go = |x| Action::Move {
        hero: scout,
        to: Target::Cell(game::grid::CellPos::new(x, 0)),
    };
    let start = state(&s);
    s.perform(&go(1)).expect("walk");
    let after_walk = state(&s);
    s.perform(&Action::PickUp {
        hero: scout,
        item: None,
    })
    .expect("pick up");
    assert!(s.undo() && s.undo());
    assert_eq!(state(&s), start);
    assert_eq!(s.undo_log().redoable(), 2);
    s.perform(&Action::EndTurn).expect("end turn");
    assert_eq!(s.undo_log().redoable(), 0, "the redo branch is gone");
    assert!(!s.redo());
    assert_eq!(s.stage().turn(), 2);
    assert!(s.undo());
    assert_eq!(state(&s), start);
    assert!(s.redo());
    assert_eq!(s.stage().turn(), 2);
    assert_ne!(state(&s).things, after_walk.things, "not the dropped walk");
}

#[test]
fn restart_is_one_undoable_step() {
    let level = shipped("rope_descent.txt");
    let mut s = Session::new(&level).expect("sets up");
    let knight = s.stage().find("knight").expect("knight");
    let start = state(&s);
    assert!(!s.restart(), "nothing to restart yet");
    assert_eq!(s.undo_log().undoable(), 0);
    s.perform(&Action::Move {
        hero: knight,
        to: Target::Cell(game::grid::CellPos::new(1, 6)),
    })
    .expect("walk");
    s.perform(&Action::DeployRope {
        hero: knight,
        dir: DeployDir::Right,
    })
    .expect("deploy");
    s.perform(&Action::EndTurn).expect("end turn");
    let before = state(&s);
    assert!(s.restart());
    let restarted = state(&s);
    assert_eq!((&restarted.things, restarted.turn), (&start.things, 1));
    assert_eq!(s.undo_log().undoable(), 4);
    assert!(s.undo());
    assert_eq!(state(&s), before, "the rope hangs again, turn 2");
    assert!(s.redo());
    assert_eq!(state(&s), restarted);
}
