/**
 * What map art costs a table, measured on a running server (`node --import tsx bench/map-frames.ts [tree]`):
 * a GM and three players subscribed to an encounter whose map is a 590 KB PNG; the GM sends 20 notes the players read. It
 * prints the bytes each player receives per command and the longest answer to /api/health asked every few
 * ms meanwhile (how long the event loop was held), and the server's CPU time per command (from /proc); `--no-art`: the same without the map, for the floor. `tree`: the checkout whose server runs (default: this one),
 * so a build from before and one from after are measured by the same script.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { parse } from 'yaml';
import { dataUrl, noisePng } from '../src/server/testing/images.ts';

const args = process.argv.slice(2);
// --no-art: the same table without map art (the floor the numbers with it are compared to)
const noArt = args.includes('--no-art');
const tree = resolve(args.find((a) => !a.startsWith('--')) ?? '.');
const port = 20_000 + (process.pid % 20_000);
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--port', String(port), '--db', ':memory:'], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] });

async function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<any> {
  const r = await fetch(url + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function main() {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      if (i > 200) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const t = await call('POST', '/api/tables', undefined, { name: 'Bench' });
  const gm = t.gmToken as string;
  const tableId = t.table.id as string;
  const players: string[] = [];
  for (const pid of ['p1', 'p2', 'p3']) {
    const inv = await call('POST', `/api/tables/${tableId}/invites`, gm, { playerId: pid, name: pid });
    players.push((await call('POST', '/api/join', undefined, { invite: inv.invite })).token);
  }
  const png = noisePng(590_000, 11);
  const doc = parse(readFileSync(join(tree, 'examples/phase20/goblin-cave.yaml'), 'utf8'));
  if (noArt) delete doc.map.image;
  else doc.map.image = { src: dataUrl(png) };
  const enc = (await call('POST', `/api/tables/${tableId}/encounters`, gm, { text: JSON.stringify(doc), file: 'cave.json' })).id as string;
  const received = players.map(() => 0);
  const sockets = await Promise.all(
    players.map(
      (token, i) =>
        new Promise<WebSocket>((res) => {
          const ws = new WebSocket(`${url.replace('http', 'ws')}/api/ws`);
          let subscribed = false;
          ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token, ref: 'a' })));
          ws.on('message', (data: Buffer) => {
            const m = JSON.parse(data.toString());
            if (m.type === 'welcome') ws.send(JSON.stringify({ type: 'subscribe', encounter: enc, after: 0, ref: 's' }));
            else if (!subscribed && m.type === 'events' && m.state) {
              subscribed = true;
              res(ws);
            } else if (subscribed) received[i] += data.length;
          });
        }),
    ),
  );
  let version = (await call('GET', `/api/encounters/${enc}`, gm)).encounter.version as number;
  received.fill(0);
  let done = false;
  let worst = 0;
  const pinging = (async () => {
    while (!done) {
      const at = performance.now();
      await (await fetch(`${url}/api/health`)).text();
      worst = Math.max(worst, performance.now() - at);
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  // the server's own CPU time over the commands (its event loop does this work): /proc, in clock ticks of 10 ms
  const cpu = () => {
    const f = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  const cpuBefore = cpu();
  const N = 20;
  for (let i = 0; i < N; i++) {
    const r = await call('POST', `/api/encounters/${enc}/commands`, gm, { id: `n${i}`, expectedVersion: version, command: { type: 'gm.note', text: `note ${i}`, public: true } });
    version = r.version;
  }
  await new Promise((r) => setTimeout(r, 300));
  const cpuMs = cpu() - cpuBefore;
  done = true;
  await pinging;
  const state = (await call('GET', `/api/encounters/${enc}`, players[0])).state;
  console.log(JSON.stringify({ tree, image: noArt ? 0 : png.length, src: String(state.map.image?.src).slice(0, 60), bytesPerPlayerPerCommand: Math.round(received.reduce((a, b) => a + b, 0) / players.length / N), worstHealthMs: Math.round(worst), serverCpuMsPerCommand: Math.round(cpuMs / N) }));
  for (const ws of sockets) ws.close();
  server.kill();
}

main().catch((err: unknown) => {
  console.error(err);
  server.kill();
  process.exit(1);
});
