//! The shipped assets: the committed sprite atlas is what `pack-assets`
//! makes from the committed sprite PNGs (re-packed here in memory), it loads,
//! and it has every sprite the game draws.
use rappel_tests::frame::assets_dir;
use render::atlas::{load_png, pack};

#[test]
fn the_committed_atlas_is_up_to_date_with_the_sprite_sources() {
    let dir = assets_dir().join("sprites");
    let mut sprites = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("assets/sprites exists") {
        let path = entry.expect("readable entry").path();
        if path.extension().is_some_and(|e| e == "png") {
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("UTF-8 name")
                .to_string();
            sprites.push((name, load_png(&path).expect("sprite PNG decodes")));
        }
    }
    let (image, mut meta) = pack(&sprites).expect("sprites pack");
    meta.image = "sprites.png".to_string();
    let stale = "the committed atlas is stale: run `cargo run -p tools --bin pack-assets` and commit assets/atlas";
    let committed_json =
        std::fs::read_to_string(assets_dir().join("atlas/sprites.json")).expect("sprites.json");
    let committed = render::SpriteAtlas::load(
        &assets_dir().join("atlas/sprites.json"),
        render::TextureSlot(1),
    )
    .expect("the committed atlas loads");
    assert_eq!(committed.meta, meta, "{stale}");
    assert_eq!(committed_json, meta.to_json(), "{stale}");
    let committed_png = load_png(&assets_dir().join("atlas/sprites.png")).expect("sprites.png");
    assert!(committed_png == image, "{stale}");
}

#[test]
fn the_atlas_has_every_sprite_the_game_draws() {
    let atlas = rappel_tests::frame::sprites();
    for name in [
        "knight",
        "scout",
        "sorceress",
        "relic",
        "bucket",
        "rope",
        "rope_coil",
        "statue",
        "knight_outline",
        "scout_outline",
        "sorceress_outline",
        "watcher",
        "wall",
        "platform",
        "entrance",
        "frame",
    ] {
        let s = atlas
            .sprite(name)
            .unwrap_or_else(|| panic!("no sprite `{name}`"));
        assert_eq!(s.size(), glam::Vec2::new(32.0, 32.0), "{name} is 32x32");
    }
}
