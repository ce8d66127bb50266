/** The outerah encounter file: what a GM writes. Strict: an unknown field is an error, with its path. */
import { z } from 'zod';
import { BOUNDS } from '../../engine/bounds.ts';
import { contentRef } from '../../engine/content.ts';
import { mapImageSchema, terrainOffTheMap, visionSchema } from '../../engine/space/map-file.ts';
import { CLASS_IDS } from './classes.ts';
import { CORE_STATS, parseEffectNotation } from './effect-table.ts';
import { ELEMENTS } from './elements.ts';
import { WEAPON_KINDS } from './weapon-table.ts';

const cell = z.tuple([z.number().int().min(0), z.number().int().min(0)]).describe('[x, y] cell on the grid');
// examples: the first is what the encounter builder writes in a new piece of gear
const dice = z.string().min(1).meta({ description: 'dice notation, e.g. "1d8" or "2d6+1"', examples: ['1d6', '1d8', '2d6+1'] });
const element = z.enum(ELEMENTS, { message: `an element: one of ${ELEMENTS.join(', ')}` });
const facing = z.enum(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);
const charge = z.enum(['super', 'hyper', 'plus', 'minus']);
const kinds = Object.keys(WEAPON_KINDS);

export const weaponSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  kind: z.enum(kinds as [string, ...string[]], { message: `a weapon kind: one of ${kinds.join(', ')}` }).describe('sets its range, damage type and delivery (sword, rifle, wand, improvised...)'),
  /** Dice; improvised weapons take theirs from Strength (OUT-WPN-1) and may leave it out. */
  damage: dice.optional().describe('dice; improvised weapons take theirs from Strength (OUT-WPN-1)'),
  type: z.enum(['slashing', 'piercing', 'bludgeon']).optional().describe('overrides the kind\'s damage type'),
  /** Improvised weapons: what the object is (OUT-WPN-1): pointed → piercing, sharp → slashing, heavy → bludgeon. */
  object: z.enum(['pointed', 'sharp', 'heavy']).optional().describe('improvised weapons: pointed → piercing, sharp → slashing, heavy → bludgeon'),
  element: element.default('neutral'),
  range: z.number().int().min(1).optional(),
  delivery: z.enum(['melee', 'projectile', 'magic']).optional(),
  hand: z.enum(['main', 'off']).default('main').describe('off: an offhand weapon (Secondary action)'),
  upgrades: z.number().int().default(0).describe('added to damage'),
  /** Armour-piercing rounds overcome full cover, except sandbags, brick and metal (OUT-COV-3, OUT-COV-4). */
  armorPiercing: z.boolean().default(false).describe('overcomes full cover, except sandbags, brick and metal (OUT-COV-3, OUT-COV-4)'),
  /** Lightning and the like: used underwater it hurts only the user (OUT-TER-2). */
  electric: z.boolean().default(false).describe('used underwater it hurts only the user (OUT-TER-2)'),
});

const effectRef = z
  .union([
    z.string().min(1),
    z.strictObject({ name: z.string().min(1), prefix: z.string().optional(), rounds: z.number().int().min(1).optional(), tier: z.number().int().min(1).default(1) }),
  ])
  .superRefine((v, ctx) => {
    const name = typeof v === 'string' ? parseEffectNotation(v)?.name : parseEffectNotation(v.name)?.name;
    if (!name) ctx.addIssue({ code: 'custom', message: `unknown effect "${typeof v === 'string' ? v : v.name}" (see the effect table in docs/rulesets/outerah.md)` });
  });

