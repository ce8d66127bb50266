import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

describe('smoke', () => {
  it('runs', () => {
    const t = new Table(outerah, duel());
    const ev = t.start(5, 1);
    console.log(t.lines(ev).join('\n'));
    const a = t.dice(50, 37, 4).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
    console.log(t.lines(a).join('\n'));
    expect(t.unusedDice).toEqual([]);
  });
});
