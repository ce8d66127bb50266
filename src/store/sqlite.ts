/**
 * The SQLite store: tables, tokens, encounter logs, documents, roster and library in one file, for one
 * server process (the default: embedded, nothing to set up).
 *
 * Durability: WAL journal; `synchronous` FULL by default (a committed command survives power loss),
 * NORMAL on request (survives a process crash; the last transactions may roll back on power loss).
 * Each method runs its statements synchronously (better-sqlite3) inside one transaction, and resolves
 * after it has committed. The log is append-only: `append` names the version it expects and fails with
 * StaleVersionError, changing nothing, when another writer got there first.
 *
 * A long log (an import's) is written as one transaction over several turns of the event loop
 * (`createInChunks`): every method that writes starts with `if (this.gate) await this.writable();`, or
 * its statements would join that transaction (and be undone if it fails). Checkpoints (the log copied
 * into the file) run in a thread of their own on a file (sqlite-checkpoint.ts), never on this one.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command, LibraryEntry, LoggedEvent, RosterEntry } from '../engine/index.ts';
import { encounterFileOf, type EncounterFile } from './roster.ts';
import { Checkpointer } from './sqlite-checkpoint.ts';
import { imageStatements } from './sqlite-images.ts';
import { migrate } from './sqlite-schema.ts';
import { chatCursor, chatPage } from './chat-sql.ts';
import {
  CREATE_CHUNK,
  DuplicateCommandError,
  eventRowsOf,
  rowCount,
  rowsBetween,
  StaleVersionError,
  type AppendOptions,
  type ChatQuery,
  type ChatReader,
  type ChatRow,
  type EventRows,
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

export type Synchronous = 'full' | 'normal';

export interface SqliteOptions {
  /** File path, or ':memory:' for tests. */
  path: string;
  synchronous?: Synchronous;
}

const ENCOUNTER_COLUMNS = 'id, table_id AS tableId, ruleset, name, status, version, paused, created_at AS createdAt';
type RawEncounter = Omit<EncounterRow, 'paused'> & { paused: number };
const encounterOf = (r: RawEncounter): EncounterRow => ({ ...r, paused: r.paused === 1 });

export class SqliteStore implements Store {
  readonly kind = 'sqlite';
  readonly location: string;
  readonly db: Database.Database;
  private readonly st: ReturnType<SqliteStore['prepare']>;
  private readonly images: ReturnType<typeof imageStatements>;

  constructor(readonly options: SqliteOptions) {
    this.location = options.path;
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
    this.db.pragma('foreign_keys = ON');
    // a second process on the same file waits for the write lock instead of failing at once
    this.db.pragma('busy_timeout = 5000');
    migrate(this.db);
    this.st = this.prepare();
    this.images = imageStatements(this.db);
    if (options.path !== ':memory:') {
      // checkpoints in a thread of their own (sqlite-checkpoint.ts); back to SQLite's own if it cannot run
      this.db.pragma('wal_autocheckpoint = 0');
      this.checkpointer = new Checkpointer(options.path, () => {
        if (this.db.open) this.db.pragma('wal_autocheckpoint = 1000');
      });
    }
  }

  private readonly checkpointer?: Checkpointer;

