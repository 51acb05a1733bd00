//! The solver's budget on the command line, as `sim solve` and `level
//! check` read it: `--max-states N` and `--max-memory MB`, the same
//! spelling, meaning and help text in both, on top of the one default
//! budget of a proof ([`Limits::PROOF`]: 1 GiB of positions, no position
//! or time limit).

use game::solve::Limits;

/// The help lines of the budget options, as both tools print them
/// (a macro, so that a help text can `concat!` it).
#[macro_export]
macro_rules! budget_help {
    () => {
        "    --max-states N   give up after N positions (default: no limit)
    --max-memory MB  give up when the positions kept take more than MB
                     megabytes (default: 1 GiB, 1074 MB, some 25 million
                     positions); the verdict says so"
    };
}

/// One of the budget options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Budget {
    /// `--max-states N`: [`Limits::max_states`].
    MaxStates,
    /// `--max-memory MB`: [`Limits::max_memory`], in megabytes (10^6
    /// bytes), at least 1.
    MaxMemory,
}

impl Budget {
    /// The budget option `--NAME` is, if it is one.
    pub fn named(name: &str) -> Option<Budget> {
        match name {
            "max-states" => Some(Budget::MaxStates),
            "max-memory" => Some(Budget::MaxMemory),
            _ => None,
        }
    }

    /// Reads the option's value from `parser` into `limits`.
    pub fn read(self, parser: &mut lexopt::Parser, limits: &mut Limits) -> Result<(), String> {
        match self {
            Budget::MaxStates => limits.max_states = number(parser, "--max-states")?,
            Budget::MaxMemory => {
                let mb: u64 = number(parser, "--max-memory")?;
                if mb == 0 {
                    return Err("--max-memory must be at least 1 (MB)".into());
                }
                limits.max_memory = Some(mb.saturating_mul(1_000_000));
            }
        }
        Ok(())
    }
}

/// A whole number option's value.
pub fn number<T: std::str::FromStr>(
    parser: &mut lexopt::Parser,
    option: &str,
) -> Result<T, String> {
    let value = parser.value().map_err(|e| e.to_string())?;
    let text = value.to_string_lossy();
    text.parse()
        .map_err(|_| format!("{option} takes a whole number, got `{text}`"))
}
