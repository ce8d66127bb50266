/**
 * The rules catalogue shipped with the page (src/rulesets/RULES.md, every mechanic with its id): a rule
 * id in the log or the odds opens its text. Ids are found in text as the rulesets write them: [P20-ATK-2],
 * [D60-PRJ-2, D60-HIT-2].
 */
import catalogue from '../../../rulesets/RULES.md?raw';
import { parseCatalogue } from './catalogue.ts';

const RULES = parseCatalogue(catalogue);

/** The text of rule `id`, or undefined when the catalogue has no such id. */
export function ruleText(id: string): string | undefined {
  return RULES.get(id);
}
