//! What each kind of hero can do and what each action costs, in one table
//! (`docs/RULES.md`, "Turns and action points" and "Costs"), and which of
//! the heroes' own abilities a stage has switched off ([`Without`]: "what
//! does this level need?", `sim solve --without`). Every rule that asks
//! what a hero can do asks here, with the stage's [`Without`]; a hero whose
//! ability is switched off does what the others do (falls 2 cells, steps
//! up 1) or not at all (levitates, carries heavy things).

use std::fmt;

use crate::things::HeroKind;

/// One of the heroes' own abilities, which a stage may switch off.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ability {
    /// The sorceress levitates items.
    Levitate,
    /// The scout falls 4 cells safely, the others 2.
    LongDrop,
    /// The scout steps up two cells, the others one.
    StepUp,
    /// The knight picks up and carries heavy things.
    HeavyCarry,
}

impl Ability {
    /// Every ability, in the order [`Ability::name`]s are listed.
    pub const ALL: [Ability; 4] = [
        Ability::Levitate,
        Ability::LongDrop,
        Ability::StepUp,
        Ability::HeavyCarry,
    ];

    /// The name the tools take (`sim solve --without levitate`).
    pub const fn name(self) -> &'static str {
        match self {
            Ability::Levitate => "levitate",
            Ability::LongDrop => "long-drop",
            Ability::StepUp => "step-up",
            Ability::HeavyCarry => "heavy-carry",
        }
    }

    /// The ability named `name` ([`Ability::name`]).
    pub fn from_name(name: &str) -> Option<Ability> {
        Ability::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The hero whose ability it is.
    pub const fn hero(self) -> HeroKind {
        match self {
            Ability::Levitate => HeroKind::Sorceress,
            Ability::LongDrop | Ability::StepUp => HeroKind::Scout,
            Ability::HeavyCarry => HeroKind::Knight,
        }
    }

    /// Words for a player: "the sorceress' levitation".
    pub const fn describe(self) -> &'static str {
        match self {
            Ability::Levitate => "the sorceress' levitation",
            Ability::LongDrop => "the scout's long drop (4 cells)",
            Ability::StepUp => "the scout's two-cell step-up",
            Ability::HeavyCarry => "the knight's heavy carry",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The abilities a stage has switched off (none in play; the solver and
/// `sim` switch some off to ask what a level needs). A small bit set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Without(u8);

impl Without {
    /// Every ability on: the rules of play.
    pub const NONE: Without = Without(0);

    /// This set with `ability` switched off too.
    pub const fn and(self, ability: Ability) -> Without {
        Without(self.0 | ability.bit())
    }

    /// This set with `ability` back on.
    pub const fn but(self, ability: Ability) -> Without {
        Without(self.0 & !ability.bit())
    }

    /// Whether `ability` is switched off.
    pub const fn has(self, ability: Ability) -> bool {
        self.0 & ability.bit() != 0
    }

    /// Whether every ability is on.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The abilities switched off, in [`Ability::ALL`]'s order.
    pub fn abilities(self) -> impl Iterator<Item = Ability> {
        Ability::ALL.into_iter().filter(move |&a| self.has(a))
    }
}

impl fmt::Display for Without {
    /// "levitate, step-up"; "nothing" when every ability is on.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing");
        }
        for (i, a) in self.abilities().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(a.name())?;
        }
        Ok(())
    }
}

/// Whether `kind`'s own `ability` is in play: it is the hero's, and not
/// switched off.
const fn own(kind: HeroKind, ability: Ability, without: Without) -> bool {
    ability.hero() as u8 == kind as u8 && !without.has(ability)
}

/// Cells a hero can fall and walk away from.
pub const fn safe_fall_cells(kind: HeroKind, without: Without) -> u16 {
    if own(kind, Ability::LongDrop, without) {
        4
    } else {
        2
    }
}

/// How many cells up a step-up may climb (the scout steps up two).
pub const fn step_up_cells(kind: HeroKind, without: Without) -> u16 {
    if own(kind, Ability::StepUp, without) {
        2
    } else {
        1
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
pub const fn carries_heavy(kind: HeroKind, without: Without) -> bool {
    own(kind, Ability::HeavyCarry, without)
}

/// Whether the hero can levitate items.
pub const fn levitates(kind: HeroKind, without: Without) -> bool {
    own(kind, Ability::Levitate, without)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ability_switched_off_makes_its_hero_like_the_others() {
        let (k, s, w) = (HeroKind::Knight, HeroKind::Scout, HeroKind::Sorceress);
        let none = Without::NONE;
        assert_eq!((safe_fall_cells(s, none), safe_fall_cells(k, none)), (4, 2));
        assert_eq!((step_up_cells(s, none), step_up_cells(w, none)), (2, 1));
        assert!(carries_heavy(k, none) && !carries_heavy(s, none));
        assert!(levitates(w, none) && !levitates(k, none));
        let off = Ability::ALL.into_iter().fold(none, Without::and);
        assert_eq!(safe_fall_cells(s, off), 2);
        assert_eq!(step_up_cells(s, off), 1);
        assert!(!carries_heavy(k, off));
        assert!(!levitates(w, off));
        // One switched off leaves the others alone.
        let no_drop = none.and(Ability::LongDrop);
        assert_eq!(
            (safe_fall_cells(s, no_drop), step_up_cells(s, no_drop)),
            (2, 2)
        );
    }

    #[test]
    fn abilities_are_named_and_found_by_name() {
        for a in Ability::ALL {
            assert_eq!(Ability::from_name(a.name()), Some(a));
        }
        assert_eq!(Ability::from_name("fly"), None);
        let w = Without::NONE.and(Ability::StepUp).and(Ability::Levitate);
        assert_eq!(w.to_string(), "levitate, step-up");
        assert_eq!(Without::NONE.to_string(), "nothing");
    }
}
