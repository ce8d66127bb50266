/**
 * Browser-test plumbing: the real server as a child process on a free port with a temp SQLite file
 * (restartable on the same port and file, to test reconnection), the web page built once, and
 * Debian's Chromium driven by playwright-core. Never downloads a browser.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Build src/web/dist unless it is newer than every source file (tests run it once per process). */
export function buildWeb(): void {
  const out = join(ROOT, 'src/web/dist/index.html');
  if (existsSync(out) && process.env.SKIRMISH_WEB_PREBUILT === '1') return;
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'src/web/vite.config.ts', '--logLevel', 'error'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error(`web build failed:\n${r.stdout}\n${r.stderr}`);
  if (!existsSync(out) || statSync(out).size === 0) throw new Error('web build produced no index.html');
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

export interface TestServer {
  url: string;
  /** Kill the server (connections drop), then start it again on the same port and database. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

// many pages on one address: the per-address HTTP limit must not throttle the test
const LIMITS = JSON.stringify({ httpRate: 2000, httpBurst: 5000, wsRate: 500, wsBurst: 1000 });

function launch(port: number, db: string): Promise<ChildProcess> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server/main.ts'), '--port', String(port), '--db', db, '--sync', 'normal', '--limits', LIMITS], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${out}`)), 20_000);
    const on = (b: Buffer) => {
      out += b.toString();
      if (out.includes('listening on')) {
        clearTimeout(timer);
        ok(child);
      }
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (child.exitCode !== null) return ok();
    child.once('exit', () => ok());
    child.kill('SIGKILL');
  });
}

export async function startServer(): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'skirmish-web-'));
  const db = join(dir, 'table.sqlite');
  const port = await freePort();
  let child = await launch(port, db);
  return {
    url: `http://127.0.0.1:${port}`,
    async restart() {
      await kill(child);
      child = await launch(port, db);
    },
    async stop() {
      await kill(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}
