/** The skeleton encounter file: what a GM writes. Strict objects: an unknown field is an error with its line and field. */
import { z } from 'zod';
import { parseDice } from '../../dice/index.ts';
import { cellSchema, gridMapSchema } from '../../engine/space/map-file.ts';

const dice = z
  .string()
  .min(1)
  .refine((s) => {
    try {
      parseDice(s);
      return true;
    } catch {
      return false;
    }
  }, 'not dice notation (e.g. "1d6" or "2d4+1")')
  .describe('dice notation, e.g. "1d6" or "2d4+1"');

export const unitSchema = z.strictObject({
  id: z.string().min(1).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only'),
  name: z.string().min(1),
  side: z.string().min(1),
  /** The player who plays it; absent: the GM. */
  controller: z.string().optional(),
  hidden: z.boolean().default(false),
  /** The simulator's policy for it: random, first or aggressive. */
  policy: z.string().optional(),
  gmNotes: z.string().optional(),
  at: cellSchema,
  hp: z.number().int().min(1),
  /** Added to the d20 of its attacks (SKEL-ATK-1). */
  attack: z.number().int().default(0),
  /** What an attack on it must reach (SKEL-ATK-1). */
  defence: z.number().int().min(1).default(10),
  /** Rolled when its attack hits (SKEL-ATK-2). */
  damage: dice.default('1d6'),
  /** Squares it may move in a turn (SKEL-MOVE-1). */
  speed: z.number().int().min(0).default(4),
});

export const encounterSchema = z
  .strictObject({
    ruleset: z.literal('skeleton'),
    name: z.string().min(1),
    description: z.string().optional(),
    map: gridMapSchema,
    /** Per side: the simulator's policy for its units. */
    sides: z.record(z.string(), z.strictObject({ policy: z.string().optional() })).default({}),
    units: z.array(unitSchema).min(2, 'an encounter needs at least two units'),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    const cells = new Set<string>();
    doc.units.forEach((u, i) => {
      if (ids.has(u.id)) ctx.addIssue({ code: 'custom', path: ['units', i, 'id'], message: `another unit is already "${u.id}"` });
      ids.add(u.id);
      const key = u.at.join(',');
      if (u.at[0] >= doc.map.width || u.at[1] >= doc.map.height) ctx.addIssue({ code: 'custom', path: ['units', i, 'at'], message: `cell [${u.at.join(', ')}] is outside the ${doc.map.width}×${doc.map.height} map` });
      else if (cells.has(key)) ctx.addIssue({ code: 'custom', path: ['units', i, 'at'], message: `another unit already stands on [${u.at.join(', ')}]` });
      cells.add(key);
    });
  });

export type EncounterDoc = z.output<typeof encounterSchema>;
export type UnitDoc = z.output<typeof unitSchema>;
