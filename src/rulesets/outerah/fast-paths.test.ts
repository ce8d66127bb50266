// The simulator's fast paths through outerah's rules (OUT-TURN-1, OUT-TER-1..3, OUT-SPACE-1, OUT-SHIP-1..3,
// OUT-PET-2, OUT-DMG-1, OUT-CHG-1, OUT-RES-2): each must give exactly what the plain rule gives, and every kept
// result must come out fresh when anything it reads changes.
import { describe, expect, it } from 'vitest';
import { distributionOf, Distribution } from '../../dice/index.ts';
import { createEngine, isRejection, ofTypes, type ActionOption, type Wanted, type Cell, type Command, type EncounterState, type GridMap, type Json, type Terrain, type Unit } from '../../engine/index.ts';
import { cellKey } from '../../engine/space/grid.ts';
import { coverSourceFromFront } from '../../engine/space/line.ts';
import { defaultStepCost, reachable, type MoveRules } from '../../engine/space/path.ts';
import { moveSearches } from '../../engine/space/searches.ts';
import { chargesFor, type Charge } from './charges.ts';
import { coverAgainst } from './cover.ts';
import { damageFrom } from './damage.ts';
import { duel } from './fixtures.ts';
import { hitChance, hitOdds } from './hit.ts';
import { outerah } from './index.ts';
import { canBeTargeted, dataOf, enemiesOf, unitsOf, type Weapon } from './model.ts';
import { petStrikeChoice } from './pet-strikes.ts';
import { petsOf } from './pets.ts';
import { moveRules, reachableCells, reachedOf, reachedTo, takenCells, walkToward } from './move.ts';
import { fromReach, placeOf } from './reached.ts';
import { petBudget, returnCell, returnCellIn } from './pet-orders.ts';
import { catapultOptions, petMoveToward, petOptions, shipAttackOptions, stationOption } from './legal-extras.ts';
import { moveToward } from './legal.ts';
import { gap, helmSteer } from './policy-extras.ts';
import { aggressive, byListing } from './policy.ts';
import { preview, strikeValue } from './preview.ts';
import { shipInCannonArc, shipList, shipOf, type CannonSide, type Ship } from './ship-model.ts';
import { stationBlocker, steerBlocker } from './ship-stations.ts';
import { weaponSpec } from './spec.ts';
import { castBlocker } from './skills.ts';
import { stepPricer, terrainStep } from './terrain.ts';
import { eachExampleTurn as eachTurn } from '../../../test/rulesets/example-turns.ts';

/** A small seeded generator (mulberry32): the same boards on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)] };
}

/** A state played in place, as the simulator plays it (so the map object stays the same between commands). */
function inPlace(doc: unknown, faces: number[]) {
  const engine = createEngine(outerah);
  const state = engine.replay(engine.create(outerah.encounterSchema.parse(doc)));
  const dice = { roll: () => faces.shift() ?? 1 };
  const run = (cmd: Command) => {
    const d = engine.decide(state, cmd, dice, { inPlace: true });
    if (!d.ok) throw new Error(d.rejection.message);
  };
  run({ type: 'start' });
  return { engine, state, run };
}

/** The step price the plain way: defaultStepCost, then terrainStep read from the state on every call. */
const plainRules = (state: EncounterState, u: Unit): MoveRules => {
  const taken = takenCells(state, u);
  return {
    occupied: (c) => taken.has(cellKey(c)),
    costOf(map, from, to) {
      const cost = defaultStepCost(map, from, to);
      return cost === null ? null : terrainStep(state, u, from, to, cost);
    },
  };
};

/** Every turn of a fight of every example by the file's policies: the state, whose turn it is, its full listing. */
function eachExampleTurn(check: (file: string, state: EncounterState, unit: string, options: ActionOption[]) => void): void {
  eachTurn('outerah', { seed: 3, maxRounds: 30 }, ({ file, engine, state, unit }) => check(file, state, unit, engine.legalActions(state, unit)));
}

