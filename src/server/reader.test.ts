// The reader thread (reader.ts): what it reads comes back as the main thread would have read it, its
// refusals as the same ApiError; a task past readMs is stopped (the thread with it) and the next one
// is read by a fresh thread; past readQueue waiting tasks, more are refused. Short texts are read on the
// main thread (READ_HERE_CHARS): every text here is longer.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withMapArt } from './examples.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { read, READ_HERE_CHARS } from './reader.ts';
import { readEncounter, type ReadEncounter } from './reading.ts';
import type { PlannedEncounter } from './import-plan.ts';
import { rowBody, rowCount, rowsBetween } from '../store/index.ts';

// its map art read in as the server does for its own examples (a file sent carries its image)
const text = withMapArt(readFileSync(new URL('../../examples/phase20/goblin-cave.yaml', import.meta.url), 'utf8'), fileURLToPath(new URL('../../examples/phase20/', import.meta.url)));
const limits = { ...DEFAULT_LIMITS, readMs: 120_000 };

/** A file the thread takes a while over: the goblin cave with `n` more goblins. */
function many(n: number): string {
  const rows = Array.from({ length: n }, (_, i) => `  - { id: x${i}, name: X ${i}, side: goblins, at: [${i % 9}, ${Math.floor(i / 9) % 5}], hp: 9, dv: 12, speed: 5, weapons: [rusty] }`);
  return text.replace('  width: 9\n  height: 5', '  width: 60\n  height: 60') + '\n' + rows.map((r, i) => r.replace(/at: \[\d+, \d+\]/, `at: [${10 + (i % 50)}, ${Math.floor(i / 50)}]`)).join('\n') + '\n';
}

describe('the reader thread', () => {
  it('reads a file as the main thread reads it, and refuses one with the same error', async () => {
    const long = many(200);
    expect(long.length).toBeGreaterThan(READ_HERE_CHARS);
    const there = (await read({ kind: 'encounter', text: long, file: 'cave.yaml' }, limits)) as ReadEncounter;
    expect(there).toEqual(readEncounter(long, 'cave.yaml'));
    expect(Object.keys((there.events[0] as any).state.units)).toHaveLength(205);
    const err = await read({ kind: 'encounter', text: `ruleset: phase20\nunits: 3\n# ${'-'.repeat(READ_HERE_CHARS)}\n`, file: 'bad.yaml' }, limits).catch((e) => e);
    expect([err.code, err.status]).toEqual(['INVALID_ENCOUNTER', 422]);
    expect(err.message).toMatch(/^bad\.yaml:/);
    expect(err.extra.problems.length).toBeGreaterThan(0);
  }, 120_000);

  it('stops a task past readMs, and a fresh thread reads the next', async () => {
    const slow = await read({ kind: 'encounter', text: many(900), file: 'many.yaml' }, { ...limits, readMs: 1 }).catch((e) => e);
    expect([slow.code, slow.message]).toEqual(['PAYLOAD_TOO_LARGE', 'reading this took over 0.001 s; send a smaller file']);
    const next = (await read({ kind: 'encounter', text: many(200), file: 'cave.yaml' }, limits)) as ReadEncounter;
    expect(next.name).toBe('Goblin cave');
  }, 120_000);

  it('refuses more than readQueue tasks waiting', async () => {
    const long = many(200);
    const tasks = Array.from({ length: 3 }, () => read({ kind: 'encounter', text: long, file: 'cave.yaml' }, { ...limits, readQueue: 2 }).then(() => 'read', (e) => e.code));
    expect(await Promise.all(tasks)).toEqual(['read', 'read', 'LIMIT_REACHED']);
  }, 120_000);

  it("moves an import's body to the thread (not copied), decodes and parses it there; a body larger than the route takes, or too many values, is refused there", async () => {
    const task = (text: string, maxNodes = 1_000_000) => ({ kind: 'import' as const, bytes: new TextEncoder().encode(text), maxBytes: 32_000_000, maxNodes, limits: { eventsPerEncounter: 20_000, importEvents: 20_000, units: 300 } });
    // 3 MB of numbers: refused by the value count, in the thread; the main thread's copy of the body is gone (moved)
    const flat = task(`[${'0,'.repeat(1_500_000)}0]`);
    const err = await read(flat, limits).catch((e) => e);
    expect(flat.bytes.byteLength).toBe(0);
    expect([err.code, err.message]).toEqual(['PAYLOAD_TOO_LARGE', expect.stringMatching(/1000000/)]);
    // a real body after it (UTF-8 beyond ASCII decoded there): read as the main thread reads it
    const ok = task(`{"format":"skirmish.table/1","pad":"${'é'.repeat(READ_HERE_CHARS)}","encounters":[{"ruleset":"nöne","events":[{"seq":1,"cmd":"c1","type":"encounter.created"}]}]}`);
    const bad = await read(ok, limits).catch((e) => e);
    expect([bad.code, bad.message]).toEqual(['INVALID_IMPORT', 'encounters[0]: unknown ruleset "nöne"']);
    expect(ok.bytes.byteLength).toBe(0);
  }, 120_000);

  it("sends an import's logs back as packed buffers: the reply holds a few values, not one per event (issue 37)", async () => {
    // before: each event's command id and JSON text came back as strings, and the main thread unpacked
    // them all on receipt in one piece (100,000 events held every table 40–120 ms). Counted, not timed.
    const N = 30_000;
    const created = readEncounter(text, 'cave.yaml').events;
    const events = [...created];
    for (let seq = created.length + 1; seq <= N; seq++) events.push({ type: 'note', text: `n${seq}`, seq, cmd: `c${seq}` } as never);
    const body = JSON.stringify({ format: 'skirmish.table/1', encounters: [{ ruleset: 'phase20', events }] });
    const plan = (await read({ kind: 'import', bytes: new TextEncoder().encode(body), maxBytes: 32_000_000, maxNodes: 8_000_000, limits: { eventsPerEncounter: N, importEvents: N, units: 300 } }, limits)) as PlannedEncounter[];
    expect(plan).toHaveLength(1);
    expect(rowCount(plan[0].events)).toBe(N);
    expect(valuesIn(plan)).toBeLessThan(100);
    // the rows are the events as the main thread would have written them, a chunk at a time
    const mid = rowsBetween(plan[0].events, N - 2, N);
    expect(mid.cmds).toEqual([`c${N - 1}`, `c${N}`]);
    expect(mid.bodies.map((b) => JSON.parse(b))).toEqual(events.slice(N - 2));
    expect(JSON.parse(rowBody(plan[0].events, 0))).toEqual(JSON.parse(JSON.stringify(created[0])));
  }, 120_000);
});

/** How many JavaScript values (objects, arrays, strings, numbers) a structured clone of `v` makes; a typed array counts one. */
function valuesIn(v: unknown): number {
  if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) return 1;
  if (v instanceof Map) return 1 + [...v.values()].reduce((n: number, x) => n + valuesIn(x), 0);
  return 1 + Object.values(v).reduce((n: number, x) => n + valuesIn(x), 0);
}
