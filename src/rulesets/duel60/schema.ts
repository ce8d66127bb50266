/** The duel60 encounter file: what a GM writes. Strict zod schemas (unknown fields are errors). */
import { z } from 'zod';
import { contentRef } from '../../engine/content.ts';
import { cellSchema, gridMapSchema } from '../../engine/space/map-file.ts';

const statNumber = (what: string) =>
  z.number({ error: (iss) => (iss.input === undefined ? `${what} is missing: a unit needs all eight stats` : `${what} must be a number`) }).int(`${what} must be a whole number`);
const stat = (what: string) => statNumber(what).min(0, `${what} cannot be negative`).describe(what);

/** The side effects of the text (D60-EFF-1); each works as written in effects.ts. */
export const SIDE_EFFECTS = ['Silence', 'Paralyze', 'Stun', 'Bleed', 'Root', 'Suppressed', 'Slow', 'Delay', 'Drowning'] as const;
export type SideEffectName = (typeof SIDE_EFFECTS)[number];

/** Perks the rules know by name (others may be listed for the GM's eyes: they change nothing). */
export const INDIRECT_FIGHTER = 'Indirect Fighter';

/**
 * A named perk, as the file writes it: a name alone (`Indirect Fighter`, or one for the GM's eyes), or a
 * name with what it changes — the text's "unless you have a perk saying otherwise" (actions and
 * movements a turn, D60-TURN-1; projectiles a throw, D60-ATK-3) and its projectile-speed "outlets"
 * that "directly state their effect on projectile speed" (D60-PRJ-1).
 */
export const perkSchema = z.union([
  z.string().min(1),
  z.strictObject({
    name: z.string().min(1),
    /** An outlet: added to the speed of every projectile the unit throws or casts (D60-PRJ-1). */
    projectileSpeed: z.number().int().optional(),
    /** Projectiles one throw may hold (D60-ATK-3: "3 max unless you wield perks ... that say otherwise"). */
    maxProjectiles: z.number().int().min(1).optional(),
    /** Actions and movements a turn (D60-TURN-1: "unless you have a perk saying otherwise"). */
    perTurn: z.strictObject({ actions: z.number().int().min(1).optional(), movements: z.number().int().min(1).optional() }).optional(),
    /** What the perk is, in the GM's words. */
    description: z.string().optional(),
  }),
]);
export type PerkDoc = z.output<typeof perkSchema>;

export const statsSchema = z.strictObject({
  strength: stat('Strength'),
  endurance: stat('Endurance'),
  agility: stat('Agility'),
  speed: stat('Speed'),
  stamina: statNumber('Stamina').min(1, 'Stamina must be at least 1'),
  control: stat('Control'),
  vitality: statNumber('Vitality').min(1, 'Vitality must be at least 1'),
  health: statNumber('Health').min(1, 'Health must be at least 1'),
});

export const sideEffectSchema = z.strictObject({
  name: z.enum(SIDE_EFFECTS, { message: `a side effect is one of ${SIDE_EFFECTS.join(', ')}` }),
  /** How many of the target's turns it lasts (counted at the end of each). */
  turns: z.number().int().min(1).default(2).describe('how many of the target\'s turns it lasts'),
  /** Slow: tiles of movement taken away (default 2). */
  tiles: z.number().int().min(1).optional(),
});

export const weaponSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  /** [Weapon Damage]: the base of a strike (D60-DMG-2). */
  damage: z.number().int().min(0).describe('the base of a strike (D60-DMG-2)'),
  /** pierce: ±4 per full 10 of Strength − Endurance; blunt: ±2 (D60-DMG-1/2). */
  type: z.enum(['pierce', 'blunt']).default('pierce').describe('pierce: ±4 per full 10 Strength − Endurance; blunt: ±2'),
  /** Tiles a strike reaches (1 = close quarters). */
  reach: z.number().int().min(1).default(1).describe('tiles a strike reaches (1: close quarters)'),
  /** Stamina a strike or a throw costs (D60-ATK-3: "the weapon's stamina cost"). */
  stamina: z.number().int().min(0).default(1).describe('stamina per strike or per throw'),
  /** How many of this weapon the unit carries; each throw uses one. */
  count: z.number().int().min(1).default(1).describe('how many it carries; each throw uses one'),
  /** Throwable weapons fly as projectiles (D60-PRJ-1). */
  thrown: z.strictObject({ speed: z.number().int().min(1), range: z.number().int().min(1).default(12) }).optional().describe('a throwing weapon: a projectile of this speed and range (D60-PRJ-1)'),
  /** Raises the cap of projectiles per throw (D60-ATK-3: "unless a weapon says otherwise"). */
  maxProjectiles: z.number().int().min(1).optional().describe('raises the cap of projectiles per throw'),
});

