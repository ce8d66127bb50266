/**
 * HTTP calls to the table server. Every route this page uses is listed here, in one place, so a change
 * in docs/api.md is a change in this file. Failures throw the server's `{ code, message, field }`.
 */
import type { ActionOption, Command, EncounterState } from '../../../engine/index.ts';
import type { CarryBackReview, EncounterSummary, Example, FileUnits, LibraryFile, PreviewJson, RollView, RosterEntry, ServerError, Simulation, Snapshot, TableInfo } from './types.ts';

export class ApiFailure extends Error {
  constructor(readonly error: ServerError, readonly status: number) {
    super(error.message);
  }
  get code() {
    return this.error.code;
  }
  get field() {
    return this.error.field;
  }
}

async function call<T>(method: string, path: string, token: string | undefined, body?: unknown): Promise<T> {
  let res: Response;
  try {
    // a file (map art) goes as its own bytes and type; anything else as JSON
    const file = body instanceof Blob;
    res = await fetch(path, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': file ? body.type : 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined ? { body: file ? body : JSON.stringify(body) } : {}),
    });
  } catch (err) {
    throw new ApiFailure({ code: 'net/offline', message: (err as Error).message }, 0);
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiFailure({ code: 'http/bad_reply', message: `the server answered ${res.status} with something that is not JSON` }, res.status);
  }
  if (!res.ok) {
    const e = (json as { error?: ServerError }).error ?? { code: `http/${res.status}`, message: res.statusText };
    throw new ApiFailure(e, res.status);
  }
  return json as T;
}

const enc = encodeURIComponent;

/** What the server kept of an uploaded map image. */
export interface UploadedMap {
  src: string;
  type: string;
  width: number;
  height: number;
  bytes: number;
}

export interface CommandResult {
  id: string;
  version: number;
  events: import('../../../engine/index.ts').LoggedEvent[];
}

/** A client bound to one access token (a GM's or a player's). */
export class Api {
  constructor(readonly token?: string) {}

  // ── chat and free rolls (the table's, not an encounter's) ──
  chat(tableId: string, before?: string) {
    return call<import('../chat/types.ts').ChatPage>('GET', `/api/tables/${enc(tableId)}/chat${before ? `?before=${enc(before)}` : ''}`, this.token);
  }
  sendChat(tableId: string, body: import('../chat/types.ts').ChatPost) {
    return call<import('../chat/types.ts').ChatMessage>('POST', `/api/tables/${enc(tableId)}/chat`, this.token, body);
  }

  // ── tables and players ──
  createTable(name: string) {
    return call<{ table: TableInfo; gmToken: string }>('POST', '/api/tables', undefined, { name });
  }
  table(tableId: string) {
    return call<TableInfo>('GET', `/api/tables/${enc(tableId)}`, this.token);
  }
  /** Delete the table with all it holds (GM only; cannot be undone). */
  deleteTable(tableId: string) {
    return call<{ deleted: true }>('DELETE', `/api/tables/${enc(tableId)}`, this.token);
  }
  setDiceMode(tableId: string, physicalDice: 'off' | 'optional' | 'required') {
    return call<TableInfo['settings']>('PATCH', `/api/tables/${enc(tableId)}/settings`, this.token, { physicalDice });
  }
  /** One player's own dice rule (null: the table's). */
  setPlayerDice(tableId: string, playerId: string, mode: 'off' | 'optional' | 'required' | null) {
    return call<TableInfo['settings']>('PATCH', `/api/tables/${enc(tableId)}/settings`, this.token, { players: { [playerId]: mode } });
  }
  invite(tableId: string, name?: string, playerId?: string) {
    return call<{ invite: string; playerId: string; name: string }>('POST', `/api/tables/${enc(tableId)}/invites`, this.token, {
      ...(name ? { name } : {}),
      ...(playerId ? { playerId } : {}),
    });
  }
  join(invite: string) {
    return call<{ token: string; tableId: string; playerId: string; name?: string }>('POST', '/api/join', undefined, { invite });
  }

