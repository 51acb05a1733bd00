//! The one rules API (`game::action::available`, `game::action::watch`)
//! on every campaign level, at every position along its shipped solution
//! (`levels/solutions/*.sim`):
//!
//! - each offer's verdict is what `Session::preview` says of its action
//!   (the events, or the same refusal), so a greyed menu entry's reason is
//!   the reason the rules give when it is chosen;
//! - nothing the rules allow is missing: every hand, rope and exit action
//!   that `preview` accepts (picking up any item, here or not, included)
//!   is an allowed offer;
//! - the solver expands exactly the allowed offers (plus moves and
//!   levitation targets), one call for both;
//! - before every end of a round, the heroes `Watch` says the watchers
//!   will catch are the heroes the end of the round catches.
//!
//! And the refusals a player met on the shipped levels' key cells (issue
//! 24) come with their reasons.

use game::action::offer::hand_actions;
use game::action::watch::Watch;
use game::action::{available, Action, Event, Offered};
use game::level::{load_file, Level};
use game::session::Session;
use game::solve::candidates::Candidates;
use game::stage::{Outcome, SIGHT_RADIUS};
use game::things::{ThingId, ThingKind};
use game::view::GridView;
use tools::sim::{LineResult, Sim};

use crate::common::{campaign, root};

fn level(name: &str) -> Level {
    load_file(&root().join("levels").join(name)).expect("shipped level")
}

