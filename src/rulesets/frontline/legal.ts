/**
 * Everything a frontline unit may do now: the one list the web page, the simulator and tests share.
 * Built from the same checks the commands make (canAttack, aim), so each option listed is accepted.
 * Nothing is done outside one's own turn: this system has no reactions.
 */
import { currentUnit, type ActionOption, type Command, type EncounterState, type UnitId, type Wanted } from '../../engine/index.ts';
import { moveDestination, zoneFor } from './actions.ts';
import { canAttack } from './attack.ts';
import { eachDeviceUse, type DeviceKind } from './devices.ts';
import { dataOf, enemiesOf, equippedWeapon } from './model.ts';
import { zoneWords } from './reach.ts';

export function legalActions(state: EncounterState, id: UnitId, only?: Wanted): ActionOption[] {
  const u = state.units[id];
  if (!u || u.status !== 'active' || currentUnit(state) !== id) return [];
  const out: ActionOption[] = [];
  // a policy asked narrowly (listing.ts): what it did not ask for is not built
  const want = (type: string) => !only || only.has(type);
  // Minor
  if (want('equip')) {
    for (const w of dataOf(u).weapons) {
      if (w.id !== dataOf(u).equipped) out.push({ command: { type: 'equip', actor: id, weapon: w.id }, label: `Equip ${w.name} (Minor)`, group: 'minor' });
    }
    if (only?.enough?.(out)) return out; // a policy taking the first it accepts has it (Listing.first)
  }
  // Major
  const w = equippedWeapon(u);
  if (w && want('attack')) {
    for (const t of enemiesOf(state, u)) {
      if (!canAttack(state, u, t, w)) continue;
      out.push({ command: { type: 'attack', actor: id, target: t.id }, label: `Attack ${t.name} with ${w.name}`, group: 'attack', targets: [t.id] });
      if (only?.enough?.(out)) return out;
    }
  }
  for (const kind of DEVICE_KINDS) {
    if (!want(kind)) continue;
    const stopped = eachDeviceUse(state, u, kind, (d, zone, t, targets) => {
      // a zone is no cells (no `area`): its `targets` are everyone in it the device takes
      if (zone !== undefined) out.push({ command: deviceCommand(kind, id, d.id, 'zone', zone), label: `${d.name} on the ${zoneWords(zone)}`, group: kind, targets: targets!.map((x) => x.id) });
      else out.push({ command: deviceCommand(kind, id, d.id, 'target', t!.id), label: `${d.name} on ${t!.name}`, group: kind, targets: [t!.id] });
      return only?.enough?.(out);
    });
    if (stopped) return out;
  }
  const to = moveDestination(u);
  // a move goes one zone over and spends the Major action, not movement: one step of one
  if (want('move')) out.push({ command: { type: 'move', actor: id, to }, label: `Move to the ${to === 'frontline' ? 'frontline' : 'rearguard'}`, group: 'move', move: { to: zoneFor(state, u, to), cost: 1 } });
  if (only?.enough?.(out)) return out;
  if (want('flee') && enemiesOf(state, u).length) out.push({ command: { type: 'flee', actor: id }, label: 'Flee the battle', group: 'flee' });
  if (want('end_turn')) out.push({ command: { type: 'end_turn', actor: id }, label: 'End the turn', group: 'turn' });
  return out;
}

const DEVICE_KINDS: readonly DeviceKind[] = ['gadget', 'stream'];

/** `{ type: kind, actor, [kind]: device, [at]: where }`, its fields in that order, without a computed key (the listing builds one per unit and zone). */
function deviceCommand(kind: DeviceKind, actor: UnitId, device: string, at: 'target' | 'zone', where: string): Command {
  const command: Command = { type: kind, actor };
  command[kind] = device;
  command[at] = where;
  return command;
}
