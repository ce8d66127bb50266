/**
 * Generic Actions, each using the default Action (P20-GEN-1..5): Sprint, Sprint+, Brace, Help, Roleshift.
 * Also giving up (P20-END-1).
 */
import { distance } from '../../engine/space/grid.ts';
import { fail, own, type Command, type Resolution } from '../../engine/index.ts';
import { actionsUsedUp, spendAction } from './actions.ts';
import { BRACE, dataOf, isBraced } from './model.ts';

export function sprintCommand(ctx: Resolution, cmd: Command, factor: 2 | 4): void {
  const u = ctx.unit(cmd.actor!);
  const d = dataOf(u);
  const rule = factor === 2 ? 'P20-GEN-1' : 'P20-GEN-2';
  if (d.immobile) fail('action/exhausted', `${u.name} sprinted all-out (Sprint+) in its last turn and cannot move this turn [P20-GEN-2]`);
  // ruling: one Sprint or Sprint+ a turn — each sets the whole turn's movement
  if (d.sprinted) fail('action/already_sprinted', `${u.name} has already sprinted this turn [${rule}]`);
  spendAction(ctx, u, 'generic');
  // the turn's movement becomes speed × factor; what was already walked still counts against it
  const gain = d.speed * (factor - 1);
  ctx.changePool(u.id, 'movement', gain, 'gain', { rule });
  ctx.setData(u.id, 'sprinted', true);
  if (factor === 4) ctx.setData(u.id, 'exhausted', true);
  ctx.note(() => {
    const what = factor === 2 ? `sprints: movement doubled, ${d.speed} × 2 = ${d.speed * 2} this turn` : `sprints all-out: movement quadrupled, ${d.speed} × 4 = ${d.speed * 4} this turn, none next turn`;
    return `${u.name} ${what} [${rule}]`;
  });
  // ruling P20-PREP-1: a Sprint that is the last Action lasts while the unit walks it — the movement is
  // the action — so its Action Phase ends when it stops, not the moment it starts to run
  if (actionsUsedUp(ctx.unit(u.id))) {
    ctx.setData(u.id, 'sprinting', true);
    ctx.note(() => `Sprint is ${u.name}'s last Action: it lasts while ${u.name} runs, and the Preparation Phase begins when it stops [P20-PREP-1]`);
  }
}

export function braceCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  if (isBraced(ctx.state, u.id)) fail('action/already_braced', `${u.name} is already bracing [P20-GEN-3]`);
  spendAction(ctx, u, 'generic');
  // an effect, so the halving ends when the unit's next turn comes round — played or lost (Frozen)
  ctx.applyEffect(
    { name: BRACE, categories: ['buff'], source: u.id, target: u.id, remaining: 1, clock: { at: 'turn_start', unit: u.id } },
    () => `${u.name} braces: incoming damage halved until its next turn; no more attacks or attack spells this turn; no Preparation [P20-GEN-3]`,
  );
  ctx.setData(u.id, 'noMoreAttacks', true);
  ctx.setData(u.id, 'braceBlocksPrep', true);
}

export function helpCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const t = typeof cmd.target === 'string' ? own(ctx.state.units, cmd.target) : undefined;
  if (!t) fail('unit/unknown', `there is no unit "${String(cmd.target)}"`, 'target');
  if (t.side !== u.side) fail('action/bad_target', `${t.name} is not an ally`, 'target');
  if (t.status !== 'down') fail('action/bad_target', `${t.name} has not fainted`, 'target');
  if (distance(u.position!, t.position!) > 1) fail('action/out_of_range', `${t.name} is not next to ${u.name}`, 'target');
  spendAction(ctx, u, 'generic');
  const hp = t.pools.hp.value;
  ctx.changePool(t.id, 'hp', 1 - hp, 'heal', { source: u.id, rule: 'P20-GEN-4' });
  // the unit keeps its slot in the turn order while fainted, so it returns where it was
  ctx.emit({ type: 'unit.status', unit: t.id, status: 'active', cause: `helped up by ${u.name} with 1 hit point`, rule: 'P20-GEN-4' });
}

export function roleshiftCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const role = cmd.role;
  if (role !== 'attack' && role !== 'defense' && role !== 'support') fail('command/bad_role', 'role must be attack, defense or support', 'role');
  if (dataOf(u).role === role) fail('action/no_change', `${u.name} is already in the ${role} role`, 'role');
  spendAction(ctx, u, 'generic');
  ctx.setData(u.id, 'role', role);
  ctx.note(() => {
    const changes = ((ctx.state.data.roles ?? {}) as Record<string, Record<string, number>>)[role] ?? {};
    const text = Object.entries(changes).map(([k, v]) => `${k} ${v >= 0 ? '+' : ''}${v}`).join(', ');
    return `${u.name} shifts to the ${role} role${text ? ` (${text})` : ''} [P20-GEN-5]`;
  });
}

export function giveUpCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  ctx.emit({ type: 'unit.status', unit: u.id, status: 'fled', cause: 'gave up', rule: 'P20-END-1' });
  ctx.endTurn();
}
