// Replacing a roll after the fact: the command that rolled is decided again, and so is every later one.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../events.ts';
import { EncounterLog, replayLog } from '../log.ts';
import { viewLog } from '../view.ts';
import { GmTable, queue } from './testkit.ts';

const hitChecks = (events: readonly LoggedEvent[]) => events.filter((e) => e.type === 'check' && e.breakdown.label === 'hit');

/** a hits b for 2, b hits a for 5, c passes, a hits b for 6: b 2, a 5. */
function fought() {
  const t = new GmTable();
  t.run({ type: 'hit', actor: 'a', target: 'b' }, 2);
  t.run({ type: 'hit', actor: 'b', target: 'a' }, 5);
  t.run({ type: 'end_turn', actor: 'c' });
  t.run({ type: 'hit', actor: 'a', target: 'b' }, 6);
  return t;
}

describe('gm.set_die', () => {
  it('replaces a face: that command and every later one are decided again with their own dice', () => {
    const t = fought();
    const first = hitChecks(t.log.events)[0];
    const n = t.log.events.length;
    const r = t.log.execute({ type: 'gm.set_die', event: first.seq, die: 0, face: 3, reason: 'the die fell off the table' }, queue());
    expect(r.ok).toBe(true);
    expect(t.state.units.b.pools.hp.value).toBe(1); // 10 − 3 − 6
    expect(t.state.units.a.pools.hp.value).toBe(5);
    // the original stays in the log; the new events come after an undo of the old commands
    expect(t.log.events.slice(0, n).some((e) => e.seq === first.seq)).toBe(true);
    const added = t.log.events.slice(n);
    expect(added.filter((e) => e.type === 'undo').length).toBe(4);
    const note = added.find((e) => e.type === 'note');
    expect(note).toMatchObject({ reason: 'the die fell off the table' });
    expect(note?.type === 'note' && note.text).toContain(`GM sets event #${first.seq}: d6 2 (hit) → d6 3 (hit); 4 commands decided again`);
    expect(added.every((e) => e.reason === 'the die fell off the table')).toBe(true);
    expect(replayLog(t.log.engine, t.log.events)).toEqual(t.state);
  });

  it('gives the same state as if the new face had been rolled at the time', () => {
    const t = fought();
    t.log.execute({ type: 'gm.set_die', event: hitChecks(t.log.events)[1].seq, die: 0, face: 1 }, queue());
    const fresh = new GmTable();
    fresh.run({ type: 'hit', actor: 'a', target: 'b' }, 2);
    fresh.run({ type: 'hit', actor: 'b', target: 'a' }, 1);
    fresh.run({ type: 'end_turn', actor: 'c' });
    fresh.run({ type: 'hit', actor: 'a', target: 'b' }, 6);
    expect(t.state).toEqual({ ...fresh.state, version: t.state.version });
  });

  it('undo after a replacement takes back its commands one by one', () => {
    const t = new GmTable();
    t.run({ type: 'hit', actor: 'a', target: 'b' }, 2);
    t.run({ type: 'hit', actor: 'b', target: 'a' }, 5);
    t.run({ type: 'end_turn', actor: 'c' });
    const before = structuredClone(t.state);
    t.run({ type: 'hit', actor: 'a', target: 'b' }, 6);
    t.log.execute({ type: 'gm.set_die', event: hitChecks(t.log.events).at(-1)!.seq, die: 0, face: 1 }, queue());
    expect(t.state.units.b.pools.hp.value).toBe(7);
    t.run({ type: 'undo' });
    expect(t.state).toEqual(before); // the hit is taken back whole, with its replaced roll
  });

  it('changes a decision settled by the dice', () => {
    const t = new GmTable();
    t.run({ type: 'dare', actor: 'a' });
    const ev = t.run({ type: 'gm.answer_by_dice', pending: t.state.pending[0].id }, 1);
    t.log.execute({ type: 'gm.set_die', event: ev[0].seq, die: 0, face: 2 }, queue());
    const notes = t.log.events.flatMap((e) => (e.type === 'note' ? [e.text] : []));
    expect(notes.at(-1)).toBe('a called tails');
    // that roll was GM-only, so is its replacement
    expect(viewLog(t.log.events, { role: 'player', player: 'p1' }).some((e) => e.type === 'note' && e.text.startsWith('GM sets'))).toBe(false);
  });

  it('is refused when a later command no longer holds, or the face does not fit', () => {
    const t = new GmTable();
    t.run({ type: 'hit', actor: 'a', target: 'b' }, 4); // b 6
    t.run({ type: 'end_turn', actor: 'b' });
    t.run({ type: 'end_turn', actor: 'c' });
    t.run({ type: 'hit', actor: 'a', target: 'b' }, 5); // b 1
    t.run({ type: 'end_turn', actor: 'b' });
    const seq = hitChecks(t.log.events)[0].seq;
    // with a 6, b is down after a's second hit, so b's end_turn is no longer b's to send
    expect(t.rejects({ type: 'gm.set_die', event: seq, die: 0, face: 6 })).toBe('gm/replacement_breaks');
    expect(t.rejects({ type: 'gm.set_die', event: seq, die: 0, face: 7 })).toBe('dice/bad_face');
    expect(t.rejects({ type: 'gm.set_die', event: seq, die: 1, face: 2 })).toBe('gm/bad_die');
    expect(t.rejects({ type: 'gm.set_die', event: 2, die: 0, face: 2 })).toBe('gm/no_dice');
    expect(t.rejects({ type: 'gm.set_die', event: seq, die: 0, face: 2 }, { asGm: false })).toBe('auth/gm_only');
  });

  it('needs the log\'s commands: a log rebuilt from events alone cannot replace rolls', () => {
    const t = fought();
    const seq = hitChecks(t.log.events)[0].seq;
    const bare = EncounterLog.fromEvents(t.log.engine, t.log.events);
    expect(bare.execute({ type: 'gm.set_die', event: seq, die: 0, face: 1 }, queue()).ok).toBe(false);
    const kept = EncounterLog.fromEvents(t.log.engine, t.log.events, t.log.commands);
    expect(kept.execute({ type: 'gm.set_die', event: seq, die: 0, face: 1 }, queue()).ok).toBe(true);
  });

  it('sent to decide without the log, it says where to send it', () => {
    const t = fought();
    const r = t.log.engine.decide(t.state, { type: 'gm.set_die', event: 5, die: 0, face: 1 }, queue());
    expect(r.ok ? '' : r.rejection.code).toBe('gm/needs_log');
  });
});

describe('gm.reroll', () => {
  it('rolls the event\'s dice again from the given source', () => {
    const t = fought();
    const r = t.log.execute({ type: 'gm.reroll', event: hitChecks(t.log.events)[0].seq }, queue(4));
    expect(r.ok).toBe(true);
    expect(t.state.units.b.pools.hp.value).toBe(0); // 10 − 4 − 6
    expect(t.state.units.b.status).toBe('down');
  });
});
