//! The keymap's tests: the defaults are the table the game always had,
//! names, refusals, the settings' lines.
use super::binding::no_ctrl;
use super::*;

/// The keyboard's table as the game read it before it was data (the
/// function `input::key` was, with the M test `Chord::is_mute` was):
/// the default keymap must mean exactly this.
fn as_before(chord: Chord) -> Option<Key> {
    let Chord {
        code, ctrl, shift, ..
    } = chord;
    if code == Code::M && !ctrl && !chord.alt {
        return Some(Key::Mute);
    }
    let digit = |n: u8| Some(Key::Hero(n));
    match code {
        Code::Up | Code::W if shift && !ctrl => Some(Key::PanUp),
        Code::Down | Code::S if shift && !ctrl => Some(Key::PanDown),
        Code::Left | Code::A if shift && !ctrl => Some(Key::PanLeft),
        Code::Right | Code::D if shift && !ctrl => Some(Key::PanRight),
        Code::Up | Code::W => Some(Key::Up),
        Code::Down | Code::S => Some(Key::Down),
        Code::Left | Code::A => Some(Key::Left),
        Code::Right | Code::D => Some(Key::Right),
        Code::Return | Code::KpEnter => Some(Key::Enter),
        Code::Space => Some(Key::Space),
        Code::Escape => Some(Key::Escape),
        Code::Tab if shift => Some(Key::PrevHero),
        Code::Tab => Some(Key::NextHero),
        Code::Num1 | Code::Kp1 => digit(0),
        Code::Num2 | Code::Kp2 => digit(1),
        Code::Num3 | Code::Kp3 => digit(2),
        Code::Num4 | Code::Kp4 => digit(3),
        Code::Num5 | Code::Kp5 => digit(4),
        Code::Num6 | Code::Kp6 => digit(5),
        Code::Num7 | Code::Kp7 => digit(6),
        Code::Num8 | Code::Kp8 => digit(7),
        Code::Num9 | Code::Kp9 => digit(8),
        Code::E => Some(Key::Context),
        Code::Z if ctrl && shift => Some(Key::Redo),
        Code::Z => Some(Key::Undo),
        Code::Y => Some(Key::Redo),
        Code::R => Some(Key::Restart),
        Code::H | Code::F1 => Some(Key::Help),
        Code::Equals | Code::Plus | Code::KpPlus => Some(Key::ZoomIn),
        Code::Minus | Code::KpMinus => Some(Key::ZoomOut),
        Code::O => Some(Key::Overview),
        Code::I if !ctrl => Some(Key::Hint),
        Code::C if !ctrl => Some(Key::Recentre),
        Code::T if !ctrl => Some(Key::Target),
        Code::F11 => Some(Key::Fullscreen),
        Code::F12 => Some(Key::Screenshot),
        _ => None,
    }
}

/// Every key with every mix of Ctrl, Shift and Alt.
fn every_chord() -> impl Iterator<Item = Chord> {
    Code::ALL.into_iter().flat_map(|code| {
        (0..8).map(move |m| Chord {
            code,
            ctrl: m & 1 != 0,
            shift: m & 2 != 0,
            alt: m & 4 != 0,
        })
    })
}

fn chord(text: &str) -> Chord {
    Chord::parse(text).expect(text)
}

#[test]
fn the_default_keymap_is_the_table_the_game_always_had() {
    let keys = Keymap::default();
    for c in every_chord() {
        assert_eq!(keys.key(c), as_before(c), "{c:?}");
    }
    assert_eq!(keys.check(), Ok(()));
    assert!(keys.lines().is_empty(), "nothing differs");
    // Each action once, its name and id its own.
    for (i, a) in ACTIONS.iter().enumerate() {
        assert_eq!(index_of(a.key), Some(i), "{}", a.name);
        assert_eq!(ACTIONS.iter().filter(|b| b.id == a.id).count(), 1);
        assert_eq!(ACTIONS.iter().filter(|b| b.name == a.name).count(), 1);
    }
}

#[test]
fn chords_are_named_for_people_and_for_the_settings() {
    let keys = Keymap::default();
    assert_eq!(keys.names(Key::Undo), "Z, Ctrl+Z");
    assert_eq!(keys.names(Key::Redo), "Y, Ctrl+Shift+Z");
    assert_eq!(keys.names(Key::PrevHero), "Shift+Tab");
    assert_eq!(keys.names(Key::Enter), "Enter, Keypad Enter");
    assert_eq!(keys.names(Key::Help), "F1, H");
    assert_eq!(keys.names(Key::EndTurn), "");
    assert_eq!(keys.name(Key::EndTurn), "(no key)");
    assert_eq!(keys.name(Key::Hint), "I");
    assert_eq!(keys.set_name(&MOVES), "↑ ↓ ← →");
    assert_eq!(keys.set_name(&PANS), "Shift+↑ ↓ ← →");
    assert_eq!(sets_name(&keys, &MOVES), "↑ ↓ ← → / W S A D");
    assert_eq!(
        sets_name(&keys, &[Key::Hero(0), Key::Hero(1), Key::Hero(2)]),
        "1 2 3 / Keypad 1 2 3"
    );
    assert_eq!(
        keys.fill("{undo} undoes, {restart} restarts, {moves} move, {bogus} stays, {"),
        "Z undoes, R restarts, ↑ ↓ ← → move, {bogus} stays, {"
    );
    for text in [
        "z",
        "ctrl+shift+z",
        "noctrl+i",
        "noctrl+noalt+m",
        "shift+tab",
        "kp7",
    ] {
        let b = Binding::parse(text).expect(text);
        assert_eq!(b.text(), text);
    }
    assert_eq!(Binding::parse("noctrl+i"), Some(no_ctrl(Code::I)));
    assert_eq!(Binding::parse("hyper+i"), None);
    assert_eq!(Binding::parse("ctrl+"), None);
    assert_eq!(Binding::of(chord("ctrl+u")).name(), "Ctrl+U");
}

