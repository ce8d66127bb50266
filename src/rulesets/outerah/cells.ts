/**
 * A map's cells by number (issue 40, point 2): cell (x, y) is y·width + x, and its terrain, tag bits and ground
 * height are compiled once per map object into arrays, shared by every fork of a set-up. A map never changes
 * in place (`map.set` puts a new one in: engine/apply.ts, cover.ts), so what is kept by the map object's
 * identity never goes stale. The terrain questions (water, mountain, a jump's heights, a unit's height) read
 * these arrays instead of building a cell's "x,y" key and looking it up in the map's cells.
 */
import { cellKeyOf, elevationAt, terrainAt } from '../../engine/space/grid.ts';
import type { Cell, GridMap, Terrain } from '../../engine/index.ts';

export const WATER = 1;
export const DIFFICULT = 2;
export const MOUNTAIN = 4;
export const LAND = 8;
export const GRAVITY = 16;

/** A map's terrain by cell index (y·width + x): the Terrain (open ground where none), its tag bits, its ground height. */
export interface CellInfo {
  terrain: Terrain[];
  tags: Uint8Array;
  elevation: Float64Array;
  /** The lowest base price of entering a cell that can be entered (Terrain.cost ?? 1): no step costs less. */
  minCost: number;
}

const openGround: Terrain = {};

/** The tag bits of a cell's terrain, as `hasTag` reads its tags. */
function tagBits(t: Terrain): number {
  const tags = t.tags;
  return tags
    ? (tags.includes('water') ? WATER : 0) | (tags.includes('difficult') ? DIFFICULT : 0) | (tags.includes('mountain') ? MOUNTAIN : 0) | (tags.includes('land') ? LAND : 0) | (tags.includes('gravity') ? GRAVITY : 0)
    : 0;
}

/**
 * Built once per map object, and the last one asked kept at hand (a fight asks of one map over and over). Each
 * entry is what terrainAt, hasTag and elevationAt answer for that cell (read through the same "x,y" key).
 */
const cellInfos = new WeakMap<GridMap, CellInfo>();
let lastMap: GridMap | undefined;
let lastInfo: CellInfo | undefined;

export function cellInfo(map: GridMap): CellInfo {
  if (map === lastMap) return lastInfo!;
  let info = cellInfos.get(map);
  if (!info) {
    const n = map.width * map.height;
    info = { terrain: new Array<Terrain>(n), tags: new Uint8Array(n), elevation: new Float64Array(n), minCost: Infinity };
    for (let y = 0; y < map.height; y++) {
      for (let x = 0; x < map.width; x++) {
        const i = y * map.width + x;
        const t = map.cells[cellKeyOf(x, y)] ?? openGround;
        info.terrain[i] = t;
        info.tags[i] = tagBits(t);
        info.elevation[i] = t.elevation ?? 0;
        if (!t.blocksMove) info.minCost = Math.min(info.minCost, t.cost ?? 1);
      }
    }
    cellInfos.set(map, info);
  }
  lastMap = map;
  lastInfo = info;
  return info;
}

/** The number of a whole cell on the map, or -1 (off the map, or not a whole cell: asked the slow way). */
export function cellIndex(map: GridMap, x: number, y: number): number {
  return x >= 0 && y >= 0 && x < map.width && y < map.height && (x | 0) === x && (y | 0) === y ? y * map.width + x : -1;
}

/** The tag bits of the terrain at `c` (hasTag's answers for water, difficult, mountain, land, gravity). */
export function tagsAt(map: GridMap, c: Cell): number {
  const i = cellIndex(map, c.x, c.y);
  return i >= 0 ? cellInfo(map).tags[i] : tagBits(terrainAt(map, c));
}

/** The ground height at `c` (elevationAt's answer). */
export function groundAt(map: GridMap, c: Cell): number {
  const i = cellIndex(map, c.x, c.y);
  return i >= 0 ? cellInfo(map).elevation[i] : elevationAt(map, c);
}
