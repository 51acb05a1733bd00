//! The results screen, over the finished level: relics recovered, turns
//! used against the level's par (a clear under par says so: "Turns used:
//! 5 — under par (6)!"; a game played with equipment names it, as its
//! loadout was: "Turns used: 4 with the long rope — under par (5)!"),
//! the best so far (and whether this was a
//! new best), then Next level, Replay or Level select. After a retreat
//! (the party left with fewer relics than the level requires) it says so:
//! nothing unlocks, it is no best, and "Go back in" undoes the last step.
use game::equipment::Loadout;
use glam::Vec2;
use render::{Align, DrawList, Font, Rect, TextStyle, WHITE};

use crate::progress::LevelResult;
use crate::screens::input::Input;
use crate::screens::menu::{self, Menu, MenuEvent};
use crate::screens::theme::{GOLD, NOTICE_TEXT, SUB_TEXT};

/// What the results screen asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultsAction {
    /// Back into the level: undo the step that ended it (after a retreat).
    GoBack,
    /// Play the next campaign level.
    Next,
    /// Play this level again from the start.
    Replay,
    LevelSelect,
}

/// The outcome shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultsScreen {
    pub level_name: String,
    pub result: LevelResult,
    /// The best before this one, if the level was won before.
    pub previous_best: Option<LevelResult>,
    /// Whether there is a next campaign level to go on to.
    pub has_next: bool,
    pub menu: Menu,
    /// Something the player must know (the result could not be saved);
    /// `None` shows nothing.
    pub notice: Option<String>,
    /// After a retreat: the relics the level requires; `None`: cleared.
    pub retreat_needed: Option<u32>,
    /// The level's par (turns of its best known solution), if known.
    pub par: Option<u32>,
    /// Every level of the campaign is now cleared (this was the last).
    pub campaign_complete: bool,
    /// The level is a level pack's: its last cleared says "Pack complete!".
    pub in_pack: bool,
    /// The equipment the game was played with (empty: none); the turns
    /// line names it.
    pub loadout: Loadout,
}

impl ResultsScreen {
    pub fn new(
        level_name: &str,
        result: LevelResult,
        previous_best: Option<LevelResult>,
        has_next: bool,
    ) -> ResultsScreen {
        ResultsScreen {
            level_name: level_name.to_string(),
            result,
            previous_best,
            has_next,
            menu: Menu::default(),
            notice: None,
            retreat_needed: None,
            par: None,
            campaign_complete: false,
            in_pack: false,
            loadout: Loadout::new(),
        }
    }

    /// The results of a retreat: `needed` relics had to leave.
    pub fn retreat(level_name: &str, result: LevelResult, needed: u32) -> ResultsScreen {
        ResultsScreen {
            retreat_needed: Some(needed),
            ..ResultsScreen::new(level_name, result, None, false)
        }
    }

    /// Whether this result replaces the previous best (or is the first
    /// win): `LevelResult::replaces`.
    pub fn new_best(&self) -> bool {
        match self.previous_best {
            Some(b) => self.result.replaces(&b),
            None => true,
        }
    }

    /// The entries, top to bottom.
    pub fn entries(&self) -> Vec<ResultsAction> {
        let mut out = Vec::new();
        if self.retreat_needed.is_some() {
            out.push(ResultsAction::GoBack);
        }
        if self.has_next {
            out.push(ResultsAction::Next);
        }
        out.extend([ResultsAction::Replay, ResultsAction::LevelSelect]);
        out
    }

    /// Applies one input.
    pub fn handle(&mut self, input: Input, size: Vec2) -> Option<ResultsAction> {
        let l = layout(size, self.entries().len());
        match self.menu.handle(input, &l.items)? {
            MenuEvent::Back => Some(ResultsAction::LevelSelect),
            MenuEvent::Chosen(i) => self.entries().get(i).copied(),
        }
    }

