// The policy's unit profiles (profile.ts, issue 40 point 2: OUT-WPN-1, OUT-TURN-1, OUT-INIT-6, OUT-HIT-1): compiled
// once per set-up and shared by every fork, equal to what the plain readers find, and never stale — a unit given
// new weapons or skills by an event is answered from them at once.
import { describe, expect, it } from 'vitest';
import { createEngine, currentUnit, type Command, type EncounterState, type Json, type Unit } from '../../engine/index.ts';
import { slotOfWeapon } from './attack.ts';
import { effectRow } from './effect-table.ts';
import { duel } from './fixtures.ts';
import { hitNumbers, hitOdds } from './hit.ts';
import { outerah } from './index.ts';
import { dataOf, itemsOf } from './model.ts';
import { eachAttack } from './open-actions.ts';
import { aggressive } from './policy.ts';
import { itemElement, profileOf } from './profile.ts';
import { effectOrderOf } from './skill-effects.ts';
import { skillSpec, weaponSpec } from './spec.ts';
import { eachExampleTurn, examplesOf } from '../../../test/rulesets/example-turns.ts';

/** The profile the plain way: every reader asked afresh. */
function plainProfile(u: Unit) {
  const d = dataOf(u);
  return {
    weapons: d.weapons.map((w) => ({ id: w.id, spec: weaponSpec(w), slot: slotOfWeapon(w) })),
    skills: d.skills.map((k) => {
      const harmful = k.kind === 'attack' || k.kind === 'debuff';
      const effect = effectOrderOf(k)?.name;
      return { id: k.id, named: d.skills.indexOf(d.skills.find((x) => x.id === k.id)!), passive: k.kind === 'passive', harmful, spec: harmful ? skillSpec(k) : undefined, effect, inspiration: effectRow(effect ?? '')?.timing === 'inspiration' };
    }),
  };
}

function asPlain(u: Unit) {
  const p = profileOf(u);
  return {
    weapons: p.weaponList.map((w) => ({ id: w.w.id, spec: w.spec, slot: w.slot })),
    skills: p.skillList.map((s) => ({ id: s.k.id, named: p.skillList.indexOf(s.named), passive: s.passive, harmful: s.harmful, spec: s.spec, effect: s.effect, inspiration: s.inspiration })),
  };
}

/** Each example file of outerah, with an engine for it. */
const examples = () => examplesOf('outerah');

/** A state played in place, as the simulator plays it. */
function inPlace(doc: unknown) {
  const engine = createEngine(outerah);
  const state = engine.replay(engine.create(outerah.encounterSchema.parse(doc)));
  const dice = { roll: () => 1 };
  const run = (cmd: Command) => {
    const d = engine.decide(state, cmd, dice, { inPlace: true });
    if (!d.ok) throw new Error(d.rejection.message);
  };
  run({ type: 'start' });
  return { engine, state, run };
}

const choice = (engine: ReturnType<typeof createEngine>, state: EncounterState) => {
  const id = currentUnit(state)!;
  return aggressive(state, id, engine.listing(state, id), () => 0).command;
};

describe('outerah unit profiles (profile.ts)', () => {
  it('OUT-WPN-1, OUT-TURN-1, OUT-INIT-6: every unit of every example is profiled as the plain readers find it, once per set-up, the one profile shared by every fork', () => {
    let units = 0;
    for (const { file, engine, doc } of examples()) {
      const state = engine.replay(engine.create(doc as never));
      const fork = engine.fork(state);
      for (const id of state.unitOrder) {
        const u = state.units[id];
        expect(asPlain(u), `${file}: ${id}`).toEqual(plainProfile(u));
        // a fork's unit is a new shell over the same weapons and skills: the same profile, not a copy
        expect(fork.units[id]).not.toBe(u);
        expect(profileOf(fork.units[id]), `${file}: ${id}`).toBe(profileOf(u));
        for (const item of itemsOf(state)) expect(itemElement(state, item.id)).toBe(itemsOf(state).find((i) => i.id === item.id)!.element);
        units++;
      }
    }
    expect(units).toBeGreaterThan(20);
  });

  it('OUT-WPN-1, OUT-TURN-1: a unit given new skills (its weapons the same array) or new weapons by an event is profiled afresh — the policy casts and strikes with what it has now', () => {
    // Hero (no weapon, Firebolt) stands next to Foe; Sage, far off, knows Slow and carries a spear
    const { engine, state, run } = inPlace(duel({ hero: { weapons: [], skills: ['firebolt'] }, extra: [{ id: 'sage', name: 'Sage', side: 'heroes', class: 'sorcerer', at: [10, 10], hp: 20, weapons: ['spear'], skills: ['slow'] }] }));
    while (currentUnit(state) !== 'hero') run({ type: 'end_turn', actor: currentUnit(state)! });
    expect(choice(engine, state)).toMatchObject({ type: 'cast', skill: 'firebolt', target: 'foe' });
    const before = profileOf(state.units.hero);
    const weapons = dataOf(state.units.hero).weapons;
    // new skills, the weapons array untouched: the profile kept for that array must not answer
    run({ type: 'gm.set_data', unit: 'hero', key: 'skills', value: JSON.parse(JSON.stringify(dataOf(state.units.sage).skills)) as Json, reason: 'test' });
    expect(dataOf(state.units.hero).weapons).toBe(weapons);
    expect(profileOf(state.units.hero)).not.toBe(before);
    expect(asPlain(state.units.hero)).toEqual(plainProfile(state.units.hero));
    expect(choice(engine, state)).toMatchObject({ type: 'cast', skill: 'slow', target: 'foe' });
    // new weapons: struck with at once
    run({ type: 'gm.set_data', unit: 'hero', key: 'weapons', value: JSON.parse(JSON.stringify(dataOf(state.units.sage).weapons)) as Json, reason: 'test' });
    run({ type: 'gm.set_data', unit: 'hero', key: 'skills', value: [], reason: 'test' });
    expect(asPlain(state.units.hero)).toEqual(plainProfile(state.units.hero));
    expect(choice(engine, state)).toMatchObject({ type: 'attack', weapon: 'spear', target: 'foe' });
  });

  it('OUT-HIT-1, OUT-HIT-2, OUT-COV-1, OUT-COV-2, OUT-PET-5: hitNumbers gives hitOdds\' numbers for every attack open on every turn of every example\'s fights', () => {
    let compared = 0;
    eachExampleTurn('outerah', { seed: 5, maxRounds: 30 }, ({ state, unit: id }) => {
      const u = state.units[id];
      const units = state.unitOrder.map((k) => state.units[k]);
      eachAttack(state, u, units, (w, t) => {
        for (const spec of [weaponSpec(w), { ...weaponSpec(w), noCrit: 'test', advantage: 'test' }, { ...weaponSpec(w), bypassHalfCover: true }]) {
          const odds = hitOdds(state, u, t, spec);
          expect(hitNumbers(state, u, t, spec)).toEqual({ crit: odds.crit, threshold: odds.threshold, full: odds.cover.level === 'full', coverDie: odds.coverDie, advantage: !!odds.advantage });
          compared++;
        }
      });
    });
    expect(compared).toBeGreaterThan(300);
  });
});
