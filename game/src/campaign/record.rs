//! A player's record over the campaign, and the campaign's rules on it:
//! the best result of each level won (more relics, then fewer turns), the
//! most relics ever brought out of each level (won or retreated from), the
//! first level always open and level n + 1 open once level n is won, and
//! the equipment the relics recovered over the whole campaign unlock
//! (`crate::equipment::unlock`'s table).
//!
//! Levels are named by their file names, as the campaign lists them. A
//! result won from now on also carries the fingerprint of the level as it
//! was written when won (`crate::io::save::level_fingerprint`, what saves
//! use): a shipped level redesigned since keeps its file name, and a best
//! won on its earlier version is no longer comparable with a clear of the
//! version shipped now — it is shown for what it is, and the next clear
//! replaces it, however many turns it takes. A result kept before
//! fingerprints were has none: nothing is known of its level, and it
//! compares as it always did. How the record is kept on disk is the
//! platform's (its progress file).
use crate::equipment::{Equipment, EquipmentSet};
use std::collections::{BTreeMap, BTreeSet};

/// A result on one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelResult {
    /// Relics brought out (more beats fewer).
    pub relics: u32,
    /// Relics the level holds in all.
    pub relics_total: u32,
    /// Turns taken to clear it (at equal relics, fewer beats more).
    pub turns: u32,
    /// Hints shown while playing it (0: none).
    pub hints: u32,
    /// The fingerprint of the level as written when it was won
    /// (`crate::io::save::level_fingerprint`); `None`: not known (a result
    /// kept before fingerprints were, or of a level with no file).
    pub level: Option<u64>,
    /// The equipment the player chose for it, beyond what the level
    /// requires (empty: none, or not known: a result kept before it was).
    /// It can open a line shorter than par; it does not change what beats
    /// what.
    pub equipment: EquipmentSet,
}

impl LevelResult {
    /// `relics` of `relics_total` brought out in `turns`, with no hints,
    /// no equipment chosen, and the level's version not known.
    pub fn new(relics: u32, relics_total: u32, turns: u32) -> LevelResult {
        LevelResult {
            relics,
            relics_total,
            turns,
            hints: 0,
            level: None,
            equipment: EquipmentSet::EMPTY,
        }
    }

    /// Whether `self` beats `other`: more relics, then fewer turns.
    pub fn beats(&self, other: &LevelResult) -> bool {
        (self.relics, std::cmp::Reverse(self.turns))
            > (other.relics, std::cmp::Reverse(other.turns))
    }

    /// Whether `self` and `other` were won on the same level as written,
    /// as far as is known: a result without a fingerprint compares with
    /// any.
    pub fn comparable(&self, other: &LevelResult) -> bool {
        match (self.level, other.level) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        }
    }

    /// Whether `self`, a clear just won, replaces `best`, the best so far:
    /// it beats it, or `best` was won on another version of the level (not
    /// comparable: the clear of the level as it is now is kept).
    pub fn replaces(&self, best: &LevelResult) -> bool {
        !self.comparable(best) || self.beats(best)
    }

    /// Whether this result was won on a version of the level other than
    /// the one whose fingerprint is `level_now` (false when its own is not
    /// known).
    pub fn on_another_version(&self, level_now: u64) -> bool {
        self.level.is_some_and(|l| l != level_now)
    }
}

/// The best result per level file name (a level listed was won), and the
/// most relics brought out of each level file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CampaignRecord {
    best: BTreeMap<String, LevelResult>,
    /// The most relics ever brought out of each level file, retreats
    /// included; a level not listed may still have a best result (whose
    /// relics count too, see [`CampaignRecord::relics_recovered`]).
    relics: BTreeMap<String, u32>,
}

impl CampaignRecord {
    /// Nothing played yet.
    pub fn new() -> CampaignRecord {
        CampaignRecord::default()
    }

    /// A record of these best results and relics brought out, as they
    /// were kept.
    pub fn from_parts(
        best: BTreeMap<String, LevelResult>,
        relics: BTreeMap<String, u32>,
    ) -> CampaignRecord {
        CampaignRecord { best, relics }
    }

    /// The best result of each level won, by file name.
    pub fn results(&self) -> &BTreeMap<String, LevelResult> {
        &self.best
    }

    /// The relics brought out of each level as recorded apart from its
    /// best result, by file name.
    pub fn relics_brought_out(&self) -> &BTreeMap<String, u32> {
        &self.relics
    }

    /// The best result on `file`, if it was won.
    pub fn best(&self, file: &str) -> Option<LevelResult> {
        self.best.get(file).copied()
    }

