// The aggressive policy's answers to a projectile (D60-PRJ-2), from the exact odds of each reaction.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededSource } from '../../dice/index.ts';
import { createEngine, listingOf } from '../../engine/index.ts';
import { playFight } from '../../sim/fight.ts';
import { loadText } from '../load.ts';
import { Table } from '../testing.ts';
import { crossfire, duel, foeStats, heroStats } from './fixtures.ts';
import { duel60 } from './index.ts';
import { projectilesOf } from './model.ts';
import { aggressive } from './policy.ts';
import { reactionOdds } from './reaction-policy.ts';
import { actionWorth, rootCost } from './worth.ts';

type Over = Record<string, unknown>;

/**
 * The Hero (Strength 30, at (1,1)) throws one weapon at the Brute (Endurance 15) at (3,1); it reaches
 * the Brute at the end of the Hero's turn (a knife flies 3 tiles a turn, a javelin 2) and the Brute must react.
 * Knife: pierce 6 + (30 − 15: 1 × 4) = 10 solid and dramatic, ¼ → 2 glancing, critical 12 + 4 = 16, Block ½ → 5.
 */
function reaching(hero: Over, foe: Over, opts: { weapon?: string; extra?: Over[] } = {}) {
  const weapon = opts.weapon ?? 'knife';
  const t = new Table(duel60, duel({ hero: { weapons: [weapon], ...hero }, foe: { at: [3, 1], ...foe }, extra: opts.extra ?? [] }));
  t.start();
  t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon });
  t.do({ type: 'end_turn', actor: 'hero' });
  const options = t.engine.legalActions(t.state, 'foe');
  const choice = (pick: (n: number) => number = () => 0) => aggressive(t.state, 'foe', listingOf(options), pick).command.choice;
  return { t, options, choice, odds: reactionOdds(t.state, t.unit('foe'), projectilesOf(t.state)[0]), worth: actionWorth(t.state, t.unit('foe')) };
}

const agile = (agility: number, more: Over = {}) => ({ stats: { ...foeStats, agility }, ...more });

const dart = { id: 'dart', name: 'Dart', damage: 8, type: 'pierce', stamina: 1, count: 3, thrown: { speed: 60, range: 10 } };

/** The Hero (Agility 40) throws a dart at the Brute (Agility 30, Speed 0) at (x, 1), facing away unless `more` says otherwise. */
function darted(x: number, more: Over = { facing: 'E' }) {
  const t = new Table(duel60, duel({ hero: { weapons: [dart], stats: { ...heroStats, agility: 40 } }, foe: { at: [x, 1], stats: { ...foeStats, agility: 30, speed: 0 }, ...more } }));
  t.start();
  t.do({ type: 'throw', actor: 'hero', target: 'foe', weapon: 'dart' });
  t.do({ type: 'end_turn', actor: 'hero' });
  const foe = t.unit('foe');
  return { choice: aggressive(t.state, 'foe', t.engine.listing(t.state, 'foe'), () => 0).command.choice, odds: reactionOdds(t.state, foe, projectilesOf(t.state)[0]), worth: actionWorth(t.state, foe), root: rootCost(t.state, foe) };
}

