// Buffs and debuffs: ticks, notation, tiers, resisting, shaking off, stacking, buff success, the table.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { EFFECTS, parseEffectNotation } from './effect-table.ts';
import { buffChance } from './effects.ts';
import { duel } from './fixtures.ts';
import { outerah } from './index.ts';

const cast = (skill: string, target = 'foe', actor = 'hero') => ({ type: 'cast', actor, skill, target });
const names = (t: Table, unit: string) => t.state.effects.filter((f) => f.target === unit).map((f) => `${f.name}×${f.stacks}`);

describe('outerah effects', () => {
  it('OUT-EFF-1, OUT-TIME-1: DoTs tick at the start of the unit\'s turn; Poison(3) ticks on three of its turns', () => {
    const t = new Table(outerah, duel({ hero: { skills: ['poison'] } }));
    t.start(5, 1);
    // hit (50, 30); Foe resists on D100 + Vitality 10 > 100: 40 + 10 = 50 → poisoned (Foe yet to act: 3 round ends)
    t.dice(50, 30, 40).do(cast('poison'));
    const ticks: string[] = [];
    for (let r = 1; r <= 4; r++) {
      const ev = t.do({ type: 'end_turn', actor: 'hero' });
      ticks.push(...t.checks(ev));
      // at the end of its turns Foe tries to shake it off (minimum 1): D100(1) + 10 holds
      if (names(t, 'foe').length) t.dice(1);
      t.do({ type: 'end_turn', actor: 'foe' });
    }
    expect(ticks).toEqual(Array(3).fill('Poison per tier 2 × tier 1 100% × stacks 100% = 2 → 2 damage [OUT-EFF-1, OUT-EFF-2]'));
    expect(t.hp('foe')).toBe(24);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-EFF-1: HoTs heal at the end of the unit\'s turn', () => {
    const t = new Table(outerah, duel({ hero: { skills: ['regen'], startHp: 20 } }));
    t.start(5, 1);
    t.dice(10).do(cast('regen', 'hero')); // 80 + 10 = 90 ≥ 10: lands
    const ev = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.checks(ev)).toEqual(['Regen per tier 3 × tier 1 100% = 3 → heals 3 [OUT-EFF-1]']);
    expect(t.hp('hero')).toBe(23);
  });

  it('OUT-EFF-2: "[Prefix] Name (Rounds)" notation and tiers: Everlasting Burn(3) at tier 2 deals 3 × 2', () => {
    expect(parseEffectNotation('Everlasting Burn(3)')).toEqual({ prefix: 'Everlasting', name: 'Burn', rounds: 3 });
    expect(parseEffectNotation('Void Poison')).toEqual({ prefix: 'Void', name: 'Poison' });
    expect(parseEffectNotation('Black&Blue (2)')).toEqual({ name: 'Black&Blue', rounds: 2 });
    const t = new Table(outerah, duel({ hero: { skills: ['burn'] } }));
    t.start(5, 1);
    t.dice(50, 30, 40).do(cast('burn'));
    expect(t.state.effects.find((f) => f.name === 'Burn')).toMatchObject({ tier: 2, remaining: 3, data: { prefix: 'Everlasting' } });
    const ev = t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.checks(ev)).toEqual(['Burn per tier 3 × tier 2 200% × stacks 100% = 6 → 6 damage [OUT-EFF-1, OUT-EFF-2]']);
  });

  it('OUT-EFF-3: D100 + the stat > 100 resists; 100 in the stat is immunity', () => {
    const t = new Table(outerah, duel({ hero: { skills: ['poison'] } }));
    t.start(5, 1);
    const ev = t.dice(50, 30, 95).do(cast('poison'));
    expect(t.checks(ev).at(-1)).toBe('D100(95) + Vitality 10 = 105 > 100 → resisted [OUT-EFF-3]');
    expect(names(t, 'foe')).toEqual([]);
    const i = new Table(outerah, duel({ hero: { skills: ['poison'] }, foe: { stats: { vitality: 100, agility: 20 } } }));
    i.start(5, 1);
    expect(i.lines(i.dice(50, 30).do(cast('poison')))).toContain('Foe has 100 vitality: immune to Poison [OUT-EFF-3]');
  });

  it('OUT-EFF-4: past its minimum, a shake-off roll each turn, +5 per roll after the first', () => {
    const t = new Table(outerah, duel({ hero: { skills: ['poison'] } }));
    t.start(5, 1);
    t.dice(50, 30, 40).do(cast('poison'));
    t.do({ type: 'end_turn', actor: 'hero' });
    // held 1 = minimum 1: D100(60) + 10 = 70 holds
    expect(t.checks(t.dice(60).do({ type: 'end_turn', actor: 'foe' }))).toEqual(['D100(60) + Vitality 10 = 70 ≤ 100 → Poison holds [OUT-EFF-4, OUT-EFF-3]']);
    t.do({ type: 'end_turn', actor: 'hero' });
    // second roll: D100(86) + 10 + 5 = 101 > 100: shaken off
    const ev = t.dice(86).do({ type: 'end_turn', actor: 'foe' });
    expect(t.checks(ev)).toEqual(['D100(86) + Vitality 10 + +5 × 1 earlier rolls 5 = 101 > 100 → shakes off Poison [OUT-EFF-4, OUT-EFF-3]']);
    expect(names(t, 'foe')).toEqual([]);
  });

  it('OUT-EFF-5: effects stack: a second Poison is a second stack (2 × 2 per tick)', () => {
    const t = new Table(outerah, duel({ hero: { skills: ['poison', { id: 'poison2', name: 'Venom Dart', kind: 'debuff', effect: 'Poison(3)', action: 'secondary' }] } }));
    t.start(5, 1);
    t.dice(50, 30, 40).do(cast('poison'));
    const ev = t.dice(50, 30, 40).do(cast('poison2'));
    expect(t.lines(ev)).toContain('Poison on Foe stacks: 2 [OUT-EFF-5]');
    expect(t.checks(t.do({ type: 'end_turn', actor: 'hero' }))).toEqual(['Poison per tier 2 × tier 1 100% × stacks 200% = 4 → 4 damage [OUT-EFF-1, OUT-EFF-2]']);
  });

  it('OUT-EFF-6: a buff rolls for success (by Wisdom) and restarts its count when re-applied', () => {
    expect([buffChance(EFFECTS.Haste, 10), buffChance(EFFECTS.Haste, 29), buffChance(EFFECTS.Haste, 30), buffChance(EFFECTS.Haste, 90)]).toEqual([70, 80, 90, 100]);
    const t = new Table(outerah, duel({ hero: { skills: ['regen'] } }));
    t.start(5, 1);
    const miss = t.dice(91).do(cast('regen', 'hero')); // 90 at Wisdom 20: 91 fails
    expect(t.checks(miss)).toEqual(['D100(91) > success at 10 Wisdom 80 + Wisdom 20 10 (= 90) → fails [OUT-EFF-6]']);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    t.dice(10).do(cast('regen', 'hero'));
    expect(t.state.effects.find((f) => f.name === 'Regen')?.remaining).toBe(3); // on itself in its own turn: this round is the first
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.state.effects.find((f) => f.name === 'Regen')?.remaining).toBe(2);
    const again = t.dice(10).do(cast('regen', 'hero'));
    expect(t.lines(again)).toContain('Regen(3) on Hero again: the count starts anew [OUT-EFF-6]');
    expect(t.state.effects.find((f) => f.name === 'Regen')).toMatchObject({ remaining: 3, stacks: 1 });
  });

  it('OUT-EFF-6, OUT-TIME-1: a buff a unit puts on itself in its own turn lasts the rounds listed, not one more', () => {
    // "only lasts for the duration listed": Regen(3) cast by Hero on itself in round 1 heals at the end of
    // Hero's turns in rounds 1, 2 and 3 (3 each: 3 per tier × tier 1), then is gone: 20 + 9 = 29, and no
    // fourth heal in round 4. (Before, the cast turn counted as "landing after its turn": Regen(4), 32.)
    const t = new Table(outerah, duel({ hero: { skills: ['regen'], startHp: 20 } }));
    t.start(5, 1); // Hero 6 + 1 + 5 = 12 first, Foe 2 + 1 + 1 = 4
    t.dice(10).do(cast('regen', 'hero')); // D100(10) ≤ 90: lands
    expect(t.state.effects.find((f) => f.name === 'Regen')?.remaining).toBe(3);
    const heals: string[] = [];
    for (let r = 1; r <= 4; r++) {
      heals.push(...t.checks(t.do({ type: 'end_turn', actor: 'hero' })));
      t.do({ type: 'end_turn', actor: 'foe' });
    }
    expect(heals).toEqual(Array(3).fill('Regen per tier 3 × tier 1 100% = 3 → heals 3 [OUT-EFF-1]'));
    expect(t.hp('hero')).toBe(29);
    expect(t.state.effects.some((f) => f.name === 'Regen')).toBe(false);
  });

  it('OUT-TIME-1, OUT-EFF-1, OUT-EFF-4: a DoT landing during the target\'s own turn still ticks on three of its turns: this turn\'s start is past (ruling)', () => {
    // Foe's Auto Skill answers Hero's attack with Venom, in Hero's own turn. Hero: crit D100(50) > 5, hit D100(99) > 50:
    // a miss. Venom: crit D100(50) > 5, hit D100(30) ≤ 50 + Charisma 20 − Agility 20 − head-on 10 = 40; Hero resists
    // D100(1) + Vitality 20 = 21 ≤ 100: Poison(3). Poison acts "at the start of the Turn" and Hero's has begun, so it
    // counts from round 2: it ticks 2 (2 per tier × tier 1) at the start of Hero's turns in rounds 2, 3 and 4,
    // 40 − 6 = 34, and is gone after round 4. Nor is the end of the turn it landed in a turn held: the first shake-off
    // (minimum 1) is at the end of round 2, D100(1) + 20 = 21 holds; then + 5 and + 10 for the earlier rolls.
    // (Before: Poison(3) counted round 1 as its first and ticked only twice, in rounds 2 and 3: 36.)
    const spite = { name: 'Spite', kind: 'auto', does: 'skill', skill: 'poison' };
    const t = new Table(outerah, duel({ foe: { skills: ['poison'], reactions: [spite] } }));
    t.start(5, 1); // Hero 6 + 1 + 5 = 12 first, Foe 2 + 1 + 1 = 4
    const ev = t.dice(50, 99, 50, 30, 1).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
    expect(t.lines(ev)).toContain('Hero gains Poison(3) from Foe, counted from the next round: this turn\'s start is past [OUT-TIME-1]');
    const seen: string[] = [];
    for (let r = 1; r <= 5; r++) {
      if (r >= 2 && r <= 4) t.dice(1);
      seen.push(...t.checks(t.do({ type: 'end_turn', actor: 'hero' })), ...t.checks(t.do({ type: 'end_turn', actor: 'foe' })));
    }
    const tick = 'Poison per tier 2 × tier 1 100% × stacks 100% = 2 → 2 damage [OUT-EFF-1, OUT-EFF-2]';
    expect(seen).toEqual([
      tick, 'D100(1) + Vitality 20 = 21 ≤ 100 → Poison holds [OUT-EFF-4, OUT-EFF-3]',
      tick, 'D100(1) + Vitality 20 + +5 × 1 earlier rolls 5 = 26 ≤ 100 → Poison holds [OUT-EFF-4, OUT-EFF-3]',
      tick, 'D100(1) + Vitality 20 + +5 × 2 earlier rolls 10 = 31 ≤ 100 → Poison holds [OUT-EFF-4, OUT-EFF-3]',
    ]);
    expect(t.hp('hero')).toBe(34);
    expect(t.state.effects.some((f) => f.name === 'Poison')).toBe(false);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-TIME-1, OUT-INIT-5: a Stop landing during the target\'s own turn freezes it 2 to 3 rounds from the next, as any other (ruling)', () => {
    // Foe's Auto Skill answers Hero's attack with Stop, in Hero's own turn (dice as above; Hero resists D100(1) + Wisdom
    // 20 = 21 ≤ 100). Stop acts at the start of a turn, Hero's has begun: it counts from round 2. Hero is frozen in
    // round 2; in its second stopped round, 3, a d10: odd, it holds through round 4 and Hero acts again in round 5;
    // even, it breaks at the end of round 3 and Hero acts in round 4. (Before: Stop(3) counted round 1, froze rounds
    // 2 and 3 whatever the d10 said, and the round-2 roll decided nothing.)
    const make = (d10: number) => {
      const t = new Table(outerah, duel({ foe: { skills: ['stop'], reactions: [{ name: 'Spite', kind: 'auto', does: 'skill', skill: 'stop' }] } }));
      t.start(5, 1);
      t.dice(50, 99, 50, 30, 1).do({ type: 'attack', actor: 'hero', target: 'foe', weapon: 'sword' });
      t.do({ type: 'end_turn', actor: 'hero' });
      t.do({ type: 'end_turn', actor: 'foe' }); // round 2: Hero frozen, Foe's turn
      expect([t.state.turn.round, t.active]).toEqual([2, 'foe']);
      const r3 = t.dice(d10).do({ type: 'end_turn', actor: 'foe' });
      expect(t.checks(r3)).toEqual([`d10(${d10}) → ${d10 % 2 ? 'odd: Stop holds' : 'even: Stop breaks at the end of this round'} [OUT-INIT-5]`]);
      expect([t.state.turn.round, t.active]).toEqual([3, 'foe']);
      return t;
    };
    const odd = make(3);
    odd.do({ type: 'end_turn', actor: 'foe' });
    expect([odd.state.turn.round, odd.active]).toEqual([4, 'foe']); // frozen a third round
    odd.do({ type: 'end_turn', actor: 'foe' });
    expect([odd.state.turn.round, odd.active]).toEqual([5, 'hero']);
    const even = make(4);
    even.do({ type: 'end_turn', actor: 'foe' });
    expect([even.state.turn.round, even.active]).toEqual([4, 'hero']);
    expect([odd.unusedDice, even.unusedDice]).toEqual([[], []]);
  });

  it('OUT-EFF-7: the effect table names every effect of the text', () => {
    for (const name of ['Wounds', 'Bleeding', 'Black&Blue', 'Bruising', 'Feared', 'Topple', 'Stop', 'Slow', 'Haste', 'Hidden', 'Poison', 'Burn']) {
      expect(EFFECTS[name], name).toBeDefined();
    }
    // Feared: no attacks
    const t = new Table(outerah, duel({ hero: { skills: ['fear'] } }));
    t.start(5, 1);
    t.dice(50, 30, 1).do(cast('fear')); // resist D100(1) + Wisdom 10 = 11: Feared
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.rejects({ type: 'attack', actor: 'foe', target: 'hero', weapon: 'mace' })).toBe('action/feared');
  });
});
