//! Levels and the files that hold them (`docs/ARCHITECTURE.md`, "Files on disk";
//! the text format is documented with examples in `levels/README.md`).
//!
//! A [`Level`] is a [`Grid`] plus its entrance, the [`ThingSpec`]s it starts
//! with, a name, free-form notes and one label per portal. It is stored two
//! ways:
//! - [`text`]: hand-editable, diffable ASCII art plus keyed sections; loading
//!   reports every problem with `file:line:column`; [`to_text`] is canonical,
//!   so `to_text(load_text(t)) == t` for every canonical file;
//! - [`binary`]: bincode 2 behind a magic number, a format version, a length
//!   and a checksum.
//!
//! Both loaders end with the same semantic checks ([`Level::problems`]), and
//! never panic on any input. [`file`](mod@file) picks the format by extension and saves
//! atomically. The campaign's order of levels is read by `crate::campaign`.
//!
//! Data flow: tools and screens load a level here; a later stage turns its
//! specs into Things in the store; the editor builds a `Level` and saves it.

pub mod binary;
pub mod capacity;
pub mod error;
pub mod file;
pub mod fixtures;
pub mod text;
pub mod thing_spec;
pub mod validate;

pub use binary::{from_binary, to_binary, FORMAT_VERSION, MAGIC};
pub use capacity::{CapacityWarning, ThingBudget, STORE_CAPACITY};
pub use error::{escaped, escaped_path, ArtPlace, ErrorKind, Escaped, LevelError, Pos};
pub use file::{check_file_draft, load_file, save_file, save_file_draft, Format};
pub use text::{check_text, check_text_draft, load_text, to_text};
pub use thing_spec::{expand_route, HeroKind, ItemFlags, ThingSpec, ThingSpecKind};
pub use validate::{Problem, Subject};

use crate::equipment::EquipmentSet;
use crate::grid::{CellPos, Grid};
use serde::{Deserialize, Serialize};

/// The characters that can label a portal, in portal-index order: a–z, A–Z,
/// 0–9, then `!$%&` (66, so a 65th portal can be written and refused).
pub const PORTAL_LABELS: &str =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$%&";

/// The position of `c` in [`PORTAL_LABELS`], if it is a label.
pub fn label_index(c: char) -> Option<usize> {
    PORTAL_LABELS.chars().position(|l| l == c)
}

/// The default label of portal `index` (`'a'` for 0, …); `'?'` past the end.
pub fn default_label(index: usize) -> char {
    PORTAL_LABELS.chars().nth(index).unwrap_or('?')
}

/// One level: geometry, entrance, starting things and metadata.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Level {
    /// Shown in menus: 1 to 64 characters, no `"` or control characters.
    pub name: String,
    /// Free text kept with the level (the text file's leading `//` lines);
    /// may be empty. Each line at most 200 characters.
    pub notes: Vec<String>,
    /// Cells, edges and portals.
    pub grid: Grid,
    /// Where the party enters and leaves; an air cell.
    pub entrance: CellPos,
    /// What the level starts with, in file order; at least one hero.
    pub things: Vec<ThingSpec>,
    /// The label of each portal, by portal index (distinct characters from
    /// [`PORTAL_LABELS`]); as long as the portal table.
    pub portal_labels: Vec<char>,
    /// Relics that must leave with the party to clear the level; `None`:
    /// all of them (`docs/RULES.md`, "Leaving, winning, retreating"). At most the relics it holds.
    pub required_relics: Option<u16>,
    /// The turns of the level's best known solution, shown as its par;
    /// `None`: not known.
    pub par: Option<u32>,
    /// Equipment the party must take in (the loadout screen hands it out
    /// and locks it; `crate::equipment`); empty: none. Each piece in it
    /// fits some hero, and none is also in `forbids`.
    pub requires: EquipmentSet,
    /// Equipment the level forbids (never offered on its loadout screen);
    /// empty: none.
    pub forbids: EquipmentSet,
}

impl Level {
    /// The relics the level holds.
    pub fn relic_count(&self) -> usize {
        self.things.iter().filter(|t| t.is_relic()).count()
    }

    /// Relics that must leave to clear the level: as the file says, or all.
    pub fn relics_to_clear(&self) -> usize {
        self.required_relics
            .map_or_else(|| self.relic_count(), usize::from)
    }

    /// What a player is told before the level starts: the paragraphs of
    /// [`Self::notes_without_solutions`], each as one string (its lines
    /// trimmed and joined by a space). Empty when the notes hold nothing
    /// for players.
    pub fn intro(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut paragraph = String::new();
        for line in self.notes_without_solutions() {
            let line = line.trim();
            if line.is_empty() {
                if !paragraph.is_empty() {
                    out.push(std::mem::take(&mut paragraph));
                }
                continue;
            }
            if !paragraph.is_empty() {
                paragraph.push(' ');
            }
            paragraph.push_str(line);
        }
        if !paragraph.is_empty() {
            out.push(paragraph);
        }
        out
    }

