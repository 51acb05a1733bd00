//! Sound synthesis: each [`Cue`] rendered into mono `f32` samples at a
//! given rate, from a few band-limited oscillators (sine, and triangle and
//! soft square as sums of their first odd harmonics, so nothing aliases),
//! filtered noise (a state-variable filter, swept for whooshes), struck
//! resonators (a creak is a jittered train of them) and envelopes.
//!
//! Invariants of every rendered sound (tested below): exactly
//! [`Cue::len_samples`] long, its first and last samples exactly 0.0 —
//! every tone ramps in and out on its own, and the whole sound fades in
//! over 2 ms and out over up to 20 ms, so nothing clicks — and its peak
//! exactly [`Cue::peak`]. Rendering is pure: the noise comes from a fixed
//! seed per cue, so equal inputs give equal samples. [`Bank`] keeps each
//! cue's sound once rendered; the mixer plays from it.
use std::f32::consts::{PI, TAU};
use std::sync::Arc;

use super::cue::Cue;

/// Every sound fades in over this many seconds…
const FADE_IN_S: f32 = 0.002;
/// …and out over this many (a quarter of the sound at most).
const FADE_OUT_S: f32 = 0.02;
/// Each tone's and noise burst's own ramp at its start and its end.
const PART_EDGE_S: f32 = 0.003;

/// Renders `cue` at `rate_hz` (see the module docs for what it promises).
pub fn render(cue: Cue, rate_hz: u32) -> Vec<f32> {
    let mut s = Sound::new(cue, rate_hz);
    match cue {
        Cue::Step => step(&mut s),
        Cue::Climb => climb(&mut s),
        Cue::Land => land(&mut s),
        Cue::RopeDeploy => rope_deploy(&mut s),
        Cue::Hoist => hoist(&mut s),
        Cue::PickUp => pick_up(&mut s),
        Cue::SetDown => set_down(&mut s),
        Cue::Levitate => levitate(&mut s),
        Cue::Leave => leave(&mut s),
        Cue::RelicOut => relic_out(&mut s),
        Cue::EndTurn => end_turn(&mut s),
        Cue::Alarm => alarm(&mut s),
        Cue::Undo => rewind(&mut s, false),
        Cue::Redo => rewind(&mut s, true),
        Cue::Restart => restart(&mut s),
        Cue::MenuMove => menu_move(&mut s),
        Cue::MenuChoose => menu_choose(&mut s),
        Cue::LevelCleared => level_cleared(&mut s),
        Cue::Refused => refused(&mut s),
    }
    s.finish(cue.peak())
}

/// Every cue's sound at one sample rate, each rendered on first use (or
/// all at once with [`Bank::render_all`]) and shared with the voices
/// playing it.
pub struct Bank {
    rate_hz: u32,
    /// By [`Cue::index`]; `None`: not rendered yet.
    sounds: Vec<Option<Arc<[f32]>>>,
}

impl Bank {
    /// An empty bank for `rate_hz`.
    pub fn new(rate_hz: u32) -> Bank {
        Bank {
            rate_hz,
            sounds: vec![None; Cue::ALL.len()],
        }
    }

    pub fn rate_hz(&self) -> u32 {
        self.rate_hz
    }

    /// `cue`'s sound, rendered now if it was not yet.
    pub fn get(&mut self, cue: Cue) -> Arc<[f32]> {
        let rate_hz = self.rate_hz;
        self.sounds[cue.index()]
            .get_or_insert_with(|| render(cue, rate_hz).into())
            .clone()
    }

    /// Renders every cue not rendered yet (before playback starts, so the
    /// audio thread never waits on a render).
    pub fn render_all(&mut self) {
        for cue in Cue::ALL {
            self.get(cue);
        }
    }
}

/// An oscillator's shape; all band-limited to their 5th harmonic.
#[derive(Clone, Copy, Debug)]
enum Wave {
    Sine,
    /// Mellow, flute-like: odd harmonics falling as 1/n².
    Triangle,
    /// Reedy, buzzy: odd harmonics falling as 1/n.
    Soft,
}