    /// Whether `file` was won.
    pub fn won(&self, file: &str) -> bool {
        self.best.contains_key(file)
    }

    /// Records a win on `file` just won; true if it is a new best (or the
    /// first): see [`LevelResult::replaces`].
    pub fn record(&mut self, file: &str, result: LevelResult) -> bool {
        match self.best.get(file) {
            Some(old) if !result.replaces(old) => false,
            _ => {
                self.best.insert(file.to_string(), result);
                true
            }
        }
    }

    /// Records that `relics` relics were brought out of `file` (a level
    /// cleared or retreated from); true if it is more than ever before.
    pub fn record_relics(&mut self, file: &str, relics: u32) -> bool {
        if relics <= self.relics_recovered(file) {
            return false;
        }
        self.relics.insert(file.to_string(), relics);
        true
    }

    /// Takes in `other`'s results and relics wherever they are better;
    /// where `other`'s result and this record's were won on different
    /// versions of a level, this record's is kept (`other` is the older
    /// knowledge: wins just won are [`CampaignRecord::record`]ed).
    pub fn merge(&mut self, other: &CampaignRecord) {
        for (file, result) in &other.best {
            match self.best.get(file) {
                Some(old) if !result.comparable(old) || !result.beats(old) => {}
                _ => {
                    self.best.insert(file.clone(), *result);
                }
            }
        }
        for (file, n) in &other.relics {
            self.record_relics(file, *n);
        }
    }

    /// The most relics ever brought out of `file`: its relics recorded or
    /// its best result, whichever is more.
    pub fn relics_recovered(&self, file: &str) -> u32 {
        let line = self.relics.get(file).copied().unwrap_or(0);
        let best = self.best.get(file).map_or(0, |r| r.relics);
        line.max(best)
    }

    /// The relics recovered over the campaign: the most brought out of
    /// each level, summed (what unlocks equipment). A level pack's levels
    /// (keys holding a `/`, `pack.rs`) unlock nothing: a pack is played
    /// with the equipment its levels require, so no pack can hand out
    /// the campaign's equipment.
    pub fn relics_recovered_total(&self) -> u32 {
        let files: BTreeSet<&String> = self.best.keys().chain(self.relics.keys()).collect();
        files
            .into_iter()
            .filter(|f| !f.contains('/'))
            .map(|f| self.relics_recovered(f))
            .fold(0u32, u32::saturating_add)
    }

    /// The equipment the relics recovered have unlocked, in canonical
    /// order (`crate::equipment::unlock`).
    pub fn unlocked_equipment(&self) -> Vec<Equipment> {
        crate::equipment::unlocked(self.relics_recovered_total())
    }

