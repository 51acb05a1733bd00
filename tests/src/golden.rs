//! Golden images: compare a rendered frame with a PNG under `tests/golden/`.
//!
//! llvmpipe is deterministic, but driver versions round differently, so two
//! images match when at most `max_fraction` of pixels differ by more than
//! `per_channel` in any channel. On a mismatch the actual frame and a diff
//! (differing pixels red over a dimmed copy of the golden) are written to
//! `target/golden-failures/` and named in the panic message.
//!
//! Re-bless (write the PNGs instead of comparing) every golden image with
//! `RAPPEL_BLESS=1 cargo test -p rappel-tests --test it`, then look at
//! every changed image before committing it.
use std::path::{Path, PathBuf};

use image::RgbaImage;

/// How close a frame must be to its golden image.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    /// Largest per-channel difference that still counts as equal.
    pub per_channel: u8,
    /// Largest fraction of pixels (0..=1) allowed to differ beyond that.
    pub max_fraction: f64,
}

/// The default: ±2 per channel on all but 0.1 % of pixels.
pub const TOLERANCE: Tolerance = Tolerance {
    per_channel: 2,
    max_fraction: 0.001,
};

/// `tests/golden/`.
pub fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("golden")
}

/// `target/golden-failures/` at the workspace root.
pub fn failure_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/golden-failures")
}

