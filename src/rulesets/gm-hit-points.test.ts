// The GM's hand on hit points, in every ruleset: HP set to 0 downs a standing unit by the ruleset's rules
// (P20-FAINT-1, FRL-END-1, D60-STA-2, OUT-DMG-1); a downed unit raised above 0 is back on its feet, takes
// its turns again, counts for its side, and the log says so in words. Undo gives back exactly the state before.
import { describe, expect, it } from 'vitest';
import { createEngine, describeEvent, EncounterLog, isStanding, replayLog, type Command, type LoggedEvent, type Ruleset } from '../engine/index.ts';
import { battle } from './frontline/fixtures.ts';
import { frontline } from './frontline/index.ts';
import { duel as d60, heroStats } from './duel60/fixtures.ts';
import { duel60 } from './duel60/index.ts';
import { duel as out } from './outerah/fixtures.ts';
import { outerah } from './outerah/index.ts';
import { duel as p20 } from './phase20/fixtures.ts';
import { phase20 } from './phase20/index.ts';

// the numbers do not matter here, only who stands: every die shows its middle face
const middle = { roll: (sides: number) => Math.ceil(sides / 2) };

interface Case {
  ruleset: Ruleset;
  doc: unknown;
  /** The log line of the hero going down at 0 HP by this ruleset's rules. */
  down: string;
  /** What standing up again also does by this ruleset's rules (outerah: the Spirit Release countdown stops). */
  up?: string[];
}

const cases: Case[] = [
  {
    ruleset: phase20,
    doc: p20({ extra: [{ id: 'ally', name: 'Ally', side: 'heroes', at: [6, 6], hp: 10, dv: 10, speed: 4 }] }),
    down: 'Hero is down (fainted at 0 hit points) [P20-FAINT-1]',
  },
  {
    ruleset: frontline,
    doc: battle({ extra: [{ id: 'ally', name: 'Ally', side: 'heroes', start: 'frontline', hp: 10, defense: 1, modifiers: { might: 1, dexterity: 1, personality: 0, dodge: 0 }, weapons: ['sword'] }] }),
    down: 'Ria falls unconscious at 0 HP [FRL-END-1]',
  },
  {
    ruleset: duel60,
    doc: d60({ extra: [{ id: 'ally', name: 'Ally', side: 'heroes', at: [6, 6], stats: heroStats }] }),
    down: 'Hero is down (defenseless at 0 health: stamina 0, can be killed) [D60-STA-2]',
  },
  {
    ruleset: outerah,
    doc: out({ extra: [{ id: 'ally', name: 'Ally', side: 'heroes', class: 'nightblade', at: [8, 8], facing: 'E', hp: 20, stats: { strength: 20, vitality: 20, agility: 20, charisma: 30, intelligence: 10, wisdom: 20 }, weapons: ['sword'] }] }),
    down: 'Hero is down (reduced to 0 hit points) [OUT-DMG-1]',
    // ruling OUT-MNT-1: every creature at 0 HP starts the Spirit Release countdown; raised in time, it stops
    up: ["Hero's Spirit Release ends (cleansed)", 'Hero is healed in time: the Spirit Release countdown stops [OUT-MNT-1]'],
  },
];

