// An arbiter adapter over chessops (https://www.npmjs.com/package/chessops), lichess's chess
// rules in TypeScript, the version pinned in package.json: only the mapping of the protocol's
// operations onto chessops's calls; the JSON-lines loop is protocol.mjs.
//
//     arbiter run --adapter 'node adapters/js/chessops.mjs'
//
// chessops has no draw claims and no clock: `claim`, `flag` and `events` are unsupported, and
// the adapter says so in hello's note. It plays Chess960 natively (castling is king takes rook
// inside chessops, as the protocol writes it for Chess960; standard castling is written with
// the king's destination, e1g1, and converted both ways here).

import { readFileSync } from 'node:fs';
import { Chess, castlingSide, isImpossibleCheck, isStandardMaterial, normalizeMove } from 'chessops/chess';
import { perft as countLeaves } from 'chessops/debug';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { kingCastlesTo, makeUci, parseUci, squareRank } from 'chessops/util';

import { Failure, depthOf, positionOf, serve } from './protocol.mjs';

// The version installed (package.json pins it; the library's exports do not include its own package.json).
const VERSION = JSON.parse(readFileSync(new URL('./node_modules/chessops/package.json', import.meta.url))).version;
const PROMOTIONS = ['queen', 'rook', 'bishop', 'knight'];

/** Every legal move of `pos`, as chessops's moves (castling is king takes rook). */
function legalMoves(pos) {
  const moves = [];
  for (const [from, dests] of pos.allDests()) {
    const promoting = pos.board.pawn.has(from) && squareRank(from) === (pos.turn === 'white' ? 6 : 1);
    for (const to of dests) {
      if (promoting) for (const promotion of PROMOTIONS) moves.push({ from, to, promotion });
      else moves.push({ from, to });
    }
  }
  return moves;
}

/** The protocol's UCI text of a move of `pos`: standard castling written as the king's move. */
function uciOf(pos, move, chess960) {
  const side = !chess960 && castlingSide(pos, move);
  if (side && pos.board[pos.turn].has(move.to)) return makeUci({ from: move.from, to: kingCastlesTo(pos.turn, side) });
  return makeUci(move);
}

/** The legal move of `pos` written `text` (UCI; in standard chess, castling as e1g1). */
function legalMove(pos, text, chess960) {
  const parsed = parseUci(text);
  if (parsed === undefined || !('from' in parsed)) throw new Failure('illegal_move', `${JSON.stringify(text)} is not a UCI move`);
  // normalizeMove rewrites standard castling (e1g1) as king takes rook and returns the move
  // without its promotion: a move with a promotion letter is never castling, so it is left
  // as written for isLegal to judge (e1g1q is no legal move).
  const move = chess960 || parsed.promotion ? parsed : normalizeMove(pos, parsed);
  if (!pos.isLegal(move)) throw new Failure('illegal_move', `${text} is not a legal move in ${fenOf(pos)}`);
  return move;
}

const fenOf = (pos) => makeFen(pos.toSetup());

/** The position key chessops's FEN gives (placement, side, castling, legal en passant). */
const keyOf = (pos) => fenOf(pos).split(' ').slice(0, 4).join(' ');

/**
 * The request's position and how many times it has appeared: chessops reads the FEN and checks
 * the setup (Chess.fromSetup, and its isImpossibleCheck and isStandardMaterial for FIDE 3.10.3),
 * then plays each move.
 */
function gameOf(req) {
  const { fen, moves, chess960 } = positionOf(req);
  const setup = parseFen(fen);
  if (setup.isErr) throw new Failure('invalid_fen', `${JSON.stringify(fen)}: ${setup.error.message}`);
  const read = Chess.fromSetup(setup.value);
  if (read.isErr) throw new Failure('illegal_position', `${JSON.stringify(fen)}: ${read.error.message}`);
  const pos = read.value;
  if (isImpossibleCheck(pos)) throw new Failure('illegal_position', `${JSON.stringify(fen)}: an impossible check`);
  if (!isStandardMaterial(pos)) throw new Failure('illegal_position', `${JSON.stringify(fen)}: more promoted pieces than missing pawns`);
  const seen = [keyOf(pos)];
  for (const text of moves) {
    pos.play(legalMove(pos, text, chess960));
    seen.push(keyOf(pos));
  }
  const now = seen[seen.length - 1];
  return { pos, chess960, appearances: seen.filter((k) => k === now).length };
}

/**
 * FIDE 5.1.1 checkmate, 5.2.1 stalemate, 5.2.2 as far as chessops sees it (insufficient
 * material), 9.6.1 fivefold repetition of chessops's FEN key, 9.6.2 from the halfmove clock.
 */
function statusOf(pos, appearances) {
  if (pos.isCheckmate()) return 'checkmate';
  if (pos.isStalemate()) return 'stalemate';
  if (pos.isInsufficientMaterial()) return 'dead_position';
  if (appearances >= 5) return 'fivefold_repetition';
  if (pos.halfmoves >= 150) return 'seventyfive_moves';
  return 'ongoing';
}

function resultOf(pos, status) {
  if (status === 'checkmate') return pos.turn === 'white' ? '0-1' : '1-0';
  return status === 'ongoing' ? '*' : '1/2-1/2';
}

function observe(req) {
  const { pos, chess960, appearances } = gameOf(req);
  const status = statusOf(pos, appearances);
  return {
    fen: fenOf(pos),
    legal_moves: legalMoves(pos).map((m) => uciOf(pos, m, chess960)),
    in_check: pos.isCheck(),
    status,
    result: resultOf(pos, status),
  };
}

function perft(req) {
  const { pos, chess960 } = gameOf(req);
  const depth = depthOf(req);
  if (depth === 0) return { nodes: 1 };
  const divide = {};
  let nodes = 0;
  for (const m of legalMoves(pos)) {
    const child = pos.clone();
    child.play(m);
    const below = countLeaves(child, depth - 1, false);
    divide[uciOf(pos, m, chess960)] = below;
    nodes += below;
  }
  return { nodes, divide };
}

function san(req) {
  const { pos, chess960 } = gameOf(req);
  return { san: makeSan(pos, legalMove(pos, String(req.move), chess960)) };
}

// chessops's parseSan gives the move or nothing: a text it does not read, an illegal move and
// an ambiguous one are all `refused`.
function parseSanOp(req) {
  const { pos, chess960 } = gameOf(req);
  const text = String(req.san);
  const move = parseSan(pos, text);
  if (move === undefined) throw new Failure('refused', `chessops reads no legal move in ${JSON.stringify(text)}`);
  return { move: uciOf(pos, move, chess960) };
}

serve({
  hello: () => ({
    name: 'chessops',
    version: VERSION,
    ops: ['observe', 'perft', 'san', 'parse_san'],
    profile: null,
    note: 'chessops has no draw claims or clock',
  }),
  ops: { observe, perft, san, parse_san: parseSanOp },
});
