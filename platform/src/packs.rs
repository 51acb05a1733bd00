//! Finding the level packs a player can play: every folder holding a
//! `pack.txt` in `<data>/packs/` (see `progress::data_dir`) and in the
//! folder `RAPPEL_LEVELS` names, each loaded whole by
//! `game::campaign::load_pack`. A pack that does not load is still listed,
//! with the first reason, and cannot be played. Two packs with one name
//! are both listed, each shown with its folder name after it (its whole
//! path when the folder names match too), so the player can tell them
//! apart.
use std::path::{Path, PathBuf};

use game::campaign::{load_pack, PACK_FILE};
use game::level::escaped_path;
use log::{info, warn};

use crate::levels::Campaign;

/// The folder level packs are imported into, under the data folder.
pub const PACKS_DIR: &str = "packs";

/// One pack in the list the Play screen shows.
#[derive(Clone, Debug)]
pub struct PackListing {
    pub dir: PathBuf,
    /// What the list shows: the pack's name (its folder name after it when
    /// another pack has the same name); the folder name when it does not load.
    pub label: String,
    /// The pack as a level list, or why it cannot be played.
    pub pack: Result<Campaign, String>,
}

/// The folders packs are looked for in (see the module docs).
pub fn pack_roots() -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(data) = crate::progress::data_dir() {
        out.push(data.join(PACKS_DIR));
    }
    if let Some(dir) = std::env::var_os("RAPPEL_LEVELS").filter(|d| !d.is_empty()) {
        out.push(PathBuf::from(dir));
    }
    out
}

/// Every pack in `roots`, each root's in folder-name order.
pub fn list_packs(roots: &[PathBuf]) -> Vec<PackListing> {
    let mut out: Vec<PackListing> = Vec::new();
    for root in roots {
        let Ok(read) = std::fs::read_dir(root) else {
            continue;
        };
        let mut dirs: Vec<PathBuf> = read
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.join(PACK_FILE).is_file())
            .collect();
        dirs.sort();
        for dir in dirs {
            out.push(listing(&dir));
        }
    }
    // The same name twice: each shown with its folder; the same name in
    // folders of one name (in two roots): with its whole path.
    let names: Vec<String> = out.iter().map(|p| p.label.clone()).collect();
    let folders: Vec<(String, String)> = out
        .iter()
        .map(|p| (p.label.clone(), folder_of(&p.dir)))
        .collect();
    for p in &mut out {
        if p.pack.is_ok() && names.iter().filter(|n| **n == p.label).count() > 1 {
            let folder = folder_of(&p.dir);
            let twice = folders
                .iter()
                .filter(|(n, f)| *n == p.label && *f == folder)
                .count()
                > 1;
            p.label = match twice {
                false => format!("{} ({folder})", p.label),
                true => format!("{} ({})", p.label, escaped_path(&p.dir)),
            };
        }
    }
    info!("{} level packs", out.len());
    out
}

fn folder_of(dir: &Path) -> String {
    dir.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Loads the pack in `dir` for the list.
pub fn listing(dir: &Path) -> PackListing {
    match load_pack(dir) {
        Ok(pack) => PackListing {
            dir: dir.to_path_buf(),
            label: pack.header.name.clone(),
            pack: Ok(Campaign::from_pack(&pack)),
        },
        Err(errors) => {
            let first = errors.first().map(ToString::to_string).unwrap_or_default();
            let more = match errors.len() {
                0 | 1 => String::new(),
                n => format!(" (and {} more)", n - 1),
            };
            warn!("pack {} does not load: {first}{more}", escaped_path(dir));
            PackListing {
                dir: dir.to_path_buf(),
                label: folder_of(dir),
                pack: Err(format!("{first}{more}")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped(name: &str) -> String {
        std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../levels")
                .join(name),
        )
        .expect("a shipped level")
    }

    fn write_pack(root: &Path, folder: &str, list: &str, levels: &[&str]) {
        let dir = root.join(folder);
        std::fs::create_dir_all(&dir).expect("dir");
        std::fs::write(dir.join(PACK_FILE), list).expect("pack.txt");
        for l in levels {
            std::fs::write(dir.join(l), shipped(l)).expect("level");
        }
    }

    #[test]
    fn packs_of_one_name_are_both_listed_each_with_its_folder() {
        let root = std::env::temp_dir().join(format!("rappel-packs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        write_pack(
            &root,
            "wells",
            "name = Wells\nthe_well.txt\n",
            &["the_well.txt"],
        );
        write_pack(
            &root,
            "wells-2",
            "name = Wells\nloop_back.txt\n",
            &["loop_back.txt"],
        );
        write_pack(
            &root,
            "other",
            "name = Other\nloop_back.txt\n",
            &["loop_back.txt"],
        );
        write_pack(&root, "broken", "name = Broken\ngone.txt\n", &[]);
        std::fs::create_dir_all(root.join("not-a-pack")).expect("dir");
        let list = list_packs(std::slice::from_ref(&root));
        let labels: Vec<&str> = list.iter().map(|p| p.label.as_str()).collect();
        assert_eq!(
            labels,
            ["broken", "Other", "Wells (wells)", "Wells (wells-2)"]
        );
        let err = list[0].pack.as_ref().expect_err("broken");
        assert!(err.contains("pack.txt:2:1: level file 'gone.txt'"), "{err}");
        // Each pack's levels are keyed by its folder: never the campaign's.
        let wells2 = list[3].pack.as_ref().expect("loads");
        assert_eq!(wells2.levels[0].key, "pack/wells-2/loop_back.txt");
        assert_eq!(
            list[1].pack.as_ref().expect("loads").levels[0].key,
            "pack/other/loop_back.txt"
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
