//! The grid drawn as ASCII art: reading it into cells and edge marks, and
//! drawing a grid back.
//!
//! The art is `(2H+1)` rows of `(2W+1)` characters. Even rows hold edges
//! between cell rows (the first and last are the outer top and bottom), odd
//! rows hold cells with the vertical edges between them; the top row is the
//! highest `y`. So art row `r`, column `c` (from 0) is:
//! - a corner when both are even: `#`, `-`, `.` or `+`, decoration only
//!   (the writer draws `#` next to a wall, `-` between two platforms, else `.`);
//! - a horizontal edge when `r` is even: `#` wall, `-` platform, `.` open or
//!   a portal label;
//! - a vertical edge when `c` is even: `#` wall, `.` open or a portal label;
//! - a cell otherwise: `.` air, `@` the entrance (air), `#` rock.
//!
//! Cell `(x, y)` is at `r = 2(H-1-y)+1`, `c = 2x+1`.

use super::Errors;
use crate::grid::MAX_PORTALS;
use crate::grid::{CellKind, CellPos, Edge, EdgePos, EdgeType, Grid, MAX_SIZE};
use crate::level::{label_index, ArtPlace, ErrorKind, Pos};
use std::collections::BTreeMap;

/// One row of the art as written: its line number and text (trailing
/// whitespace removed).
pub(crate) struct ArtRow<'a> {
    /// Line number, from 1.
    pub line: u32,
    /// The row's characters.
    pub text: &'a str,
}

/// What the art says about one edge.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mark {
    /// A plain edge (OPEN, SOLID or PLATFORM).
    Edge(Edge),
    /// An edge of the portal with this label.
    Label(char),
}

/// The art, read: everything the characters say, before portals are joined.
pub(crate) struct Art {
    /// Cells along x.
    pub width: usize,
    /// Cells along y.
    pub height: usize,
    /// Cell kinds, index `y * width + x`.
    pub cells: Vec<CellKind>,
    /// Horizontal edge marks, index `y * width + x`.
    pub h: Vec<Mark>,
    /// Vertical edge marks, index `y * (width + 1) + x`.
    pub v: Vec<Mark>,
    /// The `@` cell.
    pub entrance: CellPos,
    /// Each label (in label order) with its edges in reading order.
    pub labels: Vec<(char, Vec<EdgePos>)>,
    /// Line number of each art row.
    pub lines: Vec<u32>,
}

/// The art row and column (from 0) of an edge in a grid `height` cells tall.
pub fn edge_art_pos(height: usize, e: EdgePos) -> (usize, usize) {
    let h = height as i64;
    let (x, y) = (e.x as i64, e.y as i64);
    let (r, c) = match e.orientation {
        crate::grid::Orientation::Horizontal => (2 * (h - y), 2 * x + 1),
        crate::grid::Orientation::Vertical => (2 * (h - 1 - y) + 1, 2 * x),
    };
    (r.max(0) as usize, c.max(0) as usize)
}

/// The art row and column (from 0) of a cell.
pub fn cell_art_pos(height: usize, c: CellPos) -> (usize, usize) {
    let r = 2 * (height as i64 - 1 - c.y as i64) + 1;
    let col = 2 * c.x as i64 + 1;
    (r.max(0) as usize, col.max(0) as usize)
}

impl Art {
    /// The text position of art row `r`, column `c`.
    pub fn pos(&self, (r, c): (usize, usize)) -> Pos {
        let line = self
            .lines
            .get(r)
            .or(self.lines.last())
            .copied()
            .unwrap_or(1);
        Pos::at(line, c as u32 + 1)
    }

    /// The text position of edge `e`.
    pub fn edge_pos(&self, e: EdgePos) -> Pos {
        self.pos(edge_art_pos(self.height, e))
    }

    /// The text position of cell `c`.
    pub fn cell_pos(&self, c: CellPos) -> Pos {
        self.pos(cell_art_pos(self.height, c))
    }
}

