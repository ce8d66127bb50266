/**
 * What one encounter may hold. A file past these is refused before its schema runs or anything is built
 * (a count is cheap; building and validating 100,000 units is not), the GM's additions stop at them, and
 * an imported log is held to them as a file is (its states are checked, not trusted).
 */
import type { EncounterState } from './types.ts';

export const BOUNDS = {
  /** Units in one encounter (a start of 1,000 takes well under a second: docs/benchmarks.md). */
  units: 1000,
  /** Cells along each side of a grid map. */
  mapSide: 200,
  /** Zones of a zone map. */
  zones: 200,
  /** Terrain entries of a grid map (one per cell at most). */
  terrain: 200 * 200,
} as const;

export interface OutOfBounds {
  path: (string | number)[];
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function side(v: unknown, path: (string | number)[], what: string): OutOfBounds | undefined {
  return typeof v === 'number' && v > BOUNDS.mapSide ? { path, message: `${what} ${v} is more than the ${BOUNDS.mapSide} cells a map may have` } : undefined;
}

/** A parsed encounter file (or a scenario's inline encounter) past the bounds, before its schema runs. */
export function documentOutOfBounds(doc: unknown): OutOfBounds | undefined {
  if (!isObject(doc)) return undefined;
  if (isObject(doc.encounter)) {
    const inner = documentOutOfBounds(doc.encounter);
    return inner && { ...inner, path: ['encounter', ...inner.path] };
  }
  if (Array.isArray(doc.units) && doc.units.length > BOUNDS.units) return { path: ['units'], message: `${doc.units.length} units; an encounter holds at most ${BOUNDS.units}` };
  const map = doc.map;
  if (!isObject(map)) return undefined;
  const wide = side(map.width, ['map', 'width'], 'width') ?? side(map.height, ['map', 'height'], 'height');
  if (wide) return wide;
  if (Array.isArray(map.terrain) && map.terrain.length > BOUNDS.terrain) return { path: ['map', 'terrain'], message: `${map.terrain.length} terrain entries; a map has at most ${BOUNDS.terrain}` };
  if (Array.isArray(map.zones) && map.zones.length > BOUNDS.zones) return { path: ['map', 'zones'], message: `${map.zones.length} zones; a map has at most ${BOUNDS.zones}` };
  return undefined;
}

/** A built state (an imported log's) past the bounds: its words, or undefined when within them. */
export function stateOutOfBounds(state: EncounterState): string | undefined {
  const units = isObject(state.units) ? Object.keys(state.units).length : 0;
  if (units > BOUNDS.units) return `${units} units; an encounter holds at most ${BOUNDS.units}`;
  const map = state.map as unknown;
  if (map === undefined) return undefined;
  if (!isObject(map)) return 'the map is not a map';
  if (map.kind === 'grid') {
    for (const k of ['width', 'height'] as const) {
      const v = map[k];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > BOUNDS.mapSide) return `the map's ${k} is ${String(v)}; it must be a whole number from 1 to ${BOUNDS.mapSide}`;
    }
    if (!isObject(map.cells) || Object.keys(map.cells).length > BOUNDS.terrain) return `the map's cells are not a record of at most ${BOUNDS.terrain} entries`;
  } else if (map.kind === 'zones') {
    if (!Array.isArray(map.zones) || map.zones.length > BOUNDS.zones) return `the map's zones are not a list of at most ${BOUNDS.zones}`;
  } else return `the map's kind is ${String(map.kind)}, not grid or zones`;
  return undefined;
}
