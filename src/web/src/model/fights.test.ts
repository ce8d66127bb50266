// The fights of a table at a glance, and which one a page shows: what needs the viewer opens, an ended
// fight stays until a person moves on, a person's choice is kept.
import { describe, expect, it } from 'vitest';
import { createEngine, type EncounterState } from '../../../engine/index.ts';
import { deathSaves, deathSavesDoc } from '../../../engine/testing/death-saves.ts';
import { seededSource } from '../../../dice/index.ts';
import type { EncounterSummary } from '../api/types.ts';
import type { FeedView } from './feed.ts';
import { chooseFight, firstChoice, glance, glanceWords, needWords, type FightGlance } from './fights.ts';

const engine = createEngine(deathSaves);
function started(): EncounterState {
  const s = engine.replay(engine.create(deathSavesDoc([{ id: 'a', side: 'heroes', hp: 5 }, { id: 'z', side: 'foes', hp: 5 }])));
  const d = engine.decide(s, { type: 'start' }, seededSource(1, 0));
  if (!d.ok) throw new Error(d.rejection.message);
  // A is Ana's (p1); Z is the GM's
  return { ...d.state, units: { ...d.state.units, a: { ...d.state.units.a, controller: 'p1' } } };
}
const summary = (id: string, name: string): EncounterSummary => ({ id, tableId: 't', ruleset: 'death-saves', name, status: 'active', version: 1, paused: false });
const view = (state: EncounterState, more: Partial<FeedView> = {}): FeedView => ({ state, events: [], lines: [], undone: new Set(), version: 1, lastSeq: 1, paused: false, dice: null, ...more });
const names = (id: string) => ({ p1: 'Ana', p2: 'Ben' })[id];
const ana = { playerId: 'p1', playerName: names };
const gm = { playerName: names };

describe('glance', () => {
  it("tells whose turn it is and who plays it; the player whose unit acts is needed, the GM is not", () => {
    const s = started();
    expect(s.turn.order[s.turn.index].unit).toBe('a');
    const g = glance(summary('e1', 'Goblin cave'), view(s), ana);
    expect([g.turn, g.needs, g.mine]).toEqual([{ unit: 'A', by: 'you' }, 'turn', ['A']]);
    expect(needWords(g)).toBe('Your turn in Goblin cave');
    const seen = glance(summary('e1', 'Goblin cave'), view(s), gm);
    expect(seen.needs).toBeUndefined();
    expect(glanceWords(seen)).toBe("Round 1 · A's turn (Ana)");
    expect(glanceWords(glance(summary('e1', 'Goblin cave'), view(s, { paused: true }), gm))).toBe("Paused · Round 1 · A's turn (Ana)");
    const ben = glance(summary('e1', 'Goblin cave'), view(s), { playerId: 'p2', playerName: names });
    expect([ben.needs, ben.mine]).toEqual([undefined, []]);
  });

  it('a decision waits on the unit that answers it; dice the viewer must roll need it; an ended fight tells its result', () => {
    const s = started();
    const deciding = { ...s, pending: [{ id: 'd1', kind: 'reaction', answeredBy: 'z', prompt: 'Dodge?', options: [] }] } as unknown as EncounterState;
    const waiting = glance(summary('e1', 'Cave'), view(deciding), ana);
    expect([waiting.waitingOn, waiting.needs]).toEqual(['Z (the GM) to decide', undefined]);
    const gmSees = glance(summary('e1', 'Cave'), view(deciding), gm);
    expect([gmSees.needs, glanceWords(gmSees)]).toEqual(['decide', "Round 1 · A's turn (Ana) · waiting on Z (you) to decide"]);
    const roll = { id: 'r', asks: [], rolled: [], yours: true, serverMay: false, cancelMay: false };
    expect(needWords(glance(summary('e1', 'Cave'), view({ ...s, turn: { ...s.turn, index: 1 } }, { dice: roll }), ana))).toBe('Roll your dice in Cave');
    const over = { ...s, status: 'ended', result: { outcome: 'victory', winner: 'heroes' } } as EncounterState;
    const done = glance(summary('e1', 'Cave'), view(over), ana);
    expect([done.status, done.result, done.needs, glanceWords(done)]).toEqual(['ended', 'victory for heroes', undefined, 'Ended: victory for heroes']);
  });
});

const fight = (id: string, more: Partial<FightGlance> = {}): FightGlance => ({ id, name: id, status: 'active', paused: false, round: 1, mine: [], ...more });

describe('chooseFight', () => {
  const none = new Set<string>();
  it('first: the fight that needs the viewer, else the newest running one with their units, else the newest running', () => {
    expect(firstChoice([fight('a', { mine: ['Kara'] }), fight('b', { needs: 'turn', mine: ['Pell'] }), fight('c')])?.id).toBe('b');
    expect(firstChoice([fight('a', { mine: ['Kara'] }), fight('b'), fight('c', { status: 'ended', mine: ['Kara'] })])?.id).toBe('a');
    expect(firstChoice([fight('a'), fight('b'), fight('c', { status: 'ended' })])?.id).toBe('b');
  });

  it('a fight that starts needing the viewer opens, unless the one shown needs them too', () => {
    const before = [fight('a', { mine: ['Kara'] }), fight('b', { mine: ['Pell'] })];
    const now = [fight('a', { mine: ['Kara'] }), fight('b', { mine: ['Pell'], needs: 'decide' })];
    expect(chooseFight({ id: 'a', byPerson: true }, now, before, none)).toEqual({ id: 'b', byPerson: false });
    const busy = [fight('a', { mine: ['Kara'], needs: 'turn' }), fight('b', { mine: ['Pell'], needs: 'decide' })];
    expect(chooseFight({ id: 'a', byPerson: false }, busy, [busy[0], before[1]], none)).toEqual({ id: 'a', byPerson: false });
    // what already needed the viewer when they looked elsewhere does not pull them back
    expect(chooseFight({ id: 'a', byPerson: true }, now, now, none)).toEqual({ id: 'a', byPerson: true });
  });

  it('an ended fight stays on screen until moved on from, whatever needs the viewer elsewhere', () => {
    const before = [fight('a', { mine: ['Kara'] }), fight('b', { mine: ['Pell'] })];
    const now = [fight('a', { mine: ['Kara'], status: 'ended' }), fight('b', { mine: ['Pell'], needs: 'turn' })];
    expect(chooseFight({ id: 'a', byPerson: false }, now, before, none)).toEqual({ id: 'a', byPerson: false });
    expect(chooseFight({ id: 'a', byPerson: false }, now, now, new Set(['a']))).toEqual({ id: 'b', byPerson: false });
  });

  it("the page's own choice moves to the viewer's fight when the one shown has none of their units; a person's choice stays", () => {
    const now = [fight('a'), fight('b', { mine: ['Pell'] })];
    expect(chooseFight({ id: 'a', byPerson: false }, now, now, none)).toEqual({ id: 'b', byPerson: false });
    expect(chooseFight({ id: 'a', byPerson: true }, now, now, none)).toEqual({ id: 'a', byPerson: true });
    // a fight that is gone (deleted) is replaced by the first choice
    expect(chooseFight({ id: 'x', byPerson: true }, now, now, none)).toEqual({ id: 'b', byPerson: false });
  });
});
