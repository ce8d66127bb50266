/**
 * What one viewer may see. The GM sees everything; a player sees its own side's units fully, other
 * sides' visible units without the ruleset's secret pools and with their data as the ruleset shows it
 * (`projectData`), and nothing of hidden units or GM-only events — not in the state, not in the log.
 */
import type { Appliers } from './apply.ts';
import { applyEvent, emptyState } from './apply.ts';
import type { GameEvent, LoggedEvent } from './events.ts';
import type { EncounterState, Json, Pending, Slot, Unit } from './types.ts';

export type Viewer = { role: 'gm' } | { role: 'player'; player: string };

/** Keys of unit and encounter data only the GM reads. */
export const GM_ONLY_KEYS = ['gmNotes'];

/** The unit data key `gm.link` / `gm.unlink` keep links in (src/engine/gm/links.ts): `[{ with, kind, lead }]`. */
const LINKS_KEY = 'links';

/** The `why` a player reads on a turn order change whose own words would name a hidden unit. */
const NEUTRAL_ORDER_WHY = 'the turn order changes';

export interface ViewRules {
  secretPools?: string[];
  /**
   * A unit's data as a player not on its side sees it (Ruleset.projectData): keys left out are not
   * shown, keys kept may carry less. Must not change its argument.
   */
  projectData?: (data: Record<string, Json>, unit: Unit) => Record<string, Json>;
}

function visibleUnit(u: Unit | undefined): boolean {
  return !!u && !u.hidden;
}

/** Sides the player fights on: those of the units it controls. Secret pools stay visible on them. */
function friendlySides(state: EncounterState, viewer: Viewer & { role: 'player' }): Set<string> {
  const sides = new Set<string>();
  for (const id of state.unitOrder) if (state.units[id].controller === viewer.player) sides.add(state.units[id].side);
  return sides;
}

/** Whether the player sees `u` as its own: a unit it controls, or one on a side it fights on. */
const isFriendly = (u: Unit | undefined, viewer: Viewer & { role: 'player' }, friends: Set<string>): boolean => !!u && (u.controller === viewer.player || friends.has(u.side));

/** A unit's data as `viewer` sees it, before GM-only keys are dropped: the ruleset's projection for other sides' units. */
function dataSeen(u: Unit, viewer: Viewer & { role: 'player' }, rules: ViewRules, friends: Set<string>): Record<string, Json> {
  return rules.projectData && !isFriendly(u, viewer, friends) ? rules.projectData(u.data, u) : u.data;
}

/**
 * A unit's data as `viewer` sees it: the ruleset's projection for other sides' units, without GM-only
 * keys, and without links to units `shown` leaves out (the key goes when no link is left, as gm.unlink does).
 */
function playerData(u: Unit, viewer: Viewer & { role: 'player' }, rules: ViewRules, friends: Set<string>, shown: (id: string) => boolean): Record<string, Json> {
  const data = { ...dataSeen(u, viewer, rules, friends) };
  for (const k of GM_ONLY_KEYS) delete data[k];
  const links = data[LINKS_KEY];
  if (Array.isArray(links)) {
    const kept = links.filter((l) => !(l && typeof l === 'object' && !Array.isArray(l) && typeof l.with === 'string' && !shown(l.with)));
    if (!kept.length) delete data[LINKS_KEY];
    else if (kept.length !== links.length) data[LINKS_KEY] = kept;
  }
  return data;
}

function projectUnit(u: Unit, viewer: Viewer & { role: 'player' }, rules: ViewRules, friends: Set<string>, shown: (id: string) => boolean): Unit {
  const own = isFriendly(u, viewer, friends);
  const data = playerData(u, viewer, rules, friends, shown);
  const pools = { ...u.pools };
  if (!own) for (const p of rules.secretPools ?? []) delete pools[p];
  return { ...u, data, pools };
}

/** A turn order without the slots `shown` leaves out; the pointer still indexes the same slot (-1 while a left-out slot is in progress). */
function orderSeen(order: readonly Slot[], index: number, shown: (id: string) => boolean): { order: Slot[]; index: number } {
  const before = order.slice(0, Math.max(0, index)).filter((s) => !shown(s.unit)).length;
  const activeHidden = index >= 0 && index < order.length && !shown(order[index].unit);
  return { order: order.filter((s) => shown(s.unit)), index: activeHidden ? -1 : index - before };
}

/** A decision the GM owes, as a player sees it waiting: no options or data, and no prompt naming a hidden unit. */
function gmDecisionSeen(p: Pending, mentions: RegExp | undefined): Pending {
  const prompt = mentions?.test(p.prompt) ? 'the GM is deciding something' : p.prompt;
  return { ...p, prompt, options: [], data: {} };
}

