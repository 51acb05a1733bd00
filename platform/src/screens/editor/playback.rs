//! A found line played back on the editor's canvas (F7): a session of the
//! level as it was solved performs the line's actions, one every
//! [`STEP_S`] seconds at normal speed, and the canvas draws its stage.
//!
//! The controls, as keys and as a bar of buttons along the canvas's
//! bottom: Space pauses and resumes; Right (or `.`) steps one action
//! forward and Left (or `,`) one back, both pausing; Up (or `]`) plays
//! faster and Down (or `[`) slower ([`SPEEDS`]). A step back is the
//! session's own undo, so it lands where replaying that many actions
//! does. Any other key, or a click off the bar, stops the playback.
//!
//! The counter counts what the solver's report counts: actions, not the
//! ends of turns between them ("action 5 of 19" for a line of 19 actions).
use crate::screens::input::Code;
use game::action::Action;
use game::session::Session;
use game::stage::{Outcome, Stage};
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle};

use super::draw::TEXT;
use super::solving::describe;
use super::EditorScreen;
use crate::screens::input::{Button, Input, RawInput};
use crate::screens::theme::{DIM_TEXT, GOLD, ITEM_STYLE, SELECTED_STYLE};

/// Seconds between two actions of a playback at normal speed.
pub const STEP_S: f32 = 0.45;

/// The playback speeds, slowest first (normal: `1.0`).
pub const SPEEDS: [f32; 5] = [0.25, 0.5, 1.0, 2.0, 4.0];
const NORMAL: usize = 2;

/// A control of the playback (a key or a button of the bar).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Back,
    Pause,
    Forward,
    Slower,
    Faster,
    Stop,
}

/// The bar's buttons, left to right.
pub const CONTROLS: [Control; 6] = [
    Control::Back,
    Control::Pause,
    Control::Forward,
    Control::Slower,
    Control::Faster,
    Control::Stop,
];

impl Control {
    /// The control a key stands for, if any.
    pub fn of_key(code: Code) -> Option<Control> {
        Some(match code {
            Code::Space => Control::Pause,
            Code::Right | Code::Period => Control::Forward,
            Code::Left | Code::Comma => Control::Back,
            Code::Up | Code::RightBracket => Control::Faster,
            Code::Down | Code::LeftBracket => Control::Slower,
            _ => return None,
        })
    }

    /// The button's label and its key.
    fn label(self, paused: bool) -> (&'static str, &'static str) {
        match self {
            Control::Back => ("Back", "Left"),
            Control::Pause if paused => ("Play", "Space"),
            Control::Pause => ("Pause", "Space"),
            Control::Forward => ("Step", "Right"),
            Control::Slower => ("Slower", "Down"),
            Control::Faster => ("Faster", "Up"),
            Control::Stop => ("Stop", "Esc"),
        }
    }
}

/// The bar's buttons on a `canvas` at UI scale `s`, centred along its
/// bottom.
pub fn bar(canvas: Rect, s: f32) -> [(Control, Rect); 6] {
    let (w, h, gap) = (64.0 * s, 40.0 * s, 6.0 * s);
    let total = CONTROLS.len() as f32 * (w + gap) - gap;
    let x0 = canvas.x + (canvas.w - total) / 2.0;
    let y = canvas.y + canvas.h - h - 10.0 * s;
    CONTROLS.map(|c| {
        let i = CONTROLS.iter().position(|&d| d == c).unwrap_or(0) as f32;
        (c, Rect::new(x0 + i * (w + gap), y, w, h))
    })
}

/// A line of play being played back.
pub struct Playback {
    session: Session,
    actions: Vec<Action>,
    /// The next action to play.
    next: usize,
    /// Seconds since the last action.
    wait_s: f32,
    paused: bool,
    /// Index into [`SPEEDS`].
    speed: usize,
    /// What line this is, when not the solution ("Without levitate"):
    /// the status lines start with it.
    title: Option<String>,
}

