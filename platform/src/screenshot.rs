//! Saving a frame read back from the framebuffer as a PNG.
use std::path::Path;

use crate::error::PlatformError;

/// Writes `rgba` (top row first, `width_px * height_px * 4` bytes) to `path` as PNG.
/// The file is written next to its final name and renamed, so a failed save
/// never leaves a half-written PNG behind.
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
    let image = image::RgbaImage::from_raw(width_px, height_px, rgba.to_vec())
        .ok_or_else(|| fail(format!("pixel buffer is not {width_px}x{height_px} RGBA")))?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    image
        .save_with_format(&tmp, image::ImageFormat::Png)
        .map_err(|e| fail(e.to_string()))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        fail(e.to_string())
    })
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
}
