/**
 * Everything a frontline unit may do now: the one list the web page, the simulator and tests share.
 * Built from the same checks the commands make (canAttack, aim), so each option listed is accepted.
 * Nothing is done outside one's own turn: this system has no reactions.
 */
import { currentUnit, type ActionOption, type Command, type EncounterState, type Unit, type UnitId, type Wanted } from '../../engine/index.ts';
import { moveDestination, zoneFor } from './actions.ts';
import { canAttack } from './attack.ts';
import { eachUseOf, devicesOf, type DeviceKind } from './devices.ts';
import { dataOf, enemiesOf, equippedWeapon } from './model.ts';
import { zoneWords } from './reach.ts';
import type { Device, Weapon } from './schema.ts';

/** Whether the unit may act now: standing, and its turn. */
export function mayAct(state: EncounterState, id: UnitId): boolean {
  const u = state.units[id];
  return !!u && u.status === 'active' && currentUnit(state) === id;
}

export function legalActions(state: EncounterState, id: UnitId, only?: Wanted): ActionOption[] {
  if (!mayAct(state, id)) return [];
  const u = state.units[id];
  const out: ActionOption[] = [];
  // a policy asked narrowly (listing.ts): what it did not ask for is not built
  const want = (type: string) => !only || only.has(type);
  // Minor
  if (want('equip')) {
    for (const w of dataOf(u).weapons) if (w.id !== dataOf(u).equipped) out.push(equipOption(id, w));
    if (only?.enough?.(out)) return out; // a policy taking the first it accepts has it (Listing.first)
  }
  // Major
  const w = equippedWeapon(u);
  if (w && want('attack')) {
    for (const t of enemiesOf(state, u)) {
      if (!canAttack(state, u, t, w)) continue;
      out.push(attackOption(id, t, w));
      if (only?.enough?.(out)) return out;
    }
  }
  for (const kind of DEVICE_KINDS) {
    if (!want(kind)) continue;
    for (const d of devicesOf(u, kind)) {
      const stopped = eachUseOf(state, u, d, (zone, t, targets) => {
        out.push(deviceOption(kind, id, d, zone, t, targets));
        return only?.enough?.(out);
      });
      if (stopped) return out;
    }
  }
  if (want('move')) out.push(moveOption(state, u));
  if (only?.enough?.(out)) return out;
  if (want('flee') && enemiesOf(state, u).length) out.push({ command: { type: 'flee', actor: id }, label: 'Flee the battle', group: 'flee' });
  if (want('end_turn')) out.push(endTurnOption(id));
  return out;
}

export const DEVICE_KINDS: readonly DeviceKind[] = ['gadget', 'stream'];

// Each option built in one place, as listed: the listing, and the policy that weighs the same uses (policy.ts).

export const equipOption = (id: UnitId, w: Weapon): ActionOption => ({ command: { type: 'equip', actor: id, weapon: w.id }, label: `Equip ${w.name} (Minor)`, group: 'minor' });

export const attackOption = (id: UnitId, t: Unit, w: Weapon): ActionOption => ({ command: { type: 'attack', actor: id, target: t.id }, label: `Attack ${t.name} with ${w.name}`, group: 'attack', targets: [t.id] });

/** A device used on a zone (a zone is no cells, no `area`: its `targets` are everyone in it the device takes) or on one unit. */
export function deviceOption(kind: DeviceKind, id: UnitId, d: Device, zone: string | undefined, t: Unit | undefined, targets: readonly Unit[] | undefined): ActionOption {
  if (zone !== undefined) return { command: deviceCommand(kind, id, d.id, 'zone', zone), label: `${d.name} on the ${zoneWords(zone)}`, group: kind, targets: targets!.map((x) => x.id) };
  return { command: deviceCommand(kind, id, d.id, 'target', t!.id), label: `${d.name} on ${t!.name}`, group: kind, targets: [t!.id] };
}

/** A move goes one zone over and spends the Major action, not movement: one step of one. */
export function moveOption(state: EncounterState, u: Unit): ActionOption {
  const to = moveDestination(u);
  return { command: { type: 'move', actor: u.id, to }, label: `Move to the ${to === 'frontline' ? 'frontline' : 'rearguard'}`, group: 'move', move: { to: zoneFor(state, u, to), cost: 1 } };
}

export const endTurnOption = (id: UnitId): ActionOption => ({ command: { type: 'end_turn', actor: id }, label: 'End the turn', group: 'turn' });

/** `{ type: kind, actor, [kind]: device, [at]: where }`, its fields in that order, without a computed key (the listing builds one per unit and zone). */
function deviceCommand(kind: DeviceKind, actor: UnitId, device: string, at: 'target' | 'zone', where: string): Command {
  const command: Command = { type: kind, actor };
  command[kind] = device;
  command[at] = where;
  return command;
}
