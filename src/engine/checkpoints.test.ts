// Checkpoints: an undo or redo replays from a state kept along the log instead of from the start. Whatever
// the mix of commands, undo, redo and replaced rolls (which undo several at once), and however often
// states are kept and thinned, the state must be exactly what a full replay of the log gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandOf, logStep as step, scriptedDice as dice, threeUnits as units, toyGmEngine as engine } from './testing/log-steps.ts';
import { Checkpoints, SPACING } from './checkpoints.ts';
import type { LoggedEvent } from './events.ts';
import { EncounterLog, redoTarget, replayLog, undoTarget } from './log.ts';
import { toyDoc } from './testing/toy.ts';


/** A started toy encounter whose log keeps a state every `spacing` events, at most `most` of them. */
function table(spacing: number, most: number): EncounterLog {
  const log = new EncounterLog(engine, new Checkpoints(engine, spacing, most));
  log.create(toyDoc(units));
  log.execute({ type: 'start' }, dice([]));
  return log;
}


describe('Checkpoints', () => {
  it('after every command, undo and redo of an EncounterLog, the state a full replay of its log gives', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 2, max: 6 }), fc.array(step, { minLength: 1, maxLength: 80 }), (spacing, most, steps) => {
        const log = table(spacing, most);
        for (const st of steps) {
          const expected = st.kind === 'undo' ? undoTarget(log.events) : st.kind === 'redo' ? redoTarget(log.events) : undefined;
          const out = log.execute(commandOf(log, st), dice(st.faces));
          // what an undo or redo takes: as the whole log says
          if (st.kind === 'undo' || st.kind === 'redo') expect(out.ok ? (out.events[0] as { command?: string }).command : undefined).toBe(expected);
          expect(log.state, `after ${st.kind} (${out.ok ? 'done' : out.rejection.code}) at event ${log.version}`).toEqual(replayLog(engine, log.events));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('any undo and redo events, in any order (as an imported log may hold them): each prefix replays as in full', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 2, max: 6 }),
        fc.array(fc.record({ kind: fc.constantFrom('gm.heal', 'gm.hide', 'hit', 'end_turn', 'undo', 'redo'), i: fc.nat(50), read: fc.boolean(), offer: fc.boolean() }), { minLength: 1, maxLength: 80 }),
        (spacing, most, steps) => {
          // the commands as a table would log them, and undo and redo events naming any command but the creation (or none there is)
          const source = table(1000, 2);
          const events: LoggedEvent[] = [...source.events];
          const cp = new Checkpoints(engine, spacing, most);
          for (const st of steps) {
            if (st.kind === 'undo' || st.kind === 'redo') {
              const cmds = [...new Set(events.map((e) => e.cmd))].slice(1).concat('c999');
              events.push({ type: st.kind, command: cmds[st.i % cmds.length], seq: events.length + 1, cmd: `u${events.length + 1}` } as LoggedEvent);
            } else {
              const out = source.execute(commandOf(source, st as never), dice([st.i]));
              if (out.ok) for (const e of out.events) events.push({ ...e, seq: events.length + 1, cmd: `k${e.cmd}` });
            }
            const full = replayLog(engine, events);
            if (st.offer) cp.offer(events, events.length, full);
            else if (st.read) expect(cp.replay(events), `after event ${events.length} (${events.at(-1)!.type})`).toEqual(full);
            else expect([cp.undoTarget(events), cp.redoTarget(events)]).toEqual([undoTarget(events), redoTarget(events)]);
          }
          expect(cp.replay(events)).toEqual(replayLog(engine, events));
          // read behind what was read already: still the replay of that prefix
          const half = Math.floor(events.length / 2);
          expect(cp.replay(events, half)).toEqual(replayLog(engine, events.slice(0, half)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an undo or redo at the end of a 20,000-event log reads only the events after the last state kept before its command', () => {
    // kept as the server's log keeps them: offered the state after every command
    const log = new EncounterLog(engine);
    const cp = new Checkpoints(engine);
    log.create(toyDoc(units));
    log.execute({ type: 'start' }, dice([]));
    while (log.version < 20_000) {
      log.execute({ type: 'gm.heal', unit: 'a', amount: 1 }, dice([]));
      cp.offer(log.events, log.version, log.state);
    }
    // how many of the log's events a replay reads: a full one reads all 20,000
    let reads = 0;
    const counted = new Proxy(log.events, { get: (target, key, receiver) => (typeof key === 'string' && /^\d+$/.test(key) && reads++, Reflect.get(target, key, receiver)) });
    for (const kind of ['undo', 'redo', 'undo', 'undo', 'redo'] as const) {
      expect(log.execute({ type: kind }, dice([])).ok).toBe(true);
      reads = 0;
      const state = cp.replay(counted);
      expect(reads, kind).toBeLessThanOrEqual(SPACING + 8);
      expect(state).toEqual(replayLog(engine, log.events));
      expect(log.state).toEqual(state);
    }
  });
});
