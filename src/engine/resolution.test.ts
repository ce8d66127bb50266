// One way to write a check: a breakdown (or a note's words) given as a function is built only when
// someone keeps the log; unlogged, the check is counted — the version steps as the event would have —
// and the dice drawn for it are let go, so the next check records only its own.
import { describe, expect, it } from 'vitest';
import { scriptedSource } from '../dice/index.ts';
import { emptyState } from './apply.ts';
import { Resolution } from './resolution.ts';

describe('Resolution.check and note', () => {
  it('build a lazy breakdown only when logging, and step the version alike either way', () => {
    let built = 0;
    const play = (logging: boolean) => {
      const ctx = new Resolution(emptyState(), scriptedSource([4, 2]), undefined, logging);
      const face = ctx.roll(6, 'hit');
      ctx.check(() => (built++, { label: 'hit', terms: [{ kind: 'dice', label: 'd6', faces: [face], value: face }], total: face, rules: [] }), 'a', 'b');
      ctx.note(() => (built++, `rolled ${face}`));
      const second = ctx.roll(6, 'damage');
      ctx.check({ label: 'damage', terms: [{ kind: 'dice', label: 'd6', faces: [second], value: second }], total: second, rules: [] });
      return ctx;
    };
    const unlogged = play(false);
    expect(built).toBe(0);
    expect(unlogged.events).toEqual([]);
    expect(unlogged.state.version).toBe(3);
    const logged = play(true);
    expect(built).toBe(2);
    expect(logged.state.version).toBe(3);
    expect(logged.events.map((e) => e.type)).toEqual(['check', 'note', 'check']);
    // each check carries the dice drawn since the last one
    expect(logged.events[0]).toMatchObject({ actor: 'a', target: 'b', dice: [{ sides: 6, face: 4, label: 'hit' }], breakdown: { total: 4 } });
    expect(logged.events[1]).toEqual({ type: 'note', text: 'rolled 4' });
    expect(logged.events[2]).toMatchObject({ dice: [{ sides: 6, face: 2, label: 'damage' }], breakdown: { total: 2 } });
  });
});
