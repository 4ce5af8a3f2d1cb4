#!/usr/bin/env bash
# Runs every cargo-fuzz target for a bounded time, starting from the seed corpora kept in
# fuzz/corpus/TARGET. New inputs go to a scratch folder so the repository stays clean; a crash
# leaves its input in fuzz/artifacts/TARGET and fails this script.
#   FUZZ_SECONDS  seconds per target (default 60)
#   FUZZ_SEED     libFuzzer's seed (default 1, so that CI explores the same inputs on every run
#                 and a red build is reproducible; set another number, or 0 for a random one,
#                 to explore further)
#   FUZZ_SANITIZER cargo fuzz's sanitizer (default none: the code fuzzed is safe Rust whose only
#                 unsafe code calls CPU intrinsics (POPCNT, PEXT) that touch no memory, so
#                 AddressSanitizer finds nothing that Rust's own checks miss, at about four times
#                 the cost per input; `address` to use it all the same, as ClusterFuzzLite does)
#   FUZZ_ONE_BUILD set to 1 to build every target in one build, with comparison tracing (CI's
#                 short runs: the separate build of the choice targets below costs minutes,
#                 more than their speed-up buys in 30 seconds of fuzzing)
# Longer runs: the same command with a larger FUZZ_SECONDS, or ClusterFuzzLite
# (.clusterfuzzlite/, .github/workflows/cflite_*.yml) on every pull request and nightly.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds="${FUZZ_SECONDS:-60}"
seed="${FUZZ_SEED:-1}"
sanitizer="${FUZZ_SANITIZER:-none}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export RUSTC_BOOTSTRAP=1
# ClusterFuzzLite builds every target `cargo fuzz list` names, each with its seed corpus.
bash -n ../.clusterfuzzlite/build.sh
# Targets whose input is a series of choices rather than a text to parse (movegen_diff: each
# byte picks a move): comparison tracing, which guides libFuzzer through parsers, finds them
# nothing and costs 2.5 times the speed, so they are built without it, in a target dir of their own.
choice_targets=" movegen_diff "
if [ "${FUZZ_ONE_BUILD:-0}" = 1 ]; then
  choice_targets=" "
fi
flags_of() {
  case "$choice_targets" in
    *" $1 "*) echo "-s $sanitizer --no-trace-compares --target-dir target/choices" ;;
    *) echo "-s $sanitizer" ;;
  esac
}
cargo fuzz build -s "$sanitizer"
for target in $choice_targets; do
  # shellcheck disable=SC2046
  cargo fuzz build $(flags_of "$target") "$target"
done
for target in $(cargo fuzz list); do
  if [ -z "$(ls -A "corpus/$target" 2>/dev/null)" ]; then
    echo "fuzz target $target has no seed corpus in fuzz/corpus/$target" >&2
    exit 1
  fi
  mkdir -p "$scratch/$target" "corpus/$target"
  echo "== fuzz $target for ${seconds}s, seed $seed"
  # shellcheck disable=SC2046
  if cargo fuzz run $(flags_of "$target") "$target" "$scratch/$target" "corpus/$target" -- -max_total_time="$seconds" -seed="$seed" >"$scratch/$target.log" 2>&1; then
    grep -E '^Done' "$scratch/$target.log" || tail -n 3 "$scratch/$target.log"
  else
    tail -n 60 "$scratch/$target.log" >&2
    echo "fuzz target $target failed; the input is in fuzz/artifacts/$target" >&2
    exit 1
  fi
done
