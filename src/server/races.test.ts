/**
 * Races: six WebSocket clients (four GM connections, two players) fire commands at one encounter at
 * once, each at the version it last saw. The log must end gap-free, hold exactly the accepted
 * commands, and equal a sequential run of those commands on a fresh server (same dice seed); every
 * loser got STALE_VERSION and left no trace.
 */
import { describe, expect, it } from 'vitest';
import { RandomStream } from '../dice/index.ts';
import { createEngine, type Command, type EncounterState } from '../engine/index.ts';
import { phase20 } from '../rulesets/phase20/index.ts';
import { load, testTable, WsClient, type TestTable } from './testing.ts';

const engine = createEngine(phase20);
const SEED = 'races';

interface Accepted {
  id: string;
  from: number;
  who: 'gm' | 'p1' | 'p2';
  command: Command;
}

function pickCommand(state: EncounterState, who: 'gm' | 'p1' | 'p2', rng: RandomStream, n: number): Command {
  const roll = rng.nextInt(10);
  if (who === 'gm' && roll < 3) return roll === 0 ? { type: 'gm.roll', dice: '1d20', label: `r${n}` } : { type: 'gm.note', text: `note ${n}`, public: roll === 1 };
  const active = engine.activeUnit(state);
  const mine = Object.values(state.units).filter((u) => (who === 'gm' ? true : u.controller === who));
  const actor = active && mine.some((u) => u.id === active) ? active : mine[rng.nextInt(mine.length)]?.id;
  if (!actor) return { type: 'gm.note', text: `idle ${n}` };
  const options = engine.legalActions(state, actor);
  return options.length ? options[rng.nextInt(options.length)].command : { type: 'end_turn', actor };
}

async function racer(t: TestTable, enc: string, who: 'gm' | 'p1' | 'p2', token: string, name: string, until: () => boolean, out: { accepted: Accepted[]; stale: string[]; refused: number }) {
  const ws = new WsClient(t.url);
  await ws.auth(token);
  const snap = await ws.request({ type: 'subscribe', encounter: enc });
  let state = snap.state as EncounterState;
  let version = snap.version as number;
  ws.ws.on('message', (d) => {
    const m = JSON.parse(d.toString());
    if (m.type === 'events' && m.version > version) {
      version = m.version;
      state = m.state;
    }
  });
  const rng = new RandomStream(name);
  for (let n = 0; !until(); n++) {
    const command = pickCommand(state, who, rng, n);
    const id = `${name}-${n}`;
    const r = await ws.request({ type: 'command', encounter: enc, id, expectedVersion: version, command });
    // a player's reply is in its own numbering: where its command landed in the log is read from the file below
    if (r.type === 'result') out.accepted.push({ id, from: who === 'gm' ? (r.events.length ? r.version - r.events.length + 1 : r.version) : -1, who, command });
    else if (r.error.code === 'STALE_VERSION') out.stale.push(id);
    else out.refused++;
  }
  ws.close();
}

describe('concurrent commands on one encounter', () => {
  it('serialise into a gap-free log equal to a sequential run; losers get STALE_VERSION', async () => {
    const t = await testTable({ testDiceSeed: SEED });
    const enc = await load(t, { example: 'phase20/goblin-cave.yaml' });
    const start = await t.gm.post(`/api/encounters/${enc}/commands`, { id: 'start', expectedVersion: 1, command: { type: 'start' } });
    expect(start.status).toBe(200);
    const out = { accepted: [] as Accepted[], stale: [] as string[], refused: 0 };
    const deadline = Date.now() + 8000;
    const until = () => out.accepted.length >= 300 || Date.now() > deadline;
    await Promise.all([
      ...[0, 1, 2, 3].map((i) => racer(t, enc, 'gm', t.gm.token!, `gm${i}`, until, out)),
      racer(t, enc, 'p1', t.p1.token!, 'p1', until, out),
      racer(t, enc, 'p2', t.p2.token!, 'p2', until, out),
    ]);
    expect(out.stale.length, 'the clients really raced').toBeGreaterThan(10);

    const log = (await t.gm.get(`/api/encounters/${enc}/events`)).body;
    const events = log.events as { seq: number; cmd: string }[];
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    // the log holds the creation, the start, and exactly the accepted commands
    const cmds = [...new Set(events.map((e) => e.cmd))];
    const db = t.srv.ctx.store;
    const key = (who: string, id: string) => `${who === 'gm' ? 'gm' : `player:${who}`}/${id}`;
    for (const a of out.accepted) {
      const from = (await db.command(enc, key(a.who, a.id)))?.result.from;
      expect(from, `winner ${a.id} has its record`).toBeDefined();
      if (a.who === 'gm') expect(from).toBe(a.from);
      else a.from = from!;
    }
    const accepted = [...out.accepted].sort((a, b) => a.from - b.from);
    expect(cmds.length).toBe(2 + accepted.length);
    for (const id of out.stale) expect(await db.command(enc, key(id.startsWith('gm') ? 'gm' : id.replace(/-.*/, ''), id)), `loser ${id} left a trace`).toBeUndefined();

    // a sequential run of the accepted commands, in log order, on a fresh server, gives the same log
    const seq = await testTable({ testDiceSeed: SEED });
    try {
      const enc2 = await load(seq, { example: 'phase20/goblin-cave.yaml' });
      for (const a of [{ id: 'start', who: 'gm' as const, command: { type: 'start' } }, ...accepted]) {
        const c = a.who === 'gm' ? seq.gm : a.who === 'p1' ? seq.p1 : seq.p2;
        // each sender at its own version (a player's counts the events it has seen)
        const version = (await c.get(`/api/encounters/${enc2}`)).body.encounter.version;
        const r = await c.post(`/api/encounters/${enc2}/commands`, { id: a.id, expectedVersion: version, command: a.command });
        expect(r.status, r.text).toBe(200);
      }
      const log2 = (await seq.gm.get(`/api/encounters/${enc2}/events`)).body.events;
      expect(log2.slice(1)).toEqual(events.slice(1));
    } finally {
      await seq.close();
      await t.close();
    }
  }, 60_000);
});
