/**
 * The grid as an encounter file writes it — `map: { width, height, terrain: [{ at: [x, y], tags, cost, ... }] }` —
 * and the engine's GridMap built from it. Shared by the rulesets that play on a plain grid.
 */
import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import type { GridMap, MapImage, Terrain } from '../types.ts';

export const cellSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]).describe('[x, y] cell on the grid');

export const terrainSchema = z.strictObject({
  at: cellSchema,
  tags: z.array(z.string()).default([]).describe('names for the kind of ground (wall, mud...): what the rules read is below'),
  cost: z.number().positive().optional().describe('movement it costs to enter (default 1)'),
  blocksMove: z.boolean().optional().describe('no one walks through it'),
  blocksSight: z.boolean().optional().describe('attacks and spells cannot see through it'),
});

/** The largest image a file or the GM may put under the map, as text (a data: address of ~450 KB of image). */
export const MAX_IMAGE_CHARS = 600_000;

/**
 * Map art: `image: { src, x?, y?, width?, height?, opacity?, credit? }`, in cells. A shipped example may
 * name a file beside it (`maps/goblin-cave.svg`); the server reads it in when it loads the example.
 */
export const mapImageSchema = z.strictObject({
  src: z
    .string()
    .min(1)
    .max(MAX_IMAGE_CHARS, `an image is at most ${MAX_IMAGE_CHARS} characters: make it smaller, or give an https: address`)
    .refine((s) => /^(https?:\/\/|data:image\/(png|jpeg|gif|webp|svg\+xml)[;,])/i.test(s) || /^[\w./-]+\.(svg|png|jpe?g|webp)$/i.test(s), 'an image is an https: address, a data:image/… address, or a file beside a shipped example'),
  x: z.number().finite().optional(),
  y: z.number().finite().optional(),
  width: z.number().positive().finite().optional(),
  height: z.number().positive().finite().optional(),
  opacity: z.number().min(0).max(1).optional(),
  credit: z.string().max(300).optional(),
});

export const gridMapSchema = z
  .strictObject({
    width: z.number().int().min(1).max(BOUNDS.mapSide).describe('cells from west to east'),
    height: z.number().int().min(1).max(BOUNDS.mapSide).describe('cells from north to south'),
    terrain: z.array(terrainSchema).default([]).describe('cells that are not open ground'),
    image: mapImageSchema.optional(),
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
  const map: GridMap = { kind: 'grid', width: doc.width, height: doc.height, cells: {}, ...(doc.image ? { image: mapImageFrom(doc.image) } : {}) };
  for (const t of doc.terrain) {
    const cell: Terrain = { tags: t.tags };
    if (t.cost !== undefined) cell.cost = t.cost;
    if (t.blocksMove !== undefined) cell.blocksMove = t.blocksMove;
    if (t.blocksSight !== undefined) cell.blocksSight = t.blocksSight;
    map.cells[`${t.at[0]},${t.at[1]}`] = cell;
  }
  return map;
}

/** A map image as the engine keeps it: only the fields given. */
export function mapImageFrom(doc: z.output<typeof mapImageSchema>): MapImage {
  return Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined)) as unknown as MapImage;
}
