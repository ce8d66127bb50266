// A fight's end in words: whose victory, and who won a defeat.
import { describe, expect, it } from 'vitest';
import { describeEvent, resultText } from './describe.ts';
import { emptyState } from './apply.ts';
import { Resolution } from './resolution.ts';

describe('resultText', () => {
  it('a victory is for its winner; a defeat names the side that won it, never "defeat for" the winners', () => {
    expect(resultText({ outcome: 'victory', winner: 'heroes', reason: 'r' })).toBe('victory for heroes');
    expect(resultText({ outcome: 'defeat', winner: 'bandits', reason: 'r' })).toBe('defeat, bandits win');
    expect(resultText({ outcome: 'truce', reason: 'r' })).toBe('truce');
    expect(describeEvent({ type: 'combat.ended', result: { outcome: 'defeat', winner: 'bandits', reason: 'every character is down' } }, emptyState())).toBe(
      'Combat ends: defeat, bandits win (every character is down)',
    );
  });
});

describe('pool changes in words', () => {
  const s = emptyState();
  s.units.rook = { id: 'rook', name: 'Rook', side: 'heroes', status: 'active', stats: {}, pools: { hp: { value: 26, max: 26 } }, data: {} };
  const heal = (delta: number, asked?: number) => describeEvent({ type: 'pool.changed', unit: 'rook', pool: 'hp', delta, value: 26, kind: 'heal', ...(asked !== undefined ? { asked } : {}) }, s);

  it('healing at full HP says so, not "heals 0"; healing cut at the top says how much of it counted', () => {
    expect(heal(0, 6)).toBe('Rook is already at full HP: the 6 healing changes nothing (HP 26)');
    expect(heal(2, 6)).toBe('Rook heals 2 of 6, up to full HP (HP 26)');
    expect(heal(6)).toBe('Rook heals 6 (HP 26)');
  });

  it('a value the reader is not told is left out, not shown as "?"', () => {
    const e = { type: 'pool.changed', unit: 'rook', pool: 'hp', delta: -5, kind: 'damage' } as unknown as Parameters<typeof describeEvent>[0];
    expect(describeEvent(e, s)).toBe('Rook takes 5 damage');
  });

  it('a note the GM wrote is marked as the GM\'s', () => {
    expect(describeEvent({ type: 'note', text: 'The bridge creaks.', by: 'gm' }, s)).toBe('GM: The bridge creaks.');
    expect(describeEvent({ type: 'note', text: 'Rook braces.' }, s)).toBe('Rook braces.');
  });
});

describe('an effect with the ruleset\'s own words', () => {
  const state = () => {
    const s = emptyState();
    s.units.kara = { id: 'kara', name: 'Kara', side: 'heroes', status: 'active', stats: {}, pools: {}, data: {} };
    return s;
  };
  const dice = { roll: () => 1 };

  it('says them once, in place of "<target> gains <effect>"; without words the engine\'s line stands', () => {
    const ctx = new Resolution(state(), dice);
    ctx.applyEffect({ name: 'Brace', target: 'kara', remaining: 1 }, () => 'Kara braces: incoming damage halved [P20-GEN-3]');
    ctx.applyEffect({ name: 'Haste', target: 'kara' });
    expect(ctx.events.map((e) => describeEvent(e, ctx.state))).toEqual(['Kara braces: incoming damage halved [P20-GEN-3]', 'Kara gains Haste']);
  });

  it('builds no words when no one keeps the log, and the effect is the same', () => {
    const ctx = new Resolution(state(), dice, undefined, false);
    let built = 0;
    ctx.applyEffect({ name: 'Brace', target: 'kara', remaining: 1 }, () => `words ${++built}`);
    expect(built).toBe(0);
    // no event either: the effect is put on directly
    expect(ctx.events).toEqual([]);
    expect(ctx.state.effects).toEqual([{ name: 'Brace', target: 'kara', remaining: 1, id: expect.any(String), stacks: 1 }]);
    // kept for a reader (DecideOptions.keep), the event is built, still without the words
    const kept = new Resolution(state(), dice, undefined, false, new Set(['effect.applied']));
    kept.applyEffect({ name: 'Brace', target: 'kara', remaining: 1 }, () => `words ${++built}`);
    expect(built).toBe(0);
    expect(kept.events[0]).toEqual({ type: 'effect.applied', effect: { name: 'Brace', target: 'kara', remaining: 1, id: expect.any(String), stacks: 1 } });
  });
});
