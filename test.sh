#!/usr/bin/env bash
# Runs every check: installs missing system packages, then formatting, lints,
# and every test of the workspace (unit, integration, headless GL golden images).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/ensure-deps.sh
echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== build every target, linted by clippy (warnings denied)"
# One build serves the lints, the tests and the benchmarks: clippy's driver
# compiles the workspace's own crates, as `cargo clippy` runs it but
# building, not only checking, so nothing is compiled twice. Its artifacts
# sit beside a plain build's (cargo keys them by the wrapper): a plain
# `cargo test -p NAME` afterwards rebuilds nothing of its own.
driver="$(command -v clippy-driver || true)"
if [ -n "$driver" ]; then
  export RUSTC_WORKSPACE_WRAPPER="$driver"
  export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
  cargo test --workspace --all-targets --no-run
else
  cargo clippy --workspace --all-targets -- -D warnings
fi
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
