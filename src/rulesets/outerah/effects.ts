/**
 * Buffs and debuffs from skills (OUT-EFF-1..6, OUT-TIME-1):
 *  - a debuff lands unless the target resists: D100 + the stat > 100; 100 in the stat is immunity;
 *  - it holds at least its minimum turns, then the unit rolls at the end of each turn to shake it off,
 *    +5 per roll after the first;
 *  - a buff lands on D100 ≤ its success at 10 Wisdom + 10 per full 10 of the caster's Wisdom above 10;
 *    a unit immune (0 %) to the skill's element gets none of its perks (OUT-RES-3);
 *  - durations are rounds, counted at each round's end; an effect landing after its target's turn this
 *    round is counted from the next round, so "(3)" always covers three of the target's turns (a mount's
 *    turns are its tamer's, a controlled pet's its trainer's: borrowed-clock.ts);
 *  - the same debuff stacks (to its max) and keeps the longer duration; the same buff restarts its count;
 *  - DoTs tick at the start of the unit's turn, HoTs at its end.
 */
import { removeUpcoming, type Effect, type Resolution, type Unit } from '../../engine/index.ts';
import { dealDamage, restore } from './damage.ts';
import { effectRow, type EffectRow } from './effect-table.ts';
import { resistanceOf, type Element } from './elements.ts';
import { dataOf, stat } from './model.ts';
import { turnsOf } from './borrowed-turns.ts';
import { turnKey } from './pets.ts';
import { actedThisRound, grantHasteSlot, inspire, sendToBack, startSlow, takingTurn } from './timing.ts';

export interface EffectOrder {
  name: string;
  prefix?: string;
  rounds?: number;
  tier: number;
}

export const displayName = (o: { name: string; prefix?: string; rounds?: number }): string =>
  `${o.prefix ? `${o.prefix} ` : ''}${o.name}${o.rounds !== undefined ? `(${o.rounds})` : ''}`;

/** Buff success: the table's rate at 10 Wisdom, +10 per full 10 Wisdom above (OUT-EFF-6). */
export function buffChance(row: EffectRow, wisdom: number): number {
  return Math.min(100, (row.success ?? 100) + 10 * Math.max(0, Math.floor((wisdom - 10) / 10)));
}

/** Roll for a buff; lands it on success. Returns whether it landed. */
export function castBuff(ctx: Resolution, caster: Unit, target: Unit, order: EffectOrder, element: Element): boolean {
  const row = effectRow(order.name)!;
  if (resistanceOf(dataOf(target).resist, element) === 0) {
    ctx.note(() => `${target.name} is immune to ${element}: no ${order.name} from it [OUT-RES-3]`);
    return false;
  }
  const chance = buffChance(row, stat(caster, 'wisdom'));
  const d = ctx.roll(100, `${order.name} success`);
  const ok = d <= chance;
  ctx.check(
    () => ({ label: `${order.name} success`, terms: [{ kind: 'dice', label: 'D100', faces: [d], value: d }], total: d, against: { op: '<=', value: chance, terms: [{ kind: 'mod', name: 'success at 10 Wisdom', value: row.success ?? 100 }, { kind: 'mod', name: `Wisdom ${stat(caster, 'wisdom')}`, value: chance - (row.success ?? 100) }] }, outcome: ok ? `${order.name} lands` : 'fails', rules: ['OUT-EFF-6'] }),
    caster.id,
    target.id,
  );
  if (ok) land(ctx, caster, target, row, order);
  return ok;
}

/** The target's resist roll; lands the debuff when it fails. Returns whether it landed. */
export function inflict(ctx: Resolution, source: Unit, target: Unit, order: EffectOrder): boolean {
  const row = effectRow(order.name)!;
  if (row.stat) {
    const s = stat(target, row.stat);
    if (s >= 100) {
      ctx.note(() => `${target.name} has ${s} ${row.stat}: immune to ${order.name} [OUT-EFF-3]`);
      return false;
    }
    const statName = row.stat.charAt(0).toUpperCase() + row.stat.slice(1);
    const d = ctx.roll(100, `resist ${order.name}`);
    const resisted = d + s > 100;
    ctx.check(() => ({ label: `resist ${displayName(order)}`, terms: [{ kind: 'dice', label: 'D100', faces: [d], value: d }, { kind: 'mod', name: statName, value: s }], total: d + s, against: { op: '>', value: 100 }, outcome: resisted ? 'resisted' : `suffers ${order.name}`, rules: ['OUT-EFF-3'] }), target.id, source.id);
    if (resisted) return false;
  }
  land(ctx, source, target, row, order);
  return true;
}

