/**
 * The store contract: what the server keeps, whichever database keeps it. Two adapters implement it —
 * SQLite (sqlite.ts: one file, one process, the default) and PostgreSQL (postgres.ts: several processes
 * on one database) — and one contract test suite (contract.ts) runs against both.
 *
 * Every method is async and every write is one transaction that has committed when its promise
 * resolves: callers acknowledge after. The log is append-only: `append` names the version it expects and
 * fails with StaleVersionError, changing nothing, when another writer got there first — the database
 * decides, so of two processes appending the same version exactly one wins.
 *
 * `onChange` hears what other processes wrote (PostgreSQL LISTEN/NOTIFY): a pointer, with which the server
 * catches up from the log — and for a small append its events, which need no read when they follow what
 * the server holds. A store no other process writes to never calls it.
 */
import type { Command, LibraryEntry, LoggedEvent, RosterEntry } from '../engine/index.ts';
import type { EventRows } from './event-rows.ts';
import type { EncounterFile } from './roster.ts';

export * from './event-rows.ts';

export type Role = 'gm' | 'player' | 'invite';

export interface TableRow {
  id: string;
  name: string;
  settings: unknown;
  createdAt: number;
  /** The last activity `touchTable` recorded (ms since the epoch); the creation until then. */
  lastActiveAt: number;
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
  /**
   * Append only if the encounter is not paused (else StaleVersionError): a player's command decided on a
   * copy not read again first (the pause may have come from another process, not heard of yet). Sent only
   * to stores with `feed` — the only ones a command is decided on such a copy with.
   */
  unpaused?: boolean;
}

/** A new encounter with its first events (the creation). */
export interface NewEncounter {
  row: Pick<EncounterRow, 'id' | 'tableId' | 'ruleset' | 'name' | 'status'>;
  /** Its events, or (an import's) their JSON already written off the main thread. */
  events: readonly LoggedEvent[] | EventRows;
  logCommands?: Record<string, Command>;
  /** The source document it was created from (plain JSON), when there is one. */
  document?: unknown;
}

/** Rows written per statement (and, in SQLite, per turn of the event loop) when a long log is created. */
export const CREATE_CHUNK = 1000;

export interface IdleTable {
  id: string;
  lastActiveAt: number;
}

/**
 * What another process wrote: a pointer to re-read — and for an append whose events are small, the events
 * and their commands as stored (`logged`), so a listener holding the log up to just before them need not read.
 */
export type StoreChange =
  | { kind: 'appended'; encounterId: string; version: number; logged?: { events: LoggedEvent[]; commands: Record<string, Command> } }
  | { kind: 'encounter'; encounterId: string; tableId: string }
  | { kind: 'revoked'; tableId: string; playerId: string }
  | { kind: 'tableDeleted'; tableId: string }
  /** A chat message was kept at a table: its seq (the table's chat, read from the store). */
  | { kind: 'chat'; tableId: string; seq: number }
  /** Changes may have been missed (the listening connection was lost and is back): re-read what you hold. */
  | { kind: 'resync' };

/**
 * One chat message of a table as kept (src/server/chat.ts makes them). `writer` is 'gm' or 'p:<player>';
 * `recipient` 'table', 'gm' or 'p:<player>': a player reads what goes to the table, what it wrote and
 * what was sent to it (the store filters, so a page of chat is a page of what that reader may see).
 * `seq` numbers a table's messages; it never leaves the server (a player would count the whispers in its gaps).
 */
export interface ChatRow {
  seq: number;
  id: string;
  at: number;
  writer: string;
  recipient: string;
  /** The message as JSON text. */
  body: string;
}

/** Who reads a table's chat: the GM (everything) or one player (its projection). */
export type ChatReader = { gm: true } | { player: string };

export interface ChatQuery {
  reader: ChatReader;
  /** Only messages before this seq (a page further back), or after it (catching up), newest first or oldest first. */
  before?: number;
  after?: number;
  limit: number;
}

/** A map image as stored: once per server by the SHA-256 of its bytes (hex), with what its checks found. */
export interface StoredImage {
  hash: string;
  /** Its content type: image/png, image/jpeg or image/webp. */
  type: string;
  width: number;
  height: number;
  /** Its length in bytes. */
  size: number;
}

