//! The `rappel` binary: parse the command line, run the game, turn any error
//! into one line on stderr and a non-zero exit status (2 for a mistake on
//! the command line). Control characters in an error (from a file name or
//! a file's contents) are shown escaped, so the line stays one line.
#![forbid(unsafe_code)]
use std::process::ExitCode;

use game::level::escaped;
use platform::cli::{self, Command};

fn main() -> ExitCode {
    platform::logger::init();
    let options = match cli::parse(std::env::args_os().skip(1)) {
        Ok(Command::Help) => {
            print!("{}", cli::HELP);
            return ExitCode::SUCCESS;
        }
        Ok(Command::Version) => {
            println!("rappel {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Ok(Command::Controls) => {
            let path = platform::settings::default_path();
            let keys = platform::settings::Settings::peek(path.as_deref()).keys;
            print!("{}", platform::screens::play::help::markdown(&keys));
            return ExitCode::SUCCESS;
        }
        Ok(Command::Run(options)) => options,
        Err(e) => {
            eprintln!("rappel: {e} (try `rappel --help`)");
            return ExitCode::from(2);
        }
    };
    match platform::app::run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rappel: {}", escaped(&e.to_string()));
            ExitCode::FAILURE
        }
    }
}
