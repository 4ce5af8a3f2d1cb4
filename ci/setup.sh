#!/usr/bin/env bash
# Installs what the tests need on a fresh machine, skipping what is already there:
#   - Stockfish (Debian package; /usr/games/stockfish), a real UCI peer
#   - Fairy-Stockfish (Debian package; /usr/games/fairy-stockfish), a UCI peer with `go perft`
#   - Ethereal, Glaurung, Toga II, GNU Chess and Sjaak II (Debian packages), real UCI engines
#     without `go perft`, which `arbiter matrix` lists as engines it cannot check
#   - Node.js and npm (Debian packages), and the JavaScript adapters' packages (chess.js,
#     chessops) from npm, pinned by adapters/js/package-lock.json and installed with `npm ci`
#   - python-chess (PyPI), an oracle for the game-state tests and an adapter example
#   - cargo-fuzz, for the bounded fuzzing runs
#   - Perl's prove (Debian package perl), which reads arbiter's TAP report in the tests
#   - Chromium (Debian package chromium), which loads arbiter's HTML report in the tests
set -euo pipefail
JS="$(cd "$(dirname "$0")/.." && pwd)/adapters/js"
# Each engine's Debian package installs /usr/games/ under the package's name.
missing=""
for engine in stockfish fairy-stockfish toga2 gnuchess ethereal-chess glaurung sjaakii; do
  [ -x "/usr/games/$engine" ] || missing="$missing $engine"
done
if [ -n "$missing" ]; then
  apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm
fi
if [ ! -d "$JS/node_modules/chess.js" ] || [ ! -d "$JS/node_modules/chessops" ]; then
  (cd "$JS" && npm ci --no-audit --no-fund)
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
