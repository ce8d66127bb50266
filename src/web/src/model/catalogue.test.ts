// The rules catalogue the page ships (src/rulesets/RULES.md): every rule id a ruleset cites opens a text,
// ids are found in the log's words as the rulesets write them, and the copy is the project's catalogue.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rulesetsUnderTest } from '../../../rulesets/under-test.ts';
import { parseCatalogue, RULE_ID, splitRuleIds } from './catalogue.ts';
import { ruleText } from './rules.ts';

const ROOT = join(import.meta.dirname, '../../../..');
const catalogue = parseCatalogue(readFileSync(join(ROOT, 'src/rulesets/RULES.md'), 'utf8'));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.ts$/.test(f) && !/\.test\.ts$/.test(f) ? [p] : [];
  });
}

describe('the rules catalogue shipped with the page', () => {
  // the page's own catalogue (rules.ts): the shared one and each folder's RULES.md
  for (const r of rulesetsUnderTest()) {
    it(`${r.id}: the page has the text of every rule id the ruleset cites in its words`, () => {
      const cited = new Set<string>();
      for (const f of sources(join(ROOT, 'src/rulesets', r.id))) for (const m of readFileSync(f, 'utf8').matchAll(/\[([A-Z][A-Z0-9, -]+)\]/g)) for (const id of m[1].match(RULE_ID) ?? []) cited.add(id);
      expect(cited.size, `${r.id} cites no rule id in its words`).toBeGreaterThan(0);
      expect([...cited].filter((id) => ruleText(id) === undefined)).toEqual([]);
    });
  }

  it('has the first four rulesets\' ids from the shared catalogue', () => {
    expect(ruleText('P20-ATK-2')).toBe(catalogue.get('P20-ATK-2'));
    expect(ruleText('P20-ATK-2')).toMatch(/\w/);
    expect(ruleText('NOPE-ATK-1')).toBeUndefined();
  });

  it("reads a new ruleset's own RULES.md too (new-ruleset writes `- ID: text`)", () => {
    expect(parseCatalogue('# x\n\n- SKEL-ATK-1: A unit may attack.\n- OUT-TIME-1 A round is 10 seconds.\n')).toEqual(new Map([['SKEL-ATK-1', 'A unit may attack.'], ['OUT-TIME-1', 'A round is 10 seconds.']]));
  });

  it('finds ids in a log line as the rulesets write them, one or several in brackets', () => {
    expect(splitRuleIds('hit [D60-PRJ-2, D60-HIT-2]')).toEqual([{ text: 'hit [' }, { text: 'D60-PRJ-2', rule: true }, { text: ', ' }, { text: 'D60-HIT-2', rule: true }, { text: ']' }]);
    expect(splitRuleIds('no rule here')).toEqual([{ text: 'no rule here' }]);
  });

  it("is the project's catalogue, where this checkout has it beside it", () => {
    const shared = '/work/shared/seeds/RULES.md';
    const copy = readFileSync(join(ROOT, 'src/rulesets/RULES.md'), 'utf8');
    expect(copy).toContain('# Catalogue of mechanics');
    if (existsSync(shared)) expect(copy).toBe(readFileSync(shared, 'utf8'));
  });
});
