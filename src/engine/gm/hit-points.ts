/**
 * HP set by the GM's hand means what it means at the table: a downed unit raised above 0 is back on
 * its feet (and takes its turns again from its next slot), a standing unit set to 0 goes down by its
 * ruleset's rules. A dead, fled or removed unit stays as it is: raising the dead is `gm.set_status`.
 */
import type { Resolution } from '../resolution.ts';
import type { Ruleset } from '../ruleset.ts';
import type { UnitId, UnitStatus } from '../types.ts';

export const RAISED = 'the GM raised HP above 0';
export const LOWERED = 'the GM set HP to 0';

/** After the GM changed `unit`'s hp; `was` is its status before the change. */
export function settleHitPoints(ctx: Resolution, ruleset: Ruleset, unit: UnitId, was: UnitStatus): void {
  const u = ctx.unit(unit);
  const hp = u.pools.hp?.value;
  if (hp === undefined || u.status !== was) return;
  if (was === 'down' && hp > 0) {
    if (ruleset.standUp) ruleset.standUp(ctx, unit, RAISED);
    else ctx.emit({ type: 'unit.status', unit, status: 'active', cause: RAISED });
  } else if (was === 'active' && hp <= 0) {
    if (ruleset.fallAtZero) ruleset.fallAtZero(ctx, unit);
    else ctx.emit({ type: 'unit.status', unit, status: 'down', cause: LOWERED });
  }
}
