#!/bin/bash -eu
# Builds every cargo-fuzz target of fuzz/ for ClusterFuzzLite and puts each, with its seed
# corpus from fuzz/corpus/TARGET, into $OUT. The target list comes from `cargo fuzz list`, so a
# new target is fuzzed without touching this file.
cd "$SRC/arbiter/fuzz"
cargo fuzz build --release --debug-assertions
release="target/x86_64-unknown-linux-gnu/release"
for target in $(cargo fuzz list); do
  cp "$release/$target" "$OUT/$target"
  if [ -d "corpus/$target" ] && [ -n "$(ls -A "corpus/$target")" ]; then
    (cd "corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
