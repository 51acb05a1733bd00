//! The watcher timeline: with a watcher selected, the cells it will see at
//! the end of each round of its patrol, stepped with a slider along the
//! canvas's bottom (click or drag it) or with `,` and `.`, so the designer
//! sees the puzzle's timing before playing it.
//!
//! Step `i` is the end of round `i + 1`: what play's watcher preview (the
//! danger marks: tint, hatch, eye) shows after `i` rounds. The answer is
//! the rules' ([`Watch::rebuild_after`], the same `Watch` play's preview
//! asks, at the rules' `patrol_step_after`), for the level as the canvas
//! stages it; the canvas marks the seen cells as play does, in the
//! player's palette, and rings where the watcher looks from. The steps
//! loop with the patrol ([`patrol_period`]).
//!
//! Cost: one watcher view build when the level, the watcher or the step
//! changes; nothing per frame.
use std::cell::{Ref, RefCell};

use game::action::turn::{patrol_period, patrol_step_after};
use game::action::watch::Watch;
use game::grid::CellPos;
use game::level::ThingSpecKind;
use game::stage::Stage;
use game::things::ThingId;
use glam::Vec2;
use render::{DrawList, Font, Rect, TextStyle};

use super::draw::{outline, TEXT};
use super::{EditorScreen, Selection};
use crate::screens::input::{Button, Input, RawInput};
use crate::screens::play::danger::Danger;
use crate::screens::theme::{DIM_TEXT, GOLD, OVERLAY_STYLE};
use crate::screens::world::Projection;

/// The timeline's state: the round shown, and what the rules said of it.
#[derive(Default)]
pub struct Timeline {
    /// The round shown (0: the end of the first round).
    step: usize,
    /// The watcher (index into the level's things) `step` is for.
    watcher: Option<usize>,
    /// The slider is held by the mouse.
    dragging: bool,
    /// The rules' answer, for (revision, watcher, step).
    cache: RefCell<Option<Seen>>,
}

/// What the watcher sees at one step.
struct Seen {
    key: (u64, usize, usize),
    danger: Danger,
    lookout: CellPos,
    period: usize,
    cells: usize,
}

/// The slider panel on `canvas` at UI scale `s`: (panel, track).
pub fn slider(canvas: Rect, s: f32) -> (Rect, Rect) {
    let w = (canvas.w - 40.0 * s).min(560.0 * s).max(0.0);
    let h = 56.0 * s;
    let panel = Rect::new(
        canvas.x + (canvas.w - w) / 2.0,
        canvas.y + canvas.h - h - 10.0 * s,
        w,
        h,
    );
    let track = Rect::new(
        panel.x + 24.0 * s,
        panel.y + 34.0 * s,
        panel.w - 48.0 * s,
        12.0 * s,
    );
    (panel, track)
}

/// The step of `period` nearest to `x` on `track`.
fn step_at(track: Rect, period: usize, x: f32) -> usize {
    if period <= 1 || track.w <= 0.0 {
        return 0;
    }
    let t = ((x - track.x) / track.w).clamp(0.0, 1.0);
    (t * (period - 1) as f32).round() as usize
}

/// Where step `i` of `period` is on `track`.
fn x_of(track: Rect, period: usize, i: usize) -> f32 {
    match period {
        0 | 1 => track.x + track.w / 2.0,
        _ => track.x + track.w * i as f32 / (period - 1) as f32,
    }
}

impl EditorScreen {
    /// The selected watcher: its index in the level's things and its id
    /// on the canvas's stage. None while a playback or a paste shows.
    fn timeline_watcher(&self) -> Option<(usize, ThingId, &Stage)> {
        let Selection::Thing(i) = self.selection else {
            return None;
        };
        if self.pasting || self.playback_stage().is_some() {
            return None;
        }
        let spec = self.editor.level().things.get(i)?;
        if !matches!(spec.kind, ThingSpecKind::Watcher { .. }) {
            return None;
        }
        let stage = self.stage()?;
        Some((i, stage.find(&spec.id)?, stage))
    }

    /// The step shown for watcher `index` (0 for a watcher newly selected).
    fn timeline_step(&self, index: usize) -> usize {
        match self.timeline.watcher {
            Some(w) if w == index => self.timeline.step,
            _ => 0,
        }
    }

