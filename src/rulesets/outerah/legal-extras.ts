/**
 * The part-2 options of legalActions: pet orders, mounts, swimming, hookshots and airship work. Each one
 * uses the same blocker its command checks, so a listed option is an accepted command.
 */
import { distance, neighbours, parseCellKey } from '../../engine/space/grid.ts';
import type { Reach, Reached } from '../../engine/space/path.ts';
import type { ActionOption, Cell, EncounterState, GridMap, Unit } from '../../engine/index.ts';
import { calmBlocker, dismountBlocker, rideBlocker, summonBlocker } from './mount-commands.ts';
import { mountRecord } from './mount-model.ts';
import { dismissBlocker, tameBlocker } from './taming.ts';
import { outOfCombat } from './hidden.ts';
import { dataOf, unitsOf, type Station } from './model.ts';
import { reachableCells, takenCells, walkToward } from './move.ts';
import { fromReach } from './reached.ts';
import { orderBlocker, petBudget, returnCellIn } from './pet-orders.ts';
import { eachPetStrike, petStrikeOption } from './pet-strikes.ts';
import { guardable } from './pet-watch.ts';
import { petsOf, turnKey } from './pets.ts';
import { areaCells, struckBy } from './skill-area.ts';
import { crewBlocker, distanceToShip, HEADINGS, quarterTurns, shipList, shipMovement, shipOf, type CannonSide, type Heading, type Ship } from './ship-model.ts';
import { stationBlocker, STATIONS, steerBlocker, steerWorld } from './ship-stations.ts';
import { boxLaunchBlocker, cannonShipBlocker, cannonSpec, cannonUnitBlocker, catapultBlocker, catapultRange, landingBlocker, orbLaunchBlocker, unitLaunchBlocker } from './ship-weapons.ts';
import { hasSlot } from './turn.ts';
import { isOpenAir, surroundings } from './terrain.ts';
import { HOOKSHOT_RANGE, hookshotBlocker, REPEL_CELLS, staysPut } from './space.ts';
import { swimBlocker } from './water.ts';

/** `facts`: the option's typed fields (move, range, targets). */
const opt = (group: string, label: string, command: ActionOption['command'], facts?: Partial<ActionOption>): ActionOption => (facts ? { command, label, group, ...facts } : { command, label, group });

/** One Move Order option: the pet's search found `key` at `cost` (the listing's and petMoveToward's, one builder). */
function petMoveOption(u: Unit, pet: Unit, c: Cell, cost: number): ActionOption {
  return opt('pet', `${pet.name}: Move Order to (${c.x}, ${c.y}) — ${cost} Movement`, { type: 'pet', actor: u.id, pet: pet.id, order: 'move', to: [c.x, c.y] }, { move: { to: c, cost } });
}

/** A pet's Move Order options in a search result: built once per result, trainer and pet (id and name), shared (fromReach). */
function petMoveOptions(reach: Map<string, Reach>, u: Unit, pet: Unit): ActionOption[] {
  const out: ActionOption[] = [];
  for (const [key, spot] of reach) {
    if (spot.cost === 0 || spot.canStop === false) continue;
    out.push(petMoveOption(u, pet, parseCellKey(key), spot.cost));
  }
  return out;
}

/** The pet orders a question asks for: every one (the listing), or a policy's narrower question. */
export interface PetQuestion {
  /** Return and Move Orders. */
  moves: boolean;
  /** Stay, Search, Alert and Guard Orders (the Pet Actions that are not attacks). */
  others: boolean;
}

const EVERY_ORDER: PetQuestion = { moves: true, others: true };

