// The referee server on loopback: 50 tables × 5 WebSocket clients (a GM sending commands, four players
// watching). Two phases per durability setting:
//   - throughput: every GM sends its next command as soon as the last is acknowledged (closed loop);
//   - latency: every GM sends 2 commands a second (100/s in all, a very busy evening), and each player
//     times a public note → the `events` frame that carries it; p50 and p99.
// Baseline: a bare `ws` relay in the same run — same 250 sockets, same phases, frames of similar size —
// what the network path alone costs. Commands are GM notes and rolls: the whole server path (validation,
// idempotency, decide, one SQLite transaction, one projection per viewer, broadcast) without a
// ruleset's own cost. Run alone: node --import tsx bench/server.bench.ts [--quick]
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebSocket, WebSocketServer } from 'ws';
import { startServer } from '../src/server/app.ts';
import { readExample } from '../src/server/examples.ts';
import { Client, TEST_LIMITS } from '../src/server/testing.ts';
import { clock, note, tracing } from '../src/store/trace.ts';

export interface BenchRow {
  name: string;
  ours: number;
  baseline: number;
  unit: string;
  ratio: number;
  /** What the row is held to, and whether this run met it (none: a row that only informs). */
  target?: import('./table.ts').Target;
}

const TABLES = 50;
// with its map art read in, as the server's own examples are (the file names the picture beside it)
const GOBLIN_CAVE = readExample('phase20/goblin-cave.yaml')!.text;
const WATCHERS = 4;
const PACE_MS = 500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function socket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

/** One table's sender: `send()` issues a command (false: the last one is not acknowledged yet, a beat is skipped); `onAck` fires when it is acknowledged. */
interface Sender {
  send(): boolean;
  onAck?: () => void;
}

/** The paced phase at one rate: each watcher's command→broadcast times, and the commands actually sent a second. */
export interface Paced {
  rate: number;
  latencies: number[];
  sent: number;
  /** With a CPU sampler: CPU ms used from the phase's start to its last frames, and the commands acknowledged meanwhile. */
  cpu?: Cpu;
  acked: number;
}

/** CPU time used (ms) by the server processes, by the database and by this bench's clients, from a sampler (cpu.ts). */
export interface Cpu {
  server: number;
  db: number;
  client: number;
  /** The servers' read and write system calls, and the times their event loops were woken (cpu.ts callsOf). */
  syscalls?: number;
  wakeups?: number;
}

export interface Measured {
  perSecond: number;
  /** The closed loop's CPU and commands acknowledged (with a sampler). */
  closed?: { cpu: Cpu; acked: number };
  /** The first paced rate's latencies. */
  latencies: number[];
  paced: Paced[];
}

/** Tables set up on servers, ready to drive: one sender each, and the latencies their watchers time. */
export interface Tables {
  senders: Sender[];
  latencies: number[];
  close(): void;
}

/** What `cpu` counted since `from`. */
function cpuSince(from: Cpu | undefined, cpu?: () => Cpu): Cpu | undefined {
  if (!from || !cpu) return undefined;
  const now = cpu();
  return { server: now.server - from.server, db: now.db - from.db, client: now.client - from.client, ...(now.syscalls !== undefined ? { syscalls: now.syscalls - from.syscalls!, wakeups: now.wakeups! - from.wakeups! } : {}) };
}

/** Every sender sends its next command as soon as the last is acknowledged: after a warm-up of ms/4, commands acknowledged a second over `ms`. */
export async function closedLoop(tables: Tables, ms: number, cpu?: () => Cpu): Promise<{ perSecond: number; acked: number; cpu?: Cpu }> {
  let acks = 0;
  let closed = true;
  for (const s of tables.senders) s.onAck = () => {
    acks++;
    if (closed) s.send();
  };
  for (const s of tables.senders) s.send();
  await sleep(ms / 4); // warm up
  acks = 0;
  const cpu0 = cpu?.();
  const t0 = performance.now();
  await sleep(ms);
  const perSecond = (acks / (performance.now() - t0)) * 1000;
  const used = cpuSince(cpu0, cpu);
  const acked = acks;
  closed = false;
  await sleep(300); // drain what is in flight
  return { perSecond, acked, ...(used ? { cpu: used } : {}) };
}

/**
 * The senders paced at `rate` commands a second, all tables together, for `ms`; then the last notes'
 * frames are waited for, so every note sent is counted. `tag`: what the trace notes of the slice.
 */
