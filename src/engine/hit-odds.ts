/**
 * The odds a preview shows, summarised one way from one distribution: the damage dealt (misses as 0), the
 * chance that anything lands, and the damage on a hit as that same distribution with the misses taken
 * out. A panel showing "on a hit 1–12" beside a chart to 24 cannot happen when both come from here.
 */
import { Distribution } from '../dice/index.ts';
import type { AffectedOdds, Preview } from './ruleset.ts';
import type { UnitId } from './types.ts';

/** Damage on a hit: `dealt` without the share `pMiss` of its zeros that are misses. */
export function onHitOf(dealt: Distribution, pMiss: number): Distribution | undefined {
  const hit = 1 - pMiss;
  if (hit <= 1e-12) return undefined;
  if (pMiss <= 1e-12) return dealt;
  const pairs = dealt.pmf().map(([v, p]) => [v, (v === 0 ? Math.max(0, p - pMiss) : p) / hit] as [number, number]).filter(([, p]) => p > 1e-15);
  const total = pairs.reduce((s, [, p]) => s + p, 0);
  return Distribution.fromPairs(pairs.map(([v, p]) => [v, p / total] as [number, number]));
}

type HitOdds = Pick<Preview, 'chance' | 'damage' | 'expectedDamage' | 'damageOnHit'>;

/**
 * Distributions are immutable and the policies preview every option they weigh: what is worked out from
 * one is kept by it (and by the chance), as long as the distribution itself is kept.
 */
function keptBy<T>(cache: WeakMap<Distribution, Map<number, T>>, d: Distribution, chance: number, make: () => T): T {
  let byChance = cache.get(d);
  if (!byChance) cache.set(d, (byChance = new Map()));
  let out = byChance.get(chance);
  if (out === undefined) {
    if (byChance.size > 256) byChance.clear();
    byChance.set(chance, (out = make()));
  }
  return out;
}

const odds = new WeakMap<Distribution, Map<number, HitOdds>>();
const mixed = new WeakMap<Distribution, Map<number, Distribution>>();

/** Chance, damage, expected damage and damage on a hit of one blow or series, from `dealt` and the chance anything lands. */
export function hitOdds(chance: number, dealt: Distribution): HitOdds {
  return keptBy(odds, dealt, chance, () => {
    const onHit = onHitOf(dealt, 1 - chance);
    return { chance, damage: dealt, expectedDamage: dealt.mean, ...(onHit ? { damageOnHit: { min: onHit.min, max: onHit.max, mean: onHit.mean } } : {}) };
  });
}

/** Damage of a miss mixed with damage on a hit: what `hitOdds` takes apart again. */
export function withMisses(chance: number, onHit: Distribution): Distribution {
  return keptBy(mixed, onHit, chance, () => Distribution.mix(([[chance, onHit], [1 - chance, Distribution.constant(0)]] as [number, Distribution][]).filter(([p]) => p > 0)));
}

/** One affected unit's odds, from its chance and the damage it takes. */
export function affectedOdds(unit: UnitId, chance: number, dealt?: Distribution, note?: string): AffectedOdds {
  return { unit, ...(dealt ? hitOdds(chance, dealt) : { chance }), ...(note ? { note } : {}) };
}
