/**
 * The PostgreSQL store: the same contract as SQLite (store.ts) on a database that several server
 * processes share. The client is node-postgres (`pg`): a pool for queries, one more connection that
 * LISTENs for what the other processes commit.
 *
 * Appends are serialised by the database: one statement updates the encounter's version only where it
 * is still the expected one (a row lock: of two writers, the second finds it moved and writes nothing)
 * and inserts the events under the primary key (encounter_id, seq), the command record and the log
 * commands — all or none, committed before the promise resolves (synchronous_commit as the server has
 * it; on by default).
 *
 * Changes go out as NOTIFY on one channel. The payload is a pointer (`<process> a <encounter> <version>`),
 * and for an append whose events fit (the payload stays under 8000 bytes) the events and their commands
 * as stored after it: a listener holding the log just before them folds them on without reading; any other
 * reads the log. Each store ignores its own. A table's settings and players are held while the feed is up
 * (every change to them is told in its own commit), so a command does not read them. When the listening connection
 * drops it reconnects with backoff and reports `resync`: whatever was missed meanwhile is read again.
 * An append's NOTIFY is sent just after its commit, not inside it: PostgreSQL serialises every committing
 * transaction that notified on one lock held through its WAL flush, which would make every append of
 * every process wait for the fsyncs of all the others (about 200 commits a second in all on a disk
 * that flushes in 4 ms, against over 700 without). So appends commit together, and their notifications
 * go out in batches — whatever committed while the last batch was on its way — from a connection of
 * their own that does not wait for a flush (what they point to is flushed already). A process killed
 * between a commit and its notification leaves the others to find the change by themselves: the server
 * checks the versions of what it watches now and then (`versions`, Limits.watchCheckMs).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Command, LibraryEntry, LoggedEvent, RosterEntry } from '../engine/index.ts';
import { IMAGE_SELECT, putImageIn, tableImagesDeleted } from './postgres-images.ts';
import { migratePostgres } from './postgres-schema.ts';
import { chatCursor, chatPage } from './chat-sql.ts';
import { encounterFileOf, type EncounterFile } from './roster.ts';
import { mark, tracing } from './trace.ts';
import {
  CREATE_CHUNK,
  DuplicateCommandError,
  eventRowsOf,
  rowCount,
  rowsBetween,
  StaleVersionError,
  StoreUnavailableError,
  type AppendOptions,
  type ChatQuery,
  type ChatReader,
  type ChatRow,
  type EncounterRow,
  type IdleTable,
  type ImageBounds,
  type NewEncounter,
  type PlayerRow,
  type PutImage,
  type Role,
  type Store,
  type StoreChange,
  type StoredCommand,
  type StoredImage,
  type TableRow,
  type TokenRow,
} from './store.ts';

export const CHANNEL = 'skirmish_changes';

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** How long a query may wait for a connection before STORE_UNAVAILABLE (ms, default 5000). */
  connectTimeoutMs?: number;
}

/** bigint (ms timestamps, counts) as a number: ours stay far below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? Number : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

const ENCOUNTER_COLUMNS = 'id, table_id AS "tableId", ruleset, name, status, version, paused, created_at AS "createdAt"';

/** SQLSTATE classes and socket errors that mean "the database is out of reach", not "the query is wrong". */
function unreachable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (typeof e?.code === 'string' && (/^08/.test(e.code) || /^57P0[1-3]$/.test(e.code) || /^E(CONN|PIPE|TIMEDOUT|NOTFOUND|AI_AGAIN|HOSTUNREACH|NETUNREACH)/.test(e.code))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|connection error|Client was closed|Connection refused|not queryable/i.test(e?.message ?? '');
}

function storeError(err: unknown): unknown {
  return unreachable(err) ? new StoreUnavailableError((err as Error).message || String(err), err) : err;
}

