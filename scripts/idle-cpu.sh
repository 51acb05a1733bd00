#!/usr/bin/env bash
# How much CPU a still screen costs: starts the game on a screen, leaves it
# alone for SECONDS (default 20), and prints the process's CPU time over
# that span as a share of one core; exits 1 above LIMIT_PERCENT (default 2).
# Offscreen (Mesa's llvmpipe) unless SDL_VIDEODRIVER says otherwise (x11
# with a DISPLAY: a real window), a fresh data folder, release build.
#
#   scripts/idle-cpu.sh title|play|editor|select [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
screen="${1:-title}"
seconds="${2:-20}"
limit="${LIMIT_PERCENT:-2}"
cargo build --release -q -p platform
bin=target/release/rappel
data=$(mktemp -d)
script=$(mktemp)
trap 'rm -rf "$data" "$script"' EXIT
case "$screen" in
  title) args=() ;;
  play) args=(--level levels/the_keep.txt); printf 'press escape\n' >"$script"; args+=(--script "$script") ;;
  editor) args=(--edit "$data/new.txt") ;;
  select) printf 'press enter\n' >"$script"; args=(--script "$script") ;;
  *) echo "unknown screen: $screen" >&2; exit 2 ;;
esac
SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-offscreen}" RAPPEL_DATA="$data" "$bin" "${args[@]}" >/dev/null 2>&1 &
pid=$!
# Let it start and settle (the intro card closed, the first frames drawn).
sleep 3
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
before=$(ticks)
sleep "$seconds"
after=$(ticks)
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
share=$(awk -v a="$after" -v b="$before" -v hz="$hz" -v s="$seconds" 'BEGIN { printf "%.1f", (a - b) / hz / s * 100 }')
echo "$screen: ${share} % of a core over ${seconds} s"
awk -v x="$share" -v l="$limit" 'BEGIN { exit !(x <= l) }'
