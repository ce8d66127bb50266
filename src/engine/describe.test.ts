// A fight's end in words: whose victory, and who won a defeat.
import { describe, expect, it } from 'vitest';
import { describeEvent, resultText } from './describe.ts';
import { emptyState } from './apply.ts';

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