/** `u`'s pet orders, in the listing's order, those `ask` asks for (the listing: all of them). */
/** `pets`: petsOf(state, u), when the caller has it already (the policy asks it once for both questions). */
export function petOptions(state: EncounterState, u: Unit, out: ActionOption[] = [], ask: PetQuestion = EVERY_ORDER, pets = petsOf(state, u)): ActionOption[] {
  if (!pets.length) return out;
  const units = unitsOf(state);
  for (const pet of pets) {
    const base = { type: 'pet', actor: u.id, pet: pet.id };
    if (ask.moves && !orderBlocker(state, u, pet, 'move')) {
      const reach = reachableCells(state, pet, petBudget(state, u, pet));
      if (returnCellIn(reach, u, pet)) out.push(opt('pet', `${pet.name}: Return Order`, { ...base, order: 'return' }));
      for (const o of fromReach(reach, JSON.stringify(['pet', u.id, pet.id, pet.name]), () => petMoveOptions(reach, u, pet))) out.push(o);
    }
    if (orderBlocker(state, u, pet, 'attack')) continue;
    if (ask.others) {
      out.push(opt('pet', `${pet.name}: Stay Order`, { ...base, order: 'stay' }));
      // the Pet Actions that are not attacks (ruling OUT-PET-2)
      // no typed area: an area lists whom it takes, and whom a search would find is what the searcher does not know
      out.push(opt('pet', `${pet.name}: Search Order (the 3×3 area around it)`, { ...base, order: 'search' }));
      out.push({ ...opt('pet', `${pet.name}: Alert Order (a presence within ${dataOf(pet).move} cells)`, { ...base, order: 'alert' }), range: dataOf(pet).move });
      for (const ward of units) {
        if (guardable(u, pet, ward)) out.push({ ...opt('pet', `${pet.name}: Guard Order over ${ward.id === u.id ? `${u.name} (itself)` : ward.name}`, { ...base, order: 'guard', target: ward.id }), targets: [ward.id] });
      }
    }
    // the attack orders (pet-strikes.ts), an option built of each
    eachPetStrike(state, u, pet, units, (kind, t, range, k) => void out.push(petStrikeOption(state, u, pet, kind, t, range, k)));
  }
  return out;
}

/**
 * The first of `u`'s Move Orders, in the listing's order, whose cell is nearer than any before it to the
 * nearest of the cells `toward` gives for the pet of the first Move Order, starting from its `toBeat` — or
 * undefined when none beats it: what a policy walking a pet toward its foes picks among the listed Move
 * Orders, without an option per reachable cell (walkToward, pet by pet). The option is the one the
 * listing has (one builder, petMoveOption).
 */
export function petMoveToward(state: EncounterState, u: Unit, toward: (pet: Unit) => { cells: readonly Cell[]; toBeat: number }, pets = petsOf(state, u)): ActionOption | undefined {
  let measure: { cells: readonly Cell[]; toBeat: number } | undefined;
  let best: { pet: Unit; at: Cell; cost: number } | undefined;
  let bestD = Infinity;
  for (const pet of pets) {
    if (orderBlocker(state, u, pet, 'move')) continue;
    // measured against the cells of the first pet with any Move Order (toward: a question of the pet alone, so
    // asked before its search, which then stops at the first cell as near as any can be: walkToward)
    const m = measure ?? toward(pet);
    const { reach, index, d } = walkToward(state, pet, m.cells, measure ? bestD : m.toBeat, petBudget(state, u, pet));
    if (!hasStop(reach)) continue; // no Move Order at all (a search stopped early holds the stop it stopped at)
    if (!measure) {
      measure = m;
      bestD = m.toBeat;
    }
    if (index < 0) continue;
    best = { pet, at: { x: reach.x[index], y: reach.y[index] }, cost: reach.cost[index] };
    bestD = d;
  }
  return best && petMoveOption(u, best.pet, best.at, best.cost);
}

/** Whether a search has any stop: a cell reached at a cost where a move may end (stopsOf's). */
function hasStop(r: Reached): boolean {
  for (let k = 0; k < r.count; k++) if (r.cost[k] !== 0 && r.stop[k] !== 0) return true;
  return false;
}

