//! One name for each watcher: every message that names a watcher — the
//! move preview's danger, what pointing at or clicking it says, the
//! question before a turn that gets a hero caught (from Enter or the
//! actions menu), the catch, the hint on a lost position — calls it what
//! its level does ([`game::stage::Stage::item_name`]: Sentry's `sentry`,
//! Night haul's `guard`), never "watcher".
use game::things::ThingId;
use game::view::ViewPos;

use super::*;

/// The text of the message line, whatever its kind.
fn message_text(s: &PlayScreen) -> String {
    match s.message() {
        Some(hud::Message::Info(t) | hud::Message::Refused(t) | hud::Message::Warning(t)) => {
            t.clone()
        }
        None => String::new(),
    }
}

/// Points at a cell in the selected hero's sight that a known watcher
/// will see and the hero can move to; returns it.
fn hover_a_seen_cell(s: &mut PlayScreen) -> CellPos {
    let cells: Vec<(ViewPos, CellPos)> =
        s.view().nodes().iter().map(|n| (n.view, n.cell)).collect();
    for (v, c) in cells {
        if !s.danger().contains(c) {
            continue;
        }
        s.set_hover(Some(v));
        if matches!(s.preview().map(|p| &p.outcome), Some(Ok(path)) if path.end == Some(c)) {
            return c;
        }
    }
    panic!("no cell a watcher will see in the hero's reach");
}

/// Checks every message on `level` once the moves `moves` (hero, cell)
/// put heroes in sight of its one watcher, called `name`, at the end of
/// the round.
fn every_message_names(level: &str, name: &str, moves: &[(u8, CellPos)]) {
    let mut s = screen(level);
    for &(hero, cell) in moves {
        go(&mut s, hero, cell);
    }
    let stage = s.session.stage();
    let watcher = stage.of_kind(game::things::ThingKind::Enemy)[0];
    assert_eq!(stage.item_name(watcher), name, "{level}");
    let seen: Vec<ThingId> = s
        .danger()
        .caught_if_ended_now()
        .iter()
        .map(|&(h, _)| h)
        .collect();
    assert!(
        !seen.is_empty(),
        "{level}: a hero stands where the {name} will see"
    );
    assert!(s
        .danger()
        .caught_if_ended_now()
        .iter()
        .all(|&(_, w)| w == watcher));
    let heroes: Vec<String> = seen
        .iter()
        .map(|&h| stage.item_name(h).to_string())
        .collect();
    let mut said = Vec::new();
    // The move preview's danger.
    let cell = hover_a_seen_cell(&mut s);
    let hint = s.hint();
    assert!(
        hint.contains(&format!("seen by the {name} there")),
        "{level}, {cell:?}: {hint}"
    );
    said.push(hint);
    // Pointing at the watcher (the hint line), then clicking it (the
    // message line).
    let w = s
        .view_pos_of_cell(s.session.stage().cell_of(watcher).unwrap())
        .expect("the watcher in sight");
    s.set_hover(Some(w));
    let pointed = s.hint();
    let legend = format!("The {name}: orange dots its route");
    assert!(pointed.starts_with(&legend), "{level}: {pointed}");
    said.push(pointed);
    let p = s.projection(SIZE).cell_centre(w);
    s.handle(Input::Click(p), SIZE);
    assert!(
        message_text(&s).starts_with(&legend),
        "{level}: {:?}",
        s.message()
    );
    said.push(message_text(&s));
    s.set_hover(None);
    // The question before the turn ends, from Enter and from the menu.
    let question = heroes
        .iter()
        .map(|h| format!("the {h} will be seen by the {name}"))
        .collect::<Vec<_>>()
        .join(", ");
    let question = format!("{} — end the turn anyway?", hud::capitalised(&question));
    for by_menu in [false, true] {
        if by_menu {
            choose(&mut s, "End turn");
        } else {
            key(&mut s, Key::Enter);
        }
        assert!(s.asking_to_end_turn());
        let asked = message_text(&s);
        assert!(asked.contains(&question), "{level}: {asked}");
        said.push(asked);
        key(&mut s, Key::Escape);
    }
    // Ended anyway: the catch, named as the rules caught.
    key(&mut s, Key::Enter);
    key(&mut s, Key::Enter);
    let stage = s.session.stage();
    assert_eq!(stage.outcome(), Outcome::Lost, "{level}");
    let glares: Vec<(ThingId, ThingId)> = seen.iter().map(|&h| (watcher, h)).collect();
    assert_eq!(s.danger().glares(), glares, "{level}");
    let who = match heroes.as_slice() {
        [one] => format!("the {name} saw the {one}"),
        [init @ .., last] => format!("the {name} saw the {} and the {last}", init.join(", the ")),
        [] => unreachable!("a hero is seen"),
    };
    let caught = hud::caught_message(stage, s.danger().glares(), &s.keys);
    assert_eq!(
        caught,
        format!("Caught! {}. Z undoes, R restarts", hud::capitalised(&who)),
        "{level}"
    );
    said.push(caught);
    // The hint on the lost position.
    key(&mut s, Key::Hint);
    s.poll_hint(true);
    let hint = message_text(&s);
    assert!(hint.contains(&format!("({who})")), "{level}: {hint}");
    said.push(hint);
    for text in said {
        assert!(!text.contains("watcher"), "{level}: {text}");
    }
}

#[test]
fn every_message_in_sentry_calls_its_watcher_the_sentry() {
    // The scout drops into the pit under the hole: she sees the sentry,
    // which steps to the pit's edge at the end of the round and looks
    // into the pit and up through the hole at the knight and the
    // sorceress.
    every_message_names("sentry.txt", "sentry", &[(1, CellPos::new(7, 0))]);
}

#[test]
fn every_message_in_night_haul_calls_its_watcher_the_guard() {
    // The scout goes over the pillar into the hall, under the loft the
    // guard steps up to.
    every_message_names(
        "night_haul.txt",
        "guard",
        &[(1, CellPos::new(3, 3)), (1, CellPos::new(5, 3))],
    );
}
