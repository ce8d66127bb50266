// The rule systems Skirmish knows. Adding a fifth means adding its folder and one line here.
import type { Ruleset } from '../engine/index.ts';
import { duel60 } from './duel60/index.ts';
import { frontline } from './frontline/index.ts';
import { outerah } from './outerah/index.ts';
import { phase20 } from './phase20/index.ts';

export const rulesets: Record<string, Ruleset> = {
  phase20,
  frontline,
  duel60,
  outerah,
};

export function rulesetById(id: string): Ruleset | undefined {
  return Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;
}
