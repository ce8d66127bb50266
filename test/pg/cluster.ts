/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: initdb in a temp folder, on a free port and a
 * private socket folder (never the default port or a shared data folder: several runs share a machine),
 * run as the `postgres` user when we are root (PostgreSQL refuses to run as root).
 *
 * Tests find PostgreSQL the way CI provides it: SKIRMISH_TEST_PG, a connection string to a database the
 * tests may create databases from (`.ci/run` starts a cluster with this file and sets it); else, when
 * the server binaries are installed (Debian's `postgresql`), a cluster of their own; else none, and the
 * tests that need it say so (`postgresForTests`).
 *
 * As a command (`.ci/run`): `node --import tsx test/pg/cluster.ts start <dir>` prints the connection
 * string once the cluster accepts connections; `... stop <dir>` stops it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface Cluster {
  /** Connection string of its `postgres` database (superuser, trust on 127.0.0.1). */
  url: string;
  port: number;
  dir: string;
  /** Stop it (fast shutdown), start it again on the same port: a database restart as a server sees it. */
  stop(): void;
  start(): void;
  /** Stop it and remove its folder. */
  destroy(): void;
}

/** Debian's server binaries (the newest installed), or undefined. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(root, versions[0], 'bin');
  }
  const r = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = r.status === 0 ? r.stdout.trim() : '';
  return dir && existsSync(join(dir, 'initdb')) ? dir : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const asRoot = () => userInfo().uid === 0;

/** Run a PostgreSQL binary as the user that may run it. */
function run(bin: string, args: string[]): void {
  const [cmd, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'], cwd: tmpdir() });
}

/**
 * A new cluster, started. `fsync` off by default (tests: a process crash, not a power cut, is what they
 * play); on for benchmarks that should pay for durability as production does.
 */
export async function startCluster(opts: { dir?: string; fsync?: boolean } = {}): Promise<Cluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries not found (install Debian\'s postgresql package)');
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'skirmish-pg-'));
  mkdirSync(dir, { recursive: true });
  const data = join(dir, 'data');
  const sockets = join(dir, 'sockets');
  mkdirSync(sockets, { recursive: true });
  // the postgres user needs its way into the folder
  chmodSync(dir, 0o777);
  chmodSync(sockets, 0o777);
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const settings = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${sockets}'`,
    `fsync = ${opts.fsync ? 'on' : 'off'}`,
    'max_connections = 200',
    'shared_buffers = 64MB',
    "log_min_messages = 'warning'",
  ];
  run('/bin/sh', ['-c', `cat >> '${join(data, 'postgresql.conf')}' <<'EOF'\n${settings.join('\n')}\nEOF`]);
  const ctl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'), ...args]);
  ctl('start');
  let running = true;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop() {
      if (!running) return;
      ctl('stop', '-m', 'fast');
      running = false;
    },
    start() {
      if (running) return;
      ctl('start');
      running = true;
    },
    destroy() {
      try {
        cluster.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}

/** Stop a cluster started by `start <dir>` (the command). */
export function stopClusterAt(dir: string): void {
  const bin = postgresBinaries();
  const data = join(dir, 'data');
  if (bin && existsSync(join(data, 'postmaster.pid'))) run(join(bin, 'pg_ctl'), ['-D', data, '-w', 'stop', '-m', 'fast']);
}

/** A database of its own on the server `url` names (one per test file: their notifications stay apart). */
export async function createDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface TestPostgres {
  /** A connection string to a fresh database, or undefined (then `absent` says why). */
  url?: string;
  absent?: string;
  /** The cluster this file started (restart tests need it); undefined when CI's is used. */
  cluster?: Cluster;
  close(): void;
}

/**
 * PostgreSQL for one test file: CI's (SKIRMISH_TEST_PG), else a cluster of its own when the binaries are
 * installed, else none — with the reason, which the caller prints. Under CI (CI set) none is an error.
 */
export async function postgresForTests(name: string, opts: { ownCluster?: boolean } = {}): Promise<TestPostgres> {
  const db = `skirmish_${name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${process.pid}`;
  const given = process.env.SKIRMISH_TEST_PG;
  if (given && !opts.ownCluster) return { url: await createDatabase(given, db), close() {} };
  if (!postgresBinaries()) {
    const absent = 'PostgreSQL is not installed here (no initdb; set SKIRMISH_TEST_PG to a server, or apt-get install postgresql)';
    if (process.env.CI) throw new Error(`${absent}: CI must run the PostgreSQL tests`);
    return { absent, close() {} };
  }
  const cluster = await startCluster();
  return { url: await createDatabase(cluster.url, db), cluster, close: () => cluster.destroy() };
}

/** Said once per file when PostgreSQL is absent, so a skipped suite never passes silently. */
export function sayAbsent(what: string, absent: string): void {
  process.stderr.write(`\n*** ${what}: SKIPPED — ${absent}\n\n`);
}

// the command .ci/run uses
if (import.meta.url === `file://${process.argv[1]}`) {
  const [what, dir] = process.argv.slice(2);
  if (what === 'start' && dir) {
    const c = await startCluster({ dir });
    writeFileSync(join(dir, 'url'), c.url);
    process.stdout.write(`${c.url}\n`);
  } else if (what === 'stop' && dir) {
    stopClusterAt(dir);
  } else {
    process.stderr.write('usage: cluster.ts start|stop <dir>\n');
    process.exit(2);
  }
}
