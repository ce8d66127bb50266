import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notation } from './arbitraries.ts';
import { DICE_LIMITS, DiceError, formatDice, parseDice, type DiceExpr } from './index.ts';

function err(text: string): DiceError {
  try {
    parseDice(text);
  } catch (e) {
    if (e instanceof DiceError) return e;
    throw e;
  }
  throw new Error(`"${text}" parsed`);
}

describe('parseDice / formatDice', () => {
  it('parses the examples into typed trees', () => {
    expect(parseDice('4d6kh3+2')).toEqual({
      type: 'binary',
      op: '+',
      left: {
        type: 'dice',
        count: { type: 'number', value: 4 },
        die: { kind: 'standard', sides: { type: 'number', value: 6 } },
        modifiers: [{ kind: 'keep', end: 'h', count: 3 }],
      },
      right: { type: 'number', value: 2 },
    });
    expect(parseDice('d%')).toMatchObject({ type: 'dice', count: null, die: { kind: 'percent' } });
    expect(parseDice('4dF.1')).toMatchObject({ die: { kind: 'fudge', nonBlanks: 1 } });
    expect(parseDice('dF')).toMatchObject({ die: { kind: 'fudge', nonBlanks: 2 } });
  });

  it('resolves default compare points and orders modifiers as they take effect', () => {
    const e = parseDice('4d6cs kh3 ! r') as Extract<DiceExpr, { type: 'dice' }>;
    expect(e.modifiers).toEqual([
      { kind: 'explode', compound: false, penetrate: false, compare: { op: '=', value: 6 } },
      { kind: 'reroll', once: false, compare: { op: '=', value: 1 } },
      { kind: 'keep', end: 'h', count: 3 },
      { kind: 'critSuccess', compare: { op: '=', value: 6 } },
    ]);
    expect(formatDice(e)).toBe('4d6!rkh3cs');
  });

  it('treats k as kh, d as dl, <> as not-equal, ** as ^, and a bare number as "="', () => {
    expect(parseDice('4d6k3')).toEqual(parseDice('4d6kh3'));
    expect(parseDice('4d6d1')).toEqual(parseDice('4d6dl1'));
    expect(parseDice('2**3')).toEqual(parseDice('2^3'));
    expect(parseDice('1d6r1')).toEqual(parseDice('1d6r=1'));
    expect(parseDice('1d6!5')).toEqual(parseDice('1d6!=5'));
    expect(formatDice(parseDice('3d6<>3'))).toBe('3d6<>3');
  });

  it('allows whitespace anywhere between tokens', () => {
    expect(parseDice(' 4 d 6 kh3 + 2 ')).toEqual(parseDice('4d6kh3+2'));
    expect(parseDice('floor ( 1d6 / 2 )')).toEqual(parseDice('floor(1d6/2)'));
  });

  it('follows mathjs precedence: -2^2 = -(2^2), 2^3^2 = 2^(3^2), * before +', () => {
    expect(formatDice(parseDice('-2^2'))).toBe('-2 ^ 2');
    expect(parseDice('-2^2')).toMatchObject({ type: 'negate', arg: { type: 'binary', op: '^' } });
    expect(parseDice('2^3^2')).toMatchObject({ type: 'binary', op: '^', right: { type: 'binary', op: '^' } });
    expect(parseDice('1+2*3')).toMatchObject({ op: '+', right: { op: '*' } });
  });

  it('keeps a explosion default explicit when a target follows, so the text round-trips', () => {
    const e = parseDice('4d6>=5!');
    expect(formatDice(e)).toBe('4d6!=6>=5');
    expect(parseDice(formatDice(e))).toEqual(e);
  });

  it('round-trips: parse(format(parse(x))) deep-equals parse(x)', () => {
    let parsed = 0;
    let total = 0;
    fc.assert(
      fc.property(notation, (text) => {
        total++;
        let e: DiceExpr;
        try {
          e = parseDice(text);
        } catch (err) {
          expect(err).toBeInstanceOf(DiceError);
          return;
        }
        parsed++;
        const back = parseDice(formatDice(e));
        expect(back).toEqual(e);
        expect(formatDice(back)).toBe(formatDice(e));
      }),
      { numRuns: 3000, seed: 20240601 },
    );
    expect(parsed / total).toBeGreaterThan(0.5);
  });
});

