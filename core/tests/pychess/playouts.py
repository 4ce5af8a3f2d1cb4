#!/usr/bin/env python3
"""Replays games with python-chess and reports, after every half-move, what python-chess
decides: the position (FEN with the en passant square only when a capture is legal), how often
it has appeared, the automatic end of the game, insufficient material per side, and the draws
the player to move may claim.

Used by core/tests/game_pychess.rs. Input: one JSON object per line, {"fen": ..., "moves": [uci...]}.
Output: one JSON array per line and game, one record per position (the start included):
[fen, occurrences, termination or null, winner or null, white_insufficient, black_insufficient,
 can_claim_threefold or null, can_claim_fifty_moves or null]; the claims are null once the game
is over.
"""

import collections
import json
import sys

try:
    import chess
except ImportError:
    sys.stderr.write("python-chess is missing: pip install chess\n")
    sys.exit(3)


def can_claim_threefold(board):
    # Speed only: a position cannot recur within three half-moves (each move changes the
    # mover's men, FIDE 9.2.3), so with a halfmove clock below 3 neither the position now nor
    # the one after any move can be a third occurrence, and python-chess would say False.
    return board.halfmove_clock >= 3 and board.can_claim_threefold_repetition()


def record(board, occurrences):
    outcome = board.outcome()
    over = outcome is not None
    return [
        board.fen(en_passant="legal").rsplit(" ", 2)[0],
        occurrences,
        outcome.termination.name if over else None,
        ({chess.WHITE: "white", chess.BLACK: "black"}[outcome.winner] if over and outcome.winner is not None else None),
        board.has_insufficient_material(chess.WHITE),
        board.has_insufficient_material(chess.BLACK),
        None if over else can_claim_threefold(board),
        None if over else board.can_claim_fifty_moves(),
    ]


def replay(game):
    board = chess.Board(game["fen"])
    # python-chess's own identity of a position for repetitions (what is_repetition compares).
    seen = collections.Counter()
    seen[board._transposition_key()] += 1
    records = [record(board, 1)]
    for uci in game["moves"]:
        board.push_uci(uci)
        key = board._transposition_key()
        seen[key] += 1
        records.append(record(board, seen[key]))
    return records


def main():
    source, target = sys.argv[1], sys.argv[2]
    with open(source) as inp, open(target, "w") as out:
        for line in inp:
            if line.strip():
                out.write(json.dumps(replay(json.loads(line))) + "\n")


if __name__ == "__main__":
    main()
