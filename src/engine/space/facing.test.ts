import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Cell, Facing } from '../types.ts';
import {
  FACINGS, attackAngle, facingIndex, facingToward, facingVector, isBehind, isInFront, oppositeFacing, relativeSector, turnFacing,
} from './index.ts';

const coord = fc.integer({ min: -30, max: 30 });
const cell = fc.record({ x: coord, y: coord });
const facing = fc.constantFrom(...FACINGS);

describe('facing', () => {
  it('vectors and toward agree for the eight unit steps', () => {
    for (const f of FACINGS) expect(facingToward({ x: 3, y: 3 }, { x: 3 + facingVector(f).x, y: 3 + facingVector(f).y })).toBe(f);
    expect(facingVector('N')).toEqual({ x: 0, y: -1 });
    expect(facingVector('SE')).toEqual({ x: 1, y: 1 });
  });

  it('toward picks by angle (knight moves, long vectors)', () => {
    const o = { x: 0, y: 0 };
    expect(facingToward(o, { x: 1, y: -2 })).toBe('NE'); // 26.6° from N: nearer NE (45°) than N
    expect(facingToward(o, { x: 1, y: -3 })).toBe('N'); // 18.4°
    expect(facingToward(o, { x: 5, y: 2 })).toBe('E'); // 21.8° off E
    expect(facingToward(o, { x: 12, y: 5 })).toBe('SE'); // 22.6° off E
    expect(facingToward(o, { x: -4, y: 4 })).toBe('SW');
    expect(facingToward(o, o)).toBe('N');
  });

  it('toward matches the float angle rounded to the nearest 45°', () => {
    fc.assert(fc.property(cell, (v) => {
      fc.pre(v.x !== 0 || v.y !== 0);
      const deg = (Math.atan2(v.x, -v.y) * 180) / Math.PI; // clockwise from north
      const idx = ((Math.round(deg / 45) % 8) + 8) % 8;
      expect(facingIndex(facingToward({ x: 0, y: 0 }, v))).toBe(idx);
    }));
  });

  it('turns', () => {
    expect(turnFacing('N', 2)).toBe('E');
    expect(turnFacing('N', -1)).toBe('NW');
    expect(turnFacing('W', 11)).toBe('NE');
    expect(oppositeFacing('SE')).toBe('NW');
  });

  it('worked examples: defender at (5,5) facing N', () => {
    const d = { x: 5, y: 5 };
    expect(attackAngle({ x: 5, y: 6 }, d, 'N')).toBe('back'); // from the south
    expect(attackAngle({ x: 5, y: 4 }, d, 'N')).toBe('front'); // from the north
    expect(attackAngle({ x: 6, y: 5 }, d, 'N')).toBe('side'); // from the east
    expect(attackAngle({ x: 4, y: 5 }, d, 'N')).toBe('side'); // from the west
    expect(attackAngle({ x: 6, y: 4 }, d, 'N')).toBe('front'); // NE
    expect(attackAngle({ x: 4, y: 6 }, d, 'N')).toBe('back'); // SW
    expect(attackAngle({ x: 9, y: 0 }, d, 'N')).toBe('front'); // far NE
    expect(attackAngle({ x: 9, y: 6 }, d, 'N')).toBe('side'); // far, nearly east
    expect(attackAngle(d, d, 'S')).toBe('front');
    expect(isInFront(d, 'N', { x: 5, y: 0 })).toBe(true);
    expect(isBehind(d, 'N', { x: 5, y: 9 })).toBe(true);
    expect(relativeSector(d, 'N', { x: 4, y: 4 })).toBe(7);
  });

  it('3 front, 2 side and 3 back sectors around any facing', () => {
    for (const f of FACINGS) {
      const counts = { front: 0, side: 0, back: 0 };
      for (const g of FACINGS) counts[attackAngle(facingVector(g), { x: 0, y: 0 }, f)]++;
      expect(counts).toEqual({ front: 3, side: 2, back: 3 });
    }
  });

  it('attackAngle is invariant under rotating the whole scene by 90° and mirroring it', () => {
    const rot = (c: Cell): Cell => ({ x: -c.y, y: c.x }); // 90° clockwise on screen (y grows south)
    const mirror = (c: Cell): Cell => ({ x: -c.x, y: c.y });
    const mirrorF = (f: Facing): Facing => FACINGS[(8 - facingIndex(f)) % 8];
    fc.assert(fc.property(cell, cell, facing, (a, d, f) => {
      const angle = attackAngle(a, d, f);
      expect(attackAngle(rot(a), rot(d), turnFacing(f, 2))).toBe(angle);
      expect(attackAngle(mirror(a), mirror(d), mirrorF(f))).toBe(angle);
      // and under translation
      expect(attackAngle({ x: a.x + 7, y: a.y - 3 }, { x: d.x + 7, y: d.y - 3 }, f)).toBe(angle);
    }));
  });

  it('front and back swap when the defender turns about', () => {
    fc.assert(fc.property(cell, cell, facing, (a, d, f) => {
      const swap = { front: 'back', back: 'front', side: 'side' } as const;
      fc.pre(a.x !== d.x || a.y !== d.y);
      expect(attackAngle(a, d, oppositeFacing(f))).toBe(swap[attackAngle(a, d, f)]);
    }));
  });
});