impl Wave {
    fn at(self, phase: f32) -> f32 {
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
enum Env {
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
fn ramp(x: f32) -> f32 {
    let s = (x.clamp(0.0, 1.0) * PI / 2.0).sin();
    s * s
}

impl Env {
    fn at(self, t: f32, len: f32) -> f32 {
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
struct Tone {
    start_s: f32,
    len_s: f32,
    from_hz: f32,
    to_hz: f32,
    wave: Wave,
    env: Env,
    amp: f32,
    /// Vibrato rate (0: none) and depth (a fraction of the pitch).
    vibrato: (f32, f32),
}

impl Tone {
    fn new(start_s: f32, len_s: f32, from_hz: f32, to_hz: f32, wave: Wave, env: Env) -> Tone {
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

    fn amp(self, amp: f32) -> Tone {
        Tone { amp, ..self }
    }

    fn vibrato(self, rate_hz: f32, depth: f32) -> Tone {
        Tone {
            vibrato: (rate_hz, depth),
            ..self
        }
    }
}

/// Which output of the state-variable filter a noise burst takes.
#[derive(Clone, Copy, Debug)]
enum Filter {
    Low,
    Band,
}

/// A burst of white noise through a state-variable filter whose cutoff
/// glides from `from_hz` to `to_hz`; `damping` 2.0 is gentle, 0.3 rings.
#[derive(Clone, Copy, Debug)]
struct Noise {
    start_s: f32,
    len_s: f32,
    from_hz: f32,
    to_hz: f32,
    damping: f32,
    filter: Filter,
    env: Env,
    amp: f32,
}

/// A sound being rendered.
struct Sound {
    rate: f32,
    /// Exactly the cue's length; parts past its end are cut (and the end
    /// fade covers the cut).
    buf: Vec<f32>,
    /// xorshift32 state; never 0.
    seed: u32,
}

impl Sound {
    fn new(cue: Cue, rate_hz: u32) -> Sound {
        Sound {
            rate: rate_hz as f32,
            buf: vec![0.0; cue.len_samples(rate_hz)],
            seed: 0x9E37_79B9 ^ (cue.index() as u32 + 1).wrapping_mul(0x85EB_CA6B),
        }
    }

    /// Uniform in [0, 1).
    fn random(&mut self) -> f32 {
        let mut x = self.seed;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.seed = x;
        (x >> 8) as f32 / (1u32 << 24) as f32
    }

    /// The samples from `start_s` for `len_s`, cut to the buffer.
    fn span(&self, start_s: f32, len_s: f32) -> std::ops::Range<usize> {
        let a = ((start_s * self.rate).round() as usize).min(self.buf.len());
        let b = (((start_s + len_s) * self.rate).round() as usize).min(self.buf.len());
        a..b
    }

    /// A part's own ramps in and out, at its time `t` of `len`.
    fn edges(t: f32, len: f32) -> f32 {
        let edge = PART_EDGE_S.min(len / 2.0);
        ramp(t / edge).min(ramp((len - t) / edge))
    }

    fn tone(&mut self, tone: Tone) {
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

    fn noise(&mut self, noise: Noise) {
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
    fn strike(&mut self, at_s: f32, modes: &[(f32, f32)], tau_s: f32, amp: f32) {
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
    fn bell(&mut self, start_s: f32, hz: f32, amp: f32) {
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
    fn finish(mut self, peak: f32) -> Vec<f32> {
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

fn pluck(attack_s: f32, tau_s: f32) -> Env {
    Env::Pluck { attack_s, tau_s }
}

/// Soft stone underfoot: a low-passed scuff and a thump falling an octave.
fn step(s: &mut Sound) {
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.11,
        from_hz: 900.0,
        to_hz: 600.0,
        damping: 1.0,
        filter: Filter::Low,
        env: pluck(0.002, 0.018),
        amp: 1.0,
    });
    s.tone(Tone::new(0.0, 0.11, 140.0, 70.0, Wave::Sine, pluck(0.003, 0.03)).amp(0.8));
}

/// Two hand-over-hand grips on the rope: bright rustles with a slap, the
/// second a little higher.
fn climb(s: &mut Sound) {
    for (k, at) in [0.0f32, 0.085].into_iter().enumerate() {
        let k = k as f32;
        s.noise(Noise {
            start_s: at,
            len_s: 0.1,
            from_hz: 2400.0 + 300.0 * k,
            to_hz: 1800.0 + 300.0 * k,
            damping: 0.7,
            filter: Filter::Band,
            env: pluck(0.004, 0.02),
            amp: 1.0 - 0.2 * k,
        });
        let tone = Tone::new(
            at,
            0.1,
            320.0 + 40.0 * k,
            260.0 + 40.0 * k,
            Wave::Triangle,
            pluck(0.003, 0.025),
        );
        s.tone(tone.amp(0.35));
    }
}

/// A heavier thud than a step: lower, longer.
fn land(s: &mut Sound) {
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.16,
        from_hz: 500.0,
        to_hz: 300.0,
        damping: 1.0,
        filter: Filter::Low,
        env: pluck(0.002, 0.035),
        amp: 1.0,
    });
    s.tone(Tone::new(0.0, 0.16, 95.0, 45.0, Wave::Sine, pluck(0.002, 0.05)).amp(1.2));
}

/// The rope uncoiling down the drop: a ringing whoosh falling from high to
/// low, then the rope's end snapping taut.
fn rope_deploy(s: &mut Sound) {
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.42,
        from_hz: 2600.0,
        to_hz: 350.0,
        damping: 0.3,
        filter: Filter::Band,
        env: pluck(0.06, 0.15),
        amp: 1.0,
    });
    s.tone(Tone::new(0.33, 0.12, 120.0, 70.0, Wave::Sine, pluck(0.003, 0.03)).amp(0.5));
    s.noise(Noise {
        start_s: 0.33,
        len_s: 0.1,
        from_hz: 800.0,
        to_hz: 800.0,
        damping: 1.0,
        filter: Filter::Low,
        env: pluck(0.002, 0.02),
        amp: 0.4,
    });
}

/// A winch's creak: the wood's resonances struck by stick-slip friction,
/// a jittered train of strikes speeding up as the pull goes on.
fn hoist(s: &mut Sound) {
    const LEN_S: f32 = 0.48;
    let modes = [(430.0, 1.0), (690.0, 0.6), (1250.0, 0.25)];
    let env = Env::Swell { power: 0.6 };
    let mut t = 0.01f32;
    while t < LEN_S {
        let u = t / LEN_S;
        let rate_hz = 26.0 * (48.0f32 / 26.0).powf(u);
        let strength = env.at(t, LEN_S) * (0.7 + 0.3 * s.random());
        s.strike(t, &modes, 0.0045, strength);
        t += (0.75 + 0.5 * s.random()) / rate_hz;
    }
    let hum = Tone::new(0.0, LEN_S, 75.0, 82.0, Wave::Soft, env);
    s.tone(hum.amp(0.08));
}

/// Taking something: a quick rising blip with a bright octave.
fn pick_up(s: &mut Sound) {
    s.tone(Tone::new(
        0.0,
        0.14,
        520.0,
        780.0,
        Wave::Triangle,
        pluck(0.004, 0.045),
    ));
    s.tone(Tone::new(0.0, 0.14, 1040.0, 1560.0, Wave::Sine, pluck(0.002, 0.02)).amp(0.25));
}

/// Setting down: a falling blip and a soft knock on the floor.
fn set_down(s: &mut Sound) {
    s.tone(Tone::new(0.0, 0.15, 620.0, 400.0, Wave::Triangle, pluck(0.004, 0.04)).amp(0.9));
    s.tone(Tone::new(0.015, 0.14, 150.0, 90.0, Wave::Sine, pluck(0.002, 0.025)).amp(0.6));
    s.noise(Noise {
        start_s: 0.015,
        len_s: 0.06,
        from_hz: 700.0,
        to_hz: 700.0,
        damping: 1.0,
        filter: Filter::Low,
        env: pluck(0.001, 0.012),
        amp: 0.3,
    });
}

/// Magic: two high wavering sines over a rising glide, swelling.
fn levitate(s: &mut Sound) {
    let swell = |power| Env::Swell { power };
    let e6 = Tone::new(0.0, 0.5, 1318.5, 1318.5, Wave::Sine, swell(1.5));
    s.tone(e6.amp(0.6).vibrato(7.0, 0.012));
    let g6 = Tone::new(0.0, 0.5, 1568.0, 1568.0, Wave::Sine, swell(2.0));
    s.tone(g6.amp(0.4).vibrato(5.5, 0.015));
    s.tone(Tone::new(0.0, 0.5, 660.0, 990.0, Wave::Triangle, swell(1.2)).amp(0.3));
}

/// Out through the entrance: a rising glide on a breath of air.
fn leave(s: &mut Sound) {
    s.tone(Tone::new(
        0.0,
        0.35,
        330.0,
        660.0,
        Wave::Triangle,
        pluck(0.04, 0.12),
    ));
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.3,
        from_hz: 1500.0,
        to_hz: 600.0,
        damping: 0.8,
        filter: Filter::Band,
        env: Env::Swell { power: 1.0 },
        amp: 0.25,
    });
}

/// A relic out of the level: two bells a fifth apart (C6, G6).
fn relic_out(s: &mut Sound) {
    s.bell(0.0, 1046.5, 1.0);
    s.bell(0.09, 1568.0, 0.8);
}

/// The round passes: a wooden knock and a low, short bell (G4).
fn end_turn(s: &mut Sound) {
    s.tone(Tone::new(
        0.0,
        0.3,
        392.0,
        392.0,
        Wave::Sine,
        pluck(0.003, 0.11),
    ));
    s.tone(Tone::new(0.0, 0.3, 784.0, 784.0, Wave::Sine, pluck(0.003, 0.05)).amp(0.3));
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.05,
        from_hz: 1300.0,
        to_hz: 1300.0,
        damping: 0.6,
        filter: Filter::Band,
        env: pluck(0.001, 0.008),
        amp: 0.5,
    });
}

/// Caught: an urgent two-tone call (A5, F5, twice), reedy, each note
/// gated so the changes do not click.
fn alarm(s: &mut Sound) {
    for (k, hz) in [880.0, 698.5, 880.0, 698.5].into_iter().enumerate() {
        let gate = Env::Gate {
            attack_s: 0.006,
            release_s: 0.02,
        };
        s.tone(Tone::new(k as f32 * 0.15, 0.15, hz, hz, Wave::Soft, gate).vibrato(9.0, 0.006));
    }
}

/// Undo and redo: a soft tape rewind. Undo falls an octave and swells in,
/// like a sound played backwards; redo rises and is struck, fading out.
fn rewind(s: &mut Sound, forward: bool) {
    let (from_hz, to_hz, env) = if forward {
        (380.0, 760.0, pluck(0.01, 0.07))
    } else {
        (
            760.0,
            380.0,
            Env::Gate {
                attack_s: 0.16,
                release_s: 0.06,
            },
        )
    };
    s.tone(Tone::new(0.0, 0.24, from_hz, to_hz, Wave::Sine, env));
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.24,
        from_hz: from_hz * 4.0,
        to_hz: to_hz * 4.0,
        damping: 0.9,
        filter: Filter::Band,
        env,
        amp: 0.15,
    });
}

