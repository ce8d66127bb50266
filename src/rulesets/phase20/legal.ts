/** Everything a phase20 unit may do now: the one list the web page, the simulator and validation share. */
import { cellsInRadius } from '../../engine/space/area.ts';
import { cellKey, distance } from '../../engine/space/grid.ts';
import type { ActionOption, Cell, EncounterState, GridMap, Unit, UnitId, Wanted } from '../../engine/index.ts';
import { nearestPlace, stopsOf } from '../../engine/space/stops.ts';
import { currentUnit, lineupOf } from '../../engine/index.ts';
import { canSpend, inActionPhase } from './actions.ts';
import { dataOf, isBraced } from './model.ts';
import { reachableCells, reachedOf } from './move.ts';
import type { Reached } from '../../engine/space/path.ts';
import { canPrepare } from './turn.ts';
import { profileOf } from './profile.ts';
import type { Spell, Weapon } from './schema.ts';
import { hasBlockers, inSight } from './sight.ts';
import { barredByBrace, hasCatalyst, spellTargets } from './spell.ts';

const ROLES = ['attack', 'defense', 'support'] as const;

/** The option of a move to `c`, as the listing offers it. */
export const moveOption = (id: UnitId, c: Cell, cost: number): ActionOption => ({
  command: { type: 'move', actor: id, to: [c.x, c.y] },
  label: `Move to (${c.x}, ${c.y}) — ${cost} movement`,
  group: 'move',
  move: { to: c, cost },
});

/**
 * The listed move ending nearer the nearest of `toward` than `toBeat` and than every move listed before
 * it, or undefined: a policy closing in on its foes, with one option built. Read off the search's numbers
 * (reachedOf) in its order — the listing's moves are its stops (stopsOf: not the start, nor a cell only
 * passed) in that order — with no key, cell or option made per reachable cell. For a unit whose moves are
 * listed (movesListed: the caller asks). policy.test.ts holds it to the listing's moves.
 */
export function moveToward(state: EncounterState, u: Unit, toward: readonly Cell[], toBeat: number, closest = 0): ActionOption | undefined {
  if (u.pools.movement.value <= 0) return undefined;
  const reached = reachedOf(state, u);
  const index = nearestStop(reached, toward, toBeat, closest);
  return index < 0 ? undefined : moveOption(u.id, { x: reached.x[index], y: reached.y[index] }, reached.cost[index]);
}

/**
 * nearestPlace's answer (engine/space/stops.ts: the first stop nearer than `toBeat` and every stop before
 * it), its walk ended once a stop `closest` away is found: none after it can be nearer. `closest` 1 is for
 * `toward` the whole cells of standing units — a stop is never a cell a standing unit holds (an enemy's is
 * blocked, an ally's only passed), so no stop is nearer than next to one; 0 asks the whole walk.
 */
function nearestStop(r: Reached, toward: readonly Cell[], toBeat: number, closest: number): number {
  let floor = closest;
  // a place between whole cells may lie nearer than next to a unit: then the walk is not ended early
  for (let i = 0; i < toward.length && floor > 0; i++) if (!Number.isInteger(toward[i].x) || !Number.isInteger(toward[i].y)) floor = 0;
  return nearestPlace(r, toward, toBeat, floor).index;
}

/** The option of an Attack Action at `t` with `w`, as the listing offers it. */
export const attackOption = (id: UnitId, t: Unit, w: Weapon): ActionOption => ({
  command: { type: 'attack', actor: id, target: t.id, weapon: w.id },
  label: `Attack ${t.name} with ${w.name}`,
  group: 'attack',
  range: w.range,
  targets: [t.id],
});

/** The option of helping `t` up, as the listing offers it. */
export const helpOption = (id: UnitId, t: Unit): ActionOption => ({ command: { type: 'help', actor: id, target: t.id }, label: `Help ${t.name} up`, group: 'generic', range: 1, targets: [t.id] });

