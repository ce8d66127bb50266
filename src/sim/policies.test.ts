// The `first` policy reads the options' typed fields: it strikes a standing enemy when it can, else
// closes in, else takes what gives a pool back, else anything but a move — never the listing's first
// move by default (that stalled fights: a unit out of stamina stepping to the same cell every turn).
import { describe, expect, it } from 'vitest';
import { listingOf, newEncounter, type ActionOption, type Cell, type Unit } from '../engine/index.ts';
import { firstPolicy, randomPolicy } from './policies.ts';

const unit = (id: string, side: string, at: Cell, status: Unit['status'] = 'active'): Unit => ({ id, name: id, side, status, stats: {}, pools: {}, position: at, data: {} });
const state = (...units: Unit[]) => newEncounter({ ruleset: 'test', name: 'test', units: Object.fromEntries(units.map((u) => [u.id, u])), unitOrder: units.map((u) => u.id), sides: [...new Set(units.map((u) => u.side))] });
const move = (x: number, y: number): ActionOption => ({ command: { type: 'move', actor: 'a', to: [x, y] }, label: `Move to (${x}, ${y})`, group: 'move', move: { to: { x, y }, cost: 1 } });
const opt = (type: string, extra: Partial<ActionOption> = {}): ActionOption => ({ command: { type, actor: 'a' }, label: type, group: type, ...extra });
const pick = (options: ActionOption[], s = state(unit('a', 'blue', { x: 0, y: 0 }), unit('b', 'red', { x: 5, y: 0 }))) => {
  const c = firstPolicy(s, 'a', listingOf(options), () => 0)!.command;
  return c.to === undefined ? c.type : `${c.type} ${JSON.stringify(c.to)}`;
};

describe('first policy', () => {
  it('strikes the first standing enemy it is offered, wherever the listing puts it', () => {
    const heal = opt('cast', { targets: ['a'] });
    const strike = opt('attack', { targets: ['b'] });
    expect(pick([move(1, 0), heal, strike, opt('end_turn')])).toBe('attack');
  });

  it('does not count a downed enemy as one to strike first: it closes in on the one standing', () => {
    const s = state(unit('a', 'blue', { x: 0, y: 0 }), unit('b', 'red', { x: 1, y: 0 }, 'down'), unit('c', 'red', { x: 6, y: 0 }));
    expect(pick([opt('kill', { targets: ['b'] }), move(1, 1), opt('end_turn')], s)).toBe('move [1,1]');
  });

  it('with nothing to strike, takes the move that ends nearest the enemy (the first of equals)', () => {
    // a at (0,0), b at (5,0): (0,1) keeps the distance at 5, (2,1) and (2,0) bring it to 3, (1,0) to 4
    expect(pick([move(0, 1), move(1, 0), move(2, 1), move(2, 0), opt('end_turn')])).toBe('move [2,1]');
  });

  it('out of reach and unable to come nearer, takes what gives a pool back before anything else', () => {
    const s = state(unit('a', 'blue', { x: 0, y: 0 }), unit('b', 'red', { x: 1, y: 0 }));
    // already next to b: no move is nearer; Rest restores stamina, Block is listed first
    expect(pick([move(0, 1), opt('block'), opt('rest', { restores: ['stamina'] }), opt('end_turn')], s)).toBe('rest');
  });

  it('else the first option that is not a move (ending the turn rather than stepping about)', () => {
    const s = state(unit('a', 'blue', { x: 0, y: 0 }), unit('b', 'red', { x: 1, y: 0 }));
    expect(pick([move(0, 1), opt('ready'), opt('end_turn')], s)).toBe('ready');
    expect(pick([move(0, 1)], s)).toBe('move [0,1]');
  });
});

describe('random policy', () => {
  it('offers nothing when nothing is listed (the runner ends the turn), drawing no choice', () => {
    let drawn = 0;
    const s = state(unit('a', 'blue', { x: 0, y: 0 }));
    expect(randomPolicy(s, 'a', listingOf([]), () => drawn++)).toBeUndefined();
    expect(drawn).toBe(0);
    expect(randomPolicy(s, 'a', listingOf([opt('rest'), opt('end_turn')]), () => 1)?.command.type).toBe('end_turn');
  });
});
