/**
 * Airships (OUT-SHIP-1): a ship is a footprint of cells on the grid (its deck) and a set of sections,
 * each with hit points by tier. Ships live in `state.data.ships` (id → Ship), plain JSON the web page
 * draws from; they change only through the `outerah:ship.*` events applied here.
 */
import { facingVector, turnFacing } from '../../engine/space/facing.ts';
import type { Cell, EncounterState, Json, Unit } from '../../engine/index.ts';
import type { Charge, ChargeName } from './charges.ts';
import { dataOf } from './model.ts';
import type { ShipDoc } from './schema.ts';

export type SectionKind = 'hull' | 'mast' | 'propeller' | 'wings' | 'deck';

/** Where the bow points: one of the four edges of the deck (ruling OUT-SHIP-3). */
export type Heading = 'N' | 'E' | 'S' | 'W';
export const HEADINGS: Heading[] = ['N', 'E', 'S', 'W'];
export type CannonSide = 'left' | 'right';

/** Hit points by tier 1..10, the text's five tables. */
export const SECTION_HP: Record<SectionKind, number[]> = {
  hull: [100, 110, 120, 135, 150, 170, 190, 215, 240, 275],
  mast: [25, 30, 35, 40, 50, 60, 70, 85, 100, 120],
  propeller: [30, 35, 40, 50, 60, 70, 85, 100, 115, 140],
  wings: [50, 60, 70, 85, 100, 115, 130, 150, 175, 200],
  deck: [60, 70, 85, 100, 120, 140, 165, 190, 210, 250],
};

/** The charge an attack at the section gets (OUT-SHIP-1); the Wings name none. */
export const SECTION_CHARGE: Partial<Record<SectionKind, ChargeName>> = { hull: 'super', mast: 'minus', propeller: 'hyper', deck: 'plus' };

export const SECTION_NAMES: Record<SectionKind, string> = { hull: 'Hull', mast: 'Mast', propeller: 'Propeller', wings: 'Wings', deck: 'Deck' };

export interface Section {
  id: string;
  kind: SectionKind;
  name: string;
  tier: number;
  hp: number;
  max: number;
}

export interface Ship {
  id: string;
  name: string;
  side: string;
  at: Cell;
  size: { w: number; h: number };
  /** Where the bow points (default N): the left cannon fires to port, the right to starboard (OUT-SHIP-2). */
  heading: Heading;
  /** Cells per steer before losses. */
  movement: number;
  altitude: number;
  gravity: number;
  sections: Section[];
  cannons: { left: Cannon; right: Cannon } | null;
  catapult: { tier: number; orb?: { caster: string; skill: string; round: number } } | null;
  /** The Hull is destroyed: the ship fell (sky) or is a wreck. */
  wrecked: boolean;
}

export interface Cannon {
  tier: number;
  loaded: boolean;
}

export function buildShip(s: ShipDoc): Ship {
  const tier = (k: keyof ShipDoc['tiers']) => s.tiers[k] ?? s.tier;
  const section = (kind: SectionKind, id: string, name: string): Section => {
    const t = tier(kind);
    return { id, kind, name, tier: t, hp: SECTION_HP[kind][t - 1], max: SECTION_HP[kind][t - 1] };
  };
  return {
    id: s.id,
    name: s.name,
    side: s.side,
    at: { x: s.at[0], y: s.at[1] },
    size: { w: s.size[0], h: s.size[1] },
    heading: s.heading,
    movement: s.movement,
    altitude: s.altitude,
    gravity: s.gravity,
    sections: [
      section('hull', 'hull', 'Hull'),
      section('mast', 'mast1', 'Fore Mast'),
      section('mast', 'mast2', 'Main Mast'),
      section('mast', 'mast3', 'Aft Mast'),
      section('propeller', 'propeller', 'Propeller'),
      section('wings', 'wings', 'Wings'),
      section('deck', 'deck', 'Deck'),
    ],
    cannons: s.cannons ? { left: { tier: tier('cannon'), loaded: false }, right: { tier: tier('cannon'), loaded: false } } : null,
    catapult: s.catapult ? { tier: tier('catapult') } : null,
    wrecked: false,
  };
}

export const shipsOf = (state: EncounterState): Record<string, Ship> => (state.data.ships ?? {}) as unknown as Record<string, Ship>;

export const shipList = (state: EncounterState): Ship[] => Object.values(shipsOf(state));

export function onShip(ship: Ship, c: Cell): boolean {
  return c.x >= ship.at.x && c.y >= ship.at.y && c.x < ship.at.x + ship.size.w && c.y < ship.at.y + ship.size.h;
}

/** The ship whose deck holds the cell (wrecks included), if any. */
export function shipAt(state: EncounterState, c: Cell): Ship | undefined {
  const ships = shipsOf(state);
  // shipList's order (Object.values and for-in agree), without the list: asked of every unit, often
  for (const id in ships) if (onShip(ships[id], c)) return ships[id];
  return undefined;
}

/** The ship a unit stands on. */
export function shipOf(state: EncounterState, u: Unit): Ship | undefined {
  return u.position ? shipAt(state, u.position) : undefined;
}

