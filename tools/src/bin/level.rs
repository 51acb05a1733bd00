//! `level`: check, convert, show and draw Rappel level files.
//!
//! ```text
//! level check FILE...        load each file; print every problem (exit 1 if any)
//! level convert IN OUT       rewrite IN as OUT; .txt is text, .rlv binary
//! level show FILE            print the level as canonical text, portals listed
//! level png FILE OUT.png     draw a thumbnail (16 px per cell)
//! ```
//!
//! A file named `campaign.txt` given to `check` is checked as a campaign
//! list: every level it names must exist and load. Problems go to stderr as
//! `file:line:column: message`; exit status 0 when all is well, 1 when a
//! file has problems or cannot be written, 2 for bad arguments.

use game::grid::{Dir, PortalEnd};
use game::level::campaign::load_campaign;
use game::level::file::{check_file, save_file, write_atomic, Format};
use game::level::text::art::edge_art_pos;
use game::level::{to_text, Level, LevelError};
use std::path::Path;
use std::process::ExitCode;
use tools::thumbnail::{png_bytes, thumbnail, CELL_PX};

const USAGE: &str = "\
usage: level check FILE...
       level convert IN OUT      (.txt text <-> .rlv binary, by extension)
       level show FILE
       level png FILE OUT.png";

fn usage(problem: &str) -> ExitCode {
    eprintln!("level: {problem}\n{USAGE}");
    ExitCode::from(2)
}

fn report(errors: &[LevelError]) {
    for e in errors {
        eprintln!("{e}");
    }
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

fn check(files: &[String]) -> ExitCode {
    let mut ok = true;
    for f in files {
        let path = Path::new(f);
        if path.file_name().is_some_and(|n| n == "campaign.txt") {
            match load_campaign(path) {
                Ok(levels) => {
                    let mut all = true;
                    for level in &levels {
                        all &= load(level).is_some();
                    }
                    ok &= all;
                    if all {
                        println!("{f}: ok (campaign of {} levels)", levels.len());
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
                    level.name,
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

fn convert(input: &str, output: &str) -> ExitCode {
    for f in [input, output] {
        if Format::of(Path::new(f)).is_none() {
            return usage(&format!("'{f}' is neither .txt nor .rlv"));
        }
    }
    let Some(level) = load(Path::new(input)) else {
        return ExitCode::FAILURE;
    };
    match save_file(Path::new(output), &level) {
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

fn show(file: &str) -> ExitCode {
    let Some(level) = load(Path::new(file)) else {
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

fn png(file: &str, output: &str) -> ExitCode {
    if !output.ends_with(".png") {
        return usage(&format!("'{output}' does not end in .png"));
    }
    let Some(level) = load(Path::new(file)) else {
        return ExitCode::FAILURE;
    };
    let bytes = match png_bytes(&thumbnail(&level, CELL_PX)) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{output}: cannot encode PNG: {e}");
            return ExitCode::FAILURE;
        }
    };
    match write_atomic(Path::new(output), &bytes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{output}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        return usage("no command");
    };
    match (command.as_str(), rest) {
        ("check", files) if !files.is_empty() => check(files),
        ("convert", [input, output]) => convert(input, output),
        ("show", [file]) => show(file),
        ("png", [file, output]) => png(file, output),
        ("check" | "convert" | "show" | "png", _) => {
            usage(&format!("wrong arguments for '{command}'"))
        }
        _ => usage(&format!("unknown command '{command}'")),
    }
}
