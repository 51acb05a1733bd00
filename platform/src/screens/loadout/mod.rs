//! The loadout screen: before a campaign level, once any equipment is
//! unlocked (or the level requires some), the player hands the pieces to
//! the heroes (`docs/RULES.md`; `game::equipment`).
//!
//! One row per piece of equipment, in canonical order, and one column per
//! hero of the level (its sprite, its name, its rope) plus "Nobody". A
//! piece that goes to a hero (a rope) has a cell per column; a piece that
//! lies in the level whoever brings it (the spare bucket, at the entrance:
//! [`Equipment::goes_to_a_hero`]) is one choice, bring it or leave it: one
//! cell across the heroes' columns saying where it lies, then Nobody's. Its
//! loadout still names a hero (the first who may take it), as the text
//! form wants, but the screen never asks which. A row
//! is one of four [`Offer`]s: open (unlocked and allowed: the player
//! chooses its holder among the heroes it suits), required (the level
//! requires it: handed out at the start and locked), forbidden (unlocked,
//! but the level forbids it: greyed, saying so) or locked (not unlocked
//! yet: greyed, with the relics it needs). Below the rows, Start begins
//! the level with the loadout; Back (or Escape) returns to the level list.
//!
//! Keys: Up/Down choose a row or button; Left/Right (or Enter/Space) on a
//! row hand the piece to the next hero it suits (then nobody, then round
//! again) or, for a piece that goes to no hero, bring it or leave it; 1-3
//! hand it to that hero (bring it). The mouse hovers rows, clicks a cell
//! to choose it and clicks the buttons; Enter on Start starts; a gamepad's d-pad and A/B do what the keys do. Asking for what
//! cannot be (a locked row, a hero the piece does not suit) says why on
//! the notice line and changes nothing.
//!
//! Top left, the level about to be played, drawn small (`thumbnail.rs`),
//! with its goal: the player sees the map before handing out ropes.
//!
//! The screen sits inside the level select (`level_select.rs`), which
//! opens it when a level is chosen, so the screens' stack and its sounds
//! are the level select's. Logic and drawing are apart: the logic (here)
//! is tested without GL; `layout.rs` places everything (what the mouse
//! hits is what is drawn), `draw.rs` draws it.
mod draw;
mod layout;

use glam::Vec2;
use render::Rect;

use game::equipment::{check_give, equip, relics_to_unlock, Equipment, Loadout};
use game::level::{Level, ThingSpecKind};

use crate::screens::input::{Input, Key};
use crate::screens::menu::{Menu, MenuEvent};
pub use draw::taken_label;
pub use layout::{layout, LoadoutLayout, RowRects};

/// What the loadout screen asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadoutAction {
    /// Start the level equipped with this loadout (it fits: checked).
    Start(Loadout),
    /// Back to the level list.
    Back,
}

/// How a piece of equipment is offered in this level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// Unlocked and allowed: the player hands it to a hero, or not.
    Open,
    /// The level requires it: handed out at the start, locked there.
    Required,
    /// Unlocked, but the level forbids it.
    Forbidden,
    /// Not unlocked yet: it needs this many relics recovered.
    Locked { relics: u32 },
}

/// A hero of the level, as a column of the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeroColumn {
    /// The hero's id in the level (what a loadout names).
    pub id: String,
    /// What the hero is (its sprite and name).
    pub kind: game::level::HeroKind,
    /// The rope it starts with, in cells; `None`: none.
    pub rope_len_cells: Option<u16>,
}

/// The screen's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadoutScreen {
    /// The campaign level it equips.
    pub index: usize,
    /// The level as written (not equipped).
    level: Level,
    /// The level's heroes, in file order.
    pub heroes: Vec<HeroColumn>,
    /// Every piece of equipment, in canonical order, with its offer.
    pub offers: Vec<(Equipment, Offer)>,
    /// What is handed out so far (the required pieces from the start).
    pub loadout: Loadout,
    /// The selection: a row (`0..offers.len()`), then Start, then Back.
    pub menu: Menu,
    /// A one-line notice (why something cannot be); `None`: none.
    pub notice: Option<String>,
    /// The relics recovered over the campaign (shown; what unlocked).
    pub relics: u32,
}