export const abilitySchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  /** Magic can be Silenced; a non-magic technique cannot. */
  magic: z.boolean().default(true).describe('magic can be Silenced; a technique cannot'),
  stamina: z.number().int().min(0).default(2).describe('stamina it costs'),
  range: z.number().int().min(0).default(6),
  target: z.enum(['enemy', 'ally', 'self']).default('enemy').describe('whom it works on'),
  /** Power against Endurance (D60-DMG-3), raised by Control: +2 per full 10. */
  power: z.number().int().min(0).optional().describe('magic against Endurance, +2 per full 10 Control (D60-DMG-3)'),
  /** True damage ignores Endurance (cut by 1/4 by a block, D60-BLK-1). */
  trueDamage: z.boolean().default(false).describe('ignores Endurance (a block cuts it by 1/4)'),
  /** An area spell: every enemy within `radius` of the target; only Speed ≥ `speed` evades (D60-DMG-4). */
  area: z.strictObject({ radius: z.number().int().min(1), speed: z.number().int().min(0) }).optional(),
  /** A projectile spell: it flies like a thrown weapon (D60-PRJ-1). */
  projectile: z.strictObject({ speed: z.number().int().min(1), range: z.number().int().min(1).default(12) }).optional(),
  effects: z.array(sideEffectSchema).default([]).describe('side effects on the target (D60-EFF-1)'),
  /** Cleanse: removes the named side effects, or "general" for every soft crowd control (D60-EFF-2). */
  cleanse: z.array(z.union([z.literal('general'), z.enum(SIDE_EFFECTS)])).optional(),
  /** Hard Cleanse: removes every hard control (Paralyze, Stun, Suppressed). */
  hardCleanse: z.boolean().default(false),
  /** Vamp: moves `amount` of a pool from the target to the user. */
  vamp: z.strictObject({ pool: z.enum(['health', 'stamina']), amount: z.number().int().min(1) }).optional(),
  /** Instant-Cast: does not use the action (once a turn). */
  instantCast: z.boolean().default(false),
  /** 1st / 2nd / 3rd Initiative: its bearer acts before those without, in that order. */
  initiative: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  /** Pre-Emptive: resolves at the start of the next round, before anyone's turn. */
  preEmptive: z.boolean().default(false),
  /** Non-Reactionary: a projectile no one may Block, Evade or Counter. */
  nonReactionary: z.boolean().default(false),
  /** A gaze: no effect on a unit purposely avoiding eye contact (D60-EYE-1). */
  gaze: z.boolean().default(false),
  /** A defensive spell: it can Counter a projectile (D60-PRJ-2: "using a defensive spell that they can complete in a single turn"). */
  defensive: z.boolean().default(false),
});


