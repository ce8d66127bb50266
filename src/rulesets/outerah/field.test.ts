// A decision's field (field.ts) against the plain questions it stands in for (OUT-OPEN-2, OUT-RNG-1): whom each
// side may strike (targetBars), where its foes stand (enemiesOf, canBeTargeted), and the attacks and casts open read
// through it — on every turn of every example's fights, and again with a unit made Hidden.
import { describe, expect, it } from 'vitest';
import type { Cell, EncounterState, Unit } from '../../engine/index.ts';
import { fieldOf, foesOf } from './field.ts';
import { canBeTargeted, enemiesOf, unitsOf } from './model.ts';
import { eachAttack, eachCast } from './open-actions.ts';
import { profileOf } from './profile.ts';
import { reachOf } from './ranges.ts';
import { attackBlocker, targetBars } from './targeting.ts';
import { hasSlot } from './turn.ts';
import { eachExampleTurn } from '../../../test/rulesets/example-turns.ts';

/** What the field must say of `state`, asked the plain way, for every unit as the viewer. */
let attacks = 0;

function holdsToPlain(state: EncounterState): number {
  const field = fieldOf(state);
  const units = unitsOf(state);
  expect(field.units).toEqual(units);
  for (let i = 0; i < units.length; i++) expect(field.units[i]).toBe(units[i]);
  let foes = 0;
  for (const v of units) {
    const f = foesOf(field, v);
    expect(Array.from(f.strike)).toEqual(units.map((t) => (targetBars(state, v, t) === null ? 1 : 0)));
    const cells: (Cell | undefined)[] = [];
    for (const e of enemiesOf(state, v)) if (canBeTargeted(state, v, e)) cells.push(e.position);
    expect(f.cells).toEqual(cells);
    expect(f.standing).toEqual(enemiesOf(state, v).filter((e) => e.position).map((e) => e.position));
    foes += f.cells.length;
    // the attacks and casts open read through it: the same, in the same order
    const plain: unknown[] = [];
    const read: unknown[] = [];
    eachAttack(state, v, units, (w, t, range) => void plain.push(['attack', w.id, t.id, range]));
    eachAttack(state, v, field.units, (w, t, range) => void read.push(['attack', w.id, t.id, range]), f.strike);
    eachCast(state, v, units, (k, t) => void plain.push(['cast', k.id, t.id]));
    eachCast(state, v, field.units, (k, t) => void read.push(['cast', k.id, t.id]), f.strike);
    expect(read).toEqual(plain);
    // and the attacks open are exactly those attackBlocker lets through, each with reachOf's range (a shot out of a
    // short weapon's reach is dropped before its heights are asked: eachAttack)
    const open: unknown[] = [];
    for (const { w, spec, slot } of profileOf(v).weaponList) {
      if (!hasSlot(v, slot)) continue;
      for (const t of units) if (attackBlocker(state, v, t, spec) === null) open.push(['attack', w.id, t.id, reachOf(state, v, t, spec.range).range]);
    }
    expect(plain.filter((x) => (x as string[])[0] === 'attack')).toEqual(open);
    attacks += open.length;
  }
  return foes;
}

describe('outerah: a decision\'s field', () => {
  it('OUT-OPEN-2, OUT-RNG-1: whom each side may strike and where its foes stand are the plain questions\' answers on every turn of every example, and with a unit made Hidden', () => {
    let turns = 0;
    let hiddenFoes = 0;
    eachExampleTurn('outerah', { seed: 3, maxRounds: 20 }, ({ state, unit: id }) => {
      turns++;
      holdsToPlain(state);
      // a copy with one standing enemy of the current unit Hidden (OUT-OPEN-2): it is no longer a foe to strike
      if (turns % 5) return;
      const copy = structuredClone(state);
      const me = copy.units[id];
      const foe = unitsOf(copy).find((t: Unit) => t.side !== me.side && t.status === 'active');
      if (!foe) return;
      copy.effects.push({ id: 'fx-test-hidden', name: 'Hidden', categories: ['buff'], target: foe.id, stacks: 1, data: { unaware: false, unseen: 0 } });
      const before = foesOf(fieldOf(state), state.units[id]).cells.length;
      holdsToPlain(copy);
      expect(foesOf(fieldOf(copy), me).cells.length).toBe(before - 1);
      hiddenFoes++;
    });
    expect(turns).toBeGreaterThan(100);
    expect(hiddenFoes).toBeGreaterThan(20);
    expect(attacks).toBeGreaterThan(100);
  });
});
