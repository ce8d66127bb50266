/**
 * Attacking (SKEL-ATK-1..4): an adjacent enemy still standing; d20 + attack against its defence; on a
 * hit, the attacker's damage dice off its hit points; at 0 it is down. An attack ends the turn.
 */
import { distance } from '../../engine/space/grid.ts';
import { fail, type Command, type Resolution } from '../../engine/index.ts';
import { dataOf } from './model.ts';

export function attackCommand(ctx: Resolution, cmd: Command): void {
  const u = ctx.unit(cmd.actor!);
  const t = typeof cmd.target === 'string' ? ctx.state.units[cmd.target] : undefined;
  if (!t) fail('action/bad_target', `there is no unit "${String(cmd.target)}"`, 'target');
  if (t.side === u.side) fail('action/bad_target', `${t.name} is on ${u.name}'s side`, 'target');
  if (t.status !== 'active') fail('action/bad_target', `${t.name} is already out of the fight`, 'target');
  if (distance(u.position!, t.position!) !== 1) fail('action/out_of_range', `${t.name} is not next to ${u.name} [SKEL-ATK-1]`, 'target');
  const a = dataOf(u);
  const face = ctx.roll(20, 'attack');
  const total = face + a.attack;
  const defence = dataOf(t).defence;
  const hit = total >= defence;
  ctx.check(
    {
      label: 'attack',
      terms: [{ kind: 'dice', label: 'd20', faces: [face], value: face }, { kind: 'mod', name: 'Attack', value: a.attack }],
      total,
      against: { op: '>=', value: defence, name: 'Defence' },
      outcome: hit ? 'hit' : 'miss',
      rules: ['SKEL-ATK-1'],
    },
    u.id,
    t.id,
  );
  if (hit) {
    const rolled = ctx.rollNotation(a.damage, 'damage');
    ctx.check({ label: 'damage', terms: [rolled.term], total: rolled.total, rules: ['SKEL-ATK-2'] }, u.id, t.id);
    ctx.damage(t.id, rolled.total, { source: u.id, rule: 'SKEL-ATK-2' });
    if (ctx.unit(t.id).pools.hp.value === 0) ctx.emit({ type: 'unit.status', unit: t.id, status: 'down', cause: `struck down by ${u.name}`, rule: 'SKEL-ATK-3' });
  }
  ctx.endTurn(); // SKEL-ATK-4
}
