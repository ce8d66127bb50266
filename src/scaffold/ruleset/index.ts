/**
 * skeleton: a small d20 skirmish on a grid, made by `skirmish new-ruleset` as a start for a rule system of
 * your own (docs/writing-a-ruleset.md). Each unit moves up to its speed and attacks an adjacent enemy:
 * d20 + attack against defence, its damage dice on a hit; last side standing wins. RULES.md lists the
 * mechanics with their ids; the tests beside this file prove each.
 */
import type { Ruleset } from '../../engine/index.ts';
import { attackCommand } from './attack.ts';
import { createState } from './create.ts';
import { rollInitiative } from './initiative.ts';
import { legalActions } from './legal.ts';
import { moveCommand } from './move.ts';
import { aggressive } from './policy.ts';
import { preview } from './preview.ts';
import { encounterSchema, type EncounterDoc } from './schema.ts';

export const skeleton: Ruleset = {
  id: 'skeleton',
  name: 'skeleton',
  rulePrefix: 'SKEL',
  showcase: 'first-fight.yaml',
  description: 'A small d20 skirmish on a grid: move up to your speed, attack an adjacent enemy (d20 + attack against defence), last side standing wins.',
  encounterSchema,
  // what the encounter builder's palette paints on the map: one brush per kind of cell the rules read
  terrainKinds: [{ id: 'rock', name: 'Rock', help: 'No one moves into or through it [SKEL-MOVE-1].', cell: { tags: ['rock'], blocksMove: true } }],
  // a round's length in game seconds, or null when the text gives none (round.started events carry it)
  roundSeconds: null,
  create: (doc) => createState(doc as EncounterDoc),
  start: rollInitiative,
  // a fresh turn's movement (SKEL-MOVE-1)
  onTurnStart(ctx, id) {
    const m = ctx.unit(id).pools.movement;
    if (m.value !== m.max) ctx.changePool(id, 'movement', m.max - m.value, 'gain', { rule: 'SKEL-MOVE-1' });
  },
  commands: {
    attack: { resolve: attackCommand },
    move: { resolve: moveCommand },
  },
  legalActions,
  preview,
  policies: { aggressive },
};
