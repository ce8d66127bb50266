/**
 * Everything a duel60 unit may do now: the one list the web page, the simulator and tests share.
 * Each candidate goes through the same checks as its command (the plan* functions and refusals).
 */
import { cellsInRadius } from '../../engine/space/area.ts';
import { distance } from '../../engine/space/grid.ts';
import { currentUnit, RuleError, type ActionOption, type Cell, type Command, type EncounterState, type GridMap, type Unit, type UnitId, type Wanted } from '../../engine/index.ts';
import { actionReason, movementReason } from './actions.ts';
import { knockedOut, LIMBS, planAttack, planKill } from './attack.ts';
import { planCast } from './magic.ts';
import { dataOf, enemiesOf, inCloseQuarters, weaponOf } from './model.ts';
import { backpedalCells, reachFor } from './move.ts';
import { restReason } from './stance.ts';
import { planThrow, projectileCap } from './throw.ts';
import type { Ability, Weapon } from './schema.ts';
import { counted } from './words.ts';

/** The tiles a move may end on (D60-MOV-1), in the listing's order (the search's: move.ts MoveSearch, made once with it); whether the unit may move at all is asked first (`movesListed`). */
const moveCells = (state: EncounterState, u: Unit): Cell[] => reachFor(state, u).tiles;

/** The option of a move to `c` costing `cost`, as the listing offers it. */
export const moveOption = (id: UnitId, c: Cell, cost: number): ActionOption => ({ command: { type: 'move', actor: id, to: [c.x, c.y] }, label: `Move to (${c.x}, ${c.y})`, group: 'move', move: { to: { x: c.x, y: c.y }, cost } });

/**
 * The moves the listing offers now, as tiles (a policy weighing where to go builds the option of the one it
 * takes, not one per tile: `listedMove`): none unless it is the unit's turn and it may move.
 */
export function listedMoves(state: EncounterState, id: UnitId): Cell[] {
  const u = state.units[id];
  if (!u || u.status !== 'active' || currentUnit(state) !== id || movementReason(state, u)) return [];
  return moveCells(state, u);
}

/** The listing's option of the move to `c`, one of `listedMoves`. */
export function listedMove(state: EncounterState, id: UnitId, c: Cell): ActionOption {
  const reach = reachFor(state, state.units[id]);
  return moveOption(id, c, reach.cost[reach.placeOf(c.x, c.y)]);
}

function passes<P>(plan: (state: EncounterState, u: Unit, cmd: Command) => P, state: EncounterState, u: Unit, cmd: Command): boolean {
  try {
    plan(state, u, cmd);
    return true;
  } catch (err) {
    if (err instanceof RuleError) return false;
    throw err;
  }
}

/** A strike's option at one target: `range` and `targets` its typed facts. */
const strikeOption = (command: Command, label: string, group: string, range: number, target: UnitId): ActionOption => ({ command, label, group, range, targets: [target] });

/**
 * How a strike the listing offers is worded: `n` limbs, a strike or a throw of `n` of weapon `w`, a vital
 * point, a killing blow. Kept apart from the command so a policy weighing the strikes words only the one it takes.
 */
export type StrikeKind = 'limbs' | 'weapon' | 'throw' | 'vital' | 'kill';

/**
 * Each strike the listing offers at a unit (attacks, throws, vital points, killing blows: not spells), in its
 * order, with the same checks: `visit` returns true to stop there. The listing words each; the aggressive
 * policy weighs them as data (policy.ts). A strike's command is built by `strikeCommand`, by whoever needs
 * it: an attack is checked on the numbers (`attackPasses`, planAttack's checks), not by a command tried.
 */
export function visitStrikes(state: EncounterState, u: Unit, visit: (t: Unit, kind: StrikeKind, n: number, w: Weapon | null, range: number) => boolean): void {
  const id = u.id;
  const d = dataOf(u);
  const stamina = u.pools.stamina.value;
  for (const k of state.unitOrder) {
    const t = state.units[k];
    if (t.id === id || !t.position || t.side === u.side) continue;
    const near = distance(u.position!, t.position);
    if (t.status === 'active' && near <= 1) {
      // planAttack reads the limbs only for their number (distinct limbs, each 1 stamina): the first n
      // limbs with n within the stamina pass exactly when one limb does — asked once, not five times
      if (stamina >= 1 && attackPasses(state, u, t, null, 1, near)) {
        for (let n = 1; n <= Math.min(5, stamina); n++) if (visit(t, 'limbs', n, null, 1)) return;
      }
    }
    // what would be refused anyway (out of reach, short of stamina, not knocked out, not defenseless)
    // is not even tried: a refusal costs far more than the test
    for (const w of d.weapons) {
      if (t.status === 'active' && near <= w.reach && w.stamina <= stamina) {
        if (attackPasses(state, u, t, w, 1, near) && visit(t, 'weapon', 1, w, w.reach)) return;
      }
      if (w.thrown && t.status === 'active' && near <= w.thrown.range) {
        for (let n = 1; n <= Math.min(projectileCap(u, w), w.count) && w.stamina * n <= stamina; n++) {
          if (passes(planThrow, state, u, strikeCommand(id, t, 'throw', n, w)) && visit(t, 'throw', n, w, w.thrown.range)) return;
        }
      }
    }
    if (near <= 1 && knockedOut(state, t)) {
      if (passes(planAttack, state, u, strikeCommand(id, t, 'vital', 1, null)) && visit(t, 'vital', 1, null, 1)) return;
    }
    if (t.status === 'down') {
      let range = 1;
      for (const w of d.weapons) range = Math.max(range, w.reach);
      if (near <= range && passes(planKill, state, u, strikeCommand(id, t, 'kill', 1, null)) && visit(t, 'kill', 1, null, range)) return;
    }
  }
}

