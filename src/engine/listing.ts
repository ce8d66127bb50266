/**
 * What a policy is offered: the legal options of the moment, asked for whole or narrowly. A policy that
 * strikes when it can asks for its strikes first and for moves only when there are none, so a listing
 * that would search every reachable cell is not built for a turn that ends in an attack. A narrow
 * answer is the full listing filtered to the command types asked (`Ruleset.legalActions` may skip
 * building the rest; the engine filters whatever it returns), so it can never offer what the full
 * listing would not.
 */
import type { ActionOption } from './ruleset.ts';

export interface Listing {
  /** Every option, in the ruleset's order (built on first use, then kept). */
  readonly all: ActionOption[];
  /** The options whose command type is one of `types`, in the listing's order. */
  of(...types: string[]): ActionOption[];
  /** The options of every command type but `types` (everything but the moves, say), in the listing's order. */
  except(...types: string[]): ActionOption[];
}

/** Which command types a narrow question asks for (`Ruleset.legalActions` may leave out the rest). */
export interface Wanted {
  has(type: string): boolean;
}

/** Only the options of the wanted types, in order (the list itself when nothing is left out). */
export function ofTypes(options: ActionOption[], wanted: Wanted): ActionOption[] {
  let i = 0;
  while (i < options.length && wanted.has(options[i].command.type)) i++;
  if (i === options.length) return options;
  const out = options.slice(0, i);
  for (i++; i < options.length; i++) if (wanted.has(options[i].command.type)) out.push(options[i]);
  return out;
}

/** The narrow questions asked so far, by key ('+attack', '-move'): each made once, not per listing. */
const questions = new Map<string, Wanted>();

function question(key: string, types: string[], without: boolean): Wanted {
  let q = questions.get(key);
  if (!q) {
    const set = new Set(types);
    q = without ? { has: (type) => !set.has(type) } : set;
    // a bounded store: policies ask a handful of questions, a caller building keys endlessly stays bounded
    if (questions.size > 1000) questions.clear();
    questions.set(key, q);
  }
  return q;
}

/** A listing asked of a lister that can leave out command types (`only`); each answer is built once. */
export class LazyListing implements Listing {
  private whole: ActionOption[] | undefined;
  private narrow: Map<string, ActionOption[]> | undefined;

  constructor(private readonly list: (only?: Wanted) => ActionOption[]) {}

  get all(): ActionOption[] {
    return (this.whole ??= this.list());
  }

  of(...types: string[]): ActionOption[] {
    const key = types.length === 1 ? `+${types[0]}` : `+${types.join(',')}`;
    return this.ask(key, types, false);
  }

  except(...types: string[]): ActionOption[] {
    const key = types.length === 1 ? `-${types[0]}` : `-${types.join(',')}`;
    return this.ask(key, types, true);
  }

  private ask(key: string, types: string[], without: boolean): ActionOption[] {
    const narrow = (this.narrow ??= new Map());
    let found = narrow.get(key);
    if (!found) {
      const wanted = question(key, types, without);
      found = ofTypes(this.whole ?? this.list(wanted), wanted);
      narrow.set(key, found);
    }
    return found;
  }
}

/** A listing of options already listed (a page's list, a test's). */
export function listingOf(options: ActionOption[]): Listing {
  return new LazyListing((only) => (only ? ofTypes(options, only) : options));
}