function mountOptions(state: EncounterState, u: Unit, out: ActionOption[], want: (type: string) => boolean): void {
  for (const id of want('tame') ? state.unitOrder : []) {
    const t = state.units[id];
    if (dataOf(t).tameable && !tameBlocker(state, u, t)) out.push({ ...opt('mount', `Tame ${t.name} as a mount (Primary action, Animal Handling)`, { type: 'tame', actor: u.id, target: t.id }), range: 1, targets: [t.id] });
  }
  const rec = mountRecord(u);
  if (!rec) return;
  if (want('dismiss_mount') && !dismissBlocker(state, u)) out.push(opt('mount', `Dismiss ${state.units[rec.unit].name} (${outOfCombat(state) ? 'out of combat: free' : 'Primary action'})`, { type: 'dismiss_mount', actor: u.id }));
  if (want('summon_mount') && !summonBlocker(state, u)) out.push(opt('mount', `Summon the mount (${outOfCombat(state) ? 'out of combat: free' : 'Primary action'})`, { type: 'summon_mount', actor: u.id }));
  if (want('calm_mount') && !calmBlocker(state, u)) out.push(opt('mount', 'Calm the Feared mount (Animal Handling)', { type: 'calm_mount', actor: u.id }));
  if (want('ride') && !rideBlocker(state, u)) out.push(opt('mount', `Ride ${state.units[rec.unit].name}`, { type: 'ride', actor: u.id }));
  if (want('dismount') && rec.state === 'riding' && u.position && u.pools.movement.value >= 1) {
    for (const c of neighbours(u.position)) {
      if (!dismountBlocker(state, u, c)) out.push(opt('mount', `Dismount to (${c.x}, ${c.y}) — 1 Movement`, { type: 'dismount', actor: u.id, to: [c.x, c.y] }, { move: { to: c, cost: 1 } }));
    }
  }
}

/** `firstShots`: of the cannon's shots only the first and the first at a Hull (mountAndCannonOptions). */
function shipOptions(state: EncounterState, u: Unit, out: ActionOption[], want: (type: string) => boolean, firstShots = false): void {
  const ship = shipOf(state, u);
  if (ship && !ship.wrecked) {
    if (want('station')) for (const s of STATIONS) if (!stationBlocker(state, u, s)) out.push(stationOption(u, s));
    const st = dataOf(u).station;
    if (st === 'helm' && want('steer') && hasSlot(u, 'primary')) steerOptions(state, u, ship, out);
    if ((st === 'left_cannon' || st === 'right_cannon') && (want('load_cannon') || want('fire_cannon')) && hasSlot(u, 'primary') && ship.cannons) cannonOptions(state, u, ship, st === 'left_cannon' ? 'left' : 'right', out, firstShots);
  }
  if (!want('attack_ship') || crewBlocker(state, u)) return;
  const w = dataOf(u).weapons.find((x) => hasSlot(u, x.hand === 'off' ? 'secondary' : 'primary'));
  if (!w) return;
  for (const foe of shipList(state)) {
    if (foe.wrecked || foe.side === u.side || distanceToShip(foe, u.position!) > w.range) continue;
    for (const sec of foe.sections) if (sec.hp > 0) out.push(opt('attack', `Attack ${foe.name}'s ${sec.name} with ${w.name}`, { type: 'attack_ship', actor: u.id, ship: foe.id, section: sec.id, weapon: w.id }));
  }
}

/** The listing's attacks on enemy ships' sections (on the unit's own turn), asked of their builder alone. */
export function shipAttackOptions(state: EncounterState, u: Unit): ActionOption[] {
  const out: ActionOption[] = [];
  shipOptions(state, u, out, (type) => type === 'attack_ship');
  return out;
}

/** Taking a station (the listing's and the policy's, one builder). */
export const stationOption = (u: Unit, s: Station): ActionOption => opt('ship', `Take the ${s.replace('_', ' ')} station`, { type: 'station', actor: u.id, station: s });

const DIRECTIONS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];

/** A steer the helm might give, before its blocker is asked: by (dx, dy), turning to `heading` (none: straight on). */
export interface SteerMove {
  dx: number;
  dy: number;
  heading?: Heading;
}

/**
 * Every steer of `ship`, in the listing's order, before any is checked: straight by the full Movement or one
 * cell; and turning the bow (in place, or with the cells left). The listing keeps those steerBlocker lets through.
 */
export function steerMoves(ship: Ship): SteerMove[] {
  const m = shipMovement(ship).value;
  // the same for every ship heading the same way with the same Movement: made once, shared (nobody changes them)
  const key = `${ship.heading}|${m}`;
  let out = steerMovesBy.get(key);
  if (!out) steerMovesBy.set(key, (out = steerMovesFor(ship.heading, m)));
  return out;
}

