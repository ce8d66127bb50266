/**
 * A toy rule system for the engine's own tests: units with hit points hit each other for a d6,
 * poison ticks at turn start, and effects can be anchored to any clock. No real rules, just the loop.
 */
import { z } from 'zod';
import { fail } from '../rejection.ts';
import type { ActionOption, Ruleset } from '../ruleset.ts';
import type { EffectClock, EncounterState, Unit } from '../types.ts';

const schema = z.object({
  ruleset: z.literal('toy'),
  name: z.string().default('toy'),
  units: z.array(z.object({ id: z.string(), side: z.string(), hp: z.number().int().min(1), hidden: z.boolean().default(false), controller: z.string().optional(), secret: z.string().optional() })),
});

export const toy: Ruleset = {
  id: 'toy',
  name: 'toy',
  description: 'engine test rules',
  encounterSchema: schema,
  secretPools: ['hp'],
  create(raw) {
    const doc = schema.parse(raw);
    const units: Record<string, Unit> = {};
    for (const u of doc.units) {
      units[u.id] = {
        id: u.id, name: u.id.toUpperCase(), side: u.side, status: 'active', stats: {}, pools: { hp: { value: u.hp, max: u.hp } }, data: u.secret ? { gmNotes: u.secret } : {},
        ...(u.hidden ? { hidden: true } : {}), ...(u.controller ? { controller: u.controller } : {}),
      };
    }
    const state: EncounterState = {
      ruleset: 'toy', name: doc.name, status: 'setup', version: 0, units, unitOrder: doc.units.map((u) => u.id), sides: [...new Set(doc.units.map((u) => u.side))],
      turn: { round: 0, order: [], index: -1 }, effects: [], pending: [], nextId: 1, data: {},
    };
    return state;
  },
  start(ctx) {
    ctx.emit({ type: 'turn.order', order: ctx.state.unitOrder.map((unit) => ({ unit })), index: -1, why: 'listing order' });
  },
  skipReason: (state, id) => (state.effects.some((f) => f.target === id && f.name === 'Stun') ? 'stunned' : null),
  onEffectTick(ctx, fx) {
    if (fx.name === 'Poison') {
      ctx.damage(fx.target, fx.stacks, { rule: 'TOY-POISON' });
      if (ctx.unit(fx.target).pools.hp.value === 0) ctx.emit({ type: 'unit.status', unit: fx.target, status: 'down', cause: 'poison' });
    }
  },
  commands: {
    hit: {
      resolve(ctx, cmd) {
        const t = ctx.state.units[cmd.target as string];
        if (!t || t.status !== 'active') fail('action/bad_target', 'no such standing target', 'target');
        const face = ctx.roll(6, 'hit');
        ctx.check({ label: 'hit', terms: [{ kind: 'dice', label: 'd6', faces: [face], value: face }], total: face, rules: ['TOY-HIT'] }, cmd.actor, t.id);
        ctx.damage(t.id, face, { source: cmd.actor });
        if (ctx.unit(t.id).pools.hp.value === 0) ctx.emit({ type: 'unit.status', unit: t.id, status: 'down', cause: 'beaten' });
        ctx.endTurn();
      },
    },
    afflict: {
      resolve(ctx, cmd) {
        ctx.applyEffect({
          name: cmd.name as string, target: cmd.target as string, source: cmd.actor,
          remaining: cmd.remaining as number, clock: cmd.clock as unknown as EffectClock, ...(cmd.tick ? { tick: cmd.tick as 'turn_start' } : {}),
        });
      },
    },
  },
  legalActions(state, id): ActionOption[] {
    const u = state.units[id];
    const hits: ActionOption[] = state.unitOrder
      .filter((o) => state.units[o].side !== u.side && state.units[o].status === 'active')
      .map((o) => ({ command: { type: 'hit', actor: id, target: o }, label: `hit ${o}`, group: 'attack' }));
    return [...hits, { command: { type: 'end_turn', actor: id }, label: 'end turn', group: 'turn' }];
  },
};

export const toyDoc = (units: { id: string; side: string; hp: number; hidden?: boolean; controller?: string; secret?: string }[]) => ({ ruleset: 'toy', name: 'toy', units });