    /// The notes less any paragraph (or rest of a paragraph) from a line
    /// that starts with `Solution:` — those are for designers.
    /// Paragraphs are separated by empty note lines; the lines kept are
    /// as written, one empty line between kept paragraphs, none at either
    /// end. Equal to the notes when they hold no solution.
    pub fn notes_without_solutions(&self) -> Vec<String> {
        if !self.notes.iter().any(|l| l.trim().starts_with("Solution:")) {
            return self.notes.clone();
        }
        let mut out: Vec<String> = Vec::new();
        let mut hidden = false;
        for line in &self.notes {
            let trimmed = line.trim();
            if trimmed.is_empty() {
                hidden = false;
                if out.last().is_some_and(|l| !l.trim().is_empty()) {
                    out.push(String::new());
                }
                continue;
            }
            hidden |= trimmed.starts_with("Solution:");
            if !hidden {
                out.push(line.clone());
            }
        }
        while out.last().is_some_and(|l| l.trim().is_empty()) {
            out.pop();
        }
        out
    }

    /// The thing with id `id`.
    pub fn thing(&self, id: &str) -> Option<&ThingSpec> {
        self.things.iter().find(|t| t.id == id)
    }

    /// The label of portal `index` (its default when the level has none).
    pub fn portal_label(&self, index: usize) -> char {
        self.portal_labels
            .get(index)
            .copied()
            .unwrap_or_else(|| default_label(index))
    }

