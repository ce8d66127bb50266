/**
 * After an encounter: what carries back to the roster. `carryBack` lists every change (hit points and
 * lasting pools, lasting conditions, the ruleset's carry-over data such as Battlescars and wounds,
 * consumables used, deaths) for the GM to review; `acceptCarryBack` applies the ones accepted.
 * Pure functions: the inputs are never changed.
 */
import { cloneJson } from '../clone.ts';
import type { Ruleset } from '../ruleset.ts';
import type { Effect, EncounterState, Json, Pool, Unit } from '../types.ts';
import { unitIdOf, type Change, type LastingEffect, type Roster, type RosterEntry } from './types.ts';

/** What a ruleset says lasts; the parts of Ruleset the roster reads (so callers may pass just these). */
export type CarryRules = Pick<Ruleset, 'carryOver' | 'carryPools' | 'isLasting'>;

/** Unit data key the roster reads as consumables: `{ "Healing Potion": 2 }`. */
export const CONSUMABLES = 'consumables';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function lastingOf(fx: Effect): LastingEffect {
  const { id: _id, target: _t, source: _s, clock: _c, ...rest } = fx;
  return cloneJson(rest);
}

function counts(v: Json | undefined): Record<string, number> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

const showPool = (p: Pool | undefined) => (p ? `${p.value}/${p.max}` : 'full');

function changesFor(entry: RosterEntry, unit: Unit, state: EncounterState, rules: CarryRules): Change[] {
  const out: Change[] = [];
  const who = entry.name;
  const base = { entry: entry.id };

  const pools = new Set([...(rules.carryPools ?? ['hp']), ...Object.keys(entry.current.pools)]);
  for (const name of pools) {
    const to = unit.pools[name];
    if (!to) continue;
    const from = entry.current.pools[name];
    const was = from ?? { value: to.max, max: to.max };
    if (was.value === to.value && was.max === to.max) continue;
    const now: Pool = to.min === undefined ? { value: to.value, max: to.max } : { value: to.value, max: to.max, min: to.min };
    out.push({ ...base, id: `${entry.id}/pool/${name}`, kind: 'pool', pool: name, ...(from ? { from } : {}), to: now, text: `${who}: ${name === 'hp' ? 'HP' : name} ${showPool(from)} → ${showPool(now)}` });
  }

  for (const key of rules.carryOver ?? []) {
    const from = entry.current.data[key];
    const to = unit.data[key];
    if (same(from, to)) continue;
    out.push({ ...base, id: `${entry.id}/data/${key}`, kind: 'data', key, ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), text: `${who}: ${key} ${JSON.stringify(from ?? null)} → ${JSON.stringify(to ?? null)}` });
  }

  // only a ruleset that keeps consumables in unit data tracks them; otherwise nothing was "used"
  const had = counts(entry.current.data[CONSUMABLES] ?? entry.unit[CONSUMABLES]);
  const has = counts(unit.data[CONSUMABLES]);
  const tracked = unit.data[CONSUMABLES] !== undefined;
  for (const item of tracked ? new Set([...Object.keys(had), ...Object.keys(has)]) : []) {
    const from = had[item] ?? 0;
    const to = has[item] ?? 0;
    if (from === to) continue;
    out.push({ ...base, id: `${entry.id}/consumable/${item}`, kind: 'consumable', item, from, to, text: `${who}: ${from > to ? `used ${from - to}` : `gained ${to - from}`} ${item} (${from} → ${to})` });
  }

  const lasts = rules.isLasting ?? ((fx: Effect) => !!fx.categories?.includes('lasting'));
  const now = state.effects.filter((fx) => fx.target === unit.id && lasts(fx)).map(lastingOf);
  for (const name of new Set([...entry.current.effects.map((e) => e.name), ...now.map((e) => e.name)])) {
    const from = entry.current.effects.find((e) => e.name === name);
    const to = now.find((e) => e.name === name);
    if (same(from, to)) continue;
    const text = !from ? `${who} keeps ${name}` : !to ? `${who} is rid of ${name}` : `${who}'s ${name} changes`;
    out.push({ ...base, id: `${entry.id}/effect/${name}`, kind: 'effect', name, ...(from ? { from } : {}), ...(to ? { to } : {}), text });
  }

  if (unit.status === 'dead' && entry.current.status !== 'dead') out.push({ ...base, id: `${entry.id}/status`, kind: 'status', to: 'dead', text: `${who} died` });
  return out;
}

/** What would carry back from a finished (or abandoned) encounter: every change, and the roster with all of them. */
export function carryBack(roster: Roster, finished: EncounterState, ruleset?: CarryRules): { proposed: RosterEntry[]; changes: Change[] } {
  const changes: Change[] = [];
  for (const entry of roster.entries) {
    if (entry.ruleset !== finished.ruleset) continue;
    const unit = finished.units[unitIdOf(entry)];
    if (unit) changes.push(...changesFor(entry, unit, finished, ruleset ?? {}));
  }
  return { proposed: acceptCarryBack(roster, changes, changes.map((c) => c.id)).entries, changes };
}

function applyChange(entry: RosterEntry, c: Change): void {
  const cur = entry.current;
  switch (c.kind) {
    case 'pool':
      cur.pools[c.pool] = cloneJson(c.to);
      break;
    case 'data':
      if (c.to === undefined) delete cur.data[c.key];
      else cur.data[c.key] = cloneJson(c.to);
      break;
    case 'consumable':
      cur.data[CONSUMABLES] = { ...counts(cur.data[CONSUMABLES] ?? entry.unit[CONSUMABLES]), [c.item]: c.to };
      break;
    case 'effect':
      cur.effects = cur.effects.filter((e) => e.name !== c.name);
      if (c.to) cur.effects.push(cloneJson(c.to));
      break;
    case 'status':
      cur.status = c.to;
      break;
  }
}

/** The roster after the accepted changes (by change id); the rest are dropped. */
export function acceptCarryBack(roster: Roster, changes: readonly Change[], accepted: readonly string[]): Roster {
  const out = cloneJson(roster);
  const take = new Set(accepted);
  for (const c of changes) {
    if (!take.has(c.id)) continue;
    const entry = out.entries.find((e) => e.id === c.entry);
    if (entry) applyChange(entry, c);
  }
  return out;
}
