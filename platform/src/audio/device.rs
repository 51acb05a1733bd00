//! The SDL audio device: the default output opened at 48 kHz, mono `f32`
//! (SDL converts to whatever the hardware wants), its callback filling each
//! buffer from the [`Mixer`] it shares with the main thread behind a mutex.
//! The main thread only queues cues and sets the volume, holding the lock
//! for microseconds; every sound is rendered before playback starts.
//!
//! With no audio device — no sound server, SSH, CI, a driver that fails —
//! [`Audio::open`] still succeeds: the game plays in silence and says so in
//! exactly one log line (as it names the device when there is one). Cues
//! played then cost nothing. On Linux a machine with neither a sound
//! server nor a sound card is not asked at all ([`output_possible`]):
//! SDL's ALSA attempt would print a screenful of ALSA's own errors.
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use log::{info, warn};
use sdl2::audio::{AudioCallback, AudioDevice, AudioSpecDesired};

use super::cue::Cue;
use super::mixer::Mixer;

/// The sample rate asked for.
pub const RATE_HZ: i32 = 48_000;
/// Samples per device buffer (about 21 ms at 48 kHz).
const BUFFER_SAMPLES: u16 = 1024;

/// The callback SDL calls on its audio thread.
struct Output {
    mixer: Arc<Mutex<Mixer>>,
    channels: usize,
    /// One channel's worth, spread over the channels when there are more
    /// than one; sized once, at the device's buffer size.
    mono: Vec<f32>,
}

impl AudioCallback for Output {
    type Channel = f32;

    fn callback(&mut self, out: &mut [f32]) {
        // A panic while holding the lock (none expected) must not silence
        // the game for good: the mixer's state is still sound.
        let mut mixer = self.mixer.lock().unwrap_or_else(PoisonError::into_inner);
        if self.channels <= 1 {
            mixer.fill(out);
            return;
        }
        let frames = out.len() / self.channels;
        self.mono.resize(frames, 0.0);
        mixer.fill(&mut self.mono);
        for (frame, &x) in out.chunks_mut(self.channels).zip(&self.mono) {
            frame.fill(x);
        }
    }
}

/// The game's sound output, or silence when there is none.
pub struct Audio {
    /// Held, never read: the device plays while it lives, and it is
    /// dropped first (closing the device stops the callback). `None`: no
    /// audio device, everything is silent.
    _device: Option<AudioDevice<Output>>,
    /// The mixer the callback plays from; `None` with no device.
    mixer: Option<Arc<Mutex<Mixer>>>,
    /// The volume last handed to the mixer (to lock only on a change).
    applied: (f32, bool),
}

impl Audio {
    /// Opens the default output device through `sdl`; logs one line, the
    /// device or why there is none. Never fails.
    pub fn open(sdl: &sdl2::Sdl) -> Audio {
        let started = Instant::now();
        if !output_possible(|name| std::env::var_os(name), |path| path.exists()) {
            warn!("no audio output (no sound server or sound card found): playing silently");
            return Audio::silent();
        }
        match Audio::try_open(sdl) {
            Ok((audio, driver, rate_hz, channels)) => {
                info!(
                    "audio: {driver} output, {rate_hz} Hz, {channels} channel(s); {} sounds ready in {} ms",
                    Cue::ALL.len(),
                    started.elapsed().as_millis()
                );
                audio
            }
            Err(e) => {
                warn!("no audio output ({e}): playing silently");
                Audio::silent()
            }
        }
    }

    /// No output: cues and volume are ignored.
    pub fn silent() -> Audio {
        Audio {
            _device: None,
            mixer: None,
            applied: (1.0, false),
        }
    }

