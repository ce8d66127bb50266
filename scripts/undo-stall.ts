/**
 * Measures how long the requests on a long log hold the server's event loop (issue 17): a table with an
 * imported log of N events (the goblin cave's set_pool command again and again), a player subscribed
 * over WebSocket, then a GM undo and redo; for each, the longest event-loop stall while it runs
 * (perf_hooks monitorEventLoopDelay, in-process server) and the player's reads after it. Then the whole
 * log read again: a full catch-up over HTTP (every page, for the GM and a player) and over WebSocket, a
 * step-by-step replay near the end, an export, and a gap the hub fills (its subscribers ten events behind).
 * The clients run in this process too: what they parse adds to the stalls (an export is read unparsed).
 * Run: node --import tsx scripts/undo-stall.ts 20000 100000
 */
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { allEvents, command, load, longLog, TEST_LIMITS, testTable, WsClient, type Client } from '../src/server/testing.ts';

async function stall<T>(what: () => Promise<T>): Promise<{ ms: number; took: number; value: T }> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const t0 = performance.now();
  const value = await what();
  const took = performance.now() - t0;
  // one more turn of the loop so a stall at the very end is recorded
  await new Promise((r) => setTimeout(r, 5));
  h.disable();
  return { ms: h.max / 1e6, took, value };
}

/** Every page of the log (a reply with `more` asks again from `next`): how many events, in how many requests. */
async function allPages(c: Client, id: string): Promise<string> {
  const { events, pages } = await allEvents(c, id, 2000);
  return `${events.length} events in ${pages.length} request${pages.length > 1 ? 's' : ''}`;
}

/** The whole log read again, every way a client reads it: the longest stall of each. */
async function longReads(t: Awaited<ReturnType<typeof testTable>>, id: string, ws: WsClient, row: string[]): Promise<void> {
  const line = async (what: string, run: () => Promise<string>) => {
    const r = await stall(run);
    row.push(`${what}: stall ${r.ms.toFixed(0)} ms (${r.took.toFixed(0)} ms; ${r.value})`);
  };
  for (const [who, c] of [['GM', t.gm], ['player', t.p1]] as const) {
    await line(`${who}'s full catch-up over HTTP`, () => allPages(c, id));
  }
  const sub = new WsClient(t.url);
  await sub.auth(t.p1.token!);
  await line("player's full catch-up over WebSocket", async () => {
    const from = sub.messages.length;
    const last = await sub.request({ type: 'subscribe', encounter: id, after: 0 }, 120_000);
    const n = sub.messages.slice(from).reduce((k, m) => k + (m.type === 'events' ? m.events.length : 0), 0);
    return `${n} events, last seq ${last.events.at(-1)?.seq}`;
  });
  sub.close();
  for (const [who, c] of [['GM', t.gm], ['player', t.p1]] as const) {
    const v = (await c.get(`/api/encounters/${id}`)).body.encounter.version;
    await line(`${who}'s replay up to ${v - 5}`, async () => {
      const r = await c.get(`/api/encounters/${id}/replay?upTo=${v - 5}`);
      if (r.status !== 200) throw new Error(r.text);
      return `${r.body.events.length} events in the reply`;
    });
  }
  for (const [who, c] of [['GM', t.gm], ['player', t.p1]] as const) {
    await line(`${who}'s export`, async () => {
      // read as it comes, not parsed: a JSON.parse of megabytes here would be this process's stall, not the server's
      const res = await fetch(`${t.url}/api/encounters/${id}/export`, { headers: { authorization: `Bearer ${c.token}` } });
      if (res.status !== 200) throw new Error(await res.text());
      let bytes = 0;
      for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
      return `${(bytes / 1e6).toFixed(1)} MB`;
    });
  }
  // a gap: the subscribers were sent ten events less than the log holds (a commit whose answer was lost)
  const hub = t.srv.ctx.publisher as unknown as { delivery: { sent: Map<string, number> } };
  const v = (await t.gm.get(`/api/encounters/${id}`)).body.encounter.version;
  hub.delivery.sent.set(id, v - 10);
  const from = ws.messages.length;
  await line('a gap of 10 events filled for a subscribed player', async () => {
    await command(t.gm, id, { type: 'gm.set_pool', unit: 'kara', pool: 'hp', value: 18, reason: 'gap' });
    const m = await ws.next((x) => x.type === 'events', 60_000, from);
    return `${m.events.length} events sent`;
  });
}

