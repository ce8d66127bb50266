// Two worlds through the server's own projection and numbering (numbering.ts, held.ts): a secret deck and
// hands held face down, as in src/engine/deck.test.ts, give player p1 the same bytes — its numbered log,
// its state, its version — though the GM's logs differ.
import { describe, expect, it } from 'vitest';
import { scriptedSource } from '../dice/index.ts';
import { createEngine, EncounterLog, type Command } from '../engine/index.ts';
import { toyCards } from '../engine/testing/cards.ts';
import { toyDoc } from '../engine/testing/toy.ts';
import type { Live } from './live.ts';
import { playerLog, stateFor, versionFor } from './numbering.ts';
import type { EncounterRow } from '../store/index.ts';

const units = [
  { id: 'a', side: 'x', hp: 10, controller: 'p1' },
  { id: 'b', side: 'y', hp: 10 },
  { id: 'h', side: 'y', hp: 10, hidden: true },
];
const P1 = { role: 'player', tableId: 't', playerId: 'p1' } as const;

function world(deal1: string[], deal2: string[]): Live {
  const engine = createEngine(toyCards);
  const log = new EncounterLog(engine);
  log.create(toyDoc(units));
  const steps: [Command, string[]][] = [[{ type: 'start' }, deal1], [{ type: 'end_turn', actor: 'a' }, []], [{ type: 'end_turn', actor: 'h' }, []], [{ type: 'end_turn', actor: 'b' }, deal2]];
  for (const [cmd, dice] of steps) {
    const r = log.execute(cmd, scriptedSource(dice));
    if (!r.ok) throw new Error(r.rejection.message);
  }
  return { row: { id: 'e', tableId: 't' } as EncounterRow, ruleset: toyCards, engine, log };
}

describe('a secret deck and a hidden hand, as the server sends them', () => {
  it('p1 receives the same bytes from both worlds', () => {
    const one = world(['A♠', '2♣', '5♥', '9♦', 'K♥', '3♦'], ['3♠', '4♠', '6♠', '7♠', 'J♣', '10♣']);
    const two = world(['A♠', '2♣', '5♥', '8♠', 'Q♦', '7♣'], ['3♠', '4♠', '6♠', '2♦', 'J♦', '10♦']);
    expect(JSON.stringify(one.log.events)).not.toEqual(JSON.stringify(two.log.events));
    const sent = (live: Live) => JSON.stringify({ log: playerLog(live, 'p1').events, state: stateFor(live, P1, live.log.state), version: versionFor(live, P1) });
    expect(sent(one)).toEqual(sent(two));
    // and it is a fight p1 can follow: its own hand, the cards of the slots it sees
    const state = stateFor(one, P1, one.log.state);
    expect(state.units.a.data.hand).toBe('4♠');
    expect(state.turn.order.map((s) => s.label)).toEqual(['6♠', '3♠']);
    // a ruleset that did not declare them secret would tell them (so the test can fail)
    const open = (live: Live): Live => ({ ...live, ruleset: { ...toyCards, secret: undefined } });
    expect(sent(open(one))).not.toEqual(sent(open(two)));
  });
});
