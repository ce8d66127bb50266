/**
 * phase20: a d20 system of Action and Preparation Phases, hit checks against a Defensive Value,
 * area spells and resist checks. Source: ../shared/seeds/001_642d785d47870a6d.txt; rulings in RULINGS.md.
 */
import { lastSideStanding, type CombatResult, type CommandHandler, type EncounterState, type Ruleset } from '../../engine/index.ts';
import { attackCommand } from './attack.ts';
import { createState } from './create.ts';
import { dealDamage, faint } from './damage.ts';
import { describe, SECONDS_PER_ROUND } from './describe.ts';
import { braceCommand, giveUpCommand, helpCommand, roleshiftCommand, sprintCommand } from './generic.ts';
import { placeByInitiative, rollInitiative } from './initiative.ts';
import { legalActions } from './legal.ts';
import { isPlayerSide } from './model.ts';
import { moveCommand } from './move.ts';
import { aggressive } from './policy.ts';
import { preview } from './preview.ts';
import { encounterSchema, type Status } from './schema.ts';
import { castCommand } from './spell.ts';
import { inSight } from './sight.ts';
import { afterAction, endActionPhase, prepareCommand, startTurn } from './turn.ts';
import { fileEntry } from './roster.ts';
import { terrainKinds } from './terrain-kinds.ts';

/**
 * P20-END-1: a side is out when every unit has fainted or given up. "When all player characters faint
 * during combat, the campaign fails": only when all of them fainted — a party some of whom gave up has
 * lost the fight, not the campaign (ruling).
 */
function outcome(state: EncounterState): CombatResult | null {
  const r = lastSideStanding(state);
  if (!r) return null;
  const othersOut = 'every character of the other side has fainted or given up';
  if (r.outcome === 'victory' && isPlayerSide(state, r.winner!)) return { ...r, reason: othersOut };
  const pcs = state.unitOrder.map((id) => state.units[id]).filter((u) => isPlayerSide(state, u.side) && u.status !== 'removed');
  if (pcs.length && pcs.every((u) => u.status === 'down' || u.status === 'dead')) {
    return { outcome: 'defeat', ...(r.winner ? { winner: r.winner } : {}), reason: 'every player character has fainted: the campaign fails' };
  }
  if (r.outcome === 'draw') return r;
  if (!pcs.length) return { ...r, reason: othersOut };
  return { outcome: 'defeat', winner: r.winner!, reason: 'every player character has fainted or given up (not all fainted: the campaign goes on)' };
}

/** An action's handler, then the Preparation Phase if that was the unit's last Action (P20-PREP-1). */
const acting = (resolve: CommandHandler['resolve']): CommandHandler['resolve'] => (ctx, cmd) => {
  resolve(ctx, cmd);
  afterAction(ctx, cmd.actor!);
};

export const phase20: Ruleset = {
  id: 'phase20',
  name: 'phase20',
  rulePrefix: 'P20',
  showcase: 'crossroads-4v4.yaml',
  description: 'd20 system: Action Phase then Preparation Phase, hit checks against a Defensive Value, area spells, resist checks against a DC, fainting and Help.',
  roundSeconds: SECONDS_PER_ROUND, // P20-TIME-1
  encounterSchema,
  terrainKinds,
  create: (doc) => createState(encounterSchema.parse(doc)),
  start(ctx) {
    const order = rollInitiative(ctx);
    ctx.emit({ type: 'turn.order', order, index: -1, why: 'initiative' });
  },
  skipReason(state, id) {
    if (state.effects.length === 0) return null; // asked twice as every turn starts: most turns have no effects to look through
    const fx = state.effects.find((f) => f.target === id && (f.data?.status as Status | undefined)?.skipTurn);
    return fx ? fx.name : null;
  },
  onTurnStart: startTurn,
  onEffectTick(ctx, fx) {
    const st = fx.data?.status as Status | undefined;
    if (!st?.damage || ctx.unit(fx.target).status !== 'active') return;
    const roll = ctx.rollNotation(st.damage, `${st.name} damage`);
    ctx.check(() => ({ label: `${st.name} damage`, terms: [roll.term], total: roll.total, outcome: `${roll.total} damage`, rules: ['P20-SPL-4'] }), fx.source, fx.target);
    dealDamage(ctx, fx.target, roll.total, fx.source, 'P20-SPL-4');
  },
  commands: {
    // a move ends a Sprint that was the last Action once it has walked all of it
    move: { resolve: acting(moveCommand) },
    attack: { resolve: acting(attackCommand) },
    cast: { resolve: acting(castCommand) },
    sprint: { resolve: acting((ctx, c) => sprintCommand(ctx, c, 2)) },
    sprint_plus: { resolve: acting((ctx, c) => sprintCommand(ctx, c, 4)) },
    brace: { resolve: acting(braceCommand) },
    help: { resolve: acting(helpCommand) },
    roleshift: { resolve: acting(roleshiftCommand) },
    give_up: { resolve: giveUpCommand },
    end_turn: { resolve: endActionPhase },
    prepare: { onTurn: false, resolve: prepareCommand },
  },
  legalActions,
  preview,
  outcome,
  // the GM's direct damage goes through Brace and fainting like any other (gm.damage with rules: true);
  // a unit knocked out while acting loses the rest of its turn
  applyDamage: (ctx, unit, amount, _type, source) => void dealDamage(ctx, unit, amount, source, 'P20-GEN-3'),
  fallAtZero: faint,
  placeInOrder: placeByInitiative,
  describe,
  // the book's words for a unit's action pools (P20-TURN-1)
  // the line its attacks and spells need (ruling P20-ATK-1): walls and smoke stop it
  sight: { line: inSight },
  keyNames: { actions: 'Actions', attackActions: 'Attack actions', spellActions: 'Spell actions', movement: 'Movement' },
  carryPools: ['hp'],
  fileEntry,
  policies: { aggressive },
};
