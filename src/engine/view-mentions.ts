/**
 * Words and values a ruleset writes that name a hidden unit, as a player reads them: a unit's own
 * decision (its prompt, its options, its data) and unit and encounter `data`. The log withholds an event
 * whose text names a hidden unit; the state is reworded the same way, so neither shows what the other hides.
 */
import type { Json, Pending } from './types.ts';

/** The prompt a player reads on a unit's decision whose own words name a hidden unit. */
export const NEUTRAL_UNIT_PROMPT = 'a decision to make: choose one of the options';

const names = (mentions: RegExp, v: unknown): boolean => v !== undefined && mentions.test(JSON.stringify(v));

/**
 * A data value without what names a hidden unit; undefined: nothing of it shows. A list keeps the items
 * that name none (duel60's projectiles: a hidden thrower's javelin goes, a visible one's stays), an empty
 * list if that is all (a list going away would say something was put in it); any other value naming one
 * goes whole (a part of it would hint).
 */
export function valueSeen(v: Json | undefined, mentions: RegExp | undefined): Json | undefined {
  if (!mentions || !names(mentions, v)) return v;
  return Array.isArray(v) ? v.filter((x) => !names(mentions, x)) : undefined;
}

/** Unit or encounter data without the keys (or list items) that name a hidden unit; `data` itself when none does. */
export function dataSeenWithout(data: Record<string, Json>, mentions: RegExp | undefined): Record<string, Json> {
  if (!mentions || !names(mentions, data)) return data;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(data)) {
    const seen = valueSeen(v, mentions);
    if (seen !== undefined) out[k] = seen;
  }
  return out;
}

/**
 * A unit's decision as a player sees it: still answerable — its id, kind, who answers and the options
 * naming no hidden unit (an option naming one is not listed among its legal actions either) — with
 * neutral words when its prompt names a hidden unit, and its data without what names one.
 */
export function unitDecisionSeen(p: Pending, mentions: RegExp | undefined): Pending {
  if (!mentions || !names(mentions, p)) return p;
  const prompt = mentions.test(p.prompt) ? NEUTRAL_UNIT_PROMPT : p.prompt;
  // an option is kept with its words, and goes with them when either names a hidden unit; the log's
  // sentence for it is the server's to say (reworded then), so one naming a hidden unit is left out here
  const kept = p.options.flatMap((o, i) => {
    const c = p.choices?.[i];
    return names(mentions, o) || (c && (names(mentions, c.label) || names(mentions, c.unit))) ? [] : [i];
  });
  const seenChoice = (i: number) => {
    const c = p.choices![i];
    if (!names(mentions, c.said)) return c;
    const { said: _said, ...rest } = c;
    return rest;
  };
  return {
    ...p,
    prompt,
    options: kept.map((i) => p.options[i]),
    ...(p.choices ? { choices: kept.map(seenChoice) } : {}),
    data: dataSeenWithout(p.data, mentions),
  };
}

/** Whether a data event's key names a hidden unit before or after it: then it is read as the player sees the key. */
export const dataNames = (mentions: RegExp | undefined, value: Json | undefined, was: Json | undefined): boolean => !!mentions && (names(mentions, value) || names(mentions, was));

/**
 * A `unit.data` / `encounter.data` event carrying its key as the player sees it before (`was`) and after
 * (`now`); undefined (withheld) when that shows nothing, or nothing new.
 */
export function dataEventSeen<E extends { key: string; value: Json | undefined }>(e: E, was: Record<string, Json>, now: Record<string, Json>): E | undefined {
  const had = Object.hasOwn(was, e.key);
  const has = Object.hasOwn(now, e.key);
  if (!had && !has) return undefined;
  if (had && has && JSON.stringify(was[e.key]) === JSON.stringify(now[e.key])) return undefined;
  const { value: _v, ...rest } = e;
  return (has ? { ...rest, value: now[e.key] } : rest) as E;
}
