/**
 * outerah: Speed-ordered turns reshaped by Haste, Slow, Stop and Inspiration; D100 hit checks of
 * Charisma against Agility with facing and cover; physical and magical damage through twelve elemental
 * resistances; weapon types with stacking debuffs; buffs, debuffs and reactions.
 * Source: /work/shared/seeds/000_bd3b05bf596a2997.txt; rulings in RULINGS.md. Part 2 (terrain, pets,
 * mounts, airships, space) plugs in through CHARGE_SOURCES (charges.ts), STEP_COSTS (move.ts), the
 * effect table (effect-table.ts) and the Specialty slot (turn.ts).
 */
import { lastSideStanding, type CombatResult, type EncounterState, type Ruleset } from '../../engine/index.ts';
import { attackCommand } from './attack.ts';
import { createState } from './create.ts';
import { shakeOff, tickEffect } from './effects.ts';
import { hiddenRoundEnd, hideCommand } from './hidden.ts';
import { useItemCommand } from './items.ts';
import { legalActions } from './legal.ts';
import { isPlayerSide } from './model.ts';
import { moveCommand } from './move.ts';
import { aggressive } from './policy.ts';
import { preview } from './preview.ts';
import { encounterSchema } from './schema.ts';
import { castCommand } from './skills.ts';
import { answerTie, askTie, rollSpeed } from './speed.ts';
import { answerStray } from './strike.ts';
import { orderForRound, timingSkip } from './timing.ts';
import { setReactionCommand } from './triggers.ts';
import { chatCommand, endTurnCommand, startTurn } from './turn.ts';
import { ageWeaponDebuffs, tickBleeding, tickWounds } from './weapon-traits.ts';

function outcome(state: EncounterState): CombatResult | null {
  const r = lastSideStanding(state);
  if (!r || r.outcome !== 'victory') return r;
  const players = state.sides.filter((s) => isPlayerSide(state, s));
  if (!players.includes(r.winner!)) return { ...r, outcome: 'defeat', reason: 'every player character is down' };
  return { ...r, reason: 'every enemy is down' };
}

export const outerah: Ruleset = {
  id: 'outerah',
  name: 'outerah',
  description: 'Speed-based turns with Haste/Slow/Stop/Inspiration, D100 hit checks (Charisma vs Agility, facing, cover), 12 elemental resistances, weapon types with stacking debuffs, buffs, debuffs and reactions.',
  encounterSchema,
  create: (doc) => createState(encounterSchema.parse(doc)),
  start(ctx) {
    const { order, gmTies } = rollSpeed(ctx);
    ctx.emit({ type: 'turn.order', order, index: -1, why: 'Speed check' });
    askTie(ctx, gmTies);
  },
  orderForRound: (ctx) => orderForRound(ctx),
  skipReason: timingSkip,
  onTurnStart: startTurn,
  onTurnEnd(ctx, unit) {
    if (ctx.unit(unit).status === 'active') shakeOff(ctx, ctx.unit(unit));
  },
  onRoundEnd(ctx, round) {
    ageWeaponDebuffs(ctx, round);
    hiddenRoundEnd(ctx);
  },
  onEffectTick(ctx, fx) {
    if (fx.name === 'Wounds') tickWounds(ctx, fx);
    else if (fx.name === 'Bleeding') tickBleeding(ctx, fx);
    else tickEffect(ctx, fx);
  },
  commands: {
    move: { resolve: moveCommand },
    attack: { resolve: attackCommand },
    cast: { resolve: castCommand },
    use_item: { resolve: useItemCommand },
    hide: { resolve: hideCommand },
    chat: { resolve: chatCommand },
    set_reaction: { resolve: setReactionCommand },
    end_turn: { resolve: endTurnCommand },
  },
  answer(ctx, pending, choice) {
    if (pending.kind === 'speed_tie') answerTie(ctx, pending, choice);
    else if (pending.kind === 'stray') answerStray(ctx, pending, choice);
  },
  legalActions,
  preview,
  outcome,
  policies: { aggressive },
};
