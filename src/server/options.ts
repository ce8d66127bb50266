/** Command-line options of `skirmish serve` (and src/server/main.ts), checked and turned into ServerOptions. */
import { DEFAULT_DB, DEFAULT_PORT, type ServerOptions } from './app.ts';
import { DEFAULT_LIMITS, type Limits } from './limits.ts';

export interface RawServeOptions {
  port?: string;
  host?: string;
  /** Where tables live: a postgres:// connection string, or a SQLite file path. */
  store?: string;
  /** The SQLite file (older name of --store, kept working). */
  db?: string;
  sync?: string;
  limits?: string;
  'allow-origin'?: string[];
  allowOrigin?: string[];
  /** Testing only: seed the server's dice so a session replays exactly. */
  'dice-seed'?: string;
  diceSeed?: string;
}

export class OptionError extends Error {}

export function parseServeOptions(raw: RawServeOptions, env: NodeJS.ProcessEnv = process.env): ServerOptions {
  const portText = raw.port ?? env.PORT ?? String(DEFAULT_PORT);
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) throw new OptionError(`--port must be 0..65535, got "${portText}"`);
  const sync = raw.sync ?? 'full';
  if (raw.store !== undefined && raw.db !== undefined && raw.store !== raw.db) throw new OptionError('give --store or --db, not both');
  // --store (or --db), else DATABASE_URL, else the SQLite file beside the server
  const db = raw.store ?? raw.db ?? (env.DATABASE_URL || undefined) ?? DEFAULT_DB;
  if (!db.trim()) throw new OptionError('--store must name a postgres:// connection string or a SQLite file');
  if (sync !== 'full' && sync !== 'normal') throw new OptionError(`--sync must be full or normal, got "${sync}"`);
  let limits: Partial<Limits> = {};
  if (raw.limits) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.limits);
    } catch {
      throw new OptionError('--limits must be a JSON object');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new OptionError('--limits must be a JSON object');
    for (const [k, v] of Object.entries(parsed)) {
      if (!Object.hasOwn(DEFAULT_LIMITS, k)) throw new OptionError(`--limits: unknown limit "${k}"; known: ${Object.keys(DEFAULT_LIMITS).join(', ')}`);
      if (typeof v !== 'number' || !(v > 0)) throw new OptionError(`--limits: ${k} must be a positive number`);
    }
    limits = parsed as Partial<Limits>;
  }
  const diceSeed = raw['dice-seed'] ?? raw.diceSeed;
  if (diceSeed !== undefined && !/^\d{1,15}$/.test(diceSeed)) throw new OptionError(`--dice-seed must be a whole number, got "${diceSeed}"`);
  return {
    port: Number(portText),
    host: raw.host ?? '127.0.0.1',
    db,
    synchronous: sync,
    limits,
    allowedOrigins: raw['allow-origin'] ?? raw.allowOrigin ?? [],
    ...(diceSeed !== undefined ? { testDiceSeed: diceSeed } : {}),
  };
}
