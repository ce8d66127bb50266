/**
 * A preview whose numbers are the resolution's own (Ruleset.oddsByEnumeration): `decide` is played over every
 * face (enumerated-odds.ts) and the ruleset's `preview` gives only the words. The numbers, for the aimed-at
 * unit (the command's `target`, else the first the words list as affected) and every unit the words list:
 * - the chance: that a check on it succeeded (a hit), where a play checked it; the actor's own check for a
 *   command aimed at no one (fleeing); otherwise 1 — the command reaches it unopposed;
 * - the damage, charted where the command harms: a play dealt the unit some, or a check on it succeeded (an
 *   IMMUNE target hit charts its zeros), or a play dealt anyone some (a blow REFLECTed charts the target's
 *   zeros); a command that harms no one in any play (a heal) charts none.
 * Past the dice tree's bound the preview is refused as too many dice; a command whose outcome waits on an
 * answer keeps the words alone.
 */
import type { Engine } from './engine.ts';
import { enumerateOdds, MAX_DECISIONS, type UnitOdds } from './enumerated-odds.ts';
import { affectedOdds, hitOdds } from './hit-odds.ts';
import { isRejection, reject, type Rejection } from './rejection.ts';
import type { AffectedOdds, Command, OddsByEnumeration, Preview } from './ruleset.ts';
import type { EncounterState } from './types.ts';

export function enumeratedPreview(engine: Engine, spec: OddsByEnumeration, state: EncounterState, cmd: Command, words: Preview | Rejection): Preview | Rejection {
  if (isRejection(words)) return words;
  const odds = enumerateOdds(engine, state, cmd, spec);
  if (odds === 'too many') return reject('preview/too_many_dice', `too many dice to reckon the odds: "${cmd.type}" would be played out more than ${spec.maxDecisions ?? MAX_DECISIONS} ways`);
  if (!odds) return words;
  const aimed = typeof cmd.target === 'string' ? cmd.target : words.affected?.[0]?.unit;
  const charted = (o: UnitOdds) => odds.harmsAnyone || o.harmed || (o.chance ?? 0) > 0;
  const numbers = (o: UnitOdds) => {
    const chance = o.chance ?? 1;
    return charted(o) ? hitOdds(chance, o.damage) : { chance };
  };
  if (aimed === undefined) return odds.actorChance === undefined ? words : { ...words, chance: odds.actorChance };
  const listed = words.affected ?? [{ unit: aimed }];
  const affected: AffectedOdds[] = listed.map((a) => {
    const o = odds.of(a.unit);
    return affectedOdds(a.unit, o.chance ?? 1, charted(o) ? o.damage : undefined, a.note);
  });
  return { ...words, ...numbers(odds.of(aimed)), affected };
}
