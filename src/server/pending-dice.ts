/**
 * Physical dice the page asks for. A command whose rules roll a die for a unit played by a player who
 * rolls at the table does not resolve with server dice: it is decided as a dry run (the engine's one
 * decide, pure) with the faces entered so far, the server rolling the rest; the first die after those
 * that belongs to such a unit (the check or note it lands in names the unit) is asked of its player,
 * with the dice rolled with it in the same breath ("Kara: Spear damage, 1d8" → one field, "2d6" → two).
 * Dice the server rolled before it stay fixed; those after it are thrown away, so a die that depends on
 * an earlier one (damage only on a hit) is asked only once that one is in. Same faces, same result.
 *
 * The roll waits here, in memory, one per encounter (other commands wait for it), seen by the GM, the
 * sender and the player asked. The command is committed, as its sender's, when no die is left to ask.
 */
import { randomBytes } from 'node:crypto';
import { seededSource } from '../dice/index.ts';
import type { Command, Engine, EncounterState, GameEvent } from '../engine/index.ts';
import type { Context, Member } from './context.ts';
import { diceMode } from './dice.ts';
import type { CommandRequest, Settings } from './schemas.ts';
import { newId } from './tokens.ts';

/** One die, or several rolled together (one dice term), asked of a player. */
export interface Ask {
  unit: string;
  unitName: string;
  player: string;
  /** What the roll is for, in the ruleset's words (its roll label, the unit's name taken off). */
  for: string;
  /** "d20", "1d8", "2d6". */
  die: string;
  sides: number;
  count: number;
  /** The unit is hidden from the players: only its own player (and the GM) may hear its name or what it rolls for. */
  hidden?: boolean;
  /**
   * A card dealt (`ctx.draw`): "which card?", from these, every card the deck holds in the order of its
   * shuffle — never the cards left, whose gaps would tell a player what was dealt face down. The name
   * given is translated into its place among `left`.
   */
  cards?: string[];
  /** The cards left in the deck (a face is a card's place among them): for the server and the GM only. */
  left?: string[];
}

/** A face fixed so far, in the order the rules drew them. */
export interface Face {
  face: number;
  sides: number;
  by: 'player' | 'gm' | 'server';
  /** The player who typed it in. */
  player?: string;
  unit?: string;
  unitName?: string;
  for?: string;
  /** A card dealt: its name (`face` is its place among the cards that were left). */
  card?: string;
}

export interface PendingRoll {
  id: string;
  encounter: string;
  tableId: string;
  sender: Member;
  /** The command request as sent (no `dice`). */
  req: CommandRequest;
  /** The command as the engine reads it (a player's aliases swapped for real ids). */
  command: Command;
  /** The log version it was asked at: the roll holds only while nothing else is appended. */
  version: number;
  faces: Face[];
  asks: Ask[];
  /** The server rolls every later die of this command too. */
  serverRest: boolean;
}

const registries = new WeakMap<Context, Map<string, PendingRoll>>();

/** The rolls waiting for dice, by encounter id. */
export function pendingRolls(ctx: Context): Map<string, PendingRoll> {
  let m = registries.get(ctx);
  if (!m) registries.set(ctx, (m = new Map()));
  return m;
}

export type Asking = { kind: 'ask'; faces: Face[]; asks: Ask[] } | { kind: 'done'; faces: Face[] } | { kind: 'none' };

/** Who rolls at the table: the players whose dice mode is not off. */
export function rollsAtTable(settings: Settings): (player: string) => boolean {
  return (player) => diceMode(settings, { role: 'player', tableId: '', playerId: player }) !== 'off';
}

/**
 * Decide `command` on `state` with `given` faces first, the server rolling the rest. `kind: 'none'`: the
 * command is refused, or asks no one and nothing was given (decide it the usual way).
 */
