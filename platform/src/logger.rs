//! A minimal `log` backend: one line per record on stderr, level from the
//! `RAPPEL_LOG` environment variable (`error`, `warn`, `info` — the default —,
//! `debug`, `trace`).
use log::{Level, LevelFilter, Log, Metadata, Record};

struct StderrLogger;

static LOGGER: StderrLogger = StderrLogger;

impl Log for StderrLogger {
    fn enabled(&self, metadata: &Metadata) -> bool {
        metadata.level() <= log::max_level()
    }

    fn log(&self, record: &Record) {
        if self.enabled(record.metadata()) {
            let level = match record.level() {
                Level::Error => "error",
                Level::Warn => "warn",
                Level::Info => "info",
                Level::Debug => "debug",
                Level::Trace => "trace",
            };
            eprintln!("[{level} {}] {}", record.target(), record.args());
        }
    }

    fn flush(&self) {}
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
}
