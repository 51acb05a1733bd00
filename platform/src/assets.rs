//! Finding and loading the game's assets: the font and the sprite atlas.
//!
//! The `assets/` folder is looked for, in order: where `RAPPEL_ASSETS` points
//! (and nowhere else, if it is set); beside the executable or up to four
//! folders above it (so `target/release/rappel` finds the repository's);
//! the current directory; the source tree the binary was built from. The
//! first that holds the font wins. If none does, the current directory's
//! `assets/` is used, so the error names `assets/fonts/DejaVuSans.ttf`.
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

/// The folders searched for the assets, best first (see the module docs).
fn asset_search_dirs() -> Vec<PathBuf> {
    if let Some(dir) = std::env::var_os("RAPPEL_ASSETS").filter(|d| !d.is_empty()) {
        return vec![PathBuf::from(dir)];
    }
    let mut out = Vec::new();
    if let Ok(exe) = std::env::current_exe() {
        for dir in exe.ancestors().skip(1).take(5) {
            out.push(dir.join("assets"));
        }
    }
    out.push(PathBuf::from("assets"));
    out.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets"));
    out
}

/// The assets folder to load from.
pub fn locate() -> PathBuf {
    let all = asset_search_dirs();
    all.iter()
        .find(|dir| dir.join(FONT).is_file())
        .or(all
            .first()
            .filter(|_| std::env::var_os("RAPPEL_ASSETS").is_some()))
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
