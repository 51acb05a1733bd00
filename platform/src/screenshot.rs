//! Saving a frame read back from the framebuffer as a PNG, through
//! `game::io::file::write_atomic`: the PNG is encoded in memory and written
//! whole beside its final name, then renamed over it, so a failed save
//! never leaves a half-written PNG; a target that exists and is not a
//! regular file (a folder, a FIFO, `/dev/null`) is refused, never written
//! into or replaced.
use std::path::Path;

use image::ImageEncoder;

use crate::error::PlatformError;

/// Checks, before any frame is drawn, that `path` can take a screenshot:
/// nothing is there yet, or a regular file (a symlink to one is followed).
pub fn check_target(path: &Path) -> Result<(), PlatformError> {
    let Ok(meta) = std::fs::metadata(path) else {
        // Nothing there (or not reachable): the write reports it.
        return Ok(());
    };
    if meta.is_file() {
        return Ok(());
    }
    Err(PlatformError::Screenshot {
        path: path.to_path_buf(),
        message: format!(
            "it is {}, not a regular file",
            game::io::file::kind_of(&meta)
        ),
    })
}

/// Writes `rgba` (top row first, `width_px * height_px * 4` bytes) to `path` as PNG.
pub fn save_png(
    path: &Path,
    width_px: u32,
    height_px: u32,
    rgba: &[u8],
) -> Result<(), PlatformError> {
    let fail = |message: String| PlatformError::Screenshot {
        path: path.to_path_buf(),
        message,
    };
    let expected = u64::from(width_px) * u64::from(height_px) * 4;
    if rgba.len() as u64 != expected {
        return Err(fail(format!(
            "pixel buffer is not {width_px}x{height_px} RGBA"
        )));
    }
    check_target(path)?;
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image(rgba, width_px, height_px, image::ExtendedColorType::Rgba8)
        .map_err(|e| fail(e.to_string()))?;
    game::io::file::write_atomic(path, &png).map_err(|e| fail(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_pixels_and_refuses_bad_paths() {
        let dir = std::env::temp_dir().join(format!("rappel-shot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.png");
        let pixels: Vec<u8> = (0..2 * 3 * 4).map(|i| (i * 10) as u8).collect();
        save_png(&path, 2, 3, &pixels).unwrap();
        let back = image::open(&path).unwrap().to_rgba8();
        assert_eq!(back.dimensions(), (2, 3));
        assert_eq!(back.into_raw(), pixels);

        let err = save_png(&dir.join("missing/dir/b.png"), 2, 3, &pixels).unwrap_err();
        assert!(err.to_string().contains("missing/dir/b.png"), "{err}");
        assert!(
            save_png(&path, 5, 5, &pixels).is_err(),
            "wrong buffer size is refused"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[cfg(unix)]
    fn a_target_that_is_not_a_regular_file_is_refused_and_left_alone() {
        use std::os::unix::fs::FileTypeExt;
        let dir = std::env::temp_dir().join(format!("rappel-shot-odd-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("folder.png")).unwrap();
        let pixels = [0u8; 4];
        let err = save_png(&dir.join("folder.png"), 1, 1, &pixels).expect_err("a folder");
        assert!(
            err.to_string()
                .ends_with("it is a folder, not a regular file"),
            "{err}"
        );
        assert!(dir.join("folder.png").is_dir());
        // A symlink to a device: the device is not replaced or written.
        let null = dir.join("null.png");
        std::os::unix::fs::symlink("/dev/null", &null).unwrap();
        let err = save_png(&null, 1, 1, &pixels).expect_err("a device");
        assert!(
            err.to_string()
                .ends_with("it is a device, not a regular file"),
            "{err}"
        );
        let meta = std::fs::metadata("/dev/null").unwrap();
        assert!(meta.file_type().is_char_device());
        let fifo = dir.join("fifo.png");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let err = save_png(&fifo, 1, 1, &pixels).expect_err("a pipe");
            assert!(
                err.to_string()
                    .ends_with("it is a named pipe, not a regular file"),
                "{err}"
            );
            let still = std::fs::symlink_metadata(&fifo).unwrap().file_type();
            assert!(still.is_fifo());
        }
        // Over a regular file, and through a symlink to one: replaced.
        std::fs::write(dir.join("old.png"), b"old").unwrap();
        std::os::unix::fs::symlink(dir.join("old.png"), dir.join("link.png")).unwrap();
        save_png(&dir.join("link.png"), 1, 1, &pixels).unwrap();
        assert_eq!(
            image::open(dir.join("old.png"))
                .unwrap()
                .to_rgba8()
                .into_raw(),
            pixels
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
