/**
 * Ruling (P20-ATK-1, P20-SPL-1): the text has no line of sight, but no GM lets an arrow or a spell
 * through a stone wall. A weapon attack or a spell needs its target (or the cell it aims at) in sight:
 * no cell strictly between blocks sight (`blocksSight` in the map's terrain). Units never block it.
 */
import { lineOfSight } from '../../engine/space/line.ts';
import type { Cell, GridMap } from '../../engine/index.ts';

/**
 * Whether the map has any cell that blocks sight: most maps have none, and then nothing need be traced.
 * Kept for the last map asked about (a simulation asks about one shared map thousands of times), and
 * per map object: events replace the map whole, never edit it in place.
 */
const blockers = new WeakMap<GridMap, boolean>();
let lastMap: GridMap | undefined;
let lastHas = false;

export function hasBlockers(map: GridMap): boolean {
  if (map === lastMap) return lastHas;
  let b = blockers.get(map);
  if (b === undefined) {
    b = Object.values(map.cells).some((t) => t.blocksSight === true);
    blockers.set(map, b);
  }
  lastMap = map;
  lastHas = b;
  return b;
}

/** Whether `c` is a whole cell on the map (the memo holds only those). */
const onMap = (map: GridMap, c: Cell): boolean => Number.isInteger(c.x) && Number.isInteger(c.y) && c.x >= 0 && c.y >= 0 && c.x < map.width && c.y < map.height;

export function inSight(map: GridMap, from: Cell, to: Cell): boolean {
  // neighbours have no cell between them
  if (Math.abs(from.x - to.x) <= 1 && Math.abs(from.y - to.y) <= 1) return true;
  if (!hasBlockers(map)) return true;
  // sight reads the terrain alone (units never block it): each pair of cells of a map traced once
  const n = map.width * map.height;
  if (n > MEMO_CELLS || !onMap(map, from) || !onMap(map, to)) return lineOfSight(map, from, to);
  // the last map's lines kept at hand (a fight asks of one map, the policy's strike walk for every weapon and foe)
  let seen = map === lastSightMap ? lastSights : sights.get(map);
  if (!seen) sights.set(map, (seen = new Uint8Array(n * n)));
  lastSightMap = map;
  lastSights = seen;
  const i = (from.y * map.width + from.x) * n + to.y * map.width + to.x;
  if (seen[i] === 0) seen[i] = lineOfSight(map, from, to) ? 1 : 2;
  return seen[i] === 1;
}

/** Lines of sight already traced, per map object: 0 not yet, 1 clear, 2 blocked (maps up to MEMO_CELLS cells: n² bytes). */
const sights = new WeakMap<GridMap, Uint8Array>();
const MEMO_CELLS = 2500;
let lastSightMap: GridMap | undefined;
let lastSights: Uint8Array | undefined;
