#!/usr/bin/env bash
# Mutation testing of the core against the corpus (issue 12): how many of the bugs cargo-mutants
# puts into core/src/ does the corpus alone catch? The one test (the whole corpus, in-process,
# under every profile) is set in .cargo/mutants.toml; the files are listed below. This takes hours for the
# whole list, so it is not part of ci/test.sh: it runs on a schedule
# (.github/workflows/mutants.yml) and by hand. It prints a score per file (caught over caught,
# missed and timed out; unviable mutants, which do not build, are left out) and leaves the
# survivors in mutants.out/missed.txt.
#   ci/mutants.sh                          every file listed below
#   ci/mutants.sh core/src/castling.rs     only these files
#   MUTANTS_JOBS    builds in parallel (default 1; each needs a few GiB and a core)
#   MUTANTS_SHARD   K/N: this run's share of the mutants, for a CI matrix
#   MUTANTS_TIMEOUT seconds a mutant's corpus run may take (default: three times the unmutated
#                   run, plus three minutes); the corpus test asks the reference within arbiter
#                   run's 10 s deadline, so a mutant that makes the core loop fails a case, most
#                   within 15 s and the slowest seen in 150 s (the loops' threads cannot be
#                   stopped and slow what follows); a run past this is a timeout, not caught
#   MUTANTS_RE      a regular expression: only the mutants whose names (as `cargo mutants --list`
#                   prints them, file:line:column: description) match it, to resume a run
#   MUTANTS_IN_PLACE=1  one mutant at a time in this checkout and build on the target the baseline has just
#                   built (cargo-mutants --in-place), instead of a fresh copy built from
#                   scratch: much faster on a small machine, but leave the tree alone while
#                   it runs (the corpus files are read from it) and check `git diff core/`
#                   if the run is killed
set -euo pipefail
cd "$(dirname "$0")/.."
if ! cargo mutants --version >/dev/null 2>&1; then
  cargo install cargo-mutants --locked
fi
# The rules of the core: move generation (with the attack tables and the move encoding),
# position, castling, FEN, validation, game (with its outcomes, the numbers the Laws count to
# and the editions), repetition, material, unwinnability, notation (with UCI move text) and the
# arbiter. The PEXT branch of attacks.rs is compiled only with BMI2: measure it with
# RUSTFLAGS="-C target-feature=+bmi2" (the weekly workflow does).
files=(
  core/src/movegen.rs core/src/attacks.rs core/src/moves.rs core/src/position.rs
  core/src/castling.rs core/src/chess960.rs core/src/fen.rs core/src/setup.rs core/src/validate.rs
  core/src/game.rs core/src/outcome.rs core/src/counts.rs core/src/laws.rs core/src/zobrist.rs
  core/src/material.rs core/src/uci.rs 'core/src/unwinnable/*.rs' 'core/src/notation/**/*.rs'
  'core/src/arbiter/*.rs'
)
if [ "$#" -gt 0 ]; then
  files=("$@")
fi
# The unmutated tree must pass the test first (cargo-mutants' own baseline would run the core's
# tests instead, see .cargo/mutants.toml); its time sets the timeout of each mutant's run.
corpus_test=(cargo test --profile mutants -p arbiter-spec --test corpus)
"${corpus_test[@]}" --no-run
start=$SECONDS
"${corpus_test[@]}" -- whole_corpus_in_process_has_no_failures every_profile_passes_on_the_core
baseline=$((SECONDS - start))
timeout=${MUTANTS_TIMEOUT:-$((baseline * 3 + 180))}
args=(--no-shuffle --baseline=skip --timeout "$timeout" --build-timeout 1800)
for file in "${files[@]}"; do
  args+=(--file "$file")
done
if [ -n "${MUTANTS_IN_PLACE:-}" ]; then
  args+=(--in-place)
else
  args+=(--jobs "${MUTANTS_JOBS:-1}")
fi
if [ -n "${MUTANTS_RE:-}" ]; then
  args+=(--re "$MUTANTS_RE")
fi
if [ -n "${MUTANTS_SHARD:-}" ]; then
  args+=(--shard "$MUTANTS_SHARD")
fi
status=0
cargo mutants "${args[@]}" || status=$?
# cargo-mutants exits 2 when some mutants were missed and 3 on timeouts: the score says how
# many; any other failure (the tree does not build, the tests fail unmutated) is a failure here.
case "$status" in
  0 | 2 | 3) ;;
  *) echo "cargo mutants failed (exit $status)" >&2; exit "$status" ;;
esac
if [ ! -f mutants.out/outcomes.json ]; then
  echo "no mutant matched the files and MUTANTS_RE" >&2
  exit 1
fi
python3 ci/mutants-score.py mutants.out/outcomes.json
