/**
 * A pending decision in words: each option's label (the ruleset's, or plain words for a bare option) and
 * the sentence the log says once it is decided. One place, so the page, the log, legalActions and the
 * engine's refusals all word a choice the same way.
 */
import type { EncounterState, Json, Pending, PendingChoice } from './types.ts';

const same = (a: Json, b: Json) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Plain words for an option a ruleset gave no label: a unit's name, words for a snake_case value. */
export function optionWords(o: Json, state?: EncounterState): string {
  if (typeof o === 'string') return state?.units[o]?.name ?? o.replace(/_/g, ' ');
  if (o === null) return 'nothing';
  if (typeof o !== 'object') return String(o);
  if (Array.isArray(o)) return o.length === 2 && o.every((x) => typeof x === 'number') ? `(${o[0]}, ${o[1]})` : o.map((x) => optionWords(x, state)).join(', ');
  return Object.values(o).map((x) => optionWords(x as Json, state)).join(' ');
}

/** The words of option `i` of `p`. */
export function choiceAt(p: Pending, i: number, state?: EncounterState): PendingChoice {
  const own = p.choices?.[i];
  if (own) return own;
  const o = p.options[i];
  const unit = typeof o === 'string' && state?.units[o] ? o : undefined;
  return { label: optionWords(o, state), ...(unit ? { unit } : {}) };
}

/** The index of `choice` among `p`'s options, or -1. */
export function choiceIndex(p: Pending, choice: Json): number {
  return p.options.findIndex((o) => same(o, choice));
}

/** Every option of `p` with its words. */
export function choicesOf(p: Pending, state?: EncounterState): { option: Json; choice: PendingChoice }[] {
  return p.options.map((option, i) => ({ option, choice: choiceAt(p, i, state) }));
}

/** What the log says when `choice` answers `p`: the ruleset's sentence, else who chose what. */
export function saidOf(p: Pending, choice: Json, state: EncounterState): string {
  const i = choiceIndex(p, choice);
  const c = i < 0 ? { label: optionWords(choice, state) } : choiceAt(p, i, state);
  if (c.said) return c.said;
  const who = p.answeredBy === 'gm' ? 'The GM' : state.units[p.answeredBy]?.name ?? 'Someone';
  return `${who} decides: ${c.label}`;
}
