#!/usr/bin/env bash
# The corpus against real peers (issues 8 and 16): Stockfish and Fairy-Stockfish over UCI;
# python-chess, shakmaty, chess.js, chessops, the chess crate and cozy-chess over the adapter
# protocol, each with its expected-failures file; then docs/conformance.md checked against what
# `arbiter matrix` prints now, which also lists the Debian engines without `go perft` (Ethereal,
# Glaurung, Toga II, GNU Chess, Sjaak II) as engines it cannot check (this check lives here
# rather than in a cargo test because the runs of the interpreted libraries take a minute each).
# Exits non-zero on any unexpected outcome (FAIL, XPASS, ERROR, TIMEOUT), on a peer missing (a
# column that could not be checked fails the matrix), or on drift.
#
# Time: each run is capped (timeout) and the whole must stay under ten minutes on two cores.
# Measured on two cores shared with four other builds (load average about 10): 7.5 minutes in
# all; Stockfish 6 s, Fairy-Stockfish 13 s, python-chess 66 s, shakmaty 3 s, chess.js 108 s,
# chessops 14 s, chess 4 s, cozy-chess 4 s, the matrix of all of them 231 s.
# Perft expectations over MAX_NODES nodes are skipped for every peer, the matrix checks
# MATRIX_JOBS implementations at a time, and each run uses JOBS workers.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET="${CARGO_TARGET_DIR:-target}"
# The test profile (optimised, its output in target/debug), with the test targets in the same
# build so that the features are those `cargo test --workspace` chose (dev-dependencies count):
# after it, only the adapters' binaries are left to link. Built alone (`-p arbiter-spec --bin
# arbiter`), syn and the crates above it got other features, and CI built most of the workspace
# a second time (5.5 minutes of a 7.7-minute step, measured 2026-12-03).
cargo build -q --profile test --workspace --bins --tests
ARBITER="$TARGET/debug/arbiter"
SHAKMATY="$TARGET/debug/arbiter-shakmaty"
CHESS_RS="$TARGET/debug/arbiter-chess-rs"
COZY="$TARGET/debug/arbiter-cozy-chess"
STOCKFISH=/usr/games/stockfish
FAIRY=/usr/games/fairy-stockfish
PYCHESS="python3 adapters/python-chess/adapter.py"
CHESSJS="node adapters/js/chessjs.mjs"
CHESSOPS="node adapters/js/chessops.mjs"
# The interpreted libraries (python-chess, chess.js, chessops) are the slowest peers: perft
# expectations over this many nodes are skipped.
MAX_NODES=100000
JOBS=2
MATRIX_JOBS=2
started=$SECONDS
step() { echo "== $1 ($((SECONDS - started)) s)"; }

step "Stockfish (UCI)"
timeout 120 "$ARBITER" run --uci "$STOCKFISH" --jobs "$JOBS"
step "Fairy-Stockfish (UCI)"
timeout 120 "$ARBITER" run --uci "$FAIRY" --jobs "$JOBS"
step "python-chess"
timeout 180 "$ARBITER" run --adapter "$PYCHESS" --max-nodes "$MAX_NODES" --jobs "$JOBS" \
    --expect adapters/python-chess/expected-failures.txt
step "shakmaty"
timeout 120 "$ARBITER" run --adapter "$SHAKMATY" --max-nodes "$MAX_NODES" --jobs "$JOBS" \
    --expect adapters/shakmaty/expected-failures.txt
step "chess.js"
timeout 180 "$ARBITER" run --adapter "$CHESSJS" --max-nodes "$MAX_NODES" --jobs "$JOBS" \
    --expect adapters/js/chessjs-expected-failures.txt
step "chessops"
timeout 120 "$ARBITER" run --adapter "$CHESSOPS" --max-nodes "$MAX_NODES" --jobs "$JOBS" \
    --expect adapters/js/chessops-expected-failures.txt
step "chess (jordanbray)"
timeout 120 "$ARBITER" run --adapter "$CHESS_RS" --max-nodes "$MAX_NODES" --jobs "$JOBS" \
    --expect adapters/chess-rs/expected-failures.txt
step "cozy-chess"
timeout 120 "$ARBITER" run --adapter "$COZY" --max-nodes "$MAX_NODES" --jobs "$JOBS" \
    --expect adapters/cozy-chess/expected-failures.txt

step "docs/conformance.md"
generated=$(mktemp)
trap 'rm -f "$generated"' EXIT
sed -n '1,/^<!-- matrix -->$/p' docs/conformance.md > "$generated"
timeout 300 "$ARBITER" matrix --max-nodes "$MAX_NODES" --jobs "$MATRIX_JOBS" \
    --adapter "$PYCHESS" --adapter "$SHAKMATY" --adapter "$CHESSJS" --adapter "$CHESSOPS" \
    --adapter "$CHESS_RS" --adapter "$COZY" \
    --uci "$STOCKFISH" --uci "$FAIRY" \
    --uci /usr/games/ethereal-chess --uci /usr/games/glaurung --uci /usr/games/toga2 \
    --uci "/usr/games/gnuchess --uci" --uci /usr/games/sjaakii >> "$generated"
if ! diff -u docs/conformance.md "$generated"; then
    echo "docs/conformance.md is out of date: regenerate the table with the command it names" >&2
    exit 1
fi
echo "docs/conformance.md is current ($((SECONDS - started)) s in all)"
