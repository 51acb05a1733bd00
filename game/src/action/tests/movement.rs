//! Moving by destination (`docs/RULES.md`, "Space, gravity and movement"): walk,
//! step up, climb — chosen as the cheapest path through the hero's view,
//! portals included.

use super::*;

use MoveKind::{Climb, Fall, StepUp, Walk};

// --- Walking -----------------------------------------------------------------

/// Two rooms of four cells, a wall between them.
const WALLED: &str = "
    #################
    #@......#.......#
    #################";

#[test]
fn walking_left_and_right_along_a_floor() {
    let mut p = Play::new(WALLED, "scout = hero scout at 2,0", "");
    assert_eq!(p.go("scout", 0, 0), vec![(c(1, 0), Walk), (c(0, 0), Walk)]);
    assert_eq!(p.go("scout", 3, 0).len(), 3);
    assert_eq!((p.at("scout"), p.ap("scout")), (c(3, 0), 1));
}

#[test]
fn a_cell_behind_a_wall_is_not_in_sight() {
    let mut p = Play::new(WALLED, "scout = hero scout at 2,0", "");
    assert_eq!(
        p.refused(p.move_to("scout", 4, 0)),
        "cell 4,0 is not in sight"
    );
    assert_eq!(p.at("scout"), c(2, 0));
}

#[test]
fn a_step_into_a_wall_says_the_wall_not_sight() {
    // Against the wall between the rooms, by view cell (what the arrow
    // keys and the mouse ask) and by grid cell: the wall is the reason.
    let mut p = Play::new(WALLED, "scout = hero scout at 3,0", "");
    assert_eq!(
        p.refused(p.move_to_view("scout", 1, 0)),
        "a wall is in the way"
    );
    assert_eq!(p.refused(p.move_to("scout", 4, 0)), "a wall is in the way");
    assert_eq!(
        p.refused(p.move_to_view("scout", 0, 1)),
        "the ceiling is in the way"
    );
    assert_eq!(
        p.refused(p.move_to_view("scout", 0, -1)),
        "the floor is in the way"
    );
    // At the level's edge too.
    let mut p = Play::new(WALLED, "scout = hero scout at 0,0", "");
    assert_eq!(
        p.refused(p.move_to_view("scout", -1, 0)),
        "a wall is in the way"
    );
    assert_eq!(p.at("scout"), c(0, 0));
}

#[test]
fn pointing_at_a_dark_view_cell_names_that_cell() {
    let mut p = Play::new(WALLED, "scout = hero scout at 2,0", "");
    assert_eq!(
        p.refused(p.move_to_view("scout", 3, 0)),
        "cell 5,0 is not in sight"
    );
    assert_eq!(
        p.refused(p.move_to_view("scout", 1, 1)),
        "cell 3,1 is not in sight"
    );
}

#[test]
fn moving_to_where_the_hero_stands_is_refused() {
    let mut p = Play::new(WALLED, "scout = hero scout at 3,0", "");
    assert_eq!(p.refused(p.move_to("scout", 3, 0)), "already there");
}

/// The loop-back room, four cells wide: the left and right walls are one
/// portal.
const LOOP4: &str = "
    #########
    a@......a
    #########";

#[test]
fn walking_out_through_the_loop_back_portal_is_the_short_way_round() {
    let mut p = Play::new(LOOP4, "knight = hero knight at 0,0", "a = straight");
    // Three cells to the right, or one to the left through the wall portal.
    assert_eq!(p.go("knight", 3, 0), vec![(c(3, 0), Walk)]);
    assert_eq!(p.ap("knight"), 3);
    // And back out through the right wall.
    assert_eq!(p.go("knight", 0, 0), vec![(c(0, 0), Walk)]);
    assert_eq!(p.ap("knight"), 2);
}

#[test]
fn pointing_at_a_farther_image_of_a_cell_walks_round_the_loop_to_it() {
    let mut p = Play::new(LOOP4, "scout = hero scout at 0,0", "a = straight");
    // Five view cells to the left is cell 3,0 seen through the portal twice.
    let events = p.ok(p.move_to_view("scout", -5, 0));
    let path = path_of(&events);
    assert_eq!(
        path.iter().map(|s| s.0).collect::<Vec<_>>(),
        vec![c(3, 0), c(2, 0), c(1, 0), c(0, 0), c(3, 0)]
    );
    assert_eq!((p.at("scout"), p.ap("scout")), (c(3, 0), 1));
    // Each step says whether it crossed the portal: the first (out of
    // 0,0's left wall into 3,0) and the last (again).
    let crossed: Vec<bool> = events
        .iter()
        .find_map(|e| match e {
            Event::Move { path, .. } => Some(path.iter().map(|s| s.portal).collect()),
            _ => None,
        })
        .expect("a move");
    assert_eq!(crossed, [true, false, false, false, true]);
}

