//! `sim LEVEL [SCRIPT] [--strict]`: plays a level headless from a script
//! file (or standard input), one command per line, printing each command and
//! what it did. A refused command prints its reason and play goes on;
//! `--strict` makes a refusal exit with status 1. A malformed line always
//! exits with status 2. See `tools::sim` for the commands.
//!
//! The level is played equipped as play starts it (`rappel --level`, the
//! level select): with the pieces it requires (`requires = long_rope`)
//! handed out by `Loadout::required`, the same as `sim solve`.
//! `--loadout "HERO:ITEM …"` plays it equipped otherwise (a solution
//! states its loadout this way): the level is `game::equipment::equip(level,
//! loadout)` before the session starts, e.g. `--loadout "knight:long_rope
//! scout:second_rope"`. A loadout that does not read is a bad argument
//! (status 2); one the level does not take (one that leaves out a piece
//! the level requires, say) exits with status 1, saying why.
//!
//! `--without X` (repeatable) plays it with something taken away, as
//! `sim solve --without` solved it (below).
//!
//! `sim solve LEVEL [--max-turns N] [--budget-s S] [--max-states N]
//! [--max-memory MB] [--first] [--threads N] [--loadout L] [--without X …]`:
//! searches the level with `game::solve` for the fewest turns (then
//! actions) that clear it, by default within the one budget of a proof
//! (`game::solve::Limits::PROOF`: 1 GiB of positions, no position or time
//! limit; `--max-states` and `--max-memory` as `tools::budget` reads
//! them), and prints that line of play as a script (the one `sim LEVEL
//! SCRIPT --strict` replays) on standard output; what the
//! search cost goes to standard error. No solution within the limits exits
//! with status 1 and says which limit stopped it. The level is solved
//! equipped as play starts it (the pieces it requires), or with
//! `--loadout`. `--without X` asks what the level needs: it is solved with
//! an ability switched off (`levitate`, `long-drop`, `step-up`,
//! `heavy-carry`), a portal pair walled up (`portal:LABEL`), an item or a
//! watcher taken away (`item:ID`, `watcher:ID`) or a hero starting without
//! its rope (`rope:HERO`), by `game::edit::without`, and the verdict is
//! prefixed "without X:". An unknown name, or a portal, item, watcher or
//! hero's rope the level does not have, is a bad argument (status 2);
//! taking away a relic the level needs says it cannot be cleared (status
//! 1).
//!
//! Arguments are taken as the OS gives them (`lexopt`): a path that is not
//! UTF-8 still names its file. The script is read only if it is a regular
//! file of at most [`MAX_SCRIPT_BYTES`] (a named pipe or a device is
//! refused at once); standard input is read up to the same limit. Text from
//! the script quoted in an error has its control characters escaped.
#![forbid(unsafe_code)]
use std::ffi::OsString;
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use game::action::abilities::Without;
use game::edit::without::{take_away, Missing};
use game::equipment::{equip, Loadout};
use game::level::file::{io_message, load_file};
use game::level::{escaped, Level};
use game::session::Session;
use game::solve::{self, Limits};
use tools::budget::{number, Budget};
use tools::sim::{solution_script_without, LineResult, Sim};

const USAGE: &str =
    "usage: sim LEVEL [SCRIPT] [--strict]   (commands from SCRIPT, or standard input)
       sim solve LEVEL [--max-turns N] [--budget-s S] [--max-states N] [--max-memory MB]
                 [--first] [--threads N] [--loadout L] [--without X ...]";

/// The rest of `sim --help`, after [`USAGE`].
const HELP_DETAILS: &str = concat!(
    "\
Plays LEVEL headless, one command per line, printing each command and what
it did. A refused command prints its reason and play goes on. The level is
equipped as play starts it: with the pieces it requires.

options:
    --strict      exit with status 1 at the first refused command
    --loadout L   play the level equipped so: L is HERO:ITEM entries, e.g.
                  \"knight:long_rope scout:second_rope\" (items: long_rope,
                  second_rope, spare_bucket; default: the pieces it requires)
    --without X   play it with X taken away, as `sim solve --without` (below)
    -h, --help    print this help

