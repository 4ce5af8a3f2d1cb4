#!/usr/bin/env bash
# The corpus against real peers (issue 8): Stockfish over UCI, python-chess and shakmaty over
# the adapter protocol, each with its expected-failures file and under two minutes, then
# docs/conformance.md checked against what `arbiter matrix` prints now (this check lives here
# rather than in a cargo test because the python-chess run alone takes about a minute).
# Exits non-zero on any unexpected outcome (FAIL, XPASS, ERROR, TIMEOUT) or on drift.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET="${CARGO_TARGET_DIR:-target}"
cargo build -q -p arbiter-spec --bin arbiter
cargo build -q -p arbiter-shakmaty
ARBITER="$TARGET/debug/arbiter"
SHAKMATY="$TARGET/debug/arbiter-shakmaty"
STOCKFISH=/usr/games/stockfish
PYCHESS="python3 adapters/python-chess/adapter.py"
# python-chess is the slowest peer: perft expectations over this many nodes are skipped.
MAX_NODES=100000

echo "== Stockfish (UCI)"
timeout 120 "$ARBITER" run --uci "$STOCKFISH"
echo "== python-chess"
timeout 120 "$ARBITER" run --adapter "$PYCHESS" --max-nodes "$MAX_NODES" \
    --expect adapters/python-chess/expected-failures.txt
echo "== shakmaty"
timeout 120 "$ARBITER" run --adapter "$SHAKMATY" --max-nodes "$MAX_NODES" \
    --expect adapters/shakmaty/expected-failures.txt

echo "== docs/conformance.md"
generated=$(mktemp)
trap 'rm -f "$generated"' EXIT
sed -n '1,/^<!-- matrix -->$/p' docs/conformance.md > "$generated"
"$ARBITER" matrix --adapter "$PYCHESS" --adapter "$SHAKMATY" --uci "$STOCKFISH" \
    --max-nodes "$MAX_NODES" >> "$generated"
if ! diff -u docs/conformance.md "$generated"; then
    echo "docs/conformance.md is out of date: regenerate the table with the command it names" >&2
    exit 1
fi
echo "docs/conformance.md is current"