/** Put the effect on (or stack / restart it) and let timing effects reshape the order. */
export function land(ctx: Resolution, source: Unit, target: Unit, row: EffectRow, order: EffectOrder): void {
  if (row.timing === 'inspiration') return inspire(ctx, target.id);
  const opposite = row.timing === 'haste' ? 'Slow' : row.timing === 'slow' ? 'Haste' : undefined;
  const cancels = opposite ? ctx.state.effects.find((f) => f.target === target.id && f.name === opposite) : undefined;
  if (cancels) {
    ctx.removeEffect(cancels.id, 'cleansed');
    if (opposite === 'Haste') removeUpcoming(ctx, target.id, `Slow cancels ${target.name}'s Haste [OUT-INIT-4]`, 'haste');
    ctx.note(() => `${row.name} and ${opposite} cancel out on ${target.name} [OUT-INIT-3, OUT-INIT-4]`);
    return;
  }
  const rounds = order.rounds ?? row.rounds;
  // Stop and Slow tick at the start of the turns they take (Slow doing nothing itself), so a rider's lost turn
  // reaches the mount or pet that lives on its turns (borrowed-clock.ts)
  const tick = row.dot ? 'turn_start' : row.hot ? 'turn_end' : row.timing === 'stop' || row.timing === 'slow' ? 'turn_start' : undefined;
  // Haste's extra turn comes this round wherever it lands, so Haste(3) counts this round as its first:
  // exactly three extra turns (ruling OUT-INIT-3); other effects landing after the target's turn count from the next round,
  // and so does one landing during it that acts at a turn's start (a DoT, Stop, Slow: this turn's start is past);
  // any other landing during the target's own turn counts this round ("only lasts for the duration listed": Regen(3)
  // on oneself heals at the end of this turn and the next two, not three more) (ruling OUT-TIME-1).
  // A mount's turns are its tamer's, a controlled pet's its trainer's (rulings OUT-MNT-1, OUT-PET-1): its own slot, skipped, says nothing
  const turns = turnsOf(ctx.state, target).id;
  const during = takingTurn(ctx.state, turns);
  const late = row.timing !== 'haste' && actedThisRound(ctx.state, turns) && (!during || tick === 'turn_start');
  const remaining = rounds === undefined ? undefined : rounds + (late ? 1 : 0);
  const old = ctx.state.effects.find((f) => f.target === target.id && f.name === row.name);
  if (old) {
    if (row.kind === 'buff') {
      ctx.emit({ type: 'effect.changed', id: old.id, ...(remaining !== undefined ? { remaining } : {}), tier: Math.max(old.tier ?? 1, order.tier) });
      ctx.note(() => `${displayName({ ...order, name: row.name })} on ${target.name} again: the count starts anew [OUT-EFF-6]`);
    } else {
      const stacks = Math.min(row.maxStacks, old.stacks + 1);
      const longer = remaining === undefined || old.remaining === undefined ? undefined : Math.max(old.remaining, remaining);
      ctx.emit({ type: 'effect.changed', id: old.id, stacks, ...(longer !== undefined ? { remaining: longer } : {}), tier: Math.max(old.tier ?? 1, order.tier) });
      ctx.note(() => `${row.name} on ${target.name} stacks: ${stacks}${stacks === row.maxStacks ? ' (its most)' : ''} [OUT-EFF-5]`);
    }
    return;
  }
  const data: Record<string, number | string> = { held: 0, rolls: 0 };
  // the turn it landed in, past its start, is none of its turns: its end is no turn held (OUT-EFF-4)
  if (during && tick === 'turn_start') data.landedTurn = turnKey(ctx.state);
  if (order.prefix) data.prefix = order.prefix;
  if (row.timing === 'slow') data.loseRound = startSlow(ctx, target.id, turns);
  ctx.applyEffect({
    name: row.name,
    categories: [row.kind, ...(row.dot ? ['dot'] : []), ...(row.hot ? ['hot'] : [])],
    source: source.id,
    target: target.id,
    tier: order.tier,
    maxStacks: row.maxStacks,
    ...(remaining !== undefined ? { remaining, clock: { at: 'round_end' as const } } : {}),
    ...(tick ? { tick } : {}),
    data,
  }, late && rounds !== undefined ? () => `${target.name} gains ${displayName({ name: row.name, prefix: order.prefix, rounds })} from ${source.name}, counted from the next round: ${during ? 'this turn\'s start is past' : `${ctx.unit(turns).name} has had its turn this round`} [OUT-TIME-1]` : undefined);
  if (row.timing === 'haste') grantHasteSlot(ctx, target.id);
  if (row.timing === 'red_card' && !late) sendToBack(ctx, target.id);
}

