/**
 * Test harness: an in-memory server, an HTTP client and a WebSocket client that keep every byte they
 * receive (the secrets test reads it all), and a small table set up with a GM and two players.
 */
import { WebSocket } from 'ws';
import { startServer, type RunningServer, type ServerOptions } from './app.ts';
import { DEFAULT_LIMITS } from './limits.ts';

export interface Reply<T = any> {
  status: number;
  body: T;
  text: string;
}

/** Limits loose enough for tests that hammer the server (the defaults are for play). */
// readMs: a loaded machine reads a long file slowly; the reader's own stop is tested in reader.test.ts
export const TEST_LIMITS = { ...DEFAULT_LIMITS, wsRate: 100_000, wsBurst: 100_000, httpRate: 100_000, httpBurst: 100_000, readMs: 120_000, tablesPerAddressHour: 100_000, tablesPerNetwork: 100_000 };

export class Client {
  /** Every response body received, in order. */
  readonly received: string[] = [];
  constructor(readonly base: string, public token?: string) {}

  async call<T = any>(method: string, path: string, body?: unknown, opts: { raw?: string; contentType?: string; token?: string | null } = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    const token = opts.token === null ? undefined : opts.token ?? this.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const payload = opts.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    const res = await fetch(this.base + path, { method, headers, body: payload });
    const text = await res.text();
    this.received.push(text);
    let parsed: unknown = undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as T, text };
  }

  get = <T = any>(path: string) => this.call<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.call<T>('POST', path, body ?? {});
}

export class WsClient {
  readonly frames: string[] = [];
  readonly messages: any[] = [];
  private waiters: { pred: (m: any) => boolean; resolve: (m: any) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }[] = [];
  closed?: { code: number; reason: string };
  readonly ws: WebSocket;
  private readonly opened: Promise<void>;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url.replace(/^http/, 'ws') + '/api/ws', { headers });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
      this.ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
    this.ws.on('message', (d) => {
      const text = d.toString();
      this.frames.push(text);
      const m = JSON.parse(text);
      this.messages.push(m);
      for (const w of [...this.waiters]) {
        if (w.pred(m)) {
          clearTimeout(w.timer);
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    });
    this.ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const w of this.waiters.splice(0)) {
        clearTimeout(w.timer);
        w.reject(new Error(`socket closed ${code} ${reason.toString()}`));
      }
    });
  }

  open(): Promise<void> {
    return this.opened;
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The first message (already received or coming) matching `pred`, after index `from`. */
  next(pred: (m: any) => boolean, timeoutMs = 5000, from = 0): Promise<any> {
    const have = this.messages.slice(from).find(pred);
    if (have) return Promise.resolve(have);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.timer !== timer);
        reject(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(this.messages.slice(-3))}`));
      }, timeoutMs);
      this.waiters.push({ pred, resolve, reject, timer });
    });
  }

  /** Send a message with a fresh ref and wait for the reply carrying it. */
  private refs = 0;
  async request(msg: Record<string, unknown>, timeoutMs = 5000): Promise<any> {
    const ref = `r${++this.refs}`;
    const from = this.messages.length;
    this.send({ ...msg, ref });
    return this.next((m) => m.ref === ref, timeoutMs, from);
  }

  async auth(token: string): Promise<any> {
    await this.open();
    return this.request({ type: 'auth', token });
  }

  close(): void {
    this.ws.close();
  }
}

export interface TestTable {
  srv: RunningServer;
  url: string;
  gm: Client;
  p1: Client;
  p2: Client;
  tableId: string;
  close(): Promise<void>;
}

/** A server with a table, a GM and players p1 and p2 who joined by invite. */
export async function testTable(options: ServerOptions = {}): Promise<TestTable> {
  // SKIRMISH_TEST_SERVER_STORE: run the server tests on another store (a postgres:// database) instead
  const srv = await startServer({ port: 0, db: process.env.SKIRMISH_TEST_SERVER_STORE || ':memory:', limits: TEST_LIMITS, ...options });
  const url = `http://127.0.0.1:${srv.port}`;
  const anon = new Client(url);
  const t = await anon.post('/api/tables', { name: 'Test table' });
  if (t.status !== 201) throw new Error(t.text);
  const gm = new Client(url, t.body.gmToken);
  const tableId = t.body.table.id as string;
  const players: Client[] = [];
  for (const pid of ['p1', 'p2']) {
    const inv = await gm.post(`/api/tables/${tableId}/invites`, { playerId: pid, name: pid.toUpperCase() });
    const j = await anon.post('/api/join', { invite: inv.body.invite });
    if (j.status !== 200) throw new Error(j.text);
    players.push(new Client(url, j.body.token));
  }
  return { srv, url, gm, p1: players[0], p2: players[1], tableId, close: () => srv.close() };
}

