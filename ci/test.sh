#!/usr/bin/env bash
# All of arbiter's tests, as CI runs them: set-up, formatting, lints, the test suite (whose
# profile is optimised, so the deep perft counts run too), the real peers, docs, a smoke run of every
# benchmark, the bounded fuzzing runs, and the main job.
#   FUZZ_SECONDS  seconds per fuzz target (default 30 here; ci/fuzz.sh's own default is 60, and
#                 the scheduled ClusterFuzzLite jobs fuzz for longer)
# Each step prints the time since the start, so that a slow step shows in the log.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { printf '\n== [%dm%02ds] %s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$*"; }

step "set-up"
ci/setup.sh

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy (its incompatible_msrv lint holds the code to the workspace's rust-version)"
cargo clippy --workspace --all-targets -- -D warnings

step "the protocol and types crates stay small: an adapter depending on them gets no harness crates"
for crate in arbiter-protocol arbiter-types; do
  if heavy=$(cargo tree -p "$crate" -e normal --prefix none | grep -E '^(arbiter-core|arbiter-spec|clap|indicatif|rayon|serde_yaml) '); then
    printf '%s depends on %s\n' "$crate" "$heavy" >&2
    exit 1
  fi
done

step "cargo test"
cargo test --workspace

# The main job's release build (fat LTO, one codegen unit: minutes on one core at its end) runs
# beside the steps below, which leave a core idle much of the time (the peers, the fuzzing runs);
# the main job waits for it. Started after the test suite, whose deadlines it could otherwise
# crowd.
step "the main job's release build, in the background"
release_log=$(mktemp)
cargo build --release --quiet -p arbiter-spec --bin arbiter >"$release_log" 2>&1 &
release_build=$!
trap 'kill "$release_build" 2>/dev/null || true; rm -f "$release_log"' EXIT

# The PEXT slider tables replace the magic ones when the core is compiled with BMI2; check them
# against the perft suites on a CPU that has it.
if grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then
  step "cargo test: the perft suites with the PEXT slider tables (BMI2)"
  RUSTFLAGS="-C target-feature=+bmi2" cargo test -p arbiter-core --test perft_suites --test moves_art3 --target-dir target/bmi2
fi

step "the corpus against real peers: Stockfish, python-chess, shakmaty; docs/conformance.md current"
ci/peers.sh

step "arbiter installed from a deleted copy of the checkout runs the built-in corpus from an empty directory"
ci/install.sh

step "cargo doc"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

# `cargo test --bench '*'` runs each criterion benchmark once in test mode, built with the test
# profile whose dependencies the test step built (`cargo bench` would build them all again);
# `--bench '*'` rather than `--benches`, which would run the libraries' unit tests again too.
step "benchmarks, smoke run (each once, small depths; nothing is timed)"
ARBITER_BENCH_QUICK=1 cargo test --workspace --bench '*'

step "fuzzing"
FUZZ_SECONDS="${FUZZ_SECONDS:-30}" FUZZ_ONE_BUILD=1 ci/fuzz.sh

step "main job: the corpus against the reference core"
if ! wait "$release_build"; then
  cat "$release_log" >&2
  exit 1
fi
cargo run --release --quiet -p arbiter-spec --bin arbiter -- check
cargo run --release --quiet -p arbiter-spec --bin arbiter -- run

step "the built-in perft suites to depth 4"
cargo run --release --quiet -p arbiter-spec --bin arbiter -- perft --builtin --depth 4
step "deep perft split: a plan counted under xargs -P 2, merged (start depth 6)"; ci/perft-split.sh

step "done"
