// Pet Actions that are not attacks: search, alert, stand guard (OUT-PET-2, ruling).
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

type Obj = Record<string, unknown>;
const fang = { id: 'fang', name: 'Fang', kind: 'dagger', damage: '1d6' };
// Wolf at (4,2), Movement 5: Charisma 30, Agility 20, Strength 10
const wolf = (over: Obj = {}) => ({ id: 'wolf', name: 'Wolf', side: 'heroes', class: 'hunter', at: [4, 2], facing: 'W', hp: 20, stats: { strength: 10, vitality: 0, agility: 20, charisma: 30, intelligence: 0, wisdom: 10 }, weapons: [fang], pet: { trainer: 'hero', kind: 'tamed' }, ...over });
const sneak = (at: number[]) => ({ id: 'sneak', name: 'Sneak', side: 'foes', class: 'nightblade', at, hp: 20, hidden: true });
const order = (o: string, extra: Obj = {}) => ({ type: 'pet', actor: 'hero', pet: 'wolf', order: o, ...extra });
const hidden = (t: Table) => t.state.effects.find((f) => f.target === 'sneak' && f.name === 'Hidden');
// Hero 12, Wolf 5 + 1 + 1 = 7, Sneak 6 + 0 + 1 = 7 (tie: d2 1, the Wolf first), Foe 4
const table = (extra: Obj[]) => {
  const t = new Table(outerah, duel({ extra: [wolf(), ...extra] }));
  t.start(5, 1, 1, 1, 1);
  return t;
};

describe('outerah pet actions that are not attacks', () => {
  it('OUT-PET-2, OUT-OPEN-2: the Search Order finds every Hidden enemy in the 3×3 area around the pet (ruling)', () => {
    const t = table([sneak([5, 3])]); // next to the Wolf
    expect(outerah.legalActions(t.state, 'hero').map((o) => o.label)).toContain('Wolf: Search Order (the 3×3 area around it)');
    const ev = t.do(order('search'));
    expect(t.lines(ev)).toContain('Wolf searches the 3×3 area around (4, 2) and finds Sneak [OUT-PET-2, OUT-OPEN-2]');
    expect(hidden(t)).toBeUndefined();
    // two cells off, the Sneak is not found
    const far = table([sneak([6, 3])]);
    expect(far.lines(far.do(order('search')))).toContain('Wolf searches the 3×3 area around (4, 2) and finds no one [OUT-PET-2, OUT-OPEN-2]');
    expect(hidden(far)).toBeDefined();
  });

  it('OUT-PET-2, OUT-OPEN-1: the Alert Order: a Hidden enemy within the pet\'s Movement stays hidden but is no longer unaware — no Opener (ruling)', () => {
    const t = table([sneak([8, 2])]); // 4 cells from the Wolf, within its Movement 5
    expect(hidden(t)?.data).toMatchObject({ unaware: true });
    const ev = t.do(order('alert'));
    expect(t.lines(ev)).toContain('Wolf alerts Hero to a presence within 5 cells: whoever hides there is no longer unaware of them — no Opener until it has stayed unseen 3 more rounds [OUT-PET-2, OUT-OPEN-2]');
    expect(hidden(t)?.data).toMatchObject({ unaware: false, unseen: 0 });
    const far = table([sneak([10, 2])]); // 6 cells off
    expect(far.lines(far.do(order('alert')))).toContain('Wolf senses no presence within 5 cells to alert Hero to [OUT-PET-2]');
  });

  it('OUT-PET-2: the Guard Order: the first attack each round on the ward draws the pet\'s counter-attack, without penalty (ruling)', () => {
    const t = new Table(outerah, duel({ extra: [wolf()] }));
    t.start(5, 1, 1); // Hero 12, Wolf 7, Foe 4
    const ev = t.do(order('guard'));
    expect(t.lines(ev)).toContain('Wolf stands guard over Hero: the first attack on it each round draws Wolf\'s counter-attack [OUT-PET-2]');
    t.do({ type: 'end_turn', actor: 'hero' });
    // Foe maces Hero head-on (40): crit D100(50), hit D100(30), 1d6(3) + 10 − Vitality 20 reduction 4 = 9, Shove D100(99) no;
    // the Wolf (4,2) behind Foe (3,2, facing W): 50 + 30 − 20 + 10 = 70: crit D100(50), hit D100(30), 1d6(4) + 10 − 2 = 12
    const hit = t.dice(50, 30, 3, 99, 50, 30, 4).do({ type: 'attack', actor: 'foe', target: 'hero', weapon: 'mace' });
    expect(t.lines(hit)).toContain('Wolf guards Hero: it counter-attacks Foe, without penalty (once a round) [OUT-PET-2]');
    expect([t.hp('hero'), t.hp('foe')]).toEqual([31, 18]);
    expect(t.unit('wolf').data).toMatchObject({ petOrder: 'guard', guarding: 'hero', guardRound: 1 });
    expect(t.unusedDice).toEqual([]);
    // a file may start a pet on guard over its trainer: `pet: { …, order: guard }`
    const g = new Table(outerah, duel({ extra: [wolf({ pet: { trainer: 'hero', kind: 'tamed', order: 'guard' } })] }));
    g.start(5, 1, 1);
    expect(g.unit('wolf').data).toMatchObject({ petOrder: 'guard', guarding: 'hero' });
    // not over a foe
    const f = new Table(outerah, duel({ extra: [wolf()] }));
    f.start(5, 1, 1);
    expect(f.rejects(order('guard', { target: 'foe' }))).toBe('action/bad_target');
  });
});
