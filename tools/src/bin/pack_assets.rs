//! `pack-assets`: packs the sprite PNGs of `assets/sprites/` into one atlas
//! (`assets/atlas/sprites.png` + `sprites.json`) with `render::atlas::pack`:
//! each sprite gets a one-texel extruded border, and the metadata points at
//! the inner rectangles. The game loads the result; the packed atlas is
//! committed so the game runs without this tool, and a test re-packs the
//! sources in memory to check the committed atlas is up to date.
//!
//! With `--draw-sprites` it first (re)draws the programmer-art sprites from
//! the shape tables of `tools::sprite_art` — flat colours, low-poly, 32×32, a dark outline —
//! so the art is reproducible from source.
//!
//! ```text
//! cargo run -p tools --bin pack-assets -- [--draw-sprites] [SPRITES_DIR] [ATLAS_DIR]
//! ```
//! Defaults: `assets/sprites` and `assets/atlas` of the repository.
//!
//! Arguments are taken as the OS gives them (`lexopt`); a mistake on the
//! command line exits with status 2, any other failure with 1. Sprites are
//! read only from regular files of at most [`MAX_SPRITE_BYTES`], and every
//! file written is written whole through `game::io::file::write_atomic`
//! (which refuses a target that is a folder, a device or a named pipe).
#![forbid(unsafe_code)]
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use game::io::file::{read_capped, write_atomic};
use game::level::escaped;
use game::level::file::io_message;
use image::RgbaImage;
use tools::sprite_art::draw_all;
use tools::thumbnail::png_bytes;

const USAGE: &str = "usage: pack-assets [--draw-sprites] [SPRITES_DIR] [ATLAS_DIR]";

/// The largest sprite PNG read, in bytes.
const MAX_SPRITE_BYTES: u64 = 16 << 20;

/// A one-line failure message.
type Failure = String;

/// Writes `img` to `path` as a PNG, whole or not at all.
fn write_png(path: &Path, img: &RgbaImage) -> Result<(), Failure> {
    let bytes = png_bytes(img).map_err(|e| format!("cannot encode {}: {e}", path.display()))?;
    write_atomic(path, &bytes)
        .map_err(|e| format!("cannot write {}: {}", path.display(), io_message(path, &e)))
}

fn draw_sprites(dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let sprites = draw_all();
    for (name, img) in &sprites {
        write_png(&dir.join(format!("{name}.png")), img)?;
    }
    println!("drew {} sprites into {}", sprites.len(), dir.display());
    Ok(())
}

/// Reads every `*.png` in `dir`, named by file stem.
fn read_sprites(dir: &Path) -> Result<Vec<(String, RgbaImage)>, Failure> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read sprite folder {}: {e}", dir.display()))?;
    let mut sprites = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read sprite folder {}: {e}", dir.display()))?
            .path();
        if path.extension().and_then(|e| e.to_str()) != Some("png") {
            continue;
        }
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .ok_or_else(|| format!("sprite file name {} is not UTF-8", path.display()))?
            .to_string();
        let bytes = read_capped(&path, MAX_SPRITE_BYTES)
            .map_err(|e| format!("cannot read {}: {}", path.display(), io_message(&path, &e)))?;
        let img = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
            .map_err(|e| format!("{}: not a PNG image: {e}", path.display()))?
            .to_rgba8();
        sprites.push((name, img));
    }
    if sprites.is_empty() {
        return Err(format!("no PNG sprites in {}", dir.display()));
    }
    sprites.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(sprites)
}

fn pack(sprites_dir: &Path, atlas_dir: &Path) -> Result<(), Failure> {
    let sprites = read_sprites(sprites_dir)?;
    let (image, mut meta) = render::atlas::pack(&sprites).map_err(|e| e.to_string())?;
    meta.image = "sprites.png".to_string();
    std::fs::create_dir_all(atlas_dir)
        .map_err(|e| format!("cannot create {}: {e}", atlas_dir.display()))?;
    let png = atlas_dir.join(&meta.image);
    write_png(&png, &image)?;
    let json = atlas_dir.join("sprites.json");
    write_atomic(&json, meta.to_json().as_bytes())
        .map_err(|e| format!("cannot write {}: {}", json.display(), io_message(&json, &e)))?;
    println!(
        "packed {} sprites into {} ({}x{}) and {}",
        meta.sprites.len(),
        png.display(),
        meta.width,
        meta.height,
        json.display()
    );
    Ok(())
}

/// `assets/` of the repository: from the current directory if it has one,
/// else next to this crate's manifest.
fn default_assets() -> PathBuf {
    let here = PathBuf::from("assets");
    if here.join("fonts").is_dir() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets")
}

/// What the command line asks for.
enum Request {
    Help,
    /// Pack: whether to draw the sprites first, and the folders given.
    Pack(bool, Vec<PathBuf>),
}

fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Request, Failure> {
    use lexopt::Arg::{Long, Short, Value};
    let mut parser = lexopt::Parser::from_args(args);
    let mut draw_first = false;
    let mut dirs = Vec::new();
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("draw-sprites") => draw_first = true,
            Short('h') | Long("help") => return Ok(Request::Help),
            Long(other) => return Err(format!("unknown option `--{other}`")),
            Short(other) => return Err(format!("unknown option `-{other}`")),
            Value(dir) => dirs.push(PathBuf::from(dir)),
        }
    }
    if dirs.len() > 2 {
        return Err("too many arguments".to_string());
    }
    Ok(Request::Pack(draw_first, dirs))
}

fn run(draw_first: bool, dirs: &[PathBuf]) -> Result<(), Failure> {
    let assets = default_assets();
    let sprites_dir = dirs
        .first()
        .cloned()
        .unwrap_or_else(|| assets.join("sprites"));
    let atlas_dir = dirs.get(1).cloned().unwrap_or_else(|| assets.join("atlas"));
    if draw_first {
        draw_sprites(&sprites_dir)?;
    }
    pack(&sprites_dir, &atlas_dir)
}

fn main() -> ExitCode {
    let (draw_first, dirs) = match parse_args(std::env::args_os().skip(1)) {
        Ok(Request::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Request::Pack(draw_first, dirs)) => (draw_first, dirs),
        Err(problem) => {
            eprintln!("pack-assets: {}; {USAGE}", escaped(&problem));
            return ExitCode::from(2);
        }
    };
    match run(draw_first, &dirs) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("pack-assets: {}", escaped(&message));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn arguments_parse_and_mistakes_are_named() {
        use std::os::unix::ffi::OsStringExt;
        assert!(matches!(parse_args(os(&["-h"])), Ok(Request::Help)));
        let Ok(Request::Pack(true, dirs)) = parse_args(vec![
            OsString::from("--draw-sprites"),
            OsString::from_vec(b"spr\xfftes".to_vec()),
        ]) else {
            panic!("expected Pack");
        };
        assert_eq!(
            dirs,
            [PathBuf::from(OsString::from_vec(b"spr\xfftes".to_vec()))]
        );
        assert!(matches!(parse_args(os(&["--bogus"])), Err(e) if e == "unknown option `--bogus`"));
        assert!(matches!(parse_args(os(&["a", "b", "c"])), Err(e) if e == "too many arguments"));
    }
}