/// Whether a level chosen with `unlocked` equipment opens the loadout
/// screen first: when anything is unlocked, or the level requires some.
pub fn wanted(level: &Level, unlocked: &[Equipment]) -> bool {
    !unlocked.is_empty() || !level.requires.is_empty()
}

/// The text with its first letter upper-case.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl LoadoutScreen {
    /// The rope `hero` will start with, in cells, as handed out so far
    /// (what its column's head says).
    pub fn starting_rope(&self, hero: &HeroColumn) -> Option<u16> {
        self.loadout
            .items()
            .filter(|(_, holder)| *holder == hero.id)
            .fold(hero.rope_len_cells, |rope, (item, _)| {
                game::equipment::rope_after(rope, item).or(rope)
            })
    }

    /// The screen for campaign level `index`, `level`, with `relics`
    /// recovered over the campaign: required pieces handed out, nothing
    /// else; the first open row selected (else Start).
    pub fn new(index: usize, level: &Level, relics: u32) -> LoadoutScreen {
        let heroes = level
            .things
            .iter()
            .filter_map(|t| match t.kind {
                ThingSpecKind::Hero {
                    hero,
                    rope_len_cells,
                } => Some(HeroColumn {
                    id: t.id.clone(),
                    kind: hero,
                    rope_len_cells,
                }),
                _ => None,
            })
            .collect();
        let offers: Vec<(Equipment, Offer)> = Equipment::ALL
            .into_iter()
            .map(|e| {
                let needs = relics_to_unlock(e);
                let offer = if level.requires.contains(e) {
                    Offer::Required
                } else if relics < needs {
                    Offer::Locked { relics: needs }
                } else if level.forbids.contains(e) {
                    Offer::Forbidden
                } else {
                    Offer::Open
                };
                (e, offer)
            })
            .collect();
        let first_open = offers
            .iter()
            .position(|(_, o)| *o == Offer::Open)
            .unwrap_or(offers.len());
        LoadoutScreen {
            index,
            level: level.clone(),
            heroes,
            loadout: Loadout::required(level),
            menu: Menu {
                selected: first_open,
            },
            notice: None,
            relics,
            offers,
        }
    }

    /// The number of entries: the rows, Start and Back.
    pub fn entries(&self) -> usize {
        self.offers.len() + 2
    }

    /// The entry index of Start.
    pub fn start_entry(&self) -> usize {
        self.offers.len()
    }

    /// The level as written.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Why `item` cannot be handed to `hero` (`None`: to nobody) now, in
    /// a player's words; `None` when it can.
    pub fn refusal(&self, item: Equipment, hero: Option<&str>) -> Option<String> {
        let offer = self.offers.iter().find(|(e, _)| *e == item)?.1;
        match offer {
            Offer::Locked { relics } => Some(format!(
                "{} unlocks at {relics} relics recovered (you have {})",
                item.title(),
                self.relics
            )),
            Offer::Required => Some(match item.lies() {
                Some(at) => format!("This level requires {}: it lies {at}", item.the()),
                None => format!(
                    "This level requires {}: it stays with the {}",
                    item.the(),
                    self.loadout
                        .holder(item)
                        .and_then(|h| self.hero_name(h))
                        .unwrap_or("hero it was given to")
                ),
            }),
            Offer::Forbidden | Offer::Open => {
                let hero = hero?;
                check_give(&self.level, item, hero)
                    .err()
                    .map(|e| sentence(&e.to_string()))
            }
        }
    }

    /// The name shown for hero `id` (its kind's name).
    fn hero_name(&self, id: &str) -> Option<&'static str> {
        self.heroes
            .iter()
            .find(|h| h.id == id)
            .map(|h| h.kind.name())
    }

    /// The first hero who may take `item` (what a loadout names for a
    /// piece that goes to no hero); `None` when nobody may.
    fn bringer(&self, item: Equipment) -> Option<String> {
        self.heroes
            .iter()
            .find(|h| check_give(&self.level, item, &h.id).is_ok())
            .map(|h| h.id.clone())
    }

    /// Hands `item` to `hero` (`None`: to nobody; a piece that goes to no
    /// hero is recorded under its `bringer`, whichever
    /// hero is named); on refusal, the notice says why and nothing
    /// changes.
    pub fn give(&mut self, item: Equipment, hero: Option<&str>) -> bool {
        let bringer = match hero {
            Some(_) if !item.goes_to_a_hero() => self.bringer(item),
            _ => None,
        };
        let hero = bringer.as_deref().or(hero);
        if let Some(why) = self.refusal(item, hero) {
            self.notice = Some(why);
            return false;
        }
        self.notice = None;
        match hero {
            Some(h) => self.loadout.give(item, h),
            None => {
                self.loadout.take_back(item);
            }
        }
        true
    }

    /// Who may hold `item`, in column order: the heroes it suits (for a
    /// piece that goes to no hero, only its bringer), then nobody
    /// (`None`).
    pub fn holders(&self, item: Equipment) -> Vec<Option<String>> {
        let heroes = self
            .heroes
            .iter()
            .filter(|h| check_give(&self.level, item, &h.id).is_ok())
            .map(|h| Some(h.id.clone()));
        let heroes: Vec<_> = if item.goes_to_a_hero() {
            heroes.collect()
        } else {
            heroes.take(1).collect()
        };
        heroes.into_iter().chain(std::iter::once(None)).collect()
    }

    /// The holder that cell `cell` of `item`'s row stands for
    /// (`Some(None)`: nobody); `None` past the row's cells. A piece that
    /// goes to no hero has two: brought (by its bringer), left.
    pub fn cell_holder(&self, item: Equipment, cell: usize) -> Option<Option<String>> {
        let hero = |i: usize| self.heroes.get(i).map(|h| h.id.clone());
        if item.goes_to_a_hero() {
            match cell.cmp(&self.heroes.len()) {
                std::cmp::Ordering::Less => Some(hero(cell)),
                std::cmp::Ordering::Equal => Some(None),
                std::cmp::Ordering::Greater => None,
            }
        } else {
            match cell {
                0 => Some(self.bringer(item).or_else(|| hero(0))),
                1 => Some(None),
                _ => None,
            }
        }
    }

    /// The cell of `item`'s row that is chosen now: its holder's (a piece
    /// that goes to no hero: 0 when brought), or Nobody's.
    pub fn chosen_cell(&self, item: Equipment) -> usize {
        let holder = self.loadout.holder(item);
        if item.goes_to_a_hero() {
            holder
                .and_then(|h| self.heroes.iter().position(|c| c.id == h))
                .unwrap_or(self.heroes.len())
        } else {
            usize::from(holder.is_none())
        }
    }

    /// Hands the piece of row `row` to the next (`step` 1) or previous
    /// (`step` -1) of its possible holders.
    pub fn cycle(&mut self, row: usize, step: isize) {
        let Some(&(item, _)) = self.offers.get(row) else {
            return;
        };
        if let Some(why) = self.refusal(item, None) {
            self.notice = Some(why);
            return;
        }
        let holders = self.holders(item);
        let now = self.loadout.holder(item).map(str::to_string);
        let at = holders.iter().position(|h| *h == now).unwrap_or(0) as isize;
        let n = holders.len() as isize;
        let next = holders[(at + step).rem_euclid(n) as usize].clone();
        if holders.len() == 1 {
            // Nobody it suits: say why, naming the first hero.
            if let Some(first) = self.heroes.first().map(|h| h.id.clone()) {
                self.notice = self.refusal(item, Some(&first));
            }
            return;
        }
        self.give(item, next.as_deref());
    }

    /// Start: the loadout, if the level takes it (else the notice says
    /// why).
    fn start(&mut self) -> Option<LoadoutAction> {
        match equip(&self.level, &self.loadout) {
            Ok(_) => Some(LoadoutAction::Start(self.loadout.clone())),
            Err(e) => {
                self.notice = Some(sentence(&e.to_string()));
                None
            }
        }
    }

    /// Applies one input on a drawable of `size`.
    pub fn handle(&mut self, input: Input, size: Vec2) -> Option<LoadoutAction> {
        let l = layout(size, self.heroes.len());
        let row = (self.menu.selected < self.offers.len()).then_some(self.menu.selected);
        match (input, row) {
            (Input::Key(Key::Right | Key::Enter | Key::Space), Some(r)) => {
                self.cycle(r, 1);
                return None;
            }
            (Input::Key(Key::Left), Some(r)) => {
                self.cycle(r, -1);
                return None;
            }
            (Input::Key(Key::Hero(n)), Some(r)) => {
                let item = self.offers[r].0;
                if let Some(hero) = self.heroes.get(usize::from(n)).map(|h| h.id.clone()) {
                    self.give(item, Some(&hero));
                }
                return None;
            }
            (Input::Click(p), _) => {
                for (r, rects) in l.rows.iter().enumerate() {
                    if let Some(c) = rects.cells.iter().position(|c| c.contains(p)) {
                        self.menu.selected = r;
                        let item = self.offers[r].0;
                        if let Some(hero) = self.cell_holder(item, c) {
                            self.give(item, hero.as_deref());
                        }
                        return None;
                    }
                }
            }
            _ => {}
        }
        let mut rects: Vec<Rect> = l.rows.iter().map(|r| r.whole).collect();
        rects.extend(l.buttons);
        match self.menu.handle(input, &rects)? {
            MenuEvent::Back => Some(LoadoutAction::Back),
            MenuEvent::Chosen(i) if i < self.offers.len() => {
                self.cycle(i, 1);
                None
            }
            MenuEvent::Chosen(i) if i == self.start_entry() => self.start(),
            MenuEvent::Chosen(_) => Some(LoadoutAction::Back),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::equipment::EquipmentSet;
    use std::path::Path;

    const SIZE: Vec2 = Vec2::new(1280.0, 720.0);

    fn shipped(name: &str) -> Level {
        crate::levels::load_level(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../levels")
                .join(name),
        )
        .expect("a shipped level")
    }

    fn press(s: &mut LoadoutScreen, k: Key) -> Option<LoadoutAction> {
        s.handle(Input::Key(k), SIZE)
    }

    #[test]
    fn the_screen_is_wanted_once_anything_is_unlocked_or_required() {
        let mut level = shipped("rope_descent.txt");
        assert!(!wanted(&level, &[]));
        assert!(wanted(&level, &[Equipment::LongRope]));
        level.requires = EquipmentSet::of(&[Equipment::SpareBucket]);
        assert!(wanted(&level, &[]));
    }

    #[test]
    fn keys_hand_a_piece_to_the_heroes_it_suits_and_start_gives_the_loadout() {
        let level = shipped("rope_descent.txt");
        let mut s = LoadoutScreen::new(1, &level, 1);
        assert_eq!(
            s.offers,
            [
                (Equipment::LongRope, Offer::Open),
                (Equipment::SecondRope, Offer::Locked { relics: 2 }),
                (Equipment::SpareBucket, Offer::Locked { relics: 3 }),
            ]
        );
        assert_eq!(s.menu.selected, 0, "on the long rope");
        assert!(s.loadout.is_empty(), "nothing handed out yet");
        // Only the knight carries a rope: Right gives it to him, Right
        // again to nobody, Left back to him.
        press(&mut s, Key::Right);
        assert_eq!(s.loadout.to_string(), "knight:long_rope");
        press(&mut s, Key::Right);
        assert!(s.loadout.is_empty());
        press(&mut s, Key::Left);
        assert_eq!(s.loadout.holder(Equipment::LongRope), Some("knight"));
        // 2 for the scout: refused, saying why, nothing changes.
        press(&mut s, Key::Hero(1));
        assert_eq!(
            s.notice.as_deref(),
            Some("The long rope lengthens a rope, and 'scout' carries none")
        );
        assert_eq!(s.loadout.holder(Equipment::LongRope), Some("knight"));
        // A locked row says what unlocks it.
        press(&mut s, Key::Down);
        press(&mut s, Key::Right);
        assert_eq!(
            s.notice.as_deref(),
            Some("Second rope unlocks at 2 relics recovered (you have 1)")
        );
        assert_eq!(s.loadout.to_string(), "knight:long_rope");
        // Down to Start, Enter: the loadout.
        press(&mut s, Key::Down);
        press(&mut s, Key::Down);
        assert_eq!(s.menu.selected, s.start_entry());
        assert_eq!(
            press(&mut s, Key::Enter),
            Some(LoadoutAction::Start(
                Loadout::parse("knight:long_rope").unwrap()
            ))
        );
        assert_eq!(press(&mut s, Key::Escape), Some(LoadoutAction::Back));
    }

    #[test]
    fn required_pieces_are_handed_out_and_locked_forbidden_ones_refused() {
        let mut level = shipped("heavy_haul.txt");
        level.requires = EquipmentSet::of(&[Equipment::LongRope]);
        level.forbids = EquipmentSet::of(&[Equipment::SecondRope]);
        let mut s = LoadoutScreen::new(5, &level, 3);
        assert_eq!(
            s.offers,
            [
                (Equipment::LongRope, Offer::Required),
                (Equipment::SecondRope, Offer::Forbidden),
                (Equipment::SpareBucket, Offer::Open),
            ]
        );
        assert_eq!(s.loadout.to_string(), "knight:long_rope", "pre-assigned");
        assert_eq!(s.menu.selected, 2, "the first open row");
        // The required row does not move.
        assert!(!s.give(Equipment::LongRope, None));
        assert_eq!(
            s.notice.as_deref(),
            Some("This level requires the long rope: it stays with the knight")
        );
        s.cycle(0, 1);
        assert_eq!(s.loadout.holder(Equipment::LongRope), Some("knight"));
        // The forbidden one cannot be handed to anybody.
        assert!(!s.give(Equipment::SecondRope, Some("scout")));
        assert_eq!(
            s.notice.as_deref(),
            Some("This level forbids the second rope")
        );
        // The bucket: brought (recorded under the first hero) or not.
        assert_eq!(s.holders(Equipment::SpareBucket).len(), 2);
        press(&mut s, Key::Hero(2));
        assert_eq!(s.loadout.holder(Equipment::SpareBucket), Some("knight"));
        assert_eq!(s.notice, None);
        // Start gives the loadout, and it fits the level.
        s.menu.selected = s.start_entry();
        let Some(LoadoutAction::Start(loadout)) = press(&mut s, Key::Enter) else {
            panic!("started");
        };
        assert_eq!(loadout.to_string(), "knight:long_rope knight:spare_bucket");
        assert!(equip(&level, &loadout).is_ok());
    }

    #[test]
    fn the_spare_bucket_is_one_choice_bring_it_to_the_entrance_or_leave_it() {
        const BUCKET: Equipment = Equipment::SpareBucket;
        let level = shipped("heavy_haul.txt");
        let mut s = LoadoutScreen::new(5, &level, 3);
        assert_eq!(s.heroes.len(), 3);
        let row = 2;
        assert_eq!(s.offers[row], (BUCKET, Offer::Open));
        // One cell across the heroes' columns (bring it), then Nobody's.
        let l = layout(SIZE, s.heroes.len());
        let cells = &l.rows[row].cells;
        assert_eq!(cells.len(), 2, "bring it or leave it, no hero to choose");
        assert_eq!(cells[0].x, l.heads[0].x);
        assert_eq!(cells[0].x + cells[0].w, l.heads[2].x + l.heads[2].w);
        assert_eq!((cells[1].x, cells[1].w), (l.heads[3].x, l.heads[3].w));
        assert_eq!(s.holders(BUCKET), [Some("knight".to_string()), None]);
        // Left/Right (and Space, a gamepad's A) bring it and leave it.
        s.menu.selected = row;
        assert_eq!(
            s.hint(&crate::screens::input::Keymap::default()),
            "↑/↓ choose · ←/→ bring it or leave it · Enter on Start plays · Esc back"
        );
        let says = |s: &LoadoutScreen| [s.cell_label(BUCKET, 0), s.cell_label(BUCKET, 1)];
        // Left at first: nothing handed out.
        assert_eq!(
            says(&s),
            ["bring it · it lies at the entrance", "left behind"]
        );
        press(&mut s, Key::Right);
        assert_eq!(s.loadout.to_string(), "knight:spare_bucket");
        assert_eq!(says(&s), ["brought · it lies at the entrance", ""]);
        press(&mut s, Key::Right);
        assert!(s.loadout.is_empty());
        assert_eq!(
            says(&s),
            ["bring it · it lies at the entrance", "left behind"]
        );
        press(&mut s, Key::Left);
        assert_eq!(s.chosen_cell(BUCKET), 0);
        press(&mut s, Key::Space);
        assert!(s.loadout.is_empty(), "round again");
        // 3 brings it: whichever hero's number, the same bucket.
        press(&mut s, Key::Hero(2));
        assert_eq!(s.loadout.to_string(), "knight:spare_bucket");
        assert_eq!(s.notice, None);
        // The mouse: Nobody's cell leaves it, the wide cell (under the
        // scout's head, say) brings it.
        s.handle(Input::Click(cells[1].centre()), SIZE);
        assert!(s.loadout.is_empty());
        let under_scout = Vec2::new(l.heads[1].centre().x, cells[0].centre().y);
        s.handle(Input::Click(under_scout), SIZE);
        assert_eq!(s.loadout.to_string(), "knight:spare_bucket");
        // Start: the bucket lies at the entrance, and the text reads back.
        s.menu.selected = s.start_entry();
        let Some(LoadoutAction::Start(loadout)) = press(&mut s, Key::Enter) else {
            panic!("started");
        };
        assert_eq!(Loadout::parse(&loadout.to_string()), Ok(loadout.clone()));
        let equipped = equip(&level, &loadout).expect("fits");
        let bucket = equipped
            .thing(game::equipment::SPARE_BUCKET_ID)
            .expect("brought");
        assert_eq!(bucket.cell, level.entrance);
        // An old save's loadout names another hero: shown brought all the
        // same, and it equips the same level.
        s.loadout = Loadout::parse("sorceress:spare_bucket").expect("old text");
        assert_eq!(s.chosen_cell(BUCKET), 0);
        assert_eq!(says(&s)[0], "brought · it lies at the entrance");
        assert_eq!(equip(&level, &s.loadout), Ok(equipped));
    }

    #[test]
    fn a_required_bucket_says_where_it_lies() {
        let mut level = shipped("heavy_haul.txt");
        level.requires = EquipmentSet::of(&[Equipment::SpareBucket]);
        let mut s = LoadoutScreen::new(5, &level, 0);
        assert_eq!(s.chosen_cell(Equipment::SpareBucket), 0, "brought");
        assert!(!s.give(Equipment::SpareBucket, None));
        assert_eq!(
            s.notice.as_deref(),
            Some("This level requires the spare bucket: it lies at the entrance")
        );
    }

    #[test]
    fn the_mouse_clicks_a_heros_cell_and_the_buttons() {
        let level = shipped("heavy_haul.txt");
        let mut s = LoadoutScreen::new(5, &level, 3);
        let l = layout(SIZE, s.heroes.len());
        // The second rope, the scout's cell.
        s.handle(Input::Click(l.rows[1].cells[1].centre()), SIZE);
        assert_eq!(s.loadout.to_string(), "scout:second_rope");
        assert_eq!(s.menu.selected, 1);
        // The knight's cell: he has a rope already.
        s.handle(Input::Click(l.rows[1].cells[0].centre()), SIZE);
        assert!(s
            .notice
            .as_deref()
            .is_some_and(|n| n.contains("already carries")));
        assert_eq!(s.loadout.to_string(), "scout:second_rope");
        // Nobody's cell takes it back.
        s.handle(Input::Click(l.rows[1].cells[3].centre()), SIZE);
        assert!(s.loadout.is_empty());
        s.handle(Input::MouseMove(l.rows[2].label.centre()), SIZE);
        assert_eq!(s.menu.selected, 2, "hovering selects");
        assert_eq!(
            s.handle(Input::Click(l.buttons[1].centre()), SIZE),
            Some(LoadoutAction::Back)
        );
        assert_eq!(
            s.handle(Input::Click(l.buttons[0].centre()), SIZE),
            Some(LoadoutAction::Start(Loadout::new()))
        );
    }

    #[test]
    fn a_heros_cell_says_what_the_hero_starts_with() {
        let level = shipped("rope_descent.txt");
        let s = LoadoutScreen::new(1, &level, 3);
        let knight = &s.heroes[0];
        assert_eq!(knight.rope_len_cells, Some(8));
        assert_eq!(taken_label(Equipment::LongRope, knight), "rope 12");
        assert_eq!(taken_label(Equipment::SecondRope, &s.heroes[1]), "rope 6");
    }

    #[test]
    fn a_heros_head_says_the_rope_it_will_start_with_as_handed_out() {
        let level = shipped("rope_descent.txt");
        let mut s = LoadoutScreen::new(1, &level, 3);
        let knight = s.heroes[0].clone();
        assert_eq!(s.starting_rope(&knight), Some(8));
        s.loadout.give(Equipment::LongRope, &knight.id);
        assert_eq!(
            s.starting_rope(&knight),
            Some(12),
            "the head and the cell agree"
        );
        let scout = s.heroes[1].clone();
        assert_eq!(s.starting_rope(&scout), None);
        s.loadout.give(Equipment::SecondRope, &scout.id);
        assert_eq!(s.starting_rope(&scout), Some(6));
        // And what the game starts with is the same.
        let equipped = game::equipment::equip(&level, &s.loadout).expect("fits");
        let rope_of = |id: &str| match equipped.thing(id).map(|t| &t.kind) {
            Some(ThingSpecKind::Hero { rope_len_cells, .. }) => *rope_len_cells,
            _ => None,
        };
        assert_eq!(rope_of(&knight.id), Some(12));
        assert_eq!(rope_of(&scout.id), Some(6));
    }

    #[test]
    fn the_layout_fits_on_screen() {
        for size in [SIZE, Vec2::new(640.0, 360.0), Vec2::new(800.0, 1200.0)] {
            for heroes in [1, 3, 5] {
                let l = layout(size, heroes);
                let mut all: Vec<Rect> = l.heads.clone();
                all.push(l.thumb);
                // The map and its goal stay left of the heads.
                assert!(l.thumb.x + l.thumb.w < l.goal_at.x, "{size}");
                assert!(l.goal_at.x + l.goal_w <= l.heads[0].x, "{size}");
                assert!(l.thumb.w > 0.0 && l.goal_w > 0.0, "{size}");
                for r in &l.rows {
                    all.push(r.whole);
                    all.extend(&r.cells);
                }
                all.extend(&l.buttons);
                for r in &all {
                    assert!(
                        r.x >= 0.0 && r.x + r.w <= size.x && r.y >= 0.0 && r.y + r.h <= size.y,
                        "{size} {heroes}: {r:?}"
                    );
                }
                assert!(l.notice_at.y < l.hint_at.y, "{size}");
                // Cells never overlap their neighbours.
                for r in &l.rows {
                    for pair in r.cells.windows(2) {
                        assert!(pair[0].x + pair[0].w <= pair[1].x);
                    }
                    assert!(r.label.x + r.label.w <= r.cells[0].x);
                }
            }
        }
    }
}
