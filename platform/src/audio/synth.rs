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
//!
//! The parts are in `dsp.rs`; how each cue is made of them, one patch a
//! cue, in `patches.rs`.
use std::sync::Arc;

use super::cue::Cue;
use super::dsp::Sound;
use super::patches;

/// Renders `cue` at `rate_hz` (see the module docs for what it promises).
pub fn render(cue: Cue, rate_hz: u32) -> Vec<f32> {
    let mut s = Sound::new(cue, rate_hz);
    patches::play(cue, &mut s);
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
