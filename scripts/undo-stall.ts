/**
 * Measures how long a GM undo and redo of a long log hold the server's event loop (issue 17): a table
 * with an imported log of N events (the goblin cave's set_pool command again and again), a player
 * subscribed over WebSocket, then undo and redo; for each, the longest event-loop stall while it runs
 * (perf_hooks monitorEventLoopDelay, in-process server) and the player's reads after it.
 * Run: node --import tsx scripts/undo-stall.ts 20000 100000
 */
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { command, load, TEST_LIMITS, testTable, WsClient, type Client } from '../src/server/testing.ts';

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

async function main() {
  const sizes = process.argv.slice(2).map(Number);
  for (const N of sizes.length ? sizes : [20_000, 100_000]) {
    const t = await testTable({ limits: { ...TEST_LIMITS, importEvents: N, importNodes: 100_000_000, httpBodyBytes: 400_000_000 } });
    try {
      const enc0 = await load(t, { example: 'phase20/goblin-cave.yaml' });
      await command(t.gm, enc0, { type: 'gm.set_pool', unit: 'kara', pool: 'hp', value: 20, reason: 'fix' });
      const file = (await t.gm.get(`/api/encounters/${enc0}/export`)).body;
      const enc = file.encounters[0];
      const last = enc.events.at(-1);
      const again = enc.events.filter((e: { cmd: string }) => e.cmd === last.cmd);
      while (enc.events.length < N) {
        const seq = enc.events.length + 1;
        for (const e of again) if (enc.events.length < N) enc.events.push({ ...e, seq: enc.events.length + 1, cmd: `c${seq}` });
      }
      delete enc.commands;
      const imp = await t.gm.post(`/api/tables/${t.tableId}/import`, file);
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
