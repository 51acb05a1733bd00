//! The synthesiser's building blocks: band-limited oscillators (sine, and
//! triangle and soft square as sums of their first odd harmonics, so
//! nothing aliases), envelopes, filtered noise (a state-variable filter,
//! swept for whooshes), struck resonators and bells, mixed into a
//! [`Sound`] buffer that `finish` fades at both ends (2 ms in, up to 20 ms
//! out) and scales to its cue's peak. Every part ramps in and out on its
//! own, so nothing clicks; the noise comes from a fixed seed per cue.
use std::f32::consts::{PI, TAU};

use super::cue::Cue;

/// Every sound fades in over this many seconds…
const FADE_IN_S: f32 = 0.002;
/// …and out over this many (a quarter of the sound at most).
const FADE_OUT_S: f32 = 0.02;
/// Each tone's and noise burst's own ramp at its start and its end.
const PART_EDGE_S: f32 = 0.003;

/// An oscillator's shape; all band-limited to their 5th harmonic.
#[derive(Clone, Copy, Debug)]
pub(super) enum Wave {
    Sine,
    /// Mellow, flute-like: odd harmonics falling as 1/n².
    Triangle,
    /// Reedy, buzzy: odd harmonics falling as 1/n.
    Soft,
}

impl Wave {
    pub(super) fn at(self, phase: f32) -> f32 {
        match self {
            Wave::Sine => phase.sin(),
            Wave::Triangle => {
                (phase.sin() - (3.0 * phase).sin() / 9.0 + (5.0 * phase).sin() / 25.0) * 0.81
            }
            Wave::Soft => {
                (phase.sin() + (3.0 * phase).sin() / 3.0 + (5.0 * phase).sin() / 5.0) * 0.8
            }
        }
    }
}

/// A part's loudness over its time `t` of `len` seconds (0.0 to 1.0).
#[derive(Clone, Copy, Debug)]
pub(super) enum Env {
    /// Struck: up over `attack_s` (a raised-cosine ramp), then decaying
    /// with time constant `tau_s`.
    Pluck { attack_s: f32, tau_s: f32 },
    /// Swelling up over `attack_s`, held, then down over `release_s` at
    /// the end (a sound played backwards: the rewind of an undo).
    Gate { attack_s: f32, release_s: f32 },
    /// A hump: sin(π t / len) to the `power`.
    Swell { power: f32 },
}

/// A raised-cosine ramp from 0 at `x` = 0 to 1 at `x` = 1.
pub(super) fn ramp(x: f32) -> f32 {
    let s = (x.clamp(0.0, 1.0) * PI / 2.0).sin();
    s * s
}

impl Env {
    pub(super) fn at(self, t: f32, len: f32) -> f32 {
        match self {
            Env::Pluck { attack_s, tau_s } => {
                if t < attack_s {
                    ramp(t / attack_s)
                } else {
                    (-(t - attack_s) / tau_s).exp()
                }
            }
            Env::Gate {
                attack_s,
                release_s,
            } => ramp(t / attack_s).min(ramp((len - t) / release_s)),
            Env::Swell { power } => (PI * t / len).sin().max(0.0).powf(power),
        }
    }
}

/// One oscillator note: `from_hz` gliding (exponentially) to `to_hz` over
/// `len_s` from `start_s`, shaped by `env`, with an optional vibrato.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tone {
    pub(super) start_s: f32,
    pub(super) len_s: f32,
    pub(super) from_hz: f32,
    pub(super) to_hz: f32,
    pub(super) wave: Wave,
    pub(super) env: Env,
    pub(super) amp: f32,
    /// Vibrato rate (0: none) and depth (a fraction of the pitch).
    pub(super) vibrato: (f32, f32),
}

impl Tone {
    pub(super) fn new(
        start_s: f32,
        len_s: f32,
        from_hz: f32,
        to_hz: f32,
        wave: Wave,
        env: Env,
    ) -> Tone {
        Tone {
            start_s,
            len_s,
            from_hz,
            to_hz,
            wave,
            env,
            amp: 1.0,
            vibrato: (0.0, 0.0),
        }
    }

    pub(super) fn amp(self, amp: f32) -> Tone {
        Tone { amp, ..self }
    }

    pub(super) fn vibrato(self, rate_hz: f32, depth: f32) -> Tone {
        Tone {
            vibrato: (rate_hz, depth),
            ..self
        }
    }
}

/// Which output of the state-variable filter a noise burst takes.
#[derive(Clone, Copy, Debug)]
pub(super) enum Filter {
    Low,
    Band,
}

/// A burst of white noise through a state-variable filter whose cutoff
/// glides from `from_hz` to `to_hz`; `damping` 2.0 is gentle, 0.3 rings.
#[derive(Clone, Copy, Debug)]
pub(super) struct Noise {
    pub(super) start_s: f32,
    pub(super) len_s: f32,
    pub(super) from_hz: f32,
    pub(super) to_hz: f32,
    pub(super) damping: f32,
    pub(super) filter: Filter,
    pub(super) env: Env,
    pub(super) amp: f32,
}

/// A sound being rendered.
pub(super) struct Sound {
    rate: f32,
    /// Exactly the cue's length; parts past its end are cut (and the end
    /// fade covers the cut).
    buf: Vec<f32>,
    /// xorshift32 state; never 0.
    seed: u32,
}

