// What the builder's page runs in a Web Worker — prepare, runRange, summarize, and the statistics of
// comparisons, sweeps and --precision — imports no Node module, however deep: every file these reach
// is read and its imports followed.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ENTRIES = ['runner.ts', 'summary.ts', 'tally.ts', 'stats.ts', 'compare.ts', 'sequential.ts', 'vary.ts'].map((f) => join(import.meta.dirname, f));

function reach(entries: string[]): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    const specs = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
    seen.set(file, specs.filter((s) => s.startsWith('node:')));
    for (const s of specs) if (s.startsWith('.')) queue.push(resolve(dirname(file), s));
  }
  return seen;
}

describe('the simulator in a browser', () => {
  it('prepare, runRange, summarize and the statistics reach no node: module', () => {
    const files = reach(ENTRIES);
    expect(files.size).toBeGreaterThan(20); // the engine, the dice and every ruleset come along
    const offenders = [...files].filter(([, node]) => node.length).map(([f, node]) => `${f}: ${node.join(', ')}`);
    expect(offenders).toEqual([]);
  });
});