/** The option of casting `s` at `t` (a target it fits, in range and sight), as the listing offers it; undefined for a harmful area that strikes no one. */
export function castOption(state: EncounterState, u: Unit, s: Spell, t: Unit): ActionOption | undefined {
  const o: ActionOption = { command: { type: 'cast', actor: u.id, spell: s.id, target: t.id }, label: `Cast ${s.name} on ${t.name}`, group: 'spell', range: s.range, targets: [t.id] };
  if (s.radius > 0) {
    // an area: everyone it strikes, the one aimed at first
    const struck = spellTargets(state, u, s, t.position!, t.id);
    if (!s.heals && struck.length === 0) return undefined;
    for (const x of struck) if (x.id !== t.id) o.targets!.push(x.id);
    o.area = cellsInRadius(t.position!, s.radius, 'chebyshev', state.map as GridMap);
  }
  return o;
}

/** Whether the listing offers moves at all now (then the search's stops say which: the listing, moveToward). */
export function movesListed(state: EncounterState, id: UnitId): boolean {
  const u = state.units[id];
  return !!u && u.status === 'active' && currentUnit(state) === id && inActionPhase(state);
}

/** The words of each weapon's Ready options, for the unit they were last made for: the same in every Preparation Phase of a fight. */
const readyKept = new WeakMap<Weapon, { who: string; now: string; andEnd: string }>();
function readyWords(who: string, weapon: Weapon, andEnd: boolean): string {
  let kept = readyKept.get(weapon);
  if (!kept || kept.who !== who) {
    const rest = ` — strikes the first enemy that ends a move within reach, until ${who}'s next turn`;
    kept = { who, now: `Ready an attack with ${weapon.name}${rest}`, andEnd: `Ready an attack with ${weapon.name} and end the turn${rest}` };
    readyKept.set(weapon, kept);
  }
  return andEnd ? kept.andEnd : kept.now;
}

/**
 * The option of announcing a Ready Attack with the unit's readied weapon, as the listing offers it (for a
 * unit that has one to ready); `andEnd` from its Action Phase, where announcing ends the turn.
 */
export function readyOption(u: Unit, andEnd: boolean): ActionOption {
  // built only when offered; its words are kept (readyWords)
  const weapon = profileOf(u).readied!;
  return { command: { type: 'prepare', actor: u.id, kind: 'ready_attack' }, label: readyWords(u.name, weapon, andEnd), group: 'preparation', range: weapon.range };
}

/**
 * The options the listing ends its Action Phase list with, in its order: announcing the Ready Attack
 * (which ends the turn) when the unit has a weapon to ready and did not brace it away, then ending the turn.
 */
export const canReadyAndEnd = (u: Unit): boolean => !dataOf(u).braceBlocksPrep && profileOf(u).readied !== undefined;
export const endTurnOption = (u: Unit): ActionOption => ({ command: { type: 'end_turn', actor: u.id }, label: dataOf(u).sprinting ? 'Stop sprinting and end the turn' : 'End the turn', group: 'turn' });

/** The option of letting the turn pass in the unit's own Preparation Phase, as the listing offers it. */
export const passOption = (id: UnitId): ActionOption => ({ command: { type: 'end_turn', actor: id }, label: 'End the turn (the Preparation can still be announced later)', group: 'turn' });

/** Whether a policy asking narrowly (listing.ts) asked for `type`: what it did not ask for is not built. */
const wants = (only: Wanted | undefined, type: string): boolean => only === undefined || only.has(type);

