/**
 * The rules catalogue shipped with the page: every mechanic with its id. The first four rulesets' ids
 * are in src/rulesets/RULES.md (a copy of the shared seeds' catalogue); a ruleset made with new-ruleset
 * keeps its own RULES.md in its folder, found here by the folder. A rule id in the log or the odds opens
 * its text. Ids are found in text as the rulesets write them: [P20-ATK-2], [D60-PRJ-2, D60-HIT-2].
 */
import shared from '../../../rulesets/RULES.md?raw';
import { parseCatalogue } from './catalogue.ts';

const own = import.meta.glob<string>('../../../rulesets/*/RULES.md', { query: '?raw', import: 'default', eager: true });
const RULES = new Map([...parseCatalogue(shared), ...Object.values(own).flatMap((text) => [...parseCatalogue(text)])]);

/** The text of rule `id`, or undefined when the catalogue has no such id. */
export function ruleText(id: string): string | undefined {
  return RULES.get(id);
}
