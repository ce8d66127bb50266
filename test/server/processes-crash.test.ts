/**
 * Faults with two server processes on one PostgreSQL database, real processes and a real database.
 *
 * SIGKILL: streams of seeded commands go to either process over WebSockets (two of them on the same
 * encounter from different processes, so appends race); watchers — a GM and a player per encounter —
 * follow every encounter on either process. One process at a time is killed with SIGKILL at random (at
 * least 10 times) and started again; whoever was connected to it reconnects to either. The other keeps
 * serving. Afterwards: every acknowledged event is in the log, unchanged; every log is gap-free; each
 * command's events are exactly one range; replaying each log gives the state both processes serve; and
 * what every watcher was sent, across its reconnects and processes, is exactly its view of the log.
 *
 * A database restart: the same, with both processes kept running and PostgreSQL stopped and started
 * twice. Meanwhile the clients are told STORE_UNAVAILABLE (and retry with the same ids); afterwards the
 * same checks hold, and the watchers have caught up without a gap.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RandomStream } from '../../src/dice/index.ts';
import { createEngine, replayLog, type EncounterState, type LoggedEvent } from '../../src/engine/index.ts';
import { rulesetById } from '../../src/rulesets/index.ts';
import { allEvents, Client, WsClient } from '../../src/server/testing.ts';
import { withMapArt } from '../../src/server/examples.ts';
import { postgresForTests, sayAbsent, type Cluster, type TestPostgres } from '../pg/cluster.ts';
import { choose, kill, launch, ROOT, serverEntry, type Launched } from './spawn.ts';

const KILLS = 10;
const EXAMPLES = ['phase20/goblin-cave.yaml', 'phase20/mage-duel.yaml', 'phase20/crossroads-4v4.yaml'];

const killing: TestPostgres = await postgresForTests('crash_kill');
const restarting: TestPostgres = await postgresForTests('crash_restart', { ownCluster: true });
afterAll(() => {
  killing.close();
  restarting.close();
}, 60_000);
if (killing.absent) sayAbsent('two processes on PostgreSQL under SIGKILL and a database restart', killing.absent);
beforeAll(() => void serverEntry(), 120_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Ack {
  encounter: string;
  id: string;
  events: LoggedEvent[];
}

/** Two processes on one database; `urls` are the live ones' (a killed one is absent until it is back). */
class Pair {
  readonly procs: (Launched | undefined)[] = [undefined, undefined];
  /** Every process this pair ran, the killed ones too. */
  private readonly all: Launched[] = [];
  constructor(private readonly store: string) {}
  async start(i: number): Promise<void> {
    this.procs[i] = await launch(['--store', this.store]);
    this.all.push(this.procs[i]!);
  }
  /** What went wrong inside any process: a stack trace (the database out of reach is said in one line). */
  failures(): string[] {
    return this.all.flatMap((p) => p.stderr().split('\n').filter((l) => /^\s+at /.test(l) || /internal error|INTERNAL/.test(l)));
  }
  get urls(): string[] {
    return this.procs.flatMap((p) => (p ? [p.url] : []));
  }
  async kill(i: number): Promise<void> {
    const p = this.procs[i];
    this.procs[i] = undefined;
    if (p) await kill(p.child);
  }
  /** Each process's stderr, for a failure's message. */
  logs(): string {
    return this.procs.map((p, i) => `process ${i}: ${p?.stderr() ?? '(down)'}`).join('\n');
  }
}

/** A WebSocket to any live process, authenticated; undefined while none answers. */
async function connectAny(pair: Pair, rng: RandomStream, token: string): Promise<WsClient | undefined> {
  const urls = pair.urls;
  if (!urls.length) return undefined;
  const ws = new WsClient(urls[rng.nextInt(urls.length)]);
  try {
    const r = await ws.auth(token);
    if (r.type !== 'welcome') throw new Error(JSON.stringify(r));
    return ws;
  } catch {
    ws.ws.terminate();
    return undefined;
  }
}

