// Every side effect that takes away acting or moving, against every kind of evasion (ruling D60-EFF-1,
// with D60-STA-1, D60-DMG-4 and D60-PRJ-2): leaving an area by Speed, the projectile reactions, the contest.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { defenceTotal } from './contest.ts';
import { duel, foeStats, heroStats } from './fixtures.ts';
import { duel60 } from './index.ts';

// The Hero (Speed 40: first) has three actions: a hex, a Quake (area radius 1, Speed 25), a Throwing Knife
// (speed 30). The Brute (Agility 30, Speed 30) at (3,1) is fast enough for all of it when nothing holds it:
// Speed 30 ≥ 25 leaves the Quake; Agility 30 ≥ 30 Evades the knife, 30 ≥ 30 / 2 Blocks it, a fist Counters it.
function table(effect: string | null) {
  const t = new Table(duel60, duel({
    hero: { stats: { ...heroStats, speed: 40 }, perTurn: { actions: 3, movements: 1 }, abilities: [...(effect && effect !== 'no stamina' ? [`hex-${effect}`] : []), 'quake'], weapons: ['knife'] },
    foe: { at: [3, 1], stats: { ...foeStats, agility: 30, speed: 30 }, ...(effect === 'no stamina' ? { start: { stamina: 0 } } : {}) },
  }));
  t.start();
  // the hex: d60 60 + Agility 20 = 80 against d60 1 + Agility 30 = 31 → margin 49, it lands
  if (effect && effect !== 'no stamina') t.dice(60, 1).do({ type: 'cast', actor: 'hero', ability: `hex-${effect}`, target: 'foe' });
  return t;
}

type Row = { effect: string | null; area: string; reactions: string[]; contest: { rolls: boolean; canDodge: boolean } };
// the answers (RULINGS.md, D60-EFF-1): a dodge is lost at 0 stamina and when helpless (Stun); a move (leaving
// an area, Evade) is lost under Root, Drowning and Suppressed; an act (Block, Counter) under Paralyze and Suppressed
const ROWS: Row[] = [
  { effect: null, area: 'Brute evades Quake: Speed 30 ≥ 25 [D60-DMG-4]', reactions: ['none', 'block', 'evade', 'counter'], contest: { rolls: true, canDodge: true } },
  { effect: 'no stamina', area: 'Brute cannot evade Quake: Speed 30 ≥ 25, but at 0 stamina it cannot dodge — no roll, a solid blow [D60-DMG-4, D60-STA-1]', reactions: [], contest: { rolls: true, canDodge: false } },
  { effect: 'Stun', area: 'Brute cannot evade Quake: Speed 30 ≥ 25, but it is stunned: helpless — no roll, a solid blow [D60-DMG-4, D60-EFF-1]', reactions: [], contest: { rolls: false, canDodge: false } },
  { effect: 'Paralyze', area: 'Brute evades Quake: Speed 30 ≥ 25 [D60-DMG-4]', reactions: ['none', 'evade'], contest: { rolls: true, canDodge: true } },
  { effect: 'Suppressed', area: 'Brute cannot evade Quake: Speed 30 ≥ 25, but it is suppressed: it cannot move — no roll, a solid blow [D60-DMG-4, D60-EFF-1]', reactions: ['none'], contest: { rolls: true, canDodge: true } },
  { effect: 'Root', area: 'Brute cannot evade Quake: Speed 30 ≥ 25, but it is rooted: it cannot move — no roll, a solid blow [D60-DMG-4, D60-EFF-1]', reactions: ['none', 'block', 'counter'], contest: { rolls: true, canDodge: true } },
  { effect: 'Drowning', area: 'Brute cannot evade Quake: Speed 30 ≥ 25, but it is drowning: it cannot move — no roll, a solid blow [D60-DMG-4, D60-EFF-1]', reactions: ['none', 'block', 'counter'], contest: { rolls: true, canDodge: true } },
];

describe('duel60 evasion under side effects', () => {
  for (const row of ROWS) {
    it(`D60-EFF-1, D60-STA-1, D60-DMG-4, D60-PRJ-2: ${row.effect ?? 'nothing'} — the area, the projectile reactions, the contest`, () => {
      const t = table(row.effect);
      const foe = t.unit('foe');
      // the contest: d60 + Agility 30 when it rolls; a helpless unit counts nothing
      expect(defenceTotal(t.state, foe, { from: { x: 1, y: 1 } })).toEqual({ total: row.contest.rolls ? 30 : 0, ...row.contest });
      // the Quake: power 12 + Control 20 (2 × 2) = 16 ≥ Endurance 15 → 16 damage when it cannot leave it
      const quake = t.do({ type: 'cast', actor: 'hero', ability: 'quake', target: 'foe' });
      expect(t.lines(quake)).toContain(row.area);
      const hit = row.area.includes('cannot evade');
      expect(t.hp('foe')).toBe(hit ? 30 - 16 : 30);
      // the knife (3 tiles a turn) reaches the Brute 2 tiles away as the Hero's turn ends
      t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'knife' });
      // with no reaction the contest comes at once: the knife's d60 1 + 20 = 21 against d60 60 + 30 = 90 when it rolls
      if (!row.reactions.length) t.dice(...(row.contest.rolls ? [1, 60] : [1]));
      const end = t.do({ type: 'end_turn', actor: 'hero' });
      const offered = (t.state.pending[0]?.options ?? []) as { reaction: string }[];
      expect([...new Set(offered.map((o) => o.reaction))]).toEqual(row.reactions);
      if (!row.reactions.length) expect(t.lines(end)).toContain('Brute cannot react to Throwing Knife');
      expect(t.unusedDice).toEqual([]);
    });
  }

  it('D60-DMG-4, D60-STA-1: the odds agree with the cast — a fast unit at 0 stamina is hit for sure', () => {
    const t = table('no stamina');
    const p = t.preview({ type: 'cast', actor: 'hero', ability: 'quake', target: 'foe' });
    expect(p.affected).toEqual([expect.objectContaining({ unit: 'foe', chance: 1, expectedDamage: 16, note: 'Speed 30 ≥ 25, but at 0 stamina it cannot dodge' })]);
    const fresh = table(null).preview({ type: 'cast', actor: 'hero', ability: 'quake', target: 'foe' });
    expect(fresh.affected).toEqual([expect.objectContaining({ unit: 'foe', chance: 0 })]);
  });
});
