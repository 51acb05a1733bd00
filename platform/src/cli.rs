//! The command line of `rappel`. Parsing is pure (a list of arguments in,
//! a [`Command`] or a one-line error out) so it is unit-tested without a
//! window. Arguments are taken as `OsString`s (through `lexopt`): a path
//! that is not UTF-8 is still a path, and no argument can panic the parser.
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::{Path, PathBuf};

use game::level::{escaped, Format};

use crate::screens::world::Palette;

/// The text printed by `rappel --help`.
pub const HELP: &str = "\
rappel — a turn-based game of ropes, relics and portals

USAGE:
    rappel [OPTIONS]

OPTIONS:
    --level PATH          start playing the level file at PATH
    --edit PATH           open the level file at PATH in the editor (a new level if none)
    --window WxH          window size in pixels for this run, e.g. 1280x720 (default: as last time)
    --fullscreen          start fullscreen for this run (default: as last time)
    --palette NAME        colours for this run: standard or colour-blind (default: as last time)
    --screenshot PATH     render frames headless-capable, save the last one as PNG, exit
    --frames N            number of frames to render before the screenshot (default 1)
    --controls            print the controls table with your keys (from settings.txt)
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
    /// Print the controls table with the player's keys.
    Controls,
    Run(Options),
}

/// Options of a run of the game.
#[derive(Default, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Level to play at start; `None` starts at the title screen.
    pub level: Option<PathBuf>,
    /// Level to open in the editor at start; `None` if not asked for.
    pub edit: Option<PathBuf>,
    /// Window size in pixels (logical size; HiDPI drawables may be
    /// larger), windowed, for this run; `None`: the saved setting.
    pub window_px: Option<(u32, u32)>,
    /// Fullscreen for this run; `false`: the saved setting (unless
    /// `--window` was given).
    pub fullscreen: bool,
    /// The palette for this run; `None`: the saved setting.
    pub palette: Option<Palette>,
    /// Where to save the last frame; `None` runs interactively.
    pub screenshot: Option<PathBuf>,
    /// Frames to render before exiting; `None` runs until the window closes.
    pub frames: Option<u32>,
    /// Scripted input fed before the frames are counted (`--script`, not
    /// in the help: a testing aid); `None` for none.
    pub script: Option<PathBuf>,
}

/// A command-line mistake, shown as one line. Text taken from the command
/// line is kept as given (a non-UTF-8 byte as U+FFFD) and shown with its
/// control characters escaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliError {
    UnknownFlag(String),
    MissingValue(&'static str),
    BadWindow(String),
    BadFrames(String),
    BadPalette(String),
    Repeated(&'static str),
    /// An argument that is not an option (`rappel foo.txt`).
    NotAnOption {
        /// The argument.
        arg: String,
        /// Whether it names a level file (`.txt` or `.rlv`), so `--level`
        /// is suggested.
        level_file: bool,
    },
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::UnknownFlag(flag) => write!(f, "unknown option `{}`", escaped(flag)),
            CliError::MissingValue(flag) => write!(f, "{flag} needs a value"),
            CliError::BadWindow(value) => write!(
                f,
                "--window expects WIDTHxHEIGHT in pixels (1..={MAX_WINDOW_SIDE_PX} each), e.g. 1280x720; got `{}`",
                escaped(value)
            ),
            CliError::BadFrames(value) => write!(
                f,
                "--frames expects a whole number of frames >= 1; got `{}`",
                escaped(value)
            ),
            CliError::BadPalette(value) => write!(
                f,
                "--palette expects standard or colour-blind; got `{}`",
                escaped(value)
            ),
            CliError::Repeated(flag) => write!(f, "{flag} given more than once"),
            CliError::NotAnOption { arg, level_file } => {
                write!(f, "expected an option, found `{}`", escaped(arg))?;
                if *level_file {
                    write!(
                        f,
                        "; to play that level, use `--level {}`",
                        escaped(&shell_word(arg))
                    )?;
                }
                Ok(())
            }
        }
    }
}

/// `word` as one shell word: as it is when it is plain, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || "._-/+,:@%=".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
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

