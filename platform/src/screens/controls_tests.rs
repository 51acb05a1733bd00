//! The Controls screen through the stack (`Screens::handle_raw`, as the
//! main loop feeds it): a key rebound there is the game's at once, in
//! play, on the menus, in every hint, and in the settings the next run
//! reads.
use super::tests::{key, screens};
use super::*;
use crate::settings::Settings;
use controls::{rows, Row};
use input::keymap::ACTIONS;
use input::{Chord, RawInput};

const SIZE: (u32, u32) = (1280, 720);

fn press(s: &mut Screens, text: &str) -> Option<AppRequest> {
    s.handle_raw(RawInput::Chord(Chord::parse(text).expect(text)), SIZE)
}

/// The Controls screen on top.
fn controls(s: &Screens) -> &ControlsScreen {
    match s.top() {
        Screen::Controls(c) => c,
        _ => panic!("the Controls screen is not on top"),
    }
}

/// Down (as typed) until `action`'s row is selected.
fn select(s: &mut Screens, action: Key) {
    let want = rows()
        .iter()
        .position(|r| matches!(r, Row::Action(i) if ACTIONS[*i].key == action))
        .expect("a row");
    while controls(s).selected != want {
        press(s, "down");
    }
}

/// The first campaign level in play, its intro closed by a step left.
fn playing() -> Screens {
    let mut s = screens();
    for _ in 0..3 {
        key(&mut s, Key::Enter);
    }
    key(&mut s, Key::Left);
    assert_eq!(undoable(&s), 1, "a step made");
    s
}

fn undoable(s: &Screens) -> usize {
    s.play().expect("in play").session.undo_log().undoable()
}

#[test]
fn undo_rebound_to_u_undoes_in_play_at_once_names_u_and_survives_a_restart() {
    let mut s = playing();
    press(&mut s, "escape");
    assert!(matches!(s.top(), Screen::Pause(_)));
    s.open_controls();
    select(&mut s, Key::Undo);
    // Z and Ctrl+Z taken away, U given.
    press(&mut s, "delete");
    press(&mut s, "backspace");
    press(&mut s, "enter");
    assert!(controls(&s).waiting());
    // While it waits, F11 and M are keys to bind, refused as in use:
    // neither fullscreen nor the sound changes.
    let sound = s.volume();
    assert_eq!(press(&mut s, "f11"), None);
    assert_eq!(
        controls(&s).notice().as_deref(),
        Some("F11 is already Fullscreen: nothing changed · press another key, or Esc")
    );
    press(&mut s, "m");
    assert_eq!(s.volume(), sound);
    press(&mut s, "u");
    assert!(!controls(&s).waiting());
    assert_eq!(s.keymap().names(Key::Undo), "U");
    // Back to the level: U undoes, Z does not.
    press(&mut s, "escape");
    assert!(matches!(s.top(), Screen::Pause(_)));
    press(&mut s, "escape");
    assert!(matches!(s.top(), Screen::Play(_)));
    press(&mut s, "z");
    assert_eq!(undoable(&s), 1, "Z no longer undoes");
    press(&mut s, "u");
    assert_eq!(undoable(&s), 0, "U undoes");
    // The hint line and the help panel name U.
    let p = s.play().expect("in play");
    let hint = p.hint();
    assert!(
        hint.contains("U undo") && !hint.contains("Z undo"),
        "{hint}"
    );
    let help = play::help::controls(&p.keys);
    assert!(help.contains(&("U".to_string(), "undo".to_string())));
    assert!(help
        .iter()
        .any(|(_, what)| what == "restart the level (U undoes it)"));
    // Kept in the settings, read by the next run: U undoes there too.
    let kept = Settings {
        keys: s.keymap().clone(),
        ..Settings::default()
    };
    assert!(kept.to_text().contains("\nkey undo u\n"));
    let (read, problems) = Settings::parse(&kept.to_text());
    assert!(problems.is_empty(), "{problems:?}");
    let mut next = screens();
    next.set_keymap(read.keys);
    for _ in 0..3 {
        key(&mut next, Key::Enter);
    }
    key(&mut next, Key::Left);
    press(&mut next, "z");
    assert_eq!(undoable(&next), 1);
    press(&mut next, "u");
    assert_eq!(undoable(&next), 0);
}

#[test]
fn menu_keys_rebound_move_the_menus_and_the_editors_list() {
    let mut s = screens();
    s.open_controls();
    select(&mut s, Key::Down);
    press(&mut s, "enter");
    press(&mut s, "j");
    assert_eq!(s.keymap().names(Key::Down), "↓, S, J");
    // The Controls screen itself reads it.
    let before = controls(&s).selected;
    press(&mut s, "j");
    assert_ne!(controls(&s).selected, before);
    press(&mut s, "escape");
    let Screen::Title(t) = s.top() else {
        panic!("back on the title")
    };
    assert_eq!(t.selected, 0);
    press(&mut s, "j");
    let Screen::Title(t) = s.top() else {
        panic!("the title")
    };
    assert_eq!(t.selected, 1, "J moves down the title's menu");
    press(&mut s, "enter");
    let Screen::EditorList(l) = s.top() else {
        panic!("the editor's list")
    };
    let at = l.selected;
    press(&mut s, "j");
    let Screen::EditorList(l) = s.top() else {
        panic!("the editor's list")
    };
    assert_eq!(l.selected, at + 1, "and the editor's list");
}

#[test]
fn the_sound_key_rebound_mutes_and_the_old_one_does_not() {
    let mut s = screens();
    s.open_controls();
    select(&mut s, Key::Mute);
    press(&mut s, "delete");
    press(&mut s, "enter");
    press(&mut s, "ctrl+n");
    press(&mut s, "escape");
    let (_, muted) = s.volume();
    press(&mut s, "m");
    assert_eq!(s.volume().1, muted, "M does nothing now");
    press(&mut s, "ctrl+n");
    assert_eq!(s.volume().1, !muted, "Ctrl+N switches the sound");
    // Reset to defaults: M again.
    s.open_controls();
    press(&mut s, "up");
    assert_eq!(rows()[controls(&s).selected], Row::Reset);
    press(&mut s, "enter");
    assert_eq!(s.keymap(), &Keymap::default());
    press(&mut s, "escape");
    press(&mut s, "m");
    assert_eq!(s.volume().1, muted);
}
