#!/usr/bin/env bash
# Runs every cargo-fuzz target for a bounded time, starting from the seed corpora kept in
# fuzz/corpus/TARGET. New inputs go to a scratch folder so the repository stays clean; a crash
# leaves its input in fuzz/artifacts/TARGET and fails this script.
#   FUZZ_SECONDS  seconds per target (default 60)
#   FUZZ_SEED     libFuzzer's seed (default 1, so that CI explores the same inputs on every run
#                 and a red build is reproducible; set another number, or 0 for a random one,
#                 to explore further)
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds="${FUZZ_SECONDS:-60}"
seed="${FUZZ_SEED:-1}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export RUSTC_BOOTSTRAP=1
cargo fuzz build
for target in $(cargo fuzz list); do
  mkdir -p "$scratch/$target" "corpus/$target"
  echo "== fuzz $target for ${seconds}s, seed $seed"
  if cargo fuzz run "$target" "$scratch/$target" "corpus/$target" -- -max_total_time="$seconds" -seed="$seed" >"$scratch/$target.log" 2>&1; then
    grep -E '^Done' "$scratch/$target.log" || tail -n 3 "$scratch/$target.log"
  else
    tail -n 60 "$scratch/$target.log" >&2
    echo "fuzz target $target failed; the input is in fuzz/artifacts/$target" >&2
    exit 1
  fi
done
