/**
 * What one viewer may see. The GM sees everything; a player sees its own side's units fully, other
 * sides' visible units without the ruleset's secret pools and with their data as the ruleset shows it
 * (`projectData`), and nothing of hidden units or GM-only events — not in the state, not in the log.
 * The pieces (a unit, the order, an effect, a decision as a player sees it) are in view-seen.ts.
 */
import type { Appliers } from './apply.ts';
import { applyEvent, emptyState } from './apply.ts';
import type { GameEvent, LoggedEvent } from './events.ts';
import type { Ruleset } from './ruleset.ts';
import type { EncounterState, Json, Slot } from './types.ts';
import {
  effectSeen, friendlySides, GM_ONLY_KEYS, hiddenMentions, isFriendly, LINKS_KEY, NEUTRAL_ORDER_WHY, orderSeen, pendingSeen, pendingView, playerData, projectUnit, resultSeen, turnSeen, visibleUnit,
  type Viewer, type ViewRules,
} from './view-seen.ts';
import { dataEventSeen, dataNames, dataSeenWithout, valueSeen } from './view-mentions.ts';
import { dataWithoutSecrets, eventWithoutSecrets, secretRulesOf } from './view-secret.ts';

export { effectSeen, GM_ONLY_KEYS, hiddenMentions, NEUTRAL_ORDER_WHY, orderSeen, pendingSeen, pendingView, type Viewer, type ViewRules } from './view-seen.ts';
export { NEUTRAL_UNIT_PROMPT } from './view-mentions.ts';

/** Which units, effects and decisions a player's log already holds (the server keeps that per player). */
export interface Held {
  unit(id: string): boolean;
  effect(id: string): boolean;
  pending(id: string): boolean;
}

/**
 * Units a player sees in `state` that its log never brought in (a revealed unit; one whose joining was
 * withheld for its words), as view-level `unit.added` events carrying the unit as the state shows it.
 * With them (and introducedItems), a player's log replayed holds every unit, effect and decision its
 * state shows, so it imports.
 */
export function introducedUnits(state: EncounterState, viewer: Viewer & { role: 'player' }, rules: ViewRules, held: Held): GameEvent[] {
  const shown = (id: string) => visibleUnit(state.units[id]);
  const out: GameEvent[] = [];
  let friends: Set<string> | undefined;
  // worked out only when a unit comes in: this runs after every event of a player's log
  let mentions: RegExp | undefined | null = null;
  for (const id of state.unitOrder) {
    if (!shown(id) || held.unit(id)) continue;
    friends ??= friendlySides(state, viewer);
    if (mentions === null) mentions = hiddenMentions(state);
    out.push({ type: 'unit.added', unit: projectUnit(state.units[id], viewer, rules, friends, shown, mentions) });
  }
  return out;
}

/**
 * Whether a unit may come into a player's sight after `e` without being named by it: only a unit added or
 * revealed, a new encounter, an undo or redo (the log replayed) or a ruleset's own event (which may change
 * anything) can; every other event changes only what it names. Folding a log, the view-level events of
 * introducedUnits and a change of the slots players see are looked for after these alone.
 */
export function mayBringUnitsIntoSight(e: GameEvent): boolean {
  return e.type === 'unit.hidden' || e.type === 'unit.added' || e.type === 'encounter.created' || e.type === 'undo' || e.type === 'redo' || e.type.includes(':');
}

/** Effects and decisions a player sees in `state` that its log never brought in, as `effect.applied` / `pending.opened` as the state shows them. */
export function introducedItems(state: EncounterState, held: Held): GameEvent[] {
  const out: GameEvent[] = [];
  for (const f of state.effects) if (effectSeen(state, f) && !held.effect(f.id)) out.push({ type: 'effect.applied', effect: f });
  const waiting = state.pending.filter((p) => pendingSeen(state, p) && !held.pending(p.id));
  const mentions = waiting.length ? hiddenMentions(state) : undefined;
  for (const p of waiting) out.push({ type: 'pending.opened', pending: pendingView(p, mentions) });
  return out;
}

/** What a ruleset tells the views: its secret pools, its secret state, and how players see others' unit data. */
export const viewRulesOf = (ruleset: Ruleset): ViewRules => ({
  secretPools: ruleset.secretPools ?? [],
  ...secretRulesOf(ruleset),
});

