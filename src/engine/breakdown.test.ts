// How a breakdown reads in the log: every die beside the dice it is, every modifier with its name.
import { describe, expect, it } from 'vitest';
import { renderBreakdown, type Term } from './breakdown.ts';

const dice = (label: string, faces: number[], value: number, dropped?: number[]): Term => ({ kind: 'dice', label, faces, value, ...(dropped ? { dropped } : {}) });

describe('renderBreakdown', () => {
  it('puts the faces right after the dice and the flat part after them, with the total', () => {
    // 1d8 rolled 5, + 2 = 7
    expect(renderBreakdown({ label: 'heal', terms: [dice('1d8 + 2', [5], 7)], total: 7, outcome: 'heals 7' })).toBe('1d8(5) + 2 = 7 → heals 7');
    expect(renderBreakdown({ label: 'heal', terms: [dice('2d4-1', [4, 2], 5)], total: 5 })).toBe('2d4(4, 2)-1 = 5');
  });

  it('a roll of dice alone needs no total; kept and dropped dice show which were dropped', () => {
    expect(renderBreakdown({ label: 'x', terms: [dice('2d6', [3, 4], 7)], total: 7 })).toBe('2d6(3, 4)');
    // 4d6 keep the highest 3: 6 + 5 + 3 = 14, the 1 dropped
    expect(renderBreakdown({ label: 'x', terms: [dice('4d6kh3', [6, 1, 5, 3], 14, [1])], total: 14 })).toBe('4d6kh3(6, 1d, 5, 3)');
  });

  it('leaves labels that are not one group of dice and a flat part as they were', () => {
    // two groups: which face is whose cannot be told from the label, so the faces follow it whole
    expect(renderBreakdown({ label: 'x', terms: [dice('1d6 + 1d4', [2, 3], 5)], total: 5 })).toBe('1d6 + 1d4(2, 3)');
    expect(renderBreakdown({ label: 'x', terms: [dice('Dodge d20', [12], 12), { kind: 'mod', name: 'Dodge', value: 2 }], total: 14 })).toBe('Dodge d20(12) + Dodge 2 = 14');
  });

  it('a note that opens the terms takes no leading space (a card dealt reads "(dealt A♠) = 14", not " (dealt A♠)")', () => {
    expect(renderBreakdown({ label: 'action card', terms: [{ kind: 'note', text: 'dealt A♠' }], total: 14, outcome: 'A♠' })).toBe('(dealt A♠) = 14 → A♠');
    // after a number it stands a space apart as before
    expect(renderBreakdown({ label: 'x', terms: [{ kind: 'mod', name: 'Dodge', value: 2 }, { kind: 'note', text: 'braced' }], total: 2 })).toBe('Dodge 2 (braced) = 2');
  });
});