describe('notation errors', () => {
  it('points at the column: 4d6kq3 → unexpected "q" at column 5', () => {
    const e = err('4d6kq3');
    expect(e.code).toBe('dice/syntax');
    expect(e.message).toBe('unexpected "q" at column 5');
    expect(e.column).toBe(5);
    expect(e.pointer()).toBe('4d6kq3\n    ^');
  });

  it.each([
    ['', 'dice/syntax', 1],
    ['4d6+', 'dice/syntax', 5],
    ['2d', 'dice/syntax', 3],
    ['1d6 + (2', 'dice/syntax', 9],
    ['3d6 x', 'dice/syntax', 5],
    ['4d6kh3kh2', 'dice/syntax', 7],
    ['4d6u', 'dice/syntax', 4],
    ['{1d6, 2d8', 'dice/syntax', 10],
    ['{1d6, 2d8}kh3', 'dice/invalid', 11],
    ['{1d6, 2d8}kh0', 'dice/invalid', 13],
    ['2d6 f<3', 'dice/syntax', 5],
    ['bogus(3)', 'dice/syntax', 1],
    ['(1d4)d6', 'dice/syntax', 1],
    ['0d6', 'dice/invalid', 1],
    ['(5/2)d6', 'dice/invalid', 1],
    ['d0', 'dice/invalid', 2],
    ['4d6kh0', 'dice/invalid', 6],
    ['(1/0)d6', 'dice/math', 1],
  ] as const)('%s → %s at column %i', (text, code, column) => {
    const e = err(text);
    expect(e.code).toBe(code);
    expect(e.column).toBe(column);
    expect(e.message).toContain(`column ${column}`);
  });
});

describe('limits', () => {
  const fast = (text: string, code = 'dice/limit') => {
    const t0 = performance.now();
    const e = err(text);
    const ms = performance.now() - t0;
    expect(e.code).toBe(code);
    expect(ms).toBeLessThan(50);
    return e;
  };

  it('rejects 999999999999d6 before any work', () => {
    expect(fast('999999999999d6').message).toMatch(/dice count 999999999999 is over the limit of 1000/);
  });

  it('rejects (99^99)d20 (count evaluated, not looped)', () => {
    expect(fast('(99^99)d20').message).toMatch(/dice count 3\.70e\+197 is over the limit/);
  });

  it('rejects explosions and rerolls that can never stop', () => {
    expect(fast('1d1!').message).toMatch(/never stop/);
    expect(fast('1d6!>0').message).toMatch(/never stop/);
    expect(fast('3d6!!<=6').message).toMatch(/never stop/);
    expect(fast('4dF!>=-1').message).toMatch(/never stop/);
    expect(fast('1d6r<7').message).toMatch(/never stop/);
    expect(() => parseDice('1d6ro<7')).not.toThrow(); // rerolls once: it stops
  });

  it('rejects a 10,000-term expression by length', () => {
    expect(fast(Array(10_000).fill('1d6').join('+')).message).toMatch(/over the limit of 1000 \(DICE_LIMITS.maxLength\)/);
  });

  it('rejects too many dice in total, too many sides, huge numbers, deep nesting and too many parts', () => {
    expect(fast('600d6+600d6').message).toMatch(/rolls 1200 dice/);
    expect(fast('d1000001').message).toMatch(/maxSides/);
    expect(fast('d(10^7)').message).toMatch(/maxSides/);
    expect(fast('1' + '0'.repeat(30) + '+1d6').message).toMatch(/maxNumber/);
    expect(fast('('.repeat(60) + '1' + ')'.repeat(60)).message).toMatch(/maxNesting/);
    expect(fast(Array(300).fill('1').join('+')).message).toMatch(/maxNodes/);
  });

  it('exports its limits', () => {
    expect(DICE_LIMITS).toMatchObject({ maxDice: 1000, maxSides: 1_000_000, maxExplosionDepth: 100, maxLength: 1000 });
    expect(Object.isFrozen(DICE_LIMITS)).toBe(true);
  });
});
