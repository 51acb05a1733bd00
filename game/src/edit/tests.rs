//! The editor model: strokes, undo/redo, problems, and a seeded property
//! test of random operation sequences.
use super::op::tests::{blank, reloaded};
use super::op::*;
use super::selection::{self, Area};
use super::*;
use crate::grid::{CellKind, CellPos, Dir, EdgePos, PortalEnd, PortalKind};
use crate::level::fixtures;
use crate::level::{ErrorKind, HeroKind, ThingSpec, ThingSpecKind};
use crate::rng::SplitMix64;

fn c(x: i32, y: i32) -> CellPos {
    CellPos::new(x, y)
}

#[test]
fn a_drag_is_one_step_named_with_its_count() {
    let mut e = Editor::new(blank(6, 4));
    e.begin("paint walls", "edge");
    for x in 1..4 {
        e.apply(|l| paint_edge(l, EdgePos::vertical(x, 1), EdgeKind::Wall))
            .expect("inner edge");
    }
    // Painting the same edge again changes nothing and counts nothing.
    e.apply(|l| paint_edge(l, EdgePos::vertical(1, 1), EdgeKind::Wall))
        .expect("again");
    assert_eq!(e.end().as_deref(), Some("paint walls (3 edges)"));
    assert_eq!(e.history().undoable(), 1);
    assert_eq!(e.undo().as_deref(), Some("paint walls (3 edges)"));
    assert_eq!(e.level(), &blank(6, 4), "back to what was opened");
    assert_eq!(e.redo().as_deref(), Some("paint walls (3 edges)"));
    assert_eq!(e.history().redoable(), 0);
    // A stroke that changes nothing is no step.
    e.begin("paint walls", "edge");
    e.apply(|l| paint_edge(l, EdgePos::vertical(1, 1), EdgeKind::Wall))
        .expect("same");
    assert_eq!(e.end(), None);
    assert_eq!(e.history().undoable(), 1);
}

#[test]
fn a_refused_operation_changes_nothing_and_a_cancelled_stroke_is_undone() {
    let mut e = Editor::new(blank(4, 3));
    let before = e.level().clone();
    let r = e.edit("paint", "edge", |l| {
        paint_edge(l, EdgePos::horizontal(1, 1), EdgeKind::Wall)?;
        paint_edge(l, EdgePos::vertical(0, 0), EdgeKind::Open)
    });
    assert!(matches!(r, Err(EditError::BoundaryEdge(_))));
    assert_eq!(e.level(), &before, "the half-done change was dropped");
    assert_eq!(e.history().undoable(), 0);
    e.begin("rock", "cell");
    e.apply(|l| paint_cell(l, c(2, 2), CellKind::Rock))
        .expect("rock");
    assert_ne!(e.level(), &before);
    e.cancel();
    assert_eq!(e.level(), &before);
    assert_eq!(e.undo(), None);
}

#[test]
fn a_new_step_after_undo_drops_the_redo_branch() {
    let mut e = Editor::new(blank(4, 3));
    e.edit("rock", "cell", |l| paint_cell(l, c(1, 1), CellKind::Rock))
        .expect("rock");
    e.edit("rock", "cell", |l| paint_cell(l, c(2, 1), CellKind::Rock))
        .expect("rock");
    e.undo();
    assert_eq!(e.history().redoable(), 1);
    e.edit("rock", "cell", |l| paint_cell(l, c(3, 1), CellKind::Rock))
        .expect("rock");
    assert_eq!(e.history().redoable(), 0);
    assert_eq!(e.redo(), None);
    assert_eq!(e.history().undoable(), 2);
}

