//! Which level a save belongs to, and the words that say so in the save's
//! origin: `campaign FILE` or `file PATH`, then ` loadout HERO:ITEM …` when
//! the game is equipped, then ` hero ID` for the selected hero. Also the
//! save's file name in the saves folder, one a level whatever the loadout.
use std::path::PathBuf;

use game::equipment::Loadout;

/// Which level a save belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedLevel {
    /// A campaign level, by its file name.
    Campaign(String),
    /// A level opened by path (made absolute when it is opened).
    File(PathBuf),
}

/// The words between the level and the loadout in a save's origin.
const LOADOUT_WORD: &str = " loadout ";
/// The words before the selected hero's id, last in a save's origin.
const HERO_WORD: &str = " hero ";

/// `origin` with the selected hero's level id after it (` hero scout`);
/// unchanged without one.
pub fn origin_with_hero(origin: String, hero: Option<&str>) -> String {
    match hero {
        Some(id) => format!("{origin}{HERO_WORD}{id}"),
        None => origin,
    }
}

/// An origin's words before the selected hero, and the hero's id: the text
/// after the last ` hero `, when it reads as a thing id. An origin
/// without one (every save before the hero was kept) is all level and
/// loadout, and resumes with the first hero selected.
pub fn split_hero(origin: &str) -> (&str, Option<&str>) {
    match origin.rsplit_once(HERO_WORD) {
        Some((rest, id)) if game::level::thing_spec::is_identifier(id) => (rest, Some(id)),
        _ => (origin, None),
    }
}

impl SavedLevel {
    /// The words stored as the save's origin: the level (`campaign FILE`,
    /// `file PATH`), then ` loadout HERO:ITEM …` when the game is
    /// equipped.
    pub fn origin(&self, loadout: &Loadout) -> String {
        let level = match self {
            SavedLevel::Campaign(f) => format!("campaign {f}"),
            SavedLevel::File(p) => format!("file {}", p.display()),
        };
        if loadout.is_empty() {
            level
        } else {
            format!("{level}{LOADOUT_WORD}{loadout}")
        }
    }

    /// The level and loadout an origin names (the loadout empty for an
    /// origin without one, as every save before equipment); `None` for
    /// words this build does not know. The loadout is the text after the
    /// last ` loadout `, when that text reads as one; otherwise the whole
    /// origin names the level.
    pub fn from_origin(origin: &str) -> Option<(SavedLevel, Loadout)> {
        let (origin, _) = split_hero(origin);
        let (level, loadout) = match origin.rsplit_once(LOADOUT_WORD) {
            Some((level, text)) => match Loadout::parse(text) {
                Ok(loadout) if !loadout.is_empty() => (level, loadout),
                _ => (origin, Loadout::new()),
            },
            None => (origin, Loadout::new()),
        };
        Some((SavedLevel::from_level_words(level)?, loadout))
    }

    /// The level named by an origin's first words.
    fn from_level_words(origin: &str) -> Option<SavedLevel> {
        if let Some(f) = origin.strip_prefix("campaign ") {
            let plain = !f.is_empty() && !f.contains(['/', '\\']) && !f.starts_with('.');
            return plain.then(|| SavedLevel::Campaign(f.to_string()));
        }
        origin
            .strip_prefix("file ")
            .filter(|p| !p.is_empty())
            .map(|p| SavedLevel::File(PathBuf::from(p)))
    }

    /// The save's file name in the saves folder.
    pub fn file_name(&self) -> String {
        match self {
            SavedLevel::Campaign(f) => format!("campaign-{f}.sav"),
            SavedLevel::File(p) => {
                let mut h = game::io::hash::Fnv1a::new();
                h.write(p.as_os_str().as_encoded_bytes());
                format!("file-{:016x}.sav", h.finish())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_name_their_level_and_a_file_each() {
        let c = SavedLevel::Campaign("loop_back.txt".into());
        let f = SavedLevel::File("/home/me/levels/deep well.txt".into());
        let none = Loadout::new();
        for which in [&c, &f] {
            assert_eq!(
                SavedLevel::from_origin(&which.origin(&none)),
                Some((which.clone(), none.clone()))
            );
        }
        // A loadout follows the level's words, and comes back.
        let kit = Loadout::parse("scout:second_rope knight:long_rope").expect("loadout");
        assert_eq!(
            c.origin(&kit),
            "campaign loop_back.txt loadout knight:long_rope scout:second_rope"
        );
        for which in [&c, &f] {
            assert_eq!(
                SavedLevel::from_origin(&which.origin(&kit)),
                Some((which.clone(), kit.clone()))
            );
        }
        // A path with the word in it that is no loadout is all path.
        assert_eq!(
            SavedLevel::from_origin("file /tmp/a loadout b.txt"),
            Some((
                SavedLevel::File("/tmp/a loadout b.txt".into()),
                none.clone()
            ))
        );
        // The selected hero ends the origin; the level and loadout before
        // it read as without it, and an origin without one has none.
        let with = origin_with_hero(c.origin(&kit), Some("scout"));
        assert_eq!(
            with,
            "campaign loop_back.txt loadout knight:long_rope scout:second_rope hero scout"
        );
        assert_eq!(split_hero(&with), (c.origin(&kit).as_str(), Some("scout")));
        assert_eq!(
            SavedLevel::from_origin(&with),
            Some((c.clone(), kit.clone()))
        );
        let plain = origin_with_hero(f.origin(&none), Some("knight_2"));
        assert_eq!(
            SavedLevel::from_origin(&plain),
            Some((f.clone(), none.clone()))
        );
        assert_eq!(split_hero(&c.origin(&kit)).1, None, "an older save");
        assert_eq!(
            split_hero("file /tmp/a hero b.txt"),
            ("file /tmp/a hero b.txt", None),
            "a path with the word in it that is no id is all path"
        );
        // The save's file is the level's, whatever the loadout.
        assert_eq!(c.file_name(), "campaign-loop_back.txt.sav");
        assert_eq!(c.file_name(), "campaign-loop_back.txt.sav");
        assert!(f.file_name().starts_with("file-") && f.file_name().ends_with(".sav"));
        assert_ne!(
            f.file_name(),
            SavedLevel::File("/home/me/levels/other.txt".into()).file_name()
        );
        for bad in [
            "",
            "campaign ",
            "campaign ../x.txt",
            "campaign a/b.txt",
            "file ",
            "x",
        ] {
            assert_eq!(SavedLevel::from_origin(bad), None, "{bad:?}");
            let with = format!("{bad} loadout knight:long_rope");
            assert_eq!(SavedLevel::from_origin(&with), None, "{with:?}");
        }
    }
}