/** The bounds `putImage` keeps, checked in the transaction that stores. */
export interface ImageBounds {
  /** Images one table may hold (each counted once however many encounters show it). */
  perTable: number;
  /** Bytes of images one table may hold. */
  bytesPerTable: number;
  /** Bytes of images the whole server may hold. */
  bytesPerServer: number;
}

/** What `putImage` did: kept (stored, or already there), or which bound refused it, or (no bytes given) the server has no such image. */
export type PutImage = { ok: true; stored: boolean } | { ok: false; refused: 'perTable' | 'bytesPerTable' | 'bytesPerServer' | 'missing' };

export class StaleVersionError extends Error {
  readonly code = 'STALE_VERSION';
  constructor(readonly expected: number, readonly actual: number) {
    super(`expected version ${expected}, the log is at ${actual}`);
  }
}

/** The client's command id is already stored for this encounter: another process committed it first. */
export class DuplicateCommandError extends Error {
  readonly code = 'DUPLICATE_COMMAND';
  constructor(readonly commandId: string) {
    super(`command id ${commandId} is already stored`);
  }
}

/**
 * The database cannot be reached (down, restarting, refusing connections). Whether a write that failed
 * this way committed is unknown: a client sends the command again with the same id, and it lands once.
 */
export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Where it is, for a log line (a password is never shown). */
  readonly location: string;
  /** One line for the server's start-up message: where, and the durability settings in force. */
  describe(): Promise<string>;
  close(): Promise<void>;

  // ── tables, players, tokens, settings ───────────────────────────────────
  /** `creator`: the network it was created from (src/server/upkeep.ts), counted by countTables(creator). */
  createTable(id: string, name: string, settings: unknown, gmTokenHash: string, creator?: string): Promise<void>;
  table(id: string): Promise<TableRow | undefined>;
  /** The table's settings as `setSettings` left them (undefined: no such table): what every command reads. */
  settings(id: string): Promise<unknown>;
  /** Tables held: all, or those created from `creator`. */
  countTables(creator?: string): Promise<number>;
  setSettings(id: string, settings: unknown): Promise<void>;
  /** The table and everything of it (players, tokens, encounters and their logs, roster, library, chat). False: there was none. */
  deleteTable(id: string): Promise<boolean>;
  /** Record activity at `at` (ms); the last activity never goes back. */
  touchTable(id: string, at: number): Promise<void>;
  /** Tables whose last activity is before `before`, oldest first, at most `limit`. */
  idleTables(before: number, limit: number): Promise<IdleTable[]>;
  players(tableId: string): Promise<PlayerRow[]>;
  /** An invite for a player (creating or renaming the player). */
  addInvite(tableId: string, playerId: string, name: string, inviteHash: string): Promise<void>;
  /** Trade an invite for a player token, once: the invite is gone afterwards. */
  redeemInvite(inviteHash: string, playerTokenHash: string): Promise<TokenRow | undefined>;
  /** Every token (invites and sessions) of a player; how many there were. */
  revokePlayer(tableId: string, playerId: string): Promise<number>;
  /** How many tokens a player holds: invites not yet used and sessions. */
  playerTokens(tableId: string, playerId: string): Promise<number>;
  tokenRow(hash: string): Promise<TokenRow | undefined>;

  // ── encounters and their logs ───────────────────────────────────────────
  /** New encounters with their first events, all of them or none, in one transaction. */
  createEncounters(list: readonly NewEncounter[]): Promise<void>;
  encounter(id: string): Promise<EncounterRow | undefined>;
  encounters(tableId: string): Promise<EncounterRow[]>;
  /** The encounter's source document (plain JSON), or undefined when none is kept. */
  encounterDocument(id: string): Promise<unknown>;
  setPaused(id: string, paused: boolean): Promise<void>;
  /** Events with after < seq ≤ upTo, in order. */
  events(encounterId: string, after?: number, upTo?: number): Promise<LoggedEvent[]>;
  /**
   * Append one command's events at `expectedVersion` in one transaction — all of the command or none of
   * it: the events, the encounter's new version and status, the client's command id with its result
   * (idempotent retries), the command bodies behind new log command ids, and the document if given.
   * StaleVersionError: the log is not at `expectedVersion`; DuplicateCommandError: the command id is taken.
   */
  append(encounterId: string, expectedVersion: number, events: readonly LoggedEvent[], opts: AppendOptions): Promise<void>;
  /** The command behind each log command id (EncounterLog.commands); only those of `only` when given. */
  logCommands(encounterId: string, only?: readonly string[]): Promise<Record<string, Command>>;
  command(encounterId: string, commandId: string): Promise<StoredCommand | undefined>;

  // ── roster and library ──────────────────────────────────────────────────
  roster(tableId: string): Promise<RosterEntry[]>;
  /**
   * Read the roster, compute the next one and write it, in one transaction that holds the table's roster
   * against other writers (any process). `next` may throw: then nothing is written. Returns what it returned.
   */
  updateRoster<T extends { entries: RosterEntry[] }>(tableId: string, next: (entries: RosterEntry[]) => T): Promise<T>;
  library(tableId: string): Promise<LibraryEntry[]>;
  /** Add or replace (by kind and id) library entries, all in one transaction. */
  putLibrary(tableId: string, entries: readonly LibraryEntry[]): Promise<void>;
  /** Take one library entry out (the builder's Delete); false when there was none of that kind and id. */
  deleteLibrary(tableId: string, kind: string, id: string): Promise<boolean>;
  /** The encounter's units as written and its sides (roster.ts); undefined when none are kept. */
  encounterFile(encounterId: string): Promise<EncounterFile | undefined>;

  // ── chat ────────────────────────────────────────────────────────────────
  /**
   * Keep a chat message at the table (the next seq), and drop the table's oldest past `keep`, in one
   * transaction; told to other processes after it commits. Returns its seq; undefined: no such table.
   */
  appendChat(tableId: string, row: Omit<ChatRow, 'seq'>, keep: number): Promise<number | undefined>;
  /**
   * A page of the table's chat as `reader` may see it: with `after`, the oldest first after that seq;
   * otherwise the newest first (before `before`, when given). At most `limit` rows.
   */
  chat(tableId: string, q: ChatQuery): Promise<ChatRow[]>;
  /** The seq of message `id` of the table if `reader` may see it (a page's cursor); undefined otherwise. */
  chatSeq(tableId: string, id: string, reader: ChatReader): Promise<number | undefined>;
  // ── map images ───────────────────────────────────────────────────────────
  /**
   * Keep an image for a table, in one transaction: its bytes stored once per server (by hash; a second
   * table or encounter with the same image adds no bytes), counted once per table, within `bounds`.
   * Without `body`: only a table's claim on an image the server already holds ('missing' when it does not).
   */
  putImage(tableId: string, image: StoredImage, body: Uint8Array | undefined, bounds: ImageBounds): Promise<PutImage>;
  /** An image's bytes and facts, by hash; undefined when none is stored. */
  image(hash: string): Promise<(StoredImage & { body: Uint8Array }) | undefined>;

  // ── changes made by other processes ─────────────────────────────────────
  /**
   * Hear what other processes commit. Appends are told just after they commit, in the order each process
   * committed them; a process killed between a commit and its telling leaves the change to be found by
   * `versions`. Returns the unsubscribe.
   */
  onChange(listener: (change: StoreChange) => void): () => void;
  /**
   * The encounter's row, with the events after `after` up to its version and their commands' bodies, in one
   * read (one round trip where the database is across a network): how a process catches up with what
   * others appended. Undefined when there is no such encounter.
   */
  since?(id: string, after: number): Promise<{ row: EncounterRow; events: LoggedEvent[]; commands: Record<string, Command> } | undefined>;
  /** The encounters' versions as stored (absent ones left out): where others write too, what is watched is checked now and then against it. */
  versions?(ids: readonly string[]): Promise<Map<string, number>>;
  /**
   * Where other processes write too (PostgreSQL): which unbroken run of the change feed is up now — a
   * number that changes whenever the feed reconnects — or undefined while it is down. A copy read while
   * the feed was up hears of every later change to it (onChange) for as long as the number stays the same.
   */
  feed?(): number | undefined;
}

/** A single encounter (the common case of createEncounters). */
export function createEncounter(store: Store, row: NewEncounter['row'], events: readonly LoggedEvent[], logCommands: Record<string, Command> = {}, document?: unknown): Promise<void> {
  return store.createEncounters([{ row, events, logCommands, ...(document !== undefined ? { document } : {}) }]);
}