    /// The line of turns used, with the equipment the game was played
    /// with, against the level's par when it is known ("Turns used: 5 —
    /// under par (6)!" after a clear under par, "Turns used: 4 with the
    /// long rope — under par (5)!"), and the hints shown, if any ("· 2
    /// hints").
    pub fn turns_line(&self) -> String {
        match self.result.hints {
            0 => self.turns_words(),
            1 => format!("{} · 1 hint", self.turns_words()),
            n => format!("{} · {n} hints", self.turns_words()),
        }
    }

    fn turns_words(&self) -> String {
        let turns = match self.loadout.in_words() {
            Some(pieces) => format!("{} with {pieces}", self.result.turns),
            None => self.result.turns.to_string(),
        };
        // A retreat clears nothing: no praise, however quick.
        let under = self
            .par
            .filter(|_| self.retreat_needed.is_none())
            .and_then(|par| under_par(self.result.turns, par));
        match (under, self.par) {
            (Some(mark), _) => format!("Turns used: {turns} — {mark}"),
            (None, Some(par)) => format!("Turns used: {turns} (par {par})"),
            (None, None) => format!("Turns used: {turns}"),
        }
    }

    /// The line under the turns: the first win, a new best and the one it
    /// beat, the best so far, or why nothing unlocks. A best won on an
    /// earlier version of the level is said to be so, and any clear
    /// replaces it ("First win of this version! (was 1 relic in 6 turns on
    /// an earlier one)").
    pub fn best_line(&self) -> String {
        let plural = |n: u32| if n == 1 { "" } else { "s" };
        match (self.retreat_needed, self.new_best(), self.previous_best) {
            (Some(n), _, _) => format!("Nothing unlocks: {n} relic{} must come out", plural(n)),
            (None, _, _) if self.campaign_complete => {
                "Every level cleared. Thank you for playing!".to_string()
            }
            (None, true, None) => "First win!".to_string(),
            (None, true, Some(b)) if self.previous_on_another_version() => format!(
                "New best! (was {} relic{} in {} turn{} on an earlier version)",
                b.relics,
                plural(b.relics),
                b.turns,
                plural(b.turns)
            ),
            (None, true, Some(b)) => format!(
                "New best! (was {} relic{} in {} turn{})",
                b.relics,
                plural(b.relics),
                b.turns,
                plural(b.turns)
            ),
            (None, false, Some(b)) => format!(
                "Best so far: {} relic{} in {} turn{}",
                b.relics,
                plural(b.relics),
                b.turns,
                plural(b.turns)
            ),
            (None, false, None) => String::new(),
        }
    }

    /// Whether the best before this clear was won on another version of
    /// the level than this clear's (`LevelResult::on_another_version`).
    fn previous_on_another_version(&self) -> bool {
        match (self.result.level, self.previous_best) {
            (Some(now), Some(b)) => b.on_another_version(now),
            _ => false,
        }
    }