    /// Calls `f` with what the selected watcher sees at the step shown
    /// (asked of the rules once per level, watcher and step).
    fn with_seen<R>(&self, f: impl FnOnce(&Seen) -> R) -> Option<R> {
        let (index, id, stage) = self.timeline_watcher()?;
        let step = self.timeline_step(index);
        let key = (self.editor.revision(), index, step);
        // Shared borrows only once fresh: the canvas holds the tint while
        // the panel is drawn.
        let fresh = self
            .timeline
            .cache
            .borrow()
            .as_ref()
            .is_some_and(|c| c.key == key);
        if !fresh {
            let period = patrol_period(stage, id)?;
            let rounds = (step % period) as u32;
            let lookout = patrol_step_after(stage, id, rounds)?.to;
            let mut watch = Watch::new();
            watch.rebuild_after(stage, |w| w == id, rounds);
            let cells = watch.cells().count();
            *self.timeline.cache.borrow_mut() = Some(Seen {
                key,
                danger: Danger::from_watch(watch),
                lookout,
                period,
                cells,
            });
        }
        self.timeline.cache.borrow().as_ref().map(f)
    }

    /// The cells the selected watcher sees at the step shown, in index
    /// order.
    pub fn timeline_cells(&self) -> Option<Vec<CellPos>> {
        self.with_seen(|s| s.danger.cells().collect())
    }

    /// (step shown, rounds in the patrol) for the selected watcher.
    pub fn timeline_position(&self) -> Option<(usize, usize)> {
        let (index, ..) = self.timeline_watcher()?;
        let step = self.timeline_step(index);
        self.with_seen(|s| (step, s.period))
    }

