// Every terrain kind a ruleset offers the encounter builder is a `map.terrain` entry its own files accept.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rulesetsUnderTest } from './under-test.ts';
import { encounterJsonSchema } from './json-schema.ts';
import { validateEncounter } from './load.ts';

/** The ruleset's first example (by name) with a map to paint on: the ground the kinds are tried on. */
function exampleWithMap(id: string): { file: string; doc: { map: { width: number; terrain?: unknown[] }; units?: { at?: unknown }[] } } | undefined {
  for (const f of readdirSync(join('examples', id)).filter((x) => /\.ya?ml$/.test(x)).sort()) {
    const doc = parse(readFileSync(join('examples', id, f), 'utf8')) as { map?: { width?: unknown } };
    if (doc.map?.width !== undefined) return { file: f, doc: doc as { map: { width: number; terrain?: unknown[] }; units?: { at?: unknown }[] } };
  }
  return undefined;
}

/** The first cell (row by row) no unit of the file stands on: a kind that blocks movement may not hold a unit. */
function freeCell(doc: { map: { width?: unknown }; units?: { at?: unknown }[] }): [number, number] {
  const taken = new Set((doc.units ?? []).map((u) => JSON.stringify(u.at)));
  const width = Number(doc.map.width);
  for (let i = 0; ; i++) if (!taken.has(JSON.stringify([i % width, Math.floor(i / width)]))) return [i % width, Math.floor(i / width)];
}

describe('terrain kinds', () => {
  for (const r of rulesetsUnderTest()) {
    it(`${r.id}: every kind validates as a map.terrain entry`, () => {
      if (!r.terrainKinds) {
        // a ruleset without kinds has no grid to paint: its file's map, if any, has no size or terrain (an image only)
        const map = (encounterJsonSchema(r.id).properties as Record<string, { properties?: Record<string, unknown> } | undefined>).map;
        const why = `${r.id}'s files draw a grid with terrain, but it offers the builder no terrainKinds`;
        expect(map?.properties?.width, why).toBeUndefined();
        expect(map?.properties?.terrain, why).toBeUndefined();
        return;
      }
      const example = exampleWithMap(r.id);
      expect(example, `${r.id} offers terrain kinds, but none of examples/${r.id}/ has a map with a size to paint them on`).toBeDefined();
      const { doc } = example!;
      expect(r.terrainKinds.length).toBeGreaterThan(0);
      for (const k of r.terrainKinds) {
        const withKind = { ...doc, map: { ...doc.map, terrain: [{ at: freeCell(doc), ...k.cell }] } };
        const checked = validateEncounter(withKind, `${k.id}.yaml`);
        expect(checked.ok ? [] : checked.problems.map((p) => p.message), k.id).toEqual([]);
        expect(new Set(r.terrainKinds.map((x) => x.id)).size).toBe(r.terrainKinds.length);
      }
    });
  }
});
