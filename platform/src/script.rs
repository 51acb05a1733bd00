//! Scripted input (`rappel --script FILE`, and tests): a list of steps fed
//! to the screens one per frame, so a run can be played and screenshotted
//! without a person at the keyboard.
//!
//! One step per line; `#` starts a comment:
//!
//! ```text
//! key NAME          a key: left, right, up, down, enter, space, escape,
//!                   next-hero, prev-hero, 1..9, context, undo, redo,
//!                   restart, end-turn, help, zoom-in, zoom-out
//! move X Y          the pointer to drawable pixel X,Y
//! click X Y         a left click at X,Y
//! right-click X Y
//! hover-cell X Y    the pointer over grid cell X,Y as the selected hero
//!                   sees it (the copy nearest the hero)
//! click-cell X Y    a click there
//! wait N            let N frames pass
//! ```
use game::grid::CellPos;
use glam::Vec2;

use crate::screens::input::{key_named, Input};
use crate::screens::{AppRequest, Screens};

/// One scripted step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step {
    Input(Input),
    HoverCell(CellPos),
    ClickCell(CellPos),
    Wait(u32),
}

/// Parses a script; the error names the line.
pub fn parse(text: &str) -> Result<Vec<Step>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |what: &str| format!("line {}: {what}: `{line}`", i + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let num = |w: Option<&&str>| -> Result<f32, String> {
            w.and_then(|w| w.parse::<f32>().ok())
                .ok_or_else(|| bad("expected a number"))
        };
        let pair = || -> Result<(f32, f32), String> {
            if words.len() != 3 {
                return Err(bad("expected two numbers"));
            }
            Ok((num(words.get(1))?, num(words.get(2))?))
        };
        let step = match words[0] {
            "key" => match (words.get(1).and_then(|n| key_named(n)), words.len()) {
                (Some(k), 2) => Step::Input(Input::Key(k)),
                _ => return Err(bad("unknown key")),
            },
            "move" => pair().map(|(x, y)| Step::Input(Input::MouseMove(Vec2::new(x, y))))?,
            "click" => pair().map(|(x, y)| Step::Input(Input::Click(Vec2::new(x, y))))?,
            "right-click" => {
                pair().map(|(x, y)| Step::Input(Input::RightClick(Vec2::new(x, y))))?
            }
            "hover-cell" | "click-cell" => {
                let (x, y) = pair()?;
                let cell = CellPos::new(x as i32, y as i32);
                if words[0] == "hover-cell" {
                    Step::HoverCell(cell)
                } else {
                    Step::ClickCell(cell)
                }
            }
            "wait" => match words.get(1).and_then(|w| w.parse::<u32>().ok()) {
                Some(n) if words.len() == 2 => Step::Wait(n),
                _ => return Err(bad("expected a frame count")),
            },
            _ => return Err(bad("unknown step")),
        };
        out.push(step);
    }
    Ok(out)
}

/// Feeds one step to `screens`; a cell the hero does not see is skipped
/// with a warning. (`Wait` is the caller's business: it does nothing here.)
pub fn run_step(screens: &mut Screens, step: Step, size_px: (u32, u32)) -> Option<AppRequest> {
    let at_cell = |screens: &Screens, cell: CellPos| {
        let p = screens
            .play()
            .and_then(|p| p.screen_pos_of_cell(cell, size_px));
        if p.is_none() {
            log::warn!("script: cell {cell} is not in sight");
        }
        p
    };
    match step {
        Step::Input(input) => screens.handle(input, size_px),
        Step::HoverCell(cell) => {
            let p = at_cell(screens, cell)?;
            screens.handle(Input::MouseMove(p), size_px)
        }
        Step::ClickCell(cell) => {
            let p = at_cell(screens, cell)?;
            screens.handle(Input::MouseMove(p), size_px);
            screens.handle(Input::Click(p), size_px)
        }
        Step::Wait(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::input::Key;

    #[test]
    fn steps_parse_and_mistakes_name_the_line() {
        let steps =
            parse("# a comment\nkey right\n\nclick-cell 4 0  # the relic\nwait 3\nmove 10 20.5\n")
                .unwrap();
        assert_eq!(
            steps,
            vec![
                Step::Input(Input::Key(Key::Right)),
                Step::ClickCell(CellPos::new(4, 0)),
                Step::Wait(3),
                Step::Input(Input::MouseMove(Vec2::new(10.0, 20.5))),
            ]
        );
        assert!(parse("key sideways")
            .unwrap_err()
            .starts_with("line 1: unknown key"));
        assert!(parse("\nclick 1").unwrap_err().starts_with("line 2:"));
        assert!(parse("jump").is_err());
        assert!(parse("wait x").is_err());
    }
}