const steerMovesBy = new Map<string, SteerMove[]>();

function steerMovesFor(bow: Heading, m: number): SteerMove[] {
  const out: SteerMove[] = [];
  for (const heading of [undefined, ...HEADINGS.filter((h) => h !== bow)]) {
    const left = m - (heading ? quarterTurns(bow, heading) : 0);
    if (heading) out.push({ dx: 0, dy: 0, heading });
    for (const [dx, dy] of DIRECTIONS) {
      for (const k of left > 1 ? [left, 1] : [left]) {
        if (k >= 1) out.push(heading ? { dx: dx * k, dy: dy * k, heading } : { dx: dx * k, dy: dy * k });
      }
    }
  }
  return out;
}

/** The option of one steer (the listing's and the policy's, one builder). */
export function steerOption(u: Unit, ship: Ship, s: SteerMove): ActionOption {
  const movement = shipMovement(ship).value;
  const turnCost = s.heading ? quarterTurns(ship.heading, s.heading) : undefined;
  // typed facts for pages and policies; the label is the same words a captain would give
  const steer = { vessel: ship.id, dx: s.dx, dy: s.dy, movement, ...(s.heading ? { heading: s.heading, turnCost } : {}) };
  if (s.heading && s.dx === 0 && s.dy === 0) {
    return opt('ship', `Turn ${ship.name} to head ${COMPASS_WORDS[s.heading]} (${turnCost} of its ${movement} cells)`, { type: 'steer', actor: u.id, by: [0, 0], heading: s.heading }, { steer });
  }
  const cells = Math.max(Math.abs(s.dx), Math.abs(s.dy));
  const way = `${s.dy < 0 ? 'north' : s.dy > 0 ? 'south' : ''}${s.dy !== 0 && s.dx !== 0 ? '-' : ''}${s.dx > 0 ? 'east' : s.dx < 0 ? 'west' : ''}`;
  return opt('ship', `Steer ${ship.name} ${cells} ${cells === 1 ? 'cell' : 'cells'} ${way}${s.heading ? `, turning to head ${COMPASS_WORDS[s.heading]}` : ''}`, { type: 'steer', actor: u.id, by: [s.dx, s.dy], ...(s.heading ? { heading: s.heading } : {}) }, { steer });
}

const COMPASS_WORDS: Record<Heading, string> = { N: 'north', E: 'east', S: 'south', W: 'west' };

/**
 * Whether `u` may steer at all now as the listing sees it (at the helm of a standing ship, its Primary action
 * left), and a check of each steer by steerBlocker, the world around the ship taken once: what a policy asks
 * of only the steers it would take, not the dozens the listing checks.
 */
export function steerCheck(state: EncounterState, u: Unit): { ship: Ship; free: (s: SteerMove) => boolean } | undefined {
  const ship = shipOf(state, u);
  if (!ship || ship.wrecked || dataOf(u).station !== 'helm' || !hasSlot(u, 'primary')) return undefined;
  let world: ReturnType<typeof steerWorld> | undefined;
  return { ship, free: (s) => !steerBlocker(state, u, s.dx, s.dy, s.heading, (world ??= steerWorld(state, ship))) };
}

/** Steers: those of steerMoves that steerBlocker lets through. */
function steerOptions(state: EncounterState, u: Unit, ship: Ship, out: ActionOption[]): void {
  const world = steerWorld(state, ship);
  for (const s of steerMoves(ship)) if (!steerBlocker(state, u, s.dx, s.dy, s.heading, world)) out.push(steerOption(u, ship, s));
}

/**
 * Cannon shots: only those the command accepts (range, target, and the arc of the cannon's side: OUT-SHIP-2).
 * `firstShots`: only what the aggressive policy reads of them (partTwoChoice: the first shot, and the first at a
 * Hull) — the first shot at a ship's section and the first at a Hull, else the first at a unit — each the
 * listing's option; no other is built.
 */
