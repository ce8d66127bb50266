// The aggressive policy knows an enemy's affinities only once a hit has revealed them (ruling "Revealed
// affinities"), and the record of what has been revealed.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededSource } from '../../dice/index.ts';
import { createEngine, currentUnit } from '../../engine/index.ts';
import { loadText } from '../load.ts';
import { Table } from '../testing.ts';
import { battle } from './fixtures.ts';
import { frontline } from './index.ts';
import { dataOf, knownTo } from './model.ts';
import { aggressive } from './policy.ts';

const atk = (target: string) => ({ type: 'attack', actor: 'hero', target });
const revealedEvents = (ev: { type: string; key?: string }[]) => ev.filter((e) => e.type === 'unit.data' && e.key === 'revealed');

/**
 * Ria (sword 1d8 kinetic, melee, in hand; Might 2, Dexterity 3) against the Raider (HP 15, Dodge 2,
 * Defense 2) with `affinities`, and a second raider, Vane (HP 18, no affinities), all in the frontline.
 * Initiative: Ria 10 + 2 = 12, Raider 12 + 0 = 12 (tie: characters first), Vane 1 + 0.
 */
function table(affinities: Record<string, string>) {
  const vane = { id: 'vane', name: 'Vane', side: 'raiders', hp: 18, defense: 2, modifiers: { might: 1, dexterity: 1, personality: 0, dodge: 2 }, weapons: ['claws'] };
  const t = new Table(frontline, battle({ foe: { affinities }, extra: [vane] }));
  t.start(10, 12, 1);
  return t;
}

const choose = (t: Table) => aggressive(t.state, 'hero', t.engine.listing(t.state, 'hero'), () => 0).command;

describe('frontline: revealed affinities (ruling "Revealed affinities")', () => {
  it('FRL-DMG-2: a hit records the damage type on the target, once, by a unit.data event; a miss reveals nothing', () => {
    const t = table({ kinetic: 'immune' });
    // miss: d20 2 + 3 = 5 < Dodge d20 10 + 2 = 12
    expect(revealedEvents(t.dice(2, 10).do(atk('foe')))).toEqual([]);
    expect(dataOf(t.unit('foe')).revealed).toBeUndefined();
    t.passUntil('hero');
    // hit: 15 + 3 = 18 ≥ 3 + 2 = 5 → IMMUNE (no damage dice): the table has now seen it
    const ev = t.dice(15, 3).do(atk('foe'));
    expect(t.lines(ev)).toContain('Raider is immune to kinetic damage: IMMUNE, no damage [FRL-DMG-2]');
    expect(revealedEvents(ev)).toMatchObject([{ unit: 'foe', key: 'revealed', value: ['kinetic'] }]);
    expect(dataOf(t.unit('foe')).revealed).toEqual(['kinetic']);
    t.passUntil('hero');
    expect(revealedEvents(t.dice(15, 3).do(atk('foe')))).toEqual([]); // already known: no second event
    t.passUntil('hero');
    // plain damage reveals that Vane has no affinity to kinetic: 1d8 4 + Might 2 − Defense 2 = 4
    const plain = t.dice(15, 3, 4).do(atk('vane'));
    expect(revealedEvents(plain)).toMatchObject([{ unit: 'vane', value: ['kinetic'] }]);
    expect(t.hp('vane')).toBe(14); // the record changes no number
  });

  it('knownTo: other sides\' affinities only for revealed types; the own side\'s in full', () => {
    const t = table({ kinetic: 'immune', energy: 'weak' });
    expect(dataOf(knownTo(t.state, 'heroes').units.foe).affinities).toEqual({});
    expect(dataOf(knownTo(t.state, 'raiders').units.foe).affinities).toEqual({ kinetic: 'immune', energy: 'weak' });
    t.dice(15, 3).do(atk('foe'));
    expect(dataOf(knownTo(t.state, 'heroes').units.foe).affinities).toEqual({ kinetic: 'immune' });
    expect(dataOf(t.unit('foe')).affinities).toEqual({ kinetic: 'immune', energy: 'weak' }); // the state itself is untouched
  });

  it('FRL-DMG-2: the policy strikes an IMMUNE enemy it has not seen yet, then leaves it for one it can hurt', () => {
    const t = table({ kinetic: 'immune' });
    // the Raider (15 HP) is the weakest; nothing shows its immunity yet, so Ria expects 1d8 + 2 − 2 from the sword
    expect(choose(t)).toEqual(atk('foe'));
    t.dice(15, 3).do(atk('foe')); // IMMUNE
    t.passUntil('hero');
    expect(choose(t)).toEqual(atk('vane'));
  });

  it('FRL-DMG-2: REFLECT and DRAIN, once seen, are never struck again; unseen they are', () => {
    for (const affinity of ['reflect', 'drain']) {
      const t = table({ kinetic: affinity });
      expect(choose(t), affinity).toEqual(atk('foe'));
      t.dice(15, 3, 5).do(atk('foe'));
      t.passUntil('hero');
      expect(choose(t), affinity).toEqual(atk('vane'));
    }
  });

  it('FRL-DMG-2: a weakness counts once revealed: between equally hurt enemies it draws the strike', () => {
    // the Raider and Vane both at 15 HP; Vane is weak to kinetic (MAX DMG!: 8 + 2 − 2 = 8 against a mean of 4.5)
    const vane = { id: 'vane', name: 'Vane', side: 'raiders', hp: 15, defense: 2, affinities: { kinetic: 'weak' }, modifiers: { might: 1, dexterity: 1, personality: 0, dodge: 2 }, weapons: ['claws'] };
    const t = new Table(frontline, battle({ extra: [vane] }));
    t.start(10, 12, 1);
    expect(choose(t)).toEqual(atk('foe')); // unseen: the two look alike, the first listed is struck
    const seen = structuredClone(t.state);
    seen.units.vane.data.revealed = ['kinetic']; // as if an earlier hit had shown MAX DMG!
    expect(aggressive(seen, 'hero', t.engine.listing(seen, 'hero'), () => 0).command).toEqual(atk('vane'));
  });
});

describe('frontline: the aggressive policy chooses only what the listing lists', () => {
  // it weighs the uses itself and builds the option it chose as the listing does (policy.ts): the
  // whole listing must hold that very option, at every decision of fights of every example
  const dir = new URL('../../../examples/frontline/', import.meta.url);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    it(file, () => {
      const loaded = loadText(readFileSync(new URL(file, dir), 'utf8'), file);
      if (!loaded.ok) throw new Error(loaded.problems[0].message);
      const engine = createEngine(loaded.value.ruleset);
      let decisions = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const dice = seededSource(seed, 0);
        let state = engine.replay(engine.create(loaded.value.doc));
        state = (engine.decide(state, { type: 'start' }, dice) as { state: typeof state }).state;
        for (let n = 0; state.status !== 'ended' && n < 400; n++) {
          const unit = currentUnit(state)!;
          const chosen = aggressive(state, unit, engine.listing(state, unit), () => 0);
          expect(engine.legalActions(state, unit)).toContainEqual(chosen);
          decisions++;
          const d = engine.decide(state, chosen.command, dice, { inPlace: true });
          if (!d.ok) throw new Error(d.rejection.message);
          state = d.state;
        }
      }
      expect(decisions).toBeGreaterThan(100);
    });
  }
});
