//! The party's memory on the play screen: every hero stays drawn wherever
//! the selected hero's sight leaves them, and a cell of the remembered map
//! is pointed at and clicked as a cell in sight is (the rules decide).
use game::action::{Action, DeployDir, Refusal};

use super::*;

/// Night haul's first round: the knight lets his rope down the shaft from
/// its head, beside it (3,3); the scout goes down it, and the next round
/// climbs on to `scout` (the cellar, 4,0; or back up to the shaft's head,
/// 4,3, remembering the corridor behind the pillar).
fn night_haul_split(scout: CellPos) -> PlayScreen {
    let mut s = screen("night_haul.txt");
    go(&mut s, 0, CellPos::new(3, 3));
    let knight = s.selected_hero().unwrap();
    s.perform(Action::DeployRope {
        hero: knight,
        dir: DeployDir::Right,
    });
    go(&mut s, 1, CellPos::new(2, 4));
    go(&mut s, 1, CellPos::new(4, 2));
    end_turn(&mut s);
    go(&mut s, 1, scout);
    s
}

/// The pixel at the middle of view cell `v`, as drawn.
fn pixel_of(s: &PlayScreen, v: ViewPos) -> Vec2 {
    s.projection(SIZE).cell_centre(v)
}

/// The view cell where the remembered map draws grid cell `cell`: its
/// grid offset from the selected hero's.
fn remembered_view(s: &PlayScreen, cell: CellPos) -> ViewPos {
    let here = cell_of_selected(s);
    ViewPos::new(cell.x - here.x, cell.y - here.y)
}

#[test]
fn a_companion_on_a_cell_seen_only_as_a_sliver_is_drawn_on_the_remembered_map() {
    // From the cellar at the shaft's foot, the scout sees a sliver of the
    // knight's cell at the shaft's head, too little to see what is in it:
    // the knight is drawn dimmed there, not masked away.
    let s = night_haul_split(CellPos::new(4, 0));
    let stage = s.session.stage();
    let knight = s.heroes()[0];
    let cell = stage.cell_of(knight).unwrap();
    assert_eq!(cell, CellPos::new(3, 3));
    assert!(s.view().is_visible(stage.grid(), cell), "a sliver of it");
    assert!(!s.view().sees_lying_in(stage.grid(), cell));
    assert_eq!(s.companions_out_of_sight(), [knight]);
    // Back at the shaft's head beside him, the scout sees him whole.
    let mut s = s;
    go(&mut s, 1, CellPos::new(4, 3));
    assert_eq!(s.companions_out_of_sight(), []);
}

#[test]
fn a_click_on_a_remembered_cell_moves_there_by_the_rules() {
    // The scout, climbed back up the rope to the shaft's head the next
    // round, remembers the corridor behind the pillar (she came that way)
    // and cannot see it now: pointing at it
    // previews the rules' move (over the pillar, dropping in out of
    // sight), and a click makes it.
    let mut s = night_haul_split(CellPos::new(4, 3));
    let corridor = CellPos::new(1, 3);
    let v = remembered_view(&s, corridor);
    assert!(s.view().nodes_at(v).next().is_none(), "out of sight there");
    assert!(s.memory.contains(corridor), "remembered");
    s.handle(Input::MouseMove(pixel_of(&s, v)), SIZE);
    assert_eq!(s.hover(), Some(v));
    let path = match s.preview().map(|p| &p.outcome) {
        Some(Ok(path)) => path.clone(),
        other => panic!("a move there: {other:?}"),
    };
    assert_eq!(path.end, Some(corridor));
    assert!(
        s.hint()
            .starts_with(&format!("Click to move: {}", path.words)),
        "{}",
        s.hint()
    );
    let ap = ap_of_selected(&s);
    s.handle(Input::Click(pixel_of(&s, v)), SIZE);
    assert_eq!(cell_of_selected(&s), corridor, "{:?}", s.message());
    assert_eq!(ap_of_selected(&s), ap - path.cost);
}

#[test]
fn a_remembered_cell_no_walk_reaches_says_why() {
    // From the cellar, the guard's loft (6,4) is remembered but out of
    // sight, and no walk of the rules' moves through the cells the party
    // has seen gets there: the hint and the click say so (a cell out of
    // sight that a walk reaches is walked to: `together.rs`).
    let mut s = night_haul_split(CellPos::new(4, 0));
    let loft = CellPos::new(6, 4);
    let v = remembered_view(&s, loft);
    assert!(s.view().nodes_at(v).next().is_none() && s.memory.contains(loft));
    let why = Refusal::NoKnownWay(loft).to_string();
    s.handle(Input::MouseMove(pixel_of(&s, v)), SIZE);
    assert_eq!(s.hover(), Some(v), "a remembered cell is pointed at");
    assert_eq!(s.hint(), format!("Can't go there: {why}"));
    s.handle(Input::Click(pixel_of(&s, v)), SIZE);
    assert_eq!(s.message(), Some(&Message::Refused(why)));
    assert_eq!(cell_of_selected(&s), CellPos::new(4, 0));
}

#[test]
fn a_cell_never_seen_is_not_a_target_and_says_not_seen_yet() {
    // The statue's loft, across the hall from the entrance, is seen by no
    // one at the start.
    let mut s = screen("night_haul.txt");
    let loft = CellPos::new(6, 5);
    assert!(!s.memory.contains(loft));
    let v = remembered_view(&s, loft);
    s.handle(Input::MouseMove(pixel_of(&s, v)), SIZE);
    assert_eq!(s.hover(), None, "nothing to point at");
    s.handle(Input::Click(pixel_of(&s, v)), SIZE);
    assert_eq!(
        s.message(),
        Some(&Message::Refused("that cell is not in sight".into()))
    );
    assert_eq!(cell_of_selected(&s), CellPos::new(0, 3));
}

#[test]
fn the_target_cursor_goes_onto_remembered_cells_and_moves_there() {
    // The scout at the shaft's head, as above: the cursor runs left along the hall
    // and on over the pillar's foot onto the remembered corridor; Enter
    // moves her there.
    let mut s = night_haul_split(CellPos::new(4, 3));
    let corridor = CellPos::new(1, 3);
    let v = remembered_view(&s, corridor);
    key(&mut s, Key::Target);
    for _ in 0..8 {
        if s.cursor() == Some(v) {
            break;
        }
        key(&mut s, Key::Left);
    }
    assert_eq!(s.cursor(), Some(v), "the cursor reaches the corridor");
    assert!(matches!(
        s.preview().map(|p| &p.outcome),
        Some(Ok(path)) if path.end == Some(corridor)
    ));
    key(&mut s, Key::Enter);
    assert_eq!(cell_of_selected(&s), corridor, "{:?}", s.message());
}
