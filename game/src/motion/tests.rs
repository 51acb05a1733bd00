//! The ropes in motion, headless: deploy, settle, hoist, take back, undo.
use super::*;
use crate::action::rope::DeployDir;
use crate::action::Action;
use crate::level::{load_file, Level};
use crate::session::Session;

fn shipped(name: &str) -> Level {
    load_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../levels")
            .join(name),
    )
    .expect("shipped level")
}

/// Runs `motion` for `s` seconds in 60 Hz frames.
fn run(motion: &mut RopeMotion, s: f32) {
    for _ in 0..(s * 60.0).round() as usize {
        motion.update(1.0 / 60.0);
    }
}

/// The level with the knight's rope just deployed (from `from`, if given,
/// in direction `dir`), and the motion following it.
fn deployed(level: &str, from: Option<CellPos>, dir: DeployDir) -> (Session, ThingId, RopeMotion) {
    let mut session = Session::new(&shipped(level)).expect("stage");
    let knight = session.stage().find("knight").expect("knight");
    let mut motion = RopeMotion::new();
    motion.sync(session.stage(), false);
    if let Some(cell) = from {
        session
            .perform(&Action::Move {
                hero: knight,
                to: crate::action::Target::Cell(cell),
            })
            .expect("walks");
    }
    session
        .perform(&Action::DeployRope { hero: knight, dir })
        .expect("deploys");
    motion.sync(session.stage(), true);
    let stage = session.stage();
    let rope = stage
        .of_kind(crate::things::ThingKind::Interactable)
        .into_iter()
        .find(|&r| stage.has_flag(r, ThingFlags::DEPLOYED))
        .expect("a deployed rope");
    (session, rope, motion)
}

#[test]
fn a_deployed_rope_pays_out_swings_and_settles_on_its_cells() {
    let (session, rope, mut motion) = deployed(
        "rope_descent.txt",
        Some(CellPos::new(1, 6)),
        DeployDir::Right,
    );
    let n = session.stage().rope_segments(rope).len();
    assert!(n >= 2);
    // Just deployed: still in the winch, nothing below the anchor yet.
    assert!(motion.is_moving());
    let shown: usize = motion
        .rope_cells(rope)
        .expect("a chain")
        .iter()
        .map(|&c| motion.links_in(c).count())
        .sum();
    assert!(shown < n * LINKS_PER_CELL, "paying out: {shown}");
    // It swings on the way down…
    run(&mut motion, 0.5);
    let swing = motion
        .link_places(rope)
        .iter()
        .map(|(_, x)| x.abs())
        .fold(0.0f32, f32::max);
    assert!(swing > 0.005, "a visible swing: {swing}");
    // …and within 1.5 s rests within 1 mm of the rope's line, every link in
    // a cell the rope occupies.
    run(&mut motion, 1.0);
    for (k, x) in motion.link_places(rope) {
        assert!((0..n as i64).contains(&k), "link in segment {k} of {n}");
        assert!(x.abs() < 1e-3, "{x} m off the line");
    }
    run(&mut motion, 0.5);
    assert!(!motion.is_moving(), "still after 2 s");
    // Every link is drawn in the cell its segment is in.
    let cells = session
        .stage()
        .rope_segments(rope)
        .iter()
        .filter_map(|&s| session.stage().cell_of(s))
        .collect::<Vec<_>>();
    let drawn: usize = cells.iter().map(|&c| motion.links_in(c).count()).sum();
    assert_eq!(drawn, n * LINKS_PER_CELL);
    for &c in &cells {
        for l in motion.links_in(c) {
            assert!(l.centre.x.abs() <= 0.5 && l.centre.y.abs() <= 0.5, "{l:?}");
        }
    }
}

#[test]
fn through_a_floor_portal_the_rope_is_one_chain_over_all_its_cells() {
    let (session, rope, mut motion) = deployed("heavy_haul.txt", None, DeployDir::Down);
    run(&mut motion, 2.0);
    let cells: Vec<CellPos> = session
        .stage()
        .rope_segments(rope)
        .iter()
        .filter_map(|&s| session.stage().cell_of(s))
        .collect();
    assert_eq!(motion.rope_cells(rope), Some(cells.as_slice()));
    // The cells jump at the portal in grid terms, yet every one holds its
    // share of links: the chain is continuous through it.
    for &c in &cells {
        assert_eq!(motion.links_in(c).count(), LINKS_PER_CELL, "{c}");
    }
}