  private prepare() {
    const db = this.db;
    return {
      insertTable: db.prepare('INSERT INTO tables (id, name, settings, created_at, last_active_at, creator) VALUES (?, ?, ?, ?, ?, ?)'),
      getTable: db.prepare('SELECT id, name, settings, created_at AS createdAt, last_active_at AS lastActiveAt FROM tables WHERE id = ?'),
      countTables: db.prepare('SELECT count(*) FROM tables').pluck(),
      countTablesOf: db.prepare('SELECT count(*) FROM tables WHERE creator = ?').pluck(),
      setSettings: db.prepare('UPDATE tables SET settings = ? WHERE id = ?'),
      getSettings: db.prepare('SELECT settings FROM tables WHERE id = ?'),
      touchTable: db.prepare('UPDATE tables SET last_active_at = max(last_active_at, ?) WHERE id = ?'),
      idleTables: db.prepare('SELECT id, last_active_at AS lastActiveAt FROM tables WHERE last_active_at < ? ORDER BY last_active_at, id LIMIT ?'),
      insertPlayer: db.prepare('INSERT INTO players (table_id, player_id, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET name = excluded.name'),
      players: db.prepare('SELECT player_id AS playerId, name FROM players WHERE table_id = ? ORDER BY created_at, player_id'),
      insertToken: db.prepare('INSERT INTO tokens (hash, table_id, role, player_id, created_at) VALUES (?, ?, ?, ?, ?)'),
      token: db.prepare('SELECT table_id AS tableId, role, player_id AS playerId FROM tokens WHERE hash = ?'),
      deleteToken: db.prepare('DELETE FROM tokens WHERE hash = ?'),
      deletePlayerTokens: db.prepare('DELETE FROM tokens WHERE table_id = ? AND player_id = ?'),
      countPlayerTokens: db.prepare('SELECT count(*) FROM tokens WHERE table_id = ? AND player_id = ?').pluck(),
      insertEncounter: db.prepare('INSERT INTO encounters (id, table_id, ruleset, name, status, version, created_at, document) VALUES (?, ?, ?, ?, ?, 0, ?, ?)'),
      document: db.prepare('SELECT document FROM encounters WHERE id = ?').pluck(),
      setDocument: db.prepare('UPDATE encounters SET document = ? WHERE id = ?'),
      encounter: db.prepare(`SELECT ${ENCOUNTER_COLUMNS} FROM encounters WHERE id = ?`),
      encounters: db.prepare(`SELECT ${ENCOUNTER_COLUMNS} FROM encounters WHERE table_id = ? ORDER BY created_at, id`),
      version: db.prepare('SELECT version FROM encounters WHERE id = ?').pluck(),
      setVersion: db.prepare('UPDATE encounters SET version = ?, status = ? WHERE id = ?'),
      setPaused: db.prepare('UPDATE encounters SET paused = ? WHERE id = ?'),
      insertEvent: db.prepare('INSERT INTO events (encounter_id, seq, cmd, body) VALUES (?, ?, ?, ?)'),
      events: db.prepare('SELECT body FROM events WHERE encounter_id = ? AND seq > ? AND seq <= ? ORDER BY seq').pluck(),
      insertCommand: db.prepare('INSERT INTO commands (encounter_id, command_id, body_hash, result) VALUES (?, ?, ?, ?)'),
      command: db.prepare('SELECT body_hash AS bodyHash, result FROM commands WHERE encounter_id = ? AND command_id = ?'),
      insertLogCommand: db.prepare('INSERT INTO log_commands (encounter_id, cmd, body) VALUES (?, ?, ?)'),
      logCommands: db.prepare('SELECT cmd, body FROM log_commands WHERE encounter_id = ?'),
      logCommand: db.prepare('SELECT body FROM log_commands WHERE encounter_id = ? AND cmd = ?').pluck(),
      roster: db.prepare('SELECT body FROM roster_entries WHERE table_id = ? ORDER BY position, entry_id').pluck(),
      clearRoster: db.prepare('DELETE FROM roster_entries WHERE table_id = ?'),
      insertRoster: db.prepare('INSERT INTO roster_entries (table_id, entry_id, position, body) VALUES (?, ?, ?, ?)'),
      library: db.prepare('SELECT body FROM library_entries WHERE table_id = ? ORDER BY position, kind, entry_id').pluck(),
      upsertLibrary: db.prepare(
        'INSERT INTO library_entries (table_id, kind, entry_id, position, body) VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, kind, entry_id) DO UPDATE SET body = excluded.body',
      ),
      deleteLibrary: db.prepare('DELETE FROM library_entries WHERE table_id = ? AND kind = ? AND entry_id = ?'),
      libraryCount: db.prepare('SELECT count(*) FROM library_entries WHERE table_id = ?').pluck(),
      tableExists: db.prepare('SELECT 1 FROM tables WHERE id = ?').pluck(),
      chatLast: db.prepare('SELECT coalesce(max(seq), 0) FROM chat_messages WHERE table_id = ?').pluck(),
      insertChat: db.prepare('INSERT INTO chat_messages (table_id, seq, id, at, writer, recipient, body) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      trimChat: db.prepare('DELETE FROM chat_messages WHERE table_id = ? AND seq <= ?'),
      file: db.prepare('SELECT e.ruleset, e.document, f.body AS legacy FROM encounters e LEFT JOIN encounter_files f ON f.encounter_id = e.id WHERE e.id = ?'),
    };
  }

  async describe(): Promise<string> {
    const d = this.durability();
    return `SQLite ${this.location}, journal ${d.journalMode}, synchronous ${d.synchronous}`;
  }

  async close(): Promise<void> {
    await this.checkpointer?.stop();
    if (this.db.open) this.db.close();
  }

  /** The durability settings in force (for the start-up line and the docs' claims). */
  durability(): { journalMode: string; synchronous: string } {
    const journalMode = String(this.db.pragma('journal_mode', { simple: true }));
    const sync = Number(this.db.pragma('synchronous', { simple: true }));
    return { journalMode, synchronous: ['OFF', 'NORMAL', 'FULL', 'EXTRA'][sync] ?? String(sync) };
  }

  // ── tables, players, tokens ─────────────────────────────────────────────

  async createTable(id: string, name: string, settings: unknown, gmTokenHash: string, creator?: string): Promise<void> {
    if (this.gate) await this.writable();
    const now = Date.now();
    this.db.transaction(() => {
      this.st.insertTable.run(id, name, JSON.stringify(settings), now, now, creator ?? null);
      this.st.insertToken.run(gmTokenHash, id, 'gm', null, now);
    }).immediate();
  }

  async table(id: string): Promise<TableRow | undefined> {
    const r = this.st.getTable.get(id) as (Omit<TableRow, 'settings'> & { settings: string }) | undefined;
    return r && { ...r, settings: JSON.parse(r.settings) };
  }

  async countTables(creator?: string): Promise<number> {
    return (creator === undefined ? this.st.countTables.get() : this.st.countTablesOf.get(creator)) as number;
  }

  async settings(id: string): Promise<unknown> {
    const r = this.st.getSettings.get(id) as { settings: string } | undefined;
    return r && (JSON.parse(r.settings) as unknown);
  }

  async setSettings(id: string, settings: unknown): Promise<void> {
    if (this.gate) await this.writable();
    this.st.setSettings.run(JSON.stringify(settings), id);
  }

  async deleteTable(id: string): Promise<boolean> {
    if (this.gate) await this.writable();
    return this.db.transaction(() => {
      const ofEncounters = 'WHERE encounter_id IN (SELECT id FROM encounters WHERE table_id = ?)';
      for (const t of ['events', 'commands', 'log_commands', 'encounter_files']) this.db.prepare(`DELETE FROM ${t} ${ofEncounters}`).run(id);
      for (const t of ['encounters', 'roster_entries', 'library_entries', 'chat_messages', 'tokens', 'players']) this.db.prepare(`DELETE FROM ${t} WHERE table_id = ?`).run(id);
      this.images.tableDeleted(id);
      return this.db.prepare('DELETE FROM tables WHERE id = ?').run(id).changes > 0;
    }).immediate();
  }

  async putImage(tableId: string, image: StoredImage, body: Uint8Array | undefined, bounds: ImageBounds): Promise<PutImage> {
    if (this.gate) await this.writable();
    return this.images.put(tableId, image, body, bounds);
  }

  async image(hash: string): Promise<(StoredImage & { body: Uint8Array }) | undefined> {
    return this.images.get(hash);
  }

  async touchTable(id: string, at: number): Promise<void> {
    if (this.gate) await this.writable();
    this.st.touchTable.run(at, id);
  }

  async idleTables(before: number, limit: number): Promise<IdleTable[]> {
    return this.st.idleTables.all(before, limit) as IdleTable[];
  }

  async players(tableId: string): Promise<PlayerRow[]> {
    return this.st.players.all(tableId) as PlayerRow[];
  }

  async addInvite(tableId: string, playerId: string, name: string, inviteHash: string): Promise<void> {
    if (this.gate) await this.writable();
    const now = Date.now();
    this.db.transaction(() => {
      this.st.insertPlayer.run(tableId, playerId, name, now);
      this.st.insertToken.run(inviteHash, tableId, 'invite', playerId, now);
    }).immediate();
  }

  async redeemInvite(inviteHash: string, playerTokenHash: string): Promise<TokenRow | undefined> {
    if (this.gate) await this.writable();
    return this.db.transaction(() => {
      const t = this.tokenOf(inviteHash);
      if (!t || t.role !== 'invite') return undefined;
      this.st.deleteToken.run(inviteHash);
      this.st.insertToken.run(playerTokenHash, t.tableId, 'player', t.playerId, Date.now());
      return { tableId: t.tableId, role: 'player' as const, playerId: t.playerId };
    }).immediate();
  }

  async revokePlayer(tableId: string, playerId: string): Promise<number> {
    if (this.gate) await this.writable();
    return this.st.deletePlayerTokens.run(tableId, playerId).changes;
  }

  async playerTokens(tableId: string, playerId: string): Promise<number> {
    return this.st.countPlayerTokens.get(tableId, playerId) as number;
  }

  async tokenRow(hash: string): Promise<TokenRow | undefined> {
    return this.tokenOf(hash);
  }

  private tokenOf(hash: string): TokenRow | undefined {
    const r = this.st.token.get(hash) as { tableId: string; role: Role; playerId: string | null } | undefined;
    if (!r) return undefined;
    return r.playerId === null ? { tableId: r.tableId, role: r.role } : { tableId: r.tableId, role: r.role, playerId: r.playerId };
  }

  // ── encounters and their logs ───────────────────────────────────────────

  async createEncounters(list: readonly NewEncounter[]): Promise<void> {
    const all = list.map((e) => ({ ...e, events: eventRowsOf(e.events) }));
    if (this.gate) await this.writable();
    if (all.reduce((n, e) => n + rowCount(e.events), 0) > CREATE_CHUNK) return this.createInChunks(all);
    this.db.transaction(() => {
      for (const e of all) {
        this.insertCreated(e);
        this.insertEvents(e.row.id, e.events, 0, rowCount(e.events));
      }
    }).immediate();
  }

  /**
   * A long log (an import of 20,000 events took 60–80 ms in one go, every table waiting) written as one
   * transaction a chunk at a time, other work running between chunks. Other writes wait their turn
   * (`gate`): on this one connection they would join this transaction, and a failure here would undo
   * them. The encounter rows go in last, in the same turn as the commit, so no read sees an encounter
   * before all of its log. Foreign keys are off meanwhile (no other write runs): checked when the
   * encounter row went in, they scanned its whole log in that last turn (30–70 ms for 100,000 events on a
   * loaded machine); what they would check is checked here (the table still there, each log's encounter
   * row written with it, or none of it).
   */
  private async createInChunks(all: readonly (NewEncounter & { events: EventRows })[]): Promise<void> {
    let open!: () => void;
    this.gate = new Promise<void>((r) => (open = r));
    try {
      this.db.pragma('foreign_keys = OFF');
      this.db.exec('BEGIN IMMEDIATE');
      try {
        for (const e of all) {
          const n = rowCount(e.events);
          for (let from = 0; from < n; from += CREATE_CHUNK) {
            this.insertEvents(e.row.id, e.events, from, Math.min(n, from + CREATE_CHUNK));
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
        for (const e of all) {
          if (!this.st.tableExists.get(e.row.tableId)) throw new Error(`FOREIGN KEY constraint failed: no table ${e.row.tableId}`);
          this.insertCreated(e);
        }
        this.db.exec('COMMIT');
      } catch (err) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw err;
      }
    } finally {
      this.db.pragma('foreign_keys = ON');
      this.gate = undefined;
      open();
    }
  }

  /** Rows [from, to): decoded from the packed log here, a chunk at a time (event-rows.ts). */
  private insertEvents(encounterId: string, events: EventRows, from: number, to: number): void {
    const { cmds, bodies } = rowsBetween(events, from, to);
    for (let i = from; i < to; i++) this.st.insertEvent.run(encounterId, i + 1, cmds[i - from], bodies[i - from]);
  }

  /** The encounter's row (at the version of its events), its log commands. */
  private insertCreated({ row, events, logCommands = {}, document }: NewEncounter & { events: EventRows }): void {
    this.st.insertEncounter.run(row.id, row.tableId, row.ruleset, row.name, row.status, Date.now(), document === undefined ? null : JSON.stringify(document));
    this.st.setVersion.run(rowCount(events), row.status, row.id);
    for (const [cmd, body] of Object.entries(logCommands)) this.st.insertLogCommand.run(row.id, cmd, JSON.stringify(body));
  }

  /** While a long log is written (`createInChunks`), a write waits for it to commit (or fail). */
  private gate: Promise<void> | undefined;

  private async writable(): Promise<void> {
    while (this.gate) await this.gate;
  }

  async encounter(id: string): Promise<EncounterRow | undefined> {
    const r = this.st.encounter.get(id) as RawEncounter | undefined;
    return r && encounterOf(r);
  }

  async encounters(tableId: string): Promise<EncounterRow[]> {
    return (this.st.encounters.all(tableId) as RawEncounter[]).map(encounterOf);
  }

  async encounterDocument(id: string): Promise<unknown> {
    const body = this.st.document.get(id) as string | null | undefined;
    return body === null || body === undefined ? undefined : (JSON.parse(body) as unknown);
  }

  async setPaused(id: string, paused: boolean): Promise<void> {
    if (this.gate) await this.writable();
    this.st.setPaused.run(paused ? 1 : 0, id);
  }

  async events(encounterId: string, after = 0, upTo = Number.MAX_SAFE_INTEGER): Promise<LoggedEvent[]> {
    return (this.st.events.all(encounterId, after, upTo) as string[]).map((b) => JSON.parse(b) as LoggedEvent);
  }

  async append(encounterId: string, expectedVersion: number, events: readonly LoggedEvent[], opts: AppendOptions): Promise<void> {
    if (this.gate) await this.writable();
    this.db.transaction(() => {
      this.appendInTx(encounterId, expectedVersion, events, opts.status);
      if (opts.command) {
        const c = opts.command;
        if (this.st.command.get(encounterId, c.id)) throw new DuplicateCommandError(c.id);
        this.st.insertCommand.run(encounterId, c.id, c.bodyHash, JSON.stringify(c.result));
      }
      for (const [cmd, body] of Object.entries(opts.logCommands ?? {})) this.st.insertLogCommand.run(encounterId, cmd, JSON.stringify(body));
      if (opts.document !== undefined) this.st.setDocument.run(JSON.stringify(opts.document), encounterId);
    }).immediate();
  }

  async logCommands(encounterId: string, only?: readonly string[]): Promise<Record<string, Command>> {
    const out: Record<string, Command> = {};
    if (only) {
      for (const cmd of only) {
        const body = this.st.logCommand.get(encounterId, cmd) as string | undefined;
        if (body !== undefined) out[cmd] = JSON.parse(body) as Command;
      }
      return out;
    }
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

  async command(encounterId: string, commandId: string): Promise<StoredCommand | undefined> {
    const r = this.st.command.get(encounterId, commandId) as { bodyHash: string; result: string } | undefined;
    return r && { bodyHash: r.bodyHash, result: JSON.parse(r.result) as StoredCommand['result'] };
  }

  // ── roster and library ──────────────────────────────────────────────────

  async roster(tableId: string): Promise<RosterEntry[]> {
    return this.rosterOf(tableId);
  }

  private rosterOf(tableId: string): RosterEntry[] {
    return (this.st.roster.all(tableId) as string[]).map((b) => JSON.parse(b) as RosterEntry);
  }

  async updateRoster<T extends { entries: RosterEntry[] }>(tableId: string, next: (entries: RosterEntry[]) => T): Promise<T> {
    if (this.gate) await this.writable();
    return this.db.transaction(() => {
      const out = next(this.rosterOf(tableId));
      this.st.clearRoster.run(tableId);
      out.entries.forEach((e, i) => this.st.insertRoster.run(tableId, e.id, i, JSON.stringify(e)));
      return out;
    }).immediate();
  }

  async library(tableId: string): Promise<LibraryEntry[]> {
    return (this.st.library.all(tableId) as string[]).map((b) => JSON.parse(b) as LibraryEntry);
  }

  async putLibrary(tableId: string, entries: readonly LibraryEntry[]): Promise<void> {
    if (this.gate) await this.writable();
    this.db.transaction(() => {
      let n = this.st.libraryCount.get(tableId) as number;
      for (const e of entries) this.st.upsertLibrary.run(tableId, e.kind, e.id, n++, JSON.stringify(e));
    }).immediate();
  }

  async deleteLibrary(tableId: string, kind: string, id: string): Promise<boolean> {
    if (this.gate) await this.writable();
    return this.st.deleteLibrary.run(tableId, kind, id).changes > 0;
  }

  async encounterFile(encounterId: string): Promise<EncounterFile | undefined> {
    const r = this.st.file.get(encounterId) as { ruleset: string; document: string | null; legacy: string | null } | undefined;
    return r && encounterFileOf(r.ruleset, r.document, r.legacy);
  }

  // ── chat ────────────────────────────────────────────────────────────────

  async appendChat(tableId: string, row: Omit<ChatRow, 'seq'>, keep: number): Promise<number | undefined> {
    if (this.gate) await this.writable();
    return this.db.transaction(() => {
      if (!this.st.tableExists.get(tableId)) return undefined;
      const seq = (this.st.chatLast.get(tableId) as number) + 1;
      this.st.insertChat.run(tableId, seq, row.id, row.at, row.writer, row.recipient, row.body);
      this.st.trimChat.run(tableId, seq - keep);
      return seq;
    }).immediate();
  }

  async chat(tableId: string, q: ChatQuery): Promise<ChatRow[]> {
    const { text, values } = chatPage(tableId, q, () => '?');
    return this.db.prepare(text).all(...values) as ChatRow[];
  }

  async chatSeq(tableId: string, id: string, reader: ChatReader): Promise<number | undefined> {
    const { text, values } = chatCursor(tableId, id, reader, () => '?');
    return this.db.prepare(text).pluck().get(...values) as number | undefined;
  }

  // one process writes the file: there is no one else to hear from
  onChange(_listener: (change: StoreChange) => void): () => void {
    return () => {};
  }
}

