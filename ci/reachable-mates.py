#!/usr/bin/env python3
"""Whether SIDE can ever checkmate from FEN, by enumerating every position that legal moves of
both players reach (FIDE 5.2.2, 6.9), with python-chess as the judge, not arbiter's core.

A flag case whose side cannot mate has no mating line to replay, so its expected value needs
an independent judge. CHA (ci/build-cha.sh) is one; where CHA leaves the question undetermined
and the reachable positions are few enough (about a hundred thousand take a minute), this
search settles it: breadth first over the positions, each kept once by python-chess's
transposition key (placement, side to move, castling rights, en passant square), and each
tested for checkmate of SIDE's opponent as it is taken from the queue.

    ci/reachable-mates.py '1k6/1P1p3p/BP3p2/1P5p/3P4/7p/5PKP/8 w - - 0 1' black

Prints `mate FEN` (the first mate found) and exits 0, or `no mate in N positions` and exits 1,
or `more than CAP positions` and exits 2 (CAP, a third argument, default 5,000,000).
docs/mutation.md (the eleventh round) names the cases settled this way.
"""
import collections
import sys

import chess


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[2] not in ("white", "black"):
        sys.exit(__doc__)
    board = chess.Board(sys.argv[1])
    winner = chess.WHITE if sys.argv[2] == "white" else chess.BLACK
    cap = int(sys.argv[3]) if len(sys.argv) == 4 else 5_000_000
    seen = {board._transposition_key()}
    queue = collections.deque([board.fen()])
    while queue:
        position = chess.Board(queue.popleft())
        if position.is_checkmate() and position.turn != winner:
            print(f"mate {position.fen()}")
            return 0
        for move in list(position.legal_moves):
            position.push(move)
            key = position._transposition_key()
            if key not in seen:
                seen.add(key)
                if len(seen) > cap:
                    print(f"more than {cap} positions")
                    return 2
                queue.append(position.fen())
            position.pop()
    print(f"no mate in {len(seen)} positions")
    return 1


if __name__ == "__main__":
    sys.exit(main())
