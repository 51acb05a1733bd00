//! The Options screen through the stack: reached from the title and the
//! pause menu, every change applied at once where the player sees it.
use super::input::Input;
use super::options::{rows, Row};
use super::pause::PauseAction;
use super::tests::{key, pause_and_choose, screens};
use super::*;

const SIZE: (u32, u32) = (1280, 720);

/// Moves the Options screen's focus to `row` and presses `k`.
fn press_on(s: &mut Screens, row: Row, k: Key) -> Option<AppRequest> {
    let Screen::Options(o) = s.top() else {
        panic!("not on the Options screen");
    };
    let (from, to) = (
        o.menu.selected,
        rows().position(|r| r == row).expect("a row"),
    );
    for _ in from..to {
        key(s, Key::Down);
    }
    key(s, k)
}

#[test]
fn from_the_title_each_change_applies_at_once_and_back_keeps_the_focus() {
    let mut s = screens();
    for _ in 0..2 {
        key(&mut s, Key::Down);
    }
    key(&mut s, Key::Enter);
    assert!(matches!(s.top(), Screen::Options(o) if !o.over_play));
    assert_eq!(s.clear_colour(), theme::BACKGROUND_BOTTOM);
    // The window's settings go to the main loop.
    s.set_display(choices::Display {
        fullscreen: false,
        window_px: (1280, 720),
    });
    assert_eq!(
        press_on(&mut s, Row::Fullscreen, Key::Enter),
        Some(AppRequest::SetFullscreen(true))
    );
    assert_eq!(
        press_on(&mut s, Row::Window, Key::Right),
        Some(AppRequest::SetWindow((1600, 900)))
    );
    // The others are the screens' own, applied at once.
    assert_eq!(press_on(&mut s, Row::UiScale, Key::Right), None);
    assert_eq!(s.ui_scale(), 125);
    assert_eq!(theme::ui_scale(), 1.25, "every layout from now on");
    press_on(&mut s, Row::ReduceMotion, Key::Enter);
    assert!(s.reduce_motion());
    press_on(&mut s, Row::ConfirmEndTurn, Key::Enter);
    assert!(!s.confirm_end_turn());
    assert_eq!(
        key(&mut s, Key::Escape),
        Some(AppRequest::KeepSettings),
        "leaving Options writes the settings at once"
    );
    let Screen::Title(t) = s.top() else {
        panic!("back on the title");
    };
    assert_eq!(t.menu[t.selected], title::MenuItem::Options);
    // A level started now has them.
    key(&mut s, Key::Up);
    key(&mut s, Key::Up);
    key(&mut s, Key::Enter);
    key(&mut s, Key::Enter);
    key(&mut s, Key::Enter);
    let p = s.play().expect("playing");
    assert!(!p.confirm_end_turn);
    s.set_ui_scale(100);
    assert_eq!(theme::ui_scale(), 1.0);
}

#[test]
fn from_the_pause_menu_reduce_motion_shows_a_move_at_once() {
    let mut s = screens();
    key(&mut s, Key::Enter);
    key(&mut s, Key::Enter);
    key(&mut s, Key::Enter);
    key(&mut s, Key::Escape); // The level's intro card.
                              // Animated: a step (through the portal) is a tween that runs a while.
    key(&mut s, Key::Left);
    s.update(1.0 / 60.0);
    assert!(s.play().and_then(|p| p.tween()).is_some(), "animated");
    s.update(5.0);
    pause_and_choose(&mut s, PauseAction::Options);
    assert!(matches!(s.top(), Screen::Options(o) if o.over_play));
    assert_eq!(s.clear_colour(), play::CLEAR, "over the level");
    press_on(&mut s, Row::ReduceMotion, Key::Right);
    assert!(s.reduce_motion());
    key(&mut s, Key::Escape);
    assert!(matches!(s.top(), Screen::Pause(_)));
    key(&mut s, Key::Escape);
    assert!(matches!(s.top(), Screen::Play(_)));
    key(&mut s, Key::Right);
    s.update(1.0 / 60.0);
    let p = s.play().expect("playing");
    assert_eq!(p.session.undo_log().undoable(), 2, "the step back was made");
    assert!(p.tween().is_none(), "shown at once");
    assert_eq!(p.camera.offset, Vec2::ZERO, "the camera too");
}

#[test]
fn a_click_on_options_rows_works_at_every_size_of_text() {
    for percent in crate::settings::UI_SCALES {
        let mut s = screens();
        s.set_ui_scale(percent);
        s.stack
            .push(Screen::Options(options::OptionsScreen::new(false)));
        let l = options::layout(Vec2::new(1280.0, 720.0));
        let at = rows().position(|r| r == Row::ReduceMotion).expect("a row");
        s.handle(Input::Click(l.rows[at].centre()), SIZE);
        assert!(s.reduce_motion(), "{percent} %");
        s.handle(Input::Click(l.rows[rows().count() - 1].centre()), SIZE);
        assert!(matches!(s.top(), Screen::Title(_)), "{percent} %: Back");
    }
    theme::set_ui_scale(1.0);
}

#[test]
fn every_setting_the_options_screen_changes_survives_a_restart() {
    let dir = std::env::temp_dir().join(format!("rappel-options-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("settings.txt");
    let read = crate::settings::Settings::load(Some(&path)).settings;
    let mut s = screens();
    s.apply_settings(&read);
    let before = s.shown_options();
    s.stack
        .push(Screen::Options(options::OptionsScreen::new(false)));
    for (row, k) in [
        (Row::UiScale, Key::Right),
        (Row::Volume, Key::Left),
        (Row::Sound, Key::Enter),
        (Row::Colours, Key::Right),
        (Row::ReduceMotion, Key::Enter),
        (Row::ConfirmEndTurn, Key::Enter),
    ] {
        press_on(&mut s, row, k);
    }
    let changed = s.shown_options();
    assert_ne!(changed, before);
    s.settings_kept(&read).save(&path).expect("saved");
    // The next run.
    let mut again = screens();
    again.apply_settings(&crate::settings::Settings::load(Some(&path)).settings);
    assert_eq!(again.shown_options(), changed);
    assert_eq!(theme::ui_scale(), 1.25);
    theme::set_ui_scale(1.0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn controls_opens_from_options_and_esc_comes_back() {
    let mut s = screens();
    for _ in 0..2 {
        key(&mut s, Key::Down);
    }
    key(&mut s, Key::Enter);
    press_on(&mut s, Row::Controls, Key::Enter);
    assert!(
        matches!(s.top(), Screen::Controls(_)),
        "the Controls screen"
    );
    key(&mut s, Key::Escape);
    assert!(matches!(s.top(), Screen::Options(_)), "back on Options");
    // A rebound mute key is the one Options names.
    let mut keys = s.keymap().clone();
    keys.rebind(Key::Mute, input::Chord::parse("n").expect("n"))
        .expect("N is free");
    s.set_keymap(keys);
    assert_eq!(Row::Sound.label(&s.shown_options()), "Sound: on (N)");
}
