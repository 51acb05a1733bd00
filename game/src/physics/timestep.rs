//! The fixed-timestep clock: frames of any length in, a whole number of
//! physics steps out, plus how far the frame has got into the next step.
//!
//! The accumulator holds the simulated time owed, always in `[0, step)`
//! after [`FixedTimestep::advance`]. Drawing interpolates each body between
//! the pose before and after the last step by `alpha = owed / step`
//! (`Body::interpolated_transform`), so motion is smooth at any frame rate
//! and the simulation itself only ever sees the fixed `dt` (which is what
//! makes it deterministic). A long stall is capped at `max_steps` steps per
//! frame; the whole steps beyond it are dropped (the game slows down rather
//! than spiralling).

/// What a frame should do: run `steps` physics steps, then draw at `alpha`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepPlan {
    /// Physics steps to run this frame.
    pub steps: u32,
    /// Interpolation factor in `[0, 1)` between the last two step poses.
    pub alpha: f32,
}

/// A fixed-timestep accumulator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FixedTimestep {
    step_s: f64,
    owed_s: f64,
    max_steps: u32,
}

impl FixedTimestep {
    /// A clock stepping every `step_s` seconds, at most `max_steps` steps
    /// per frame.
    pub fn new(step_s: f32, max_steps: u32) -> FixedTimestep {
        debug_assert!(step_s > 0.0, "a timestep must be positive");
        FixedTimestep {
            step_s: f64::from(step_s),
            owed_s: 0.0,
            max_steps: max_steps.max(1),
        }
    }

    /// The fixed step, seconds.
    pub fn step_s(&self) -> f32 {
        self.step_s as f32
    }

    /// Adds a frame of `frame_s` seconds (negative counts as 0) and says how
    /// many steps to run and where to draw.
    pub fn advance(&mut self, frame_s: f32) -> StepPlan {
        self.owed_s += f64::from(frame_s.max(0.0));
        let whole = (self.owed_s / self.step_s).floor();
        let steps = whole.min(f64::from(self.max_steps)) as u32;
        // Pay for the steps run; drop any whole steps beyond the cap.
        self.owed_s -= whole * self.step_s;
        if self.owed_s < 0.0 {
            self.owed_s = 0.0;
        }
        StepPlan {
            steps,
            alpha: ((self.owed_s / self.step_s) as f32).min(0.999_999),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_become_whole_steps_and_a_remainder() {
        // 120 Hz steps, 60 Hz frames: 2 steps a frame, alpha 0.
        let mut clock = FixedTimestep::new(1.0 / 120.0, 8);
        let plan = clock.advance(1.0 / 60.0);
        assert_eq!(plan.steps, 2);
        assert!(plan.alpha < 1e-4);
        // 144 Hz frames: 120/144 = 0.8333 steps each. After frame 1: 0
        // steps, alpha 0.8333; after frame 2: 1.6667 owed → 1 step, alpha
        // 0.6667.
        let mut clock = FixedTimestep::new(1.0 / 120.0, 8);
        let p1 = clock.advance(1.0 / 144.0);
        assert_eq!(p1.steps, 0);
        assert!((p1.alpha - 5.0 / 6.0).abs() < 1e-5);
        let p2 = clock.advance(1.0 / 144.0);
        assert_eq!(p2.steps, 1);
        assert!((p2.alpha - 2.0 / 3.0).abs() < 1e-5);
    }

    #[test]
    fn a_long_stall_is_capped_and_time_never_runs_backwards() {
        let mut clock = FixedTimestep::new(0.01, 5);
        // 1.005 s stall: 100 steps owed, 5 run, the rest dropped; 0.5 left.
        let plan = clock.advance(1.005);
        assert_eq!(plan.steps, 5);
        assert!((plan.alpha - 0.5).abs() < 1e-4);
        assert_eq!(clock.advance(-1.0).steps, 0);
        // Over many frames the steps add up to the time passed.
        let mut clock = FixedTimestep::new(1.0 / 120.0, 8);
        let total: u32 = (0..1000).map(|_| clock.advance(1.0 / 75.0).steps).sum();
        // 1000/75 s = 13.333 s = 1600 steps.
        assert!((1599..=1600).contains(&total), "{total}");
    }
}
