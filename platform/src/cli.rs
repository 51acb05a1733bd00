//! The command line of `rappel`. Parsing is pure (a list of strings in, a
//! [`Command`] or a one-line error out) so it is unit-tested without a window.
use std::fmt;
use std::path::PathBuf;

/// The text printed by `rappel --help`.
pub const HELP: &str = "\
rappel — a turn-based game of ropes, relics and portals

USAGE:
    rappel [OPTIONS]

OPTIONS:
    --level PATH          start playing the level file at PATH
    --edit PATH           open the level file at PATH in the editor (a new level if none)
    --window WxH          window size in pixels, e.g. 1280x720 (default 1280x720)
    --fullscreen          start fullscreen (desktop resolution)
    --screenshot PATH     render frames headless-capable, save the last one as PNG, exit
    --frames N            number of frames to render before the screenshot (default 1)
    -h, --help            print this help
    -V, --version         print the version

ENVIRONMENT:
    RAPPEL_LOG            log level: error, warn, info (default), debug, trace
    SDL_VIDEODRIVER       force an SDL video driver; with no display, `offscreen` is used
";

/// Default window size when `--window` is not given.
pub const DEFAULT_WINDOW: (u32, u32) = (1280, 720);
/// Largest accepted window side, in pixels (GL's usual maximum texture size).
pub const MAX_WINDOW_SIDE_PX: u32 = 16384;

/// What the user asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    Version,
    Run(Options),
}

/// Options of a run of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Level to play at start; `None` starts at the title screen.
    pub level: Option<PathBuf>,
    /// Level to open in the editor at start; `None` if not asked for.
    pub edit: Option<PathBuf>,
    /// Window size in pixels (logical size; HiDPI drawables may be larger).
    pub window_px: (u32, u32),
    pub fullscreen: bool,
    /// Where to save the last frame; `None` runs interactively.
    pub screenshot: Option<PathBuf>,
    /// Frames to render before exiting; `None` runs until the window closes.
    pub frames: Option<u32>,
    /// Scripted input fed before the frames are counted (`--script`, not
    /// in the help: a testing aid); `None` for none.
    pub script: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            level: None,
            edit: None,
            window_px: DEFAULT_WINDOW,
            fullscreen: false,
            screenshot: None,
            frames: None,
            script: None,
        }
    }
}

/// A command-line mistake, shown as one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliError {
    UnknownFlag(String),
    MissingValue(&'static str),
    BadWindow(String),
    BadFrames(String),
    Repeated(&'static str),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::UnknownFlag(flag) => write!(f, "unknown option `{flag}`"),
            CliError::MissingValue(flag) => write!(f, "{flag} needs a value"),
            CliError::BadWindow(value) => write!(
                f,
                "--window expects WIDTHxHEIGHT in pixels (1..={MAX_WINDOW_SIDE_PX} each), e.g. 1280x720; got `{value}`"
            ),
            CliError::BadFrames(value) => {
                write!(f, "--frames expects a whole number of frames >= 1; got `{value}`")
            }
            CliError::Repeated(flag) => write!(f, "{flag} given more than once"),
        }
    }
}

impl std::error::Error for CliError {}

/// Parses `WxH` (e.g. `1280x720`) into a window size.
pub fn parse_window(value: &str) -> Result<(u32, u32), CliError> {
    let bad = || CliError::BadWindow(value.to_string());
    let (w, h) = value.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| -> Result<u32, CliError> {
        let n: u32 = s.trim().parse().map_err(|_| bad())?;
        if (1..=MAX_WINDOW_SIDE_PX).contains(&n) {
            Ok(n)
        } else {
            Err(bad())
        }
    };
    Ok((side(w)?, side(h)?))
}

