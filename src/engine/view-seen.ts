/**
 * What a player sees of one thing — a unit, its data, the turn order, an effect, a decision — and the
 * pattern of hidden units' mentions. The pieces view.ts builds a player's state and log from.
 */
import type { CombatResult, EncounterState, Effect, Json, Pending, Slot, Unit } from './types.ts';
import { dataSeenWithout, unitDecisionSeen } from './view-mentions.ts';

export type Viewer = { role: 'gm' } | { role: 'player'; player: string };

/** Keys of unit and encounter data only the GM reads. */
export const GM_ONLY_KEYS = ['gmNotes'];

/** The unit data key `gm.link` / `gm.unlink` keep links in (src/engine/gm/links.ts): `[{ with, kind, lead }]`. */
export const LINKS_KEY = 'links';

/** The `why` a player reads on a turn order change whose own words would name a hidden unit. */
export const NEUTRAL_ORDER_WHY = 'the turn order changes';

export interface ViewRules {
  secretPools?: string[];
  /**
   * A unit's data as a player not on its side sees it (Ruleset.projectData): keys left out are not
   * shown, keys kept may carry less. Must not change its argument.
   */
  projectData?: (data: Record<string, Json>, unit: Unit) => Record<string, Json>;
  /** Encounter data keys no player sees (Ruleset.secret: its data keys and its secret decks' keys); view-secret.ts. */
  secretData?: readonly string[];
  /** Decks whose draws players get without their place or count (view-secret.ts). */
  secretDecks?: readonly string[];
}

export function visibleUnit(u: Unit | undefined): boolean {
  return !!u && !u.hidden;
}

/** Sides the player fights on: those of the units it controls. Secret pools stay visible on them. */
export function friendlySides(state: EncounterState, viewer: Viewer & { role: 'player' }): Set<string> {
  const sides = new Set<string>();
  for (const id of state.unitOrder) if (state.units[id].controller === viewer.player) sides.add(state.units[id].side);
  return sides;
}

/** Whether the player sees `u` as its own: a unit it controls, or one on a side it fights on. */
export const isFriendly = (u: Unit | undefined, viewer: Viewer & { role: 'player' }, friends: Set<string>): boolean => !!u && (u.controller === viewer.player || friends.has(u.side));

/** A unit's data as `viewer` sees it, before GM-only keys are dropped: the ruleset's projection for other sides' units. */
function dataSeen(u: Unit, viewer: Viewer & { role: 'player' }, rules: ViewRules, friends: Set<string>): Record<string, Json> {
  return rules.projectData && !isFriendly(u, viewer, friends) ? rules.projectData(u.data, u) : u.data;
}

/**
 * A unit's data as `viewer` sees it: the ruleset's projection for other sides' units, without GM-only
 * keys, without links to units `shown` leaves out (the key goes when no link is left, as gm.unlink does),
 * and without values naming a hidden unit (`mentions`, view-mentions.ts).
 */
export function playerData(u: Unit, viewer: Viewer & { role: 'player' }, rules: ViewRules, friends: Set<string>, shown: (id: string) => boolean, mentions?: RegExp): Record<string, Json> {
  const data = { ...dataSeen(u, viewer, rules, friends) };
  for (const k of GM_ONLY_KEYS) delete data[k];
  const links = data[LINKS_KEY];
  if (Array.isArray(links)) {
    const kept = links.filter((l) => !(l && typeof l === 'object' && !Array.isArray(l) && typeof l.with === 'string' && !shown(l.with)));
    if (!kept.length) delete data[LINKS_KEY];
    else if (kept.length !== links.length) data[LINKS_KEY] = kept;
  }
  return dataSeenWithout(data, mentions);
}

export function projectUnit(u: Unit, viewer: Viewer & { role: 'player' }, rules: ViewRules, friends: Set<string>, shown: (id: string) => boolean, mentions?: RegExp): Unit {
  const own = isFriendly(u, viewer, friends);
  const data = playerData(u, viewer, rules, friends, shown, mentions);
  const pools = { ...u.pools };
  if (!own) for (const p of rules.secretPools ?? []) delete pools[p];
  return { ...u, data, pools };
}