    /// Draws the results over whatever is beneath (UI pass).
    pub fn draw(&self, list: &mut DrawList, font: &mut Font, size: Vec2) {
        let entries = self.entries();
        let l = layout(size, entries.len());
        let s = l.scale;
        list.set_pass(render::Pass::Ui);
        menu::veil(list, size);
        menu::overlay_panel(list, l.frame, s);
        let centre = |y: f32| Vec2::new((size.x / 2.0).round(), y.round());
        let big = (40.0 * s).round().max(8.0);
        let text = (24.0 * s).round().max(6.0);
        let mut y = l.frame.y + 22.0 * s;
        let title = match (self.retreat_needed, self.campaign_complete) {
            (Some(_), _) => "Retreat",
            (None, true) if self.in_pack => "Pack complete!",
            (None, true) => "Campaign complete!",
            (None, false) => "Level complete",
        };
        list.text(
            font,
            centre(y),
            title,
            &TextStyle::new(big, GOLD).aligned(Align::Centre),
        );
        y += 58.0 * s;
        list.text(
            font,
            centre(y),
            &self.level_name,
            &TextStyle::new(text, SUB_TEXT).aligned(Align::Centre),
        );
        y += 48.0 * s;
        let r = self.result;
        let relics = match self.retreat_needed {
            Some(n) if n < r.relics_total => format!(
                "Relics recovered: {} of {} ({n} needed)",
                r.relics, r.relics_total
            ),
            _ => format!("Relics recovered: {} of {}", r.relics, r.relics_total),
        };
        // A long line (the turns with the equipment and hints) is set
        // smaller to stay inside the panel.
        let room = l.frame.w - 32.0 * s;
        for line in [relics, self.turns_line()] {
            let wide = render::text::measure(font, &line, &TextStyle::new(text, WHITE)).x;
            let size_px = if wide > room {
                (text * room / wide).floor().max(6.0)
            } else {
                text
            };
            list.text(
                font,
                centre(y),
                &line,
                &TextStyle::new(size_px, WHITE).aligned(Align::Centre),
            );
            y += 36.0 * s;
        }
        let best = self.best_line();
        let best_px = (20.0 * s).round().max(6.0);
        let wide = render::text::measure(font, &best, &TextStyle::new(best_px, GOLD)).x;
        let best_px = if wide > room {
            (best_px * room / wide).floor().max(6.0)
        } else {
            best_px
        };
        list.text(
            font,
            centre(y),
            &best,
            &TextStyle::new(best_px, GOLD).aligned(Align::Centre),
        );
        for (i, (entry, rect)) in entries.iter().zip(&l.items).enumerate() {
            let label = match entry {
                ResultsAction::GoBack => "Go back in (undo)",
                ResultsAction::Next => "Next level",
                ResultsAction::Replay => "Replay",
                ResultsAction::LevelSelect => "Level select",
            };
            menu::draw_item(
                list,
                font,
                *rect,
                label,
                i == self.menu.selected,
                true,
                text,
                s,
            );
        }
        if let Some(n) = &self.notice {
            let below = l.frame.y + l.frame.h + (14.0 * s).round();
            list.text(
                font,
                centre(below),
                n,
                &TextStyle::new((18.0 * s).round().max(6.0), NOTICE_TEXT)
                    .aligned(Align::Centre)
                    .wrapped(size.x * 0.9),
            );
        }
    }
}

/// The mark of a clear in `turns` under the level's `par` ("under par
/// (6)!"); `None` at or over par. The results screen and the level
/// select's best both add it after the turns.
pub fn under_par(turns: u32, par: u32) -> Option<String> {
    (turns < par).then(|| format!("under par ({par})!"))
}

/// Where things go.
pub struct ResultsLayout {
    pub scale: f32,
    pub frame: Rect,
    pub items: Vec<Rect>,
}

