/**
 * frontline: a d20 system on three zones (enemy rearguard, frontline, allies' rearguard), group initiative
 * with ambush rounds, Minor actions then one Major action, damage affinities and fleeing.
 * Source: ../shared/seeds/002_3800be551d446044.txt; rulings in RULINGS.md.
 */
import type { Ruleset } from '../../engine/index.ts';
import { equipCommand, fleeCommand, moveCommand } from './actions.ts';
import { attackCommand } from './attack.ts';
import { createState } from './create.ts';
import { deviceCommand } from './devices.ts';
import { countDownOrphanedEffects } from './effects.ts';
import { describe } from './describe.ts';
import { isAmbushed, startEncounter } from './initiative.ts';
import { legalActions } from './legal.ts';
import { outcome } from './outcome.ts';
import { aggressive } from './policy.ts';
import { preview } from './preview.ts';
import { fallUnconscious, takeDamage } from './damage.ts';
import { dataKnownToOthers } from './model.ts';
import { damageTypes, encounterSchema, type DamageType } from './schema.ts';
import { fileEntry } from './roster.ts';

export const frontline: Ruleset = {
  id: 'frontline',
  name: 'frontline',
  rulePrefix: 'FRL',
  showcase: 'outpost-siege.yaml',
  roundSeconds: null, // the text gives no length of a round
  description: 'd20 system on three zones (rearguard / frontline / rearguard), group initiative with ambush rounds, Major and Minor actions, damage affinities (weak, strong, immune, reflect, drain), flee.',
  encounterSchema,
  create: (doc) => createState(encounterSchema.parse(doc)),
  start: startEncounter,
  skipReason: (state, id) => (isAmbushed(state, id) ? 'ambushed [FRL-INIT-2]' : null),
  onRoundEnd: (ctx) => countDownOrphanedEffects(ctx),
  commands: {
    attack: { resolve: attackCommand },
    equip: { resolve: equipCommand },
    gadget: { resolve: deviceCommand('gadget') },
    stream: { resolve: deviceCommand('stream') },
    move: { resolve: moveCommand },
    flee: { resolve: fleeCommand },
  },
  legalActions,
  // the words of the odds (preview.ts); their numbers are the resolution's own: `decide` played over every
  // face. An attack's tree is 20 × 20 contests and a damage roll on each hit: about 2,000 decisions for a
  // d8, 8,000 for 2d6. Damage is charted as dealt, before the target's last hit points cut it.
  preview,
  oddsByEnumeration: { commands: ['attack', 'gadget', 'stream', 'flee'], maxDecisions: 15_000, damage: 'asked' },
  outcome,
  policies: { aggressive },
  // Ruling: players do not see enemy hit points; the labels (MAX DMG!, WEAK!...) are what they learn.
  secretPools: ['hp'],
  // Ruling "Revealed affinities": players see an enemy's affinities only for the damage types a hit has shown.
  projectData: dataKnownToOthers,
  // a Battlescar is recorded on the character (FRL-END-1): it outlives the encounter
  carryOver: ['battlescars'],
  // the GM's direct damage (gm.damage with rules) knocks out and scars like any other (FRL-END-1)
  applyDamage: (ctx, unit, amount, type, source) =>
    takeDamage(ctx, unit, amount, source, (damageTypes as readonly string[]).includes(type ?? '') ? (type as DamageType) : 'kinetic'),
  fallAtZero: fallUnconscious,
  carryPools: ['hp'],
  fileEntry,
  describe,
};
