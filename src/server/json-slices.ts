/**
 * A large JSON reply written in slices (issue 17): an export of a 100,000-event encounter was one
 * JSON.stringify of 12 MB and more, every table held meanwhile. Here the text is made a value at a time
 * — an event, a command — and written as it comes, letting other work in between every few milliseconds
 * and waiting for the client when the socket's buffer is full.
 */
import type { ServerResponse } from 'node:http';

/** Arrays and objects this deep are written an entry at a time; below it a value is one JSON.stringify. */
const DEPTH = 4;
/** Text gathered before a write. */
const WRITE_BYTES = 64 * 1024;

/** JSON.stringify(value), in pieces: their concatenation is the same text. */
export function* jsonPieces(value: unknown, depth = 0): Generator<string> {
  const whole = depth >= DEPTH || value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function';
  if (whole) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i) yield ',';
      const v = value[i];
      // as JSON.stringify: an entry with no JSON form is null
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') yield 'null';
      else yield* jsonPieces(v, depth + 1);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const [k, v] of Object.entries(value)) {
    // as JSON.stringify: a property with no JSON form is left out
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(k)}:`;
    first = false;
    yield* jsonPieces(v, depth + 1);
  }
  yield '}';
}

/**
 * Write `body` as JSON in slices (chunked: its length is not known before it is made), giving the event
 * loop a turn after `sliceMs` of work (0: after every write).
 */
export async function sendJsonInSlices(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>, sliceMs: number): Promise<void> {
  res.writeHead(status, headers);
  let text = '';
  let until = performance.now() + sliceMs;
  for (const piece of jsonPieces(body)) {
    text += piece;
    if (text.length < WRITE_BYTES) continue;
    const more = res.write(text);
    text = '';
    if (res.destroyed) return;
    if (!more) await drained(res);
    if (performance.now() >= until) {
      await new Promise((resolve) => setImmediate(resolve));
      until = performance.now() + sliceMs;
    }
  }
  res.end(text);
}

/** The socket took what was written (or closed). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}
