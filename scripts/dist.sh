#!/usr/bin/env bash
# Makes the player's download: dist/rappel-VERSION-linux-x86_64.tar.gz, one
# folder holding the game `rappel` with SDL2 built in (statically linked,
# built from the source the `sdl2` crate ships: the `bundled-sdl` feature),
# the command-line tools in tools/, assets/, levels/ and README.txt
# (scripts/dist/README.txt). VERSION is the workspace's version
# (Cargo.toml, `[workspace.package]`), as `rappel --version` prints it.
#
# Installs what building SDL2 needs (scripts/ensure-deps.sh --dist), builds
# in release (the profile ./play.sh plays), and refuses a game binary that
# links a shared libSDL2. Prints the tarball's path on standard output
# (all else goes to standard error).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh --dist >&2

version=$(cargo pkgid -p platform | sed 's/.*[#@]//')
name="rappel-${version}-linux-x86_64"
target="${CARGO_TARGET_DIR:-target}/release"
tools=(level sim pack-assets)

echo "== building $name (release, SDL2 built in)" >&2
bin_args=(--bin rappel)
for tool in "${tools[@]}"; do bin_args+=(--bin "$tool"); done
cargo build --release --locked -p platform -p tools "${bin_args[@]}" \
  --features platform/bundled-sdl

if ldd "$target/rappel" | grep -i sdl; then
  echo "dist: $target/rappel links a shared SDL2; the download must carry its own" >&2
  exit 1
fi

stage="dist/$name"
rm -rf "$stage" "dist/$name.tar.gz"
mkdir -p "$stage/tools"
cp "$target/rappel" "$stage/"
for tool in "${tools[@]}"; do cp "$target/$tool" "$stage/tools/"; done
# The committed files only: nothing a working copy left lying there.
git ls-files -z assets levels | xargs -0 cp --parents -t "$stage"
sed "s/@VERSION@/$version/" scripts/dist/README.txt >"$stage/README.txt"
# Root-owned, in name order, dated by the commit: the same files make the
# same archive.
tar -C dist --sort=name --owner=0 --group=0 --numeric-owner \
  --mtime="@$(git log -1 --format=%ct)" -c "$name" | gzip -9n >"dist/$name.tar.gz"
rm -rf "$stage"
echo "dist: $(du -h "dist/$name.tar.gz" | cut -f1) dist/$name.tar.gz" >&2
echo "dist/$name.tar.gz"