function cannonOptions(state: EncounterState, u: Unit, ship: Ship, side: CannonSide, out: ActionOption[], firstShots = false): void {
  const c = ship.cannons![side];
  if (!c.loaded) {
    out.push(opt('ship', `Load the ${side} cannon`, { type: 'load_cannon', actor: u.id }));
    return;
  }
  if (dataOf(u).loadedTurn === turnKey(state)) return;
  let atShip = false;
  for (const foe of shipList(state)) {
    if (foe.wrecked || foe.side === u.side || cannonShipBlocker(ship, side, u, foe)) continue;
    for (const sec of foe.sections) {
      if (sec.hp <= 0 || (firstShots && atShip && sec.id !== 'hull')) continue;
      out.push(opt('attack', `Fire the ${side} cannon at ${foe.name}'s ${sec.name}`, { type: 'fire_cannon', actor: u.id, ship: foe.id, section: sec.id }));
      if (firstShots && sec.id === 'hull') return;
      atShip = true;
    }
  }
  if (firstShots && atShip) return; // a shot at a ship comes first: the shots at units are not read
  for (const id of state.unitOrder) {
    const t = state.units[id];
    // itself, allies and units not active are refused by the blocker before it reads the shot: no shot built for them
    if (!t.position || t.id === u.id || t.status !== 'active' || t.side === u.side) continue;
    if (cannonUnitBlocker(state, ship, side, u, t, cannonSpec(c.tier, distance(u.position!, t.position), t))) continue;
    out.push(opt('attack', `Fire the ${side} cannon at ${t.name}`, { type: 'fire_cannon', actor: u.id, target: t.id }, { targets: [t.id] }));
    if (firstShots) return;
  }
}

/**
 * The catapult (OUT-SHIP-2): enchanting an orb, launching it, launching an ally, sending an item box. Each
 * option passes the very blockers `launch` checks. A launched ally may land on every cell the command accepts:
 * on the map, in range, not a wall, free — open air too, where it falls without wings (ruling), and the label
 * says so. Item boxes: each ally in range, each item, every count, with and without balloons. `orbsOnly`: the
 * orb's options alone (enchanting, launching), what a policy that launches nothing else asks.
 */
export function catapultOptions(state: EncounterState, u: Unit, out: ActionOption[], orbsOnly = false): ActionOption[] {
  const at = catapultBlocker(state, u);
  if ('code' in at || !hasSlot(u, 'primary')) return out;
  const ship = at;
  const units = state.unitOrder.map((k) => state.units[k]);
  if (!ship.catapult!.orb) {
    for (const k of dataOf(u).skills) if (k.kind === 'attack' || k.kind === 'debuff') out.push(opt('ship', `Enchant an orb with ${k.name}`, { type: 'enchant_orb', actor: u.id, skill: k.id }));
  } else {
    const orb = ship.catapult!.orb as { caster: string; skill: string };
    const caster = state.units[orb.caster];
    const k = caster ? dataOf(caster).skills.find((s) => s.id === orb.skill) : undefined;
    for (const t of units) {
      if (orbLaunchBlocker(state, u, ship, t)) continue;
      const command = { type: 'launch', actor: u.id, payload: 'orb', target: t.id };
      // an area spell's orb says whom it strikes (ruling OUT-PET-5)
      if (k?.area) out.push(opt('attack', `Launch the orb at ${t.name} (area ${2 * k.area + 1}×${2 * k.area + 1})`, command, { area: areaCells(state, k, t.position!), targets: struckBy(state, caster, k, t).map((v) => v.id) }));
      else out.push(opt('attack', `Launch the orb at ${t.name}`, command, { targets: [t.id] }));
    }
  }
  if (orbsOnly) return out;
  const map = state.map as GridMap;
  const max = catapultRange(ship.catapult!.tier);
  const from = u.position!;
  for (const who of units) {
    if (unitLaunchBlocker(state, u, who)) continue;
    const taken = takenCells(state, who);
    for (let y = Math.max(0, from.y - max); y <= Math.min(map.height - 1, from.y + max); y++) {
      for (let x = Math.max(0, from.x - max); x <= Math.min(map.width - 1, from.x + max); x++) {
        const c = { x, y };
        if (landingBlocker(state, u, ship, who, c, taken)) continue;
        const air = isOpenAir(state, c) ? (dataOf(who).wings ? ' — open air: it flies' : ' — open air: it falls, out of the fight') : surroundings(state) !== 'space' || staysPut(state, c) ? '' : ' — out of every gravity field: it drifts away';
        out.push(opt('ship', `Catapult ${who.name} to (${x}, ${y})${air}`, { type: 'launch', actor: u.id, payload: 'unit', unit: who.id, to: [x, y] }, { targets: [who.id] }));
      }
    }
  }
  for (const [item, have] of Object.entries(dataOf(u).items)) {
    for (const t of units) {
      if (have < 1 || boxLaunchBlocker(state, u, ship, t, item, 1)) continue;
      for (let count = 1; count <= have; count++) {
        for (const balloons of [true, false]) {
          out.push(opt('item', `Launch an item box of ${count} ${item} to ${t.name} ${balloons ? 'on balloons' : 'without balloons (it smashes)'}`, { type: 'launch', actor: u.id, payload: 'box', target: t.id, item, count, balloons }, { targets: [t.id] }));
        }
      }
    }
  }
  return out;
}