/// Two rooms with rock between, joined by a door: the right wall of 1,0 is
/// the left wall of 3,0.
const DOOR: &str = "
    ###########
    #@..a#a...#
    ###########";

#[test]
fn a_door_portal_leads_into_another_room() {
    let mut p = Play::new(DOOR, "scout = hero scout at 0,0", "a = straight");
    assert_eq!(
        p.go("scout", 4, 0),
        vec![(c(1, 0), Walk), (c(3, 0), Walk), (c(4, 0), Walk)]
    );
    assert_eq!(p.ap("scout"), 3);
    // Back the same way.
    assert_eq!(p.go("scout", 1, 0), vec![(c(3, 0), Walk), (c(1, 0), Walk)]);
}

#[test]
fn without_the_door_the_other_room_is_out_of_sight() {
    let walled = DOOR.replace('a', "#");
    let mut p = Play::new(&walled, "scout = hero scout at 0,0", "");
    assert_eq!(
        p.refused(p.move_to("scout", 3, 0)),
        "cell 3,0 is not in sight"
    );
}

#[test]
fn a_destination_in_sight_but_beyond_the_action_points_is_refused() {
    let mut p = Play::new(DOOR, "knight = hero knight at 0,0", "a = straight");
    p.go("knight", 4, 0);
    assert_eq!(p.ap("knight"), 1);
    assert_eq!(
        p.refused(p.move_to("knight", 0, 0)),
        "not enough action points: needs 3, has 1"
    );
    assert_eq!(p.at("knight"), c(4, 0));
}

// --- Stepping up -------------------------------------------------------------

/// A one-cell block (rock at 2,0) in a room two cells high.
const STEP: &str = "
    ###########
    #.........#
    #...###...#
    #@..###...#
    ###########";

#[test]
fn step_up_onto_a_block_costs_one_action_point() {
    let mut p = Play::new(STEP, "knight = hero knight at 1,0", "");
    assert_eq!(
        p.go("knight", 2, 1),
        vec![(c(1, 1), StepUp), (c(2, 1), StepUp)]
    );
    assert_eq!(p.ap("knight"), 3);
    // Off the far side: walk into the air and drop one cell.
    assert_eq!(p.go("knight", 3, 0), vec![(c(3, 1), Walk), (c(3, 0), Fall)]);
    assert_eq!(p.ap("knight"), 2);
}

#[test]
fn step_up_never_ends_in_the_air() {
    let mut p = Play::new(STEP, "knight = hero knight at 1,0", "");
    assert_eq!(
        p.refused(p.move_to("knight", 1, 1)),
        "cannot stop in mid-air: lands at 1,0, 1 down"
    );
    // Nor beside the block, where nothing holds the hero up.
    p.go("knight", 2, 1);
    assert_eq!(
        p.refused(p.move_to("knight", 3, 1)),
        "cannot stop in mid-air: lands at 3,0, 1 down"
    );
}

#[test]
fn a_solid_ceiling_stops_the_step_up() {
    // The same block, but the cell above 1,0 has a solid floor.
    let low = "
        ###########
        #.........#
        #..####...#
        #@..###...#
        ###########";
    let mut p = Play::new(low, "knight = hero knight at 1,0", "");
    let refusal = p.refused(p.move_to("knight", 2, 1));
    assert_eq!(refusal, "cell 2,1 is not in sight");
    assert_eq!(p.at("knight"), c(1, 0));
}

/// A block two cells high (rock at 2,0 and 2,1).
const TALL_STEP: &str = "
    #########
    #.......#
    #...###.#
    #...###.#
    #...###.#
    #@..###.#
    #########";

#[test]
fn the_scout_steps_up_two_cells_and_the_others_one() {
    let mut p = Play::new(
        TALL_STEP,
        "scout = hero scout at 1,0
         knight = hero knight at 1,0
         sorceress = hero sorceress at 1,0",
        "",
    );
    assert_eq!(p.refused(p.move_to("knight", 2, 2)), "no way to get to 2,2");
    assert_eq!(
        p.refused(p.move_to("sorceress", 2, 2)),
        "no way to get to 2,2"
    );
    assert_eq!(
        p.go("scout", 2, 2),
        vec![(c(1, 1), StepUp), (c(1, 2), StepUp), (c(2, 2), StepUp)]
    );
    assert_eq!(p.ap("scout"), 5);
}

#[test]
fn the_scouts_high_step_is_stopped_by_a_solid_edge_on_the_way() {
    // A solid floor under 1,2: the way up passes through it.
    let capped = "
        #########
        #.......#
        #.#####.#
        #...###.#
        #...###.#
        #@..###.#
        #########";
    let mut p = Play::new(capped, "scout = hero scout at 1,0", "");
    assert_eq!(
        p.refused(p.move_to("scout", 2, 2)),
        "cell 2,2 is not in sight"
    );
    assert_eq!(p.at("scout"), c(1, 0));
}