#[test]
fn undo_mid_animation_shows_the_restored_state_at_rest() {
    let (mut session, rope, mut motion) = deployed(
        "rope_descent.txt",
        Some(CellPos::new(1, 6)),
        DeployDir::Right,
    );
    run(&mut motion, 0.2);
    assert!(motion.is_moving());
    session.undo();
    motion.sync(session.stage(), false);
    assert!(
        motion.rope_cells(rope).is_none(),
        "no rope deployed any more"
    );
    assert!(!motion.is_moving());
    session.redo();
    motion.sync(session.stage(), false);
    assert!(!motion.is_moving(), "redo shows the rest pose at once");
    for (_, x) in motion.link_places(rope) {
        assert_eq!(x, 0.0);
    }
}

#[test]
fn any_input_finishes_the_animation_at_once() {
    let (_session, rope, mut motion) = deployed(
        "rope_descent.txt",
        Some(CellPos::new(1, 6)),
        DeployDir::Right,
    );
    run(&mut motion, 0.1);
    motion.finish();
    assert!(!motion.is_moving());
    assert!(motion.link_places(rope).iter().all(|&(_, x)| x == 0.0));
}

#[test]
fn a_rope_taken_back_reels_up_into_the_heros_hands_then_is_gone() {
    let (mut session, rope, mut motion) = deployed(
        "rope_descent.txt",
        Some(CellPos::new(1, 6)),
        DeployDir::Right,
    );
    run(&mut motion, 2.0);
    let cells = motion.rope_cells(rope).expect("a chain").to_vec();
    let shown = |m: &RopeMotion| cells.iter().map(|&c| m.links_in(c).count()).sum::<usize>();
    let hanging = shown(&motion);
    assert_eq!(hanging, cells.len() * LINKS_PER_CELL);
    let knight = session.stage().find("knight").expect("knight");
    session
        .perform(&Action::TakeRope { hero: knight })
        .expect("takes it back");
    assert!(
        session.stage().rope_segments(rope).is_empty(),
        "the state: in hand"
    );
    motion.sync(session.stage(), true);
    // Still drawn where it hung, then climbing: fewer links each frame,
    // the bottom rising, none above the hands.
    assert!(motion.is_moving());
    assert_eq!(
        shown(&motion),
        hanging - LINKS_PER_CELL / 2,
        "at once, only the half cell above the hands is in them"
    );
    let mut last = hanging;
    let mut bottom_rose = false;
    for _ in 0..6 {
        run(&mut motion, 0.05);
        let now = shown(&motion);
        assert!(now <= last, "{now} links after {last}");
        bottom_rose |= motion.links_in(cells[cells.len() - 1]).count() < LINKS_PER_CELL;
        for l in motion.links_in(cells[0]) {
            assert!(l.centre.y >= -1e-4, "a link above the hands: {l:?}");
        }
        last = now;
    }
    assert!(bottom_rose && 0 < last && last < hanging, "reeling: {last}");
    // All in within a second: nothing left to draw or move.
    run(&mut motion, 1.0);
    assert_eq!(shown(&motion), 0);
    assert!(!motion.is_moving());
    assert!(motion.rope_cells(rope).is_none());
    // Undone, the rope hangs again at once; taken back again, any input
    // ends the reeling at once.
    session.undo();
    motion.sync(session.stage(), false);
    assert_eq!(shown(&motion), hanging);
    session.redo();
    motion.sync(session.stage(), true);
    assert!(motion.is_moving());
    motion.finish();
    assert_eq!(shown(&motion), 0);
    assert!(!motion.is_moving());
}