describe('outerah fast paths', () => {
  it('OUT-TER-1, OUT-TER-2, OUT-TER-3, OUT-SPACE-1, OUT-SHIP-2, OUT-MNT-1: the search prices every step as terrainStep does, on 300 random boards, on foot and riding', () => {
    // Hero may ride the Horse (then it steps with the Horse's wings, swimming and Jump) or leave it off the board
    const horse = { id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', at: [0, 0], hp: 30 };
    const { state: base } = inPlace(duel({ hero: { at: [0, 0], stats: { wisdom: 40 }, mount: { unit: 'horse' } }, foe: { at: [1, 1] }, extra: [horse] }), [5, 1, 1]);
    const r = rng(20261130);
    const TAGS = ['water', 'difficult', 'mountain', 'land', 'gravity', 'hazard'];
    let steps = 0;
    let priced = 0;
    for (let board = 0; board < 300; board++) {
      const width = 3 + r.int(6);
      const height = 3 + r.int(6);
      const cells: Record<string, Terrain> = {};
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (r.next() < 0.4) continue;
          const t: Terrain = {};
          const tags = TAGS.filter(() => r.next() < 0.25);
          if (tags.length) t.tags = tags;
          if (r.next() < 0.4) t.elevation = r.int(4);
          if (r.next() < 0.1) t.blocksMove = true;
          if (r.next() < 0.2) t.cost = r.pick([1, 2, 0.5, 3]);
          cells[`${x},${y}`] = t;
        }
      }
      const map: GridMap = { kind: 'grid', width, height, cells };
      const ships: Record<string, Ship> = {};
      for (let k = r.int(3); k > 0; k--) {
        const id = `s${k}`;
        ships[id] = { id, name: id, side: 'heroes', at: { x: r.int(width) - 1, y: r.int(height) - 1 }, size: { w: 1 + r.int(3), h: 1 + r.int(3) }, heading: 'N', movement: 3, altitude: 5, gravity: r.int(3), sections: [], cannons: null, catapult: null, wrecked: r.next() < 0.3 };
      }
      const hero = base.units.hero;
      const riding = r.next() < 0.5;
      const data = { ...hero.data, wings: r.next() < 0.3, swims: r.next() < 0.5, jump: r.int(4), mount: { unit: 'horse', state: riding ? 'riding' : 'beside' } };
      const at = { x: r.int(width), y: r.int(height) };
      const u: Unit = { ...hero, position: at, data: data as unknown as Unit['data'] };
      const horseData = { ...base.units.horse.data, wings: r.next() < 0.3, swims: r.next() < 0.5, jump: r.int(4) };
      const h: Unit = { ...base.units.horse, position: riding ? at : { x: width + 6, y: 0 }, data: horseData as unknown as Unit['data'] };
      const state: EncounterState = { ...base, map, units: { ...base.units, hero: u, horse: h, foe: { ...base.units.foe, position: { x: width + 5, y: 0 } } }, data: { ...base.data, surroundings: r.pick(['ground', 'sky', 'space']), ships: ships as unknown as Json } };
      const price = stepPricer(state, u);
      for (let fy = 0; fy < height; fy++) {
        for (let fx = 0; fx < width; fx++) {
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const from = { x: fx, y: fy };
              const to = { x: fx + dx, y: fy + dy };
              const plain = defaultStepCost(map, from, to);
              const want = plain === null ? null : terrainStep(state, u, from, to, plain);
              expect(price(map, from, to)).toBe(want);
              steps++;
              if (want !== null) priced++;
            }
          }
        }
      }
      // a cell that is not a whole cell of the map goes the plain way
      const half: Cell = { x: 0.5, y: 0 };
      const plain = defaultStepCost(map, half, { x: 1, y: 0 });
      expect(price(map, half, { x: 1, y: 0 })).toBe(plain === null ? null : terrainStep(state, u, half, { x: 1, y: 0 }, plain));
      // and whole searches agree, cell for cell and path for path
      const budget = 1 + r.int(6);
      expect([...reachable(map, at, budget, moveRules(state, u))]).toEqual([...reachable(map, at, budget, plainRules(state, u))]);
      // and kept searches (by the units within reach) are the fresh ones wherever the foe stands
      for (let k = 0; k < 6; k++) {
        const foe = { ...state.units.foe, position: { x: r.int(width), y: r.int(height) } };
        if (foe.position.x === at.x && foe.position.y === at.y) continue;
        const s2: EncounterState = { ...state, units: { ...state.units, foe } };
        expect([...reachableCells(s2, u, budget)]).toEqual([...reachable(map, at, budget, plainRules(s2, u))]);
      }
    }
    expect(steps).toBeGreaterThan(10_000);
    expect(priced).toBeGreaterThan(2_000); // not all walls and open air
  });

  it('OUT-COV-1, OUT-COV-3, OUT-COV-4: cover is looked for only where a cell next to the target gives some, on 200 random boards — and a new map is looked at afresh', () => {
    const { state: base } = inPlace(duel({ hero: { at: [0, 0] }, foe: { at: [1, 1] } }), [5, 1, 1]);
    const r = rng(20261202);
    const shots = [{ element: 'neutral', armorPiercing: false }, { element: 'fire', armorPiercing: false }, { element: 'neutral', weaponKind: 'rifle', armorPiercing: true }] as const;
    let covered = 0;
    for (let board = 0; board < 200; board++) {
      const width = 3 + r.int(6);
      const height = 3 + r.int(6);
      const cells: Record<string, Terrain> = {};
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (r.next() < 0.85) continue;
          cells[`${x},${y}`] = { ...(r.next() < 0.8 ? { cover: r.pick(['half', 'full'] as const) } : {}), ...(r.next() < 0.7 ? { material: r.pick(['wood', 'brick', 'bushes', 'metal']) } : {}) };
        }
      }
      const map: GridMap = { kind: 'grid', width, height, cells };
      const state: EncounterState = { ...base, map };
      for (let k = 0; k < 20; k++) {
        const a = { x: r.int(width), y: r.int(height) };
        const t = { x: r.int(width), y: r.int(height) };
        if (a.x === t.x && a.y === t.y) continue;
        const attacker = { ...base.units.hero, position: a };
        const target = { ...base.units.foe, position: t };
        const some = coverSourceFromFront(map, a, t).level !== 'none';
        if (some) covered++;
        for (const shot of shots) {
          const got = coverAgainst(state, attacker, target, shot);
          // no cover and no word on why exactly when the front-arc model finds none
          expect(got.level === 'none' && got.ignored === undefined && got.material === undefined).toBe(!some);
        }
      }
    }
    expect(covered).toBeGreaterThan(100);
    // a map put in by an event (map.set: burnt wood, the GM's terrain) is a new object, looked at anew
    const open: GridMap = { kind: 'grid', width: 5, height: 5, cells: {} };
    const shooter = { ...base.units.hero, position: { x: 0, y: 2 } };
    const target = { ...base.units.foe, position: { x: 2, y: 2 } };
    const shot = { element: 'neutral', armorPiercing: false } as const;
    expect(coverAgainst({ ...base, map: open }, shooter, target, shot).level).toBe('none');
    const walled: GridMap = { ...open, cells: { '1,2': { cover: 'full', material: 'brick' } } };
    expect(coverAgainst({ ...base, map: walled }, shooter, target, shot)).toEqual({ level: 'full', material: 'brick' });
  });

  it('OUT-HIT-1, OUT-DMG-1, OUT-COV-3, OUT-MISS-3: the policy\'s strike value is the preview\'s expected damage (or chance), on every attack and cast of every example\'s fights', () => {
    let compared = 0;
    eachExampleTurn((file, state, unit, options) => {
      for (const o of options) {
        if (o.command.type !== 'attack' && o.command.type !== 'cast') continue;
        const p = preview(state, o.command);
        expect(strikeValue(state, o.command), `${file}: ${o.label}`).toBe(isRejection(p) ? 0 : p.expectedDamage ?? p.chance ?? 0);
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(300);
  });

  it('OUT-TURN-1, OUT-PET-5: the listed casts are exactly those castBlocker lets through (its parts asked once per skill), on every turn of every example\'s fights', () => {
    let casts = 0;
    let skills = 0;
    eachExampleTurn((file, state, unit, options) => {
      const u = state.units[unit];
      const listed = options.filter((o) => o.command.type === 'cast').map((o) => `${o.command.skill}>${o.command.target}`);
      const open: string[] = [];
      for (const k of dataOf(u).skills) {
        for (const id of state.unitOrder) {
          const t = state.units[id];
          if (castBlocker(state, u, k, t) || (k.kind === 'heal' && t.pools.hp.value >= t.pools.hp.max)) continue;
          open.push(`${k.id}>${t.id}`);
        }
      }
      expect(listed, file).toEqual(open);
      casts += listed.length;
      // the Skill Orders: after each pet's lone Attack Order on a target, the trainer's attack skills castBlocker lets through
      const pet = options.filter((o) => o.command.type === 'pet' && (o.command.order === 'skill' || (o.command.order === 'attack' && o.command.together !== true)));
      const orders: string[] = [];
      for (const o of pet) {
        if (o.command.order !== 'attack') continue;
        const t = state.units[String(o.command.target)];
        orders.push(`attack>${t.id}`);
        for (const k of dataOf(u).skills) if (k.kind === 'attack' && !castBlocker(state, u, k, t)) {
          orders.push(`${k.id}>${t.id}`);
          skills++;
        }
      }
      expect(pet.map((o) => `${o.command.order === 'skill' ? o.command.skill : 'attack'}>${o.command.target}`), file).toEqual(orders);
    });
    expect(casts).toBeGreaterThan(50);
    expect(skills).toBeGreaterThan(0);
  });

  it('OUT-PET-1, OUT-PET-2, OUT-MNT-1: narrow questions get the full listing\'s options of what they ask — a type, all but the moves, a pet\'s attack orders, the Move Order nearest the foes — on every turn of every example\'s fights', () => {
    let pets = 0;
    let moves = 0;
    let togethers = 0;
    let shipShots = 0;
    eachExampleTurn((file, state, unit, options) => {
      const types = [...new Set(options.map((o) => o.command.type))];
      const asks: Wanted[] = [
        ...types.map((t) => new Set([t])),
        new Set(['summon_mount', 'calm_mount', 'ride']),
        { has: (t) => !['move', 'hookshot', 'dismount', 'swim', 'hide', 'chat', 'set_reaction', 'pet'].includes(t) },
        // the aggressive policy's first question
        { has: (t) => !['move', 'hookshot', 'dismount', 'swim', 'hide', 'chat', 'set_reaction', 'pet', 'tame', 'dismiss_mount', 'station', 'steer', 'attack_ship', 'enchant_orb', 'launch'].includes(t) },
      ];
      // legalActions may return more than asked: the engine's listing keeps only what was asked (ofTypes)
      for (const only of asks) expect(ofTypes(outerah.legalActions(state, unit, only), only), file).toEqual(ofTypes(options, only));
      const u = state.units[unit];
      const orders = options.filter((o) => o.command.type === 'pet');
      const strikes = orders.filter((o) => o.command.order === 'attack' || o.command.order === 'skill');
      expect(petOptions(state, u, [], { moves: false, others: false }), file).toEqual(strikes);
      // the policy's question: the first together (else the first Skill Order), and the first lone attack — built alone
      const choice = petStrikeChoice(state, u, petsOf(state, u), unitsOf(state));
      const together = strikes.find((o) => o.command.order === 'attack' && o.command.together === true) ?? strikes.find((o) => o.command.order === 'skill');
      expect(choice.together, file).toEqual(together);
      if (!together) expect(choice.alone, file).toEqual(strikes.find((o) => o.command.order === 'attack'));
      if (choice.together) togethers++;
      // the attacks on a ship the policy asks of their builder on its own turn (no question pending)
      if (!state.pending.some((p) => p.blocking !== false)) {
        const atShips = options.filter((o) => o.command.type === 'attack_ship');
        expect(shipAttackOptions(state, u), file).toEqual(atShips);
        if (atShips.length) shipShots++;
      }
      // the Move Order the policy walks a pet with: the first nearer than all before, measured for the first Move Order's pet
      const listedMoves = orders.filter((o) => o.command.order === 'move');
      let want: ActionOption | undefined;
      if (listedMoves.length) {
        const pet = state.units[String(listedMoves[0].command.pet)];
        const foes = Object.values(state.units).filter((e) => e.side !== pet.side && e.position && e.status === 'active');
        const near = (c: Cell) => Math.min(Infinity, ...foes.map((e) => Math.max(Math.abs(e.position!.x - c.x), Math.abs(e.position!.y - c.y))));
        let bestD = near(pet.position!);
        for (const m of listedMoves) {
          const [x, y] = m.command.to as number[];
          if (near({ x, y }) < bestD) [want, bestD] = [m, near({ x, y })];
        }
        moves++;
      }
      // on a store that keeps no search of the pet's: its search stops at the first cell next to a foe (walkToward)
      moveSearches.clear();
      const got = petMoveToward(state, u, (pet) => {
        const foes = Object.values(state.units).filter((e) => e.side !== pet.side && e.position && e.status === 'active');
        const near = (c: Cell) => Math.min(Infinity, ...foes.map((e) => Math.max(Math.abs(e.position!.x - c.x), Math.abs(e.position!.y - c.y))));
        return { cells: foes.map((e) => e.position!), toBeat: near(pet.position!) };
      });
      expect(got, file).toEqual(want);
      if (orders.length) pets++;
    });
    expect(pets).toBeGreaterThan(20);
    expect(moves).toBeGreaterThan(10);
    expect(togethers).toBeGreaterThan(5);
    expect(shipShots).toBeGreaterThan(0);
  });

  it('OUT-OPEN-2, OUT-RES-3, OUT-PET-3, OUT-PET-5: the aggressive policy\'s typed questions take the option its reading of the listing takes, on every turn of every example\'s fights', () => {
    const engine = createEngine(outerah);
    const taken = new Map<string, number>();
    eachExampleTurn((file, state, unit, options) => {
      const got = aggressive(state, unit, engine.listing(state, unit), () => 0);
      expect(got, file).toEqual(byListing(state, unit, engine.listing(state, unit), () => 0));
      expect(options, file).toContainEqual(got);
      const kind = `${got.command.type}${got.command.type === 'end_turn' && got.command.facing ? ' facing' : ''}`;
      taken.set(kind, (taken.get(kind) ?? 0) + 1);
    });
    // every kind of choice it makes came up
    for (const kind of ['attack', 'cast', 'use_item', 'move', 'end_turn', 'end_turn facing', 'pet']) expect(taken.get(kind), kind).toBeGreaterThan(0);
  });

  it('OUT-TURN-1, OUT-SHIP-2, OUT-SHIP-3: what the policy takes without the listing is the listing\'s — the walk toward a cell, the catapult\'s orb, going up on deck, the helm\'s steer — on every turn of every example\'s fights', () => {
    let walks = 0;
    let stopped = 0;
    let orbs = 0;
    let helms = 0;
    let decks = 0;
    eachExampleTurn((file, state, unit, options) => {
      const u = state.units[unit];
      // the walk: the first listed move nearer a cell than all before it, from the unit's own distance
      for (const goal of [{ x: 0, y: 0 }, { x: 7, y: 3 }]) {
        const near = (c: Cell) => Math.max(Math.abs(c.x - goal.x), Math.abs(c.y - goal.y));
        let want: ActionOption | undefined;
        let bestD = near(u.position!);
        for (const m of options.filter((o) => o.command.type === 'move')) {
          const [x, y] = m.command.to as number[];
          if (near({ x, y }) < bestD) [want, bestD] = [m, near({ x, y })];
        }
        expect(moveToward(state, u, [goal], near(u.position!)), file).toEqual(want);
        if (want) walks++;
      }
      // toward its foes, as the policy walks (every cell of them held: the search stops at the first cell next to
      // one, once settled), with no search kept: the listed move nearest them, and the move command's way and cost there
      const foes = enemiesOf(state, u).filter((e) => e.position && canBeTargeted(state, u, e)).map((e) => e.position!);
      const near = (c: Cell) => Math.min(...foes.map((f) => Math.max(Math.abs(c.x - f.x), Math.abs(c.y - f.y))));
      if (foes.length && u.position) {
        let want: ActionOption | undefined;
        let bestD = near(u.position);
        for (const m of options.filter((o) => o.command.type === 'move')) {
          const [x, y] = m.command.to as number[];
          if (near({ x, y }) < bestD) [want, bestD] = [m, near({ x, y })];
        }
        moveSearches.clear();
        const walked = moveToward(state, u, foes, near(u.position));
        expect(walked, file).toEqual(want);
        const { reach } = walkToward(state, u, foes, near(u.position));
        // what the move command reads (a stopped search of the same key holding the cell, asked before the whole one is kept) against the whole search
        const [x, y] = (walked?.command.to as number[] | undefined) ?? [-1, -1];
        const read = reachedTo(state, u, x, y);
        const whole = reachedOf(state, u);
        if (reach.count < whole.count) stopped++;
        if (walked) {
          const k = placeOf(whole, x, y);
          expect(read.path(placeOf(read, x, y)), file).toEqual(whole.path(k));
          expect(read.cost[placeOf(read, x, y)], file).toBe(whole.cost[k]);
        }
      }
      // the catapult's orb: enchanting it, launching it — the listing's options of those, in its order
      const orb = options.filter((o) => o.command.type === 'enchant_orb' || (o.command.type === 'launch' && o.command.payload === 'orb'));
      expect(catapultOptions(state, u, [], true), file).toEqual(orb);
      if (orb.length) orbs++;
      // going up on deck: the listed option, from its blocker alone
      const deck = options.find((o) => o.command.type === 'station' && o.command.station === 'deck');
      expect(stationBlocker(state, u, 'deck') ? undefined : stationOption(u, 'deck'), file).toEqual(deck);
      if (deck) decks++;
      // the helm: helmSteer's steer is the one the listed steers give by the plain rule, for every set of manned cannons
      const mine = shipOf(state, u);
      const foe = shipList(state).find((s) => !s.wrecked && s.side !== u.side);
      if (dataOf(u).station !== 'helm' || !mine || !foe) return;
      const steers = options.filter((o) => o.command.type === 'steer');
      for (const manned of [[], ['left'], ['right'], ['left', 'right']] as CannonSide[][]) {
        const after = (o: ActionOption): Ship => ({ ...mine, at: { x: mine.at.x + (o.command.by as number[])[0], y: mine.at.y + (o.command.by as number[])[1] }, heading: (o.command.heading as Ship['heading'] | undefined) ?? mine.heading });
        const broadsideOn = (s: Ship) => manned.some((side) => shipInCannonArc(s, side, foe));
        const pool = manned.length && !broadsideOn(mine) ? steers.filter((o) => o.command.heading !== undefined && broadsideOn(after(o))) : [];
        let want: ActionOption | undefined;
        let bestGap = pool.length ? Infinity : gap(mine, foe);
        for (const o of pool.length ? pool : steers) {
          const g = gap(mine, foe, (o.command.by as number[])[0], (o.command.by as number[])[1]);
          if (!pool.length && manned.length && broadsideOn(mine) && !broadsideOn(after(o))) continue;
          if (g >= 1 && g < bestGap) [want, bestGap] = [o, g];
        }
        expect(helmSteer(state, u, mine, foe, manned), `${file}: ${manned.join('+')}`).toEqual(want);
        if (want) helms++;
      }
    });
    expect(walks).toBeGreaterThan(50);
    expect(stopped).toBeGreaterThan(50); // searches the walk toward the foes stopped early
    expect(orbs).toBeGreaterThan(0); // the one airship fight enchants its orb once
    expect(helms).toBeGreaterThan(10);
    expect(decks).toBeGreaterThan(5);
  });

  it('OUT-TURN-1, OUT-COV-4: searches are kept per map content — a map of the same cells shares them, a burnt cell does not', () => {
    const { state } = inPlace(duel({ hero: { at: [3, 3] }, foe: { at: [11, 0] }, doc: { map: { width: 12, height: 12, terrain: [{ at: [5, 3], cover: 'half', material: 'wood' }] } } }), [5, 1]);
    const hero = state.units.hero;
    const map = state.map as GridMap;
    const first = reachableCells(state, hero);
    expect(reachableCells({ ...state, map: structuredClone(map) }, hero)).toBe(first); // the same cells: the same search
    const burnt: GridMap = { ...map, cells: { ...map.cells, '5,3': { tags: ['burnt'] } } };
    const other = reachableCells({ ...state, map: burnt }, hero);
    expect(other).not.toBe(first);
    expect([...other]).toEqual([...reachable(burnt, hero.position!, hero.pools.movement.value, plainRules({ ...state, map: burnt }, hero))]);
  });

  it('OUT-TURN-1, OUT-PET-2: what is kept with a search is asked by its own key — another key, another search, a moved trainer each get their own', () => {
    const reachA = new Map([['0,0', { cost: 0 }]]);
    const reachB = new Map([['0,0', { cost: 0 }]]);
    let builds = 0;
    const build = (v: string) => () => {
      builds++;
      return v;
    };
    expect(fromReach(reachA, 'one', build('a1'))).toBe('a1');
    expect(fromReach(reachA, 'one', build('x'))).toBe('a1'); // kept
    expect(fromReach(reachA, 'two', build('a2'))).toBe('a2'); // another key
    expect(fromReach(reachB, 'one', build('b1'))).toBe('b1'); // another search
    expect(builds).toBe(3);

    // Return Order: kept with the wolf's search by where the trainer and the wolf stand — the same search asked
    // for another trainer's place gives the cell nearest that place
    const wolf = { id: 'wolf', name: 'Wolf', side: 'heroes', class: 'hunter', at: [6, 6], facing: 'W', hp: 20, stats: { strength: 10, vitality: 0, agility: 20, charisma: 30, intelligence: 0, wisdom: 10 }, weapons: ['mace'], pet: { trainer: 'hero', kind: 'tamed' } };
    const { state, run } = inPlace(duel({ hero: { at: [3, 3] }, foe: { at: [11, 0] }, extra: [wolf] }), [5, 1, 1]);
    expect(state.turn.order[state.turn.index].unit).toBe('hero');
    const reach = reachableCells(state, state.units.wolf, 6);
    const nearest = (h: Cell) => {
      // by hand: the stoppable cell nearest h, nearer than the wolf is now; then the cheapest; then the first found
      const here = Math.max(Math.abs(6 - h.x), Math.abs(6 - h.y));
      let best: { c: Cell; d: number; cost: number } | undefined;
      for (const [k, spot] of reach) {
        const [x, y] = k.split(',').map(Number);
        const d = Math.max(Math.abs(x - h.x), Math.abs(y - h.y));
        if (spot.canStop === false || d === 0 || d >= here) continue;
        if (!best || d < best.d || (d === best.d && spot.cost < best.cost)) best = { c: { x, y }, d, cost: spot.cost };
      }
      return best?.c;
    };
    const hero = state.units.hero;
    const wolfNow = state.units.wolf;
    expect(returnCellIn(reach, hero, wolfNow)).toEqual(nearest({ x: 3, y: 3 }));
    expect(returnCellIn(reach, hero, wolfNow)).toEqual({ x: 4, y: 4 });
    expect(returnCellIn(reach, { ...hero, position: { x: 9, y: 9 } }, wolfNow)).toEqual(nearest({ x: 9, y: 9 }));
    expect(returnCellIn(reach, { ...hero, position: { x: 9, y: 9 } }, wolfNow)).toEqual({ x: 8, y: 8 });
    expect(returnCell(state, hero, wolfNow)).toEqual({ x: 4, y: 4 });
    // the options list the Return Order and the Move Orders of the search, for this trainer and pet
    const pets = () => createEngine(outerah).legalActions(state, 'hero').filter((o) => o.command.type === 'pet');
    const moves = () => pets().filter((o) => o.command.order === 'move').map((o) => String(o.command.to)).sort();
    const fresh = () => [...reachable(state.map as GridMap, state.units.wolf.position!, petBudget(state, state.units.hero, state.units.wolf), plainRules(state, state.units.wolf))].filter(([, s]) => s.cost > 0 && s.canStop !== false).map(([k]) => k).sort();
    expect(pets().some((o) => o.command.order === 'return')).toBe(true);
    expect(moves()).toEqual(fresh());
    // someone steps into the wolf's way: its Move Orders are searched afresh
    run({ type: 'gm.move', unit: 'foe', to: [6, 5], reason: 'test' });
    expect(moves()).toEqual(fresh());
    expect(moves()).not.toContain('6,5');
  });

  it('OUT-MNT-1, OUT-TURN-1: a rider\'s kept search is keyed by its mount\'s wings, swimming and Jump — a change of the mount\'s wings gives a fresh search, of the rider\'s own does not', () => {
    // the Ark's deck is x 0..3, y 0..2 over open sky; Hero rides the Horse (Movement 8) at the deck's east edge (3,1)
    const ark = { id: 'ark', name: 'Ark', side: 'heroes', at: [0, 0], size: [4, 3], altitude: 5 };
    const horse = { id: 'horse', name: 'Horse', side: 'heroes', class: 'hunter', at: [3, 1], hp: 30, move: 8, jump: 1 };
    const { state, run } = inPlace(duel({ hero: { at: [3, 1], stats: { wisdom: 40 }, mount: { unit: 'horse' } }, foe: { at: [11, 11], wings: true }, extra: [horse], doc: { map: { width: 12, height: 12, surroundings: 'sky' }, ships: [ark] } }), [5, 1, 1]);
    const hero = () => state.units.hero;
    const fresh = () => [...reachable(state.map as GridMap, hero().position!, 5, plainRules(state, hero()))];
    const kept = reachableCells(state, hero(), 5);
    expect([...kept]).toEqual(fresh());
    expect(kept.has('4,1')).toBe(false); // open air: the Horse has no wings
    run({ type: 'gm.set_data', unit: 'hero', key: 'wings', value: true, reason: 'test' });
    expect(reachableCells(state, hero(), 5)).toBe(kept); // the rider's own wings carry nobody
    run({ type: 'gm.set_data', unit: 'horse', key: 'wings', value: true, reason: 'test' });
    const winged = reachableCells(state, hero(), 5);
    expect(winged).not.toBe(kept);
    expect([...winged]).toEqual(fresh());
    expect(winged.get('4,1')?.cost).toBe(1);
    run({ type: 'gm.set_data', unit: 'horse', key: 'swims', value: false, reason: 'test' });
    expect(reachableCells(state, hero(), 5)).not.toBe(winged);
    expect([...reachableCells(state, hero(), 5)]).toEqual(fresh());
    // on foot (the Horse beside it), Hero's own wings count again
    run({ type: 'gm.set_data', unit: 'hero', key: 'mount', value: { unit: 'horse', state: 'beside' }, reason: 'test' });
    expect([...reachableCells(state, hero(), 5)]).toEqual(fresh());
    expect(reachableCells(state, hero(), 5).has('4,1')).toBe(true);
  });

  it('OUT-TURN-1, OUT-TER-1: a kept search counts only the units within reach — one moving far off keeps it, one moving near (or cheaper ground) does not', () => {
    // a 24×3 strip; Hero at (0,1) with Movement 5 (ruling: whole cells, cost 1 each): no cell past 6 steps is ever entered
    const strip = (terrain: unknown[] = []) => duel({ hero: { at: [0, 1] }, foe: { at: [12, 1] }, doc: { map: { width: 24, height: 3, terrain } } });
    const { state, run } = inPlace(strip(), [5, 1]);
    const hero = () => state.units.hero;
    const fresh = () => [...reachable(state.map as GridMap, hero().position!, 5, plainRules(state, hero()))];
    const kept = reachableCells(state, hero(), 5);
    expect([...kept]).toEqual(fresh());
    run({ type: 'gm.move', unit: 'foe', to: [20, 0], reason: 'test' });
    expect(reachableCells(state, hero(), 5)).toBe(kept); // far off: the same search
    run({ type: 'gm.move', unit: 'foe', to: [6, 1], reason: 'test' }); // 6 steps off: within ⌊5 / 1⌋ + 1
    expect(reachableCells(state, hero(), 5)).not.toBe(kept);
    expect([...reachableCells(state, hero(), 5)]).toEqual(fresh());
    run({ type: 'gm.move', unit: 'foe', to: [4, 1], reason: 'test' }); // in the way
    expect([...reachableCells(state, hero(), 5)]).toEqual(fresh());
    expect(reachableCells(state, hero(), 5).has('4,1')).toBe(false);
    // roads at half price: Hero reaches 10 cells along the strip, so a foe 10 cells off counts
    const road = inPlace(strip([{ at: [0, 0], to: [23, 2], cost: 0.5 }]), [5, 1]);
    const roadReach = () => reachableCells(road.state, road.state.units.hero, 5);
    const before = roadReach();
    expect(before.has('10,1')).toBe(true);
    road.run({ type: 'gm.move', unit: 'foe', to: [10, 1], reason: 'test' });
    expect(roadReach()).not.toBe(before);
    expect(roadReach().has('10,1')).toBe(false);
    expect([...roadReach()]).toEqual([...reachable(road.state.map as GridMap, { x: 0, y: 1 }, 5, plainRules(road.state, road.state.units.hero))]);
  });

  it('OUT-SHIP-3: steering is blocked exactly where a cell of the new deck is off the map, on another ship or taken', () => {
    // a 3×2 deck at (1,1); another ship at (7,1); a foe standing at (1,5); the helmsman at (1,1)
    const ark = { id: 'ark', name: 'Ark', side: 'heroes', at: [1, 1], size: [3, 2], altitude: 5, movement: 4 };
    const raft = { id: 'raft', name: 'Raft', side: 'foes', at: [7, 1], size: [2, 2], altitude: 5 };
    const { state } = inPlace(duel({ hero: { at: [1, 1], station: 'helm' }, foe: { at: [1, 5] }, doc: { map: { width: 12, height: 12, surroundings: 'sky' }, ships: [ark, raft] } }), [5, 1]);
    const u = state.units.hero;
    const deck = (dx: number, dy: number) => {
      const cells: Cell[] = [];
      for (let x = 1 + dx; x < 4 + dx; x++) for (let y = 1 + dy; y < 3 + dy; y++) cells.push({ x, y });
      return cells;
    };
    const seen = new Set<string>();
    for (let dx = -4; dx <= 4; dx++) {
      for (let dy = -4; dy <= 4; dy++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) > 4 || (dx === 0 && dy === 0)) continue;
        const cells = deck(dx, dy);
        const off = cells.find((c) => c.x < 0 || c.y < 0 || c.x >= 12 || c.y >= 12);
        const rams = cells.find((c) => c.x >= 7 && c.x < 9 && c.y >= 1 && c.y < 3);
        const foe = cells.find((c) => c.x === 1 && c.y === 5);
        const first = cells.find((c) => c === off || c === rams || c === foe);
        const want = !first ? null : first === off ? 'Ark would leave the map' : first === rams ? 'Ark would ram another ship' : 'Foe is in the way';
        expect(steerBlocker(state, u, dx, dy)).toBe(want);
        seen.add(String(want));
      }
    }
    expect([...seen].sort()).toEqual(['Ark would leave the map', 'Ark would ram another ship', 'Foe is in the way', 'null']);
  });

  it('OUT-WPN-1: a weapon\'s strike has the fields (and their order) it always had', () => {
    const w: Weapon = { id: 'w', name: 'W', kind: 'sword', damage: '1d8', type: 'slashing', element: 'none' as Weapon['element'], range: 1, delivery: 'melee', hand: 'main', upgrades: 2, armorPiercing: false, electric: false };
    const old = (x: Weapon) => ({
      name: x.name, magical: x.delivery === 'magic', element: x.element, improvised: x.kind === 'improvised' && !x.damage, upgrades: x.upgrades, delivery: x.delivery,
      ...(x.delivery === 'magic' ? {} : { type: x.type }), weaponKind: x.kind, range: x.range, armorPiercing: x.armorPiercing, bypassHalfCover: false, weapon: x.id,
      ...(x.electric ? { electric: true } : {}), ...(x.damage ? { dice: x.damage } : {}),
    });
    for (const x of [w, { ...w, delivery: 'magic' as const }, { ...w, electric: true }, { ...w, damage: undefined, kind: 'improvised' }, { ...w, delivery: 'magic' as const, electric: true, damage: undefined }]) {
      expect(JSON.stringify(weaponSpec(x))).toBe(JSON.stringify(old(x)));
    }
  });

  it('OUT-DMG-1, OUT-CHG-1, OUT-RES-2: kept damage distributions follow every input of the damage (stats, defense, resistance, charges)', () => {
    // Hero's fire wand on Foe (head-on); then Hero's Strength/Intelligence, Foe's Defense, Magic Defense and fire resistance change
    const { state, run } = inPlace(duel({ hero: { weapons: ['sword', 'wand'] } }), [5, 1]);
    // the preview the plain way: every face through damageFrom, mixed by the chances
    const byHand = (cmd: Command) => {
      const u = state.units.hero;
      const t = state.units.foe;
      const spec = weaponSpec((u.data as unknown as { weapons: Weapon[] }).weapons.find((w) => w.id === cmd.weapon)!);
      const odds = hitOdds(state, u, t, spec);
      const pc = Math.max(0, Math.min(100, odds.crit)) / 100;
      const ph = Math.max(0, Math.min(100, odds.threshold)) / 100;
      const keep = odds.coverDie ? 0.5 : 1;
      const charges: Charge[] = chargesFor(state, u, t, []);
      const through = (crit: boolean) => distributionOf(spec.dice!).map((v) => damageFrom(u, t, spec, { kind: 'dice', label: spec.dice!, faces: [], value: v }, crit, charges).damage);
      const pCrit = pc * keep;
      const pHit = (1 - pc) * ph * keep;
      const damage = Distribution.mix(([[pCrit, through(true)], [pHit, through(false)], [1 - pCrit - pHit, Distribution.constant(0)]] as [number, Distribution][]).filter(([p]) => p > 1e-12));
      return { chance: hitChance(odds), expected: damage.mean };
    };
    const seen: number[] = [];
    const check = () => {
      for (const weapon of ['sword', 'wand']) {
        const cmd = { type: 'attack', actor: 'hero', target: 'foe', weapon };
        const p = preview(state, cmd);
        if (isRejection(p)) throw new Error(p.message);
        const want = byHand(cmd);
        expect(p.chance).toBe(want.chance);
        expect(p.expectedDamage).toBe(want.expected);
        seen.push(p.expectedDamage!);
      }
    };
    check();
    run({ type: 'gm.set_stat', unit: 'hero', stat: 'strength', value: 30, reason: 'test' });
    check();
    run({ type: 'gm.set_stat', unit: 'hero', stat: 'intelligence', value: 30, reason: 'test' });
    check();
    run({ type: 'gm.set_data', unit: 'foe', key: 'defense', value: 3, reason: 'test' });
    check();
    run({ type: 'gm.set_data', unit: 'foe', key: 'magicDefense', value: 2, reason: 'test' });
    check();
    run({ type: 'gm.set_data', unit: 'foe', key: 'resist', value: { fire: 50 }, reason: 'test' });
    check();
    run({ type: 'gm.set_data', unit: 'foe', key: 'resist', value: { fire: 200 }, reason: 'test' });
    check();
    // each change moved the weapon it reaches (sword: Strength, Defense; wand: Intelligence, Magic Defense, fire)
    const sword = seen.filter((_, i) => i % 2 === 0);
    const wand = seen.filter((_, i) => i % 2 === 1);
    expect(sword[1]).toBeGreaterThan(sword[0]);
    expect(wand[2]).toBeGreaterThan(wand[1]);
    expect(sword[3]).toBeLessThan(sword[2]);
    expect(wand[4]).toBeLessThan(wand[3]);
    expect(wand[5]).toBeLessThan(wand[4]);
    expect(wand[6]).toBeGreaterThan(wand[5]);
  });
});
