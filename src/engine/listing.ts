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

/** A listing asked of a lister that can leave out command types (`only`); each answer is built once. */
export class LazyListing implements Listing {
  private whole: ActionOption[] | undefined;
  private readonly narrow = new Map<string, ActionOption[]>();

  constructor(private readonly list: (only?: Wanted) => ActionOption[]) {}

  get all(): ActionOption[] {
    return (this.whole ??= this.list());
  }

  of(...types: string[]): ActionOption[] {
    const set = new Set(types);
    return this.ask(`+${types.join(',')}`, set);
  }

  except(...types: string[]): ActionOption[] {
    const set = new Set(types);
    return this.ask(`-${types.join(',')}`, { has: (type) => !set.has(type) });
  }

  private ask(key: string, wanted: Wanted): ActionOption[] {
    let found = this.narrow.get(key);
    if (!found) {
      found = ofTypes(this.whole ?? this.list(wanted), wanted);
      this.narrow.set(key, found);
    }
    return found;
  }
}

/** A listing of options already listed (a page's list, a test's). */
export function listingOf(options: ActionOption[]): Listing {
  return new LazyListing((only) => (only ? ofTypes(options, only) : options));
}
