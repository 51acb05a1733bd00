//! A text dump of a [`GridView`], for tests, tools and bug reports.
//!
//! The map shows the window around the actor, top row first, one character
//! per view cell: `@` the actor's own cell, `.` a cell seen in the actor's
//! own region (stencil id 1), a letter `a`, `b`, … for a cell seen through
//! portals (stencil id 2, 3, …), `*` for a view cell showing slices of
//! several regions, and a space for what is not seen. Below the map, every
//! portal copy is listed: where it is seen and which grid cell it shows.

use std::fmt::Write;

use super::cast::GridView;
use super::node::ViewPos;

/// The map character of stencil id `id` (1 = `.`, 2 = `a`, …, then `+`).
fn region_char(id: u8) -> char {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    match id {
        1 => '.',
        _ => LETTERS.get(id as usize - 2).map_or('+', |&c| c as char),
    }
}

impl GridView {
    /// The character of view cell `v` in the map (see the module docs).
    pub fn map_char(&self, v: ViewPos) -> char {
        if v == ViewPos::default() && self.nodes_at(v).next().is_some() {
            return '@';
        }
        let mut ids = self.nodes_at(v).map(|n| n.stencil_id);
        match ids.next() {
            None => ' ',
            Some(first) if ids.all(|id| id == first) => region_char(first),
            Some(_) => '*',
        }
    }

    /// The map alone: `2 * radius + 1` lines, top row first, trailing spaces
    /// trimmed.
    pub fn map(&self) -> String {
        let r = self.radius();
        let mut out = String::new();
        for y in (-r..=r).rev() {
            let line: String = (-r..=r)
                .map(|x| self.map_char(ViewPos::new(x, y)))
                .collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// The full dump: a header, the map, the transforms and the portal copies.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        let o = self.origin();
        let _ = writeln!(
            out,
            "view from cell ({}, {}), radius {}: {} nodes, {} shadow segments, {} regions",
            o.x,
            o.y,
            self.radius(),
            self.nodes().len(),
            self.shadows().len(),
            self.transforms().len()
        );
        if self.overflow().any() {
            let _ = writeln!(out, "overflow (not seen): {:?}", self.overflow());
        }
        out.push_str(&self.map());
        for (i, t) in self.transforms().iter().enumerate().skip(1) {
            let m = t.view_to_grid.matrix();
            let (ox, oy) = t.view_to_grid.offset();
            let _ = writeln!(
                out,
                "region {} (stencil {}): grid = [{} {}; {} {}] view + ({ox}, {oy})",
                region_char(i as u8 + 1),
                i + 1,
                m[0][0],
                m[0][1],
                m[1][0],
                m[1][1]
            );
        }
        let mut copies: Vec<_> = self
            .nodes()
            .iter()
            .filter(|n| n.stencil_id != 1)
            .map(|n| (n.view, n.cell, n.stencil_id))
            .collect();
        copies.sort_by_key(|&(v, c, id)| (-v.y, v.x, id, c));
        copies.dedup();
        for (v, c, id) in copies {
            let _ = writeln!(
                out,
                "  view ({}, {}) shows cell ({}, {}) through region {}",
                v.x,
                v.y,
                c.x,
                c.y,
                region_char(id)
            );
        }
        out
    }
}
