/**
 * A table's chat and free rolls: anyone at the table writes to it or whispers to the GM (the GM to anyone),
 * and rolls any dice notation openly or secretly to the GM, with the breakdown the log would show. It lives
 * at the table, not in an encounter: kept by the store with the table (deleted with it), the last
 * `Limits.chatKept` of them, read a page at a time, each reader through its own projection (chat-view.ts).
 *
 * Bounds: a message's characters, a roll's notation and the dice it may draw (checked while it rolls, so a
 * roll's work is bounded before it is done), messages per caller (a token bucket per GM or player), and the
 * page size of a read. A refused message changes nothing. The server rolls, as for commands: a fresh
 * random stream per roll, or one derived from the test seed (tests and benchmarks), and every face drawn
 * is kept with the message.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DiceError, rollDice, seededSource, type DiceSource } from '../dice/index.ts';
import type { Breakdown } from '../engine/index.ts';
import { checkTable, type Context, type Member } from './context.ts';
import { ApiError, notFound } from './errors.ts';
import type { Principal } from './policy.ts';
import { TokenBucket } from './rate.ts';
import { chatMessage, chatName, readerOf, type ChatBody, type ChatMessage, type ChatRoll } from './chat-view.ts';
import { PlayerId, parseWith } from './schemas.ts';
import { newId } from './tokens.ts';

/** What a page sends: words or a roll, to the table, the GM, or (the GM only) one player. */
export const ChatPost = z
  .strictObject({
    text: z.string().max(100_000).optional().meta({ description: 'The words (at most `chatChars` characters).' }),
    roll: z.string().max(100_000).optional().meta({ description: 'Dice notation to roll (docs/dice.md), e.g. "1d20+5" or "4d6kh3" (at most `chatNotationChars` characters; the dice it draws at most `chatRollDice`).' }),
    label: z.string().max(100).optional().meta({ description: 'What a roll is for ("Perception").' }),
    to: z.enum(['table', 'gm', 'player']).optional().meta({ description: 'table (default): everyone; gm: a whisper, or a secret roll, to the GM alone; player: the GM to one player (`player`).' }),
    player: PlayerId.optional().meta({ description: 'With to: player, the player the GM whispers to.' }),
  })
  .meta({ description: 'A chat message or a free roll: exactly one of `text` and `roll`.' });

const buckets = new WeakMap<Context, Map<string, { bucket: TokenBucket; used: number }>>();
const rolls = new WeakMap<Context, { n: number }>();

/** The caller's share of messages: false when it has none left just now. */
function takeShare(ctx: Context, p: Member): boolean {
  let m = buckets.get(ctx);
  if (!m) buckets.set(ctx, (m = new Map()));
  const key = `${p.tableId}/${chatName(p)}`;
  const now = performance.now();
  let b = m.get(key);
  if (!b) {
    // callers idle long enough to have a full share again are forgotten: the map holds the busy ones
    if (m.size >= 10_000) for (const [k, v] of m) if (now - v.used > (ctx.limits.chatBurst / ctx.limits.chatRate) * 1000) m.delete(k);
    m.set(key, (b = { bucket: new TokenBucket(ctx.limits.chatRate, ctx.limits.chatBurst), used: now }));
  }
  b.used = now;
  return b.bucket.take();
}

/** Where a free roll's dice come from: a fresh random stream, or the test seed's next one. */
function chatDice(ctx: Context): DiceSource {
  if (ctx.testDiceSeed === undefined) return seededSource(randomBytes(16).toString('hex'));
  let c = rolls.get(ctx);
  if (!c) rolls.set(ctx, (c = { n: 0 }));
  return seededSource(`${ctx.testDiceSeed}:chat:${++c.n}`);
}

/** A source that refuses to draw past `most` dice: a roll's work is bounded while it rolls. */
function bounded(source: DiceSource, most: number): DiceSource {
  let drawn = 0;
  return {
    roll(sides, label, roller) {
      if (++drawn > most) throw new DiceError('dice/limit', `a free roll draws at most ${most} dice (explosions and rerolls count); this one asks for more`);
      return source.roll(sides, label, roller);
    },
  };
}

