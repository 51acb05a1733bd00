//! `level`: check, convert, show and draw Rappel level files.
//!
//! ```text
//! level check FILE... [--max-states N] [--max-memory MB]
//!                            load each file; print every problem (exit 1 if any)
//! level convert IN OUT       rewrite IN as OUT; .txt is text, .rlv binary
//! level show FILE            print the level as canonical text, portals listed
//! level png FILE OUT.png     draw a thumbnail (16 px per cell)
//! level export PACKDIR       print a level pack as one text (to paste on
//!                            the game's Play screen with Ctrl+V)
//! ```
//!
//! A file named `campaign.txt` given to `check` is checked as a campaign
//! list: every level it names must exist and load. A folder given to
//! `check` is checked as a level pack (`game::campaign::pack`): it loads
//! whole, and each level's par is put to the solver (the level equipped as
//! play starts it, as `sim solve` solves it) within the one budget
//! of a proof (`game::solve::Limits::PROOF`, 1 GiB of positions; raised or
//! lowered with `--max-states` and `--max-memory`, read by
//! `tools::budget` as `sim solve` reads them): proven the fewest turns,
//! beaten or impossible (a problem), or not proven within the budget (a
//! warning). Problems go to stderr as `file:line:column: message`,
//! warnings as `file: warning: message`; exit status 0 when all is well
//! (every par proven), 1 when a file has problems or cannot be written, 2
//! for bad arguments, 3 ([`NOT_PROVEN`]) when all was checked without a
//! problem but some par was not proven within the budget. `level -h`
//! (or `--help`) prints the help to stdout. Arguments are taken as the OS
//! gives them (`lexopt`), so a file name that is not UTF-8 still names its
//! file.
#![forbid(unsafe_code)]

use game::campaign::{load_campaign_entries, load_pack, pack_to_text};
use game::equipment::as_play_starts;
use game::grid::{Dir, PortalEnd};
use game::level::file::{check_file, io_message, save_file, write_atomic, Format};
use game::level::text::art::edge_art_pos;
use game::level::{escaped, to_text, Level, LevelError};
use game::solve::{solve, Limits};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tools::budget::Budget;
use tools::thumbnail::{png_bytes, thumbnail, CELL_PX};

const USAGE: &str = "\
usage: level check FILE... [--max-states N] [--max-memory MB]
       level convert IN OUT      (.txt text <-> .rlv binary, by extension)
       level show FILE
       level png FILE OUT.png
       level export PACKDIR";

/// The rest of `level --help`, after [`USAGE`].
const HELP_DETAILS: &str = concat!(
    "\
commands:
    check FILE...       load each file and print every problem (exit 1 if any);
                        a file named campaign.txt is checked as a campaign list:
                        every level it names must exist and load; a folder
                        is checked as a level pack: pack.txt and every level
                        it lists load, level names are unique, and each par
                        is put to the solver: proven the fewest turns, or
                        beaten or impossible (a problem), or not proven
                        within the budget (a warning)
    convert IN OUT      rewrite IN as OUT; .txt is text, .rlv binary
    show FILE           print the level as canonical text, portal pairs listed
    png FILE OUT.png    draw a thumbnail (16 px per cell)
    export PACKDIR      print the level pack in PACKDIR as one text (the
                        header line, pack.txt, each level), to paste on the
                        game's Play screen with Ctrl+V

options of check: the solver's budget for each par, as `sim solve`'s
",
    tools::budget_help!(),
    "
other options:
    -h, --help       print this help

Problems go to stderr as `file:line:column: message`, warnings as
`file: warning: message`. Exit status:
    0  all is well: every file loads, every par put to the solver is proven
    1  a file has problems (a par beaten or impossible included) or cannot
       be written
    2  bad arguments
    3  checked without a problem, but some par was not proven within the
       budget (a warning: raise it with --max-memory MB)
An output that exists and is not a regular file (a folder, a device, a
named pipe) is refused."
);

/// The exit status of a check with no problem but some par not proven
/// within the budget.
const NOT_PROVEN: u8 = 3;

/// How a check went, worst last: the worst of several is the whole's.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Checked {
    /// All is well.
    Ok,
    /// No problem, but some par not proven within the budget.
    NotProven,
    /// A problem.
    Problem,
}

fn usage(problem: &str) -> ExitCode {
    eprintln!("level: {}\n{USAGE}", escaped(problem));
    ExitCode::from(2)
}

fn report(errors: &[LevelError]) {
    for e in errors {
        eprintln!("{e}");
    }
}

/// A path as messages show it: control characters escaped.
fn shown(path: &Path) -> String {
    escaped(&path.display().to_string()).to_string()
}

/// Loads a level, printing its problems on failure.
fn load(path: &Path) -> Option<Level> {
    match check_file(path) {
        Ok(level) => Some(level),
        Err(errors) => {
            report(&errors);
            None
        }
    }
}

