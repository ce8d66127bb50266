// Haste, Slow, Stop, Inspiration and Red Card reshaping the turn order live.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { content, duel } from './fixtures.ts';
import { outerah } from './index.ts';

const order = (t: Table) => t.state.turn.order.map((s) => s.unit + (s.kind && s.kind !== 'normal' ? `:${s.kind}` : ''));
const sage = { id: 'sage', name: 'Sage', side: 'heroes', class: 'druid', at: [1, 1], hp: 30, stats: { agility: 20 }, skills: ['haste'] };
const skipped = (t: Table, ev: ReturnType<Table['do']>) => t.lines(ev).filter((l) => l.includes('cannot act'));

describe('outerah turn order effects', () => {
  it('OUT-INIT-3: Haste gives a second turn just before the round ends; hasted units by Speed, ties by the coin', () => {
    // Hero 6+1+5 = 12, Foe 2+1+1 = 4, Sage (Druid) 3+1+8 = 12: Hero and Sage tie; coin d2(2) → Sage first
    const t = new Table(outerah, duel({ hero: { skills: ['haste'] }, extra: [sage] }));
    t.start(5, 1, 8, 2);
    expect(order(t)).toEqual(['sage', 'hero', 'foe']);
    // Sage hastes Hero: success 70 at Wisdom 10 → D100(30) ≤ 70 lands; Hero's extra turn goes last
    const a = t.dice(30).do({ type: 'cast', actor: 'sage', skill: 'haste', target: 'hero' });
    expect(t.checks(a)).toEqual(['D100(30) ≤ success at 10 Wisdom 70 + Wisdom 10 0 (= 70) → Haste lands [OUT-EFF-6]']);
    expect(a.find((e) => e.type === 'turn.order')).toMatchObject({ why: 'Haste: Hero takes a second turn before the round ends [OUT-INIT-3]' });
    expect(order(t)).toEqual(['sage', 'hero', 'foe', 'hero:haste']);
    t.do({ type: 'end_turn', actor: 'sage' });
    // Hero hastes Sage: 70 + 10 (Wisdom 20) = 80, D100(40) lands; same Speed 12, Sage ranks first → before Hero's
    t.dice(40).do({ type: 'cast', actor: 'hero', skill: 'haste', target: 'sage' });
    expect(order(t)).toEqual(['sage', 'hero', 'foe', 'sage:haste', 'hero:haste']);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(t.active).toBe('sage');
    t.do({ type: 'end_turn', actor: 'sage' });
    expect(t.active).toBe('hero');
    expect(t.state.turn.round).toBe(1);
    t.do({ type: 'end_turn', actor: 'hero' });
    // round 2 keeps both Haste slots, ordered the same way
    expect(t.state.turn.round).toBe(2);
    expect(order(t)).toEqual(['sage', 'hero', 'foe', 'sage:haste', 'hero:haste']);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-INIT-3, OUT-TIME-1: Haste(3) landing after the unit\'s turn: exactly three extra turns, this round\'s and the next two (ruling)', () => {
    const t = new Table(outerah, duel({ extra: [{ ...sage, at: [0, 5] }] }));
    t.start(5, 1, 1); // Hero 12, Foe 4, Sage 3+1+1 = 5 → Hero, Sage, Foe
    t.do({ type: 'end_turn', actor: 'hero' });
    t.dice(10).do({ type: 'cast', actor: 'sage', skill: 'haste', target: 'hero' }); // the extra turn comes this round: 3 round ends
    expect(t.state.effects.find((f) => f.name === 'Haste')?.remaining).toBe(3);
    const haste = () => t.state.turn.order.filter((s) => s.kind === 'haste').length;
    const seen: number[] = [];
    for (let r = 1; r <= 5; r++) {
      seen.push(haste());
      t.passUntil('foe');
      t.do({ type: 'end_turn', actor: 'foe' });
      if (t.active === 'hero' && t.state.turn.round === r) t.do({ type: 'end_turn', actor: 'hero' });
    }
    // extra turns in rounds 1 (granted at once), 2 and 3: Haste(3) is three extra turns
    expect(seen).toEqual([1, 1, 1, 0, 0]);
  });

  it('OUT-INIT-3: Haste(3) cast on oneself mid-turn gives exactly 3 extra turns (part-1 weakness fixed)', () => {
    // Hero 6+1+5 = 12, Foe 2+1+1 = 4. Hero hastes itself: 70 + 10 (Wisdom 20) = 80, D100(10) lands
    const t = new Table(outerah, duel({ hero: { skills: ['haste'] } }));
    t.start(5, 1);
    t.dice(10).do({ type: 'cast', actor: 'hero', skill: 'haste', target: 'hero' });
    let extra = 0;
    for (let i = 0; i < 40 && t.state.status === 'active' && t.state.turn.round <= 6; i++) {
      const slot = t.state.turn.order[t.state.turn.index];
      if (slot.unit === 'hero' && slot.kind === 'haste') extra++;
      t.do({ type: 'end_turn', actor: t.active });
    }
    expect(extra).toBe(3);
  });

  it('OUT-INIT-6: at most one Inspiration extra turn per unit per round (ruling; part-1 weakness fixed)', () => {
    // Hero 12, Foe 2+1+6 = 9, Sage 3+1+1 = 5: Hero, Foe, Sage. Round 1: Hero and Foe end; Sage inspires Hero,
    // who has acted: an extra turn (80 + 0 Wisdom 10: D100(10) lands).
    const t = new Table(outerah, duel({ extra: [{ ...sage, at: [0, 5], skills: ['inspire'] }] }));
    t.start(5, 6, 1);
    t.do({ type: 'end_turn', actor: 'hero' });
    t.do({ type: 'end_turn', actor: 'foe' });
    t.dice(10).do({ type: 'cast', actor: 'sage', skill: 'inspire', target: 'hero' });
    expect(order(t)).toEqual(['hero', 'foe', 'sage', 'hero:inserted']);
    // the same round, a second Inspiration on Hero is refused and not offered
    t.state.units.sage.pools.primary.value = 1; // (a second caster's worth of action, set directly for the test)
    expect(t.rejects({ type: 'cast', actor: 'sage', skill: 'inspire', target: 'hero' })).toBe('action/already_inspired');
    expect(t.engine.legalActions(t.state, 'sage').some((o) => o.command.skill === 'inspire' && o.command.target === 'hero')).toBe(false);
    t.do({ type: 'end_turn', actor: 'sage' });
    expect(t.active).toBe('hero');
    t.do({ type: 'end_turn', actor: 'hero' });
    // next round Hero may be inspired again (once)
    expect(t.state.turn.round).toBe(2);
    t.passUntil('sage');
    expect(t.engine.legalActions(t.state, 'sage').some((o) => o.command.skill === 'inspire' && o.command.target === 'hero')).toBe(true);
  });

  it('OUT-INIT-4: Slow: one turn every other round, starting with the next turn lost', () => {
    // Hero Slows Foe: critical D100(50) > 5; hit D100(30) ≤ 50; Foe resists on D100 + Agility 20 > 100: 50 + 20 = 70 → Slowed
    const t = new Table(outerah, duel({ hero: { skills: ['slow'] } }));
    t.start(5, 1);
    const ev = t.dice(50, 30, 50).do({ type: 'cast', actor: 'hero', skill: 'slow', target: 'foe' });
    expect(t.checks(ev).at(-1)).toBe('D100(50) + Agility 20 = 70 ≤ 100 → suffers Slow [OUT-EFF-3]');
    const lost: number[] = [];
    for (let r = 1; r <= 5; r++) {
      const e = t.do({ type: 'end_turn', actor: 'hero' });
      if (skipped(t, e).length) lost.push(r);
      else {
        // past its minimum (2 turns) Foe rolls to shake it off at the end of its turns: D100(1) + 20 holds
        const rolls = t.state.effects.find((f) => f.name === 'Slow')?.data?.held === 1 ? [1] : [];
        t.dice(...rolls).do({ type: 'end_turn', actor: 'foe' });
      }
    }
    // Slow(4) landed before Foe's turn in round 1: it loses rounds 1 and 3, acts in 2 and 4; gone by round 5
    expect(lost).toEqual([1, 3]);
    expect(t.state.effects.some((f) => f.name === 'Slow')).toBe(false);
    expect(t.unusedDice).toEqual([]);
  });

  it('OUT-INIT-4, OUT-INIT-3: Haste and Slow cancel each other', () => {
    const t = new Table(outerah, duel({ hero: { skills: ['haste'] }, foe: { skills: ['slow'] } }));
    t.start(5, 1);
    t.dice(10).do({ type: 'cast', actor: 'hero', skill: 'haste', target: 'hero' });
    expect(order(t)).toEqual(['hero', 'foe', 'hero:haste']);
    t.do({ type: 'end_turn', actor: 'hero' });
    // Foe Slows Hero: no crit (50); hit D100(30) ≤ 50 + 20 − 20 − 10 head-on = 40; Hero resists 50 + Agility 20 = 70: fails
    const ev = t.dice(50, 30, 50).do({ type: 'cast', actor: 'foe', skill: 'slow', target: 'hero' });
    expect(t.lines(ev)).toContain('Slow and Haste cancel out on Hero [OUT-INIT-3, OUT-INIT-4]');
    expect(order(t)).toEqual(['hero', 'foe']);
    expect(t.state.effects.filter((f) => f.target === 'hero').map((f) => f.name)).toEqual([]);
  });

  it('OUT-INIT-5: Stop freezes 2 to 3 rounds: an even d10 on its second round breaks it at that round\'s end', () => {
    const make = () => {
      const t = new Table(outerah, duel({ hero: { skills: ['stop'] } }));
      t.start(5, 1);
      // hit as above; Foe resists with D100 + Wisdom 10 > 100: 50 + 10 = 60 → Stopped
      t.dice(50, 30, 50).do({ type: 'cast', actor: 'hero', skill: 'stop', target: 'foe' });
      return t;
    };
    const even = make();
    expect(skipped(even, even.do({ type: 'end_turn', actor: 'hero' }))).toEqual(['Foe cannot act (Stop: frozen)']);
    const r2 = even.dice(4).do({ type: 'end_turn', actor: 'hero' });
    expect(even.checks(r2)).toEqual(['d10(4) → even: Stop breaks at the end of this round [OUT-INIT-5]']);
    even.do({ type: 'end_turn', actor: 'hero' });
    expect(even.active).toBe('foe'); // round 3: free after 2 rounds
    expect(even.state.turn.round).toBe(3);
    const odd = make();
    odd.do({ type: 'end_turn', actor: 'hero' });
    odd.dice(3).do({ type: 'end_turn', actor: 'hero' });
    expect(skipped(odd, odd.do({ type: 'end_turn', actor: 'hero' }))).toEqual(['Foe cannot act (Stop: frozen)']); // round 3 too
    odd.do({ type: 'end_turn', actor: 'hero' });
    expect(odd.active).toBe('foe');
    expect(odd.state.turn.round).toBe(4);
    expect(odd.unusedDice).toEqual([]);
  });

  it('OUT-INIT-6: Inspiration makes the target act next', () => {
    // Hero 12, Foe 2+1+6 = 9, Sage 3+1+1 = 5: Hero, Foe, Sage. Hero inspires Sage: 80 + 10 = 90, D100(10) lands
    const t = new Table(outerah, duel({ hero: { skills: ['inspire'] }, extra: [{ ...sage, at: [0, 5] }] }));
    t.start(5, 6, 1);
    expect(order(t)).toEqual(['hero', 'foe', 'sage']);
    expect(t.rejects({ type: 'cast', actor: 'hero', skill: 'inspire', target: 'hero' })).toBe('action/bad_target');
    const ev = t.dice(10).do({ type: 'cast', actor: 'hero', skill: 'inspire', target: 'sage' });
    expect(ev.find((e) => e.type === 'turn.order')).toMatchObject({ why: 'Inspiration: Sage acts next [OUT-INIT-6]' });
    expect(order(t)).toEqual(['hero', 'sage:inserted', 'foe']);
    t.do({ type: 'end_turn', actor: 'hero' });
    expect(t.active).toBe('sage');
    t.do({ type: 'end_turn', actor: 'sage' });
    t.do({ type: 'end_turn', actor: 'foe' });
    expect(order(t)).toEqual(['hero', 'foe', 'sage']); // next round: back to Speed order
  });

  it('OUT-INIT-7: Red Card(2), as a file writes it, sends the target to the back of the order for two rounds; it loses no turn (ruling)', () => {
    const card = { id: 'card', name: 'Red Card', kind: 'debuff', effect: 'Red Card(2)', range: 8 };
    const imp = { id: 'imp', name: 'Imp', side: 'foes', class: 'sorcerer', at: [8, 8], hp: 20, stats: { agility: 20 } };
    const t = new Table(outerah, duel({ hero: { skills: ['card'] }, extra: [imp], doc: { content: { ...content, skills: [...content.skills, card] } } }));
    // Hero 6 + 1 + d12 5 = 12, Foe 2 + 1 + 5 = 8, Imp 2 + 1 + 1 = 4
    t.start(5, 5, 1);
    expect(order(t)).toEqual(['hero', 'foe', 'imp']);
    // critical D100(50) > 5; hit D100(30) ≤ 50; Foe resists on D100 + Wisdom 10 > 100: 50 + 10 = 60 → it takes the card
    const ev = t.dice(50, 30, 50).do({ type: 'cast', actor: 'hero', skill: 'card', target: 'foe' });
    expect(t.checks(ev).at(-1)).toBe('D100(50) + Wisdom 10 = 60 ≤ 100 → suffers Red Card [OUT-EFF-3]');
    expect(ev.find((e) => e.type === 'turn.order')).toMatchObject({ why: 'Red Card: Foe goes to the back of the order [OUT-INIT-7]' });
    expect(order(t)).toEqual(['hero', 'imp', 'foe']);
    // round 2: still carded, still last; round 3: the card has run out, Speed order again
    t.passUntil('foe');
    t.do({ type: 'end_turn', actor: 'foe' });
    expect([t.state.turn.round, order(t)]).toEqual([2, ['hero', 'imp', 'foe']]);
    for (const who of ['hero', 'imp', 'foe']) t.do({ type: 'end_turn', actor: who });
    expect([t.state.turn.round, order(t)]).toEqual([3, ['hero', 'foe', 'imp']]);
    expect(t.unusedDice).toEqual([]);
  });
});
