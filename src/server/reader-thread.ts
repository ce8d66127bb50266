/** The reader's worker thread (reader.ts): runs each task it is sent, one at a time, and says when it starts one. */
import { parentPort } from 'node:worker_threads';
import { ApiError } from './errors.ts';
import { runReadTask, type ReadResult, type ReadTask } from './reading.ts';

export type ReadReply =
  | { id: number; started: true }
  | { id: number; started?: false; ok: true; value: ReadResult }
  | { id: number; started?: false; ok: false; error: { code: string; message: string; field?: string; extra?: { problems?: unknown[] } } };

parentPort?.on('message', (m: { id: number; task: ReadTask }) => {
  parentPort!.postMessage({ id: m.id, started: true } satisfies ReadReply);
  let reply: ReadReply;
  try {
    reply = { id: m.id, ok: true, value: runReadTask(m.task) };
  } catch (err) {
    reply =
      err instanceof ApiError
        ? { id: m.id, ok: false, error: { code: err.code, message: err.message, ...(err.field !== undefined ? { field: err.field } : {}), extra: err.extra } }
        : { id: m.id, ok: false, error: { code: 'INTERNAL', message: 'internal error' } };
  }
  parentPort!.postMessage(reply);
});
