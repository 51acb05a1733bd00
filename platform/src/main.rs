//! The `rappel` binary: parse the command line, run the game, turn any error
//! into one line on stderr and a non-zero exit status.
use std::process::ExitCode;

use platform::cli::{self, Command};

fn main() -> ExitCode {
    platform::logger::init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match cli::parse(&args) {
        Ok(Command::Help) => {
            print!("{}", cli::HELP);
            return ExitCode::SUCCESS;
        }
        Ok(Command::Version) => {
            println!("rappel {}", env!("CARGO_PKG_VERSION"));
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
            eprintln!("rappel: {e}");
            ExitCode::FAILURE
        }
    }
}
