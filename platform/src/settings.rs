//! The player's settings, kept between runs: the window's size and place,
//! fullscreen, the size of text and panels, the play screen's zoom, the
//! sound's volume and mute, reduced motion, whether Enter asks before
//! ending a turn with action points left, the keys (the actions rebound
//! on the Controls screen), and the palette danger and falls are drawn in
//! (`standard` or `colour-blind`: `screens::world::palette`). The Options
//! screen (`screens/options.rs`) changes them in play. `--window`,
//! `--fullscreen` and `--palette` override them for one run (and are not
//! saved).
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
//! ui_scale 150
//! reduce_motion off
//! palette colour-blind
//! key undo u ctrl+z
//! ```
//!
//! `ui_scale` is the size of text and panels in percent of the design's
//! (100 to 200, by 25); `reduce_motion on` shows every move and camera
//! change at once.
//!
//! A `key` line for each action whose keys differ from the defaults (the
//! format is `screens::input::keymap`'s); a keymap that does not hold
//! together (a chord bound to two actions, a menu key left with none) is a
//! bad value, and the default keys are used.
//!
//! Reading is forgiving: a missing or empty file is the defaults; an
//! unknown key (a newer build's) is skipped and kept when the file is
//! written again; a bad value is skipped with a warning and its default
//! used. A damaged file (a bad value or first line, a line with control
//! characters, bytes that are not UTF-8, a file over
//! [`MAX_SETTINGS_BYTES`] or unreadable) is never written over: it is kept
//! aside (`settings.txt.damaged`, numbered, never overwritten: see
//! `game::io::file::move_aside`), what could be read of it is written in
//! its place at once, and the player is told once, on the title screen.
//! Writing is atomic (`game::io::file::write_atomic`), when the game quits.
use std::path::{Path, PathBuf};

use game::level::{escaped, escaped_path};
use log::{info, warn};

use crate::cli::{parse_window, DEFAULT_WINDOW};
use crate::screens::input::Keymap;
use crate::screens::world::Palette;

/// The first line of a settings file.
pub const HEADER: &str = "rappel-settings 1";
/// The largest settings file read.
pub const MAX_SETTINGS_BYTES: u64 = 64 << 10;
/// The zoom range kept (the play camera's own limits are narrower).
const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 0.1..=10.0;
/// The sizes of text and panels offered, in percent.
pub const UI_SCALES: [u32; 5] = [100, 125, 150, 175, 200];

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
    /// The size of text and panels, in percent (one of [`UI_SCALES`]).
    pub ui_scale: u32,
    /// Moves, falls and camera changes shown at once, not animated.
    pub reduce_motion: bool,
    /// What each key means.
    pub keys: Keymap,
    /// The palette danger, falls and glares are drawn in.
    pub palette: Palette,
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
            ui_scale: 100,
            reduce_motion: false,
            keys: Keymap::default(),
            palette: Palette::Standard,
            other: Vec::new(),
        }
    }
}

/// What [`Settings::load`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub settings: Settings,
    /// What the player should be told about the file, once; `None`: all
    /// was well.
    pub notice: Option<String>,
    /// Whether the file may be written: false when it was damaged and
    /// could not be kept aside (it is never written over).
    pub writable: bool,
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