impl Sound {
    pub(super) fn new(cue: Cue, rate_hz: u32) -> Sound {
        Sound {
            rate: rate_hz as f32,
            buf: vec![0.0; cue.len_samples(rate_hz)],
            seed: 0x9E37_79B9 ^ (cue.index() as u32 + 1).wrapping_mul(0x85EB_CA6B),
        }
    }

    /// Uniform in [0, 1).
    pub(super) fn random(&mut self) -> f32 {
        let mut x = self.seed;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.seed = x;
        (x >> 8) as f32 / (1u32 << 24) as f32
    }

    /// The samples from `start_s` for `len_s`, cut to the buffer.
    pub(super) fn span(&self, start_s: f32, len_s: f32) -> std::ops::Range<usize> {
        let a = ((start_s * self.rate).round() as usize).min(self.buf.len());
        let b = (((start_s + len_s) * self.rate).round() as usize).min(self.buf.len());
        a..b
    }

    /// A part's own ramps in and out, at its time `t` of `len`.
    pub(super) fn edges(t: f32, len: f32) -> f32 {
        let edge = PART_EDGE_S.min(len / 2.0);
        ramp(t / edge).min(ramp((len - t) / edge))
    }

    pub(super) fn tone(&mut self, tone: Tone) {
        let mut phase = 0.0f32;
        let span = self.span(tone.start_s, tone.len_s);
        let first = span.start;
        let (vib_hz, vib_depth) = tone.vibrato;
        for i in span {
            let t = (i - first) as f32 / self.rate;
            let u = t / tone.len_s;
            let mut hz = tone.from_hz * (tone.to_hz / tone.from_hz).powf(u);
            if vib_hz > 0.0 {
                hz *= 1.0 + vib_depth * (TAU * vib_hz * t).sin();
            }
            let gain = tone.amp * tone.env.at(t, tone.len_s) * Sound::edges(t, tone.len_s);
            self.buf[i] += gain * tone.wave.at(phase);
            phase = (phase + TAU * hz / self.rate) % TAU;
        }
    }

    pub(super) fn noise(&mut self, noise: Noise) {
        let (mut low, mut band) = (0.0f32, 0.0f32);
        let span = self.span(noise.start_s, noise.len_s);
        let first = span.start;
        for i in span {
            let t = (i - first) as f32 / self.rate;
            let u = t / noise.len_s;
            let hz = noise.from_hz * (noise.to_hz / noise.from_hz).powf(u);
            // Chamberlin's state-variable filter; stable well past the
            // few kHz used here.
            let f = 2.0 * (PI * hz.min(self.rate / 8.0) / self.rate).sin();
            let x = self.random() * 2.0 - 1.0;
            low += f * band;
            let high = x - low - noise.damping * band;
            band += f * high;
            let y = match noise.filter {
                Filter::Low => low,
                Filter::Band => band,
            };
            let gain = noise.amp * noise.env.at(t, noise.len_s) * Sound::edges(t, noise.len_s);
            self.buf[i] += gain * y;
        }
    }

    /// A struck resonator at `at_s`: damped sines at `modes` (Hz, amp),
    /// each from phase 0 so the strike does not click.
    pub(super) fn strike(&mut self, at_s: f32, modes: &[(f32, f32)], tau_s: f32, amp: f32) {
        let span = self.span(at_s, tau_s * 7.0);
        let first = span.start;
        for i in span {
            let t = (i - first) as f32 / self.rate;
            let decay = amp * (-t / tau_s).exp();
            let y: f32 = modes.iter().map(|&(hz, a)| a * (TAU * hz * t).sin()).sum();
            self.buf[i] += decay * y;
        }
    }

    /// A bell at `hz` from `start_s` to the end: a bell's inharmonic
    /// partials, the high ones dying first.
    pub(super) fn bell(&mut self, start_s: f32, hz: f32, amp: f32) {
        let len = self.buf.len() as f32 / self.rate - start_s;
        for (ratio, a, tau_s) in [
            (1.0, 1.0, 0.35),
            (2.76, 0.45, 0.16),
            (5.40, 0.22, 0.08),
            (8.93, 0.10, 0.045),
        ] {
            let env = Env::Pluck {
                attack_s: 0.002,
                tau_s,
            };
            self.tone(
                Tone::new(start_s, len, hz * ratio, hz * ratio, Wave::Sine, env).amp(amp * a),
            );
        }
    }

    /// Fades the edges and scales the peak to `peak`.
    pub(super) fn finish(mut self, peak: f32) -> Vec<f32> {
        let n = self.buf.len();
        let fade_in = ((FADE_IN_S * self.rate) as usize).max(1);
        let fade_out = ((FADE_OUT_S * self.rate) as usize).min(n / 4).max(1);
        for (i, x) in self.buf.iter_mut().enumerate() {
            let into = i as f32 / fade_in as f32;
            let left = (n - 1 - i) as f32 / fade_out as f32;
            *x *= ramp(into).min(ramp(left));
        }
        let max = self.buf.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        if max > 0.0 {
            let scale = peak / max;
            for x in &mut self.buf {
                *x *= scale;
            }
        }
        self.buf
    }
}

pub(super) fn pluck(attack_s: f32, tau_s: f32) -> Env {
    Env::Pluck { attack_s, tau_s }
}
