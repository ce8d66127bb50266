/**
 * A turn (OUT-TURN-1): Movement, a Primary (mainhand) action, a Secondary (offhand) action, Chat, and
 * for trainers a Specialty action (pets: part 2). At its end the unit chooses a facing (OUT-TURN-2).
 */
import { FACINGS } from '../../engine/space/facing.ts';
import { fail, type Command, type Facing, type Resolution, type Unit, type UnitId } from '../../engine/index.ts';
import { dataOf, hasEffect } from './model.ts';
import { heldUnder, moveOf } from './mount-model.ts';
import { petsOf } from './pets.ts';

export type Slot = 'primary' | 'secondary' | 'chat' | 'specialty';

export const SLOT_NAMES: Record<Slot, string> = { primary: 'Primary (mainhand) action', secondary: 'Secondary (offhand) action', chat: 'Chat', specialty: 'Specialty action' };

/** Start of a turn: the slots refill; a Toppled unit gets no Movement. */
export function startTurn(ctx: Resolution, id: UnitId): void {
  const u = ctx.unit(id);
  const toppled = hasEffect(ctx.state, id, 'Topple');
  if (toppled) ctx.note(() => `${u.name} is Toppled: no Movement this turn [OUT-EFF-7]`);
  // a rider moves with its mount's Movement (OUT-MNT-1); a drifting unit has nothing to push off (OUT-SPACE-1).
  // A mount that cannot move this turn carries its rider nowhere: the rider has only its own legs, to get down on
  const held = heldUnder(ctx.state, u);
  if (held) ctx.note(() => `${held.why}: it carries ${u.name} nowhere this turn; ${u.name} may get down and go on its own Movement [OUT-MNT-1]`);
  const move = held ? dataOf(u).move : moveOf(ctx.state, u);
  if (ctx.unit(id).pools.movement.max !== move) ctx.emit({ type: 'pool.max', unit: id, pool: 'movement', max: move, value: ctx.unit(id).pools.movement.value });
  setSlot(ctx, id, 'movement', toppled || dataOf(u).drift ? 0 : move);
  setSlot(ctx, id, 'primary', 1);
  setSlot(ctx, id, 'secondary', 1);
  setSlot(ctx, id, 'chat', 1);
  // a unit given a pet mid-fight (gm.link) gets the Specialty action to command it (OUT-PET-1)
  if (!u.pools.specialty && petsOf(ctx.state, u).length) ctx.emit({ type: 'pool.added', unit: id, pool: 'specialty', value: { value: 0, max: 1 } });
  if (ctx.unit(id).pools.specialty) setSlot(ctx, id, 'specialty', 1);
}

/** A pool set afresh at the turn's start, by an event only when it changes. */
function setSlot(ctx: Resolution, id: UnitId, pool: string, value: number): void {
  const p = ctx.unit(id).pools[pool];
  if (p && p.value !== value) ctx.changePool(id, pool, value - p.value, 'set', { rule: 'OUT-TURN-1' });
}

export const hasSlot = (u: Unit, slot: Slot): boolean => (u.pools[slot]?.value ?? 0) > 0;

export function spendSlot(ctx: Resolution, u: Unit, slot: Slot): void {
  if (!u.pools[slot]) fail('action/no_slot', `${u.name} has no ${SLOT_NAMES[slot]} [OUT-TURN-1]`);
  if (!hasSlot(u, slot)) fail('action/slot_used', `${u.name} has already used its ${SLOT_NAMES[slot]} this turn [OUT-TURN-1]`);
  ctx.changePool(u.id, slot, -1, 'spend', { rule: 'OUT-TURN-1' });
}

export function isFacing(x: unknown): x is Facing {
  return typeof x === 'string' && (FACINGS as readonly string[]).includes(x);
}

/** End the turn, choosing a facing (OUT-TURN-2); without one the unit keeps its facing. */
export function endTurnCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  if (cmd.facing !== undefined) {
    if (!isFacing(cmd.facing)) fail('command/bad_facing', `facing must be one of ${FACINGS.join(', ')}`, 'facing');
    if (cmd.facing !== u.facing) ctx.emit({ type: 'unit.faced', unit: u.id, facing: cmd.facing });
  }
  ctx.endTurn();
}

/** Chat: a word to allies or foes; it changes nothing but uses the Chat option (OUT-TURN-1). */
export function chatCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  if (typeof cmd.text !== 'string' || !cmd.text.trim()) fail('command/bad_text', 'chat needs some "text"', 'text');
  spendSlot(ctx, u, 'chat');
  const text = cmd.text.trim();
  ctx.note(() => `${u.name}: "${text}" [OUT-TURN-1]`);
}
