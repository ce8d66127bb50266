/** Tables, players and links: create a table (GM token), invite players, redeem an invite, settings. */
import { checkTable, settingsOf, type Context, type EncounterSummary } from './context.ts';
import { summaryFor } from './numbering.ts';
import { ApiError } from './errors.ts';
import type { Principal } from './policy.ts';
import { CreateInvite, CreateTable, Join, PatchSettings, parseWith, Settings } from './schemas.ts';
import { hashToken, newId, newToken } from './tokens.ts';

export interface TableInfo {
  id: string;
  name: string;
  role: 'gm' | 'player';
  playerId?: string;
  settings: Settings;
  players: { playerId: string; name: string }[];
  encounters: EncounterSummary[];
}

export async function createTable(ctx: Context, body: unknown, address: string): Promise<{ table: TableInfo; gmToken: string }> {
  const req = parseWith(CreateTable, body);
  const network = await ctx.upkeep.mayCreate(address);
  const id = newId('t_');
  const gmToken = newToken('gm');
  const settings = Settings.parse(req.settings ?? {});
  await ctx.store.createTable(id, req.name, settings, hashToken(gmToken), network);
  return { table: await tableInfo(ctx, { role: 'gm', tableId: id }, id), gmToken };
}

export async function tableInfo(ctx: Context, p: Principal, tableId: string): Promise<TableInfo> {
  const m = await checkTable(ctx, p, tableId, 'member');
  const t = (await ctx.store.table(tableId))!;
  return {
    id: t.id,
    name: t.name,
    role: m.role,
    ...(m.role === 'player' ? { playerId: m.playerId } : {}),
    settings: Settings.parse(t.settings),
    players: await ctx.store.players(tableId),
    encounters: await Promise.all((await ctx.store.encounters(tableId)).map((r) => summaryFor(ctx, m, r))),
  };
}

export async function patchSettings(ctx: Context, p: Principal, tableId: string, body: unknown): Promise<Settings> {
  await checkTable(ctx, p, tableId, 'gm');
  const patch = parseWith(PatchSettings, body);
  const s = await settingsOf(ctx, tableId);
  const players = { ...s.players };
  for (const [k, v] of Object.entries(patch.players ?? {})) {
    if (v === null) delete players[k];
    else players[k] = v;
  }
  const next: Settings = { physicalDice: patch.physicalDice ?? s.physicalDice, players };
  await ctx.store.setSettings(tableId, next);
  return next;
}

/** A one-use invite for a player; the player redeems it at /api/join for its own token. */
export async function createInvite(ctx: Context, p: Principal, tableId: string, body: unknown): Promise<{ playerId: string; name: string; invite: string }> {
  await checkTable(ctx, p, tableId, 'gm');
  const req = parseWith(CreateInvite, body);
  const players = await ctx.store.players(tableId);
  let playerId = req.playerId;
  if (!playerId) {
    for (let n = players.length + 1; ; n++) {
      if (!players.some((x) => x.playerId === `p${n}`)) {
        playerId = `p${n}`;
        break;
      }
    }
  }
  const existing = players.find((x) => x.playerId === playerId);
  if (!existing && players.length >= ctx.limits.playersPerTable) throw new ApiError('LIMIT_REACHED', `a table holds at most ${ctx.limits.playersPerTable} players`);
  if (existing && (await ctx.store.playerTokens(tableId, playerId)) >= ctx.limits.tokensPerPlayer) {
    throw new ApiError('LIMIT_REACHED', `${existing.name} holds ${ctx.limits.tokensPerPlayer} invites and sessions, the most a player may; revoke them first (DELETE /api/tables/${tableId}/players/${playerId}/tokens), then invite again`, 'playerId');
  }
  const name = req.name ?? existing?.name ?? playerId;
  const invite = newToken('invite');
  await ctx.store.addInvite(tableId, playerId, name, hashToken(invite));
  return { playerId, name, invite };
}

export async function join(ctx: Context, body: unknown): Promise<{ tableId: string; playerId: string; name: string; token: string }> {
  const req = parseWith(Join, body);
  const token = newToken('player');
  const row = await ctx.store.redeemInvite(hashToken(req.invite), hashToken(token));
  if (!row) throw new ApiError('UNAUTHENTICATED', 'this invite is not valid (already used, revoked or mistyped)', 'invite');
  const name = (await ctx.store.players(row.tableId)).find((x) => x.playerId === row.playerId)?.name ?? row.playerId!;
  ctx.publisher.joined?.(row.tableId, row.playerId!);
  return { tableId: row.tableId, playerId: row.playerId!, name, token };
}

/** Take every link and session of a player away (their units stay theirs until reassigned). */
/** DELETE /api/tables/{t}: the GM deletes the table and all it holds. */
export async function deleteTable(ctx: Context, p: Principal, tableId: string): Promise<{ deleted: true }> {
  await checkTable(ctx, p, tableId, 'gm');
  await ctx.upkeep.remove(tableId);
  return { deleted: true };
}

export async function revokePlayer(ctx: Context, p: Principal, tableId: string, playerId: string): Promise<{ revoked: number }> {
  await checkTable(ctx, p, tableId, 'gm');
  const revoked = await ctx.store.revokePlayer(tableId, playerId);
  ctx.publisher.revoked?.(tableId, playerId);
  return { revoked };
}
