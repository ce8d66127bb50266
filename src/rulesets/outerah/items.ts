/** Items (potions): the Secondary action, on itself or an ally next to it; healing by element (OUT-HEAL-1). */
import { distance } from '../../engine/space/grid.ts';
import { fail, type Command, type EncounterState, type Resolution, type Unit } from '../../engine/index.ts';
import { healWith } from './heal.ts';
import { dataOf, itemsOf } from './model.ts';
import { spendSlot } from './turn.ts';

export function itemBlocker(state: EncounterState, u: Unit, t: Unit, item: string): string | null {
  if (!itemsOf(state).some((i) => i.id === item)) return `there is no item "${item}"`;
  if ((dataOf(u).items[item] ?? 0) <= 0) return `${u.name} has no ${item} left`;
  if (t.side !== u.side) return `${t.name} is not an ally`;
  if (t.status !== 'active' && t.status !== 'down') return `${t.name} is ${t.status}`;
  if (distance(u.position!, t.position!) > 1) return `${t.name} is not next to ${u.name}`;
  return null;
}

export function useItemOn(ctx: Resolution, u: Unit, t: Unit, item: string): void {
  const def = itemsOf(ctx.state).find((i) => i.id === item)!;
  ctx.setData(u.id, 'items', { ...dataOf(ctx.unit(u.id)).items, [item]: (dataOf(ctx.unit(u.id)).items[item] ?? 0) - 1 });
  healWith(ctx, u, ctx.unit(t.id), def.heal, def.element, def.name, 'potion');
}

export function useItemCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  if (typeof cmd.item !== 'string') fail('command/bad_item', 'name an "item"', 'item');
  const t = cmd.target === undefined ? u : ctx.unit(String(cmd.target));
  const why = itemBlocker(ctx.state, u, t, cmd.item);
  if (why) fail('action/bad_item', why, 'item');
  spendSlot(ctx, u, 'secondary');
  useItemOn(ctx, u, t, cmd.item);
}
