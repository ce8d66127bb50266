/**
 * outerah: Speed-ordered turns reshaped by Haste, Slow, Stop and Inspiration; D100 hit checks of
 * Charisma against Agility with facing and cover; physical and magical damage through twelve elemental
 * resistances; weapon types with stacking debuffs; buffs, debuffs and reactions. Part 2: terrain
 * (difficult ground, water, mountains), pets on the Specialty action, mounts, airships with sections,
 * weapons and battle stations, space (gravity fields, drift, hookshots).
 * Source: /work/shared/seeds/000_bd3b05bf596a2997.txt; rulings in RULINGS.md.
 */
import { lastSideStanding, type CombatResult, type EncounterState, type Ruleset } from '../../engine/index.ts';
import { attackCommand } from './attack.ts';
import { borrowersDrift, borrowersTurnEnd, borrowersTurnStart, onEffectTick } from './borrowed-clock.ts';
import { createState } from './create.ts';
import { gmDamage, goDown, standUp } from './damage.ts';
import { shakeOff } from './effects.ts';
import { hiddenRoundEnd, hideCommand } from './hidden.ts';
import { useItemCommand } from './items.ts';
import { legalActions } from './legal.ts';
import { canBeTargeted, isPlayerSide } from './model.ts';
import { moveCommand } from './move.ts';
import { aggressive } from './policy.ts';
import { preview } from './preview.ts';
import { fileEntry } from './roster.ts';
import { encounterSchema } from './schema.ts';
import { castCommand } from './skills.ts';
import { answerTie, askTie, rollSpeed } from './speed.ts';
import { answerStray } from './strike.ts';
import { orderForRound, timingSkip } from './timing.ts';
import { setReactionCommand } from './triggers.ts';
import { chatCommand, endTurnCommand, startTurn } from './turn.ts';
import { ageWeaponDebuffs } from './weapon-traits.ts';
import { calmMountCommand, dismountCommand, rideCommand, summonMountCommand } from './mount-commands.ts';
import { isMount } from './mount-model.ts';
import { mountSkip } from './mounts.ts';
import { spiritReleased } from './spirit-release.ts';
import { petCommand } from './pet-orders.ts';
import { dismissMountCommand, tameCommand } from './taming.ts';
import { petSkip } from './pets.ts';
import { attackShipCommand } from './ship-damage.ts';
import { describeShipEvent, shipAppliers } from './ship-model.ts';
import { shipsRoundEnd, stationCommand, steerCommand } from './ship-stations.ts';
import { enchantOrbCommand, fireCannonCommand, launchCommand, loadCannonCommand } from './ship-weapons.ts';
import { driftOn, hookshotCommand } from './space.ts';
import { breathRoundEnd, swimCommand } from './water.ts';
import { terrainKinds } from './terrain-kinds.ts';

/** The last side standing, where mounts do not count: they only carry their riders (ruling OUT-MNT-1). */
function standing(state: EncounterState): CombatResult | null {
  let winner: string | undefined;
  for (const id of state.unitOrder) {
    const u = state.units[id];
    // asked after every command: one more of the side found so far changes nothing, mount or not (no tie read)
    if (u.status !== 'active' || (winner !== undefined && u.side === winner) || isMount(state, u)) continue;
    if (winner === undefined) winner = u.side;
    else return null;
  }
  if (winner === undefined) return lastSideStanding(state) ?? { outcome: 'draw', reason: 'no one is left standing' };
  return { outcome: 'victory', winner, reason: 'every other side is out of the fight' };
}

function outcome(state: EncounterState): CombatResult | null {
  const r = standing(state);
  if (!r || r.outcome !== 'victory') return r;
  const players = state.sides.filter((s) => isPlayerSide(state, s));
  // the players' defeat, won by the side left standing ("defeat, bandits win"); the reason says so too
  if (!players.includes(r.winner!)) return { ...r, outcome: 'defeat', reason: `the players' defeat: every player character is down, and ${r.winner} hold the field` };
  return { ...r, reason: 'every enemy is down' };
}

