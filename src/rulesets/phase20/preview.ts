/** Exact odds before rolling: hit chance and the damage distribution, from the dice algebra. */
import { distributionOf, Distribution } from '../../dice/index.ts';
import { distance } from '../../engine/space/grid.ts';
import { reject, type Command, type EncounterState, type Preview, type Rejection } from '../../engine/index.ts';
import { attackBonus, attackDamageBonus } from './attack.ts';
import { dataOf, dvOf, isBraced } from './model.ts';
import { spellBonus, spellDamageTerms, statusDc } from './spell.ts';
import { mod } from './model.ts';
import type { Term } from '../../engine/index.ts';

const sumMods = (terms: Term[]) => terms.reduce((a, t) => a + (t.kind === 'mod' ? t.value : 0), 0);

/** P(d20 + bonus op target). */
function d20Chance(bonus: number, ok: (total: number) => boolean): number {
  let n = 0;
  for (let f = 1; f <= 20; f++) if (ok(f + bonus)) n++;
  return n / 20;
}

/** Distributions are immutable and depend only on these three: computed once per combination. */
const damageCache = new Map<string, Distribution>();

function damageDist(dice: string, bonus: number, braced: boolean): Distribution {
  const key = `${dice}|${bonus}|${braced}`;
  let d = damageCache.get(key);
  if (!d) {
    d = distributionOf(dice).map((v) => Math.max(0, v + bonus));
    if (braced) d = d.map((v) => Math.floor(v / 2));
    if (damageCache.size > 1000) damageCache.clear();
    damageCache.set(key, d);
  }
  return d;
}

/** Damage with the misses mixed in, by hit chance, for each on-hit distribution (both immutable). */
const mixedCache = new WeakMap<Distribution, Map<number, Distribution>>();

function withMisses(chance: number, onHit: Distribution): Distribution {
  let byChance = mixedCache.get(onHit);
  if (!byChance) mixedCache.set(onHit, (byChance = new Map()));
  let d = byChance.get(chance);
  if (!d) {
    // the aggressive policy previews every strike it weighs: the mixture is worth keeping
    d = Distribution.mix([[chance, onHit], [1 - chance, Distribution.constant(0)]].filter(([p]) => (p as number) > 0) as [number, Distribution][]);
    byChance.set(chance, d);
  }
  return d;
}

function finish(chance: number, onHit: Distribution | undefined, notes: string[]): Preview {
  if (!onHit) return { chance, notes };
  const damage = withMisses(chance, onHit);
  return { chance, damage, expectedDamage: damage.mean, damageOnHit: { min: onHit.min, max: onHit.max, mean: onHit.mean }, notes };
}

export function preview(state: EncounterState, cmd: Command): Preview | Rejection {
  const u = state.units[cmd.actor ?? ''];
  const t = state.units[typeof cmd.target === 'string' ? cmd.target : ''];
  if (!u) return reject('unit/unknown', 'no such actor', 'actor');
  if (cmd.type === 'attack') {
    if (!t) return reject('unit/unknown', 'no such target', 'target');
    const w = dataOf(u).weapons.find((x) => x.id === cmd.weapon) ?? dataOf(u).weapons.find((x) => x.physical !== false);
    if (!w) return reject('action/no_weapon', `${u.name} has no weapon`);
    const dv = dvOf(state, t);
    const { bonus } = attackBonus(state, u, w);
    const chance = d20Chance(bonus, (x) => x > dv);
    const notes = [`d20 + ${bonus} must beat DV ${dv}: ${Math.max(0, Math.min(21, dv - bonus + 1))}+ on the die`, `range ${distance(u.position!, t.position!)}/${w.range}`];
    return finish(chance, damageDist(w.damage, sumMods(attackDamageBonus(state, u, w)), isBraced(state, t.id)), notes);
  }
  if (cmd.type === 'cast') {
    const s = dataOf(u).spells.find((x) => x.id === cmd.spell);
    if (!s) return reject('action/unknown_spell', `${u.name} knows no spell "${String(cmd.spell)}"`, 'spell');
    if (!t) return reject('unit/unknown', 'no such target', 'target');
    if (s.heals) {
      const heal = distributionOf(s.damage ?? '0').map((v) => Math.max(0, v + sumMods(spellDamageTerms(state, u))));
      return { chance: 1, notes: [`heals ${heal.min}–${heal.max} (mean ${heal.mean.toFixed(1)})`] };
    }
    const dv = dvOf(state, t);
    const { bonus } = spellBonus(state, u, s);
    const chance = d20Chance(bonus, (x) => x >= dv);
    const notes = [`d20 + ${bonus} must reach DV ${dv}`];
    if (s.status) {
      const dc = statusDc(state, u, s.status);
      const resist = d20Chance(mod(state, t, s.status.check), (x) => x >= dc);
      notes.push(`${s.status.name}: DC ${dc}, ${t.name} resists ${(resist * 100).toFixed(0)}%; lands ${(chance * (1 - resist) * 100).toFixed(0)}%`);
    }
    return finish(chance, s.damage ? damageDist(s.damage, sumMods(spellDamageTerms(state, u)), isBraced(state, t.id)) : undefined, notes);
  }
  return { notes: [] };
}