/// Parses the arguments after the program name (`std::env::args_os().skip(1)`).
pub fn parse<I>(args: I) -> Result<Command, CliError>
where
    I: IntoIterator,
    I::Item: Into<OsString>,
{
    use lexopt::Arg::{Long, Short, Value};
    let mut options = Options::default();
    let mut window_given = false;
    let mut parser = lexopt::Parser::from_args(args);
    // Accept both `--flag value` and `--flag=value`.
    let value = |parser: &mut lexopt::Parser, name: &'static str| {
        parser.value().map_err(|_| CliError::MissingValue(name))
    };
    let text = |v: OsString| v.to_string_lossy().into_owned();
    loop {
        let arg = match parser.next() {
            Ok(Some(arg)) => arg,
            Ok(None) => break,
            Err(e) => return Err(from_lexopt(e)),
        };
        match arg {
            Short('h') | Long("help") => return Ok(Command::Help),
            Short('V') | Long("version") => return Ok(Command::Version),
            Long("controls") => return Ok(Command::Controls),
            Long("level") => set_once(
                &mut options.level,
                value(&mut parser, "--level")?.into(),
                "--level",
            )?,
            Long("edit") => set_once(
                &mut options.edit,
                value(&mut parser, "--edit")?.into(),
                "--edit",
            )?,
            Long("script") => set_once(
                &mut options.script,
                value(&mut parser, "--script")?.into(),
                "--script",
            )?,
            Long("screenshot") => set_once(
                &mut options.screenshot,
                value(&mut parser, "--screenshot")?.into(),
                "--screenshot",
            )?,
            Long("frames") => {
                let raw = text(value(&mut parser, "--frames")?);
                let n: u32 = raw
                    .trim()
                    .parse()
                    .map_err(|_| CliError::BadFrames(raw.clone()))?;
                if n == 0 {
                    return Err(CliError::BadFrames(raw));
                }
                set_once(&mut options.frames, n, "--frames")?;
            }
            Long("window") => {
                if window_given {
                    return Err(CliError::Repeated("--window"));
                }
                window_given = true;
                options.window_px = Some(parse_window(&text(value(&mut parser, "--window")?))?);
            }
            Long("palette") => {
                let raw = text(value(&mut parser, "--palette")?);
                let palette = Palette::parse(raw.trim()).ok_or(CliError::BadPalette(raw))?;
                set_once(&mut options.palette, palette, "--palette")?;
            }
            Long("fullscreen") => {
                if let Some(v) = parser.optional_value() {
                    return Err(CliError::UnknownFlag(format!("--fullscreen={}", text(v))));
                }
                options.fullscreen = true;
            }
            Long(other) => return Err(CliError::UnknownFlag(format!("--{other}"))),
            Short(other) => return Err(CliError::UnknownFlag(format!("-{other}"))),
            Value(v) => return Err(not_an_option(&v)),
        }
    }
    // A screenshot without a frame count renders one frame.
    if options.screenshot.is_some() && options.frames.is_none() {
        options.frames = Some(1);
    }
    Ok(Command::Run(options))
}

/// The error for an argument that is not an option.
fn not_an_option(arg: &OsStr) -> CliError {
    CliError::NotAnOption {
        arg: arg.to_string_lossy().into_owned(),
        level_file: Format::of(Path::new(arg)).is_some(),
    }
}