export const sectionOf = (ship: Ship, id: string): Section | undefined => ship.sections.find((s) => s.id === id);

export const lost = (ship: Ship, kind: SectionKind): number => ship.sections.filter((s) => s.kind === kind && s.hp <= 0).length;

/** Cells a steer may move the ship (OUT-SHIP-1): −1 per lost mast; ruling: no propeller halves it; no wings ×0.75 (Minus Charge). */
export function shipMovement(ship: Ship): { value: number; why: string[] } {
  const why: string[] = [];
  let m = ship.movement;
  const masts = lost(ship, 'mast');
  if (masts) {
    m -= masts;
    why.push(`−${masts} for lost masts`);
  }
  if (lost(ship, 'propeller')) {
    m = Math.floor(m / 2);
    why.push('halved without the propeller');
  }
  if (lost(ship, 'wings')) {
    m = Math.floor(m * 0.75);
    why.push('Minus Charge ×0.75 steering without wings');
  }
  return { value: Math.max(0, m), why };
}

/** Quarter turns (90° each) from one heading to another: 0, 1 or 2. */
export function quarterTurns(from: Heading, to: Heading): number {
  const d = Math.abs(HEADINGS.indexOf(from) - HEADINGS.indexOf(to));
  return Math.min(d, 4 - d);
}

/**
 * The compass side a cannon fires to (ruling OUT-SHIP-2): the left cannon to port (90° left of the
 * heading), the right to starboard. A ship heading N has port W and starboard E.
 */
export const broadside = (ship: Ship, side: CannonSide): Heading => turnFacing(ship.heading ?? 'N', side === 'left' ? -2 : 2) as Heading;

export const SIDE_NAMES: Record<CannonSide, string> = { left: 'left (port)', right: 'right (starboard)' };

/**
 * Whether some cell of the rectangle x0..x1 × y0..y1 lies in the broadside arc of the ship's `side` (ruling
 * OUT-SHIP-2): past that side of the deck, and at least as far out to the side as it is ahead of the bow or
 * behind the stern — the quarter of the sky between the diagonals from the deck's corners on that side (a
 * 90° arc, 45° either way of the beam). Ahead, astern and on the deck itself no cannon bears.
 * The x and y terms are independent, so the rectangle's best cell decides.
 */
/** Where a ship lies: all the arcs read of it (a policy weighs steers on placements, not copies of the ship). */
export type Placement = Pick<Ship, 'at' | 'size' | 'heading'>;

/** Each heading's broadsides as vectors (facingVector of broadside), made once: asked for every steer weighed. */
const ARC_VECTORS = Object.fromEntries(HEADINGS.map((h) => [h, { left: facingVector(turnFacing(h, -2)), right: facingVector(turnFacing(h, 2)) }])) as Record<Heading, Record<CannonSide, { x: number; y: number }>>;

function inArc(ship: Placement, side: CannonSide, x0: number, y0: number, x1: number, y1: number): boolean {
  const v = ARC_VECTORS[ship.heading ?? 'N'][side];
  const [left, top, right, bottom] = [ship.at.x, ship.at.y, ship.at.x + ship.size.w - 1, ship.at.y + ship.size.h - 1];
  // how far out past the side edge, and how far ahead/astern of the deck along the keel (0 when level with it)
  const out = v.x < 0 ? left - x0 : v.x > 0 ? x1 - right : v.y < 0 ? top - y0 : y1 - bottom;
  const along = v.x !== 0 ? Math.max(0, top - y1, y0 - bottom) : Math.max(0, left - x1, x0 - right);
  return out > 0 && out >= along;
}

/** A cell in the arc of the ship's `side` cannon. */
export const inCannonArc = (ship: Placement, side: CannonSide, c: Cell): boolean => inArc(ship, side, c.x, c.y, c.x, c.y);

/** Another ship in the arc of the `side` cannon: some of its deck lies in that arc. */
export const shipInCannonArc = (ship: Placement, side: CannonSide, foe: Placement): boolean =>
  inArc(ship, side, foe.at.x, foe.at.y, foe.at.x + foe.size.w - 1, foe.at.y + foe.size.h - 1);

/** Distance from a cell to the nearest cell of the ship's deck (Chebyshev). */
export function distanceToShip(ship: Ship, c: Cell): number {
  const dx = Math.max(ship.at.x - c.x, 0, c.x - (ship.at.x + ship.size.w - 1));
  const dy = Math.max(ship.at.y - c.y, 0, c.y - (ship.at.y + ship.size.h - 1));
  return Math.max(dx, dy);
}

export const isBelowDeck = (u: Unit): boolean => {
  const s = dataOf(u).station;
  return s === 'left_cannon' || s === 'right_cannon';
};

/**
 * Charges on attacks made from aboard (OUT-SHIP-1): any mast lost, turbulence (Minus Charge); the Deck at
 * half its hit points or less hampers the crew on it (ruling: Minus Charge; below deck is not hampered).
 */
