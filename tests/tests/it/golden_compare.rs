//! `golden-compare`, the command `scripts/dist-test.sh` checks the
//! download's title screen with: a frame within the golden tolerance
//! passes, one beyond it or of another size fails with the reason and a
//! diff image, so the script fails when the frames differ.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use image::{Rgba, RgbaImage};
use rappel_tests::golden::golden_dir;

fn golden_compare(args: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_golden-compare"))
        .args(args)
        .output()
        .expect("golden-compare runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh folder of its own under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rappel-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch folder");
    dir
}

#[test]
fn a_frame_within_the_tolerance_matches_and_one_beyond_it_fails_with_a_diff() {
    let dir = scratch("golden-compare");
    let golden = golden_dir().join("title.png");
    let title = image::open(&golden).expect("the title golden").to_rgba8();

    // A few pixels off (under 0.1 % of 800×450) still match.
    let mut close = title.clone();
    for x in 0..100 {
        close.put_pixel(x, 0, Rgba([255, 0, 255, 255]));
    }
    let close_path = dir.join("close.png");
    close.save(&close_path).unwrap();
    let out = golden_compare(&[&golden, &close_path]);
    assert!(out.status.success(), "{}", stderr(&out));

    // A block of 40×40 changed: 1,600 pixels, over the 360 allowed.
    let mut far = title.clone();
    for y in 200..240 {
        for x in 380..420 {
            far.put_pixel(x, y, Rgba([0, 255, 0, 255]));
        }
    }
    let far_path = dir.join("far.png");
    far.save(&far_path).unwrap();
    let out = golden_compare(&[&golden, &far_path]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("1600 of 360000 pixels differ by more than 2"),
        "{}",
        stderr(&out)
    );
    let diff = image::open(dir.join("far.diff.png")).expect("the diff is written beside the frame");
    assert_eq!(diff.to_rgba8().get_pixel(400, 220).0, [255, 0, 0, 255]);
    assert_ne!(diff.to_rgba8().get_pixel(10, 10).0, [255, 0, 0, 255]);

    // Another size fails without comparing a pixel.
    let small_path = dir.join("small.png");
    RgbaImage::new(640, 360).save(&small_path).unwrap();
    let out = golden_compare(&[&golden, &small_path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("frame is (640, 360), golden is (800, 450)"),
        "{}",
        stderr(&out)
    );

    // A missing image and a wrong command line are said, not passed.
    let out = golden_compare(&[&golden, &dir.join("none.png")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
    let out = golden_compare(&[&golden]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
