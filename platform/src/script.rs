//! Scripted input (`rappel --script FILE`, and tests): a list of steps fed
//! to the screens one per frame, so a run can be played and screenshotted
//! without a person at the keyboard.
//!
//! One step per line; `#` starts a comment:
//!
//! ```text
//! key NAME          a screen key by its action's name (the settings'
//!                   names): next-hero, prev-hero, hero-1..9, context,
//!                   undo, redo, restart, end-turn, help, zoom-in,
//!                   zoom-out, pan-left…, overview, recentre, target, hint,
//!                   mute; or a keyboard key as the default keys read it
//!                   unmodified: left, right, up, down, enter, space,
//!                   escape, 1..9, e (`press` reads the player's keys)
//! move X Y          the pointer to drawable pixel X,Y
//! click X Y         a left click at X,Y
//! right-click X Y
//! hover-cell X Y    the pointer over grid cell X,Y as the selected hero
//!                   sees it (the copy nearest the hero); in the editor,
//!                   over cell X,Y of the canvas
//! click-cell X Y    a click there (press and release)
//! wait N            let N frames pass
//! press CHORD       a key with modifiers: ctrl+s, ctrl+shift+z, f5, b
//! release CHORD     a key let go (space, v, shift)
//! type TEXT         the rest of the line typed as text
//! drag X1 Y1 X2 Y2  left button down at X1,Y1, moved, up at X2,Y2
//! right-drag, middle-drag   the same with that button
//! drag-cells X1 Y1 X2 Y2    editor: a drag from cell to cell
//! right-drag-cells X1 Y1 X2 Y2
//! right-click-cell X Y      editor: a right click on a cell
//! click-edge h|v X Y        editor: a click on edge X,Y (h: the floor of
//!                   cell X,Y; v: its left wall), from the cell inside
//! drag-edges h|v X1 Y1 X2 Y2  editor: a drag along edges
//! open-controls     the Controls screen over the screen on top
//! ```
use game::grid::{CellPos, EdgePos};
use glam::Vec2;

use crate::screens::input::{key_named, Button, Chord, Input, RawInput};
use crate::screens::{AppRequest, Screens};

/// Where a drag goes: pixels, editor cells or editor edges.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DragPath {
    Pixels(Vec2, Vec2),
    Cells(CellPos, CellPos),
    Edges(EdgePos, EdgePos),
}

/// One scripted step.
#[derive(Clone, Debug, PartialEq)]
pub enum ScriptStep {
    Input(Input),
    Raw(RawInput),
    HoverCell(CellPos),
    ClickCell(CellPos),
    RightClickCell(CellPos),
    ClickEdge(EdgePos),
    Drag(Button, DragPath),
    Type(String),
    Wait(u32),
    /// `Screens::open_controls`.
    OpenControls,
}

fn edge(kind: &str, x: i32, y: i32) -> Option<EdgePos> {
    match kind {
        "h" => Some(EdgePos::horizontal(x, y)),
        "v" => Some(EdgePos::vertical(x, y)),
        _ => None,
    }
}