/**
 * What a watcher was sent of one encounter, across reconnects: each time it subscribes again after the
 * last seq it holds, so the whole is its view of the log if nothing was lost or sent twice.
 */
class Watcher {
  readonly events: LoggedEvent[] = [];
  /** What it was sent out of order (there should be nothing). */
  readonly problems: string[] = [];
  private ws?: WsClient;
  private stopped = false;
  constructor(readonly pair: Pair, readonly rng: RandomStream, readonly token: string, readonly encounter: string) {}

  async run(): Promise<void> {
    while (!this.stopped) {
      const ws = await connectAny(this.pair, this.rng, this.token);
      if (!ws) {
        await sleep(100);
        continue;
      }
      this.ws = ws;
      ws.ws.on('message', (d) => {
        const m = JSON.parse(d.toString());
        if (m.type !== 'events' || m.encounter !== this.encounter) return;
        for (const e of m.events as LoggedEvent[]) {
          // in the watcher's numbering every frame continues where the last one ended
          if (e.seq === this.events.length + 1) this.events.push(e);
          else this.problems.push(`seq ${e.seq} after ${this.events.length}`);
        }
      });
      const r = await ws.request({ type: 'subscribe', encounter: this.encounter, after: this.events.length }).catch(() => undefined);
      if (r?.type === 'events') await new Promise<void>((res) => (ws.closed ? res() : ws.ws.once('close', () => res())));
      else ws.ws.terminate();
      await sleep(20);
    }
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close();
  }
}

interface Run {
  acks: Ack[];
  /** Error codes the clients were told, with how often. */
  told: Map<string, number>;
  encounters: string[];
  gmToken: string;
  playerToken: string;
  watchers: Watcher[];
  sent: number;
}

/**
 * Streams of commands on `encounters` (streams 0 and 1 share the first, from whichever processes they
 * reach), reconnecting to any live process and retrying a pending command with its id, until `done()`.
 */
