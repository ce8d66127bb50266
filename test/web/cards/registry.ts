/**
 * The registry a cards table's page is built with (vite.config.ts here aliases src/rulesets/index.ts to
 * this file): the shipped rulesets and the engine's test ruleset with cards and Wounds
 * (src/engine/testing/cards.ts), so the page reads that ruleset's words as it reads a shipped one's.
 */
import type { Ruleset } from '../../../src/engine/index.ts';
import { toyCards } from '../../../src/engine/testing/cards.ts';
import { rulesets as shipped } from '../../../src/rulesets/index.ts';

export const rulesets: Record<string, Ruleset> = { ...shipped, [toyCards.id]: toyCards };

export function rulesetById(id: string): Ruleset | undefined {
  return Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;
}
