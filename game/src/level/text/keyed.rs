//! The keyed sections: `[level]`, `[things]` and `[portals]`, one
//! `key = value` line each. Lines are split at the first `=`; the value is
//! split into whitespace-separated tokens, each remembering its column so an
//! error can point at it.
//!
//! Grammar (see `levels/README.md`):
//! ```text
//! [level]    name = "Any text"
//!            required_relics = N    par = N
//!            requires = ITEM [ITEM…]    forbids = ITEM [ITEM…]
//! [things]   ID = hero KIND at X,Y [rope N]
//!            ID = item NAME at X,Y flags FLAG|FLAG…   (or flags NONE)
//!            ID = rope at X,Y len N
//!            ID = watcher at X,Y [route X,Y X,Y …]
//! [portals]  LABEL = straight | flip | cw | ccw
//! ```

use crate::equipment::{Equipment, EquipmentSet};
use crate::grid::{CellPos, PortalKind};
use crate::level::thing_spec::{is_identifier, MAX_ROPE_LEN, MAX_ROUTE_POINTS};
use crate::level::validate::{name_ok, MAX_PAR};
use crate::level::{label_index, ErrorKind, HeroKind, ItemFlags, Pos, ThingSpec, ThingSpecKind};

/// The largest coordinate the text accepts; the grid check then says
/// whether it is inside.
const MAX_COORD: u64 = 9999;

/// A word of a line and the column (from 1) where it starts.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    text: &'a str,
    col: u32,
}

/// An error found on one line.
pub(crate) type LineError = (Pos, ErrorKind);

fn syntax(line: u32, col: u32, expected: &str, found: &str) -> LineError {
    let found: String = found.chars().take(40).collect();
    (
        Pos::at(line, col),
        ErrorKind::Syntax {
            expected: expected.to_string(),
            found,
        },
    )
}

/// Splits `s` (which starts at column `col0`) into tokens.
fn tokens(s: &str, col0: u32) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, u32)> = None;
    let mut col = col0;
    for (i, ch) in s.char_indices() {
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                out.push(Token {
                    text: &s[b..i],
                    col: c,
                });
            }
        } else if start.is_none() {
            start = Some((i, col));
        }
        col = col.saturating_add(1);
    }
    if let Some((b, c)) = start {
        out.push(Token {
            text: &s[b..],
            col: c,
        });
    }
    out
}

/// A `key = value` line split at its first `=`: the key token(s) and the
/// value, with the value's starting column.
struct KeyValue<'a> {
    keys: Vec<Token<'a>>,
    value: &'a str,
    value_col: u32,
    /// Column of the `=`.
    eq_col: u32,
}

fn split_key_value<'a>(
    line: &'a str,
    line_no: u32,
    expected: &str,
) -> Result<KeyValue<'a>, LineError> {
    let first_col = line.chars().take_while(|c| c.is_whitespace()).count() as u32 + 1;
    let Some(eq) = line.find('=') else {
        return Err(syntax(line_no, first_col, expected, line.trim()));
    };
    let eq_col = line[..eq].chars().count() as u32 + 1;
    Ok(KeyValue {
        keys: tokens(&line[..eq], 1),
        value: &line[eq + 1..],
        value_col: eq_col + 1,
        eq_col,
    })
}

/// The single key of a line, or an error pointing at what is wrong.
fn single_key<'a>(kv: &KeyValue<'a>, line_no: u32, what: &str) -> Result<Token<'a>, LineError> {
    match kv.keys.as_slice() {
        [] => Err(syntax(line_no, kv.eq_col, what, "=")),
        [key] => Ok(*key),
        [_, second, ..] => Err(syntax(
            line_no,
            second.col,
            "'=' after the key",
            second.text,
        )),
    }
}

/// One `[level]` line: the key and its value.
#[derive(Debug)]
pub(crate) enum LevelLine {
    /// `name = "…"`, with the position of the value.
    Name(String, Pos),
    /// `required_relics = N`: relics that must leave to clear the level.
    RequiredRelics(u16, Pos),
    /// `par = N`: the turns of the best known solution.
    Par(u32, Pos),
    /// `requires = ITEM …`: equipment the party must take in.
    Requires(EquipmentSet, Pos),
    /// `forbids = ITEM …`: equipment the level forbids.
    Forbids(EquipmentSet, Pos),
}

