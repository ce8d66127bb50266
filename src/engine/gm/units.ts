/**
 * Who is in the fight and for whom: adding a unit mid-combat (it enters the turn order by the ruleset's
 * rule or at the GM's slot), removing one, changing its side, its controller, its visibility.
 */
import { z } from 'zod';
import { BOUNDS } from '../bounds.ts';
import { currentUnit, endTurn } from '../flow.ts';
import { addSlot } from '../order.ts';
import { fail, RuleError } from '../rejection.ts';
import type { Resolution } from '../resolution.ts';
import type { CommandHandler, Ruleset } from '../ruleset.ts';
import type { Unit } from '../types.ts';
import { joinsAtSlot } from '../view.ts';
import { boolArg, FACINGS, gmCommand, numberArg, stringArg, unitArg } from './command.ts';
import { zodProblem } from './problem.ts';

const cell = z.strictObject({ x: z.number().int().min(0), y: z.number().int().min(0) });
const pool = z.strictObject({ value: z.number(), max: z.number(), min: z.number().optional() });

/** A unit as the engine holds it (the `units` of an encounter state). */
export const unitJsonSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only'),
  name: z.string().min(1),
  side: z.string().min(1),
  controller: z.string().min(1).optional(),
  status: z.enum(['active', 'down', 'dead', 'fled']).default('active'),
  hidden: z.boolean().optional(),
  stats: z.record(z.string(), z.number()).default({}),
  pools: z.record(z.string(), pool).default({}),
  position: cell.optional(),
  facing: z.enum(FACINGS as [string, ...string[]]).optional(),
  elevation: z.number().optional(),
  zone: z.string().optional(),
  tags: z.array(z.string()).optional(),
  policy: z.string().min(1).optional(),
  data: z.record(z.string(), z.json()).default({}),
});

function placeInOrder(ctx: Resolution, ruleset: Ruleset, unit: Unit, slot: number | undefined): void {
  const { round, index, order } = ctx.state.turn;
  if (ctx.state.status !== 'active' || round === 0) {
    if (slot !== undefined) fail('gm/no_order_yet', 'there is no turn order before the combat starts: the start places every unit', 'slot');
    return;
  }
  if (slot !== undefined) {
    if (slot <= index || slot > order.length) fail('gm/bad_slot', `slot must be from ${index + 1} (next) to ${order.length} (end of the round), got ${slot}`, 'slot');
    // the words a player's view renumbers: its slot counts only the slots it sees (src/engine/view.ts)
    addSlot(ctx, { unit: unit.id }, joinsAtSlot(unit.name, slot), slot);
  } else if (ruleset.placeInOrder) {
    ruleset.placeInOrder(ctx, unit.id);
  } else {
    addSlot(ctx, { unit: unit.id }, `${unit.name} joins at the end of the round`);
  }
}

export function unitCommands(ruleset: Ruleset): Record<string, CommandHandler> {
  return {
    /** {unit: <Unit JSON>, slot?}: slot is an index of the turn order still to come; default the ruleset's rule or the round's end. */
    'gm.add_unit': gmCommand(ruleset, (ctx, cmd) => {
      if (ctx.state.unitOrder.length >= BOUNDS.units) fail('gm/too_many_units', `an encounter holds at most ${BOUNDS.units} units`, 'unit');
      const parsed = unitJsonSchema.safeParse(cmd.unit);
      if (!parsed.success) fail('gm/bad_unit', zodProblem(parsed.error, 'unit'), 'unit');
      const unit = parsed.data as Unit;
      if (Object.hasOwn(ctx.state.units, unit.id)) fail('gm/duplicate_unit', `there is already a unit "${unit.id}" (${ctx.state.units[unit.id].name})`, 'unit');
      const slot = numberArg(cmd, 'slot', { min: 0, optional: true });
      ctx.emit({ type: 'unit.added', unit });
      // the engine checks the shape; only the ruleset knows what its `data` must hold. A unit it cannot
      // place or list actions for is refused here (the working copy is dropped), not left to crash a turn later
      try {
        placeInOrder(ctx, ruleset, unit, slot);
        ruleset.legalActions(ctx.state, unit.id);
      } catch (err) {
        if (err instanceof RuleError) throw err;
        fail('gm/bad_unit', `${ruleset.name} cannot use this unit as given (${(err as Error).message}); start from a copy of one of the encounter's units`, 'unit');
      }
    }),

    /** {unit}: out of the fight (status 'removed'); its effects end; if it was acting, the turn passes. */
    'gm.remove_unit': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      if (u.status === 'removed') fail('gm/already_removed', `${u.name} is already removed`, 'unit');
      const owed = ctx.state.pending.find((p) => p.answeredBy === u.id && p.blocking !== false);
      if (owed) fail('gm/owes_decision', `${u.name} still owes a decision (${owed.prompt}): answer it first`, 'unit');
      for (const fx of ctx.effectsOn(u.id)) ctx.removeEffect(fx.id, 'removed');
      const acting = currentUnit(ctx.state) === u.id;
      ctx.emit({ type: 'unit.removed', unit: u.id });
      if (acting) endTurn(ctx, ruleset);
    }),

    /** {unit, side} */
    'gm.set_side': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      ctx.emit({ type: 'unit.side', unit: u.id, side: stringArg(cmd, 'side') });
    }),

    /** {unit, controller: player id | null}: null hands the unit to the GM. */
    'gm.set_controller': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      if (cmd.controller === undefined) fail('command/missing_field', '"controller" must be a player id, or null for the GM', 'controller');
      const controller = cmd.controller === null ? undefined : stringArg(cmd, 'controller');
      ctx.emit(controller === undefined ? { type: 'unit.controller', unit: u.id } : { type: 'unit.controller', unit: u.id, controller });
    }),

    /** {unit, hidden: boolean}: hidden units vanish from players' views (state and log). */
    'gm.hide': gmCommand(ruleset, (ctx, cmd) => {
      const u = unitArg(ctx, cmd);
      ctx.emit({ type: 'unit.hidden', unit: u.id, hidden: boolArg(cmd, 'hidden', true) });
    }),
  };
}