/// Parses a script; the error names the line.
pub fn parse(text: &str) -> Result<Vec<ScriptStep>, String> {
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
                (Some(k), 2) => ScriptStep::Input(Input::Key(k)),
                _ => return Err(bad("unknown key")),
            },
            "move" => pair().map(|(x, y)| ScriptStep::Input(Input::MouseMove(Vec2::new(x, y))))?,
            "click" => pair().map(|(x, y)| ScriptStep::Input(Input::Click(Vec2::new(x, y))))?,
            "right-click" => {
                pair().map(|(x, y)| ScriptStep::Input(Input::RightClick(Vec2::new(x, y))))?
            }
            "hover-cell" | "click-cell" => {
                let (x, y) = pair()?;
                let cell = CellPos::new(x as i32, y as i32);
                if words[0] == "hover-cell" {
                    ScriptStep::HoverCell(cell)
                } else {
                    ScriptStep::ClickCell(cell)
                }
            }
            "wait" => match words.get(1).and_then(|w| w.parse::<u32>().ok()) {
                Some(n) if words.len() == 2 => ScriptStep::Wait(n),
                _ => return Err(bad("expected a frame count")),
            },
            "press" | "release" => {
                match (words.get(1).and_then(|w| Chord::parse(w)), words.len()) {
                    (Some(c), 2) if words[0] == "press" => ScriptStep::Raw(RawInput::Chord(c)),
                    (Some(c), 2) => ScriptStep::Raw(RawInput::KeyUp(c)),
                    _ => return Err(bad("unknown key chord")),
                }
            }
            "open-controls" if words.len() == 1 => ScriptStep::OpenControls,
            "type" => {
                let text = line.strip_prefix("type").unwrap_or("").trim_start();
                ScriptStep::Type(text.to_string())
            }
            "right-click-cell" => {
                let (x, y) = pair()?;
                ScriptStep::RightClickCell(CellPos::new(x as i32, y as i32))
            }
            "drag" | "right-drag" | "middle-drag" | "drag-cells" | "right-drag-cells" => {
                if words.len() != 5 {
                    return Err(bad("expected four numbers"));
                }
                let n: Vec<f32> = (1..5)
                    .map(|i| num(words.get(i)))
                    .collect::<Result<_, _>>()?;
                let button = match words[0] {
                    "right-drag" | "right-drag-cells" => Button::Right,
                    "middle-drag" => Button::Middle,
                    _ => Button::Left,
                };
                let path = if words[0].ends_with("cells") {
                    DragPath::Cells(
                        CellPos::new(n[0] as i32, n[1] as i32),
                        CellPos::new(n[2] as i32, n[3] as i32),
                    )
                } else {
                    DragPath::Pixels(Vec2::new(n[0], n[1]), Vec2::new(n[2], n[3]))
                };
                ScriptStep::Drag(button, path)
            }
            "click-edge" | "drag-edges" => {
                let want = if words[0] == "click-edge" { 4 } else { 6 };
                if words.len() != want {
                    return Err(bad("expected h or v and edge coordinates"));
                }
                let n: Vec<i32> = (2..want)
                    .map(|i| num(words.get(i)).map(|v| v as i32))
                    .collect::<Result<_, _>>()?;
                let a = edge(words[1], n[0], n[1]).ok_or_else(|| bad("expected h or v"))?;
                if words[0] == "click-edge" {
                    ScriptStep::ClickEdge(a)
                } else {
                    let b = edge(words[1], n[2], n[3]).ok_or_else(|| bad("expected h or v"))?;
                    ScriptStep::Drag(Button::Left, DragPath::Edges(a, b))
                }
            }
            _ => return Err(bad("unknown step")),
        };
        out.push(step);
    }
    Ok(out)
}

