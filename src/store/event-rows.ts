/**
 * A log as the store writes it, seq 1 onwards: each event's command id and JSON text, packed as UTF-8 in
 * one buffer with their offsets. An import's log is packed so in the reader thread (reading.ts) and moved
 * to the main thread as two buffers: a reply of 100,000 strings took 40–120 ms to unpack on receipt, every
 * table waiting; two buffers cost nothing to move, and the stores decode a chunk of rows at a time while
 * they write (CREATE_CHUNK, one chunk a turn of the event loop).
 */
import type { LoggedEvent } from '../engine/index.ts';

export interface EventRows {
  /** Every row's command id then its JSON text, UTF-8, back to back. */
  bytes: Uint8Array;
  /** 2n + 1 byte offsets into `bytes`: row i's command id is [2i, 2i+1), its JSON text [2i+1, 2i+2). */
  offsets: Uint32Array;
  /** JSON texts written again after packing, by row index (an import's map art, kept by address: map-images.ts). */
  changed?: Map<number, string>;
}

/** How many rows. */
export const rowCount = (rows: EventRows): number => (rows.offsets.length - 1) / 2;

const text = (rows: EventRows, k: number): string => Buffer.from(rows.bytes.buffer, rows.bytes.byteOffset, rows.bytes.byteLength).toString('utf8', rows.offsets[k], rows.offsets[k + 1]);

/** Row i's JSON text. */
export const rowBody = (rows: EventRows, i: number): string => rows.changed?.get(i) ?? text(rows, 2 * i + 1);

/** Rows [from, to) decoded: their command ids and JSON texts. */
export function rowsBetween(rows: EventRows, from: number, to: number): { cmds: string[]; bodies: string[] } {
  const buf = Buffer.from(rows.bytes.buffer, rows.bytes.byteOffset, rows.bytes.byteLength);
  const cmds: string[] = [];
  const bodies: string[] = [];
  for (let i = from; i < to; i++) {
    cmds.push(buf.toString('utf8', rows.offsets[2 * i], rows.offsets[2 * i + 1]));
    bodies.push(rows.changed?.get(i) ?? buf.toString('utf8', rows.offsets[2 * i + 1], rows.offsets[2 * i + 2]));
  }
  return { cmds, bodies };
}

/** `events` as rows (seq checked to run from 1), packed in buffers of their own (so they can be moved to another thread). */
export function eventRowsOf(events: readonly LoggedEvent[] | EventRows): EventRows {
  if (!Array.isArray(events)) return events as EventRows;
  const list = events as readonly LoggedEvent[];
  const texts: string[] = [];
  list.forEach((e, i) => {
    if (e.seq !== i + 1) throw new Error(`event seq ${e.seq} does not follow version ${i}`);
    texts.push(e.cmd, JSON.stringify(e));
  });
  const offsets = new Uint32Array(texts.length + 1);
  for (let k = 0; k < texts.length; k++) offsets[k + 1] = offsets[k] + Buffer.byteLength(texts[k]);
  // allocUnsafeSlow: a buffer of its own, not a slice of Node's shared pool (which cannot be moved)
  const bytes = Buffer.allocUnsafeSlow(offsets[texts.length]);
  for (let k = 0; k < texts.length; k++) bytes.write(texts[k], offsets[k], 'utf8');
  return { bytes, offsets };
}

/** The buffers `rows` may move to another thread with (postMessage's transfer list): those it alone holds. */
export function rowBuffers(rows: EventRows): ArrayBuffer[] {
  return [rows.bytes, rows.offsets].flatMap((a) => (a.buffer instanceof ArrayBuffer && a.byteOffset === 0 && a.byteLength === a.buffer.byteLength ? [a.buffer] : []));
}
