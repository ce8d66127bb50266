// Movement, close quarters and back-pedalling.
import { describe, expect, it } from 'vitest';
import { Table } from '../testing.ts';
import { duel, heroStats } from './fixtures.ts';
import { duel60 } from './index.ts';

describe('duel60 movement', () => {
  it('D60-MOV-1: a move covers 3 tiles + 1 per full 10 Speed, once a turn, and faces the way walked', () => {
    // Speed 30 → 6 tiles; the Brute far away at (8,5) (the Hero keeps a spell in range, so its turn goes on)
    const t = new Table(duel60, duel({ hero: { abilities: ['bolt'] }, foe: { at: [8, 5] } }));
    t.start();
    expect(t.rejects({ type: 'move', actor: 'hero', to: [8, 1] })).toBe('action/out_of_range'); // 7 tiles
    t.do({ type: 'move', actor: 'hero', to: [7, 1] });
    expect(t.unit('hero')).toMatchObject({ position: { x: 7, y: 1 }, facing: 'E' });
    expect(t.rejects({ type: 'move', actor: 'hero', to: [7, 2] })).toBe('action/no_movement_left');
    const slow = new Table(duel60, duel({ hero: { stats: { ...heroStats, speed: 9 } }, foe: { at: [8, 8] } }));
    slow.start();
    slow.passUntil('hero'); // the Brute (Speed 20) goes first now
    expect(slow.rejects({ type: 'move', actor: 'hero', to: [5, 1] })).toBe('action/out_of_range'); // Speed 9: 3 tiles
  });

  it('D60-CQC-1: within 1 tile of an enemy both are in close quarters: movement −3, at least 1', () => {
    const t = new Table(duel60, duel());
    t.start();
    // 6 − 3 = 3 tiles
    expect(t.rejects({ type: 'move', actor: 'hero', to: [1, 5] })).toBe('action/out_of_range');
    t.do({ type: 'move', actor: 'hero', to: [1, 4] });
    const slow = new Table(duel60, duel({ hero: { stats: { ...heroStats, speed: 5 } } }));
    slow.start(); // the Brute (Speed 20) acts first
    slow.do({ type: 'end_turn', actor: 'foe' });
    // 3 − 3 = 0 → at least 1
    expect(slow.rejects({ type: 'move', actor: 'hero', to: [1, 3] })).toBe('action/out_of_range');
    slow.do({ type: 'move', actor: 'hero', to: [0, 2] });
  });

  it('D60-MOV-2: back-pedal leaves close quarters (−3, at least 1) keeping the facing; not allowed out of close quarters', () => {
    const t = new Table(duel60, duel());
    t.start();
    expect(t.rejects({ type: 'backpedal', actor: 'hero', to: [1, 2] })).toBe('action/still_in_close_quarters');
    const ev = t.do({ type: 'backpedal', actor: 'hero', to: [0, 3] });
    expect(t.lines(ev)).toContain('Hero back-pedals out of close quarters, still facing E [D60-MOV-2]');
    expect(t.unit('hero').facing).toBe('E');
    const far = new Table(duel60, duel({ foe: { at: [8, 8] } }));
    far.start();
    expect(far.rejects({ type: 'backpedal', actor: 'hero', to: [0, 3] })).toBe('action/not_in_close_quarters');
  });
});