/// Back to the start: a long rewind, two octaves down.
fn restart(s: &mut Sound) {
    let env = Env::Gate {
        attack_s: 0.3,
        release_s: 0.12,
    };
    s.tone(Tone::new(0.0, 0.45, 900.0, 220.0, Wave::Triangle, env));
    s.tone(Tone::new(0.0, 0.45, 1800.0, 440.0, Wave::Sine, env).amp(0.25));
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.45,
        from_hz: 3000.0,
        to_hz: 800.0,
        damping: 0.9,
        filter: Filter::Band,
        env,
        amp: 0.15,
    });
}

/// A menu's selection moved: a quiet, short tick (C7 over C6).
fn menu_move(s: &mut Sound) {
    s.tone(Tone::new(
        0.0,
        0.05,
        2093.0,
        2093.0,
        Wave::Sine,
        pluck(0.001, 0.009),
    ));
    s.tone(Tone::new(0.0, 0.05, 1046.5, 1046.5, Wave::Sine, pluck(0.001, 0.012)).amp(0.3));
}

/// A menu entry chosen: up a fourth, G5 to C6.
fn menu_choose(s: &mut Sound) {
    s.tone(Tone::new(0.0, 0.09, 784.0, 784.0, Wave::Triangle, pluck(0.003, 0.04)).amp(0.8));
    s.tone(Tone::new(
        0.06,
        0.12,
        1046.5,
        1046.5,
        Wave::Triangle,
        pluck(0.003, 0.05),
    ));
}

