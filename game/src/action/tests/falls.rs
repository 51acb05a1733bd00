//! Gravity and falls (`docs/RULES.md`, "Space, gravity and movement"): walking off
//! a ledge, falling through floor portals, safe fall heights, and falls
//! that would never end.

use super::*;

use MoveKind::{Fall, Walk};

/// A ledge of platforms at the top of a room `depth + 1` cells high: the
/// hero stands on 1,`depth`; 2,`depth` is over the drop. The platforms let
/// the hero see the whole drop.
fn pit(depth: usize) -> String {
    let mut rows = vec!["#########".to_string(), "#@......#".to_string()];
    rows.push("#---....#".to_string());
    for _ in 0..depth {
        rows.push("#.......#".to_string());
        rows.push("#.......#".to_string());
    }
    rows.pop();
    rows.push("#########".to_string());
    rows.join("\n")
}

fn pit_play(depth: usize) -> Play {
    let at = format!("1,{depth}");
    Play::new(
        &pit(depth),
        &format!(
            "knight = hero knight at {at}
             scout = hero scout at {at}
             sorceress = hero sorceress at {at}"
        ),
        "",
    )
}

#[test]
fn walking_off_a_ledge_falls_to_the_floor_below() {
    let mut p = pit_play(2);
    assert_eq!(
        p.go("knight", 2, 0),
        vec![(c(2, 2), Walk), (c(2, 1), Fall), (c(2, 0), Fall)]
    );
    assert_eq!(p.ap("knight"), 3, "falling is free");
}

#[test]
fn a_hero_can_only_stop_where_something_holds_them_up() {
    let mut p = pit_play(2);
    // Open air: refused, saying where a hero there lands (issue 36).
    assert_eq!(
        p.refused(p.move_to("knight", 2, 1)),
        "cannot stop in mid-air: lands at 2,0, 1 down"
    );
    assert_eq!(
        p.refused(p.move_to("knight", 2, 2)),
        "cannot stop in mid-air: lands at 2,0, 2 down"
    );
    // Under the platform the knight stands on: no hero gets into that
    // air from here (a playtest was told it would land there).
    assert_eq!(
        p.refused(p.move_to("knight", 1, 1)),
        "the floor is in the way"
    );
    let said = Refusal::MidAir {
        lands: c(2, 0),
        cells: 2,
    }
    .to_string();
    assert_eq!(
        said,
        "cannot stop in mid-air: from there a hero falls 2 cells (the landing is marked)"
    );
}

#[test]
fn the_knight_and_the_sorceress_survive_two_cells_and_no_more() {
    let mut p = pit_play(3);
    for hero in ["knight", "sorceress"] {
        assert_eq!(
            p.refused(p.move_to(hero, 2, 0)),
            "too far to fall: 3 cells, safe is 2"
        );
        assert_eq!(p.at(hero), c(1, 3));
    }
    // The scout jumps down.
    assert_eq!(p.go("scout", 2, 0).len(), 4);
}

#[test]
fn the_scout_survives_four_cells_and_no_more() {
    let mut p = pit_play(4);
    assert_eq!(p.go("scout", 2, 0).len(), 5);
    let mut p = pit_play(5);
    assert_eq!(
        p.refused(p.move_to("scout", 2, 0)),
        "too far to fall: 5 cells, safe is 4"
    );
    assert_eq!(
        p.refused(p.move_to("knight", 2, 0)),
        "too far to fall: 5 cells, safe is 2"
    );
    assert_eq!(p.at("scout"), c(1, 5));
}

#[test]
fn walking_onto_a_floor_portal_falls_through_it() {
    // The floor of 1,1 is the ceiling of 3,0.
    let grid = "
        #########
        #@..#####
        ###a###a#
        #####...#
        #########";
    let mut p = Play::new(grid, "knight = hero knight at 0,1", "a = straight");
    assert_eq!(p.go("knight", 3, 0), vec![(c(1, 1), Walk), (c(3, 0), Fall)]);
    assert_eq!(p.ap("knight"), 3);
    // From the floor below, the rest of that room is open.
    assert_eq!(p.go("knight", 2, 0), vec![(c(2, 0), Walk)]);
}

