#!/usr/bin/env bash
# Runs every check: installs missing system packages, then formatting, lints,
# and every test of the workspace (unit, integration, headless GL golden images).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/ensure-deps.sh
echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings
echo "== cargo test"
# Property tests explore new random cases on a plain `cargo test`; here they
# replay a fixed seed (plus the saved regressions) so a run is repeatable.
export PROPTEST_RNG_SEED="${PROPTEST_RNG_SEED:-20261121}"
cargo test --workspace
echo "== benches (each benchmark once, in criterion's test mode)"
# `cargo test` builds no benchmark unless asked; here each one runs once, so
# they cannot rot. Same package set as above: the libraries are reused.
# Timing them is `cargo bench -p benches --bench NAME` (BENCHMARKS.md).
cargo test --workspace --bench '*'