export const skillSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  /** passive: never cast; it lends its `openerDamage` to every Opener the unit makes (ruling OUT-OPEN-1). */
  kind: z.enum(['attack', 'heal', 'buff', 'debuff', 'passive']).describe('attack: dice, hit check, damage; debuff: hit check, then the target resists; heal: dice; buff: a success roll by the caster\'s Wisdom; passive: never cast, it adds its Opener damage to every Opener'),
  /** Magical skills use the magic formula (OUT-DMG-2) and can be reflected (OUT-MISS-3). */
  magical: z.boolean().default(true).describe('magic formula (OUT-DMG-2); can be reflected'),
  element: element.default('neutral'),
  /** Damage dice (attack) or healing dice (heal). */
  dice: dice.optional().describe('damage dice (attack) or healing dice (heal)'),
  range: z.number().int().min(1).default(6).describe('range in cells'),
  /** The effect it applies, in the book's notation ("Everlasting Burn(3)") or as an object. */
  effect: effectRef.optional().describe('the effect it applies, in the book\'s notation ("Everlasting Burn(3)") or in detail'),
  charge: charge.optional(),
  /** Dice added to the damage of an Opener made with this skill (a passive skill: with anything) (ruling OUT-OPEN-1). */
  openerDamage: dice.optional().describe('dice added to the damage of an Opener made with this skill (a passive skill: with anything)'),
  /** An attack or debuff over an area: every unit within this many cells of the target (ruling OUT-PET-5). */
  area: z.number().int().min(1).max(10).optional().describe('an attack or debuff over an area: every unit within this many cells of the target'),
  bypassHalfCover: z.boolean().default(false),
  action: z.enum(['primary', 'secondary']).default('primary'),
  /** Lightning and the like: used underwater it hurts only the user (OUT-TER-2). */
  electric: z.boolean().default(false),
});

export const itemSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  heal: dice,
  element: element.default('neutral'),
});

const reactionSchema = z.strictObject({
  name: z.string().min(1),
  kind: z.enum(['trigger', 'auto']),
  /** retaliate: strike back with the main weapon; item: use an item on itself (a potion); skill: use one of its skills (ruling OUT-TRG-2). */
  does: z.enum(['retaliate', 'item', 'skill']),
  item: z.string().optional(),
  skill: z.string().optional(),
});

const stats = z.strictObject(Object.fromEntries(CORE_STATS.map((s) => [s, z.number().int().min(0).default(10)])) as Record<(typeof CORE_STATS)[number], z.ZodDefault<z.ZodNumber>>);

