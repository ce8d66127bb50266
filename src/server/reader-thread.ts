/**
 * The reader's worker thread (reader.ts): runs each task it is sent, one at a time, and says when it starts
 * one. An import's logs go back as packed buffers, moved, not copied (store/event-rows.ts): the main
 * thread unpacks nothing on receipt.
 */
import { parentPort } from 'node:worker_threads';
import { rowBuffers } from '../store/store.ts';
import { ApiError } from './errors.ts';
import { runReadTask, type ReadResult, type ReadTask } from './reading.ts';

export type ReadReply =
  | { id: number; started: true }
  | { id: number; started?: false; ok: true; value: ReadResult }
  | { id: number; started?: false; ok: false; error: { code: string; message: string; field?: string; extra?: { problems?: unknown[] } } };

parentPort?.on('message', (m: { id: number; task: ReadTask }) => {
  parentPort!.postMessage({ id: m.id, started: true } satisfies ReadReply);
  let reply: ReadReply;
  let moved: ArrayBuffer[] = [];
  try {
    const value = runReadTask(m.task);
    if (Array.isArray(value)) moved = value.flatMap((e) => rowBuffers(e.events));
    reply = { id: m.id, ok: true, value };
  } catch (err) {
    reply =
      err instanceof ApiError
        ? { id: m.id, ok: false, error: { code: err.code, message: err.message, ...(err.field !== undefined ? { field: err.field } : {}), extra: err.extra } }
        : { id: m.id, ok: false, error: { code: 'INTERNAL', message: 'internal error' } };
  }
  parentPort!.postMessage(reply, moved);
});
