// `skirmish serve` as a host runs it: SIGTERM or SIGINT stops the server and the process exits, even after
// requests that used the file-reader thread (a long file, an import), and what it acknowledged is stored.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { READ_HERE_CHARS } from '../../server/reader.ts';
import { openStore } from '../../store/index.ts';

const bin = join(import.meta.dirname, '../../../bin/skirmish.js');
// the goblin cave without its map art (a file sent carries its image itself)
const cave = readFileSync(join(import.meta.dirname, '../../../examples/phase20/goblin-cave.yaml'), 'utf8').replace(/\n {2}image: .*\n/, '\n');

async function serve(db: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
    });
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => reject(new Error(`serve exited ${code} before listening: ${out}`)));
  });
  return { child, url };
}

async function call(url: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const r = await fetch(url + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: r.status, body: await r.json() };
}

/** Milliseconds from the signal to the exit, and the exit code; undefined code: still running after `waitMs`. */
function exitAfter(child: ChildProcess, signal: NodeJS.Signals, waitMs: number): Promise<{ ms: number; code: number | null | undefined }> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ ms: Date.now() - t0, code: undefined });
    }, waitMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ ms: Date.now() - t0, code });
    });
    child.kill(signal);
  });
}

// each case starts the CLI once; a loaded machine takes several seconds per start
describe('skirmish serve shuts down', { timeout: 120_000 }, () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal}, within a few seconds, after the reader thread read a long file and an import; nothing acknowledged is lost`, async () => {
      const db = join(mkdtempSync(join(tmpdir(), 'skirmish-serve-')), 'table.sqlite');
      const { child, url } = await serve(db);
      try {
        const table = await call(url, 'POST', '/api/tables', undefined, { name: 'Friday' });
        expect(table.status).toBe(201);
        const gm = table.body.gmToken as string;
        const tableId = table.body.table.id as string;
        // a file past READ_HERE_CHARS is read in the reader thread
        const long = `${cave}\n# ${'notes '.repeat(Math.ceil(READ_HERE_CHARS / 6))}\n`;
        const loaded = await call(url, 'POST', `/api/tables/${tableId}/encounters`, gm, { text: long });
        expect(loaded.status, JSON.stringify(loaded.body)).toBe(201);
        const started = await call(url, 'POST', `/api/encounters/${loaded.body.id}/commands`, gm, { id: 'start-1', expectedVersion: 1, command: { type: 'start' } });
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        // an export taken back in: the import is read in the thread too
        const exported = await call(url, 'GET', `/api/encounters/${loaded.body.id}/export`, gm);
        const imported = await call(url, 'POST', `/api/tables/${tableId}/import`, gm, exported.body);
        expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBe(201);
        // a quick simulation, played on a worker thread the server keeps warm
        const quick = await call(url, 'POST', `/api/encounters/${loaded.body.id}/simulate`, gm, { runs: 50, seed: 1 });
        expect(quick.status, JSON.stringify(quick.body).slice(0, 300)).toBe(200);

        const { ms, code } = await exitAfter(child, signal, 10_000);
        expect(code, `still running ${ms} ms after ${signal}`).toBe(0);
        expect(ms).toBeLessThan(5_000);

        // what the server acknowledged is in the file
        const store = await openStore(db);
        try {
          const log = await store.events(loaded.body.id);
          expect(log.length).toBe(started.body.version);
          const copies = imported.body as { id: string; version: number }[];
          expect(copies).toHaveLength(1);
          expect((await store.events(copies[0].id)).length).toBe(started.body.version);
        } finally {
          await store.close();
        }
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    });
  }
});
