// A player's own ids of effects and decisions: given as the engine gives them on the player's log alone,
// freed by an undo the player sees, back with a redo, as they stood at an earlier seq; commands swapped both ways.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../engine/index.ts';
import { heldEvent, Holdings, swapIds } from './held.ts';

describe("a player's ids", () => {
  it('count the effects and decisions its log brings in, one counter for both, as nextId does', () => {
    const h = new Holdings();
    expect(h.nextId).toBe(1);
    expect(h.introduce('effect', 'fx9', 'c2', 2)).toBe('fx1');
    expect(h.introduce('pending', 'p14', 'c3', 3)).toBe('p2');
    // the same thing twice keeps its id
    expect(h.introduce('effect', 'fx9', 'c4', 4)).toBe('fx1');
    expect(h.nextId).toBe(3);
    expect([h.real('effect', 'fx1'), h.real('pending', 'p2'), h.real('effect', 'p2'), h.real('pending', 'p14')]).toEqual(['fx9', 'p14', undefined, undefined]);
  });

  it('an undo frees what its command brought in, a redo brings it back; the ids as they stood at each seq stay readable', () => {
    const h = new Holdings();
    h.introduce('unit', 'rook', 'c2', 2);
    h.introduce('effect', 'fx3', 'c2', 2);
    h.introduce('effect', 'fx8', 'c5', 5);
    h.undo('c5', 6);
    expect([h.alias('effect', 'fx8'), h.nextId]).toEqual([undefined, 2]);
    h.redo('c5', 7);
    expect([h.alias('effect', 'fx8'), h.nextId]).toEqual(['fx2', 3]);
    h.undo('c5', 8);
    h.undo('c2', 9);
    expect([h.holdsUnit('rook'), h.nextId]).toEqual([false, 1]);
    // the engine would give the freed number again
    expect(h.introduce('effect', 'fx11', 'c10', 10)).toBe('fx1');
    expect([h.at(5).alias('effect', 'fx8'), h.at(5).nextId, h.at(6).nextId, h.at(9).alias('effect', 'fx3')]).toEqual(['fx2', 3, 2, undefined]);
  });

  it('an id brought in after a command that is undone later stays clear of the numbers given next', () => {
    const h = new Holdings();
    h.introduce('effect', 'fx1', 'c2', 2);
    // an undo of a hidden command shows a unit again, with an effect the log lacked: brought in under that undo
    h.introduce('effect', 'fx5', 'c3', 3);
    h.undo('c2', 4);
    expect(h.nextId).toBe(3);
    expect(h.introduce('effect', 'fx6', 'c5', 5)).toBe('fx3');
  });

  it('events name its ids; an event about an effect or decision its log never held is nothing to it', () => {
    const h = new Holdings();
    const ev = (e: object) => ({ seq: 0, cmd: 'x', ...e }) as LoggedEvent;
    expect(heldEvent(ev({ type: 'effect.applied', effect: { id: 'fx4', name: 'Burn', target: 'a', stacks: 1 } }), h, 'c2', 2)).toMatchObject({ effect: { id: 'fx1' } });
    expect(heldEvent(ev({ type: 'effect.changed', id: 'fx4', remaining: 1 }), h, 'c3', 3)).toMatchObject({ id: 'fx1' });
    expect(heldEvent(ev({ type: 'effect.removed', id: 'fx2', why: 'expired' }), h, 'c3', 3)).toBeUndefined();
    expect(heldEvent(ev({ type: 'pending.closed', id: 'p3', answer: 1 }), h, 'c3', 3)).toBeUndefined();
  });

  it("commands swap the ids they name: an answer's decision, a suggested GM command's effect or decision", () => {
    const swap = (_kind: string, id: string) => `<${id}>`;
    expect(swapIds({ type: 'answer', actor: 'a', pending: 'p1', choice: 'x' }, swap)).toEqual({ type: 'answer', actor: 'a', pending: '<p1>', choice: 'x' });
    expect(swapIds({ type: 'suggest', actor: 'a', text: 't', proposal: { type: 'gm.remove_effect', id: 'fx2' } }, swap)).toMatchObject({ proposal: { type: 'gm.remove_effect', id: '<fx2>' } });
    expect(swapIds({ type: 'suggest', actor: 'a', text: 't', proposal: { type: 'gm.answer_by_dice', pending: 'p3' } }, swap)).toMatchObject({ proposal: { pending: '<p3>' } });
    // ids of other things stay as they are
    const attack = { type: 'attack', actor: 'a', target: 'p1', id: 'fx1' };
    expect(swapIds(attack, swap)).toEqual(attack);
  });
});
