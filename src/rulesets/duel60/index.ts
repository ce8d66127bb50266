/**
 * duel60: a stat-contest system on tiles — one action and one movement a turn, a stamina economy, limb
 * attacks, d60 + Agility contests whose margin grades the blow, flanking, close quarters, projectiles
 * that travel between turns, side effects. Source: /work/shared/seeds/003_3a1055e65264275f.txt;
 * rulings in RULINGS.md.
 */
import { currentUnit, lastSideStanding, type CombatResult, type CommandHandler, type EncounterState, type Resolution, type Ruleset, type Unit } from '../../engine/index.ts';
import { answerDramatic, attackCommand, killCommand } from './attack.ts';
import { createState } from './create.ts';
import { tickSideEffect } from './effects.ts';
import { legalActions, turnSpent } from './legal.ts';
import { castCommand, firePreEmptive } from './magic.ts';
import { backpedalCommand, moveCommand } from './move.ts';
import { has } from './model.ts';
import { roundOrder } from './order.ts';
import { aggressive } from './policy.ts';
import { preview } from './preview.ts';
import { advanceProjectiles, answerReaction, inFlight, projectilesSeen } from './projectile.ts';
import { encounterSchema } from './schema.ts';
import { avertCommand, blockCommand, restCommand } from './stance.ts';
import { throwCommand } from './throw.ts';
import { becomeDefenseless } from './damage.ts';
import { startTurn } from './turn.ts';
import { fileEntry } from './roster.ts';
import { terrainKinds } from './terrain-kinds.ts';

/** Why a turn has nothing left, in the pools' words: an action still held but with nothing to do is said so. */
function whySpent(u: Unit): string {
  const action = (u.pools.action?.value ?? 0) <= 0;
  const movement = (u.pools.movement?.value ?? 0) <= 0;
  if (action && movement) return 'its action and movement are spent';
  if (movement) return 'its movement is spent and nothing is left that its action could do';
  if (action) return 'its action is spent and it has nowhere left to move';
  return 'nothing is left that it could do';
}

/** Once nothing is left to do this turn (no action, no movement, no instant ability), the turn ends. */
function endIfSpent(ctx: Resolution): void {
  const id = currentUnit(ctx.state);
  if (!id || ctx.turnOver || ctx.state.pending.length || ctx.state.status !== 'active') return;
  const u = ctx.state.units[id];
  if (u.status !== 'active') {
    ctx.note(() => `${u.name}'s turn ends: ${u.name} is ${u.status}`);
    ctx.endTurn();
  } else if (turnSpent(ctx.state, id)) {
    // a turn never ends unsaid: the table reads why it passed on (a pool left unspent is not called spent)
    ctx.note(() => `${u.name}'s turn ends: ${whySpent(u)} [D60-TURN-1]`);
    ctx.endTurn();
  }
}

const turnCommand = (resolve: CommandHandler['resolve']): CommandHandler => ({
  resolve(ctx, cmd) {
    resolve(ctx, cmd);
    endIfSpent(ctx);
  },
});

/** D60-STA-2 ruling: a side with no unit able to fight (all defenseless, dead or gone) loses. */
function outcome(state: EncounterState): CombatResult | null {
  const r = lastSideStanding(state);
  if (!r) return null;
  return r.outcome === 'draw' ? { ...r, reason: 'no one is left able to fight' } : { ...r, reason: 'every unit of the other side is defenseless or dead' };
}

export const duel60: Ruleset = {
  id: 'duel60',
  name: 'duel60',
  rulePrefix: 'D60',
  showcase: 'skirmish-3v3.yaml',
  roundSeconds: null, // the text gives no length of a round
  description: 'Stat-contest system on tiles: one action and one movement a turn, stamina, limb attacks, d60 + Agility contests graded by margin, flanking, close quarters, travelling projectiles, side effects.',
  encounterSchema,
  inFlight,
  // no sight rule of its own: walls stop sight where the map marks them so (blocksSight)
  sight: { dataSeen: projectilesSeen },
  terrainKinds,
  create: (doc) => createState(encounterSchema.parse(doc)),
  start(ctx) {
    ctx.emit({ type: 'turn.order', order: roundOrder(ctx.state), index: -1, why: 'Speed, then Agility [D60-INIT-1]' });
  },
  orderForRound: (ctx) => roundOrder(ctx.state),
  skipReason(state, id) {
    if (has(state, id, 'Stun')) return 'stunned';
    if (has(state, id, 'Suppressed')) return 'suppressed';
    return null;
  },
  onTurnStart: startTurn,
  onTurnEnd: (ctx, id) => advanceProjectiles(ctx, id),
  onRoundStart: (ctx) => firePreEmptive(ctx),
  onRoundEnd: (ctx) => advanceProjectiles(ctx, undefined),
  onEffectTick: tickSideEffect,
  commands: {
    attack: turnCommand(attackCommand),
    throw: turnCommand(throwCommand),
    cast: turnCommand(castCommand),
    kill: turnCommand(killCommand),
    move: turnCommand(moveCommand),
    backpedal: turnCommand(backpedalCommand),
    block: turnCommand(blockCommand),
    rest: { resolve: restCommand },
    avert: { resolve: avertCommand },
  },
  answer(ctx, pending, choice) {
    if (pending.kind === 'dramatic') answerDramatic(ctx, pending, choice);
    else answerReaction(ctx, pending, choice);
    endIfSpent(ctx);
  },
  legalActions,
  preview,
  outcome,
  policies: { aggressive },
  // the GM's Health set to 0: defenseless, stamina 0 (D60-STA-2); raised above 0, it is no longer (ruling D60-STA-2)
  fallAtZero: becomeDefenseless,
  // health, stamina and the vitality left when defenseless outlive a duel; action and movement are per turn
  carryPools: ['hp', 'stamina', 'vitality'],
  fileEntry,
};
