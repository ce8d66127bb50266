// Physical cards (pending-dice.ts): a card dealt to a unit whose player plays at the table is asked as
// "which card?", offering every card the deck holds (never the cards left, whose gaps would tell what was dealt
// face down), and entered by name; the cards left go only to the GM.
import { describe, expect, it } from 'vitest';
import { createEngine, EncounterLog } from '../engine/index.ts';
import { ACTION_DECK, toyCards } from '../engine/testing/cards.ts';
import { toyDoc } from '../engine/testing/toy.ts';
import { cardFaces } from './dice-answers.ts';
import { askDice, viewOf, type Face, type PendingRoll } from './pending-dice.ts';
import type { Settings } from './schemas.ts';

const engine = createEngine(toyCards);
const log = new EncounterLog(engine);
log.create(toyDoc([{ id: 'a', side: 'x', hp: 10, controller: 'p1' }, { id: 'b', side: 'y', hp: 10 }]));
const atTable = (player: string) => player === 'p1';

describe('physical cards', () => {
  it('asks p1 after a secret card was dealt with the same offer whichever card it was: every card of the deck, in its order', () => {
    // b (no player) is dealt first, its hand face down; then p1 is asked for a's action card
    const later = new EncounterLog(engine);
    later.create(toyDoc([{ id: 'b', side: 'y', hp: 10 }, { id: 'a', side: 'x', hp: 10, controller: 'p1' }]));
    const p1 = { role: 'player', tableId: 't', playerId: 'p1' } as never;
    const settings = { physicalDice: 'off', players: { p1: 'required' } } as unknown as Settings;
    const world = (seed: string) => {
      const asked = askDice(engine, later.state, { type: 'start' }, true, [], atTable, false, seed);
      if (asked.kind !== 'ask') throw new Error('p1 was not asked');
      const roll = { id: 'r', encounter: 'e', tableId: 't', sender: { role: 'gm', tableId: 't' }, faces: asked.faces, asks: asked.asks } as unknown as PendingRoll;
      return { hand: asked.faces[1].card!, ask: asked.asks[0], seen: viewOf(roll, p1, settings)!, gm: viewOf(roll, { role: 'gm', tableId: 't' } as never, settings)! };
    };
    const one = world('w1');
    const two = world('w2');
    expect(one.hand).not.toBe(two.hand);
    // p1 is sent the same thing in both worlds: all 54 cards in the order the ruleset shuffled them, b's hand among them
    expect(JSON.stringify(one.seen)).toBe(JSON.stringify(two.seen));
    expect(one.seen.asks[0].cards).toEqual(ACTION_DECK);
    expect(one.seen.asks[0].sides).toBeUndefined();
    // the GM sees the 52 cards left
    expect(one.gm.asks[0].cards).toHaveLength(52);
    expect(one.gm.asks[0].cards).not.toContain(one.hand);
    // the name p1 gives is its place among the cards left; b's hand, already out, is refused without saying where it is
    const k = ACTION_DECK.find((c) => c !== one.hand && c !== one.ask.left![0])!;
    expect(one.ask.left![cardFaces([k], undefined, one.ask, false)[0] - 1]).toBe(k);
    expect(() => cardFaces([one.hand], undefined, one.ask, false)).toThrow(`${one.hand} is not in the deck now (A: action card): check the card turned over and enter it again`);
    expect(() => cardFaces(['Q★'], undefined, one.ask, false)).toThrow('"Q★" is no card of this deck (A: action card)');
    // a place among the cards left would show the deck's gaps: a player names the card, the GM may give the place
    expect(() => cardFaces(undefined, [1], one.ask, false)).toThrow('name the card turned over (A: action card)');
    expect(cardFaces(undefined, [1], one.ask, true)).toEqual([1]);
  });

  it('asks p1 which card its unit is dealt, offering every card of the deck; the name entered is the card dealt', () => {
    const first = askDice(engine, log.state, { type: 'start' }, true, [], atTable, false, 'cards');
    expect(first.kind).toBe('ask');
    if (first.kind !== 'ask') return;
    expect(first.asks).toEqual([{ unit: 'a', unitName: 'A', player: 'p1', for: 'action card', die: 'card', sides: 54, count: 1, cards: ACTION_DECK, left: ACTION_DECK }]);
    expect(first.asks[0].cards).toHaveLength(54);
    // p1 turns over the Q♥: its place among the cards left is the face recorded
    const q: Face = { face: cardFaces(['Q♥'], undefined, first.asks[0], false)[0], sides: 54, by: 'player', player: 'p1', card: 'Q♥' };
    const second = askDice(engine, log.state, { type: 'start' }, true, [q], atTable, false, 'cards');
    // then its hand card, from the 53 left (the Q♥ gone), offered from the whole deck all the same
    expect(second.kind === 'ask' && second.asks[0]).toMatchObject({ for: 'hand card', die: 'card', sides: 53, cards: ACTION_DECK });
    expect(second.kind === 'ask' && second.asks[0].left).not.toContain('Q♥');
    const two: Face = { face: 1, sides: 53, by: 'player', player: 'p1', card: 'A♠' };
    const done = askDice(engine, log.state, { type: 'start' }, true, [q, two], atTable, false, 'cards');
    expect(done.kind).toBe('done');
    if (done.kind !== 'done') return;
    // b's cards the server dealt, named
    expect(done.faces.slice(2).map((f) => [f.unit, f.for, typeof f.card])).toEqual([['b', 'action card', 'string'], ['b', 'hand card', 'string']]);
    const r = log.execute({ type: 'start' }, { roll: () => 1, card: (() => { const faces = done.faces.map((f) => f.face); return () => faces.shift()!; })() });
    expect(r.ok).toBe(true);
    expect(log.state.turn.order.find((s) => s.unit === 'a')?.label).toBe('Q♥');
    expect(log.state.units.a.data.hand).toBe('A♠');
  });

  it('shows the cards left to the GM, the whole deck to the player asked, nothing to another player', () => {
    const roll = { id: 'r', encounter: 'e', tableId: 't', sender: { role: 'gm', tableId: 't' }, faces: [], asks: [{ unit: 'a', unitName: 'A', player: 'p1', for: 'action card', die: 'card', sides: 3, count: 1, cards: ['A♠', 'Q♠', '2♣', 'K♥'], left: ['A♠', '2♣', 'K♥'] }] } as unknown as PendingRoll;
    const settings = { physicalDice: 'off', players: { p1: 'required' } } as unknown as Settings;
    expect(viewOf(roll, { role: 'gm', tableId: 't' } as never, settings)?.asks[0].cards).toEqual(['A♠', '2♣', 'K♥']);
    expect(viewOf(roll, { role: 'player', tableId: 't', playerId: 'p1' } as never, settings)?.asks[0]).toEqual({ unitName: 'A', for: 'action card', die: 'card', count: 1, cards: ['A♠', 'Q♠', '2♣', 'K♥'] });
    // a card p1 turned over comes back by its name alone: its place among the cards left would show the gaps
    const turned = { ...roll, faces: [{ face: 2, sides: 3, by: 'player', player: 'p1', card: '2♣' }] } as PendingRoll;
    expect(viewOf(turned, { role: 'player', tableId: 't', playerId: 'p1' } as never, settings)?.rolled).toEqual([{ card: '2♣', by: 'player' }]);
    expect(viewOf(turned, { role: 'gm', tableId: 't' } as never, settings)?.rolled).toEqual([{ sides: 3, face: 2, card: '2♣', by: 'player' }]);
    // p2 sent the command and waits: it hears whose card, never the deck nor how many cards are left in it
    const sent = { ...roll, sender: { role: 'player', tableId: 't', playerId: 'p2' } } as PendingRoll;
    expect(viewOf(sent, { role: 'player', tableId: 't', playerId: 'p2' } as never, settings)?.asks[0]).toEqual({ unitName: 'A', for: 'action card', die: 'card', count: 1 });
  });
});
