// The download reads back as the very encounter it was made from: every shipped example, round trip.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadText } from '../../../../rulesets/load.ts';
import { idsUnderTest } from '../../../../rulesets/under-test.ts';
import { checkDraft } from './check.ts';
import { draftData, draftText, fileNameFor, openText } from './draft.ts';

const EXAMPLES = join(import.meta.dirname, '../../../../../examples');
const examples = idsUnderTest().flatMap((r) => readdirSync(join(EXAMPLES, r)).filter((f) => f.endsWith('.yaml')).map((f) => `${r}/${f}`));

describe('download and open again', () => {
  it('covers every ruleset', () => expect(new Set(examples.map((e) => e.split('/')[0]))).toEqual(new Set(idsUnderTest())));
  for (const ex of examples) {
    it(`${ex}: the downloaded file is the same encounter`, () => {
      const text = readFileSync(join(EXAMPLES, ex), 'utf8');
      const opened = openText(text, ex);
      if (!opened.ok) throw new Error(opened.problems.map((p) => p.message).join('\n'));
      const download = draftText(opened.draft);
      // the same data as the file (comments aside), and the same encounter once validated
      expect(parse(download)).toEqual(parse(text));
      const again = openText(download, 'again.yaml');
      expect(again.ok && draftData(again.draft)).toEqual(draftData(opened.draft));
      const a = loadText(text, ex);
      const b = loadText(download, ex);
      expect(a.ok && b.ok).toBe(true);
      if (a.ok && b.ok) expect(b.value.doc).toEqual(a.value.doc);
      expect(checkDraft(opened.draft).problems).toEqual([]);
    });
  }
});

describe('opening files', () => {
  it('keeps a scenario around its encounter', () => {
    const o = openText('dice: [4, 18]\nencounter:\n  ruleset: frontline\n  name: X\n', 'x.yaml');
    expect(o.ok && o.draft.scenario).toEqual({ dice: [4, 18] });
    expect(o.ok && o.draft.doc).toEqual({ ruleset: 'frontline', name: 'X' });
  });
  it('refuses text that is not a mapping, and a scenario naming another file', () => {
    expect(openText('- a\n- b\n', 'x.yaml')).toMatchObject({ ok: false, problems: [{ path: '(top)' }] });
    expect(openText('encounter: other.yaml\n', 'x.yaml')).toMatchObject({ ok: false, problems: [{ path: 'encounter' }] });
    expect(openText('a: [1,\n', 'x.yaml')).toMatchObject({ ok: false, problems: [{ path: '(syntax)' }] });
  });
  it('names the download after the encounter', () => {
    expect(fileNameFor({ doc: { name: 'Goblin cave — Night' }, file: 'x' })).toBe('goblin-cave-night.yaml');
  });
});

describe('validation as you go', () => {
  it('gives skirmish validate\'s lines for the text it would download, filed by field', () => {
    const o = openText(readFileSync(join(EXAMPLES, 'phase20/goblin-cave.yaml'), 'utf8'), 'cave.yaml');
    if (!o.ok) throw new Error('unreadable');
    const units = o.draft.doc.units as Record<string, unknown>[];
    const broken = { ...o.draft, doc: { ...o.draft.doc, units: [{ ...units[0], hp: 0, colour: 'red' }, ...units.slice(1)] } };
    const c = checkDraft(broken);
    const expected = loadText(c.text, 'cave.yaml');
    expect(expected.ok).toBe(false);
    if (expected.ok) return;
    expect(c.problems).toEqual(expected.problems);
    expect(c.lines[0]).toMatch(/^cave\.yaml:\d+:\d+: units\[0\]/);
    expect(c.byField.get('units[0].hp')).toEqual(['must be at least 1']);
    expect(c.byField.get('units[0]')).toEqual(['unknown field "colour"']);
    expect(c.loaded).toBeUndefined();
  });
  it('files a scenario\'s problems under the encounter\'s own fields', () => {
    const o = openText(readFileSync(join(EXAMPLES, 'frontline/convoy-ambush.yaml'), 'utf8'), 'c.yaml');
    if (!o.ok) throw new Error('unreadable');
    const c = checkDraft({ ...o.draft, doc: { ...o.draft.doc, name: '' } });
    expect(c.lines[0]).toMatch(/: encounter\.name: /);
    expect([...c.byField.keys()]).toEqual(['name']);
  });
});
