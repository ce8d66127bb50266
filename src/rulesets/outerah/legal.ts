/** Everything an outerah unit may do now: the one list the web page, the simulator and tests share. */
import { FACINGS } from '../../engine/space/facing.ts';
import { parseCellKey } from '../../engine/space/grid.ts';
import type { Reach } from '../../engine/space/path.ts';
import { currentUnit, type ActionOption, type Cell, type EncounterState, type Unit, type UnitId, type Wanted } from '../../engine/index.ts';
import { hideBlocker } from './hidden.ts';
import { dataOf, unitsOf } from './model.ts';
import { reachableCells, walkToward } from './move.ts';
import { fromReach } from './reached.ts';
import { attackOption, castOption, eachAttack, eachCast, eachItemUse, itemOption } from './open-actions.ts';
import { hasSlot } from './turn.ts';
import { extraActions } from './legal-extras.ts';
import { petAttacked } from './interference.ts';

/** The Move options of a search result: built once per result and actor, shared by the listings that find it (fromReach). */
function moveOptions(reach: Map<string, Reach>, id: UnitId): ActionOption[] {
  const out: ActionOption[] = [];
  for (const [key, spot] of reach) if (spot.cost !== 0) out.push(moveOption(id, parseCellKey(key), spot.cost));
  return out;
}

/** One Move option (the listing's and moveToward's, one builder). */
function moveOption(id: UnitId, c: Cell, cost: number): ActionOption {
  return { command: { type: 'move', actor: id, to: [c.x, c.y] }, label: `Move to (${c.x}, ${c.y}) — ${cost} Movement`, group: 'move', move: { to: c, cost } };
}

/**
 * The first of `u`'s Move options, in the listing's order, whose cell is nearer the nearest of `toward`
 * than any before it, starting from `toBeat` — or undefined when none beats it: what a policy walking
 * toward its foes takes of the listed moves, read off the search's numbers (nearestPlace), without an option per reachable cell. For a
 * unit whose listing is asked (its turn, no question pending: the caller knows); the option is the
 * listing's (one builder, moveOption).
 */
export function moveToward(state: EncounterState, u: Unit, toward: readonly Cell[], toBeat: number): ActionOption | undefined {
  if (u.pools.movement.value <= 0) return undefined;
  const { reach, index } = walkToward(state, u, toward, toBeat);
  return index < 0 ? undefined : moveOption(u.id, { x: reach.x[index], y: reach.y[index] }, reach.cost[index]);
}

export function legalActions(state: EncounterState, id: UnitId, only?: Wanted): ActionOption[] {
  const u = state.units[id];
  if (!u || u.status !== 'active' || currentUnit(state) !== id) return [];
  const d = dataOf(u);
  const out: ActionOption[] = [];
  // a policy asked narrowly (listing.ts): what it did not ask for is not built
  const want = (type: string) => !only || only.has(type);
  const units = unitsOf(state);
  // ruling OUT-PET-3: after a lone pet attack this round the trainer's own attack bears the interference
  const late = petAttacked(state, u) ? ' (Trainer Interference)' : '';
  // the attacks, casts and item uses as typed facts (open-actions.ts), an option built of each
  const first = only?.enough;
  const enough = first && (() => first.call(only, out)); // a policy taking the first it accepts has it (Listing.first)
  if (want('attack') && eachAttack(state, u, units, (w, t, range) => (out.push(attackOption(id, w, t, range, late)), enough?.()))) return out;
  if (want('cast') && eachCast(state, u, units, (k, t) => (out.push(castOption(state, u, k, t)), enough?.()))) return out;
  if (hasSlot(u, 'secondary')) {
    if (want('use_item')) eachItemUse(state, u, units, (item, t) => void out.push(itemOption(id, item, t)));
    if (want('hide') && !hideBlocker(state, u)) out.push({ command: { type: 'hide', actor: id }, label: 'Hide', group: 'stealth' });
  }
  if (only?.enough?.(out)) return out; // before the moves: a search of every reachable cell
  if (want('move') && u.pools.movement.value > 0) {
    const reach = reachableCells(state, u);
    for (const o of fromReach(reach, JSON.stringify(['move', id]), () => moveOptions(reach, id))) out.push(o);
  }
  extraActions(state, u, out, want);
  if (want('chat') && hasSlot(u, 'chat')) out.push({ command: { type: 'chat', actor: id, text: 'For Outerah!' }, label: 'Chat', group: 'chat' });
  for (const kind of want('set_reaction') ? (['trigger', 'auto'] as const) : []) {
    if (d.reaction !== kind && d.reactions.some((r) => r.kind === kind)) out.push({ command: { type: 'set_reaction', actor: id, kind }, label: `Make the ${kind} reaction active`, group: 'reaction' });
  }
  if (want('end_turn')) for (const o of endTurnOptions(id, u.facing)) out.push(o);
  return out;
}

/**
 * Ending the turn facing as it does, then each other way: the same options for the same unit and facing, so
 * built once and shared by every listing (as the moves are: nobody changes them). A bounded store.
 */
const endTurns = new Map<string, Map<UnitId, ActionOption[]>>();
let endTurnsKept = 0;

export function endTurnOptions(id: UnitId, facing: Unit['facing']): ActionOption[] {
  // by facing, then unit: two lookups of strings the state holds, no key spelt per listing
  let byUnit = endTurns.get(String(facing));
  let out = byUnit?.get(id);
  if (!out) {
    out = [{ command: { type: 'end_turn', actor: id }, label: `End the turn facing ${facing}`, group: 'turn' }];
    for (const f of FACINGS) {
      if (f !== facing) out.push({ command: { type: 'end_turn', actor: id, facing: f }, label: `End the turn facing ${f}`, group: 'turn' });
    }
    if (endTurnsKept >= 1000) {
      endTurns.clear();
      endTurnsKept = 0;
      byUnit = undefined;
    }
    if (!byUnit) endTurns.set(String(facing), (byUnit = new Map()));
    byUnit.set(id, out);
    endTurnsKept++;
  }
  return out;
}