/// Each check `level check` makes, in a level the editor can hold, is
/// reported by the live panel at the place it is about.
#[test]
fn problems_are_placed_where_the_designer_looks() {
    let mut e = Editor::new(blank(6, 4));
    assert!(e.problems().is_empty());
    // No hero.
    e.edit("delete", "", |l| delete_thing(l, 0))
        .expect("delete");
    assert!(e
        .problems()
        .iter()
        .any(|p| p.place == Place::Level && p.message.contains("no hero")));
    // A thing in rock.
    e.edit("rock", "cell", |l| paint_cell(l, c(4, 2), CellKind::Rock))
        .expect("rock");
    let relic = ThingSpec {
        id: "relic".into(),
        cell: c(4, 2),
        kind: ThingSpecKind::Item {
            name: "relic".into(),
            flags: crate::level::ItemFlags::ACQUIRE,
        },
    };
    e.edit("add", "", |l| add_thing(l, relic)).expect("add");
    assert!(e
        .problems()
        .iter()
        .any(|p| p.place == Place::Thing(0, c(4, 2)) && p.message.contains("rock")));
    // A watcher route through rock: placed on the point it leaves from.
    let guard = ThingSpec {
        id: "guard".into(),
        cell: c(2, 2),
        kind: ThingSpecKind::Watcher {
            route: vec![c(2, 2), c(5, 2)],
        },
    };
    e.edit("add", "", |l| add_thing(l, guard)).expect("add");
    assert!(
        e.problems()
            .iter()
            .any(|p| p.place == Place::Route(1, c(2, 2)) && p.message.contains("rock")),
        "{:?}",
        e.problems()
    );
    // A route that does not start where its watcher stands.
    let mut moved = e.level().things[1].clone();
    moved.cell = c(1, 1);
    e.edit("move", "", |l| set_thing(l, 1, moved)).expect("set");
    assert!(e
        .problems()
        .iter()
        .any(|p| p.place == Place::Route(1, c(2, 2))));
    // A duplicate id can only come from outside the editor (a file); the
    // panel places it on the thing.
    let mut l = blank(4, 3);
    l.things.push(l.things[0].clone());
    let placed = placed_problems(&l);
    assert_eq!(placed.len(), 1);
    assert_eq!(placed[0].place, Place::Thing(1, c(0, 0)));
    assert_eq!(
        l.problems()[0].kind,
        ErrorKind::DuplicateId("knight".into())
    );
    // Every problem's message is what `level check` prints for it.
    for p in e.problems() {
        assert!(!p.message.is_empty());
    }
}

