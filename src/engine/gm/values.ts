/**
 * Setting a unit's values by hand: pools, stats, position, facing, elevation, status, data.
 * Each is one core event (the same events the rules emit), so views, replay and undo need nothing new.
 */
import { own } from '../own.ts';
import { fail } from '../rejection.ts';
import type { CommandHandler, Ruleset } from '../ruleset.ts';
import type { Resolution } from '../resolution.ts';
import type { Json, Unit, UnitStatus } from '../types.ts';
import { FACINGS, gmCommand, numberArg, stringArg, unitArg } from './command.ts';
import { settleHitPoints } from './hit-points.ts';

const STATUSES: readonly UnitStatus[] = ['active', 'down', 'dead', 'fled'];

/** The unit's pool written as `name`, in any case ("HP" is the pool hp). */
function poolNamed(u: Unit, name: string): string | undefined {
  if (Object.hasOwn(u.pools, name)) return name;
  const lower = name.toLowerCase();
  return Object.keys(u.pools).find((k) => k.toLowerCase() === lower);
}

/** A pool to an exact value (with `max`, its maximum too, or a new pool); 0 HP and back settle as the ruleset says. */
function setPool(ctx: Resolution, ruleset: Ruleset, u: Unit, pool: string, value: number, max: number | undefined): void {
  const p = own(u.pools, pool);
  if (!p) {
    if (max === undefined) fail('unit/no_pool', `${u.name} has no ${pool}; give it a maximum too to add it`, 'pool');
    if (value < 0 || value > max) fail('gm/out_of_range', `${pool} ${value} is outside 0..${max}`, 'value');
    ctx.emit({ type: 'pool.added', unit: u.id, pool, value: { value, max } });
    return;
  }
  const min = p.min ?? 0;
  const top = max ?? p.max;
  if (max !== undefined && max < min) fail('gm/out_of_range', `max ${max} is below the minimum ${min}`, 'max');
  if (value < min || value > top) fail('gm/out_of_range', `${pool} ${value} is outside ${min}..${top}${max === undefined ? '; set a new maximum too to go higher' : ''}`, 'value');
  const was = u.status;
  if (max !== undefined && max !== p.max) ctx.emit({ type: 'pool.max', unit: u.id, pool, max, value });
  else ctx.emit({ type: 'pool.changed', unit: u.id, pool, delta: value - p.value, value, kind: 'set' });
  if (pool === 'hp') settleHitPoints(ctx, ruleset, u.id, was);
}

export function valueCommands(ruleset: Ruleset): Record<string, CommandHandler> {
  return {
    /** {unit, pool, value, max?}: a pool to an exact value; with `max` the maximum too (or a new pool). */
    'gm.set_pool': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      setPool(ctx, ruleset, u, stringArg(cmd, 'pool'), numberArg(cmd, 'value', {}), numberArg(cmd, 'max', { optional: true }));
    }),

    /**
     * {unit, stat, value}. A name that is one of the unit's pools (hp) sets that pool, as gm.set_pool does:
     * a stat beside the pool of the same name would change nothing the rules read.
     */
    'gm.set_stat': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      const stat = stringArg(cmd, 'stat');
      const pool = Object.hasOwn(u.stats, stat) ? undefined : poolNamed(u, stat);
      if (pool !== undefined) return setPool(ctx, ruleset, u, pool, numberArg(cmd, 'value', {}), undefined);
      ctx.emit({ type: 'stat.set', unit: u.id, stat, value: numberArg(cmd, 'value', { int: false }) });
    }),

    /** {unit, to: [x, y]} on a grid, {unit, zone} on a zone map. No path, no cost: the GM places it. */
    'gm.move': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      const map = ctx.state.map;
      if (cmd.zone !== undefined) {
        const zone = stringArg(cmd, 'zone');
        if (map?.kind !== 'zones') fail('gm/no_zones', 'this battlefield has no zones: use "to": [x, y]', 'zone');
        if (!map.zones.includes(zone)) fail('gm/bad_zone', `no zone "${zone}"; zones are ${map.zones.join(', ')}`, 'zone');
        ctx.moveToZone(u.id, zone);
        return;
      }
      const to = cmd.to;
      if (!Array.isArray(to) || to.length !== 2 || !to.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0)) {
        fail('command/bad_cell', '"to" must be a cell [x, y] of whole numbers from 0', 'to');
      }
      const [x, y] = to as number[];
      if (map?.kind === 'grid' && (x >= map.width || y >= map.height)) fail('gm/off_map', `cell [${x}, ${y}] is outside the ${map.width}×${map.height} map`, 'to');
      if (map?.kind === 'zones') fail('gm/no_grid', 'this battlefield is zones: use "zone"', 'to');
      ctx.emit(u.position ? { type: 'unit.moved', unit: u.id, from: { ...u.position }, to: { x, y } } : { type: 'unit.moved', unit: u.id, to: { x, y } });
    }),

    /** {unit, facing: 'N' | 'NE' | ...} */
    'gm.face': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      const facing = FACINGS.find((f) => f === cmd.facing);
      if (!facing) fail('command/bad_facing', `facing must be one of ${FACINGS.join(', ')}`, 'facing');
      ctx.emit({ type: 'unit.faced', unit: u.id, facing });
    }),

    /** {unit, elevation} */
    'gm.elevation': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      ctx.emit({ type: 'unit.elevation', unit: u.id, elevation: numberArg(cmd, 'elevation', { int: false }) });
    }),

    /** {unit, status: 'active' | 'down' | 'dead' | 'fled'}: raise a fainted unit, call one dead... */
    'gm.set_status': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      const status = STATUSES.find((s) => s === cmd.status);
      if (!status) fail('command/bad_status', `status must be one of ${STATUSES.join(', ')} (use gm.remove_unit to remove)`, 'status');
      ctx.emit({ type: 'unit.status', unit: u.id, status, cause: 'set by the GM' });
    }),

    /** {unit, key, value?}: one key of the ruleset's unit data; no value deletes the key. */
    'gm.set_data': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      const key = stringArg(cmd, 'key');
      ctx.setData(u.id, key, cmd.value as Json | undefined);
    }),
  };
}
