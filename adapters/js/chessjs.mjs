// An arbiter adapter over chess.js (https://www.npmjs.com/package/chess.js), the version pinned
// in package.json: only the mapping of the protocol's operations onto chess.js's calls; the
// JSON-lines loop is protocol.mjs.
//
//     arbiter run --adapter 'node adapters/js/chessjs.mjs'
//
// chess.js draws by threefold repetition and the fifty-move rule without a claim (isDraw,
// isGameOver), so hello declares the profile `automatic-draws`. It has no Chess960, no clock
// and no claims: those requests are `unsupported`, and so skipped.

import { Chess, validateFen } from 'chess.js';
import { readFileSync } from 'node:fs';

import { Failure, depthOf, positionOf, serve } from './protocol.mjs';

// The version installed (package.json pins it; the library's exports do not include its own package.json).
const VERSION = JSON.parse(readFileSync(new URL('./node_modules/chess.js/package.json', import.meta.url))).version;

// chess.js's FEN errors that are about the position rather than the text (FIDE 3.10.3).
const ILLEGAL_POSITION = [/missing \w+ king/, /too many \w+ kings/, /pawns are on the edge rows/, /illegal en-passant square/];

/** The UCI text of a chess.js move (standard chess: castling is the king's move, e1g1). */
const uciOf = (m) => m.from + m.to + (m.promotion ?? '');

/** The legal move of `board` written `text` in UCI, from chess.js's own move list. */
function legalMove(board, text) {
  const m = board.moves({ verbose: true }).find((m) => uciOf(m) === text);
  if (m === undefined) throw new Failure('illegal_move', `${text} is not a legal move in ${board.fen()}`);
  return m;
}

/** The request's position: chess.js reads and checks the FEN, then plays each move. */
function boardOf(req) {
  const { fen, moves, chess960 } = positionOf(req);
  if (chess960) throw new Failure('unsupported', 'chess.js has no Chess960');
  const checked = validateFen(fen);
  if (!checked.ok) {
    const kind = ILLEGAL_POSITION.some((re) => re.test(checked.error)) ? 'illegal_position' : 'invalid_fen';
    throw new Failure(kind, `${JSON.stringify(fen)}: ${checked.error}`);
  }
  const board = new Chess(fen);
  for (const text of moves) board.move(legalMove(board, text));
  return board;
}

/** chess.js's end of the game, in its own order (isCheckmate, isDraw's parts). */
function statusOf(board) {
  if (board.isCheckmate()) return 'checkmate';
  if (board.isStalemate()) return 'stalemate';
  if (board.isInsufficientMaterial()) return 'dead_position';
  if (board.isThreefoldRepetition()) return 'threefold_repetition';
  if (board.isDrawByFiftyMoves()) return 'fifty_moves';
  return 'ongoing';
}

function resultOf(board, status) {
  if (status === 'checkmate') return board.turn() === 'w' ? '0-1' : '1-0';
  return status === 'ongoing' ? '*' : '1/2-1/2';
}

function observe(req) {
  const board = boardOf(req);
  const status = statusOf(board);
  return {
    fen: board.fen(),
    legal_moves: board.moves({ verbose: true }).map(uciOf),
    in_check: board.inCheck(),
    status,
    result: resultOf(board, status),
  };
}

function perft(req) {
  const board = boardOf(req);
  const depth = depthOf(req);
  if (depth === 0) return { nodes: 1 };
  const divide = {};
  let nodes = 0;
  for (const m of board.moves({ verbose: true })) {
    board.move(m);
    // chess.js's perft(n) counts the moves n plies down, so perft(0) is not 1: a leaf here is 1.
    const below = depth === 1 ? 1 : board.perft(depth - 1);
    board.undo();
    divide[uciOf(m)] = below;
    nodes += below;
  }
  return { nodes, divide };
}

function san(req) {
  const board = boardOf(req);
  return { san: legalMove(board, String(req.move)).san };
}

// chess.js's move() reads SAN in its permissive mode (the default) and throws one kind of
// error for text it cannot read, an illegal move and an ambiguous one alike: `refused`.
function parseSan(req) {
  const board = boardOf(req);
  const text = String(req.san);
  let m;
  try {
    m = board.move(text);
  } catch (e) {
    throw new Failure('refused', `${JSON.stringify(text)}: ${e.message}`);
  }
  return { move: uciOf(m) };
}

serve({
  hello: () => ({
    name: 'chess.js',
    version: VERSION,
    ops: ['observe', 'perft', 'san', 'parse_san'],
    profile: 'automatic-draws',
    note: 'chess.js has no draw claims, clock or Chess960',
  }),
  ops: {
    observe,
    perft,
    san,
    parse_san: parseSan,
  },
});