class Fight {
  readonly log: EncounterLog;
  constructor(readonly ruleset: Ruleset, doc: unknown) {
    this.log = new EncounterLog(createEngine(ruleset));
    this.log.create(ruleset.encounterSchema.parse(doc));
    this.run({ type: 'start' });
  }
  get state() {
    return this.log.state;
  }
  run(cmd: Command): LoggedEvent[] {
    const r = this.log.execute(cmd, middle);
    if (!r.ok) throw new Error(`${cmd.type}: ${r.rejection.code}: ${r.rejection.message}`);
    return r.events;
  }
  lines(events: readonly LoggedEvent[]): string[] {
    return events.map((e) => describeEvent(e, this.state, this.ruleset));
  }
  /** A GM command that must replay to the same state, and undo to exactly the state before (then redo). */
  override(cmd: Command): LoggedEvent[] {
    const before = structuredClone(this.state);
    const events = this.run(cmd);
    const after = structuredClone(this.state);
    expect(replayLog(this.log.engine, this.log.events)).toEqual(after);
    this.run({ type: 'undo' });
    expect(this.state).toEqual(before);
    this.run({ type: 'redo' });
    expect(this.state).toEqual(after);
    return events;
  }
  /** Pass turns until `unit`'s turn starts (at most two rounds' worth of slots); the events on the way. */
  passTo(unit: string): LoggedEvent[] {
    const seen: LoggedEvent[] = [];
    for (let i = 0; i < 2 * this.state.turn.order.length + 2 && this.log.engine.activeUnit(this.state) !== unit; i++) {
      seen.push(...this.run({ type: 'end_turn', actor: this.log.engine.activeUnit(this.state) }));
    }
    return seen;
  }
}

describe.each(cases)('the GM sets hit points ($ruleset.id)', ({ ruleset, doc, down, up = [] }) => {
  it('HP set to 0 downs a standing unit by the rules; raised above 0 it is back on its feet, takes its turns and counts for its side', () => {
    const t = new Fight(ruleset, doc);
    const name = t.state.units.hero.name;
    // not on the hero's turn: the ally acts, so the hero's slot is still to come or next round
    if (t.log.engine.activeUnit(t.state) === 'hero') t.run({ type: 'end_turn', actor: 'hero' });

    const lowered = t.override({ type: 'gm.set_pool', unit: 'hero', pool: 'hp', value: 0, reason: 'crushed by the falling gate' });
    expect(t.state.units.hero.status).toBe('down');
    expect(isStanding(ruleset, t.state, 'hero')).toBe(false);
    expect(t.lines(lowered)).toContain(down);
    expect(lowered.every((e) => e.reason === 'crushed by the falling gate')).toBe(true);

    const raised = t.override({ type: 'gm.set_pool', unit: 'hero', pool: 'hp', value: 5, reason: 'a potion off screen' });
    expect(t.state.units.hero).toMatchObject({ status: 'active', pools: { hp: { value: 5 } } });
    expect(isStanding(ruleset, t.state, 'hero')).toBe(true);
    expect(t.lines(raised)).toEqual([`${name}'s HP is now 5`, `${name} is back in the fight (the GM raised HP above 0)`, ...up]);

    // its slot gives it a turn again: the next time round, its turn starts instead of being passed by
    const way = t.passTo('hero');
    expect(t.log.engine.activeUnit(t.state)).toBe('hero');
    expect(way.some((e) => e.type === 'turn.skipped' && e.unit === 'hero')).toBe(false);

    // it counts for its side: the ally going down leaves the fight on, the hero going down too ends it
    t.run({ type: 'end_turn', actor: 'hero' });
    t.override({ type: 'gm.set_pool', unit: 'ally', pool: 'hp', value: 0 });
    expect(t.state.status).toBe('active');
    t.override({ type: 'gm.set_pool', unit: 'hero', pool: 'hp', value: 0 });
    expect(t.state.status).toBe('ended');
    expect(t.state.result).toMatchObject({ winner: t.state.units.foe.side });
  });

  it('the acting unit brought down by the GM does not go on acting: its turn ends there, and the log says why', () => {
    for (const cmd of [
      { type: 'gm.set_pool', pool: 'hp', value: 0 },
      { type: 'gm.damage', amount: 999, rules: true },
      { type: 'gm.set_status', status: 'down' },
    ]) {
      const t = new Fight(ruleset, doc);
      const acting = t.log.engine.activeUnit(t.state)!;
      const { name } = t.state.units[acting];
      const round = t.state.turn.round;
      const ev = t.override({ ...cmd, unit: acting } as Command);
      expect(t.state.status, cmd.type).toBe('active'); // each side has two units: the fight goes on
      expect(t.log.engine.activeUnit(t.state), cmd.type).not.toBe(acting);
      const ended = ev.findIndex((e) => e.type === 'turn.ended' && e.unit === acting);
      expect(ended, `${cmd.type}: the turn ends`).toBeGreaterThan(-1);
      // never silently: the log says why, once (phase20's fainting ends the turn itself, by P20-FAINT-1)
      const said = t.lines(ev.slice(0, ended)).filter((l) => l === `${name}'s turn ends: ${name} is down` || l.endsWith('[P20-FAINT-1]'));
      expect(said, cmd.type).toHaveLength(1);
      expect(t.state.turn.round).toBeGreaterThanOrEqual(round);
    }
  });

  it('gm.heal on a downed unit stands it up too; healing a standing unit changes no status', () => {
    const t = new Fight(ruleset, doc);
    // downed the way a GM could before HP set to 0 downed anyone: raw damage to 0, then the status
    t.run({ type: 'gm.damage', unit: 'hero', amount: 99, rules: false });
    t.run({ type: 'gm.set_status', unit: 'hero', status: 'down' });
    const healed = t.override({ type: 'gm.heal', unit: 'hero', amount: 3 });
    expect(t.state.units.hero.status).toBe('active');
    expect(healed.filter((e) => e.type === 'unit.status')).toHaveLength(1);
    const again = t.run({ type: 'gm.heal', unit: 'hero', amount: 1 });
    expect(again.some((e) => e.type === 'unit.status')).toBe(false);
  });
});