/// Parses the arguments after the program name.
pub fn parse(args: &[String]) -> Result<Command, CliError> {
    let mut options = Options::default();
    let mut window_given = false;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        // Accept both `--flag value` and `--flag=value`.
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |name: &'static str| -> Result<String, CliError> {
            match inline.clone() {
                Some(v) => Ok(v),
                None => iter.next().cloned().ok_or(CliError::MissingValue(name)),
            }
        };
        match flag {
            "-h" | "--help" => return Ok(Command::Help),
            "-V" | "--version" => return Ok(Command::Version),
            "--level" => set_once(&mut options.level, value("--level")?.into(), "--level")?,
            "--edit" => set_once(&mut options.edit, value("--edit")?.into(), "--edit")?,
            "--script" => set_once(&mut options.script, value("--script")?.into(), "--script")?,
            "--screenshot" => set_once(
                &mut options.screenshot,
                value("--screenshot")?.into(),
                "--screenshot",
            )?,
            "--frames" => {
                let raw = value("--frames")?;
                let n: u32 = raw
                    .trim()
                    .parse()
                    .map_err(|_| CliError::BadFrames(raw.clone()))?;
                if n == 0 {
                    return Err(CliError::BadFrames(raw));
                }
                set_once(&mut options.frames, n, "--frames")?;
            }
            "--window" => {
                if window_given {
                    return Err(CliError::Repeated("--window"));
                }
                window_given = true;
                options.window_px = parse_window(&value("--window")?)?;
            }
            "--fullscreen" if inline.is_none() => options.fullscreen = true,
            _ => return Err(CliError::UnknownFlag(arg.clone())),
        }
    }
    // A screenshot without a frame count renders one frame.
    if options.screenshot.is_some() && options.frames.is_none() {
        options.frames = Some(1);
    }
    Ok(Command::Run(options))
}

fn set_once<T>(slot: &mut Option<T>, value: T, flag: &'static str) -> Result<(), CliError> {
    if slot.is_some() {
        return Err(CliError::Repeated(flag));
    }
    *slot = Some(value);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn run(list: &[&str]) -> Options {
        match parse(&args(list)) {
            Ok(Command::Run(o)) => o,
            other => panic!("expected Run, got {other:?}"),
        }
    }

    #[test]
    fn no_arguments_is_a_default_interactive_run() {
        assert_eq!(run(&[]), Options::default());
    }

    #[test]
    fn help_and_version() {
        assert_eq!(parse(&args(&["--help"])), Ok(Command::Help));
        assert_eq!(parse(&args(&["-h"])), Ok(Command::Help));
        assert_eq!(parse(&args(&["--version"])), Ok(Command::Version));
        for flag in [
            "--level",
            "--edit",
            "--window",
            "--fullscreen",
            "--screenshot",
            "--frames",
        ] {
            assert!(HELP.contains(flag), "help lists {flag}");
        }
    }

    #[test]
    fn every_flag_parses_in_both_spellings() {
        let o = run(&[
            "--level",
            "a.txt",
            "--edit=b.txt",
            "--window",
            "800x600",
            "--fullscreen",
            "--screenshot=shot.png",
            "--frames",
            "3",
            "--script=s.txt",
        ]);
        assert_eq!(o.level, Some("a.txt".into()));
        assert_eq!(o.edit, Some("b.txt".into()));
        assert_eq!(o.window_px, (800, 600));
        assert!(o.fullscreen);
        assert_eq!(o.screenshot, Some("shot.png".into()));
        assert_eq!(o.frames, Some(3));
        assert_eq!(o.script, Some("s.txt".into()));
    }

    #[test]
    fn screenshot_defaults_to_one_frame() {
        assert_eq!(run(&["--screenshot", "x.png"]).frames, Some(1));
        assert_eq!(run(&["--frames", "5"]).screenshot, None);
    }

    #[test]
    fn malformed_window_sizes_are_refused() {
        for bad in [
            "800",
            "x600",
            "800x",
            "0x600",
            "800x-1",
            "axb",
            "99999x10",
            "800x600x2",
        ] {
            assert_eq!(
                parse_window(bad),
                Err(CliError::BadWindow(bad.into())),
                "{bad}"
            );
        }
        assert_eq!(parse_window("1920X1080"), Ok((1920, 1080)));
    }

    #[test]
    fn mistakes_are_named() {
        assert_eq!(
            parse(&args(&["--bogus"])),
            Err(CliError::UnknownFlag("--bogus".into()))
        );
        assert_eq!(
            parse(&args(&["--fullscreen=yes"])),
            Err(CliError::UnknownFlag("--fullscreen=yes".into()))
        );
        assert_eq!(
            parse(&args(&["--level"])),
            Err(CliError::MissingValue("--level"))
        );
        assert_eq!(
            parse(&args(&["--frames", "0"])),
            Err(CliError::BadFrames("0".into()))
        );
        assert_eq!(
            parse(&args(&["--frames", "many"])),
            Err(CliError::BadFrames("many".into()))
        );
        assert_eq!(
            parse(&args(&["--window", "10x10", "--window", "20x20"])),
            Err(CliError::Repeated("--window"))
        );
        let line = CliError::BadWindow("big".into()).to_string();
        assert!(!line.contains('\n'));
    }
}
