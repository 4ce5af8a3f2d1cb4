#!/usr/bin/env bash
# Installs what the tests need on a fresh machine, skipping what is already there:
#   - Stockfish (Debian package; /usr/games/stockfish), a real UCI peer
#   - toga2 and gnuchess (Debian packages), real UCI engines without `go perft`
#   - python-chess (PyPI), an oracle for the game-state tests and an adapter example
#   - cargo-fuzz, for the bounded fuzzing runs
#   - Perl's prove (Debian package perl), which reads arbiter's TAP report in the tests
#   - Chromium (Debian package chromium), which loads arbiter's HTML report in the tests
set -euo pipefail
if [ ! -x /usr/games/stockfish ] || [ ! -x /usr/games/toga2 ] || [ ! -x /usr/games/gnuchess ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq stockfish toga2 gnuchess
fi
if ! command -v prove >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq perl
fi
if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi
if ! python3 -c 'import chess' >/dev/null 2>&1; then
  python3 -m pip install --quiet chess
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