/// `on` or `off` as a switch.
fn on_off(value: &str) -> Option<bool> {
    match value {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// A switch as the file writes it (and the Options screen shows it).
pub fn on_off_text(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

impl Settings {
    /// Parses settings text: what could be used, and what could not (each
    /// warned about and skipped: a bad first line, a bad value, a line
    /// with control characters; see the module docs).
    pub fn parse(text: &str) -> (Settings, Vec<String>) {
        let mut problems = Vec::new();
        let mut s = Settings::default();
        let mut lines = text.lines();
        match lines.next().map(str::trim) {
            Some(HEADER) => {}
            first => {
                let problem = format!(
                    "line 1: expected `{HEADER}`, found `{}`",
                    escaped(first.unwrap_or_default())
                );
                warn!("settings {problem}; reading on");
                problems.push(problem);
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
                "fullscreen" => on_off(value).map(|on| s.fullscreen = on).is_some(),
                "volume" => value
                    .parse::<f32>()
                    .ok()
                    .filter(|v| (0.0..=1.0).contains(v))
                    .map(|v| s.volume = v)
                    .is_some(),
                "confirm_end_turn" => on_off(value).map(|on| s.confirm_end_turn = on).is_some(),
                "reduce_motion" => on_off(value).map(|on| s.reduce_motion = on).is_some(),
                "palette" => Palette::parse(value).map(|p| s.palette = p).is_some(),
                "sound" => on_off(value).map(|on| s.muted = !on).is_some(),
                "ui_scale" => value
                    .parse::<u32>()
                    .ok()
                    .filter(|p| UI_SCALES.contains(p))
                    .map(|p| s.ui_scale = p)
                    .is_some(),
                "zoom" => value
                    .parse::<f32>()
                    .ok()
                    .filter(|z| ZOOM_RANGE.contains(z))
                    .map(|z| s.zoom = z)
                    .is_some(),
                "key" => s.keys.read_line(value).is_ok(),
                // A newer build's key, kept as it is; a line with control
                // characters is damage, not a key.
                _ if line.chars().any(char::is_control) => {
                    let problem = format!("line {}: `{}` is not a setting", i + 2, escaped(line));
                    warn!("settings {problem}; skipped");
                    problems.push(problem);
                    continue;
                }
                _ => {
                    s.other.push(line.to_string());
                    true
                }
            };
            if !ok {
                let problem = format!(
                    "line {}: `{}` is not a good value for {}",
                    i + 2,
                    escaped(value),
                    escaped(key)
                );
                warn!("settings {problem}; using the default");
                problems.push(problem);
            }
        }
        if let Err(why) = s.keys.check() {
            let problem = format!("the keys do not hold together ({})", escaped(&why));
            warn!("settings {problem}; using the default keys");
            problems.push(problem);
            s.keys = Keymap::default();
        }
        (s, problems)
    }

    /// What the settings at `path` say, only read (the defaults when there
    /// are none or they cannot be read): nothing is kept aside or
    /// written, as [`Settings::load`] would (`rappel --controls`).
    pub fn peek(path: Option<&Path>) -> Settings {
        match path.map(|p| game::io::file::read_capped(p, MAX_SETTINGS_BYTES)) {
            Some(Ok(bytes)) => Settings::parse(&String::from_utf8_lossy(&bytes)).0,
            _ => Settings::default(),
        }
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
            "fullscreen {}\nzoom {}\nvolume {}\nsound {}\nconfirm_end_turn {}\nui_scale {}\nreduce_motion {}\n",
            on_off_text(self.fullscreen),
            self.zoom,
            self.volume,
            on_off_text(!self.muted),
            on_off_text(self.confirm_end_turn),
            self.ui_scale,
            on_off_text(self.reduce_motion),
        ));
        out.push_str(&format!("palette {}\n", self.palette.name()));
        for line in self.keys.lines().iter().chain(&self.other) {
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// Reads the settings at `path` (see the module docs): the defaults
    /// when there are none; a damaged file is kept aside, what could be
    /// read of it written in its place, and the player told.
    pub fn load(path: Option<&Path>) -> Loaded {
        let fine = |settings| Loaded {
            settings,
            notice: None,
            writable: true,
        };
        let Some(path) = path else {
            return fine(Settings::default());
        };
        let (settings, why, rest) = match game::io::file::read_capped(path, MAX_SETTINGS_BYTES) {
            // Nothing in it, nothing to lose.
            Ok(bytes) if bytes.trim_ascii().is_empty() => return fine(Settings::default()),
            Ok(bytes) => {
                let (settings, mut problems) = Settings::parse(&String::from_utf8_lossy(&bytes));
                if std::str::from_utf8(&bytes).is_err() {
                    problems.insert(0, "it is not UTF-8 text".to_string());
                }
                if problems.is_empty() {
                    return fine(settings);
                }
                let more = match problems.len() - 1 {
                    0 => String::new(),
                    1 => " and 1 more problem".to_string(),
                    n => format!(" and {n} more problems"),
                };
                (
                    settings,
                    format!("{}{more}", problems[0]),
                    "the rest was read",
                )
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return fine(Settings::default()),
            // A folder, a device, a pipe: never written over (see
            // `write_atomic`), so nothing to keep aside.
            Err(e) if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) => {
                warn!("settings not read ({e}); using the defaults");
                return fine(Settings::default());
            }
            // Too large, unreadable: kept aside before anything is written
            // in its place.
            Err(e) => (
                Settings::default(),
                escaped(&e.to_string()).to_string(),
                "the defaults are used",
            ),
        };
        let kept = game::io::file::move_aside(path, "damaged");
        let writable = kept.is_ok();
        let kept = match kept {
            Ok(p) => {
                let rewritten = match settings.save(path) {
                    Ok(()) => String::new(),
                    Err(e) => format!("; {e}"),
                };
                let p = p.display().to_string();
                format!("the old file is kept as {}{rewritten}", escaped(&p))
            }
            Err(e) => {
                let e = e.to_string();
                format!(
                    "the old file could not be kept aside ({}), so it is not written over",
                    escaped(&e)
                )
            }
        };
        let notice = format!("Your settings file is damaged ({why}); {rest} ({kept})");
        warn!("{notice}");
        Loaded {
            settings,
            notice: Some(notice),
            writable,
        }
    }

    /// Writes the settings to `path`, atomically.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                format!("settings not saved: cannot make {}: {e}", escaped_path(dir))
            })?;
        }
        game::io::file::write_atomic(path, self.to_text().as_bytes())
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
        assert_eq!(parsed.map(|(s, _)| s.volume), Some(0.5), "read on");
        assert_eq!(log.len(), 2, "{log:?}");
        assert!(log[0].contains("expected `rappel-settings 1`"), "{log:?}");
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
            ui_scale: 175,
            reduce_motion: true,
            keys: Keymap::default(),
            palette: Palette::ColourBlind,
            other: vec!["lantern glow".into()],
        };
        assert_eq!(Settings::parse(&s.to_text()), (s, Vec::new()));
        assert_eq!(Settings::parse("").0, Settings::default());
    }

    #[test]
    fn the_palette_is_read_written_and_a_bad_one_is_damage() {
        let (s, problems) = Settings::parse("rappel-settings 1\npalette colour-blind\n");
        assert_eq!((s.palette, problems), (Palette::ColourBlind, Vec::new()));
        assert!(s.to_text().contains("\npalette colour-blind\n"));
        let text = Settings::default().to_text();
        assert!(text.contains("\npalette standard\n"), "{text}");
        for bad in ["colour blind", "Colour-blind", "red-green", ""] {
            let (s, problems) =
                Settings::parse(&format!("rappel-settings 1\npalette {bad}\nzoom 2\n"));
            assert_eq!(s.palette, Palette::Standard, "{bad:?}: the default");
            assert_eq!(s.zoom, 2.0, "{bad:?}: the rest read");
            assert_eq!(
                problems,
                [format!("line 2: `{bad}` is not a good value for palette")]
            );
        }
        // A bad palette is a damaged file: kept aside, the rest written
        // back, the player told once.
        let dir =
            std::env::temp_dir().join(format!("rappel-settings-palette-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("settings.txt");
        std::fs::write(&path, "rappel-settings 1\npalette mauve\nzoom 2\n").expect("write");
        let loaded = Settings::load(Some(&path));
        let notice = loaded.notice.expect("told");
        assert!(
            notice.contains("`mauve` is not a good value for palette"),
            "{notice}"
        );
        assert!(dir.join("settings.txt.damaged").exists());
        let again = Settings::load(Some(&path));
        assert_eq!(again.notice, None, "told once");
        assert_eq!(again.settings.palette, Palette::Standard);
        assert_eq!(again.settings.zoom, 2.0);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn peeking_reads_the_keys_and_keeps_a_damaged_file_where_it_is() {
        let dir = std::env::temp_dir().join(format!("rappel-settings-peek-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("settings.txt");
        let text = "rappel-settings 1\nkey undo u\nzoom NaN\n";
        std::fs::write(&path, text).expect("write");
        let keys = Settings::peek(Some(&path)).keys;
        assert_eq!(keys.names(crate::screens::input::Key::Undo), "U");
        assert_eq!(files_in(&dir), ["settings.txt"], "nothing kept aside");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
        assert_eq!(
            Settings::peek(Some(&dir.join("none.txt"))),
            Settings::default()
        );
        assert_eq!(Settings::peek(None), Settings::default());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_keys_round_trip_and_a_bad_key_line_is_a_damaged_value() {
        use crate::screens::input::{Chord, Key};
        let mut keys = Keymap::default();
        keys.rebind(Key::Undo, Chord::parse("u").unwrap())
            .expect("U is free");
        keys.bind(Key::EndTurn, Chord::parse("ctrl+shift+n").unwrap())
            .expect("free");
        let s = Settings {
            keys,
            ..Settings::default()
        };
        let text = s.to_text();
        assert!(
            text.ends_with("key end-turn ctrl+shift+n\nkey undo u\n"),
            "{text}"
        );
        assert_eq!(Settings::parse(&text), (s, Vec::new()));
        // An unknown action, a key with no name: that line's action keeps
        // its keys; the rest is read.
        let (read, problems) =
            Settings::parse("rappel-settings 1\nkey jump space\nkey undo u\nkey redo y wiggle\n");
        assert_eq!(read.keys.names(Key::Undo), "U");
        assert_eq!(read.keys.names(Key::Redo), "Y, Ctrl+Shift+Z");
        assert_eq!(
            problems,
            [
                "line 2: `jump space` is not a good value for key",
                "line 4: `redo y wiggle` is not a good value for key"
            ]
        );
        // Keys that do not hold together: all of them the defaults.
        let (read, problems) = Settings::parse("rappel-settings 1\nkey undo u y\nzoom 2\n");
        assert_eq!(read.keys, Keymap::default());
        assert_eq!(read.zoom, 2.0);
        assert_eq!(
            problems,
            ["the keys do not hold together (Y is both Undo and Redo)"]
        );
    }

    #[test]
    fn a_bad_value_falls_back_to_its_default_and_the_rest_is_read() {
        let (s, problems) = Settings::parse(
            "rappel-settings 1\nwindow 0x9\nposition 1e9,3\nfullscreen maybe\nzoom 2\nzoom NaN\nui_scale 130\nreduce_motion yes\n",
        );
        assert_eq!(s.ui_scale, 100, "a size not offered");
        assert!(!s.reduce_motion);
        assert_eq!(s.window_px, DEFAULT_WINDOW);
        assert_eq!(s.position, None);
        assert!(!s.fullscreen);
        assert_eq!(s.zoom, 2.0, "the last good value");
        assert_eq!(problems.len(), 6, "{problems:?}");
        assert_eq!(problems[0], "line 2: `0x9` is not a good value for window");
        let (s, problems) = Settings::parse("garbage\nwindow 800x600\n");
        assert_eq!(s.window_px, (800, 600), "read on past a bad header");
        assert_eq!(
            problems,
            ["line 1: expected `rappel-settings 1`, found `garbage`"]
        );
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
        let fine = |settings| Loaded {
            settings,
            notice: None,
            writable: true,
        };
        assert_eq!(Settings::load(Some(&path)), fine(s));
        let dev = dir.join("dev.txt");
        std::os::unix::fs::symlink("/dev/zero", &dev).expect("link");
        assert_eq!(Settings::load(Some(&dev)), fine(Settings::default()));
        assert!(dev.exists(), "a device is not moved aside");
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn files_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_damaged_file_is_kept_aside_byte_for_byte_and_the_player_told_once() {
        let utf16: Vec<u8> = [0xfeff_u16]
            .into_iter()
            .chain("rappel-settings 1\nzoom 2\n".encode_utf16())
            .flat_map(u16::to_le_bytes)
            .collect();
        let mut over_the_cap = b"rappel-settings 1\n# ".to_vec();
        over_the_cap.resize(MAX_SETTINGS_BYTES as usize + 1, b'x');
        let cases: Vec<(&str, Vec<u8>, &str)> = vec![
            (
                "garbage",
                b"\x8f\x12garbage\xff\n\x00\x01".to_vec(),
                "not UTF-8",
            ),
            (
                "binary",
                (0..=255u8).cycle().take(1000).collect(),
                "not UTF-8",
            ),
            (
                "NUL",
                b"rappel-settings 1\nwindow 800x600\0\nzoom 2\n".to_vec(),
                "`800x600\\0` is not a good value for window",
            ),
            ("over the cap", over_the_cap, "larger than 65536 bytes"),
            ("UTF-16", utf16, "not UTF-8"),
            (
                "a bad value",
                b"rappel-settings 1\nzoom NaN\nwindow 800x600\n".to_vec(),
                "line 2: `NaN` is not a good value for zoom",
            ),
            (
                "control characters",
                b"rappel-settings 1\nlantern\x1b[2J\x07 glow\nwindow 800x600\n".to_vec(),
                "line 2: `lantern\\u{1b}[2J\\u{7} glow` is not a setting",
            ),
            (
                "no header",
                b"settings\nwindow 800x600\n".to_vec(),
                "line 1: expected `rappel-settings 1`, found `settings`",
            ),
            (
                "a bad key",
                b"rappel-settings 1\nkey undo z@\nwindow 800x600\n".to_vec(),
                "line 2: `undo z@` is not a good value for key",
            ),
        ];
        for (name, bytes, why) in cases {
            let dir = std::env::temp_dir().join(format!(
                "rappel-settings-damaged-{}-{}",
                std::process::id(),
                name.replace(' ', "-")
            ));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("dir");
            let path = dir.join("settings.txt");
            std::fs::write(&path, &bytes).expect("write");
            let loaded = Settings::load(Some(&path));
            let notice = loaded.notice.clone().expect(name);
            assert!(
                notice.starts_with("Your settings file is damaged (") && notice.contains(why),
                "{name}: {notice}"
            );
            assert!(
                notice.contains(&format!(
                    "kept as {}",
                    dir.join("settings.txt.damaged").display()
                )),
                "{name}: {notice}"
            );
            assert!(!notice.chars().any(char::is_control), "{name}: {notice:?}");
            assert!(loaded.writable, "{name}");
            assert_eq!(
                files_in(&dir),
                ["settings.txt", "settings.txt.damaged"],
                "{name}"
            );
            assert_eq!(
                std::fs::read(dir.join("settings.txt.damaged")).expect("kept"),
                bytes,
                "{name}: the file as it was"
            );
            // What could be read is written back: the next run reads it
            // as it is, and is told nothing.
            let again = Settings::load(Some(&path));
            assert_eq!(again.notice, None, "{name}: told once");
            assert_eq!(again.settings, loaded.settings, "{name}");
            if bytes.starts_with(b"rappel-settings 1\nzoom NaN") {
                assert_eq!(
                    again.settings.window_px,
                    (800, 600),
                    "{name}: the rest read"
                );
            }
            // The game quits with other settings: the damaged file stays.
            Settings {
                zoom: 3.0,
                ..again.settings
            }
            .save(&path)
            .expect("saves");
            assert_eq!(
                std::fs::read(dir.join("settings.txt.damaged")).expect("kept"),
                bytes,
                "{name}: still as it was"
            );
            // A second damaged file never overwrites the first one kept.
            std::fs::write(&path, b"rappel-settings 1\nzoom x\n").expect("write");
            assert!(Settings::load(Some(&path)).notice.is_some());
            assert_eq!(
                files_in(&dir),
                [
                    "settings.txt",
                    "settings.txt.damaged",
                    "settings.txt.damaged-2"
                ],
                "{name}"
            );
            assert_eq!(
                std::fs::read(dir.join("settings.txt.damaged")).expect("kept"),
                bytes,
                "{name}: the first kept as it was"
            );
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn a_good_file_a_newer_builds_keys_and_an_empty_one_are_not_damage() {
        let dir = std::env::temp_dir().join(format!("rappel-settings-good-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("settings.txt");
        for text in [
            "rappel-settings 1\nwindow 800x600\nlantern glow\n# a comment\n\n",
            "rappel-settings 1\r\nzoom 2\r\n",
            "",
            "\n \n",
        ] {
            std::fs::write(&path, text).expect("write");
            let loaded = Settings::load(Some(&path));
            assert_eq!(loaded.notice, None, "{text:?}");
            assert_eq!(files_in(&dir), ["settings.txt"], "{text:?}");
            assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