/// Feeds one step to `screens`; a cell the hero does not see is skipped
/// with a warning. (`Wait` is the caller's business: it does nothing here.)
pub fn run_step(screens: &mut Screens, step: &ScriptStep, size_px: (u32, u32)) -> Vec<AppRequest> {
    let mut out = Vec::new();
    let mut raw = |screens: &mut Screens, r: RawInput| out.extend(screens.handle_raw(r, size_px));
    let cell_px = |screens: &Screens, cell: CellPos| -> Option<Vec2> {
        if let Some(e) = screens.editor().filter(|_| screens.play().is_none()) {
            return Some(e.screen_pos_of_cell(cell));
        }
        let p = screens
            .play()
            .and_then(|p| p.screen_pos_of_cell(cell, size_px));
        if p.is_none() {
            log::warn!("script: cell {cell} is not in sight");
        }
        p
    };
    let edge_px =
        |screens: &Screens, e: EdgePos| screens.editor().map(|ed| ed.screen_pos_of_edge(e));
    let click =
        |screens: &mut Screens, raw: &mut dyn FnMut(&mut Screens, RawInput), b: Button, p: Vec2| {
            raw(screens, RawInput::Input(Input::MouseMove(p)));
            raw(screens, RawInput::Press(b, p));
            raw(screens, RawInput::Release(b, p));
        };
    match step {
        ScriptStep::Input(input) => raw(screens, RawInput::Input(*input)),
        ScriptStep::Raw(r) => raw(screens, *r),
        ScriptStep::OpenControls => screens.open_controls(),
        ScriptStep::Type(text) => {
            for c in text.chars() {
                raw(screens, RawInput::Text(c));
            }
        }
        ScriptStep::HoverCell(cell) => {
            if let Some(p) = cell_px(screens, *cell) {
                raw(screens, RawInput::Input(Input::MouseMove(p)));
            }
        }
        ScriptStep::ClickCell(cell) | ScriptStep::RightClickCell(cell) => {
            let b = if matches!(step, ScriptStep::ClickCell(_)) {
                Button::Left
            } else {
                Button::Right
            };
            if let Some(p) = cell_px(screens, *cell) {
                click(screens, &mut raw, b, p);
            }
        }
        ScriptStep::ClickEdge(e) => {
            if let Some(p) = edge_px(screens, *e) {
                click(screens, &mut raw, Button::Left, p);
            }
        }
        ScriptStep::Drag(button, path) => {
            let ends = match *path {
                DragPath::Pixels(a, b) => Some((a, b)),
                DragPath::Cells(a, b) => cell_px(screens, a).zip(cell_px(screens, b)),
                DragPath::Edges(a, b) => edge_px(screens, a).zip(edge_px(screens, b)),
            };
            if let Some((a, b)) = ends {
                raw(screens, RawInput::Input(Input::MouseMove(a)));
                raw(screens, RawInput::Press(*button, a));
                let steps = ((b - a).length() / 8.0).ceil().max(1.0) as usize;
                for i in 1..=steps {
                    let p = a.lerp(b, i as f32 / steps as f32);
                    raw(screens, RawInput::Input(Input::MouseMove(p)));
                }
                raw(screens, RawInput::Release(*button, b));
            }
        }
        ScriptStep::Wait(_) => {}
    }
    out
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
                ScriptStep::Input(Input::Key(Key::Right)),
                ScriptStep::ClickCell(CellPos::new(4, 0)),
                ScriptStep::Wait(3),
                ScriptStep::Input(Input::MouseMove(Vec2::new(10.0, 20.5))),
            ]
        );
        let editor = parse(
            "press ctrl+s\nrelease v\ntype My level\ndrag-cells 1 2 3 4\nclick-edge v 2 1\ndrag-edges h 1 1 3 1\n",
        )
        .unwrap();
        assert_eq!(
            editor[0],
            ScriptStep::Raw(RawInput::Chord(Chord::parse("ctrl+s").unwrap()))
        );
        assert!(matches!(editor[1], ScriptStep::Raw(RawInput::KeyUp(_))));
        assert_eq!(editor[2], ScriptStep::Type("My level".into()));
        assert_eq!(
            editor[3],
            ScriptStep::Drag(
                Button::Left,
                DragPath::Cells(CellPos::new(1, 2), CellPos::new(3, 4))
            )
        );
        assert_eq!(editor[4], ScriptStep::ClickEdge(EdgePos::vertical(2, 1)));
        assert!(parse("press hyper+q").is_err());
        assert!(parse("click-edge d 1 1").is_err());
        assert!(parse("drag 1 2 3").is_err());
        assert!(parse("key sideways")
            .unwrap_err()
            .starts_with("line 1: unknown key"));
        assert!(parse("\nclick 1").unwrap_err().starts_with("line 2:"));
        assert!(parse("jump").is_err());
        assert!(parse("wait x").is_err());
    }
}
