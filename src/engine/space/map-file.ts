/**
 * The grid as an encounter file writes it — `map: { width, height, terrain: [{ at: [x, y], tags, cost, ... }] }` —
 * and the engine's GridMap built from it. Shared by the rulesets that play on a plain grid.
 */
import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import type { GridMap, Terrain, Vision } from '../types.ts';
import { mapImageFrom, mapImageSchema } from './map-image.ts';

export const cellSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]).describe('[x, y] cell on the grid');

export const terrainSchema = z.strictObject({
  at: cellSchema,
  tags: z.array(z.string()).default([]).describe('names for the kind of ground (wall, mud...): what the rules read is below'),
  cost: z.number().positive().optional().describe('movement it costs to enter (default 1)'),
  blocksMove: z.boolean().optional().describe('no one walks through it'),
  blocksSight: z.boolean().optional().describe('attacks and spells cannot see through it'),
});

/** Fog of war as a file turns it on (docs/fog.md): `vision: { range: 6, units: { scout: 10 } }`. */
export const visionSchema = z
  .strictObject({
    on: z.boolean().default(true).describe('players see only what their own units see'),
    range: z.number().int().min(1).max(BOUNDS.mapSide).optional().describe('how far a unit sees, in cells (default: no limit but walls and smoke)'),
    units: z.record(z.string().min(1), z.number().int().min(1).max(BOUNDS.mapSide)).optional().describe('sight range per unit id, in cells'),
  })
  .describe('fog of war');

export type VisionDoc = z.output<typeof visionSchema>;

/** The engine's Vision from a file's. */
export function visionFrom(doc: VisionDoc): Vision {
  return { on: doc.on, ...(doc.range !== undefined ? { range: doc.range } : {}), ...(doc.units ? { units: { ...doc.units } } : {}) };
}

// map art is checked in one place (map-image.ts); re-exported for the files that read it from here
export { MAX_IMAGE_CHARS, mapImageFrom, mapImageSchema } from './map-image.ts';

export const gridMapSchema = z
  .strictObject({
    width: z.number().int().min(1).max(BOUNDS.mapSide).describe('cells from west to east'),
    height: z.number().int().min(1).max(BOUNDS.mapSide).describe('cells from north to south'),
    terrain: z.array(terrainSchema).default([]).describe('cells that are not open ground'),
    image: mapImageSchema.optional(),
    vision: visionSchema.optional(),
  })
  .superRefine((map, ctx) => terrainOffTheMap(map, ctx));

/** Terrain on a cell the map does not have would be silently ignored by play: say where it is. */
export function terrainOffTheMap(map: { width: number; height: number; terrain: { at: readonly number[] }[] }, ctx: z.RefinementCtx): void {
  map.terrain.forEach((t, i) => {
    if (t.at[0] >= map.width || t.at[1] >= map.height) ctx.addIssue({ code: 'custom', path: ['terrain', i, 'at'], message: `cell [${t.at.join(', ')}] is outside the ${map.width}×${map.height} map` });
  });
}

export type GridMapDoc = z.output<typeof gridMapSchema>;

export function gridMapFrom(doc: GridMapDoc): GridMap {
  const map: GridMap = { kind: 'grid', width: doc.width, height: doc.height, cells: {}, ...(doc.image ? { image: mapImageFrom(doc.image) } : {}), ...(doc.vision ? { vision: visionFrom(doc.vision) } : {}) };
  for (const t of doc.terrain) {
    const cell: Terrain = { tags: t.tags };
    if (t.cost !== undefined) cell.cost = t.cost;
    if (t.blocksMove !== undefined) cell.blocksMove = t.blocksMove;
    if (t.blocksSight !== undefined) cell.blocksSight = t.blocksSight;
    map.cells[`${t.at[0]},${t.at[1]}`] = cell;
  }
  return map;
}
