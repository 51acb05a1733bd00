//! The hint key (I): a nudge, then the action in words, never played; a
//! change of position puts it away; the won result counts the hints.
use game::action::Action;
use game::solve::hint::Hint;

use super::*;

/// Presses I and waits for the search's answer.
fn hint(s: &mut PlayScreen) {
    key(s, Key::Hint);
    s.poll_hint(true);
}

fn message_text(s: &PlayScreen) -> String {
    match s.message() {
        Some(hud::Message::Info(t) | hud::Message::Refused(t)) => t.clone(),
        other => format!("{other:?}"),
    }
}

#[test]
fn the_first_press_nudges_the_second_says_the_action_and_neither_plays_it() {
    let mut s = screen("the_well.txt");
    let before = s.session.state_hash();
    key(&mut s, Key::Hint);
    assert!(
        message_text(&s).contains("thinking"),
        "{}",
        message_text(&s)
    );
    s.poll_hint(true);
    let shown = s
        .hint_shown()
        .cloned()
        .expect("an answer within the budget");
    let Hint::Next { action, .. } = shown.hint else {
        panic!("{shown:?}");
    };
    assert!(!shown.spelled);
    let hero = action.hero().expect("a hero acts first");
    assert_eq!(s.selected_hero(), Some(hero), "the hero to act is selected");
    assert!(s.hint_cell().is_some(), "a cell is outlined");
    let nudge = message_text(&s);
    assert!(
        nudge.starts_with("Hint: the ") && nudge.contains("outlined cell"),
        "{nudge}"
    );
    assert_eq!(s.session.state_hash(), before, "the nudge plays nothing");
    key(&mut s, Key::Hint);
    assert!(s.hint_shown().is_some_and(|h| h.spelled));
    let words = message_text(&s);
    assert!(words.contains(" from here ("), "{words}");
    assert_ne!(words, nudge);
    assert_eq!(s.session.state_hash(), before, "nor do the words");
    assert_eq!(s.hints_used(), 1, "the nudge and its words are one hint");
    // A move puts the hint away.
    key(&mut s, Key::Right);
    key(&mut s, Key::Left);
    assert!(s.hint_shown().is_none() && s.hint_cell().is_none());
}

#[test]
fn following_the_hints_wins_and_the_result_counts_them() {
    let mut s = screen("loop_back.txt");
    let mut asked = 0;
    let won = loop {
        hint(&mut s);
        asked += 1;
        let Some(Hint::Next { action, .. }) = s.hint_shown().map(|h| h.hint.clone()) else {
            panic!("{:?}", s.hint_shown());
        };
        if let Some(done) = s.perform(action) {
            break done;
        }
        assert!(s.hint_shown().is_none(), "acting puts the hint away");
        assert!(asked < 20);
    };
    let PlayAction::Won(result) = won else {
        panic!("{won:?}");
    };
    assert_eq!(result.hints, asked);
    assert_eq!(Some(result.turns), level("loop_back.txt").par);
}

#[test]
fn a_hint_asked_then_undone_is_cancelled() {
    let mut s = screen("the_vault.txt");
    key(&mut s, Key::Right);
    key(&mut s, Key::Hint);
    assert!(s.hints.thinking());
    key(&mut s, Key::Undo);
    assert!(!s.hints.thinking(), "the undo cancels the search");
    assert!(s.hint_shown().is_none());
}

#[test]
fn along_the_shipped_solution_the_hint_is_its_next_action_at_once_and_the_fewest() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels/the_well.txt");
    let shipped = level("the_well.txt");
    let solution = crate::levels::shipped_solution(&path, &shipped).expect("The well's solution");
    let mut s = screen("the_well.txt");
    s.know_shipped_line(&path, &shipped);
    // No search at all: only the known line can answer, so every answer
    // below comes at once, not searched.
    s.set_hint_budget(game::solve::Budget::Positions(0));
    for (i, &next) in solution.iter().enumerate() {
        hint(&mut s);
        let Some(Hint::Next { action, fewest, .. }) = s.hint_shown().map(|h| h.hint.clone()) else {
            panic!("step {i}: {:?}", s.hint_shown());
        };
        assert_eq!(action, next, "step {i}: the solution's next action");
        assert!(fewest, "step {i}: the shipped line is the fewest");
        if i == 0 {
            key(&mut s, Key::Hint);
            let words = message_text(&s);
            assert!(words.ends_with("(the fewest)"), "{words}");
        }
        if s.perform(action).is_some() {
            assert_eq!(i + 1, solution.len(), "won at the solution's end");
        }
    }
    // A level with no solution beside it: nothing known, no error.
    assert_eq!(
        crate::levels::shipped_solution(Path::new("/nowhere/the_well.txt"), &shipped),
        None
    );
}

