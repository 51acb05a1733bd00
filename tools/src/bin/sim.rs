//! `sim LEVEL [SCRIPT] [--strict]`: plays a level headless from a script
//! file (or standard input), one command per line, printing each command and
//! what it did. A refused command prints its reason and play goes on;
//! `--strict` makes a refusal exit with status 1. A malformed line always
//! exits with status 2. See `tools::sim` for the commands.
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use game::level::file::load_file;
use game::session::Session;
use tools::sim::{LineResult, Sim};

const USAGE: &str =
    "usage: sim LEVEL [SCRIPT] [--strict]   (commands from SCRIPT, or standard input)";

fn main() -> ExitCode {
    let mut strict = false;
    let mut paths: Vec<PathBuf> = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--strict" => strict = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            a if a.starts_with("--") => {
                eprintln!("sim: unknown option `{a}`\n{USAGE}");
                return ExitCode::from(2);
            }
            _ => paths.push(arg.into()),
        }
    }
    let (level_path, script_path) = match paths.as_slice() {
        [level] => (level, None),
        [level, script] => (level, Some(script)),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let level = match load_file(level_path) {
        Ok(level) => level,
        Err(e) => {
            eprintln!("sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    let session = match Session::new(&level) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sim: {}: {e}", level_path.display());
            return ExitCode::FAILURE;
        }
    };
    let script = match script_path {
        Some(p) => {
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
        }
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map(|_| text)
                .map_err(|e| format!("cannot read standard input: {e}"))
        }
    };
    let script = match script {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    let name = script_path.map_or("stdin".to_string(), |p| p.display().to_string());
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
                    eprintln!("sim: {name}:{}: refused: {reason}", n + 1);
                    return ExitCode::FAILURE;
                }
            }
            LineResult::Bad(e) => {
                eprintln!("sim: {name}:{}: {e}", n + 1);
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}
