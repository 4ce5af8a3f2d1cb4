#!/usr/bin/env python3
"""An arbiter adapter over python-chess (https://pypi.org/project/chess/).

It speaks arbiter's adapter protocol (docs/adapter-protocol.md): one JSON request per line on
stdin, exactly one JSON response per line on stdout, diagnostics on stderr. It is meant as an
example for other projects: everything python-chess can tell is answered, everything else is
`unsupported`, and nothing is invented.

    arbiter run --adapter 'python3 adapters/python-chess/adapter.py'
"""
import json
import sys

import chess

OPS = ["observe", "perft", "san", "parse_san", "claim", "flag"]


class Failure(Exception):
    def __init__(self, kind, message, detail=None):
        super().__init__(message)
        self.kind, self.message, self.detail = kind, message, detail


def board_of(req):
    """The position of a request: its FEN, then its moves (UCI)."""
    chess960 = bool(req.get("chess960", False))
    fen = req.get("fen")
    if not isinstance(fen, str):
        raise Failure("bad_request", "missing fen")
    try:
        board = chess.Board(fen, chess960=chess960)
    except ValueError as e:
        raise Failure("invalid_fen", f"{fen}: {e}")
    status = board.status()
    if status != chess.STATUS_VALID:
        raise Failure("illegal_position", f"{fen}: {status!r}")
    for uci in req.get("moves", []) or []:
        board.push(parse_uci(board, uci))
    return board


def parse_uci(board, text):
    try:
        move = chess.Move.from_uci(text)
    except ValueError:
        raise Failure("illegal_move", f"not a UCI move: {text}")
    # python-chess reads standard castling as e1g1 and Chess960 castling as king takes rook.
    if not board.is_legal(move):
        raise Failure("illegal_move", f"illegal move {text} in {board.fen()}")
    return move


def uci(board, move):
    return board.uci(move, chess960=board.chess960)


def status_of(board):
    # python-chess's own order (Board.outcome): checkmate, insufficient material, stalemate,
    # seventy-five moves, fivefold repetition.
    if board.is_checkmate():
        return "checkmate"
    if board.is_insufficient_material():
        return "dead_position"
    if board.is_stalemate():
        return "stalemate"
    if board.is_seventyfive_moves():
        return "seventyfive_moves"
    if board.is_fivefold_repetition():
        return "fivefold_repetition"
    return "ongoing"


def result_of(board, status):
    if status == "checkmate":
        return "0-1" if board.turn == chess.WHITE else "1-0"
    return "*" if status == "ongoing" else "1/2-1/2"


def observe(req):
    board = board_of(req)
    status = status_of(board)
    claimable = []
    if board.is_repetition(3):
        claimable.append("threefold")
    if board.is_fifty_moves():
        claimable.append("fifty")
    return {
        "fen": board.fen(),
        "legal_moves": sorted(uci(board, m) for m in board.legal_moves),
        "in_check": board.is_check(),
        "status": status,
        "result": result_of(board, status),
        "claimable": claimable,
    }


def perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in list(board.legal_moves):
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def op_perft(req):
    board = board_of(req)
    depth = req.get("depth")
    if not isinstance(depth, int) or depth < 0:
        raise Failure("bad_request", "depth must be a whole number")
    if depth == 0:
        return {"nodes": 1}
    divide = {}
    for move in list(board.legal_moves):
        board.push(move)
        divide[uci(board, move)] = perft(board, depth - 1)
        board.pop()
    return {"nodes": sum(divide.values()), "divide": divide}


def op_san(req):
    board = board_of(req)
    move = parse_uci(board, req.get("move", ""))
    return {"san": board.san(move)}


def op_parse_san(req):
    board = board_of(req)
    text = req.get("san", "")
    try:
        move = board.parse_san(text)
    except chess.AmbiguousMoveError as e:
        raise Failure("ambiguous_san", f"{text}: {e}")
    except chess.IllegalMoveError as e:
        raise Failure("illegal_move", f"{text}: {e}")
    except (chess.InvalidMoveError, ValueError) as e:
        raise Failure("invalid_san", f"{text}: {e}")
    return {"move": uci(board, move)}


def op_claim(req):
    board = board_of(req)
    claim = req.get("claim")
    if req.get("move") is not None:
        board.push(parse_uci(board, req["move"]))
    if claim == "threefold":
        return {"valid": board.is_repetition(3)}
    if claim == "fifty":
        return {"valid": board.halfmove_clock >= 100}
    raise Failure("bad_request", f"unknown claim {claim!r}")


def op_flag(req):
    board = board_of(req)
    flagged = {"white": chess.WHITE, "black": chess.BLACK}.get(req.get("flagged"))
    if flagged is None:
        raise Failure("bad_request", "flagged must be white or black")
    # FIDE 6.9 as python-chess can tell it: a draw when the opponent has insufficient material.
    if board.has_insufficient_material(not flagged):
        return {"result": "1/2-1/2"}
    return {"result": "0-1" if flagged == chess.WHITE else "1-0"}


HANDLERS = {
    "observe": observe,
    "perft": op_perft,
    "san": op_san,
    "parse_san": op_parse_san,
    "claim": op_claim,
    "flag": op_flag,
}


def answer(req):
    op = req.get("op")
    if op == "hello":
        return {"name": "python-chess", "version": chess.__version__, "protocol": 1, "ops": OPS, "profile": "fide-2023"}
    if op == "quit":
        return {}
    handler = HANDLERS.get(op)
    if handler is None:
        raise Failure("unsupported", f"python-chess adapter does not support {op!r}")
    return handler(req)


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        rid = None
        try:
            req = json.loads(line)
            rid = req.get("id")
            resp = answer(req)
        except Failure as f:
            err = {"kind": f.kind, "message": f.message}
            if f.detail:
                err["detail"] = f.detail
            resp = {"error": err}
        except json.JSONDecodeError as e:
            resp = {"error": {"kind": "bad_request", "message": f"not JSON: {e}"}}
        except Exception as e:  # a bug in this adapter: say so, do not die
            resp = {"error": {"kind": "bad_request", "message": f"{type(e).__name__}: {e}"}}
        resp["id"] = rid
        sys.stdout.write(json.dumps(resp) + "\n")
        sys.stdout.flush()
        if isinstance(req, dict) and req.get("op") == "quit":
            break


if __name__ == "__main__":
    main()