/// Parses a `[level]` line.
pub(crate) fn parse_level_line(line: &str, line_no: u32) -> Result<LevelLine, LineError> {
    let kv = split_key_value(line, line_no, "`name = \"...\"`")?;
    let key = single_key(&kv, line_no, "a key such as name")?;
    let lead = kv.value.chars().take_while(|c| c.is_whitespace()).count() as u32;
    let value = kv.value.trim();
    let col = kv.value_col + lead;
    let pos = Pos::at(line_no, col);
    match key.text {
        "name" => {}
        "required_relics" => {
            let n = number(value, line_no, col, "required relics", 0, 10_000)?;
            return Ok(LevelLine::RequiredRelics(n as u16, pos));
        }
        "par" => {
            let n = number(value, line_no, col, "par", 1, MAX_PAR)?;
            return Ok(LevelLine::Par(n as u32, pos));
        }
        "requires" => {
            let set = equipment_list(kv.value, line_no, kv.value_col)?;
            return Ok(LevelLine::Requires(set, pos));
        }
        "forbids" => {
            let set = equipment_list(kv.value, line_no, kv.value_col)?;
            return Ok(LevelLine::Forbids(set, pos));
        }
        other => {
            let pos = Pos::at(line_no, key.col);
            return Err((
                pos,
                ErrorKind::UnknownKey {
                    section: "level",
                    key: other.to_string(),
                },
            ));
        }
    }
    let inner = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| {
            syntax(
                line_no,
                kv.value_col + lead,
                "a name in double quotes",
                value,
            )
        })?;
    if !name_ok(inner) {
        return Err((pos, ErrorKind::BadName));
    }
    Ok(LevelLine::Name(inner.to_string(), pos))
}

/// A `requires` or `forbids` value: one or more equipment names separated
/// by spaces, each once (`value` starts at column `col0`).
fn equipment_list(value: &str, line_no: u32, col0: u32) -> Result<EquipmentSet, LineError> {
    let expected = "equipment: long_rope, second_rope or spare_bucket";
    let words = tokens(value, col0);
    if words.is_empty() {
        return Err(syntax(line_no, col0, expected, ""));
    }
    let mut set = EquipmentSet::EMPTY;
    for w in words {
        let e =
            Equipment::from_name(w.text).ok_or_else(|| syntax(line_no, w.col, expected, w.text))?;
        if !set.insert(e) {
            return Err(syntax(
                line_no,
                w.col,
                "each piece of equipment once",
                w.text,
            ));
        }
    }
    Ok(set)
}

/// One `[portals]` line: label, kind, and where the kind is written.
#[derive(Debug)]
pub(crate) struct PortalLine {
    /// The portal's label.
    pub label: char,
    /// The kind asked for.
    pub kind: PortalKind,
    /// Position of the label.
    pub label_pos: Pos,
    /// Position of the kind.
    pub kind_pos: Pos,
}

/// Parses a `[portals]` line.
pub(crate) fn parse_portal_line(line: &str, line_no: u32) -> Result<PortalLine, LineError> {
    let kv = split_key_value(line, line_no, "`LABEL = straight` (or flip, cw, ccw)")?;
    let key = single_key(&kv, line_no, "a portal label")?;
    let mut chars = key.text.chars();
    let label = match (chars.next(), chars.next()) {
        (Some(c), None) if label_index(c).is_some() => c,
        _ => {
            return Err(syntax(
                line_no,
                key.col,
                "a portal label (one letter, digit, or ! $ % &)",
                key.text,
            ))
        }
    };
    let words = tokens(kv.value, kv.value_col);
    let expected = "a portal kind: straight, flip, cw or ccw";
    let kind_tok = words
        .first()
        .ok_or_else(|| syntax(line_no, kv.value_col, expected, ""))?;
    let kind = PortalKind::from_name(kind_tok.text)
        .ok_or_else(|| syntax(line_no, kind_tok.col, expected, kind_tok.text))?;
    if let Some(extra) = words.get(1) {
        return Err(syntax(
            line_no,
            extra.col,
            "the end of the line",
            extra.text,
        ));
    }
    Ok(PortalLine {
        label,
        kind,
        label_pos: Pos::at(line_no, key.col),
        kind_pos: Pos::at(line_no, kind_tok.col),
    })
}

/// One `[things]` line: the spec and where its parts are written.
#[derive(Debug)]
pub(crate) struct ThingLine {
    /// The thing.
    pub spec: ThingSpec,
    /// Position of the id.
    pub id_pos: Pos,
    /// Position of the `X,Y` after `at`.
    pub cell_pos: Pos,
    /// Position of the kind word (for kind-specific problems).
    pub data_pos: Pos,
    /// Position of each route point.
    pub route_pos: Vec<Pos>,
}

