// The best strike reads a target's flank through a table by step and facing (flankAt): it must give
// attackAngle's answer for every step, near and far (past the table's span it asks attackAngle itself).
import { describe, expect, it } from 'vitest';
import { attackAngle, FACINGS } from '../../engine/space/facing.ts';
import { flankAt } from './best-strike.ts';

const ANGLE = { front: 0, side: 1, back: 2 } as const;

describe('flankAt', () => {
  it('is attackAngle for every step within 20 tiles and every facing (D60-FLK-1)', () => {
    const at = { x: 40, y: 40 };
    let asked = 0;
    // twice over: the second time every near answer comes from the table
    for (let round = 0; round < 2; round++) {
      FACINGS.forEach((facing, fi) => {
        for (let dx = -20; dx <= 20; dx++) {
          for (let dy = -20; dy <= 20; dy++) {
            const c = { x: at.x + dx, y: at.y + dy };
            expect(flankAt(c, at, facing, fi)).toBe(ANGLE[attackAngle(c, at, facing)]);
            asked++;
          }
        }
      });
    }
    expect(asked).toBe(2 * 8 * 41 * 41);
  });
});
