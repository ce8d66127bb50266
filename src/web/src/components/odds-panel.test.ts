// What the odds panel shows is the server's preview (issue 21, point 5): for every option of the first
// turns of every example of every registered ruleset, the preview as the page gets it (JSON) is put in
// the panel, and its visible words must carry the preview's chance, damage on a hit, expected damage,
// line of why, everyone else affected (allies marked) and the stray risk — nothing else, nothing less.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dec, hitBars, pct, rangeText } from '../../../engine/odds.ts';
import { eachFirstTurnPreview } from '../../../rulesets/first-turns.ts';
import { idsUnderTest } from '../../../rulesets/under-test.ts';
import { harmWord } from '../model/keyNames.ts';
import { OddsPanel, type PreviewJson } from './OddsPanel.tsx';

/** The markup's visible text, cell by cell (tags become breaks, entities read back). */
const visible = (html: string) =>
  html.replace(/<[^>]+>/g, '\n').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").split('\n').map((l) => l.trim()).filter(Boolean).join('\n');

/** Every example of every registered ruleset, as [ruleset, file, text]. */
const examples = (ids: readonly string[]): [string, string, string][] =>
  ids.flatMap((id) => readdirSync(join('examples', id)).filter((x) => /\.ya?ml$/.test(x)).map((f): [string, string, string] => [id, f, readFileSync(join('examples', id, f), 'utf8')]));

const shownIn = new Map<string, number>();

describe('the odds panel shows what the server previews', () => {
  it.each(examples(idsUnderTest()))('%s/%s', (id, f, text) => {
    const problems: string[] = [];
    let shown = 0;
    eachFirstTurnPreview(text, f, (preview, option, state, unit) => {
      const p = JSON.parse(JSON.stringify(preview)) as PreviewJson;
      const html = renderToStaticMarkup(createElement(OddsPanel, { preview: p, state, actor: unit }));
      if (!html) return;
      shown++;
      const text = visible(html);
      const lines = text.split('\n');
      const want = (what: string, words: string) => {
        if (!text.includes(words)) problems.push(`${option.label}: ${what} "${words}" is not shown`);
      };
      if (p.chance !== undefined) want('the chance', pct(p.chance));
      if (p.damageOnHit) want('damage on a hit', `${harmWord(id)} on a hit\n${rangeText(p.damageOnHit)}\n(avg ${dec(p.damageOnHit.mean)})`);
      if (p.expectedDamage !== undefined) want('the expected damage', `Expected ${harmWord(id, true)}\n${dec(p.expectedDamage)}`);
      if (p.why) want('the line of why', p.why);
      if (p.risk) want('the risk', `Risk: ${p.risk}`);
      // everyone else it reaches, by name, allies marked; the aimed-at unit is the headline, not a row
      const side = state.units[unit]?.side;
      for (const a of (p.affected ?? []).slice(1)) {
        const u = state.units[a.unit];
        want('an affected unit', u.name);
        if (u.side === side && !lines.includes('ally')) problems.push(`${option.label}: ${u.name} is an ally and not marked so`);
        if (a.chance !== undefined) want(`${u.name}'s chance`, pct(a.chance));
      }
      if (!p.affected || p.affected.length < 2) {
        if (text.includes('Also affected')) problems.push(`${option.label}: lists others when the preview names none`);
      }
      // no number the preview does not hold: every percentage shown is one of the preview's chances
      // (the chart's bars carry their own share, each a bar of the preview's distribution)
      const bars = (p.damage?.pmf ? hitBars(p.damage.pmf) ?? [] : []).map(([, q]) => q);
      const chances = new Set([p.chance, ...(p.affected ?? []).map((a) => a.chance), ...bars].filter((c): c is number => c !== undefined).map(pct));
      for (const shownPct of text.match(/\d+(\.\d)?%/g) ?? []) {
        if (!chances.has(shownPct) && !(p.why ?? '').includes(shownPct) && !(p.risk ?? '').includes(shownPct) && !(p.notes ?? []).some((n) => n.includes(shownPct))) {
          problems.push(`${option.label}: ${shownPct} is shown but is none of the preview's chances`);
        }
      }
    });
    expect(problems).toEqual([]);
    shownIn.set(id, (shownIn.get(id) ?? 0) + shown);
  });

  it('every ruleset has odds to show in its examples\' first turns', () => {
    for (const id of idsUnderTest()) expect(shownIn.get(id), id).toBeGreaterThan(0);
  });
});