    /// Whether level `index` of a campaign with these `files` may be played:
    /// the first always, any other once the one before it is won, and a
    /// level won before always (so a level moved later in a new campaign
    /// order, or with a new level before it, stays open to its player).
    pub fn unlocked(&self, files: &[&str], index: usize) -> bool {
        index == 0
            || files.get(index).is_some_and(|f| self.won(f))
            || files.get(index - 1).is_some_and(|f| self.won(f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(relics: u32, turns: u32) -> LevelResult {
        LevelResult::new(relics, 2, turns)
    }

    #[test]
    fn records_keep_the_best_and_unlock_the_next_level() {
        let mut p = CampaignRecord::new();
        let files = ["a.txt", "b.txt", "c.txt"];
        assert!(p.unlocked(&files, 0));
        assert!(!p.unlocked(&files, 1));
        assert!(p.record("a.txt", r(1, 9)));
        assert!(p.unlocked(&files, 1) && !p.unlocked(&files, 2));
        assert!(!p.record("a.txt", r(1, 10)), "more turns is worse");
        assert!(p.record("a.txt", r(1, 5)), "fewer turns is better");
        assert!(p.record("a.txt", r(2, 50)), "more relics beats turns");
        assert_eq!(p.best("a.txt"), Some(r(2, 50)));
    }

    #[test]
    fn a_level_won_stays_open_when_the_campaign_order_changes() {
        let mut p = CampaignRecord::default();
        assert!(p.record("a.txt", r(1, 3)));
        assert!(p.record("c.txt", r(1, 4)));
        // A new order puts c after b, which has not been won.
        let files = ["a.txt", "b.txt", "c.txt", "d.txt"];
        assert!(p.unlocked(&files, 1), "b follows a, won");
        assert!(p.unlocked(&files, 2), "c was won");
        assert!(p.unlocked(&files, 3), "d follows c, won");
        let files = ["a.txt", "b.txt", "e.txt", "c.txt"];
        assert!(!p.unlocked(&files, 2), "e follows b, not won");
    }

    #[test]
    fn a_packs_levels_keep_their_own_record_and_unlock_no_equipment() {
        let mut p = CampaignRecord::new();
        let key = crate::campaign::pack_progress_key("wells", "heavy_haul.txt");
        p.record(
            &key,
            LevelResult {
                relics: 3,
                relics_total: 3,
                turns: 5,
                hints: 0,
                level: None,
                equipment: EquipmentSet::EMPTY,
            },
        );
        assert!(p.won(&key));
        assert!(
            !p.won("heavy_haul.txt"),
            "the campaign's level of the same file is apart"
        );
        assert_eq!(p.relics_recovered(&key), 3);
        assert_eq!(p.relics_recovered_total(), 0);
        assert_eq!(p.unlocked_equipment(), []);
        assert!(p.unlocked(&[key.as_str(), "pack/wells/b.txt"], 1));
    }

    #[test]
    fn relics_brought_out_count_retreats_too_and_unlock_equipment() {
        let mut p = CampaignRecord::new();
        assert_eq!(p.relics_recovered_total(), 0);
        assert_eq!(p.unlocked_equipment(), []);
        // A retreat with one relic out: no win, but the relic counts.
        assert!(p.record_relics("heavy_haul.txt", 1));
        assert!(!p.won("heavy_haul.txt"));
        assert_eq!(p.unlocked_equipment(), [Equipment::LongRope]);
        assert!(!p.record_relics("heavy_haul.txt", 0), "the most is kept");
        // A win counts its relics; the same relics twice count once.
        p.record("loop_back.txt", r(1, 1));
        assert!(!p.record_relics("loop_back.txt", 1));
        assert_eq!(p.relics_recovered_total(), 2);
        assert_eq!(
            p.unlocked_equipment(),
            [Equipment::LongRope, Equipment::SecondRope]
        );
        p.record_relics("two_idols.txt", 2);
        assert_eq!(p.relics_recovered_total(), 4);
        assert_eq!(p.unlocked_equipment(), Equipment::ALL);
        // Another record merges in wherever it is better.
        let mut other = CampaignRecord::new();
        other.record_relics("heavy_haul.txt", 2);
        other.record("loop_back.txt", r(1, 9));
        p.merge(&other);
        assert_eq!(p.relics_recovered("heavy_haul.txt"), 2);
        assert_eq!(p.best("loop_back.txt"), Some(r(1, 1)), "the better kept");
    }

    #[test]
    fn a_best_won_on_an_earlier_version_of_a_level_is_replaced_by_any_clear_of_this_one() {
        let on = |level, turns| LevelResult {
            level: Some(level),
            ..r(1, turns)
        };
        let (earlier, now) = (0x1111, 0x2222);
        let mut p = CampaignRecord::new();
        assert!(p.record("night_haul.txt", on(earlier, 6)));
        let best = p.best("night_haul.txt").unwrap();
        assert!(best.on_another_version(now));
        assert!(!best.on_another_version(earlier));
        // A clear of the level as it is now, in more turns, replaces it.
        assert!(p.record("night_haul.txt", on(now, 7)));
        assert_eq!(p.best("night_haul.txt"), Some(on(now, 7)));
        // On the same version, more turns is worse again.
        assert!(!p.record("night_haul.txt", on(now, 8)));
        // Merging older knowledge (a file holding the earlier best) keeps
        // the clear of this version.
        let mut older = CampaignRecord::new();
        older.record("night_haul.txt", on(earlier, 5));
        p.merge(&older);
        assert_eq!(p.best("night_haul.txt"), Some(on(now, 7)));
        assert!(p.won("night_haul.txt"));
    }

    #[test]
    fn a_best_kept_without_a_fingerprint_compares_as_before() {
        let mut p = CampaignRecord::new();
        p.record("night_haul.txt", r(1, 6));
        let old = p.best("night_haul.txt").unwrap();
        assert!(!old.on_another_version(0x2222), "nothing can be known");
        let now = |turns| LevelResult {
            level: Some(0x2222),
            ..r(1, turns)
        };
        assert!(!p.record("night_haul.txt", now(7)), "more turns is worse");
        assert_eq!(p.best("night_haul.txt"), Some(old), "kept as it was");
        assert!(p.record("night_haul.txt", now(5)));
        assert_eq!(p.best("night_haul.txt"), Some(now(5)));
    }
}