async function play(pair: Pair, seed: string, ready: () => void, done: () => boolean): Promise<Run> {
  const rng = new RandomStream(seed);
  const anon = new Client(pair.urls[0]);
  const created = await anon.post('/api/tables', { name: `Fault table ${seed}` });
  const gmToken = created.body.gmToken as string;
  const tableId = created.body.table.id as string;
  const gm = new Client(pair.urls[0], gmToken);
  const invite = await gm.post(`/api/tables/${tableId}/invites`, { playerId: 'p1' });
  const playerToken = (await anon.post('/api/join', { invite: invite.body.invite })).body.token as string;
  const encounters: string[] = [];
  // as text: the bundled server does not find examples/ beside itself
  for (const ex of EXAMPLES) {
    // the example's map art read in as the server does for its own examples (a file sent carries its image)
    const text = withMapArt(readFileSync(join(ROOT, 'examples', ex), 'utf8'), join(ROOT, 'examples', ex.split('/')[0]));
    const r = await gm.post(`/api/tables/${tableId}/encounters`, { text, file: ex });
    if (r.status !== 201) throw new Error(`loading ${ex}: ${r.text}`);
    encounters.push(r.body.id as string);
  }
  const run: Run = { acks: [], told: new Map(), encounters, gmToken, playerToken, watchers: [], sent: 0 };
  for (const e of encounters) for (const token of [gmToken, playerToken]) run.watchers.push(new Watcher(pair, new RandomStream(`${seed}-${e}-${token.slice(-4)}`), token, e));
  const watching = run.watchers.map((w) => w.run());
  // the table is set: the faults may begin
  ready();

  const streamOn = [0, 0, 1, 2];
  let n = 0;
  const stream = async (w: number) => {
    const enc = encounters[streamOn[w]];
    const latest: { version: number; state?: EncounterState } = { version: -1 };
    let pending: Record<string, unknown> | undefined;
    while (!done() || pending) {
      const ws = await connectAny(pair, rng, gmToken);
      if (!ws) {
        await sleep(100);
        continue;
      }
      ws.ws.on('message', (d) => {
        const m = JSON.parse(d.toString());
        if (m.type === 'events' && m.encounter === enc && m.state && m.version >= latest.version) Object.assign(latest, { version: m.version, state: m.state });
      });
      try {
        await ws.request({ type: 'subscribe', encounter: enc }, 10_000);
        while (!done() || pending) {
          if (!pending) {
            // an ended fight is taken back (an undo replays the log on every process); a long one gets notes
            const state = latest.state;
            const command = !state ? { type: 'gm.note', text: `filler ${n}` } : state.status === 'ended' ? { type: 'undo' } : latest.version > 400 ? { type: 'gm.note', text: `filler ${n}`, public: true } : choose(state, rng, n);
            pending = { type: 'command', encounter: enc, id: `s${w}-${n++}`, expectedVersion: latest.version, command };
            run.sent++;
          }
          const r = await ws.request(pending, 15_000);
          if (r.type === 'result') {
            run.acks.push({ encounter: enc, id: r.id, events: r.events });
            pending = undefined;
            continue;
          }
          const code = r.error.code as string;
          run.told.set(code, (run.told.get(code) ?? 0) + 1);
          if (code === 'STORE_UNAVAILABLE') {
            // not known to have landed: the same command, the same id, a moment later
            await sleep(200);
            continue;
          }
          // stale (the other stream, or a version not yet heard) or refused by the rules: decide again
          pending = undefined;
          if (code === 'STALE_VERSION' && typeof r.error.version === 'number' && r.error.version > latest.version) {
            const want = r.error.version as number;
            await ws.next((m) => m.type === 'events' && m.encounter === enc && m.version >= want, 5_000).catch(() => undefined);
          }
        }
        ws.close();
      } catch {
        // the process went away (or stopped answering): reconnect to any, the pending command kept
        ws.ws.terminate();
      }
    }
  };
  await Promise.all(streamOn.map((_, w) => stream(w)));
  // the watchers catch up with the end of every log, then stop
  for (const w of run.watchers) {
    const c = new Client(pair.urls[0], w.token);
    const end = Date.now() + 30_000;
    for (;;) {
      const r = await c.get(`/api/encounters/${w.encounter}`);
      if (r.status !== 200) throw new Error(`watcher's encounter: ${r.status} ${r.text}`);
      const version = r.body.encounter.version as number;
      if (w.events.length >= version || Date.now() > end) break;
      await sleep(50);
    }
    w.stop();
  }
  await Promise.all(watching);
  return run;
}

/** The checks both faults must pass, asked of every live process. */
async function check(pair: Pair, run: Run, dbUrl: string): Promise<void> {
  const logs = new Map<string, LoggedEvent[]>();
  for (const url of pair.urls) {
    const gm = new Client(url, run.gmToken);
    for (const e of run.encounters) {
      const log = (await allEvents(gm, e)).events as LoggedEvent[];
      // versions contiguous, the same log from each process
      expect(log.map((x) => x.seq)).toEqual(log.map((_, i) => i + 1));
      if (logs.has(e)) expect(log).toEqual(logs.get(e));
      logs.set(e, log);
      // replay = live, on each process
      const served = (await gm.get(`/api/encounters/${e}`)).body.state;
      expect(replayLog(createEngine(rulesetById(served.ruleset)!), log)).toEqual(served);
    }
  }
  // every acknowledged command is there, each of its events unchanged at its seq
  for (const a of run.acks) {
    const log = logs.get(a.encounter)!;
    for (const ev of a.events) expect(log[ev.seq - 1], `acked event ${a.id}#${ev.seq}`).toEqual(ev);
  }
  // no half-applied command and none twice: each command's events are exactly the range of one record
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    for (const e of run.encounters) {
      const { rows } = await db.query<{ result: string }>('SELECT result FROM commands WHERE encounter_id = $1', [e]);
      const byCmd = new Map<string, number[]>();
      for (const ev of logs.get(e)!) byCmd.set(ev.cmd, [...(byCmd.get(ev.cmd) ?? []), ev.seq]);
      const ranges = new Map(rows.map((r) => [JSON.parse(r.result).cmd as string, JSON.parse(r.result) as { from: number; to: number }]));
      for (const [cmd, seqs] of byCmd) {
        if (cmd === 'c1') continue; // the creation
        const range = ranges.get(cmd);
        expect(range, `events of ${cmd} without a command record`).toBeDefined();
        expect(seqs).toEqual(Array.from({ length: range!.to - range!.from + 1 }, (_, i) => range!.from + i));
      }
      expect(ranges.size).toBe(byCmd.size - 1);
    }
  } finally {
    await db.end();
  }
  // what each watcher was sent, across processes and reconnects, is exactly its view of the log
  for (const w of run.watchers) {
    const view = (await allEvents(new Client(pair.urls[0], w.token), w.encounter)).events as LoggedEvent[];
    expect(w.problems).toEqual([]);
    expect(w.events, `watcher ${w.token === run.gmToken ? 'gm' : 'p1'} of ${w.encounter}`).toEqual(view);
  }
}