/** Load an encounter from YAML text (or an example path) and return its id. */
export async function load(t: TestTable, source: { text: string } | { example: string }): Promise<string> {
  const r = await t.gm.post(`/api/tables/${t.tableId}/encounters`, source);
  if (r.status !== 201) throw new Error(r.text);
  return r.body.id;
}

let commandCounter = 0;
/** Send a command at the encounter's current version (read first). */
export async function command(c: Client, encounter: string, cmd: Record<string, unknown>, extra: { dice?: number[]; id?: string; expectedVersion?: number } = {}): Promise<Reply> {
  const version = extra.expectedVersion ?? (await c.get(`/api/encounters/${encounter}`)).body.encounter.version;
  return c.post(`/api/encounters/${encounter}/commands`, { id: extra.id ?? `t${++commandCounter}-${Date.now()}`, expectedVersion: version, command: cmd, ...(extra.dice ? { dice: extra.dice } : {}) });
}

/** Awaits a request and fails with its status and body unless it succeeded (no vitest here: the bench uses this file too). */
export async function succeeds(r: Promise<{ status: number; text: string }>): Promise<void> {
  const x = await r;
  if (x.status >= 300) throw new Error(`expected success, got ${x.status}: ${x.text}`);
}

/** Every event of `enc` the client may see, a page after the other (following `more` and `next`), and the pages' sizes. */
export async function allEvents(c: Client, enc: string, limit?: number): Promise<{ events: any[]; pages: number[] }> {
  const events: any[] = [];
  const pages: number[] = [];
  for (let after = 0; ; ) {
    const r = await c.get(`/api/encounters/${enc}/events?after=${after}${limit ? `&limit=${limit}` : ''}`);
    if (r.status !== 200) throw new Error(r.text);
    events.push(...r.body.events);
    pages.push(r.body.events.length);
    if (!r.body.more) return { events, pages };
    after = r.body.next;
  }
}

/** An export file (of one encounter) with its log grown to `n` events: its last command's events again and again, each time as a new command. */
export function longLog(file: any, n: number): any {
  const copy = structuredClone(file);
  const enc = copy.encounters[0];
  const last = enc.events.at(-1);
  const again = enc.events.filter((e: { cmd: string }) => e.cmd === last.cmd);
  while (enc.events.length < n) {
    const seq = enc.events.length + 1;
    for (const e of again) if (enc.events.length < n) enc.events.push({ ...e, seq: enc.events.length + 1, cmd: `c${seq}` });
  }
  delete enc.commands;
  return copy;
}

/**
 * The goblin cave with a fix by the GM, exported and imported again with its log grown to `n` events (the
 * table's `importEvents` must allow it): the imported encounter's id.
 */
export async function importedLongLog(t: TestTable, n: number): Promise<string> {
  const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
  await command(t.gm, enc, { type: 'gm.set_pool', unit: 'kara', pool: 'hp', value: 20, reason: 'fix' });
  const file = (await t.gm.get(`/api/encounters/${enc}/export`)).body;
  const imported = await t.gm.post(`/api/tables/${t.tableId}/import`, longLog(file, n));
  if (imported.status !== 201) throw new Error(`the long log was not imported: ${imported.status} ${imported.text}`);
  return imported.body[0].id;
}

/** While `work` runs, /api/health asked one ping after the other: how many were answered before it was done, and its result. */
export async function pingsDuring<T>(url: string, work: Promise<T>): Promise<{ pings: number; value: T }> {
  let done = false;
  const finished = work.finally(() => (done = true));
  let pings = 0;
  while (!done) {
    const r = await fetch(`${url}/api/health`);
    if (r.status !== 200) throw new Error(`health answered ${r.status}`);
    await r.text();
    if (!done) pings++;
  }
  return { pings, value: await finished };
}