const MOUNT_FIRST = new Set(['summon_mount', 'calm_mount', 'ride']);
const CANNON_FIRST = new Set(['load_cannon', 'fire_cannon']);

/**
 * What the aggressive policy reads of the listing's options of the mount and cannon types it takes first
 * (summoning, calming, riding its mount; loading its cannon; of the cannon's shots the first and the first at a
 * Hull: partTwoChoice, sortOut), in the listing's order, asked of their two builders alone — not of a listing
 * that walks every part to find them, nor every shot built with its words.
 */
export function mountAndCannonOptions(state: EncounterState, u: Unit): ActionOption[] {
  const out: ActionOption[] = [];
  mountOptions(state, u, out, (type) => MOUNT_FIRST.has(type));
  shipOptions(state, u, out, (type) => CANNON_FIRST.has(type), true);
  return out;
}

const MOUNT_TYPES = ['summon_mount', 'tame', 'calm_mount', 'ride', 'dismount', 'dismiss_mount'];
const SHIP_TYPES = ['station', 'steer', 'load_cannon', 'fire_cannon', 'attack_ship'];
const CATAPULT_TYPES = ['enchant_orb', 'launch'];

/** The part-2 options, added to `out` (a new list when none is given); `want` leaves out the command types not asked for. */
export function extraActions(state: EncounterState, u: Unit, out: ActionOption[] = [], want: (type: string) => boolean = () => true): ActionOption[] {
  if (want('pet')) petOptions(state, u, out);
  if (MOUNT_TYPES.some(want)) mountOptions(state, u, out, want);
  if (want('swim') && !swimBlocker(state, u.id)) out.push(opt('move', 'Swim: thrust on with half the Jump (Secondary action, 10 s of breath)', { type: 'swim', actor: u.id }));
  if (SHIP_TYPES.some(want)) shipOptions(state, u, out, want);
  if (CATAPULT_TYPES.some(want)) catapultOptions(state, u, out);
  if (want('hookshot')) hookshotOptions(state, u, out);
  return out;
}

/** Every anchor in the hookshot's reach, to pull to or repel off (OUT-SPACE-2). */
function hookshotOptions(state: EncounterState, u: Unit, out: ActionOption[]): void {
  if (!dataOf(u).hookshot || !u.position || !hasSlot(u, 'secondary')) return;
  const map = state.map as GridMap;
  const { x, y } = u.position;
  for (let ay = Math.max(0, y - HOOKSHOT_RANGE); ay <= Math.min(map.height - 1, y + HOOKSHOT_RANGE); ay++) {
    for (let ax = Math.max(0, x - HOOKSHOT_RANGE); ax <= Math.min(map.width - 1, x + HOOKSHOT_RANGE); ax++) {
      const at = { x: ax, y: ay };
      if (hookshotBlocker(state, u, at)) continue;
      out.push(opt('move', `Hookshot: pull to (${ax}, ${ay}) (Secondary action)`, { type: 'hookshot', actor: u.id, at: [ax, ay], mode: 'pull' }));
      out.push(opt('move', `Hookshot: repel off (${ax}, ${ay}), a Push of ${REPEL_CELLS} (Secondary action)`, { type: 'hookshot', actor: u.id, at: [ax, ay], mode: 'push' }));
    }
  }
}