describe('duel60 aggressive policy: reactions to a projectile', () => {
  it('D60-PRJ-2, D60-HIT-2, D60-FLK-1: reactionOdds are the exact odds of the contests the reactions roll', () => {
    // The Brute (Agility 20) faces east, away from the knife: a back attack, its Agility counts 20 − 32 = −12.
    const { odds } = reaching({}, agile(20, { facing: 'E' }));
    const knife = (m: number) => (m < -10 ? 0 : m <= 10 ? 2 : m <= 30 ? 10 : 16);
    let none = 0;
    let counter = 0;
    let cancel = 0;
    for (let h = 1; h <= 60; h++) {
      for (let f = 1; f <= 60; f++) {
        none += knife(h + 20 - (f - 12)) / 3600; // the thrower's d60 + 20 against the Brute's d60 − 12
        const m = h + 20 - (f + 20); // Counter: the knife's d60 + 20 against the Brute's d60 + 20, no flank
        if (m <= 0) cancel += 1 / 3600;
        else counter += knife(m) / 3600;
      }
    }
    expect(odds.none.expected).toBeCloseTo(none, 9);
    expect(odds.counter.expected).toBeCloseTo(counter, 9);
    expect(odds.counter.cancel).toBeCloseTo(1830 / 3600, 9); // margin ≤ 0: 1 + 2 + … + 60 of 3600
    expect(odds.counter.cancel).toBeCloseTo(cancel, 9);
    expect(odds.block.damage.pmf()).toEqual([[5, 1]]);
    expect([odds.none.down, odds.block.down, odds.counter.down]).toEqual([0, 0, 0]); // 16 < 30 health
  });

  it('D60-PRJ-2: Evade when it can (free, no damage), to the offered tile nearest an enemy', () => {
    // Agility 20 ≥ the javelin's speed 20: Evade is offered, up to 1 + 2 tiles off row 1
    const { choice, options } = reaching({}, agile(20), { weapon: 'javelin' });
    expect(options.some((o) => (o.command.choice as { reaction: string }).reaction === 'evade')).toBe(true);
    expect(choice()).toEqual({ reaction: 'evade', to: [2, 0] }); // 1 tile from the Hero at (1,1); the first such tile listed
  });

  it('D60-PRJ-2: Block a heavy blow when it saves more than the action it takes is worth', () => {
    // Thrower Agility 40 against 16: the knife mostly lands solid or better (expected 9.80); Block takes 5 for sure.
    const r = reaching({ stats: { ...heroStats, agility: 40 } }, agile(16));
    expect(r.odds.none.expected).toBeCloseTo(9.802, 3);
    expect(r.odds.block.expected).toBe(5);
    expect(r.worth).toBeCloseTo(3.663, 3); // its fists against Agility 40 land little (one move takes it next to the Hero)
    expect(r.odds.none.expected - r.worth).toBeGreaterThan(5);
    expect(r.choice()).toEqual({ reaction: 'block' });
  });

  it('D60-PRJ-2: take a light blow rather than give up an action for it', () => {
    // Thrower Agility 10 against 25: expected 2.35 unreacted; Block would cost 5 and the action.
    const r = reaching({ stats: { ...heroStats, agility: 10 } }, agile(25));
    expect(r.odds.none.expected).toBeCloseTo(2.353, 3);
    expect(r.choice()).toEqual({ reaction: 'none' });
    // no Block offered (Agility 10 < 30 / 2) and a fist Counter saves less than the action is worth
    const weak = reaching({}, agile(10));
    expect(weak.options.map((o) => (o.command.choice as { reaction: string }).reaction)).toEqual(['none', 'counter']);
    expect(weak.odds.none.expected - weak.odds.counter.expected).toBeLessThan(weak.worth);
    expect(weak.choice()).toEqual({ reaction: 'none' });
  });

  it('D60-PRJ-2, D60-FLK-1: Counter a blow from behind when its odds are good and the action is worth little', () => {
    // From behind: 11.42 expected unreacted; Counter cancels 50.8% of the time (4.43 expected); Block 5.
    const tired = reaching({}, agile(20, { facing: 'E', start: { stamina: 3 } }));
    expect(tired.odds.none.expected).toBeCloseTo(11.417, 3);
    expect(tired.odds.counter.expected).toBeCloseTo(4.431, 3);
    expect(tired.worth).toBeCloseTo(5.876, 3); // 3 stamina: a flurry of 2 limbs
    expect(tired.choice()).toEqual({ reaction: 'counter', with: 'unarmed' });
    // with 8 stamina its next flurry (5 limbs, 12.72 expected: a dramatic blow knocks the Hero out of
    // reach and ends it) is worth more than the 7 it would save
    const fresh = reaching({}, agile(20, { facing: 'E' }));
    expect(fresh.worth).toBeCloseTo(12.722, 3);
    expect(fresh.choice()).toEqual({ reaction: 'none' });
  });

  it('D60-PRJ-2, D60-STA-2: survival first: a reaction that keeps it standing is taken whatever the action is worth', () => {
    // 10 health, from behind: unreacted, 79.4% to be left defenseless (a solid blow or better); Counter 34.0%; Block 5: never
    const r = reaching({}, agile(20, { facing: 'E', start: { health: 10 } }));
    expect(r.odds.none.down).toBeCloseTo(0.794, 3);
    expect(r.odds.counter.down).toBeCloseTo(0.34, 3);
    expect(r.odds.block.down).toBe(0);
    expect(r.worth).toBeGreaterThan(r.odds.none.expected);
    expect(r.choice()).toEqual({ reaction: 'block' });
  });

  it('D60-PRJ-2: does not evade a heavy blow onto an ally further on the line', () => {
    const alone = reaching({ stats: { ...heroStats, agility: 40 } }, agile(20), { weapon: 'javelin' });
    expect(alone.choice()).toEqual({ reaction: 'evade', to: [2, 0] });
    // an ally at (5,1) would take the javelin next: Block (8) rather than pass on 15.35 expected
    const shield = reaching({ stats: { ...heroStats, agility: 40 } }, agile(20), { weapon: 'javelin', extra: [{ id: 'pal', name: 'Pal', side: 'brutes', at: [5, 1], stats: foeStats }] });
    expect(shield.odds.none.expected).toBeCloseTo(15.35, 2);
    expect(shield.choice()).toEqual({ reaction: 'block' });
  });

  it('D60-PRJ-2: far from everyone its action is worth nothing next turn — it counters a blow it takes when in reach', () => {
    // A dart (speed 60: 6 tiles a turn, no Evade below Agility 60) from behind; the Brute (Speed 0) walks 3 tiles a turn
    const near = darted(3);
    expect(near.worth).toBeCloseTo(8.327, 3); // one move and it flurries the Hero
    const far = darted(7, {});
    expect(far.worth).toBe(0); // 3 tiles + a fist's reach does not get it to the Hero 6 tiles away
    // facing the dart: none 8.51, Counter 8.10, Block 6 — in reach the action is worth more than either saves
    expect(darted(3, {}).choice).toEqual({ reaction: 'none' });
    expect(far.choice).toEqual({ reaction: 'counter', with: 'unarmed' });
  });

  it("D60-PRJ-2: Block's Root costs the movement — far from everyone it puts the next strike off a turn, so it counters instead", () => {
    // from behind: none 16.35, Counter 8.10, Block 6 — and the Root
    const near = darted(3);
    expect(near.odds.none.expected).toBeCloseTo(16.348, 3);
    expect(near.root).toBe(0); // rooted, it still moves and strikes the turn after, as it would have
    expect(near.choice).toEqual({ reaction: 'block' }); // 6 + 8.33 < 8.10 + 8.33 < 16.35
    const far = darted(7);
    expect(far.root).toBeCloseTo(8.327, 3); // the flurry it would land a turn later
    expect(far.odds.block.expected + far.root).toBeGreaterThan(far.odds.counter.expected);
    expect(far.choice).toEqual({ reaction: 'counter', with: 'unarmed' });
  });

  it('is deterministic: the pick function is never consulted', () => {
    const r = reaching({}, agile(20, { facing: 'E', start: { stamina: 3 } }));
    const picks = [() => 0, () => 1, (n: number) => n - 1];
    expect(picks.map((p) => r.choice(p))).toEqual(picks.map(() => ({ reaction: 'counter', with: 'unarmed' })));
  });
});

