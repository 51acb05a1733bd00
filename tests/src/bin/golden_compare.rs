//! `golden-compare GOLDEN.png ACTUAL.png [DIFF.png]`: whether a frame saved
//! by the game (`rappel --screenshot`) matches a golden image within the
//! golden tests' tolerance ([`rappel_tests::golden::TOLERANCE`]), for
//! scripts: `scripts/dist-test.sh` compares the downloaded game's title
//! screen with `tests/golden/title.png`.
//!
//! Exit status: 0 when they match; 1 when they differ (one line says how,
//! and the diff, differing pixels red over the dimmed golden, is written to
//! DIFF.png, or beside ACTUAL as `ACTUAL.diff.png`) or an image cannot be
//! read; 2 for a wrong command line. `-h`/`--help` prints the usage.
#![forbid(unsafe_code)]
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use image::RgbaImage;
use rappel_tests::golden::{compare, Mismatch, TOLERANCE};

const USAGE: &str = "usage: golden-compare GOLDEN.png ACTUAL.png [DIFF.png]";

fn load(path: &Path) -> Result<RgbaImage, String> {
    image::open(path)
        .map(|img| img.to_rgba8())
        .map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn run(golden: &Path, actual: &Path, diff_path: &Path) -> Result<(), String> {
    let (expected, frame) = (load(golden)?, load(actual)?);
    let Err(mismatch) = compare(&expected, &frame, TOLERANCE) else {
        println!("{} matches {}", actual.display(), golden.display());
        return Ok(());
    };
    let mut message = format!(
        "{} differs from {}: {}",
        actual.display(),
        golden.display(),
        mismatch.describe(TOLERANCE)
    );
    if let Mismatch::Pixels { diff, .. } = &mismatch {
        diff.save(diff_path)
            .map_err(|e| format!("{message}; cannot write {}: {e}", diff_path.display()))?;
        message += &format!("; diff: {}", diff_path.display());
    }
    Err(message)
}

fn main() -> ExitCode {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let (golden, actual, diff) = match args.as_slice() {
        [golden, actual] => (golden, actual, actual.with_extension("diff.png")),
        [golden, actual, diff] => (golden, actual, diff.clone()),
        _ => {
            eprintln!("golden-compare: {USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(golden, actual, &diff) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("golden-compare: {message}");
            ExitCode::FAILURE
        }
    }
}