async function main() {
  const sizes = process.argv.slice(2).map(Number);
  for (const N of sizes.length ? sizes : [20_000, 100_000]) {
    const t = await testTable({ limits: { ...TEST_LIMITS, importEvents: N, importNodes: 100_000_000, httpBodyBytes: 400_000_000 } });
    try {
      const enc0 = await load(t, { example: 'phase20/goblin-cave.yaml' });
      await command(t.gm, enc0, { type: 'gm.set_pool', unit: 'kara', pool: 'hp', value: 20, reason: 'fix' });
      const file = (await t.gm.get(`/api/encounters/${enc0}/export`)).body;
      const imp = await t.gm.post(`/api/tables/${t.tableId}/import`, longLog(file, N));
      if (imp.status !== 201) throw new Error(imp.text);
      const id = imp.body[0].id;
      // first read (folded in slices), and the players' logs warmed
      await t.gm.get(`/api/encounters/${id}`);
      await t.p1.get(`/api/encounters/${id}`);
      const ws = new WsClient(t.url);
      await ws.auth(t.p1.token!);
      await ws.request({ type: 'subscribe', encounter: id }, 60_000);
      const row: string[] = [`N=${N}`];
      const prof = process.env.PROFILE ? new Session() : undefined;
      if (prof) { prof.connect(); await prof.post('Profiler.enable'); await prof.post('Profiler.start'); }
      {
        const v = (await t.gm.get(`/api/encounters/${id}`)).body.encounter.version;
        const cpu0 = process.cpuUsage();
        const r = await stall(() => t.gm.post(`/api/encounters/${id}/commands`, { id: `pool-${v}`, expectedVersion: v, command: { type: 'gm.set_pool', unit: 'kara', pool: 'hp', value: 19, reason: 'x' } }));
        const cpu = process.cpuUsage(cpu0);
        row.push(`set_pool: stall ${r.ms.toFixed(0)} ms cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms (request ${r.took.toFixed(0)} ms)`);
      }
      for (const kind of ['undo', 'redo', 'undo', 'undo', 'redo']) {
        const v = (await t.gm.get(`/api/encounters/${id}`)).body.encounter.version;
        const cpu0 = process.cpuUsage();
        const r = await stall(() => t.gm.post(`/api/encounters/${id}/commands`, { id: `${kind}-${v}`, expectedVersion: v, command: { type: kind } }));
        const cpu = process.cpuUsage(cpu0);
        if (r.value.status !== 200) throw new Error(r.value.text);
        const read = await stall(() => (t.p1 as Client).get(`/api/encounters/${id}`));
        const evs = await stall(() => (t.p1 as Client).get(`/api/encounters/${id}/events?after=${N - 10}`));
        row.push(`${kind}: stall ${r.ms.toFixed(0)} ms cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms (request ${r.took.toFixed(0)} ms), player read ${read.ms.toFixed(0)} ms, player's last events ${evs.ms.toFixed(0)} ms`);
      }
      await longReads(t, id, ws, row);
      if (prof) {
        const { profile } = await prof.post('Profiler.stop');
        const self = new Map<string, number>();
        const dt = profile.timeDeltas!;
        const byId = new Map(profile.nodes.map((n) => [n.id, n]));
        profile.samples!.forEach((id, i) => { const n = byId.get(id)!; const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + dt[i]); });
        console.error([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / 1000).toFixed(0)} ms ${k}`).join('\n'));
      }
      ws.close();
      console.log(row.join('\n  '));
    } finally {
      await t.close();
    }
  }
}
await main();