/// One random operation, as the tools would ask for it.
fn random_op(rng: &mut SplitMix64, e: &mut Editor) {
    let (w, h) = (
        e.level().grid.width() as i32,
        e.level().grid.height() as i32,
    );
    let cell = |rng: &mut SplitMix64| c(rng.below(w as usize) as i32, rng.below(h as usize) as i32);
    let edge = |rng: &mut SplitMix64| {
        if rng.chance(50) {
            EdgePos::horizontal(
                rng.below(w as usize) as i32,
                rng.below(h as usize + 1) as i32,
            )
        } else {
            EdgePos::vertical(
                rng.below(w as usize + 1) as i32,
                rng.below(h as usize) as i32,
            )
        }
    };
    let end = |rng: &mut SplitMix64| {
        let cl = cell(rng);
        PortalEnd::new(cl, Dir::ALL[rng.below(4)])
    };
    let _ = match rng.below(14) {
        0 | 1 => {
            let kind = if rng.chance(50) {
                CellKind::Rock
            } else {
                CellKind::Air
            };
            let at = cell(rng);
            e.edit("cells", "cell", |l| paint_cell(l, at, kind))
        }
        2 => {
            let (a, b) = (cell(rng), cell(rng));
            e.edit("room", "", |l| room(l, a, b))
        }
        3 | 4 => {
            let kind = [EdgeKind::Open, EdgeKind::Wall, EdgeKind::Platform][rng.below(3)];
            let at = edge(rng);
            e.edit("edges", "edge", |l| paint_edge(l, at, kind))
        }
        5 => {
            let (a, b) = (end(rng), end(rng));
            e.edit("portal", "", |l| link_portal(l, a, b))
        }
        6 => {
            let n = e.level().grid.portals().len();
            if n == 0 {
                return;
            }
            let i = rng.below(n);
            let kind = PortalKind::ALL[rng.below(4)];
            e.edit("kind", "", |l| set_portal_kind(l, i, kind))
        }
        7 => {
            let n = e.level().grid.portals().len();
            if n == 0 {
                return;
            }
            let i = rng.below(n);
            e.edit("delete portal", "", |l| delete_portal(l, i))
        }
        8 => {
            let at = cell(rng);
            let id = fresh_id(e.level(), "scout");
            let spec = ThingSpec {
                id,
                cell: at,
                kind: ThingSpecKind::Hero {
                    hero: HeroKind::Scout,
                    rope_len_cells: rng.chance(50).then_some(3),
                },
            };
            e.edit("hero", "", |l| add_thing(l, spec))
        }
        9 => {
            let n = e.level().things.len();
            if n == 0 {
                return;
            }
            let (i, at) = (rng.below(n), cell(rng));
            e.edit("move", "", |l| move_thing(l, i, at))
        }
        10 => {
            let at = cell(rng);
            e.edit("entrance", "", |l| set_entrance(l, at))
        }
        11 => {
            let area = Area::new(cell(rng), cell(rng));
            let to = cell(rng);
            let Some(clip) = selection::copy(e.level(), area) else {
                return;
            };
            e.edit("paste", "cell", |l| selection::paste(l, &clip, to))
        }
        12 => {
            let area = Area::new(cell(rng), cell(rng));
            if rng.chance(50) {
                e.edit("flip", "cell", |l| selection::flip(l, area))
            } else {
                e.edit("delete", "", |l| selection::delete(l, area))
            }
        }
        _ => {
            let (dl, dr) = (rng.below(3) as i32 - 1, rng.below(3) as i32 - 1);
            let (db, dt) = (rng.below(3) as i32 - 1, rng.below(3) as i32 - 1);
            e.edit("resize", "", |l| resize(l, dl, dr, db, dt, true))
        }
    };
}

/// Random operation sequences from a fixed seed: after every step the
/// level is structurally whole and canonical (a save reads back equal);
/// undo-all gives the opened level back exactly, redo-all the last.
#[test]
fn random_edits_stay_canonical_and_undo_exactly() {
    let mut rng = SplitMix64::new(0x0ed1_7012);
    let starts = [
        blank(8, 6),
        fixtures::level(fixtures::LOOP_BACK),
        fixtures::level(fixtures::TWO_ROOMS),
        fixtures::level(fixtures::FLOOR_PORTAL),
        fixtures::level(fixtures::ROTATING),
    ];
    for start in starts {
        for _run in 0..6 {
            let mut e = Editor::new(start.clone());
            let mut states = vec![start.clone()];
            for _ in 0..60 {
                random_op(&mut rng, &mut e);
                let l = e.level();
                assert!(
                    l.grid.problems().is_empty(),
                    "{:?}\n{}",
                    l.grid.problems(),
                    crate::level::to_text(l)
                );
                assert!(l.grid.is_air(l.entrance));
                assert_eq!(&reloaded(l), l, "canonical");
                if states.last() != Some(l) {
                    states.push(l.clone());
                }
            }
            assert_eq!(e.history().undoable(), states.len() - 1);
            let last = e.level().clone();
            for s in states.iter().rev().skip(1) {
                e.undo().expect("a step to undo");
                assert_eq!(e.level(), s);
            }
            assert_eq!(e.level(), &start);
            assert_eq!(e.undo(), None);
            while e.redo().is_some() {}
            assert_eq!(e.level(), &last);
        }
    }
}

