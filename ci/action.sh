#!/usr/bin/env bash
# The script of the GitHub Action (action.yml at the repository root), also usable as is from
# any CI: installs arbiter from the action's checkout unless that version is already on PATH,
# runs the corpus against the program named by the inputs, and leaves the reports behind:
#   arbiter-report.json   the run (`--format json`; `arbiter merge` reads it and shards of it)
#   arbiter-junit.xml     for the CI's test view
#   arbiter-summary.md    the Markdown report, also appended to $GITHUB_STEP_SUMMARY if set
# Inputs (environment): ARBITER_UCI, ARBITER_ADAPTER (one of them, or neither for the
# reference core), ARBITER_EXPECT (a known-failures file), ARBITER_SHARD (K/N),
# ARBITER_ARGS (more arguments, split on spaces), ARBITER_OUT (where the reports go, default
# the working directory). Exit status: arbiter run's (0 pass, 1 unexpected outcomes, 2 a run
# that could not happen).
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
out="${ARBITER_OUT:-$PWD}"
mkdir -p "$out"
want="$(sed -n 's/^version = "\(.*\)"/\1/p' "$here/Cargo.toml" | head -n 1)"
if ! arbiter --version 2>/dev/null | grep -qx "arbiter $want"; then
  echo "installing arbiter $want from $here"
  cargo install --quiet --locked --path "$here/spec" || exit 2
fi
args=(run --format json)
[ -n "${ARBITER_UCI:-}" ] && args+=(--uci "$ARBITER_UCI")
[ -n "${ARBITER_ADAPTER:-}" ] && args+=(--adapter "$ARBITER_ADAPTER")
[ -n "${ARBITER_EXPECT:-}" ] && args+=(--expect "$ARBITER_EXPECT")
[ -n "${ARBITER_SHARD:-}" ] && args+=(--shard "$ARBITER_SHARD")
# shellcheck disable=SC2206 # extra arguments are split on spaces, as documented
[ -n "${ARBITER_ARGS:-}" ] && args+=($ARBITER_ARGS)
arbiter "${args[@]}" > "$out/arbiter-report.json"
status=$?
if [ "$status" -ge 2 ]; then
  echo "arbiter run could not run the corpus (exit status $status)" >&2
  exit "$status"
fi
arbiter merge "$out/arbiter-report.json" --format junit > "$out/arbiter-junit.xml"
arbiter merge "$out/arbiter-report.json" --format markdown > "$out/arbiter-summary.md"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat "$out/arbiter-summary.md" >> "$GITHUB_STEP_SUMMARY"
fi
arbiter merge "$out/arbiter-report.json" | tail -n 1
exit "$status"
