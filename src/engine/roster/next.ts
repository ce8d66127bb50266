/**
 * Into the next encounter: the roster's current values go into the encounter document where the file
 * has a field for them (hit points as `startHp`), and the rest — other pools, carried data, lasting
 * conditions, deaths — become GM commands to send once the encounter is created, before `start`.
 */
import { cloneJson } from '../clone.ts';
import type { Command } from '../ruleset.ts';
import type { EncounterState, Json } from '../types.ts';
import { CONSUMABLES, type CarryRules } from './carry.ts';
import { unitIdOf, type Roster, type RosterEntry } from './types.ts';

export interface ApplyOptions {
  /** Which document field takes which pool's current value (default `{ hp: 'startHp' }`). */
  fields?: Record<string, string>;
  /** Roster entries to add to the document's units (by entry id) when it does not list them. */
  add?: string[];
}

export const REASON = 'carried over from the roster';


function fill(unit: Record<string, Json>, entry: RosterEntry, fields: Record<string, string>): Record<string, Json> {
  const out = { ...unit };
  for (const [pool, field] of Object.entries(fields)) {
    const p = entry.current.pools[pool];
    // only where the file writes that pool (`hp: 22`): a duel60 unit has no `hp`, and no `startHp` either;
    // rosterSetupCommands sets the pool instead
    if (!p || typeof out[pool] !== 'number') continue;
    // never above the maximum the file gives (it may have changed since)
    out[field] = Math.max(0, Math.min(p.value, out[pool] as number));
  }
  return out;
}

/** The next encounter's document with the roster's current values filled in (the input is not changed). */
export function applyRoster<D extends object>(doc: D, roster: Roster, options: ApplyOptions = {}): D {
  const fields = options.fields ?? { hp: 'startHp' };
  // any ruleset's document: only `units[i].id` and the mapped fields are read
  const out = cloneJson(doc) as { units?: Record<string, Json>[] };
  const units = out.units ?? [];
  const byUnit = new Map(roster.entries.map((e) => [unitIdOf(e), e]));
  out.units = units.map((u) => {
    const entry = typeof u.id === 'string' ? byUnit.get(u.id) : undefined;
    return entry ? fill(u, entry, fields) : u;
  });
  for (const id of options.add ?? []) {
    const entry = roster.entries.find((e) => e.id === id);
    if (!entry) throw new Error(`the roster has no entry "${id}"`);
    if (!out.units.some((u) => u.id === unitIdOf(entry))) out.units.push(fill(cloneJson(entry.unit), entry, fields));
  }
  return out as D;
}

/**
 * GM commands that bring a created encounter in line with the roster: what the document could not say.
 * Send them before `start`; each carries the reason "carried over from the roster".
 */
export function rosterSetupCommands(state: EncounterState, roster: Roster, rules: CarryRules = {}, options: ApplyOptions = {}): Command[] {
  const inDoc = new Set(Object.keys(options.fields ?? { hp: 'startHp' }));
  const out: Command[] = [];
  for (const entry of roster.entries) {
    const unit = state.units[unitIdOf(entry)];
    if (!unit || entry.ruleset !== state.ruleset) continue;
    const cmd = (c: Command): Command => ({ ...c, reason: REASON });
    for (const [pool, p] of Object.entries(entry.current.pools)) {
      const now = unit.pools[pool];
      if (!now) continue;
      if (inDoc.has(pool)) {
        // the document's field carried it, unless this file has none for it: then set the value, under the file's maximum
        const value = Math.max(now.min ?? 0, Math.min(p.value, now.max));
        if (now.value !== value) out.push(cmd({ type: 'gm.set_pool', unit: unit.id, pool, value }));
        continue;
      }
      out.push(cmd({ type: 'gm.set_pool', unit: unit.id, pool, value: p.value, ...(p.max !== now.max ? { max: p.max } : {}) }));
    }
    for (const key of [...(rules.carryOver ?? []), CONSUMABLES]) {
      const value = entry.current.data[key];
      if (value !== undefined) out.push(cmd({ type: 'gm.set_data', unit: unit.id, key, value }));
    }
    for (const fx of entry.current.effects) out.push(cmd({ type: 'gm.apply_effect', effect: { ...(cloneJson(fx) as Record<string, Json>), target: unit.id } }));
    if (entry.current.status === 'dead') out.push(cmd({ type: 'gm.set_status', unit: unit.id, status: 'dead' }));
  }
  return out;
}

/** A new roster entry for a unit of an encounter file (fresh: nothing carried yet). */
export function rosterEntry(unit: Record<string, Json>, ruleset: string, id = String(unit.id)): RosterEntry {
  return { id, name: typeof unit.name === 'string' ? unit.name : id, ruleset, unit: cloneJson(unit), current: { pools: {}, data: {}, effects: [] } };
}
