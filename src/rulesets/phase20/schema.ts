/** The phase20 encounter file: what a GM writes. Validated with these schemas; exported as JSON Schema. */
import { z } from 'zod';
import { contentRef } from '../../engine/content.ts';
import { cellSchema, gridMapSchema } from '../../engine/space/map-file.ts';

// examples: the first is what the encounter builder writes in a new piece of gear
const dice = z.string().min(1).meta({ description: 'dice notation, e.g. "1d8" or "2d6+1"', examples: ['1d6', '1d8', '2d6+1'] });

export const statusSchema = z.strictObject({
  name: z.string().min(1),
  /** The attribute whose modifier the target adds to its resist check (P20-SPL-4). */
  check: z.string().min(1).describe('attribute the target resists with, e.g. agility'),
  /** The spell's number; the caster's Magic modifier is added to make the DC. */
  dc: z.number().int().describe('the spell\'s number; the caster\'s Magic modifier is added to make the DC'),
  /** How many of the target's turns it lasts (counted at the end of each). */
  turns: z.number().int().min(1).default(2).describe('how many of the target\'s turns it lasts (counted at the end of each)'),
  /** Damage at the start of each of the target's turns. */
  damage: dice.optional().describe('damage at the start of each of the target\'s turns, e.g. "1d4"'),
  /** The target loses its turns while affected. */
  skipTurn: z.boolean().default(false).describe('the target loses its turns while affected'),
  /** Modifier changes while affected, e.g. { dv: -2 }. */
  modifiers: z.record(z.string(), z.number().int()).default({}).describe('modifier changes while affected, e.g. dv: -2'),
});

export const weaponSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  damage: dice,
  /** The Scale Attribute added to damage when skilled (P20-ATK-3): an attribute modifier name. */
  scale: z.string().default('strength').describe('the attribute modifier added to damage when skilled (P20-ATK-3)'),
  range: z.number().int().min(1).default(1).describe('reach in tiles (1: next to it)'),
  /** A physical weapon can make Attack Actions (P20-ATK-1); a pure catalyst (a wand) is not one. */
  physical: z.boolean().default(true).describe('can make Attack Actions; a pure catalyst (a wand) cannot'),
  /** A magical weapon or catalyst lets its bearer cast (P20-SPL-1). */
  magical: z.boolean().default(false).describe('a catalyst: its bearer can cast spells with it (P20-SPL-1)'),
});

export const spellSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  school: z.string().min(1).describe('the school of magic; Magic applies only when skilled in it'),
  damage: dice.optional(),
  range: z.number().int().min(1).default(6).describe('range in tiles'),
  /** Area radius in cells around the target cell (0 = the target only). */
  radius: z.number().int().min(0).default(0).describe('area radius in cells around the target cell (0: the target only)'),
  /** Whether an area spell also strikes the caster's own side. */
  friendlyFire: z.boolean().default(false).describe('an area spell also strikes the caster\'s own side'),
  status: statusSchema.optional().describe('a status the target resists (P20-SPL-4)'),
  /** Healing spell: dice heal instead of harm (no hit check against an ally). */
  heals: z.boolean().default(false).describe('the dice heal instead of harm (no hit check against an ally)'),
});


