//! The player's settings, kept between runs: the window's size and place,
//! fullscreen, the play screen's zoom, the sound's volume and mute, and
//! whether Enter asks before ending a turn with action points left. `--window` and `--fullscreen`
//! override them for one run (and are not saved).
//!
//! Where: `settings.txt` in the data folder (`progress::data_dir`). The
//! file, one `key value` a line:
//!
//! ```text
//! rappel-settings 1
//! window 1280x720
//! position 80,60
//! fullscreen off
//! zoom 1.25
//! volume 0.8
//! sound on
//! confirm_end_turn on
//! ```
//!
//! Reading is forgiving: a missing file is the defaults; an unknown key (a
//! newer build's) is skipped and kept when the file is written again; a
//! bad value is skipped with a warning and its default used. Writing is
//! atomic (`game::file_io::write_atomic`), when the game quits.
use std::path::{Path, PathBuf};

use game::level::{escaped, escaped_path};
use log::{info, warn};

use crate::cli::{parse_window, DEFAULT_WINDOW};

/// The first line of a settings file.
pub const HEADER: &str = "rappel-settings 1";
/// The largest settings file read.
pub const MAX_SETTINGS_BYTES: u64 = 64 << 10;
/// The zoom range kept (the play camera's own limits are narrower).
const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 0.1..=10.0;

/// The settings (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The window's size when not fullscreen, in window units.
    pub window_px: (u32, u32),
    /// Its top-left corner on the desktop; `None`: centred.
    pub position: Option<(i32, i32)>,
    pub fullscreen: bool,
    /// The play screen's zoom.
    pub zoom: f32,
    /// Sound volume, 0.0 to 1.0.
    pub volume: f32,
    /// Sound off.
    pub muted: bool,
    /// Enter asks before ending a turn with action points left.
    pub confirm_end_turn: bool,
    /// Lines of keys this build does not know, kept as they were.
    pub other: Vec<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            window_px: DEFAULT_WINDOW,
            position: None,
            fullscreen: false,
            zoom: 1.0,
            volume: 0.8,
            muted: false,
            confirm_end_turn: true,
            other: Vec::new(),
        }
    }
}

/// The default settings file; `None` when there is no data folder.
pub fn default_path() -> Option<PathBuf> {
    crate::progress::data_dir().map(|d| d.join("settings.txt"))
}

fn parse_position(v: &str) -> Option<(i32, i32)> {
    let (x, y) = v.split_once(',')?;
    let x: i32 = x.trim().parse().ok()?;
    let y: i32 = y.trim().parse().ok()?;
    // Far off any desktop is a damaged value, not a place.
    (x.abs() < 100_000 && y.abs() < 100_000).then_some((x, y))
}