export function viewState(state: EncounterState, viewer: Viewer, rules: ViewRules = {}): EncounterState {
  if (viewer.role === 'gm') return state;
  const shown = (id: string | undefined) => id === undefined || visibleUnit(state.units[id]);
  const units: EncounterState['units'] = {};
  const friends = friendlySides(state, viewer);
  const mentions = hiddenMentions(state);
  for (const id of state.unitOrder) if (shown(id)) units[id] = projectUnit(state.units[id], viewer, rules, friends, shown, mentions);
  const data = { ...dataSeenWithout(dataWithoutSecrets(state.data, rules), mentions) };
  for (const k of GM_ONLY_KEYS) delete data[k];
  return {
    ...state,
    units,
    unitOrder: state.unitOrder.filter(shown),
    // a side none of whose units the player sees would say that hidden units are there
    sides: state.sides.filter((side) => state.unitOrder.some((id) => shown(id) && state.units[id].side === side)),
    ...(state.result ? { result: resultSeen(state.result, mentions) } : {}),
    turn: turnSeen(state, shown),
    effects: state.effects.filter((f) => effectSeen(state, f)),
    pending: state.pending.filter((p) => pendingSeen(state, p)).map((p) => pendingView(p, mentions)),
    data,
  };
}

/**
 * The state a player reckons from (its odds, its previews): as it is — pools, positions — except that
 * hidden units are not there (a flee chance that counted a hidden enemy's Evasion would say one is near),
 * with their slots, effects and decisions, and the data of units not on its side is what the ruleset
 * shows of it (`projectData`). Not a view to send: `viewState` is.
 */
export function knownState(state: EncounterState, viewer: Viewer, rules: ViewRules = {}): EncounterState {
  if (viewer.role === 'gm') return state;
  const shown = (id: string) => visibleUnit(state.units[id]);
  state = withoutSecretData(state, rules);
  const anyHidden = !state.unitOrder.every(shown);
  if (!anyHidden && !rules.projectData) return state;
  const friends = friendlySides(state, viewer);
  // the units it knows: hidden ones left out, others' data as the ruleset shows it; unchanged units shared
  const units: EncounterState['units'] = anyHidden ? {} : { ...state.units };
  let changed = anyHidden;
  for (const id of state.unitOrder) {
    if (!shown(id)) continue;
    const u = state.units[id];
    const data = rules.projectData && !isFriendly(u, viewer, friends) ? rules.projectData(u.data, u) : u.data;
    units[id] = data === u.data ? u : { ...u, data };
    changed ||= data !== u.data;
  }
  if (!changed) return state;
  if (!anyHidden) return { ...state, units };
  return {
    ...state,
    units,
    unitOrder: state.unitOrder.filter(shown),
    turn: turnSeen(state, shown),
    effects: state.effects.filter((f) => effectSeen(state, f)),
    pending: state.pending.filter((p) => pendingSeen(state, p)),
  };
}

/** The state without the ruleset's secret encounter data (the same state when it holds none). */
function withoutSecretData(state: EncounterState, rules: ViewRules): EncounterState {
  const data = dataWithoutSecrets(state.data, rules);
  return data === state.data ? state : { ...state, data };
}

/** Unit ids an event speaks of. */
function unitsNamed(e: GameEvent): string[] {
  const r = e as Record<string, unknown>;
  const out: string[] = [];
  for (const k of ['unit', 'actor', 'target', 'source']) if (typeof r[k] === 'string') out.push(r[k] as string);
  if (e.type === 'effect.applied') out.push(e.effect.target, ...(e.effect.source ? [e.effect.source] : []), ...(e.effect.clock && 'unit' in e.effect.clock ? [e.effect.clock.unit] : []));
  if (e.type === 'unit.added') out.push(e.unit.id);
  if (e.type === 'pending.opened' && e.pending.answeredBy !== 'gm') out.push(e.pending.answeredBy);
  for (const k of ['targets', 'about']) if (Array.isArray(r[k])) for (const t of r[k] as unknown[]) if (typeof t === 'string') out.push(t);
  return out;
}

/** The why of a unit the GM places at a slot of the turn order. A player reads the slot counted in its own order. */
export const joinsAtSlot = (name: string, slot: number): string => `${name} joins at slot ${slot} (GM)`;

/** The why of the GM ending a round. A player reads only the names of the units it sees. */
export const endsRound = (skipped: readonly string[]): string => `the GM ends the round: ${skipped.join(', ')} do not act`;

/**
 * Words of the engine's that count or list slots, as the player reads them: counting and listing only the
 * slots it sees, as they would read had the hidden slots never been there. Undefined: not such words, or
 * (an end of round skipping only hidden units) words that would not have been said.
 */