    fn try_open(sdl: &sdl2::Sdl) -> Result<(Audio, String, i32, u8), String> {
        let subsystem = sdl.audio()?;
        let desired = AudioSpecDesired {
            freq: Some(RATE_HZ),
            channels: Some(1),
            samples: Some(BUFFER_SAMPLES),
        };
        let mut shared = None;
        let device = subsystem.open_playback(None, &desired, |spec| {
            let mixer = Arc::new(Mutex::new(Mixer::new(spec.freq.max(1) as u32)));
            shared = Some(Arc::clone(&mixer));
            let channels = usize::from(spec.channels.max(1));
            Output {
                mixer,
                channels,
                mono: Vec::with_capacity(usize::from(spec.samples)),
            }
        })?;
        let Some(mixer) = shared else {
            unreachable!("open_playback built the callback on success")
        };
        // Render every sound before the callback runs (the device starts
        // paused), so it never waits on a render.
        mixer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .prepare();
        device.resume();
        let spec = *device.spec();
        let driver = subsystem.current_audio_driver().to_string();
        let audio = Audio {
            _device: Some(device),
            mixer: Some(mixer),
            applied: (1.0, false),
        };
        Ok((audio, driver, spec.freq, spec.channels))
    }

    /// Sets the volume (0.0 to 1.0) and mute from now on.
    pub fn set_volume(&mut self, volume: f32, muted: bool) {
        if self.applied == (volume, muted) {
            return;
        }
        self.applied = (volume, muted);
        if let Some(m) = &self.mixer {
            m.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .set_volume(volume, muted);
        }
    }

    /// Starts `cues` (all at once).
    pub fn play(&mut self, cues: &[Cue]) {
        let (Some(m), false) = (&self.mixer, cues.is_empty()) else {
            return;
        };
        let mut mixer = m.lock().unwrap_or_else(PoisonError::into_inner);
        for &cue in cues {
            mixer.play(cue);
        }
    }
}

/// Whether SDL could find anywhere to play sound, judged from the
/// environment (`var`) and the files that exist (`exists`): always, unless
/// on Linux with no `SDL_AUDIODRIVER` chosen, no PulseAudio or PipeWire
/// socket (the user's or the system's, or `PULSE_SERVER`), and no ALSA or
/// OSS device node. Then every driver SDL tries would fail.
pub fn output_possible(
    var: impl Fn(&str) -> Option<OsString>,
    exists: impl Fn(&Path) -> bool,
) -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let set = |name: &str| var(name).is_some_and(|v| !v.is_empty());
    if set("SDL_AUDIODRIVER") || set("PULSE_SERVER") {
        return true;
    }
    let mut places: Vec<PathBuf> = [
        "/dev/snd",
        "/dev/dsp",
        "/run/pulse/native",
        "/var/run/pulse/native",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    if let Some(runtime) = var("XDG_RUNTIME_DIR").filter(|v| !v.is_empty()) {
        let runtime = PathBuf::from(runtime);
        places.push(runtime.join("pulse/native"));
        places.push(runtime.join("pipewire-0"));
    }
    places.iter().any(|p| exists(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_linux_machine_without_server_or_card_is_not_asked() {
        let none = |_: &str| None;
        let nothing = |_: &Path| false;
        let expected_without = !cfg!(target_os = "linux");
        assert_eq!(output_possible(none, nothing), expected_without);
        let driver = |name: &str| (name == "SDL_AUDIODRIVER").then(|| OsString::from("dummy"));
        assert!(output_possible(driver, nothing), "a chosen driver is tried");
        let empty = |_: &str| Some(OsString::new());
        assert_eq!(output_possible(empty, nothing), expected_without);
        let runtime =
            |name: &str| (name == "XDG_RUNTIME_DIR").then(|| OsString::from("/run/user/7"));
        let pipewire = |p: &Path| p == Path::new("/run/user/7/pipewire-0");
        assert!(output_possible(runtime, pipewire));
        assert!(output_possible(none, |p: &Path| p == Path::new("/dev/snd")));
        assert_eq!(output_possible(none, pipewire), expected_without);
    }
}
