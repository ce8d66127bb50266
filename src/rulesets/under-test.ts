/**
 * The rulesets a registry-wide test holds to its checks: every registered one, or only those named in
 * SKIRMISH_RULESETS (comma-separated ids). `skirmish check-ruleset <id>` runs the shared suite (every test
 * file that asks this) for one ruleset that way, so green there is green in `npm test`. A registry-wide
 * test iterates this list, never the registry itself (src/cli/shared-suite.test.ts holds them to it).
 */
import type { Ruleset } from '../engine/index.ts';
import { rulesets } from './index.ts';

/** The environment variable naming the rulesets under test. */
export const RULESETS_UNDER_TEST = 'SKIRMISH_RULESETS';

/** The registered rulesets under test, in the registry's order; an unknown id named is an error. */
export function rulesetsUnderTest(): Ruleset[] {
  const named = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[RULESETS_UNDER_TEST]?.trim();
  if (!named) return Object.values(rulesets);
  const ids = named.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = ids.filter((id) => !Object.hasOwn(rulesets, id));
  if (unknown.length) throw new Error(`${RULESETS_UNDER_TEST} names ${unknown.map((u) => `"${u}"`).join(', ')}, not a registered ruleset (known: ${Object.keys(rulesets).join(', ')})`);
  return Object.values(rulesets).filter((r) => ids.includes(r.id));
}

/** The ids of the rulesets under test. */
export const idsUnderTest = (): string[] => rulesetsUnderTest().map((r) => r.id);
