/**
 * Changing the turn order mid-round. Each helper emits one `turn.order` event with the whole new order,
 * so the log shows exactly how it changed and why.
 */
import type { Resolution } from './resolution.ts';
import type { Slot, UnitId } from './types.ts';

function setOrder(ctx: Resolution, order: Slot[], index: number, why: string): void {
  ctx.emit({ type: 'turn.order', order, index, why });
}

/** Sort slots by initiative, highest first; `tieBreak` orders equal ones (return <0 if a goes first). */
export function byInitiative(slots: Slot[], tieBreak: (a: Slot, b: Slot) => number = () => 0): Slot[] {
  return [...slots].sort((a, b) => (b.initiative ?? 0) - (a.initiative ?? 0) || tieBreak(a, b));
}

/** The unit acts right after the current turn (Inspiration). Its own later slot this round, if any, is removed. */
export function insertNext(ctx: Resolution, unit: UnitId, why: string, kind: Slot['kind'] = 'inserted'): void {
  const { order, index } = ctx.state.turn;
  const rest = order.slice(index + 1);
  const pos = rest.findIndex((s) => s.unit === unit && (s.kind ?? 'normal') === 'normal');
  if (pos >= 0) rest.splice(pos, 1);
  const moved: Slot = pos >= 0 ? { ...order[index + 1 + pos], kind } : { unit, kind };
  setOrder(ctx, [...order.slice(0, index + 1), moved, ...rest], index, why);
}

/** An extra turn for the unit at the end of this round (or before `beforeIndex`). */
export function addSlot(ctx: Resolution, slot: Slot, why: string, beforeIndex?: number): void {
  const { order, index } = ctx.state.turn;
  const at = beforeIndex === undefined ? order.length : Math.max(index + 1, beforeIndex);
  setOrder(ctx, [...order.slice(0, at), slot, ...order.slice(at)], index, why);
}

/** Remove the unit's slots still to come this round (an extra turn cancelled, a unit leaving). */
export function removeUpcoming(ctx: Resolution, unit: UnitId, why: string, kind?: Slot['kind']): void {
  const { order, index } = ctx.state.turn;
  const next = order.filter((s, i) => i <= index || s.unit !== unit || (kind !== undefined && (s.kind ?? 'normal') !== kind));
  if (next.length !== order.length) setOrder(ctx, next, index, why);
}

/** Move the unit's upcoming normal slot to position `to` among the slots still to come (delay). */
export function moveUpcoming(ctx: Resolution, unit: UnitId, to: number, why: string): void {
  const { order, index } = ctx.state.turn;
  const rest = order.slice(index + 1);
  const pos = rest.findIndex((s) => s.unit === unit);
  if (pos < 0) return;
  const [slot] = rest.splice(pos, 1);
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, slot);
  setOrder(ctx, [...order.slice(0, index + 1), ...rest], index, why);
}

/** Replace the whole order (a GM reordering, a ruleset's new round). */
export function replaceOrder(ctx: Resolution, order: Slot[], why: string): void {
  setOrder(ctx, order, ctx.state.turn.index, why);
}
