import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiceNode } from './ast.ts';
import { diceCount, keptFrom, keptTo, readRules, sidesOf, successValue } from './dice-term.ts';
import { insertSorted } from './roll-modifiers.ts';
import { parseDice } from './index.ts';

const term = (text: string) => parseDice(text) as DiceNode;

describe('reading a dice term (shared by rolling and exact distributions)', () => {
  it('reads count, sides and every modifier once', () => {
    const t = term('(1+2)d(2*3)min2max5!!p>5ro<2kh2dl1>=4f<2cs6cf1sd');
    expect(diceCount(t)).toBe(3);
    expect(sidesOf(t.die)).toBe(6);
    const r = readRules(t);
    expect(r.min).toBe(2);
    expect(r.max).toBe(5);
    expect(r.explode).toMatchObject({ compound: true, penetrate: true, compare: { op: '>', value: 5 } });
    expect(r.reroll).toMatchObject({ once: true, compare: { op: '<', value: 2 } });
    expect(r.keep).toEqual({ kh: 2, kl: Infinity, dh: 0, dl: 1 });
    expect(r.target).toMatchObject({ success: { op: '>=', value: 4 }, failure: { op: '<', value: 2 } });
    expect(r.critSuccess).toEqual({ op: '=', value: 6 });
    expect(r.critFailure).toEqual({ op: '=', value: 1 });
    expect(r.sort).toBe('d');
  });

  it('leaves absent modifiers null, and knows d%, dF and d20', () => {
    expect(readRules(term('4d6'))).toEqual({ min: null, max: null, explode: null, reroll: null, keep: null, target: null, critSuccess: null, critFailure: null, sort: null });
    expect(diceCount(term('d20'))).toBe(1);
    expect(sidesOf(term('d%').die)).toBe(100);
    expect(sidesOf(term('4dF.1').die)).toBe(3);
  });

  it('keeps the same dice as sorting and slicing would', () => {
    const keepDrop = fc.record({ kh: fc.option(fc.integer({ min: 1, max: 8 })), kl: fc.option(fc.integer({ min: 1, max: 8 })), dh: fc.option(fc.integer({ min: 1, max: 8 })), dl: fc.option(fc.integer({ min: 1, max: 8 })) });
    fc.assert(
      fc.property(keepDrop, fc.integer({ min: 1, max: 8 }), (k, m) => {
        const mods = [k.kh && `kh${k.kh}`, k.kl && `kl${k.kl}`, k.dh && `dh${k.dh}`, k.dl && `dl${k.dl}`].filter(Boolean).join('');
        const rule = readRules(term(`${m}d6${mods}`)).keep;
        if (!rule) return mods === '';
        // by hand: positions 0..m-1 ascending; each modifier removes from its end
        let kept = Array.from({ length: m }, (_, i) => i);
        if (k.kh) kept = kept.filter((i) => i >= m - k.kh!);
        if (k.kl) kept = kept.filter((i) => i < k.kl!);
        if (k.dh) kept = kept.filter((i) => i < m - k.dh!);
        if (k.dl) kept = kept.filter((i) => i >= k.dl!);
        const from = keptFrom(rule, m);
        const to = keptTo(rule, m);
        expect(to).toBeGreaterThanOrEqual(from);
        expect(to - from).toBe(kept.length);
        if (kept.length) expect([from, to]).toEqual([kept[0], kept[kept.length - 1] + 1]);
      }),
    );
  });

  it('counts successes +1, failures −1, else 0', () => {
    const t = readRules(term('5d10>=8f<3')).target!;
    expect([1, 2, 3, 7, 8, 10].map((v) => successValue(t, v))).toEqual([-1, -1, 0, 0, 1, 1]);
    const noFail = readRules(term('5d10=10')).target!;
    expect([1, 9, 10].map((v) => successValue(noFail, v))).toEqual([0, 0, 1]);
  });

  it('insertion keeps a buffer sorted (the roller sorts dice this way as it draws)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 20 }), { maxLength: 40 }), (xs) => {
        const buf = new Float64Array(xs.length);
        xs.forEach((x, i) => insertSorted(buf, i, x));
        expect([...buf]).toEqual([...xs].sort((a, b) => a - b));
      }),
    );
  });
});
