// fast-check generators of dice notation, shared by the property tests (test-only helper).
import fc from 'fast-check';
import { distributionOf } from './expr-distribution.ts';

const ws = fc.constantFrom('', '', '', ' ', '  ');
const small = (min: number, max: number) => fc.integer({ min, max }).map(String);
const cmp = (ops: string[]) => fc.tuple(fc.constantFrom(...ops), fc.integer({ min: -1, max: 12 })).map(([o, v]) => `${o}${v}`);
const targetCmp = cmp(['=', '<', '>', '<=', '>=', '<>']);
const optCmp = fc.option(fc.oneof(cmp(['=', '<', '>', '<=', '>=', '<>']), small(1, 12)), { nil: '' });

/** Dice modifiers, each kind at most once, in any order, possibly with whitespace between. */
export const modifiers = (opts: { explode?: boolean; separateExplode?: boolean } = {}) => {
  const pieces: fc.Arbitrary<string>[] = [
    fc.tuple(fc.constantFrom('kh', 'kl', 'k'), small(1, 5)).map(([a, b]) => a + b),
    fc.tuple(fc.constantFrom('dh', 'dl', 'd'), small(1, 5)).map(([a, b]) => a + b),
    fc.tuple(fc.constantFrom('r', 'ro'), optCmp).map(([a, b]) => a + b),
    fc.tuple(targetCmp, fc.option(targetCmp, { nil: '' })).map(([a, f]) => (f ? `${a}f${f}` : a)),
    fc.tuple(fc.constantFrom('cs', 'cf'), optCmp).map(([a, b]) => a + b),
    small(1, 4).map((v) => `min${v}`),
    small(3, 8).map((v) => `max${v}`),
    fc.constantFrom('s', 'sa', 'sd'),
  ];
  if (opts.explode !== false) {
    const kinds = opts.separateExplode === false ? ['!!', '!!p'] : ['!', '!!', '!p', '!!p'];
    pieces.push(fc.tuple(fc.constantFrom(...kinds), optCmp).map(([a, b]) => a + b));
  }
  return fc
    .tuple(...pieces.map((p) => fc.option(p, { nil: '', freq: 3 })))
    .chain((parts) => fc.shuffledSubarray(parts.filter(Boolean)))
    .chain((parts) => fc.tuple(...parts.map((p) => fc.tuple(ws, fc.constant(p)).map(([w, x]) => w + x))))
    .map((parts) => parts.join(''));
};

const count = fc.oneof(fc.constant(''), small(1, 12), fc.tuple(small(1, 3), small(1, 3)).map(([a, b]) => `(${a}+${b})`));
const sides = fc.oneof(small(1, 20), fc.constantFrom('%', 'F', 'F.1', '(2*3)', '100'));

export const diceTerm = fc
  .tuple(count, ws, sides, modifiers())
  .map(([c, w, s, m]) => `${c}${w}d${s}${m}`);

/** Arbitrary notation (may be rejected by the parser, e.g. an explosion on a d1). */
export const notation: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    diceTerm,
    small(0, 50),
    fc.tuple(tie('expr'), ws, fc.constantFrom('+', '-', '*', '/', '%', '^', '**'), ws, tie('expr')).map((p) => p.join('')),
    tie('expr').map((e) => `(${e})`),
    tie('expr').map((e) => `-${e}`),
    fc.tuple(fc.constantFrom('floor', 'ceil', 'round', 'abs', 'sqrt', 'sign'), ws, tie('expr')).map(([f, w, e]) => `${f}${w}(${e})`),
    fc.tuple(fc.constantFrom('max', 'min', 'pow'), tie('expr'), ws, tie('expr')).map(([f, a, w, b]) => `${f}(${a},${w}${b})`),
  ),
})).expr;

/** Small notation whose exact distribution is supported and cheap. */
export const smallSupported: fc.Arbitrary<string> = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small' },
    fc
      .tuple(small(1, 5), fc.constantFrom('4', '6', '8', '10', '12', 'F', '%'), modifiers({ separateExplode: false }))
      .map(([c, s, m]) => `${c}d${s}${m}`),
    fc.tuple(small(1, 4), fc.constantFrom('!', '!p', '!>5'), ).map(([c, e]) => `${c}d6${e}`),
    small(0, 9),
    fc.tuple(tie('expr'), fc.constantFrom(' + ', ' - ', ' * '), tie('expr')).map((p) => p.join('')),
    tie('expr').map((e) => `floor((${e}) / 2)`),
  ),
})).expr;

/** smallSupported, keeping only notation that parses and whose distribution is computed. */
export const smallValid = smallSupported.filter((text) => {
  try {
    distributionOf(text);
    return true;
  } catch {
    return false;
  }
});