/// `lexopt`'s own errors, which the loop above leaves only for an option
/// given a value it does not take (`-h=x`).
fn from_lexopt(e: lexopt::Error) -> CliError {
    match e {
        lexopt::Error::UnexpectedValue { option, value } => {
            CliError::UnknownFlag(format!("{option}={}", value.to_string_lossy()))
        }
        lexopt::Error::UnexpectedArgument(arg) => not_an_option(&arg),
        other => CliError::UnknownFlag(other.to_string()),
    }
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

    use std::os::unix::ffi::OsStrExt;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn raw(bytes: &[u8]) -> OsString {
        OsStr::from_bytes(bytes).to_os_string()
    }

    fn run(list: &[&str]) -> Options {
        match parse(args(list)) {
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
        assert_eq!(parse(args(&["--help"])), Ok(Command::Help));
        assert_eq!(parse(args(&["-h"])), Ok(Command::Help));
        assert_eq!(parse(args(&["--version"])), Ok(Command::Version));
        assert_eq!(parse(args(&["--controls"])), Ok(Command::Controls));
        for flag in [
            "--controls",
            "--level",
            "--edit",
            "--window",
            "--fullscreen",
            "--screenshot",
            "--frames",
            "--palette",
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
            "--palette",
            "colour-blind",
        ]);
        assert_eq!(o.level, Some("a.txt".into()));
        assert_eq!(o.edit, Some("b.txt".into()));
        assert_eq!(o.window_px, Some((800, 600)));
        assert!(o.fullscreen);
        assert_eq!(o.screenshot, Some("shot.png".into()));
        assert_eq!(o.frames, Some(3));
        assert_eq!(o.script, Some("s.txt".into()));
        assert_eq!(o.palette, Some(Palette::ColourBlind));
        assert_eq!(
            run(&["--palette=standard"]).palette,
            Some(Palette::Standard)
        );
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
            parse(args(&["--bogus"])),
            Err(CliError::UnknownFlag("--bogus".into()))
        );
        assert_eq!(
            parse(args(&["--fullscreen=yes"])),
            Err(CliError::UnknownFlag("--fullscreen=yes".into()))
        );
        assert_eq!(
            parse(args(&["--level"])),
            Err(CliError::MissingValue("--level"))
        );
        assert_eq!(
            parse(args(&["--frames", "0"])),
            Err(CliError::BadFrames("0".into()))
        );
        assert_eq!(
            parse(args(&["--frames", "many"])),
            Err(CliError::BadFrames("many".into()))
        );
        assert_eq!(
            parse(args(&["--window", "10x10", "--window", "20x20"])),
            Err(CliError::Repeated("--window"))
        );
        assert_eq!(
            parse(args(&["--palette", "red-green"])),
            Err(CliError::BadPalette("red-green".into()))
        );
        assert_eq!(
            parse(args(&["--palette", "standard", "--palette=standard"])),
            Err(CliError::Repeated("--palette"))
        );
        assert_eq!(
            parse(args(&["--palette"])),
            Err(CliError::MissingValue("--palette"))
        );
        let line = CliError::BadWindow("big".into()).to_string();
        assert!(!line.contains('\n'));
    }

    #[test]
    fn paths_that_are_not_utf8_stay_byte_exact_paths() {
        let latin1 = raw(b"caf\xe9.txt");
        let parsed = match parse([raw(b"--level"), latin1.clone(), raw(b"--edit=\xff.rlv")]) {
            Ok(Command::Run(o)) => o,
            other => panic!("expected Run, got {other:?}"),
        };
        assert_eq!(parsed.level, Some(PathBuf::from(&latin1)));
        assert_eq!(parsed.edit, Some(PathBuf::from(raw(b"\xff.rlv"))));
        // A non-UTF-8 value where text is expected is a mistake, not a panic.
        assert_eq!(
            parse([raw(b"--frames"), raw(b"\xff")]),
            Err(CliError::BadFrames("\u{FFFD}".into()))
        );
        assert!(matches!(
            parse([raw(b"--bo\xffgus")]),
            Err(CliError::UnknownFlag(_))
        ));
        assert!(matches!(
            parse([raw(b"\xff")]),
            Err(CliError::NotAnOption { .. })
        ));
    }

    #[test]
    fn a_bare_argument_asks_for_an_option_and_suggests_level_for_a_level_file() {
        let e = parse(args(&["foo.txt"])).expect_err("not an option");
        assert_eq!(
            e,
            CliError::NotAnOption {
                arg: "foo.txt".into(),
                level_file: true
            }
        );
        assert_eq!(
            e.to_string(),
            "expected an option, found `foo.txt`; to play that level, use `--level foo.txt`"
        );
        let e = parse(args(&["--fullscreen", "my level.rlv"])).expect_err("not an option");
        assert!(
            e.to_string().ends_with("use `--level 'my level.rlv'`"),
            "{e}"
        );
        let e = parse(args(&["foo"])).expect_err("not an option");
        assert_eq!(e.to_string(), "expected an option, found `foo`");
        // After `--` everything is an argument, even what looks like an option.
        assert!(matches!(
            parse(args(&["--", "--help"])),
            Err(CliError::NotAnOption { .. })
        ));
        // Control characters from the command line are shown escaped.
        let e = parse(args(&["a\u{1b}[2J.txt"])).expect_err("not an option");
        assert!(!e.to_string().chars().any(char::is_control), "{e}");
    }
}