function orderWords(e: LoggedEvent & { type: 'turn.order' }, before: EncounterState, shown: (id: string) => boolean, name: (id: string) => string): string | null | undefined {
  const at = e.order.findIndex((s, i) => shown(s.unit) && e.why === joinsAtSlot(name(s.unit), i));
  if (at >= 0) return joinsAtSlot(name(e.order[at].unit), e.order.slice(0, at).filter((s) => shown(s.unit)).length);
  const skipped = before.turn.order.slice(before.turn.index + 1).map((s) => s.unit);
  if (skipped.length && e.why === endsRound(skipped.map(name))) {
    const seen = skipped.filter(shown);
    return seen.length ? endsRound(seen.map(name)) : null;
  }
  return undefined;
}

/** A turn order change as a player reads it; undefined: withheld (nothing it sees changed, or its words name a hidden unit and cannot be reworded). */
function orderChange(e: LoggedEvent & { type: 'turn.order' }, out: LoggedEvent & { type: 'turn.order' }, before: EncounterState, after: EncounterState, mentions: RegExp | undefined): LoggedEvent | undefined {
  const shown = (id: string) => visibleUnit(after.units[id]);
  // a change only to slots the player does not see is no change to it (a hidden unit's joining, a reorder among hidden slots)
  const was = orderSeen(before.turn.order, before.turn.index, shown);
  if (JSON.stringify(was) === JSON.stringify({ order: out.order, index: out.index })) return undefined;
  const words = orderWords(e, before, shown, (id) => after.units[id]?.name ?? id);
  if (words === null) return undefined;
  if (words !== undefined) out = { ...out, why: words };
  if (!mentions || !mentions.test(JSON.stringify(out))) return out;
  const neutral = { type: 'turn.order', order: out.order, index: out.index, why: NEUTRAL_ORDER_WHY, seq: e.seq, cmd: e.cmd } as LoggedEvent;
  return mentions.test(JSON.stringify(neutral)) ? undefined : neutral;
}

/**
 * Events whose change the player's state shows anyway (a decision waiting, its closing, the fight's end):
 * when a GM's reason on one names a hidden unit, the reason goes rather than the event.
 */
const KEPT_WITHOUT_REASON = new Set(['pending.opened', 'pending.closed', 'combat.ended']);

/**
 * One event as a player may read it, from the states right before and right after it (for an undo or
 * redo: the state before it, both times, as viewLog does); undefined: withheld. For a fold that keeps
 * its own states (the server's per-player logs); viewLog is this over a whole log.
 */
export function viewEvent(e: LoggedEvent, before: EncounterState, after: EncounterState, viewer: Viewer & { role: 'player' }, rules: ViewRules = {}): LoggedEvent | undefined {
  return projectEvent(e, before, after, viewer, rules);
}

/** The turn order and pointer as a player sees them. */
export function viewOrder(state: EncounterState): { order: Slot[]; index: number } {
  return orderSeen(state.turn.order, state.turn.index, (id) => visibleUnit(state.units[id]));
}

function projectEvent(e: LoggedEvent, before: EncounterState, after: EncounterState, viewer: Viewer & { role: 'player' }, rules: ViewRules): LoggedEvent | undefined {
  if (e.visibility === 'gm') return undefined;
  const open = eventWithoutSecrets(e, rules);
  if (!open) return undefined;
  e = open;
  if (e.type === 'encounter.created') {
    const out = { ...e, state: viewState(e.state, viewer, rules) };
    // the state is the player's view; a reason naming a hidden unit goes
    if (out.reason !== undefined && hiddenMentions(e.state)?.test(JSON.stringify(out.reason))) delete out.reason;
    return out;
  }
  // damage from a unit the player may not see still lands on one it sees: told, without its source
  if (e.type === 'pool.changed' && e.source !== undefined && e.source !== e.unit && !visibleUnit(after.units[e.source]) && visibleUnit(after.units[e.unit]) && visibleUnit(before.units[e.unit])) {
    const { source: _source, ...rest } = e;
    e = { ...rest, unseen: true } as LoggedEvent;
  }
  const named = unitsNamed(e);
  // a unit.added's unit did not exist before: it shows when it is visible after
  const added = e.type === 'unit.added' ? e.unit.id : undefined;
  // hidden before or after (a reveal shows, a hiding does not)
  if (named.some((id) => !visibleUnit(after.units[id]) || (e.type !== 'unit.hidden' && id !== added && !visibleUnit(before.units[id])))) return undefined;
  // every event, redacted or not, is checked for mentions of a hidden unit in any of its text (a why, a
  // reason, a prompt, a ruleset's note): a reveal shows the unit; anything else mentioning a unit hidden
  // before or after is withheld — but for a turn order change, which is reworded when it changes what the
  // player sees, and a decision the player sees waiting, which comes without the GM's reason
  const mentions = e.type === 'unit.hidden' ? hiddenMentions(after) : hiddenMentions(before, after);
  let out = redact(e, before, after, viewer, rules, mentions);
  if (!out) return undefined;
  if (e.type === 'turn.order') return orderChange(e, out as LoggedEvent & { type: 'turn.order' }, before, after, mentions);
  if (!mentions || !mentions.test(JSON.stringify(out))) return out;
  if (!KEPT_WITHOUT_REASON.has(out.type) || out.reason === undefined) return undefined;
  out = { ...out };
  delete out.reason;
  return mentions.test(JSON.stringify(out)) ? undefined : out;
}

