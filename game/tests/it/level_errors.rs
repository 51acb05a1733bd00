//! One test per load error: each asserts the whole message, so the file,
//! the line:column (or byte) and the expectation are all checked.

use game::level::{binary, check_text, load_text, text::check_text_bytes, LevelError};

/// A valid level; tests replace parts of it. Line numbers: 4 `[grid]`,
/// 5-7 the art, 9 `[things]`, 10 the knight.
const BASE: &str = "\
[level]
name = \"T\"

[grid]
#######
#@....#
#######

[things]
knight = hero knight at 0,0
";

fn err(text: &str) -> String {
    match load_text("t.txt", text) {
        Ok(_) => panic!("loaded:\n{text}"),
        Err(e) => e.to_string(),
    }
}

fn with_row(row: &str) -> String {
    BASE.replace("#@....#", row)
}

#[test]
fn base_is_valid() {
    assert!(load_text("t.txt", BASE).is_ok());
}

#[test]
fn unknown_character() {
    assert_eq!(
        err(&with_row("#@.Q..#")),
        "t.txt:6:4: unknown character 'Q' in a cell (expected '.' air, '@' the entrance or '#' rock)"
    );
    assert_eq!(
        err(&with_row("#@-...#")),
        "t.txt:6:3: unknown character '-' on a vertical edge (expected '#' wall, '.' open or a portal label; platforms are horizontal)"
    );
    assert_eq!(
        err(&BASE.replace("#######\n\n", "##*####\n\n")),
        "t.txt:7:3: unknown character '*' at a corner (expected '#', '-', '.' or '+')"
    );
}

#[test]
fn ragged_rows() {
    assert_eq!(
        err(&with_row("#@...#")),
        "t.txt:6:7: grid row is 6 characters wide (expected 7, like the first row)"
    );
}

#[test]
fn portal_label_used_once() {
    assert_eq!(
        err(&with_row("a@....#")),
        "t.txt:6:1: portal label 'a' marks only this edge (expected it on exactly two edges)"
    );
}

#[test]
fn portal_label_used_more_than_twice() {
    assert_eq!(
        err(&with_row("a@..a.a")),
        "t.txt:6:7: portal label 'a' marks a third edge (expected it on exactly two edges)"
    );
}

#[test]
fn portal_edges_that_cannot_be_joined() {
    // The second 'a' is the outer wall of a rock cell: no air on either side.
    assert_eq!(
        err(&with_row("a@..##a")),
        "t.txt:6:7: portal 'a' cannot be joined: this edge has air on neither side (expected an air cell beside it)"
    );
    // Left and right outer walls can only be joined straight.
    let flip = format!("{}\n[portals]\na = flip\n", with_row("a@....a"));
    assert_eq!(
        err(&flip),
        "t.txt:13:5: portal 'a' cannot be joined as flip (expected straight)"
    );
    // A floor and a wall with air on both sides could turn either way.
    let text = BASE
        .replace(
            "#######\n#@....#\n#######",
            "#######\n#@....a\n#..a..#\n#.....#\n#######",
        )
        .replace("at 0,0", "at 0,1");
    assert_eq!(
        err(&text),
        "t.txt:6:7: portal 'a' could turn either way (expected a line `a = cw` or `a = ccw` in [portals])"
    );
}

#[test]
fn thing_outside_the_grid() {
    assert_eq!(
        err(&BASE.replace("at 0,0", "at 9,0")),
        "t.txt:10:25: thing 'knight' at 9,0 is outside the 3x1 grid (expected 0 <= x < 3, 0 <= y < 1)"
    );
    let watcher = format!("{BASE}guard = watcher at 2,0 route 2,0 2,5\n");
    assert_eq!(
        err(&watcher),
        "t.txt:11:34: route point 2 of 'guard' at 2,5 is outside the 3x1 grid (expected 0 <= x < 3, 0 <= y < 1)"
    );
}

#[test]
fn thing_in_an_unknown_cell() {
    // Cell 2,0 is rock: not part of any room.
    let text = with_row("#@..###").replace("at 0,0", "at 2,0");
    assert_eq!(
        err(&text),
        "t.txt:10:25: thing 'knight' at 2,0 is in rock (expected an air cell)"
    );
}

#[test]
fn duplicate_ids() {
    let text = format!("{BASE}knight = hero scout at 1,0\n");
    assert_eq!(
        err(&text),
        "t.txt:11:1: duplicate id 'knight' (expected each id once)"
    );
}

