#!/usr/bin/env python3
"""Positions with an en passant square, for probing the unwinnability proofs (issue 12, docs/mutation.md).

core/examples/derived_positions.rs clears the en passant square of every position it derives,
so the proofs' handling of FIDE 3.7.3.1 (a pawn that has just advanced two squares may be
captured as if it had advanced one) is never asked there. This makes such positions with
python-chess: from each FEN read (a line each; `FEN<TAB>...` lines too), with either side to
move, every double step after which a capture en passant is legal; with `--add`, each of those
again with one man of either colour added on an empty square where the position stays valid
and the capture legal. Prints the FENs, each once, for `derived_positions ask BUDGET` (add the
side asked: `awk '{print $0"\\twhite"; print $0"\\tblack"}'`).

    ci/en-passant-positions.py < fens.txt > ep.txt
    ci/en-passant-positions.py --add < fens.txt > ep-added.txt

Compare the answers by position and side (the example skips a position it refuses, so its
output does not line up with its input line by line).
"""
import sys

import chess

ADDED = [chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN]


def double_steps(board):
    """The positions after each double step of `board` that leaves a legal capture en passant."""
    for move in list(board.legal_moves):
        if board.piece_type_at(move.from_square) == chess.PAWN \
                and abs(move.to_square - move.from_square) == 16:
            board.push(move)
            if board.has_legal_en_passant():
                yield board.copy(stack=False)
            board.pop()


def with_a_man_added(board):
    """`board` with one man added where the position stays valid and the capture legal."""
    for square in chess.SQUARES:
        if board.piece_at(square) is not None or square == board.ep_square:
            continue
        for color in chess.COLORS:
            for role in ADDED:
                if role == chess.PAWN and chess.square_rank(square) in (0, 7):
                    continue
                added = board.copy(stack=False)
                added.set_piece_at(square, chess.Piece(role, color))
                if added.is_valid() and added.has_legal_en_passant():
                    yield added


def main():
    add = "--add" in sys.argv[1:]
    seen = set()
    for number, line in enumerate(sys.stdin, 1):
        fen = line.split("\t")[0].strip()
        if not fen or fen.startswith("#"):
            continue
        try:
            board = chess.Board(fen if len(fen.split()) > 4 else fen + " 0 1")
        except ValueError as error:
            print(f"line {number}: not a FEN, skipped: {fen} ({error})", file=sys.stderr)
            continue
        for turn in chess.COLORS:
            board.turn = turn
            board.ep_square = None
            if not board.is_valid():
                continue
            for stepped in double_steps(board):
                for found in with_a_man_added(stepped) if add else [stepped]:
                    text = found.fen()
                    if text not in seen:
                        seen.add(text)
                        print(text)


if __name__ == "__main__":
    main()
