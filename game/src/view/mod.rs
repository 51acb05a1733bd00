//! GridView: what one actor sees (`docs/DATA-STRUCTURES.md`, "GridView").
//!
//! Built from the actor's cell by a depth-first shadow cast over polar
//! sectors ([`cast`]), through portals. The result is a window of *view
//! cells* around the actor (view offset `(0, 0)` is the actor): each view
//! cell holds an intrusive list of [`ViewNode`]s, because through portals
//! one view cell can show slices of several grid cells; the SOLID edges that
//! stopped sight are [`ShadowSegment`]s; each region seen through a
//! different chain of portals has its own [`ViewTransform`] and stencil id
//! (transform index + 1; id 1 is the actor's own region).
//!
//! Everything that needs sight — moves, stealth, drawing — reads a GridView;
//! nothing else recomputes visibility. The view lives in a reusable context
//! with fixed capacities: building allocates nothing, and what does not fit
//! is not seen and is counted in [`Overflow`].
//!
//! Continuity is lazy — a node keeps only the continuity
//! bits its cast's rays established, and [`GridView::connected`] /
//! [`GridView::neighbour`] decide the rest when asked (the end-of-build pass
//! over every node cost 10–20 % of a build; moves and drawing ask about few
//! nodes). When the regions seen need more than 255 stencil ids, the build
//! keeps the regions that start nearest the eye, in every direction (a
//! bisection on a layer limit; see [`GridView::build`]), instead of the
//! first ones the depth-first cast met, and draws each of them whole
//! whatever order the cast meets their pieces in (a last cast with the kept
//! regions named from the start).

pub mod cast;
pub mod dump;
mod lying;
pub mod node;
pub mod query;
pub mod sector;

#[cfg(test)]
mod tests;

pub use cast::{GridView, MAX_NODES, MAX_RADIUS, MAX_SHADOWS, MAX_TRANSFORMS};
pub use node::{Overflow, ShadowSegment, ViewNode, ViewPos, ViewTransform};
pub use sector::{Ray, Sector};
