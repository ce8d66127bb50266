/**
 * A unit's fixed numbers, compiled once per set-up (issue 40, point 2): what no rule of a fight writes —
 * speed, the action budgets, the modifiers, the weapons with their parsed damage and whether the unit is
 * skilled with each, the class bonuses — as fixed-shape records the hot code reads by field, instead of
 * walking the string-keyed records of `unit.data` for every attack, listing and strike weighed.
 *
 * A cache, never a second source of truth: a profile is found by the unit's weapon list (an object every
 * fork of one set-up shares: the fork copies `data`'s shell, not the values below it) and is used only
 * while every value it was made from is still the very one in `data` (`fits`). Events put a fresh value
 * in place of such a record, never edit it (engine/fork.ts), so a GM's `gm.set_data` of `mods`,
 * `weapons`, `skilled`, ... makes the old profile unfit and a new one is made from the new values
 * (profile.test.ts fails when it is not).
 */
import { distributionOf, type DiceExpr, type Distribution } from '../../dice/index.ts';
import { toExpr } from '../../dice/parse.ts';
import type { EncounterState, Unit } from '../../engine/index.ts';
import { dataOf, type P20Data } from './model.ts';
import type { Spell, Status, Weapon } from './schema.ts';

/** A physical weapon as one unit carries it: the numbers an attack, the listing and the policy read. */
export class WeaponProfile {
  /** The damage on a hit at `damageBase`, unbraced (the preview's and the policy's odds): made on first ask. */
  plainHit: Distribution | undefined = undefined;

  constructor(
    readonly weapon: Weapon,
    readonly range: number,
    /** The weapon's damage dice, parsed once. */
    readonly dice: DiceExpr,
    /** Skilled with it: Combat is added to the hit check, the Scale Attribute to the damage (P20-ATK-2, 3). */
    readonly skilled: boolean,
    /** General Skill (+ Combat when skilled), the unit's own modifiers: the hit bonus before roles and effects. */
    readonly hitBase: number,
    /** The Scale Attribute's modifier (when skilled) + the class bonus: the damage bonus before roles and effects. */
    readonly damageBase: number,
  ) {}
}

/** A spell as one unit knows it: the numbers a cast, the preview and the policy read. */
export class SpellProfile {
  /** The damage on a hit at the unit's spell damage bonus, unbraced: made on first ask. */
  plainHit: Distribution | undefined = undefined;

  constructor(
    readonly spell: Spell,
    /** Its damage (or healing) dice parsed once; undefined for a spell without. */
    readonly dice: DiceExpr | undefined,
    /** Skilled in its school: Magic is added to the spell check (P20-SPL-2). */
    readonly skilled: boolean,
    /** General Skill (+ Magic when skilled), the unit's own modifiers: the spell check's bonus before roles and effects. */
    readonly hitBase: number,
  ) {}
}

const means = new Map<string, number>();
function meanOf(dice: string): number {
  let m = means.get(dice);
  if (m === undefined) means.set(dice, (m = distributionOf(dice).mean));
  return m;
}

const modIn = (mods: Record<string, number>, name: string): number => mods[name] ?? 0;

export class UnitProfile {
  readonly speed: number;
  readonly budgetDefault: number;
  readonly budgetAttack: number;
  readonly budgetSpell: number;
  readonly classAttack: number;
  readonly classSpell: number;
  /** Magic + the class bonus for spells, the unit's own: a spell's damage bonus before roles and effects (P20-SPL-3). */
  readonly spellDamageBase: number;
  /** Its spells, in the unit's order (as `data.spells`). */
  readonly spellProfiles: readonly SpellProfile[];
  readonly hasFollowUps: boolean;
  /** The physical weapons, in the unit's order (the listing's attacks, weaponOf). */
  readonly physical: readonly WeaponProfile[];
  /** The weapon a Ready Attack strikes with: the first physical one (ruling P20-PREP-1). */
  readonly readied: Weapon | undefined;
  /** Carries a magical weapon or catalyst (P20-SPL-1). */
  readonly catalyst: boolean;
  /** threat's answer, once asked (undefined: not yet). */
  private threatKept: number | undefined = undefined;

  // what it was made from: the very values (fits)
  private readonly weapons: Weapon[];
  private readonly spells: P20Data['spells'];
  private readonly mods: Record<string, number>;
  private readonly skilled: P20Data['skilled'];
  private readonly classBonus: P20Data['classBonus'];
  private readonly actionBudget: P20Data['actionBudget'];
  private readonly followUps: P20Data['followUps'];

