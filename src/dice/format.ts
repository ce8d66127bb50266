// Tree → canonical notation (formatDice), and the number text shared with roll breakdowns.
import type { BinaryOp, ComparePoint, DiceExpr, DiceNode } from './ast.ts';
import { evalConstantOrNaN } from './constant.ts';
import { faceRange } from './dice-term.ts';

/** Shortest text that parses back to the same number (no exponent notation). */
export function fmtNum(v: number): string {
  if (Object.is(v, -0)) return '0';
  const s = String(v);
  if (!s.includes('e')) return s;
  if (!Number.isFinite(v)) return s;
  if (Math.abs(v) >= 1) return BigInt(Math.round(v)).toString();
  return v.toFixed(100).replace(/0+$/, '');
}

function fmtCompare(cp: ComparePoint): string {
  return `${cp.op === '!=' ? '<>' : cp.op}${fmtNum(cp.value)}`;
}

const PREC: Record<BinaryOp, number> = { '+': 1, '-': 1, '*': 2, '/': 2, '%': 2, '^': 4 };

function prec(e: DiceExpr): number {
  switch (e.type) {
    case 'binary': return PREC[e.op];
    case 'negate': return 3;
    case 'number': return e.value < 0 ? 3 : 5;
    default: return 5;
  }
}

function fmtCount(e: DiceExpr): string {
  if (e.type === 'number' && e.value >= 0) return fmtNum(e.value);
  if (e.type === 'group') return formatDice(e);
  return `(${formatDice(e)})`;
}

/** Text of a dice term's die and modifiers, e.g. `4d6kh3`, `d%`, `3dF.1!`. */
export function formatTerm(e: DiceNode): string {
  let s = e.count ? fmtCount(e.count) : '';
  s += 'd';
  if (e.die.kind === 'percent') s += '%';
  else if (e.die.kind === 'fudge') s += e.die.nonBlanks === 1 ? 'F.1' : 'F';
  else s += fmtCount(e.die.sides);
  // the default compare points are the die's lowest and highest faces
  const [lo, hi] = faceRange(e.die, e.die.kind === 'standard' ? evalConstantOrNaN(e.die.sides) : 100);
  const isDefault = (cp: ComparePoint, v: number) => cp.op === '=' && cp.value === v;
  e.modifiers.forEach((m, i) => {
    const next = e.modifiers[i + 1];
    // a compare point may be left out only when it is the default and what follows cannot be read as one
    const elide = (cp: ComparePoint, def: number) => isDefault(cp, def) && next?.kind !== 'target';
    switch (m.kind) {
      case 'min': s += `min${fmtNum(m.value)}`; break;
      case 'max': s += `max${fmtNum(m.value)}`; break;
      case 'explode':
        s += `!${m.compound ? '!' : ''}${m.penetrate ? 'p' : ''}${elide(m.compare, hi) ? '' : fmtCompare(m.compare)}`;
        break;
      case 'reroll': s += `r${m.once ? 'o' : ''}${elide(m.compare, lo) ? '' : fmtCompare(m.compare)}`; break;
      case 'keep': s += `k${m.end}${m.count}`; break;
      case 'drop': s += `d${m.end}${m.count}`; break;
      case 'target': s += `${fmtCompare(m.success)}${m.failure ? `f${fmtCompare(m.failure)}` : ''}`; break;
      case 'critSuccess': s += `cs${elide(m.compare, hi) ? '' : fmtCompare(m.compare)}`; break;
      case 'critFailure': s += `cf${elide(m.compare, lo) ? '' : fmtCompare(m.compare)}`; break;
      case 'sort': s += m.dir === 'd' ? 'sd' : 's'; break;
    }
  });
  return s;
}

/** Canonical text of a tree: parseDice(formatDice(parseDice(x))) deep-equals parseDice(x). */
export function formatDice(e: DiceExpr): string {
  switch (e.type) {
    case 'number': return fmtNum(e.value);
    case 'dice': return formatTerm(e);
    case 'group': return `(${formatDice(e.expr)})`;
    case 'pool': return `{${e.items.map(formatDice).join(', ')}}${e.select ? `${e.select.kind === 'keep' ? 'k' : 'd'}${e.select.end}${e.select.count}` : ''}`;
    case 'negate': {
      const inner = formatDice(e.arg);
      return prec(e.arg) >= 3 ? `-${inner}` : `-(${inner})`;
    }
    case 'call': return `${e.fn}(${e.args.map(formatDice).join(', ')})`;
    case 'binary': {
      const p = PREC[e.op];
      const right = e.op === '^' ? prec(e.right) >= 3 : prec(e.right) > p;
      const left = e.op === '^' ? prec(e.left) > 4 : prec(e.left) >= p;
      const l = left ? formatDice(e.left) : `(${formatDice(e.left)})`;
      const r = right ? formatDice(e.right) : `(${formatDice(e.right)})`;
      return `${l} ${e.op} ${r}`;
    }
  }
}
