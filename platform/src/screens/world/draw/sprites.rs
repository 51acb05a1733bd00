//! The sprites the world is drawn with, looked up in the atlas once, and
//! what each item is drawn as ([`ItemLook`]: a rope coil, a bucket, a
//! statue, a relic), named as the player reads it.
use game::stage::Stage;
use game::things::{Capabilities, HeroKind, ThingId};
use render::{Sprite, SpriteAtlas};

/// The sprites the world is drawn with, looked up once.
#[derive(Clone, Copy, Debug, Default)]
pub struct WorldSprites {
    pub knight: Option<Sprite>,
    pub scout: Option<Sprite>,
    pub sorceress: Option<Sprite>,
    /// White silhouettes a little larger than the heroes: tinted, drawn
    /// behind a hero, they outline it.
    pub knight_outline: Option<Sprite>,
    pub scout_outline: Option<Sprite>,
    pub sorceress_outline: Option<Sprite>,
    pub relic: Option<Sprite>,
    /// A heavy relic.
    pub statue: Option<Sprite>,
    pub bucket: Option<Sprite>,
    pub rope: Option<Sprite>,
    pub rope_coil: Option<Sprite>,
    pub watcher: Option<Sprite>,
    pub entrance: Option<Sprite>,
}

impl WorldSprites {
    pub fn from_atlas(atlas: &SpriteAtlas) -> WorldSprites {
        WorldSprites {
            knight: atlas.sprite("knight"),
            scout: atlas.sprite("scout"),
            sorceress: atlas.sprite("sorceress"),
            knight_outline: atlas.sprite("knight_outline"),
            scout_outline: atlas.sprite("scout_outline"),
            sorceress_outline: atlas.sprite("sorceress_outline"),
            relic: atlas.sprite("relic"),
            statue: atlas.sprite("statue"),
            bucket: atlas.sprite("bucket"),
            rope: atlas.sprite("rope"),
            rope_coil: atlas.sprite("rope_coil"),
            watcher: atlas.sprite("watcher"),
            entrance: atlas.sprite("entrance"),
        }
    }

    /// The sprite of a hero kind.
    pub fn hero(&self, kind: HeroKind) -> Option<Sprite> {
        match kind {
            HeroKind::Knight => self.knight,
            HeroKind::Scout => self.scout,
            HeroKind::Sorceress => self.sorceress,
        }
    }

    /// The silhouette of a hero kind (see the fields).
    pub fn hero_outline(&self, kind: HeroKind) -> Option<Sprite> {
        match kind {
            HeroKind::Knight => self.knight_outline,
            HeroKind::Scout => self.scout_outline,
            HeroKind::Sorceress => self.sorceress_outline,
        }
    }

    /// The sprite of an item, by what it is: a rope (coiled), a container
    /// (a bucket), a heavy relic (a statue), a relic; `None` for anything
    /// else (drawn as a plain block). The world, the hero's hand and the
    /// HUD all draw items with it, so a thing looks the same everywhere.
    pub fn item(&self, stage: &Stage, item: ThingId) -> Option<Sprite> {
        match item_look(stage, item)? {
            ItemLook::RopeCoil => self.rope_coil,
            ItemLook::Bucket => self.bucket,
            ItemLook::Statue => self.statue,
            ItemLook::Relic => self.relic,
        }
    }
}

/// What an item is drawn as (see [`WorldSprites::item`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemLook {
    RopeCoil,
    Bucket,
    Statue,
    Relic,
}

impl ItemLook {
    /// The look's name: its sprite's, and the name a level should give
    /// an item drawn so (the screen's words then match the picture).
    pub fn name(self) -> &'static str {
        match self {
            ItemLook::RopeCoil => "rope",
            ItemLook::Bucket => "bucket",
            ItemLook::Statue => "statue",
            ItemLook::Relic => "relic",
        }
    }
}

/// What `item` is drawn as, by what it is: a rope (coiled), a container
/// (a bucket), a heavy relic (a statue), a relic; `None` for anything
/// else (a plain block).
pub fn item_look(stage: &Stage, item: ThingId) -> Option<ItemLook> {
    if stage.is_rope(item) {
        Some(ItemLook::RopeCoil)
    } else if stage.item_can(item, Capabilities::CONTAIN) {
        Some(ItemLook::Bucket)
    } else if stage.item_can(item, Capabilities::HEAVY) {
        Some(ItemLook::Statue)
    } else if stage.item_can(item, Capabilities::RELIC) {
        Some(ItemLook::Relic)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_item_is_called_what_it_is_drawn_as() {
        // "Pick up idol" under a relic's picture: the words a
        // player reads name the thing they see.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).expect("levels") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let Ok(level) = game::level::load_file(&path) else {
                continue; // campaign.txt and other lists
            };
            let stage = Stage::from_level(&level).expect("stage");
            for (id, _) in stage
                .store()
                .iter_kind(game::things::ThingKind::Interactable)
            {
                if let Some(look) = item_look(&stage, id).filter(|&l| l != ItemLook::RopeCoil) {
                    assert_eq!(
                        stage.item_name(id),
                        look.name(),
                        "{}: {:?}",
                        path.display(),
                        stage.id_name(id)
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked >= 12, "{checked} items checked");
    }
}
