#!/usr/bin/env bash
# Builds CHA, the Chess Unwinnability Analyzer (M. Ambrona, github.com/miguel-ambrona/D3-Chess,
# GPL-3.0), as an independent judge for `ci/mutant-probe.sh` (CHA=DIR/cha): the expected value
# of a case made from a derived dead position, which has no mating line to replay, is CHA's
# verdict. Not part of the tests, and nothing of CHA enters this repository: it is built in DIR
# from its own sources.
#   ci/build-cha.sh DIR                 # clones D3-Chess and Stockfish into DIR, builds DIR/cha
#   D3_CHESS=PATH STOCKFISH=PATH ci/build-cha.sh DIR   # from checkouts already on disk
# CHA builds on Stockfish's move generation at the commit its lib/stockfish/Makefile names
# (51deae8); the build below compiles the same sources without downloading Stockfish's network
# (NNUE_EMBEDDING_OFF: CHA never evaluates a position), so it needs no network once the
# sources are there. Check it with `printf '8/8/8/8/8/8/8/K1k5 w - - white\n' | DIR/cha`
# (unwinnable) and against the test vector as docs/mutation.md describes.
set -euo pipefail
dir=${1:?usage: ci/build-cha.sh DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
d3=${D3_CHESS:-$dir/D3-Chess}
sf=${STOCKFISH:-$dir/Stockfish}
[ -d "$d3" ] || git clone -q https://github.com/miguel-ambrona/D3-Chess "$d3"
[ -d "$sf" ] || git clone -q https://github.com/official-stockfish/Stockfish "$sf"
build=$dir/build
rm -rf "$build"
mkdir -p "$build/sf" "$build/d3" "$build/obj"
# git archive reads a bare repository as well as a checkout.
git -C "$sf" archive 51deae8 src | tar -x -C "$build/sf"
git -C "$d3" archive HEAD lib/stockfish src | tar -x -C "$build/d3"
cp "$build/d3/lib/stockfish/stockfish.cpp" "$build/d3/lib/stockfish/stockfish.h" "$build/sf/src/"
flags="-O2 -std=c++17 -DNDEBUG -DIS_64BIT -DUSE_POPCNT -msse4.1 -mpopcnt -DNNUE_EMBEDDING_OFF -I$build/sf/src"
sources=$(ls "$build"/sf/src/*.cpp "$build"/sf/src/nnue/*.cpp "$build"/sf/src/nnue/features/*.cpp \
  "$build"/sf/src/syzygy/*.cpp | grep -v '/sf/src/main\.cpp$')
for f in util semistatic dynamic cha main; do
  sources="$sources $build/d3/src/$f.cpp"
done
for f in $sources; do
  echo "$f"
done | xargs -P "$(nproc)" -I{} sh -c "g++ $flags -c {} -o \"$build/obj/\$(echo {} | tr / _).o\""
g++ -o "$dir/cha" "$build"/obj/*.o -lpthread
echo "built $dir/cha: $(printf '8/8/8/8/8/8/8/K1k5 w - - white\n' | "$dir/cha" | sed -n 2p)"
