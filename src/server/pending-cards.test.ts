// Physical cards (pending-dice.ts): a card dealt to a unit whose player plays at the table is asked as
// "which card?", offering the cards left, and entered by name; the cards left go only to who deals it.
import { describe, expect, it } from 'vitest';
import { createEngine, EncounterLog } from '../engine/index.ts';
import { toyCards } from '../engine/testing/cards.ts';
import { toyDoc } from '../engine/testing/toy.ts';
import { askDice, viewOf, type Face, type PendingRoll } from './pending-dice.ts';
import type { Settings } from './schemas.ts';

const engine = createEngine(toyCards);
const log = new EncounterLog(engine);
log.create(toyDoc([{ id: 'a', side: 'x', hp: 10, controller: 'p1' }, { id: 'b', side: 'y', hp: 10 }]));
const atTable = (player: string) => player === 'p1';

describe('physical cards', () => {
  it('asks p1 which card its unit is dealt, offering every card left; the name entered is the card dealt', () => {
    const first = askDice(engine, log.state, { type: 'start' }, true, [], atTable, false, 'cards');
    expect(first.kind).toBe('ask');
    if (first.kind !== 'ask') return;
    expect(first.asks).toEqual([{ unit: 'a', unitName: 'A', player: 'p1', for: 'action card', die: 'card', sides: 54, count: 1, cards: expect.arrayContaining(['A♠', 'Joker 2']) }]);
    expect(first.asks[0].cards).toHaveLength(54);
    // p1 turns over the Q♥: its place among the cards left is the face recorded
    const q: Face = { face: first.asks[0].cards!.indexOf('Q♥') + 1, sides: 54, by: 'player', player: 'p1', card: 'Q♥' };
    const second = askDice(engine, log.state, { type: 'start' }, true, [q], atTable, false, 'cards');
    // then its hand card, from the 53 left (the Q♥ gone)
    expect(second.kind === 'ask' && second.asks[0]).toMatchObject({ for: 'hand card', die: 'card', sides: 53 });
    expect(second.kind === 'ask' && second.asks[0].cards).not.toContain('Q♥');
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

  it('shows the cards left to the GM and the player asked, never to another player', () => {
    const roll = { id: 'r', encounter: 'e', tableId: 't', sender: { role: 'gm', tableId: 't' }, faces: [], asks: [{ unit: 'a', unitName: 'A', player: 'p1', for: 'action card', die: 'card', sides: 3, count: 1, cards: ['A♠', '2♣', 'K♥'] }] } as unknown as PendingRoll;
    const settings = { physicalDice: 'off', players: { p1: 'required' } } as unknown as Settings;
    expect(viewOf(roll, { role: 'gm', tableId: 't' } as never, settings)?.asks[0].cards).toEqual(['A♠', '2♣', 'K♥']);
    expect(viewOf(roll, { role: 'player', tableId: 't', playerId: 'p1' } as never, settings)?.asks[0].cards).toEqual(['A♠', '2♣', 'K♥']);
    // p2 sent the command and waits: it hears whose card, never the deck nor how many cards are left in it
    const sent = { ...roll, sender: { role: 'player', tableId: 't', playerId: 'p2' } } as PendingRoll;
    expect(viewOf(sent, { role: 'player', tableId: 't', playerId: 'p2' } as never, settings)?.asks[0]).toEqual({ unitName: 'A', for: 'action card', die: 'card', count: 1 });
  });
});