/** A connection string for a log line: no password. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return `${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'postgres (unparsable connection string)';
  }
}

export class PostgresStore implements Store {
  readonly kind = 'postgres';
  readonly location: string;
  /** This process among the ones sharing the database: its own notifications are not news to it. */
  readonly instance = randomBytes(6).toString('hex');
  private readonly pool: pg.Pool;
  /** Where appends' notifications are sent from (one connection, no flush waited for). */
  private readonly notifier: pg.Pool;
  /** Appends' notifications not sent yet, and whether a batch is on its way. */
  private outbox: string[] = [];
  /** With SKIRMISH_TRACE: the appends (encounter, version) of the outbox's notifications, in step with it. */
  private outboxKeys: [string, number][] = [];
  private sending?: Promise<void>;
  private readonly listeners = new Set<(c: StoreChange) => void>();
  private listener?: pg.Client;
  private listening = false;
  private closed = false;
  private retry?: NodeJS.Timeout;
  private backoff = 100;
  /** How many times the change feed has come up: a read made while it was up is told of later changes while it stays. */
  private feeds = 0;
  /**
   * Each table's settings and players as last read, and the run of the change feed they were read under:
   * good while that run lasts, since every write to them notifies in its own commit (a command reads
   * both: two statements fewer for each, issue 42).
   */
  private readonly facts = new Map<string, { feed: number; settings?: unknown; players?: PlayerRow[] }>();
  /** Moved by every change to any table's facts: a read that saw it move keeps nothing (it may predate the change). */
  private factsMoved = 0;

  private constructor(readonly url: string, options: PostgresOptions) {
    this.location = redact(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
      application_name: 'skirmish',
      types,
    });
    // an idle connection that dies (the database restarting) is dropped by the pool; the next query opens another
    this.pool.on('error', (err) => process.stderr.write(`skirmish store: an idle database connection was lost (${err.message})\n`));
    // a notification points to a commit already flushed: its own transaction need not wait for the disk
    this.notifier = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000, idleTimeoutMillis: 30_000, application_name: 'skirmish notifier', options: '-c synchronous_commit=off' });
    this.notifier.on('error', () => undefined);
  }

  /** Connect, and create or migrate the schema. */
  static async open(url: string, options: PostgresOptions = {}): Promise<PostgresStore> {
    const s = new PostgresStore(url, options);
    try {
      const client = await s.pool.connect().catch((err: unknown) => {
        throw storeError(err);
      });
      try {
        await migratePostgres(client);
      } finally {
        client.release();
      }
    } catch (err) {
      await s.pool.end().catch(() => undefined);
      await s.notifier.end().catch(() => undefined);
      throw err;
    }
    return s;
  }

  async describe(): Promise<string> {
    const { rows } = await this.q<{ s: string }>("SELECT current_setting('synchronous_commit') AS s");
    return `PostgreSQL ${this.location}, synchronous_commit ${rows[0].s}`;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const l = this.listener;
    this.listener = undefined;
    await l?.end().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
    // what committed is told before the connection goes
    await this.sending;
    await this.notifier.end().catch(() => undefined);
  }

  // ── plumbing ────────────────────────────────────────────────────────────

  /** A query; `name`: prepared once per connection and its plan kept (the statements every command or catch-up runs). */
  private async q<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = [], name?: string): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(name ? { name, text, values } : { text, values });
    } catch (err) {
      throw storeError(err);
    }
  }

  /** `fn` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  private async tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw storeError(err);
    }
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      if (unreachable(err)) broken = err;
      else await client.query('ROLLBACK').catch((e: unknown) => (broken = e));
      throw storeError(err);
    } finally {
      // a connection that failed is not handed out again
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  private payload(...parts: string[]): string {
    return [this.instance, ...parts].join(' ');
  }

  /**
   * Tell the other processes of a commit: queued, and sent with whatever else committed while the last
   * batch was on its way (no timer: a batch leaves as soon as the one before it is answered). A batch the
   * database refuses is dropped: the others' feed is down with it and they read again when it is back
   * (resync), or they find the change when they check what they watch.
   */
  private announce(payload: string, key?: [string, number]): void {
    this.outbox.push(payload);
    if (tracing && key) {
      mark(key[0], key[1], 'queued');
      this.outboxKeys.push(key);
    }
    this.sending ??= this.sendOutbox();
  }

  private async sendOutbox(): Promise<void> {
    while (this.outbox.length) {
      const batch = this.outbox;
      this.outbox = [];
      const keys = this.outboxKeys;
      this.outboxKeys = [];
      for (const [e, v] of keys) mark(e, v, 'sent');
      await this.notifier.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS u(p, i) ORDER BY i', [CHANNEL, batch]).catch((err: unknown) => {
        process.stderr.write(`skirmish store: ${batch.length} change notification(s) not sent (${(err as Error).message}); the other processes find the changes when they check\n`);
      });
      for (const [e, v] of keys) mark(e, v, 'notified');
    }
    this.sending = undefined;
  }

  // ── tables, players, tokens ─────────────────────────────────────────────

  async createTable(id: string, name: string, settings: unknown, gmTokenHash: string, creator?: string): Promise<void> {
    const now = Date.now();
    await this.q(
      `WITH t AS (INSERT INTO tables (id, name, settings, created_at, last_active_at, creator) VALUES ($1, $2, $3, $4, $4, $6) RETURNING id)
       INSERT INTO tokens (hash, table_id, role, player_id, created_at) SELECT $5, id, 'gm', NULL, $4 FROM t`,
      [id, name, JSON.stringify(settings), now, gmTokenHash, creator ?? null],
    );
  }

  async table(id: string): Promise<TableRow | undefined> {
    const { rows } = await this.q<Omit<TableRow, 'settings'> & { settings: string }>('SELECT id, name, settings, created_at AS "createdAt", last_active_at AS "lastActiveAt" FROM tables WHERE id = $1', [id]);
    const r = rows[0];
    return r && { ...r, settings: JSON.parse(r.settings) };
  }

  async countTables(creator?: string): Promise<number> {
    if (creator === undefined) return (await this.q<{ n: number }>('SELECT count(*) AS n FROM tables')).rows[0].n;
    return (await this.q<{ n: number }>('SELECT count(*) AS n FROM tables WHERE creator = $1', [creator])).rows[0].n;
  }

  async settings(id: string): Promise<unknown> {
    return this.fact(id, 'settings', async () => {
      const r = (await this.q<{ settings: string }>('SELECT settings FROM tables WHERE id = $1', [id], 'skirmish_settings')).rows[0];
      return r && (JSON.parse(r.settings) as unknown);
    });
  }

  async setSettings(id: string, settings: unknown): Promise<void> {
    // told in the commit (rare): a process that holds the old settings never outlives the change unheard
    await this.q('WITH u AS (UPDATE tables SET settings = $2 WHERE id = $1 RETURNING id) SELECT pg_notify($3, $4) FROM u', [id, JSON.stringify(settings), CHANNEL, this.payload('f', id)]);
    this.factsChanged(id);
  }

  /** A table's settings or players as held (a copy), or read and held while the change feed stays up. */
  private async fact<T>(tableId: string, key: 'settings' | 'players', read: () => Promise<T>): Promise<T> {
    const feed = this.feed();
    const held = feed === undefined ? undefined : this.facts.get(tableId);
    if (held?.feed === feed && held?.[key] !== undefined) return structuredClone(held[key] as T);
    const moved = this.factsMoved;
    const value = await read();
    if (feed !== undefined && value !== undefined && moved === this.factsMoved && this.feed() === feed) {
      const entry = held?.feed === feed ? held : { feed };
      (entry as Record<string, unknown>)[key] = value;
      this.facts.set(tableId, entry);
      return structuredClone(value);
    }
    return value;
  }

  /** A table's settings or players changed (here, or told by another process): read them again. */
  private factsChanged(tableId: string): void {
    this.facts.delete(tableId);
    this.factsMoved++;
  }

  async deleteTable(id: string): Promise<boolean> {
    return this.tx(async (c) => {
      const ofEncounters = 'WHERE encounter_id IN (SELECT id FROM encounters WHERE table_id = $1)';
      for (const t of ['events', 'commands', 'log_commands']) await c.query(`DELETE FROM ${t} ${ofEncounters}`, [id]);
      for (const t of ['encounters', 'roster_entries', 'library_entries', 'chat_messages', 'tokens', 'players']) await c.query(`DELETE FROM ${t} WHERE table_id = $1`, [id]);
      await tableImagesDeleted(c, id);
      const gone = (await c.query('DELETE FROM tables WHERE id = $1', [id])).rowCount! > 0;
      if (gone) await c.query('SELECT pg_notify($1, $2)', [CHANNEL, this.payload('t', id)]);
      return gone;
    }).finally(() => this.factsChanged(id));
  }

  async putImage(tableId: string, image: StoredImage, body: Uint8Array | undefined, bounds: ImageBounds): Promise<PutImage> {
    return this.tx((c) => putImageIn(c, tableId, image, body, bounds));
  }

  async image(hash: string): Promise<(StoredImage & { body: Uint8Array }) | undefined> {
    return (await this.q<StoredImage & { body: Uint8Array }>(IMAGE_SELECT, [hash])).rows[0];
  }

  async touchTable(id: string, at: number): Promise<void> {
    await this.q('UPDATE tables SET last_active_at = GREATEST(last_active_at, $2) WHERE id = $1', [id, at]);
  }

  async idleTables(before: number, limit: number): Promise<IdleTable[]> {
    return (await this.q<IdleTable>('SELECT id, last_active_at AS "lastActiveAt" FROM tables WHERE last_active_at < $1 ORDER BY last_active_at, id LIMIT $2', [before, limit])).rows;
  }

  async players(tableId: string): Promise<PlayerRow[]> {
    return this.fact(tableId, 'players', async () => (await this.q<PlayerRow>('SELECT player_id AS "playerId", name FROM players WHERE table_id = $1 ORDER BY created_at, player_id', [tableId], 'skirmish_players')).rows);
  }

  async addInvite(tableId: string, playerId: string, name: string, inviteHash: string): Promise<void> {
    // a player added or renamed: told in the commit, as settings are
    await this.q(
      `WITH p AS (INSERT INTO players (table_id, player_id, name, created_at) VALUES ($1, $2, $3, $4)
                  ON CONFLICT (table_id, player_id) DO UPDATE SET name = excluded.name RETURNING table_id),
       t AS (INSERT INTO tokens (hash, table_id, role, player_id, created_at) SELECT $5, table_id, 'invite', $2, $4 FROM p RETURNING table_id)
       SELECT pg_notify($6, $7) FROM t`,
      [tableId, playerId, name, Date.now(), inviteHash, CHANNEL, this.payload('f', tableId)],
    );
    this.factsChanged(tableId);
  }

  async redeemInvite(inviteHash: string, playerTokenHash: string): Promise<TokenRow | undefined> {
    // the DELETE takes the invite: of two redeeming it at once, one gets a row back
    const { rows } = await this.q<{ tableId: string; playerId: string }>(
      `WITH used AS (DELETE FROM tokens WHERE hash = $1 AND role = 'invite' RETURNING table_id, player_id)
       INSERT INTO tokens (hash, table_id, role, player_id, created_at) SELECT $2, table_id, 'player', player_id, $3 FROM used
       RETURNING table_id AS "tableId", player_id AS "playerId"`,
      [inviteHash, playerTokenHash, Date.now()],
    );
    const r = rows[0];
    return r && { tableId: r.tableId, role: 'player', playerId: r.playerId };
  }

  async playerTokens(tableId: string, playerId: string): Promise<number> {
    return (await this.q<{ n: number }>('SELECT count(*)::int AS n FROM tokens WHERE table_id = $1 AND player_id = $2', [tableId, playerId])).rows[0].n;
  }

  async revokePlayer(tableId: string, playerId: string): Promise<number> {
    const { rows } = await this.q<{ n: number }>(
      'WITH gone AS (DELETE FROM tokens WHERE table_id = $1 AND player_id = $2 RETURNING 1) SELECT (SELECT count(*) FROM gone) AS n, pg_notify($3, $4)',
      [tableId, playerId, CHANNEL, this.payload('r', tableId, playerId)],
    );
    return rows[0].n;
  }

  async tokenRow(hash: string): Promise<TokenRow | undefined> {
    const { rows } = await this.q<{ tableId: string; role: Role; playerId: string | null }>('SELECT table_id AS "tableId", role, player_id AS "playerId" FROM tokens WHERE hash = $1', [hash]);
    const r = rows[0];
    if (!r) return undefined;
    return r.playerId === null ? { tableId: r.tableId, role: r.role } : { tableId: r.tableId, role: r.role, playerId: r.playerId };
  }

  // ── encounters and their logs ───────────────────────────────────────────

  async createEncounters(list: readonly NewEncounter[]): Promise<void> {
    const all = list.map((e) => ({ ...e, events: eventRowsOf(e.events) }));
    await this.tx(async (c) => {
      for (const { row, events, logCommands = {}, document } of all) {
        const n = rowCount(events);
        await c.query('INSERT INTO encounters (id, table_id, ruleset, name, status, version, created_at, document) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
          row.id,
          row.tableId,
          row.ruleset,
          row.name,
          row.status,
          n,
          Date.now(),
          document === undefined ? null : JSON.stringify(document),
        ]);
        // a chunk a statement: the driver writes each statement's arrays in one go on this thread
        for (let from = 0; from < n; from += CREATE_CHUNK) {
          const to = Math.min(n, from + CREATE_CHUNK);
          const seqs = Array.from({ length: to - from }, (_, i) => from + i + 1);
          const { cmds, bodies } = rowsBetween(events, from, to);
          await c.query('INSERT INTO events (encounter_id, seq, cmd, body) SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[])', [row.id, seqs, cmds, bodies]);
        }
        const lc = Object.entries(logCommands);
        if (lc.length) await c.query('INSERT INTO log_commands (encounter_id, cmd, body) SELECT $1, * FROM unnest($2::text[], $3::text[])', [row.id, lc.map(([k]) => k), lc.map(([, v]) => JSON.stringify(v))]);
        await c.query('SELECT pg_notify($1, $2)', [CHANNEL, this.payload('e', row.id, row.tableId)]);
      }
    });
  }

  async encounter(id: string): Promise<EncounterRow | undefined> {
    return (await this.q<EncounterRow>(`SELECT ${ENCOUNTER_COLUMNS} FROM encounters WHERE id = $1`, [id])).rows[0];
  }

  async encounters(tableId: string): Promise<EncounterRow[]> {
    return (await this.q<EncounterRow>(`SELECT ${ENCOUNTER_COLUMNS} FROM encounters WHERE table_id = $1 ORDER BY created_at, id`, [tableId])).rows;
  }

  async encounterDocument(id: string): Promise<unknown> {
    const body = (await this.q<{ document: string | null }>('SELECT document FROM encounters WHERE id = $1', [id])).rows[0]?.document;
    return body === null || body === undefined ? undefined : (JSON.parse(body) as unknown);
  }

  async setPaused(id: string, paused: boolean): Promise<void> {
    await this.q(`WITH u AS (UPDATE encounters SET paused = $2 WHERE id = $1 RETURNING id, table_id) SELECT pg_notify($3, $4 || ' e ' || id || ' ' || table_id) FROM u`, [id, paused, CHANNEL, this.instance]);
  }

  async events(encounterId: string, after = 0, upTo = 2_147_483_647): Promise<LoggedEvent[]> {
    const { rows } = await this.q<{ body: string }>('SELECT body FROM events WHERE encounter_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq', [encounterId, after, Math.min(upTo, 2_147_483_647)]);
    return rows.map((r) => JSON.parse(r.body) as LoggedEvent);
  }

  async append(encounterId: string, expectedVersion: number, events: readonly LoggedEvent[], opts: AppendOptions): Promise<void> {
    checkSeqs(expectedVersion, events);
    const version = expectedVersion + events.length;
    const lc = Object.entries(opts.logCommands ?? {}).map(([k, v]) => [k, JSON.stringify(v)] as const);
    const columns = eventColumns(events);
    const c = opts.command;
    let rows: unknown[];
    try {
      // one statement, so one transaction and one round trip: nothing is written unless the version was the expected one
      ({ rows } = await this.pool.query(
        `WITH bumped AS (
           UPDATE encounters SET version = $3, status = $4, document = CASE WHEN $5::boolean THEN $6 ELSE document END
           WHERE id = $1 AND version = $2 AND NOT ($15::boolean AND paused) RETURNING id
         ), ev AS (
           INSERT INTO events (encounter_id, seq, cmd, body) SELECT bumped.id, e.* FROM bumped, unnest($7::int[], $8::text[], $9::text[]) AS e
         ), cmd AS (
           INSERT INTO commands (encounter_id, command_id, body_hash, result) SELECT id, $10, $11, $12 FROM bumped WHERE $10::text IS NOT NULL
         ), lc AS (
           INSERT INTO log_commands (encounter_id, cmd, body) SELECT bumped.id, l.* FROM bumped, unnest($13::text[], $14::text[]) AS l
         )
         SELECT 1 FROM bumped`,
        [
          encounterId,
          expectedVersion,
          version,
          opts.status,
          opts.document !== undefined,
          opts.document === undefined ? null : JSON.stringify(opts.document),
          ...columns,
          c?.id ?? null,
          c?.bodyHash ?? null,
          c ? JSON.stringify(c.result) : null,
          lc.map(([k]) => k),
          lc.map(([, v]) => v),
          opts.unpaused === true,
        ],
      ));
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      if (c && e.code === '23505' && e.constraint === 'commands_pkey') throw new DuplicateCommandError(c.id);
      throw storeError(err);
    }
    if (rows.length) return this.announce(carrying(this.payload('a', encounterId, String(version)), columns[2], lc), [encounterId, version]);
    const actual = (await this.encounter(encounterId))?.version;
    if (actual === undefined) throw new Error(`no encounter ${encounterId}`);
    throw new StaleVersionError(expectedVersion, actual);
  }

  async since(id: string, after: number): Promise<{ row: EncounterRow; events: LoggedEvent[]; commands: Record<string, Command> } | undefined> {
    // one statement, one snapshot: the events are those up to the version read with them
    const newer = 'FROM events WHERE encounter_id = $1 AND seq > $2 AND seq <= encounters.version';
    const { rows } = await this.q<EncounterRow & { events: string; commands: string }>(
      `SELECT ${ENCOUNTER_COLUMNS},
         (SELECT '[' || coalesce(string_agg(body, ',' ORDER BY seq), '') || ']' ${newer}) AS events,
         (SELECT '{' || coalesce(string_agg(to_json(cmd)::text || ':' || body, ','), '') || '}' FROM log_commands
           WHERE encounter_id = $1 AND cmd = ANY (ARRAY(SELECT cmd ${newer}))) AS commands
       FROM encounters WHERE id = $1`,
      [id, Math.min(after, 2_147_483_647)],
      'skirmish_since',
    );
    const r = rows[0];
    if (!r) return undefined;
    const { events, commands, ...row } = r;
    return { row, events: JSON.parse(events) as LoggedEvent[], commands: JSON.parse(commands) as Record<string, Command> };
  }

  async versions(ids: readonly string[]): Promise<Map<string, number>> {
    const { rows } = await this.q<{ id: string; version: number }>('SELECT id, version FROM encounters WHERE id = ANY($1::text[])', [ids]);
    return new Map(rows.map((r) => [r.id, r.version]));
  }

  async logCommands(encounterId: string, only?: readonly string[]): Promise<Record<string, Command>> {
    const { rows } = only
      ? await this.q<{ cmd: string; body: string }>('SELECT cmd, body FROM log_commands WHERE encounter_id = $1 AND cmd = ANY($2::text[])', [encounterId, only])
      : await this.q<{ cmd: string; body: string }>('SELECT cmd, body FROM log_commands WHERE encounter_id = $1', [encounterId]);
    const out: Record<string, Command> = {};
    for (const r of rows) out[r.cmd] = JSON.parse(r.body) as Command;
    return out;
  }

  async command(encounterId: string, commandId: string): Promise<StoredCommand | undefined> {
    const r = (await this.q<{ bodyHash: string; result: string }>('SELECT body_hash AS "bodyHash", result FROM commands WHERE encounter_id = $1 AND command_id = $2', [encounterId, commandId])).rows[0];
    return r && { bodyHash: r.bodyHash, result: JSON.parse(r.result) as StoredCommand['result'] };
  }

  // ── roster and library ──────────────────────────────────────────────────

  async roster(tableId: string): Promise<RosterEntry[]> {
    return rosterOf(await this.q<{ body: string }>('SELECT body FROM roster_entries WHERE table_id = $1 ORDER BY position, entry_id', [tableId]));
  }

  async updateRoster<T extends { entries: RosterEntry[] }>(tableId: string, next: (entries: RosterEntry[]) => T): Promise<T> {
    return this.tx(async (c) => {
      // the table's row, locked: another process's update of this roster waits for this one
      await c.query('SELECT 1 FROM tables WHERE id = $1 FOR UPDATE', [tableId]);
      const out = next(rosterOf(await c.query<{ body: string }>('SELECT body FROM roster_entries WHERE table_id = $1 ORDER BY position, entry_id', [tableId])));
      await c.query('DELETE FROM roster_entries WHERE table_id = $1', [tableId]);
      const e = out.entries;
      if (e.length) {
        await c.query('INSERT INTO roster_entries (table_id, entry_id, position, body) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[])', [tableId, e.map((x) => x.id), e.map((_, i) => i), e.map((x) => JSON.stringify(x))]);
      }
      return out;
    });
  }

  async library(tableId: string): Promise<LibraryEntry[]> {
    const { rows } = await this.q<{ body: string }>('SELECT body FROM library_entries WHERE table_id = $1 ORDER BY position, kind, entry_id', [tableId]);
    return rows.map((r) => JSON.parse(r.body) as LibraryEntry);
  }

  async putLibrary(tableId: string, entries: readonly LibraryEntry[]): Promise<void> {
    await this.tx(async (c) => {
      await c.query('SELECT 1 FROM tables WHERE id = $1 FOR UPDATE', [tableId]);
      let n = (await c.query<{ n: number }>('SELECT count(*) AS n FROM library_entries WHERE table_id = $1', [tableId])).rows[0].n;
      for (const e of entries) {
        await c.query('INSERT INTO library_entries (table_id, kind, entry_id, position, body) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (table_id, kind, entry_id) DO UPDATE SET body = excluded.body', [
          tableId,
          e.kind,
          e.id,
          n++,
          JSON.stringify(e),
        ]);
      }
    });
  }

  async deleteLibrary(tableId: string, kind: string, id: string): Promise<boolean> {
    const r = await this.q('DELETE FROM library_entries WHERE table_id = $1 AND kind = $2 AND entry_id = $3', [tableId, kind, id]);
    return (r.rowCount ?? 0) > 0;
  }

  async encounterFile(encounterId: string): Promise<EncounterFile | undefined> {
    const r = (await this.q<{ ruleset: string; document: string | null }>('SELECT ruleset, document FROM encounters WHERE id = $1', [encounterId])).rows[0];
    return r && encounterFileOf(r.ruleset, r.document, null);
  }

  // ── chat ────────────────────────────────────────────────────────────────

  async appendChat(tableId: string, row: Omit<ChatRow, 'seq'>, keep: number): Promise<number | undefined> {
    const seq = await this.tx(async (c) => {
      // the table's row, locked: two processes keeping a message at once number them one after the other
      if (!(await c.query('SELECT 1 FROM tables WHERE id = $1 FOR UPDATE', [tableId])).rowCount) return undefined;
      const { rows } = await c.query<{ seq: number }>(
        `INSERT INTO chat_messages (table_id, seq, id, at, writer, recipient, body)
         SELECT $1, coalesce(max(seq), 0) + 1, $2, $3, $4, $5, $6 FROM chat_messages WHERE table_id = $1 RETURNING seq`,
        [tableId, row.id, row.at, row.writer, row.recipient, row.body],
      );
      const n = rows[0].seq;
      await c.query('DELETE FROM chat_messages WHERE table_id = $1 AND seq <= $2', [tableId, n - keep]);
      return n;
    });
    // told after the commit, as appends are: the others read it from the table
    if (seq !== undefined) this.announce(this.payload('c', tableId, String(seq)));
    return seq;
  }

  async chat(tableId: string, q: ChatQuery): Promise<ChatRow[]> {
    const { text, values } = chatPage(tableId, q, (i) => `$${i}`);
    return (await this.q<ChatRow>(text, values)).rows;
  }

  async chatSeq(tableId: string, id: string, reader: ChatReader): Promise<number | undefined> {
    const { text, values } = chatCursor(tableId, id, reader, (i) => `$${i}`);
    return (await this.q<{ seq: number }>(text, values)).rows[0]?.seq;
  }

  // ── changes made by other processes ─────────────────────────────────────

  onChange(listener: (change: StoreChange) => void): () => void {
    this.listeners.add(listener);
    if (!this.listening) {
      this.listening = true;
      void this.listen(false);
    }
    return () => this.listeners.delete(listener);
  }

  /** Whether the listening connection is up (tests wait for it). */
  get hearing(): boolean {
    return this.listener !== undefined;
  }

  private emit(change: StoreChange): void {
    for (const l of this.listeners) {
      try {
        l(change);
      } catch (err) {
        process.stderr.write(`skirmish store: a change listener failed: ${(err as Error)?.stack ?? String(err)}\n`);
      }
    }
  }

  private async listen(again: boolean): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'skirmish listener', keepAlive: true, connectionTimeoutMillis: 5000 });
    let lost = false;
    const reconnect = (why: string) => {
      if (lost || this.closed) return;
      lost = true;
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      process.stderr.write(`skirmish store: lost the database's change feed (${why}); reconnecting\n`);
      clearTimeout(this.retry);
      this.retry = setTimeout(() => void this.listen(true), this.backoff);
      this.retry.unref();
      this.backoff = Math.min(this.backoff * 2, 2000);
    };
    client.on('error', (err) => reconnect(err.message));
    client.on('end', () => reconnect('connection ended'));
    client.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) this.received(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      reconnect((err as Error).message);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.feeds++;
    this.listener = client;
    this.backoff = 100;
    if (again) {
      process.stderr.write('skirmish store: the change feed is back; reading again what may have been missed\n');
      this.emit({ kind: 'resync' });
    }
  }

  feed(): number | undefined {
    return this.listener ? this.feeds : undefined;
  }

  private received(payload: string): void {
    const [from, kind, a, b] = payload.split(' ', 4);
    if (from === this.instance) return;
    if ((kind === 'f' || kind === 't') && a) this.factsChanged(a);
    if (kind === 'a' && a && b) mark(a, Number(b), 'heard');
    if (kind === 'a' && a && b) this.emit({ kind: 'appended', encounterId: a, version: Number(b), ...carried(payload, from.length + kind.length + a.length + b.length + 4) });
    else if (kind === 'e' && a && b) this.emit({ kind: 'encounter', encounterId: a, tableId: b });
    else if (kind === 'r' && a && b) this.emit({ kind: 'revoked', tableId: a, playerId: b });
    else if (kind === 't' && a) this.emit({ kind: 'tableDeleted', tableId: a });
    else if (kind === 'c' && a && b) this.emit({ kind: 'chat', tableId: a, seq: Number(b) });
  }
}

