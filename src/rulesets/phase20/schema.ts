/** The phase20 encounter file: what a GM writes. Validated with these schemas; exported as JSON Schema. */
import { z } from 'zod';
import { contentRef } from '../../engine/content.ts';
import { cellSchema, gridMapSchema } from '../../engine/space/map-file.ts';

const dice = z.string().min(1).describe('dice notation, e.g. "1d8" or "2d6+1"');

export const statusSchema = z.strictObject({
  name: z.string().min(1),
  /** The attribute whose modifier the target adds to its resist check (P20-SPL-4). */
  check: z.string().min(1).describe('attribute the target resists with, e.g. agility'),
  /** The spell's number; the caster's Magic modifier is added to make the DC. */
  dc: z.number().int(),
  /** How many of the target's turns it lasts (counted at the end of each). */
  turns: z.number().int().min(1).default(2),
  /** Damage at the start of each of the target's turns. */
  damage: dice.optional(),
  /** The target loses its turns while affected. */
  skipTurn: z.boolean().default(false),
  /** Modifier changes while affected, e.g. { dv: -2 }. */
  modifiers: z.record(z.string(), z.number().int()).default({}),
});

export const weaponSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  damage: dice,
  /** The Scale Attribute added to damage when skilled (P20-ATK-3): an attribute modifier name. */
  scale: z.string().default('strength'),
  range: z.number().int().min(1).default(1),
  /** A physical weapon can make Attack Actions (P20-ATK-1); a pure catalyst (a wand) is not one. */
  physical: z.boolean().default(true),
  /** A magical weapon or catalyst lets its bearer cast (P20-SPL-1). */
  magical: z.boolean().default(false),
});

export const spellSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  school: z.string().min(1),
  damage: dice.optional(),
  range: z.number().int().min(1).default(6),
  /** Area radius in cells around the target cell (0 = the target only). */
  radius: z.number().int().min(0).default(0),
  /** Whether an area spell also strikes the caster's own side. */
  friendlyFire: z.boolean().default(false),
  status: statusSchema.optional(),
  /** Healing spell: dice heal instead of harm (no hit check against an ally). */
  heals: z.boolean().default(false),
});


export const unitSchema = z.strictObject({
  id: z.string().min(1).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only'),
  name: z.string().min(1),
  side: z.string().min(1),
  controller: z.string().optional(),
  hidden: z.boolean().default(false),
  at: cellSchema,
  facing: z.enum(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']).optional(),
  hp: z.number().int().min(1),
  /** Hit points at the start when wounded from an earlier fight (default: hp). */
  startHp: z.number().int().min(0).optional(),
  dv: z.number().int().describe('Defensive Value from armour'),
  speed: z.number().int().min(0).default(6).describe('walking speed in tiles per Action Phase'),
  attributes: z.record(z.string(), z.number()).default({}).describe('raw attribute values (ties in initiative use agility then intelligence)'),
  modifiers: z
    .record(z.string(), z.number().int())
    .default({})
    .describe('initiative, generalSkill, combat, magic, and one per attribute (agility, strength...)'),
  actions: z.strictObject({ default: z.number().int().min(0).default(1), attack: z.number().int().min(0).default(0), spell: z.number().int().min(0).default(0) }).default({ default: 1, attack: 0, spell: 0 }),
  followUps: z.array(z.strictObject({ name: z.string(), after: z.enum(['attack', 'spell']), grants: z.enum(['attack', 'spell']) })).default([]),
  classBonus: z.strictObject({ attack: z.number().int().default(0), spell: z.number().int().default(0) }).default({ attack: 0, spell: 0 }),
  skilled: z.strictObject({ weapons: z.array(z.string()).default([]), schools: z.array(z.string()).default([]) }).default({ weapons: [], schools: [] }),
  weapons: z.array(contentRef(weaponSchema)).default([]),
  spells: z.array(contentRef(spellSchema)).default([]),
  role: z.enum(['attack', 'defense', 'support']).optional(),
  policy: z.string().optional(),
  gmNotes: z.string().optional(),
});

export const encounterSchema = z
  .strictObject({
    ruleset: z.literal('phase20'),
    name: z.string().min(1),
    description: z.string().optional(),
    map: gridMapSchema,
    /** Sides; `players: true` marks the player characters' side (P20-END-1). Default: the first side named by a unit. */
    sides: z.record(z.string(), z.strictObject({ players: z.boolean().default(false), policy: z.string().optional() })).default({}),
    content: z.strictObject({ weapons: z.array(weaponSchema).default([]), spells: z.array(spellSchema).default([]) }).default({ weapons: [], spells: [] }),
    /** Ruling P20-GEN-5: what each role changes, as modifier deltas. Empty by default. */
    roles: z.partialRecord(z.enum(['attack', 'defense', 'support']), z.record(z.string(), z.number().int())).default({}),
    units: z.array(unitSchema).min(2),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    doc.units.forEach((u, i) => {
      if (ids.has(u.id)) ctx.addIssue({ code: 'custom', path: ['units', i, 'id'], message: `unit id "${u.id}" is used twice` });
      ids.add(u.id);
      if (u.startHp !== undefined && u.startHp > u.hp) ctx.addIssue({ code: 'custom', path: ['units', i, 'startHp'], message: `startHp ${u.startHp} is more than hp ${u.hp}` });
      if (u.at[0] >= doc.map.width || u.at[1] >= doc.map.height) ctx.addIssue({ code: 'custom', path: ['units', i, 'at'], message: `cell [${u.at}] is outside the ${doc.map.width}×${doc.map.height} map` });
      const known = (list: { id: string }[], key: string) => list.some((x) => x.id === key);
      u.weapons.forEach((w, j) => {
        if (typeof w === 'string' && !known(doc.content.weapons, w)) ctx.addIssue({ code: 'custom', path: ['units', i, 'weapons', j], message: `no weapon "${w}" in content.weapons` });
      });
      u.spells.forEach((s, j) => {
        if (typeof s === 'string' && !known(doc.content.spells, s)) ctx.addIssue({ code: 'custom', path: ['units', i, 'spells', j], message: `no spell "${s}" in content.spells` });
      });
    });
    if (new Set(doc.units.map((u) => u.side)).size < 2) ctx.addIssue({ code: 'custom', path: ['units'], message: 'an encounter needs units on at least two sides' });
  });

export type EncounterDoc = z.output<typeof encounterSchema>;
export type UnitDoc = z.output<typeof unitSchema>;
export type Weapon = z.output<typeof weaponSchema>;
export type Spell = z.output<typeof spellSchema>;
export type Status = z.output<typeof statusSchema>;
