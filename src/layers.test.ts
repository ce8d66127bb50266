// Imports point downward only (docs/architecture.md): this test reads every source file and fails on an upward import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';
import { describe, it, expect } from 'vitest';

const root = resolve(import.meta.dirname);

/** Which layers each layer may import (besides itself). */
const allowed: Record<string, string[]> = {
  dice: [],
  engine: ['dice'],
  rulesets: ['engine', 'dice'],
  // the template `skirmish new-ruleset` copies into src/rulesets/<id>/: a ruleset's imports, no more
  scaffold: ['rulesets', 'engine', 'dice'],
  sim: ['rulesets', 'engine', 'dice'],
  store: ['engine', 'dice'],
  server: ['store', 'sim', 'rulesets', 'engine', 'dice'],
  // the encounter builder's Web Worker plays fights with the simulator's browser-safe core (checked below)
  web: ['engine', 'dice', 'rulesets', 'sim'],
  cli: ['server', 'store', 'sim', 'rulesets', 'engine', 'dice'],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

const layerOf = (file: string) => relative(root, file).split(sep)[0];
const rulesetOf = (file: string) => {
  const parts = relative(root, file).split(sep);
  return parts[0] === 'rulesets' && parts.length > 2 ? parts[1] : undefined;
};

/** The sim files the page imports, and everything they import in turn: they must run in a browser. */
function reachedFromWeb(all: string[]): Set<string> {
  const out = new Set<string>();
  const visit = (file: string) => {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), m[1]);
      if (layerOf(target) === 'sim' && !out.has(target)) {
        out.add(target);
        visit(target);
      }
    }
  };
  all.filter((f) => layerOf(f) === 'web' && !f.endsWith('.test.ts')).forEach(visit);
  return out;
}

const webReaches = reachedFromWeb(files(root));

describe('layer direction', () => {
  const all = files(root).filter((f) => !f.endsWith('.test.ts') || true);
  for (const file of all) {
    const layer = layerOf(file);
    if (!(layer in allowed)) continue;
    it(`${relative(root, file)} imports only downward`, () => {
      const text = readFileSync(file, 'utf8');
      const specs = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
        .map((m) => m[1] ?? m[2])
        .filter((s) => s.startsWith('.'));
      for (const spec of specs) {
        const target = resolve(dirname(file), spec);
        if (!target.startsWith(root)) continue;
        const to = layerOf(target);
        // a ruleset's tests may play whole fights with the simulator's runner (integration, not a dependency)
        const ok = file.endsWith('.test.ts') && layer === 'rulesets' ? [...allowed[layer], 'sim'] : allowed[layer];
        if (to !== layer) expect(ok, `${relative(root, file)} imports ${spec} (${to})`).toContain(to);
        const [from, into] = [rulesetOf(file), rulesetOf(target)];
        if (from && into) expect(into, `ruleset ${from} reaches into ruleset ${into} via ${spec}`).toBe(from);
        if (layer === 'dice' || layer === 'engine') expect(to === 'rulesets').toBe(false);
      }
      // the pure core runs in a browser: no node: imports in dice, engine or rulesets
      if ((['dice', 'engine', 'rulesets', 'scaffold'].includes(layer) || webReaches.has(file)) && !file.endsWith('.test.ts')) {
        expect(text, `${relative(root, file)} imports a node: module`).not.toMatch(/from\s+['"]node:/);
      }
    });
  }
});

describe('the page and the simulator', () => {
  it('the page reaches only the simulator\'s browser-safe core (no worker threads, no files)', () => {
    const names = [...webReaches].map((f) => relative(root, f).split(sep).join('/')).sort();
    expect(names).toContain('sim/runner.ts');
    expect(names).toContain('sim/summary.ts');
    expect(names).not.toContain('sim/pool.ts');
    expect(names).not.toContain('sim/worker.ts');
  });
});
