// Players suggest, the GM decides; play goes on meanwhile.
import { describe, expect, it } from 'vitest';
import { viewLog, viewState } from '../view.ts';
import { GmTable, queue } from './testkit.ts';

const proposal = { type: 'gm.set_pool', unit: 'a', pool: 'hp', value: 10 };
const player = { role: 'player', player: 'p1' } as const;

function suggested() {
  const t = new GmTable();
  t.run({ type: 'hit', actor: 'a', target: 'b' }, 3);
  t.run({ type: 'hit', actor: 'b', target: 'a' }, 4); // a: 6
  const r = t.log.execute({ type: 'suggest', actor: 'a', text: 'I drank my potion before the fight', proposal }, queue(), { asGm: false });
  if (!r.ok) throw new Error(r.rejection.message);
  return { t, pending: t.state.pending[0] };
}

describe('suggest', () => {
  it('opens a non-blocking decision for the GM; nothing changes by itself and play goes on', () => {
    const { t, pending } = suggested();
    expect(pending).toMatchObject({ kind: 'suggestion', answeredBy: 'gm', options: ['accept', 'reject'], blocking: false, data: { proposal, from: 'a' } });
    expect(t.state.units.a.pools.hp.value).toBe(6);
    expect(t.active).toBe('c');
    expect(t.log.engine.legalActions(t.state, 'c').length).toBeGreaterThan(0);
    t.run({ type: 'end_turn', actor: 'c' });
    expect(t.active).toBe('a');
    // players see that a suggestion waits, not the proposal
    expect(viewState(t.state, player).pending[0]).toMatchObject({ kind: 'suggestion', options: [], data: {} });
  });

  it('accept runs the proposal as the GM\'s command, its reason the suggestion\'s text; undo takes it back', () => {
    const { t, pending } = suggested();
    const before = structuredClone(t.state);
    const ev = t.run({ type: 'answer', pending: pending.id, choice: 'accept' });
    expect(ev.map((e) => e.type)).toEqual(['pending.closed', 'pool.changed']);
    expect(ev[1]).toMatchObject({ value: 10, reason: 'suggested: I drank my potion before the fight' });
    expect(t.state.pending).toEqual([]);
    t.run({ type: 'undo' });
    expect(t.state).toEqual(before);
  });

  it('reject closes it and changes nothing else', () => {
    const { t, pending } = suggested();
    const ev = t.run({ type: 'answer', pending: pending.id, choice: 'reject' });
    expect(ev.map((e) => e.type)).toEqual(['pending.closed']);
    expect(t.state.units.a.pools.hp.value).toBe(6);
  });

  it('only the GM settles a suggestion; a proposal that would be refused is refused now', () => {
    const { t, pending } = suggested();
    expect(t.rejects({ type: 'answer', pending: pending.id, choice: 'accept' }, { asGm: false })).toBe('auth/gm_only');
    expect(t.rejects({ type: 'suggest', text: 'x', proposal: { type: 'hit', actor: 'a', target: 'b' } }, { asGm: false })).toBe('suggest/bad_proposal');
    expect(t.rejects({ type: 'suggest', text: 'x', proposal: { ...proposal, value: 99 } }, { asGm: false })).toBe('suggest/bad_proposal');
    expect(t.rejects({ type: 'suggest', text: '', proposal }, { asGm: false })).toBe('command/missing_field');
  });

  it('a GM-only note stays GM-only', () => {
    const t = new GmTable();
    t.run({ type: 'gm.note', text: 'the floor is trapped' });
    t.run({ type: 'gm.note', text: 'the innkeeper waves', public: true });
    const texts = (v: typeof player | { role: 'gm' }) => viewLog(t.log.events, v).flatMap((e) => (e.type === 'note' ? [e.text] : []));
    expect(texts(player)).toEqual(['the innkeeper waves']);
    expect(texts({ role: 'gm' })).toEqual(['the floor is trapped', 'the innkeeper waves']);
  });
});

describe('gm.answer_by_dice', () => {
  it('a die picks one option uniformly; the roll is a GM-only note; the ruleset continues', () => {
    const t = new GmTable();
    t.run({ type: 'dare', actor: 'a' });
    const id = t.state.pending[0].id;
    const ev = t.override({ type: 'gm.answer_by_dice', pending: id }, 2);
    expect(ev[0]).toMatchObject({ type: 'note', visibility: 'gm', dice: [{ sides: 2, face: 2 }] });
    expect(ev[1]).toMatchObject({ type: 'pending.closed', answer: 'tails' });
    expect(ev[2]).toMatchObject({ type: 'note', text: 'a called tails' });
    expect(t.state.pending).toEqual([]);
  });

  it('settles a suggestion too', () => {
    const { t, pending } = suggested();
    t.run({ type: 'gm.answer_by_dice', pending: pending.id }, 1);
    expect(t.state.units.a.pools.hp.value).toBe(10);
  });
});