#[test]
fn a_load_hangs_inside_the_ropes_bottom_cell_clear_of_its_floor() {
    let rope = ThingId::new(1, std::num::NonZeroU32::MIN);
    let cells: Vec<CellPos> = (0..5).map(|y| CellPos::new(3, 10 - y)).collect();
    let shape = Shape {
        rope,
        cells: cells.clone(),
        load: true,
        hanging: Vec::new(),
    };
    let mut motion = RopeMotion::new();
    motion
        .chains
        .push(Chain::build(&shape, 0.0, &Carry::default()));
    motion.place();
    // What the game state holds in the rope's bottom cell is drawn there:
    // the load's centre in that cell, its box above the floor line.
    let bottom = cells[4];
    let loads: Vec<(ThingId, Vec2)> = motion.loads_in(bottom).collect();
    assert_eq!(loads.len(), 1, "the load is in the bottom cell");
    let centre = loads[0].1;
    assert!(centre.x.abs() < 1e-4, "on the rope's line: {centre:?}");
    assert!(
        centre.y + LOAD_HALF < 0.5 - 0.05 && centre.y - LOAD_HALF > -0.5,
        "inside the cell, clear of its floor: {centre:?}"
    );
    // The rope still runs down into that cell, to the load's top.
    let links: Vec<LinkPose> = motion.links_in(bottom).collect();
    assert_eq!(links.len(), LINKS_PER_CELL);
    let end = links
        .iter()
        .map(|l| l.centre.y + l.half_len)
        .fold(f32::MIN, f32::max);
    assert!(
        (end - (centre.y - LOAD_HALF)).abs() < 1e-3,
        "{end} {centre:?}"
    );
    // It stays there once the physics has run a while (the chain is at
    // rest as built).
    run(&mut motion, 1.0);
    assert_eq!(motion.loads_in(bottom).count(), 1);
    assert_eq!(motion.load_segment(rope), Some(4));
}

#[test]
fn a_load_tied_in_play_hangs_where_the_rope_at_rest_holds_it_and_untied_is_gone() {
    // Night haul, turn 2: the scout ties the bucket to the rope's end in
    // the cellar. Animated, the rope takes the load and hangs as a loaded
    // rope at rest does: the bucket in the bottom cell, above its floor,
    // not under it where the unloaded rope ended.
    let level = shipped("night_haul.txt");
    let script = "select knight\nmove 3 3\ndeploy-rope right\nselect scout\nmove 1 3\npickup bucket\nmove 2 4\nmove 4 2\nend-turn\nselect knight\nmove 4 3\nmove 4 0\nselect scout\nmove 4 0\ntie\n";
    let actions = crate::script::script_actions(&level, script).expect("the line parses");
    let (tie, before) = actions.split_last().expect("a tie");
    let mut session = Session::new(&level).expect("stage");
    for a in before {
        session.perform(a).expect("the shipped line plays");
    }
    let mut motion = RopeMotion::new();
    motion.sync(session.stage(), false);
    session.perform(tie).expect("ties");
    motion.sync(session.stage(), true);
    run(&mut motion, 3.0);
    let cellar = CellPos::new(4, 0);
    let moved: Vec<Vec2> = motion.loads_in(cellar).map(|(_, c)| c).collect();
    let mut rest = RopeMotion::new();
    rest.sync(session.stage(), false);
    let still: Vec<Vec2> = rest.loads_in(cellar).map(|(_, c)| c).collect();
    assert_eq!((moved.len(), still.len()), (1, 1), "{moved:?} {still:?}");
    assert!(
        (moved[0] - still[0]).length() < 0.05,
        "tied in play {:?}, at rest {:?}",
        moved[0],
        still[0]
    );
    assert!(
        moved[0].y + LOAD_HALF < 0.5,
        "above the floor: {:?}",
        moved[0]
    );
    // Untied (the tie undone, followed as a change): no load hangs, and
    // the rope's end is back at the bottom of the cell.
    assert!(session.undo());
    motion.sync(session.stage(), true);
    run(&mut motion, 3.0);
    assert_eq!(motion.loads_in(cellar).count(), 0);
    let end = motion
        .links_in(cellar)
        .map(|l| l.centre.y + l.half_len)
        .fold(f32::MIN, f32::max);
    assert!((end - 0.5).abs() < 0.05, "the rope's end at {end}");
}
