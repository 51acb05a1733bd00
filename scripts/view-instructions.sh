#!/usr/bin/env bash
# Instructions per GridView build, counted by valgrind's callgrind: a
# deterministic figure for comparing two builds of the cast on a loaded
# machine, where criterion's times swing up to 2x (BENCHMARKS.md, "Issue 17,
# second pass").
#
# Usage: scripts/view-instructions.sh BENCH_BINARY [MAP...]
#   BENCH_BINARY  a copy of target/release/deps/view-HASH
#                 (cargo bench -p benches --bench view --no-run)
#   MAP           room1 room3 empty walls3 rooms portals (default: all)
#
# Runs the map's `gridview/16` benchmark for one second under callgrind
# (`--profile-time 1`: no analysis) and divides the instructions inside
# `GridView::build`, called from criterion's timing loop, by the number of
# those calls. The bench's own set-up builds (the counts it prints) are left
# out. Needs valgrind and python3.
set -euo pipefail

bin=$1
shift
maps=("$@")
[ ${#maps[@]} -eq 0 ] && maps=(room1 room3 empty walls3 rooms portals)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for map in "${maps[@]}"; do
  valgrind --tool=callgrind --callgrind-out-file="$out" \
    "$bin" --bench --profile-time 1 "$map/gridview/16\$" >/dev/null 2>&1
  python3 - "$out" "$map" <<'PY'
import re
import sys

path, name = sys.argv[1], sys.argv[2]
names, caller, callee = {}, "", ""
calls = cost = 0
counting = False
for line in open(path):
    m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?", line.strip())
    if m:
        kind, ident, full = m.groups()
        if full:
            names[ident] = full
        if kind == "fn":
            caller = names.get(ident, "")
        else:
            callee = names.get(ident, "")
        continue
    if line.startswith("calls="):
        counting = callee.endswith("GridView::build") and "Bencher" in caller
        if counting:
            calls += int(line.split("=")[1].split()[0])
        continue
    if counting:
        fields = line.split()
        if len(fields) >= 2:
            cost += int(fields[1])
        counting = False
print(f"{name:8} {cost / max(calls, 1):10.0f} instructions per build ({calls} builds)")
PY
done
