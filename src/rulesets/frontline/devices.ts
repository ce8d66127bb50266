/**
 * Gadget and Stream (FRL-ACT-2), both Major actions the book leaves undefined. Ruling: each is data in the
 * encounter file, built from blocks — damage (dice + type), heal, a timed effect, a move between zones —
 * aimed at one enemy, one ally, the user, or everyone of a kind in one zone. See RULINGS.md.
 */
import { fail, type Command, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { zoneFor } from './actions.ts';
import { hitCheck } from './attack.ts';
import { healUnit, resolveDamage, sharedRoll } from './damage.ts';
import { applyTimedEffect } from './effects.ts';
import { dataOf, units } from './model.ts';
import { reaches, reachWords, zoneWords } from './reach.ts';
import type { Device } from './schema.ts';

export type DeviceKind = 'gadget' | 'stream';

export function devicesOf(u: Unit, kind: DeviceKind): Device[] {
  return kind === 'gadget' ? dataOf(u).gadgets : dataOf(u).streams;
}

/** Uses left this encounter; undefined = unlimited. */
export function usesLeft(u: Unit, d: Device): number | undefined {
  return d.uses === undefined ? undefined : d.uses - (dataOf(u).used[d.id] ?? 0);
}

// asked of every device at every listing: three comparisons, not a string search
export const targetsZone = (d: Device): boolean => d.target === 'enemies_in_zone' || d.target === 'allies_in_zone' || d.target === 'all_in_zone';

/** Whether `t` is the kind of unit the device is aimed at (ignoring reach). */
export function fits(u: Unit, d: Device, t: Unit): boolean {
  const standing = t.status === 'active' || (t.status === 'down' && !!d.heal && t.side === u.side);
  if (!standing) return false;
  switch (d.target) {
    case 'enemy':
    case 'enemies_in_zone':
      return t.side !== u.side;
    case 'ally':
    case 'allies_in_zone':
      return t.side === u.side;
    case 'self':
      return t.id === u.id;
    case 'all_in_zone':
      return true;
  }
}

export type Aim = { ok: true; targets: Unit[] } | { ok: false; code: string; message: string; field: string };

/** The units a device use would affect: the one shared check of the command, legalActions and preview. */
export function aim(state: EncounterState, u: Unit, d: Device, target: unknown, zone: unknown): Aim {
  const r = aimed(state, u, d, target, zone);
  return typeof r === 'string' ? { ok: false, code: r, ...refusal(r, state, u, d, target, zone) } : { ok: true, targets: r };
}

/** Whether the device can be used so (the listing asks this of every unit and zone): `aim` without the words of a refusal. */
export function canAim(state: EncounterState, u: Unit, d: Device, target: unknown, zone: unknown): boolean {
  return typeof aimed(state, u, d, target, zone) !== 'string';
}

/**
 * Every use of one device that may be made now, in the listing's order: on each zone (with everyone it
 * takes) or on each unit. Stops when `visit` says so, and says whether it did. The listing and the policy
 * walk these same uses, so what a policy weighs is what is listed.
 */
export function eachUseOf(state: EncounterState, u: Unit, d: Device, visit: (zone: string | undefined, target: Unit | undefined, targets: Unit[] | undefined) => boolean | void): boolean {
  if (targetsZone(d)) {
    for (const zone of state.map?.kind === 'zones' ? state.map.zones : []) {
      const r = aimed(state, u, d, undefined, zone);
      if (typeof r !== 'string' && visit(zone, undefined, r)) return true;
    }
    return false;
  }
  for (const id of state.unitOrder) {
    const t = state.units[id];
    if (typeof aimed(state, u, d, t.id, undefined) !== 'string' && visit(undefined, t, undefined)) return true;
  }
  return false;
}

/** The units affected, or the code of the refusal (its words are `refusal`'s). */
function aimed(state: EncounterState, u: Unit, d: Device, target: unknown, zone: unknown): Unit[] | string {
  const left = usesLeft(u, d);
  if (left !== undefined && left <= 0) return 'action/no_uses_left';
  if (targetsZone(d)) {
    if (typeof zone !== 'string' || !state.map || state.map.kind !== 'zones' || !state.map.zones.includes(zone)) return 'command/bad_zone';
    if (!reaches(state, d.reach, u.zone, zone)) return 'action/out_of_range';
    const targets = units(state).filter((t) => t.zone === zone && fits(u, d, t));
    return targets.length ? targets : 'action/no_targets';
  }
  const id = d.target === 'self' && target === undefined ? u.id : target;
  if (typeof id !== 'string') return 'command/bad_target';
  const t = state.units[id];
  if (!t) return 'unit/unknown';
  if (!fits(u, d, t)) return 'action/bad_target';
  if (!reaches(state, d.reach, u.zone, t.zone)) return 'action/out_of_range';
  return [t];
}

/** What a refusal of `aimed` says, and of which field. */
function refusal(code: string, state: EncounterState, u: Unit, d: Device, target: unknown, zone: unknown): { message: string; field: string } {
  const id = d.target === 'self' && target === undefined ? u.id : target;
  const t = typeof id === 'string' ? state.units[id] : undefined;
  switch (code) {
    case 'action/no_uses_left':
      return { message: `${u.name} has used ${d.name} ${d.uses} times already`, field: 'target' };
    case 'command/bad_zone':
      return { message: `${d.name} is aimed at a zone: "zone" is one of ${state.map?.kind === 'zones' ? state.map.zones.join(', ') : '(none)'}`, field: 'zone' };
    case 'action/no_targets':
      return { message: `no one in the ${zoneWords(zone as string)} for ${d.name}`, field: 'zone' };
    case 'command/bad_target':
      return { message: `${d.name} needs a "target" unit`, field: 'target' };
    case 'unit/unknown':
      return { message: `there is no unit "${String(id)}"`, field: 'target' };
    case 'action/bad_target':
      return { message: `${d.name} is for ${d.target === 'self' ? `${u.name} only` : `an ${d.target} that can take it`}; ${t!.name} is not`, field: 'target' };
    default: // out of range
      return targetsZone(d)
        ? { message: `${d.name} reaches ${reachWords[d.reach]}; ${u.name} is in the ${zoneWords(u.zone)}`, field: 'zone' }
        : { message: `${d.name} reaches ${reachWords[d.reach]}; ${t!.name} is in the ${zoneWords(t!.zone)}`, field: 'target' };
  }
}

export function deviceCommand(kind: DeviceKind) {
  return (ctx: Resolution, cmd: Command): void => {
    const u = ctx.unit(cmd.actor!);
    const d = devicesOf(u, kind).find((x) => x.id === cmd[kind]);
    if (!d) fail('action/unknown_device', `${u.name} has no ${kind} "${String(cmd[kind])}"`, kind);
    const a = aim(ctx.state, u, d, cmd.target, cmd.zone);
    if (!a.ok) fail(a.code, a.message, a.field);
    if (d.uses !== undefined) ctx.setData(u.id, 'used', { ...dataOf(u).used, [d.id]: (dataOf(u).used[d.id] ?? 0) + 1 });
    const left = usesLeft(ctx.unit(u.id), d);
    const uses = left === undefined ? '' : `; ${left} of ${d.uses} uses left`;
    ctx.note(() => `${u.name} uses the ${kind} ${d.name}${targetsZone(d) ? ` on the ${zoneWords(cmd.zone as string)}` : ` on ${a.targets[0].name}`} (Major action${uses}) [FRL-ACT-2]`);
    const damage = d.damage ? sharedRoll(ctx, d.damage, `${d.name} damage`) : undefined;
    const heal = d.heal ? sharedRoll(ctx, d.heal, `${d.name} heal`) : undefined;
    for (const target of a.targets) {
      // `hit` is rolled against the other side only: allies never dodge their friend's device
      if (d.hit && target.side !== u.side && !hitCheck(ctx, ctx.unit(u.id), ctx.unit(target.id), d.name)) continue;
      if (damage && d.type) resolveDamage(ctx, { attacker: ctx.unit(u.id), what: d.name, dice: d.damage!, type: d.type }, target.id, damage);
      if (heal) {
        const r = heal();
        ctx.check(() => ({ label: `heal (${d.name})`, terms: [r.term], total: r.total, outcome: `${target.name} heals ${r.total}`, rules: ['FRL-ACT-2'] }), u.id, target.id);
        healUnit(ctx, target.id, r.total, u.id, 'FRL-ACT-2');
      }
      if (d.effect && ctx.unit(target.id).status === 'active') applyTimedEffect(ctx, u, ctx.unit(target.id), d.effect);
      if (d.move) {
        const t = ctx.unit(target.id);
        const to = zoneFor(ctx.state, t, d.move);
        if (t.status === 'active' && t.zone !== to) {
          ctx.note(() => `${d.name} puts ${t.name} in the ${zoneWords(to)} [FRL-ACT-2]`);
          ctx.moveToZone(t.id, to);
        }
      }
    }
    ctx.endTurn(); // a Major action ends the turn (FRL-ACT-1)
  };
}