function javelinDodge(): { units: { id: string }[] } {
  const loaded = loadText(readFileSync(new URL('../../../examples/duel60/javelin-dodge.yaml', import.meta.url), 'utf8'), 'javelin-dodge.yaml');
  if (!loaded.ok) throw new Error('javelin-dodge.yaml does not load');
  return loaded.value.doc as { units: { id: string }[] };
}

/** Play `n` fights of an encounter and count the reactions chosen (the answers to pending reactions). */
function reactionsOver(doc: unknown, n: number): Record<string, number> {
  const engine = createEngine(duel60);
  const created = engine.create(duel60.encounterSchema.parse(doc));
  const count: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const choices = seededSource(11, 2 * i + 1);
    playFight(engine, created, {
      dice: seededSource(11, 2 * i),
      pick: (k) => choices.roll(k) - 1,
      onEvents: (events) => {
        for (const e of events) {
          if (e.type !== 'pending.closed' || typeof e.answer !== 'object' || e.answer === null || !('reaction' in e.answer)) continue;
          const kind = String(e.answer.reaction);
          count[kind] = (count[kind] ?? 0) + 1;
        }
      },
    });
  }
  return count;
}

describe('duel60 aggressive policy in simulated fights (D60-PRJ-2)', () => {
  // 200 logged fights: a minute on a loaded machine, so the time allowed is generous (no speed is asserted)
  it('between two knife throwers a duelist blocks, counters and takes blows over 200 fights', { timeout: 180_000 }, () => {
    const c = reactionsOver(crossfire(), 200);
    expect(c.block).toBeGreaterThan(50);
    expect(c.counter).toBeGreaterThan(10);
    expect(c.none).toBeGreaterThan(50);
    expect(c.evade ?? 0).toBe(0); // Agility 24 < speed 30
  });

  it('javelin-dodge.yaml: Sefa evades every javelin she can over 200 fights (Garr throwing whatever comes first)', () => {
    const doc = javelinDodge();
    const c = reactionsOver({ ...doc, units: doc.units.map((u) => (u.id === 'garr' ? { ...u, policy: 'first' } : u)) }, 200);
    expect(c.evade).toBeGreaterThan(20);
    expect(Object.keys(c)).toEqual(['evade']);
  });

  it('javelin-dodge.yaml: an aggressive Garr keeps his javelins — Sefa would Evade every one for free', () => {
    expect(reactionsOver(javelinDodge(), 200)).toEqual({});
  });
});
