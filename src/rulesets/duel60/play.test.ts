// Whole fights: every example encounter plays to its end; every listed option is accepted; preview odds; bad files.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededSource } from '../../dice/index.ts';
import { createEngine, currentUnit, isRejection, listingOf, viewState, type Command, type EncounterState } from '../../engine/index.ts';
import { loadText } from '../load.ts';
import { Table } from '../testing.ts';
import { duel, foeStats } from './fixtures.ts';
import { duel60 } from './index.ts';
import { aggressive } from './policy.ts';
import type { AttackPreview } from './preview.ts';

const EXAMPLES = ['duel', 'skirmish-3v3', 'javelin-dodge'];
const engine = createEngine(duel60);

/**
 * Play a fight to its end the way src/sim/fight.ts's playFight does (answers first, else the active unit's
 * policy over legalActions). A rulesets test may not import sim (src/layers.test.ts), hence this copy;
 * `skirmish run` plays the same files through playFight itself.
 */
function playToEnd(doc: unknown, seed: number, onState?: (state: EncounterState) => void, maxCommands = 5000): EncounterState {
  const dice = seededSource(seed, 0);
  const choices = seededSource(seed, 1);
  let state = engine.replay(engine.create(doc));
  const send = (cmd: Command) => {
    const d = engine.decide(state, cmd, dice, { inPlace: true });
    if (!d.ok) throw new Error(`${JSON.stringify(cmd)} was rejected: ${d.rejection.code}: ${d.rejection.message}`);
    state = d.state;
    onState?.(state);
  };
  send({ type: 'start' });
  for (let i = 0; i < maxCommands && state.status === 'active'; i++) {
    const unit = state.pending[0] ? state.pending[0].answeredBy : currentUnit(state)!;
    const options = engine.legalActions(state, unit);
    send(options.length ? aggressive(state, unit, listingOf(options), (n) => choices.roll(n) - 1).command : { type: 'end_turn', actor: unit });
  }
  return state;
}

function load(name: string) {
  const file = `examples/duel60/${name}.yaml`;
  const r = loadText(readFileSync(file, 'utf8'), file);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  return r.value;
}

describe('duel60 example encounters', () => {
  for (const name of EXAMPLES) {
    it(`D60-TURN-1, D60-PRJ-1: ${name}.yaml plays to the end under several seeds`, () => {
      const loaded = load(name);
      for (const seed of [1, 2, 3, 7]) {
        const end = playToEnd(loaded.doc, seed);
        expect(end.status).toBe('ended');
        expect(end.result?.outcome).toBe('victory');
        expect(end.turn.round).toBeLessThan(60);
      }
    });
  }
});

