// Hidden steps leave no trace in a player's view: turn pointers and slot numbers count only the slots the
// player sees, a hidden unit's turn shows no phase, effects and decisions tied to hidden units stay out,
// a change only to hidden slots is no change; and what a reveal brings into a player's log.
import { describe, expect, it } from 'vitest';
import { newEncounter } from './apply.ts';
import type { GameEvent, LoggedEvent } from './events.ts';
import type { EncounterState, Pending, Unit } from './types.ts';
import { endsRound, introducedItems, introducedUnits, joinsAtSlot, viewLog, viewState } from './view.ts';

const p1 = { role: 'player' as const, player: 'p1' };
const gm = { role: 'gm' as const };

const unit = (id: string, side: string, over: Partial<Unit> = {}): Unit => ({ id, name: id.toUpperCase(), side, status: 'active', stats: {}, pools: { hp: { value: 10, max: 10 } }, data: {}, ...over });
const slots = (...ids: string[]) => ids.map((u) => ({ unit: u }));

/** hero (p1's) and foe; lurker and sneak hidden. The order: hero, lurker, sneak, foe. */
function encounter(): EncounterState {
  const units = { hero: unit('hero', 'a', { controller: 'p1' }), foe: unit('foe', 'b'), lurker: unit('lurker', 'b', { hidden: true }), sneak: unit('sneak', 'b', { hidden: true }) };
  return newEncounter({ ruleset: 'toy', name: 'steps', units, unitOrder: Object.keys(units), sides: ['a', 'b'], status: 'active', turn: { round: 1, order: slots('hero', 'lurker', 'sneak', 'foe'), index: 0 } });
}

const logOf = (...events: GameEvent[]): LoggedEvent[] => [{ type: 'encounter.created', state: encounter() } as GameEvent, ...events].map((e, i) => ({ ...e, seq: i + 1, cmd: `c${i + 1}` }) as LoggedEvent);
const tail = (log: LoggedEvent[], viewer: typeof p1 | typeof gm = p1) => viewLog(log, viewer).slice(1).map(({ seq: _s, cmd: _c, ...e }) => e);

describe("a player's view of turns passing hidden slots", () => {
  it('points at its own slots, and shows no phase while a hidden unit acts', () => {
    const log = logOf(
      { type: 'turn.ended', unit: 'hero' },
      { type: 'turn.started', unit: 'lurker', index: 1 },
      { type: 'turn.phase', unit: 'lurker', phase: 'action' },
      { type: 'turn.ended', unit: 'lurker' },
      { type: 'turn.started', unit: 'sneak', index: 2 },
      { type: 'turn.phase', unit: 'sneak', phase: 'preparation' },
      { type: 'turn.ended', unit: 'sneak' },
      { type: 'turn.started', unit: 'foe', index: 3 },
    );
    // the foe's slot is the player's second: its index is 1, not 3 (which would count the hidden slots)
    expect(tail(log)).toEqual([{ type: 'turn.ended', unit: 'hero' }, { type: 'turn.started', unit: 'foe', index: 1 }]);
    const s = encounter();
    s.turn = { ...s.turn, index: 2, phase: 'preparation' };
    expect(viewState(s, p1).turn).toEqual({ round: 1, order: slots('hero', 'foe'), index: -1 });
    expect(viewState(s, gm).turn.phase).toBe('preparation');
    s.turn = { ...s.turn, index: 3, phase: 'action' };
    expect(viewState(s, p1).turn).toEqual({ round: 1, order: slots('hero', 'foe'), index: 1, phase: 'action' });
  });

  it('a turn order change only to hidden slots is no change; a slot the GM gives is counted in the player\'s order', () => {
    const log = logOf(
      { type: 'turn.order', order: slots('hero', 'sneak', 'lurker', 'foe'), index: 0, why: 'reordered by the GM' },
      { type: 'turn.order', order: [...slots('hero', 'sneak', 'lurker', 'foe'), { unit: 'lurker', kind: 'extra' }], index: 0, why: 'an extra turn (GM)' },
      { type: 'unit.added', unit: unit('rook', 'a') },
      { type: 'turn.order', order: slots('hero', 'sneak', 'lurker', 'rook', 'foe', 'lurker'), index: 0, why: joinsAtSlot('ROOK', 3) },
      { type: 'turn.order', order: slots('hero', 'sneak', 'lurker', 'rook', 'foe', 'lurker'), index: 0, why: 'round 1' },
    );
    expect(tail(log)).toEqual([
      { type: 'unit.added', unit: unit('rook', 'a') },
      { type: 'turn.order', order: slots('hero', 'rook', 'foe'), index: 0, why: 'ROOK joins at slot 1 (GM)' },
      // a change that changes nothing at all is withheld too: the player cannot tell it from a hidden one
    ]);
    expect(tail(log, gm).map((e) => (e as { why?: string }).why).filter(Boolean)).toContain('ROOK joins at slot 3 (GM)');
  });

  it('the GM ending a round lists only the units the player sees skipped; skipping only hidden ones says nothing', () => {
    const order = slots('hero', 'lurker', 'sneak', 'foe');
    const ends = (index: number, skipped: string[]) => ({ type: 'turn.order' as const, order, index: 3, why: endsRound(skipped) });
    // from the hero's turn: the Lurker, the Sneak and the Foe do not act
    expect(tail(logOf(ends(0, ['LURKER', 'SNEAK', 'FOE'])))).toEqual([{ type: 'turn.order', order: slots('hero', 'foe'), index: 1, why: 'the GM ends the round: FOE do not act' }]);
    // from the Foe's turn, the last the player sees: the engine says nothing when nothing is skipped, nor does the player's view
    const last = slots('hero', 'foe', 'lurker', 'sneak');
    const log = logOf({ type: 'turn.order', order: last, index: 1, why: 'reordered by the GM' }, { type: 'turn.order', order: last, index: 3, why: endsRound(['LURKER', 'SNEAK']) });
    expect(tail(log).map((e) => (e as { why?: string }).why)).toEqual(['reordered by the GM']);
  });
});

