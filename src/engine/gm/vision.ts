/**
 * Fog of war (docs/fog.md): the GM turns vision on or off for an encounter, with a sight range. Kept on
 * the map (`map.vision`) by a `map.set`, so replay, undo and export need nothing new; the per-unit
 * ranges a file set are kept.
 */
import { BOUNDS } from '../bounds.ts';
import { fail } from '../rejection.ts';
import type { CommandHandler, Ruleset } from '../ruleset.ts';
import type { Vision } from '../types.ts';
import { gmCommand } from './command.ts';

export function visionCommands(ruleset: Ruleset): Record<string, CommandHandler> {
  return {
    /** {on: boolean, range?: number | null}: vision on or off; `range` in cells (null: no limit but walls). */
    'gm.vision': gmCommand(ruleset, (ctx, cmd) => {
      const map = ctx.state.map;
      if (!map || map.kind !== 'grid') fail('gm/no_grid', 'fog of war needs a grid: this encounter has none', 'on');
      if (typeof cmd.on !== 'boolean') fail('command/bad_field', 'on must be true or false', 'on');
      const r = cmd.range;
      if (r !== undefined && r !== null && (typeof r !== 'number' || !Number.isInteger(r) || r < 1 || r > BOUNDS.mapSide)) fail('command/bad_field', `range must be a whole number of cells from 1 to ${BOUNDS.mapSide}, or null for no limit`, 'range');
      const was = map.vision;
      const range = r === undefined ? was?.range : r ?? undefined;
      const vision: Vision = { on: cmd.on, ...(range !== undefined ? { range } : {}), ...(was?.units ? { units: was.units } : {}) };
      if (JSON.stringify(vision) === JSON.stringify(was ?? { on: false })) fail('gm/no_change', `vision is already ${cmd.on ? 'on' : 'off'}${range !== undefined ? ` with a range of ${range}` : ''}`, 'on');
      ctx.emit({ type: 'map.set', map: { ...map, vision } });
    }),
  };
}