/// The heroes `Watch` (every watcher known) says the end of the round
/// would catch, and those the end of the round does catch.
fn predicted_and_caught(session: &mut Session) -> (Vec<ThingId>, Vec<ThingId>) {
    let mut watch = Watch::new();
    watch.rebuild(session.stage(), |_| true);
    let predicted = watch.caught().iter().map(|&(h, _)| h).collect();
    let caught = match session.preview(&Action::EndTurn) {
        Ok(events) => events
            .iter()
            .filter_map(|e| match e {
                Event::Caught { hero, .. } => Some(*hero),
                _ => None,
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    (predicted, caught)
}

/// Checks every offer of every hero still in the level (see the module
/// docs); returns how many offers were checked.
fn check_offers(session: &mut Session, candidates: &mut Candidates, at: &str) -> usize {
    let mut checked = 0;
    let mut view = GridView::new();
    for hero in session.stage().active_heroes() {
        let cell = session.stage().cell_of(hero).expect("a hero on the grid");
        view.build(session.stage().grid(), cell, SIGHT_RADIUS);
        let offers = available(session.stage(), &view, hero);
        for offer in &offers {
            checked += 1;
            match offer.what {
                Offered::Do(action) => {
                    assert_eq!(
                        session.preview(&action),
                        offer.verdict,
                        "{at}: {action:?}: the offer is what the rules say"
                    );
                }
                Offered::Levitate(item) => {
                    // Allowed: some place to float it to is accepted.
                    if offer.is_allowed() {
                        let from = session.stage().cell_of(item).expect("on the grid");
                        let mut targets = Vec::new();
                        game::action::offer::levitation_targets(&view, from, &mut targets);
                        assert!(
                            targets.iter().any(|&to| session
                                .preview(&Action::Levitate { hero, item, to })
                                .is_ok()),
                            "{at}: levitating {item:?} is offered but goes nowhere"
                        );
                    }
                }
            }
        }
        // Nothing allowed is missing.
        let stage = session.stage();
        let mut asked = hand_actions(stage, hero);
        asked.push(Action::PickUp { hero, item: None });
        for item in stage.of_kind(ThingKind::Interactable) {
            asked.push(Action::PickUp {
                hero,
                item: Some(item),
            });
        }
        for action in asked {
            if session.preview(&action).is_ok() {
                // A pick up of "whatever comes first" is the offer of
                // that item.
                let allowed = offers.iter().any(|o| {
                    o.is_allowed()
                        && match (o.what, action) {
                            (Offered::Do(a), Action::PickUp { item: None, .. }) => {
                                matches!(a, Action::PickUp { .. })
                            }
                            (Offered::Do(a), b) => a == b,
                            _ => false,
                        }
                });
                assert!(allowed, "{at}: {action:?} is allowed but not offered");
            }
        }
        // The solver expands exactly the allowed offers.
        let mut listed = Vec::new();
        candidates.list_hero(session, hero, &mut listed);
        let hand: Vec<Action> = listed
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Move { .. } | Action::Levitate { .. }))
            .collect();
        let mut allowed: Vec<Action> = Vec::new();
        let mut offered: Vec<ThingId> = Vec::new();
        for o in offers.iter().filter(|o| o.is_allowed()) {
            match o.what {
                Offered::Do(a) => allowed.push(a),
                Offered::Levitate(item) => offered.push(item),
            }
        }
        assert_eq!(hand, allowed, "{at}: the solver's hand actions");
        let mut floated: Vec<ThingId> = listed
            .iter()
            .filter_map(|a| match a {
                Action::Levitate { item, .. } => Some(*item),
                _ => None,
            })
            .collect();
        floated.dedup();
        assert_eq!(floated, offered, "{at}: the solver's levitations");
    }
    checked
}

#[test]
fn along_every_shipped_solution_the_offers_are_the_rules_and_the_solver_s() {
    let mut total = 0;
    let mut rounds = 0;
    for path in campaign() {
        let level = crate::common::as_played(&path);
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("name");
        let script_path = root().join(format!("levels/solutions/{stem}.sim"));
        let script = std::fs::read_to_string(&script_path).expect("script");
        let mut sim = Sim::new(Session::new(&level).expect("sets up"));
        let mut candidates = Candidates::new();
        for (n, line) in script.lines().enumerate() {
            let at = format!("{stem}:{}", n + 1);
            let words = line.split('#').next().unwrap_or("").trim();
            if words.is_empty() {
                continue;
            }
            total += check_offers(&mut sim.session, &mut candidates, &at);
            if words == "end-turn" {
                let (predicted, caught) = predicted_and_caught(&mut sim.session);
                assert_eq!(predicted, caught, "{at}: who the watchers catch");
                rounds += 1;
            }
            match sim.run_line(line) {
                LineResult::Skip | LineResult::Done(_) => {}
                other => panic!("{at}: `{line}`: {other:?}"),
            }
        }
        assert_eq!(sim.session.stage().outcome(), Outcome::Cleared, "{stem}");
    }
    assert!(total > 1000, "{total} offers checked");
    assert!(rounds > 20, "{rounds} rounds checked");
}

/// `level` played through `script` (every line accepted).
fn played(level_file: &str, script: &str) -> Sim {
    let mut sim = Sim::new(Session::new(&level(level_file)).expect("sets up"));
    for line in script.lines() {
        match sim.run_line(line) {
            LineResult::Skip | LineResult::Done(_) => {}
            other => panic!("{level_file}: `{line}`: {other:?}"),
        }
    }
    sim
}

/// What the rules offer hero `name` now, as "action: reason" lines for
/// what is refused.
fn refusals(sim: &mut Sim, name: &str) -> Vec<String> {
    let stage = sim.session.stage();
    let hero = stage.find(name).expect("hero");
    let mut view = GridView::new();
    view.build(stage.grid(), stage.cell_of(hero).unwrap(), SIGHT_RADIUS);
    available(stage, &view, hero)
        .into_iter()
        .filter_map(|o| {
            let why = o.refusal()?;
            let what = match o.what {
                Offered::Do(a) => format!("{a:?}"),
                Offered::Levitate(_) => "Levitate".into(),
            };
            Some(format!(
                "{}: {why}",
                what.split([' ', '{']).next().unwrap_or("")
            ))
        })
        .collect()
}

#[test]
fn the_refusals_players_met_on_the_shipped_levels_say_why() {
    // The well: a rope let down left from the hall's end hangs through the
    // portal into the well; its top cell is across the portal. Hoisting
    // from the hall is offered, greyed, saying where to stand.
    let mut sim = played(
        "the_well.txt",
        "select knight\nmove 1 11\ndeploy-rope left\nselect scout\nmove 1 11",
    );
    let scout = refusals(&mut sim, "scout");
    let stand = "stand in the rope's top cell: the rope is hoisted and lowered from there";
    assert!(scout.contains(&format!("Hoist: {stand}")), "{scout:?}");
    assert!(scout.contains(&format!("Lower: {stand}")), "{scout:?}");
    // Heavy haul: the knight hanging at the rope's end cannot hoist it.
    let solution =
        std::fs::read_to_string(root().join("levels/solutions/heavy_haul.sim")).expect("script");
    let upto: Vec<&str> = solution
        .lines()
        .take_while(|l| !l.trim_start().starts_with("tie"))
        .collect();
    let mut sim = played("heavy_haul.txt", &upto.join("\n"));
    let knight = refusals(&mut sim, "knight");
    assert!(knight.contains(&format!("Hoist: {stand}")), "{knight:?}");
    // The vault: the sorceress climbs onto the rope above the tied bucket;
    // the scout hoists it up to her and no further, told why.
    // (Along the vault's six-turn line, without the sorceress.)
    let vault = std::fs::read_to_string(root().join("tests/scripts/the_vault_six_turns.sim"))
        .expect("script")
        .lines()
        .filter(|l| !l.trim_start().starts_with("select sorceress") && l.trim() != "exit")
        .take_while(|l| !l.trim_start().starts_with("move 5 10"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut sim = played(
        "the_vault.txt",
        &format!(
            "{vault}\nmove 5 10\nmove 5 11\nselect sorceress\nmove 5 10\nend-turn\nmove 7 3\nselect scout\nhoist\nhoist"
        ),
    );
    let scout = refusals(&mut sim, "scout");
    assert!(
        scout.contains(&"Hoist: the sorceress is on the rope in the way".to_string()),
        "{scout:?}"
    );
    assert_eq!(
        sim.run_line("hoist"),
        LineResult::Refused("the sorceress is on the rope in the way".into()),
        "and choosing it spends nothing"
    );
}

#[test]
fn in_sentry_the_danger_shown_before_a_round_ends_is_what_the_sentry_does() {
    // The scout spends rounds in the middle pit (3,0) and the far one
    // (1,0) while the sentry paces the hall leftwards from 8,2; the party
    // knows the sentry once any hero has seen it (after any action, as
    // the play screen remembers). Before each end of a round, the heroes
    // the known watchers will catch are those caught. A pit is not safe
    // when the sentry stands at its edge: back in the middle pit as the
    // sentry reaches 3,2, she is seen — and that is shown before the
    // round ends.
    let level = level("sentry.txt");
    let mut sim = Sim::new(Session::new(&level).expect("sets up"));
    let sentry = sim.session.stage().find("sentry").expect("sentry");
    let scout = sim.session.stage().find("scout").expect("scout");
    let mut known = false;
    let mut view = GridView::new();
    let rounds = [
        // The others leave (the sentry, under the hole, would see them);
        // the scout drops in and runs on to the middle pit.
        "select knight\nexit\nselect sorceress\nexit\nselect scout\nmove 7 0\nmove 6 2\nmove 3 0",
        // On to the far pit.
        "move 2 2\nmove 1 0",
        // Two rounds there.
        "",
        "",
        // Back to the middle pit as the sentry reaches its edge.
        "move 2 2\nmove 3 0",
    ];
    let mut ends = Vec::new();
    for (i, round) in rounds.iter().enumerate() {
        for line in round.lines() {
            assert!(
                matches!(sim.run_line(line), LineResult::Done(_)),
                "round {i}: {line}"
            );
            let stage = sim.session.stage();
            for hero in stage.active_heroes() {
                view.build(stage.grid(), stage.cell_of(hero).unwrap(), SIGHT_RADIUS);
                known |= view.is_visible(stage.grid(), stage.cell_of(sentry).unwrap());
            }
        }
        let stage = sim.session.stage();
        let mut watch = Watch::new();
        watch.rebuild(stage, |w| known && w == sentry);
        let at = stage.cell_of(scout).unwrap();
        let shown = watch.caught_if_ended_now(scout).is_some();
        assert_eq!(
            shown,
            watch.sees(at),
            "round {i}: the red cell and the warning agree"
        );
        let (_, caught) = predicted_and_caught(&mut sim.session);
        let caught = caught.contains(&scout);
        assert_eq!(shown, caught, "round {i}: the scout at {at}");
        ends.push((at, caught));
        if caught {
            break;
        }
        assert!(matches!(sim.run_line("end-turn"), LineResult::Done(_)));
    }
    assert!(known, "the party saw the sentry");
    let (middle, far) = (
        game::grid::CellPos::new(3, 0),
        game::grid::CellPos::new(1, 0),
    );
    assert_eq!(
        ends,
        [
            (middle, false),
            (far, false),
            (far, false),
            (far, false),
            (middle, true)
        ],
        "safe in the pits until the sentry stands at the middle pit's edge"
    );
}

/// The items the rules offer `name` to levitate now.
fn levitations(sim: &mut Sim, name: &str) -> Vec<String> {
    let stage = sim.session.stage();
    let hero = stage.find(name).expect("hero");
    let mut view = GridView::new();
    view.build(stage.grid(), stage.cell_of(hero).unwrap(), SIGHT_RADIUS);
    available(stage, &view, hero)
        .into_iter()
        .filter_map(|o| match o.what {
            Offered::Levitate(item) => stage.id_name(item).map(str::to_string),
            Offered::Do(_) => None,
        })
        .collect()
}

#[test]
fn an_item_seen_only_as_a_sliver_of_its_cell_is_not_offered_to_levitate() {
    // Turnstile: from anywhere in the corridor, even beside the turning
    // wall, the sorceress sees at most a sliver of the statue's cell
    // through the turning portal, none of its picture: not offered, and
    // refused if asked; only walking through brings it in sight.
    for script in [
        "",
        "select sorceress\nmove 1 1",
        "select sorceress\nmove 2 1",
    ] {
        let mut sim = played("turnstile.txt", script);
        assert!(levitations(&mut sim, "sorceress").is_empty(), "{script:?}");
        assert!(matches!(
            sim.run_line("select sorceress"),
            LineResult::Done(_)
        ));
        assert_eq!(
            sim.run_line("levitate statue 1 1"),
            LineResult::Refused("that item is not in sight".into())
        );
    }
    // Heavy haul: from the entrance she sees down the shaft a corner of
    // the statue's cell only.
    let mut sim = played("heavy_haul.txt", "");
    assert!(!levitations(&mut sim, "sorceress").contains(&"statue".to_string()));
    // Through the wall: the relic on the ledge, seen by looking up through
    // the portal in the entrance's ceiling.
    let mut sim = played("through_the_wall.txt", "");
    assert_eq!(levitations(&mut sim, "sorceress"), ["relic"]);
}