describe('effects and decisions tied to hidden units', () => {
  it("an effect counting a hidden unit's turns is not shown, nor its ticks or its end", () => {
    const watched = { id: 'fx1', name: 'Watched', target: 'hero', stacks: 1, remaining: 2, clock: { at: 'turn_end' as const, unit: 'sneak' } };
    const marked = { id: 'fx2', name: 'Marked', target: 'hero', stacks: 1, remaining: 2, clock: { at: 'turn_end' as const, unit: 'hero' } };
    const log = logOf(
      { type: 'effect.applied', effect: watched },
      { type: 'effect.applied', effect: marked },
      { type: 'effect.changed', id: 'fx1', remaining: 1 },
      { type: 'effect.removed', id: 'fx1', why: 'expired', name: 'Watched', target: 'hero' },
      { type: 'effect.changed', id: 'fx2', remaining: 1 },
    );
    expect(tail(log)).toEqual([{ type: 'effect.applied', effect: marked }, { type: 'effect.changed', id: 'fx2', remaining: 1 }]);
    const s = encounter();
    s.effects = [watched, marked];
    expect(viewState(s, p1).effects).toEqual([marked]);
  });

  it('a suggestion made for a hidden unit is not shown; a GM decision play waits on shows in neutral words, in the state and the log', () => {
    const whisper: Pending = { id: 'p1', kind: 'suggestion', answeredBy: 'gm', prompt: 'SNEAK suggests: flee', options: ['accept', 'reject'], data: { from: 'sneak' }, blocking: false };
    const tie: Pending = { id: 'p2', kind: 'tie', answeredBy: 'gm', prompt: 'SNEAK and FOE tie', options: ['sneak', 'foe'], data: {} };
    const log = logOf(
      { type: 'pending.opened', pending: whisper },
      { type: 'pending.closed', id: 'p1', answer: 'reject' },
      { type: 'pending.opened', pending: tie },
      { type: 'pending.closed', id: 'p2', answer: 'foe', reason: 'SNEAK waits' },
    );
    const neutral = { ...tie, prompt: 'the GM is deciding something', options: [], data: {} };
    expect(tail(log)).toEqual([{ type: 'pending.opened', pending: neutral }, { type: 'pending.closed', id: 'p2', answer: null, said: 'The GM has decided' }]);
    const s = encounter();
    s.pending = [whisper, tie];
    expect(viewState(s, p1).pending).toEqual([neutral]);
  });
});

describe('what else would tell of hidden units', () => {
  it("a side only hidden units fight for is not listed; a result's reason naming a hidden unit is reworded, in the state and the log", () => {
    const s = encounter();
    s.units.sneak.side = 'shadows';
    s.sides = ['a', 'b', 'shadows'];
    expect(viewState(s, p1).sides).toEqual(['a', 'b']);
    const result = { outcome: 'defeat' as const, winner: 'b', reason: 'SNEAK struck last' };
    s.result = result;
    expect(viewState(s, p1).result).toEqual({ ...result, reason: 'the fight is over' });
    expect(viewState(s, gm).result).toEqual(result);
    expect(tail(logOf({ type: 'combat.ended', result, reason: 'SNEAK was waiting' }))).toEqual([{ type: 'combat.ended', result: { ...result, reason: 'the fight is over' } }]);
  });
});

describe("what a reveal brings into a player's log", () => {
  it('the unit as the state shows it, its effects, and decisions it sees waiting — only those its log lacks', () => {
    const s = encounter();
    s.units.sneak.hidden = false;
    s.units.sneak.data = { gmNotes: 'hides well' };
    const shadow = { id: 'fx7', name: 'Shadowed', target: 'sneak', stacks: 1 };
    const seen = { id: 'fx3', name: 'Marked', target: 'hero', stacks: 1 };
    const hidden = { id: 'fx9', name: 'Veiled', target: 'lurker', stacks: 1 };
    s.effects = [seen, shadow, hidden];
    const tie: Pending = { id: 'p8', kind: 'tie', answeredBy: 'gm', prompt: 'LURKER and FOE tie', options: [], data: {} };
    s.pending = [tie];
    const held = { unit: (id: string) => id !== 'sneak', effect: (id: string) => id === 'fx3', pending: () => false };
    const view = viewState(s, p1);
    expect(introducedUnits(s, p1, {}, held)).toEqual([{ type: 'unit.added', unit: view.units.sneak }]);
    expect(view.units.sneak.data).toEqual({});
    expect(introducedItems(s, held)).toEqual([{ type: 'effect.applied', effect: shadow }, { type: 'pending.opened', pending: view.pending[0] }]);
    expect(view.pending[0].prompt).toBe('the GM is deciding something');
  });
});