#[test]
fn a_chord_bound_elsewhere_is_refused_with_the_reason_and_nothing_changes() {
    let mut keys = Keymap::default();
    let before = keys.clone();
    let refused = keys.bind(Key::Redo, chord("z")).expect_err("Z undoes");
    assert_eq!(refused.to_string(), "Z is already Undo");
    assert_eq!(
        keys.bind(Key::Hint, chord("shift+w"))
            .expect_err("pans")
            .to_string(),
        "Shift+W is already Pan up"
    );
    assert_eq!(
        keys.bind(Key::Undo, chord("z")).expect_err("the same"),
        Conflict::Taken {
            keys: "Z".into(),
            action: "Undo"
        }
    );
    assert_eq!(
        keys.bind(Key::Undo, chord("shift")).expect_err("alone"),
        Conflict::Modifier {
            keys: "Left Shift".into()
        }
    );
    assert_eq!(keys, before);
    // A chord that asks for more than the key bound alone is free:
    // Ctrl+W, while W walks; and then it is that action's.
    keys.bind(Key::Hint, chord("ctrl+w")).expect("free");
    assert_eq!(keys.key(chord("ctrl+w")), Some(Key::Hint));
    assert_eq!(keys.key(chord("w")), Some(Key::Up));
    assert_eq!(keys.key(chord("ctrl+shift+w")), Some(Key::Hint));
    assert_eq!(keys.check(), Ok(()));
}

#[test]
fn undo_on_u_alone_then_back_to_the_defaults() {
    let mut keys = Keymap::default();
    let before = keys.clone();
    assert_eq!(
        keys.rebind(Key::Undo, chord("y")).expect_err("redo's"),
        Conflict::Taken {
            keys: "Y".into(),
            action: "Redo"
        }
    );
    assert_eq!(keys, before, "nothing changed");
    keys.rebind(Key::Undo, chord("u")).expect("U is free");
    assert_eq!(keys.key(chord("z")), None);
    assert_eq!(keys.key(chord("u")), Some(Key::Undo));
    assert_eq!(keys.key(chord("shift+u")), Some(Key::Undo));
    assert_eq!(keys.names(Key::Undo), "U");
    assert_eq!(keys.lines(), ["key undo u"]);
    assert!(keys.differs(Key::Undo) && !keys.differs(Key::Redo));
    keys.reset();
    assert_eq!(keys, Keymap::default());
}

#[test]
fn the_menus_keep_a_key_for_each_of_their_actions() {
    let mut keys = Keymap::default();
    let esc = keys.bindings(Key::Escape)[0];
    assert_eq!(
        keys.unbind(Key::Escape, esc)
            .expect_err("the last")
            .to_string(),
        "Back, pause keeps its last key: the menus need one (add another first)"
    );
    keys.bind(Key::Escape, chord("q")).expect("Q is free");
    keys.unbind(Key::Escape, esc).expect("Q is left");
    assert_eq!(keys.key(chord("escape")), None);
    assert_eq!(keys.key(chord("q")), Some(Key::Escape));
    let essentials: Vec<&str> = ACTIONS
        .iter()
        .filter(|a| a.essential)
        .map(|a| a.id)
        .collect();
    assert_eq!(essentials, ["up", "down", "enter", "escape"]);
}

#[test]
fn lines_read_back_and_a_table_that_does_not_hold_together_is_said() {
    let mut keys = Keymap::default();
    keys.unbind(Key::Hint, keys.bindings(Key::Hint)[0])
        .expect("hint");
    keys.bind(Key::EndTurn, chord("n")).expect("free");
    keys.bind(Key::Undo, chord("ctrl+alt+u")).expect("free");
    let lines = keys.lines();
    assert_eq!(
        lines,
        ["key end-turn n", "key undo z ctrl+z ctrl+alt+u", "key hint"]
    );
    let mut read = Keymap::default();
    for line in &lines {
        read.read_line(line.strip_prefix("key ").expect("key"))
            .expect(line);
    }
    assert_eq!(read, keys);
    assert_eq!(read.check(), Ok(()));
    let mut bad = Keymap::default();
    assert_eq!(
        bad.read_line("jump space"),
        Err("no action is called jump".into())
    );
    assert_eq!(
        bad.read_line("undo z wiggle"),
        Err("wiggle is not a key".into())
    );
    assert_eq!(bad, Keymap::default(), "nothing read of a bad line");
    bad.read_line("undo y").expect("reads");
    assert_eq!(bad.check(), Err("Y is both Undo and Redo".into()));
    let mut bad = Keymap::default();
    bad.read_line("escape").expect("reads");
    assert_eq!(bad.check(), Err("Back, pause has no key".into()));
}