/** A turn order without the slots `shown` leaves out; the pointer still indexes the same slot (-1 while a left-out slot is in progress). */
export function orderSeen(order: readonly Slot[], index: number, shown: (id: string) => boolean): { order: Slot[]; index: number } {
  const before = order.slice(0, Math.max(0, index)).filter((s) => !shown(s.unit)).length;
  const activeHidden = index >= 0 && index < order.length && !shown(order[index].unit);
  return { order: order.filter((s) => shown(s.unit)), index: activeHidden ? -1 : index - before };
}

/** A decision the GM owes, as a player sees it waiting: no options or data, and no prompt naming a hidden unit. */
export function gmDecisionSeen(p: Pending, mentions: RegExp | undefined): Pending {
  const prompt = mentions?.test(p.prompt) ? 'the GM is deciding something' : p.prompt;
  const { choices: _choices, ...rest } = p;
  return { ...rest, prompt, options: [], data: {} };
}

/** A fight's result as a player reads it: its reason goes to neutral words when it names a hidden unit. */
export function resultSeen(r: CombatResult, mentions: RegExp | undefined): CombatResult {
  return mentions?.test(r.reason) ? { ...r, reason: 'the fight is over' } : r;
}

/**
 * Whether a player sees effect `f`: its target, its source and the unit whose turns it counts are all
 * visible (an effect counting a hidden unit's turns would tick when that unit's turn passes).
 */
export function effectSeen(state: EncounterState, f: Effect): boolean {
  const shown = (id: string | undefined) => id === undefined || visibleUnit(state.units[id]);
  return shown(f.target) && shown(f.source) && shown(f.clock && 'unit' in f.clock ? f.clock.unit : undefined);
}

/**
 * Whether a player sees decision `p` waiting: a unit's when the unit is visible; the GM's always (play
 * may wait on it), but for a suggestion made for a hidden unit (only the GM can), which waits on nothing.
 */
export function pendingSeen(state: EncounterState, p: Pending): boolean {
  if (p.answeredBy !== 'gm') return visibleUnit(state.units[p.answeredBy]);
  return !(p.kind === 'suggestion' && typeof p.data.from === 'string' && !visibleUnit(state.units[p.data.from]));
}

/** A waiting decision as a player sees it (`mentions`: hiddenMentions of the state, when it has hidden units). */
export function pendingView(p: Pending, mentions: RegExp | undefined): Pending {
  return p.answeredBy === 'gm' ? gmDecisionSeen(p, mentions) : unitDecisionSeen(p, mentions);
}

/** The turn as a player sees it: its order, and no phase while a left-out slot is in progress (that unit's phase). */
export function turnSeen(state: EncounterState, shown: (id: string) => boolean): EncounterState['turn'] {
  const seen = orderSeen(state.turn.order, state.turn.index, shown);
  const turn = { ...state.turn, ...seen };
  if (seen.index === -1 && state.turn.index !== -1) delete turn.phase;
  return turn;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each state's hidden units as pattern parts, worked out once per state (a state changes only by events, which step its version). */
const partsCache = new WeakMap<EncounterState, { version: number; units: EncounterState['units']; parts: string[] }>();

function hiddenParts(st: EncounterState): string[] {
  const had = partsCache.get(st);
  if (had && had.version === st.version && had.units === st.units) return had.parts;
  const parts: string[] = [];
  // for-in, not unitOrder: it is asked at every event, and walking the record is many times cheaper
  // than looking each id up (the parts' order does not matter)
  for (const id in st.units) {
    const u = st.units[id];
    if (!u.hidden) continue;
    parts.push(`"${escape(u.id)}"`, `\\b${escape(u.name)}\\b`);
  }
  partsCache.set(st, { version: st.version, units: st.units, parts });
  return parts;
}

const patterns = new Map<string, RegExp>();

/**
 * A pattern matching any mention of a hidden unit: its id as a JSON string, or its name as a word.
 * Defence in depth: a ruleset's free-text note or a die's label naming a hidden unit is caught too.
 * Asked for at every event of every player's log, so it is remembered per state and per pattern.
 */
export function hiddenMentions(...states: EncounterState[]): RegExp | undefined {
  const parts = new Set<string>();
  for (const st of states) for (const p of hiddenParts(st)) parts.add(p);
  if (!parts.size) return undefined;
  const source = [...parts].join('|');
  let re = patterns.get(source);
  if (!re) {
    if (patterns.size >= 256) patterns.clear();
    patterns.set(source, (re = new RegExp(source)));
  }
  return re;
}