export const unitSchema = z.strictObject({
  id: z.string().min(1).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only'),
  name: z.string().min(1),
  side: z.string().min(1),
  controller: z.string().optional(),
  class: z.enum(CLASS_IDS, { message: `a class: one of ${CLASS_IDS.join(', ')}` }).describe('one of the class table (docs/rulesets/outerah.md): its base Speed and skills'),
  level: z.number().int().min(1).max(99).default(1).describe('pass-through, Shove and Wounds scale with it'),
  at: cell,
  facing: facing.default('N'),
  /** Height above the ground of its cell (a bridge, a ledge); terrain elevation adds (OUT-RNG-2). */
  elevation: z.number().int().default(0).describe('height above the ground of its cell (a bridge, a ledge); the terrain\'s adds'),
  hp: z.number().int().min(1).describe('hit points'),
  startHp: z.number().int().min(0).optional().describe('wounded from an earlier fight'),
  stats: stats.default(Object.fromEntries(CORE_STATS.map((s) => [s, 10])) as never),
  defense: z.number().int().default(0).describe('taken off physical damage'),
  magicDefense: z.number().int().default(0).describe('taken off magical damage'),
  armor: z.enum(['none', 'light', 'medium', 'heavy']).default('light').describe('Black&Blue skips heavy armour'),
  armorUpgrades: z.number().int().default(0),
  /** Critical chance in percent: the crit check is D100 ≤ this (ruling OUT-HIT-2). */
  crit: z.number().int().min(0).max(100).default(5).describe('critical chance in percent: the crit check is D100 ≤ this (ruling OUT-HIT-2)'),
  /** Movement in cells per turn. */
  move: z.number().int().min(0).default(5).describe('movement in cells per turn'),
  jump: z.number().int().min(0).default(1).describe('levels it can step up or down'),
  /** Overrides the class's base Speed for this unit. */
  speed: z.number().int().optional().describe('overrides the class\'s base Speed'),
  resist: z.partialRecord(element, z.number().int()).default({}).describe('resistance % per element (default 100)'),
  boon: element.optional().describe('the element the unit is aligned with (its boon): a potion of it heals half, and the alignment table scales other healing (OUT-HEAL-1)'),
  weapons: z.array(contentRef(weaponSchema)).default([]).describe('ids from content.weapons, or weapons written inline'),
  skills: z.array(contentRef(skillSchema)).default([]).describe('ids from content.skills, or skills written inline'),
  items: z.record(z.string(), z.number().int().min(0)).default({}).describe('item id → how many'),
  reactions: z.array(reactionSchema).default([]).describe('retaliate (strike back with the main weapon) or use an item on itself'),
  /** Which reaction kind is active when it has both (OUT-TRG-3). */
  reaction: z.enum(['trigger', 'auto']).optional(),
  /** Trainers get the Specialty action (pets: part 2). */
  trainer: z.boolean().default(false).describe('gets the Specialty action (pets)'),
  /** Starts Hidden: the enemy is unaware, its first attack is an Opener (OUT-OPEN-1). */
  hidden: z.boolean().default(false).describe('starts Hidden: the enemy is unaware, its first attack is an Opener (OUT-OPEN-1); hidden from the players until revealed'),
  policy: z.string().optional(),
  gmNotes: z.string().optional().describe('for the GM only: players never see them'),
  /** Tiny and Huge units take double cannon damage (OUT-SHIP-2); Medium or smaller can be catapulted. */
  size: z.enum(['tiny', 'small', 'medium', 'large', 'huge']).default('medium').describe('tiny and huge units take double cannon damage; medium or smaller can be catapulted (OUT-SHIP-2)'),
  /** Can swim in water cells (OUT-TER-2); false: water cannot be entered. */
  swims: z.boolean().default(true).describe('can swim in water cells (OUT-TER-2); unticked, water cannot be entered'),
  /** Rounds of breath under water (10 seconds each: ruling OUT-TER-2). */
  breath: z.number().int().min(1).default(6).describe('rounds of breath under water (ruling OUT-TER-2)'),
  /** Flies: open air can be crossed, falls and catapult launches do not hurt (OUT-SHIP-2). */
  wings: z.boolean().default(false).describe('flies: open air can be crossed, falls and catapult launches do not hurt'),
  /** Carries a hookshot (OUT-SPACE-2). */
  hookshot: z.boolean().default(false).describe('carries a hookshot (OUT-SPACE-2)'),
  /** This unit is a pet (OUT-PET-1): whose, and what kind; a charmed one returns to `from` if the Charm breaks. */
  pet: z
    .strictObject({
      trainer: z.string().min(1).meta({ refersTo: 'units', description: 'the unit it belongs to' }),
      kind: z.enum(['charmed', 'drone', 'companion', 'tamed']),
      from: z.string().optional(),
      /** The standing order it starts the fight under: staying put, or guarding its trainer (OUT-PET-2). */
      order: z.enum(['stay', 'guard']).optional(),
    })
    .optional(),
  /** This unit rides a mount (OUT-MNT-1): the mount's unit id; riding (default), beside it, or not yet summoned. */
  mount: z.strictObject({ unit: z.string().min(1).meta({ refersTo: 'units', description: 'the unit it rides' }), state: z.enum(['riding', 'beside', 'unsummoned']).default('riding') }).optional(),
  /** A creature a Mount Tamer may capture as its mount (`tame`, ruling OUT-MNT-1). */
  tameable: z.boolean().default(false).describe('a creature a Mount Tamer may capture as its mount'),
  /** Battle station aboard an airship (OUT-SHIP-3). */
  station: z.enum(['deck', 'catapult', 'left_cannon', 'right_cannon', 'helm']).optional().describe('battle station aboard an airship (OUT-SHIP-3)'),
});

