// Movement, close quarters and back-pedalling; kept path searches.
import { describe, expect, it } from 'vitest';
import { reachable } from '../../engine/space/path.ts';
import { createEngine, type Command, type GridMap } from '../../engine/index.ts';
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
    // ruling D60-MOV-1: the text prices attacks and throws, not steps — moving costs no stamina
    expect(t.unit('hero').pools.stamina.value).toBe(10);
    expect(t.rejects({ type: 'move', actor: 'hero', to: [7, 2] })).toBe('action/no_movement_left');
    const slow = new Table(duel60, duel({ hero: { stats: { ...heroStats, speed: 9 } }, foe: { at: [8, 8] } }));
    slow.start();
    slow.passUntil('hero'); // the Brute (Speed 20) goes first now
    expect(slow.rejects({ type: 'move', actor: 'hero', to: [5, 1] })).toBe('action/out_of_range'); // Speed 9: 3 tiles
  });

  it('D60-TURN-1: a move that leaves nothing to do ends the turn, and the log says why in the pools\' own words', () => {
    // the Brute far away at (8,8), the Hero without a spell: after its move (movement 0) its action is still 1,
    // but rest and block need the movement, and no foe is in reach — nothing is left, so the turn passes on
    const t = new Table(duel60, duel({ foe: { at: [8, 8] } }));
    t.start();
    const ev = t.do({ type: 'move', actor: 'hero', to: [3, 3] });
    expect(t.unit('hero').pools.action.value).toBe(1);
    expect(t.lines(ev)).toContain("Hero's turn ends: its movement is spent and nothing is left that its action could do [D60-TURN-1]");
    expect(t.lines(ev)).not.toContain("Hero's turn ends: its action and movement are spent [D60-TURN-1]");
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

  it('D60-MOV-1, D60-CQC-1: kept searches are never stale — the board changing on the same map object gives a new search', () => {
    // as the simulator plays: in place, so the map object stays the same from command to command
    const engine = createEngine(duel60);
    const state = engine.replay(engine.create(duel60.encounterSchema.parse(duel({ hero: { abilities: ['hex-Slow'] }, foe: { at: [8, 8] } }))));
    const faces = [60, 1];
    const dice = { roll: () => faces.shift() ?? 30 };
    const run = (cmd: Command) => {
      const d = engine.decide(state, cmd, dice, { inPlace: true });
      if (!d.ok) throw new Error(d.rejection.message);
    };
    const moves = (id = 'hero') => engine.legalActions(state, id).filter((o) => o.command.type === 'move').map((o) => String(o.command.to)).sort();
    const fresh = (from: { x: number; y: number }, tiles: number, taken: string[]) =>
      [...reachable(state.map as GridMap, from, tiles, { occupied: (c) => taken.includes(`${c.x},${c.y}`) })].filter(([, r]) => r.cost > 0).map(([k]) => k).sort();
    run({ type: 'start' });
    const map = state.map;
    const open = moves();
    expect(moves()).toEqual(open); // asked again: the kept search
    expect(open).toEqual(fresh({ x: 1, y: 1 }, 6, ['8,8']));
    expect(open).toContain('1,2');
    // the GM puts the Brute three tiles off: same start, same 6 tiles, only (1,4) taken now
    run({ type: 'gm.move', unit: 'foe', to: [1, 4], reason: 'test' });
    expect(moves()).toEqual(fresh({ x: 1, y: 1 }, 6, ['1,4']));
    expect(moves()).not.toContain('1,4');
    // the GM puts the Brute beside the Hero: (1,2) is taken, close quarters cut the move to 3 tiles
    run({ type: 'gm.move', unit: 'foe', to: [1, 2], reason: 'test' });
    expect(state.map).toBe(map);
    expect(moves()).toEqual(fresh({ x: 1, y: 1 }, 3, ['1,2']));
    expect(moves()).not.toContain('1,2');
    // the Brute goes back and is Slowed (−2): its own search from there has fewer tiles than before
    run({ type: 'gm.move', unit: 'foe', to: [8, 8], reason: 'test' });
    const before = moves('hero');
    run({ type: 'cast', actor: 'hero', ability: 'hex-Slow', target: 'foe' });
    run({ type: 'end_turn', actor: 'hero' });
    expect(moves('foe')).toEqual(fresh({ x: 8, y: 8 }, 3, ['1,1']));
    expect(before).toEqual(open);
  });
});
