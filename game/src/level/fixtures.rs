//! Level texts shared by the level tests, the tools' tests and benchmarks.
//! Each is canonical (the writer reproduces it byte for byte) and matches a
//! grid of [`crate::grid::fixtures`] where one exists.

use super::{load_text, Level};

/// The two-cell loop-back room: the party and a relic, the left and right
/// walls one straight portal. Same geometry as
/// [`crate::grid::fixtures::loop_back_room`].
pub const LOOP_BACK: &str = "\
// Fixture: the two-cell loop-back room.

[level]
name = \"Loop-back fixture\"

[grid]
#####
a@..a
#####

[things]
knight = hero knight at 0,0 rope 3
relic = item relic at 1,0 flags ACQUIRE|PLACE|RELIC

[portals]
a = straight
";

/// Two rooms joined by a door portal, with rock between; the geometry of
/// [`crate::grid::fixtures::two_rooms`], plus a watcher on a route.
pub const TWO_ROOMS: &str = "\
[level]
name = \"Two rooms\"

[grid]
###########
#@..##a...#
#...###...#
#...a##...#
###########

[things]
scout = hero scout at 0,1
guard = watcher at 4,0 route 4,0 3,0 3,1
coil = rope at 1,0 len 4

[portals]
a = straight
";

/// A floor portal in a shaft: the geometry of
/// [`crate::grid::fixtures::floor_portal_shaft`].
pub const FLOOR_PORTAL: &str = "\
[level]
name = \"Floor portal\"

[grid]
#########
#@#######
#.#######
#.#######
#a#####a#
#######.#
#######.#
#######.#
#########

[things]
sorceress = hero sorceress at 0,3
bucket = item bucket at 3,0 flags ACQUIRE|PLACE|CONTAIN|HANG

[portals]
a = straight
";

/// A horizontal edge joined to a vertical one: the geometry of
/// [`crate::grid::fixtures::rotating`].
pub const ROTATING: &str = "\
[level]
name = \"Rotating\"

[grid]
#########
#@......a
#a#######
#########
#########

[things]
knight = hero knight at 0,1

[portals]
a = ccw
";

/// Every fixture text, with a short name.
pub const ALL: [(&str, &str); 4] = [
    ("loop_back", LOOP_BACK),
    ("two_rooms", TWO_ROOMS),
    ("floor_portal", FLOOR_PORTAL),
    ("rotating", ROTATING),
];

/// A 128×128 room of air, entrance at the top left, holding `things`: the
/// largest level, for tests of what a full store does.
pub fn big_room(things: Vec<super::ThingSpec>) -> Level {
    Level {
        name: "Crowded".into(),
        notes: Vec::new(),
        grid: crate::grid::Grid::new(128, 128).unwrap_or_else(|e| unreachable!("{e}")),
        entrance: crate::grid::CellPos::new(0, 127),
        things,
        portal_labels: Vec::new(),
        required_relics: None,
        par: None,
        requires: crate::equipment::EquipmentSet::EMPTY,
        forbids: crate::equipment::EquipmentSet::EMPTY,
    }
}

/// A knight on the top row of [`big_room`] at column `x`, holding a rope
/// of `rope_len_cells`.
pub fn rope_knight(x: i32, rope_len_cells: u16) -> super::ThingSpec {
    super::ThingSpec {
        id: format!("k{x}"),
        cell: crate::grid::CellPos::new(x, 127),
        kind: super::ThingSpecKind::Hero {
            hero: super::HeroKind::Knight,
            rope_len_cells: Some(rope_len_cells),
        },
    }
}

/// Loads a fixture text; fixtures are valid, so a failure is a bug in the
/// fixture and says so.
pub fn level(text: &str) -> Level {
    match load_text("fixture", text) {
        Ok(level) => level,
        Err(e) => unreachable!("fixture does not load: {e}"),
    }
}

/// Hostile text for the tests of messages: `stem`, then an escape
/// sequence that clears a terminal (ESC `[2J`), a bell, NUL, a carriage
/// return and a long run of letters, then `tail`. Shown raw it would clear
/// the screen, ring, cut the line or send the cursor back over its start.
pub fn hostile(stem: &str, tail: &str) -> String {
    format!("{stem}\u{1b}[2J\u{7}\0\r{}{tail}", "x".repeat(300))
}

/// Asserts that `message` shows `raw` escaped (through
/// [`super::escaped`], the one escaping function) and holds no control
/// character at all.
pub fn assert_shown_escaped(message: &str, raw: &str) {
    let shown = super::escaped(raw).to_string();
    assert!(
        !message.chars().any(char::is_control),
        "a raw control character in {message:?}"
    );
    assert!(
        message.contains(&shown),
        "{message:?} does not show {shown:?}"
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::fixtures as grids;
    use crate::level::to_text;

    #[test]
    fn fixtures_are_canonical_and_match_the_grid_fixtures() {
        for (name, text) in ALL {
            let level = level(text);
            assert_eq!(to_text(&level), text, "{name} is not canonical");
        }
        assert_eq!(level(LOOP_BACK).grid, grids::loop_back_room());
        assert_eq!(level(TWO_ROOMS).grid, grids::two_rooms());
        assert_eq!(level(FLOOR_PORTAL).grid, grids::floor_portal_shaft());
        assert_eq!(level(ROTATING).grid, grids::rotating());
    }

    #[test]
    fn hostile_text_is_shown_escaped() {
        let raw = hostile("rope", "_descent.txt");
        assert!(raw.contains('\u{1b}') && raw.contains('\r') && raw.len() > 300);
        let shown = crate::level::escaped(&raw).to_string();
        assert!(
            shown.starts_with("rope\\u{1b}[2J\\u{7}\\0\\rxxx"),
            "{shown}"
        );
        assert_shown_escaped(&format!("its level {shown} is gone"), &raw);
        let path = std::path::Path::new(&raw);
        assert_eq!(crate::level::escaped_path(path), shown);
    }
}