    /// The tint the canvas draws for the timeline (play's danger tint).
    pub(super) fn timeline_danger(&self) -> Option<Ref<'_, Danger>> {
        self.with_seen(|_| ())?;
        Ref::filter_map(self.timeline.cache.borrow(), |c| {
            c.as_ref().map(|s| &s.danger)
        })
        .ok()
    }

    /// Shows step `step` (wrapped into the patrol) of the selected watcher.
    pub fn set_timeline_step(&mut self, step: isize) {
        let Some((index, ..)) = self.timeline_watcher() else {
            return;
        };
        let Some(period) = self.with_seen(|s| s.period) else {
            return;
        };
        let step = step.rem_euclid(period as isize) as usize;
        self.timeline.watcher = Some(index);
        self.timeline.step = step;
        let said = self.with_seen(|s| {
            format!(
                "Timeline: the end of round {} of {}: looks from {}, sees {} cell(s) · , / . step",
                step + 1,
                s.period,
                s.lookout,
                s.cells
            )
        });
        if let Some(said) = said {
            self.info(said);
        }
    }

    /// `,` / `.`: a step back or forward; false (nothing done) with no
    /// watcher selected.
    pub(super) fn timeline_key(&mut self, by: isize) -> bool {
        let Some((index, ..)) = self.timeline_watcher() else {
            return false;
        };
        let step = self.timeline_step(index) as isize + by;
        self.set_timeline_step(step);
        true
    }

    /// The mouse on the slider: a press (or a click) there picks the
    /// nearest step and holds the slider, moves drag it, the release lets
    /// go. True if the input was the slider's.
    pub(super) fn timeline_input(&mut self, input: &RawInput) -> bool {
        let l = self.layout();
        let (panel, track) = slider(l.canvas, l.scale);
        let period = self.with_seen(|s| s.period);
        let Some(period) = period else {
            self.timeline.dragging = false;
            return false;
        };
        match *input {
            RawInput::Press(Button::Left, p) | RawInput::Input(Input::Click(p))
                if panel.contains(p) =>
            {
                self.timeline.dragging = matches!(input, RawInput::Press(..));
                self.set_timeline_step(step_at(track, period, p.x) as isize);
                true
            }
            RawInput::Input(Input::MouseMove(p)) if self.timeline.dragging => {
                self.mouse = Some(p);
                self.set_timeline_step(step_at(track, period, p.x) as isize);
                true
            }
            RawInput::Release(Button::Left, _) if self.timeline.dragging => {
                self.timeline.dragging = false;
                true
            }
            _ => false,
        }
    }

    /// The ring where the watcher looks from at the step shown.
    pub(super) fn draw_timeline_lookout(&self, list: &mut DrawList, proj: &Projection) {
        let Some(at) = self.with_seen(|s| s.lookout) else {
            return;
        };
        let c = proj.to_screen(Vec2::new(at.x as f32, at.y as f32));
        let r = proj.cell_px * 0.42;
        outline(
            list,
            Rect::new(c.x - r, c.y - r, 2.0 * r, 2.0 * r),
            (r * 0.12).max(2.0),
            self.palette.colours().next_step,
        );
    }

    /// The slider panel: the round shown, where the watcher looks from,
    /// and a tick a round.
    pub(super) fn draw_timeline(&self, list: &mut DrawList, font: &mut Font, canvas: Rect, s: f32) {
        let Some((index, ..)) = self.timeline_watcher() else {
            return;
        };
        let step = self.timeline_step(index);
        let Some((period, lookout, cells)) = self.with_seen(|t| (t.period, t.lookout, t.cells))
        else {
            return;
        };
        let (panel, track) = slider(canvas, s);
        list.panel(panel, &OVERLAY_STYLE);
        let name = &self.editor.level().things[index].id;
        list.text(
            font,
            Vec2::new(panel.x + 14.0 * s, panel.y + 8.0 * s),
            &format!(
                "{name}: round {} of {period} · looks from {lookout} · sees {cells} cells",
                step + 1
            ),
            &TextStyle::new(13.0 * s, GOLD),
        );
        list.text(
            font,
            Vec2::new(panel.x + panel.w - 70.0 * s, panel.y + 8.0 * s),
            ", / . step",
            &TextStyle::new(11.0 * s, DIM_TEXT),
        );
        let line = Rect::new(track.x, track.y + track.h / 2.0 - s, track.w, 2.0 * s);
        list.quad(line, DIM_TEXT);
        for i in 0..period {
            let x = x_of(track, period, i);
            let tick = Rect::new(x - s, track.y, 2.0 * s, track.h);
            list.quad(tick, if i == step { GOLD } else { TEXT });
        }
        let x = x_of(track, period, step);
        let knob = 8.0 * s;
        list.quad(
            Rect::new(
                x - knob,
                track.y + track.h / 2.0 - knob,
                2.0 * knob,
                2.0 * knob,
            ),
            GOLD,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::editor::document::Document;
    use crate::screens::input::Chord;
    use game::action::Action;
    use game::session::Session;

    const SIZE: (u32, u32) = (1280, 720);

    /// The editor on Watcher hall with the guard (thing 4) selected.
    fn hall() -> EditorScreen {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let level = game::level::load_file(&root.join("levels/watcher_hall.txt")).expect("loads");
        let mut s = EditorScreen::new(level, Document::default());
        s.handle(RawInput::Input(Input::MouseMove(Vec2::ZERO)), SIZE);
        let p = s.screen_pos_of_cell(CellPos::new(4, 1));
        s.handle(RawInput::Press(Button::Left, p), SIZE);
        s.handle(RawInput::Release(Button::Left, p), SIZE);
        assert_eq!(s.selection, Selection::Thing(4), "the guard is selected");
        s
    }

    #[test]
    fn each_step_shows_what_plays_watcher_preview_shows_after_that_many_rounds() {
        let mut s = hall();
        let level = s.editor.level().clone();
        let mut session = Session::new(&level).expect("stage");
        let guard = session.stage().find("guard").expect("guard");
        assert_eq!(s.timeline_position(), Some((0, 10)));
        let mut play = Watch::new();
        let mut seen = Vec::new();
        for i in 0..10 {
            s.set_timeline_step(i as isize);
            // Play's preview: the known guard's sight at the end of this
            // round, after `i` rounds have ended.
            play.rebuild(session.stage(), |w| w == guard);
            let want: Vec<CellPos> = play.cells().collect();
            assert_eq!(s.timeline_cells(), Some(want.clone()), "after {i} rounds");
            seen.push(want);
            if i < 9 {
                session.perform(&Action::EndTurn).expect("the round ends");
            }
        }
        seen.dedup();
        assert!(seen.len() > 3, "the guard's sight changes as it walks");
    }

    #[test]
    fn keys_and_the_slider_step_the_timeline_and_it_loops() {
        let mut s = hall();
        let key = |s: &mut EditorScreen, k: &str| {
            s.handle(RawInput::Chord(Chord::parse(k).expect("chord")), SIZE);
        };
        key(&mut s, ".");
        key(&mut s, ".");
        assert_eq!(s.timeline_position(), Some((2, 10)));
        key(&mut s, ",");
        key(&mut s, ",");
        key(&mut s, ",");
        assert_eq!(
            s.timeline_position(),
            Some((9, 10)),
            "back from round 1: the loop's last"
        );
        // A press on the track picks the nearest round; a drag follows it.
        let l = s.layout();
        let (_, track) = slider(l.canvas, l.scale);
        let at = |i: usize| Vec2::new(x_of(track, 10, i), track.centre().y);
        s.handle(RawInput::Press(Button::Left, at(3)), SIZE);
        assert_eq!(s.timeline_position(), Some((3, 10)));
        s.handle(RawInput::Input(Input::MouseMove(at(7))), SIZE);
        s.handle(RawInput::Release(Button::Left, at(7)), SIZE);
        assert_eq!(s.timeline_position(), Some((7, 10)));
        assert_eq!(s.selection, Selection::Thing(4), "the slider did not edit");
        assert!(!s.is_dirty());
        // No watcher selected: no timeline, and the keys do nothing.
        key(&mut s, "escape");
        assert_eq!(s.timeline_position(), None);
        key(&mut s, ".");
        assert_eq!(s.timeline_cells(), None);
    }
}