`sim solve` searches LEVEL for the fewest turns, then the fewest actions,
that clear it, playing it by the game's own rules, and prints the solution
as a script for `sim LEVEL SCRIPT --strict`. It says so when there is none
within the limits:
    --max-turns N    the longest solution looked for, in turns (default 30)
    --budget-s S     give up after S seconds (default: no limit)
",
    tools::budget_help!(),
    "
    --first          stop at the first solution found, not looking for a
                     shorter one (with --max-turns: can it be done in N?)
    --threads N      search on N threads (default: one per core); the
                     answer is the same with any number
    --loadout L      solve the level equipped so (default: the equipment
                     it requires, as play starts it)
    --without X      what does the level need? solve it without X (again
                     for more): an ability, levitate, long-drop (the
                     scout's 4-cell fall), step-up (the scout's two-cell
                     step-up), heavy-carry (the knight's); portal:LABEL
                     (that portal pair walled up); item:ID (that item
                     taken away); watcher:ID (that watcher taken away);
                     rope:HERO (that hero starts without its rope)

commands (`#` starts a comment): select HERO, move X Y, pickup [ITEM], drop,
put-in, take-out, deploy-rope down|left|right, hoist, lower, take-rope, tie,
levitate ITEM X Y, exit, end-turn, undo, redo, restart; queries: show,
view HERO, hash.

Exit status: 0 when the script ran (or a solution was found), 1 when the
level or script cannot be read (or a refusal with --strict, or no solution
found), 2 for bad arguments or a malformed line."
);

/// The largest script read, in bytes (from a file or standard input).
const MAX_SCRIPT_BYTES: u64 = 16 << 20;

/// What the command line asks for.
enum Request {
    Help,
    /// Play: the level, the script (`None`: standard input), `--strict`,
    /// the `--loadout` (`None`: the equipment the level requires, as play
    /// starts it).
    Run(
        PathBuf,
        Option<PathBuf>,
        bool,
        Option<Loadout>,
        Vec<Missing>,
    ),
    /// Solve the level within these limits, with this loadout (`None`:
    /// the equipment the level requires, as play starts it), without
    /// these.
    Solve(PathBuf, Limits, Option<Loadout>, Vec<Missing>),
}

/// `--without`'s value.
fn missing(parser: &mut lexopt::Parser) -> Result<Missing, String> {
    let value = parser.value().map_err(|e| e.to_string())?;
    Missing::parse(&value.to_string_lossy()).map_err(|e| format!("--without: {e}"))
}

fn parse_solve(mut parser: lexopt::Parser) -> Result<Request, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut limits = Limits::PROOF;
    let mut level: Option<PathBuf> = None;
    let mut loadout = None;
    let mut without = Vec::new();
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("without") => without.push(missing(&mut parser)?),
            Long("max-turns") => {
                limits.max_turns = number(&mut parser, "--max-turns")?;
                if limits.max_turns == 0 {
                    return Err("--max-turns must be at least 1".into());
                }
            }
            Long("first") => limits.first = true,
            Long("threads") => {
                limits.threads = number(&mut parser, "--threads")?;
                if limits.threads == 0 {
                    return Err("--threads must be at least 1".into());
                }
            }
            Long("loadout") => {
                let value = parser.value().map_err(|e| e.to_string())?;
                loadout = Some(
                    Loadout::parse(&value.to_string_lossy())
                        .map_err(|e| format!("--loadout: {e}"))?,
                );
            }
            Long("budget-s") => {
                let value = parser.value().map_err(|e| e.to_string())?;
                let text = value.to_string_lossy();
                let secs: f64 = text
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 1e9)
                    .ok_or_else(|| {
                        format!("--budget-s takes a positive number of seconds, got `{text}`")
                    })?;
                limits.max_time = Some(std::time::Duration::from_secs_f64(secs));
            }
            Short('h') | Long("help") => return Ok(Request::Help),
            Long(other) => match Budget::named(other) {
                Some(budget) => budget.read(&mut parser, &mut limits)?,
                None => return Err(format!("unknown option `--{other}`")),
            },
            Short(other) => return Err(format!("unknown option `-{other}`")),
            Value(v) if level.is_none() => level = Some(v.into()),
            Value(_) => return Err("too many arguments".to_string()),
        }
    }
    let level = level.ok_or("no LEVEL to solve")?;
    Ok(Request::Solve(level, limits, loadout, without))
}

fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Request, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_args(args);
    let mut strict = false;
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut loadout = None;
    let mut without = Vec::new();
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Value(v) if paths.is_empty() && !strict && v == "solve" => return parse_solve(parser),
            Long("strict") => strict = true,
            Long("without") => without.push(missing(&mut parser)?),
            Long("loadout") => {
                let value = parser.value().map_err(|e| e.to_string())?;
                loadout = Some(
                    Loadout::parse(&value.to_string_lossy())
                        .map_err(|e| format!("--loadout: {e}"))?,
                );
            }
            Short('h') | Long("help") => return Ok(Request::Help),
            Long(other) => return Err(format!("unknown option `--{other}`")),
            Short(other) => return Err(format!("unknown option `-{other}`")),
            Value(v) => paths.push(v.into()),
        }
    }
    let mut paths = paths.into_iter();
    match (paths.next(), paths.next(), paths.next()) {
        (Some(level), script, None) => Ok(Request::Run(level, script, strict, loadout, without)),
        (None, ..) => Err("no LEVEL".to_string()),
        _ => Err("too many arguments".to_string()),
    }
}

/// Reads the script: the file, or standard input, at most [`MAX_SCRIPT_BYTES`].
fn read_script(path: Option<&PathBuf>) -> Result<String, String> {
    let (bytes, name) = match path {
        Some(p) => {
            let name = p.display().to_string();
            let bytes = game::io::file::read_capped(p, MAX_SCRIPT_BYTES)
                .map_err(|e| format!("cannot read {name}: {}", io_message(p, &e)))?;
            (bytes, name)
        }
        None => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .take(MAX_SCRIPT_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            if bytes.len() as u64 > MAX_SCRIPT_BYTES {
                return Err(format!(
                    "standard input is larger than {MAX_SCRIPT_BYTES} bytes (the most a script may hold)"
                ));
            }
            (bytes, "standard input".to_string())
        }
    };
    String::from_utf8(bytes)
        .map_err(|_| format!("{name}: bytes that are not UTF-8 (expected UTF-8 text)"))
}

/// What `sim` plays or solves: the level as equipped, with what was asked
/// to be taken away gone.
struct Loaded {
    level: Level,
    loadout: Loadout,
    /// The abilities switched off.
    without: Without,
    /// What `--without` named, as named.
    missing: Vec<Missing>,
}

/// [`load_equipped`], then `missing` taken away (`game::edit::without`).
/// A portal or item the level lacks is a bad argument (status 2); a level
/// that can no longer be cleared says so (status 1).
fn load(
    level_path: &std::path::Path,
    loadout: Option<Loadout>,
    missing: Vec<Missing>,
) -> Result<Loaded, ExitCode> {
    let (level, loadout) = load_equipped(level_path, loadout)?;
    let taken = take_away(&level, &missing).map_err(|e| {
        let line = format!("{}: --without: {e}", level_path.display());
        eprintln!("sim: {}", escaped(&line));
        ExitCode::from(2)
    })?;
    if let Some(why) = &taken.unwinnable {
        let line = format!(
            "{}: without {}: cannot be cleared: {why}",
            level.name,
            names(&missing)
        );
        eprintln!("sim: {}", escaped(&line));
        return Err(ExitCode::FAILURE);
    }
    Ok(Loaded {
        level: taken.level,
        loadout,
        without: taken.without,
        missing,
    })
}

/// "levitate, portal:a".
fn names(missing: &[Missing]) -> String {
    let names: Vec<String> = missing.iter().map(Missing::to_string).collect();
    names.join(", ")
}

/// Loads the level and equips it as play starts it (`rappel --level`,
/// the level select): with `loadout` when one is given, else with the
/// pieces the level requires ([`Loadout::required`]). On failure the
/// reason is printed and the exit status returned.
fn load_equipped(
    level_path: &std::path::Path,
    loadout: Option<Loadout>,
) -> Result<(Level, Loadout), ExitCode> {
    let level = load_file(level_path).map_err(|e| {
        eprintln!("sim: {e}");
        ExitCode::FAILURE
    })?;
    let loadout = loadout.unwrap_or_else(|| Loadout::required(&level));
    match equip(&level, &loadout) {
        Ok(level) => Ok((level, loadout)),
        Err(e) => {
            let line = format!("{}: loadout {loadout}: {e}", level_path.display());
            eprintln!("sim: {}", escaped(&line));
            Err(ExitCode::FAILURE)
        }
    }
}