export const terrainSchema = z.strictObject({
  at: cell,
  /** The far corner: the entry fills the rectangle from `at` to `to` (a river, a forest). */
  to: cell.optional().describe('the far corner: the entry fills the rectangle from its cell to this one'),
  tags: z.array(z.string()).default([]).describe('the rules read difficult, water, mountain, hazard, land, gravity, structure'),
  cost: z.number().positive().optional().describe('movement it costs to enter (default 1)'),
  elevation: z.number().int().optional().describe('height of the ground: higher ground lets long-range weapons reach further (OUT-RNG-2)'),
  blocksMove: z.boolean().optional().describe('no one walks through it'),
  blocksSight: z.boolean().optional(),
  cover: z.enum(['half', 'full']).optional().describe('half: the attacker rolls a second die, odd misses; full: no hit from the front (OUT-COV-1..3)'),
  /** sandbags, brick, metal, wood, stone, hill... or cardboard, curtain, pillows (concealment only: no cover, OUT-COV-1). */
  material: z.string().optional().describe('sandbags, brick, metal, wood, stone, hill... or cardboard, curtain, pillows (concealment only: no cover)'),
});

const tierNo = z.number().int().min(1).max(10);

export const shipSchema = z.strictObject({
  id: z.string().min(1).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only'),
  name: z.string().min(1),
  side: z.string().min(1),
  /** North-west cell of the ship and its size in cells: its deck on the grid. */
  at: cell,
  size: z.tuple([z.number().int().min(2), z.number().int().min(2)]),
  /**
   * Where the bow points (OUT-SHIP-2, OUT-SHIP-3): N (default), E, S or W — one edge of the deck. The left
   * cannon fires to port (heading N: west of the deck), the right cannon to starboard (heading N: east).
   */
  heading: z
    .enum(['N', 'E', 'S', 'W'], { message: 'a ship heading: N, E, S or W (the bow points at one edge of the deck; the left cannon fires to port, the right to starboard)' })
    .default('N'),
  /** Tier of every section and weapon (1..10), unless `tiers` says otherwise. */
  tier: tierNo.default(1),
  tiers: z.strictObject({ hull: tierNo, mast: tierNo, propeller: tierNo, wings: tierNo, deck: tierNo, cannon: tierNo, catapult: tierNo }).partial().default({}),
  /** Cells per steer (OUT-SHIP-1: masts lost lower it). */
  movement: z.number().int().min(0).default(4),
  /** Height above the ground in levels: a fall from it hurts that much (ruling OUT-SHIP-1). */
  altitude: z.number().int().min(0).default(10),
  /** Cells around the ship inside its gravity field, in space (OUT-SPACE-1). */
  gravity: z.number().int().min(0).default(2),
  cannons: z.boolean().default(true),
  catapult: z.boolean().default(true),
});

const classOverride = z.strictObject({ name: z.string().optional(), speed: z.number().int().optional(), note: z.string().optional() });