impl Playback {
    /// The playback of `actions` from `session`'s start, running at
    /// normal speed.
    pub fn new(session: Session, actions: Vec<Action>) -> Playback {
        Playback {
            session,
            actions,
            next: 0,
            wait_s: 0.0,
            paused: false,
            speed: NORMAL,
            title: None,
        }
    }

    /// The same, its status lines starting with `title`.
    pub fn titled(mut self, title: String) -> Playback {
        self.title = Some(title);
        self
    }

    /// `said`, after the title if there is one.
    fn titled_line(&self, said: String) -> String {
        match &self.title {
            Some(t) => format!("{t} · {said}"),
            None => said,
        }
    }

    /// The stage as the playback has it.
    pub fn stage(&self) -> &Stage {
        self.session.stage()
    }

    /// The state hash of that stage.
    #[cfg(test)]
    pub fn state_hash(&self) -> u64 {
        self.session.state_hash()
    }

    /// Whether every action has been played.
    pub fn finished(&self) -> bool {
        self.next >= self.actions.len()
    }

    /// Whether it is paused.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// The speed (1.0 normal).
    pub fn speed(&self) -> f32 {
        SPEEDS[self.speed]
    }

    /// (actions played, actions in the line), ends of turns not counted.
    pub fn counter(&self) -> (usize, usize) {
        let count = |a: &[Action]| a.iter().filter(|a| **a != Action::EndTurn).count();
        (count(&self.actions[..self.next]), count(&self.actions))
    }

    /// Moves on by `dt_s` seconds (nothing while paused); what the status
    /// line says of the last action played, if any was.
    pub fn tick(&mut self, dt_s: f32) -> Option<String> {
        if self.paused {
            return None;
        }
        let step = STEP_S / self.speed();
        self.wait_s += dt_s;
        let mut said = None;
        while self.wait_s >= step && !self.finished() {
            self.wait_s -= step;
            said = Some(self.forward());
        }
        said
    }

    /// Plays the next action; what the status line says of it.
    fn forward(&mut self) -> String {
        let said = self.forward_untitled();
        self.titled_line(said)
    }

    fn forward_untitled(&mut self) -> String {
        let Some(&action) = self.actions.get(self.next) else {
            return self.at_end();
        };
        let name = describe(self.session.stage(), &action);
        let turn = self.session.stage().turn();
        match self.session.perform(&action) {
            Ok(_) => {
                self.next += 1;
                let (done, total) = self.counter();
                if self.session.stage().outcome() == Outcome::Cleared {
                    format!(
                        "Turn {turn}: {name} — cleared in {turn} turn(s), {total} actions · Left steps back, any other key: back to editing"
                    )
                } else if action == Action::EndTurn {
                    format!(
                        "Turn {turn} ends ({done} of {total} actions played){}",
                        self.hint()
                    )
                } else {
                    format!(
                        "Turn {turn}, action {done} of {total}: {name}{}",
                        self.hint()
                    )
                }
            }
            // The rules are the solver's: this would be a bug.
            Err(why) => {
                self.next = self.actions.len();
                format!("Playback stopped: {name} was refused ({why})")
            }
        }
    }

    fn at_end(&self) -> String {
        let (_, total) = self.counter();
        format!("The end of the line: {total} actions played · Left steps back")
    }

