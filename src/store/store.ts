/**
 * Persistence of tables, tokens and encounter event logs in one SQLite file.
 *
 * Durability: WAL journal; `synchronous` FULL by default (a committed command survives power loss),
 * NORMAL on request (survives a process crash; the last transactions may roll back on power loss).
 * Every write a caller acknowledges is one transaction that has returned: callers acknowledge after.
 * The log is append-only: `append` names the version it expects and fails with StaleVersionError,
 * changing nothing, when another writer got there first.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command, LoggedEvent } from '../engine/index.ts';
import { migrate, SCHEMA_VERSION } from './schema.ts';

export type Synchronous = 'full' | 'normal';

export interface StoreOptions {
  /** File path, or ':memory:' for tests. */
  path: string;
  synchronous?: Synchronous;
}

export type Role = 'gm' | 'player' | 'invite';

export interface TableRow {
  id: string;
  name: string;
  settings: unknown;
  createdAt: number;
}

export interface PlayerRow {
  playerId: string;
  name: string;
}

export interface TokenRow {
  tableId: string;
  role: Role;
  playerId?: string;
}

export interface EncounterRow {
  id: string;
  tableId: string;
  ruleset: string;
  name: string;
  status: string;
  version: number;
  paused: boolean;
  createdAt: number;
}

/** What an accepted command left: the log command id and the seq range of its events. */
export interface CommandRecord {
  cmd: string;
  from: number;
  to: number;
}

export interface StoredCommand {
  bodyHash: string;
  result: CommandRecord;
}

export interface AppendOptions {
  /** The encounter's status after the events (setup / active / ended), for listings. */
  status: string;
  /** The client's command id, the hash of what it sent, and what it produced. */
  command?: { id: string; bodyHash: string; result: CommandRecord };
  /** Log command id → command, for the ids this append creates. */
  logCommands?: Record<string, Command>;
  /** The encounter's source document as it stands after these events (a unit added in the file's shape). */
  document?: unknown;
}

export class StaleVersionError extends Error {
  readonly code = 'STALE_VERSION';
  constructor(readonly expected: number, readonly actual: number) {
    super(`expected version ${expected}, the log is at ${actual}`);
  }
}

export class Store {
  readonly db: Database.Database;
  private readonly st: ReturnType<Store['prepare']>;

  constructor(readonly options: StoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
    this.db.pragma('foreign_keys = ON');
    // a second process on the same file waits for the write lock instead of failing at once
    this.db.pragma('busy_timeout = 5000');
    const current = this.db.pragma('user_version', { simple: true }) as number;
    if (current > SCHEMA_VERSION) throw new Error(`database schema ${current} is newer than this server (${SCHEMA_VERSION})`);
    migrate(this.db);
    this.st = this.prepare();
  }