export async function pacedSlice(tables: Tables, rate: number, ms: number, cpu?: () => Cpu, tag: Record<string, unknown> = {}): Promise<Paced & { took: number; sentCount: number }> {
  const { senders, latencies } = tables;
  let acks = 0;
  for (const s of senders) s.onAck = () => void acks++;
  latencies.length = 0;
  const phaseCpu = cpu?.();
  const pace = (senders.length * 1000) / rate;
  let sent = 0;
  const send = (s: Sender) => void (s.send() && sent++);
  const timers = senders.map((s, i) => setTimeout(() => {
    send(s);
    timers[i] = setInterval(() => send(s), pace) as unknown as NodeJS.Timeout;
  }, (i * pace) / senders.length));
  const started = performance.now();
  const phaseStart = clock();
  await sleep(ms);
  note({ phase: rate, ...tag, from: phaseStart, to: clock() });
  timers.forEach((t) => clearInterval(t));
  const took = performance.now() - started;
  await sleep(500); // the last notes' frames
  const used = cpuSince(phaseCpu, cpu);
  return { rate, latencies: [...latencies], sent: (sent / took) * 1000, sentCount: sent, took, acked: acks, ...(used ? { cpu: used } : {}) };
}

/**
 * Drive the tables closed-loop for `ms`, then paced at each of `rates` (commands a second, all tables
 * together) for `pacedMs`. Between phases the server is let settle.
 */
async function drive(tables: Tables, ms: number, rates: readonly number[] = [TABLES * 1000 / PACE_MS], pacedMs = Math.max(ms, PACE_MS * 2), cpu?: () => Cpu): Promise<Measured> {
  const closed = await closedLoop(tables, ms, cpu);
  const paced: Paced[] = [];
  for (const rate of rates) paced.push(await pacedSlice(tables, rate, pacedMs, cpu));
  return { perSecond: closed.perSecond, latencies: paced[0].latencies, paced, ...(closed.cpu ? { closed: { cpu: closed.cpu, acked: closed.acked } } : {}) };
}

/** A watcher's frame: the round numbers of the notes it carries (the frame's events only, not its state), read without parsing the whole frame. */
function notesIn(text: string): string[] {
  const from = text.indexOf('"events":[');
  const to = text.indexOf('],"state":', from);
  if (from < 0 || to < 0) return ((JSON.parse(text) as { events?: { text?: unknown }[] }).events ?? []).flatMap((e) => (typeof e.text === 'string' ? (/round \d+/.exec(e.text) ?? []) : []));
  return text.slice(from, to).match(/round \d+/g) ?? [];
}

/**
 * Table t's GM sends on the server `at(t).gm`, its watchers listen on `at(t).watchers` (another process
 * on the same database, to time the way across processes). Both are http:// base URLs.
 */
export async function measureTables(at: (t: number) => { gm: string; watchers: string }, ms: number, rates?: readonly number[], pacedMs?: number, cpu?: () => Cpu): Promise<Measured> {
  const tables = await openTables(at);
  try {
    return await drive(tables, ms, rates, pacedMs, cpu);
  } finally {
    tables.close();
  }
}

