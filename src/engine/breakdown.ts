/**
 * A Breakdown is the arithmetic of one resolution, kept as data so the log can show every die
 * and modifier and cite the rule: `d20(11) + General Skill 1 + Magic 3 = 15 ≥ DV 15 → hit [P20-SPL-2]`.
 * It is built without string work; `renderBreakdown` makes the text when someone reads it.
 */

export type Term =
  /** Dice: faces as rolled; `dropped` marks faces not counted; `label` like 'd20' or '2d6'. */
  | { kind: 'dice'; label: string; faces: number[]; dropped?: number[]; value: number }
  | { kind: 'mod'; name: string; value: number }
  | { kind: 'mult'; name: string; factor: number }
  /** A step that replaces the running value: floor at 0, halving, max-of-dice... */
  | { kind: 'step'; name: string; value: number }
  | { kind: 'note'; text: string };

export type CompareOp = '>' | '>=' | '<' | '<=' | '=';

export interface Breakdown {
  /** What was rolled for: 'hit check', 'attack roll', 'resist check'... */
  label: string;
  terms: Term[];
  total: number;
  /** The number it was compared against, itself possibly a sum of named terms. */
  against?: { op: CompareOp; value: number; name?: string; terms?: Term[] };
  outcome?: string;
  /** Rule ids this resolution applies. */
  rules?: string[];
  /** What the outcome says in words, as typed fields for a machine reading the events (duel60: a blow's `grade` and `margin`). */
  facts?: Record<string, string | number | boolean>;
}

const opText: Record<CompareOp, string> = { '>': '>', '>=': '≥', '<': '<', '<=': '≤', '=': '=' };
/** The comparison that held when the one asked for failed: a miss reads `14 < DV 15`, not `14 ≥ DV 15`. */
const negated: Record<CompareOp, string> = { '>': '≤', '>=': '<', '<': '≥', '<=': '>', '=': '≠' };

function signed(value: number, first: boolean): string {
  if (first) return String(value);
  return value < 0 ? `− ${-value}` : `+ ${value}`;
}

/**
 * A notation of one group of dice and a flat part (`1d8 + 2`), split after the dice, so the faces are
 * read beside the dice they are: `1d8(5) + 2`, not `1d8 + 2(5)`. Undefined for anything else.
 */
function flatAfterDice(label: string): [string, string] | undefined {
  const m = /^(\d*d(?:\d+|%|F)[^\s+\-]*)(\s*[+\-].*)$/.exec(label);
  return m && !/d/i.test(m[2]) ? [m[1], m[2]] : undefined;
}

export function renderTerms(terms: readonly Term[]): string {
  let out = '';
  let first = true;
  for (const t of terms) {
    switch (t.kind) {
      case 'dice': {
        const faces = t.faces.map((f, i) => (t.dropped?.includes(i) ? `${f}d` : String(f))).join(', ');
        const split = flatAfterDice(t.label);
        out += `${first ? '' : ' + '}${split ? `${split[0]}(${faces})${split[1]}` : `${t.label}(${faces})`}`;
        break;
      }
      case 'mod':
        out += first ? `${t.name} ${t.value}` : ` ${t.value < 0 ? '−' : '+'} ${t.name} ${Math.abs(t.value)}`;
        break;
      case 'mult':
        out += ` × ${t.name} ${formatFactor(t.factor)}`;
        break;
      case 'step':
        out += ` → ${t.name} ${t.value}`;
        break;
      case 'note':
        // a note that opens the terms (a card dealt, with no number before it) takes no leading space
        out += out ? ` (${t.text})` : `(${t.text})`;
        continue;
    }
    first = false;
  }
  return out;
}

function formatFactor(f: number): string {
  return Number.isInteger(f * 100) ? `${Math.round(f * 100)}%` : String(f);
}

export function renderBreakdown(b: Breakdown): string {
  let out = renderTerms(b.terms);
  // one roll of dice alone: its total is the sum of its faces, no "= total" needed (with a flat part it is)
  // a lone number that is the total (the GM's "damage 5") needs no "= 5" either
  const lone = b.terms.length === 1 ? b.terms[0] : undefined;
  const simple = lone !== undefined && ((lone.kind === 'dice' && !flatAfterDice(lone.label)) || lone.kind === 'mod') && lone.value === b.total;
  if (!simple) out += ` = ${b.total}`;
  if (b.against) {
    const a = b.against;
    const rhs = a.terms && a.terms.length > 0 ? `${renderTerms(a.terms)}${a.terms.length > 1 ? ` (= ${a.value})` : ''}` : `${a.name ? a.name + ' ' : ''}${a.value}`;
    out += ` ${compare(b.total, a.op, a.value) ? opText[a.op] : negated[a.op]} ${rhs}`;
  }
  if (b.outcome) out += ` → ${b.outcome}`;
  if (b.rules && b.rules.length) out += ` [${b.rules.join(', ')}]`;
  return out;
}

export function compare(total: number, op: CompareOp, value: number): boolean {
  switch (op) {
    case '>': return total > value;
    case '>=': return total >= value;
    case '<': return total < value;
    case '<=': return total <= value;
    case '=': return total === value;
  }
}

export { signed as signedTerm };