export function viewState(state: EncounterState, viewer: Viewer, rules: ViewRules = {}): EncounterState {
  if (viewer.role === 'gm') return state;
  const shown = (id: string | undefined) => id === undefined || visibleUnit(state.units[id]);
  const units: EncounterState['units'] = {};
  const friends = friendlySides(state, viewer);
  for (const id of state.unitOrder) if (shown(id)) units[id] = projectUnit(state.units[id], viewer, rules, friends, shown);
  const data = { ...state.data };
  for (const k of GM_ONLY_KEYS) delete data[k];
  const mentions = state.pending.length ? hiddenMentions(state) : undefined;
  return {
    ...state,
    units,
    unitOrder: state.unitOrder.filter(shown),
    turn: { ...state.turn, ...orderSeen(state.turn.order, state.turn.index, shown) },
    effects: state.effects.filter((f) => shown(f.target) && shown(f.source)).map((f) => (f.source && !shown(f.source) ? { ...f, source: undefined } : f)),
    pending: state.pending
      .filter((p) => p.answeredBy === 'gm' || shown(p.answeredBy))
      .map((p) => (p.answeredBy === 'gm' ? gmDecisionSeen(p, mentions) : p)),
    data,
  };
}

/**
 * The state a player reckons from (its odds, its previews): everything as it is — hidden units, pools,
 * positions — except the data of units not on its side, which is what the ruleset shows of it
 * (`projectData`). Not a view to send: `viewState` is.
 */
export function knownState(state: EncounterState, viewer: Viewer, rules: ViewRules = {}): EncounterState {
  if (viewer.role === 'gm' || !rules.projectData) return state;
  const friends = friendlySides(state, viewer);
  let units: EncounterState['units'] | undefined;
  for (const id of state.unitOrder) {
    const u = state.units[id];
    if (isFriendly(u, viewer, friends)) continue;
    const data = rules.projectData(u.data, u);
    if (data === u.data) continue;
    units ??= { ...state.units };
    units[id] = { ...u, data };
  }
  return units ? { ...state, units } : state;
}