/// A level the designer stopped half-way (no hero, a relic in rock) is
/// saved and reopened with its problems, as text and as an autosave.
#[test]
fn drafts_with_problems_round_trip_and_keep_their_problems() {
    let mut l = blank(5, 3);
    delete_thing(&mut l, 0).expect("no hero");
    paint_cell(&mut l, c(3, 1), CellKind::Rock).expect("rock");
    let relic = ThingSpec {
        id: "relic".into(),
        cell: c(3, 1),
        kind: ThingSpecKind::Item {
            name: "relic".into(),
            flags: crate::level::ItemFlags::RELIC,
        },
    };
    add_thing(&mut l, relic).expect("add");
    let text = crate::level::to_text(&l);
    assert!(
        crate::level::check_text("d.txt", &text).is_err(),
        "not playable"
    );
    let (back, problems) = crate::level::check_text_draft("d.txt", &text).expect("a draft");
    assert_eq!(back, l);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems.iter().all(|p| p.to_string().starts_with("d.txt:")));
    let bytes = crate::level::to_binary(&l).expect("encode");
    let (back, problems) =
        crate::level::binary::check_binary_draft("d.rlv", &bytes).expect("a draft");
    assert_eq!(back, l);
    assert_eq!(problems.len(), 2);
    // A text that does not parse is no draft.
    assert!(crate::level::check_text_draft("d.txt", "[level]\nname = \"x\"\n").is_err());
}

/// A broken portal pair (an end whose face was buried, as a file edited by
/// hand may hold; the grid itself refuses an end edge that is no portal)
/// is always listed: the problems panel never says "No problems" about it.
#[test]
fn a_broken_portal_pair_is_always_a_problem() {
    let l = fixtures::level(fixtures::TWO_ROOMS);
    assert!(Editor::new(l.clone()).problems().is_empty());
    let end = l.grid.portals()[0].ends[0];
    // Its face buried in rock, by the grid's raw API (no editor operation
    // allows it).
    let mut buried = l.clone();
    buried
        .grid
        .set_cell(end.cell, CellKind::Rock)
        .expect("inside");
    let e = Editor::new(buried);
    assert!(!e.problems().is_empty(), "a buried portal face");
    assert!(e
        .problems()
        .iter()
        .any(|p| p.place == Place::Edge(end.edge())));
}

#[test]
fn a_wall_painted_across_a_watchers_route_is_a_problem_of_the_level() {
    let mut e = Editor::new(blank(6, 3));
    let guard = ThingSpec {
        id: "guard".into(),
        cell: c(1, 1),
        kind: ThingSpecKind::Watcher {
            route: vec![c(1, 1), c(4, 1), c(4, 2)],
        },
    };
    e.edit("add", "", |l| add_thing(l, guard)).expect("add");
    assert!(e.problems().is_empty(), "{:?}", e.problems());
    // A platform between 4,1 and 4,2 is no wall: it walks up through it.
    e.edit("platform", "", |l| {
        paint_edge(l, EdgePos::horizontal(4, 2), EdgeKind::Platform)
    })
    .expect("platform");
    assert!(e.problems().is_empty(), "{:?}", e.problems());
    // A wall between route cells 2,1 and 3,1.
    e.edit("wall", "", |l| {
        paint_edge(l, EdgePos::vertical(3, 1), EdgeKind::Wall)
    })
    .expect("wall");
    let problems = e.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].place, Place::Route(1, c(1, 1)));
    assert_eq!(
        problems[0].message,
        "the walk of 'guard' from route point 1 to 2 steps from 2,1 to 3,1 through a wall (expected an open edge or a platform between them)"
    );
    // The level's own check (what `level check` and play's loader run)
    // says the same.
    let text = crate::level::to_text(e.level());
    let errors = crate::level::check_text("guard.txt", &text).expect_err("refused");
    assert!(
        errors.iter().any(|err| err
            .to_string()
            .contains("steps from 2,1 to 3,1 through a wall")),
        "{errors:?}"
    );
    // Undone, the route walks again.
    e.undo();
    assert!(e.problems().is_empty());
}
