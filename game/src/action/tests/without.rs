//! Abilities switched off (`Stage::set_without`, `sim solve --without`):
//! the hero does what the others do, or the action is refused saying the
//! ability is switched off; the other heroes and abilities are untouched.

use super::*;
use crate::action::abilities::{Ability, Without};
use crate::action::{available, Offered};

use MoveKind::{Fall, StepUp, Walk};

fn off(ability: Ability) -> Without {
    Without::NONE.and(ability)
}

/// A hall one cell high, the entrance at 0,0.
const HALL: &str = "
    #########
    #@......#
    #########";

#[test]
fn without_heavy_carry_the_knight_is_refused_a_heavy_relic_and_told_why() {
    let mut p = Play::new(
        HALL,
        "knight = hero knight at 0,0
         scout = hero scout at 0,0
         statue = item statue at 1,0 flags ACQUIRE|PLACE|HEAVY|RELIC
         gem = item gem at 2,0 flags ACQUIRE|PLACE",
        "",
    )
    .without(off(Ability::HeavyCarry));
    p.go("knight", 1, 0);
    assert_eq!(
        p.refused(p.pick_up("knight")),
        "the knight's heavy carry is switched off here"
    );
    assert_eq!(p.held("knight"), None);
    // The menu shows it greyed with the same reason.
    let knight = p.id("knight");
    let mut view = crate::view::GridView::new();
    view.build(p.stage().grid(), c(1, 0), crate::stage::SIGHT_RADIUS);
    let offers = available(p.stage(), &view, knight);
    let pick = offers
        .iter()
        .find(|o| matches!(o.what, Offered::Do(Action::PickUp { .. })))
        .expect("the pick-up is offered");
    assert_eq!(
        pick.refusal(),
        Some(Refusal::SwitchedOff(Ability::HeavyCarry))
    );
    // The scout never carried it: his reason is the old one.
    p.go("scout", 1, 0);
    assert_eq!(
        p.refused(p.pick_up("scout")),
        "too heavy for the scout: only the knight carries heavy things"
    );
    // Light things the knight still carries.
    p.go("knight", 2, 0);
    p.ok(p.pick_up("knight"));
    assert_eq!(p.held("knight").as_deref(), Some("gem"));
}

/// A block two cells high (rock at 2,0 and 2,1) and one cell high (rock
/// at 5,0).
const STEPS: &str = "
    ###############
    #.............#
    #...###.......#
    #...###.......#
    #...###...###.#
    #@..###...###.#
    ###############";

#[test]
fn without_step_up_the_scout_steps_up_one_cell_like_the_others() {
    let things = "scout = hero scout at 1,0
                  knight = hero knight at 1,0";
    let mut with = Play::new(STEPS, things, "");
    assert_eq!(
        with.go("scout", 2, 2),
        vec![(c(1, 1), StepUp), (c(1, 2), StepUp), (c(2, 2), StepUp)]
    );
    let mut p = Play::new(STEPS, things, "").without(off(Ability::StepUp));
    assert_eq!(
        p.refused(p.move_to("scout", 2, 2)),
        "the scout's two-cell step-up is switched off here"
    );
    assert_eq!(p.at("scout"), c(1, 0));
    // The knight never stepped up two: his reason is the old one.
    assert_eq!(p.refused(p.move_to("knight", 2, 2)), "no way to get to 2,2");
    // A one-cell step is still the scout's.
    let mut p = Play::new(STEPS, "scout = hero scout at 3,0", "").without(off(Ability::StepUp));
    assert_eq!(
        p.go("scout", 5, 1),
        vec![(c(4, 0), Walk), (c(4, 1), StepUp), (c(5, 1), StepUp)]
    );
}

/// A ledge (platforms under 0,3..2,3) over a drop of three cells at 3.
const LEDGE: &str = "
    #########
    #@......#
    #---....#
    #.......#
    #.......#
    #.......#
    #.......#
    #.......#
    #########";

#[test]
fn without_long_drop_the_scout_falls_two_cells_safely_like_the_others() {
    let mut p = Play::new(LEDGE, "scout = hero scout at 1,3", "").without(off(Ability::LongDrop));
    assert_eq!(
        p.refused(p.move_to("scout", 2, 0)),
        "the scout's long drop (4 cells) is switched off here"
    );
    assert_eq!(p.at("scout"), c(1, 3));
    let mut with = Play::new(LEDGE, "scout = hero scout at 1,3", "");
    assert_eq!(
        with.go("scout", 2, 0),
        vec![
            (c(2, 3), Walk),
            (c(2, 2), Fall),
            (c(2, 1), Fall),
            (c(2, 0), Fall)
        ]
    );
}

#[test]
fn without_levitate_the_sorceress_is_offered_no_levitation_and_refused_one() {
    let mut p = Play::new(
        HALL,
        "sorceress = hero sorceress at 0,0
         idol = item idol at 2,0 flags ACQUIRE|PLACE|RELIC",
        "",
    );
    let sorceress = p.id("sorceress");
    let mut view = crate::view::GridView::new();
    view.build(p.stage().grid(), c(0, 0), crate::stage::SIGHT_RADIUS);
    let levitations = |p: &Play| {
        available(p.stage(), &view, sorceress)
            .iter()
            .filter(|o| matches!(o.what, Offered::Levitate(_)))
            .count()
    };
    assert_eq!(levitations(&p), 1);
    p = p.without(off(Ability::Levitate));
    assert_eq!(levitations(&p), 0);
    assert_eq!(
        p.refused(p.levitate("sorceress", "idol", 3, 0)),
        "the sorceress' levitation is switched off here"
    );
    assert_eq!(p.at("idol"), c(2, 0));
}