  // ── encounters ──
  examples() {
    return call<Example[]>('GET', '/api/examples', undefined);
  }
  /** An example's file as text: `path` as the list gives it (`phase20/goblin-cave.yaml`). */
  exampleText(path: string) {
    const [ruleset, file] = path.split('/');
    return call<Example & { text: string }>('GET', `/api/examples/${enc(ruleset)}/${enc(file.replace(/\.ya?ml$/, ''))}`, undefined);
  }
  /** Map art: the image file's bytes, checked and kept once by the server; `src` is its address for `image.src`. */
  uploadMap(tableId: string, file: Blob) {
    return call<UploadedMap>('POST', `/api/tables/${enc(tableId)}/maps`, this.token, file);
  }
  loadEncounter(tableId: string, body: ({ text: string; file?: string } | { example: string }) & { fromRoster?: boolean }) {
    return call<EncounterSummary>('POST', `/api/tables/${enc(tableId)}/encounters`, this.token, body);
  }
  snapshot(encounterId: string) {
    return call<Snapshot>('GET', `/api/encounters/${enc(encounterId)}`, this.token);
  }
  actions(encounterId: string, unit: string) {
    return call<{ actions: ActionOption[] }>('GET', `/api/encounters/${enc(encounterId)}/actions?unit=${enc(unit)}`, this.token);
  }
  preview(encounterId: string, command: Command) {
    return call<{ preview: PreviewJson }>('POST', `/api/encounters/${enc(encounterId)}/preview`, this.token, { command });
  }
  pause(encounterId: string, paused: boolean) {
    return call<EncounterSummary>('POST', `/api/encounters/${enc(encounterId)}/pause`, this.token, { paused });
  }
  simulate(encounterId: string, body: { runs?: number; seed?: number; maxRounds?: number }) {
    return call<Simulation>('POST', `/api/encounters/${enc(encounterId)}/simulate`, this.token, body);
  }
  /** Fog of war (GM): the encounter as one player, or one side, is shown it now (docs/fog.md). */
  seenBy(encounterId: string, who: { player: string } | { side: string }) {
    const q = 'player' in who ? `player=${enc(who.player)}` : `side=${enc(who.side)}`;
    return call<{ state: EncounterState }>('GET', `/api/encounters/${enc(encounterId)}/seen-by?${q}`, this.token);
  }
  /** The encounter file's units (GM): a start for gm.add_unit {entry}. */
  fileUnits(encounterId: string) {
    return call<FileUnits>('GET', `/api/encounters/${enc(encounterId)}/file-units`, this.token);
  }
  /** Committed, or (physical dice) waiting for the dice the rules ask for: `asked`, with the roll. */
  command(encounterId: string, body: { id: string; expectedVersion: number; command: Command; dice?: number[] }) {
    return call<CommandResult | { asked: true; roll: RollView | null }>('POST', `/api/encounters/${enc(encounterId)}/commands`, this.token, body);
  }
  /** The faces rolled at the table for the dice asked now, or the server rolls them (`these`, or every later one: `rest`). */
  answerDice(encounterId: string, body: { roll: string; faces: number[] } | { roll: string; cards: string[] } | { roll: string; server: 'these' | 'rest' }) {
    return call<{ roll: RollView | null } | { done: true; version: number }>('POST', `/api/encounters/${enc(encounterId)}/dice`, this.token, body);
  }
  cancelDice(encounterId: string, roll: string) {
    return call<{ cancelled: true }>('DELETE', `/api/encounters/${enc(encounterId)}/dice/${enc(roll)}`, this.token);
  }

  // ── the roster and the library (GM) ──
  roster(tableId: string) {
    return call<{ entries: RosterEntry[] }>('GET', `/api/tables/${enc(tableId)}/roster`, this.token);
  }
  carryBack(encounterId: string) {
    return call<CarryBackReview>('POST', `/api/encounters/${enc(encounterId)}/carry-back`, this.token, {});
  }
  acceptCarryBack(encounterId: string, accepted: string[]) {
    return call<{ encounter: string; accepted: string[]; entries: RosterEntry[] }>('POST', `/api/encounters/${enc(encounterId)}/carry-back/accept`, this.token, { accepted });
  }
  /** The library's entries (characters, monsters, items, saved encounters): the encounter builder's. */
  library(tableId: string) {
    return call<{ entries: LibraryFile['entries'] }>('GET', `/api/tables/${enc(tableId)}/library`, this.token);
  }
  putLibraryEntry(tableId: string, kind: string, id: string, body: { name: string; ruleset: string; data: Record<string, unknown>; tags?: string[]; notes?: string }) {
    return call<LibraryFile['entries'][number]>('PUT', `/api/tables/${enc(tableId)}/library/${enc(kind)}/${enc(id)}`, this.token, body);
  }
  deleteLibraryEntry(tableId: string, kind: string, id: string) {
    return call<{ deleted: true }>('DELETE', `/api/tables/${enc(tableId)}/library/${enc(kind)}/${enc(id)}`, this.token);
  }
  exportLibrary(tableId: string) {

    return call<LibraryFile>('GET', `/api/tables/${enc(tableId)}/library/export`, this.token);
  }
  importLibrary(tableId: string, file: unknown) {
    return call<{ imported: number; entries: LibraryFile['entries'] }>('POST', `/api/tables/${enc(tableId)}/library/import`, this.token, file);
  }
}
