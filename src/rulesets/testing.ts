/**
 * A harness for rules tests: an encounter driven by scripted dice, so every expected number in a test
 * can be worked out by hand. Tests only (rulesets import it from their *.test.ts files).
 */
import {
  createEngine, describeEvent, EncounterLog, isRejection, renderBreakdown, type Command, type DieDraw, type EncounterState, type GameEvent, type LoggedEvent, type Preview, type Ruleset,
} from '../engine/index.ts';

/** The dice a command drew, in order, as `<label> d<sides>` ("hit check d20"): the order a guide documents. */
export function drawnDice(events: readonly GameEvent[]): string[] {
  return events.flatMap((e): DieDraw[] => (e.type === 'check' || e.type === 'note' ? e.dice ?? [] : [])).map((d) => `${d.label} d${d.sides}`);
}

export class Table {
  readonly log: EncounterLog;
  private faces: number[] = [];
  private readonly source = {
    roll: (sides: number, label?: string) => {
      if (!this.faces.length) throw Object.assign(new Error(`the test scripted too few dice: a d${sides} was wanted${label ? ` (${label})` : ''}`), { code: 'test/dice_exhausted' });
      const f = this.faces.shift()!;
      if (f < 1 || f > sides) throw Object.assign(new Error(`scripted face ${f} does not fit a d${sides}${label ? ` (${label})` : ''}`), { code: 'test/bad_face' });
      return f;
    },
  };

  constructor(readonly ruleset: Ruleset, doc: unknown) {
    this.log = new EncounterLog(createEngine(ruleset));
    this.log.create(ruleset.encounterSchema.parse(doc));
  }

  get state(): EncounterState {
    return this.log.state;
  }

  get engine() {
    return this.log.engine;
  }

  /** Queue dice faces for the next commands. */
  dice(...faces: number[]): this {
    this.faces.push(...faces);
    return this;
  }

  /** Faces queued and not used: a test should end with none. */
  get unusedDice(): number[] {
    return [...this.faces];
  }

  /** Run a command that must succeed; returns its events. */
  do(command: Command): LoggedEvent[] {
    const r = this.log.execute(command, this.source);
    if (!r.ok) throw new Error(`rejected ${JSON.stringify(command)}: ${r.rejection.code}: ${r.rejection.message}`);
    return r.events;
  }

  start(...faces: number[]): LoggedEvent[] {
    this.dice(...faces);
    return this.do({ type: 'start' });
  }

  /** Run a command that must be rejected; returns the rejection code and checks nothing changed. */
  rejects(command: Command): string {
    const before = JSON.stringify(this.log.state);
    const r = this.log.execute(command, this.source);
    if (r.ok) throw new Error(`expected ${JSON.stringify(command)} to be rejected, but it produced ${r.events.length} events`);
    if (JSON.stringify(this.log.state) !== before) throw new Error('a rejected command changed the state');
    return r.rejection.code;
  }

  preview(command: Command): Preview {
    const p = this.log.engine.preview(this.log.state, command);
    if (isRejection(p)) throw new Error(`preview rejected: ${p.code}: ${p.message}`);
    return p;
  }

  get active(): string | undefined {
    return this.log.engine.activeUnit(this.log.state);
  }

  unit(id: string) {
    return this.log.state.units[id];
  }

  hp(id: string): number {
    return this.log.state.units[id].pools.hp.value;
  }

  /** Rendered breakdowns of the check events among `events` (default: the whole log). */
  checks(events: readonly GameEvent[] = this.log.events): string[] {
    return events.flatMap((e) => (e.type === 'check' ? [renderBreakdown(e.breakdown)] : []));
  }

  /** The log as readable lines. */
  lines(events: readonly LoggedEvent[] = this.log.events): string[] {
    return events.map((e) => describeEvent(e, this.log.state, this.ruleset));
  }

  /** End turns until it is `unit`'s turn (no dice needed for plain turn ends). */
  passUntil(unit: string, max = 50): void {
    for (let i = 0; i < max && this.active !== unit; i++) this.do({ type: 'end_turn', actor: this.active });
    if (this.active !== unit) throw new Error(`never reached ${unit}'s turn`);
  }
}