pub fn layout(size: Vec2, entries: usize) -> ResultsLayout {
    let s = (size.y / 720.0).min(size.x / 1280.0).max(0.2);
    let step = (64.0 * s).round();
    let frame_h = (262.0 * s + step * entries as f32 + 10.0 * s).round();
    let frame = Rect::centred(size / 2.0, Vec2::new(520.0 * s, frame_h));
    let frame = Rect::new(frame.x.round(), frame.y.round(), frame.w.round(), frame.h);
    let items = menu::column(
        size.x / 2.0,
        frame.y + 252.0 * s,
        entries,
        Vec2::new(300.0 * s, 50.0 * s),
        step,
    );
    ResultsLayout {
        scale: s,
        frame,
        items,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::input::Key;

    fn r(relics: u32, turns: u32) -> LevelResult {
        LevelResult {
            relics,
            relics_total: 1,
            turns,
            hints: 0,
            level: None,
            equipment: game::equipment::EquipmentSet::EMPTY,
        }
    }

    #[test]
    fn a_clear_under_par_says_so_with_the_turns() {
        let mut under = ResultsScreen::new("x", r(1, 5), None, true);
        assert_eq!(under.turns_line(), "Turns used: 5", "par unknown");
        under.par = Some(6);
        assert_eq!(under.turns_line(), "Turns used: 5 — under par (6)!");
        let mut at = ResultsScreen::new("x", r(1, 6), None, true);
        at.par = Some(6);
        assert_eq!(at.turns_line(), "Turns used: 6 (par 6)");
        let mut retreat = ResultsScreen::retreat("x", r(0, 2), 1);
        retreat.par = Some(6);
        assert_eq!(retreat.turns_line(), "Turns used: 2 (par 6)");
    }

    #[test]
    fn the_equipment_played_with_is_named_beside_the_turns() {
        let equipped = |turns, text: &str| {
            let mut s = ResultsScreen::new("x", r(1, turns), None, true);
            s.par = Some(5);
            s.loadout = Loadout::parse(text).unwrap();
            s
        };
        assert_eq!(
            equipped(4, "knight:long_rope").turns_line(),
            "Turns used: 4 with the long rope — under par (5)!"
        );
        assert_eq!(
            equipped(6, "scout:second_rope").turns_line(),
            "Turns used: 6 with the second rope (par 5)"
        );
        assert_eq!(
            equipped(5, "knight:long_rope sorceress:spare_bucket").turns_line(),
            "Turns used: 5 with the long rope and the spare bucket (par 5)"
        );
        let mut unknown = equipped(3, "knight:spare_bucket");
        unknown.par = None;
        unknown.result.hints = 1;
        assert_eq!(
            unknown.turns_line(),
            "Turns used: 3 with the spare bucket · 1 hint"
        );
        assert_eq!(
            equipped(4, "").turns_line(),
            "Turns used: 4 — under par (5)!"
        );
    }

    #[test]
    fn the_hints_shown_are_counted_beside_the_turns() {
        let hinted = |hints| LevelResult { hints, ..r(1, 7) };
        let mut two = ResultsScreen::new("x", hinted(2), None, true);
        two.par = Some(6);
        assert_eq!(two.turns_line(), "Turns used: 7 (par 6) · 2 hints");
        let one = ResultsScreen::new("x", hinted(1), None, true);
        assert_eq!(one.turns_line(), "Turns used: 7 · 1 hint");
    }

    #[test]
    fn entries_follow_the_campaign_and_best_is_judged() {
        let size = Vec2::new(1280.0, 720.0);
        let mut last = ResultsScreen::new("x", r(1, 3), Some(r(1, 2)), false);
        assert_eq!(
            last.entries(),
            [ResultsAction::Replay, ResultsAction::LevelSelect]
        );
        assert!(!last.new_best());
        assert_eq!(
            last.handle(Input::Key(Key::Enter), size),
            Some(ResultsAction::Replay)
        );
        assert_eq!(
            last.handle(Input::Key(Key::Escape), size),
            Some(ResultsAction::LevelSelect)
        );
        let mut first = ResultsScreen::new("x", r(1, 3), None, true);
        assert!(first.new_best());
        assert_eq!(
            first.handle(Input::Key(Key::Enter), size),
            Some(ResultsAction::Next)
        );
        assert!(ResultsScreen::new("x", r(1, 1), Some(r(1, 2)), true).new_best());
        let l = layout(size, 3);
        for it in &l.items {
            assert!(
                it.y + it.h < l.frame.y + l.frame.h,
                "{it:?} in {:?}",
                l.frame
            );
        }
    }

    #[test]
    fn a_best_won_on_an_earlier_version_is_said_so_and_any_clear_replaces_it() {
        let on = |level, turns| LevelResult {
            level: Some(level),
            ..r(1, turns)
        };
        // Night haul's best of 6 turns was won before its watcher forced a
        // wait (par 7 now): a clear in 7 is a new best.
        let mut night = ResultsScreen::new("Night haul", on(2, 7), Some(on(1, 6)), true);
        night.par = Some(7);
        assert!(night.new_best());
        assert_eq!(
            night.best_line(),
            "New best! (was 1 relic in 6 turns on an earlier version)"
        );
        assert_eq!(night.turns_line(), "Turns used: 7 (par 7)");
        // On the same version, as before.
        let same = ResultsScreen::new("Night haul", on(2, 8), Some(on(2, 7)), true);
        assert!(!same.new_best());
        assert_eq!(same.best_line(), "Best so far: 1 relic in 7 turns");
        // A best kept by an older build (no fingerprint): as before.
        let old = ResultsScreen::new("Night haul", on(2, 7), Some(r(1, 6)), true);
        assert!(!old.new_best());
        assert_eq!(old.best_line(), "Best so far: 1 relic in 6 turns");
    }
}