export function askDice(engine: Engine, state: EncounterState, command: Command, asGm: boolean, given: readonly Face[], atTable: (player: string) => boolean, serverRest: boolean, seed: string): Asking {
  const server = seededSource(seed);
  const drawn: Face[] = [];
  // the unit each die is rolled for, where the rules name one (a defender's die in the attacker's check)
  const rollers: (string | undefined)[] = [];
  // the cards left when each card was dealt, and every card its deck holds: what "which card?" offers
  const decks: (readonly string[] | undefined)[] = [];
  const wholes: (readonly string[] | undefined)[] = [];
  let calls = 0;
  const source = {
    roll(sides: number, _label?: string, roller?: string): number {
      const i = calls++;
      rollers[i] = roller;
      if (i < given.length) return given[i].face;
      const face = server.roll(sides);
      drawn.push({ face, sides, by: 'server' });
      return face;
    },
    card(cards: readonly string[], label?: string, roller?: string, deck?: readonly string[]): number {
      decks[calls] = cards;
      wholes[calls] = deck?.length ? deck : undefined;
      const face = this.roll(cards.length, label, roller);
      if (calls > given.length) drawn[drawn.length - 1].card = cards[face - 1];
      return face;
    },
  };
  const out = engine.decide(state, command, source, { asGm });
  if (!out.ok) return { kind: 'none' };
  if (!given.length && !drawn.length) return { kind: 'none' };
  const units = { ...state.units, ...out.state.units };
  const actor = typeof command.actor === 'string' ? command.actor : undefined;
  // every draw lands in the next check or note: in event order they are the source's calls in order
  let k = 0;
  const events = out.events as GameEvent[];
  for (const e of events) {
    const dice = (e.type === 'check' || e.type === 'note') && e.dice ? e.dice : [];
    const checkActor = ('actor' in e && typeof e.actor === 'string' ? e.actor : undefined) ?? actor;
    for (let j = 0; j < dice.length; j++, k++) {
      if (k < given.length) continue;
      const d = dice[j];
      // each die belongs to the unit it is rolled for: the check's actor unless the rules named another
      const unit = rollers[k] ?? checkActor;
      const u = unit !== undefined && Object.hasOwn(units, unit) ? units[unit] : undefined;
      const extra = drawn[k - given.length];
      if (extra && u) Object.assign(extra, { unit, unitName: u.name, for: forText(d.label, u.name) });
      if (serverRest || !u?.controller || !atTable(u.controller)) continue;
      if (d.card !== undefined) {
        const ask: Ask = { unit: unit!, unitName: u.name, player: u.controller, for: forText(d.label, u.name), die: 'card', sides: d.sides, count: 1, cards: offer(wholes[k], decks[k] ?? []), left: [...(decks[k] ?? [])], ...(u.hidden ? { hidden: true } : {}) };
        return { kind: 'ask', faces: [...given, ...drawn.slice(0, k - given.length)], asks: [ask] };
      }
      let count = 1;
      while (j + count < dice.length && dice[j + count].card === undefined && dice[j + count].label === d.label && dice[j + count].sides === d.sides && rollers[k + count] === rollers[k]) count++;
      const term = DICE_TERM.exec(d.label ?? '');
      const die = term || count > 1 ? `${count}d${d.sides}` : `d${d.sides}`;
      const ask: Ask = { unit: unit!, unitName: u.name, player: u.controller, for: forText(d.label, u.name), die, sides: d.sides, count, ...(u.hidden ? { hidden: true } : {}) };
      return { kind: 'ask', faces: [...given, ...drawn.slice(0, k - given.length)], asks: [ask] };
    }
  }
  return given.length || drawn.some((f) => f.unit) ? { kind: 'done', faces: [...given, ...drawn] } : { kind: 'none' };
}

/**
 * What "which card?" offers: every card the deck holds, in its shuffle's order — the same whichever cards
 * were dealt. A deck never shuffled through `ctx.shuffle` has no make-up on record: its cards left, sorted.
 */
function offer(whole: readonly string[] | undefined, left: readonly string[]): string[] {
  if (whole && left.every((c) => whole.includes(c))) return [...whole];
  return [...left].sort();
}

/** The dice term a roll's label ends with ("Spear damage: 1d8"); not a word that starts with d ("Punch: defence"). */
const DICE_TERM = /: \d*d(?:\d+|%|F)\S*$/;

/** "Spear damage: 1d8" → "Spear damage"; "initiative Kara" → "initiative" (the die and the unit are said beside it). */
function forText(label: string | undefined, unitName: string): string {
  let t = (label ?? 'a roll').replace(DICE_TERM, '');
  if (t.endsWith(` ${unitName}`) && t.length > unitName.length + 1) t = t.slice(0, -unitName.length - 1);
  return t;
}

/** A fresh stream for the dice the server rolls in a dry run (reproducible under a test seed). */
export function dryRunSeed(testSeed: string | undefined, version: number, fixed: number): string {
  return testSeed !== undefined ? `${testSeed}:${version}:ask${fixed}` : randomBytes(16).toString('hex');
}