describe.skipIf(!killing.url)('two processes on PostgreSQL, faults', () => {
  it(`keeps every acknowledged command through ${KILLS} SIGKILLs of either process`, async () => {
    const pair = new Pair(killing.url!);
    await pair.start(0);
    await pair.start(1);
    const rng = new RandomStream('kills');
    let kills = 0;
    let start!: () => void;
    const started = new Promise<void>((r) => (start = r));
    const killer = (async () => {
      await started;
      await sleep(1000);
      for (; kills < KILLS; kills++) {
        const i = rng.nextInt(2);
        await pair.kill(i);
        // the other keeps serving while this one is down
        await sleep(300 + rng.nextInt(700));
        await pair.start(i);
        await sleep(500 + rng.nextInt(1000));
      }
    })();
    let killed = false;
    void killer.then(() => (killed = true));
    let run: Run;
    try {
      run = await play(pair, 'kills', start, () => killed);
      await killer;
      await check(pair, run, killing.url!);
      expect(pair.failures()).toEqual([]);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${pair.logs().slice(-4000)}`, { cause: err });
    } finally {
      await pair.kill(0);
      await pair.kill(1);
    }
    console.log(`SIGKILL: ${kills} kills, ${run.sent} commands sent, ${run.acks.length} acknowledged; told ${JSON.stringify(Object.fromEntries(run.told))}`);
    expect(kills).toBe(KILLS);
    expect(run.acks.length).toBeGreaterThan(100);
  }, 300_000);

  it.skipIf(!restarting.cluster)('survives a PostgreSQL restart: clear errors meanwhile, no acknowledgement lost', async () => {
    const cluster: Cluster = restarting.cluster!;
    const pair = new Pair(restarting.url!);
    await pair.start(0);
    await pair.start(1);
    let restarts = 0;
    let start!: () => void;
    const started = new Promise<void>((r) => (start = r));
    const restarter = (async () => {
      await started;
      for (; restarts < 2; restarts++) {
        await sleep(1500);
        cluster.stop();
        await sleep(1500);
        cluster.start();
      }
      await sleep(3000);
    })();
    let over = false;
    void restarter.then(() => (over = true));
    let run: Run;
    try {
      run = await play(pair, 'restart', start, () => over);
      await restarter;
      await check(pair, run, restarting.url!);
      expect(pair.failures()).toEqual([]);
      // both processes lived through it
      for (const p of pair.procs) expect(p!.child.exitCode, pair.logs()).toBeNull();
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${pair.logs().slice(-4000)}`, { cause: err });
    } finally {
      await pair.kill(0);
      await pair.kill(1);
    }
    console.log(`restart: ${restarts} restarts, ${run.sent} commands sent, ${run.acks.length} acknowledged; told ${JSON.stringify(Object.fromEntries(run.told))}`);
    expect(run.told.get('STORE_UNAVAILABLE') ?? 0, 'the clients were told the database was out of reach').toBeGreaterThan(0);
    expect(run.acks.length).toBeGreaterThan(20);
  }, 300_000);
});