/// What the solver says of a par of `par` turns, the level searched as
/// play starts it (equipped with the pieces it requires, as `sim solve`
/// and the editor solve it) within `budget` (its turn limit raised to the
/// par if need be):
/// [`Checked::Ok`] when proven the fewest turns, [`Checked::Problem`] when
/// wrong (beaten or impossible), [`Checked::NotProven`] when the budget
/// ran out first.
fn par_verdict(level: &Level, par: u32, budget: Limits) -> (Checked, String) {
    let level = match as_play_starts(level) {
        Ok(level) => level,
        Err(e) => {
            return (
                Checked::Problem,
                format!("par {par}: the level cannot be equipped as play starts it: {e}"),
            )
        }
    };
    // The whole solve, as `sim solve` and the editor run it (its turn
    // limit raised to the par if the par is longer): the verdict is theirs.
    // A limit of the par itself would make the first, fast phase hunt for
    // a line of exactly par turns, which on the vault takes three times
    // the positions of the whole solve.
    let limits = Limits {
        max_turns: budget.max_turns.max(par),
        ..budget
    };
    let report = match solve(&level, limits, None) {
        Ok(report) => report,
        Err(e) => {
            return (
                Checked::Problem,
                format!("par {par}: the level cannot be set up for play: {e}"),
            )
        }
    };
    match &report.solution {
        Some(s) if s.turns < par => (
            Checked::Problem,
            format!(
                "par {par} is beaten: the solver clears it in {}",
                s.length_words()
            ),
        ),
        _ if report.none_within >= par => (
            Checked::Problem,
            format!(
                "par {par} is impossible: no line of play clears it in {par} turns{}",
                report.solution.as_ref().map_or(String::new(), |s| format!(
                    " (the solver clears it in {})",
                    s.length_words()
                ))
            ),
        ),
        Some(s) if s.turns == par && report.fewest_turns() => (
            Checked::Ok,
            format!("par {par} proven the fewest turns ({})", s.length_words()),
        ),
        Some(s) if s.turns == par => (
            Checked::NotProven,
            format!(
                "par {par} reached ({}), not proven the fewest within the budget ({})",
                s.length_words(),
                report.summary()
            ),
        ),
        _ => (
            Checked::NotProven,
            format!(
                "par {par} not proven within the budget ({})",
                report.summary()
            ),
        ),
    }
}

/// `level check PACKDIR`, each par searched within `budget`: see the
/// module docs.
fn check_pack(dir: &Path, budget: Limits) -> Checked {
    let f = shown(dir);
    let pack = match load_pack(dir) {
        Ok(pack) => pack,
        Err(errors) => {
            report(&errors);
            return Checked::Problem;
        }
    };
    let mut worst = Checked::Ok;
    let mut unproven = 0;
    for l in &pack.levels {
        let at = shown(&l.path);
        let name = escaped(&l.level.name);
        let Some(par) = l.level.par else {
            println!("{at}: '{name}': no par");
            continue;
        };
        let (checked, said) = par_verdict(&l.level, par, budget);
        match checked {
            Checked::Ok => println!("{at}: '{name}': {said}"),
            Checked::NotProven => {
                eprintln!("{at}: warning: '{name}': {said}");
                unproven += 1;
            }
            Checked::Problem => eprintln!("{at}: '{name}': {said}"),
        }
        worst = worst.max(checked);
    }
    let pack_words = format!(
        "pack '{}' of {} levels",
        escaped(&pack.header.name),
        pack.levels.len()
    );
    match worst {
        Checked::Ok => println!("{f}: ok ({pack_words})"),
        Checked::NotProven => eprintln!(
            "{f}: warning: {pack_words}: {unproven} par{} not proven within the budget \
             (raise it with --max-memory MB)",
            if unproven == 1 { "" } else { "s" }
        ),
        Checked::Problem => {}
    }
    worst
}

/// `level export PACKDIR`: the pack as one text on stdout.
fn export(dir: &Path) -> ExitCode {
    let pack = match load_pack(dir) {
        Ok(pack) => pack,
        Err(errors) => {
            report(&errors);
            return ExitCode::FAILURE;
        }
    };
    match pack_to_text(&pack) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {}", shown(dir), escaped(&e));
            ExitCode::FAILURE
        }
    }
}

/// `level check FILE...`, each pack's pars searched within `budget`.
fn check(files: &[PathBuf], budget: Limits) -> ExitCode {
    let mut ok = true;
    let mut worst = Checked::Ok;
    for path in files {
        let f = shown(path);
        if path.is_dir() {
            worst = worst.max(check_pack(path, budget));
            continue;
        }
        if path.file_name().is_some_and(|n| n == "campaign.txt") {
            match load_campaign_entries(path) {
                Ok(entries) => {
                    let mut all = true;
                    for entry in &entries {
                        if let Err(errors) = entry.check() {
                            report(&errors);
                            all = false;
                        }
                    }
                    ok &= all;
                    if all {
                        println!("{f}: ok (campaign of {} levels)", entries.len());
                    }
                }
                Err(e) => {
                    report(&[e]);
                    ok = false;
                }
            }
            continue;
        }
        match load(path) {
            Some(level) => {
                println!(
                    "{f}: ok ('{}', {}x{}, {} things, {} portals)",
                    escaped(&level.name),
                    level.grid.width(),
                    level.grid.height(),
                    level.things.len(),
                    level.grid.portals().len()
                );
                // A warning, not a problem: the exit status stays 0.
                if let Some(w) = level.capacity_warning() {
                    eprintln!("{f}: warning: {w}");
                }
            }
            None => ok = false,
        }
    }
    if !ok {
        worst = Checked::Problem;
    }
    match worst {
        Checked::Ok => ExitCode::SUCCESS,
        Checked::NotProven => ExitCode::from(NOT_PROVEN),
        Checked::Problem => ExitCode::FAILURE,
    }
}