export function newRoll(ctx: Context, fields: Omit<PendingRoll, 'id'>): PendingRoll {
  const roll = { id: newId('r_'), ...fields };
  pendingRolls(ctx).set(roll.encounter, roll);
  return roll;
}

/** The roll as `viewer` sees it: the dice asked now, the faces typed so far, and what it may do. */
export interface RollView {
  id: string;
  /**
   * The dice asked now; a unit hidden from the viewer is not named, nor what it rolls for. A card asked
   * offers the player who deals it every card of the deck (the GM: the cards left), no one else anything.
   */
  asks: { unitName?: string; for?: string; die: string; sides?: number; count: number; cards?: string[] }[];
  /** Faces fixed so far: a player sees those of its own units, the GM all; a card by its name (to a player, by its name alone). */
  rolled: { unitName?: string; for?: string; sides?: number; face?: number; card?: string; by: Face['by'] }[];
  /** The viewer may type these faces in. */
  yours: boolean;
  /** The viewer may let the server roll them. */
  serverMay: boolean;
  /** The viewer may call the command off. */
  cancelMay: boolean;
}

export function viewOf(roll: PendingRoll, viewer: Member, settings: Settings): RollView | undefined {
  const gm = viewer.role === 'gm';
  const me = viewer.role === 'player' ? viewer.playerId : undefined;
  const sender = roll.sender.role === 'player' ? roll.sender.playerId : undefined;
  const asked = roll.asks.some((a) => a.player === me);
  if (!gm && !asked && sender !== me) return undefined;
  const optional = me !== undefined && diceMode(settings, viewer) === 'optional';
  const mine = (f: Face) => gm || (me !== undefined && f.player === me);
  return {
    id: roll.id,
    asks: roll.asks.map((a) => {
      // the GM sees the cards left and how many; the player who deals it, every card of the deck (what is
      // left, and so what was dealt face down, may be secret); anyone else, neither
      if (!a.cards) return { ...(named(a, viewer) ? { unitName: a.unitName, for: a.for } : {}), die: a.die, sides: a.sides, count: a.count };
      const cards = gm ? [...(a.left ?? a.cards)] : a.player === me ? [...a.cards] : undefined;
      return { ...(named(a, viewer) ? { unitName: a.unitName, for: a.for } : {}), die: a.die, ...(gm ? { sides: a.sides } : {}), count: a.count, ...(cards ? { cards } : {}) };
    }),
    // a card's place among the cards left, and their count, say what is gone: a player hears its name alone
    rolled: roll.faces.filter(mine).map(({ unitName, for: f, sides, face, card, by }) => ({ ...(unitName ? { unitName } : {}), ...(f ? { for: f } : {}), ...(card && !gm ? {} : { sides, face }), ...(card ? { card } : {}), by })),
    yours: gm || asked,
    serverMay: gm || (asked && optional),
    cancelMay: gm || (sender !== undefined && sender === me),
  };
}

/** Whether `viewer` may hear whose die `a` is and what for: the GM, the player asked, or anyone when the unit is not hidden. */
function named(a: Ask, viewer: Member): boolean {
  return viewer.role === 'gm' || !a.hidden || (viewer.role === 'player' && viewer.playerId === a.player);
}

/**
 * Why a command must wait, told to `viewer` (who sent it while the roll waits) in what it may know:
 * its own dice, a unit it can see, or "another player's dice".
 */
export function awaitingWords(roll: PendingRoll, viewer: Member): string {
  const a = roll.asks[0];
  if (a.cards) {
    if (viewer.role === 'gm') return `waiting for ${a.unitName}'s card (${a.for}); you may let the server deal it or call the command off`;
    if (viewer.playerId === a.player) return `waiting for your card: ${a.unitName}, ${a.for}`;
    return `waiting for ${named(a, viewer) ? `${a.unitName}'s card (${a.for})` : "another player's card"}; the GM may let the server deal it or call the command off`;
  }
  if (viewer.role === 'gm') return `waiting for ${a.unitName}'s dice (${a.for}, ${a.die}); you may let the server roll them or call the command off`;
  if (viewer.playerId === a.player) return `waiting for your dice: ${a.unitName}, ${a.for}, ${a.die}`;
  const whose = named(a, viewer) ? `${a.unitName}'s dice (${a.for}, ${a.die})` : "another player's dice";
  return `waiting for ${whose}; the GM may let the server roll them or call the command off`;
}
