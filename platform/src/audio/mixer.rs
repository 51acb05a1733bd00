//! The mixer: the voices playing, summed into the output buffer at the
//! player's volume, with a peak limiter so that any number of overlapping
//! sounds never goes past full scale. No SDL: the audio device's callback
//! calls [`Mixer::fill`] (behind a mutex the main thread shares to call
//! [`Mixer::play`]), and tests call it directly.
//!
//! Invariants: every output sample is within ±[`LIMIT`]; muted (or at 0 %)
//! the output is exactly 0.0 while the voices play on unheard; at most
//! [`MAX_VOICES`] voices, the oldest dropped first.
use std::sync::Arc;

use super::cue::Cue;
use super::synth::Bank;

/// The most sounds playing at once; a new one past it ends the oldest.
pub const MAX_VOICES: usize = 32;
/// The ceiling of the output, just below full scale.
pub const LIMIT: f32 = 0.9;
/// How fast the limiter lets go after a peak (its gain's time constant).
const RELEASE_S: f32 = 0.08;

/// The gain of a volume from 0.0 to 1.0: its square, since loudness is
/// heard roughly as the square of amplitude (50 % sounds about half as
/// loud as 100 %, not barely quieter).
pub fn gain_of(volume: f32) -> f32 {
    let v = volume.clamp(0.0, 1.0);
    v * v
}

/// One sound playing.
struct Voice {
    samples: Arc<[f32]>,
    /// The next sample to play; the voice ends when it reaches the end.
    at: usize,
}

/// The voices playing and how loud (see the module docs).
pub struct Mixer {
    bank: Bank,
    /// Oldest first; never more than [`MAX_VOICES`].
    voices: Vec<Voice>,
    volume: f32,
    muted: bool,
    /// The limiter's envelope: the recent peak of the mix (0.0: quiet).
    peak: f32,
    /// Per-sample decay of `peak`.
    release: f32,
}

impl Mixer {
    /// A silent mixer at `rate_hz`, at full volume, rendering sounds as
    /// they are first played (see [`Mixer::prepare`]).
    pub fn new(rate_hz: u32) -> Mixer {
        Mixer {
            bank: Bank::new(rate_hz),
            voices: Vec::with_capacity(MAX_VOICES),
            volume: 1.0,
            muted: false,
            peak: 0.0,
            release: (-1.0 / (RELEASE_S * rate_hz.max(1) as f32)).exp(),
        }
    }

    pub fn rate_hz(&self) -> u32 {
        self.bank.rate_hz()
    }

    /// Renders every cue's sound now, so that [`Mixer::play`] never has to.
    pub fn prepare(&mut self) {
        self.bank.render_all();
    }

    /// Starts `cue` at the next [`Mixer::fill`].
    pub fn play(&mut self, cue: Cue) {
        if self.voices.len() >= MAX_VOICES {
            self.voices.remove(0);
        }
        let samples = self.bank.get(cue);
        self.voices.push(Voice { samples, at: 0 });
    }

    /// Sets the volume (0.0 to 1.0, clamped) and mute.
    pub fn set_volume(&mut self, volume: f32, muted: bool) {
        self.volume = if volume.is_nan() {
            0.0
        } else {
            volume.clamp(0.0, 1.0)
        };
        self.muted = muted;
    }

    /// The volume and mute.
    pub fn volume(&self) -> (f32, bool) {
        (self.volume, self.muted)
    }

    /// How many sounds are playing.
    pub fn playing(&self) -> usize {
        self.voices.len()
    }

