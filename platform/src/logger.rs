//! A minimal `log` backend: one line per record on stderr, level from the
//! `RAPPEL_LOG` environment variable (`error`, `warn`, `info` — the default —,
//! `debug`, `trace`).
//!
//! Every record is written through `game::level::escaped`, the one
//! escaping function: text from a file, a save, the command line or the
//! environment that a message quotes cannot put a raw control character on
//! the terminal (an escape sequence, a bell, a carriage return) nor split
//! its record over two lines, whichever message forgot to escape it. Text
//! escaped already passes unchanged (escaping leaves backslashes alone).
use game::level::escaped;
use log::{Level, LevelFilter, Log, Metadata, Record};

struct StderrLogger;

static LOGGER: StderrLogger = StderrLogger;

impl Log for StderrLogger {
    fn enabled(&self, metadata: &Metadata) -> bool {
        metadata.level() <= log::max_level()
    }

    fn log(&self, record: &Record) {
        if self.enabled(record.metadata()) {
            eprintln!("{}", line(record.level(), record.target(), record.args()));
        }
    }

    fn flush(&self) {}
}

/// One record as the log shows it: `[level target] message`, the message
/// with its control characters escaped.
pub fn line(level: Level, target: &str, message: &std::fmt::Arguments) -> String {
    let level = match level {
        Level::Error => "error",
        Level::Warn => "warn",
        Level::Info => "info",
        Level::Debug => "debug",
        Level::Trace => "trace",
    };
    let message = message.to_string();
    format!("[{level} {target}] {}", escaped(&message))
}

/// Parses a `RAPPEL_LOG` value; unknown values fall back to `info`.
pub fn level_from_env(value: Option<&str>) -> LevelFilter {
    match value.map(str::trim).map(str::to_ascii_lowercase).as_deref() {
        Some("off") => LevelFilter::Off,
        Some("error") => LevelFilter::Error,
        Some("warn") => LevelFilter::Warn,
        Some("debug") => LevelFilter::Debug,
        Some("trace") => LevelFilter::Trace,
        _ => LevelFilter::Info,
    }
}

/// Installs the logger once; later calls are harmless no-ops.
pub fn init() {
    if log::set_logger(&LOGGER).is_ok() {
        log::set_max_level(level_from_env(std::env::var("RAPPEL_LOG").ok().as_deref()));
    }
}

/// The log of one test: every record logged on the calling thread while
/// [`capture::logged`] runs, each as [`line`] writes it. Test builds only.
#[cfg(test)]
pub mod capture {
    use super::line;
    use log::{Log, Metadata, Record};
    use std::cell::RefCell;

    thread_local! {
        /// The lines logged on this thread; `None` when not capturing.
        static LINES: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
    }

    struct Capture;

    static CAPTURE: Capture = Capture;

    impl Log for Capture {
        fn enabled(&self, _: &Metadata) -> bool {
            LINES.with(|l| l.borrow().is_some())
        }

        fn log(&self, record: &Record) {
            LINES.with(|l| {
                if let Some(lines) = l.borrow_mut().as_mut() {
                    lines.push(line(record.level(), record.target(), record.args()));
                }
            });
        }

        fn flush(&self) {}
    }

    /// The lines `f` logs on this thread.
    pub fn logged(f: impl FnOnce()) -> Vec<String> {
        if log::set_logger(&CAPTURE).is_ok() {
            log::set_max_level(log::LevelFilter::Trace);
        }
        LINES.with(|l| *l.borrow_mut() = Some(Vec::new()));
        f();
        LINES.with(|l| l.borrow_mut().take()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_default_to_info() {
        assert_eq!(level_from_env(Some("debug")), LevelFilter::Debug);
        assert_eq!(level_from_env(Some(" WARN ")), LevelFilter::Warn);
        assert_eq!(level_from_env(Some("nonsense")), LevelFilter::Info);
        assert_eq!(level_from_env(None), LevelFilter::Info);
    }

    #[test]
    fn a_record_quoting_control_characters_is_one_escaped_line() {
        use game::level::fixtures::{assert_shown_escaped, hostile};
        let file = hostile("rope", "_descent.txt");
        let shown = line(
            Level::Warn,
            "platform::saves",
            &format_args!("its level {file} is no longer in the campaign"),
        );
        assert!(
            shown.starts_with("[warn platform::saves] its level rope\\u{1b}[2J"),
            "{shown}"
        );
        assert_shown_escaped(&shown, &file);
        // Escaped text is not escaped twice; plain text is left alone.
        let once = escaped(&file).to_string();
        let again = line(Level::Info, "t", &format_args!("{once}"));
        assert_eq!(again, format!("[info t] {once}"));
        assert_eq!(
            line(Level::Info, "t", &format_args!("Höhle 'a' \\ \"b\"")),
            "[info t] Höhle 'a' \\ \"b\""
        );
    }
}