/** An event naming only visible units, as the player may read it (before the check for mentions of hidden units); undefined: withheld. */
function redact(e: LoggedEvent, before: EncounterState, after: EncounterState, viewer: Viewer & { role: 'player' }, rules: ViewRules, mentions: RegExp | undefined): LoggedEvent | undefined {
  const shown = (id: string) => visibleUnit(after.units[id]);
  if (e.type === 'turn.order') return { ...e, ...orderSeen(e.order, e.index, shown) };
  // the pointer indexes the player's order
  if (e.type === 'turn.started') return { ...e, index: orderSeen(after.turn.order, e.index, shown).index };
  if (e.type === 'unit.added') {
    const u = after.units[e.unit.id];
    return { ...e, unit: projectUnit(u, viewer, rules, friendlySides(after, viewer), shown, mentions) };
  }
  if (e.type === 'effect.changed' || e.type === 'effect.removed') {
    const fx = before.effects.find((f) => f.id === e.id);
    if (fx && !effectSeen(before, fx)) return undefined;
  }
  if (e.type === 'pending.closed') {
    const p = before.pending.find((x) => x.id === e.id);
    if (p && !pendingSeen(before, p)) return undefined;
    // the GM's answer is the GM's; a unit's answer naming a hidden unit is not shown (the decision still closes)
    if (p && p.answeredBy === 'gm') return { ...e, answer: null, said: 'The GM has decided' };
    if (p && mentions?.test(`${JSON.stringify(e.answer)} ${e.said ?? ''}`)) return { ...e, answer: null, said: 'Decided' };
  }
  if (e.type === 'unit.data' && GM_ONLY_KEYS.includes(e.key)) return undefined;
  if (e.type === 'unit.data') {
    const friends = friendlySides(after, viewer);
    const u = after.units[e.unit];
    if (e.key === LINKS_KEY || dataNames(mentions, e.value, before.units[e.unit]?.data[e.key]) || (rules.projectData && !isFriendly(u, viewer, friends))) {
      // the key as the player sees it, before and after: withheld when it shows nothing (or nothing new)
      const was = before.units[e.unit] ? playerData(before.units[e.unit], viewer, rules, friends, shown, mentions) : {};
      return dataEventSeen(e, was, playerData(u, viewer, rules, friends, shown, mentions));
    }
  }
  if (e.type === 'encounter.data' && GM_ONLY_KEYS.includes(e.key)) return undefined;
  if (e.type === 'encounter.data' && dataNames(mentions, e.value, before.data[e.key])) {
    const seen = (v: Json | undefined): Record<string, Json> => (v === undefined || valueSeen(v, mentions) === undefined ? {} : { [e.key]: valueSeen(v, mentions)! });
    return dataEventSeen(e, seen(before.data[e.key]), seen(after.data[e.key]));
  }
  if ((e.type === 'pool.changed' || e.type === 'pool.max') && rules.secretPools?.includes(e.pool)) {
    const owner = after.units[e.unit];
    if (owner?.controller !== viewer.player && !friendlySides(after, viewer).has(owner?.side)) {
      if (e.type === 'pool.max') return undefined;
      // what was dealt, not what the bounds let through: 8 damage that moved 1 HP would tell "it had 1 HP left"
      const { value: _v, asked, ...rest } = e as LoggedEvent & { value: number; asked?: number };
      return (asked === undefined ? rest : { ...rest, delta: asked }) as LoggedEvent;
    }
  }
  if (e.type === 'combat.ended') return { ...e, result: resultSeen(e.result, mentions) };
  if (e.type === 'pending.opened' && !pendingSeen(after, e.pending)) return undefined;
  if (e.type === 'pending.opened') return { ...e, pending: pendingView(e.pending, mentions) };
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