/// A room whose drop at x = 2 ends in a floor portal (under 2,3) that comes
/// out of the ceiling of 5,1, two cells above the floor there. The hero on
/// the platform at 1,5 falls 4 cells in all: 2,4 2,3 5,1 5,0.
const PORTAL_DROP: &str = "
    #############
    #@....#######
    #---..#######
    #.....#######
    #.....#######
    #.....#######
    #####a#######
    #############
    ###########a#
    ###########.#
    ###########.#
    ###########.#
    #############";

#[test]
fn a_fall_through_a_floor_portal_counts_every_cell_on_both_sides() {
    let mut p = Play::new(
        PORTAL_DROP,
        "knight = hero knight at 1,5
         scout = hero scout at 1,5",
        "a = straight",
    );
    assert_eq!(
        p.refused(p.move_to("knight", 5, 0)),
        "too far to fall: 4 cells, safe is 2"
    );
    assert_eq!(
        p.go("scout", 5, 0),
        vec![
            (c(2, 5), Walk),
            (c(2, 4), Fall),
            (c(2, 3), Fall),
            (c(5, 1), Fall),
            (c(5, 0), Fall),
        ]
    );
    assert_eq!(p.ap("scout"), 5);
}

/// A drop at x = 2 whose floor portal is glued to its own ceiling: whatever
/// goes in falls for ever.
const BOTTOMLESS: &str = "
    #####a#
    #@....#
    #---..#
    #.....#
    #.....#
    #.....#
    #####a#";

#[test]
fn a_move_into_a_fall_that_never_ends_is_refused() {
    let mut p = Play::new(
        BOTTOMLESS,
        "scout = hero scout at 1,2
         idol = item idol at 1,2 flags ACQUIRE|PLACE|RELIC
         sorceress = hero sorceress at 1,2",
        "a = straight",
    );
    for cell in [(2, 0), (2, 1), (2, 2)] {
        assert_eq!(
            p.refused(p.move_to("scout", cell.0, cell.1)),
            "that would fall for ever through a portal loop",
            "{cell:?}"
        );
    }
    // An item let go of over it, too.
    assert_eq!(
        p.refused(p.levitate("sorceress", "idol", 2, 2)),
        "that would fall for ever through a portal loop"
    );
    assert_eq!(p.at("scout"), c(1, 2));
    assert_eq!(p.at("idol"), c(1, 2));
}

/// A solid ledge beside a shaft `depth` cells deep: from 1,`depth` the hero
/// cannot see down the shaft at x = 2 (its own floor hides it).
fn shaft(depth: usize) -> String {
    let mut rows = vec!["#########".to_string(), "#@......#".to_string()];
    for _ in 0..depth {
        rows.push("#####.###".to_string());
        rows.push("#####.###".to_string());
    }
    rows.push("#########".to_string());
    rows.join("\n")
}

#[test]
fn walking_off_into_a_drop_out_of_sight_says_how_far_the_fall_is() {
    let mut p = Play::new(
        &shaft(6),
        "knight = hero knight at 1,6\nscout = hero scout at 1,6",
        "",
    );
    // The bottom of the shaft is out of sight from the ledge, but the fall
    // is known: pointing at the cell over the drop, or at the bottom.
    assert_eq!(
        p.refused(p.move_to_view("knight", 1, 0)),
        "too far to fall: 6 cells, safe is 2"
    );
    assert_eq!(
        p.refused(p.move_to("knight", 2, 0)),
        "too far to fall: 6 cells, safe is 2"
    );
    assert_eq!(
        p.refused(p.move_to("scout", 2, 0)),
        "too far to fall: 6 cells, safe is 4"
    );
    assert_eq!(p.at("knight"), c(1, 6));
}

#[test]
fn a_safe_fall_out_of_sight_is_walked_and_previewed_as_far_as_seen() {
    let mut p = Play::new(&shaft(4), "scout = hero scout at 1,4", "");
    // Pointing at the cell over the drop walks off it; the scout lands at
    // the bottom, four cells down, out of the sight she had.
    let path = p.go_view("scout", 1, 0);
    assert_eq!(path.first(), Some(&(c(2, 4), Walk)));
    assert_eq!(path.last(), Some(&(c(2, 0), Fall)));
    assert_eq!(path.len(), 5);
    assert_eq!(p.at("scout"), c(2, 0));
}
