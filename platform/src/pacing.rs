//! Frame pacing: how long each frame's step is, whether a frame needs
//! drawing, and how a still screen waits.
//!
//! A frame is drawn only when its draw list differs from the one the window
//! shows (or something forces it: a resize, an exposed window, a
//! screenshot, a script or a fixed-frame run). A frame that draws nothing
//! new and takes no input is *still*: the loop then waits for input,
//! waking every [`IDLE_TICK_MS`] so timers (the game's and the editor's
//! autosave, a hint's or the solver's answer) still run. While anything
//! moves, every frame differs, and the loop runs at the display's rate (or
//! [`SOFTWARE_FRAME`] without vsync).
use std::time::{Duration, Instant};

use render::DrawList;
use sdl2::event::Event;
use sdl2::EventPump;

/// Target frame time when vsync is unavailable (offscreen, some drivers).
pub const SOFTWARE_FRAME: Duration = Duration::from_micros(16_667);
/// Time per frame in fixed-frame runs, and the longest step otherwise.
pub const FIXED_DT_S: f32 = 1.0 / 60.0;
const MAX_DT_S: f32 = 0.1;
/// The longest a still screen sleeps waiting for input.
pub const IDLE_TICK_MS: u32 = 500;
/// How often a still screen without a display looks for input.
const HEADLESS_POLL_MS: u32 = 50;

/// The seconds a frame steps the game by. `fixed`: a fixed-frame run;
/// `waited`: the loop waited for input first (the last frame was still);
/// `woken`: input ended the wait; `elapsed_s`: since the last frame.
pub fn frame_dt(fixed: bool, waited: bool, woken: bool, elapsed_s: f32) -> f32 {
    if fixed {
        FIXED_DT_S
    } else if waited && !woken {
        // A tick of a still screen: its timers run in real time (nothing
        // moves, so no animation jumps).
        elapsed_s.min(1.0)
    } else if waited {
        // Input after a wait: what it starts begins now.
        FIXED_DT_S
    } else {
        elapsed_s.min(MAX_DT_S)
    }
}

/// What the window shows and whether the loop may wait.
pub struct Pacing {
    fixed: bool,
    last: Instant,
    shown: DrawList,
    shown_at: (u32, u32),
    still: bool,
}

impl Pacing {
    /// Pacing for a run; `fixed`: every frame steps [`FIXED_DT_S`] and
    /// none waits.
    pub fn new(fixed: bool) -> Pacing {
        Pacing {
            fixed,
            last: Instant::now(),
            shown: DrawList::new(),
            shown_at: (0, 0),
            still: false,
        }
    }

    /// Starts a frame: if the last one was still and `busy` is false (no
    /// script running), waits for input (or the next tick) first; the
    /// events that ended the wait go to `woken`. The frame's step in
    /// seconds.
    pub fn start(
        &mut self,
        events: &mut EventPump,
        headless: bool,
        busy: bool,
        woken: &mut Vec<Event>,
    ) -> f32 {
        let waited = self.still && !self.fixed && !busy;
        if waited {
            if headless {
                // SDL's offscreen driver has no event source to sleep on
                // (its wait polls every millisecond): sleep in steps.
                for _ in 0..IDLE_TICK_MS / HEADLESS_POLL_MS {
                    std::thread::sleep(Duration::from_millis(HEADLESS_POLL_MS.into()));
                    woken.extend(events.poll_event());
                    if !woken.is_empty() {
                        break;
                    }
                }
            } else {
                woken.extend(events.wait_event_timeout(IDLE_TICK_MS));
            }
        }
        let now = Instant::now();
        let elapsed = now.duration_since(self.last).as_secs_f32();
        self.last = now;
        frame_dt(self.fixed, waited, !woken.is_empty(), elapsed)
    }

    /// Whether the frame in `list`, for a drawable of `size_px`, must be
    /// drawn: it differs from the one shown, or `forced`. Without that and
    /// without `input`, the frame was still.
    pub fn needs_drawing(
        &mut self,
        list: &DrawList,
        size_px: (u32, u32),
        forced: bool,
        input: bool,
    ) -> bool {
        let changed = forced || size_px != self.shown_at || !list.same_frame(&self.shown);
        self.still = !changed && !input;
        changed
    }

    /// The frame in `list` is on screen now (its buffers swapped): it is
    /// the one shown; `list` gets the old one's storage to reuse.
    pub fn presented(&mut self, list: &mut DrawList, size_px: (u32, u32)) {
        std::mem::swap(list, &mut self.shown);
        self.shown_at = size_px;
    }

    /// Sleeps what is left of a frame begun at `started` when nothing else
    /// paces the loop (no vsync, or no display).
    pub fn rest(&self, started: Instant) {
        if self.fixed {
            return;
        }
        if let Some(rest) = SOFTWARE_FRAME.checked_sub(started.elapsed()) {
            std::thread::sleep(rest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_steps_by_its_kind_of_wait() {
        assert_eq!(frame_dt(true, false, false, 3.0), FIXED_DT_S, "fixed runs");
        assert_eq!(frame_dt(false, false, false, 0.016), 0.016);
        assert_eq!(
            frame_dt(false, false, false, 2.0),
            MAX_DT_S,
            "a stall is one short step"
        );
        assert_eq!(
            frame_dt(false, true, false, 0.5),
            0.5,
            "a still tick: timers run"
        );
        assert_eq!(frame_dt(false, true, false, 9.0), 1.0);
        assert_eq!(
            frame_dt(false, true, true, 0.4),
            FIXED_DT_S,
            "input after a wait starts fresh"
        );
    }

    #[test]
    fn only_a_frame_that_differs_is_drawn_and_a_still_one_lets_the_loop_wait() {
        let mut p = Pacing::new(false);
        let mut list = DrawList::new();
        list.quad(render::Rect::new(0.0, 0.0, 4.0, 4.0), [1.0, 0.0, 0.0, 1.0]);
        assert!(
            p.needs_drawing(&list, (8, 8), false, false),
            "the first frame"
        );
        p.presented(&mut list, (8, 8));
        let mut same = DrawList::new();
        same.quad(render::Rect::new(0.0, 0.0, 4.0, 4.0), [1.0, 0.0, 0.0, 1.0]);
        assert!(!p.needs_drawing(&same, (8, 8), false, false));
        assert!(p.still, "nothing new, no input: still");
        assert!(!p.needs_drawing(&same, (8, 8), false, true));
        assert!(!p.still, "input: not still, though nothing changed yet");
        assert!(p.needs_drawing(&same, (9, 8), false, false), "a resize");
        assert!(p.needs_drawing(&same, (8, 8), true, false), "forced");
        let mut moved = DrawList::new();
        moved.quad(render::Rect::new(1.0, 0.0, 4.0, 4.0), [1.0, 0.0, 0.0, 1.0]);
        assert!(p.needs_drawing(&moved, (8, 8), false, false));
    }
}