/**
 * NOTIFY's payload must be shorter than 8000 bytes: an append's notification carries its events and their
 * commands (the JSON stored) when they fit under this, so a listener need not read them back.
 */
export const CARRIED_BYTES = 7900;

/** An append's notification: the pointer, and after it what was stored, when it fits. */
function carrying(pointer: string, bodies: readonly string[], commands: readonly (readonly [string, string])[]): string {
  const told = `${pointer} {"events":[${bodies.join(',')}],"commands":{${commands.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}}`;
  return Buffer.byteLength(told) < CARRIED_BYTES ? told : pointer;
}

/** What an append's notification carried past its pointer (`at`: where it starts), if anything readable. */
function carried(payload: string, at: number): { logged?: { events: LoggedEvent[]; commands: Record<string, Command> } } {
  if (payload.length <= at) return {};
  try {
    const logged = JSON.parse(payload.slice(at)) as { events?: unknown; commands?: unknown };
    if (Array.isArray(logged.events) && logged.commands && typeof logged.commands === 'object') return { logged: logged as { events: LoggedEvent[]; commands: Record<string, Command> } };
  } catch {
    // the pointer alone: the listener reads the log
  }
  return {};
}

function checkSeqs(expectedVersion: number, events: readonly LoggedEvent[]): void {
  events.forEach((e, i) => {
    if (e.seq !== expectedVersion + i + 1) throw new Error(`event seq ${e.seq} does not follow version ${expectedVersion + i}`);
  });
}

function eventColumns(events: readonly LoggedEvent[]): [number[], string[], string[]] {
  return [events.map((e) => e.seq), events.map((e) => e.cmd), events.map((e) => JSON.stringify(e))];
}

const rosterOf = (r: pg.QueryResult<{ body: string }>): RosterEntry[] => r.rows.map((x) => JSON.parse(x.body) as RosterEntry);