describe('the GM sets hit points: what each ruleset adds', () => {
  it('FRL-END-1: a character set to 0 HP gains a Battlescar, as after any blow', () => {
    const t = new Fight(frontline, cases[1].doc);
    const before = t.state.units.hero.data.battlescars as number;
    t.run({ type: 'gm.set_pool', unit: 'hero', pool: 'hp', value: 0 });
    expect(t.state.units.hero.data.battlescars).toBe(before + 1);
  });

  it('D60-STA-2: Health set to 0 takes stamina to 0; raised again, stamina stays where it is (ruling D60-STA-2)', () => {
    const t = new Fight(duel60, cases[2].doc);
    t.run({ type: 'gm.set_pool', unit: 'hero', pool: 'hp', value: 0 });
    expect(t.state.units.hero.pools.stamina.value).toBe(0);
    t.run({ type: 'gm.set_pool', unit: 'hero', pool: 'hp', value: 5 });
    expect(t.state.units.hero).toMatchObject({ status: 'active', pools: { stamina: { value: 0 } } });
  });

  it('D60-STA-2: damage by the GM "by the rules" that takes Health to 0 leaves the fighter defenseless, as a blow would', () => {
    const t = new Fight(duel60, cases[2].doc);
    if (t.log.engine.activeUnit(t.state) === 'hero') t.run({ type: 'end_turn', actor: 'hero' });
    const ev = t.override({ type: 'gm.damage', unit: 'hero', amount: 999, rules: true });
    expect(t.state.units.hero).toMatchObject({ status: 'down', pools: { hp: { value: 0 }, stamina: { value: 0 } } });
    expect(t.lines(ev)).toContain(cases[2].down);
    // raw damage stays only the number, as the GM asked (the log says what the rules would give)
    const raw = new Fight(duel60, cases[2].doc);
    raw.run({ type: 'gm.damage', unit: 'hero', amount: 999, rules: false });
    expect(raw.state.units.hero.status).toBe('active');
  });

  it('D60-STA-2 (ruling): a dead unit given Health stays dead; raising the dead is a status the GM sets', () => {
    const t = new Fight(duel60, cases[2].doc);
    t.run({ type: 'gm.set_status', unit: 'hero', status: 'dead' });
    const ev = t.run({ type: 'gm.set_pool', unit: 'hero', pool: 'hp', value: 5 });
    expect(t.state.units.hero.status).toBe('dead');
    expect(ev.some((e) => e.type === 'unit.status')).toBe(false);
  });
});