    /// Mixes the next `out.len()` samples (mono) into `out`, replacing
    /// what was there; voices that end are dropped.
    pub fn fill(&mut self, out: &mut [f32]) {
        out.fill(0.0);
        for v in &mut self.voices {
            let rest = &v.samples[v.at..];
            let n = rest.len().min(out.len());
            for (o, s) in out[..n].iter_mut().zip(rest) {
                *o += s;
            }
            v.at += n;
        }
        self.voices.retain(|v| v.at < v.samples.len());
        let gain = gain_of(self.volume);
        if self.muted || gain == 0.0 {
            out.fill(0.0);
            self.peak = 0.0;
            return;
        }
        for o in out.iter_mut() {
            let x = *o * gain;
            // The envelope follows a rise at once and falls slowly, and
            // never lies below |x|: so |x| × LIMIT / peak ≤ LIMIT.
            self.peak = (self.peak * self.release).max(x.abs());
            let g = if self.peak > LIMIT {
                LIMIT / self.peak
            } else {
                1.0
            };
            *o = (x * g).clamp(-LIMIT, LIMIT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: u32 = 48_000;
    /// About 21 ms, a typical device buffer.
    const BLOCK: usize = 1024;

    /// Fills `samples` of output in device-sized blocks.
    fn run(m: &mut Mixer, samples: usize) -> Vec<f32> {
        let mut out = vec![0.0; samples];
        for chunk in out.chunks_mut(BLOCK) {
            m.fill(chunk);
        }
        out
    }

    fn loudest(x: &[f32]) -> f32 {
        x.iter().fold(0.0f32, |m, v| m.max(v.abs()))
    }

    #[test]
    fn one_sound_plays_its_length_then_silence() {
        let mut m = Mixer::new(RATE);
        assert_eq!(loudest(&run(&mut m, 4096)), 0.0, "nothing playing");
        m.play(Cue::PickUp);
        assert_eq!(m.playing(), 1);
        let len = Cue::PickUp.len_samples(RATE);
        let out = run(&mut m, len + 5000);
        let expected = render_once(Cue::PickUp);
        assert_eq!(
            &out[..len],
            &expected[..],
            "at full volume: the sound itself"
        );
        assert!(loudest(&out[..len]) > 0.2);
        assert!(out[len..].iter().all(|&v| v == 0.0), "then silence");
        assert_eq!(m.playing(), 0, "the voice is gone");
    }

    fn render_once(cue: Cue) -> Vec<f32> {
        super::super::synth::render(cue, RATE)
    }

    #[test]
    fn mute_is_exact_silence_and_the_sound_plays_on_unheard() {
        let mut m = Mixer::new(RATE);
        m.set_volume(1.0, true);
        m.play(Cue::Alarm);
        let half = Cue::Alarm.len_samples(RATE) / 2;
        assert!(run(&mut m, half).iter().all(|&v| v == 0.0));
        assert_eq!(m.playing(), 1);
        m.set_volume(1.0, false);
        let rest = run(&mut m, half + 10);
        assert!(loudest(&rest) > 0.1, "unmuted halfway: the second half");
        assert_eq!(&rest[..half], &render_once(Cue::Alarm)[half..2 * half]);
        m.set_volume(0.0, false);
        m.play(Cue::Alarm);
        assert!(run(&mut m, 2000).iter().all(|&v| v == 0.0), "0 % is silent");
    }

    #[test]
    fn volume_scales_by_its_square() {
        let at = |volume: f32| {
            let mut m = Mixer::new(RATE);
            m.set_volume(volume, false);
            m.play(Cue::LevelCleared);
            run(&mut m, Cue::LevelCleared.len_samples(RATE))
        };
        let full = at(1.0);
        for volume in [0.8, 0.5, 0.1] {
            let quieter = at(volume);
            for (q, f) in quieter.iter().zip(&full) {
                assert!((q - f * gain_of(volume)).abs() < 1e-6, "{volume}");
            }
        }
        assert_eq!(gain_of(0.5), 0.25);
        let mut m = Mixer::new(RATE);
        m.set_volume(7.0, false);
        assert_eq!(m.volume(), (1.0, false), "clamped");
    }

    #[test]
    fn thirty_two_sounds_at_once_never_pass_full_scale() {
        let mut m = Mixer::new(RATE);
        m.prepare();
        for i in 0..MAX_VOICES {
            m.play(if i % 2 == 0 { Cue::Alarm } else { Cue::Land });
        }
        assert_eq!(m.playing(), MAX_VOICES);
        let out = run(&mut m, Cue::Alarm.len_samples(RATE) + 2000);
        let peak = loudest(&out);
        assert!(peak <= LIMIT, "{peak}");
        assert!(peak > 0.5, "limited, not silenced: {peak}");
        // Every cue at once, three times over (the oldest voices give way).
        let mut m = Mixer::new(RATE);
        for _ in 0..3 {
            for cue in Cue::ALL {
                m.play(cue);
            }
        }
        assert_eq!(m.playing(), MAX_VOICES);
        let out = run(&mut m, RATE as usize);
        assert!(loudest(&out) <= LIMIT);
        assert!(out.iter().all(|v| v.is_finite()));
        assert_eq!(m.playing(), 0);
        // A quiet sound after the crowd is back at its own level.
        m.play(Cue::MenuMove);
        let tick = run(&mut m, Cue::MenuMove.len_samples(RATE));
        assert!((loudest(&tick) - Cue::MenuMove.peak()).abs() < 1e-6);
    }
}