/** Roll `notation` for the chat: the roll, or the dice layer's error as the log gives it (what, and at which column), on field `roll`. */
export function freeRoll(ctx: Context, notation: string, label: string | undefined, source: DiceSource = chatDice(ctx)): ChatRoll {
  const most = ctx.limits.chatNotationChars;
  if (notation.length > most) throw new ApiError('PAYLOAD_TOO_LARGE', `a roll's notation is at most ${most} characters; this one has ${notation.length}`, 'roll');
  if (!notation.trim()) throw new ApiError('BAD_REQUEST', 'say what to roll, e.g. 1d20+5', 'roll');
  try {
    const r = rollDice(notation, bounded(source, ctx.limits.chatRollDice), label ? { label } : {});
    const faces = r.dice.map((d) => d.face);
    const dropped = r.dice.flatMap((d, i) => (d.kept ? [] : [i]));
    // the term a rule's roll of this notation puts in the log's breakdown (Resolution.rollNotation)
    const breakdown: Breakdown = { label: label || r.notation, terms: [{ kind: 'dice', label: r.notation, faces, ...(dropped.length ? { dropped } : {}), value: r.total }], total: r.total };
    return { notation: r.notation, ...(label ? { label } : {}), total: r.total, line: r.breakdown, breakdown, dice: r.draws.map((d) => ({ sides: d.sides, face: d.face })) };
  } catch (err) {
    if (err instanceof DiceError) throw new ApiError(err.code, `${notation.trim()}: ${err.message}`, 'roll');
    throw err;
  }
}

/** POST /api/tables/{t}/chat: keep one message (or roll) and tell the table's pages, each as it may see it. */
export async function postChat(ctx: Context, principal: Principal, tableId: string, raw: unknown): Promise<ChatMessage> {
  const p = await checkTable(ctx, principal, tableId, 'member');
  const req = parseWith(ChatPost, raw);
  if ((req.text === undefined) === (req.roll === undefined)) throw new ApiError('BAD_REQUEST', 'send either text or roll (one of them)', req.text === undefined ? 'text' : 'roll');
  const to = req.to ?? 'table';
  if (to === 'player' && p.role !== 'gm') throw new ApiError('FORBIDDEN', 'players whisper to the GM only (to: "gm")', 'to');
  if (to === 'player' && req.player === undefined) throw new ApiError('BAD_REQUEST', 'to: "player" needs the player to whisper to', 'player');
  if (to !== 'player' && req.player !== undefined) throw new ApiError('BAD_REQUEST', 'player goes with to: "player" only', 'player');
  if (req.label !== undefined && req.roll === undefined) throw new ApiError('BAD_REQUEST', 'label goes with roll only', 'label');
  let body: ChatBody;
  if (req.text !== undefined) {
    const text = req.text.trim();
    if (!text) throw new ApiError('BAD_REQUEST', 'the message is empty', 'text');
    if (text.length > ctx.limits.chatChars) throw new ApiError('PAYLOAD_TOO_LARGE', `a message is at most ${ctx.limits.chatChars} characters; this one has ${text.length}`, 'text');
    body = { text };
  } else {
    body = { roll: freeRoll(ctx, req.roll!, req.label?.trim() || undefined) };
  }
  if (to === 'player' && !(await ctx.store.players(tableId)).some((x) => x.playerId === req.player)) throw new ApiError('NOT_FOUND', `there is no player "${req.player}" at this table`, 'player');
  // counted last: a refused message costs no share
  if (!takeShare(ctx, p)) throw new ApiError('RATE_LIMITED', `too many messages: ${ctx.limits.chatBurst} at once, then ${ctx.limits.chatRate} a second; wait a moment`);
  const row = { id: newId('m_'), at: Date.now(), writer: chatName(p), recipient: to === 'player' ? `p:${req.player}` : to, body: JSON.stringify(body) };
  const seq = await ctx.store.appendChat(tableId, row, ctx.limits.chatKept);
  if (seq === undefined) throw notFound('no such table');
  ctx.publisher.chatKept?.(tableId, seq);
  return chatMessage({ ...row, seq });
}

/** GET /api/tables/{t}/chat: the newest messages the caller may see (before message `before`), oldest first. */
export async function readChat(ctx: Context, principal: Principal, tableId: string, before: string | null, limit: number | undefined): Promise<{ messages: ChatMessage[]; more: boolean; next?: string }> {
  const p = await checkTable(ctx, principal, tableId, 'member');
  const n = limit ?? ctx.limits.chatPage;
  if (n < 1 || n > ctx.limits.chatPageMax) throw new ApiError('BAD_REQUEST', `limit is 1 to ${ctx.limits.chatPageMax}`, 'limit');
  const reader = readerOf(p);
  let beforeSeq: number | undefined;
  if (before !== null) {
    beforeSeq = await ctx.store.chatSeq(tableId, before, reader);
    // one the reader may not see reads as one that is not there
    if (beforeSeq === undefined) throw new ApiError('NOT_FOUND', `no message "${before.slice(0, 40)}" here (it may have dropped off the end)`, 'before');
  }
  const rows = await ctx.store.chat(tableId, { reader, ...(beforeSeq !== undefined ? { before: beforeSeq } : {}), limit: n + 1 });
  const more = rows.length > n;
  const messages = rows.slice(0, n).reverse().map(chatMessage);
  return { messages, more, ...(more ? { next: messages[0].id } : {}) };
}
