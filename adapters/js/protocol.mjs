// The arbiter adapter protocol (docs/adapter-protocol.md) as a JSON-lines loop, shared by the
// JavaScript adapters so that each of them is only the mapping onto its library.
//
// An adapter calls `serve({ hello, ops })`: `hello()` returns the fields of the hello answer
// (name, version, ops, profile, note; `protocol` is added here), and `ops` maps each operation
// name to a function of the request that returns the answer's fields or throws a `Failure`.
// One request per line on stdin, exactly one answer per line on stdout, in order; anything else
// goes to stderr. An operation the adapter does not have is `unsupported`; an exception that is
// not a `Failure` (a bug in the adapter or a library) is answered as `bad_request` naming it, so
// that the loop never dies on one request and never answers twice.

import { createInterface } from 'node:readline';

export const PROTOCOL_VERSION = 1;

/** A protocol error: `kind` is one of the error kinds of docs/adapter-protocol.md. */
export class Failure extends Error {
  constructor(kind, message, detail) {
    super(message);
    this.kind = kind;
    this.detail = detail;
  }
}

/** A failure of kind `unsupported` for `what`. */
export const unsupported = (what) => new Failure('unsupported', `${what} is not supported`);

/** The request's position fields, checked: `fen` (a string), `moves` (strings), `chess960`. */
export function positionOf(req) {
  if (typeof req.fen !== 'string') throw new Failure('bad_request', 'missing fen');
  const moves = req.moves ?? [];
  if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')) {
    throw new Failure('bad_request', 'moves must be a list of UCI strings');
  }
  return { fen: req.fen, moves, chess960: req.chess960 === true };
}

/** The request's perft depth, a whole number. */
export function depthOf(req) {
  if (!Number.isInteger(req.depth) || req.depth < 0) {
    throw new Failure('bad_request', 'depth must be a whole number');
  }
  return req.depth;
}

function answer(adapter, req) {
  if (req === null || typeof req !== 'object' || Array.isArray(req)) {
    throw new Failure('bad_request', 'a request is a JSON object');
  }
  if (req.op === 'hello') return { protocol: PROTOCOL_VERSION, ...adapter.hello() };
  if (req.op === 'quit') return {};
  const handler = Object.hasOwn(adapter.ops, req.op) ? adapter.ops[req.op] : undefined;
  if (handler === undefined) throw unsupported(`the operation ${JSON.stringify(req.op)}`);
  return handler(req);
}

function reply(id, body) {
  process.stdout.write(JSON.stringify({ ...body, id }) + '\n');
}

/** Serves `adapter` on stdin and stdout until `quit` or the end of stdin. */
export function serve(adapter) {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let req;
    let id = null;
    try {
      req = JSON.parse(line);
      if (req !== null && typeof req === 'object' && Number.isInteger(req.id)) id = req.id;
      reply(id, answer(adapter, req));
    } catch (e) {
      const error =
        e instanceof Failure
          ? { kind: e.kind, message: e.message, ...(e.detail ? { detail: e.detail } : {}) }
          : e instanceof SyntaxError && req === undefined
            ? { kind: 'bad_request', message: `not JSON: ${e.message}` }
            : { kind: 'bad_request', message: `internal error: ${e?.name}: ${e?.message}` };
      reply(id, { error });
    }
    if (req?.op === 'quit') {
      lines.close();
      process.exit(0);
    }
  });
}
