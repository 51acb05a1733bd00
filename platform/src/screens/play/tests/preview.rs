//! The move preview says what the rules will do: where a fall lands, seen
//! or not.
use game::action::{Action, Target};

use super::*;

#[test]
fn a_fall_out_of_sight_is_previewed_where_the_move_lands() {
    // The scout's drop: the scout on the platform beside the right-hand
    // shaft; pointing at the shaft's top she walks in and falls four cells
    // to its floor, the lower two out of her sight.
    let mut s = screen("the_scouts_drop.txt");
    key(&mut s, Key::Hero(1));
    let scout = s.selected_hero().unwrap();
    s.perform(Action::Move {
        hero: scout,
        to: Target::Cell(CellPos::new(4, 4)),
    });
    let from = cell_of_selected(&s);
    assert_eq!(from, CellPos::new(4, 4));
    let v = s.view_pos_of_cell(CellPos::new(6, 4)).expect("in sight");
    s.set_hover(Some(v));
    let path = s
        .preview()
        .expect("a preview")
        .outcome
        .clone()
        .expect("allowed");
    assert_eq!(path.falls(), 4);
    let landing = path.landing.expect("the landing is marked");
    assert!(!landing.seen, "the shaft's floor is out of sight");
    assert!(s.hint().contains("lands out of sight"), "{}", s.hint());
    s.move_to(scout, v);
    let to = cell_of_selected(&s);
    assert_eq!(to, CellPos::new(6, 0), "{:?}", s.message());
    // No portal on the way: the landing is drawn as far from the hero as
    // the move takes her.
    assert_eq!(landing.view, ViewPos::new(to.x - from.x, to.y - from.y));
}

#[test]
fn a_fall_in_sight_is_previewed_where_the_move_lands() {
    // The same shaft from its top: pointing at the cell below the rim.
    let mut s = screen("the_scouts_drop.txt");
    key(&mut s, Key::Hero(1));
    let scout = s.selected_hero().unwrap();
    s.perform(Action::Move {
        hero: scout,
        to: Target::Cell(CellPos::new(5, 4)),
    });
    let v = s.view_pos_of_cell(CellPos::new(6, 4)).expect("in sight");
    s.set_hover(Some(v));
    let path = s.preview().unwrap().outcome.clone().expect("allowed");
    let landing = path.landing.expect("the landing is marked");
    assert_eq!(landing.view, ViewPos::new(1, -4));
    assert_eq!(
        landing.seen,
        s.view_pos_of_cell(CellPos::new(6, 0)) == Some(landing.view)
    );
}