export const unitSchema = z.strictObject({
  id: z.string().min(1).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only'),
  name: z.string().min(1),
  side: z.string().min(1).describe('who it fights for'),
  controller: z.string().optional().describe('the player who steers it; absent: the GM'),
  hidden: z.boolean().default(false).describe('hidden from the players until the GM reveals it'),
  at: cellSchema,
  facing: z.enum(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']).optional(),
  hp: z.number().int().min(1).describe('hit points'),
  /** Hit points at the start when wounded from an earlier fight (default: hp). */
  startHp: z.number().int().min(0).optional().describe('optional: wounded from an earlier fight'),
  dv: z.number().int().describe('Defensive Value from armour'),
  speed: z.number().int().min(0).default(6).describe('walking speed in tiles per Action Phase'),
  attributes: z.record(z.string(), z.number()).default({}).describe('raw attribute values (ties in initiative use agility then intelligence)'),
  modifiers: z
    .record(z.string(), z.number().int())
    .default({})
    .describe('initiative, generalSkill, combat, magic, and one per attribute (agility, strength...)'),
  actions: z.strictObject({ default: z.number().int().min(0).default(1), attack: z.number().int().min(0).default(0), spell: z.number().int().min(0).default(0) }).default({ default: 1, attack: 0, spell: 0 }).describe('actions per turn: the default Action, and extra Attack-only and Spell-only ones'),
  followUps: z.array(z.strictObject({ name: z.string(), after: z.enum(['attack', 'spell']), grants: z.enum(['attack', 'spell']) })).default([]).describe('a follow-up action after an attack or a spell (Twin Strike: after attack, grants attack)'),
  classBonus: z.strictObject({ attack: z.number().int().default(0), spell: z.number().int().default(0) }).default({ attack: 0, spell: 0 }).describe('the class\'s bonus to attack and spell rolls'),
  skilled: z.strictObject({ weapons: z.array(z.string()).default([]).meta({ refersTo: 'weapons', description: 'the weapons it carries that it is skilled with' }), schools: z.array(z.string()).default([]) }).default({ weapons: [], schools: [] }).describe('Combat / Magic and the Scale attribute apply only when skilled: weapon ids and schools'),
  weapons: z.array(contentRef(weaponSchema)).default([]).describe('ids from content.weapons, or weapons written inline'),
  spells: z.array(contentRef(spellSchema)).default([]).describe('ids from content.spells, or spells written inline'),
  role: z.enum(['attack', 'defense', 'support']).optional().describe('optional; what roles change is the file\'s roles table (ruling P20-GEN-5)'),
  policy: z.string().optional().describe('how the simulator plays it (default: the side\'s, else aggressive)'),
  gmNotes: z.string().optional().describe('for the GM only: players never see them'),
});

export const encounterSchema = z
  .strictObject({
    ruleset: z.literal('phase20'),
    name: z.string().min(1),
    description: z.string().optional().describe('a line for the GM\'s list of encounters'),
    map: gridMapSchema,
    /** Sides; `players: true` marks the player characters' side (P20-END-1). Default: the first side named by a unit. */
    sides: z.record(z.string(), z.strictObject({ players: z.boolean().default(false).describe('the player characters\' side: its defeat fails the campaign (P20-END-1)'), policy: z.string().optional() })).default({}).describe('the sides; default: the first side named by a unit is the players\''),
    content: z.strictObject({ weapons: z.array(weaponSchema).default([]), spells: z.array(spellSchema).default([]) }).default({ weapons: [], spells: [] }),
    /** Ruling P20-GEN-5: what each role changes, as modifier deltas. Empty by default. */
    roles: z.partialRecord(z.enum(['attack', 'defense', 'support']), z.record(z.string(), z.number().int())).default({}).describe('what each role changes, as modifier changes, e.g. defense: { dv: 2 } (ruling P20-GEN-5)'),
    units: z.array(unitSchema).min(2, 'an encounter needs at least two units'),
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
      // what the unit carries, content ids resolved (an unknown id is reported above)
      const carried = u.weapons.flatMap((w) => (typeof w === 'string' ? doc.content.weapons.filter((x) => x.id === w) : [w]));
      u.skilled.weapons.forEach((w, j) => {
        if (!carried.some((x) => x.id === w) && !known(doc.content.weapons, w)) ctx.addIssue({ code: 'custom', path: ['units', i, 'skilled', 'weapons', j], message: `skilled with a weapon "${w}" that is not in content.weapons nor among its weapons` });
      });
      // P20-SPL-1: a spell is cast with a magical weapon or catalyst; without one it never becomes an action
      if (u.spells.length && !carried.some((x) => x.magical)) {
        const names = u.spells.map((s) => (typeof s === 'string' ? doc.content.spells.find((x) => x.id === s)?.name ?? s : s.name));
        ctx.addIssue({ code: 'custom', path: ['units', i, 'spells'], message: `${u.name} knows ${names.join(', ')} but carries no magical weapon or catalyst to cast with, so can never cast [P20-SPL-1]` });
      }
    });
    if (new Set(doc.units.map((u) => u.side)).size < 2) ctx.addIssue({ code: 'custom', path: ['units'], message: 'an encounter needs units on at least two sides' });
  });

export type EncounterDoc = z.output<typeof encounterSchema>;
export type UnitDoc = z.output<typeof unitSchema>;
export type Weapon = z.output<typeof weaponSchema>;
export type Spell = z.output<typeof spellSchema>;
export type Status = z.output<typeof statusSchema>;
