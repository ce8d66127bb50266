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
  /**
   * The first option `test` accepts, in the listing's order, or undefined: `all.find(test)`, but asked
   * before the whole listing is built, a lister may stop at the first one (`Wanted.enough`) instead of
   * building a dozen options for a policy that takes one. When none is accepted, the listing that
   * found it out is the whole one, kept as `all`.
   */
  first(test: (option: ActionOption) => boolean): ActionOption | undefined;
}

/** Which command types a narrow question asks for (`Ruleset.legalActions` may leave out the rest). */
export interface Wanted {
  has(type: string): boolean;
  /**
   * Set when the asker takes only the first option it accepts (Listing.first). A lister may ask it
   * with its list so far — between groups of options, where the rest would cost — and, once it says
   * yes, return that list as it is. A lister that never asks is right too: the list is searched after.
   */
  enough?(listed: readonly ActionOption[]): boolean;
  /** Set when `has` says yes to every type (Listing.first's question): nothing is left out, so nothing is filtered out. */
  readonly every?: boolean;
}

/** Listing.first's question: every type, and enough once an option listed so far is accepted. */
class FirstAccepted implements Wanted {
  /** The first option accepted, once one is. */
  found: ActionOption | undefined;
  /** Options already tested (a lister asks with its growing list). */
  private seen = 0;
  readonly every = true;

  constructor(private readonly test: (option: ActionOption) => boolean) {}

  has(): boolean {
    return true;
  }

  enough(listed: readonly ActionOption[]): boolean {
    if (this.found) return true;
    for (; this.seen < listed.length; this.seen++) {
      if (this.test(listed[this.seen])) {
        this.found = listed[this.seen];
        return true;
      }
    }
    return false;
  }
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

/** A narrow question asked before: its types in the order asked, whether they are the ones left out. */
interface Question {
  types: readonly string[];
  without: boolean;
  wanted: Wanted;
}

/**
 * The narrow questions asked so far, by their first type: each made once, not per listing, and found
 * again without building a key (a policy asks before every command it makes: joining its types into a
 * key and hashing that was 5% of a phase20 example). Bounded: policies ask a handful of questions, a
 * caller inventing types endlessly stays bounded.
 */
const questions = new Map<string, Question[]>();
let questionCount = 0;

function sameTypes(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function question(types: readonly string[], without: boolean): Wanted {
  const head = types.length ? types[0] : '';
  let known = questions.get(head);
  if (known) {
    for (let i = 0; i < known.length; i++) {
      const q = known[i];
      if (q.without === without && sameTypes(q.types, types)) return q.wanted;
    }
  }
  const set = new Set(types);
  const wanted: Wanted = without ? { has: (type) => !set.has(type) } : set;
  if (questionCount >= 1000) {
    questions.clear();
    questionCount = 0;
    known = undefined;
  }
  if (!known) questions.set(head, (known = []));
  known.push({ types: types.slice(), without, wanted });
  questionCount++;
  return wanted;
}

/** A listing asked of a lister that can leave out command types (`only`); each answer is built once. */
export class LazyListing implements Listing {
  private whole: ActionOption[] | undefined;
  /** Narrow answers given, beside the questions they answer (one Wanted per question: found by identity). */
  private asked: Wanted[] | undefined;
  private answers: ActionOption[][] | undefined;

  constructor(private readonly list: (only?: Wanted) => ActionOption[]) {}

  get all(): ActionOption[] {
    return (this.whole ??= this.list());
  }

  of(...types: string[]): ActionOption[] {
    return this.ask(types, false);
  }

  except(...types: string[]): ActionOption[] {
    return this.ask(types, true);
  }

  first(test: (option: ActionOption) => boolean): ActionOption | undefined {
    if (this.whole) return this.whole.find(test);
    const q = new FirstAccepted(test);
    const listed = this.list(q);
    // the lister stops only once one is accepted: until then, what it lists is the whole listing
    if (q.enough(listed)) return q.found;
    this.whole = listed;
    return undefined;
  }

  private ask(types: readonly string[], without: boolean): ActionOption[] {
    const wanted = question(types, without);
    const asked = (this.asked ??= []);
    const answers = (this.answers ??= []);
    for (let i = 0; i < asked.length; i++) if (asked[i] === wanted) return answers[i];
    const found = ofTypes(this.whole ?? this.list(wanted), wanted);
    asked.push(wanted);
    answers.push(found);
    return found;
  }
}

/** A listing of options already listed (a page's list, a test's). */
export function listingOf(options: ActionOption[]): Listing {
  return new LazyListing((only) => (only ? ofTypes(options, only) : options));
}
