/**
 * Delay (D60-EFF-1): "the action of the character is delayed until a later turn". Ruling: a Delayed
 * unit's attack, throw or cast uses this turn's action now and resolves at the start of its next turn
 * (checked again then: a target gone or out of reach makes it fizzle).
 */
import type { Command, Json, Resolution, Unit } from '../../engine/index.ts';
import { has } from './model.ts';

export function deferIfDelayed(ctx: Resolution, u: Unit, cmd: Command): boolean {
  if (!has(ctx.state, u.id, 'Delay')) return false;
  ctx.setData(u.id, 'delayed', cmd as unknown as Json);
  ctx.note(() => `${u.name} is delayed: ${cmd.type} will happen at the start of its next turn [D60-EFF-1]`);
  return true;
}
