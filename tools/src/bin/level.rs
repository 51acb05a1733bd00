//! `level`: check, convert, show and draw Rappel level files.
//!
//! ```text
//! level check FILE...        load each file; print every problem (exit 1 if any)
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
//! whole, and each level's par is put to the solver within a budget
//! ([`PAR_BUDGET`]): proven the fewest turns, beaten, impossible, or not
//! proven within the budget, said as such. Problems go to stderr as
//! `file:line:column: message`; exit status 0 when all is well, 1 when a
//! file has problems or cannot be written, 2 for bad arguments. `level -h`
//! (or `--help`) prints the help to stdout. Arguments are taken as the OS
//! gives them (`lexopt`), so a file name that is not UTF-8 still names its
//! file.

use game::campaign::{load_campaign_entries, load_pack, pack_to_text};
use game::grid::{Dir, PortalEnd};
use game::level::file::{check_file, io_message, save_file, write_atomic, Format};
use game::level::text::art::edge_art_pos;
use game::level::{escaped, to_text, Level, LevelError};
use game::solve::{solve, Limits};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tools::thumbnail::{png_bytes, thumbnail, CELL_PX};

const USAGE: &str = "\
usage: level check FILE...
       level convert IN OUT      (.txt text <-> .rlv binary, by extension)
       level show FILE
       level png FILE OUT.png
       level export PACKDIR";

/// The rest of `level --help`, after [`USAGE`].
const HELP_DETAILS: &str = "\
commands:
    check FILE...       load each file and print every problem (exit 1 if any);
                        a file named campaign.txt is checked as a campaign list:
                        every level it names must exist and load; a folder
                        is checked as a level pack: pack.txt and every level
                        it lists load, level names are unique, and each par
                        is put to the solver (within a budget)
    convert IN OUT      rewrite IN as OUT; .txt is text, .rlv binary
    show FILE           print the level as canonical text, portal pairs listed
    png FILE OUT.png    draw a thumbnail (16 px per cell)
    export PACKDIR      print the level pack in PACKDIR as one text (the
                        header line, pack.txt, each level), to paste on the
                        game's Play screen with Ctrl+V

options:
    -h, --help          print this help

Problems go to stderr as `file:line:column: message`. Exit status: 0 when
all is well, 1 when a file has problems or cannot be written, 2 for bad
arguments. An output that exists and is not a regular file (a folder, a
device, a named pipe) is refused.";

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

/// What the solver may spend on each par of a pack.
const PAR_BUDGET: Limits = Limits {
    max_turns: 0,
    max_states: 2_000_000,
    max_time: Some(std::time::Duration::from_secs(10)),
    max_memory: None,
    first: false,
    threads: 0,
};

/// What the solver says of a par of `par` turns: `Err` when the par is
/// wrong (beaten or impossible), `Ok` when proven or not known either way.
fn par_verdict(level: &Level, par: u32) -> Result<String, String> {
    let limits = Limits {
        max_turns: par,
        ..PAR_BUDGET
    };
    let report = match solve(level, limits, None) {
        Ok(report) => report,
        Err(e) => {
            return Err(format!(
                "par {par}: the level cannot be set up for play: {e}"
            ))
        }
    };
    match &report.solution {
        Some(s) if s.turns < par => Err(format!(
            "par {par} is beaten: the solver clears it in {}",
            s.length_words()
        )),
        Some(s) if report.fewest_turns() => Ok(format!(
            "par {par} proven the fewest turns ({})",
            s.length_words()
        )),
        Some(s) => Ok(format!(
            "par {par} reached ({}), not proven the fewest within the budget",
            s.length_words()
        )),
        None if report.none_within >= par => Err(format!(
            "par {par} is impossible: no line of play clears it in {par} turns"
        )),
        None => Ok(format!(
            "par {par} not proven within the budget ({})",
            report.summary()
        )),
    }
}

/// `level check PACKDIR`: see the module docs.
fn check_pack(dir: &Path) -> bool {
    let f = shown(dir);
    let pack = match load_pack(dir) {
        Ok(pack) => pack,
        Err(errors) => {
            report(&errors);
            return false;
        }
    };
    let mut ok = true;
    for l in &pack.levels {
        let at = shown(&l.path);
        match l.level.par {
            None => println!("{at}: '{}': no par", escaped(&l.level.name)),
            Some(par) => match par_verdict(&l.level, par) {
                Ok(said) => println!("{at}: '{}': {said}", escaped(&l.level.name)),
                Err(said) => {
                    eprintln!("{at}: '{}': {said}", escaped(&l.level.name));
                    ok = false;
                }
            },
        }
    }
    if ok {
        println!(
            "{f}: ok (pack '{}' of {} levels)",
            escaped(&pack.header.name),
            pack.levels.len()
        );
    }
    ok
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

fn check(files: &[PathBuf]) -> ExitCode {
    let mut ok = true;
    for path in files {
        let f = shown(path);
        if path.is_dir() {
            ok &= check_pack(path);
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
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
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
    /// A command and its arguments (paths, kept as the OS gave them).
    Run(OsString, Vec<PathBuf>),
}

/// Reads the command line: `-h`/`--help` anywhere asks for help; any other
/// option is a mistake; `--` ends the options (for a file named `-x`).
fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Request, String> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_args(args);
    let mut values: Vec<OsString> = Vec::new();
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => return Ok(Request::Help),
            Long(other) => return Err(format!("unknown option '--{other}'")),
            Short(other) => return Err(format!("unknown option '-{other}'")),
            Value(v) => values.push(v),
        }
    }
    let mut values = values.into_iter();
    let Some(command) = values.next() else {
        return Err("no command".to_string());
    };
    Ok(Request::Run(command, values.map(PathBuf::from).collect()))
}

fn main() -> ExitCode {
    let (command, rest) = match parse_args(std::env::args_os().skip(1)) {
        Ok(Request::Help) => {
            println!("level: check, convert, show and draw Rappel level files\n\n{USAGE}\n\n{HELP_DETAILS}");
            return ExitCode::SUCCESS;
        }
        Ok(Request::Run(command, rest)) => (command, rest),
        Err(problem) => return usage(&problem),
    };
    let command = command.to_string_lossy();
    match (command.as_ref(), rest.as_slice()) {
        ("check", files) if !files.is_empty() => check(files),
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
