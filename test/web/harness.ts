/**
 * Browser-test plumbing: the real server as a child process on a free port with a temp SQLite file
 * (restartable on the same port and file, to test reconnection), the web page built once, and
 * Debian's Chromium driven by playwright-core. Never downloads a browser.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    if (name === 'dist' || name === 'node_modules') continue;
    const p = join(dir, name);
    const st = statSync(p);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(p) : st.mtimeMs);
  }
  return newest;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Build src/web/dist (of this project, or of the copy at `root`) unless it is newer than every source it is made of. Test files run in parallel
 * processes: a lock folder makes one build while the others wait, and nobody rebuilds (emptying dist
 * under a running test) once it is fresh.
 */
export async function buildWeb(root = ROOT, page?: PageBuild): Promise<void> {
  const out = join(resolve(root, page?.out ?? 'src/web/dist'), 'index.html');
  const sources = ['src/web', 'src/engine', 'src/rulesets', 'src/dice', 'src/sim', ...(page?.sources ?? [])];
  const fresh = () => existsSync(out) && statSync(out).mtimeMs > Math.max(...sources.map((d) => newestMtime(join(root, d))));
  const lock = resolve(root, page ? `${page.out.replace(/\/+$/, '')}.build-lock` : 'src/web/.build-lock');
  for (let waited = 0; ; waited += 200) {
    if (fresh()) return;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // another process is building; a lock older than three minutes is left over from a crash
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 180_000) rmSync(lock, { recursive: true, force: true });
      if (waited > 180_000) throw new Error('timed out waiting for another web build');
      await sleep(200);
    }
  }
  try {
    if (fresh()) return;
    // a child process awaited, not run synchronously: a build of a minute must not hold the test worker's event loop
    const r = await new Promise<{ status: number | null; out: string }>((ok, fail) => {
      const c = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', page?.config ?? 'src/web/vite.config.ts', '--logLevel', 'error'], {
        cwd: root,
        // vitest sets NODE_ENV=test, which would bundle React's development build
        env: { ...process.env, NODE_ENV: 'production' },
      });
      let out = '';
      c.stdout.on('data', (b: Buffer) => (out += b.toString()));
      c.stderr.on('data', (b: Buffer) => (out += b.toString()));
      c.on('error', fail);
      c.on('close', (status) => ok({ status, out }));
    });
    if (r.status !== 0) throw new Error(`web build failed:\n${r.out}`);
    if (!existsSync(out)) throw new Error('web build produced no index.html');
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A page built another way (test/web/cards/): its vite config, the folder it builds into, and more folders it is made of. */
export interface PageBuild {
  config: string;
  out: string;
  sources?: string[];
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
const LIMITS = JSON.stringify({ httpRate: 2000, httpBurst: 5000, wsRate: 500, wsBurst: 1000, tablesPerAddressHour: 10_000 });

/** Seeded server dice: a browser run that fails can be played again with the same rolls. */
function launch(port: number, db: string, root: string, entry?: ServerEntry): Promise<ChildProcess> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry?.script ?? join(root, 'src/server/main.ts'), ...(entry?.args ?? []), '--port', String(port), '--db', db, '--sync', 'normal', '--limits', LIMITS, '--dice-seed', '20261130'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    // generous: a loaded machine, or a copy of the project (the docs test's), compiles every server file on its first start
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${out}`)), 90_000);
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

/** A server started from another script than src/server/main.ts (test/web/cards/server.ts), taking main.ts's arguments and `args`. */
export interface ServerEntry {
  script: string;
  args?: string[];
}

/** The server of this project, or of another copy of it (`root`: the project a docs test builds), or run by `entry`. */
export async function startServer(root = ROOT, entry?: ServerEntry): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'skirmish-web-'));
  const db = join(dir, 'table.sqlite');
  const port = await freePort();
  let child = await launch(port, db, root, entry);
  return {
    url: `http://127.0.0.1:${port}`,
    async restart() {
      await kill(child);
      child = await launch(port, db, root, entry);
    },
    async stop() {
      await kill(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  // run through tsx (scripts/screenshots.ts), functions sent to page.evaluate keep their names by
  // calling esbuild's `__name` helper, which the page lacks: give every page one that does nothing
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const ctx = await newContext(...args);
    await ctx.addInitScript('globalThis.__name = (f) => f;');
    return ctx;
  };
  return browser;
}
