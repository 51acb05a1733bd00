#!/usr/bin/env bash
# Starts Rappel: installs missing system packages, builds in release mode, runs.
# Extra arguments go to the game, e.g. ./play.sh --window 1920x1080
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/ensure-deps.sh
exec cargo run --release -- "$@"
