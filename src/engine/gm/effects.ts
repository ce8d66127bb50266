/**
 * Effects by hand: apply any effect (a curse the rules never cast), change its count, stacks or tier,
 * or end it. The effect then lives by the engine's clocks like any other.
 */
import { z } from 'zod';
import { fail } from '../rejection.ts';
import type { Resolution } from '../resolution.ts';
import type { CommandHandler, Ruleset } from '../ruleset.ts';
import type { Effect, EffectClock, Json } from '../types.ts';
import { gmCommand, isRecord, numberArg } from './command.ts';
import { zodProblem } from './problem.ts';

const clockSchema = z.union([
  z.strictObject({ at: z.enum(['turn_start', 'turn_end']), unit: z.string().min(1) }),
  z.strictObject({ at: z.enum(['round_start', 'round_end']) }),
]);

/** An effect as the GM writes it: the engine gives it an id. */
export const effectInputSchema = z.strictObject({
  name: z.string().min(1),
  target: z.string().min(1),
  source: z.string().min(1).optional(),
  categories: z.array(z.string()).optional(),
  tier: z.number().int().optional(),
  stacks: z.number().int().min(1).default(1),
  maxStacks: z.number().int().min(1).optional(),
  remaining: z.number().int().min(1).optional(),
  clock: clockSchema.optional(),
  tick: z.enum(['turn_start', 'turn_end']).optional(),
  data: z.record(z.string(), z.json()).optional(),
});

function effectArg(ctx: Resolution, id: unknown): Effect {
  if (typeof id !== 'string') fail('command/missing_field', '"id" must be an effect id', 'id');
  const fx = ctx.state.effects.find((f) => f.id === id);
  if (!fx) fail('effect/unknown', `there is no effect "${id}"`, 'id');
  return fx;
}

export function effectCommands(ruleset: Ruleset): Record<string, CommandHandler> {
  return {
    /** {effect: {name, target, remaining?, clock?, tick?, stacks?, categories?, data?...}}; a count without a clock counts the target's turn ends. */
    'gm.apply_effect': gmCommand(ruleset, (ctx, cmd) => {
      const parsed = effectInputSchema.safeParse(cmd.effect);
      if (!parsed.success) fail('gm/bad_effect', zodProblem(parsed.error, 'effect'), 'effect');
      const fx = parsed.data;
      for (const [field, id] of [['target', fx.target], ['source', fx.source], ['clock.unit', fx.clock && 'unit' in fx.clock ? fx.clock.unit : undefined]] as const) {
        if (id !== undefined && !Object.hasOwn(ctx.state.units, id)) fail('unit/unknown', `there is no unit "${id}"`, `effect.${field}`);
      }
      const clock: EffectClock | undefined = fx.clock ?? (fx.remaining !== undefined ? { at: 'turn_end', unit: fx.target } : undefined);
      ctx.applyEffect({ ...fx, ...(clock ? { clock } : {}) } as Omit<Effect, 'id'>);
    }),

    /** {id, remaining?, stacks?, tier?, data?}: data is merged into the effect's data. */
    'gm.set_effect': gmCommand(ruleset, (ctx, cmd) => {
      const fx = effectArg(ctx, cmd.id);
      const remaining = numberArg(cmd, 'remaining', { min: 1, optional: true });
      const stacks = numberArg(cmd, 'stacks', { min: 1, optional: true });
      const tier = numberArg(cmd, 'tier', { optional: true });
      if (cmd.data !== undefined && !isRecord(cmd.data)) fail('command/bad_field', '"data" must be an object', 'data');
      const data = cmd.data as Record<string, Json> | undefined;
      if (remaining === undefined && stacks === undefined && tier === undefined && data === undefined) {
        fail('command/missing_field', 'give at least one of remaining, stacks, tier, data (use gm.remove_effect to end it)');
      }
      ctx.emit({
        type: 'effect.changed', id: fx.id,
        ...(remaining !== undefined ? { remaining } : {}), ...(stacks !== undefined ? { stacks } : {}), ...(tier !== undefined ? { tier } : {}), ...(data !== undefined ? { data } : {}),
      });
    }),

    /** {id} */
    'gm.remove_effect': gmCommand(ruleset, (ctx, cmd) => {
      ctx.removeEffect(effectArg(ctx, cmd.id).id, 'removed');
    }),
  };
}

