// Words, not numbers (issue 39, point 3): the page says the ruleset's names — its hit points' ("Wounds"),
// its harm's ("wounds on a hit", not "Damage"), a turn-order slot's label ("A♠") — in the turn order, the
// tokens, the odds and the log, and no page hard-codes "HP". The engine's card-initiative test rules stand
// in for a system whose harm is not HP: the page reads them through the registry, where they are put here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { scriptedSource } from '../../../dice/index.ts';
import { createEngine, describeEvent, EncounterLog } from '../../../engine/index.ts';
import { toyCards } from '../../../engine/testing/cards.ts';
import { toyDoc } from '../../../engine/testing/toy.ts';
import { UnitToken } from '../board/UnitToken.tsx';
import { OddsPanel } from '../components/OddsPanel.tsx';
import { TurnOrder } from '../components/TurnOrder.tsx';
import { harmWord, keyName } from './keyNames.ts';

vi.mock('../../../rulesets/index.ts', async (original) => {
  const registry = await original<typeof import('../../../rulesets/index.ts')>();
  return { ...registry, rulesetById: (id: string) => (id === 'toy' ? toyCards : registry.rulesetById(id)) };
});

const visible = (html: string) => html.replace(/<[^>]+>/g, '\n').replace(/&amp;/g, '&').split('\n').map((l) => l.trim()).filter(Boolean).join(' ');

// Kara is dealt the A♠, the goblin the 5♥ (each then a hand card)
const log = new EncounterLog(createEngine(toyCards));
log.create(toyDoc([{ id: 'kara', side: 'x', hp: 10 }, { id: 'gob', side: 'y', hp: 8 }]));
log.execute({ type: 'start' }, scriptedSource(['A♠', '2♣', '5♥', '9♦']));
log.execute({ type: 'hit', actor: 'kara', target: 'gob' }, scriptedSource([3]));
const state = log.state;

describe("the page says the ruleset's words", () => {
  it('the turn order: each slot by its card, hit points by the rules\' name', () => {
    const text = visible(renderToStaticMarkup(createElement(TurnOrder, { state })));
    expect(text).toContain('KARA A♠ Wounds 10/10');
    expect(text).toContain('GOB 5♥ Wounds 5/8');
    expect(text).not.toMatch(/\bHP\b/);
  });

  it('a token says the rules\' name for its hit points', () => {
    const html = renderToStaticMarkup(createElement('svg', null, createElement(UnitToken, { unit: state.units.gob, cx: 0, cy: 0, r: 10, colour: '#000', active: false, out: false, selected: false, target: false, label: 'GO', hpName: keyName(state.ruleset, 'hp') })));
    expect(html).toContain('aria-label="GOB, Wounds 5 of 8"');
  });

  it('the odds say the rules\' harm: wounds on a hit, expected wounds', () => {
    const preview = { chance: 0.5, damageOnHit: { min: 1, max: 6, mean: 3.5 }, expectedDamage: 1.75, damage: { pmf: [[0, 0.5], [1, 0.25], [6, 0.25]] as [number, number][], mean: 1.75, min: 0, max: 6 } };
    const text = visible(renderToStaticMarkup(createElement(OddsPanel, { preview, state, actor: 'kara' })));
    expect(text).toContain('Wounds on a hit 1–6 (avg 3.5)');
    expect(text).toContain('Expected wounds 1.75');
    expect(text).toContain('wounds on a hit');
    expect(text).not.toMatch(/damage/i);
    // a ruleset without its own word keeps "Damage"
    expect(harmWord('phase20')).toBe('Damage');
  });

  it('the log: the order by its cards, harm and hit points by their names', () => {
    const lines = log.events.map((e) => describeEvent(e, state, toyCards));
    expect(lines).toContain('Turn order (action cards dealt): KARA A♠, GOB 5♥');
    expect(lines).toContain('GOB takes 3 wounds from KARA (Wounds 5)');
  });

  it('no page hard-codes "HP": the words come from keyNames.ts', () => {
    const root = join(import.meta.dirname, '..');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, f.name);
        // the builder edits the file, whose field is named hp; keyNames.ts holds the fallback word
        if (f.isDirectory()) { if (f.name !== 'builder') walk(p); continue; }
        if (!/\.tsx?$/.test(f.name) || /\.test\./.test(f.name) || f.name === 'keyNames.ts') continue;
        readFileSync(p, 'utf8').split('\n').forEach((line, i) => {
          const t = line.trim();
          if (!t.startsWith('//') && !t.startsWith('*') && !t.startsWith('/*') && /\bHP\b/.test(t)) found.push(`${p}:${i + 1}: ${t}`);
        });
      }
    };
    walk(root);
    expect(found).toEqual([]);
  });
});