#[test]
fn the_words_read_as_one_sentence_and_one_undo_is_said_once() {
    let mut s = screen("the_well.txt");
    hint(&mut s);
    key(&mut s, Key::Hint);
    let words = message_text(&s);
    // "Hint for the scout: Move to the outlined cell. Cleared in 4 turns
    // from here (the fewest)": the hero named once, no second colon.
    assert!(words.starts_with("Hint for the "), "{words}");
    assert_eq!(words.matches(':').count(), 1, "{words}");
    assert!(words.contains(". Cleared in "), "{words}");
    // The knight leaves with the only rope and nobody else carries the
    // statue: lost, and one undo back it can be won.
    let knight = s.heroes[0];
    assert_eq!(s.session.stage().item_name(knight), "knight");
    assert_eq!(s.perform(Action::Exit { hero: knight }), None);
    hint(&mut s);
    assert_eq!(
        message_text(&s),
        "This position cannot be won (no hero able to carry the statue out can reach it): undo once (Z)"
    );
}

/// Issue 36: along every shipped solution played as shipped, each hint's
/// cell is outlined on screen, clear of the HUD, once the hint is shown —
/// in sight, remembered, or never seen (Sentry, Night haul and The keep
/// hint moves that land out of sight) — and no hint is a hero leaving
/// while another action of the turn is still to come.
#[test]
fn every_hint_cell_along_the_campaign_is_on_screen_wherever_it_lies() {
    let lines = campaign_lines();
    let (mut levels, mut in_sight, mut remembered, mut unseen) = (0, 0, 0, 0);
    for entry in &lines {
        let (shipped, solution) = (&entry.shipped, &entry.solution);
        let mut s = PlayScreen::new(&entry.played).expect("plays");
        s.set_hint_budget(HINT_BUDGET);
        s.handle(Input::MouseMove(glam::Vec2::ZERO), SIZE);
        s.know_shipped_line(&entry.path, shipped);
        levels += 1;
        for (i, &next) in solution.iter().enumerate() {
            hint(&mut s);
            let Some(Hint::Next { action, .. }) = s.hint_shown().map(|h| h.hint.clone()) else {
                panic!("{} step {i}: {:?}", entry.file, s.hint_shown());
            };
            assert_eq!(action, next, "{} step {i}", entry.file);
            // Never a hero leaving while another action of the turn leads.
            if matches!(action, Action::Exit { .. }) {
                let turn_rest = solution[i..].iter().take_while(|a| **a != Action::EndTurn);
                assert!(
                    turn_rest.clone().all(|a| matches!(a, Action::Exit { .. })),
                    "{} step {i}: a leave hinted before {:?}",
                    entry.file,
                    turn_rest.collect::<Vec<_>>()
                );
            }
            if let Some(cell) = s.hint_cell() {
                let v = s
                    .hint_view_pos()
                    .unwrap_or_else(|| panic!("{} step {i}: no place for {cell}", entry.file));
                s.camera.settle();
                let at = s.projection(SIZE).cell_centre(v);
                let area = s.play_area(SIZE);
                assert!(
                    area.contains(at),
                    "{} step {i}: the hint's cell {cell} is drawn at {at}, outside {area:?}",
                    entry.file
                );
                match (s.view_pos_of_cell(cell).is_some(), s.hint_cell_unseen()) {
                    (true, _) => in_sight += 1,
                    (false, false) => remembered += 1,
                    (false, true) => unseen += 1,
                }
            }
            if s.perform(action).is_some() {
                assert_eq!(i + 1, solution.len(), "{}: won at the end", entry.file);
            }
        }
    }
    assert_eq!(levels, lines.len(), "every level walked");
    assert!(in_sight > 100, "{in_sight} in sight");
    assert!(
        unseen > 0,
        "a target never seen is among them ({remembered} remembered)"
    );
}

