// The walk's weighing of a search's stops (reached.ts, OUT-TURN-1): nearestPlaceOf, which first asks the box
// around the stops, gives nearestPlace's answer on random searches and questions.
import { describe, expect, it } from 'vitest';
import { Reached } from '../../engine/space/path.ts';
import { nearestPlace } from '../../engine/space/stops.ts';
import { nearestPlaceOf } from './reached.ts';

/** A small seeded generator (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

describe('outerah walk toward a foe (reached.ts)', () => {
  it('OUT-TURN-1: nearestPlaceOf gives nearestPlace\'s stop and distance on 5,000 random searches and questions, and skips the weighing when the stops\' box is no nearer', () => {
    const int = rng(40);
    let skipped = 0;
    let found = 0;
    for (let n = 0; n < 5000; n++) {
      const count = 1 + int(40);
      const x: number[] = [];
      const y: number[] = [];
      const cost: number[] = [];
      const from: number[] = [];
      const stop: number[] = [];
      for (let k = 0; k < count; k++) {
        x.push(int(16));
        y.push(int(16));
        cost.push(k === 0 ? 0 : int(5));
        from.push(k - 1);
        stop.push(int(6) === 0 ? 0 : 1);
      }
      const r = new Reached(count, x, y, cost, from, stop, (k) => `${x[k]},${y[k]}`);
      const toward = Array.from({ length: int(4) }, () => ({ x: int(24) - 4, y: int(24) - 4 }));
      const toBeat = int(8) === 0 ? Infinity : int(14);
      const want = nearestPlace(r, toward, toBeat);
      expect(nearestPlaceOf(r, toward, toBeat)).toEqual(want);
      // asked again: the box kept with the search gives the same
      expect(nearestPlaceOf(r, toward, toBeat)).toEqual(want);
      if (want.index >= 0) found++;
      let least = Infinity;
      for (let k = 0; k < count; k++) if (cost[k] !== 0 && stop[k] !== 0) for (const t of toward) least = Math.min(least, Math.max(Math.abs(x[k] - t.x), Math.abs(y[k] - t.y)));
      if (least >= toBeat) skipped++;
    }
    expect(found).toBeGreaterThan(1000);
    expect(skipped).toBeGreaterThan(1000);
  });
});
