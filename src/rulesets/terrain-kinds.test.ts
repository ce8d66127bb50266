// Every terrain kind a ruleset offers the encounter builder is a `map.terrain` entry its own files accept.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { rulesets } from './index.ts';
import { encounterJsonSchema } from './json-schema.ts';
import { validateEncounter } from './load.ts';

const exampleOf: Record<string, string> = { phase20: 'goblin-cave.yaml', duel60: 'duel.yaml', outerah: 'ridge-cover.yaml' };

describe('terrain kinds', () => {
  for (const r of Object.values(rulesets)) {
    it(`${r.id}: every kind validates as a map.terrain entry`, () => {
      if (!r.terrainKinds) {
        // a ruleset without kinds has no grid to paint: its file's map, if any, has no size or terrain (an image only)
        const map = (encounterJsonSchema(r.id).properties as Record<string, { properties?: Record<string, unknown> } | undefined>).map;
        expect(map?.properties?.width).toBeUndefined();
        expect(map?.properties?.terrain).toBeUndefined();
        return;
      }
      const doc = parse(readFileSync(new URL(`../../examples/${r.id}/${exampleOf[r.id]}`, import.meta.url), 'utf8')) as { map: { terrain: unknown[] } };
      expect(r.terrainKinds.length).toBeGreaterThan(0);
      for (const k of r.terrainKinds) {
        const withKind = { ...doc, map: { ...doc.map, terrain: [{ at: [0, 0], ...k.cell }] } };
        const checked = validateEncounter(withKind, `${k.id}.yaml`);
        expect(checked.ok ? [] : checked.problems.map((p) => p.message), k.id).toEqual([]);
        expect(new Set(r.terrainKinds.map((x) => x.id)).size).toBe(r.terrainKinds.length);
      }
    });
  }
});