/** Unit ids an event speaks of. */
function unitsNamed(e: GameEvent): string[] {
  const r = e as Record<string, unknown>;
  const out: string[] = [];
  for (const k of ['unit', 'actor', 'target', 'source']) if (typeof r[k] === 'string') out.push(r[k] as string);
  if (e.type === 'effect.applied') out.push(e.effect.target, ...(e.effect.source ? [e.effect.source] : []));
  if (e.type === 'unit.added') out.push(e.unit.id);
  if (e.type === 'pending.opened' && e.pending.answeredBy !== 'gm') out.push(e.pending.answeredBy);
  for (const k of ['targets', 'about']) if (Array.isArray(r[k])) for (const t of r[k] as unknown[]) if (typeof t === 'string') out.push(t);
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern matching any mention of a hidden unit: its id as a JSON string, or its name as a word.
 * Defence in depth: a ruleset's free-text note or a die's label naming a hidden unit is caught too.
 */
function hiddenMentions(...states: EncounterState[]): RegExp | undefined {
  const parts = new Set<string>();
  for (const st of states) {
    for (const id of st.unitOrder) {
      const u = st.units[id];
      if (!u.hidden) continue;
      parts.add(`"${escape(u.id)}"`);
      parts.add(`\\b${escape(u.name)}\\b`);
    }
  }
  return parts.size ? new RegExp([...parts].join('|')) : undefined;
}

function projectEvent(e: LoggedEvent, before: EncounterState, after: EncounterState, viewer: Viewer & { role: 'player' }, rules: ViewRules): LoggedEvent | undefined {
  if (e.visibility === 'gm') return undefined;
  if (e.type === 'encounter.created') {
    const out = { ...e, state: viewState(e.state, viewer, rules) };
    // the state is the player's view; a reason naming a hidden unit goes
    if (out.reason !== undefined && hiddenMentions(e.state)?.test(JSON.stringify(out.reason))) delete out.reason;
    return out;
  }
  const named = unitsNamed(e);
  // a unit.added's unit did not exist before: it shows when it is visible after
  const added = e.type === 'unit.added' ? e.unit.id : undefined;
  // hidden before or after (a reveal shows, a hiding does not)
  if (named.some((id) => !visibleUnit(after.units[id]) || (e.type !== 'unit.hidden' && id !== added && !visibleUnit(before.units[id])))) return undefined;
  const out = redact(e, before, after, viewer, rules);
  if (!out) return undefined;
  // every event, redacted or not, is checked for mentions of a hidden unit in any of its text (a why, a
  // reason, a prompt, a ruleset's note): a reveal shows the unit; anything else mentioning a unit hidden
  // before or after is withheld — but for a turn order change, which is reworded when it changes what the player sees
  const mentions = e.type === 'unit.hidden' ? hiddenMentions(after) : hiddenMentions(before, after);
  if (!mentions || !mentions.test(JSON.stringify(out))) return out;
  if (out.type !== 'turn.order') return undefined;
  const shown = (id: string) => visibleUnit(after.units[id]);
  const was = orderSeen(before.turn.order, before.turn.index, shown);
  if (JSON.stringify(was) === JSON.stringify({ order: out.order, index: out.index })) return undefined;
  const neutral = { type: 'turn.order', order: out.order, index: out.index, why: NEUTRAL_ORDER_WHY, seq: e.seq, cmd: e.cmd } as LoggedEvent;
  return mentions.test(JSON.stringify(neutral)) ? undefined : neutral;
}

/** An event naming only visible units, as the player may read it (before the check for mentions of hidden units); undefined: withheld. */
function redact(e: LoggedEvent, before: EncounterState, after: EncounterState, viewer: Viewer & { role: 'player' }, rules: ViewRules): LoggedEvent | undefined {
  const shown = (id: string) => visibleUnit(after.units[id]);
  if (e.type === 'turn.order') return { ...e, ...orderSeen(e.order, e.index, shown) };
  if (e.type === 'unit.added') {
    const u = after.units[e.unit.id];
    return { ...e, unit: projectUnit(u, viewer, rules, friendlySides(after, viewer), shown) };
  }
  if (e.type === 'effect.changed' || e.type === 'effect.removed') {
    const fx = before.effects.find((f) => f.id === e.id);
    if (fx && (!visibleUnit(before.units[fx.target]) || (fx.source && !visibleUnit(before.units[fx.source])))) return undefined;
  }
  if (e.type === 'pending.closed') {
    const p = before.pending.find((x) => x.id === e.id);
    if (p && p.answeredBy === 'gm') return { ...e, answer: null };
  }
  if (e.type === 'unit.data' && GM_ONLY_KEYS.includes(e.key)) return undefined;
  if (e.type === 'unit.data') {
    const friends = friendlySides(after, viewer);
    const u = after.units[e.unit];
    if (e.key === LINKS_KEY || (rules.projectData && !isFriendly(u, viewer, friends))) {
      // the key as the player sees it, before and after: withheld when it shows nothing (or nothing new)
      const was = before.units[e.unit] ? playerData(before.units[e.unit], viewer, rules, friends, shown) : {};
      const now = playerData(u, viewer, rules, friends, shown);
      const had = Object.hasOwn(was, e.key);
      const has = Object.hasOwn(now, e.key);
      if (!had && !has) return undefined;
      if (had && has && JSON.stringify(was[e.key]) === JSON.stringify(now[e.key])) return undefined;
      const { value: _v, ...rest } = e;
      return (has ? { ...rest, value: now[e.key] } : rest) as LoggedEvent;
    }
  }
  if (e.type === 'encounter.data' && GM_ONLY_KEYS.includes(e.key)) return undefined;
  if ((e.type === 'pool.changed' || e.type === 'pool.max') && rules.secretPools?.includes(e.pool)) {
    const owner = after.units[e.unit];
    if (owner?.controller !== viewer.player && !friendlySides(after, viewer).has(owner?.side)) {
      const { value: _v, ...rest } = e as LoggedEvent & { value: number };
      if (e.type === 'pool.max') return undefined;
      return rest as LoggedEvent;
    }
  }
  if (e.type === 'pending.opened' && e.pending.answeredBy === 'gm') return { ...e, pending: { ...e.pending, options: [], data: {} } };
  return e;
}

/** The log as one viewer may see it: events filtered and redacted by the visibility at each point. */
export function viewLog(log: readonly LoggedEvent[], viewer: Viewer, appliers?: Appliers, rules: ViewRules = {}, undone: Set<string> = new Set()): LoggedEvent[] {
  if (viewer.role === 'gm') return [...log];
  const out: LoggedEvent[] = [];
  let state = emptyState();
  for (const e of log) {
    const skip = e.type === 'undo' || e.type === 'redo' || undone.has(e.cmd);
    const before = state;
    const after = skip ? state : applyEvent(structuredClone(state), e, appliers);
    const p = projectEvent(e, before, after, viewer, rules);
    if (p) out.push(p);
    state = after;
  }
  return out;
}

/**
 * The actions a player may be shown: none that names a unit hidden from it (a button "Attack the
 * Goblin Sneak" would give the Sneak away). The GM sees them all.
 */
export function viewActions<T extends { command: unknown }>(state: EncounterState, options: readonly T[], viewer: Viewer): T[] {
  if (viewer.role === 'gm') return [...options];
  const mentions = hiddenMentions(state);
  return mentions ? options.filter((o) => !mentions.test(JSON.stringify(o))) : [...options];
}