  private prepare() {
    const db = this.db;
    return {
      insertTable: db.prepare('INSERT INTO tables (id, name, settings, created_at) VALUES (?, ?, ?, ?)'),
      getTable: db.prepare('SELECT id, name, settings, created_at AS createdAt FROM tables WHERE id = ?'),
      setSettings: db.prepare('UPDATE tables SET settings = ? WHERE id = ?'),
      insertPlayer: db.prepare('INSERT INTO players (table_id, player_id, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET name = excluded.name'),
      players: db.prepare('SELECT player_id AS playerId, name FROM players WHERE table_id = ? ORDER BY created_at, player_id'),
      insertToken: db.prepare('INSERT INTO tokens (hash, table_id, role, player_id, created_at) VALUES (?, ?, ?, ?, ?)'),
      token: db.prepare('SELECT table_id AS tableId, role, player_id AS playerId FROM tokens WHERE hash = ?'),
      deleteToken: db.prepare('DELETE FROM tokens WHERE hash = ?'),
      deletePlayerTokens: db.prepare('DELETE FROM tokens WHERE table_id = ? AND player_id = ?'),
      insertEncounter: db.prepare('INSERT INTO encounters (id, table_id, ruleset, name, status, version, created_at, document) VALUES (?, ?, ?, ?, ?, 0, ?, ?)'),
      document: db.prepare('SELECT document FROM encounters WHERE id = ?').pluck(),
      setDocument: db.prepare('UPDATE encounters SET document = ? WHERE id = ?'),
      encounter: db.prepare('SELECT id, table_id AS tableId, ruleset, name, status, version, paused, created_at AS createdAt FROM encounters WHERE id = ?'),
      encounters: db.prepare('SELECT id, table_id AS tableId, ruleset, name, status, version, paused, created_at AS createdAt FROM encounters WHERE table_id = ? ORDER BY created_at, id'),
      version: db.prepare('SELECT version FROM encounters WHERE id = ?').pluck(),
      setVersion: db.prepare('UPDATE encounters SET version = ?, status = ? WHERE id = ?'),
      setPaused: db.prepare('UPDATE encounters SET paused = ? WHERE id = ?'),
      insertEvent: db.prepare('INSERT INTO events (encounter_id, seq, cmd, body) VALUES (?, ?, ?, ?)'),
      events: db.prepare('SELECT body FROM events WHERE encounter_id = ? AND seq > ? AND seq <= ? ORDER BY seq').pluck(),
      insertCommand: db.prepare('INSERT INTO commands (encounter_id, command_id, body_hash, result) VALUES (?, ?, ?, ?)'),
      command: db.prepare('SELECT body_hash AS bodyHash, result FROM commands WHERE encounter_id = ? AND command_id = ?'),
      insertLogCommand: db.prepare('INSERT INTO log_commands (encounter_id, cmd, body) VALUES (?, ?, ?)'),
      logCommands: db.prepare('SELECT cmd, body FROM log_commands WHERE encounter_id = ?'),
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  // ── tables, players, tokens ─────────────────────────────────────────────

  createTable(id: string, name: string, settings: unknown, gmTokenHash: string): void {
    const now = Date.now();
    this.db.transaction(() => {
      this.st.insertTable.run(id, name, JSON.stringify(settings), now);
      this.st.insertToken.run(gmTokenHash, id, 'gm', null, now);
    }).immediate();
  }

  table(id: string): TableRow | undefined {
    const r = this.st.getTable.get(id) as (Omit<TableRow, 'settings'> & { settings: string }) | undefined;
    return r && { ...r, settings: JSON.parse(r.settings) };
  }

  setSettings(id: string, settings: unknown): void {
    this.st.setSettings.run(JSON.stringify(settings), id);
  }

  players(tableId: string): PlayerRow[] {
    return this.st.players.all(tableId) as PlayerRow[];
  }

  /** An invite for a player (creating or renaming the player). */
  addInvite(tableId: string, playerId: string, name: string, inviteHash: string): void {
    const now = Date.now();
    this.db.transaction(() => {
      this.st.insertPlayer.run(tableId, playerId, name, now);
      this.st.insertToken.run(inviteHash, tableId, 'invite', playerId, now);
    }).immediate();
  }

  /** Trade an invite for a player token, once: the invite is gone afterwards. */
  redeemInvite(inviteHash: string, playerTokenHash: string): TokenRow | undefined {
    return this.db.transaction(() => {
      const t = this.tokenRow(inviteHash);
      if (!t || t.role !== 'invite') return undefined;
      this.st.deleteToken.run(inviteHash);
      this.st.insertToken.run(playerTokenHash, t.tableId, 'player', t.playerId, Date.now());
      return { tableId: t.tableId, role: 'player' as const, playerId: t.playerId };
    }).immediate();
  }

  /** Every token (invites and sessions) of a player: a lost device or a player who left. */
  revokePlayer(tableId: string, playerId: string): number {
    return this.st.deletePlayerTokens.run(tableId, playerId).changes;
  }

  tokenRow(hash: string): TokenRow | undefined {
    const r = this.st.token.get(hash) as { tableId: string; role: Role; playerId: string | null } | undefined;
    if (!r) return undefined;
    return r.playerId === null ? { tableId: r.tableId, role: r.role } : { tableId: r.tableId, role: r.role, playerId: r.playerId };
  }

  // ── encounters and their logs ───────────────────────────────────────────

  /**
   * A new encounter with its first events (the creation), in one transaction. `document` is the source
   * document it was created from (plain JSON), when there is one (an import's only when its export carried it).
   */
  createEncounter(row: Pick<EncounterRow, 'id' | 'tableId' | 'ruleset' | 'name' | 'status'>, events: readonly LoggedEvent[], logCommands: Record<string, Command> = {}, document?: unknown): void {
    this.db.transaction(() => {
      this.st.insertEncounter.run(row.id, row.tableId, row.ruleset, row.name, row.status, Date.now(), document === undefined ? null : JSON.stringify(document));
      this.appendInTx(row.id, 0, events, row.status);
      for (const [cmd, body] of Object.entries(logCommands)) this.st.insertLogCommand.run(row.id, cmd, JSON.stringify(body));
    }).immediate();
  }

  encounter(id: string): EncounterRow | undefined {
    const r = this.st.encounter.get(id) as (Omit<EncounterRow, 'paused'> & { paused: number }) | undefined;
    return r && { ...r, paused: r.paused === 1 };
  }

  encounters(tableId: string): EncounterRow[] {
    return (this.st.encounters.all(tableId) as (Omit<EncounterRow, 'paused'> & { paused: number })[]).map((r) => ({ ...r, paused: r.paused === 1 }));
  }

  /** The encounter's source document (plain JSON), or undefined when none is kept (imported without one, or loaded before schema 3). */
  encounterDocument(id: string): unknown {
    const body = this.st.document.get(id) as string | null | undefined;
    return body === null || body === undefined ? undefined : (JSON.parse(body) as unknown);
  }

  setPaused(id: string, paused: boolean): void {
    this.st.setPaused.run(paused ? 1 : 0, id);
  }

  /** Events with after < seq ≤ upTo, in order. */
  events(encounterId: string, after = 0, upTo = Number.MAX_SAFE_INTEGER): LoggedEvent[] {
    return (this.st.events.all(encounterId, after, upTo) as string[]).map((b) => JSON.parse(b) as LoggedEvent);
  }

  /**
   * Append one command's events at `expectedVersion` in one transaction — all of the command or none of
   * it: the events, the encounter's new version and status, the client's command id with its result
   * (idempotent retries), and the command bodies behind new log command ids.
   */
  append(encounterId: string, expectedVersion: number, events: readonly LoggedEvent[], opts: AppendOptions): void {
    this.db.transaction(() => {
      this.appendInTx(encounterId, expectedVersion, events, opts.status);
      if (opts.command) this.st.insertCommand.run(encounterId, opts.command.id, opts.command.bodyHash, JSON.stringify(opts.command.result));
      for (const [cmd, body] of Object.entries(opts.logCommands ?? {})) this.st.insertLogCommand.run(encounterId, cmd, JSON.stringify(body));
      if (opts.document !== undefined) this.st.setDocument.run(JSON.stringify(opts.document), encounterId);
    }).immediate();
  }

  /** The command behind each log command id (EncounterLog.commands). */
  logCommands(encounterId: string): Record<string, Command> {
    const out: Record<string, Command> = {};
    for (const r of this.st.logCommands.all(encounterId) as { cmd: string; body: string }[]) out[r.cmd] = JSON.parse(r.body) as Command;
    return out;
  }

  private appendInTx(encounterId: string, expectedVersion: number, events: readonly LoggedEvent[], status: string): void {
    const actual = this.st.version.get(encounterId) as number | undefined;
    if (actual === undefined) throw new Error(`no encounter ${encounterId}`);
    if (actual !== expectedVersion) throw new StaleVersionError(expectedVersion, actual);
    events.forEach((e, i) => {
      if (e.seq !== expectedVersion + i + 1) throw new Error(`event seq ${e.seq} does not follow version ${expectedVersion + i}`);
      this.st.insertEvent.run(encounterId, e.seq, e.cmd, JSON.stringify(e));
    });
    this.st.setVersion.run(expectedVersion + events.length, status, encounterId);
  }

  command(encounterId: string, commandId: string): StoredCommand | undefined {
    const r = this.st.command.get(encounterId, commandId) as { bodyHash: string; result: string } | undefined;
    return r && { bodyHash: r.bodyHash, result: JSON.parse(r.result) as CommandRecord };
  }

  /** The durability settings in force (for /api/health and the docs' claims). */
  durability(): { journalMode: string; synchronous: string } {
    const journalMode = String(this.db.pragma('journal_mode', { simple: true }));
    const sync = Number(this.db.pragma('synchronous', { simple: true }));
    return { journalMode, synchronous: ['OFF', 'NORMAL', 'FULL', 'EXTRA'][sync] ?? String(sync) };
  }
}