export const encounterSchema = z
  .strictObject({
    ruleset: z.literal('outerah'),
    name: z.string().min(1),
    description: z.string().optional(),
    settings: z
      .strictObject({
        /** OUT-INIT-2: equal Speed → a seeded coin flip, or the GM decides. */
        ties: z.enum(['coin', 'gm']).default('coin'),
        /** OUT-MISS-2: a stray projectile's neighbour is picked by 1d6, or by the GM. */
        strays: z.enum(['dice', 'gm']).default('dice'),
      })
      .default({ ties: 'coin', strays: 'dice' }),
    map: z.strictObject({
      width: z.number().int().min(1).max(BOUNDS.mapSide),
      height: z.number().int().min(1).max(BOUNDS.mapSide),
      terrain: z.array(terrainSchema).default([]),
      /** What lies off the ships and land: ground (default), sky (open air: falls) or space (drift, gravity fields). */
      surroundings: z.enum(['ground', 'sky', 'space']).default('ground').describe('what lies off the ships and land: ground, sky (open air: falls) or space (drift, gravity fields)'),
      image: mapImageSchema.optional(),
      vision: visionSchema.optional(),
    })
      .superRefine((map, ctx) => terrainOffTheMap(map, ctx)),
    /** Airships (OUT-SHIP-1..3); units standing on a ship's cells are aboard. */
    ships: z.array(shipSchema).default([]),
    sides: z.record(z.string(), z.strictObject({ players: z.boolean().default(false), policy: z.string().optional() })).default({}),
    classes: z.partialRecord(z.enum(CLASS_IDS), classOverride).default({}),
    /**
     * OUT-HEAL-1: the alignment table, laid over the text's rows (fire and wind aligned heal 50 % from water): a unit
     * aligned with the row's element (`boon`) heals this percentage of the column element's healing.
     */
    alignments: z.partialRecord(element, z.partialRecord(element, z.number().int().min(0))).default({}),
    content: z
      .strictObject({ weapons: z.array(weaponSchema).default([]), skills: z.array(skillSchema).default([]), items: z.array(itemSchema).default([]) })
      .default({ weapons: [], skills: [], items: [] }),
    units: z.array(unitSchema).min(2, 'an encounter needs at least two units'),
  })
  .superRefine((doc, ctx) => {
    const ids = new Set<string>();
    const cells = new Set<string>();
    doc.units.forEach((u, i) => {
      const at = (key: string | number, ...rest: (string | number)[]) => ['units', i, key, ...rest];
      if (ids.has(u.id)) ctx.addIssue({ code: 'custom', path: at('id'), message: `unit id "${u.id}" is used twice` });
      ids.add(u.id);
      if (u.at[0] >= doc.map.width || u.at[1] >= doc.map.height) ctx.addIssue({ code: 'custom', path: at('at'), message: `cell [${u.at}] is outside the ${doc.map.width}×${doc.map.height} map` });
      const riding = doc.units.some((r) => r.mount?.unit === u.id && r.mount.state !== 'beside');
      if (!riding && !(u.mount && u.mount.state === 'riding') && cells.has(`${u.at}`)) ctx.addIssue({ code: 'custom', path: at('at'), message: `cell [${u.at}] already holds another unit` });
      if (!riding) cells.add(`${u.at}`);
      if (u.pet && !doc.units.some((t) => t.id === u.pet!.trainer)) ctx.addIssue({ code: 'custom', path: at('pet', 'trainer'), message: `no unit "${u.pet.trainer}" to be the trainer` });
      if (u.mount) {
        const m = doc.units.find((t) => t.id === u.mount!.unit);
        if (!m) ctx.addIssue({ code: 'custom', path: at('mount', 'unit'), message: `no unit "${u.mount.unit}" to ride` });
        else if (m.side !== u.side) ctx.addIssue({ code: 'custom', path: at('mount', 'unit'), message: `the mount "${m.id}" is on another side` });
        // OUT-MNT-1: only a Mount Tamer (40 Wisdom) can ride
        if (u.stats.wisdom < 40) ctx.addIssue({ code: 'custom', path: at('mount'), message: `${u.name} has ${u.stats.wisdom} Wisdom; riding a mount takes Mount Tamer (40 Wisdom) [OUT-MNT-1]` });
      }
      if (u.startHp !== undefined && u.startHp > u.hp) ctx.addIssue({ code: 'custom', path: at('startHp'), message: `startHp ${u.startHp} is more than hp ${u.hp}` });
      const known = (list: { id: string }[], key: string) => list.some((x) => x.id === key);
      u.weapons.forEach((w, j) => {
        if (typeof w === 'string' && !known(doc.content.weapons, w)) ctx.addIssue({ code: 'custom', path: at('weapons', j), message: `no weapon "${w}" in content.weapons` });
        const def = typeof w === 'string' ? doc.content.weapons.find((x) => x.id === w) : w;
        if (def && def.kind !== 'improvised' && !def.damage) ctx.addIssue({ code: 'custom', path: at('weapons', j), message: `weapon "${def.id}" needs damage dice (only improvised weapons take theirs from Strength)` });
      });
      u.skills.forEach((s, j) => {
        if (typeof s === 'string' && !known(doc.content.skills, s)) ctx.addIssue({ code: 'custom', path: at('skills', j), message: `no skill "${s}" in content.skills` });
      });
      for (const item of Object.keys(u.items)) {
        if (!known(doc.content.items, item)) ctx.addIssue({ code: 'custom', path: at('items', item), message: `no item "${item}" in content.items` });
      }
      u.reactions.forEach((r, j) => {
        if (r.does === 'item' && (!r.item || !(r.item in u.items))) ctx.addIssue({ code: 'custom', path: at('reactions', j, 'item'), message: `reaction "${r.name}" uses an item the unit does not carry` });
        if (r.does === 'skill') {
          const k = u.skills.map((s) => (typeof s === 'string' ? doc.content.skills.find((x) => x.id === s) : s)).find((s) => s?.id === r.skill);
          if (!k || k.kind === 'passive') ctx.addIssue({ code: 'custom', path: at('reactions', j, 'skill'), message: `reaction "${r.name}" uses a skill the unit does not know (name one of its skills, not a passive one)` });
          else if (r.kind === 'trigger' && k.kind !== 'attack' && k.kind !== 'debuff') ctx.addIssue({ code: 'custom', path: at('reactions', j, 'skill'), message: `reaction "${r.name}" is a Trigger Action, a retaliatory attack: it needs an attack or debuff skill, not ${k.name} (an Auto Skill may use any) [OUT-TRG-1]` });
        }
      });
      const kindsHeld = new Set(u.reactions.map((r) => r.kind));
      if (u.reaction && !kindsHeld.has(u.reaction)) ctx.addIssue({ code: 'custom', path: at('reaction'), message: `no ${u.reaction} reaction to make active` });
    });
    const checkSkill = (s: z.output<typeof skillSchema>, path: (string | number)[]) => {
      if ((s.kind === 'attack' || s.kind === 'heal') && !s.dice) ctx.addIssue({ code: 'custom', path: [...path, 'dice'], message: `a ${s.kind} skill needs dice` });
      if ((s.kind === 'buff' || s.kind === 'debuff') && !s.effect) ctx.addIssue({ code: 'custom', path: [...path, 'effect'], message: `a ${s.kind} skill needs an effect` });
      if (s.kind === 'passive' && !s.openerDamage) ctx.addIssue({ code: 'custom', path: [...path, 'openerDamage'], message: 'a passive skill needs openerDamage (the only thing a passive skill does)' });
      if (s.area !== undefined && s.kind !== 'attack' && s.kind !== 'debuff') ctx.addIssue({ code: 'custom', path: [...path, 'area'], message: `an area is for attack and debuff skills, not a ${s.kind}` });
    };
    doc.content.skills.forEach((s, i) => checkSkill(s, ['content', 'skills', i]));
    doc.units.forEach((u, i) => u.skills.forEach((s, j) => typeof s !== 'string' && checkSkill(s, ['units', i, 'skills', j])));
    if (new Set(doc.units.map((u) => u.side)).size < 2) ctx.addIssue({ code: 'custom', path: ['units'], message: 'an encounter needs units on at least two sides' });
  });

export type EncounterDoc = z.output<typeof encounterSchema>;
export type UnitDoc = z.output<typeof unitSchema>;
export type WeaponDoc = z.output<typeof weaponSchema>;
export type Skill = z.output<typeof skillSchema>;
export type Item = z.output<typeof itemSchema>;
export type Reaction = z.output<typeof reactionSchema>;
export type TerrainDoc = z.output<typeof terrainSchema>;
export type ShipDoc = z.output<typeof shipSchema>;