#[test]
fn no_entrance() {
    assert_eq!(
        err(&with_row("#.....#")),
        "t.txt:4:1: no entrance (expected one '@' cell in the grid)"
    );
    assert_eq!(
        err(&with_row("#@.@..#")),
        "t.txt:6:4: a second entrance '@' (expected exactly one)"
    );
}

#[test]
fn no_hero() {
    let text = BASE.replace(
        "knight = hero knight at 0,0",
        "relic = item relic at 0,0 flags RELIC",
    );
    assert_eq!(
        err(&text),
        "t.txt:9:1: no hero (expected at least one `hero` in [things])"
    );
}

#[test]
fn more_than_64_portals() {
    // 65 cells in a row, each with its floor and ceiling one portal.
    let labels: Vec<char> = game::level::PORTAL_LABELS.chars().take(65).collect();
    let edges: String = labels.iter().map(|l| format!("#{l}")).collect::<String>() + "#";
    let cells = format!("#@{}#", ".".repeat(2 * 64));
    let art = format!("{edges}\n{cells}\n{edges}");
    let text = BASE.replace("#######\n#@....#\n#######", &art);
    assert_eq!(
        err(&text),
        "t.txt:5:130: 65 portals; '%' is portal 65 (expected at most 64)"
    );
    // 64 is fine.
    let art64 = art.replace('%', "#");
    let text64 = BASE.replace("#######\n#@....#\n#######", &art64);
    let level = load_text("t.txt", &text64).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(level.grid.portals().len(), 64);
}

#[test]
fn grid_over_the_limits() {
    let wide = format!("#{}", "#".repeat(2 * 129));
    let text = BASE.replace(
        "#######\n#@....#\n#######",
        &format!("{wide}\n{wide}\n{wide}"),
    );
    assert_eq!(
        err(&text),
        "t.txt:5:258: grid is 129 cells wide (expected at most 128)"
    );
    let tall = vec!["###"; 2 * 129 + 1].join("\n");
    let text = BASE.replace("#######\n#@....#\n#######", &tall);
    assert_eq!(
        err(&text),
        "t.txt:262:1: grid is 129 cells tall (expected at most 128)"
    );
    let even = BASE.replace("#######\n#@....#\n#######", "#######\n#@....#");
    assert_eq!(
        err(&even),
        "t.txt:4:1: grid art has 2 rows (expected an odd number, at least 3: edges and cells alternate, edges first and last)"
    );
}

#[test]
fn open_edges_on_the_boundary_or_beside_rock() {
    assert_eq!(
        err(&with_row(".@....#")),
        "t.txt:6:1: open edge on the outer boundary (expected '#' or a portal label)"
    );
    assert_eq!(
        err(&with_row("#@...##")),
        "t.txt:6:5: open edge beside rock (expected '#' or a portal label)"
    );
}

#[test]
fn section_and_line_syntax() {
    assert_eq!(
        err(&format!("{BASE}[extras]\n")),
        "t.txt:11:1: unknown section [extras] (expected [level], [grid], [things] or [portals])"
    );
    assert_eq!(
        err(&format!("{BASE}[things]\n")),
        "t.txt:11:1: a second [things] section (expected each section once)"
    );
    assert_eq!(
        err(&format!("hello\n{BASE}")),
        "t.txt:1:1: 'hello' before any section (expected a header such as [level], or a // comment)"
    );
    assert_eq!(
        err(&BASE.replace("hero knight at 0,0", "hero knight at 0;0")),
        "t.txt:10:25: expected a cell X,Y, found '0;0'"
    );
    assert_eq!(
        err(&BASE.replace("name = \"T\"", "name = T")),
        "t.txt:2:8: expected a name in double quotes, found 'T'"
    );
    assert_eq!(
        err(&format!("{BASE}\n[portals]\nq = straight\n")),
        "t.txt:13:1: portal 'q' is not in the grid (expected a label used in [grid])"
    );
}

#[test]
fn not_utf8() {
    let mut bytes = BASE.as_bytes().to_vec();
    bytes.splice(20..20, [0xFF, 0xFE]);
    let e = check_text_bytes("t.txt", &bytes).expect_err("not UTF-8");
    assert_eq!(
        e[0].to_string(),
        "t.txt:4:1: bytes that are not UTF-8 (expected UTF-8 text)"
    );
}