  constructor(d: P20Data) {
    this.weapons = d.weapons;
    this.spells = d.spells;
    this.mods = d.mods;
    this.skilled = d.skilled;
    this.classBonus = d.classBonus;
    this.actionBudget = d.actionBudget;
    this.followUps = d.followUps;
    this.speed = d.speed;
    this.budgetDefault = d.actionBudget.default;
    this.budgetAttack = d.actionBudget.attack;
    this.budgetSpell = d.actionBudget.spell;
    this.classAttack = d.classBonus.attack;
    this.classSpell = d.classBonus.spell;
    this.hasFollowUps = d.followUps.length > 0;
    const general = modIn(d.mods, 'generalSkill');
    const physical: WeaponProfile[] = [];
    let catalyst = false;
    for (const w of d.weapons) {
      if (w.magical) catalyst = true;
      if (w.physical === false) continue;
      const skilled = d.skilled.weapons.includes(w.id);
      const hitBase = skilled ? general + modIn(d.mods, 'combat') : general;
      const damageBase = (skilled ? modIn(d.mods, w.scale) : 0) + d.classBonus.attack;
      physical.push(new WeaponProfile(w, w.range, toExpr(w.damage), skilled, hitBase, damageBase));
    }
    const magic = modIn(d.mods, 'magic');
    this.spellDamageBase = magic + d.classBonus.spell;
    const spellProfiles: SpellProfile[] = [];
    for (const s of d.spells) {
      const skilled = d.skilled.schools.includes(s.school);
      spellProfiles.push(new SpellProfile(s, s.damage === undefined ? undefined : toExpr(s.damage), skilled, skilled ? general + magic : general));
    }
    this.spellProfiles = spellProfiles;
    this.physical = physical;
    this.readied = physical.length ? physical[0].weapon : undefined;
    this.catalyst = catalyst;
  }

  /**
   * The larger mean of its physical weapons' and harmful spells' damage dice (the policy's measure). Worked
   * out on first ask, not when the profile is made: a profile is made when a fight starts, and the exact mean
   * of dice past the distribution limit (200d200) is refused — a live table, which never asks it, must start.
   */
  get threat(): number {
    if (this.threatKept !== undefined) return this.threatKept;
    let threat = 0;
    for (const p of this.physical) threat = Math.max(threat, meanOf(p.weapon.damage));
    for (const s of this.spells) if (!s.heals && s.damage) threat = Math.max(threat, meanOf(s.damage));
    return (this.threatKept = threat);
  }

  /** Whether every value it was made from is still the unit's (a GM's `gm.set_data` puts a new one in place). */
  fits(d: P20Data): boolean {
    return (
      d.weapons === this.weapons &&
      d.mods === this.mods &&
      d.speed === this.speed &&
      d.skilled === this.skilled &&
      d.classBonus === this.classBonus &&
      d.actionBudget === this.actionBudget &&
      d.spells === this.spells &&
      d.followUps === this.followUps
    );
  }

  /** The profile of one of its spells (by the spell object itself), or undefined. */
  spell(s: Spell): SpellProfile | undefined {
    const ss = this.spellProfiles;
    for (let i = 0; i < ss.length; i++) if (ss[i].spell === s) return ss[i];
    return undefined;
  }

  /** The profile of one of its physical weapons (by the weapon object itself), or undefined. */
  weapon(w: Weapon): WeaponProfile | undefined {
    const ws = this.physical;
    for (let i = 0; i < ws.length; i++) if (ws[i].weapon === w) return ws[i];
    return undefined;
  }
}

/** By the unit's weapon list, shared by every fork of a set-up. */
const profiles = new WeakMap<object, UnitProfile>();

/** The unit's fixed numbers (made once per set-up, remade when a value it came from was replaced). */
export function profileOf(u: Unit): UnitProfile {
  const d = dataOf(u);
  const key = d.weapons as object | undefined;
  if (typeof key !== 'object' || key === null) return new UnitProfile(d);
  let p = profiles.get(key);
  if (p === undefined || !p.fits(d)) {
    p = new UnitProfile(d);
    profiles.set(key, p);
  }
  return p;
}

/**
 * Whether a modifier of this unit may differ from its own (`mods`): a role with changes, or an effect on
 * it with a status that changes modifiers (ruling P20-GEN-5). When not, `mod()` is the profile's number.
 */
export function modsChanged(state: EncounterState, u: Unit): boolean {
  if (dataOf(u).role !== undefined && state.data.roles) return true;
  const effects = state.effects;
  for (let i = 0; i < effects.length; i++) {
    const fx = effects[i];
    if (fx.target === u.id && (fx.data?.status as Status | undefined)?.modifiers) return true;
  }
  return false;
}
