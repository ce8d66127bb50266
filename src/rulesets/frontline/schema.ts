/** The frontline encounter file: what a GM writes. Validated with these schemas; exported as JSON Schema. */
import { z } from 'zod';
import { mapImageSchema } from '../../engine/space/map-file.ts';
import { contentRef } from '../../engine/content.ts';

// examples: the first is what the encounter builder writes in a new piece of gear
const dice = z.string().min(1).meta({ description: 'dice notation, e.g. "1d8" or "2d6+1"', examples: ['1d6', '1d8', '2d6+1'] });
const id = z.string().min(1).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');

/** FRL-DMG-4: the two damage types. */
export const damageTypes = ['kinetic', 'energy'] as const;
export const damageType = z.enum(damageTypes);

/** FRL-DMG-2: a creature's affinity to a damage type; the book's abbreviations (Wk, St, Im, Rf, Dr) are accepted too. */
export const affinityWords = { weak: 'weak', strong: 'strong', immune: 'immune', reflect: 'reflect', drain: 'drain', Wk: 'weak', St: 'strong', Im: 'immune', Rf: 'reflect', Dr: 'drain' } as const;
export const affinity = z.enum(['weak', 'strong', 'immune', 'reflect', 'drain', 'Wk', 'St', 'Im', 'Rf', 'Dr']);

/** Reach of a weapon or device, by zones (FRL-ZONE-2..4); `any` is for devices only. */
export const reachSchema = z.enum(['melee', 'short', 'long']);
export const deviceReach = z.enum(['melee', 'short', 'long', 'any']);

/** Modifier names a unit has and an effect may change. */
export const modifierNames = ['might', 'dexterity', 'personality', 'dodge', 'defense', 'evasion'] as const;
const modifierName = z.enum(modifierNames);

export const weaponSchema = z.strictObject({
  id,
  name: z.string().min(1),
  damage: dice,
  type: damageType.default('kinetic').describe('kinetic or energy (FRL-DMG-4)'),
  reach: reachSchema.default('melee').describe('melee (same zone), short (the next zone) or long (any other zone)'),
});

/** A timed effect a device puts on its targets (ruling FRL-ACT-2): modifier changes for N rounds. */
export const effectSchema = z.strictObject({
  name: z.string().min(1),
  /** Lasts until the start of the user's Nth next turn. */
  rounds: z.number().int().min(1).describe('lasts until the start of the user\'s Nth next turn'),
  modifiers: z.partialRecord(modifierName, z.number().int()).default({}).describe('modifier changes while it lasts'),
});

/**
 * A gadget or a stream (ruling FRL-ACT-2): a Major action built from blocks. Whatever it holds happens
 * to each target in this order: damage, heal, effect, move.
 */
export const deviceSchema = z
  .strictObject({
    id,
    name: z.string().min(1),
    target: z.enum(['enemy', 'ally', 'self', 'enemies_in_zone', 'allies_in_zone', 'all_in_zone']).describe('whom it works on'),
    reach: deviceReach.default('any').describe('melee, short, long or any zone'),
    /** Roll 1d20 + Dexterity against each target's Dodge roll, like an attack; default: it always lands. */
    hit: z.boolean().default(false).describe('rolls 1d20 + Dexterity against each target\'s Dodge, like an attack; else it always lands'),
    /** Times per encounter; absent = as often as wanted. */
    uses: z.number().int().min(1).optional().describe('times per encounter; absent: as often as wanted'),
    damage: dice.optional(),
    type: damageType.optional(),
    heal: dice.optional().describe('hit points it gives back'),
    effect: effectSchema.optional().describe('a timed effect on its targets (ruling FRL-ACT-2)'),
    /** Put each target in the frontline or in its own rearguard. */
    move: z.enum(['frontline', 'rearguard']).optional().describe('puts each target in the frontline or in its own rearguard'),
  })
  .superRefine((d, ctx) => {
    if (!d.damage && !d.heal && !d.effect && !d.move) ctx.addIssue({ code: 'custom', message: `"${d.id}" does nothing: give it damage, heal, effect or move` });
    if (d.damage && !d.type) ctx.addIssue({ code: 'custom', path: ['type'], message: `"${d.id}" deals damage: say its type (kinetic or energy)` });
    if (!d.damage && d.type) ctx.addIssue({ code: 'custom', path: ['type'], message: `"${d.id}" has a damage type but no damage` });
  });


export const unitSchema = z.strictObject({
  id,
  name: z.string().min(1),
  side: z.string().min(1),
  controller: z.string().optional().describe('the player who runs it; absent: the GM'),
  hidden: z.boolean().default(false).describe('hidden from the players until the GM reveals it'),
  /** FRL-ZONE-1: where it starts: the frontline or its own side's rearguard. */
  // a text checked below (every problem of a unit is reported at once), offered as the two choices it is
  start: z.string().default('frontline').meta({ enum: ['frontline', 'rearguard'], description: 'frontline or rearguard (its own side\'s)' }),
  hp: z.number().int().min(1).describe('hit points'),
  /** Hit points at the start when wounded from an earlier fight (default: hp). */
  startHp: z.number().int().min(0).optional().describe('wounded from an earlier fight; 0 = starts unconscious'),
  defense: z.number().int().min(0).default(0).describe('subtracted from every hit it takes, to 0 at the least'),
  modifiers: z
    .strictObject({
      might: z.number().int().default(0),
      dexterity: z.number().int().default(0),
      personality: z.number().int().default(0),
      /** Added to the Dodge roll (ruling FRL-ATK-1); default: the Dexterity modifier. */
      dodge: z.number().int().optional().describe('added to the Dodge roll; default: the Dexterity modifier (ruling FRL-ATK-1)'),
    })
    .default({ might: 0, dexterity: 0, personality: 0 })
    .describe('might, dexterity, personality; dodge defaults to dexterity'),
  /** What Flee must reach (ruling FRL-ACT-5); default 10 + Dodge modifier. */
  evasion: z.number().int().optional().describe('what a flee roll must reach (default 10 + Dodge)'),
  affinities: z.partialRecord(damageType, affinity).default({}).describe('weak, strong, immune, reflect or drain (or Wk, St, Im, Rf, Dr), per damage type'),
  weapons: z.array(contentRef(weaponSchema)).default([]).describe('ids from content, or whole weapon objects inline'),
  /** The weapon in hand at the start (default: the first listed). */
  equipped: z.string().optional().meta({ refersTo: 'weapons', description: 'the weapon in hand at the start (default: the first)' }),
  gadgets: z.array(contentRef(deviceSchema)).default([]),
  streams: z.array(contentRef(deviceSchema)).default([]),
  /** Battlescars carried from earlier fights (FRL-END-1). */
  battlescars: z.number().int().min(0).default(0).describe('carried from earlier fights (FRL-END-1)'),
  policy: z.string().optional(),
  gmNotes: z.string().optional().describe('for the GM only: players never see them'),
});

