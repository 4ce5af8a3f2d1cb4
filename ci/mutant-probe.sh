#!/usr/bin/env bash
# Probes one surviving mutant of the unwinnability proofs (issue 12, docs/mutation.md) beyond the
# published data: positions derived from CHA's test vector (core/examples/derived_positions.rs:
# a man added or a king moved) are analysed by the core and by the mutated core with a budget
# of one node, so that the proofs alone decide. It prints how many positions the mutant proves
# unwinnable that the core does not, asks up to PROBE_ASK of them again with the full budget,
# the mutant still applied, and gives the core's analysis of those it still proves (a
# winnable one, whose mating line anyone can replay, is a case the mutant gets wrong). The
# other way round, it prints how many the core proves unwinnable that the mutant does not, and
# of up to PROBE_ASK of them those the mutant leaves unproven with the full budget too (the
# corpus's flag question would be undetermined under it: an error). A dead position has no
# line to replay, so a case made of one takes its expected value from an independent judge: set
# CHA to the path of a CHA built with ci/build-cha.sh and its verdict is printed beside each.
#   ci/mutant-probe.sh 'core/src/unwinnable/confinement.rs:436:32: replace | with ^ in Confinement::mating_net'
#   PROBE_BASES  a file of FENs to derive from (default: the positions of CHA's test-vector half
#                that the core proves dead for a side by the men's reaches or a boxed king)
#   PROBE_ASK    how many positions of each direction are asked again with a full budget
#                (default 300)
#   PROBE_CACHE  a folder where the bases and the core's answers are kept from one run to the
#                next (keyed by the commit and PROBE_BASES), to probe many mutants in a row
#   PROBE_OUT    a folder to keep the run's files in (by default a temporary one, removed):
#                weaker.txt lists the questions the mutant proves fewer at one node
#   PROBE_HARD   a node budget: those questions are asked again with it, the mutant applied,
#                and the ones it still leaves unproven (kept in hard.txt) are the ones asked
#                with the full budget. Their positions are the bases of a second generation,
#                whose derived positions the searches may no longer settle within the full
#                budget once the mutant has lost its proof (docs/mutation.md, the fourteenth
#                round; FENS there is every position of CHA's test-vector half):
#                  PROBE_BASES=FENS PROBE_OUT=/tmp/g1 PROBE_HARD=200000 ci/mutant-probe.sh NAME
#                  cut -f1 /tmp/g1/hard.txt | sort -u > /tmp/g1/next.txt
#                  PROBE_BASES=/tmp/g1/next.txt PROBE_OUT=/tmp/g2 PROBE_HARD=1000000 ci/mutant-probe.sh NAME
# It patches the named file in this checkout and restores it on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: ci/mutant-probe.sh 'FILE:LINE:COLUMN: description'}
file=${name%%:*}
if [ -n "${PROBE_OUT:-}" ]; then
  work=$PROBE_OUT
  mkdir -p "$work"
  trap 'git checkout -q -- "$file"' EXIT
else
  work=$(mktemp -d)
  trap 'git checkout -q -- "$file"; rm -rf "$work"' EXIT
fi
if ! git diff --quiet -- "$file"; then
  echo "$file has changes of its own: commit or stash them first" >&2
  exit 2
fi
example=(cargo run --quiet --release -p arbiter-core --example derived_positions --)
bases=${PROBE_BASES:-}
ask=${PROBE_ASK:-300}
cache=""
if [ -n "${PROBE_CACHE:-}" ]; then
  cache=$PROBE_CACHE/$(git rev-parse HEAD)-$(printf '%s' "$bases" | cksum | cut -d' ' -f1)
fi
if [ -n "$cache" ] && [ -s "$cache/core.txt" ]; then
  bases=$cache/bases.txt
elif [ -z "$bases" ]; then
  bases=$work/bases.txt
  grep -v '^#' core/tests/data/unwinnability/cha-test-vector-half.txt |
    awk '{print $2" "$3" "$4" "$5" 0 1\twhite"; print $2" "$3" "$4" "$5" 0 1\tblack"}' > "$work/questions.txt"
  "${example[@]}" ask 1 < "$work/questions.txt" 2>/dev/null |
    awk -F'\t' '$3 ~ /confined|boxed_king/ {print $1}' | sort -u > "$bases"
