#!/usr/bin/env bash
# Probes one surviving mutant of the unwinnability proofs (issue 12, docs/mutation.md) beyond the
# published data: positions derived from CHA's test vector (core/examples/derived_positions.rs:
# a man added or a king moved) are analysed by the core and by the mutated core with a budget
# of one node, so that the proofs alone decide; it prints how many positions the mutant proves
# unwinnable that the core does not, and the core's full analysis of up to 300 of them (a
# winnable one, whose mating line anyone can replay, is a case the mutant gets wrong, as long
# as the searches that run before the proof do not find the mate first).
#   ci/mutant-probe.sh 'core/src/unwinnable/confinement.rs:436:32: replace | with ^ in Confinement::mating_net'
#   PROBE_BASES  a file of FENs to derive from (default: the positions of CHA's test-vector half
#                that the core proves dead for a side by the men's reaches or a boxed king)
# It patches the named file in this checkout and restores it on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: ci/mutant-probe.sh 'FILE:LINE:COLUMN: description'}
file=${name%%:*}
work=$(mktemp -d)
trap 'git checkout -q -- "$file"; rm -rf "$work"' EXIT
if ! git diff --quiet -- "$file"; then
  echo "$file has changes of its own: commit or stash them first" >&2
  exit 2
fi
example=(cargo run --quiet --release -p arbiter-core --example derived_positions --)
bases=${PROBE_BASES:-}
if [ -z "$bases" ]; then
  bases=$work/bases.txt
  grep -v '^#' core/tests/data/unwinnability/cha-test-vector-half.txt |
    awk '{print $2" "$3" "$4" "$5" 0 1\twhite"; print $2" "$3" "$4" "$5" 0 1\tblack"}' > "$work/questions.txt"
  "${example[@]}" ask 1 < "$work/questions.txt" 2>/dev/null |
    awk -F'\t' '$3 ~ /confined|boxed_king/ {print $1}' | sort -u > "$bases"
fi
echo "$(wc -l < "$bases") base positions"
"${example[@]}" derive 1 < "$bases" > "$work/core.txt"
re=$(printf '%s' "$name" | sed 's/[][\.*^$()+?{}|]/\\&/g')
cargo mutants --list --diff --file "$file" --re "^$re\$" | sed -n '/^--- /,$p' > "$work/mutant.diff"
if [ "$(grep -c '^+++ ' "$work/mutant.diff")" != 1 ]; then
  echo "not exactly one mutant named: $name" >&2
  exit 2
fi
patch -s "$file" < "$work/mutant.diff"
"${example[@]}" derive 1 < "$bases" > "$work/mutant.txt"
git checkout -q -- "$file"
paste "$work/core.txt" "$work/mutant.txt" |
  awk -F'\t' '$6 ~ /^unwinnable/ && $3 !~ /^unwinnable/ {print $1"\t"$2}' > "$work/differ.txt"
echo "$(wc -l < "$work/core.txt") derived questions; the mutant proves $(wc -l < "$work/differ.txt") more unwinnable"
head -300 "$work/differ.txt" | "${example[@]}" ask 300000
