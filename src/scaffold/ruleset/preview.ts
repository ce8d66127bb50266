/** Exact odds of an attack before it is rolled (SKEL-ATK-1, SKEL-ATK-2), from the dice algebra. */
import { Distribution, distributionOf, parseDice } from '../../dice/index.ts';
import { reject, type Command, type EncounterState, type Preview, type Rejection } from '../../engine/index.ts';
import { dataOf } from './model.ts';

export function preview(state: EncounterState, cmd: Command): Preview | Rejection {
  if (cmd.type !== 'attack') return reject('preview/unsupported', `no odds for "${cmd.type}"`);
  const u = state.units[cmd.actor!];
  const t = typeof cmd.target === 'string' ? state.units[cmd.target] : undefined;
  if (!u || !t) return reject('action/bad_target', 'no such target', 'target');
  // d20 + attack ≥ defence: the faces from (defence − attack) up to 20 hit
  const need = dataOf(t).defence - dataOf(u).attack;
  const chance = Math.min(20, Math.max(0, 21 - Math.max(1, need))) / 20;
  const onHit = distributionOf(parseDice(dataOf(u).damage)).clampMax(t.pools.hp.value);
  const damage = chance === 0 ? Distribution.constant(0) : chance === 1 ? onHit : Distribution.mix([[1 - chance, Distribution.constant(0)], [chance, onHit]]);
  // a chance comes with its line of why: the face the d20 needs
  const why = need <= 1 ? 'any d20 hits [SKEL-ATK-1]' : need > 20 ? `needs ${need} on the d20: no face reaches it [SKEL-ATK-1]` : `needs ${need}+ on the d20 [SKEL-ATK-1]`;
  return { chance, why, damage, expectedDamage: damage.mean, damageOnHit: { min: onHit.min, max: onHit.max, mean: onHit.mean } };
}
