#!/usr/bin/env python3
"""Cross-checks the corpus against python-chess (an independent implementation), for the rules
python-chess shares with the Laws: legal moves, check, checkmate, stalemate, the position after
the moves, illegal positions, perft (small counts), threefold/fivefold/fifty/seventy-five where a
case states them. A disagreement is printed; where python-chess and the Laws differ, the case
follows the Laws and says why in its description, and is listed in KNOWN_DIFFERENCES below.

    pip install chess pyyaml
    python3 spec/tools/crosscheck.py [spec/cases]
"""
import pathlib
import sys

import chess
import yaml

KNOWN_DIFFERENCES = {
    # case id: why python-chess differs from the Laws there
    "illegal-position-extra-queen-no-promotion-3-10-3": "python-chess does not count promoted pieces",
    "illegal-position-three-rooks-eight-pawns-3-10-3": "python-chess does not count promoted pieces",
    "illegal-position-two-light-bishops-3-10-3": "python-chess does not count promoted pieces",
    "illegal-position-two-knights-check-3-10-3": "python-chess checks only aligned checkers",
    "illegal-position-pawn-and-knight-check-3-10-3": "python-chess checks only aligned checkers",
    "san-en-passant-c-9": "python-chess does not read the optional e.p. suffix of C.9",
}
PERFT_LIMIT = 20_000


def perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for m in list(board.legal_moves):
        board.push(m)
        total += perft(board, depth - 1)
        board.pop()
    return total


def uci(board, move):
    return board.uci(move, chess960=board.chess960)


def start(case):
    chess960 = case.get("variant") == "chess960" or "start960" in case
    if "start960" in case:
        return chess.Board.from_chess960_pos(case["start960"]) if case["start960"] != 518 else chess.Board()
    fen = case.get("fen", chess.STARTING_FEN)
    return chess.Board(fen, chess960=chess960)


def play(board, moves):
    for text in moves:
        move = chess.Move.from_uci(text)
        if board.chess960 is False and board.is_castling(move) is False:
            pass
        if move not in board.legal_moves:
            return text
        board.push(move)
    return None


def check_case(case):
    problems = []
    e = case["expect"]
    try:
        board = start(case)
    except ValueError as err:
        if e.get("rejected", {}).get("kind") == "invalid_fen":
            return []
        return [f"python-chess cannot read the FEN: {err}"]
    if case.get("pgn"):
        try:
            for san in case["pgn"].split():
                if san[0].isdigit() and "." in san:
                    san = san.split(".")[-1]
                    if not san:
                        continue
                if san in ("1-0", "0-1", "1/2-1/2", "*"):
                    continue
                board.push_san(san)
        except ValueError as err:
            return [f"python-chess cannot read the PGN: {err}"]
    rejected = e.get("rejected")
    if rejected and rejected["kind"] == "illegal_position":
        if board.is_valid():
            problems.append("python-chess accepts the position the case rejects")
        return problems
    if not rejected and not board.is_valid():
        problems.append(f"python-chess calls the position invalid ({board.status()!r})")
    bad = play(board, case.get("moves", []))
    if rejected and rejected["kind"] == "illegal_move":
        if bad is None:
            problems.append("python-chess plays every move the case rejects")
        return problems
    if bad:
        return problems + [f"python-chess: {bad} is illegal"]
    legal = {uci(board, m) for m in board.legal_moves}
    for m in e.get("legal", []) or []:
        if m not in legal:
            problems.append(f"python-chess: {m} is not legal")
    for m in e.get("illegal", []) or []:
        if m in legal:
            problems.append(f"python-chess: {m} is legal")
    if e.get("legal_moves") is not None and set(e["legal_moves"]) != legal:
        problems.append(f"python-chess legal moves differ: missing {sorted(set(e['legal_moves']) - legal)}, extra {sorted(legal - set(e['legal_moves']))}")
    if "in_check" in e and e["in_check"] != board.is_check():
        problems.append(f"python-chess in_check {board.is_check()}")
    status = e.get("status")
    if status == "checkmate" and not board.is_checkmate():
        problems.append("python-chess: not checkmate")
    if status == "stalemate" and not board.is_stalemate():
        problems.append("python-chess: not stalemate")
    if status == "fivefold_repetition" and not board.is_fivefold_repetition():
        problems.append("python-chess: not fivefold")
    if status == "seventyfive_moves" and not board.is_seventyfive_moves():
        problems.append("python-chess: not seventy-five moves")
    if status == "ongoing" and (board.is_checkmate() or board.is_stalemate() or board.is_fivefold_repetition() or board.is_seventyfive_moves()):
        problems.append("python-chess: game over")
    claimable = e.get("claimable")
    if claimable is not None:
        mine = set()
        if board.can_claim_threefold_repetition() and board.is_repetition(3):
            mine.add("threefold")
        if board.halfmove_clock >= 100:
            mine.add("fifty")
        if mine != set(claimable):
            problems.append(f"python-chess claimable {sorted(mine)}")
    if "fen" in e:
        want = chess.Board(e["fen"], chess960=board.chess960)
        if want.epd() != board.epd() or want.halfmove_clock != board.halfmove_clock:
            problems.append(f"python-chess position {board.fen()}")
    for mv, san in (e.get("san") or {}).items():
        got = board.san(chess.Move.from_uci(mv))
        if got != san:
            problems.append(f"python-chess san of {mv} is {got}")
    for text, reading in (e.get("parse_san") or {}).items():
        try:
            got = uci(board, board.parse_san(str(text)))
        except chess.AmbiguousMoveError:
            got = {"error": "ambiguous_san"}
        except chess.IllegalMoveError:
            got = {"error": "illegal_move"}
        except ValueError:
            got = {"error": "invalid_san"}
        if got != reading:
            problems.append(f"python-chess parse_san {text!r} gives {got}")
    for depth, nodes in (e.get("perft") or {}).items():
        if nodes <= PERFT_LIMIT:
            got = perft(board, depth)
            if got != nodes:
                problems.append(f"python-chess perft {depth} = {got}")
    return problems


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parents[1] / "cases")
    failures = 0
    count = 0
    for path in sorted(root.rglob("*.yaml")):
        for case in yaml.safe_load(path.read_text())["cases"]:
            if case.get("events"):
                continue
            count += 1
            problems = check_case(case)
            if problems and case["id"] not in KNOWN_DIFFERENCES:
                failures += 1
                print(f"{path.relative_to(root)}: {case['id']}: " + "; ".join(problems))
    print(f"{count} cases cross-checked, {failures} disagree with python-chess")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