#[test]
fn step_up_through_a_wall_portal() {
    // Rock at 0,0; the right wall of 3,1 is the left wall of 0,1.
    let grid = "
        #########
        a.......a
        ###.....#
        ###@....#
        #########";
    let mut p = Play::new(grid, "knight = hero knight at 3,0", "a = straight");
    // Up from 3,0 and out through the right wall onto the rock at 0,1: one
    // action point, where walking round the room would cost three.
    assert_eq!(
        p.go("knight", 0, 1),
        vec![(c(3, 1), StepUp), (c(0, 1), StepUp)]
    );
    assert_eq!(p.ap("knight"), 3);
}

// --- Climbing ----------------------------------------------------------------

#[test]
fn a_platform_holds_a_hero_up_until_a_rope_hangs_through_it() {
    let mut p = Play::new(
        SHAFT,
        "knight = hero knight at 1,3 rope 4
         scout = hero scout at 1,3",
        "",
    );
    assert_eq!(p.refused(p.move_to("scout", 1, 0)), "no way to get to 1,0");
    p.ok(p.deploy("knight", DeployDir::Down));
    assert_eq!(
        p.go("scout", 1, 0),
        vec![(c(1, 2), Climb), (c(1, 1), Climb), (c(1, 0), Climb)]
    );
    assert_eq!(p.ap("scout"), 3);
}

#[test]
fn climbing_up_passes_through_a_platform() {
    let mut p = Play::new(
        SHAFT,
        "knight = hero knight at 1,3 rope 4
         scout = hero scout at 1,3",
        "",
    );
    p.ok(p.deploy("knight", DeployDir::Down));
    p.go("scout", 1, 1);
    assert_eq!(
        p.go("scout", 1, 3),
        vec![(c(1, 2), Climb), (c(1, 3), Climb)]
    );
    // And off the rope onto the entrance.
    assert_eq!(p.go("scout", 0, 3), vec![(c(0, 3), Walk)]);
    assert_eq!(p.ap("scout"), 1);
}

#[test]
fn climbing_stops_where_the_rope_ends() {
    let mut p = Play::new(
        SHAFT,
        "knight = hero knight at 1,3 rope 2
         scout = hero scout at 1,3",
        "",
    );
    p.ok(p.deploy("knight", DeployDir::Down));
    p.go("scout", 1, 2);
    assert_eq!(
        p.refused(p.move_to("scout", 1, 1)),
        "cannot stop in mid-air: lands at 1,0, 1 down"
    );
    assert_eq!(p.at("scout"), c(1, 2));
}

#[test]
fn a_rope_stops_at_a_solid_floor_and_nobody_climbs_through_it() {
    // Two ropes in one column, a solid floor between 1,2 and 1,1.
    let grid = "
        #####
        #@..#
        ###.#
        ###.#
        #####
        #...#
        ###.#
        ###.#
        #####";
    let mut p = Play::new(
        grid,
        "knight = hero knight at 0,3 rope 3
         scout = hero scout at 0,1 rope 3",
        "",
    );
    p.ok(p.deploy("knight", DeployDir::Right));
    p.ok(p.deploy("scout", DeployDir::Right));
    assert_eq!(p.segment_cells(), vec![c(1, 3), c(1, 2), c(1, 1), c(1, 0)]);
    p.go("knight", 1, 2);
    assert_eq!(
        p.refused(p.move_to("knight", 1, 1)),
        "the floor is in the way"
    );
    p.go("scout", 1, 1);
    assert_eq!(
        p.refused(p.move_to("scout", 1, 2)),
        "the ceiling is in the way"
    );
}

/// A rope from 1,3 down through the platform and the floor portal under
/// 1,2, on down from 3,1 to the floor at 3,0; 2,0 beside it.
pub(super) const PORTAL_SHAFT: &str = "
    #########
    #@..#####
    ###-#####
    ###.#####
    ###a###a#
    #######.#
    #######.#
    #####...#
    #########";

#[test]
fn climbing_through_a_floor_portal() {
    let mut p = Play::new(
        PORTAL_SHAFT,
        "knight = hero knight at 1,3 rope 6
         scout = hero scout at 1,3",
        "a = straight",
    );
    p.ok(p.deploy("knight", DeployDir::Down));
    assert_eq!(
        p.go("scout", 3, 0),
        vec![(c(1, 2), Climb), (c(3, 1), Climb), (c(3, 0), Climb)]
    );
    assert_eq!(p.go("scout", 2, 0), vec![(c(2, 0), Walk)]);
    p.ok(Action::EndTurn);
    p.go("scout", 3, 0);
    assert_eq!(
        p.go("scout", 1, 3),
        vec![(c(3, 1), Climb), (c(1, 2), Climb), (c(1, 3), Climb)],
        "back up, through the portal"
    );
    assert_eq!(p.ap("scout"), 2);
}