/// Walks the value tokens of a things line.
struct Cursor<'a> {
    words: Vec<Token<'a>>,
    next: usize,
    line: u32,
    /// Column just past the last token, for "found the end of the line".
    end_col: u32,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<Token<'a>> {
        self.words.get(self.next).copied()
    }

    fn take(&mut self, expected: &str) -> Result<Token<'a>, LineError> {
        match self.peek() {
            Some(t) => {
                self.next += 1;
                Ok(t)
            }
            None => Err(syntax(self.line, self.end_col, expected, "")),
        }
    }

    fn keyword(&mut self, word: &str) -> Result<(), LineError> {
        let t = self.take(&format!("'{word}'"))?;
        if t.text == word {
            Ok(())
        } else {
            Err(syntax(self.line, t.col, &format!("'{word}'"), t.text))
        }
    }

    fn optional(&mut self, word: &str) -> bool {
        let hit = self.peek().is_some_and(|t| t.text == word);
        if hit {
            self.next += 1;
        }
        hit
    }

    fn end(&self) -> Result<(), LineError> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(syntax(self.line, t.col, "the end of the line", t.text)),
        }
    }

    fn number(&mut self, what: &'static str, min: u64, max: u64) -> Result<u64, LineError> {
        let t = self.take(what)?;
        number(t.text, self.line, t.col, what, min, max)
    }

    fn cell(&mut self) -> Result<(CellPos, Pos), LineError> {
        let t = self.take("a cell X,Y")?;
        let pos = Pos::at(self.line, t.col);
        let Some((xs, ys)) = t.text.split_once(',') else {
            return Err(syntax(self.line, t.col, "a cell X,Y", t.text));
        };
        let x = number(xs, self.line, t.col, "x", 0, MAX_COORD)?;
        let y_col = t.col + xs.chars().count() as u32 + 1;
        let y = number(ys, self.line, y_col, "y", 0, MAX_COORD)?;
        // Both are at most MAX_COORD, so they fit.
        Ok((CellPos::new(x as i32, y as i32), pos))
    }
}

/// Parses a decimal number between `min` and `max`.
fn number(
    s: &str,
    line: u32,
    col: u32,
    what: &'static str,
    min: u64,
    max: u64,
) -> Result<u64, LineError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(syntax(line, col, &format!("a number ({what})"), s));
    }
    let value = s.bytes().fold(0u64, |acc, b| {
        acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    });
    if value < min || value > max {
        return Err((
            Pos::at(line, col),
            ErrorKind::OutOfRange {
                what,
                value,
                min,
                max,
            },
        ));
    }
    Ok(value)
}

fn flags(t: Token<'_>, line: u32) -> Result<ItemFlags, LineError> {
    let expected = "item flags such as ACQUIRE|PLACE|RELIC, or NONE";
    if t.text == "NONE" {
        return Ok(ItemFlags::NONE);
    }
    let mut out = ItemFlags::NONE;
    let mut col = t.col;
    for part in t.text.split('|') {
        match ItemFlags::from_name(part) {
            Some(f) => out = out.union(f),
            None => return Err(syntax(line, col, expected, part)),
        }
        col += part.chars().count() as u32 + 1;
    }
    Ok(out)
}

