/**
 * A tiny rule system for the engine's own tests of standing and turns (Ruleset.standing,
 * Ruleset.takesTurn). A strike is d20 ≥ 10 for a d6. A unit at 0 hit points is down and dying: it
 * still takes its turns, and each begins with a death save (d20 ≥ 10 passes; three passes: stable,
 * three failures: dead; a 20: back on its feet with 1 hit point, and it acts). A unit may also yield:
 * it stays on the board, active, but is out of the fight — its side may lose by it, and it takes no
 * more turns. No real rules: just the seams.
 */
import { z } from 'zod';
import { fail } from '../rejection.ts';
import type { Resolution } from '../resolution.ts';
import type { ActionOption, Ruleset } from '../ruleset.ts';
import type { EncounterState, Unit, UnitId } from '../types.ts';

const schema = z.object({
  ruleset: z.literal('death-saves'),
  name: z.string().default('death saves'),
  units: z.array(z.object({ id: z.string(), side: z.string(), hp: z.number().int().min(1) })),
});

const yielded = (state: EncounterState, id: UnitId) => state.effects.some((f) => f.target === id && f.name === 'Yielded');
const saves = (u: Unit) => (u.data.saves as { passed: number; failed: number } | undefined) ?? { passed: 0, failed: 0 };

function deathSave(ctx: Resolution, id: UnitId): void {
  const u = ctx.unit(id);
  const face = ctx.roll(20, 'death save');
  const passed = face >= 10;
  ctx.check({ label: 'death save', terms: [{ kind: 'dice', label: 'd20', faces: [face], value: face }], total: face, against: { op: '>=', value: 10 }, outcome: passed ? 'pass' : 'fail', rules: ['TEST-DEATH-SAVE'] }, id);
  if (face === 20) {
    ctx.heal(id, 1, { rule: 'TEST-DEATH-SAVE' });
    ctx.setData(id, 'saves', undefined);
    ctx.emit({ type: 'unit.status', unit: id, status: 'active', cause: 'a natural 20 on a death save' });
    return; // back on its feet: it acts this turn
  }
  const s = saves(u);
  const next = passed ? { ...s, passed: s.passed + 1 } : { ...s, failed: s.failed + 1 };
  ctx.setData(id, 'saves', next);
  if (next.failed >= 3) ctx.emit({ type: 'unit.status', unit: id, status: 'dead', cause: 'three failed death saves' });
  else if (next.passed >= 3) ctx.setData(id, 'stable', true);
  ctx.endTurn();
}

export const deathSaves: Ruleset = {
  id: 'death-saves',
  name: 'death saves',
  description: 'engine test rules: dying units make death saves on their turns',
  encounterSchema: schema,
  create(raw) {
    const doc = schema.parse(raw);
    const units: Record<string, Unit> = {};
    for (const u of doc.units) units[u.id] = { id: u.id, name: u.id.toUpperCase(), side: u.side, status: 'active', stats: {}, pools: { hp: { value: u.hp, max: u.hp } }, data: {} };
    return {
      ruleset: 'death-saves', name: doc.name, status: 'setup', version: 0, units, unitOrder: doc.units.map((u) => u.id), sides: [...new Set(doc.units.map((u) => u.side))],
      turn: { round: 0, order: [], index: -1 }, effects: [], pending: [], nextId: 1, data: {},
    };
  },
  start(ctx) {
    ctx.emit({ type: 'turn.order', order: ctx.state.unitOrder.map((unit) => ({ unit })), index: -1, why: 'listing order' });
  },
  standing: (state, id) => state.units[id].status === 'active' && !yielded(state, id),
  takesTurn(state, id) {
    const u = state.units[id];
    if (u.status === 'down') return u.data.stable !== true; // dying: its turns are its death saves
    return u.status === 'active' && !yielded(state, id);
  },
  onTurnStart(ctx, id) {
    if (ctx.unit(id).status === 'down') deathSave(ctx, id);
  },
  commands: {
    strike: {
      resolve(ctx, cmd) {
        const t = ctx.state.units[cmd.target as string];
        if (!t || !deathSaves.standing!(ctx.state, t.id)) fail('action/bad_target', 'no such standing target', 'target');
        const hit = ctx.roll(20, 'strike');
        const dmg = hit >= 10 ? ctx.roll(6, 'damage') : 0;
        ctx.check({ label: 'strike', terms: [{ kind: 'dice', label: 'd20', faces: [hit], value: hit }], total: hit, against: { op: '>=', value: 10 }, outcome: hit >= 10 ? 'hit' : 'miss', rules: ['TEST-STRIKE'] }, cmd.actor, t.id);
        if (dmg) {
          ctx.damage(t.id, dmg, { source: cmd.actor });
          if (ctx.unit(t.id).pools.hp.value === 0) ctx.emit({ type: 'unit.status', unit: t.id, status: 'down', cause: 'dying' });
        }
        ctx.endTurn();
      },
    },
    bless: {
      // an effect counted on the target's own turn ends: it runs out on a dying unit's turns too
      resolve(ctx, cmd) {
        const target = cmd.target as string;
        ctx.applyEffect({ name: 'Blessed', target, source: cmd.actor, remaining: cmd.turns as number, clock: { at: 'turn_end', unit: target } });
      },
    },
    yield: {
      resolve(ctx, cmd) {
        ctx.applyEffect({ name: 'Yielded', target: cmd.actor as string });
        ctx.endTurn();
      },
    },
  },
  legalActions(state, id): ActionOption[] {
    const u = state.units[id];
    if (u.status !== 'active') return [];
    const strikes: ActionOption[] = state.unitOrder
      .filter((o) => state.units[o].side !== u.side && deathSaves.standing!(state, o))
      .map((o) => ({ command: { type: 'strike', actor: id, target: o }, label: `strike ${o}`, group: 'attack', targets: [o] }));
    return [...strikes, { command: { type: 'end_turn', actor: id }, label: 'end turn', group: 'turn' }];
  },
};

export const deathSavesDoc = (units: { id: string; side: string; hp: number }[]) => ({ ruleset: 'death-saves', name: 'death saves', units });