    /// The keys, while playing or paused.
    fn hint(&self) -> &'static str {
        if self.paused {
            " · paused: Left / Right step, Space plays"
        } else {
            " · Space pauses, Left / Right step, Up / Down speed, Esc stops"
        }
    }

    /// One action forward, pausing.
    pub fn step_forward(&mut self) -> String {
        self.paused = true;
        self.wait_s = 0.0;
        self.forward()
    }

    /// One action back (the session's undo), pausing.
    pub fn step_back(&mut self) -> String {
        self.paused = true;
        self.wait_s = 0.0;
        if self.next == 0 || !self.session.undo() {
            return format!(
                "The start of the line: 0 of {} actions played · Right steps",
                self.counter().1
            );
        }
        self.next -= 1;
        let action = self.actions[self.next];
        let name = describe(self.session.stage(), &action);
        let (done, total) = self.counter();
        let turn = self.session.stage().turn();
        format!(
            "Back: turn {turn}, {done} of {total} actions played (took back: {name}){}",
            self.hint()
        )
    }

    /// Pauses or plays on; from the end, plays from the start.
    pub fn toggle_pause(&mut self) -> String {
        self.paused = !self.paused;
        self.wait_s = 0.0;
        let (done, total) = self.counter();
        if self.paused {
            format!("Paused at {done} of {total} actions{}", self.hint())
        } else {
            format!("Playing on from {done} of {total} actions{}", self.hint())
        }
    }

    /// One step of [`SPEEDS`] faster or slower (within them).
    pub fn change_speed(&mut self, faster: bool) -> String {
        self.speed = match faster {
            true => (self.speed + 1).min(SPEEDS.len() - 1),
            false => self.speed.saturating_sub(1),
        };
        let limit = match (faster, self.speed) {
            (true, i) if i == SPEEDS.len() - 1 => " (the fastest)",
            (false, 0) => " (the slowest)",
            _ => "",
        };
        format!("Playback speed ×{}{limit}", self.speed())
    }
}

impl EditorScreen {
    /// Input while a playback runs: a control acts on it, anything else
    /// stops it. True if the input was taken (nothing else is done).
    pub(super) fn playback_input(&mut self, input: &RawInput) -> bool {
        let l = self.layout();
        let control = match *input {
            RawInput::Chord(c) if !c.ctrl && !c.alt => Control::of_key(c.code),
            RawInput::Press(Button::Left, p) | RawInput::Input(Input::Click(p)) => {
                bar(l.canvas, l.scale)
                    .iter()
                    .find(|(_, r)| r.contains(p))
                    .map(|&(c, _)| c)
            }
            _ => None,
        };
        let Some(playback) = self.playback_mut() else {
            return false;
        };
        let said = match control {
            Some(Control::Pause) => playback.toggle_pause(),
            Some(Control::Forward) => playback.step_forward(),
            Some(Control::Back) => playback.step_back(),
            Some(Control::Faster) => playback.change_speed(true),
            Some(Control::Slower) => playback.change_speed(false),
            Some(Control::Stop) | None => return self.stop_playback(),
        };
        self.info(said);
        true
    }

