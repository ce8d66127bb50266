// The referee server on loopback: 50 tables × 5 WebSocket clients (a GM sending commands in a closed
// loop, four more subscribers). Commands per second, and command→broadcast latency (from the GM's send
// to each subscriber's `events` frame) at p50 / p99. Baseline: a bare `ws` echo server in the same run
// (same 250 sockets, same closed loop, same frame size): what the network path alone costs.
// Commands are GM notes and rolls: the whole server path (validation, idempotency, decide, one SQLite
// transaction, a projection per viewer, broadcast) without a ruleset's own cost.
// Run alone: node --import tsx bench/server.bench.ts [--quick]
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';
import { startServer, type RunningServer } from '../src/server/app.ts';
import { Client, TEST_LIMITS } from '../src/server/testing.ts';

export interface BenchRow {
  name: string;
  ours: number;
  baseline: number;
  unit: string;
  ratio: number;
}

const TABLES = 50;
const WATCHERS = 4;

function socket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

interface Run {
  perSecond: number;
  latencies: number[];
}

/** 50 closed loops for `ms`: each sends a command, the GM waits for its result, watchers time their broadcast. */
async function runServer(srv: RunningServer, ms: number): Promise<Run> {
  const base = `http://127.0.0.1:${srv.port}`;
  const wsUrl = `ws://127.0.0.1:${srv.port}/api/ws`;
  const loops: Promise<number>[] = [];
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  const all: WebSocket[] = [];
  const setups = Array.from({ length: TABLES }, async (_, t) => {
    const anon = new Client(base);
    const created = await anon.post('/api/tables', { name: `bench ${t}` });
    const gm = new Client(base, created.body.gmToken);
    const tableId = created.body.table.id as string;
    const enc = (await gm.post(`/api/tables/${tableId}/encounters`, { example: 'phase20/goblin-cave.yaml' })).body.id as string;
    const tokens = [created.body.gmToken as string];
    for (let i = 0; i < WATCHERS; i++) {
      const inv = await gm.post(`/api/tables/${tableId}/invites`, {});
      tokens.push((await anon.post('/api/join', { invite: inv.body.invite })).body.token);
    }
    const sockets = await Promise.all(tokens.map(() => socket(wsUrl)));
    all.push(...sockets);
    let version = 0;
    await Promise.all(
      sockets.map(
        (ws, i) =>
          new Promise<void>((resolve) => {
            ws.on('message', (d) => {
              const m = JSON.parse(d.toString());
              if (m.type === 'welcome') ws.send(JSON.stringify({ type: 'subscribe', encounter: enc }));
              else if (m.type === 'events' && m.catchUp) {
                if (i === 0) version = m.version;
                resolve();
              } else if (m.type === 'events' && i > 0) {
                const t0 = sentAt.get(`${enc}:${m.version}`);
                if (t0 !== undefined) latencies.push(performance.now() - t0);
              }
            });
            ws.send(JSON.stringify({ type: 'auth', token: tokens[i] }));
          }),
      ),
    );
    return { gmSocket: sockets[0], enc, version: () => version, setVersion: (v: number) => (version = v) };
  });
  const tables = await Promise.all(setups);
  let measuring = false;
  let stop = false;
  for (const t of tables) {
    loops.push(
      new Promise<number>((resolve) => {
        let n = 0;
        let done = 0;
        const next = () => {
          if (stop) return resolve(done);
          const id = `b${n++}`;
          const command = n % 2 ? { type: 'gm.note', text: `round ${n}`, public: true } : { type: 'gm.roll', dice: '1d20' };
          sentAt.set(`${t.enc}:${t.version() + 1}`, performance.now());
          t.gmSocket.send(JSON.stringify({ type: 'command', encounter: t.enc, id, expectedVersion: t.version(), command }));
        };
        t.gmSocket.on('message', (d) => {
          const m = JSON.parse(d.toString());
          if (m.type === 'result') {
            t.setVersion(m.version);
            if (measuring) done++;
            next();
          } else if (m.type === 'error') throw new Error(JSON.stringify(m));
        });
        next();
      }),
    );
  }
  await new Promise((r) => setTimeout(r, ms / 4)); // warm up
  latencies.length = 0;
  measuring = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const elapsed = performance.now() - t0;
  measuring = false;
  const kept = [...latencies];
  stop = true;
  const done = (await Promise.all(loops)).reduce((a, b) => a + b, 0);
  for (const ws of all) ws.terminate();
  return { perSecond: (done / elapsed) * 1000, latencies: kept };
}

/** The same shape with a bare echo server: each "GM" frame comes back to it and goes to its 4 watchers. */
async function runEcho(ms: number): Promise<Run> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as AddressInfo).port;
  const groups = new Map<string, WebSocket[]>();
  wss.on('connection', (ws, req) => {
    const g = new URL(req.url ?? '/', 'http://x').searchParams.get('g')!;
    const list = groups.get(g) ?? [];
    list.push(ws);
    groups.set(g, list);
    ws.on('message', (d) => {
      for (const peer of groups.get(g)!) peer.send(d.toString());
    });
  });
  const latencies: number[] = [];
  let measuring = false;
  let stop = false;
  const groupsOfSockets = await Promise.all(Array.from({ length: TABLES }, (_, t) => Promise.all(Array.from({ length: WATCHERS + 1 }, () => socket(`ws://127.0.0.1:${port}/?g=${t}`)))));
  const payload = 'x'.repeat(600);
  const loops = groupsOfSockets.map(
    (sockets) =>
      new Promise<number>((resolve) => {
        let done = 0;
        let sent = 0;
        const send = () => {
          if (stop) return resolve(done);
          sent = performance.now();
          sockets[0].send(JSON.stringify({ at: sent, payload }));
        };
        sockets[0].on('message', () => {
          if (measuring) done++;
          send();
        });
        for (const w of sockets.slice(1)) w.on('message', () => measuring && latencies.push(performance.now() - sent));
        send();
      }),
  );
  await new Promise((r) => setTimeout(r, ms / 4));
  measuring = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const elapsed = performance.now() - t0;
  measuring = false;
  const kept = [...latencies];
  stop = true;
  const done = (await Promise.all(loops)).reduce((a, b) => a + b, 0);
  for (const ws of groupsOfSockets.flat()) ws.terminate();
  await new Promise((r) => wss.close(() => r(undefined)));
  return { perSecond: (done / elapsed) * 1000, latencies: kept };
}

export async function benchServer(ms = 1000): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const echo = await runEcho(ms);
  for (const sync of ['full', 'normal'] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-bench-'));
    const srv = await startServer({ port: 0, host: '127.0.0.1', db: join(dir, 'bench.sqlite'), synchronous: sync, limits: { ...TEST_LIMITS, connectionsPerTable: 16 } });
    try {
      const r = await runServer(srv, ms);
      const label = `server (${TABLES} tables × ${WATCHERS + 1} ws, synchronous ${sync.toUpperCase()})`;
      rows.push({ name: `${label}: commands/s`, ours: r.perSecond, baseline: echo.perSecond, unit: 'cmd/s (baseline: echo/s)', ratio: r.perSecond / echo.perSecond });
      for (const p of [50, 99]) {
        const ours = pct(r.latencies, p);
        const baseline = pct(echo.latencies, p);
        rows.push({ name: `${label}: command→broadcast p${p}`, ours, baseline, unit: 'ms (baseline: echo fan-out)', ratio: ours / baseline });
      }
    } finally {
      await srv.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printTable } = await import('./table.ts');
  console.log(printTable(await benchServer(process.argv.includes('--quick') ? 200 : 1000)));
}