/** A DoT, HoT or Stop tick (OUT-EFF-1, OUT-INIT-5). */
export function tickEffect(ctx: Resolution, fx: Effect): void {
  const row = effectRow(fx.name);
  const u = ctx.unit(fx.target);
  if (!row) return;
  const tier = fx.tier ?? 1;
  if (row.dot && u.status === 'active') {
    const dot = row.dot;
    const total = dot * tier * fx.stacks;
    ctx.check(() => ({ label: `${fx.name} (damage over time)`, terms: [{ kind: 'mod', name: `${fx.name} per tier`, value: dot }, { kind: 'mult', name: `tier ${tier}`, factor: tier }, { kind: 'mult', name: 'stacks', factor: fx.stacks }], total, outcome: `${total} damage`, rules: ['OUT-EFF-1', 'OUT-EFF-2'] }), fx.source, fx.target);
    dealDamage(ctx, fx.target, total, fx.source, 'OUT-EFF-1');
  } else if (row.hot && u.status === 'active') {
    const hot = row.hot;
    const total = hot * tier * fx.stacks;
    ctx.check(() => ({ label: `${fx.name} (healing over time)`, terms: [{ kind: 'mod', name: `${fx.name} per tier`, value: hot }, { kind: 'mult', name: `tier ${tier}`, factor: tier }], total, outcome: `heals ${total}`, rules: ['OUT-EFF-1'] }), fx.source, fx.target);
    restore(ctx, fx.target, total, fx.source, 'OUT-EFF-1');
  } else if (row.timing === 'stop') {
    stopTick(ctx, fx);
  }
}

/** Stop: on the unit's (skipped) turn in its second stopped round, a d10; even breaks it at that round's end. */
function stopTick(ctx: Resolution, fx: Effect): void {
  const round = ctx.state.turn.round;
  const first = fx.data?.firstRound as number | undefined;
  if (first === undefined) {
    ctx.emit({ type: 'effect.changed', id: fx.id, data: { firstRound: round } });
    return;
  }
  if (round !== first + 1 || fx.data?.breakRolled) return;
  const d = ctx.roll(10, 'break Stop');
  const even = d % 2 === 0;
  ctx.check(() => ({ label: 'break Stop (round 2)', terms: [{ kind: 'dice', label: 'd10', faces: [d], value: d }], total: d, outcome: even ? 'even: Stop breaks at the end of this round' : 'odd: Stop holds', rules: ['OUT-INIT-5'] }), fx.target);
  ctx.emit({ type: 'effect.changed', id: fx.id, data: { breakRolled: 1 }, ...(even ? { remaining: 1 } : {}) });
}

/** End of the unit's turn: past the minimum, each resistible debuff gets a shake-off roll (OUT-EFF-4). */
export function shakeOff(ctx: Resolution, unit: Unit): void {
  // the effects as they stand now: a shake-off removes one by a new list (this one stays whole) or changes it in place
  const all = ctx.state.effects;
  let turn: string | undefined;
  for (let i = 0; i < all.length; i++) {
    const fx = all[i];
    if (fx.target !== unit.id) continue;
    const row = effectRow(fx.name);
    if (!row || row.kind !== 'debuff' || !row.stat || row.minimum === undefined) continue;
    if (fx.data?.landedTurn !== undefined && fx.data.landedTurn === (turn ??= turnKey(ctx.state))) continue;
    const held = Number(fx.data?.held ?? 0) + 1;
    const rolls = Number(fx.data?.rolls ?? 0);
    if (held < row.minimum) {
      ctx.emit({ type: 'effect.changed', id: fx.id, data: { held } });
      continue;
    }
    const s = stat(unit, row.stat);
    const d = ctx.roll(100, `shake off ${fx.name}`);
    const bonus = 5 * rolls;
    const total = d + s + bonus;
    const free = total > 100;
    const statName = row.stat;
    ctx.check(() => ({ label: `shake off ${fx.name} (held ${held}, minimum ${row.minimum})`, terms: [{ kind: 'dice' as const, label: 'D100', faces: [d], value: d }, { kind: 'mod' as const, name: statName.charAt(0).toUpperCase() + statName.slice(1), value: s }, ...(bonus ? [{ kind: 'mod' as const, name: `+5 × ${rolls} earlier rolls`, value: bonus }] : [])], total, against: { op: '>', value: 100 }, outcome: free ? `shakes off ${fx.name}` : `${fx.name} holds`, rules: ['OUT-EFF-4', 'OUT-EFF-3'] }), unit.id);
    if (free) ctx.removeEffect(fx.id, 'resisted');
    else ctx.emit({ type: 'effect.changed', id: fx.id, data: { held, rolls: rolls + 1 } });
  }
}
