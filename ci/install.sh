#!/usr/bin/env bash
# arbiter outside its source tree (issue 15): installs arbiter with `cargo install --path` from
# a copy of this checkout into a fresh root, deletes the copy, and runs the corpus with the
# installed binary from an empty directory. The corpus and the clause list are built into the
# binary, so nothing of the source tree is needed at run time. Also checks that the install
# ships the `arbiter` binary alone (buggy-uci is for arbiter's tests).
# `--profile test` only to build quickly here (CI has built its dependencies already); users
# install the release build (the README).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/checkout" "$work/root" "$work/empty"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$work/checkout"
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}" \
  cargo install --quiet --locked --profile test --path "$work/checkout/spec" --root "$work/root"
rm -rf "$work/checkout"
installed=$(ls "$work/root/bin")
if [ "$installed" != "arbiter" ]; then
  echo "cargo install shipped: $installed (expected the arbiter binary alone)" >&2
  exit 1
fi
cd "$work/empty"
"$work/root/bin/arbiter" check
summary=$("$work/root/bin/arbiter" run | tail -n 1)
passed=${summary%% passed*}
if [ "$passed" -lt 500 ]; then
  echo "the installed arbiter's run: $summary" >&2
  exit 1
fi
if [ -n "$(ls -A "$work/empty")" ]; then
  echo "the run wrote into its working directory: $(ls -A "$work/empty")" >&2
  exit 1
fi
echo "the installed arbiter ran the built-in corpus from an empty directory: $passed cases passed"