fn convert(input: &Path, output: &Path) -> ExitCode {
    for f in [input, output] {
        if Format::of(f).is_none() {
            return usage(&format!("'{}' is neither .txt nor .rlv", f.display()));
        }
    }
    let Some(level) = load(input) else {
        return ExitCode::FAILURE;
    };
    match save_file(output, &level) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            report(&[e]);
            ExitCode::FAILURE
        }
    }
}

fn describe(end: &PortalEnd) -> String {
    let what = match end.side {
        Dir::Down => "floor",
        Dir::Up => "ceiling",
        Dir::Left => "left wall",
        Dir::Right => "right wall",
    };
    format!("{what} of cell {}", end.cell)
}

fn show(file: &Path) -> ExitCode {
    let Some(level) = load(file) else {
        return ExitCode::FAILURE;
    };
    print!("{}", to_text(&level));
    let portals = level.grid.portals();
    if !portals.is_empty() {
        println!("\n// Portal pairs (first end in reading order -> second end: kind):");
        let height = level.grid.height();
        for (i, p) in portals.iter().enumerate() {
            let at = |k: usize| edge_art_pos(height, p.ends[k].edge());
            let from = if at(0) <= at(1) { 0 } else { 1 };
            let (a, b) = p.pair(from);
            println!(
                "// {}: {} <-> {}: {}",
                level.portal_label(i),
                describe(&a),
                describe(&b),
                p.kind_from(from)
            );
        }
    }
    ExitCode::SUCCESS
}

fn png(file: &Path, output: &Path) -> ExitCode {
    if output.extension() != Some(std::ffi::OsStr::new("png")) {
        return usage(&format!("'{}' does not end in .png", output.display()));
    }
    let Some(level) = load(file) else {
        return ExitCode::FAILURE;
    };
    let bytes = match png_bytes(&thumbnail(&level, CELL_PX)) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: cannot encode PNG: {e}", shown(output));
            return ExitCode::FAILURE;
        }
    };
    match write_atomic(output, &bytes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}: {}", shown(output), escaped(&io_message(output, &e)));
            ExitCode::FAILURE
        }
    }
}

/// What the command line asks for.
enum Request {
    Help,
    /// A command, its arguments (paths, kept as the OS gave them) and the
    /// solver's budget for `check` (`None`: no budget option given).
    Run(OsString, Vec<PathBuf>, Option<Limits>),
}

/// Reads the command line: `-h`/`--help` anywhere asks for help; the
/// budget options (`tools::budget`) set `check`'s budget; any other option
/// is a mistake; `--` ends the options (for a file named `-x`).
fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Request, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_args(args);
    let mut values: Vec<OsString> = Vec::new();
    let mut budget: Option<Limits> = None;
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => return Ok(Request::Help),
            Long(other) => match Budget::named(other) {
                Some(option) => {
                    option.read(&mut parser, budget.get_or_insert(Limits::PROOF))?;
                }
                None => return Err(format!("unknown option '--{other}'")),
            },
            Short(other) => return Err(format!("unknown option '-{other}'")),
            Value(v) => values.push(v),
        }
    }
    let mut values = values.into_iter();
    let Some(command) = values.next() else {
        return Err("no command".to_string());
    };
    Ok(Request::Run(
        command,
        values.map(PathBuf::from).collect(),
        budget,
    ))
}

fn main() -> ExitCode {
    let (command, rest, budget) = match parse_args(std::env::args_os().skip(1)) {
        Ok(Request::Help) => {
            println!("level: check, convert, show and draw Rappel level files\n\n{USAGE}\n\n{HELP_DETAILS}");
            return ExitCode::SUCCESS;
        }
        Ok(Request::Run(command, rest, budget)) => (command, rest, budget),
        Err(problem) => return usage(&problem),
    };
    let command = command.to_string_lossy();
    if budget.is_some() && command != "check" {
        return usage("--max-states and --max-memory are options of 'check'");
    }
    match (command.as_ref(), rest.as_slice()) {
        ("check", files) if !files.is_empty() => check(files, budget.unwrap_or(Limits::PROOF)),
        ("convert", [input, output]) => convert(input, output),
        ("show", [file]) => show(file),
        ("png", [file, output]) => png(file, output),
        ("export", [dir]) => export(dir),
        ("check" | "convert" | "show" | "png" | "export", _) => {
            usage(&format!("wrong arguments for '{command}'"))
        }
        _ => usage(&format!("unknown command '{command}'")),
    }
}