export const unitSchema = z.strictObject({
  id: z.string().min(1).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only'),
  name: z.string().min(1),
  side: z.string().min(1),
  controller: z.string().optional().describe('the player who runs it; absent: the GM'),
  /** Hidden from the players until the GM reveals it (the table's, not a rule: docs/web.md). */
  hidden: z.boolean().default(false).describe('hidden from the players until the GM reveals it'),
  at: cellSchema,
  /** Default: toward the nearest enemy. */
  facing: z.enum(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']).optional().describe('default: toward the nearest enemy'),
  stats: statsSchema.describe('all eight: Health is its hit points, Vitality what a defenseless body has left'),
  /** Pools below their maximum at the start (a wounded or tired fighter). */
  start: z.strictObject({ health: z.number().int().min(0).optional(), stamina: z.number().int().min(0).optional() }).default({}).describe('Health and Stamina below their maximum at the start (a wounded or tired fighter)'),
  perks: z.array(perkSchema).default([]).describe('a name (Indirect Fighter is one the rules read), or a perk that states its effect: projectile speed, projectiles a throw, actions and movements a turn'),
  /** D60-TURN-1: one action and one movement "unless you have a perk saying otherwise". */
  perTurn: z.strictObject({ actions: z.number().int().min(1).default(1), movements: z.number().int().min(1).default(1) }).default({ actions: 1, movements: 1 }).describe('one action and one movement a turn unless a perk says otherwise (D60-TURN-1)'),
  /** D60-ATK-3: 3 projectiles a throw unless a perk says otherwise. */
  maxProjectiles: z.number().int().min(1).default(3).describe('projectiles a throw (D60-ATK-3)'),
  weapons: z.array(contentRef(weaponSchema)).default([]),
  abilities: z.array(contentRef(abilitySchema)).default([]).describe('ids from content.abilities, or abilities written inline'),
  policy: z.string().optional(),
  gmNotes: z.string().optional().describe('for the GM only: players never see them'),
});

export const encounterSchema = z
  .strictObject({
    ruleset: z.literal('duel60'),
    name: z.string().min(1),
    description: z.string().optional(),
    map: gridMapSchema,
    sides: z.record(z.string(), z.strictObject({ policy: z.string().optional() })).default({}),
    content: z.strictObject({ weapons: z.array(weaponSchema).default([]), abilities: z.array(abilitySchema).default([]) }).default({ weapons: [], abilities: [] }),
    units: z.array(unitSchema).min(2, 'a duel needs at least two units'),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    const cells = new Set<string>();
    doc.units.forEach((u, i) => {
      if (ids.has(u.id)) ctx.addIssue({ code: 'custom', path: ['units', i, 'id'], message: `unit id "${u.id}" is used twice` });
      ids.add(u.id);
      if (u.at[0] >= doc.map.width || u.at[1] >= doc.map.height) ctx.addIssue({ code: 'custom', path: ['units', i, 'at'], message: `tile [${u.at}] is outside the ${doc.map.width}×${doc.map.height} map` });
      if (cells.has(`${u.at}`)) ctx.addIssue({ code: 'custom', path: ['units', i, 'at'], message: `tile [${u.at}] already holds another unit` });
      cells.add(`${u.at}`);
      if (u.start.health !== undefined && u.start.health > u.stats.health) ctx.addIssue({ code: 'custom', path: ['units', i, 'start', 'health'], message: `start health ${u.start.health} is more than Health ${u.stats.health}` });
      if (u.start.stamina !== undefined && u.start.stamina > u.stats.stamina) ctx.addIssue({ code: 'custom', path: ['units', i, 'start', 'stamina'], message: `start stamina ${u.start.stamina} is more than Stamina ${u.stats.stamina}` });
      const known = (list: { id: string }[], key: string) => list.some((x) => x.id === key);
      u.weapons.forEach((w, j) => {
        if (typeof w === 'string' && !known(doc.content.weapons, w)) ctx.addIssue({ code: 'custom', path: ['units', i, 'weapons', j], message: `no weapon "${w}" in content.weapons` });
      });
      u.abilities.forEach((a, j) => {
        if (typeof a === 'string' && !known(doc.content.abilities, a)) ctx.addIssue({ code: 'custom', path: ['units', i, 'abilities', j], message: `no ability "${a}" in content.abilities` });
      });
      // stamina never rises past the unit's Stamina: gear that costs more can never be used (D60-ATK-3, D60-ATK-4)
      const costly = (list: (string | { id: string; name: string; stamina: number })[], library: { id: string; name: string; stamina: number }[], key: string, rule: string) =>
        list.forEach((x, j) => {
          const g = typeof x === 'string' ? library.find((l) => l.id === x) : x;
          if (g && g.stamina > u.stats.stamina) ctx.addIssue({ code: 'custom', path: ['units', i, key, j], message: `${g.name} costs ${g.stamina} stamina, more than ${u.name}'s Stamina of ${u.stats.stamina}: it can never be used [${rule}]` });
        });
      costly(u.weapons, doc.content.weapons, 'weapons', 'D60-ATK-3');
      costly(u.abilities, doc.content.abilities, 'abilities', 'D60-ATK-4');
    });
    doc.content.abilities.forEach((a, i) => {
      if (a.area && a.projectile) ctx.addIssue({ code: 'custom', path: ['content', 'abilities', i], message: `"${a.id}" cannot be both an area and a projectile` });
      if (a.target !== 'enemy' && (a.area || a.projectile)) ctx.addIssue({ code: 'custom', path: ['content', 'abilities', i, 'target'], message: `"${a.id}": area and projectile abilities target enemies` });
    });
    if (new Set(doc.units.map((u) => u.side)).size < 2) ctx.addIssue({ code: 'custom', path: ['units'], message: 'an encounter needs units on at least two sides' });
  });

export type EncounterDoc = z.output<typeof encounterSchema>;
export type UnitDoc = z.output<typeof unitSchema>;
export type Weapon = z.output<typeof weaponSchema>;
export type Ability = z.output<typeof abilitySchema>;
export type SideEffectDoc = z.output<typeof sideEffectSchema>;
export type Stats = z.output<typeof statsSchema>;