/// Read the art rows of the `[grid]` section whose header is at `header`.
/// Reports every problem to `errors`; `None` when there were any.
pub(crate) fn read_art(rows: &[ArtRow], header: Pos, errors: &mut Errors) -> Option<Art> {
    let Some(first) = rows.first() else {
        errors.push(
            header,
            ErrorKind::GridShape {
                what: "rows",
                count: 0,
            },
        );
        return None;
    };
    let width_chars = first.text.chars().count();
    let mut ragged = false;
    for row in rows {
        let n = row.text.chars().count();
        if n != width_chars {
            errors.push(
                Pos::at(row.line, n.min(width_chars) as u32 + 1),
                ErrorKind::RaggedRow {
                    width: n,
                    expected: width_chars,
                },
            );
            ragged = true;
        }
    }
    if ragged {
        return None;
    }
    let max_chars = 2 * MAX_SIZE + 1;
    let mut too_large = false;
    if width_chars > max_chars {
        errors.push(
            Pos::at(first.line, max_chars as u32 + 1),
            ErrorKind::GridTooLarge {
                what: "wide",
                cells: (width_chars - 1) / 2,
            },
        );
        too_large = true;
    }
    if let Some(row) = rows.get(max_chars) {
        errors.push(
            Pos::at(row.line, 1),
            ErrorKind::GridTooLarge {
                what: "tall",
                cells: (rows.len() - 1) / 2,
            },
        );
        too_large = true;
    }
    if too_large {
        return None;
    }
    let odd = |n: usize| n % 2 == 1;
    if rows.len() < 3 || !odd(rows.len()) {
        errors.push(
            header,
            ErrorKind::GridShape {
                what: "rows",
                count: rows.len(),
            },
        );
        return None;
    }
    if width_chars < 3 || !odd(width_chars) {
        errors.push(
            Pos::at(first.line, 1),
            ErrorKind::GridShape {
                what: "columns",
                count: width_chars,
            },
        );
        return None;
    }
    let (w, h) = ((width_chars - 1) / 2, (rows.len() - 1) / 2);
    let mut art = Art {
        width: w,
        height: h,
        cells: vec![CellKind::Air; w * h],
        h: vec![Mark::Edge(Edge::SOLID); w * (h + 1)],
        v: vec![Mark::Edge(Edge::SOLID); (w + 1) * h],
        entrance: CellPos::new(0, 0),
        labels: Vec::new(),
        lines: rows.iter().map(|r| r.line).collect(),
    };
    let before = errors.count();
    let mut entrance: Option<CellPos> = None;
    let mut labels: BTreeMap<usize, (char, Vec<EdgePos>)> = BTreeMap::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.text.chars().enumerate() {
            let at = Pos::at(row.line, c as u32 + 1);
            let mut unknown: Option<ArtPlace> = None;
            match (r % 2 == 0, c % 2 == 0) {
                (true, true) => {
                    if !matches!(ch, '#' | '-' | '.' | '+') {
                        unknown = Some(ArtPlace::Corner);
                    }
                }
                (false, false) => {
                    let cell = CellPos::new((c / 2) as i32, (h - 1 - r / 2) as i32);
                    let index = cell.y as usize * w + cell.x as usize;
                    match ch {
                        '.' => {}
                        '#' => {
                            if let Some(slot) = art.cells.get_mut(index) {
                                *slot = CellKind::Rock;
                            }
                        }
                        '@' => {
                            if entrance.is_some() {
                                errors.push(at, ErrorKind::SecondEntrance);
                            } else {
                                entrance = Some(cell);
                            }
                        }
                        _ => unknown = Some(ArtPlace::Cell),
                    }
                }
                (horizontal, _) => {
                    let (e, index, place) = if horizontal {
                        let e = EdgePos::horizontal((c / 2) as i32, (h - r / 2) as i32);
                        (e, e.y as usize * w + e.x as usize, ArtPlace::HorizontalEdge)
                    } else {
                        let e = EdgePos::vertical((c / 2) as i32, (h - 1 - r / 2) as i32);
                        (
                            e,
                            e.y as usize * (w + 1) + e.x as usize,
                            ArtPlace::VerticalEdge,
                        )
                    };
                    let mark = match ch {
                        '#' => Some(Mark::Edge(Edge::SOLID)),
                        '.' => Some(Mark::Edge(Edge::OPEN)),
                        '-' if horizontal => Some(Mark::Edge(Edge::PLATFORM)),
                        _ => label_index(ch).map(|li| {
                            labels.entry(li).or_insert((ch, Vec::new())).1.push(e);
                            Mark::Label(ch)
                        }),
                    };
                    let slot = if horizontal {
                        art.h.get_mut(index)
                    } else {
                        art.v.get_mut(index)
                    };
                    match (mark, slot) {
                        (Some(mark), Some(slot)) => *slot = mark,
                        (None, _) => unknown = Some(place),
                        (Some(_), None) => {}
                    }
                }
            }
            if let Some(place) = unknown {
                errors.push(at, ErrorKind::UnknownChar { ch, place });
            }
        }
    }
    for (ch, edges) in labels.values() {
        match edges.len() {
            1 => errors.push(art.edge_pos(edges[0]), ErrorKind::PortalLabelOnce(*ch)),
            2 => {}
            _ => errors.push(art.edge_pos(edges[2]), ErrorKind::PortalLabelThrice(*ch)),
        }
    }
    if let Some((ch, edges)) = labels.values().nth(MAX_PORTALS) {
        errors.push(
            art.edge_pos(edges[0]),
            ErrorKind::TooManyPortals {
                count: labels.len(),
                label: *ch,
            },
        );
    }
    match entrance {
        Some(c) => art.entrance = c,
        None => errors.push(header, ErrorKind::NoEntrance),
    }
    art.labels = labels.into_values().collect();
    (errors.count() == before).then_some(art)
}

