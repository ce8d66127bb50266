/** The typed tree of a dice expression. Parse once with parseDice, roll many times. */

/** Comparison operators of compare points (`<>` is parsed as '!='). */
export type CompareOp = '=' | '!=' | '<' | '>' | '<=' | '>=';

export interface ComparePoint {
  readonly op: CompareOp;
  readonly value: number;
}

/**
 * Modifiers of a dice term. The parser stores them in the order they take effect (the order of
 * rpg-dice-roller): min, max, explode, reroll, keep, drop, target, critSuccess, critFailure, sort.
 * Compare points left out in the notation are stored resolved (explode `=max`, reroll `=min`, …).
 */
export type DiceModifier =
  | { readonly kind: 'min'; readonly value: number }
  | { readonly kind: 'max'; readonly value: number }
  | { readonly kind: 'explode'; readonly compound: boolean; readonly penetrate: boolean; readonly compare: ComparePoint }
  | { readonly kind: 'reroll'; readonly once: boolean; readonly compare: ComparePoint }
  | { readonly kind: 'keep'; readonly end: 'h' | 'l'; readonly count: number }
  | { readonly kind: 'drop'; readonly end: 'h' | 'l'; readonly count: number }
  | { readonly kind: 'target'; readonly success: ComparePoint; readonly failure: ComparePoint | null }
  | { readonly kind: 'critSuccess'; readonly compare: ComparePoint }
  | { readonly kind: 'critFailure'; readonly compare: ComparePoint }
  | { readonly kind: 'sort'; readonly dir: 'a' | 'd' };

export type DieKind =
  | { readonly kind: 'standard'; readonly sides: DiceExpr }
  | { readonly kind: 'percent' }
  | { readonly kind: 'fudge'; readonly nonBlanks: 1 | 2 };

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '^';
export type UnaryFn = 'abs' | 'ceil' | 'cos' | 'exp' | 'floor' | 'log' | 'round' | 'sign' | 'sin' | 'sqrt' | 'tan';
export type BinaryFn = 'pow' | 'min' | 'max';
export type FnName = UnaryFn | BinaryFn;

export type DiceExpr =
  | { readonly type: 'number'; readonly value: number }
  | {
      readonly type: 'dice';
      /** null when written without a count (`d20`); else a number or a parenthesised constant. */
      readonly count: DiceExpr | null;
      readonly die: DieKind;
      readonly modifiers: readonly DiceModifier[];
    }
  | { readonly type: 'negate'; readonly arg: DiceExpr }
  | { readonly type: 'binary'; readonly op: BinaryOp; readonly left: DiceExpr; readonly right: DiceExpr }
  | { readonly type: 'call'; readonly fn: FnName; readonly args: readonly DiceExpr[] }
  | { readonly type: 'group'; readonly expr: DiceExpr }
  /**
   * A pool (`{1d8!, 1d6!}kh1`): each item rolled on its own, left to right; the total is the sum of the
   * items kept — all of them, or those a keep/drop selects by their totals.
   */
  | { readonly type: 'pool'; readonly items: readonly DiceExpr[]; readonly select: PoolSelect | null };

/** Which items of a pool count: keep or drop the highest or lowest `count` by their totals. */
export type PoolSelect = Extract<DiceModifier, { kind: 'keep' | 'drop' }>;

export type DiceNode = Extract<DiceExpr, { type: 'dice' }>;
