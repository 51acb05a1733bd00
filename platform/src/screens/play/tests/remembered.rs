//! The party's memory on the play screen: every hero stays drawn wherever
//! the selected hero's sight leaves them.
use game::action::{Action, DeployDir, Target};

use super::*;

/// Moves hero `index` to grid cell `cell` (the rules' own move, as set-up).
fn go(s: &mut PlayScreen, index: u8, cell: CellPos) {
    key(s, Key::Hero(index));
    let hero = s.selected_hero().unwrap();
    s.perform(Action::Move {
        hero,
        to: Target::Cell(cell),
    });
    assert_eq!(cell_of_selected(s), cell, "{:?}", s.message());
}

/// Night haul's first round: the knight lets his rope down the shaft from
/// its head, beside it (3,3); the scout climbs down it into the cellar
/// (4,0), the next round.
fn night_haul_split() -> PlayScreen {
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
    go(&mut s, 1, CellPos::new(4, 0));
    s
}

#[test]
fn a_companion_on_a_cell_seen_only_as_a_sliver_is_drawn_on_the_remembered_map() {
    // From the cellar at the shaft's foot, the scout sees a sliver of the
    // knight's cell at the shaft's head, too little to see what is in it:
    // the knight is drawn dimmed there, not masked away.
    let s = night_haul_split();
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
