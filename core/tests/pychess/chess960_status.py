#!/usr/bin/env python3
"""Reads Chess960 FENs with python-chess and reports its validity verdict on each.

Used by core/tests/chess960_pychess.rs. Input: one FEN per line. Output: one JSON array per
line: [status names (empty when valid), castling rights in Shredder-FEN or null, error or null];
a FEN python-chess cannot read gives [null, null, its error].
"""

import json
import sys

try:
    import chess
except ImportError:
    sys.stderr.write("python-chess is missing: pip install chess\n")
    sys.exit(3)


def verdict(fen):
    try:
        board = chess.Board(fen, chess960=True)
    except ValueError as error:
        return [None, None, str(error)]
    status = board.status()
    names = [flag.name for flag in chess.Status if flag and flag & status]
    return [names, board.castling_shredder_fen(), None]


def main():
    source, target = sys.argv[1], sys.argv[2]
    with open(source) as lines, open(target, "w") as out:
        for line in lines:
            fen = line.strip()
            if fen:
                out.write(json.dumps(verdict(fen)) + "\n")


if __name__ == "__main__":
    main()