/**
 * planAttack's checks of the attack visitStrikes offers — `n` limbs, or a strike of `w` (found by its id,
 * as the command names it) — at an able target `near` tiles away, on the numbers: whether it passes.
 */
function attackPasses(state: EncounterState, u: Unit, t: Unit, w: Weapon | null, n: number, near: number): boolean {
  if (t.status !== 'active') return false;
  const weapon = w ? weaponOf(u, w.id) : null;
  if (weapon === undefined) return false;
  if (near > (weapon?.reach ?? 1)) return false;
  // requireStamina: none at all (an able unit), or less than it costs
  const stamina = u.pools.stamina.value;
  if (stamina <= 0 && u.status === 'active') return false;
  return stamina >= (weapon ? weapon.stamina : n);
}

/** The command of a strike visitStrikes offers (the listing's, word for word: its fields in this order). */
export function strikeCommand(id: UnitId, t: Unit, kind: StrikeKind, n: number, w: Weapon | null): Command {
  if (kind === 'limbs') return { type: 'attack', actor: id, target: t.id, limbs: LIMBS.slice(0, n) };
  if (kind === 'weapon') return { type: 'attack', actor: id, target: t.id, weapon: w!.id };
  if (kind === 'throw') return { type: 'throw', actor: id, target: t.id, weapon: w!.id, count: n };
  if (kind === 'vital') return { type: 'attack', actor: id, target: t.id, limbs: ['right_hand'], vital: true };
  return { type: 'kill', actor: id, target: t.id };
}

/** The listing's option of a strike visitStrikes found. */
export function strikeOptionOf(cmd: Command, t: Unit, kind: StrikeKind, n: number, w: Weapon | null, range: number): ActionOption {
  const label =
    kind === 'limbs' ? `Attack ${t.name} with ${n} limb${n > 1 ? 's' : ''}`
    : kind === 'weapon' ? `Strike ${t.name} with ${w!.name}`
    : kind === 'throw' ? `Throw ${counted(n, w!.name)} at ${t.name}`
    : kind === 'vital' ? `Strike a vital point of ${t.name}`
    : `Killing blow on ${t.name}`;
  return strikeOption(cmd, label, kind === 'throw' ? 'throw' : 'attack', range, t.id);
}

/**
 * Each spell `u` may cast now, at each target, in the listing's order with its checks: `visit` gets the
 * command, the ability and the target, and stops there if it returns true (the listing words each: castOptionOf; the
 * aggressive policy weighs them as data).
 */
export function visitCasts(state: EncounterState, u: Unit, visit: (cmd: Command, a: Ability, t: Unit) => unknown): void {
  const id = u.id;
  const order = state.unitOrder;
  for (const a of dataOf(u).abilities) {
    // short of stamina, every target would be refused (planCast's requireStamina)
    if (a.stamina > u.pools.stamina.value || actionReason(state, u, { magic: a.magic, instant: a.instantCast })) continue;
    // the targets in the listing's order — itself, then its allies (in the units' order) for an ally's spell;
    // itself for a spell on self; the enemies for the rest — walked, no list made
    if (a.target === 'self' || a.target === 'ally') {
      if (castAt(state, u, a, u, visit)) return;
      if (a.target === 'self') continue;
    }
    for (let i = 0; i < order.length; i++) {
      const t = state.units[order[i]];
      if (t.id === id || !t.position) continue;
      if (a.target === 'ally' ? t.side !== u.side : t.side === u.side) continue;
      if (castAt(state, u, a, t, visit)) return;
    }
  }
}

/** One target of visitCasts: planCast's checks, then `visit`; true when `visit` says enough. */
function castAt(state: EncounterState, u: Unit, a: Ability, t: Unit, visit: (cmd: Command, a: Ability, t: Unit) => unknown): boolean {
  // planCast refuses these too: out of range, or anyone but the caster not able to fight
  if (a.target !== 'self' && t.id !== u.id && (t.status !== 'active' || distance(u.position!, t.position!) > a.range)) return false;
  const cmd = { type: 'cast', actor: u.id, ability: a.id, target: t.id };
  // `visit` returning true: enough (turnSpent asks whether there is any)
  return passes(planCast, state, u, cmd) && visit(cmd, a, t) === true;
}

