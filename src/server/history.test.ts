// The state after any prefix of a log from the states kept along it (history.ts): whatever the mix of
// commands, undo, redo and replaced rolls (which undo several at once), and however often states are
// kept and thinned, it must be exactly what a replay of that prefix gives — undo and redo as they stood then.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandOf, logStep as step, scriptedDice as dice, threeUnits as units, toyGmEngine as engine } from '../engine/testing/log-steps.ts';
import { EncounterLog, LogFold, replayLog, type LoggedEvent } from '../engine/index.ts';
import { toyDoc } from '../engine/testing/toy.ts';
import { PrefixStates, SPACING } from './history.ts';


/** A log's events stepped into `history` as the numbering's fold steps them (a LogFold, in order). */
function stepped(events: readonly LoggedEvent[], history: PrefixStates): void {
  const fold = new LogFold(engine);
  for (let i = 0; i < events.length; i++) history.step(events, i, fold.step(events, i));
}

describe('PrefixStates', () => {
  it('the state after every prefix of a played log is the replay of that prefix', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 2, max: 6 }), fc.array(step, { minLength: 1, maxLength: 60 }), (spacing, most, steps) => {
        const log = new EncounterLog(engine);
        log.create(toyDoc(units));
        log.execute({ type: 'start' }, dice([]));
        for (const st of steps) log.execute(commandOf(log, st), dice(st.faces));
        const history = new PrefixStates(engine, spacing, most);
        stepped(log.events, history);
        for (let n = 0; n <= log.events.length; n++) expect(history.stateAt(log.events, n), `after ${n} of ${log.events.length} events`).toEqual(replayLog(engine, log.events.slice(0, n)));
      }),
      { numRuns: 200 },
    );
  });

  it('any undo and redo events, in any order (as an imported log may hold them): each prefix as its replay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 2, max: 6 }),
        fc.array(fc.record({ kind: fc.constantFrom('gm.heal', 'gm.hide', 'hit', 'end_turn', 'undo', 'redo'), i: fc.nat(50) }), { minLength: 1, maxLength: 60 }),
        (spacing, most, steps) => {
          const source = new EncounterLog(engine);
          source.create(toyDoc(units));
          source.execute({ type: 'start' }, dice([]));
          const events: LoggedEvent[] = [...source.events];
          for (const st of steps) {
            if (st.kind === 'undo' || st.kind === 'redo') {
              const cmds = [...new Set(events.map((e) => e.cmd))].slice(1).concat('c999');
              events.push({ type: st.kind, command: cmds[st.i % cmds.length], seq: events.length + 1, cmd: `u${events.length + 1}` } as LoggedEvent);
            } else {
              const out = source.execute(commandOf(source, st as never), dice([st.i]));
              if (out.ok) for (const e of out.events) events.push({ ...e, seq: events.length + 1, cmd: `k${e.cmd}` });
            }
          }
          const history = new PrefixStates(engine, spacing, most);
          stepped(events, history);
          for (let n = 0; n <= events.length; n++) expect(history.stateAt(events, n), `after ${n} of ${events.length} events`).toEqual(replayLog(engine, events.slice(0, n)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('near the end of a 20,000-event log, a prefix reads only the events after the state kept before it (and what an undo there takes back)', () => {
    const log = new EncounterLog(engine);
    log.create(toyDoc(units));
    log.execute({ type: 'start' }, dice([]));
    while (log.version < 20_000) log.execute({ type: 'gm.heal', unit: 'a', amount: 1 }, dice([]));
    for (const kind of ['undo', 'undo', 'redo'] as const) expect(log.execute({ type: kind }, dice([])).ok).toBe(true);
    const history = new PrefixStates(engine);
    stepped(log.events, history);
    let reads = 0;
    const counted = new Proxy(log.events, { get: (target, key, receiver) => (typeof key === 'string' && /^\d+$/.test(key) && reads++, Reflect.get(target, key, receiver)) });
    for (const n of [log.version, log.version - 2, 19_990, 15_000]) {
      reads = 0;
      const state = history.stateAt(counted, n);
      // a full replay reads all n; two passes over what follows the state kept (the undos, then the fold)
      expect(reads, `after ${n}`).toBeLessThanOrEqual(2 * (SPACING + 8));
      expect(state).toEqual(replayLog(engine, log.events.slice(0, n)));
    }
  });
});
