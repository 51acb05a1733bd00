//! Driving the game's screens the way a player does, for tests: the shipped
//! campaign, synthetic keys and clicks, and the shipped solution scripts
//! (`levels/solutions/*.sim`) replayed as input — every move a click on the
//! cell where the selected hero sees it, every hand or rope action chosen
//! from the context menu (a levitation: its entry, then a click on where the
//! item goes), every end of turn the Enter key. [`play_solution_by_keys`]
//! replays them with no mouse at all: every move and levitation by the
//! target cursor (T, or the levitation entry; arrows; Enter).
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;

use game::grid::CellPos;
use game::view::ViewPos;
use glam::Vec2;
use platform::levels::Campaign;
use platform::progress::Progress;
use platform::screens::input::{Input, Key};
use platform::screens::{AppRequest, Screens};

/// The repository's `levels/` folder.
pub fn levels_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../levels")
}

/// The shipped campaign with no progress (nothing saved to disk).
pub fn screens() -> Screens {
    Screens::new(Campaign::load(&levels_dir()), Progress::empty(None))
}

/// `screens` playing campaign level `file` (e.g. `loop_back.txt`).
pub fn playing(file: &str) -> Screens {
    let mut s = screens();
    s.open_level_file(&levels_dir().join(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    // A level met for the first time opens with its intro card: read it,
    // close it.
    if s.play().is_some_and(|p| p.intro_open()) {
        key(&mut s, Key::Escape, (1280, 720));
    }
    s
}

/// A two-cell room whose left and right walls are one straight portal,
/// with no wall between the cells: the room loops, so the party (at the
/// entrance, the relic beside it) is seen again and again down the
/// corridor, both ways. For the tests of what copies through a portal look
/// like.
pub const OPEN_LOOP: &str = "\
[level]
name = \"Open loop\"
par = 1

[grid]
#####
a@..a
#####

[things]
knight = hero knight at 0,0 rope 3
scout = hero scout at 0,0
sorceress = hero sorceress at 0,0
relic = item relic at 1,0 flags ACQUIRE|PLACE|RELIC

[portals]
a = straight
";

/// `screens` playing [`OPEN_LOOP`].
pub fn playing_open_loop() -> Screens {
    playing_text("open_loop.txt", OPEN_LOOP)
}

/// A ledge over a pit beside a watched room: the scout, on the ledge's
/// platform, falls down the pit (a walk of one, a fall of three) on the
/// far side of a wall from the cells the guard will see (the room, and
/// the corridor over it), so a fall and danger are drawn side by side.
/// The guard is in the scout's sight at its loft, 4,2, and steps down to
/// 4,1 at the round's end.
pub const SIDE_BY_SIDE: &str = "\
[level]
name = \"Side by side\"

[grid]
###########
#@........#
#-#.......#
#...#.....#
#...#.....#
#...#.....#
#...#.....#
#...#.....#
###########

[things]
scout = hero scout at 0,3
knight = hero knight at 0,3
relic = item relic at 3,0 flags ACQUIRE|PLACE|RELIC
guard = watcher at 4,2 route 4,2 4,1 4,0 4,1
";

/// `screens` playing [`SIDE_BY_SIDE`].
pub fn playing_side_by_side() -> Screens {
    playing_text("side_by_side.txt", SIDE_BY_SIDE)
}

/// `screens` playing the level of `text` (read as file `name`), its
/// intro card closed.
fn playing_text(name: &str, text: &str) -> Screens {
    let level = game::level::load_text(name, text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut s = screens();
    s.start_level(level, None)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    if s.play().is_some_and(|p| p.intro_open()) {
        key(&mut s, Key::Escape, (1280, 720));
    }
    s
}

/// Presses `key`.
pub fn key(s: &mut Screens, k: Key, size: (u32, u32)) -> Option<AppRequest> {
    s.handle(Input::Key(k), size)
}

/// Points at grid cell `cell` where the selected hero sees it, zooming
/// out first if it lies off screen or under the HUD, as a player would;
/// returns the pixel.
pub fn hover_cell(s: &mut Screens, cell: CellPos, size: (u32, u32)) -> Vec2 {
    hover(s, size, |play| {
        play.screen_pos_of_cell(cell, size)
            .unwrap_or_else(|| panic!("cell {cell} is not in sight"))
    })
}

/// Points where a click moves the selected hero to grid cell `cell`: the
/// cell where the hero sees it, or the cell in sight a fall into it starts
/// from.
pub fn hover_move_to(s: &mut Screens, cell: CellPos, size: (u32, u32)) -> Vec2 {
    hover(s, size, |play| {
        play.screen_pos_to_move_to(cell, size)
            .unwrap_or_else(|| panic!("no move to cell {cell} in sight"))
    })
}

/// Points at the pixel `at` finds, once the camera's glide has come to
/// rest, zooming out first (again and again) if it lies off screen or
/// under the HUD, as a player would.
fn hover(
    s: &mut Screens,
    size: (u32, u32),
    at: impl Fn(&platform::screens::play::PlayScreen) -> Vec2,
) -> Vec2 {
    if let Some(play) = s.play_mut() {
        play.camera.settle();
    }
    let screen = Vec2::new(size.0 as f32, size.1 as f32);
    let mut zoom_outs = 0;
    let p = loop {
        let play = s.play().expect("playing");
        let p = at(play);
        let clear = p.cmpge(Vec2::ZERO).all() && p.cmplt(screen).all() && !play.over_hud(p, size);
        if clear || zoom_outs == 8 {
            break p;
        }
        key(s, Key::ZoomOut, size);
        zoom_outs += 1;
    };
    s.handle(Input::MouseMove(p), size);
    p
}

/// Points at grid cell `cell` and clicks.
pub fn click_cell(s: &mut Screens, cell: CellPos, size: (u32, u32)) -> Option<AppRequest> {
    let p = hover_cell(s, cell, size);
    s.handle(Input::Click(p), size)
}

/// Opens the context menu and chooses the first entry that starts with
/// `label` and is not refused, with Down presses (until that entry is the
/// selected one) and Enter.
pub fn choose(s: &mut Screens, label: &str, size: (u32, u32)) {
    key(s, Key::Context, size);
    let menu = |s: &Screens| {
        s.play()
            .and_then(|p| p.context_menu())
            .map(|m| (m.entries.clone(), m.menu.selected))
            .unwrap_or_default()
    };
    let (entries, _) = menu(s);
    let labels: Vec<&str> = entries.iter().map(|e| e.label.as_str()).collect();
    let i = entries
        .iter()
        .position(|e| e.label.starts_with(label) && e.refused.is_none())
        .unwrap_or_else(|| panic!("no `{label}` among the actions {labels:?}"));
    for _ in 0..entries.len() {
        if menu(s).1 == i {
            break;
        }
        key(s, Key::Down, size);
    }
    assert_eq!(menu(s).1, i, "Down never reached `{label}` in {labels:?}");
    key(s, Key::Enter, size);
}

/// How a solution's moves and levitations are pointed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pointing {
    /// The mouse: hover, click.
    Mouse,
    /// The target cursor: arrows from where it starts, Enter. No mouse
    /// event at all.
    Keys,
}

/// Moves the target cursor (already out) to view cell `to` with arrow
/// presses, along the cells in sight (each press moves it one cell there),
/// and checks that the camera shows it clear of the HUD.
pub fn aim_at(s: &mut Screens, to: ViewPos, size: (u32, u32)) {
    let (from, path) = {
        let play = s.play().expect("playing");
        let from = play.cursor().expect("the target cursor is out");
        let view = play.view();
        let seen = |v: ViewPos| view.nodes_at(v).next().is_some();
        assert!(seen(to), "{to:?} is not in sight");
        // Breadth first over the cells in sight, from the cursor.
        let mut came_from: HashMap<ViewPos, (ViewPos, Key)> = HashMap::new();
        let mut queue = VecDeque::from([from]);
        while let Some(v) = queue.pop_front() {
            if v == to {
                break;
            }
            for (dx, dy, k) in [
                (-1, 0, Key::Left),
                (1, 0, Key::Right),
                (0, 1, Key::Up),
                (0, -1, Key::Down),
            ] {
                let n = ViewPos::new(v.x + dx, v.y + dy);
                if n != from && seen(n) && !came_from.contains_key(&n) {
                    came_from.insert(n, (v, k));
                    queue.push_back(n);
                }
            }
        }
        let mut path = Vec::new();
        let mut at = to;
        while at != from {
            let (back, k) = came_from
                .get(&at)
                .copied()
                .unwrap_or_else(|| panic!("{to:?} is not joined to {from:?} in sight"));
            path.push(k);
            at = back;
        }
        path.reverse();
        (from, path)
    };
    for k in path {
        key(s, k, size);
    }
    let play = s.play_mut().expect("playing");
    assert_eq!(play.cursor(), Some(to), "from {from:?}");
    play.settle();
    let p = play.projection(size).cell_centre(to);
    let screen = Vec2::new(size.0 as f32, size.1 as f32);
    assert!(
        p.cmpge(Vec2::ZERO).all() && p.cmplt(screen).all() && play.play_area(size).contains(p),
        "the cursor at {to:?} is drawn at {p}, off the screen or under the HUD"
    );
}

/// Plays a `sim` solution script through the screens' input, line by line,
/// pointing with the mouse; `show`, `hash` and comments are skipped.
/// Panics on a line the rules refuse (the message line says why).
pub fn play_solution(s: &mut Screens, script: &str, size: (u32, u32)) {
    play_solution_pointing(s, script, size, Pointing::Mouse);
}

/// [`play_solution`] with the keys alone: not one mouse event.
pub fn play_solution_by_keys(s: &mut Screens, script: &str, size: (u32, u32)) {
    play_solution_pointing(s, script, size, Pointing::Keys);
}

/// Plays a `sim` solution script as input, pointing as `pointing` says.
pub fn play_solution_pointing(s: &mut Screens, script: &str, size: (u32, u32), pointing: Pointing) {
    for raw in script.lines() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        let arg = |i: usize| words.get(i).copied().unwrap_or("");
        let number = |i: usize| arg(i).parse::<i32>().unwrap_or_else(|_| panic!("{line}"));
        match command {
            "show" | "hash" => continue,
            "select" => {
                let play = s.play().expect("playing");
                let stage = play.session.stage();
                let i = play
                    .heroes()
                    .iter()
                    .position(|&h| stage.id_name(h) == Some(arg(1)))
                    .unwrap_or_else(|| panic!("no hero {}", arg(1)));
                key(s, Key::Hero(i as u8), size);
            }
            "move" => {
                let cell = CellPos::new(number(1), number(2));
                match pointing {
                    Pointing::Mouse => {
                        let p = hover_move_to(s, cell, size);
                        s.handle(Input::Click(p), size);
                    }
                    Pointing::Keys => {
                        // T: the cursor starts on the hero; to the cell
                        // where a click would go, Enter.
                        key(s, Key::Target, size);
                        let to = s
                            .play()
                            .and_then(|p| p.view_pos_to_move_to(cell))
                            .unwrap_or_else(|| panic!("no move to cell {cell} in sight"));
                        aim_at(s, to, size);
                        key(s, Key::Enter, size);
                    }
                }
            }
            "levitate" => {
                // The sorceress's menu entry for the item, then where it
                // goes: a click, or the cursor (it starts on the item).
                choose(s, &format!("Levitate {}", arg(1)), size);
                let cell = CellPos::new(number(2), number(3));
                match pointing {
                    Pointing::Mouse => {
                        click_cell(s, cell, size);
                    }
                    Pointing::Keys => {
                        let to = s
                            .play()
                            .and_then(|p| p.view_pos_of_cell(cell))
                            .unwrap_or_else(|| panic!("cell {cell} is not in sight"));
                        aim_at(s, to, size);
                        key(s, Key::Enter, size);
                    }
                }
            }
            "end-turn" => {
                // Enter, and Enter again when the game asks (AP left).
                key(s, Key::Enter, size);
                if s.play().is_some_and(|p| p.asking_to_end_turn()) {
                    key(s, Key::Enter, size);
                }
            }
            _ => {
                let label = match (command, arg(1)) {
                    ("pickup", "") => "Pick up".to_string(),
                    ("pickup", item) => format!("Pick up {item}"),
                    ("drop", _) => "Set down".into(),
                    ("put-in", _) => "Put ".into(),
                    ("take-out", _) => "Take ".into(),
                    ("deploy-rope", "down") => "Let the rope down here".into(),
                    ("deploy-rope", dir) => format!("Let the rope down {dir}"),
                    ("hoist", _) => "Hoist".into(),
                    ("lower", _) => "Lower".into(),
                    ("take-rope", _) => "Take the rope back".into(),
                    ("tie", _) => "Tie".into(),
                    ("exit", _) => "Leave".into(),
                    _ => panic!("the input driver has no `{command}`"),
                };
                choose(s, &label, size);
            }
        }
        if let Some(play) = s.play() {
            if let Some(platform::screens::play::hud::Message::Refused(why)) = play.message() {
                panic!("`{line}` was refused: {why}");
            }
        }
    }
}