export function legalActions(state: EncounterState, id: UnitId, only?: Wanted): ActionOption[] {
  const u = state.units[id];
  if (!u || u.status !== 'active') return [];
  const d = dataOf(u);
  const out: ActionOption[] = [];
  if (currentUnit(state) !== id) {
    if (wants(only, 'prepare') && canPrepare(u)) out.push(readyOption(u, false));
    return out;
  }
  if (!inActionPhase(state)) {
    // its last Action used: the Preparation Phase has begun; announce now, or let the turn pass (P20-PREP-1)
    if (wants(only, 'prepare') && canPrepare(u)) out.push(readyOption(u, false));
    if (wants(only, 'end_turn')) out.push(passOption(id));
    return out;
  }
  // asked before every command a policy makes: plain loops, nothing built that is not an option
  const order = state.unitOrder;
  const map = state.map as GridMap;
  const walls = hasBlockers(map); // asked once: most maps have nothing that blocks sight, and then no line is traced
  if (wants(only, 'attack') && canSpend(state, u, 'attack')) {
    // the physical weapons and their ranges from the unit's profile (profile.ts)
    const physical = profileOf(u).physical;
    const at = u.position!;
    // the units by number, in unitOrder's order (engine/lineup.ts): no lookup by id per unit and weapon
    const units = lineupOf(state).units;
    for (let j = 0; j < physical.length; j++) {
      const w = physical[j].weapon;
      const range = physical[j].range;
      for (let i = 0; i < units.length; i++) {
        const t = units[i];
        if (t.side !== u.side && t.status === 'active' && distance(at, t.position!) <= range && (!walls || inSight(map, at, t.position!))) {
          out.push(attackOption(id, t, w));
          if (only?.enough?.(out)) return out; // a policy taking the first it accepts has it (Listing.first)
        }
      }
    }
  }
  if (wants(only, 'cast') && canSpend(state, u, 'spell') && hasCatalyst(u)) {
    for (const s of d.spells) {
      if (barredByBrace(u, s)) continue;
      // everyone but the caster in the order, then the caster itself for a heal
      for (let i = 0; i <= order.length; i++) {
        if (i === order.length && !s.heals) break;
        const t = i === order.length ? u : state.units[order[i]];
        if (i < order.length && t.id === id) continue;
        const fits = s.heals ? t.side === u.side && (t.status === 'active' || t.status === 'down') : t.side !== u.side && t.status === 'active';
        if (!fits || distance(u.position!, t.position!) > s.range || (walls && !inSight(map, u.position!, t.position!))) continue;
        if (s.heals && t.pools.hp.value >= t.pools.hp.max) continue;
        const o = castOption(state, u, s, t);
        if (o) out.push(o);
      }
    }
  }
  // the moves: the search's stops, in its order (movesListed asks whether moving is allowed at all)
  if (wants(only, 'move') && movesListed(state, id) && u.pools.movement.value > 0) {
    const { cells, costs } = stopsOf(reachableCells(state, u));
    for (let i = 0; i < cells.length; i++) out.push(moveOption(id, cells[i], costs[i]));
  }
  if (canSpend(state, u, 'generic')) {
    if (!d.immobile && !d.sprinted) {
      if (wants(only, 'sprint')) out.push({ command: { type: 'sprint', actor: id }, label: `Sprint (movement ${d.speed * 2} this turn)`, group: 'generic' });
      if (wants(only, 'sprint_plus')) out.push({ command: { type: 'sprint_plus', actor: id }, label: `Sprint+ (movement ${d.speed * 4} this turn, none next turn)`, group: 'generic' });
    }
    if (wants(only, 'brace') && !isBraced(state, id)) out.push({ command: { type: 'brace', actor: id }, label: 'Brace (halve incoming damage)', group: 'generic' });
    if (wants(only, 'help')) {
      for (let i = 0; i < order.length; i++) {
        const t = state.units[order[i]];
        if (t.side === u.side && t.status === 'down' && distance(u.position!, t.position!) <= 1) {
          out.push(helpOption(id, t));
        }
      }
    }
    if (wants(only, 'roleshift')) {
      for (const role of ROLES) {
        if (d.role !== role) out.push({ command: { type: 'roleshift', actor: id, role }, label: `Shift to the ${role} role`, group: 'generic' });
      }
    }
  }
  // deciding to take no further Actions enters the Preparation Phase, which ends the turn (P20-PREP-1)
  if (wants(only, 'prepare') && canReadyAndEnd(u)) out.push(readyOption(u, true));
  if (wants(only, 'end_turn')) out.push(endTurnOption(u));
  if (wants(only, 'give_up')) out.push({ command: { type: 'give_up', actor: id }, label: 'Give up', group: 'turn' });
  return out;
}

export { cellKey };