    /// The playback's bar of buttons over the canvas.
    pub(super) fn draw_playback_bar(
        &self,
        list: &mut DrawList,
        font: &mut Font,
        canvas: Rect,
        s: f32,
    ) {
        let Some(playback) = self.playback() else {
            return;
        };
        let hover = self.mouse_px();
        for (c, r) in bar(canvas, s) {
            let lit =
                hover.is_some_and(|p| r.contains(p)) || (c == Control::Pause && playback.paused());
            list.panel(r, if lit { &SELECTED_STYLE } else { &ITEM_STYLE });
            let (label, key) = c.label(playback.paused());
            list.text(
                font,
                Vec2::new(r.centre().x, r.y + 6.0 * s),
                label,
                &TextStyle::new(13.0 * s, if lit { GOLD } else { TEXT }).aligned(Align::Centre),
            );
            list.text(
                font,
                Vec2::new(r.centre().x, r.y + r.h - 16.0 * s),
                key,
                &TextStyle::new(10.0 * s, DIM_TEXT).aligned(Align::Centre),
            );
        }
        let (done, total) = playback.counter();
        let r = bar(canvas, s)[0].1;
        list.text(
            font,
            Vec2::new(r.x, r.y - 20.0 * s),
            &format!(
                "action {done} of {total} · turn {} · ×{}{}",
                playback.stage().turn(),
                playback.speed(),
                if playback.paused() { " · paused" } else { "" }
            ),
            &TextStyle::new(13.0 * s, GOLD),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::level::load_text;

    const ROOM: &str = "levels/watcher_hall.txt";

    /// A shipped level, equipped as the editor solves it, and the line
    /// the solver finds for it (ends of turns included), solved once.
    fn line() -> (game::level::Level, Vec<Action>) {
        static LINE: std::sync::OnceLock<(game::level::Level, Vec<Action>)> =
            std::sync::OnceLock::new();
        LINE.get_or_init(solve_it).clone()
    }

    fn solve_it() -> (game::level::Level, Vec<Action>) {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let text = std::fs::read_to_string(root.join(ROOM)).expect("level");
        let level = load_text(ROOM, &text).expect("loads");
        let level = game::equipment::equip(&level, &game::equipment::Loadout::required(&level))
            .unwrap_or(level);
        let report =
            game::solve::solve(&level, super::super::solving::LIMITS, None).expect("solves");
        let solution = report.solution.expect("a solution");
        (level, solution.actions)
    }

    #[test]
    fn stepping_back_and_forth_lands_where_replaying_that_many_actions_does() {
        let (level, actions) = line();
        let replay = |n: usize| {
            let mut s = Session::new(&level).expect("stage");
            for a in &actions[..n] {
                s.perform(a).expect("the line is legal");
            }
            s.state_hash()
        };
        let hashes: Vec<u64> = (0..=actions.len()).map(replay).collect();
        let mut p = Playback::new(Session::new(&level).expect("stage"), actions.clone());
        // Forward to the end, back to the start, then a zigzag.
        for (n, want) in hashes.iter().enumerate().skip(1) {
            p.step_forward();
            assert_eq!(p.state_hash(), *want, "forward to {n}");
        }
        assert!(p.finished());
        for n in (0..actions.len()).rev() {
            p.step_back();
            assert_eq!(p.state_hash(), hashes[n], "back to {n}");
        }
        p.step_back();
        assert_eq!(p.state_hash(), hashes[0], "nothing before the start");
        for (n, want) in hashes.iter().enumerate().take(actions.len()).skip(1) {
            p.step_forward();
            p.step_forward();
            p.step_back();
            assert_eq!(p.state_hash(), *want, "zigzag at {n}");
        }
    }

    #[test]
    fn the_counter_counts_what_the_report_counts() {
        let (level, actions) = line();
        let solution = game::solve::Solution {
            actions: actions.clone(),
            turns: 0,
        };
        assert!(actions.contains(&Action::EndTurn), "a line over turns");
        let mut p = Playback::new(Session::new(&level).expect("stage"), actions.clone());
        assert_eq!(p.counter(), (0, solution.action_count()));
        let mut last = String::new();
        while !p.finished() {
            last = p.step_forward();
        }
        assert_eq!(
            p.counter(),
            (solution.action_count(), solution.action_count())
        );
        assert!(
            last.contains(&format!("{} actions", solution.action_count())),
            "{last}"
        );
    }

    #[test]
    fn pause_holds_the_line_and_speed_changes_the_pace() {
        let (level, actions) = line();
        let mut p = Playback::new(Session::new(&level).expect("stage"), actions);
        p.tick(STEP_S);
        assert_eq!(p.next, 1);
        p.toggle_pause();
        p.tick(STEP_S * 10.0);
        assert_eq!(p.next, 1, "paused: nothing moves");
        p.toggle_pause();
        p.change_speed(true);
        assert_eq!(p.speed(), 2.0);
        p.tick(STEP_S / 2.0);
        assert_eq!(p.next, 2, "twice as fast: an action in half the time");
        p.change_speed(false);
        p.change_speed(false);
        p.tick(STEP_S);
        assert_eq!(p.next, 2, "half as fast: not yet");
        p.tick(STEP_S);
        assert_eq!(p.next, 3);
        for _ in 0..9 {
            p.change_speed(false);
        }
        assert_eq!(p.speed(), SPEEDS[0]);
    }
}