export const outerah: Ruleset = {
  id: 'outerah',
  name: 'outerah',
  rulePrefix: 'OUT',
  showcase: 'ridge-cover.yaml',
  roundSeconds: 10, // "A Round consists of a 10 second interval"
  description: 'Speed-based turns with Haste/Slow/Stop/Inspiration, D100 hit checks (Charisma vs Agility, facing, cover), 12 elemental resistances, weapon types with stacking debuffs, buffs, debuffs and reactions.',
  encounterSchema,
  // a Hidden enemy cannot be found (OUT-OPEN-2): in sight or not, it is not seen
  sight: { unseen: (state, u, looker) => !canBeTargeted(state, looker, u) },
  terrainKinds,
  create: (doc) => createState(encounterSchema.parse(doc)),
  start(ctx) {
    const { order, gmTies } = rollSpeed(ctx);
    ctx.emit({ type: 'turn.order', order, index: -1, why: 'Speed check' });
    askTie(ctx, gmTies);
  },
  orderForRound: (ctx) => orderForRound(ctx),
  skipReason: (state, id) => petSkip(state, id) ?? mountSkip(state, id) ?? timingSkip(state, id),
  onTurnStart(ctx, unit) {
    // a unit lives on another's turns by a mount or pet tie, which neither a tick nor a drift makes
    const lends = borrowersTurnStart(ctx, unit);
    driftOn(ctx, unit);
    if (lends) borrowersDrift(ctx, unit);
    startTurn(ctx, unit);
  },
  onTurnEnd(ctx, unit) {
    if (ctx.unit(unit).status !== 'active') return;
    shakeOff(ctx, ctx.unit(unit));
    borrowersTurnEnd(ctx, unit);
  },
  onRoundEnd(ctx, round) {
    ageWeaponDebuffs(ctx, round);
    hiddenRoundEnd(ctx);
    breathRoundEnd(ctx);
    shipsRoundEnd(ctx);
  },
  onEffectExpire(ctx, fx) {
    if (fx.name === 'Spirit Release') spiritReleased(ctx, fx);
  },
  appliers: shipAppliers,
  // the ship appliers change sections, cannons and the catapult inside state.data.ships, nothing else
  appliersEdit: ['ships'],
  describe: (e, state) => (e.type.startsWith('outerah:') ? describeShipEvent(e as { type: string; [k: string]: unknown }, state) : undefined),
  // a mount's effects tick on its tamer's turns, a controlled pet's on its trainer's (borrowed-clock.ts)
  onEffectTick,
  commands: {
    move: { resolve: moveCommand },
    attack: { resolve: attackCommand },
    cast: { resolve: castCommand },
    use_item: { resolve: useItemCommand },
    hide: { resolve: hideCommand },
    chat: { resolve: chatCommand },
    set_reaction: { resolve: setReactionCommand },
    end_turn: { resolve: endTurnCommand },
    pet: { resolve: petCommand },
    summon_mount: { resolve: summonMountCommand },
    calm_mount: { resolve: calmMountCommand },
    ride: { resolve: rideCommand },
    dismount: { resolve: dismountCommand },
    tame: { resolve: tameCommand },
    dismiss_mount: { resolve: dismissMountCommand },
    swim: { resolve: swimCommand },
    hookshot: { resolve: hookshotCommand },
    station: { resolve: stationCommand },
    steer: { resolve: steerCommand },
    load_cannon: { resolve: loadCannonCommand },
    fire_cannon: { resolve: fireCannonCommand },
    enchant_orb: { resolve: enchantOrbCommand },
    launch: { resolve: launchCommand },
    attack_ship: { resolve: attackShipCommand },
  },
  answer(ctx, pending, choice) {
    if (pending.kind === 'speed_tie') answerTie(ctx, pending, choice);
    else if (pending.kind === 'stray') answerStray(ctx, pending, choice);
  },
  legalActions,
  preview,
  outcome,
  // the GM's damage with the rules on: resistance, then down, Spirit Release, falls (ruling OUT-DMG-1)
  applyDamage: gmDamage,
  // the GM's HP set to 0 or raised above it: what 0 HP and getting up do after any hit or heal (a mount's Spirit Release)
  fallAtZero: (ctx, unit) => goDown(ctx, unit),
  standUp: (ctx, unit, cause) => standUp(ctx, unit, cause),
  // the pools in the text's words: "Movement, Primary (Mainhand) Action, Secondary (Offhand) Action, Chat, and Specialty Action"
  keyNames: { movement: 'Movement', primary: 'Primary Action', secondary: 'Secondary Action', chat: 'Chat', specialty: 'Specialty Action', breath: 'Breath' },
  policies: { aggressive },
  // a unit the GM added in the engine's shape, written as a file entry for the roster
  fileEntry,
};
