/**
 * What every operation shares: the store, the live encounters, the limits and where committed events
 * go (the WebSocket hub). Also the lookups every request starts with: token → principal, and the
 * encounter a principal asks for.
 */
import type { EncounterState, LoggedEvent } from '../engine/index.ts';
import type { EncounterRow, Store } from '../store/index.ts';
import { ApiError, notFound } from './errors.ts';
import type { Limits } from './limits.ts';
import { LiveCache, type Live } from './live.ts';
import { tableAccess, type Principal } from './policy.ts';
import { Settings } from './schemas.ts';
import { hashToken } from './tokens.ts';
import { warmPlayerLog } from './numbering.ts';

export type EncounterSummary = Pick<EncounterRow, 'id' | 'tableId' | 'ruleset' | 'name' | 'version' | 'paused'> & { status: 'setup' | 'active' | 'ended' };

/** Receives what was committed, in commit order, after the commit. */
import type { Upkeep } from './upkeep.ts';

export interface Publisher {
  committed(live: Live, before: EncounterState, events: readonly LoggedEvent[]): void;
  /** The encounter's summary changed (`live`: it as held, for each player's version; else looked up). */
  encounterChanged(summary: EncounterSummary, live?: Live): void;
  /** A player's tokens were revoked: its open connections end. */
  revoked?(tableId: string, playerId: string): void;
  /** A table was deleted (by its GM, or for lying idle): its open connections end. */
  tableDeleted?(tableId: string): void;
  /** A player redeemed its invite: the GM's page marks the invite used. */
  joined?(tableId: string, playerId: string): void;
  /** A chat message was kept at the table (its seq): its pages are sent it, each as it may see it (chat.ts). */
  chatKept?(tableId: string, seq: number): void;
  /** An encounter's roll waiting for physical dice was asked, answered or dropped (pending-dice.ts). */
  diceChanged?(tableId: string, encounterId: string): void;
}

export interface Context {
  store: Store;
  cache: LiveCache;
  limits: Limits;
  publisher: Publisher;
  /** Tables' creation quota, activity and expiry (upkeep.ts). */
  upkeep: Upkeep;
  /** Reproducible server dice for tests and benchmarks; never set in production. */
  testDiceSeed?: string;
}

export function summaryOf(row: EncounterRow): EncounterSummary {
  return { id: row.id, tableId: row.tableId, ruleset: row.ruleset, name: row.name, status: row.status as EncounterSummary['status'], version: row.version, paused: row.paused };
}

/** The principal a bearer token stands for; an invite is only good for joining. */
export async function principalOf(ctx: Context, token: string | undefined): Promise<Principal> {
  if (!token) return { role: 'anonymous' };
  const row = await ctx.store.tokenRow(hashToken(token));
  if (!row || row.role === 'invite') return { role: 'anonymous' };
  if (row.role === 'gm') return { role: 'gm', tableId: row.tableId };
  return { role: 'player', tableId: row.tableId, playerId: row.playerId! };
}

/** A token that is present but unknown is refused outright (not treated as no token). */
export async function requirePrincipal(ctx: Context, token: string | undefined): Promise<Principal> {
  const p = await principalOf(ctx, token);
  if (token && p.role === 'anonymous') throw new ApiError('UNAUTHENTICATED', 'this token is not valid (revoked, mistyped, or an invite that must be redeemed at /api/join)');
  return p;
}

export type Member = Principal & { role: 'gm' | 'player' };

/** That `p` sits at table `tableId` (as GM when `need` is 'gm'), and the table exists: the member it is. */
export async function checkTable(ctx: Context, p: Principal, tableId: string, need: 'member' | 'gm'): Promise<Member> {
  const denied = tableAccess(p, tableId, need);
  if (denied) throw denied;
  if (!(await ctx.store.table(tableId))) throw notFound('no such table');
  return p as Member;
}

/**
 * The live encounter `id`, caught up with the store, after checking `p` sits at its table (another
 * table's token: FORBIDDEN). For reads: use it before the next await, when another command may land.
 */
export async function liveFor(ctx: Context, p: Principal, id: string, need: 'member' | 'gm' = 'member'): Promise<{ live: Live; p: Member }> {
  if (p.role === 'anonymous') throw tableAccess(p, '', need)!;
  const out = allowed(p, await ctx.cache.get(id), need);
  // a player's log met for the first time is folded in slices, not in one go (numbering.ts)
  if (out.p.role === 'player') await warmPlayerLog(out.live, out.p.playerId);
  return out;
}

/** `live` if `p` may see it (`need`): the check liveFor makes, for a caller that holds the encounter's turn. */
export function allowed(p: Principal, live: Live | undefined, need: 'member' | 'gm' = 'member'): { live: Live; p: Member } {
  if (p.role === 'anonymous') throw tableAccess(p, '', need)!;
  if (!live) throw notFound('no such encounter');
  const denied = tableAccess(p, live.row.tableId, need);
  if (denied) throw denied;
  return { live, p: p as Member };
}

export async function settingsOf(ctx: Context, tableId: string): Promise<Settings> {
  const settings = await ctx.store.settings(tableId);
  if (settings === undefined) throw notFound('no such table');
  return Settings.parse(settings);
}