    /// Whether [`Level::problems`] finds nothing.
    pub fn is_valid(&self) -> bool {
        self.problems().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_number_portals_in_alphabet_order() {
        assert_eq!(PORTAL_LABELS.chars().count(), 66);
        assert_eq!(label_index('a'), Some(0));
        assert_eq!(label_index('A'), Some(26));
        assert_eq!(label_index('0'), Some(52));
        assert_eq!(label_index('&'), Some(65));
        assert_eq!(label_index('#'), None);
        assert_eq!(label_index('.'), None);
        assert_eq!(label_index('@'), None);
        assert_eq!(label_index('-'), None);
        assert_eq!(label_index('+'), None);
        assert_eq!(default_label(63), '$');
        assert_eq!(default_label(66), '?');
    }

    #[test]
    fn a_level_may_state_its_required_relics_and_par_and_they_round_trip() {
        let text = fixtures::LOOP_BACK.replace(
            "name = \"Loop-back fixture\"\n",
            "name = \"Loop-back fixture\"\nrequired_relics = 1\npar = 2\n",
        );
        let level = load_text("goal.txt", &text).expect("loads");
        assert_eq!((level.required_relics, level.par), (Some(1), Some(2)));
        assert_eq!(level.relics_to_clear(), 1);
        assert_eq!(to_text(&level), text, "canonical, keys kept");
        let back = binary::from_binary("goal.rlv", &binary::to_binary(&level).expect("encodes"))
            .expect("decodes");
        assert_eq!(back, level);
        // Without the keys: every relic is required, par unknown.
        let plain = load_text("plain.txt", fixtures::LOOP_BACK).expect("loads");
        assert_eq!((plain.required_relics, plain.par), (None, None));
        assert_eq!(plain.relics_to_clear(), plain.relic_count());
        // More required than the level holds: refused, saying so.
        let text = fixtures::LOOP_BACK.replace(
            "name = \"Loop-back fixture\"\n",
            "name = \"Loop-back fixture\"\nrequired_relics = 2\n",
        );
        let e = load_text("too_many.txt", &text).expect_err("only one relic");
        assert!(
            e.to_string()
                .contains("required relics 2 (expected 0 to 1)"),
            "{e}"
        );
    }

    #[test]
    fn a_level_may_require_and_forbid_equipment_and_the_keys_round_trip() {
        use crate::equipment::{Equipment, EquipmentSet};
        let with = |keys: &str| {
            fixtures::LOOP_BACK.replace(
                "name = \"Loop-back fixture\"\n",
                &format!("name = \"Loop-back fixture\"\n{keys}"),
            )
        };
        // Written in any order, read as sets, written back canonically.
        let text = with("forbids = spare_bucket second_rope\nrequires = long_rope\n");
        let level = load_text("eq.txt", &text).expect("loads");
        assert_eq!(level.requires, EquipmentSet::of(&[Equipment::LongRope]));
        assert_eq!(
            level.forbids,
            EquipmentSet::of(&[Equipment::SecondRope, Equipment::SpareBucket])
        );
        let canonical = with("requires = long_rope\nforbids = second_rope spare_bucket\n");
        assert_eq!(to_text(&level), canonical);
        assert_eq!(load_text("eq.txt", &canonical).expect("loads"), level);
        let back = binary::from_binary("eq.rlv", &binary::to_binary(&level).expect("encodes"))
            .expect("decodes");
        assert_eq!(back, level);
        // Without the keys: nothing written, nothing required or forbidden.
        let plain = load_text("plain.txt", fixtures::LOOP_BACK).expect("loads");
        assert!(plain.requires.is_empty() && plain.forbids.is_empty());
        assert!(!to_text(&plain).contains("requires") && !to_text(&plain).contains("forbids"));
        // Both required and forbidden: refused on the forbids line.
        let text = with("requires = long_rope\nforbids = long_rope\n");
        let e = load_text("both.txt", &text).expect_err("both");
        assert_eq!(
            e.to_string(),
            "both.txt:6:11: long_rope is both required and forbidden (expected one or the other)"
        );
        // A required piece no hero can take: refused on the requires line.
        let e = load_text("unfit.txt", &with("requires = second_rope\n"))
            .expect_err("the only hero has a rope");
        assert_eq!(
            e.to_string(),
            "unfit.txt:5:12: second_rope is required, but every hero carries a rope (expected a hero without one)"
        );
        let scout = with("requires = second_rope\n")
            .replace("relic = item", "scout = hero scout at 0,0\nrelic = item");
        assert!(load_text("fits.txt", &scout).is_ok(), "the scout has none");
        let e = load_text(
            "twice.txt",
            &with("forbids = long_rope\nforbids = spare_bucket\n"),
        )
        .expect_err("twice");
        assert_eq!(
            e.to_string(),
            "twice.txt:6:11: 'forbids' is given twice (expected once)"
        );
        // Bits of no equipment (a damaged binary file) are a problem too.
        let mut damaged = plain.clone();
        damaged.forbids = EquipmentSet::from_bits(0x40);
        assert_eq!(
            damaged.problems()[0].kind.to_string(),
            "equipment bits 0x40 name no equipment (expected long_rope, second_rope, spare_bucket)"
        );
    }

    #[test]
    fn a_binary_level_of_version_2_still_loads() {
        let mut level = load_text("v2.txt", fixtures::LOOP_BACK).expect("loads");
        level.required_relics = Some(1);
        level.par = Some(3);
        // Version 2's payload: the fields before the equipment keys.
        let v2 = (
            &level.name,
            &level.notes,
            &level.grid,
            level.entrance,
            &level.things,
            &level.portal_labels,
            level.required_relics,
            level.par,
        );
        let payload =
            bincode::serde::encode_to_vec(v2, bincode::config::standard()).expect("encodes");
        let sealed = crate::io::envelope::Envelope {
            kind: crate::io::envelope::FileKind::Level,
            magic: MAGIC,
            version: 2,
            max_payload: binary::MAX_PAYLOAD,
        }
        .seal(&payload)
        .expect("seals");
        assert_eq!(
            binary::from_binary("v2.rlv", &sealed).expect("a v2 level"),
            level
        );
        // This build writes version 3: the v2 payload plus two bytes.
        let v3 = binary::to_binary(&level).expect("encodes");
        assert_eq!(&v3[4..6], &3u16.to_le_bytes());
        assert_eq!(v3.len(), sealed.len() + 2);
    }

    #[test]
    fn the_intro_is_the_notes_without_the_solution() {
        let mut level = load_text("intro.txt", fixtures::LOOP_BACK).expect("loads");
        level.notes = [
            "Two rooms, one portal.",
            "Look around!",
            "",
            "Solution: walk left, pick up, leave.",
            "Then the others leave.",
            "",
            "Every hero must leave. Solution: not this one.",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            level.intro(),
            [
                "Two rooms, one portal. Look around!",
                "Every hero must leave. Solution: not this one."
            ]
        );
        assert_eq!(
            level.notes_without_solutions(),
            [
                "Two rooms, one portal.",
                "Look around!",
                "",
                "Every hero must leave. Solution: not this one."
            ]
        );
        level.notes = vec!["Solution: all of it".into()];
        assert!(level.intro().is_empty());
        assert!(level.notes_without_solutions().is_empty());
        level.notes = vec!["".into(), "Plain.".into(), "".into()];
        assert_eq!(level.notes_without_solutions(), level.notes, "no solution");
    }

    #[test]
    fn a_binary_level_of_version_1_still_loads() {
        let level = load_text("v1.txt", fixtures::LOOP_BACK).expect("loads");
        // Version 1's payload: the fields before the goal keys, in order.
        let v1 = (
            &level.name,
            &level.notes,
            &level.grid,
            level.entrance,
            &level.things,
            &level.portal_labels,
        );
        let payload =
            bincode::serde::encode_to_vec(v1, bincode::config::standard()).expect("encodes");
        let sealed = crate::io::envelope::Envelope {
            kind: crate::io::envelope::FileKind::Level,
            magic: MAGIC,
            version: 1,
            max_payload: binary::MAX_PAYLOAD,
        }
        .seal(&payload)
        .expect("seals");
        assert_eq!(
            binary::from_binary("v1.rlv", &sealed).expect("a v1 level"),
            level
        );
    }
}
