/**
 * The views clause's two worlds: what a player receives must not depend on what it may not know. The
 * other world is this one with every secret changed — the ruleset's secret encounter data (its secret
 * decks' cards left among it), other sides' secret unit data (a hand held face down) and secret pools,
 * and everything about the hidden unit (its pools and data) in the state; in the log, every value of a
 * secret data change and every draw from a secret deck (its card, place and count). A player's view of
 * both worlds must be the same, byte for byte.
 */
import type { DieDraw, EncounterState, Json, LoggedEvent, Ruleset, Viewer, ViewRules } from '../../engine/index.ts';
import { deckKey, viewLog, viewState } from '../../engine/index.ts';

/** What the ruleset declares secret (not what the views make of it: that is what is checked). */
const declared = (ruleset: Ruleset) => {
  const decks = ruleset.secret?.decks ?? [];
  return { data: [...(ruleset.secret?.data ?? []), ...decks.map(deckKey)], decks, unitData: ruleset.secret?.unitData ?? [], pools: ruleset.secretPools ?? [] };
};

const OTHER = '(the other world)';

/** A value surely not `v`. */
const other = (v: Json | undefined): Json => (JSON.stringify(v) === JSON.stringify([OTHER]) ? [OTHER, OTHER] : [OTHER]);

/** The state with every secret of `viewer`'s changed (the player controls none of the units it is asked about). */
export function otherWorld(state: EncounterState, ruleset: Ruleset, hidden: string | undefined): EncounterState {
  const secret = declared(ruleset);
  const s = structuredClone(state);
  for (const k of secret.data) if (Object.hasOwn(s.data, k)) s.data[k] = other(s.data[k]);
  for (const id of s.unitOrder) {
    const u = s.units[id];
    for (const k of secret.unitData) if (Object.hasOwn(u.data, k)) u.data[k] = other(u.data[k]);
    for (const p of secret.pools) if (u.pools[p]) u.pools[p].value = u.pools[p].value === 0 ? 1 : 0;
    if (id === hidden) {
      for (const p of Object.values(u.pools)) p.value = p.value === 0 ? 1 : 0;
      for (const k of Object.keys(u.data)) u.data[k] = other(u.data[k]);
    }
  }
  return s;
}

/** The log with every secret value changed: secret data events' values and secret decks' draws. */
export function otherLog(events: readonly LoggedEvent[], ruleset: Ruleset): LoggedEvent[] {
  const secret = declared(ruleset);
  const draw = (d: DieDraw): DieDraw => (d.deck !== undefined && secret.decks.includes(d.deck) ? { ...d, sides: d.sides + 1, face: d.face + 1, card: `${d.card}${OTHER}` } : d);
  return events.map((e) => {
    if (e.type === 'encounter.data' && secret.data.includes(e.key)) return { ...e, value: other(e.value) };
    if (e.type === 'unit.data' && secret.unitData.includes(e.key)) return { ...e, value: other(e.value) };
    if ((e.type === 'check' || e.type === 'note') && e.dice?.length) return { ...e, dice: e.dice.map(draw) } as LoggedEvent;
    return e;
  });
}

/** Where a player's view (through `rules`, the views' reading of the ruleset) of this world and the other differ (nothing: they are the same bytes). */
export function worldsDiffer(state: EncounterState, events: readonly LoggedEvent[] | undefined, viewer: Viewer & { role: 'player' }, ruleset: Ruleset, rules: ViewRules, hidden: string | undefined): string | undefined {
  const here = JSON.stringify(viewState(state, viewer, rules));
  const there = JSON.stringify(viewState(otherWorld(state, ruleset, hidden), viewer, rules));
  if (here !== there) return `a player's view of the state changes with a secret (${firstDifference(here, there)})`;
  if (!events) return undefined;
  const log = JSON.stringify(viewLog(events, viewer, ruleset.appliers, rules));
  const otherLogText = JSON.stringify(viewLog(otherLog(events, ruleset), viewer, ruleset.appliers, rules));
  if (log !== otherLogText) return `a player's log changes with a secret (${firstDifference(log, otherLogText)})`;
  return undefined;
}

/** A few characters around the first place two texts part. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `…${a.slice(Math.max(0, i - 40), i + 40)}… vs …${b.slice(Math.max(0, i - 40), i + 40)}…`;
}