fi
echo "$(wc -l < "$bases") base positions"
if [ -n "$cache" ] && [ -s "$cache/core.txt" ]; then
  cp "$cache/core.txt" "$work/core.txt"
else
  "${example[@]}" derive 1 < "$bases" > "$work/core.txt"
  if [ -n "$cache" ]; then
    mkdir -p "$cache"
    cp "$bases" "$cache/bases.txt.new" && mv "$cache/bases.txt.new" "$cache/bases.txt"
    cp "$work/core.txt" "$cache/core.txt.new" && mv "$cache/core.txt.new" "$cache/core.txt"
  fi
fi
re=$(printf '%s' "$name" | sed 's/[][\.*^$()+?{}|]/\\&/g')
cargo mutants --list --diff --file "$file" --re "^$re\$" | sed -n '/^--- /,$p' > "$work/mutant.diff"
if [ "$(grep -c '^+++ ' "$work/mutant.diff")" != 1 ]; then
  echo "not exactly one mutant named: $name" >&2
  exit 2
fi
patch -s "$file" < "$work/mutant.diff"
"${example[@]}" derive 1 < "$bases" > "$work/mutant.txt"
paste "$work/core.txt" "$work/mutant.txt" |
  awk -F'\t' '$6 ~ /^unwinnable/ && $3 !~ /^unwinnable/ {print $1"\t"$2}' > "$work/stronger.txt"
paste "$work/core.txt" "$work/mutant.txt" |
  awk -F'\t' '$3 ~ /^unwinnable/ && $6 !~ /^unwinnable/ {print $1"\t"$2}' > "$work/weaker.txt"
# Asked again with the default budget of the flag question (FIDE 6.9), the mutant still
# applied: what it proves then, and what it leaves unproven.
# With PROBE_HARD, the questions asked again are those it leaves unproven with that budget.
head -"$ask" "$work/stronger.txt" | "${example[@]}" ask 5000000 | awk -F'\t' '$3 ~ /^unwinnable/ {print $1"\t"$2}' > "$work/still.txt"
lost=$work/weaker.txt
if [ -n "${PROBE_HARD:-}" ]; then
  lost=$work/hard.txt
  "${example[@]}" ask "$PROBE_HARD" < "$work/weaker.txt" | awk -F'\t' '$3 !~ /^unwinnable/ {print $1"\t"$2}' > "$lost"
fi
head -"$ask" "$lost" | "${example[@]}" ask 5000000 | awk -F'\t' '$3 !~ /^unwinnable/' > "$work/unproven.txt"
git checkout -q -- "$file"
echo "$(wc -l < "$work/core.txt") derived questions"
echo "the mutant proves $(wc -l < "$work/stronger.txt") more unwinnable; of the first $(head -"$ask" "$work/stronger.txt" | wc -l), $(wc -l < "$work/still.txt") still with the full budget, the core's answers:"
if [ -s "$work/still.txt" ]; then
  "${example[@]}" ask 5000000 < "$work/still.txt"
fi
echo -n "the mutant proves $(wc -l < "$work/weaker.txt") fewer unwinnable; "
if [ -n "${PROBE_HARD:-}" ]; then
  echo -n "$(wc -l < "$lost") stay unproven with $PROBE_HARD nodes ($lost), and "
fi
echo "of the first $(head -"$ask" "$lost" | wc -l), $(wc -l < "$work/unproven.txt") stay unproven with the full budget:"
if [ -n "${CHA:-}" ] && [ -s "$work/unproven.txt" ]; then
  # CHA reads `FEN white|black` a line and answers `winnable LINE | unwinnable | undetermined`.
  cut -f1,2 "$work/unproven.txt" | tr '\t' ' ' | "$CHA" | grep -E '^(winnable|unwinnable|undetermined)' |
    awk '{print "CHA: "$1}' | paste "$work/unproven.txt" -
else
  cat "$work/unproven.txt"
fi
