#!/usr/bin/env bash
# Tests the player's download as a player gets it: builds it
# (scripts/dist.sh), unpacks it into an empty folder outside the checkout,
# and checks that
#   - its programs link only what every Linux has (libc, libm, libgcc_s…),
#     no libSDL2, and need no glibc newer than 2.34 (README.txt says so);
#   - its SDL has the x11 and wayland video drivers and the pulseaudio and
#     alsa audio ones;
#   - `rappel`, started from another folder with a fresh data folder, finds
#     the assets and the campaign beside itself, and draws the title screen
#     as tests/golden/title.png shows it (golden-compare, the golden
#     tests' tolerance): offscreen, and in an X11 window under Xvfb.
# Exits 1 at the first failure, saying what failed. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$PWD

target_dir=${CARGO_TARGET_DIR:-target}
[[ $target_dir = /* ]] || target_dir="$checkout/$target_dir"
failures="$target_dir/dist-test"
rm -rf "$failures"

tarball=$(bash scripts/dist.sh)
# The checker, built beside the tests (already built after ./test.sh).
cargo build -q -p rappel-tests --bin golden-compare
compare="$target_dir/debug/golden-compare"

work=$(mktemp -d "${TMPDIR:-/tmp}/rappel-dist-test.XXXXXX")
xvfb=""
cleanup() {
  if [ -n "$xvfb" ]; then kill "$xvfb" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "dist-test: FAILED: $*" >&2
  exit 1
}
mkdir "$work/unpacked" "$work/elsewhere"
tar -C "$work/unpacked" -xzf "$tarball"
bundle="$work/unpacked/$(basename "$tarball" .tar.gz)"
[ -x "$bundle/rappel" ] || fail "no rappel in $(basename "$tarball")"

echo "== the download's programs link only the system's base libraries" >&2
base='linux-vdso|ld-linux-x86-64|lib(c|m|dl|pthread|rt|gcc_s)'
oldest_glibc=2.34
for program in "$bundle/rappel" "$bundle"/tools/*; do
  libs=$(ldd "$program" | awk '{print $1}' | sed 's|.*/||')
  if grep -i sdl <<<"$libs"; then fail "$(basename "$program") links a shared SDL2"; fi
  others=$(grep -Ev "^($base)\.so\.[0-9]+$" <<<"$libs" || true)
  [ -z "$others" ] || fail "$(basename "$program") links $(tr '\n' ' ' <<<"$others")"
  glibc=$(objdump -T "$program" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
  newest=$(printf '%s\n' "$glibc" "GLIBC_$oldest_glibc" | sort -V | tail -1)
  [ "$newest" = "GLIBC_$oldest_glibc" ] ||
    fail "$(basename "$program") needs $glibc; README.txt promises glibc $oldest_glibc"
done
echo "rappel links: $(ldd "$bundle/rappel" | awk '{print $1}' | sed 's|.*/||' | tr '\n' ' ')" >&2

# The title with Editor focused (the golden test draws it so), at the
# golden's size; a few frames, as a player's first.
printf 'press down\n' >"$work/elsewhere/title.script"
title() {
  local driver=$1
  local data="$work/data-$driver"
  mkdir "$data"
  echo "== the title screen, $driver, started from another folder" >&2
  (cd "$work/elsewhere" && env -u RAPPEL_ASSETS -u RAPPEL_LEVELS SDL_VIDEODRIVER="$driver" \
    RAPPEL_DATA="$data" RAPPEL_LOG=info "$bundle/rappel" --window 800x450 \
    --script title.script --screenshot "title-$driver.png" --frames 3 \
    2>"$work/$driver.log") || { cat "$work/$driver.log" >&2; fail "rappel did not run ($driver)"; }
  local log="$work/$driver.log"
  grep -q "assets from $bundle/assets:" "$log" || fail "assets not found beside rappel ($driver): $(grep 'assets from' "$log")"
  grep -Eq "campaign from $bundle/levels: [1-9][0-9]* levels" "$log" ||
    fail "campaign not found beside rappel ($driver): $(grep 'campaign' "$log")"
  local sdl
  sdl=$(grep -o 'SDL [0-9.]*: video driver .*' "$log") || fail "no SDL line in the log ($driver)"
  echo "$sdl" >&2
  for built_in in x11 wayland pulseaudio alsa; do
    grep -q "[ (]$built_in[,;)]" <<<"$sdl" || fail "the download's SDL lacks $built_in"
  done
  grep -q "video driver $driver " <<<"$sdl" || fail "SDL did not use $driver"
  mkdir -p "$failures"
  "$compare" tests/golden/title.png "$work/elsewhere/title-$driver.png" "$failures/title-$driver.diff.png" ||
    { cp "$work/elsewhere/title-$driver.png" "$failures/"; fail "the title screen differs ($driver); frame and diff in $failures"; }
}

title offscreen

# An X11 window, as on a desktop: SDL loads libX11 and GLX at run time.
display_file="$work/display"
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$display_file" 2>/dev/null &
xvfb=$!
for _ in $(seq 100); do [ -s "$display_file" ] && break; sleep 0.1; done
[ -s "$display_file" ] || fail "Xvfb did not start"
DISPLAY=":$(cat "$display_file")" title x11

rm -rf "$failures"
echo "dist-test: the download works ($(basename "$tarball"))" >&2
