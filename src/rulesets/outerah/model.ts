/** outerah's per-unit data (unit.data) and the small readers every rule uses. */
import type { Link } from '../../engine/gm/links.ts';
import { watchData, watched } from '../../engine/data-watch.ts';
import type { EncounterState, GridMap, Unit, UnitId } from '../../engine/index.ts';
import { groundAt } from './cells.ts';
import type { ClassId } from './classes.ts';
import type { CoreStat } from './effect-table.ts';
import type { Element } from './elements.ts';
import type { Item, Reaction, Skill } from './schema.ts';
import type { DamageType, Delivery } from './weapon-table.ts';

/** A weapon with its kind's defaults filled in. */
export interface Weapon {
  id: string;
  name: string;
  kind: string;
  /** Absent for improvised weapons: their dice come from Strength (OUT-WPN-1). */
  damage?: string;
  type: DamageType;
  element: Element;
  range: number;
  delivery: Delivery;
  hand: 'main' | 'off';
  upgrades: number;
  armorPiercing: boolean;
  electric: boolean;
}

export type Size = 'tiny' | 'small' | 'medium' | 'large' | 'huge';
export type Station = 'deck' | 'catapult' | 'left_cannon' | 'right_cannon' | 'helm';
export type PetKind = 'charmed' | 'drone' | 'companion' | 'tamed';

export interface OutData {
  class: ClassId;
  level: number;
  defense: number;
  magicDefense: number;
  armor: 'none' | 'light' | 'medium' | 'heavy';
  armorUpgrades: number;
  crit: number;
  move: number;
  jump: number;
  /** Base Speed: the class's (with the file's overrides) or the unit's own. */
  baseSpeed: number;
  resist: Partial<Record<Element, number>>;
  boon?: Element;
  weapons: Weapon[];
  skills: Skill[];
  items: Record<string, number>;
  reactions: Reaction[];
  reaction?: 'trigger' | 'auto';
  trainer: boolean;
  /** Maximum hit points before Black&Blue/Bruising. */
  baseHp: number;
  /** The Speed check total (OUT-INIT-1), set at the start. */
  speed?: number;
  /** Place in the Speed order after ties were broken: lower acts first among equal Speed (OUT-INIT-2, -3). */
  rank?: number;
  /** Round in which its Trigger Action was last used (OUT-TRG-1). */
  triggerRound?: number;
  policy?: string;
  gmNotes?: string;
  size: Size;
  swims: boolean;
  wings: boolean;
  hookshot: boolean;
  /** A pet's trainer and kind (OUT-PET-1); a gm.link of kind 'pet' does the same. */
  pet?: { trainer: string; kind: PetKind; from?: string };
  /** The mount this unit rides or owns (OUT-MNT-1). */
  mount?: { unit: string; state: 'riding' | 'beside' | 'unsummoned' };
  /** On a mount: whose mount it is. */
  mountOf?: string;
  station?: Station;
  /** A creature a Mount Tamer may capture (ruling OUT-MNT-1). */
  tameable?: boolean;
  [key: string]: unknown;
}

export const dataOf = (u: Unit): OutData => u.data as unknown as OutData;

export const stat = (u: Unit, s: CoreStat): number => u.stats[s] ?? 10;

export const itemsOf = (state: EncounterState): Item[] => (state.data.items ?? []) as unknown as Item[];

export const settingsOf = (state: EncounterState) => state.data.settings as { ties: 'coin' | 'gm'; strays: 'dice' | 'gm' };

/**
 * Whether a unit holds itself up in open air on its own wings: only while it is up to beat them (ruling
 * OUT-SPACE-1) — a winged unit that is down falls like any other.
 */
export const flies = (u: Unit): boolean => dataOf(u).wings && u.status === 'active';

/** Height of a unit: the ground of its cell plus its own elevation (OUT-RNG-2). */
export function heightOf(state: EncounterState, u: Unit): number {
  return groundAt(state.map as GridMap, u.position!) + (u.elevation ?? 0);
}

export function hasEffect(state: EncounterState, id: UnitId, name: string): boolean {
  for (const f of state.effects) if (f.target === id && f.name === name) return true;
  return false;
}

/**
 * The first of `u`'s GM links (engine/gm/links.ts: unit data `links`) of `kind` that leads (or not): what
 * `linksOf(u).find(...)` finds, without a list or a test made for each question (asked of every unit, often).
 */
export function firstLink(u: Unit, kind: string, lead: boolean): Link | undefined {
  const raw = u.data.links;
  if (!Array.isArray(raw)) return undefined;
  for (const l of raw as unknown as Link[]) if (l.kind === kind && (lead ? l.lead : !l.lead)) return l;
  return undefined;
}

function inUnitOrder(state: EncounterState): Unit[] {
  const out: Unit[] = new Array(state.unitOrder.length);
  for (let i = 0; i < out.length; i++) out[i] = state.units[state.unitOrder[i]];
  return out;
}

/**
 * The units in unit order, as a list kept beside the state (engine/data-watch.ts: an index reading no unit data,
 * made again only when units are added or change sides; outerah's own events, the ships', leave it — ties.test.ts
 * holds the ruleset to that). One list for every ask, not a new one each time, so not to be changed.
 */
const IN_ORDER = watchData([], inUnitOrder, { rulesetEvents: false });

export function unitsOf(state: EncounterState): readonly Unit[] {
  return watched(state, IN_ORDER);
}

/** Active units of other sides. */
export function enemiesOf(state: EncounterState, u: Unit): Unit[] {
  const out: Unit[] = [];
  for (const id of state.unitOrder) {
    const o = state.units[id];
    if (o.side !== u.side && o.status === 'active') out.push(o);
  }
  return out;
}

/** Whether `viewer`'s side may target `u` (a Hidden enemy cannot be found: OUT-OPEN-2). */
export function canBeTargeted(state: EncounterState, viewer: Unit, u: Unit): boolean {
  return u.side === viewer.side || !hasEffect(state, u.id, 'Hidden');
}

export const isPlayerSide = (state: EncounterState, side: string): boolean => ((state.data.playerSides ?? []) as string[]).includes(side);
