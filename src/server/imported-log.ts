/**
 * An imported log is held to what a file is held to: its states come from a file or a command nowhere
 * here, so they are checked, not trusted. The created state's units by the schema the GM's added units
 * pass (and placed on the map), the map and the unit count within the bounds files are, no id or key
 * named like a built-in property (replaying `pool.changed {pool: "__proto__"}` would write into every
 * object of the process) — before anything is replayed.
 */
import { BOUNDS, findBuiltinName, tableImageProblem, formatPath, stateOutOfBounds, unitJsonSchema, builtinNameMessage, type EncounterState, type LoggedEvent } from '../engine/index.ts';
import { ApiError } from './errors.ts';

const keys = (path: readonly PropertyKey[]) => path.map((k) => (typeof k === 'symbol' ? String(k) : k));
const invalid = (field: string, message: string) => new ApiError('INVALID_IMPORT', `${field}: ${message}`, field);

/** A map's art held to the checks of art sent to a table (map-image.ts): what a file or the GM could give. */
function checkArt(map: unknown, at: string): void {
  const image = (map as { image?: unknown } | undefined)?.image;
  if (image === undefined) return;
  const bad = tableImageProblem(image);
  if (!bad) return;
  const field = [at, 'image', ...(bad.path ? [bad.path] : [])].join('.');
  // a problem with the image itself is BAD_IMAGE on every path (an upload, a file, a command, an import)
  throw bad.path === 'src' ? new ApiError('BAD_IMAGE', `${field}: ${bad.message}`, field) : invalid(field, bad.message);
}

/** Throws INVALID_IMPORT naming the first event (and field) that a file could not have given. */
export function checkImportedLog(events: readonly LoggedEvent[], commands: unknown, where: string, maxUnits: number = BOUNDS.units): void {
  const named = findBuiltinName(commands);
  if (named) throw invalid(`${where}.commands.${formatPath(named.path)}`, builtinNameMessage(named.name));
  let units = 0;
  events.forEach((e, i) => {
    const at = `${where}.events[${i}]`;
    const builtin = findBuiltinName(e);
    if (builtin) throw invalid(`${at}.${formatPath(builtin.path)}`, builtinNameMessage(builtin.name));
    if (e.type === 'encounter.created') {
      const state = e.state as EncounterState;
      const out = stateOutOfBounds(state);
      if (out) throw invalid(`${at}.state`, out);
      checkArt(state.map, `${at}.state.map`);
      units = Object.keys(state.units).length;
      if (units > maxUnits) throw invalid(`${at}.state.units`, `an encounter holds at most ${maxUnits} units on this server (this one starts with ${units})`);
      for (const id of Object.keys(state.units)) {
        const r = unitJsonSchema.safeParse(state.units[id]);
        if (!r.success) throw invalid(`${at}.state.units.${id}.${formatPath(keys(r.error.issues[0].path))}`, r.error.issues[0].message);
        if (r.data.id !== id) throw invalid(`${at}.state.units.${id}.id`, `the unit under "${id}" says it is "${r.data.id}"`);
        const map = state.map;
        const pos = r.data.position;
        if (pos && map?.kind === 'grid' && (pos.x >= map.width || pos.y >= map.height)) throw invalid(`${at}.state.units.${id}.position`, `cell [${pos.x}, ${pos.y}] is outside the ${map.width}×${map.height} map`);
      }
    } else if (e.type === 'map.set') {
      const out = stateOutOfBounds({ units: {}, map: e.map } as unknown as EncounterState);
      if (out) throw invalid(`${at}.map`, out);
      checkArt(e.map, `${at}.map`);
    } else if (e.type === 'unit.added') {
      const r = unitJsonSchema.safeParse(e.unit);
      if (!r.success) throw invalid(`${at}.unit.${formatPath(keys(r.error.issues[0].path))}`, r.error.issues[0].message);
      if (++units > maxUnits) throw invalid(`${at}.unit`, `an encounter holds at most ${maxUnits} units${maxUnits < BOUNDS.units ? ' on this server' : ''}`);
    }
  });
}