/// Level cleared: C major arpeggio up to the octave, each note ringing on.
fn level_cleared(s: &mut Sound) {
    let notes = [(0.0, 523.25), (0.09, 659.25), (0.18, 783.99)];
    for (at, hz) in notes {
        let len = 0.6 - at;
        s.tone(Tone::new(at, len, hz, hz, Wave::Triangle, pluck(0.004, 0.12)).amp(0.7));
        s.tone(Tone::new(at, len, 2.0 * hz, 2.0 * hz, Wave::Sine, pluck(0.003, 0.06)).amp(0.2));
    }
    let (at, hz) = (0.27, 1046.5);
    s.tone(Tone::new(
        at,
        0.6 - at,
        hz,
        hz,
        Wave::Triangle,
        pluck(0.004, 0.2),
    ));
    s.tone(
        Tone::new(
            at,
            0.6 - at,
            2.0 * hz,
            2.0 * hz,
            Wave::Sine,
            pluck(0.003, 0.1),
        )
        .amp(0.3),
    );
}

/// No: a low, muffled double buzz beating against itself, sagging.
fn refused(s: &mut Sound) {
    s.tone(Tone::new(0.0, 0.16, 200.0, 185.0, Wave::Soft, pluck(0.004, 0.05)).amp(0.6));
    s.tone(Tone::new(0.0, 0.16, 210.0, 195.0, Wave::Soft, pluck(0.004, 0.05)).amp(0.6));
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATES: [u32; 2] = [44_100, 48_000];

    fn rms(x: &[f32]) -> f32 {
        (x.iter().map(|v| v * v).sum::<f32>() / x.len().max(1) as f32).sqrt()
    }

    #[test]
    fn every_cue_is_its_length_audible_at_its_peak_and_starts_and_ends_at_zero() {
        for rate in RATES {
            for cue in Cue::ALL {
                let x = render(cue, rate);
                assert_eq!(x.len(), cue.len_samples(rate), "{cue:?} at {rate} Hz");
                assert!(x.iter().all(|v| v.is_finite()), "{cue:?}");
                let peak = x.iter().fold(0.0f32, |m, v| m.max(v.abs()));
                assert!((peak - cue.peak()).abs() < 1e-4, "{cue:?}: peak {peak}");
                assert!(rms(&x) > 0.1 * cue.peak(), "{cue:?}: rms {}", rms(&x));
                // No click: exactly silent at both ends, and still near
                // silence a quarter of a millisecond in and 1 ms before
                // the end.
                assert_eq!((x[0], x[x.len() - 1]), (0.0, 0.0), "{cue:?}");
                let head = rate as usize / 4000;
                let tail = rate as usize / 1000;
                let loudest = |s: &[f32]| s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
                assert!(loudest(&x[..head]) < 0.02, "{cue:?} starts with a click");
                assert!(
                    loudest(&x[x.len() - tail..]) < 0.02,
                    "{cue:?} ends with a click"
                );
            }
        }
    }

    #[test]
    fn rendering_is_deterministic_and_the_bank_renders_each_cue_once() {
        for cue in Cue::ALL {
            assert_eq!(render(cue, 48_000), render(cue, 48_000), "{cue:?}");
        }
        let mut bank = Bank::new(22_050);
        let a = bank.get(Cue::Hoist);
        let b = bank.get(Cue::Hoist);
        assert!(Arc::ptr_eq(&a, &b), "cached, not rendered again");
        assert_eq!(a.len(), Cue::Hoist.len_samples(22_050));
        bank.render_all();
        assert!(bank.sounds.iter().all(Option::is_some));
    }

    /// Normalised correlation of two sounds over their common length.
    fn likeness(a: &[f32], b: &[f32]) -> f32 {
        let n = a.len().min(b.len());
        let dot: f32 = a[..n].iter().zip(&b[..n]).map(|(x, y)| x * y).sum();
        let na: f32 = a[..n].iter().map(|x| x * x).sum::<f32>().sqrt();
        let nb: f32 = b[..n].iter().map(|x| x * x).sum::<f32>().sqrt();
        dot / (na * nb).max(1e-9)
    }

    /// Where in time the sound's energy lies, 0.0 (start) to 1.0 (end).
    fn centre_of_energy(x: &[f32]) -> f32 {
        let total: f32 = x.iter().map(|v| v * v).sum();
        let weighted: f32 = x.iter().enumerate().map(|(i, v)| i as f32 * v * v).sum();
        weighted / total / x.len() as f32
    }

    #[test]
    fn the_cues_are_distinct_and_undo_is_redo_backwards() {
        let sounds: Vec<Vec<f32>> = Cue::ALL.iter().map(|&c| render(c, 48_000)).collect();
        for (i, a) in sounds.iter().enumerate() {
            for (j, b) in sounds.iter().enumerate().skip(i + 1) {
                let l = likeness(a, b).abs();
                assert!(
                    l < 0.5,
                    "{:?} and {:?} are alike: {l}",
                    Cue::ALL[i],
                    Cue::ALL[j]
                );
            }
        }
        // Undo swells late (a sound backwards), redo strikes early.
        let undo = centre_of_energy(&sounds[Cue::Undo.index()]);
        let redo = centre_of_energy(&sounds[Cue::Redo.index()]);
        assert!(undo > 0.45 && redo < 0.3, "undo {undo}, redo {redo}");
        // The alarm is the loudest thing, the menu tick the quietest.
        let loudness = |c: Cue| rms(&sounds[c.index()]);
        for cue in Cue::ALL {
            assert!(loudness(cue) <= loudness(Cue::Alarm), "{cue:?}");
            assert!(loudness(cue) >= loudness(Cue::MenuMove) || cue == Cue::MenuMove);
        }
    }
}