/// Parses a `[things]` line.
pub(crate) fn parse_thing_line(line: &str, line_no: u32) -> Result<ThingLine, LineError> {
    let kv = split_key_value(line, line_no, "`ID = hero|item|rope|watcher ...`")?;
    let key = single_key(&kv, line_no, "an id")?;
    let id_pos = Pos::at(line_no, key.col);
    if !is_identifier(key.text) {
        return Err((id_pos, ErrorKind::BadIdentifier(key.text.to_string())));
    }
    let words = tokens(kv.value, kv.value_col);
    let end_col = words
        .last()
        .map_or(kv.value_col, |t| t.col + t.text.chars().count() as u32);
    let mut cur = Cursor {
        words,
        next: 0,
        line: line_no,
        end_col,
    };
    let kind_tok = cur.take("a kind: hero, item, rope or watcher")?;
    let data_pos = Pos::at(line_no, kind_tok.col);
    let mut route_pos = Vec::new();
    let (kind, cell, cell_pos) = match kind_tok.text {
        "hero" => {
            let expected = "a hero kind: knight, scout or sorceress";
            let t = cur.take(expected)?;
            let hero = HeroKind::from_name(t.text)
                .ok_or_else(|| syntax(line_no, t.col, expected, t.text))?;
            cur.keyword("at")?;
            let (cell, cell_pos) = cur.cell()?;
            let rope = if cur.optional("rope") {
                Some(cur.number("rope length", 1, MAX_ROPE_LEN.into())? as u16)
            } else {
                None
            };
            (
                ThingSpecKind::Hero {
                    hero,
                    rope_len_cells: rope,
                },
                cell,
                cell_pos,
            )
        }
        "item" => {
            let t = cur.take("an item name")?;
            if !is_identifier(t.text) {
                return Err((
                    Pos::at(line_no, t.col),
                    ErrorKind::BadIdentifier(t.text.to_string()),
                ));
            }
            cur.keyword("at")?;
            let (cell, cell_pos) = cur.cell()?;
            cur.keyword("flags")?;
            let f = flags(cur.take("item flags")?, line_no)?;
            (
                ThingSpecKind::Item {
                    name: t.text.to_string(),
                    flags: f,
                },
                cell,
                cell_pos,
            )
        }
        "rope" => {
            cur.keyword("at")?;
            let (cell, cell_pos) = cur.cell()?;
            cur.keyword("len")?;
            let len = cur.number("rope length", 1, MAX_ROPE_LEN.into())? as u16;
            (ThingSpecKind::RopeCoil { len_cells: len }, cell, cell_pos)
        }
        "watcher" => {
            cur.keyword("at")?;
            let (cell, cell_pos) = cur.cell()?;
            let mut route = Vec::new();
            if cur.optional("route") {
                loop {
                    if route.len() == MAX_ROUTE_POINTS {
                        if let Some(t) = cur.peek() {
                            let value = (cur.words.len() - cur.next + route.len()) as u64;
                            let kind = ErrorKind::OutOfRange {
                                what: "route points",
                                value,
                                min: 1,
                                max: MAX_ROUTE_POINTS as u64,
                            };
                            return Err((Pos::at(line_no, t.col), kind));
                        }
                    }
                    let (p, pos) = cur.cell()?;
                    route.push(p);
                    route_pos.push(pos);
                    if cur.peek().is_none() {
                        break;
                    }
                }
            }
            (ThingSpecKind::Watcher { route }, cell, cell_pos)
        }
        other => {
            return Err(syntax(
                line_no,
                kind_tok.col,
                "a kind: hero, item, rope or watcher",
                other,
            ))
        }
    };
    cur.end()?;
    Ok(ThingLine {
        spec: ThingSpec {
            id: key.text.to_string(),
            cell,
            kind,
        },
        id_pos,
        cell_pos,
        data_pos,
        route_pos,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_know_their_columns() {
        let t = tokens("  ab  c", 5);
        assert_eq!(t.len(), 2);
        assert_eq!((t[0].text, t[0].col), ("ab", 7));
        assert_eq!((t[1].text, t[1].col), ("c", 11));
    }

    #[test]
    fn thing_lines_parse_every_kind() {
        let hero = parse_thing_line("knight = hero knight at 1,2 rope 6", 1)
            .map_err(|e| e.1)
            .expect("hero");
        assert_eq!(
            hero.spec.kind,
            ThingSpecKind::Hero {
                hero: HeroKind::Knight,
                rope_len_cells: Some(6)
            }
        );
        assert_eq!(hero.spec.cell, CellPos::new(1, 2));
        assert_eq!(hero.cell_pos, Pos::at(1, 25));
        let item = parse_thing_line("b = item bucket at 0,0 flags ACQUIRE|HANG", 1)
            .map_err(|e| e.1)
            .expect("item");
        assert_eq!(
            item.spec.kind,
            ThingSpecKind::Item {
                name: "bucket".into(),
                flags: ItemFlags::ACQUIRE.union(ItemFlags::HANG)
            }
        );
        let coil = parse_thing_line("c = rope at 3,4 len 5", 1)
            .map_err(|e| e.1)
            .expect("coil");
        assert_eq!(coil.spec.kind, ThingSpecKind::RopeCoil { len_cells: 5 });
        let w = parse_thing_line("g = watcher at 1,1 route 1,1 3,1", 1)
            .map_err(|e| e.1)
            .expect("watcher");
        assert_eq!(
            w.spec.kind,
            ThingSpecKind::Watcher {
                route: vec![CellPos::new(1, 1), CellPos::new(3, 1)]
            }
        );
        assert_eq!(w.route_pos, [Pos::at(1, 26), Pos::at(1, 30)]);
    }

    #[test]
    fn bad_thing_lines_point_at_the_bad_token() {
        let e = parse_thing_line("k = hero wizard at 1,1", 4).expect_err("bad kind");
        assert_eq!(e.0, Pos::at(4, 10));
        assert_eq!(
            e.1.to_string(),
            "expected a hero kind: knight, scout or sorceress, found 'wizard'"
        );
        let e = parse_thing_line("k = hero knight at 1,1 rope 0", 4).expect_err("rope 0");
        assert_eq!(e.0, Pos::at(4, 29));
        assert_eq!(e.1.to_string(), "rope length 0 (expected 1 to 128)");
        let e = parse_thing_line("k = item x at 1,1 flags ACQUIRE|SHINY", 2).expect_err("flag");
        assert_eq!(e.0, Pos::at(2, 33));
        let e = parse_thing_line("k = rope at 1,1", 2).expect_err("no len");
        assert_eq!(e.1.to_string(), "expected 'len', found the end of the line");
        assert_eq!(e.0, Pos::at(2, 16));
        let e =
            parse_thing_line("k = rope at 99999999999999999999999,1 len 2", 2).expect_err("huge");
        assert_eq!(
            e.1,
            ErrorKind::OutOfRange {
                what: "x",
                value: u64::MAX,
                min: 0,
                max: MAX_COORD
            }
        );
    }

    #[test]
    fn routes_hold_at_most_32_points() {
        let points = |n: usize| (0..n).map(|i| format!(" {i},0")).collect::<String>();
        let ok = format!("g = watcher at 0,0 route{}", points(32));
        assert!(parse_thing_line(&ok, 1).is_ok());
        let long = format!("g = watcher at 0,0 route{}", points(33));
        let e = parse_thing_line(&long, 1).expect_err("33 points");
        assert_eq!(e.1.to_string(), "route points 33 (expected 1 to 32)");
        // The 33rd point is where the line went wrong.
        let col = long.rfind(' ').map(|i| i as u32 + 2);
        assert_eq!(Some(e.0), col.map(|c| Pos::at(1, c)));
        let e = parse_thing_line("g = watcher at 0,0 route", 1).expect_err("no points");
        assert_eq!(
            e.1.to_string(),
            "expected a cell X,Y, found the end of the line"
        );
    }

    #[test]
    fn level_and_portal_lines() {
        match parse_level_line("name = \"Two rooms\"", 1) {
            Ok(LevelLine::Name(n, pos)) => {
                assert_eq!(n, "Two rooms");
                assert_eq!(pos, Pos::at(1, 8));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            parse_level_line("required_relics = 2", 1),
            Ok(LevelLine::RequiredRelics(2, _))
        ));
        assert!(matches!(
            parse_level_line("par = 12", 1),
            Ok(LevelLine::Par(12, _))
        ));
        let e = parse_level_line("par = 0", 4).expect_err("par is at least 1");
        assert_eq!(e.0, Pos::at(4, 7));
        assert!(parse_level_line("par = many", 4).is_err());
        match parse_level_line("forbids = spare_bucket second_rope", 2) {
            Ok(LevelLine::Forbids(set, pos)) => {
                assert_eq!(set.to_string(), "second_rope spare_bucket");
                assert_eq!(pos, Pos::at(2, 11));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            parse_level_line("requires = long_rope", 1),
            Ok(LevelLine::Requires(set, _)) if set == EquipmentSet::of(&[Equipment::LongRope])
        ));
        let e = parse_level_line("requires = long_rope grappling_hook", 5).expect_err("unknown");
        assert_eq!(e.0, Pos::at(5, 22));
        assert_eq!(
            e.1.to_string(),
            "expected equipment: long_rope, second_rope or spare_bucket, found 'grappling_hook'"
        );
        let e = parse_level_line("forbids = long_rope long_rope", 5).expect_err("twice");
        assert_eq!(e.0, Pos::at(5, 21));
        assert_eq!(
            e.1.to_string(),
            "expected each piece of equipment once, found 'long_rope'"
        );
        let e = parse_level_line("forbids =  ", 5).expect_err("empty");
        assert_eq!(
            e.1.to_string(),
            "expected equipment: long_rope, second_rope or spare_bucket, found the end of the line"
        );
        let e = parse_level_line("title = \"x\"", 3).expect_err("unknown key");
        assert_eq!(e.0, Pos::at(3, 1));
        let p = parse_portal_line("a = flip", 2)
            .map_err(|e| e.1)
            .expect("portal");
        assert_eq!(
            (p.label, p.kind, p.kind_pos),
            ('a', PortalKind::Flip, Pos::at(2, 5))
        );
        assert!(parse_portal_line("ab = flip", 2).is_err());
        assert!(parse_portal_line("a = sideways", 2).is_err());
    }
}