export const encounterSchema = z
  .strictObject({
    ruleset: z.literal('frontline'),
    name: z.string().min(1),
    description: z.string().optional(),
    /** The two sides; `players: true` marks the characters' (default: the first listed). */
    sides: z.record(z.string().min(1), z.strictObject({ players: z.boolean().default(false).describe('the characters\' side (default: the first listed)'), policy: z.string().optional() })).describe('exactly two sides'),
    /** FRL-INIT-1 (ruling): one d20 per character (default), or one per group as the text literally reads. */
    initiative: z.enum(['character', 'group']).default('character').describe('character: one d20 each (default); group: one d20 per side, the literal reading (ambushes are common)'),
    content: z
      .strictObject({
        weapons: z.array(weaponSchema).default([]),
        gadgets: z.array(deviceSchema).default([]),
        streams: z.array(deviceSchema).default([]),
      })
      .default({ weapons: [], gadgets: [], streams: [] }),
    units: z.array(unitSchema).min(2, 'an encounter needs at least two units'),
    /** The battle line's zones are the rules' own; a file may put art behind them. */
    map: z.strictObject({ image: mapImageSchema.optional() }).optional(),
  })
  .superRefine((doc, ctx) => {
    const sides = Object.keys(doc.sides);
    if (sides.length !== 2) ctx.addIssue({ code: 'custom', path: ['sides'], message: `a frontline battle has exactly two sides (the characters and their enemies); found ${sides.length}` });
    if (Object.values(doc.sides).filter((s) => s.players).length > 1) ctx.addIssue({ code: 'custom', path: ['sides'], message: 'only one side can be the players\' (players: true)' });
    const unique = (list: { id: string }[], path: (string | number)[], what: string) => {
      const seen = new Set<string>();
      list.forEach((x, i) => {
        if (seen.has(x.id)) ctx.addIssue({ code: 'custom', path: [...path, i, 'id'], message: `${what} id "${x.id}" is used twice` });
        seen.add(x.id);
      });
    };
    unique(doc.units, ['units'], 'unit');
    unique(doc.content.weapons, ['content', 'weapons'], 'weapon');
    unique(doc.content.gadgets, ['content', 'gadgets'], 'gadget');
    unique(doc.content.streams, ['content', 'streams'], 'stream');
    doc.units.forEach((u, i) => {
      const at = (...p: (string | number)[]) => ['units', i, ...p];
      if (!sides.includes(u.side)) ctx.addIssue({ code: 'custom', path: at('side'), message: `unit "${u.id}" is on side "${u.side}", which is not one of the sides: ${sides.join(', ') || '(none declared)'}` });
      if (u.start !== 'frontline' && u.start !== 'rearguard') ctx.addIssue({ code: 'custom', path: at('start'), message: `unknown zone "${u.start}": a unit starts in "frontline" or "rearguard" (its own side's) [FRL-ZONE-1]` });
      if (u.startHp !== undefined && u.startHp > u.hp) ctx.addIssue({ code: 'custom', path: at('startHp'), message: `startHp ${u.startHp} is more than hp ${u.hp}` });
      const lists = [['weapons', doc.content.weapons], ['gadgets', doc.content.gadgets], ['streams', doc.content.streams]] as const;
      for (const [key, library] of lists) {
        (u[key] as (string | { id: string })[]).forEach((w, j) => {
          if (typeof w === 'string' && !library.some((x) => x.id === w)) ctx.addIssue({ code: 'custom', path: at(key, j), message: `no ${key.slice(0, -1)} "${w}" in content.${key}` });
        });
      }
      if (u.equipped !== undefined && !u.weapons.some((w) => (typeof w === 'string' ? w : w.id) === u.equipped)) {
        ctx.addIssue({ code: 'custom', path: at('equipped'), message: `"${u.equipped}" is not one of ${u.id}'s weapons` });
      }
    });
    for (const s of sides) {
      if (!doc.units.some((u) => u.side === s)) ctx.addIssue({ code: 'custom', path: ['sides', s], message: `side "${s}" has no units` });
    }
  });

export type EncounterDoc = z.output<typeof encounterSchema>;
export type UnitDoc = z.output<typeof unitSchema>;
export type Weapon = z.output<typeof weaponSchema>;
export type Device = z.output<typeof deviceSchema>;
export type EffectSpec = z.output<typeof effectSchema>;
export type DamageType = (typeof damageTypes)[number];
export type Affinity = (typeof affinityWords)[keyof typeof affinityWords];
export type Reach = z.output<typeof deviceReach>;
export type ModifierName = (typeof modifierNames)[number];
