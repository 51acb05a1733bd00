//! What each kind of hero can do and what each action costs, in one table
//! (`docs/RULES.md`, "Turns and action points" and "Costs").

use crate::things::HeroKind;

/// Cells a hero can fall and walk away from.
pub const fn safe_fall_cells(kind: HeroKind) -> u16 {
    match kind {
        HeroKind::Scout => 4,
        HeroKind::Knight | HeroKind::Sorceress => 2,
    }
}

/// How many cells up a step-up may climb (the scout steps up two).
pub const fn step_up_cells(kind: HeroKind) -> u16 {
    match kind {
        HeroKind::Scout => 2,
        HeroKind::Knight | HeroKind::Sorceress => 1,
    }
}

/// Rope cells hoisted per action point (the knight hoists two).
pub const fn hoist_cells_per_ap(kind: HeroKind) -> u16 {
    match kind {
        HeroKind::Knight => 2,
        HeroKind::Scout | HeroKind::Sorceress => 1,
    }
}

/// Whether the hero can carry HEAVY items (while walking only).
pub const fn carries_heavy(kind: HeroKind) -> bool {
    matches!(kind, HeroKind::Knight)
}

/// Whether the hero can levitate items.
pub const fn levitates(kind: HeroKind) -> bool {
    matches!(kind, HeroKind::Sorceress)
}

/// AP per cell walked, stepped up or climbed; falls are free.
pub const MOVE_AP_PER_STEP: u8 = 1;
/// AP for picking up, setting down, putting in, taking out, deploying,
/// hoisting, lowering, taking back a rope and tying.
pub const HAND_ACTION_AP: u8 = 1;
/// AP for levitating an item.
pub const LEVITATE_AP: u8 = 2;
/// Cells a levitated item moves at most, along the sorceress' view.
pub const LEVITATE_CELLS: u16 = 3;
