//! Why an editing operation was refused ([`EditError`]): one line a
//! designer can read, naming the cell, edge, portal or thing at fault.
use crate::grid::{CellPos, EdgePos, GridError, PortalKind, MAX_PORTALS};
use crate::level::thing_spec::MAX_THINGS;
use crate::level::validate::MAX_PAR;
use std::fmt;

/// Why an operation was refused. Its `Display` is one line a designer can
/// read; nothing was changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EditError {
    /// The cell is outside the grid.
    CellOutside(CellPos),
    /// The edge is outside the grid.
    EdgeOutside(EdgePos),
    /// Only walls (or portals) may stand on the outer boundary.
    BoundaryEdge(EdgePos),
    /// Only walls (or portals) may stand beside rock.
    BesideRock(EdgePos),
    /// Platforms are floors: horizontal edges only.
    VerticalPlatform(EdgePos),
    /// The edge is an end of portal `label`.
    PortalEdge {
        /// The edge.
        edge: EdgePos,
        /// Its portal's label.
        label: char,
    },
    /// The cell is the air face of portal `label`'s end and nothing else
    /// is: it must stay air.
    PortalFace {
        /// The cell.
        cell: CellPos,
        /// The portal's label.
        label: char,
    },
    /// The entrance cell must stay air.
    EntranceCell(CellPos),
    /// A portal end needs an air cell on its side of the edge.
    NoAirFace(EdgePos),
    /// Both ends would be the same edge.
    SameEdge(EdgePos),
    /// Already 64 portals.
    TooManyPortals,
    /// Already the most things a level may list.
    TooManyThings,
    /// Thing index past the end of the list.
    NoSuchThing(usize),
    /// Portal index past the end of the table.
    NoSuchPortal(usize),
    /// The kind does not fit the two edges' orientations.
    KindImpossible(PortalKind),
    /// An id or item name that is not a lower-case identifier, or taken.
    BadId(String),
    /// A level name the text format cannot hold.
    BadName,
    /// A note line the text format cannot hold.
    BadNote(usize),
    /// A par outside 1..=MAX_PAR.
    BadPar,
    /// Things, routes, open cells or portal pairs would be cut by a
    /// resized grid (`op::resize_casualties`).
    Outside(Vec<String>),
    /// A paste would cover one end of each of these portal pairs (by
    /// label, in order, each once) and not the other.
    PasteCutsPair(Vec<char>),
    /// A grid refusal (size limits, …).
    Grid(GridError),
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::CellOutside(c) => write!(f, "cell {c} is outside the level"),
            EditError::EdgeOutside(_) => write!(f, "that edge is outside the level"),
            EditError::BoundaryEdge(_) => {
                write!(f, "the outer boundary can only be wall or portal")
            }
            EditError::BesideRock(_) => write!(f, "an edge beside rock can only be wall or portal"),
            EditError::VerticalPlatform(_) => {
                write!(f, "platforms are floors: only horizontal edges")
            }
            EditError::PortalEdge { label, .. } => {
                write!(f, "that edge is portal '{label}': delete the portal first")
            }
            EditError::PortalFace { cell, label } => {
                write!(f, "cell {cell} is the only air beside portal '{label}'")
            }
            EditError::EntranceCell(c) => write!(f, "cell {c} is the entrance: it stays air"),
            EditError::NoAirFace(_) => write!(f, "a portal needs air on one side of its edge"),
            EditError::SameEdge(_) => write!(f, "pick a second, different edge"),
            EditError::TooManyPortals => write!(f, "a level has at most {MAX_PORTALS} portals"),
            EditError::TooManyThings => write!(f, "a level has at most {MAX_THINGS} things"),
            EditError::NoSuchThing(i) => write!(f, "there is no thing {i}"),
            EditError::NoSuchPortal(i) => write!(f, "there is no portal {i}"),
            EditError::KindImpossible(k) => write!(f, "these two edges cannot make a {k} portal"),
            EditError::BadId(id) => write!(
                f,
                "'{id}' is not a free id (lower-case letters, digits and _, from a letter)"
            ),
            EditError::BadName => write!(f, "a name is 1 to 64 characters, without \""),
            EditError::BadPar => write!(f, "a par is a whole number of turns from 1 to {MAX_PAR}"),
            EditError::BadNote(i) => write!(
                f,
                "note line {} is too long or ends in a space (200 characters at most)",
                i + 1
            ),
            EditError::Outside(what) => {
                write!(f, "these would fall outside: {}", what.join(", "))
            }
            EditError::PasteCutsPair(labels) => {
                let named: Vec<String> = labels.iter().map(|l| format!("'{l}'")).collect();
                let (pairs, ends) = match named.len() {
                    1 => ("portal pair", "one end lies"),
                    _ => ("portal pairs", "one end of each lies"),
                };
                let list = match named.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} and {last}", rest.join(", "))
                    }
                    _ => named.join(""),
                };
                write!(
                    f,
                    "the paste would cut {pairs} {list}: {ends} under it \
                     — move the paste or cover both ends"
                )
            }
            EditError::Grid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EditError {}

impl From<GridError> for EditError {
    fn from(e: GridError) -> EditError {
        match e {
            GridError::TooManyPortals => EditError::TooManyPortals,
            GridError::CellOutside(c) => EditError::CellOutside(c),
            GridError::EdgeOutside(e) => EditError::EdgeOutside(e),
            GridError::VerticalPlatform(e) => EditError::VerticalPlatform(e),
            GridError::SameEdge(e) => EditError::SameEdge(e),
            other => EditError::Grid(other),
        }
    }
}
