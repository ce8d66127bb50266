/** A small table for the GM tests: a toy encounter in an EncounterLog, scripted dice, and checks every override shares. */
import { expect } from 'vitest';
import type { DiceSource } from '../../dice/source.ts';
import { createEngine } from '../engine.ts';
import type { LoggedEvent } from '../events.ts';
import { EncounterLog, replayLog } from '../log.ts';
import type { Command, Ruleset } from '../ruleset.ts';
import { toyGm } from '../testing/toy-gm.ts';
import { toyDoc } from '../testing/toy.ts';

export const queue = (...faces: number[]): DiceSource => ({ roll: () => faces.shift() ?? 1 });

export const threeUnits = [
  { id: 'a', side: 'x', hp: 10, controller: 'p1' },
  { id: 'b', side: 'y', hp: 10 },
  { id: 'c', side: 'y', hp: 10 },
];

export class GmTable {
  readonly log: EncounterLog;

  constructor(units: Parameters<typeof toyDoc>[0] = threeUnits, ruleset: Ruleset = toyGm, start = true) {
    this.log = new EncounterLog(createEngine(ruleset));
    this.log.create(toyDoc(units));
    if (start) this.run({ type: 'start' });
  }

  get state() {
    return this.log.state;
  }

  get active() {
    return this.log.engine.activeUnit(this.log.state);
  }

  run(cmd: Command, ...faces: number[]): LoggedEvent[] {
    const r = this.log.execute(cmd, queue(...faces));
    if (!r.ok) throw new Error(`${cmd.type}: ${r.rejection.code}: ${r.rejection.message}`);
    return r.events;
  }

  rejects(cmd: Command, options: { asGm?: boolean } = {}): string {
    const before = JSON.stringify(this.log.state);
    const r = this.log.execute(cmd, queue(), options);
    if (r.ok) throw new Error(`expected ${cmd.type} to be rejected`);
    expect(JSON.stringify(this.log.state)).toBe(before);
    return r.rejection.code;
  }

  /**
   * The contract of every override: it applies, every event it emits carries the GM's reason,
   * replay of the log gives the same state, and undo gives back exactly the state before.
   */
  override(cmd: Command, ...faces: number[]): LoggedEvent[] {
    const before = structuredClone(this.log.state);
    const events = this.run({ ...cmd, reason: 'the GM says so' }, ...faces);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.reason, `${e.type} carries the reason`).toBe('the GM says so');
    expect(replayLog(this.log.engine, this.log.events)).toEqual(this.log.state);
    const after = structuredClone(this.log.state);
    expect(this.log.execute({ type: 'undo' }, queue()).ok).toBe(true);
    expect(this.log.state).toEqual(before);
    expect(this.log.execute({ type: 'redo' }, queue()).ok).toBe(true);
    expect(this.log.state).toEqual(after);
    return events;
  }
}