/// Issue 36: a move's words are its rules' costs — along every shipped
/// solution, each move's path spends on its steps exactly what the move
/// costs, and the words name that total.
#[test]
fn every_move_along_the_campaign_is_worded_with_the_rules_costs() {
    use game::action::event::{spent, Event};
    let mut moves = 0;
    for entry in campaign_lines() {
        let mut s = PlayScreen::new(&entry.played).expect("plays");
        for action in entry.solution {
            if let Action::Move { .. } = action {
                let events = s.session.preview(&action).expect("the solution's move");
                let cost = spent(&events);
                let path = events
                    .iter()
                    .find_map(|e| match e {
                        Event::Move { path, .. } => Some(path.clone()),
                        _ => None,
                    })
                    .expect("a path");
                let on_steps: u8 = path.iter().map(|st| st.ap).sum();
                assert_eq!(on_steps, cost, "{}: {action:?}", entry.file);
                let words = super::super::preview::path_words(&path, cost);
                assert!(
                    words.ends_with(&format!(" {cost} AP")),
                    "{}: {words}",
                    entry.file
                );
                moves += 1;
            }
            s.perform(action);
        }
    }
    assert!(moves > 100, "{moves} moves");
}

/// After a catch the message line says who was caught; a hint asked then
/// is shown in its place (it was hidden behind the catch before).
#[test]
fn a_hint_asked_after_a_catch_is_shown_not_hidden_by_it() {
    let mut s = screen("watcher_hall.txt");
    scout_into_the_guards_sight(&mut s);
    end_turn(&mut s);
    assert_eq!(s.session.stage().outcome(), game::stage::Outcome::Lost);
    let caught = s.message_line().expect("a line");
    assert!(
        caught.starts_with("Caught! The guard saw the scout"),
        "{caught}"
    );
    hint(&mut s);
    let answer = s.message_line().expect("a line");
    assert!(answer.contains("undo once (Z)"), "{answer}");
    assert!(!answer.starts_with("Caught!"), "{answer}");
}

/// A game resumed from its save (which keeps positions, not actions)
/// gets hints as if played here: its line is found again from its
/// positions, restarts included, so a resumed position along the shipped
/// solution answers with the solution's next action.
#[test]
fn a_resumed_game_gets_hints_from_its_positions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let path = dir.join("the_well.txt");
    let level = game::level::load_file(&path).expect("loads");
    let loadout = game::equipment::Loadout::required(&level);
    let played = game::equipment::equip(&level, &loadout).expect("equips");
    let solution = crate::levels::shipped_solution(&path, &played).expect("a solution");
    let mut s = PlayScreen::new(&played).expect("plays");
    // Two steps, a restart, then five steps of the solution.
    for &action in &solution[..2] {
        s.perform(action);
    }
    key(&mut s, Key::Restart);
    for &action in &solution[..5] {
        s.perform(action);
    }
    let bytes = s.session.save_bytes(&played).expect("saves");
    let mut resumed = PlayScreen::with_session(
        &played,
        Session::load_bytes(&played, &bytes).expect("loads"),
    );
    resumed.know_shipped_line(&path, &level);
    resumed.set_hint_budget(game::solve::Budget::Positions(0));
    hint(&mut resumed);
    let Some(Hint::Next { action, .. }) = resumed.hint_shown().map(|h| h.hint.clone()) else {
        panic!("{:?} / {}", resumed.hint_shown(), message_text(&resumed));
    };
    assert_eq!(action, solution[5], "the solution's next action, at once");
    // Undone twice (back to the third step of the solution): the same.
    key(&mut resumed, Key::Undo);
    key(&mut resumed, Key::Undo);
    hint(&mut resumed);
    let Some(Hint::Next { action, .. }) = resumed.hint_shown().map(|h| h.hint.clone()) else {
        panic!("{:?} / {}", resumed.hint_shown(), message_text(&resumed));
    };
    assert_eq!(action, solution[3]);
}
