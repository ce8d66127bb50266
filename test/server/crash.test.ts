/**
 * Crash safety, with a real process and a real file: the server runs as a child process, a client
 * streams seeded commands over the WebSocket, and the server is killed with SIGKILL at random points
 * (at least 20 times) and restarted on the same SQLite file. Afterwards:
 *   - every acknowledged event is in the log, unchanged;
 *   - every log is gap-free (seq 1..version);
 *   - no command is half-applied: each command's events are exactly one stored command's range;
 *   - replaying each log gives the state the server serves.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RandomStream } from '../../src/dice/index.ts';
import { createEngine, replayLog, type EncounterState, type LoggedEvent } from '../../src/engine/index.ts';
import { rulesetById } from '../../src/rulesets/index.ts';
import { allEvents, Client, WsClient } from '../../src/server/testing.ts';
import { withMapArt } from '../../src/server/examples.ts';
import { choose, kill, launch as launchServer, ROOT, serverEntry } from './spawn.ts';

const KILLS = 22;
const MIN_COMMANDS = 2000;
const EXAMPLES = ['phase20/goblin-cave.yaml', 'phase20/mage-duel.yaml', 'phase20/crossroads-4v4.yaml'];

const dir = mkdtempSync(join(tmpdir(), 'skirmish-crash-'));
const dbPath = join(dir, 'crash.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => void serverEntry());

// the map art read in as the server does for its own examples (a file sent carries its image)
const exampleText = (path: string) => withMapArt(readFileSync(join(ROOT, 'examples', path), 'utf8'), join(ROOT, 'examples', path.split('/')[0]));
const launch = () => launchServer(['--db', dbPath]);

interface Ack {
  encounter: string;
  id: string;
  events: LoggedEvent[];
}

describe('crash safety', () => {
  it(`keeps every acknowledged event through ${KILLS} SIGKILLs`, async () => {
    const rng = new RandomStream('crash');
    const acks: Ack[] = [];
    let { child, url } = await launch();
    const created = await new Client(url).post('/api/tables', { name: 'Crash table' });
    const gmToken = created.body.gmToken as string;
    const tableId = created.body.table.id as string;
    const encounters: string[] = [];
    let n = 0;
    // four streams at once, each on its own encounter: a crash catches several commands in flight
    const STREAMS = 4;
    const pending: ({ encounter: string; msg: Record<string, unknown> } | undefined)[] = Array(STREAMS).fill(undefined);
    const current: (string | undefined)[] = Array(STREAMS).fill(undefined);

    for (let run = 0; run <= KILLS; run++) {
      const gm = new Client(url, gmToken);
      const ws = new WsClient(url);
      await ws.auth(gmToken);
      // the latest state and version of each subscribed encounter, from the broadcasts
      const latest = new Map<string, { version: number; state: EncounterState }>();
      ws.ws.on('message', (d) => {
        const m = JSON.parse(d.toString());
        if (m.type === 'events' && m.state) latest.set(m.encounter, { version: m.version, state: m.state });
      });
      const last = run === KILLS;
      const killAfter = last ? Infinity : 40 + rng.nextInt(120);
      let sent = 0;
      let stop = false;
      // a command whose answer the crash swallowed is retried with the same id: committed or not, it lands once
      for (let w = 0; w < STREAMS; w++) {
        const p = pending[w];
        if (!p) continue;
        const r = await ws.request(p.msg);
        if (r.type === 'result') acks.push({ encounter: p.encounter, id: r.id, events: r.events });
        pending[w] = undefined;
      }
      const stream = async (w: number) => {
        while (!stop && (!last || n < MIN_COMMANDS)) {
          if (!current[w]) {
            const ex = EXAMPLES[encounters.length % EXAMPLES.length];
            const r = await gm.post(`/api/tables/${tableId}/encounters`, { text: exampleText(ex), file: ex });
            if (r.status !== 201) throw new Error(`loading ${ex}: ${r.text}`);
            current[w] = r.body.id as string;
            encounters.push(current[w]!);
          }
          const enc = current[w]!;
          if (!latest.has(enc)) await ws.request({ type: 'subscribe', encounter: enc });
          const snap = latest.get(enc)!;
          if (snap.state.status === 'ended' || snap.version > 500) {
            current[w] = undefined;
            continue;
          }
          const msg = { type: 'command', encounter: enc, id: `k${n++}`, expectedVersion: snap.version, command: choose(snap.state, rng, n) };
          pending[w] = { encounter: enc, msg };
          if (++sent >= killAfter && !stop) {
            // kill at a random point around the commit of this command (and the others in flight)
            stop = true;
            ws.send({ ...msg, ref: 'last' });
            await new Promise((r) => setTimeout(r, rng.nextInt(4)));
            await kill(child);
            return;
          }
          const r = await ws.request(msg);
          pending[w] = undefined;
          if (r.type === 'result') acks.push({ encounter: enc, id: r.id, events: r.events });
          else if (r.error.code === 'STALE_VERSION') throw new Error('one stream per encounter cannot be stale');
        }
      };
      // a stream cut off by the kill ends with its command pending; any other failure is a real one
      await Promise.all(Array.from({ length: STREAMS }, (_, w) => stream(w).catch((err) => {
        if (!stop) throw err;
      })));
      ws.close();
      if (!last) ({ child, url } = await launch());
    }

    // every acknowledged event is there, unchanged; logs are gap-free; replay equals the served state
    const gm = new Client(url, gmToken);
    const logs = new Map<string, LoggedEvent[]>();
    for (const e of encounters) {
      const log = (await allEvents(gm, e)).events as LoggedEvent[];
      expect(log.map((x) => x.seq)).toEqual(log.map((_, i) => i + 1));
      logs.set(e, log);
      const served = (await gm.get(`/api/encounters/${e}`)).body.state;
      expect(replayLog(createEngine(rulesetById(served.ruleset)!), log)).toEqual(served);
    }
    for (const a of acks) {
      const log = logs.get(a.encounter)!;
      for (const ev of a.events) expect(log[ev.seq - 1], `acked event ${a.id}#${ev.seq}`).toEqual(ev);
    }
    await kill(child);

    // no half-applied command: each command's events are exactly the range its record names
    const db = new Database(dbPath, { readonly: true });
    try {
      for (const e of encounters) {
        const rows = db.prepare('SELECT command_id AS id, result FROM commands WHERE encounter_id = ?').all(e) as { id: string; result: string }[];
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
      db.close();
    }
    console.log('crash:', n, 'commands sent,', acks.length, 'acknowledged,', encounters.length, 'encounters');
    expect(acks.length).toBeGreaterThanOrEqual(MIN_COMMANDS * 0.5);
    expect(n).toBeGreaterThanOrEqual(MIN_COMMANDS);
  }, 170_000);
});
