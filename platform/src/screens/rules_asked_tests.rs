//! Every rule is asked of `game`, never restated in a screen, and SDL
//! stays behind the input mapping (issue 38):
//! no screen's code tests a Thing's flags itself (it asks the stage:
//! `has_left`, `is_caught`, `is_deployed`, or the rules: `may_act`), and
//! none retypes a sentence of the rules' refusals (it shows the
//! `Refusal` the rules gave). Tests are left out: they may name what
//! they check.
use std::path::{Path, PathBuf};

use game::action::Refusal;

/// The screens' source files, each without its test module.
fn screen_sources() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("the screens' folder") {
            let path = entry.expect("an entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "tests" {
                    walk(&path, out);
                }
            } else if name.ends_with(".rs") && name != "tests.rs" && !name.ends_with("_tests.rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/screens"),
        &mut files,
    );
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("readable");
            let code = match text.find("#[cfg(test)]\nmod tests") {
                Some(at) => text[..at].to_string(),
                None => text,
            };
            (path, code)
        })
        .collect()
}

#[test]
fn no_screen_tests_flags_or_retypes_a_refusal() {
    let sources = screen_sources();
    assert!(sources.len() > 40, "found the screens: {}", sources.len());
    let sentences: Vec<String> = Refusal::one_of_each()
        .iter()
        .map(|r| r.to_string())
        // The part before any number or name the sentence carries.
        .map(|t| {
            t.split(|c: char| c.is_ascii_digit() || c == ':' || c == '(')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string()
        })
        .filter(|t| t.split(' ').count() >= 3)
        .collect();
    assert!(sentences.len() > 20, "{sentences:?}");
    let mut found = Vec::new();
    for (path, code) in &sources {
        for (n, line) in code.lines().enumerate() {
            let at = format!("{}:{}", path.display(), n + 1);
            if line.contains("ThingFlags::") {
                found.push(format!("{at}: tests a flag: {}", line.trim()));
            }
            if line.trim_start().starts_with("//") {
                continue;
            }
            for s in &sentences {
                if line.contains(&format!("\"{s}")) {
                    found.push(format!("{at}: retypes \"{s}\""));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// SDL stays out of the screens' vocabulary: only `input/sdl.rs` names
/// its types (keys are `input::Code`).
#[test]
fn only_the_input_mapping_names_sdl() {
    let sdl: Vec<String> = screen_sources()
        .into_iter()
        .filter(|(path, code)| !path.ends_with("input/sdl.rs") && code.contains("sdl2::"))
        .map(|(path, _)| path.display().to_string())
        .collect();
    assert!(sdl.is_empty(), "{sdl:?}");
}