/** The listing's option of a spell visitCasts found. */
export function castOptionOf(state: EncounterState, u: Unit, cmd: Command, a: Ability, t: Unit): ActionOption {
  const o: ActionOption = a.target === 'self' ? { command: cmd, label: a.name, group: 'magic', targets: [t.id] } : { command: cmd, label: `${a.name}${t.id === u.id ? '' : ` on ${t.name}`}`, group: 'magic', range: a.range, targets: [t.id] };
  if (a.area && a.target === 'enemy' && !a.projectile) {
    // everyone the area takes (those fast enough evade it, but it is aimed at them: D60-DMG-4), the one aimed at first
    const radius = a.area.radius;
    for (const v of enemiesOf(state, u)) if (v.id !== t.id && distance(v.position!, t.position!) <= radius) o.targets!.push(v.id);
    o.area = cellsInRadius(t.position!, radius, 'chebyshev', state.map as GridMap);
  }
  return o;
}

/** Block (bare, then with each weapon), Rest, the free toggle of eye contact and the end of the turn: the listing's last options, as it words them. */
export const blockOptions = (u: Unit): ActionOption[] => [{ command: { type: 'block', actor: u.id }, label: 'Block', group: 'defend' }, ...dataOf(u).weapons.map((w) => ({ command: { type: 'block', actor: u.id, weapon: w.id }, label: `Block with ${w.name}`, group: 'defend' }))];
export const restOption = (u: Unit): ActionOption => ({ command: { type: 'rest', actor: u.id }, label: 'Rest (+2 stamina)', group: 'rest', restores: ['stamina'] });
export const endTurnOption = (u: Unit): ActionOption => ({ command: { type: 'end_turn', actor: u.id }, label: 'End the turn', group: 'turn' });

export function legalActions(state: EncounterState, id: UnitId, only?: Wanted): ActionOption[] {
  const u = state.units[id];
  if (!u || u.status !== 'active' || currentUnit(state) !== id) return [];
  const d = dataOf(u);
  const out: ActionOption[] = [];
  // a policy asked narrowly (listing.ts): what it did not ask for is not tried
  const want = (type: string) => !only || only.has(type);
  // after each strike, `only?.enough?.(out)`: a policy taking the first it accepts has it (Listing.first)
  let enough = false;
  if ((want('attack') || want('throw') || want('kill')) && !actionReason(state, u)) {
    visitStrikes(state, u, (t, kind, n, w, range) => {
      out.push(strikeOptionOf(strikeCommand(id, t, kind, n, w), t, kind, n, w, range));
      return (enough = only?.enough?.(out) === true);
    });
    if (enough) return out;
  }
  if (want('cast') && d.abilities.length) visitCasts(state, u, (cmd, a, t) => out.push(castOptionOf(state, u, cmd, a, t)));
  // the moves cost a search: none for a policy that has its option already
  if (only?.enough?.(out)) return out;
  if ((want('move') || want('backpedal')) && !movementReason(state, u)) {
    if (want('move')) {
      const { tiles, tileCost } = reachFor(state, u);
      for (let k = 0; k < tiles.length; k++) out.push(moveOption(id, tiles[k], tileCost[k]));
    }
    for (const c of want('backpedal') ? backpedalCells(state, u) : []) {
      const reach = reachFor(state, u);
      out.push({ command: { type: 'backpedal', actor: id, to: [c.x, c.y] }, label: `Back-pedal to (${c.x}, ${c.y})`, group: 'move', move: { to: c, cost: reach.cost[reach.placeOf(c.x, c.y)] } });
    }
  }
  // Block uses the movement without moving: Root does not forbid it
  if (want('block') && !movementReason(state, u, false)) {
    if (!d.blocking) for (const o of blockOptions(u)) out.push(o);
  }
  if (want('rest') && !restReason(state, u)) out.push(restOption(u));
  out.push({ command: { type: 'avert', actor: id, on: !d.averting }, label: d.averting ? 'Meet their eyes again' : 'Avoid eye contact', group: 'free' });
  out.push(endTurnOption(u));
  return out;
}

/** Whether the unit has anything left to do but free toggles and ending the turn. */
export function turnSpent(state: EncounterState, id: UnitId): boolean {
  const u = state.units[id];
  // not its turn, or unable: nothing is listed
  if (!u || u.status !== 'active' || currentUnit(state) !== id) return true;
  // Block and Rest are listed on these checks alone (as above): asked first, they spare the listing
  // that tries every strike — most turns are not spent after a command, and Block says so
  if ((!movementReason(state, u, false) && !dataOf(u).blocking) || !restReason(state, u)) return false;
  // so is a 1-limb blow at an able enemy beside it (planAttack asks no more than 1 stamina and reach 1)
  if (!actionReason(state, u) && u.pools.stamina.value >= 1 && inCloseQuarters(state, u)) return false;
  // the moves last, and only as "is there a tile at all" (every back-pedal tile is a move tile too)
  // then any strike or spell the listing would offer (Block and Rest are not, as asked above): found, not worded
  let some = false;
  if (!actionReason(state, u)) visitStrikes(state, u, () => (some = true));
  if (!some && dataOf(u).abilities.length) visitCasts(state, u, () => (some = true));
  if (some) return false;
  return movementReason(state, u) !== null || moveCells(state, u).length === 0;
}

