// A dice term as rolling and exact distributions both read it: how many dice, which faces, and
// what each modifier asks for. One reading serves both, so the two cannot drift apart.
import type { ComparePoint, DiceModifier, DiceNode, DieKind } from './ast.ts';
import { evalConstant } from './constant.ts';
import { matches } from './math.ts';

type Modifier<K extends DiceModifier['kind']> = Extract<DiceModifier, { kind: K }>;
export type ExplodeRule = Modifier<'explode'>;
export type RerollRule = Modifier<'reroll'>;
export type TargetRule = Modifier<'target'>;

/** Keep/drop counts: kh/kl Infinity and dh/dl 0 where that end is not limited. */
export interface KeepRule {
  readonly kh: number;
  readonly kl: number;
  readonly dh: number;
  readonly dl: number;
}

/** The modifiers of a term, one field each (the parser allows each at most once). */
export interface TermRules {
  readonly min: number | null;
  readonly max: number | null;
  readonly explode: ExplodeRule | null;
  readonly reroll: RerollRule | null;
  /** null without keep/drop. */
  readonly keep: KeepRule | null;
  readonly target: TargetRule | null;
  readonly critSuccess: ComparePoint | null;
  readonly critFailure: ComparePoint | null;
  readonly sort: 'a' | 'd' | null;
}

export function readRules(node: DiceNode): TermRules {
  let min: number | null = null;
  let max: number | null = null;
  let explode: ExplodeRule | null = null;
  let reroll: RerollRule | null = null;
  let target: TargetRule | null = null;
  let critSuccess: ComparePoint | null = null;
  let critFailure: ComparePoint | null = null;
  let sort: 'a' | 'd' | null = null;
  let keep: { kh: number; kl: number; dh: number; dl: number } | null = null;
  for (const m of node.modifiers) {
    switch (m.kind) {
      case 'min': min = m.value; break;
      case 'max': max = m.value; break;
      case 'explode': explode = m; break;
      case 'reroll': reroll = m; break;
      case 'target': target = m; break;
      case 'critSuccess': critSuccess = m.compare; break;
      case 'critFailure': critFailure = m.compare; break;
      case 'sort': sort = m.dir; break;
      case 'keep':
      case 'drop': {
        keep ??= { kh: Infinity, kl: Infinity, dh: 0, dl: 0 };
        if (m.kind === 'keep') keep[m.end === 'h' ? 'kh' : 'kl'] = m.count;
        else keep[m.end === 'h' ? 'dh' : 'dl'] = m.count;
        break;
      }
    }
  }
  return { min, max, explode, reroll, keep, target, critSuccess, critFailure, sort };
}

/** Dice in the term (1 when written without a count, `d20`). */
export function diceCount(node: DiceNode): number {
  return node.count ? evalConstant(node.count) : 1;
}

/** Distinct faces of the die: 100 for d%, 3 for fudge dice (−1, 0, +1), else its side count. */
export function sidesOf(die: DieKind): number {
  return die.kind === 'standard' ? evalConstant(die.sides) : die.kind === 'percent' ? 100 : 3;
}

/** The integer faces a die shows: 1..sides, or -1..1 for fudge dice. */
export function faceRange(die: DieKind, sides: number): [number, number] {
  return die.kind === 'fudge' ? [-1, 1] : [1, sides];
}

// Kept dice are the positions [keptFrom, keptTo) of the m items sorted ascending. Two functions
// rather than a pair so the roller's hot path builds no array.
export function keptFrom(k: KeepRule, m: number): number {
  return Math.max(k.dl, m - k.kh, 0);
}

export function keptTo(k: KeepRule, m: number): number {
  return Math.max(keptFrom(k, m), Math.min(m - k.dh, k.kl, m));
}

/** What a value counts for under success counting: +1 success, −1 failure, else 0. */
export function successValue(t: TargetRule, v: number): number {
  if (matches(t.success, v)) return 1;
  if (t.failure && matches(t.failure, v)) return -1;
  return 0;
}