export function crewCharges(state: EncounterState, attacker: Unit): Charge[] {
  const ship = shipOf(state, attacker);
  if (!ship || ship.wrecked) return [];
  const out: Charge[] = [];
  const masts = lost(ship, 'mast');
  if (masts) out.push({ charge: 'minus', why: `${masts} mast${masts > 1 ? 's' : ''} lost: turbulence` });
  const deck = sectionOf(ship, 'deck')!;
  if (!isBelowDeck(attacker) && deck.hp > 0 && deck.hp * 2 <= deck.max) out.push({ charge: 'minus', why: 'damaged deck' });
  return out;
}

/** Units standing on the ship's deck cells (active or down). */
export function aboard(state: EncounterState, ship: Ship): Unit[] {
  const out: Unit[] = [];
  for (const id of state.unitOrder) {
    const u = state.units[id];
    if (isAboard(u, ship)) out.push(u);
  }
  return out;
}

/** Whether `u` stands on the ship's deck cells, active or down (one of `aboard`). */
const isAboard = (u: Unit, ship: Ship): boolean => !!u.position && (u.status === 'active' || u.status === 'down') && onShip(ship, u.position);

/** Why the crew member cannot attack now because of its ship: below deck, or the deck destroyed. */
export function crewBlocker(state: EncounterState, u: Unit): string | null {
  // the first ship, not wrecked, with `u` (as the state has it) aboard: aboard's test, asked of `u` alone
  const me = state.units[u.id];
  const ship = me && shipList(state).find((s) => !s.wrecked && isAboard(me, s));
  if (!ship) return null;
  const st = dataOf(u).station;
  if (st === 'left_cannon' || st === 'right_cannon') return `${u.name} is below deck at the cannons [OUT-SHIP-3]`;
  if (sectionOf(ship, 'deck')!.hp <= 0) return `${ship.name}'s Deck is destroyed: the crew on it cannot attack [OUT-SHIP-1]`;
  return null;
}

// ---- events ----

export type ShipEvent =
  | { type: 'outerah:ship.damaged'; ship: string; section: string; amount: number; hp: number; source?: string }
  | { type: 'outerah:ship.moved'; ship: string; from: Cell; to: Cell }
  | { type: 'outerah:ship.set'; ship: string; key: 'altitude' | 'wrecked' | 'cannon' | 'orb' | 'heading'; value: Json };

const live = (state: EncounterState, id: string): Ship => {
  const s = shipsOf(state)[id];
  if (!s) throw new Error(`event names unknown ship "${id}"`);
  return s;
};

export const shipAppliers = {
  'outerah:ship.damaged'(state: EncounterState, e: Extract<ShipEvent, { type: 'outerah:ship.damaged' }>) {
    const sec = live(state, e.ship).sections.find((x) => x.id === e.section)!;
    sec.hp = e.hp;
  },
  'outerah:ship.moved'(state: EncounterState, e: Extract<ShipEvent, { type: 'outerah:ship.moved' }>) {
    live(state, e.ship).at = { x: e.to.x, y: e.to.y };
  },
  'outerah:ship.set'(state: EncounterState, e: Extract<ShipEvent, { type: 'outerah:ship.set' }>) {
    const s = live(state, e.ship);
    if (e.key === 'altitude') s.altitude = e.value as number;
    else if (e.key === 'wrecked') s.wrecked = e.value as boolean;
    else if (e.key === 'heading') s.heading = e.value as Heading;
    else if (e.key === 'cannon') {
      const v = e.value as { side: 'left' | 'right'; loaded: boolean };
      if (s.cannons) s.cannons[v.side].loaded = v.loaded;
    } else if (e.key === 'orb' && s.catapult) {
      if (e.value === null) delete s.catapult.orb;
      else s.catapult.orb = e.value as { caster: string; skill: string; round: number };
    }
  },
};

export function describeShipEvent(e: { type: string; [k: string]: unknown }, state: EncounterState): string | undefined {
  const ship = shipsOf(state)[String(e.ship)];
  const name = ship?.name ?? String(e.ship);
  if (e.type === 'outerah:ship.damaged') {
    const sec = ship?.sections.find((s) => s.id === e.section);
    return `${name}'s ${sec?.name ?? String(e.section)} takes ${String(e.amount)} damage (HP ${String(e.hp)}) [OUT-SHIP-1]`;
  }
  if (e.type === 'outerah:ship.moved') {
    const to = e.to as Cell;
    return `${name} is steered to (${to.x}, ${to.y}) [OUT-SHIP-3]`;
  }
  if (e.type === 'outerah:ship.set') {
    const v = e.value as { side?: string; loaded?: boolean } | null;
    if (e.key === 'cannon') return `${name}'s ${v?.side} cannon is ${v?.loaded ? 'loaded' : 'fired'} [OUT-SHIP-2]`;
    if (e.key === 'orb') return v ? `${name}'s catapult holds an enchanted orb [OUT-SHIP-2]` : `${name}'s catapult is empty [OUT-SHIP-2]`;
    if (e.key === 'altitude') return `${name} is at altitude ${String(e.value)} [OUT-SHIP-1]`;
    if (e.key === 'heading') return `${name} turns to head ${String(e.value)} [OUT-SHIP-3]`;
    return `${name} is a wreck [OUT-SHIP-1]`;
  }
  return undefined;
}
