// Spirit Release (ruling OUT-MNT-1): the countdown "like any other creature" — every creature's at 0 HP.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

// Hero (Speed 6 + 1 + d12 5 = 12) hits Foe (10 HP) first; Imp, Foe's ally far off, keeps the fight going.
function fallen() {
  const imp = { id: 'imp', name: 'Imp', side: 'foes', class: 'sorcerer', at: [10, 10], hp: 20, stats: { agility: 20 } };
  const t = new Table(outerah, duel({ foe: { hp: 10 }, extra: [imp] }));
  t.start(5, 1, 2);
  // crit D100 50 > 5: none; hit D100 30 ≤ 50; Sword 1d8(4) + 18 = 22 ≥ 10 → Foe at 0 HP
  const ev = t.dice(50, 30, 4).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
  return { t, ev };
}
const countdown = (t: Table, id: string) => t.state.effects.find((f) => f.target === id && f.name === 'Spirit Release')?.remaining;

describe('outerah Spirit Release', () => {
  it('OUT-MNT-1 (ruling): any creature at 0 HP — not only a mount — enters the countdown: 3 rounds, then dead', () => {
    const { t, ev } = fallen();
    expect(t.unit('foe').status).toBe('down');
    expect(t.lines(ev)).toContain('Foe falls: the Spirit Release countdown begins (3 rounds to heal it) [OUT-MNT-1]');
    // it counts down at each round's end: 3 → 2 (round 1) → 1 (round 2) → 0 at the end of round 3: released
    expect(countdown(t, 'foe')).toBe(3);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.passUntil('hero');
    expect([t.state.turn.round, countdown(t, 'foe')]).toEqual([2, 2]);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.passUntil('hero');
    expect([t.state.turn.round, countdown(t, 'foe'), t.unit('foe').status]).toEqual([3, 1, 'down']);
    t.passUntil('imp');
    const last = t.do({ type: 'end_turn', actor: 'imp' });
    expect(t.unit('foe').status).toBe('dead');
    expect(t.lines(last)).toContain("Foe's spirit is released: it is gone [OUT-MNT-1]");
  });

  it('OUT-MNT-1 (ruling): healed above 0 within the countdown, a creature stands up and the countdown stops', () => {
    const { t } = fallen();
    const ev = t.do({ type: 'gm.set_pool', unit: 'foe', pool: 'hp', value: 4 });
    expect(t.lines(ev)).toContain('Foe is healed in time: the Spirit Release countdown stops [OUT-MNT-1]');
    for (let i = 0; i < 9; i++) t.do({ type: 'end_turn', actor: t.active });
    expect([t.unit('foe').status, countdown(t, 'foe')]).toEqual(['active', undefined]);
  });
});
