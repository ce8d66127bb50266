/**
 * Answering a roll that waits for physical dice (pending-dice.ts): the player asked (or the GM) types the
 * faces, or lets the server roll them; the command is then decided again with every face so far and
 * either asks for the next die or is committed as its sender's. The GM or the sender may call it off.
 */
import { seededSource } from '../dice/index.ts';
import { allowed, settingsOf, type Context } from './context.ts';
import { ApiError, forbidden } from './errors.ts';
import { versionFor } from './numbering.ts';
import { askDice, dryRunSeed, pendingRolls, rollsAtTable, viewOf, type Face, type PendingRoll, type RollView } from './pending-dice.ts';
import type { Principal } from './policy.ts';
import { commandTurn } from './referee.ts';
import { DiceAnswer, parseWith } from './schemas.ts';

export type Answered = { roll: RollView | null; done?: undefined; version?: undefined } | { roll?: undefined; done: true; version: number };

function waitingRoll(ctx: Context, encounter: string, id: string): PendingRoll {
  const roll = pendingRolls(ctx).get(encounter);
  if (!roll || roll.id !== id) throw new ApiError('NOT_FOUND', 'no roll waits for these dice any more (it was answered or called off)', 'roll');
  return roll;
}

export function answerDice(ctx: Context, token: Principal, encounter: string, body: unknown): Promise<Answered> {
  return ctx.cache.exclusive(encounter, async (current, sync) => {
    const { live, p } = allowed(token, current);
    const req = parseWith(DiceAnswer, body);
    const roll = waitingRoll(ctx, encounter, req.roll);
    const settings = await settingsOf(ctx, live.row.tableId);
    const view = viewOf(roll, p, settings);
    const ask = roll.asks[0];
    if (!view?.yours) throw forbidden(`these dice are for ${ask.unitName}'s player to roll`);
    if (live.log.version !== roll.version) {
      drop(ctx, roll);
      throw new ApiError('dice/stale', 'the encounter changed while the dice were asked for: send the command again');
    }
    let added: Face[];
    const about = { unit: ask.unit, unitName: ask.unitName, for: ask.for, sides: ask.sides };
    if (req.server !== undefined) {
      if (!view.serverMay) throw forbidden('this table asks you to roll your own dice: only the GM may let the server roll them');
      const server = seededSource(dryRunSeed(ctx.testDiceSeed, roll.version, roll.faces.length + 1));
      added = Array.from({ length: ask.count }, () => ({ ...about, face: server.roll(ask.sides), by: 'server' as const }));
      if (req.server === 'rest') roll.serverRest = true;
    } else {
      const faces = ask.cards ? cardFaces(req.cards, req.faces, ask, p.role === 'gm') : checkFaces(req.faces ?? [], ask);
      const left = ask.left ?? ask.cards ?? [];
      added = faces.map((face) => ({ ...about, face, ...(ask.cards ? { card: left[face - 1] } : {}), by: p.role === 'gm' ? 'gm' : 'player', ...(p.role === 'player' ? { player: p.playerId } : {}) }));
    }
    const faces = [...roll.faces, ...added];
    const seed = dryRunSeed(ctx.testDiceSeed, roll.version, faces.length);
    const next = askDice(live.engine, live.log.state, roll.command, roll.sender.role === 'gm', faces, rollsAtTable(settings), roll.serverRest, seed);
    if (next.kind === 'ask') {
      roll.faces = next.faces;
      roll.asks = next.asks;
      ctx.publisher.diceChanged?.(roll.tableId, encounter);
      return { roll: viewOf(roll, p, settings) ?? null };
    }
    const all = next.kind === 'done' ? next.faces : faces;
    try {
      await commandTurn(ctx, { live, p: roll.sender }, roll.req, sync, { roll, faces: all.map((f) => f.face), by: all.map((f) => (f.by === 'server' ? undefined : f.by)) });
    } finally {
      drop(ctx, roll);
    }
    return { done: true, version: versionFor(live, p) };
  });
}

/**
 * The card asked, by name, as its place among the cards left (the GM may also give the place). A card of
 * the deck that is not left is refused without saying where it went: at the table a person turns over a
 * real card, so a card already out can only be a slip of the hand. Nothing changes on a refusal.
 */
export function cardFaces(names: readonly string[] | undefined, faces: readonly number[] | undefined, ask: PendingRoll['asks'][number], gm: boolean): number[] {
  const left = ask.left ?? ask.cards!;
  const what = `${ask.unitName}: ${ask.for}`;
  if (names === undefined) {
    // a place among the cards left is the deck's order with the dealt cards taken out: a player names the card
    if (!gm) throw new ApiError('dice/bad_face', `name the card turned over (${what})`, 'cards');
    return checkFaces(faces ?? [], ask);
  }
  if (names.length !== 1) throw new ApiError('dice/wrong_count', `${what} takes one card, not ${names.length}`, 'cards');
  const name = names[0].trim();
  const place = left.indexOf(name);
  if (place >= 0) return [place + 1];
  if (ask.cards!.includes(name)) throw new ApiError('dice/bad_face', `${name} is not in the deck now (${what}): check the card turned over and enter it again`, 'cards[0]');
  throw new ApiError('dice/bad_face', `"${names[0]}" is no card of this deck (${what})`, 'cards[0]');
}

/** One whole number per die asked, each one the die can show; else nothing changes and the message names the die. */
function checkFaces(faces: readonly number[], ask: PendingRoll['asks'][number]): number[] {
  const what = `${ask.unitName}: ${ask.for}, ${ask.die}`;
  if (faces.length !== ask.count) throw new ApiError('dice/wrong_count', `${what} takes ${ask.count === 1 ? 'one face' : `${ask.count} faces`}, not ${faces.length}`, 'faces');
  faces.forEach((f, i) => {
    if (!Number.isInteger(f) || f < 1 || f > ask.sides) throw new ApiError('dice/bad_face', `a d${ask.sides} cannot show ${f} (${what}): it shows 1 to ${ask.sides}`, `faces[${i}]`);
  });
  return [...faces];
}

/** The GM, or the player who sent the command, calls it off: nothing was committed, nothing changes. */
export function cancelDice(ctx: Context, token: Principal, encounter: string, id: string): Promise<{ cancelled: true }> {
  return ctx.cache.exclusive(encounter, async (current) => {
    const { live, p } = allowed(token, current);
    const roll = waitingRoll(ctx, encounter, id);
    const view = viewOf(roll, p, await settingsOf(ctx, live.row.tableId));
    if (!view?.cancelMay) throw forbidden('only the GM or the player who sent the command may call it off');
    drop(ctx, roll);
    return { cancelled: true };
  });
}

function drop(ctx: Context, roll: PendingRoll): void {
  const rolls = pendingRolls(ctx);
  if (rolls.get(roll.encounter) !== roll) return;
  rolls.delete(roll.encounter);
  ctx.publisher.diceChanged?.(roll.tableId, roll.encounter);
}