#[test]
fn every_problem_is_reported_in_order() {
    let text = with_row("#@.Q..#") + "knight = hero scout at 1,0\ncoil = rope at 1,0 len 999\n";
    let errors: Vec<String> = check_text("t.txt", &text)
        .expect_err("three problems")
        .iter()
        .map(LevelError::to_string)
        .collect();
    assert_eq!(
        errors,
        [
            "t.txt:6:4: unknown character 'Q' in a cell (expected '.' air, '@' the entrance or '#' rock)",
            "t.txt:11:1: duplicate id 'knight' (expected each id once)",
            "t.txt:12:24: rope length 999 (expected 1 to 128)",
        ]
    );
}

fn valid_binary() -> Vec<u8> {
    let level = load_text("t.txt", BASE).unwrap_or_else(|e| panic!("{e}"));
    binary::to_binary(&level).expect("encodes")
}

fn bin_err(bytes: &[u8]) -> String {
    match binary::from_binary("t.rlv", bytes) {
        Ok(_) => panic!("decoded"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn binary_truncated() {
    let bytes = valid_binary();
    let cut = bytes.len() - 3;
    assert_eq!(
        bin_err(&bytes[..cut]),
        format!(
            "t.rlv: byte {cut}: file is truncated: it has {cut} bytes (expected at least {})",
            bytes.len()
        )
    );
    assert_eq!(
        bin_err(&bytes[..9]),
        "t.rlv: byte 9: file is truncated: it has 9 bytes (expected at least 14)"
    );
    assert_eq!(
        bin_err(&[]),
        "t.rlv: byte 0: file is truncated: it has 0 bytes (expected at least 6)"
    );
}

#[test]
fn binary_damaged() {
    let mut bytes = valid_binary();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    assert_eq!(
        bin_err(&bytes),
        "t.rlv: byte 10: file is damaged: the checksum does not match (expected the bytes as written)"
    );
    assert_eq!(
        bin_err(b"GIF89a........"),
        "t.rlv: byte 0: not a Rappel binary level (expected the magic bytes \"RAPL\")"
    );
}

#[test]
fn binary_of_a_newer_version() {
    let mut bytes = valid_binary();
    bytes[4..6].copy_from_slice(&4u16.to_le_bytes());
    assert_eq!(
        bin_err(&bytes),
        "t.rlv: byte 4: made by a newer Rappel: format version 4 (this build reads up to 3)"
    );
}

#[test]
fn binary_levels_are_checked_like_text() {
    // A level that decodes but breaks a rule is refused naming the file.
    let mut level = load_text("t.txt", BASE).unwrap_or_else(|e| panic!("{e}"));
    level.things.push(level.things[0].clone());
    let bytes = binary::to_binary(&level).expect("encodes");
    assert_eq!(
        bin_err(&bytes),
        "t.rlv: duplicate id 'knight' (expected each id once)"
    );
}

#[test]
fn binary_note_that_text_cannot_carry() {
    // A note ending in a space would come back trimmed from its text form,
    // so a binary file holding one is refused (found by the fuzz test).
    let mut level = load_text("t.txt", &format!("// Rope\n\n{BASE}")).unwrap();
    level.notes[0] = "Rope ".to_string();
    let bytes = binary::to_binary(&level).unwrap();
    let errors = binary::check_binary("t.rlv", &bytes).unwrap_err();
    assert_eq!(
        errors[0].to_string(),
        "t.rlv: bad note line (expected at most 200 characters, no control characters, no trailing spaces)"
    );
}

/// A 5×2 level with a rock cell at 1,0; `guard` lines are appended.
const HALL: &str = "\
[level]
name = \"Hall\"

[grid]
###########
#.........#
#.###.....#
#@###.....#
###########

[things]
knight = hero knight at 0,0
";

#[test]
fn watcher_route_walks_through_rock() {
    // Out along the top row is fine; the walk back from 2,0 to 0,1 goes
    // along x first, through the rock at 1,0.
    let text = format!("{HALL}guard = watcher at 0,1 route 0,1 2,0\n");
    assert_eq!(
        err(&text),
        "t.txt:13:34: the walk of 'guard' from route point 2 to 1 at 1,0 is in rock (expected an air cell)"
    );
}

#[test]
fn watcher_not_on_its_first_waypoint() {
    let text = format!("{HALL}guard = watcher at 4,1 route 3,1 4,1\n");
    assert_eq!(
        err(&text),
        "t.txt:13:30: watcher 'guard' stands at 4,1 but its route starts at 3,1 (expected it to start where the watcher stands)"
    );
}
