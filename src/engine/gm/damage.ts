/**
 * Damage and healing by the GM's word. `rules: true` runs the ruleset's own damage rules
 * (Ruleset.applyDamage: resistances, Brace, fainting); `rules: false` applies the raw amount. Either
 * way a `check` names what the rules give next to what was applied, so the log shows the override.
 */
import { cloneJson } from '../clone.ts';
import type { DiceSource } from '../../dice/source.ts';
import { own } from '../own.ts';
import { fail, RuleError } from '../rejection.ts';
import { Resolution } from '../resolution.ts';
import type { CommandHandler, Ruleset } from '../ruleset.ts';
import type { EncounterState, UnitId, UnitStatus } from '../types.ts';
import { boolArg, gmCommand, numberArg, stringArg, unitArg } from './command.ts';
import { settleHitPoints } from './hit-points.ts';

/** The rules may not roll while we only ask what they would give: the answer would not be recorded. */
const noDice: DiceSource = {
  roll() {
    throw new RuleError({ rejected: true, code: 'gm/needs_dice', message: 'the damage rules roll dice' });
  },
};

interface Damage {
  unit: UnitId;
  amount: number;
  damageType?: string;
  source?: UnitId;
}

function runPlain(ctx: Resolution, d: Damage): void {
  ctx.damage(d.unit, d.amount, { ...(d.damageType ? { damageType: d.damageType } : {}), ...(d.source ? { source: d.source } : {}) });
}

function runRules(ctx: Resolution, ruleset: Ruleset, d: Damage): void {
  if (ruleset.applyDamage) ruleset.applyDamage(ctx, d.unit, d.amount, d.damageType, d.source);
  else runPlain(ctx, d);
}

interface Snapshot {
  hp: number;
  status: string;
}

/** Numbers, not the state: applying events mutates the draft in place. */
function snapshot(state: EncounterState, unit: UnitId): Snapshot {
  const u = own(state.units, unit);
  return { hp: u?.pools.hp?.value ?? 0, status: u?.status ?? 'gone' };
}

function result(before: Snapshot, state: EncounterState, unit: UnitId): string {
  const after = snapshot(state, unit);
  return `${before.hp - after.hp} HP lost${after.status !== before.status ? `, ${after.status}` : ''}`;
}

/** What the rules would do, worked out on a copy; undefined when they need dice or refuse. */
function rulesWouldGive(ctx: Resolution, ruleset: Ruleset, d: Damage): string | undefined {
  const before = snapshot(ctx.state, d.unit);
  const scratch = new Resolution(cloneJson(ctx.state), noDice, ruleset.appliers);
  try {
    runRules(scratch, ruleset, d);
  } catch (err) {
    if (err instanceof RuleError) return undefined;
    throw err;
  }
  return result(before, scratch.state, d.unit);
}

function damageArgs(ctx: Resolution, cmd: Parameters<CommandHandler['resolve']>[1]): Damage {
  const u = unitArg(ctx, cmd);
  if (!u.pools.hp) fail('unit/no_pool', `${u.name} has no hp`, 'unit');
  const d: Damage = { unit: u.id, amount: numberArg(cmd, 'amount', { min: 0 }) };
  const damageType = stringArg(cmd, 'damageType', true);
  if (damageType) d.damageType = damageType;
  if (cmd.source !== undefined) d.source = unitArg(ctx, cmd, 'source').id;
  return d;
}

export function damageCommands(ruleset: Ruleset): Record<string, CommandHandler> {
  return {
    /** {unit, amount, damageType?, source?, rules: boolean} */
    'gm.damage': gmCommand(ruleset, (ctx, cmd) => {
      const d = damageArgs(ctx, cmd);
      if (cmd.rules === undefined) fail('command/missing_field', '"gm.damage" needs "rules": true (the rules apply) or false (the raw amount)', 'rules');
      const byRules = boolArg(cmd, 'rules');
      const before = snapshot(ctx.state, d.unit);
      const what = d.damageType ? `${d.damageType} damage` : 'damage';
      let outcome: string;
      if (byRules) {
        runRules(ctx, ruleset, d);
        const lost = before.hp - snapshot(ctx.state, d.unit).hp;
        const raw = Math.min(d.amount, before.hp);
        // what raw would give is worth saying only where the rules gave something else
        outcome = `${result(before, ctx.state, d.unit)}, ${!ruleset.applyDamage ? 'plain damage (this ruleset has no damage rules)' : lost === raw ? 'by the rules (the same as raw)' : `by the rules; raw would be ${raw} HP lost`}`;
      } else {
        const rules = ruleset.applyDamage ? rulesWouldGive(ctx, ruleset, d) : undefined;
        runPlain(ctx, d);
        outcome = `${result(before, ctx.state, d.unit)}, raw (GM override); ${
          !ruleset.applyDamage ? 'the same as the rules: this ruleset has no damage rules' : rules ? `the rules give ${rules}` : 'the rules\' result needs dice'
        }`;
      }
      // "by the rules" in a ruleset without damage rules is plain damage, yet what 0 HP does is still
      // its rule (duel60: defenseless); raw damage stays only the number, as the GM asked
      if (byRules && !ruleset.applyDamage) settleHitPoints(ctx, ruleset, d.unit, before.status as UnitStatus);
      const total = before.hp - snapshot(ctx.state, d.unit).hp;
      ctx.emit({ type: 'check', target: d.unit, dice: [], breakdown: { label: 'GM damage', terms: [{ kind: 'mod', name: what, value: d.amount }], total, outcome } });
    }),

    /** {unit, amount, pool?}: healing (or regaining any pool), clamped to its maximum. */
    'gm.heal': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      const pool = stringArg(cmd, 'pool', true) ?? 'hp';
      const amount = numberArg(cmd, 'amount', { min: 0 });
      const was = u.status;
      ctx.changePool(u.id, pool, amount, pool === 'hp' ? 'heal' : 'gain');
      if (pool === 'hp') settleHitPoints(ctx, ruleset, u.id, was);
    }),
  };
}
