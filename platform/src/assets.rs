//! Finding and loading the game's assets: the font and the sprite atlas.
//!
//! The `assets/` folder is looked for, in order: where `RAPPEL_ASSETS` points
//! (and nowhere else, if it is set); beside the executable or up to four
//! folders above it (so an unpacked download, `rappel` beside `assets/`,
//! finds its own from any current directory, and `target/release/rappel`
//! finds the repository's); the current directory; the source tree the
//! binary was built from ([`search_dirs`], which `levels/` shares). The
//! first that holds the font wins. If none does, the current directory's
//! `assets/` is used, so the error names `assets/fonts/DejaVuSans.ttf`.
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use log::info;
use render::{Font, SpriteAtlas, TextureSlot};

use crate::error::PlatformError;

/// The font, relative to the assets folder.
pub const FONT: &str = "fonts/DejaVuSans.ttf";
/// The sprite atlas metadata, relative to the assets folder.
pub const SPRITE_ATLAS: &str = "atlas/sprites.json";
/// The texture slot the sprite atlas is drawn from (slot 0 is the font's).
pub const SPRITE_SLOT: TextureSlot = TextureSlot(1);

/// Everything loaded from `assets/`.
pub struct Assets {
    /// The folder they came from.
    pub dir: PathBuf,
    pub font: Font,
    pub sprites: SpriteAtlas,
}

/// The folders searched for the shipped folder `name` (`assets`,
/// `levels`), best first: only `chosen` when it is set (the folder
/// `RAPPEL_ASSETS` or `RAPPEL_LEVELS` names; empty counts as unset); else
/// `name` beside the executable `exe` and in the four folders above it,
/// then in the current directory, then in the source tree the binary was
/// built from.
pub fn search_dirs(name: &str, chosen: Option<OsString>, exe: Option<&Path>) -> Vec<PathBuf> {
    if let Some(dir) = chosen.filter(|d| !d.is_empty()) {
        return vec![PathBuf::from(dir)];
    }
    let mut out = Vec::new();
    if let Some(exe) = exe {
        for dir in exe.ancestors().skip(1).take(5) {
            out.push(dir.join(name));
        }
    }
    out.push(PathBuf::from(name));
    out.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name));
    out
}

/// [`search_dirs`] for this run: `chosen` read from the environment
/// variable `var`, and this executable.
pub fn search_dirs_here(name: &str, var: &str) -> Vec<PathBuf> {
    let exe = std::env::current_exe().ok();
    search_dirs(name, std::env::var_os(var), exe.as_deref())
}

/// The first of `dirs` that holds the file `marker` (relative to it).
pub fn first_holding<'a>(dirs: &'a [PathBuf], marker: &str) -> Option<&'a PathBuf> {
    dirs.iter().find(|dir| dir.join(marker).is_file())
}

/// The assets folder to load from (see the module docs).
pub fn locate() -> PathBuf {
    let all = search_dirs_here("assets", "RAPPEL_ASSETS");
    let chosen = std::env::var_os("RAPPEL_ASSETS").is_some_and(|d| !d.is_empty());
    first_holding(&all, FONT)
        .or(all.first().filter(|_| chosen))
        .cloned()
        .unwrap_or_else(|| PathBuf::from("assets"))
}

impl Assets {
    /// Loads the font and the sprite atlas from `dir`.
    pub fn load(dir: &Path) -> Result<Assets, PlatformError> {
        let font = Font::load(&dir.join(FONT))?;
        let sprites = SpriteAtlas::load(&dir.join(SPRITE_ATLAS), SPRITE_SLOT)?;
        info!(
            "assets from {}: font {}, {} sprites",
            dir.display(),
            font.path().display(),
            sprites.meta.sprites.len()
        );
        Ok(Assets {
            dir: dir.to_path_buf(),
            font,
            sprites,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_repository_assets_are_found_and_load() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
        let assets = Assets::load(&dir).expect("shipped assets load");
        assert!(assets.sprites.sprite("knight").is_some());
        assert_eq!(assets.sprites.slot, SPRITE_SLOT);
    }

    /// An unpacked download: `rappel` beside `assets/` and `levels/` in a
    /// folder of its own, started from elsewhere (the tests run in
    /// `platform/`, under the checkout, whose own `assets/` would be found
    /// too): its own folders come first.
    #[test]
    fn an_unpacked_download_finds_the_folders_beside_its_executable() {
        let root = std::env::temp_dir().join(format!("rappel-bundle-{}", std::process::id()));
        let bundle = root.join("rappel-0.1.0-linux-x86_64");
        std::fs::create_dir_all(bundle.join("assets/fonts")).unwrap();
        std::fs::write(bundle.join("assets").join(FONT), b"a font").unwrap();
        std::fs::create_dir_all(bundle.join("levels")).unwrap();
        std::fs::write(bundle.join("levels/campaign.txt"), b"").unwrap();
        let exe = bundle.join("rappel");
        for (name, marker) in [("assets", FONT), ("levels", "campaign.txt")] {
            let dirs = search_dirs(name, None, Some(&exe));
            assert_eq!(dirs[0], bundle.join(name), "beside the executable first");
            assert_eq!(first_holding(&dirs, marker), Some(&bundle.join(name)));
            let cwd = dirs.iter().position(|d| d == Path::new(name));
            assert!(cwd > Some(0), "the current directory after: {dirs:?}");
        }
        // Without the download, the checkout's own folders are still found.
        let elsewhere = search_dirs("assets", None, Some(&root.join("nowhere/rappel")));
        let found = first_holding(&elsewhere, FONT).expect("the checkout's assets");
        assert!(found.ends_with("../assets"), "{found:?}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_chosen_folder_is_the_only_one_searched_unless_empty() {
        let exe = Path::new("/opt/rappel/rappel");
        let chosen = search_dirs("assets", Some("/mods/art".into()), Some(exe));
        assert_eq!(chosen, vec![PathBuf::from("/mods/art")]);
        let empty = search_dirs("assets", Some("".into()), Some(exe));
        assert_eq!(empty[0], PathBuf::from("/opt/rappel/assets"));
    }

    #[test]
    fn a_missing_folder_names_the_font_file() {
        let err = Assets::load(Path::new("/nonexistent/assets"))
            .err()
            .expect("fails");
        let text = err.to_string();
        assert!(
            text.starts_with("cannot load font /nonexistent/assets/fonts/DejaVuSans.ttf: "),
            "{text}"
        );
    }
}
