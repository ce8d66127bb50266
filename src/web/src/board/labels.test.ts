// Two tokens never read the same: the tablet at 390 px showed two "RC"s.
import { describe, expect, it } from 'vitest';
import { distinctLabels } from './labels.ts';

const labels = (...names: string[]) => [...distinctLabels(names.map((name, i) => ({ id: `u${i}`, name }))).values()];

describe('token labels', () => {
  it('are the initials when they are unique', () => {
    expect(labels('Kara', 'Goblin Cutter', 'Pell')).toEqual(['KA', 'GC', 'PE']);
  });
  it('tell apart units whose initials collide', () => {
    expect(labels('Raider Cutter', 'Raider Chief')).toEqual(['RCu', 'RCh']);
    expect(labels('Goblin Cutter', 'Goblin Cutter 2')).toEqual(['GCu', 'GC2']);
    expect(labels('Guard', 'Guard', 'Guard')).toEqual(['GU1', 'GU2', 'GU3']);
    const all = labels('Raider Cutter', 'Raider Chief', 'Rask', 'Ranger Cole', 'Raider Cutter');
    expect(new Set(all).size).toBe(all.length);
  });
});