/// Whether `RAPPEL_BLESS` asks to write goldens instead of comparing.
pub fn blessing() -> bool {
    std::env::var("RAPPEL_BLESS").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// Counts pixels whose channels differ by more than `per_channel`; returns
/// the count and a diff image.
pub fn diff(expected: &RgbaImage, actual: &RgbaImage, per_channel: u8) -> (usize, RgbaImage) {
    let mut out = RgbaImage::new(expected.width(), expected.height());
    let mut differing = 0;
    for ((e, a), d) in expected.pixels().zip(actual.pixels()).zip(out.pixels_mut()) {
        let far =
            e.0.iter()
                .zip(a.0)
                .any(|(&x, y)| x.abs_diff(y) > per_channel);
        if far {
            differing += 1;
            d.0 = [255, 0, 0, 255];
        } else {
            let grey = (u16::from(e.0[0]) + u16::from(e.0[1]) + u16::from(e.0[2])) / 12;
            d.0 = [grey as u8; 4];
            d.0[3] = 255;
        }
    }
    (differing, out)
}

/// How a frame differs from its golden image, beyond the tolerance.
#[derive(Clone, Debug)]
pub enum Mismatch {
    /// Not the same size: no pixel is compared.
    Size {
        expected: (u32, u32),
        actual: (u32, u32),
    },
    /// Too many pixels differ; `diff` shows which (see [`diff`]).
    Pixels {
        differing: usize,
        total: usize,
        diff: RgbaImage,
    },
}

impl Mismatch {
    /// One line: what differs, and how much is allowed.
    pub fn describe(&self, tolerance: Tolerance) -> String {
        match self {
            Mismatch::Size { expected, actual } => {
                format!("frame is {actual:?}, golden is {expected:?}")
            }
            Mismatch::Pixels {
                differing, total, ..
            } => format!(
                "{differing} of {total} pixels differ by more than {} (allowed {:.3}%)",
                tolerance.per_channel,
                tolerance.max_fraction * 100.0
            ),
        }
    }
}

/// Whether `actual` matches `expected` within `tolerance`.
pub fn compare(
    expected: &RgbaImage,
    actual: &RgbaImage,
    tolerance: Tolerance,
) -> Result<(), Mismatch> {
    if expected.dimensions() != actual.dimensions() {
        return Err(Mismatch::Size {
            expected: expected.dimensions(),
            actual: actual.dimensions(),
        });
    }
    let (differing, diff) = diff(expected, actual, tolerance.per_channel);
    let total = (expected.width() * expected.height()) as usize;
    if differing as f64 > tolerance.max_fraction * total as f64 {
        return Err(Mismatch::Pixels {
            differing,
            total,
            diff,
        });
    }
    Ok(())
}

/// Compares (or, when blessing, writes) `name`'s golden image.
pub fn check(name: &str, actual: &RgbaImage, tolerance: Tolerance) {
    check_in(
        &golden_dir(),
        &failure_dir(),
        blessing(),
        name,
        actual,
        tolerance,
    );
}

/// [`check`] with explicit folders and bless flag.
pub fn check_in(
    golden: &Path,
    failures: &Path,
    bless: bool,
    name: &str,
    actual: &RgbaImage,
    tolerance: Tolerance,
) {
    let path = golden.join(format!("{name}.png"));
    if bless {
        std::fs::create_dir_all(golden).expect("create the golden folder");
        actual.save(&path).expect("write golden image");
        eprintln!("blessed {}", path.display());
        return;
    }
    let expected = match image::open(&path) {
        Ok(img) => img.to_rgba8(),
        Err(e) => panic!(
            "no usable golden image {} ({e}); create it with `RAPPEL_BLESS=1 cargo test -p rappel-tests --test it` and look at it",
            path.display()
        ),
    };
    let Err(mismatch) = compare(&expected, actual, tolerance) else {
        return;
    };
    std::fs::create_dir_all(failures).expect("create target/golden-failures");
    let write_failure = |what: &str, img: &RgbaImage| -> PathBuf {
        let p = failures.join(format!("{name}.{what}.png"));
        img.save(&p).expect("write failure image");
        p
    };
    let actual_path = write_failure("actual", actual);
    let diff_note = match &mismatch {
        Mismatch::Pixels { diff, .. } => {
            format!(", diff: {}", write_failure("diff", diff).display())
        }
        Mismatch::Size { .. } => String::new(),
    };
    panic!(
        "{name}: {} from {}; actual: {}{diff_note}",
        mismatch.describe(tolerance),
        path.display(),
        actual_path.display()
    );
}

/// Wraps read-back RGBA8 (top row first) as an image.
pub fn to_image(width_px: u32, height_px: u32, rgba: Vec<u8>) -> RgbaImage {
    RgbaImage::from_raw(width_px, height_px, rgba)
        .expect("read-back buffer has width*height*4 bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_counts_only_pixels_beyond_the_tolerance() {
        let a = RgbaImage::from_pixel(4, 4, image::Rgba([100, 100, 100, 255]));
        let mut b = a.clone();
        b.put_pixel(0, 0, image::Rgba([102, 98, 100, 255]));
        b.put_pixel(1, 0, image::Rgba([103, 100, 100, 255]));
        let (n, d) = diff(&a, &b, 2);
        assert_eq!(n, 1);
        assert_eq!(d.get_pixel(1, 0).0, [255, 0, 0, 255]);
        assert_ne!(d.get_pixel(0, 0).0, [255, 0, 0, 255]);
    }

    #[test]
    fn a_mismatch_writes_actual_and_diff_and_names_them() {
        let root = std::env::temp_dir().join(format!("rappel-golden-{}", std::process::id()));
        let (golden, failures) = (root.join("golden"), root.join("failures"));
        let img = RgbaImage::from_pixel(10, 10, image::Rgba([10, 20, 30, 255]));
        check_in(&golden, &failures, true, "probe", &img, TOLERANCE);
        assert!(
            golden.join("probe.png").is_file(),
            "blessing writes the PNG"
        );
        check_in(&golden, &failures, false, "probe", &img, TOLERANCE);
        let mut changed = img.clone();
        changed.put_pixel(3, 3, image::Rgba([200, 20, 30, 255]));
        let message = std::panic::catch_unwind(|| {
            check_in(&golden, &failures, false, "probe", &changed, TOLERANCE)
        })
        .expect_err("one pixel in 100 is over 0.1 %")
        .downcast::<String>()
        .expect("a formatted message");
        let actual = failures.join("probe.actual.png");
        let diff = failures.join("probe.diff.png");
        assert!(
            message.contains(&actual.display().to_string())
                && message.contains(&diff.display().to_string()),
            "{message}"
        );
        assert!(actual.is_file() && diff.is_file());
        let lenient = Tolerance {
            per_channel: 2,
            max_fraction: 0.05,
        };
        check_in(&golden, &failures, false, "probe", &changed, lenient);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
