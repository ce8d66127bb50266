/**
 * A table's roster: the characters that outlive encounters. An entry keeps the unit as the encounter
 * file writes it (`unit`) and what has happened to it since (`current`): hit points, pools, lasting
 * conditions, scars, consumables. Plain JSON, so the server stores it as it is.
 */
import { z } from 'zod';
import type { Effect, Json, Pool } from '../types.ts';

/** An effect that lasts beyond an encounter, without what ties it to one (id, target, source, clock). */
export type LastingEffect = Pick<Effect, 'name'> & Partial<Pick<Effect, 'categories' | 'tier' | 'stacks' | 'maxStacks' | 'remaining' | 'tick' | 'data'>>;

export interface RosterCurrent {
  /** Pools as they stand now; a pool not listed is as the unit's file says (full). */
  pools: Record<string, Pool>;
  /** Unit data that carries over (the ruleset's `carryOver` keys, `consumables`). */
  data: Record<string, Json>;
  effects: LastingEffect[];
  /** Set once a character dies; absent while it lives. */
  status?: 'dead';
}

export interface RosterEntry {
  id: string;
  name: string;
  ruleset: string;
  /** The unit as in the encounter file (`units[i]`); its `id` names it in encounters (default: the entry id). */
  unit: Record<string, Json>;
  current: RosterCurrent;
}

export interface Roster {
  name?: string;
  entries: RosterEntry[];
}

/** One thing that would carry back from a finished encounter, for the GM to accept or not. */
export type Change = { id: string; entry: string; text: string } & (
  | { kind: 'pool'; pool: string; from?: Pool; to: Pool }
  | { kind: 'data'; key: string; from?: Json; to?: Json }
  | { kind: 'consumable'; item: string; from: number; to: number }
  | { kind: 'effect'; name: string; from?: LastingEffect; to?: LastingEffect }
  | { kind: 'status'; to: 'dead' }
);

const pool = z.strictObject({ value: z.number(), max: z.number(), min: z.number().optional() });
const lasting = z.strictObject({
  name: z.string().min(1),
  categories: z.array(z.string()).optional(),
  tier: z.number().int().optional(),
  stacks: z.number().int().min(1).optional(),
  maxStacks: z.number().int().min(1).optional(),
  remaining: z.number().int().min(1).optional(),
  tick: z.enum(['turn_start', 'turn_end']).optional(),
  data: z.record(z.string(), z.json()).optional(),
});

export const rosterEntrySchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  ruleset: z.string().min(1),
  unit: z.record(z.string(), z.json()),
  current: z.strictObject({
    pools: z.record(z.string(), pool).default({}),
    data: z.record(z.string(), z.json()).default({}),
    effects: z.array(lasting).default([]),
    status: z.literal('dead').optional(),
  }).default({ pools: {}, data: {}, effects: [] }),
});

export const rosterSchema = z.strictObject({ name: z.string().optional(), entries: z.array(rosterEntrySchema) });

/** The id a roster entry's unit has in encounters. */
export function unitIdOf(entry: RosterEntry): string {
  return typeof entry.unit.id === 'string' ? entry.unit.id : entry.id;
}
