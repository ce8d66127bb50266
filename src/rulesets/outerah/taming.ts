/**
 * Capturing a mount and sending it away mid-fight (OUT-MNT-1, OUT-MNT-3).
 *  - `tame { target }`: "at least a 40 Wisdom Score gains the ability 'Mount Tamer', granting them the ability to
 *    capture and ride creatures … Your mount's level is the same as it was before it was Tamed." The text leaves the
 *    check to the Guide ("You need to add Taming mechanics"); ruling OUT-MNT-1: a Mount Tamer without a mount, next
 *    to a creature the file marks `tameable`, spends its Primary (mainhand) action, as summoning does in the heat of
 *    battle, on the text's own calming check: Animal Handling d20 + ⌊Wisdom / 10⌋ ≥ the DR of OUT-MNT-3 by the
 *    creature's level against the tamer's (DR 0: no roll; a natural 1 fails). Tamed, the creature joins the tamer's
 *    side as its mount, standing beside it, with its own level and hit points; from then on it moves only with its
 *    tamer (a mount takes no turns and does not keep a side in the fight).
 *  - `dismiss_mount`: "Anytime outside of combat, players can summon or dismiss their mount without expending an
 *    action. However, if a mount is summoned during the heat of battle … at the cost of the unit's mainhand
 *    action." Ruling: dismissing mid-fight costs the same Primary action (out of combat — after an Opener's hiding
 *    ended it, OUT-OPEN-2 — both are free). A mount that is down (its spirit being released) or Feared (it will not
 *    come to hand until calmed) cannot be dismissed. A rider dismissing the mount under it is left standing there.
 */
import { distance } from '../../engine/space/grid.ts';
import { fail, type Command, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { dataOf, hasEffect, stat } from './model.ts';
import { isMountTamer, mountRecord, MOUNT_TAMER_WISDOM, riderOf } from './mount-model.ts';
import { handlingDR } from './mounts.ts';
import { outOfCombat } from './hidden.ts';
import { petInfo } from './pets.ts';
import { hasSlot, spendSlot } from './turn.ts';

/** Why `u` cannot try to tame `t` now, or null (the command and legalActions share it). */
export function tameBlocker(state: EncounterState, u: Unit, t: Unit): string | null {
  if (!dataOf(t).tameable) return `${t.name} is no creature to tame`;
  if (!isMountTamer(u)) return `${u.name} has ${stat(u, 'wisdom')} Wisdom: Mount Tamer needs ${MOUNT_TAMER_WISDOM}`;
  const rec = mountRecord(u);
  if (rec && state.units[rec.unit]?.status !== 'dead') return `${u.name} already has a mount (${state.units[rec.unit]?.name ?? rec.unit})`;
  if (t.status !== 'active') return `${t.name} is ${t.status}`;
  if (riderOf(state, t) || petInfo(t)) return `${t.name} already answers to someone`;
  if (distance(u.position!, t.position!) > 1) return `${t.name} is not next to ${u.name}`;
  if (!hasSlot(u, 'primary')) return `${u.name} has used its Primary action`;
  return null;
}

export function tameCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  if (typeof cmd.target !== 'string' || !ctx.state.units[cmd.target]) fail('unit/unknown', 'name the creature to tame as "target"', 'target');
  const t = ctx.unit(cmd.target);
  const why = tameBlocker(ctx.state, u, t);
  if (why) fail('action/cannot_tame', `${why} [OUT-MNT-1]`, 'target');
  spendSlot(ctx, u, 'primary');
  const dr = handlingDR(dataOf(t).level, dataOf(u).level);
  let tamed = dr === 0;
  if (tamed) ctx.note(() => `${t.name} is 10+ levels below ${u.name}: it comes to hand without a check (DR 0) [OUT-MNT-1, OUT-MNT-3]`);
  else {
    const d = ctx.roll(20, 'Animal Handling');
    const bonus = Math.floor(stat(u, 'wisdom') / 10);
    tamed = d !== 1 && d + bonus >= dr;
    ctx.check(() => ({ label: `Animal Handling: tame ${t.name}`, terms: [{ kind: 'dice', label: 'd20', faces: [d], value: d }, { kind: 'mod', name: `Wisdom ${stat(u, 'wisdom')} ÷ 10`, value: bonus }], total: d + bonus, against: { op: '>=', value: dr, name: `DR (level ${dataOf(t).level} against ${dataOf(u).level})` }, outcome: d === 1 ? 'a natural 1: it will not be caught' : tamed ? `${t.name} is tamed` : `${t.name} will not be caught`, rules: ['OUT-MNT-1', 'OUT-MNT-3'] }), u.id, t.id);
  }
  if (!tamed) return;
  if (t.side !== u.side) ctx.emit({ type: 'unit.side', unit: t.id, side: u.side });
  ctx.setData(t.id, 'mountOf', u.id);
  ctx.setData(t.id, 'tameable', undefined);
  ctx.setData(u.id, 'mount', { unit: t.id, state: 'beside' });
  ctx.note(() => `${u.name} captures ${t.name}: it is ${u.name}'s mount now, at its own level ${dataOf(t).level}, and moves only with ${u.name} [OUT-MNT-1]`);
}

/** Why `u` cannot dismiss its mount now, or null (shared with legalActions). Out of combat it costs nothing. */
export function dismissBlocker(state: EncounterState, u: Unit): string | null {
  const rec = mountRecord(u);
  const mount = rec ? state.units[rec.unit] : undefined;
  if (!rec || !mount || rec.state === 'unsummoned') return `${u.name} has no mount on the field`;
  if (mount.status !== 'active') return `${mount.name} is ${mount.status}: its spirit cannot be sent away`;
  if (hasEffect(state, mount.id, 'Feared Mount')) return `${mount.name} is Feared: calm it first`;
  if (!outOfCombat(state) && !hasSlot(u, 'primary')) return `${u.name} has used its Primary action`;
  return null;
}

export function dismissMountCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const why = dismissBlocker(ctx.state, u);
  if (why) fail('action/cannot_dismiss', `${why} [OUT-MNT-1]`);
  const rec = mountRecord(u)!;
  const mount = ctx.unit(rec.unit);
  const free = outOfCombat(ctx.state);
  if (!free) spendSlot(ctx, u, 'primary');
  ctx.emit({ type: 'unit.status', unit: mount.id, status: 'removed', cause: 'dismissed', rule: 'OUT-MNT-1' });
  ctx.setData(u.id, 'mount', { unit: mount.id, state: 'unsummoned' });
  ctx.note(free ? `${u.name} dismisses ${mount.name}: out of combat it costs no action [OUT-MNT-1, OUT-OPEN-2]` : `${u.name} dismisses ${mount.name} in the heat of battle: its mainhand action is spent, as a summoning's is [OUT-MNT-1]`);
}