describe('duel60 legal actions', () => {
  it('legalActions lists only what decide accepts, from several states of a played fight', () => {
    const loaded = load('skirmish-3v3');
    let checked = 0;
    playToEnd(loaded.doc, 5, (state) => {
      if (state.status !== 'active' || checked > 400) return;
      const id = state.pending[0]?.answeredBy ?? engine.activeUnit(state);
      if (!id || id === 'gm') return;
      for (const o of engine.legalActions(state, id)) {
        const d = engine.decide(state, o.command, seededSource(checked, 0));
        if (!d.ok) throw new Error(`listed but refused: ${JSON.stringify(o.command)}: ${d.rejection.code} ${d.rejection.message}`);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(100);
  });

  it('D60-STA-1: a unit with no stamina is offered no action; a paralyzed one still moves', () => {
    const t = new Table(duel60, duel({ hero: { abilities: ['hex-Paralyze'] } }));
    t.start();
    t.dice(60, 1).do({ type: 'cast', actor: 'hero', ability: 'hex-Paralyze', target: 'foe' });
    t.do({ type: 'end_turn', actor: 'hero' });
    const groups = new Set(t.engine.legalActions(t.state, 'foe').map((o) => o.group));
    expect([...groups].sort()).toEqual(['defend', 'free', 'move', 'turn']);
  });
});

describe('duel60 preview', () => {
  it('D60-HIT-1, D60-HIT-2: exact chance of the d60 + Agility contest and of each grade; the damage distribution', () => {
    const t = new Table(duel60, duel());
    t.start();
    // margin = (a + 20) − (d + 10) = a − d + 10 with a, d uniform on 1..60.
    // dodged: a − d < −20, i.e. d − a ≥ 21: Σ_{k=21}^{59} (60 − k) / 3600 = 780 / 3600
    // glancing: −20 ≤ a − d ≤ 0: (60 + Σ_{k=1}^{20} (60 − k)) / 3600 = 1050 / 3600
    // solid: 1 ≤ a − d ≤ 10: Σ_{k=1}^{10} (60 − k) = 545; dramatic: 11..20: 445; critical: 21..59: 780 → / 3600
    const p = t.preview({ type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand'] }) as AttackPreview;
    expect(p.grades.dodged).toBeCloseTo(780 / 3600, 12);
    expect(p.grades.glancing).toBeCloseTo(1050 / 3600, 12);
    expect(p.grades.solid).toBeCloseTo(545 / 3600, 12);
    expect(p.grades.dramatic).toBeCloseTo(445 / 3600, 12);
    expect(p.grades.critical).toBeCloseTo(780 / 3600, 12);
    expect(p.chance).toBeCloseTo(1 - 780 / 3600, 12);
    // damage: glancing 2, solid 8, dramatic 8, critical 14
    expect(p.damage!.probOf(2)).toBeCloseTo(1050 / 3600, 12);
    expect(p.damage!.probOf(14)).toBeCloseTo(780 / 3600, 12);
    expect(p.expectedDamage).toBeCloseTo((1050 * 2 + 990 * 8 + 780 * 14) / 3600, 12);
    expect(p.damageOnHit).toMatchObject({ min: 2, max: 14 });
  });

  it('preview: a flurry stops when a dramatic blow knocks the target out of reach', () => {
    const t = new Table(duel60, duel());
    t.start();
    const one = t.preview({ type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand'] }) as AttackPreview;
    const two = t.preview({ type: 'attack', actor: 'hero', target: 'foe', limbs: ['right_hand', 'left_hand'] }) as AttackPreview;
    // E[2 limbs] = E[1] + P(not dramatic) × E[1] (30 health is never reached by two blows of at most 14)
    expect(two.expectedDamage).toBeCloseTo(one.expectedDamage! * (1 + 1 - one.grades.dramatic), 12);
    const refused = t.engine.preview(t.state, { type: 'attack', actor: 'hero', target: 'foe', limbs: ['tail'] });
    expect(isRejection(refused) && refused.code).toBe('command/bad_limbs');
  });

  it('policy aggressive: rests when stamina is low, else strikes with the best expected damage', () => {
    const t = new Table(duel60, duel({ hero: { start: { stamina: 2 } } }));
    t.start();
    expect(aggressive(t.state, 'hero', t.engine.listing(t.state, 'hero'), () => 0).command.type).toBe('rest');
    const u = new Table(duel60, duel({ hero: { weapons: ['sword'] } }));
    u.start();
    // 5 limbs would leave 5 stamina; the flurry's expected damage beats one Sword strike
    const pick = aggressive(u.state, 'hero', u.engine.listing(u.state, 'hero'), () => 0);
    expect(pick.command).toMatchObject({ type: 'attack', target: 'foe', limbs: ['right_hand', 'left_hand', 'right_leg', 'left_leg', 'head'] });
  });
});

describe('duel60 encounter files', () => {
  it('a unit the file marks hidden starts hidden from the players (the table\'s, as in every ruleset)', () => {
    const state = engine.replay(engine.create(duel({ foe: { hidden: true } })));
    expect(state.units.foe.hidden).toBe(true);
    expect(state.units.hero.hidden).toBeUndefined();
    expect(Object.keys(viewState(state, { role: 'player', player: 'p1' }).units)).toEqual(['hero']);
  });

  const yaml = (units: string) => `ruleset: duel60\nname: bad\nmap: { width: 6, height: 6 }\nunits:\n${units}`;
  const stats = JSON.stringify(foeStats);
  it('a missing stat, an unknown field and a bad side effect are clear errors', () => {
    const r = loadText(yaml(`  - { id: a, name: A, side: x, at: [0, 0], stats: { strength: 1 } }\n  - { id: b, name: B, side: y, at: [1, 1], stats: ${stats}, armour: 3 }\n`), 'bad.yaml');
    expect(r.ok).toBe(false);
    const text = !r.ok ? r.problems.map((p) => `${p.line}: ${p.path}: ${p.message}`) : [];
    expect(text).toContain('5: units[0].stats.endurance: Endurance is missing: a unit needs all eight stats');
    expect(text).toContain('6: units[1]: unknown field "armour"');
    const fx = loadText(`ruleset: duel60\nname: bad\nmap: { width: 6, height: 6 }\ncontent:\n  abilities:\n    - { id: z, name: Z, effects: [{ name: Burn }] }\nunits:\n  - { id: a, name: A, side: x, at: [0, 0], stats: ${stats} }\n  - { id: b, name: B, side: y, at: [1, 1], stats: ${stats} }\n`, 'fx.yaml');
    expect(!fx.ok && fx.problems[0].message).toMatch(/a side effect is one of Silence, Paralyze, Stun, Bleed/);
  });

  it('two units on one tile, and an unknown weapon, are refused by name', () => {
    const r = loadText(yaml(`  - { id: a, name: A, side: x, at: [0, 0], stats: ${stats}, weapons: [axe] }\n  - { id: b, name: B, side: y, at: [0, 0], stats: ${stats} }\n`), 'bad.yaml');
    const msgs = !r.ok ? r.problems.map((p) => p.message) : [];
    expect(msgs).toContain('no weapon "axe" in content.weapons');
    expect(msgs).toContain('tile [0,0] already holds another unit');
  });
});