/// `sim solve`: searches, prints the script or why there is none.
fn solve_level(
    level_path: &std::path::Path,
    limits: Limits,
    loadout: Option<Loadout>,
    missing: Vec<Missing>,
) -> ExitCode {
    let Loaded {
        level,
        loadout,
        without,
        missing,
    } = match load(level_path, loadout, missing) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let report = match solve::solve_without(&level, without, limits, None) {
        Ok(report) => report,
        Err(e) => {
            let line = format!("{}: {e}", level_path.display());
            eprintln!("sim: {}", escaped(&line));
            return ExitCode::FAILURE;
        }
    };
    let name = escaped(&level.name);
    let cost = format!(
        "{} states ({} kept, {} replayed; positions kept took at most {:.1} MB, {:.0} bytes each) in {:.3} s: {:.0} states/s",
        report.states,
        report.kept,
        report.replays,
        report.memory as f64 / 1e6,
        report.memory as f64 / report.kept.max(1) as f64,
        report.elapsed.as_secs_f64(),
        report.states_per_s()
    );
    let without_words = if missing.is_empty() {
        String::new()
    } else {
        format!("without {}: ", escaped(&names(&missing)))
    };
    eprintln!("sim: {name}: {without_words}{}", report.summary());
    eprintln!("sim: {cost}");
    let Some(solution) = &report.solution else {
        return ExitCode::FAILURE;
    };
    match solution_script_without(&level, without, &report) {
        Ok(script) => {
            if !loadout.is_empty() {
                println!("# Equipped: replay with --loadout \"{loadout}\"");
            }
            if !missing.is_empty() {
                let flags: Vec<String> = missing.iter().map(|m| format!("--without {m}")).collect();
                println!("# Taken away: replay with {}", escaped(&flags.join(" ")));
            }
            print!("{script}");
            if let Some(par) = level.par.filter(|&par| solution.turns < par) {
                eprintln!(
                    "sim: {name}: {} turns is shorter than the level's par ({par})",
                    solution.turns
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sim: {name}: {}", escaped(&e));
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let (level_path, script_path, strict, loadout, missing) =
        match parse_args(std::env::args_os().skip(1)) {
            Ok(Request::Help) => {
                println!("{USAGE}\n\n{HELP_DETAILS}");
                return ExitCode::SUCCESS;
            }
            Ok(Request::Solve(level, limits, loadout, missing)) => {
                return solve_level(&level, limits, loadout, missing)
            }
            Ok(Request::Run(level, script, strict, loadout, missing)) => {
                (level, script, strict, loadout, missing)
            }
            Err(problem) => {
                eprintln!("sim: {}\n{USAGE}", escaped(&problem));
                return ExitCode::from(2);
            }
        };
    let level_path = &level_path;
    let Loaded { level, without, .. } = match load(level_path, loadout, missing) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let session = match Session::new(&level) {
        Ok(mut s) => {
            s.set_without(without);
            s
        }
        Err(e) => {
            let line = format!("{}: {e}", level_path.display());
            eprintln!("sim: {}", escaped(&line));
            return ExitCode::FAILURE;
        }
    };
    let script = match read_script(script_path.as_ref()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sim: {}", escaped(&e));
            return ExitCode::FAILURE;
        }
    };
    let name = script_path
        .as_ref()
        .map_or("stdin".to_string(), |p| p.display().to_string());
    let name = escaped(&name);
    let mut sim = Sim::new(session);
    for (n, line) in script.lines().enumerate() {
        match sim.run_line(line) {
            LineResult::Skip => {}
            LineResult::Done(text) => {
                println!("> {}", line.trim());
                for l in text.lines() {
                    println!("  {l}");
                }
            }
            LineResult::Refused(reason) => {
                println!("> {}", line.trim());
                println!("  refused: {reason}");
                if strict {
                    eprintln!("sim: {name}:{}: refused: {}", n + 1, escaped(&reason));
                    return ExitCode::FAILURE;
                }
            }
            LineResult::Bad(e) => {
                eprintln!("sim: {name}:{}: {}", n + 1, escaped(&e));
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}