impl Settings {
    /// Parses settings text; every line that could not be used is warned
    /// about and skipped (see the module docs).
    pub fn parse(text: &str) -> Settings {
        let mut s = Settings::default();
        let mut lines = text.lines();
        match lines.next().map(str::trim) {
            Some(HEADER) => {}
            first => {
                let first = escaped(first.unwrap_or_default());
                warn!("settings: expected `{HEADER}` first, found `{first}`; reading on");
            }
        }
        for (i, raw) in lines.enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let value = value.trim();
            let ok = match key {
                "window" => parse_window(value).map(|w| s.window_px = w).is_ok(),
                "position" => parse_position(value)
                    .map(|p| s.position = Some(p))
                    .is_some(),
                "fullscreen" => match value {
                    "on" => {
                        s.fullscreen = true;
                        true
                    }
                    "off" => {
                        s.fullscreen = false;
                        true
                    }
                    _ => false,
                },
                "volume" => value
                    .parse::<f32>()
                    .ok()
                    .filter(|v| (0.0..=1.0).contains(v))
                    .map(|v| s.volume = v)
                    .is_some(),
                "confirm_end_turn" => match value {
                    "on" | "off" => {
                        s.confirm_end_turn = value == "on";
                        true
                    }
                    _ => false,
                },
                "sound" => match value {
                    "on" | "off" => {
                        s.muted = value == "off";
                        true
                    }
                    _ => false,
                },
                "zoom" => value
                    .parse::<f32>()
                    .ok()
                    .filter(|z| ZOOM_RANGE.contains(z))
                    .map(|z| s.zoom = z)
                    .is_some(),
                _ => {
                    if !line.chars().any(char::is_control) {
                        s.other.push(line.to_string());
                    }
                    true
                }
            };
            if !ok {
                warn!(
                    "settings line {}: `{}` is not a good value for {}; using the default",
                    i + 2,
                    escaped(value),
                    escaped(key)
                );
            }
        }
        s
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{HEADER}\nwindow {}x{}\n",
            self.window_px.0, self.window_px.1
        );
        if let Some((x, y)) = self.position {
            out.push_str(&format!("position {x},{y}\n"));
        }
        out.push_str(&format!(
            "fullscreen {}\nzoom {}\nvolume {}\nsound {}\nconfirm_end_turn {}\n",
            if self.fullscreen { "on" } else { "off" },
            self.zoom,
            self.volume,
            if self.muted { "off" } else { "on" },
            if self.confirm_end_turn { "on" } else { "off" }
        ));
        for line in &self.other {
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// Reads the settings at `path`; the defaults when there are none or
    /// they cannot be read (said in the log).
    pub fn load(path: Option<&Path>) -> Settings {
        let Some(path) = path else {
            return Settings::default();
        };
        match game::file_io::read_capped(path, MAX_SETTINGS_BYTES) {
            Ok(bytes) => Settings::parse(&String::from_utf8_lossy(&bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Settings::default(),
            Err(e) => {
                warn!("settings not read ({e}); using the defaults");
                Settings::default()
            }
        }
    }

    /// Writes the settings to `path`, atomically.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                format!("settings not saved: cannot make {}: {e}", escaped_path(dir))
            })?;
        }
        game::file_io::write_atomic(path, self.to_text().as_bytes())
            .map_err(|e| format!("settings not saved to {}: {e}", escaped_path(path)))?;
        info!("settings saved to {}", escaped_path(path));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_in_a_settings_file_are_logged_escaped() {
        use game::level::fixtures::{assert_shown_escaped, hostile};
        let first = hostile("rappel-settings", "");
        let zoom = hostile("2", "");
        let text = format!("{first}\nzoom {zoom}\nvolume 0.5\n");
        let mut parsed = None;
        let log = crate::logger::capture::logged(|| parsed = Some(Settings::parse(&text)));
        assert_eq!(parsed.map(|s| s.volume), Some(0.5), "read on");
        assert_eq!(log.len(), 2, "{log:?}");
        assert!(
            log[0].contains("expected `rappel-settings 1` first"),
            "{log:?}"
        );
        assert_shown_escaped(&log[0], &first);
        assert!(log[1].contains("is not a good value for zoom"), "{log:?}");
        assert_shown_escaped(&log[1], &zoom);
    }

    #[test]
    fn settings_round_trip_and_keep_what_a_newer_build_wrote() {
        let s = Settings {
            window_px: (1600, 900),
            position: Some((-20, 40)),
            fullscreen: true,
            zoom: 1.5625,
            volume: 0.3,
            muted: true,
            confirm_end_turn: false,
            other: vec!["lantern glow".into()],
        };
        assert_eq!(Settings::parse(&s.to_text()), s);
        assert_eq!(Settings::parse(""), Settings::default());
    }

    #[test]
    fn a_bad_value_falls_back_to_its_default_and_the_rest_is_read() {
        let s = Settings::parse(
            "rappel-settings 1\nwindow 0x9\nposition 1e9,3\nfullscreen maybe\nzoom 2\nzoom NaN\n",
        );
        assert_eq!(s.window_px, DEFAULT_WINDOW);
        assert_eq!(s.position, None);
        assert!(!s.fullscreen);
        assert_eq!(s.zoom, 2.0, "the last good value");
        let s = Settings::parse("garbage\nwindow 800x600\n");
        assert_eq!(s.window_px, (800, 600), "read on past a bad header");
    }

    #[test]
    fn saved_atomically_and_a_special_file_is_not_read() {
        let dir = std::env::temp_dir().join(format!("rappel-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("sub/settings.txt");
        let s = Settings {
            zoom: 0.8,
            ..Settings::default()
        };
        s.save(&path).expect("saves");
        assert_eq!(Settings::load(Some(&path)), s);
        let dev = dir.join("dev.txt");
        std::os::unix::fs::symlink("/dev/zero", &dev).expect("link");
        assert_eq!(Settings::load(Some(&dev)), Settings::default());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
