#!/usr/bin/env bash
# Deep perft split for a batch system (docs/perft-split.md), as a user runs it: the plan of the
# start position to depth 6 split at ply 2 (400 subtrees), each counted by its own `arbiter`
# process under real `xargs -P 2`, then merged, and the total checked against the published
# count (119,060,324: the Chess Programming Wiki's perft results, core/data/perft/SOURCES.md).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p arbiter-spec --bin arbiter
arbiter="${CARGO_TARGET_DIR:-target}/release/arbiter"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$arbiter" perft --depth 6 --split 2 --plan > "$dir/plan.jsonl"
test "$(wc -l < "$dir/plan.jsonl")" -eq 400
# -d '\n': one line is one argument, quotes and all.
xargs -P 2 -d '\n' -n 1 "$arbiter" perft --plan-line < "$dir/plan.jsonl" > "$dir/results.jsonl"
test "$(wc -l < "$dir/results.jsonl")" -eq 400
"$arbiter" perft --merge "$dir/results.jsonl" > "$dir/merged.txt"
if ! grep -qx 'Nodes searched: 119060324' "$dir/merged.txt"; then
  echo "ci/perft-split.sh: the merged count is not the published 119060324:" >&2
  tail -1 "$dir/merged.txt" >&2
  exit 1
fi
echo "perft split: start position depth 6 split at 2, 400 subtrees under xargs -P 2, merged: 119060324"
