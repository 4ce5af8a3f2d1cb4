#!/usr/bin/env bash
# The README's perft tables (issue 17): arbiter's core against cozy-chess, shakmaty and chess,
# each in its own fastest loop, in one criterion run with the same profile and flags, and every
# sample paired with the same loop timed in a process of its own just before it (the median
# pair within 5 %; ci/bench-report.py says why pairs).
#   ci/bench-perft.sh default    the release profile, no target-cpu (what `cargo install` builds)
#   ci/bench-perft.sh native     the same with RUSTFLAGS='-C target-cpu=native'
#   --readme                     also writes the table into README.md
# Each kind builds in its own target directory, so the two never share a build or criterion's
# results. It takes about ten minutes a kind on an idle 2-core machine; run it on an idle one,
# since the figures are only as steady as the host. Not part of ci/test.sh, which runs the
# benchmarks once each as a smoke test.
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:?usage: ci/bench-perft.sh default|native [--readme]}"
shift
case "$kind" in
  default) export RUSTFLAGS="" ;;
  native) export RUSTFLAGS="-C target-cpu=native" ;;
  *) echo "ci/bench-perft.sh: the kind is default or native, not $kind" >&2; exit 2 ;;
esac
export CARGO_TARGET_DIR="$PWD/target/bench-$kind"
cargo build --release --locked -p arbiter-benches --bin perft-anchor
rm -f "$CARGO_TARGET_DIR/criterion/standalone.jsonl"
# The bench pairs every criterion sample with standalone runs of the same loop just before it,
# from its own binary and from perft-anchor.
ARBITER_PERFT_CHECK=1 ARBITER_PERFT_ANCHOR="$CARGO_TARGET_DIR/release/perft-anchor" \
  cargo bench --locked -p arbiter-benches --bench perft -- --warm-up-time 1
python3 ci/bench-report.py --criterion "$CARGO_TARGET_DIR/criterion" --table "$kind" "$@"
