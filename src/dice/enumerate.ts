// The exact odds of a roll by brute force, shared by the property tests (test-only helper): every sequence
// of faces the roller can draw, depth first, re-rolling from the start with a scripted prefix. Paths longer
// than maxDraws are cut and their mass reported, so exploding dice can be checked too.
import { parseDice } from './parse.ts';
import { rollTotal } from './roll.ts';
import type { DiceSource } from './source.ts';

export function enumerate(text: string, maxDraws: number): { pmf: Map<number, number>; lost: number } {
  const expr = parseDice(text);
  const pmf = new Map<number, number>();
  let lost = 0;
  class Need {
    constructor(readonly sides: number) {}
  }
  const explore = (prefix: number[], prob: number) => {
    let i = 0;
    const src: DiceSource = {
      roll(sides) {
        if (i < prefix.length) return prefix[i++];
        throw new Need(sides);
      },
    };
    try {
      const t = rollTotal(expr, src);
      pmf.set(t, (pmf.get(t) ?? 0) + prob);
    } catch (e) {
      if (!(e instanceof Need)) throw e;
      if (prefix.length >= maxDraws) lost += prob;
      else for (let f = 1; f <= e.sides; f++) explore([...prefix, f], prob / e.sides);
    }
  };
  explore([], 1);
  return { pmf, lost };
}
