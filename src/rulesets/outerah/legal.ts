/** Everything an outerah unit may do now: the one list the web page, the simulator and tests share. */
import { FACINGS } from '../../engine/space/facing.ts';
import { parseCellKey } from '../../engine/space/grid.ts';
import { nearestStop, stopsOf } from '../../engine/space/stops.ts';
import type { Reach } from '../../engine/space/path.ts';
import { currentUnit, type ActionOption, type Cell, type EncounterState, type Unit, type UnitId, type Wanted } from '../../engine/index.ts';
import { slotOfWeapon } from './attack.ts';
import { hideBlocker } from './hidden.ts';
import { itemBlocker } from './items.ts';
import { dataOf, unitsOf } from './model.ts';
import { fromReach, reachableCells } from './move.ts';
import { reachOf } from './ranges.ts';
import { castBlocker, castOpen, isHarmful } from './skills.ts';
import { areaCells, struckBy } from './skill-area.ts';
import { skillSpec, weaponSpec } from './spec.ts';
import { attackerBlocker, shotBars, targetBars } from './targeting.ts';
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
 * toward its foes takes of the listed moves, without an option per reachable cell (nearestStop). For a
 * unit whose listing is asked (its turn, no question pending: the caller knows); the option is the
 * listing's (one builder, moveOption).
 */
export function moveToward(state: EncounterState, u: Unit, toward: readonly Cell[], toBeat: number): ActionOption | undefined {
  if (u.pools.movement.value <= 0) return undefined;
  const stops = stopsOf(reachableCells(state, u));
  const { index } = nearestStop(stops, toward, toBeat);
  return index < 0 ? undefined : moveOption(u.id, parseCellKey(stops.keys[index]), stops.costs[index]);
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
  // attackBlocker in its parts: the attacker's own (Feared, its ship) asked once for every weapon and target
  for (const w of want('attack') && d.weapons.length && !attackerBlocker(state, u) ? d.weapons : []) {
    if (!hasSlot(u, slotOfWeapon(w))) continue;
    const spec = weaponSpec(w);
    for (const t of units) {
      if (targetBars(state, u, t)) continue;
      const reach = reachOf(state, u, t, spec.range); // the shot's, and the option's range
      if (shotBars(state, u, t, spec, reach)) continue;
      out.push({ command: { type: 'attack', actor: id, target: t.id, weapon: w.id }, label: `Attack ${t.name} with ${w.name}${late}`, group: 'attack', range: reach.range, targets: [t.id] });
      if (only?.enough?.(out)) return out; // a policy taking the first it accepts has it (Listing.first)
    }
  }
  for (const k of want('cast') ? d.skills : []) {
    // castBlocker in its parts: what reads no target once per skill; a harmful skill's target as attackBlocker's
    // parts (as the attacks above: the same tests, no words built for the many refusals dropped)
    if (!castOpen(u, k)) continue;
    const spec = isHarmful(k) ? skillSpec(k) : undefined;
    if (spec && attackerBlocker(state, u)) continue;
    for (const t of units) {
      if (spec ? targetBars(state, u, t) || shotBars(state, u, t, spec) : castBlocker(state, u, k, t)) continue;
      if (k.kind === 'heal' && t.pools.hp.value >= t.pools.hp.max) continue;
      const option: ActionOption = { command: { type: 'cast', actor: id, skill: k.id, target: t.id }, label: `${k.name} on ${t.name}`, group: k.kind === 'attack' || k.kind === 'debuff' ? 'attack' : 'support', range: isHarmful(k) ? reachOf(state, u, t, k.range).range : k.range, targets: [t.id] };
      // an area skill says whom it strikes (ruling OUT-PET-5)
      if (k.area) out.push({ ...option, label: `${option.label} (area ${2 * k.area + 1}×${2 * k.area + 1})`, area: areaCells(state, k, t.position!), targets: struckBy(state, u, k, t).map((v) => v.id) });
      else out.push(option);
      if (only?.enough?.(out)) return out;
    }
  }
  if (hasSlot(u, 'secondary')) {
    for (const item of want('use_item') ? Object.keys(d.items) : []) {
      for (const t of units) {
        if (!itemBlocker(state, u, t, item) && t.pools.hp.value < t.pools.hp.max) {
          out.push({ command: { type: 'use_item', actor: id, item, target: t.id }, label: `Use ${item} on ${t.name}`, group: 'item', range: 1, targets: [t.id] });
        }
      }
    }
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

function endTurnOptions(id: UnitId, facing: Unit['facing']): ActionOption[] {
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