/// Draw `grid` as art rows, with `entrance` as `@` and portal `i` as
/// `label(i)`.
pub(crate) fn draw(grid: &Grid, entrance: CellPos, label: impl Fn(usize) -> char) -> Vec<String> {
    let (w, h) = (grid.width() as i32, grid.height() as i32);
    let edge_char = |e: EdgePos| match grid.edge(e) {
        Some(edge) => match edge.edge_type() {
            EdgeType::Open => '.',
            EdgeType::Solid => '#',
            EdgeType::Platform => '-',
            EdgeType::Portal => label(edge.portal_index().unwrap_or(usize::MAX)),
        },
        None => '#',
    };
    let is = |e: EdgePos, t: EdgeType| grid.edge(e).map(|x| x.edge_type()) == Some(t);
    let mut rows = Vec::with_capacity(2 * h as usize + 1);
    for r in 0..=2 * h {
        let mut row = String::with_capacity(2 * w as usize + 1);
        for c in 0..=2 * w {
            let ch = match (r % 2 == 0, c % 2 == 0) {
                (true, true) => {
                    // Corner (cx, cy): edges left, right, below and above it.
                    let (cx, cy) = (c / 2, h - r / 2);
                    let left = EdgePos::horizontal(cx - 1, cy);
                    let right = EdgePos::horizontal(cx, cy);
                    let down = EdgePos::vertical(cx, cy - 1);
                    let up = EdgePos::vertical(cx, cy);
                    if [left, right, down, up]
                        .into_iter()
                        .any(|e| is(e, EdgeType::Solid))
                    {
                        '#'
                    } else if is(left, EdgeType::Platform) && is(right, EdgeType::Platform) {
                        '-'
                    } else {
                        '.'
                    }
                }
                (false, false) => {
                    let cell = CellPos::new(c / 2, h - 1 - r / 2);
                    if cell == entrance {
                        '@'
                    } else if grid.cell(cell) == Some(CellKind::Rock) {
                        '#'
                    } else {
                        '.'
                    }
                }
                (true, false) => edge_char(EdgePos::horizontal(c / 2, h - r / 2)),
                (false, true) => edge_char(EdgePos::vertical(c / 2, h - 1 - r / 2)),
            };
            row.push(ch);
        }
        rows.push(row);
    }
    rows
}