/** Set up a table per sender: a GM and its watchers connected and subscribed to an encounter of the goblin cave. */
export async function openTables(at: (t: number) => { gm: string; watchers: string }): Promise<Tables> {
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  const sockets: WebSocket[] = [];
  const senders = await Promise.all(
    Array.from({ length: TABLES }, async (_, t): Promise<Sender> => {
      const base = at(t).gm;
      const wsOf = (url: string) => `${url.replace(/^http/, 'ws')}/api/ws`;
      const anon = new Client(base);
      const created = await anon.post('/api/tables', { name: `bench ${t}` });
      const gm = new Client(base, created.body.gmToken);
      const tableId = created.body.table.id as string;
      // as text: a bundled server process does not find examples/ beside itself
      const loaded = await gm.post(`/api/tables/${tableId}/encounters`, { text: GOBLIN_CAVE, file: 'goblin-cave.yaml' });
      if (loaded.status !== 201) throw new Error(`loading the bench's encounter: ${loaded.status} ${JSON.stringify(loaded.body)}`);
      const enc = loaded.body.id as string;
      const tokens = [created.body.gmToken as string];
      for (let i = 0; i < WATCHERS; i++) {
        const inv = await gm.post(`/api/tables/${tableId}/invites`, {});
        tokens.push((await anon.post('/api/join', { invite: inv.body.invite })).body.token);
      }
      const mine = await Promise.all(tokens.map((_, i) => socket(wsOf(i === 0 ? base : at(t).watchers))));
      sockets.push(...mine);
      let version = 0;
      let n = 0;
      let inFlight = false;
      const sender: Sender = {
        send() {
          if (inFlight) return false; // paced phase on a slow server: skip a beat rather than go stale
          inFlight = true;
          const command = n % 2 ? { type: 'gm.note', text: `round ${n}`, public: true } : { type: 'gm.roll', dice: '1d20' };
          // timed by the note's text: players number the log their own way (the GM's secret rolls are not in it)
          if (n % 2) sentAt.set(`${enc}:round ${n}`, performance.now());
          if (tracing && n % 2) note({ c: 'send', k: `${enc}:round ${n}`, t: clock() });
          mine[0].send(JSON.stringify({ type: 'command', encounter: enc, id: `b${n++}`, expectedVersion: version, command }));
          return true;
        },
      };
      await Promise.all(
        mine.map(
          (ws, i) =>
            new Promise<void>((subscribed) => {
              ws.on('message', (d) => {
                const now = performance.now();
                const text = d.toString();
                // a live frame of events (not a catch-up): a watcher times the notes in its events, read without
                // parsing the whole frame (the bench's own work is not the server's latency); the GM's is not read
                const ev = text.indexOf('"events":[');
                const head = ev < 0 ? text : text.slice(0, ev);
                if (head.startsWith('{"type":"events"') && !head.includes('"catchUp"')) {
                  if (i > 0) {
                    for (const said of notesIn(text)) {
                      const t0 = sentAt.get(`${enc}:${said}`);
                      if (t0 !== undefined) latencies.push(now - t0);
                      if (tracing && t0 !== undefined) note({ c: 'recv', k: `${enc}:${said}`, t: clock() });
                    }
                  }
                  return;
                }
                const m = JSON.parse(text);
                if (m.type === 'welcome') ws.send(JSON.stringify({ type: 'subscribe', encounter: enc }));
                else if (m.type === 'events' && m.catchUp) {
                  if (i === 0) version = m.version;
                  subscribed();
                } else if (m.type === 'result') {
                  if (tracing) {
                    const said = (m.events as { text?: string }[]).map((e) => (typeof e.text === 'string' ? /round \d+/.exec(e.text)?.[0] : undefined)).find(Boolean);
                    if (said) note({ c: 'ack', k: `${enc}:${said}`, v: `${enc}:${m.version}`, t: clock() });
                  }
                  version = m.version;
                  inFlight = false;
                  sender.onAck?.();
                } else if (m.type === 'error') throw new Error(JSON.stringify(m));
              });
              ws.send(JSON.stringify({ type: 'auth', token: tokens[i] }));
            }),
        ),
      );
      return sender;
    }),
  );
  return { senders, latencies, close: () => sockets.forEach((ws) => ws.terminate()) };
}
/** The same shape over a bare relay: a GM frame goes back to the GM (the ack) and to its 4 watchers. */
async function measureRelay(ms: number): Promise<Measured> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as AddressInfo).port;
  const groups = new Map<string, WebSocket[]>();
  wss.on('connection', (ws, req) => {
    const g = new URL(req.url ?? '/', 'http://x').searchParams.get('g')!;
    groups.set(g, [...(groups.get(g) ?? []), ws]);
    ws.on('message', (d) => {
      const text = d.toString();
      for (const peer of groups.get(g)!) peer.send(text);
    });
  });
  const latencies: number[] = [];
  const tables = await Promise.all(Array.from({ length: TABLES }, (_, t) => Promise.all(Array.from({ length: WATCHERS + 1 }, () => socket(`ws://127.0.0.1:${port}/?g=${t}`)))));
  const payload = 'x'.repeat(600);
  const senders = tables.map((sockets) => {
    let inFlight = false;
    const sender: Sender = {
      send() {
        if (inFlight) return false;
        inFlight = true;
        sockets[0].send(JSON.stringify({ at: performance.now(), payload }));
        return true;
      },
    };
    sockets[0].on('message', () => {
      inFlight = false;
      sender.onAck?.();
    });
    for (const w of sockets.slice(1)) w.on('message', (d) => latencies.push(performance.now() - JSON.parse(d.toString()).at));
    return sender;
  });
  try {
    return await drive({ senders, latencies, close: () => undefined }, ms);
  } finally {
    for (const ws of tables.flat()) ws.terminate();
    await new Promise((r) => wss.close(() => r(undefined)));
  }
}

export async function benchServer(ms = 1000): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const relay = await measureRelay(ms);
  for (const sync of ['full', 'normal'] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'skirmish-bench-'));
    const srv = await startServer({ port: 0, host: '127.0.0.1', db: join(dir, 'bench.sqlite'), synchronous: sync, limits: { ...TEST_LIMITS, connectionsPerTable: 16 } });
    try {
      const base = `http://127.0.0.1:${srv.port}`;
      const r = await measureTables(() => ({ gm: base, watchers: base }), ms);
      const label = `server ${TABLES}×${WATCHERS + 1} ws, sync ${sync.toUpperCase()}`;
      rows.push({ name: `${label}: commands/s (closed loop)`, ours: r.perSecond, baseline: relay.perSecond, unit: 'cmd/s vs relay msg/s', ratio: r.perSecond / relay.perSecond });
      for (const p of [50, 99]) {
        const ours = pct(r.latencies, p);
        const baseline = pct(relay.latencies, p);
        rows.push({ name: `${label}: command→broadcast p${p} @100/s`, ours, baseline, unit: 'ms vs relay', ratio: ours / baseline });
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
