/** Everything an outerah unit may do now: the one list the web page, the simulator and tests share. */
import { FACINGS } from '../../engine/space/facing.ts';
import { parseCellKey } from '../../engine/space/grid.ts';
import type { Reach } from '../../engine/space/path.ts';
import { currentUnit, type ActionOption, type EncounterState, type UnitId } from '../../engine/index.ts';
import { slotOfWeapon } from './attack.ts';
import { hideBlocker } from './hidden.ts';
import { itemBlocker } from './items.ts';
import { dataOf } from './model.ts';
import { fromReach, reachableCells } from './move.ts';
import { reachOf } from './ranges.ts';
import { castBlocker, isHarmful } from './skills.ts';
import { areaCells, struckBy } from './skill-area.ts';
import { weaponSpec } from './spec.ts';
import { attackBlocker } from './targeting.ts';
import { hasSlot } from './turn.ts';
import { extraActions } from './legal-extras.ts';
import { turnKey } from './pets.ts';

/** The Move options of a search result: built once per result and actor, shared by the listings that find it (fromReach). */
function moveOptions(reach: Map<string, Reach>, id: UnitId): ActionOption[] {
  const out: ActionOption[] = [];
  for (const [key, spot] of reach) {
    if (spot.cost === 0) continue;
    const c = parseCellKey(key);
    out.push({ command: { type: 'move', actor: id, to: [c.x, c.y] }, label: `Move to (${c.x}, ${c.y}) — ${spot.cost} Movement`, group: 'move', move: { to: c, cost: spot.cost } });
  }
  return out;
}

export function legalActions(state: EncounterState, id: UnitId): ActionOption[] {
  const u = state.units[id];
  if (!u || u.status !== 'active' || currentUnit(state) !== id) return [];
  const d = dataOf(u);
  const out: ActionOption[] = [];
  const units = state.unitOrder.map((k) => state.units[k]);
  // ruling OUT-PET-3: after a lone pet attack this turn the trainer's own attack bears the interference
  const late = d.petAttackedTurn === turnKey(state) ? ' (Trainer Interference)' : '';
  for (const w of d.weapons) {
    if (!hasSlot(u, slotOfWeapon(w))) continue;
    const spec = weaponSpec(w);
    for (const t of units) {
      if (!attackBlocker(state, u, t, spec)) out.push({ command: { type: 'attack', actor: id, target: t.id, weapon: w.id }, label: `Attack ${t.name} with ${w.name}${late}`, group: 'attack', range: reachOf(state, u, t, spec.range).range, targets: [t.id] });
    }
  }
  for (const k of d.skills) {
    for (const t of units) {
      if (castBlocker(state, u, k, t)) continue;
      if (k.kind === 'heal' && t.pools.hp.value >= t.pools.hp.max) continue;
      const option: ActionOption = { command: { type: 'cast', actor: id, skill: k.id, target: t.id }, label: `${k.name} on ${t.name}`, group: k.kind === 'attack' || k.kind === 'debuff' ? 'attack' : 'support', range: isHarmful(k) ? reachOf(state, u, t, k.range).range : k.range, targets: [t.id] };
      // an area skill says whom it strikes (ruling OUT-PET-5)
      if (k.area) out.push({ ...option, label: `${option.label} (area ${2 * k.area + 1}×${2 * k.area + 1})`, area: areaCells(state, k, t.position!), targets: struckBy(state, u, k, t).map((v) => v.id) });
      else out.push(option);
    }
  }
  if (hasSlot(u, 'secondary')) {
    for (const item of Object.keys(d.items)) {
      for (const t of units) {
        if (!itemBlocker(state, u, t, item) && t.pools.hp.value < t.pools.hp.max) {
          out.push({ command: { type: 'use_item', actor: id, item, target: t.id }, label: `Use ${item} on ${t.name}`, group: 'item', range: 1, targets: [t.id] });
        }
      }
    }
    if (!hideBlocker(state, u)) out.push({ command: { type: 'hide', actor: id }, label: 'Hide', group: 'stealth' });
  }
  if (u.pools.movement.value > 0) {
    const reach = reachableCells(state, u);
    for (const o of fromReach(reach, JSON.stringify(['move', id]), () => moveOptions(reach, id))) out.push(o);
  }
  extraActions(state, u, out);
  if (hasSlot(u, 'chat')) out.push({ command: { type: 'chat', actor: id, text: 'For Outerah!' }, label: 'Chat', group: 'chat' });
  for (const kind of ['trigger', 'auto'] as const) {
    if (d.reaction !== kind && d.reactions.some((r) => r.kind === kind)) out.push({ command: { type: 'set_reaction', actor: id, kind }, label: `Make the ${kind} reaction active`, group: 'reaction' });
  }
  out.push({ command: { type: 'end_turn', actor: id }, label: `End the turn facing ${u.facing}`, group: 'turn' });
  for (const f of FACINGS) {
    if (f !== u.facing) out.push({ command: { type: 'end_turn', actor: id, facing: f }, label: `End the turn facing ${f}`, group: 'turn' });
  }
  return out;
}
